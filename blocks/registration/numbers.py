"""Registration numbers (登録番号) as people write them and as the registry stores them.

A number is "T" + 13 digits; the first digit is a check digit over the other 12 (the
法人番号 rule: weights 1, 2, 1, 2, ... from the right, 9 − (sum mod 9)). `blocks.invoice.rules`
applies the same rule to invoices; a test keeps the two in step (domains never import each
other). The registry stores the 13 digits as an integer.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

__all__ = ["NumberProblem", "as_integer", "as_text", "check_digit", "normalize", "problem_of"]

NumberProblem = Literal["format", "check_digit"]
_SEPARATORS = re.compile(r"[\s\-‐‑‒–—―−ー]")
_NUMBER = re.compile(r"T?(\d{13})")


def check_digit(base12: str) -> int:
    """Check digit of the 12 digits after it: weights 1,2,1,2,… from the right, 9 − (sum mod 9)."""
    total = sum(int(d) * (1 if i % 2 == 0 else 2) for i, d in enumerate(reversed(base12)))
    return 9 - total % 9


def normalize(text: str) -> str:
    """`Ｔ１２３４-５６７８…` → `T1234567…`: width folded, spaces and hyphens dropped, `T`
    upper-cased and added to 13 bare digits. Anything else is returned folded, unchanged."""
    folded = _SEPARATORS.sub("", unicodedata.normalize("NFKC", text)).upper()
    match = _NUMBER.fullmatch(folded)
    return f"T{match.group(1)}" if match else folded


def problem_of(number: str) -> NumberProblem | None:
    """`format` unless `number` is "T" + 13 digits, `check_digit` when its first digit is
    wrong, else None (the number may exist)."""
    match = re.fullmatch(r"T(\d{13})", number)
    if match is None:
        return "format"
    digits = match.group(1)
    return None if int(digits[0]) == check_digit(digits[1:]) else "check_digit"


def as_integer(number: str) -> int:
    """The stored form of a well-formed number (`T1234…` → 1234…)."""
    return int(number[1:])


def as_text(value: int) -> str:
    """The shown form of a stored number (leading zeros kept)."""
    return f"T{value:013d}"
