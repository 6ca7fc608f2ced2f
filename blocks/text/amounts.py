"""Yen amounts, parsed once with a bounded grammar, in two behaviours:

- `parse_amount(value) -> Decimal | None` — for accounting (statements, Excel cells,
  reconciliation, totals): exact, None for an empty value.
- `parse_form_amount(text) -> int | float` — for a value a person typed (a form's number box,
  `keiri resume --input`): a JSON number, integral ones as `int` (`120000`, never
  `120000.0`); also takes what Japanese keyboards type (`\\` for ¥, `ー` as a minus).

Both raise the one `AmountError`: `kind` names the problem (`AMOUNT_ERROR_KINDS`: its key), `reason`
says it to people (the accounting wording from `parse_amount`, the form's from
`parse_form_amount`). `integral` and `format_amount` are the form side's number helpers.

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
from typing import Any, Literal

from keiri.base.catalog import t

__all__ = [
    "AMOUNT_ERROR_KINDS",
    "MAX_DIGITS",
    "MAX_TEXT",
    "AmountError",
    "AmountErrorKind",
    "format_amount",
    "integral",
    "parse_amount",
    "parse_form_amount",
    "plain_number",
]

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

AmountErrorKind = Literal[
    "not_finite", "too_large", "too_long", "not_amount", "double_sign", "boolean", "not_text"
]
#: Why a value is not an amount, in the accounting wording (`parse_amount`): catalog keys.
AMOUNT_ERROR_KINDS: dict[AmountErrorKind, str] = {
    "not_finite": "runtime.amount.not_finite",
    "too_large": "runtime.amount.too_large",
    "too_long": "runtime.value.too_long",
    "not_amount": "runtime.amount.format",
    "double_sign": "runtime.amount.double_sign",
    "boolean": "runtime.amount.boolean",
    "not_text": "runtime.amount.not_amount",
}


def _reason(value: Any, kind: AmountErrorKind) -> str:
    """The accounting wording of `kind`, in the reader's language."""
    return t(AMOUNT_ERROR_KINDS[kind], digits=MAX_DIGITS, limit=MAX_TEXT, kind=type(value).__name__)


class AmountError(ValueError):
    """A value that is not an amount: `kind` names the problem, `reason` says it to people."""

    def __init__(self, value: Any, kind: AmountErrorKind, reason: str | None = None) -> None:
        shown = repr(value) if not isinstance(value, str) or len(value) <= 60 else repr(value[:60])
        self.value = value
        self.kind: AmountErrorKind = kind
        self.reason = reason or _reason(value, kind)
        super().__init__(f"{shown} is not an amount ({self.reason})")


def _bounded(value: Decimal, original: Any) -> Decimal:
    if not value.is_finite():
        raise AmountError(original, "not_finite")
    if abs(value) >= _LIMIT:
        raise AmountError(original, "too_large")
    return value


def parse_amount(value: Any) -> Decimal | None:
    """An amount as `Decimal`, for accounting; None for an empty value; raises `AmountError`.

    `"１２，３４５円"` -> 12345, `"△500"` -> -500, `"(1,200)"` -> -1200, `"¥35,698-"` -> 35698.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise AmountError(value, "boolean")
    if isinstance(value, int):
        if value.bit_length() > 64:
            raise AmountError(value, "too_large")
        return _bounded(Decimal(value), value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise AmountError(value, "not_finite")
        return _bounded(Decimal(repr(value)), value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise AmountError(value, "not_finite")
        if value.adjusted() >= MAX_DIGITS:
            raise AmountError(value, "too_large")
        return value
    if not isinstance(value, str):
        raise AmountError(value, "not_text")
    if len(value) > MAX_TEXT * 4:
        raise AmountError(value, "too_long")
    text = unicodedata.normalize("NFKC", value).strip().replace(" ", "")
    if not text:
        return None
    if len(text) > MAX_TEXT:
        raise AmountError(value, "too_long")
    match = _GRAMMAR.fullmatch(text)
    if match is None:
        raise AmountError(value, "not_amount")
    digits = match.group("int").replace(",", "")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise AmountError(value, "too_large")
    frac = match.group("frac")
    number = Decimal(f"{digits}.{frac}" if frac else digits)
    if match.group("inner_sign") and (match.group("sign") or match.group("paren")):
        raise AmountError(value, "double_sign")
    negative = bool(match.group("paren")) or match.group("sign") in ("-", "△", "▲")
    if match.group("inner_sign"):
        negative = not negative
    return -number if negative else number


def plain_number(value: Decimal) -> int | float:
    """A JSON number: an int when integral, else a float."""
    return int(value) if value == value.to_integral_value() else float(value)


# --- a value a person typed ------------------------------------------------------------------


def integral(value: int | float) -> int | float:
    """120000.0 -> 120000: an integral amount stays an integer wherever it came from."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def parse_form_amount(text: str) -> int | float:
    """A number a person typed, as accountants write it (`120000`, `120,000`, `１２０，０００`,
    `120,000円`, `¥120,000`, `△5,000`): `parse_amount`'s grammar, plus `\\` for ¥ and `ー` as a
    minus; never empty; the reason in the form's words (`field.*`)."""
    s = unicodedata.normalize("NFKC", text).strip().replace(" ", "").replace("\\", "¥")
    if s[:1] in ("ー", "−"):
        s = "-" + s[1:]
    if s.endswith("-"):  # `35,698-` is how receipts print; typed into a form it is a slip
        raise AmountError(text, "not_amount", t("field.not_number"))
    try:
        value = parse_amount(s)
    except AmountError as exc:
        too_big = exc.kind == "too_large"
        reason = t("field.amount_too_large" if too_big else "field.not_number")
        raise AmountError(text, exc.kind, reason) from None
    if value is None:
        raise AmountError(text, "not_amount", t("field.not_number"))
    return integral(plain_number(value))


def format_amount(value: Any) -> str:
    """`120000` -> `120,000` (what the form app's amount box shows)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    value = integral(value)
    return f"{value:,}" if isinstance(value, int) else f"{value:,.10g}"
