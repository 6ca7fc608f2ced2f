"""Reconciling by when an invoice is due: its 支払期限 when it has one, else its vendor's terms
(the counterparty master) or the plan's `payment_terms`, with a due date on a bank holiday paid
the business day before or after; without either, the invoice date as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from blocks.sdk.errors import BlockError
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]

#: Dated the 5th of April 2026; 翌月末 is Sunday 2026-05-31, so it is paid on Friday the 29th
#: (the last business day of May).
INVOICE = {
    "source": {"path": "株式会社山田商店/請求書.pdf"},
    "issuer_name": "株式会社山田商店",
    "transaction_date": "2026-04-05",
    "total": 110000,
}
PAID_MONTH_END = {"日付": "2026-05-29", "摘要": "ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ", "出金": 110000}
SAME = {
    "left_amount": "total",
    "right_amount": "出金",
    "left_date": "transaction_date",
    "right_date": "日付",
}


def _pairs(out: dict[str, Any]) -> list[tuple[int, int]]:
    return [(m["left_index"], m["right_index"]) for m in out["matched"]]


def test_an_invoice_due_next_month_end_paid_the_last_business_day_matches_by_its_due_date(
    run: Run,
) -> None:
    invoice = {**INVOICE, "due_date": "2026-05-31"}  # 支払期限 read from the document
    out = run(
        "table.reconcile",
        left=[invoice],
        right=[PAID_MONTH_END],
        **SAME,
        left_due_date="due_date",
        date_window_days=0,
    )
    [match] = out["matched"]
    assert match["days_from_expected"] == 0 and match["differences"] == []
    assert match["match"] == "exact"
    assert match["date_diff_days"] == 54  # from the invoice date, as always
    assert match["expected"] == {
        "due_date": "2026-05-31",
        "first_day": "2026-05-29",
        "last_day": "2026-06-01",
        "basis": "due_date",
        "terms": None,
    }


def test_without_a_due_date_the_plans_terms_give_it(run: Run) -> None:
    out = run(
        "table.reconcile",
        left=[INVOICE],
        right=[PAID_MONTH_END],
        **SAME,
        payment_terms="翌月末",
        date_window_days=0,
    )
    [match] = out["matched"]
    assert match["expected"]["basis"] == "plan_terms"
    assert match["expected"]["terms"] == "翌月末"
    assert match["days_from_expected"] == 0


def test_without_a_due_date_or_terms_the_invoice_date_window_cannot_reach_it(run: Run) -> None:
    out = run(
        "table.reconcile", left=[INVOICE], right=[PAID_MONTH_END], **SAME, date_window_days=10
    )
    assert out["matched"] == [] and out["unmatched_left"] == [INVOICE]


def test_a_due_date_on_a_holiday_is_met_the_business_day_before_or_after(run: Run) -> None:
    invoice = {**INVOICE, "due_date": "2026-05-04"}  # みどりの日; 5/5 and 5/6 are holidays too
    for paid, off in (("2026-05-01", 0), ("2026-05-07", 0), ("2026-05-08", 1)):
        payment = {**PAID_MONTH_END, "日付": paid}
        out = run(
            "table.reconcile",
            left=[invoice],
            right=[payment],
            **SAME,
            left_due_date="due_date",
            date_window_days=3,
        )
        assert out["matched"][0]["days_from_expected"] == off, paid


def test_the_counterpartys_terms_come_before_the_plans(run: Run) -> None:
    links = [
        {
            "index": 0,
            "file": "株式会社山田商店/請求書.pdf",
            "counterparty": {
                "code": "C001",
                "name": "株式会社山田商店",
                "payment_terms": "翌々月10日",
            },
            "confidence": 1.0,
            "method": "registration_number",
        }
    ]
    paid = {**PAID_MONTH_END, "日付": "2026-06-10"}
    out = run(
        "table.reconcile",
        left=[INVOICE],
        right=[paid],
        **SAME,
        payment_terms="翌月末",
        counterparty_links=links,
        date_window_days=2,
    )
    [match] = out["matched"]
    assert match["expected"]["basis"] == "counterparty_terms"
    assert (match["expected"]["due_date"], match["expected"]["terms"]) == (
        "2026-06-10",
        "翌々月10日",
    )
    out = run(
        "table.reconcile",
        left=[INVOICE],
        right=[paid],
        **SAME,
        payment_terms="翌月末",
        date_window_days=2,
    )
    assert out["matched"] == []  # by the plan's 翌月末 alone, 10 days late


def test_an_unreadable_due_date_falls_back_to_the_terms(run: Run) -> None:
    invoice = {**INVOICE, "due_date": "月末"}
    out = run(
        "table.reconcile",
        left=[invoice],
        right=[PAID_MONTH_END],
        **SAME,
        left_due_date="due_date",
        payment_terms="翌月末",
    )
    assert out["matched"][0]["expected"]["basis"] == "plan_terms"


def test_terms_that_do_not_parse_are_an_error_with_examples(run: Run) -> None:
    with pytest.raises(BlockError) as info:
        run(
            "table.reconcile",
            left=[INVOICE],
            right=[PAID_MONTH_END],
            **SAME,
            payment_terms="そのうち",
        )
    assert info.value.code == "PAYMENT_TERMS_INVALID"
    assert info.value.message == t("counterparty.terms.invalid", text="そのうち")
    assert info.value.hint == t("counterparty.terms.hint")


def test_the_terms_of_a_counterparty_linked_from_the_master_reach_the_reconciliation(
    run: Run,
) -> None:
    from blocks.counterparties.linking import link_evidence
    from blocks.counterparties.models import Counterparty

    master = [Counterparty(code="C001", name="株式会社山田商店", payment_terms="翌々月10日")]
    links = link_evidence(master, [INVOICE])["invoice_links"]
    assert links[0]["counterparty"]["payment_terms"] == "翌々月10日"
    paid = {**PAID_MONTH_END, "日付": "2026-06-10"}
    out = run(
        "table.reconcile",
        left=[INVOICE],
        right=[paid],
        **SAME,
        counterparty_links=links,
        date_window_days=0,
    )
    assert out["matched"][0]["expected"]["basis"] == "counterparty_terms"
