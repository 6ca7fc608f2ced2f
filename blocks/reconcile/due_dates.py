"""When an invoice is expected to be paid: its due date (支払期限, read from the document), else
the due date under the vendor's payment terms (the counterparty master's 支払条件 when the
invoice is linked to a counterparty, else the plan's `payment_terms`), moved to the business
days a payment due on a bank holiday is made on (`blocks.text.calendar.payment_days`: the
business day before or after). Without either, the invoice date is the expected day, as a
reconciliation without terms always did.

    expected = expected_payments(invoices, date_field="transaction_date",
                                 due_field="due_date", default_terms=parse_terms("翌月末"))
    expected[0]   # Expected(first=2026-05-29, last=2026-06-01, due=2026-05-31, basis="terms", ...)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from blocks.sdk.errors import BlockError
from blocks.text.calendar import payment_days
from blocks.text.dates import DateError, parse_date_value
from blocks.text.payment_terms import PaymentTerms, parse_terms

__all__ = ["BASES", "Expected", "expected_payments", "source_path", "terms_by_file"]

#: Where an expected payment day comes from.
BASES = ("due_date", "counterparty_terms", "plan_terms")


@dataclass(frozen=True)
class Expected:
    """The days an invoice is expected to be paid on (`first`..`last`, inclusive)."""

    first: dt.date
    last: dt.date
    due: dt.date
    basis: str
    terms: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "due_date": self.due.isoformat(),
            "first_day": self.first.isoformat(),
            "last_day": self.last.isoformat(),
            "basis": self.basis,
            "terms": self.terms,
        }


def _date(value: Any) -> dt.date | None:
    try:
        return parse_date_value(value)
    except DateError:
        return None


def source_path(fields: Mapping[str, Any]) -> str | None:
    """The evidence file an invoice was read from (how the other outputs name it)."""
    source = fields.get("source") or {}
    if not isinstance(source, Mapping):
        return None
    found = source.get("path") or source.get("name")
    return str(found) if found else None


def terms_by_file(links: Sequence[Mapping[str, Any]] | None) -> dict[str, PaymentTerms]:
    """The payment terms of each linked invoice's counterparty, by the invoice's file
    (`counterparties.link`'s `invoice_links`). Terms the master holds were checked when stored;
    a text that does not parse any more is left out (the plan's terms apply)."""
    found: dict[str, PaymentTerms] = {}
    for link in links or []:
        counterparty = link.get("counterparty") or {}
        text = counterparty.get("payment_terms") if isinstance(counterparty, Mapping) else None
        file = link.get("file")
        if not text or not file:
            continue
        try:
            found[str(file)] = parse_terms(str(text))
        except BlockError:
            continue
    return found


def expected_payments(
    rows: Sequence[Any],
    *,
    date_field: str | None,
    due_field: str | None = None,
    default_terms: PaymentTerms | None = None,
    counterparty_terms: Mapping[str, PaymentTerms] | None = None,
) -> dict[int, Expected]:
    """The expected payment days of each row that has a due date or terms (by row index)."""
    found: dict[int, Expected] = {}
    by_file = counterparty_terms or {}
    for index, row in enumerate(rows):
        if not isinstance(row, Mapping):
            continue
        due = _date(row.get(due_field)) if due_field else None
        basis, terms = "due_date", None
        if due is None:
            invoice_date = _date(row.get(date_field)) if date_field else None
            file = source_path(row)
            chosen = by_file.get(file) if file else None
            basis = "counterparty_terms" if chosen is not None else "plan_terms"
            chosen = chosen or default_terms
            if invoice_date is None or chosen is None:
                continue
            due, terms = chosen.due_date(invoice_date), chosen.text()
        first, last = payment_days(due)
        found[index] = Expected(first, last, due, basis, terms)
    return found
