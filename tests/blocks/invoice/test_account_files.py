"""The report accounts for every file: an evidence ZIP mixing invoices, a receipt, a quotation,
a payment notice, a cover letter, a scan without text, an unreadable file, a lock file and an
empty file, reconciled against a cp932 bank CSV holding 前月繰越 and 合計 rows. Every file gets
one outcome with its reason and the counts add up to the files in the ZIP."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from keiri.base.catalog import t
from tests.support.mixed_evidence import CONTRADICTED, MEMBERS_OUTCOME, STATEMENT, mixed_zip

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]


def test_every_file_of_a_mixed_zip_has_an_outcome_and_the_counts_add_up(
    run: Run, put: Put, tmp_path: Path
) -> None:
    zip_path = tmp_path / "証跡.zip"
    zip_path.write_bytes(mixed_zip())
    csv_path = tmp_path / "明細.csv"
    csv_path.write_bytes(STATEMENT.encode("cp932"))
    evidence = run("file.parse_zip_2tier", zip_bytes=put(zip_path))["evidence_data"]
    fields = [run("invoice.extract_fields", document=f)["fields"] for f in evidence["files"]]
    triage = run("invoice.triage", fields=fields)
    checked = run("invoice.check", fields=fields, rounding="detect")
    statement = run("table.read_statement", statement=put(csv_path))
    reconciled = run(
        "table.reconcile",
        left=triage["payables"],
        right=statement["records"],
        left_amount="total",
        right_amount="出金",
        left_date="transaction_date",
        right_date="日付",
        amount_tolerance=660,
        date_window_days=10,
    )
    out = run(
        "invoice.account_files",
        fields=fields,
        matched=reconciled["matched"],
        skipped_left=reconciled["summary"]["skipped_left"],
    )
    outcome = {r["file"]: (r["outcome"], r["reason"]) for r in out["rows"]}
    assert len(outcome) == evidence["total_files"] == 10
    assert {file: got[0] for file, got in outcome.items()} == MEMBERS_OUTCOME
    assert outcome["株式会社山田商店/請求書_2024年04月_001.pdf"][0] == "照合済"
    assert outcome["カフェ/領収書.txt"][0] == "照合済"
    assert outcome["株式会社山田商店/見積書.txt"] == ("請求書以外", "見積書")
    assert outcome["支払通知/通知.txt"] == ("請求書以外", "支払通知書")
    assert outcome["送付状.txt"] == ("請求書以外", "送付状")
    assert outcome["有限会社テスト/請求書.txt"][0] == "要確認"
    computed = t("invoice.yen", amount="11,000")
    assert outcome["有限会社テスト/請求書.txt"][1] == t(
        "invoice.review.total_arithmetic", computed=computed
    )
    assert outcome["スキャン/請求書_scan.pdf"][0] == "読取不可"
    assert outcome["壊れた/請求書.pdf"][0] == "読取不可"
    assert outcome["壊れた/請求書.pdf"][1].startswith("FILE_INVALID")
    assert outcome["有限会社みどり印刷/~$請求書.xlsx"][0] == "除外"
    assert outcome["有限会社みどり印刷/空.pdf"] == ("除外", t("runtime.zip.skip_empty"))
    summary = out["summary"]
    assert sum(v for k, v in summary.items() if k != "files") == summary["files"] == 10
    assert summary == {
        "files": 10, "照合済": 2, "未照合": 0, "要確認": 1, "請求書以外": 3, "読取不可": 2, "除外": 2
    }  # fmt: skip
    # the statement's 前月繰越 and 合計 rows are skipped with a note, reconciliation completed
    assert [s["reason"] for s in statement["skipped"]] == [
        t("statement.skip.not_transaction", label="前月繰越"),
        t("statement.skip.not_transaction", label="合計"),
    ]
    # non-invoices are listed, not failed as invoices; the contradicted total is flagged
    kinds = {n["file"]: n["document_type"] for n in checked["summary"]["not_invoices"]}
    assert kinds == {"株式会社山田商店/見積書.txt": "quotation", "送付状.txt": "cover_letter"}
    # a payment notice (the purchaser-issued route) is checked with its own items
    notice = next(r for r in checked["summary"]["results"] if r["file"] == "支払通知/通知.txt")
    assert notice["document_type"] == "payment_notice" and not notice["passed"]
    rules = {(f["file"], f["rule"]) for f in checked["findings"]}
    assert ("有限会社テスト/請求書.txt", "total_mismatch") in rules
    assert not any(f["file"] == "株式会社山田商店/見積書.txt" for f in checked["findings"])


def test_a_total_contradicted_by_the_arithmetic_is_never_confirmed(run: Run) -> None:
    fields = run("invoice.extract_fields", text=CONTRADICTED)["fields"]
    assert fields["total"] == 12000
    assert fields["status"]["total"] == "要確認"
    listed = fields["candidates"]["total"]
    assert listed[0] == {"value": 12000, "text": "ご請求金額 ¥12,000"}
    assert {"value": 11000, "text": t("invoice.review.computed")} in listed  # 10,000 + 1,000 tax


def test_labels_and_spaced_titles_of_real_invoices(run: Run) -> None:
    for label in (
        "合計金額",
        "ご請求額",
        "御請求額",
        "(合計)",
        "【合計】",
        "合 計",
        "税込合計金額",
    ):
        text = (
            "御 請 求 書\n株式会社サンプル商事 御中\n2024年4月1日\n株式会社テスト\n"
            f"10%対象 ¥10,000 消費税 ¥1,000\n{label} ¥11,000"
        )
        fields = run("invoice.extract_fields", text=text)["fields"]
        assert fields["document_type"] == "invoice", label
        assert (fields["total"], fields["status"]["total"]) == (11000, "確定"), label
        assert fields["issuer_name"] == "株式会社テスト", label


def test_a_row_number_under_a_total_header_is_not_a_confirmed_total(run: Run) -> None:
    fields = run("invoice.extract_fields", text="請求書\n合計\n1\n品名 ¥5,500")["fields"]
    assert fields["status"]["total"] != "確定" or fields["total"] != 1
