"""A consumption tax stated without its rate (「(うち消費税等相当額 4,748円)」 on a utility's bill,
a 消費税 column of a summary table): the rate the document's own arithmetic gives it.

The tax is taken for one rate only when the document states one tax amount, no tax with a
rate, and exactly one of the rates in question gives that amount from the total — the tax
inside a tax-inclusive total (total × r / (100 + r)) or on top of the rest (the rest × r /
100), rounded down, to nearest or up as invoices do. The rates in question are those the
item rows state when they state one, else 10 % and 8 %. A document of two rates, or one where
both rates or none fit, keeps its tax unassigned, as before.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

from blocks.invoice.lines import amount_value
from blocks.invoice.patterns import TAX

__all__ = ["rate_of_unrated_tax"]

_RATES = ("10", "8")


def _roundings(value: Fraction) -> set[int]:
    return {math.floor(value), math.ceil(value), math.floor(value + Fraction(1, 2))}


def _fits(rate: str, tax: int, totals: set[int]) -> bool:
    r = Fraction(Decimal(rate))
    return any(
        tax in _roundings(total * r / (100 + r)) or tax in _roundings((total - tax) * r / 100)
        for total in totals
    )


def rate_of_unrated_tax(
    text: str, totals: set[Any], lines: list[dict[str, Any]]
) -> tuple[str, int, str] | None:
    """(rate, tax, the text it was read from) of the one tax `text` states without a rate,
    when exactly one rate fits `totals` (the total, and the total less what is outside the
    tax or carried over); None otherwise."""
    found = {
        value: match.group(0)
        for match in TAX.finditer(text)
        if (value := amount_value(match.group(1))) and isinstance(value, int) and value > 0
    }
    if len(found) != 1:
        return None
    ((tax, said),) = found.items()
    stated = {
        str(line["rate"])
        for line in lines
        if line.get("rate_stated") and not line.get("non_taxable") and line["rate"] is not None
    }
    rates = tuple(stated) if stated else _RATES
    whole = {int(t) for t in totals if isinstance(t, int) and t > tax}
    fitting = [rate for rate in rates if _fits(rate, tax, whole)]
    return (fitting[0], tax, said) if len(fitting) == 1 else None
