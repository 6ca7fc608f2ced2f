"""Japanese business days: weekends, national holidays, the banks' 年末年始 and the
company's own closed days — one calendar for business-day schedules and for payment days.

National holidays (祝日, 振替休日, 国民の休日) and the bank holidays (12/31, 1/2, 1/3: 銀行法施行令
第5条) come from the maintained `holidays` package (`holidays.Japan`, categories `public` and
`bank`), so a new holiday law arrives with a package update, not a code change. The company's
extra closed days (12/29-30, お盆, a one-off day) come from a small YAML file named by the one
setting `KEIRI_COMPANY_CALENDAR` (default `<project>/company_calendar.yaml`) and apply where a
caller passes them (`closed=company_calendar()`: schedules do; bank payment days do not):

```yaml
closed:
  - "12-29..01-03"   # every year (a range may wrap the new year)
  - "08-13"          # every year
  - 2026-06-01       # once
  - 2026-08-12..2026-08-14
```

API (`closed` is a `ClosedDays`, default none):

    is_business_day(date(2026, 5, 4))                    # False (みどりの日)
    business_days_of_month(2026, 5, closed)              # [2026-05-01, 2026-05-07, ...]
    shift_to_business_day(d, "before" | "after", closed) # d itself on a business day
    previous_business_day(date(2026, 5, 31))             # 2026-05-29 (Sunday -> Friday)
    next_business_day(date(2026, 5, 31))                 # 2026-06-01
    payment_days(date(2026, 5, 31))                      # (2026-05-29, 2026-06-01)
    holiday_name(date(2026, 5, 4))                       # "みどりの日"

A payment due on a closed day is made the business day before (前営業日払い) or after
(翌営業日払い), depending on the contract; `payment_days` gives both ends so a matcher can accept
either. Plain library: imports only `keiri.base`.
"""

from __future__ import annotations

import calendar as _calendar
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ConfigError

__all__ = [
    "ClosedDays",
    "business_days_of_month",
    "company_calendar",
    "holiday_name",
    "is_business_day",
    "is_holiday",
    "load_closed_days",
    "next_business_day",
    "payment_days",
    "previous_business_day",
    "shift_to_business_day",
]

_YEARLY = re.compile(r"^(\d{2})-(\d{2})$")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class ClosedDays:
    """The company's closed days beyond weekends and national holidays."""

    yearly: frozenset[tuple[int, int]] = field(default_factory=frozenset)  # (month, day)
    dates: frozenset[date] = field(default_factory=frozenset)
    source: str = ""

    def __contains__(self, day: object) -> bool:
        if not isinstance(day, date):
            return False
        return day in self.dates or (day.month, day.day) in self.yearly


@lru_cache(maxsize=64)
def _national(year: int) -> dict[date, str]:
    import holidays

    found = holidays.country_holidays(
        "JP", years=year, categories=("bank", "public"), language="ja"
    )
    return dict(found.items())


def is_holiday(d: date) -> bool:
    """A holiday of Japan: national (祝日, 振替休日, 国民の休日) or the banks' 12/31, 1/2, 1/3."""
    return d in _national(d.year)


def holiday_name(d: date) -> str | None:
    """The holiday's name in Japanese (`元日; 銀行休業日`), or None (weekends are not named)."""
    return _national(d.year).get(d)


def is_business_day(d: date, closed: ClosedDays | None = None) -> bool:
    """Not a Saturday or Sunday, not a national holiday, not a company closed day."""
    return d.weekday() < 5 and not is_holiday(d) and d not in (closed or ClosedDays())


def business_days_of_month(year: int, month: int, closed: ClosedDays | None = None) -> list[date]:
    """Every business day of the month, in order."""
    last = _calendar.monthrange(year, month)[1]
    days = (date(year, month, n) for n in range(1, last + 1))
    return [d for d in days if is_business_day(d, closed)]


def shift_to_business_day(
    d: date, direction: Literal["before", "after"], closed: ClosedDays | None = None
) -> date:
    """`d` when it is a business day, else the nearest business day before or after it."""
    step = timedelta(days=-1 if direction == "before" else 1)
    for _ in range(366):
        if is_business_day(d, closed):
            return d
        d += step
    raise ValueError(f"no business day within a year of {d}")  # pragma: no cover


