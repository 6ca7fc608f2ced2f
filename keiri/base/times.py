"""Times as people read them: in the configured zone (`KEIRI_TIMEZONE`, default Asia/Tokyo)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["local_time", "timezone"]


def timezone() -> ZoneInfo:
    """The zone times are shown in: `KEIRI_TIMEZONE` (an IANA name), default Asia/Tokyo."""
    return ZoneInfo(settings.get().language.timezone)


def local_time(value: datetime | float | str | None, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """A time as people read it, in `timezone()`: a datetime (naive = UTC), a POSIX timestamp
    or an ISO 8601 string."""
    if value is None or value == "":
        return t("time.unknown")
    if isinstance(value, int | float):
        moment = datetime.fromtimestamp(float(value), tz=UTC)
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return value
    else:
        moment = value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(timezone()).strftime(fmt)
