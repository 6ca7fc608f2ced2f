"""Yen amounts parsed with a bounded grammar into `Decimal`.

Accepted (after NFKC, so full-width digits and commas work): an optional sign (`-`, `+`,
`△`, `▲`, or parentheses around the number), an optional `¥`/`￥` before and `円`/`-` after,
digits with optional thousands separators, an optional fraction of at most 4 digits, and
the tax notes `(税込)`/`(税抜)`. Nothing else: no exponents, no `NaN`/`Infinity`, at most
`MAX_DIGITS` integer digits and `MAX_TEXT` characters. Numbers that arrive as numbers (an
Excel cell) are held to the same limits; a float NaN or infinity is invalid.

Every parse is linear in the (bounded) input: a hostile cell such as `"9e999999"` costs
microseconds, never seconds of big-number arithmetic.
"""

from __future__ import annotations

import math
import re
import unicodedata
from decimal import Decimal
from typing import Any

from keiri.base.catalog import t

__all__ = ["MAX_DIGITS", "MAX_TEXT", "AmountError", "parse_amount", "plain_number"]

#: The longest integer part accepted (15 digits: up to 999 trillion yen).
MAX_DIGITS = 15
#: The longest text considered an amount at all.
MAX_TEXT = 40
_LIMIT = Decimal(10) ** MAX_DIGITS
_GRAMMAR = re.compile(
    r"(?P<sign>[-+△▲])?\s*(?P<paren>\()?\s*(?:[¥￥]\s*)?(?P<inner_sign>[-△▲])?\s*"
    r"(?P<int>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,4}))?\s*"
    r"(?(paren)\))\s*(?:円|-|円也)?\s*(?:\((?:税込|税抜|税込み|税抜き)\))?"
)


class AmountError(ValueError):
    """A value that is not an amount; `reason` says why in the reader's language;
    `too_large`: it has more than `MAX_DIGITS` digits."""

    def __init__(self, value: Any, reason: str, too_large: bool = False) -> None:
        shown = repr(value) if not isinstance(value, str) or len(value) <= 60 else repr(value[:60])
        super().__init__(f"{shown} is not an amount ({reason})")
        self.value = value
        self.reason = reason
        self.too_large = too_large


def _too_large(value: Any) -> AmountError:
    return AmountError(value, t("runtime.amount.too_large", digits=MAX_DIGITS), too_large=True)


def _bounded(value: Decimal, original: Any) -> Decimal:
    if not value.is_finite():
        raise AmountError(original, t("runtime.amount.not_finite"))
    if abs(value) >= _LIMIT:
        raise _too_large(original)
    return value


def parse_amount(value: Any) -> Decimal | None:
    """An amount as `Decimal`; None for an empty value; raises `AmountError` otherwise.

    `"１２，３４５円"` -> 12345, `"△500"` -> -500, `"(1,200)"` -> -1200, `"¥35,698-"` -> 35698.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise AmountError(value, t("runtime.amount.boolean"))
    if isinstance(value, int):
        if value.bit_length() > 64:
            raise _too_large(value)
        return _bounded(Decimal(value), value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise AmountError(value, t("runtime.amount.not_finite"))
        return _bounded(Decimal(repr(value)), value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise AmountError(value, t("runtime.amount.not_finite"))
        if value.adjusted() >= MAX_DIGITS:
            raise _too_large(value)
        return value
    if not isinstance(value, str):
        raise AmountError(value, t("runtime.amount.not_amount", kind=type(value).__name__))
    if len(value) > MAX_TEXT * 4:
        raise AmountError(value, t("runtime.value.too_long", limit=MAX_TEXT))
    text = unicodedata.normalize("NFKC", value).strip().replace(" ", "")
    if not text:
        return None
    if len(text) > MAX_TEXT:
        raise AmountError(value, t("runtime.value.too_long", limit=MAX_TEXT))
    match = _GRAMMAR.fullmatch(text)
    if match is None:
        raise AmountError(value, t("runtime.amount.format"))
    digits = match.group("int").replace(",", "")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise _too_large(value)
    frac = match.group("frac")
    number = Decimal(f"{digits}.{frac}" if frac else digits)
    if match.group("inner_sign") and (match.group("sign") or match.group("paren")):
        raise AmountError(value, t("runtime.amount.double_sign"))
    negative = bool(match.group("paren")) or match.group("sign") in ("-", "△", "▲")
    if match.group("inner_sign"):
        negative = not negative
    return -number if negative else number


def plain_number(value: Decimal) -> int | float:
    """A JSON number: an int when integral, else a float."""
    return int(value) if value == value.to_integral_value() else float(value)
