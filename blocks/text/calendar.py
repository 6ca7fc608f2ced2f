"""The Japanese banking calendar: which days banks move money on, and the business day a
payment due on a holiday is made.

Banks in Japan are closed on Saturdays, Sundays, national holidays (国民の祝日, 振替休日,
国民の休日) and 12/31, 1/2, 1/3 (銀行法施行令 第5条); the days come from the maintained
`holidays` package (MIT; its Japan calendar with the `bank` category), so a new holiday law
arrives with a package update, not with a code change.

    is_business_day(date(2026, 5, 4))               # False (みどりの日)
    previous_business_day(date(2026, 5, 31))        # 2026-05-29 (a Sunday -> the Friday)
    next_business_day(date(2026, 5, 31))            # 2026-06-01
    payment_days(date(2026, 5, 31))                 # (2026-05-29, 2026-06-01)

A due date on a closed day is paid on the business day before (前営業日払い) or after
(翌営業日払い), depending on the contract; `payment_days` gives both ends, so a matcher can
accept either. Business-day schedules (the 5th business day of each month, …) belong here too.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

import holidays

__all__ = [
    "holiday_name",
    "is_business_day",
    "next_business_day",
    "payment_days",
    "previous_business_day",
]

#: How far a search for a business day may go (the longest closure is 年末年始, 6 days).
_MAX_STEPS = 31


@cache
def _closed(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays(
        "JP", years=[year], categories=("bank", "public"), language="ja"
    )


def holiday_name(day: dt.date) -> str | None:
    """The name of the holiday on `day` (`元日; 銀行休業日`), or None (weekends are not named)."""
    return _closed(day.year).get(day)


def is_business_day(day: dt.date) -> bool:
    """Whether banks move money on `day` (a weekday that is no holiday and no bank holiday)."""
    return day.weekday() < 5 and day not in _closed(day.year)


def _step(day: dt.date, direction: int) -> dt.date:
    for _ in range(_MAX_STEPS):
        if is_business_day(day):
            return day
        day += dt.timedelta(days=direction)
    raise ValueError(f"no business day within {_MAX_STEPS} days of {day}")  # pragma: no cover


def previous_business_day(day: dt.date) -> dt.date:
    """`day` itself when it is a business day, else the business day before it."""
    return _step(day, -1)


def next_business_day(day: dt.date) -> dt.date:
    """`day` itself when it is a business day, else the business day after it."""
    return _step(day, 1)


def payment_days(due: dt.date) -> tuple[dt.date, dt.date]:
    """The days a payment due on `due` may be made on time: (`due`, `due`) on a business day;
    on a closed day, the business day before and the business day after."""
    return previous_business_day(due), next_business_day(due)
