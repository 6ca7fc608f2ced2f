"""The answer for one registration number on one day — the contract `registry.check` gives to
`invoice.check` and the journals: `status`, the registered name (as of the day) and whether it
matches the issuer on the invoice, the period the registration is valid, and the source (local
data as of its date, or the online API, with the day it answered), with the attribution text
the NTA requires wherever its data is shown.

Status on a day, from the latest published record of the number (its dates are effective
dates, so a cancellation published later still counts from its own date):
`not_yet_registered` before the registration date; `cancelled` (取消) from the cancellation
date; `expired` (失効) from the expiry date; else `registered`. A number the data does not know
(or whose publication was withdrawn, process 99) is `unknown_number`; a number that is not
"T" + 13 digits with a right check digit is `invalid_format` and is never looked up. With no
data at all (nothing imported, no Web-API) and a caller that accepts it, a well-formed number
is `unknown`: nothing was asked, so nothing is decided (`no_data_answer`).
The name is the one in force on the day (the latest record updated on or before it; the
earliest known before any); it matches when the issuer's name, the registered name, trade
name (屋号) or other name (通称・旧姓) — of that day or the latest — are equal once legal forms
(株式会社 / (株) / ㈱), width and spaces are normalised (`blocks.text.japanese.normalize_name`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

from blocks.text.japanese import normalize_name
from keiri.base.catalog import t

__all__ = [
    "STATUSES",
    "AnswerSource",
    "RegistryAnswer",
    "Status",
    "Version",
    "answer_for",
    "invalid_answer",
    "no_data_answer",
    "unknown_answer",
]

Status = Literal[
    "registered",
    "not_yet_registered",
    "cancelled",
    "expired",
    "unknown_number",
    "invalid_format",
    "unknown",
]
STATUSES: tuple[str, ...] = get_args(Status)
_KINDS = {1: "individual", 2: "corporation"}


@dataclass(frozen=True)
class Version:
    """One published record of a number (local database or Web-API)."""

    process: str
    kind: int | None
    registration_date: str | None
    update_date: str | None
    disposal_date: str | None
    expire_date: str | None
    name: str
    trade_name: str | None = None
    other_name: str | None = None
    address: str | None = None


class AnswerSource(BaseModel):
    """Where an answer comes from: `local` (the imported data, `as_of` its date), `api` (the
    Web-API, `as_of` the day it answered) or `none` (not looked up: a malformed number).
    `stale`: the transaction date is later than the data."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["local", "api", "none"]
    as_of: str | None = None
    stale: bool = False


class RegistryAnswer(BaseModel):
    """The registry's answer for one number on one day."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: str
    date: str
    status: Status
    registered_name: str | None = None
    current_name: str | None = None
    trade_name: str | None = None
    kind: Literal["corporation", "individual"] | None = None
    issuer_name: str | None = None
    name_matches: bool | None = None
    valid_from: str | None = None
    valid_to: str | None = None  # the last valid day (inclusive), None while open
    cancelled_on: str | None = None
    expired_on: str | None = None
    source: AnswerSource
    reason: str
    attribution: str | None = None
    online_error: dict[str, str] | None = None


def _attribution(kind: str) -> str | None:
    keys = {"local": "registry.attribution.local", "api": "registry.attribution.api"}
    return t(keys[kind]) if kind in keys else None


def _in_force(versions: list[Version], day: str) -> Version:
    """The record in force on `day` (versions sorted oldest first)."""
    current = versions[0]
    for version in versions:
        if version.update_date is not None and version.update_date <= day:
            current = version
    return current


_normalized = lru_cache(maxsize=1 << 16)(normalize_name)


def _matches(issuer: str | None, candidates: list[Version]) -> bool | None:
    if not issuer or not issuer.strip():
        return None
    wanted = _normalized(issuer)
    names = {
        name
        for version in candidates
        for name in (version.name, version.trade_name, version.other_name)
        if name
    }
    return bool(wanted) and any(_normalized(name) == wanted for name in names)


def _day_before(iso: str) -> str:
    return (dt.date.fromisoformat(iso) - dt.timedelta(days=1)).isoformat()


def answer_for(
    number: str,
    day: str,
    versions: list[Version],
    source: AnswerSource,
    issuer_name: str | None = None,
) -> RegistryAnswer:
    """The answer from the published records of `number` (oldest first; may be empty)."""
    if not versions or versions[-1].process == "99":
        return unknown_answer(number, day, source, issuer_name, withdrawn=bool(versions))
    latest = versions[-1]
    in_force = _in_force(versions, day)
    start = latest.registration_date
    ends = [d for d in (latest.disposal_date, latest.expire_date) if d]
    status: Status
    if start is None or day < start:
        status = "not_yet_registered"
        reason = t("registry.reason.not_yet_registered", date=day, start=start or "-")
    elif latest.disposal_date and day >= latest.disposal_date:
        status = "cancelled"
        reason = t("registry.reason.cancelled", date=day, on=latest.disposal_date)
    elif latest.expire_date and day >= latest.expire_date:
        status = "expired"
        reason = t("registry.reason.expired", date=day, on=latest.expire_date)
    else:
        status = "registered"
        reason = t("registry.reason.registered", date=day, start=start)
    return RegistryAnswer(
        number=number,
        date=day,
        status=status,
        registered_name=in_force.name,
        current_name=latest.name,
        trade_name=in_force.trade_name or latest.trade_name,
        kind=_KINDS.get(latest.kind) if latest.kind is not None else None,  # type: ignore[arg-type]
        issuer_name=issuer_name,
        name_matches=_matches(issuer_name, [in_force, latest]),
        valid_from=start,
        valid_to=_day_before(min(ends)) if ends else None,
        cancelled_on=latest.disposal_date,
        expired_on=latest.expire_date,
        source=source,
        reason=reason,
        attribution=_attribution(source.kind),
    )


def unknown_answer(
    number: str,
    day: str,
    source: AnswerSource,
    issuer_name: str | None = None,
    *,
    withdrawn: bool = False,
    online_error: dict[str, str] | None = None,
) -> RegistryAnswer:
    reason = (
        t("registry.reason.withdrawn", number=number)
        if withdrawn
        else t("registry.reason.unknown", number=number, as_of=source.as_of or "-")
    )
    return RegistryAnswer(
        number=number,
        date=day,
        status="unknown_number",
        issuer_name=issuer_name,
        source=source,
        reason=reason,
        attribution=_attribution(source.kind),
        online_error=online_error,
    )


def _not_looked_up(
    number: str, day: str, status: Status, reason: str, issuer_name: str | None
) -> RegistryAnswer:
    """An answer given without asking any source (so without attribution)."""
    return RegistryAnswer(
        number=number,
        date=day,
        status=status,
        issuer_name=issuer_name,
        source=AnswerSource(kind="none"),
        reason=reason,
    )


def invalid_answer(
    number: str, day: str, problem: str, issuer_name: str | None = None
) -> RegistryAnswer:
    keys = {"format": "registry.reason.format", "check_digit": "registry.reason.check_digit"}
    reason = t(keys[problem], number=number)
    return _not_looked_up(number, day, "invalid_format", reason, issuer_name)


def no_data_answer(number: str, day: str, issuer_name: str | None = None) -> RegistryAnswer:
    """The answer when there is no registry data to ask (nothing imported, no Web-API)."""
    reason = t("registry.reason.no_data", number=number)
    return _not_looked_up(number, day, "unknown", reason, issuer_name)
