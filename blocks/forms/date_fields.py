"""The date field types, typed as accountants write dates (full-width digits too):

- `month`, a 年月 (a closing month, a billing month): `2026-10`, `2026/10`, `2026年10月`,
  `令和8年10月`, `R8.10`, `令和元年5月分` -> `"2026-10"` in JSON.
- `date_range`, a 期間: two dates joined by `〜`, `~`, `..` or `から` (`2026/4/1〜2026/4/30`,
  `令和8年4月1日から令和8年4月30日`), one month for the whole of it (`2026年4月`) or one day ->
  `{"start": "2026-04-01", "end": "2026-04-30"}`. Real dates and start <= end are checks no
  JSON Schema carries (like a plan's regex, keiri runs them).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from calendar import monthrange
from typing import TYPE_CHECKING, Any

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from blocks.forms.field_type import (
    STRICT_STR,
    FieldSpec,
    FieldType,
    FieldValueError,
    Widget,
    read_text,
)
from blocks.text.japanese import DATE_PATTERN, ERAS, date_from_match
from keiri.base.catalog import t

if TYPE_CHECKING:
    from blocks.sdk.store import FileStore

__all__ = ["DATE_RANGE", "MONTH", "DateRange", "parse_date_range", "parse_month"]

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


def _check(_req: FieldSpec, value: Any) -> str | None:
    if re.fullmatch(_VALUE, value):
        return None
    return t("field.month_format", value=value)


def _parse(_req: FieldSpec, raw: str, _store: FileStore | None) -> str:
    return parse_month(read_text(raw, 64))


def _display(_req: FieldSpec, value: Any) -> str:
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

# --- date_range ------------------------------------------------------------------------------

_DAY = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
_DAY_SCHEMA = {"type": "string", "pattern": f"^{_DAY}$"}
_JOINS = re.compile(r"\s*(?:〜|~|\.\.|から|–)\s*")


@with_config(ConfigDict(extra="forbid"))
class DateRange(TypedDict):
    """A period as JSON holds it: ISO dates, both ends included."""

    start: STRICT_STR
    end: STRICT_STR


def _day(text: str, typed: str) -> dt.date:
    match = DATE_PATTERN.fullmatch(unicodedata.normalize("NFKC", text).strip())
    if match is None:
        raise FieldValueError(t("field.not_date_range", value=typed))
    try:
        return date_from_match(match)
    except ValueError:
        raise FieldValueError(t("field.no_such_date", value=text)) from None


def parse_date_range(text: str) -> DateRange:
    """`2026/4/1〜2026/4/30` or `2026年4月` -> `{"start": "2026-04-01", "end": "2026-04-30"}`;
    raises `FieldValueError` with a message for people."""
    parts = _JOINS.split(unicodedata.normalize("NFKC", text).strip())
    if len(parts) == 1 and _TYPED.fullmatch(parts[0].upper()):  # a month: the whole of it
        year, month = (int(p) for p in parse_month(parts[0]).split("-"))
        last = monthrange(year, month)[1]
        start, end = dt.date(year, month, 1), dt.date(year, month, last)
    elif len(parts) == 1:  # one day
        start = end = _day(parts[0], text)
    elif len(parts) == 2:
        start, end = _day(parts[0], text), _day(parts[1], text)
    else:
        raise FieldValueError(t("field.not_date_range", value=text))
    if start > end:
        raise FieldValueError(t("field.range_reversed", start=start, end=end))
    return {"start": start.isoformat(), "end": end.isoformat()}


def _range_check(_req: FieldSpec | None, value: Any) -> str | None:
    if all(re.fullmatch(_DAY, value[k]) for k in ("start", "end")):
        return None
    return t("field.date_range_format")


def _range_checks(_req: FieldSpec | None, value: Any) -> list[str]:
    """Real dates, and the start not after the end."""
    try:
        start, end = (dt.date.fromisoformat(value[k]) for k in ("start", "end"))
    except (ValueError, KeyError, TypeError):
        return [t("field.date_range_format")]
    return [t("field.range_reversed", start=start, end=end)] if start > end else []


def _range_display(_req: FieldSpec, value: Any) -> str:
    if isinstance(value, dict) and {"start", "end"} <= set(value):
        return t("field.date_range_value", start=value["start"], end=value["end"])
    return str(value)


def _range_default_ok(value: Any, _options: list[Any]) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"start", "end"}
        and all(isinstance(v, str) for v in value.values())
        and _range_check(None, value) is None
        and not _range_checks(None, value)
    )


DATE_RANGE = FieldType(
    name="date_range",
    python_type=lambda _r: DateRange,
    json_schema=lambda _r: {
        "type": "object",
        "properties": {"start": _DAY_SCHEMA, "end": _DAY_SCHEMA},
        "required": ["start", "end"],
        "additionalProperties": False,
    },
    check=_range_check,
    empty=None,
    sample=lambda _r: {"start": "2025-04-01", "end": "2025-04-30"},
    parse=lambda _r, raw, _s: parse_date_range(read_text(raw, 200)),
    display=_range_display,
    widget=Widget.PARSED_TEXT,
    form_checks=_range_checks,
    default_ok=_range_default_ok,
    placeholder=lambda: t("field.date_range_placeholder"),
)
