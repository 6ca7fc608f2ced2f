"""The three prompts of the seed (reason / code_exec / report), in Japanese.

Each function returns `(system, user)` for `LLMClient.parse`. The DataFrame itself never
enters a prompt: only `DataFrameInfo` (shape, columns, dtypes, five rows).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from blocks.analysis.models import AgentState, DataFrameInfo, ExecutionResult

__all__ = ["code_prompt", "history_text", "reason_prompt", "report_prompt"]

_STDOUT_CHARS = 3000
_CODE_CHARS = 4000

REASON_SYSTEM = """あなたはデータ分析アシスタントです（経理部門向け）。
ユーザーの分析要求と、これまでの実行結果を読み、次のアクションを1つ選びます。

- "ask": 分析に必要な情報（列名・粒度・指標・期間など）が不足している場合。仮説を含む最小限の質問を question に書く
- "act": 分析を実行する場合。Python コードを書く担当者への具体的な分析指示を instruction に書く
  （使う列、集計の粒度、出力する表・図のファイル名と種類を明示する）
- "finalize": ユーザー要求を満たす結果が揃った場合。レポート作成へ進む

判断ルール:
- 直前の実行がエラーなら、エラー内容を読んで指示を修正し（列名・型変換・条件の緩和）、もう一度 "act" する。
  同じ失敗を繰り返さない
- サンドボックス違反（ネットワーク・ファイル・プロセス）は許可されない操作なので、別の方法で指示する
- 仮定を置いた場合は assumption に一文で書く
- rationale には判断理由を簡潔に書く
- 文章はすべて日本語で書く"""

CODE_SYSTEM = """あなたは Python コードを生成するアシスタントです。分析指示どおりに動くコードを1つ書きます。

制約:
- 変数 `df` で pandas の DataFrame にアクセスできます（読み込み済み。ファイルから読み直さない）
- pd（pandas）, np（numpy）, plt（matplotlib.pyplot）は import 済みです
- 使用可能ライブラリ: pandas, numpy, sklearn, matplotlib, seaborn と標準ライブラリの安全なモジュール
  （math, statistics, datetime, json, re, collections, itertools など）。os, sys, subprocess, socket,
  requests などは使えません
- ファイルの読み書きはワークディレクトリ（カレントディレクトリ、変数 WORKSPACE）の中だけです。
  保存はファイル名だけで行う（例: plt.savefig("monthly_sales.png", dpi=120, bbox_inches="tight")）
- 表は CSV で保存する（例: table.to_csv("monthly_sales.csv", index=False)）
- 日本語を正しく表示すること: 日本語フォント（IPAexGothic）は設定済み。seaborn の set_theme を使う場合は
  font="IPAexGothic" を指定する
- 図を作るたびに plt.close() する
- 結果の要点（数値・件数）は print で出力する（次の判断に使われる）
- ネットワーク通信は行わない

出力:
- code: 実行する Python コード
- expected_outputs: 保存するファイルごとに file_name（ファイル名のみ）, description（日本語の説明）,
  output_type（図は "figure"、表は "table"）"""

REPORT_SYSTEM = """あなたは分析結果をレポートにまとめるアシスタントです（読み手は経理担当者）。

形式:
- title: レポートタイトル
- sections: セクションのリスト
  - section_type: "text" | "image" | "table"
  - content: text は Markdown、image は画像の file_name をそのまま、table は表の file_name（CSV）
    または JSON（レコードの配列）
  - description: 画像・表の説明
- suggestions: 追加の分析提案（任意）

注意:
- 結論と根拠を必ず含める（最初のセクションに結論）
- 実行結果にある数値だけを使い、推測で数値を作らない
- 置いた仮定は明記する
- 成功した実行の outputs にあるファイルだけを image / table に使う
- 文章はすべて日本語で書く"""


def history_text(messages: Sequence[BaseMessage]) -> str:
    """The conversation as `ユーザー:` / `アシスタント:` lines."""
    lines = []
    for message in messages:
        who = (
            "ユーザー"
            if isinstance(message, HumanMessage)
            else "アシスタント"
            if isinstance(message, AIMessage)
            else message.type
        )
        lines.append(f"{who}: {message.text}")
    return "\n".join(lines) or "（なし）"


def _info_text(info: DataFrameInfo | None) -> str:
    if info is None:
        return "（データ未読み込み）"
    return "\n".join(
        [
            f"- shape: {info.shape[0]} 行 × {info.shape[1]} 列",
            f"- columns: {json.dumps(info.columns, ensure_ascii=False)}",
            f"- dtypes: {json.dumps(info.dtypes, ensure_ascii=False)}",
            f"- サンプル（先頭5行）: {json.dumps(info.head, ensure_ascii=False, default=str)}",
        ]
    )


def _results_text(results: Sequence[ExecutionResult], *, detail: bool) -> str:
    if not results:
        return "（なし）"
    blocks = []
    for index, result in enumerate(results, start=1):
        state = "成功" if result.success else "失敗"
        parts = [f"### 実行 {index}（{state}）"]
        if detail:
            parts.append("コード:\n```python\n" + result.code[:_CODE_CHARS] + "\n```")
        if result.stdout:
            parts.append("標準出力:\n" + result.stdout[:_STDOUT_CHARS])
        if result.error:
            parts.append("エラー: " + result.error)
        if result.outputs:
            parts.append(
                "outputs: "
                + json.dumps([o.model_dump() for o in result.outputs], ensure_ascii=False)
            )
        blocks.append("\n".join(parts))
    return "\n\n".join(blocks)


def reason_prompt(state: AgentState, max_loops: int) -> tuple[str, str]:
    user = "\n\n".join(
        [
            "## DataFrame情報\n" + _info_text(state.df_info),
            "## 過去の実行結果\n" + _results_text(state.execution_results, detail=False),
            "## 仮定\n" + ("\n".join(f"- {a}" for a in state.assumptions) or "（なし）"),
            "## ユーザー要求（会話履歴）\n" + history_text(state.messages),
            f"## ループ\n現在 {state.loop_count + 1} 回目（上限 {max_loops} 回）",
            "## タスク\nask / act / finalize のいずれかを選んでください。",
        ]
    )
    return REASON_SYSTEM, user


def code_prompt(instruction: str, info: DataFrameInfo | None, workspace: str) -> tuple[str, str]:
    user = "\n\n".join(
        [
            "## DataFrame情報\n" + _info_text(info),
            "## 分析指示\n" + instruction,
            f"## ワークディレクトリ\n{workspace}（カレントディレクトリ）",
        ]
    )
    return CODE_SYSTEM, user


def report_prompt(state: AgentState, *, intermediate: bool) -> tuple[str, str]:
    parts = [
        "## ユーザー要求（会話履歴）\n" + history_text(state.messages),
        "## 実行結果\n" + _results_text(state.execution_results, detail=True),
        "## 仮定\n" + ("\n".join(f"- {a}" for a in state.assumptions) or "（なし）"),
    ]
    if intermediate:
        parts.append(
            "## 注意\n分析ループの上限に達したため、これは中間結果のレポートです。"
            "未完了の点を明記してください。"
        )
    return REPORT_SYSTEM, "\n\n".join(parts)
