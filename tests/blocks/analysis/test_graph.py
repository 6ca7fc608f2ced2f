"""The seed's graph end to end: the real `openai` client against a scripted model, the real
sandbox, real files in a real workspace."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest

from blocks.analysis import MAX_LOOPS, Sandbox, build_graph, new_state, run_turn
from blocks.analysis.report import section_table
from blocks.analysis.turn import loops_run
from blocks.analysis.workspace import create_workspace
from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from tests.blocks.analysis.script import SALES_CSV, AnalysisScript

MONTHLY_CODE = """
df["日付"] = pd.to_datetime(df["日付"])
monthly = df.groupby(df["日付"].dt.strftime("%Y-%m"))["売上"].sum().reset_index()
monthly.columns = ["月", "売上合計"]
monthly.to_csv("monthly_sales.csv", index=False)
print(monthly.to_string(index=False))
"""
CHART_CODE = """
monthly = pd.read_csv("monthly_sales.csv")
fig, ax = plt.subplots(figsize=(6, 4))
ax.plot(monthly["月"], monthly["売上合計"], marker="o")
ax.set_title("月次売上の推移")
ax.set_xlabel("月")
ax.set_ylabel("売上（円）")
fig.savefig("monthly_sales.png", dpi=100, bbox_inches="tight")
plt.close(fig)
print("saved")
"""


@pytest.fixture
def sales() -> pd.DataFrame:
    return pd.read_csv(io.StringIO(SALES_CSV))


def _session(sales: pd.DataFrame, tmp_path: Path):
    workspace = create_workspace(tmp_path / "ws")
    return new_state(sales, workspace), workspace


def test_two_step_analysis_ends_in_a_report_with_table_and_japanese_chart(
    script: AnalysisScript, llm: LLMClient, sandbox: Sandbox, sales: pd.DataFrame, tmp_path: Path
) -> None:
    events: list[tuple[str, dict]] = []
    graph = build_graph(llm, sandbox, emit=lambda e, **f: events.append((e, f)))
    state, workspace = _session(sales, tmp_path)
    script.reason("act", instruction="月別の売上合計を集計し monthly_sales.csv に保存")
    script.code(MONTHLY_CODE, ("monthly_sales.csv", "月別売上合計", "table"))
    script.reason("act", instruction="月別売上合計を折れ線グラフにし、日本語のタイトルを付ける")
    script.code(CHART_CODE, ("monthly_sales.png", "月次売上の推移", "figure"))
    script.reason("finalize")
    script.report(
        "月次売上の分析",
        [
            {"section_type": "text", "content": "## 結論\n3月の売上が最も大きい。"},
            {"section_type": "table", "content": "monthly_sales.csv", "description": "月別売上"},
            {"section_type": "image", "content": "monthly_sales.png", "description": "推移"},
        ],
        suggestions=["部門別の推移を比較する"],
    )

    turn = run_turn(graph, state, "月別の売上推移を分析して")

    assert turn.kind == "report" and script.left == 0
    assert turn.loops == 3
    assert [r.success for r in turn.executions] == [True, True]
    assert "2024-03" in (turn.executions[0].stdout or "")
    # The second decision saw the first action's result.
    assert "265000" in script.prompts("ReasonOutput")[1]
    report = turn.report
    assert report is not None
    table = section_table(report.sections[1])
    assert table.to_dict(orient="records") == [
        {"月": "2024-01", "売上合計": 200000},
        {"月": "2024-02", "売上合計": 220000},
        {"月": "2024-03", "売上合計": 265000},
    ]
    assert report.sections[2].content == "monthly_sales.png"
    assert (workspace / "monthly_sales.png").read_bytes().startswith(b"\x89PNG")
    markdown = (workspace / "report.md").read_text(encoding="utf-8")
    assert "# 月次売上の分析" in markdown
    assert "| 2024-03 | 265,000 |" in markdown
    assert "![推移](monthly_sales.png)" in markdown
    assert t("analyze.report.suggestions") in markdown
    assert json.loads((workspace / "report.json").read_text(encoding="utf-8"))["title"]
    assert [e for e, _ in events].count("analysis_action") == 2
    assert not [e for e, _ in events if e == "sandbox_violation"]


def test_code_that_raises_is_repaired_in_the_next_loop(
    script: AnalysisScript, llm: LLMClient, sandbox: Sandbox, sales: pd.DataFrame, tmp_path: Path
) -> None:
    state, _ = _session(sales, tmp_path)
    script.reason("act", instruction="金額列の合計を出す")
    script.code('print(df["金額"].sum())')
    script.reason("act", instruction="金額列は無いので 売上 列の合計を出す")
    script.code('print(df["売上"].sum())')
    script.reason("finalize")
    script.report("売上合計", [{"section_type": "text", "content": "売上合計は 685,000 円です。"}])

    turn = run_turn(build_graph(llm, sandbox), state, "売上の合計は？")

    first, second = turn.executions
    assert not first.success and first.error is not None
    assert first.error == t(
        "runtime.sandbox.error_at_source",
        type="KeyError",
        message="'金額'",
        line=1,
        source='print(df["金額"].sum())',
    )
    assert second.success and second.stdout == "685000\n"
    assert "KeyError" in script.prompts("ReasonOutput")[1]
    assert turn.kind == "report" and script.left == 0


def test_missing_expected_output_is_an_error_not_a_gap(
    script: AnalysisScript, llm: LLMClient, sandbox: Sandbox, sales: pd.DataFrame, tmp_path: Path
) -> None:
    state, _ = _session(sales, tmp_path)
    script.reason("act", instruction="グラフを保存")
    script.code("print('忘れた')", ("chart.png", "グラフ", "figure"))
    script.reason("finalize")
    script.report("x", [{"section_type": "image", "content": "chart.png", "description": "図"}])

    turn = run_turn(build_graph(llm, sandbox), state, "グラフにして")

    [result] = turn.executions
    assert not result.success
    missing = t("analyze.output.missing", file="chart.png")
    assert result.error == t("analyze.outputs_problem", problems=missing)
    assert turn.report is not None
    [section] = turn.report.sections
    why = t("analyze.report.not_in_workspace", file="chart.png")
    assert section.section_type == "text"
    assert section.content == t("analyze.report.no_figure", why=why) + t(
        "analyze.report.described", description="図"
    )


def test_the_loop_cap_ends_in_an_intermediate_report(
    script: AnalysisScript, llm: LLMClient, sandbox: Sandbox, sales: pd.DataFrame, tmp_path: Path
) -> None:
    state, workspace = _session(sales, tmp_path)
    for n in range(MAX_LOOPS):
        script.reason("act", instruction=f"分析 {n + 1}")
        script.code(f"print({n + 1})")
    script.report("途中までの分析", [{"section_type": "text", "content": "ここまでの結果です。"}])

    turn = run_turn(build_graph(llm, sandbox), state, "とことん分析して")

    assert script.left == 0
    assert len(script.prompts("ReasonOutput")) == MAX_LOOPS  # no sixth decision
    assert len(turn.executions) == MAX_LOOPS
    assert turn.loops == MAX_LOOPS and loops_run(turn.state) == (MAX_LOOPS, True)
    assert turn.report is not None
    notice = t("analyze.report.intermediate", max_loops=MAX_LOOPS)
    assert turn.report.sections[0].content == notice
    assert "中間結果" in script.prompts("ReportOutput")[0]  # the prompt's own words (data)
    assert notice in (workspace / "report.md").read_text(encoding="utf-8")


def test_an_ask_turn_then_its_follow_up(
    script: AnalysisScript, llm: LLMClient, sandbox: Sandbox, sales: pd.DataFrame, tmp_path: Path
) -> None:
    graph = build_graph(llm, sandbox)
    state, _ = _session(sales, tmp_path)
    script.reason("ask", question="「売上」は税込ですか、税抜ですか？")

    first = run_turn(graph, state, "売上を分析して")

    assert first.kind == "ask"
    assert first.question == "「売上」は税込ですか、税抜ですか？"
    assert first.report is None and not first.executions
    assert script.prompts("CodeGenOutput") == []

    script.reason("act", instruction="税抜として部門別合計", assumption="売上は税抜")
    script.code('print(df.groupby("部門")["売上"].sum().to_dict())')
    script.reason("finalize")
    script.report("部門別売上", [{"section_type": "text", "content": "営業部が最大です。"}])

    second = run_turn(graph, first.state, "税抜です")

    assert second.kind == "report"
    prompt = script.prompts("ReasonOutput")[1]
    assert "アシスタント: 「売上」は税込ですか、税抜ですか？" in prompt
    assert "ユーザー: 税抜です" in prompt
    assert second.state.assumptions == ["売上は税抜"]
    assert "営業部" in (second.executions[0].stdout or "")
    assert [m.type for m in second.state.messages] == ["human", "ai", "human", "ai"]


def test_no_data_asks_for_an_upload_without_calling_the_model(
    script: AnalysisScript, llm: LLMClient, sandbox: Sandbox, tmp_path: Path
) -> None:
    state = new_state(None, create_workspace(tmp_path / "ws"))
    turn = run_turn(build_graph(llm, sandbox), state, "分析して")
    assert turn.kind == "ask" and turn.question == t("analyze.no_data")
    assert script.seen == []
