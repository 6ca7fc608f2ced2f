"""Tax qualification of a purchase under the invoice system, and keiri's tax-category codes.

Who decides whether a purchase is from a qualified invoice issuer (適格請求書発行事業者), in
order: the registry's answer for the number as of the transaction date (the output of
`registry.check`, an input of the block); else, only when the plan says so
(`trust_check_digit`), a number whose check digit is right; else nobody — the purchase is
booked as not qualified and marked for review. The deduction of a purchase that is not
qualified comes from `tax_periods.yaml` by its date (dates as data, never code).

Tax-category codes: `purchase_10`, `purchase_8r` (reduced 8%), with `_d80` / `_d70` / ... for
the transitional deduction, `out_of_scope` (対象外: payables, bank accounts).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from functools import cache
from importlib import resources
from typing import Any

import yaml

from blocks.invoice.rules import registration_problem
from blocks.journals.model import Qualification

__all__ = [
    "OUT_OF_SCOPE",
    "TaxTable",
    "category_for",
    "included_tax",
    "normalise_registry",
    "qualify",
    "tax_table",
]

OUT_OF_SCOPE = "out_of_scope"
#: Registry answers meaning "a qualified issuer on that date".
_REGISTERED = {"registered", "登録済", "適格"}
#: Registry answers that decide nothing (fall back as if there were no answer).
_UNDECIDED = {"unknown", "", None}


@dataclass(frozen=True)
class TaxTable:
    invoice_system_start: dt.date
    transitional: tuple[tuple[dt.date, dt.date, int], ...]
    after_transitional: int
    rates: tuple[int, ...]

    def deduction(self, day: dt.date) -> int:
        """Percent of the tax a purchase from a non-qualified business deducts on `day`."""
        if day < self.invoice_system_start:
            return 100
        for start, end, percent in self.transitional:
            if start <= day <= end:
                return percent
        return self.after_transitional


@cache
def tax_table() -> TaxTable:
    """The shipped `tax_periods.yaml`."""
    text = resources.files("blocks.journals").joinpath("tax_periods.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    return TaxTable(
        invoice_system_start=data["invoice_system_start"],
        transitional=tuple(
            (row["from"], row["to"], int(row["deduction"])) for row in data["transitional"]
        ),
        after_transitional=int(data["after_transitional"]),
        rates=tuple(int(rate) for rate in data["rates"]),
    )


def normalise_registry(value: Any) -> dict[str, str]:
    """The registry's answers as number -> status: a mapping of number -> status (or ->
    `{status: ...}`), or a list of `{registration_number | number, status}`."""
    answers: dict[str, str] = {}
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = [
            (row.get("registration_number") or row.get("number"), row)
            for row in value
            if isinstance(row, dict)
        ]
    else:
        items = []
    for number, answer in items:
        status = answer.get("status") if isinstance(answer, dict) else answer
        if number and status is not None:
            answers[str(number).strip().upper()] = str(status).strip()
    return answers


def qualify(
    number: str | None,
    day: dt.date,
    registry: Mapping[str, str],
    *,
    trust_check_digit: bool,
    table: TaxTable | None = None,
) -> Qualification:
    """Whether a purchase on `day` from the holder of `number` is qualified, and who said so."""
    table = table or tax_table()
    if day < table.invoice_system_start:
        return Qualification(
            status="before_invoice_system",
            deduction=100,
            source="date",
            registration_number=number,
        )
    partial = table.deduction(day)
    if not number:
        return Qualification(status="not_qualified", deduction=partial, source="no_number")
    answer = registry.get(number.strip().upper())
    if answer not in _UNDECIDED:
        qualified = answer in _REGISTERED
        return Qualification(
            status="qualified" if qualified else "not_qualified",
            deduction=100 if qualified else partial,
            source="registry",
            registration_number=number,
            registry_status=answer,
        )
    if trust_check_digit and registration_problem(number) is None:
        return Qualification(
            status="qualified",
            deduction=100,
            source="check_digit",
            registration_number=number,
            registry_status=answer,
        )
    return Qualification(
        status="not_qualified",
        deduction=partial,
        source="no_registry",
        registration_number=number,
        registry_status=answer,
    )


def category_for(rate: int, qualification: Qualification | None) -> str:
    """keiri's tax-category code of a purchase line at `rate` (`purchase_8r_d80`)."""
    code = "purchase_8r" if rate == 8 else f"purchase_{rate}"
    deduction = qualification.deduction if qualification else 100
    return code if deduction == 100 else f"{code}_d{deduction}"


def included_tax(gross: int, rate: int) -> int:
    """The tax inside a tax-inclusive amount, rounded down (`11000` at 10% -> `1000`)."""
    value = Decimal(gross) * rate / (100 + rate)
    return int(value.quantize(Decimal(1), rounding=ROUND_DOWN))
