"""Schedules of deployment files: cron, or business days in Japan.

A schedule is either `cron:` (five fields) or `business_day:` with `at:` (default 09:00):

```yaml
schedules:
  - business_day: 3                 # the 3rd business day of the month
  - business_day: last              # the last business day (-2: the one before it)
    at: "17:00"
  - business_day: {on_or_before: 25}   # the 25th, or the business day before it
  - business_day: {on_or_after: 10}    # the 10th, or the business day after it
```

Business days skip weekends, national holidays (`holidays.Japan`) and the company calendar
(`blocks.text.calendar`). Prefect 3.8 schedules are cron, interval or RFC 5545 rrule; a
business-day schedule is rendered as an rrule set of explicit `RDATE`s (wall-clock times in the
schedule's timezone, which Prefect's `RRuleSchedule.to_rrule` relabels with it) for the current
calendar year and the next `HORIZON_YEARS - 1` — recomputed at every `keiri deploy`, so a
changed company calendar or a new year is picked up by deploying again. A month without such a
day (a 23rd business day) has no run.
"""

from __future__ import annotations

import asyncio
import re
from datetime import date, datetime, time
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from blocks.text.calendar import (
    ClosedDays,
    business_days_of_month,
    company_calendar,
    shift_to_business_day,
)

__all__ = [
    "DEFAULT_TIMEZONE",
    "HORIZON_YEARS",
    "BusinessDay",
    "DayOfMonth",
    "Schedule",
    "business_dates",
    "next_times",
    "prefect_schedule",
    "render_schedule",
]

DEFAULT_TIMEZONE = "Asia/Tokyo"
HORIZON_YEARS = 3
_AT = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DayOfMonth(_Strict):
    """A day of the month moved to a business day: `on_or_before: 25` or `on_or_after: 10`."""

    on_or_before: int | None = Field(default=None, ge=1, le=31)
    on_or_after: int | None = Field(default=None, ge=1, le=31)

    @model_validator(mode="after")
    def _one(self) -> DayOfMonth:
        if (self.on_or_before is None) == (self.on_or_after is None):
            raise ValueError("give exactly one of on_or_before, on_or_after")
        return self


BusinessDay = int | Literal["last"] | DayOfMonth


class Schedule(_Strict):
    """One schedule: `cron`, or `business_day` at `at` (HH:MM); `timezone` is an IANA name."""

    cron: str | None = Field(
        default=None, description="Five-field cron, e.g. '0 9 1 * *' (09:00 on the 1st)"
    )
    business_day: BusinessDay | None = Field(
        default=None,
        description="n (the nth business day of the month), -n (nth from the end), 'last', "
        "or {on_or_before: D} / {on_or_after: D}",
    )
    at: str | None = Field(default=None, description="HH:MM of a business-day schedule (09:00)")
    timezone: str = DEFAULT_TIMEZONE
    active: bool = True

    @field_validator("business_day")
    @classmethod
    def _nth(cls, value: BusinessDay | None) -> BusinessDay | None:
        if isinstance(value, int) and (value == 0 or not -23 <= value <= 23):
            raise ValueError("a business day is 1..23 (from the start) or -1..-23 (from the end)")
        return value

    @field_validator("at")
    @classmethod
    def _at(cls, value: str | None) -> str | None:
        if value is not None and not _AT.match(value):
            raise ValueError("a time of day is HH:MM, e.g. 09:00")
        return value

    @model_validator(mode="after")
    def _kind(self) -> Schedule:
        if (self.cron is None) == (self.business_day is None):
            raise ValueError("give exactly one of cron, business_day")
        if self.cron is not None and self.at is not None:
            raise ValueError("`at` belongs to a business_day schedule (cron has its own time)")
        return self

    @property
    def time_of_day(self) -> time:
        hour, minute = (self.at or "09:00").split(":")
        return time(int(hour), int(minute))

    def describe(self) -> str:
        """The rule as written (for listings): `cron 0 9 1 * *`, `business_day 3 09:00`."""
        if self.cron is not None:
            return f"cron {self.cron}"
        rule = self.business_day
        if isinstance(rule, DayOfMonth):
            shown = (
                f"on_or_before {rule.on_or_before}"
                if rule.on_or_before is not None
                else f"on_or_after {rule.on_or_after}"
            )
        else:
            shown = str(rule)
        return f"business_day {shown} {self.time_of_day.strftime('%H:%M')}"


