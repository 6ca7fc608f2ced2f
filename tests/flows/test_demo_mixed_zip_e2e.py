"""The demo plan end to end on a month as it really arrives: a ZIP mixing invoices, a receipt,
a quotation, a payment notice, a cover letter, a real scan (OCR), an image-less scan, an
unreadable PDF, an Office lock file and an empty file, against a cp932 bank CSV holding
前月繰越 and 合計 rows. The Excel report lists every file with its outcome; the counts add up."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from blocks.sdk.store import FileStore
from keiri.cli import main
from samples.make_corpus import build_docs, render
from tests.conftest import ROOT
from tests.support.mixed_evidence import MEMBERS_OUTCOME, STATEMENT, mixed_zip

pytestmark = pytest.mark.prefect
SCAN = "株式会社スキャン/請求書_スキャン.pdf"


def _real_scan() -> bytes:
    index, doc = next((i, d) for i, d in enumerate(build_docs()) if d.fmt == "scan-pdf")
    data, ext = render(doc, index)
    assert ext == "pdf"
    return data


def test_the_demo_report_accounts_for_every_file_of_a_mixed_month(
    prefect_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    zip_path = tmp_path / "証跡.zip"
    zip_path.write_bytes(mixed_zip({SCAN: _real_scan()}))
    csv_path = tmp_path / "入出金明細.csv"
    csv_path.write_bytes(STATEMENT.encode("cp932"))
    code = main(
        [
            "run",
            str(ROOT / "designs" / "monthly_invoice_check.yaml"),
            "--input",
            f"collect_inputs.evidence_zip=@{zip_path}",
            "--input",
            f"collect_inputs.bank_statement=@{csv_path}",
            "--input",
            "confirm_results.approved=true",
            "--json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0, doc["error"]
    outputs = doc["outputs"]
    book = openpyxl.load_workbook(FileStore().open(outputs["write_report"]["report"]))
    sheet = book["ファイル一覧"]
    header, *rows = list(sheet.iter_rows(values_only=True))
    assert header[:4] == ("ファイル", "結果", "理由", "書類")
    listed = {row[0]: row for row in rows}
    assert len(listed) == len(rows) == len(MEMBERS_OUTCOME) + 1  # every file once
    assert {f: listed[f][1] for f in MEMBERS_OUTCOME} == MEMBERS_OUTCOME
    assert all(row[1] and row[2] for row in rows), "every outcome says why"
    # the real scan was read by OCR: an invoice with its total, not an unreadable file
    scan = listed[SCAN]
    assert scan[1] in {"未照合", "要確認"} and scan[3] == "請求書", scan
    scan_fields = next(f for f in outputs["extract_each"]["fields"] if f["source"]["path"] == SCAN)
    assert scan_fields["text_source"] == "ocr"
    # the counts of the summary add up to the files of the ZIP, and match the sheet
    summary = outputs["account_files"]["summary"]
    assert summary["files"] == len(rows) == outputs["parse_evidence"]["evidence"]["total_files"]
    counts = Counter(row[1] for row in rows)
    assert {k: v for k, v in summary.items() if k != "files" and v} == dict(counts)
    # the statement's 前月繰越 and 合計 rows are listed as skipped, reconciliation completed
    skipped = list(book["明細_除外行"].iter_rows(values_only=True))
    assert len(skipped) == 3 and any("前月繰越" in str(cell) for cell in skipped[1])
    assert any("合計" in str(cell) for cell in skipped[2])
    assert outputs["reconcile"]["summary"]["matched_count"] == counts["照合済"] == 2
