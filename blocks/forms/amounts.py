"""Amounts as accountants write them: `120000`, `120,000`, `１２０，０００`, `120,000円`,
`¥120,000`, `△5,000` / `▲5,000` (negative). Integral values are `int` wherever they came from
(`120000`, never `120000.0`); NaN and infinity are not amounts."""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from blocks.text import amounts
from blocks.text.japanese import MINUS_LIKE
from keiri.base.catalog import t

__all__ = ["AmountError", "format_amount", "integral", "parse_amount"]


class AmountError(ValueError):
    """A value that does not convert or does not fit; the message is for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def integral(value: int | float) -> int | float:
    """120000.0 -> 120000: an integral amount stays an integer wherever it came from."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def parse_amount(text: str) -> int | float:
    """A number as accountants write it (see the module docstring), through the one bounded
    amount grammar of `blocks.text.amounts` (digits, separators, yen marks, △/▲, at most 15
    digits); the form also takes what Japanese keyboards type: `\\` for ¥ and `ー` as a minus."""
    s = unicodedata.normalize("NFKC", text).strip().replace(" ", "").replace("\\", "¥")
    if s[:1] in MINUS_LIKE:
        s = "-" + s[1:]
    if s.endswith("-"):  # `35,698-` is how receipts print; typed into a form it is a slip
        raise AmountError(t("field.not_number"))
    try:
        value = amounts.parse_amount(s)
    except amounts.AmountError as exc:
        raise AmountError(
            t("field.amount_too_large" if exc.too_large else "field.not_number")
        ) from None
    if value is None:
        raise AmountError(t("field.not_number"))
    return integral(amounts.plain_number(value))


def format_amount(value: Any) -> str:
    """`120000` -> `120,000` (what the form app's amount box shows)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    value = integral(value)
    return f"{value:,}" if isinstance(value, int) else f"{value:,.10g}"
