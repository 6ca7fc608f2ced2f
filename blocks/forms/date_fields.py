"""The date field types: `month`, a 年月 (a closing month, a billing month). A person types it
as accountants write it — `2026-10`, `2026/10`, `2026年10月`, `令和8年10月`, `R8.10`,
`令和元年5月分` (full-width digits too) — and the answer is `"2026-10"` in JSON."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from calendar import monthrange
from typing import TYPE_CHECKING, Any

from blocks.forms.field_type import STRICT_STR, FieldType, FieldValueError, Widget, read_text
from blocks.text.japanese import ERAS
from keiri.base.catalog import t

if TYPE_CHECKING:
    from blocks.forms.requirement import Requirement
    from blocks.sdk.store import FileStore

__all__ = ["MONTH", "parse_month"]

#: A month as JSON holds it (the same pattern in the schema the Prefect server evaluates).
_VALUE = r"[1-9][0-9]{3}-(0[1-9]|1[0-2])"
_ERA_LETTERS = {letter: name for name, (_, _, letter) in ERAS.items()}
_TYPED = re.compile(
    rf"(?:(?P<era>{'|'.join(ERAS)}|[{''.join(_ERA_LETTERS)}])\s*(?P<era_year>\d{{1,2}}|元)"
    r"|(?P<year>\d{4}))\s*(?:年|[-/.])\s*(?P<month>\d{1,2})\s*(?:月\s*)?(?:分)?"
)


def _in_era(name: str, year: int, month: int) -> bool:
    """Whether the era `name` covers some day of the month (令和元年4月 does not exist)."""
    start = ERAS[name][1]
    later = [s for _, s, _ in ERAS.values() if s > start]
    first, last = dt.date(year, month, 1), dt.date(year, month, monthrange(year, month)[1])
    return last >= start and (not later or first < min(later))


def parse_month(text: str) -> str:
    """`令和8年10月` -> `"2026-10"`; raises `FieldValueError` with a message for people."""
    typed = unicodedata.normalize("NFKC", text).strip()
    match = _TYPED.fullmatch(typed.upper())
    if match is None:
        raise FieldValueError(t("field.not_month", value=text))
    month = int(match.group("month"))
    era = match.group("era")
    if era:
        name = _ERA_LETTERS.get(era, era)
        number = 1 if match.group("era_year") == "元" else int(match.group("era_year"))
        year = ERAS[name][0] + number - 1
        if number < 1 or not 1 <= month <= 12 or not _in_era(name, year, month):
            raise FieldValueError(t("field.no_such_month", value=text))
    else:
        year = int(match.group("year"))
        if year < 1000 or not 1 <= month <= 12:
            raise FieldValueError(t("field.no_such_month", value=text))
    return f"{year:04d}-{month:02d}"


def _check(_req: Requirement, value: Any) -> str | None:
    if re.fullmatch(_VALUE, value):
        return None
    return t("field.month_format", value=value)


def _parse(_req: Requirement, raw: str, _store: FileStore | None) -> str:
    return parse_month(read_text(raw, 64))


def _display(_req: Requirement, value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(_VALUE, value):
        return str(value)
    year, month = value.split("-")
    return t("field.month_value", year=int(year), month=int(month))


MONTH = FieldType(
    name="month",
    python_type=lambda _r: STRICT_STR,
    json_schema=lambda _r: {"type": "string", "pattern": f"^{_VALUE}$"},
    check=_check,
    empty=None,
    sample=lambda _r: "2025-04",
    parse=_parse,
    display=_display,
    widget=Widget.PARSED_TEXT,
    default_ok=lambda v, _o: isinstance(v, str) and re.fullmatch(_VALUE, v) is not None,
    placeholder=lambda: t("field.month_placeholder"),
)
