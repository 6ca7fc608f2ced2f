"""Amounts as accountants write them: `120000`, `120,000`, `１２０，０００`, `120,000円`,
`¥120,000`, `△5,000` / `▲5,000` (negative). Integral values are `int` wherever they came from
(`120000`, never `120000.0`); NaN and infinity are not amounts."""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from keiri.messages import t

__all__ = ["AmountError", "format_amount", "integral", "parse_amount"]


class AmountError(ValueError):
    """A value that does not convert or does not fit; the message is for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_AMOUNT = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
_MINUS = ("△", "▲", "-", "−", "ー")


def integral(value: int | float) -> int | float:
    """120000.0 -> 120000: an integral amount stays an integer wherever it came from."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def parse_amount(text: str) -> int | float:
    """A number as accountants write it (see the module docstring)."""
    s = unicodedata.normalize("NFKC", text).strip().replace(" ", "")
    negative = False
    if s[:1] in _MINUS:
        negative, s = True, s[1:]
    elif s[:1] == "+":
        s = s[1:]
    s = s.removeprefix("¥").removeprefix("\\").removesuffix("円")
    if s[:1] in _MINUS and not negative:  # ¥-5,000
        negative, s = True, s[1:]
    if not s or not _AMOUNT.match(s):
        raise AmountError(t("field.not_number"))
    number = float(s.replace(",", "")) if "." in s else int(s.replace(",", ""))
    if not math.isfinite(number):
        raise AmountError(t("field.not_finite"))
    return integral(-number if negative else number)


def format_amount(value: Any) -> str:
    """`120000` -> `120,000` (what the form app's amount box shows)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    value = integral(value)
    return f"{value:,}" if isinstance(value, int) else f"{value:,.10g}"