def previous_business_day(d: date, closed: ClosedDays | None = None) -> date:
    """`d` itself when it is a business day, else the business day before it."""
    return shift_to_business_day(d, "before", closed)


def next_business_day(d: date, closed: ClosedDays | None = None) -> date:
    """`d` itself when it is a business day, else the business day after it."""
    return shift_to_business_day(d, "after", closed)


def payment_days(due: date, closed: ClosedDays | None = None) -> tuple[date, date]:
    """The days a payment due on `due` may be made on time: (`due`, `due`) on a business day;
    on a closed day, the business day before and the business day after."""
    return previous_business_day(due, closed), next_business_day(due, closed)


# --- the company calendar file --------------------------------------------------------------


def company_calendar() -> ClosedDays:
    """The configured company calendar (`KEIRI_COMPANY_CALENDAR`, else
    `<project>/company_calendar.yaml` when it exists; none: no extra closed days)."""
    configured = settings.get().ops.company_calendar
    path = configured or settings.project_root() / "company_calendar.yaml"
    if configured is None and not path.is_file():
        return ClosedDays()
    return load_closed_days(path)


def load_closed_days(path: Path) -> ClosedDays:
    """Read a company calendar file; a `ConfigError` lists every entry that is not a day, a
    yearly `MM-DD`, or a range of either."""
    resolved = path.resolve()
    try:
        stamp = resolved.stat().st_mtime_ns
    except OSError:
        raise ConfigError(
            [t("calendar.missing", path=str(path))], fields=["KEIRI_COMPANY_CALENDAR"]
        ) from None
    return _load(resolved, stamp)


@lru_cache(maxsize=8)
def _load(path: Path, _stamp: int) -> ClosedDays:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(
            [t("calendar.unreadable", path=str(path), reason=str(exc).splitlines()[0])],
            fields=["KEIRI_COMPANY_CALENDAR"],
        ) from None
    entries = data.get("closed") if isinstance(data, dict) else None
    if not isinstance(entries, list) or set(data) - {"closed"}:
        raise ConfigError([t("calendar.shape", path=str(path))], fields=["KEIRI_COMPANY_CALENDAR"])
    yearly: set[tuple[int, int]] = set()
    dates: set[date] = set()
    problems: list[str] = []
    for index, entry in enumerate(entries):
        try:
            _add(entry, yearly, dates)
        except ValueError:
            problems.append(
                t("calendar.bad_entry", path=str(path), index=index + 1, entry=repr(entry))
            )
    if problems:
        raise ConfigError(problems, fields=["KEIRI_COMPANY_CALENDAR"])
    return ClosedDays(frozenset(yearly), frozenset(dates), str(path))


def _add(entry: Any, yearly: set[tuple[int, int]], dates: set[date]) -> None:
    if isinstance(entry, date):
        dates.add(entry)
        return
    text = str(entry).strip()
    first, _, last = text.partition("..")
    if not last:
        if _DAY.match(text):
            dates.add(date.fromisoformat(text))
        else:
            yearly.add(_month_day(text))
        return
    if _DAY.match(first) and _DAY.match(last):
        start, end = date.fromisoformat(first), date.fromisoformat(last)
        if end < start or (end - start).days > 366:
            raise ValueError(text)
        dates.update(start + timedelta(days=n) for n in range((end - start).days + 1))
        return
    start_md, end_md = _month_day(first), _month_day(last)
    day = date(2000, *start_md)  # a leap year: 02-29 is a valid yearly day
    for _ in range(366):
        yearly.add((day.month, day.day))
        if (day.month, day.day) == end_md:
            return
        day += timedelta(days=1)


def _month_day(text: str) -> tuple[int, int]:
    found = _YEARLY.match(text.strip())
    if found is None:
        raise ValueError(text)
    month, day = int(found[1]), int(found[2])
    date(2000, month, day)  # ValueError for 02-30, 13-01
    return month, day
