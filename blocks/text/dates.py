"""Dates as they arrive in accounting data: date objects, ISO and Japanese text (西暦 and
和暦, via `invoice_text.parse_date_text`), Excel serial numbers (a cell left unformatted) and
`YYYYMMDD` numbers. Anything else is a `DateError` with a Japanese reason."""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any

from blocks.text.japanese import parse_date_text
from keiri.base.catalog import t

__all__ = ["DateError", "excel_serial_date", "parse_date_value"]

_EXCEL_EPOCH = dt.date(1899, 12, 30)  # Excel's 1900 system, after its 1900-02-29 bug
_SERIAL_MIN, _SERIAL_MAX = 1, 2_958_465  # 1900-01-01 .. 9999-12-31
_COMPACT = re.compile(r"(\d{4})(\d{2})(\d{2})")
_MAX_TEXT = 40


class DateError(ValueError):
    def __init__(self, value: Any, reason: str) -> None:
        super().__init__(f"{str(value)[:60]!r} is not a date ({reason})")
        self.value = value
        self.reason = reason


def excel_serial_date(serial: float) -> dt.date:
    """An Excel serial day number (1900 date system) as a date."""
    return _EXCEL_EPOCH + dt.timedelta(days=int(serial))


def _compact(text: str, value: Any) -> dt.date | None:
    match = _COMPACT.fullmatch(text)
    if match is None:
        return None
    try:
        return dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError as exc:
        raise DateError(value, t("runtime.date.no_such_day")) from exc


def parse_date_value(value: Any) -> dt.date | None:
    """A date; None for an empty value; raises `DateError`."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, bool):
        raise DateError(value, t("runtime.date.boolean"))
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value):
            raise DateError(value, t("runtime.date.not_finite"))
        if isinstance(value, int) and 19000101 <= value <= 99991231:
            return _compact(str(value), value)
        if _SERIAL_MIN <= value <= _SERIAL_MAX:
            return excel_serial_date(value)
        raise DateError(value, t("runtime.date.serial_range"))
    text = str(value).strip()
    if len(text) > _MAX_TEXT:
        raise DateError(value, t("runtime.value.too_long", limit=_MAX_TEXT))
    compact = _compact(text, value)
    if compact is not None:
        return compact
    if re.fullmatch(r"\d{1,7}(?:\.0+)?", text):
        return parse_date_value(float(text))
    try:
        parsed = parse_date_text(text)
    except ValueError as exc:
        raise DateError(value, t("runtime.date.no_such_day")) from exc
    if parsed is None:
        raise DateError(value, t("runtime.date.format"))
    return parsed
