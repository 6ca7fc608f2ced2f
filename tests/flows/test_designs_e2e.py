"""The shipped designs end to end on the local Prefect server: the demo with no API key, and
the seed's LLM plan against a local OpenAI-compatible server."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from blocks.sdk.store import FileStore
from keiri.cli import main
from tests.conftest import ROOT
from tests.support.openai_server import TEST_API_KEY, ScriptedOpenAI, ScriptedResponse

pytestmark = pytest.mark.prefect
SAMPLES = ROOT / "samples"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(list(args))
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_monthly_invoice_check_does_the_accounting(
    prefect_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    evidence = SAMPLES / "evidence" / "evidence.zip"
    before = hashlib.sha256(evidence.read_bytes()).hexdigest()
    code, doc = _run(
        capsys,
        "run",
        str(ROOT / "designs" / "monthly_invoice_check.yaml"),
        "--input",
        f"collect_inputs.evidence_zip=@{evidence}",
        "--input",
        f"collect_inputs.bank_statement=@{SAMPLES / 'bank' / 'bank_statement.xlsx'}",
        "--input",
        "confirm_results.approved=true",
        "--json",
    )
    assert code == 0, doc["error"]
    assert hashlib.sha256(evidence.read_bytes()).hexdigest() == before  # inputs are never modified
    outputs = doc["outputs"]
    manifest = json.loads((SAMPLES / "evidence" / "manifest.json").read_text(encoding="utf-8"))
    defective = {inv["zip_path"] for inv in manifest["invoices"] if inv.get("defects")}
    flagged = {f["file"] for f in outputs["check_invoices"]["findings"] if f["severity"] == "error"}
    assert flagged == defective
    summary = outputs["reconcile"]["summary"]
    assert summary["matched_count"] >= 7 and summary["unmatched_left_count"] >= 1
    report = outputs["write_report"]["report"]
    workbook = openpyxl.load_workbook(FileStore().open(report), read_only=True)
    assert {"照合済", "未照合_請求書", "未照合_出金", "指摘事項"} <= set(workbook.sheetnames)
    header = next(workbook["照合済"].iter_rows(max_row=1, values_only=True))
    assert header[:4] == ("取引先", "請求書ファイル", "取引日", "請求金額")
    assert len(list(workbook["照合済"].iter_rows(values_only=True))) == summary["matched_count"] + 1


def test_seed_llm_plan_against_a_local_openai_server(
    prefect_server: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    template = tmp_path / "template.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "照合結果"
    book.save(template)
    answer = {
        "results": {"items": [{"file": "請求書_2024年04月_001.pdf", "count": 4}]},
        "summary": {"total_files": 10},
    }
    with ScriptedOpenAI() as llm:
        llm.enqueue(ScriptedResponse.chat(answer))
        for key, value in llm.env().items():
            monkeypatch.setenv(key, value)
        code, doc = _run(
            capsys,
            "run",
            str(ROOT / "designs" / "invoice_reconciliation.yaml"),
            "--input",
            f"collect_inputs.evidence_zip=@{SAMPLES / 'evidence' / 'evidence.zip'}",
            "--input",
            f"collect_inputs.workbook=@{template}",
            "--input",
            "collect_inputs.proceed=true",
            "--input",
            "collect_inputs.approved=true",
            "--json",
        )
        requests = llm.requests
    assert code == 0, doc["error"]
    assert len(requests) == 1 and "請求書" in requests[0].user_prompt
    assert doc["outputs"]["process_llm"]["results"] == answer["results"]
    summary = doc["outputs"]["write_excel"]["write_summary"]
    assert summary["sheets"][0]["sheet"] == "照合結果" and summary["sheets"][0]["rows"] == 1
    log_text = Path(doc["log"]).read_text(encoding="utf-8")
    assert TEST_API_KEY not in log_text