def _day_in_month(rule: BusinessDay, year: int, month: int, closed: ClosedDays) -> date | None:
    if isinstance(rule, DayOfMonth):
        import calendar

        last = calendar.monthrange(year, month)[1]
        if rule.on_or_before is not None:
            return shift_to_business_day(
                date(year, month, min(rule.on_or_before, last)), "before", closed
            )
        return shift_to_business_day(
            date(year, month, min(rule.on_or_after or 1, last)), "after", closed
        )
    days = business_days_of_month(year, month, closed)
    index = -1 if rule == "last" else int(rule) - 1 if int(rule) > 0 else int(rule)
    try:
        return days[index]
    except IndexError:
        return None


def business_dates(
    schedule: Schedule, first: date, last: date, closed: ClosedDays | None = None
) -> list[datetime]:
    """The schedule's times (aware, in its timezone) on days from `first` to `last`."""
    if schedule.business_day is None:
        raise ValueError("not a business-day schedule")
    closed = company_calendar() if closed is None else closed
    zone = ZoneInfo(schedule.timezone)
    found: list[datetime] = []
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        day = _day_in_month(schedule.business_day, year, month, closed)
        if day is not None and first <= day <= last:
            found.append(datetime.combine(day, schedule.time_of_day, tzinfo=zone))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return found


def render_schedule(
    schedule: Schedule, today: date | None = None, closed: ClosedDays | None = None
) -> dict[str, Any]:
    """The `prefect.yaml` entry: `cron` as is, a business-day rule as an rrule of RDATEs for
    the calendar years `today.year` .. `today.year + HORIZON_YEARS - 1`."""
    if schedule.cron is not None:
        return {"cron": schedule.cron, "timezone": schedule.timezone, "active": schedule.active}
    today = today or date.today()
    dates = business_dates(
        schedule, date(today.year, 1, 1), date(today.year + HORIZON_YEARS - 1, 12, 31), closed
    )
    rdates = ",".join(d.strftime("%Y%m%dT%H%M%S") for d in dates)
    return {"rrule": f"RDATE:{rdates}", "timezone": schedule.timezone, "active": schedule.active}


def prefect_schedule(schedule: Schedule, closed: ClosedDays | None = None) -> Any:
    """The schedule as Prefect's client object (`prefect.schedules.Cron` / `RRule`)."""
    from prefect.schedules import Cron, RRule

    entry = render_schedule(schedule, closed=closed)
    if "cron" in entry:
        return Cron(entry["cron"], timezone=entry["timezone"], active=entry["active"])
    return RRule(entry["rrule"], timezone=entry["timezone"], active=entry["active"])


def next_times(
    schedule: Schedule,
    count: int = 12,
    start: datetime | None = None,
    closed: ClosedDays | None = None,
) -> list[datetime]:
    """The next `count` times, in the schedule's timezone, computed by Prefect's own server
    schedule model from the rendered entry (what the scheduler will create)."""
    from prefect.server.schemas.schedules import CronSchedule, RRuleSchedule

    entry = render_schedule(schedule, (start or datetime.now()).date(), closed)
    model: CronSchedule | RRuleSchedule = (
        CronSchedule(cron=entry["cron"], timezone=entry["timezone"])
        if "cron" in entry
        else RRuleSchedule(rrule=entry["rrule"], timezone=entry["timezone"])
    )
    dates = asyncio.run(model.get_dates(n=count, start=start or datetime.now(ZoneInfo("UTC"))))
    zone = ZoneInfo(schedule.timezone)
    return [d.astimezone(zone) for d in dates]
