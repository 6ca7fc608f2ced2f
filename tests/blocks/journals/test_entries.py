"""journal.from_invoices and journal.from_payments on the month (tests/blocks/journals/month.py):
per-rate lines that add up to the invoice, the invoice system's tax categories (80% until
2026-09-30, 70% from 2026-10-01), evidence and run on every entry, skipped invoices with reasons."""

from __future__ import annotations

from typing import Any

from blocks.journals.model import Entry, JournalBatch
from blocks.sdk.registry import BlockRegistry
from keiri.base.catalog import t
from tests.blocks.journals import month
from tests.blocks.journals.conftest import execute


def _by_file(batch: JournalBatch) -> dict[str, Entry]:
    return {str(e.source["file"]): e for e in batch.entries}


def _lines(entry: Entry) -> list[tuple[str, str, str, int, int]]:
    return [(x.side, x.account, x.tax_category, x.amount, x.tax_amount) for x in entry.lines]


def test_purchases_per_rate_and_qualification(batches: list[JournalBatch]) -> None:
    purchases = batches[0]
    entries = _by_file(purchases)
    assert len(entries) == 6
    two_rate = entries["山田商事/請求書_1005.pdf"]
    assert _lines(two_rate) == [
        ("debit", "消耗品費", "purchase_10", 11613, 1055),
        ("debit", "消耗品費", "purchase_8r", 24085, 1784),
        ("credit", "未払金", "out_of_scope", 35698, 0),
    ]
    assert two_rate.due_date == "2026-11-30"  # 月末締め翌月末払い
    before = entries["みどり商店/領収書_0928.pdf"]  # not registered, before 2026-10-01
    after = entries["みどり商店/領収書_1008.pdf"]  # not registered, from 2026-10-01
    assert before.lines[0].tax_category == "purchase_8r_d80"
    assert after.lines[0].tax_category == "purchase_10_d70"
    assert before.qualification is not None and before.qualification.deduction == 80
    assert after.qualification is not None and after.qualification.source == "no_number"
    # review reasons are kept in Japanese whatever the language (the product passes "ja")
    assert after.review and t("journal.review.no_number", "ja") in after.review_reasons
    registered = entries["山田商事/請求書_0925.pdf"]
    assert registered.qualification is not None
    assert (registered.qualification.status, registered.qualification.source) == (
        "qualified",
        "registry",
    )
    assert not registered.review and registered.account_source == "counterparty"
    with_stamp = entries["ひかり通信/請求書_1010.pdf"]  # a non-taxable part: its own line
    assert _lines(with_stamp)[1] == ("debit", "通信費", "out_of_scope", 200, 0)
    for entry in purchases.entries:
        assert entry.total("debit") == entry.total("credit") == entry.source["total"]
        assert entry.run_id == month.RUN_ID and entry.evidence.store_id
        assert entry.evidence.uri == f"keiri://store/{entry.evidence.store_id}"
    assert {(s.file, s.code) for s in purchases.skipped} == {
        ("さくら運輸/請求書_1015.pdf", "unconfirmed"),
        ("山田商事/見積書_1001.pdf", "not_invoice"),
    }
    unsure = next(s for s in purchases.skipped if s.code == "unconfirmed")
    assert unsure.reason == t("journal.skip.unconfirmed", reasons="合計の候補が食い違う")


def test_payments_clear_the_payable_with_the_fee(batches: list[JournalBatch]) -> None:
    payments = batches[1].entries
    assert [_lines(e) for e in payments] == [
        [("debit", "未払金", "out_of_scope", 22000, 0), ("credit", "普通預金", "out_of_scope", 21560, 0),
         ("credit", "支払手数料", "purchase_10", 440, 40)],
        [("debit", "未払金", "out_of_scope", 8800, 0), ("credit", "普通預金", "out_of_scope", 8800, 0)],
        [("debit", "未払金", "out_of_scope", 5400, 0), ("credit", "普通預金", "out_of_scope", 5840, 0),
         ("debit", "支払手数料", "purchase_10", 440, 40)],
    ]  # fmt: skip
    assert [e.counterparty.code for e in payments] == ["C001", "C002", "C003"]
    assert payments[0].description == t(  # a journal's summary: Japanese (the product's "ja")
        "journal.summary.payment_fee_deducted", "ja", name="株式会社山田商事", fee=440
    )
    assert all(e.evidence.store_id == "9" * 64 and e.run_id == month.RUN_ID for e in payments)
    assert payments[0].source["invoice_store_id"] == "a" * 64


def test_the_registry_decides_and_without_it_the_plan_may_trust_the_check_digit(
    registry: BlockRegistry, master: None
) -> None:
    one = [month.INVOICES[0]]
    cancelled = execute(registry, "journal.from_invoices", "j", invoices=one,
                        registry={"T7010001000000": {"status": "cancelled"}})  # fmt: skip
    entry: dict[str, Any] = cancelled["journal"]["entries"][0]
    assert entry["qualification"]["source"] == "registry"
    assert entry["lines"][0]["tax_category"] == "purchase_10_d80"
    trusted = execute(registry, "journal.from_invoices", "j", invoices=one, trust_check_digit=True)
    assert trusted["journal"]["entries"][0]["qualification"]["source"] == "check_digit"
    assert trusted["journal"]["entries"][0]["lines"][0]["tax_category"] == "purchase_10"
    unknown = execute(registry, "journal.from_invoices", "j", invoices=one, registry={})
    assert unknown["journal"]["entries"][0]["qualification"]["source"] == "no_registry"
    assert unknown["journal"]["entries"][0]["review"] is True


def test_a_check_error_skips_but_a_registration_finding_does_not(
    registry: BlockRegistry, master: None
) -> None:
    findings = [
        {"file": "山田商事/請求書_0925.pdf", "field": "tax_by_rate.10", "rule": "tax_amount_mismatch",
         "reason": "10%対象の消費税額が合いません", "severity": "error"},
        {"file": "みどり商店/領収書_0928.pdf", "field": "registration_number",
         "rule": "registration_number_missing", "reason": "…", "severity": "error"},
    ]  # fmt: skip
    out = execute(registry, "journal.from_invoices", "j", invoices=month.INVOICES[:3],
                  findings=findings)  # fmt: skip
    assert [s["code"] for s in out["journal"]["skipped"]] == ["check_errors"]
    reason = out["journal"]["skipped"][0]["reason"]  # what the check said, not its rule id
    assert reason == t("journal.skip.check_errors", rules="10%対象の消費税額が合いません")
    assert len(out["journal"]["entries"]) == 2
    assert out["summary"]["skipped_by_reason"] == {"check_errors": 1}
