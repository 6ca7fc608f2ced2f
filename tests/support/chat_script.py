"""The scripted model of the copilot surfaces' tests (`keiri chat`, the コパイロット page): the
real `openai` client talks to `ScriptedOpenAI`, which answers by the structured-output schema
the copilot asks for — the main call's ActionList (`runs.start` of the plan `invoice_check`
for 「今月の請求書チェックを実行して」) and the TaskLoop's report — so the order of calls (the
report comes from whichever poll sees the run end) does not matter.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.openai_server import RecordedRequest, ScriptedResponse

__all__ = [
    "DESIGN",
    "GOAL",
    "GOAL_REQUEST",
    "PLAN",
    "REPLY",
    "REQUEST",
    "STEPS",
    "SUMMARY",
    "ChatScript",
    "write_design",
]

REQUEST = "今月の請求書チェックを実行して"
REPLY = "今月の請求書チェック（invoice_check）を実行します。よろしければ承認してください。"
SUMMARY = "請求書チェックはすべて成功しました。結果を確認して、次のステップに進みましょう。"
DESIGN = "invoice_check"
GOAL_REQUEST = "11月の月次決算を進めたい"
GOAL = "11月の月次決算"
STEPS = ("請求書チェック", "入金照合", "決算レポート")
#: A one-node plan over the test blocks (`KEIRI_BLOCK_SPECS` = tests/fixtures/blocks/specs).
PLAN = """\
apiVersion: v1
id: invoice_check
graph:
  - id: check
    block: test.record
    in: { value: 12, label: 請求書チェック }
"""


def write_design(designs: Path) -> Path:
    """The plan `invoice_check` in the designs folder (`KEIRI_DESIGNS_DIR`)."""
    designs.mkdir(parents=True, exist_ok=True)
    path = designs / f"{DESIGN}.yaml"
    path.write_text(PLAN, encoding="utf-8")
    return path


def _schema_name(request: RecordedRequest) -> str:
    response_format = (request.json or {}).get("response_format") or {}
    return str(response_format.get("json_schema", {}).get("name", ""))


class ChatScript:
    """The handler of a `ScriptedOpenAI`: answers by schema name; counts what it answered."""

    def __init__(self) -> None:
        self.answered: dict[str, int] = {}

    def handler(self, request: RecordedRequest) -> ScriptedResponse | None:
        if request.endpoint != "chat":
            return None
        name = _schema_name(request)
        self.answered[name] = self.answered.get(name, 0) + 1
        if name == "WireActionList":
            return ScriptedResponse.chat(self.action_list(request.user_prompt))
        if name == "WirePlan":  # the PlanTool's §6.2 prompt: three steps, each after the last
            return ScriptedResponse.chat(
                {
                    "name": GOAL,
                    "steps": [
                        {
                            "name": step,
                            "description": f"{step}を行う",
                            "depends_on": [i] if i else [],
                        }
                        for i, step in enumerate(STEPS)
                    ],
                }
            )
        if name == "WireSummary":
            return ScriptedResponse.chat(
                {
                    "status": "completed",
                    "succeeded": 1,
                    "failed": 0,
                    "causes": [],
                    "next_actions": ["結果を確認する"],
                    "text": SUMMARY,
                }
            )
        return None

    @staticmethod
    def action_list(prompt: str) -> dict[str, Any]:
        latest = prompt.rsplit("\n", 1)[-1]  # the prompt ends with the user's latest request
        if GOAL_REQUEST in latest:
            return {
                "reply": "計画を立てます。",
                "actions": [
                    {
                        "operation": "goal.propose",
                        "args_json": json.dumps({"goal": GOAL}, ensure_ascii=False),
                        "reasoning": "複数の作業がある目標なので計画を立てる",
                    }
                ],
            }
        if REQUEST not in latest:
            return {"reply": "ご用件をもう少し詳しく教えてください。", "actions": []}
        return {
            "reply": REPLY,
            "actions": [
                {
                    "operation": "runs.start",
                    "args_json": json.dumps({"design": DESIGN}),
                    "reasoning": "請求書チェックのプランを実行する",
                }
            ],
        }
