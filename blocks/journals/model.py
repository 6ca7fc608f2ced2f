"""The journal entry (仕訳) as data: `Entry` (one 伝票: its lines, counterparty, evidence, run
and tax qualification), `JournalBatch` (what a `journal.*` block outputs; `keiri journals
export` finds every batch of a run by its `journal_format`), and `Period`.

Amounts are integers in yen and tax-inclusive (税込経理): a line's `tax_amount` is the
consumption tax inside its `amount`. A line is on the debit (借方) or the credit (貸方) side;
an entry balances when both sides add up to the same amount. Tax categories are keiri's own
codes (`purchase_10`, `purchase_8r_d80`, `out_of_scope`, ...), named for each product by its
chart (`blocks/journals/charts/`).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "JOURNAL_FORMAT",
    "CounterpartyRef",
    "Entry",
    "Evidence",
    "JournalBatch",
    "Line",
    "Period",
    "Qualification",
    "Skipped",
    "parse_period",
]

JOURNAL_FORMAT: Literal["keiri.journal/1"] = "keiri.journal/1"
Side = Literal["debit", "credit"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Line(_Model):
    side: Side
    account: str = Field(min_length=1)
    tax_category: str = Field(min_length=1, description="keiri's code, e.g. purchase_10")
    amount: int = Field(description="yen, tax included")
    tax_amount: int = Field(default=0, description="the consumption tax inside `amount`")
    rate: int | None = Field(default=None, description="10 or 8 (reduced), null if untaxed")
    memo: str = ""


class Qualification(_Model):
    """The invoice system's answer for a purchase: how much of its tax may be deducted."""

    status: Literal["qualified", "not_qualified", "before_invoice_system"]
    deduction: int = Field(ge=0, le=100, description="percent of the tax deductible")
    source: Literal["registry", "check_digit", "no_registry", "no_number", "date"] = Field(
        description="what decided: the registry's answer, the check digit (when the plan "
        "trusts it), no registry answer, no number, or the date (before 2023-10-01)"
    )
    registration_number: str | None = None
    registry_status: str | None = None


class Evidence(_Model):
    store_id: str | None = Field(default=None, description="sha256 of the file in the store")
    uri: str | None = None
    name: str | None = None
    path: str | None = None


class CounterpartyRef(_Model):
    code: str | None = None
    name: str | None = None
    registration_number: str | None = None
    confidence: float | None = None
    method: str | None = None


class Entry(_Model):
    """One 伝票."""

    id: str
    kind: Literal["purchase", "payment"]
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    description: str = Field(description="摘要")
    counterparty: CounterpartyRef
    lines: list[Line] = Field(min_length=2)
    qualification: Qualification | None = None
    account_source: str = Field(description="rule:<id>, counterparty, fallback, person, payment")
    review: bool = False
    review_reasons: list[str] = Field(default_factory=list)
    due_date: str | None = None
    evidence: Evidence = Field(default_factory=Evidence)
    run_id: str = ""
    dedup_key: str
    source: dict[str, Any] = Field(default_factory=dict)

    def total(self, side: Side) -> int:
        return sum(line.amount for line in self.lines if line.side == side)


class Skipped(_Model):
    """Evidence that did not become an entry, and why."""

    file: str
    code: str
    reason: str


class Period(_Model):
    start: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    end: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")

    def contains(self, day: str) -> bool:
        return self.start <= day <= self.end

    def label(self) -> str:
        return f"{self.start}..{self.end}"


class JournalBatch(_Model):
    """What a journal block outputs: the entries of one node of a run. A corrected copy
    (`journal.apply_corrections`) keeps the node it came from and counts up `revision`: an
    export of the run takes the latest revision of each node's batch."""

    journal_format: Literal["keiri.journal/1"] = JOURNAL_FORMAT
    kind: Literal["purchases", "payments"]
    run_id: str = ""
    plan_id: str = ""
    node_id: str = ""
    revision: int = Field(default=0, ge=0, description="0 as built; +1 per correction")
    period: Period | None = None
    entries: list[Entry] = Field(default_factory=list)
    skipped: list[Skipped] = Field(default_factory=list)


_MONTH = re.compile(r"(\d{4})-(\d{1,2})")
_RANGE = re.compile(r"(\d{4}-\d{2}-\d{2})\s*(?:\.\.|~|〜|～)\s*(\d{4}-\d{2}-\d{2})")


def parse_period(value: Any) -> Period | None:
    """`"2026-09"` (a month), `"2026-09-21..2026-10-20"`, `{start, end}` or None; a
    ValueError for anything else."""
    if value is None or value == "":
        return None
    if isinstance(value, dict):
        period = Period.model_validate(value)
    elif isinstance(value, str) and (month := _MONTH.fullmatch(value.strip())):
        year, number = int(month.group(1)), int(month.group(2))
        last = calendar.monthrange(year, number)[1]
        period = Period(start=f"{year:04d}-{number:02d}-01", end=f"{year:04d}-{number:02d}-{last}")
    elif isinstance(value, str) and (span := _RANGE.fullmatch(value.strip())):
        period = Period(start=span.group(1), end=span.group(2))
    else:
        raise ValueError(value)
    dt.date.fromisoformat(period.start), dt.date.fromisoformat(period.end)
    if period.start > period.end:
        raise ValueError(value)
    return period
