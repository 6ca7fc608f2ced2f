"""The 分析 page in AppTest: upload a CSV, a two-turn conversation (the agent asks, the user
answers, the report is rendered per section), against the scripted model over HTTP and the
real sandbox."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.blocks.analysis.script import SALES_CSV, AnalysisScript
from tests.blocks.analysis.test_graph import CHART_CODE, MONTHLY_CODE
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI
from tests.support.timing import scaled
from tests.ui_app.conftest import APP


@pytest.fixture
def script() -> AnalysisScript:
    return AnalysisScript()


@pytest.fixture
def page(
    loopback: None, script: AnalysisScript, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[AppTest]:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "home"))
    with ScriptedOpenAI(handler=script.handler) as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        at = AppTest.from_file(str(APP), default_timeout=scaled(240))
        at.switch_page("views/analysis.py")
        yield at.run()


def script_monthly_report(script: AnalysisScript) -> None:
    script.reason("act", instruction="月別の売上合計を集計し monthly_sales.csv に保存")
    script.code(MONTHLY_CODE, ("monthly_sales.csv", "月別売上合計", "table"))
    script.reason("act", instruction="月別売上合計の折れ線グラフ（日本語タイトル）")
    script.code(CHART_CODE, ("monthly_sales.png", "月次売上の推移", "figure"))
    script.reason("finalize")
    script.report(
        "月次売上の分析",
        [
            {"section_type": "text", "content": "## 結論\n売上は毎月増えており、3月が最大です。"},
            {
                "section_type": "table",
                "content": "monthly_sales.csv",
                "description": "月別売上合計",
            },
            {
                "section_type": "image",
                "content": "monthly_sales.png",
                "description": "月次売上の推移",
            },
        ],
        suggestions=["部門別の推移を比較する", "前年同月と比べる"],
    )


def test_upload_then_a_question_then_the_report(page: AppTest, script: AnalysisScript) -> None:
    at = page
    assert at.title[0].value == t("nav.analysis")
    at.file_uploader[0].set_value(("売上.csv", SALES_CSV.encode("cp932"), "text/csv"))
    at.run()
    assert any("6 行 × 3 列" in c.value for c in at.caption)

    script.reason("ask", question="売上は税込ですか、税抜ですか？")
    at.chat_input[0].set_value("月別の売上推移を分析して").run()

    assert not at.exception
    assert [m.name for m in at.chat_message] == ["user", "assistant"]
    assert at.chat_message[1].markdown[0].value == "売上は税込ですか、税抜ですか？"
    assert len(at.session_state["analysis::messages"]) == 2

    script_monthly_report(script)
    at.chat_input[0].set_value("税抜です").run()

    assert not at.exception, at.exception
    assert script.left == 0
    assert [m.name for m in at.chat_message] == ["user", "assistant", "user", "assistant"]
    report = at.chat_message[3]
    assert report.header[0].value == "月次売上の分析"
    assert "3月が最大" in report.markdown[0].value
    table = report.dataframe[0].value
    assert table["売上合計"].tolist() == [200000, 220000, 265000]
    assert len(report.get("image")) == 1
    assert "部門別の推移を比較する" in report.markdown[-1].value
    workspace = Path(at.session_state["analysis::workspace_dir"])
    assert (workspace / "report.md").is_file() and (workspace / "monthly_sales.png").is_file()
    assert (workspace / "売上.csv").read_bytes() == SALES_CSV.encode("cp932")
    assert "税抜です" in script.prompts("ReasonOutput")[1]
    assert len(at.session_state["analysis::execution_results"]) == 2
