"""The numbers a text quotes, for checking a model's writing against the data it was given
(`designer.ask` answers, `flows.backend.people_summary` run summaries): a model may quote only numbers
that are present in the data, never compute or invent one."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["numbers_in"]

_NUMBER = re.compile(r"(?<![\d.])-?\d[\d,]*(?:\.\d+)?")
_LIST_MARK = re.compile(r"^\s*\d{1,2}[.)．）]\s*", re.MULTILINE)  # "1. " of a numbered list


def numbers_in(value: Any) -> set[str]:
    """Every number written in `value` (JSON text), without separators: `1,200.0` → `1200`."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = _LIST_MARK.sub("", text)
    found = set()
    for match in _NUMBER.finditer(text):
        raw = match.group(0).replace(",", "")
        found.add(raw[:-2] if raw.endswith(".0") else raw)
    return found
