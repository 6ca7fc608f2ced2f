"""`designs/monthly_close.yaml` end to end on the local Prefect server, answered up front with
`--input` (no browser): it validates and dry-runs; `keiri run` completes with the 弥生 file
among the outputs (cp932, 25 fields a line, the account a person changed through
`--input review_journal.entries=@rows.json` in it), the report's 仕訳 sheet, every registration
number `unknown` with the reason (nothing imported), the month's evidence in the archive where
`keiri evidence search` finds each invoice by its date, amount and counterparty; a second run
of the same period exports no entry twice."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner

from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from keiri.cli import evidence
from tests.conftest import ROOT
from tests.support.catalog_text import shown

pytestmark = pytest.mark.prefect
PLAN = ROOT / "designs" / "monthly_close.yaml"
SAMPLES = ROOT / "samples"
MANIFEST = json.loads((SAMPLES / "evidence" / "manifest.json").read_text(encoding="utf-8"))


def keiri(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    from keiri.cli.main import main

    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def run_month(capsys: pytest.CaptureFixture[str], *more: str) -> dict[str, Any]:
    code, doc = keiri(
        capsys,
        "run",
        str(PLAN),
        "--input",
        f"collect_inputs.evidence_zip=@{SAMPLES / 'evidence' / 'evidence.zip'}",
        "--input",
        f"collect_inputs.bank_statement=@{SAMPLES / 'bank' / 'bank_statement.xlsx'}",
        "--input",
        "confirm_results.approved=true",
        "--input",
        "review_journal.approved=true",
        *more,
    )
    assert code == 0, doc.get("error")
    return doc


def test_the_plan_validates_and_dry_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = keiri(capsys, "validate", str(PLAN))
    assert code == 0 and doc["ok"] and doc["warnings"] == [], doc
    code, doc = keiri(capsys, "dry-run", str(PLAN))
    assert code == 0 and doc["ok"], doc


def _search(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(evidence.command, ["search", *args, "--json"])
    assert result.exit_code == 0, result.output
    records: list[dict[str, Any]] = json.loads(result.output)["records"]
    return records


def test_the_month_closes_with_the_yayoi_file_and_the_archive(
    prefect_server: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = tmp_path / "rows.json"  # the person changes one account in 仕訳確認
    rows.write_text(json.dumps([{"line_id": "P-0002-1", "account": "通信費"}]), encoding="utf-8")
    doc = run_month(capsys, "--input", f"review_journal.entries=@{rows}")
    outputs = doc["outputs"]

    registry = outputs["check_registry"]
    assert registry["summary"]["no_data"] is True
    assert {a["status"] for a in registry["answers"]} == {"unknown", "invalid_format"}
    assert all(shown("registry.reason.no_data", a["reason"]) for a in registry["answers"]
               if a["status"] == "unknown")  # fmt: skip

    export = outputs["export_journal"]
    assert export["file"]["name"] == "仕訳_yayoi_20240401-20240930.csv"
    assert export["file"] in doc["outputs"]["export_journal"].values()
    text = FileStore().read_bytes(export["file"]).decode("cp932")
    lines = list(csv.reader(text.splitlines()))
    assert lines and all(len(line) == 25 for line in lines)
    p2 = [line for line in lines if line[21].startswith("P-0002 ")]
    assert p2 and p2[0][4] == "通信費"  # the changed account, in the file
    assert all(line[4] in ("雑費", "未払金", "") for line in lines if line not in p2)
    summary = export["summary"]
    assert summary["entries"] == 15 and summary["excluded"] == 0
    assert outputs["apply_review"]["changes"][0]["to"] == "通信費"
    assert outputs["register_counterparties"]["created"] == []  # nothing ticked: nothing made

    book = openpyxl.load_workbook(FileStore().open(outputs["write_report"]["report"]))
    sheet = book["仕訳"]
    header = [c.value for c in next(sheet.iter_rows(max_row=1))]
    assert header[:3] == ["伝票番号", "日付", "仕訳ID"] and header[-1] == "出力"
    assert sheet.max_row - 1 == len(export["lines"])  # one row per line of every entry
    assert len({line["仕訳ID"] for line in export["lines"]}) == 15
    findings = book["指摘事項"]
    columns = [c.value for c in next(findings.iter_rows(max_row=1))]
    severity = columns.index("重要度")
    assert columns[severity + 1] == "重要度コード"  # the code kept beside the word, for machines
    rows = list(findings.iter_rows(min_row=2, values_only=True))
    assert rows and {row[severity] for row in rows} <= {
        t("display.severity.error"),
        t("display.severity.warning"),
        t("display.severity.info"),
    }

    archived = outputs["archive_evidence"]["summary"]
    assert archived["added"] == 10 and archived["skipped"] == 0
    for invoice in MANIFEST["invoices"]:
        found = _search(
            "--from", invoice["date"], "--to", invoice["date"],
            "--min", str(invoice["total"]), "--max", str(invoice["total"]),
            "--party", invoice["issuer"],
        )  # fmt: skip
        assert [r["file_name"] for r in found] == [invoice["zip_path"].rsplit("/", 1)[-1]]
        assert found[0]["runs"] == [doc["run_id"]]
    with_entries = _search("--party", "株式会社山田商店", "--kind", "invoice")
    assert {tuple(r["journal_entries"]) for r in with_entries} == {("P-0001",), ("P-0006",)}

    again = run_month(capsys)
    second = again["outputs"]["export_journal"]
    assert (second["summary"]["entries"], second["summary"]["excluded"]) == (0, 15)
    assert {e["run_id"] for e in second["summary"]["excluded_entries"]} == {doc["run_id"]}
    assert FileStore().read_bytes(second["file"]) == b""
    assert again["outputs"]["archive_evidence"]["summary"]["already_archived"] == 10
