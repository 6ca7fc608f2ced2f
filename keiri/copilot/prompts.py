"""The seed's prompts (004 §6), in Japanese, and the wire models of their answers.

Strict structured output has no free-form values, so tool arguments travel as JSON text
(`args_json`), as the designer's plan values do (`designer.answer`); `wire_to_actions` turns
them into `Action`s and reports arguments that are not a JSON object.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from keiri.copilot.models import Action, ActionList

__all__ = [
    "MAIN_PROMPT",
    "PLAN_PROMPT",
    "SUMMARY_PROMPT",
    "TASK_PROMPT",
    "WireActionList",
    "WirePlan",
    "WireSummary",
    "WireTaskList",
    "main_user_prompt",
    "plan_user_prompt",
    "summary_user_prompt",
    "task_user_prompt",
    "wire_to_actions",
]

# §6.1 — the main call (ActionList)
MAIN_PROMPT = (
    "あなたは経理チームの業務基盤 keiri を操作する AI アシスタントの司令塔です。"
    "以下の AgentState（目標とステップの進捗、最近の実行、一時停止中の実行、確認待ちの操作）"
    "とユーザーの最新の要求を分析し、次に実行すべき一連のツール呼び出し（ActionList）を"
    "JSON 形式で出力してください。\n"
    "- ユーザーの要求が複雑な場合（複数の作業や日をまたぐ作業）は、まず goal.propose で"
    "計画を立てることを検討してください。\n"
    "- 使えるのは下の「ツール一覧」にあるツールだけです。ツール名を創作してはいけません。\n"
    '- 各 Action の args_json には引数の JSON オブジェクトを文字列で書きます（引数がなければ "{{}}"）。\n'
    "- 実行の開始・スケジュール・承認・取消・再開・再実行は、ユーザーの確認を経てから実行されます。"
    "確認を求める文を reply に書く必要はありません。\n"
    "- reply にはユーザーへの返答を日本語で簡潔に書きます。数値は AgentState やツールの結果にある"
    "ものだけを引用してください。\n"
    "- 何もする必要がなければ actions は空にします。\n\n"
    "## ツール一覧\n{tools}"
)

# §6.2 — PlanTool (goal.propose)
PLAN_PROMPT = (
    "ユーザーの目標『{user_goal}』を達成するための長期計画を、複数の Step に分解して JSON 形式で"
    "提案してください。各 Step には name, description, depends_on（依存するステップの番号。"
    "1 から数えます）を含めてください。経理業務の手順として自然な順序にし、各ステップは keiri の"
    "設計（designs）の実行・検証や、人による確認で達成できる粒度にしてください。"
)

# §6.3 — TaskTool (tasks.generate_list), rich context (案B)
TASK_PROMPT = (
    "以下の情報に基づき、ステップ『{step_name}』を達成するための具体的な作業リスト（TaskList）を"
    "JSON で生成してください。各タスクの operation には次のツールだけを使えます: {operations}。"
    "args_json には引数の JSON オブジェクトを文字列で書きます。\n\n"
    "### 使える設計（designs）:\n{designs}"
)

# §6.4 — TaskLoop (the report)
SUMMARY_PROMPT = (
    "以下の TaskList の実行結果を分析し、結果を報告する JSON を生成してください。報告には、全体の"
    "成否（status）、成功したタスクと失敗したタスクの数、失敗した場合はその原因と推奨される次の"
    "アクションを含めてください。text には経理担当者向けの日本語の報告を書きます。数値は実行結果"
    "ログにあるものだけをそのまま引用し、計算や推測をしないでください。"
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WireAction(_Strict):
    operation: str = Field(description="ツール名（ツール一覧にあるもの）")
    args_json: str = Field(description="引数の JSON オブジェクト（文字列）")
    reasoning: str = Field(description="この操作を選んだ理由（日本語、短く）")


class WireActionList(_Strict):
    reply: str = Field(description="ユーザーへの返答（日本語）")
    actions: list[WireAction]


class WireStep(_Strict):
    name: str
    description: str
    depends_on: list[int] = Field(description="依存するステップの番号（1 から）")


class WirePlan(_Strict):
    name: str = Field(description="計画の名前（日本語、短く）")
    steps: list[WireStep]


class WireTask(_Strict):
    operation: str
    args_json: str


class WireTaskList(_Strict):
    tasks: list[WireTask]


class WireSummary(_Strict):
    status: Literal["completed", "failed", "partial"]
    succeeded: int
    failed: int
    causes: list[str]
    next_actions: list[str]
    text: str


def wire_to_actions(answer: WireActionList) -> tuple[ActionList, list[str]]:
    """The ActionList, and a problem per action whose `args_json` is not a JSON object (those
    actions keep `args` = `{"__invalid_json__": text}` so the dispatcher reports them)."""
    actions, problems = [], []
    for wire in answer.actions:
        try:
            args = json.loads(wire.args_json or "{}")
        except json.JSONDecodeError as exc:
            args = None
            problems.append(f"{wire.operation}: args_json is not JSON ({exc.msg})")
        if args is not None and not isinstance(args, dict):
            problems.append(f"{wire.operation}: args_json is not a JSON object")
            args = None
        actions.append(
            Action(
                operation=wire.operation,
                args=args if args is not None else {"__invalid_json__": wire.args_json},
                reasoning=wire.reasoning or None,
            )
        )
    return ActionList(reply=answer.reply, actions=actions), problems


def main_user_prompt(state_summary: str, history: str, request: str) -> str:
    return (
        f"## AgentState\n{state_summary}\n\n## 最近の会話\n{history or '（なし）'}\n\n"
        f"## ユーザーの最新の要求\n{request}"
    )


def plan_user_prompt(user_goal: str, context: str) -> str:
    return f"目標: {user_goal}\n\n### 関連する会話の要約:\n{context or '（なし）'}"


def task_user_prompt(goal: str, step_description: str, conversation_summary: str) -> str:
    return (
        f"### 長期計画の全体目標:\n{goal}\n\n### 現在のステップ詳細:\n{step_description}\n\n"
        f"### 関連する会話の要約:\n{conversation_summary or '（なし）'}"
    )


def summary_user_prompt(execution_log: str, context: str = "") -> str:
    goal = f"### 目標とステップ:\n{context}\n\n" if context else ""
    return f"{goal}### 実行結果ログ:\n{execution_log}"
