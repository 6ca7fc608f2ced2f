"""`keiri analyze` end to end: the real console script against the scripted OpenAI server,
the real sandbox, a cp932 CSV and an Excel workbook."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.blocks.analysis.script import SALES_CSV, AnalysisScript
from tests.conftest import ROOT
from tests.support.catalog_text import shown
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI

KEIRI = ROOT / ".venv" / "bin" / "keiri"


@pytest.fixture
def script() -> AnalysisScript:
    return AnalysisScript()


@pytest.fixture
def server(script: AnalysisScript) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI(handler=script.handler) as srv:
        yield srv


def _run(server: ScriptedOpenAI, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in LLM_ENV}
    env.update(server.env(), KEIRI_HOME=str(home), KEIRI_LLM_MAX_RETRIES="0")
    return subprocess.run(
        [str(KEIRI), "analyze", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def test_analyze_a_cp932_csv_with_one_question_answered_up_front(
    script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    data = tmp_path / "売上.csv"
    data.write_bytes(SALES_CSV.encode("cp932"))
    script.reason("ask", question="集計の粒度は月次でよいですか？")
    script.reason("act", instruction="部門別の売上合計を表にする")
    script.code(
        "t = df.groupby('部門', as_index=False)['売上'].sum()\n"
        "t.to_csv('dept.csv', index=False)\nprint(t.to_string(index=False))",
        ("dept.csv", "部門別売上", "table"),
    )
    script.reason("finalize")
    script.report(
        "部門別売上",
        [
            {"section_type": "text", "content": "営業部の売上が最大です。"},
            {"section_type": "table", "content": "dept.csv", "description": "部門別"},
        ],
    )

    done = _run(server, tmp_path / "home", str(data), "--question", "部門別に分析して",
                "--answer", "月次でよい", "--json")  # fmt: skip

    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert set(doc) == {
        "report", "workspace", "loops", "capped", "executions", "question", "error"
    }  # fmt: skip
    assert doc["report"]["title"] == "部門別売上"
    assert json.loads(doc["report"]["sections"][1]["content"]) == [
        {"部門": "営業部", "売上": 445000},
        {"部門": "管理部", "売上": 240000},
    ]
    assert doc["loops"] == 2 and doc["capped"] is False
    assert doc["question"] is None and doc["error"] is None
    assert [e["success"] for e in doc["executions"]] == [True]
    workspace = Path(doc["workspace"])
    assert workspace.parent == (tmp_path / "home" / "workspace").resolve()
    assert (workspace / "売上.csv").read_bytes() == data.read_bytes()  # the input, unchanged
    assert "| 営業部 | 445,000 |" in (workspace / "report.md").read_text(encoding="utf-8")
    assert "月次でよい" in script.prompts("ReasonOutput")[1]


def test_analyze_an_xlsx_in_human_mode_prints_the_report(
    script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["日付", "部門", "売上"])
    sheet.append(["2024-01-05", "営業部", 120000])
    sheet.append(["2024-02-03", "営業部", 150000])
    data = tmp_path / "sales.xlsx"
    book.save(data)
    script.reason("act", instruction="行数を数える")
    script.code("print(len(df))")
    script.reason("finalize")
    script.report("件数", [{"section_type": "text", "content": "2 件です。"}])

    done = _run(server, tmp_path / "home", str(data), "-q", "件数は？")

    assert done.returncode == 0, done.stderr
    assert "2 件です。" in done.stdout and shown("cli.analyze.written", done.stdout), done.stdout
    assert "実行 1:" in done.stderr


def test_an_unanswered_question_fails_with_exit_1(
    script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    data = tmp_path / "s.csv"
    data.write_text(SALES_CSV, encoding="utf-8")
    script.reason("ask", question="どの部門ですか？")

    done = _run(server, tmp_path / "home", str(data), "-q", "分析して", "--json")

    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["question"] == "どの部門ですか？" and doc["report"] is None
    assert "--answer" in done.stderr


def test_llm_failure_is_reported_with_its_code(server: ScriptedOpenAI, tmp_path: Path) -> None:
    data = tmp_path / "s.csv"
    data.write_text(SALES_CSV, encoding="utf-8")
    done = _run(server, tmp_path / "home", str(data), "-q", "分析して", "--json")
    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["error"]["code"] == "API_ERROR"
    assert "API_ERROR" in done.stderr


def test_usage_errors_exit_2(server: ScriptedOpenAI, tmp_path: Path) -> None:
    done = _run(server, tmp_path / "home", str(tmp_path / "missing.csv"), "-q", "x")
    assert done.returncode == 2 and shown("cli.analyze.no_data", done.stderr), done.stderr
    bad = tmp_path / "notes.txt"
    bad.write_text("x", encoding="utf-8")
    done = _run(server, tmp_path / "home", str(bad), "-q", "x")
    assert done.returncode == 1 and "FILE_INVALID" in done.stderr


def test_the_loop_cap_reports_the_five_loops_run(
    script: AnalysisScript, server: ScriptedOpenAI, tmp_path: Path
) -> None:
    data = tmp_path / "s.csv"
    data.write_text(SALES_CSV, encoding="utf-8")
    for n in range(5):
        script.reason("act", instruction=f"分析 {n + 1}")
        script.code(f"print({n + 1})")
    script.report("途中までの分析", [{"section_type": "text", "content": "ここまでです。"}])

    done = _run(server, tmp_path / "home", str(data), "-q", "とことん分析して", "--json")

    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["loops"] == 5 and doc["capped"] is True
    assert len(doc["executions"]) == 5
