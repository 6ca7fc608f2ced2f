"""Learning from people: a person corrects 消耗品費 to 通信費 for a vendor; the correction is
saved as a rule with who and when; next month's run suggests 通信費 for that vendor."""

from __future__ import annotations

import datetime as dt

import pytest

from blocks.counterparties.models import Counterparty
from blocks.counterparties.store import CounterpartyStore
from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry
from keiri.base.catalog import t
from tests.blocks.journals.conftest import execute

VENDOR = Counterparty(code="C100", name="株式会社モバイルネット", registration_number="T4010001000003",
                      default_account="消耗品費")  # fmt: skip


def _invoice(month: str) -> dict[str, object]:
    return {
        "source": {"path": f"モバイルネット/請求書_{month}.pdf", "name": f"請求書_{month}.pdf"},
        "document_type": "invoice", "issuer_name": "株式会社モバイルネット",
        "registration_number": "T4010001000003", "transaction_date": f"{month}-05",
        "lines": [{"description": "スマートフォン 利用料", "amount": 5000, "rate": 10}],
        "totals_by_rate": {"10": 5000}, "tax_by_rate": {"10": 500}, "amounts_include_tax": False,
        "total": 5500, "status": {"total": "確定", "transaction_date": "確定"},
    }  # fmt: skip


def test_a_correction_is_learned_and_suggested_next_month(registry: BlockRegistry) -> None:
    with CounterpartyStore() as store:
        store.save(VENDOR, "setup")
    links = [{"file": "モバイルネット/請求書_2026-09.pdf", "counterparty": {"code": "C100"}}]
    september = execute(registry, "journal.from_invoices", "journal", invoices=[_invoice("2026-09")],
                        links=links, trust_check_digit=True)  # fmt: skip
    entry = september["journal"]["entries"][0]
    assert entry["lines"][0]["account"] == "消耗品費" and entry["account_source"] == "counterparty"

    before = dt.datetime.now(dt.UTC).replace(microsecond=0)
    answered = {"answered_by": "suzuki", "answered_at": "2026-10-05T10:00:00+09:00"}
    corrected = execute(registry, "journal.apply_corrections", "correct",
                        journal=september["journal"], answered=answered,
                        corrections=[{"entry": entry["id"], "account": "通信費"}])  # fmt: skip
    fixed = corrected["journal"]["entries"][0]
    assert [line["account"] for line in fixed["lines"]] == ["通信費", "未払金"]
    assert fixed["account_source"] == "person" and fixed["review"] is False
    assert corrected["changes"] == [{"entry": entry["id"], "from": ["消耗品費"], "to": "通信費",
                                     "tax_category": None, "by": "suzuki"}]  # fmt: skip
    (rule,) = corrected["rules"]
    assert (rule["counterparty_code"], rule["account"], rule["action"], rule["origin"]) == (
        "C100", "通信費", "suggest", "learned")  # fmt: skip

    with CounterpartyStore() as store:
        (change,) = store.changes(target="rule")
    assert change.who == "suzuki" and change.action == "create"
    assert dt.datetime.fromisoformat(change.at) >= before  # when: recorded as it happened
    assert change.after is not None and change.after["account"] == "通信費"

    links[0]["file"] = "モバイルネット/請求書_2026-10.pdf"
    october = execute(registry, "journal.from_invoices", "journal", invoices=[_invoice("2026-10")],
                      links=links, trust_check_digit=True)  # fmt: skip
    suggested = october["journal"]["entries"][0]
    assert suggested["lines"][0]["account"] == "通信費"
    assert suggested["account_source"] == f"rule:{rule['id']}"
    assert suggested["review"] is True  # a suggestion: a person still looks at it
    # review reasons are kept in Japanese (the product passes "ja")
    assert t("journal.review.suggested", "ja", rule=rule["id"]) in suggested["review_reasons"]


def test_an_unknown_vendor_is_learned_by_its_name(registry: BlockRegistry) -> None:
    invoice = _invoice("2026-09")
    first = execute(registry, "journal.from_invoices", "journal", invoices=[invoice],
                    trust_check_digit=True)  # fmt: skip
    assert first["journal"]["entries"][0]["account_source"] == "fallback"
    out = execute(registry, "journal.apply_corrections", "c", journal=first["journal"],
                  who="tanaka", corrections=[{"entry": "P-0001", "account": "通信費"}])  # fmt: skip
    assert out["rules"][0]["keyword"] == "モバイルネット"
    again = execute(registry, "journal.from_invoices", "journal", invoices=[invoice],
                    trust_check_digit=True)  # fmt: skip
    assert again["journal"]["entries"][0]["lines"][0]["account"] == "通信費"


def test_a_correction_of_an_unknown_entry_suggests_the_ids(registry: BlockRegistry) -> None:
    first = execute(registry, "journal.from_invoices", "journal", invoices=[_invoice("2026-09")])
    with pytest.raises(BlockError) as caught:
        execute(registry, "journal.apply_corrections", "c", journal=first["journal"], who="x",
                corrections=[{"entry": "P-001", "account": "通信費"}])  # fmt: skip
    assert "P-0001" in caught.value.message
