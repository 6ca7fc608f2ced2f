"""The demo plan through the CLI on a month whose invoices have 要確認 totals (issue 25): keiri
books only the 確定 invoice; the two 要確認 ones are proposed with the payment that fits a
candidate total; answered ahead (`--input confirm_results.proposal_1=accept`), the accepted one
is matched with who accepted it, the rejected one stays 要確認 with the reason and its payment
among the payments without an invoice. The report lists every member of the ZIP (the operating
system's files as 除外) and the deposits the reconciliation skipped."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from keiri.cli import main
from tests.conftest import ROOT
from tests.support.catalog_text import shown
from tests.support.proposal_evidence import (
    MINATO,
    PROPOSAL_STATEMENT,
    TEST,
    YAMADA,
    proposal_zip,
    zip_members,
)
from tests.support.workbooks import records

pytestmark = pytest.mark.prefect


def test_proposals_accepted_and_rejected_through_the_cli(
    prefect_server: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_USER", "suzuki")
    data = proposal_zip()
    zip_path = tmp_path / "証跡_2024年4月.zip"
    zip_path.write_bytes(data)
    csv_path = tmp_path / "入出金明細.csv"
    csv_path.write_bytes(PROPOSAL_STATEMENT.encode("cp932"))
    code = main(
        [
            "run",
            str(ROOT / "designs" / "monthly_invoice_check.yaml"),
            "--input",
            f"collect_inputs.evidence_zip=@{zip_path}",
            "--input",
            f"collect_inputs.bank_statement=@{csv_path}",
            "--input",
            "confirm_results.proposal_1=accept",  # a field of the form from a reference
            "--input",
            "confirm_results.proposal_2=reject",
            "--input",
            "confirm_results.approved=true",
            "--input",
            "confirm_results.response=みなと商会の分は別の請求書の支払",
            "--json",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert code == 0, doc["error"]
    outputs = doc["outputs"]

    # keiri matched only the 確定 invoice; the 要確認 ones were proposals
    reconcile = outputs["reconcile"]
    assert [m["left"]["source"]["path"] for m in reconcile["matched"]] == [YAMADA]
    proposals = reconcile["proposals"]
    assert [(p["id"], p["file"], p["candidate"]["value"]) for p in proposals] == [
        ("proposal_1", TEST, 11000),
        ("proposal_2", MINATO, 44000),
    ]
    assert reconcile["summary"]["unmatched_right_count"] == 0  # both payments proposed
    form = outputs["confirm_results"]
    assert form["collected_data"] == {"proposal_1": "accept", "proposal_2": "reject"}

    # accepting gave a matched row with who accepted; rejecting left it unmatched with why
    settled = outputs["settle_proposals"]
    [accepted] = settled["accepted"]
    assert (accepted["left"]["source"]["path"], accepted["accepted_by"]) == (TEST, "suzuki")
    [rejected] = settled["rejected"]
    assert rejected["file"] == MINATO
    assert rejected["reason"] == t("reconcile.settle.rejected", who="suzuki") + t(
        "reconcile.settle.comment", comment="みなと商会の分は別の請求書の支払"
    )
    assert [p["出金"] for p in settled["unmatched_right"]] == [44000]

    book = openpyxl.load_workbook(FileStore().open(outputs["write_report"]["report"]))
    files = {row["ファイル"]: row for row in records(book, "ファイル一覧")}
    assert files[YAMADA]["結果"] == "照合済"
    assert (files[TEST]["結果"], files[TEST]["理由"]) == (
        "照合済",
        t("reconcile.settle.accepted", who="suzuki"),
    )
    assert files[MINATO]["結果"] == "要確認"
    assert shown("reconcile.files.proposal_rejected", files[MINATO]["理由"])
    assert t("reconcile.settle.rejected", who="suzuki") in files[MINATO]["理由"]
    # every member of the ZIP, the operating system's files as 除外
    assert sorted(files) == sorted(zip_members(data))
    assert {f for f, row in files.items() if row["結果"] == "除外"} == {
        "有限会社テスト/.DS_Store",
        "__MACOSX/有限会社テスト/._請求書.txt",
        "Thumbs.db",
    }
    assert outputs["account_files"]["summary"]["files"] == len(zip_members(data)) == 6

    matched = records(book, "照合済")
    # the match kind in words, its code beside it for machines
    assert [
        (r["請求書ファイル"], r["照合区分"], r["照合区分コード"], r["承認者"]) for r in matched
    ] == [
        (YAMADA, t("report.match.within_tolerance"), "within_tolerance", None),
        (TEST, t("report.match.accepted"), "accepted", "suzuki"),
    ]
    findings = records(book, "指摘事項")
    assert findings and {r["重要度"] for r in findings} <= {
        t("display.severity.error"),
        t("display.severity.warning"),
        t("display.severity.info"),
    }
    assert {r["重要度コード"] for r in findings} <= {"error", "warning", "info"}
    assert all(r["指摘"] and "_" not in r["指摘"] for r in findings)
    [not_taken] = records(book, "照合しなかった提案")
    assert (not_taken["請求書ファイル"], not_taken["支払額"]) == (MINATO, 44000)
    assert [r["出金額"] for r in records(book, "未照合_出金")] == [44000]
    # the deposit the payables reconciliation skipped has its sheet
    [deposit] = records(book, "明細_照合対象外")
    assert (deposit["行"], deposit["入金額"], deposit["理由"]) == (
        5,
        200000,
        t("runtime.reconcile.empty", field="出金"),
    )
