"""`Registry`: answers for registration numbers on transaction dates, from the local data and,
when an application id is configured, the Web-API for the numbers the local data lacks.

    with Registry.from_settings() as registry:
        [answer] = registry.check([Query("T1234567890123", "2026-03-15", "株式会社山田商事")])

One connection per `Registry` (a lookup is one indexed query: `bench/bench_registry.py`
measures it). Without local data and without the Web-API there is nothing to answer from:
REGISTRY_EMPTY, never a list of "unknown numbers" — unless the caller says it accepts that
(`allow_empty=True`, the block's `if_empty: unknown`): then every well-formed number is
answered `unknown` with the reason that no data was imported (`no_data_answer`).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from blocks.registration import numbers
from blocks.registration.answer import (
    AnswerSource,
    RegistryAnswer,
    Version,
    answer_for,
    invalid_answer,
    no_data_answer,
    unknown_answer,
)
from blocks.registration.database import connect, registry_path
from blocks.registration.online import WebApi
from blocks.registration.status import DataStatus, data_status
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.text.dates import DateError, parse_date_value
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["Query", "Registry"]

_VERSIONS = (
    "SELECT process, kind, registration_date, update_date, disposal_date, expire_date, name, "
    "trade_name, other_name, coalesce(address, address_request, address_inside) "
    "FROM records WHERE number = ? ORDER BY update_date, data_date, file_id, rowid"
)


@dataclass(frozen=True)
class Query:
    """A number as written on a document, the transaction date (ISO; None: today) and the
    issuer's name on the document (None: not compared)."""

    number: str
    date: str | None = None
    issuer_name: str | None = None


def _iso_day(value: str | None, number: str) -> str | None:
    """The transaction date as ISO (`2026/3/15`, `令和8年3月15日` read too); None when empty."""
    if value and len(value) == 10 and value[4] == "-" and value[7] == "-":
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    try:
        day = parse_date_value(value)
    except DateError as exc:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("registry.bad_date", number=number, value=value, reason=exc.reason),
            details={"number": number, "date": value},
        ) from None
    return day.isoformat() if day else None


class Registry:
    """Lookups over the local registry (and the optional Web-API). A context manager."""

    def __init__(
        self, db: Path | None = None, online: WebApi | None = None, *, allow_empty: bool = False
    ) -> None:
        self.db = db or registry_path()
        self.online = online
        self._conn: sqlite3.Connection | None = None
        self._stack = ExitStack()
        self.as_of: str | None = None
        if self.db.is_file():
            self._conn = self._stack.enter_context(connect(self.db))
            self.as_of = self._conn.execute("SELECT max(data_date) FROM files").fetchone()[0]
        #: Nothing to ask: no local data and no Web-API (only with `allow_empty`).
        self.empty = self.as_of is None and online is None
        if self.empty and not allow_empty:
            self.close()
            raise BlockError(
                ErrorCode.REGISTRY_EMPTY,
                t("registry.empty", path=self.db),
                details={"path": str(self.db)},
                hint=t("registry.empty_hint"),
            )

    @classmethod
    def from_settings(cls, *, online: bool = True, allow_empty: bool = False) -> Registry:
        """The registry of the keiri home, with the Web-API when an application id is set
        (and `online`)."""
        config = settings.get().evidence
        api = None
        if online and config.registry_app_id is not None:
            api = WebApi(
                config.registry_app_id.get_secret_value(),
                config.registry_api_url,
                db=registry_path(),
            )
        return cls(online=api, allow_empty=allow_empty)

    def __enter__(self) -> Registry:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._stack.close()
        self._conn = None
        if self.online is not None:
            self.online.close()

    def status(self) -> DataStatus:
        if self._conn is None:
            return DataStatus()
        return data_status(self._conn)

    def versions(self, number: str) -> list[Version]:
        """Every locally known record of a well-formed number, oldest first."""
        if self._conn is None:
            return []
        rows = self._conn.execute(_VERSIONS, (numbers.as_integer(number),)).fetchall()
        return [Version(*row) for row in rows]

    def check(self, queries: Iterable[Query]) -> list[RegistryAnswer]:
        """The answer for each query, in order."""
        today = dt.date.today().isoformat()
        local = AnswerSource(kind="local", as_of=self.as_of)
        answers: list[RegistryAnswer | None] = []
        missing: dict[int, tuple[str, str, str | None]] = {}
        for index, query in enumerate(queries):
            number = numbers.normalize(query.number)
            day = _iso_day(query.date, number) or today
            problem = numbers.problem_of(number)
            if problem is not None:
                answers.append(invalid_answer(number, day, problem, query.issuer_name))
                continue
            if self.empty:
                answers.append(no_data_answer(number, day, query.issuer_name))
                continue
            versions = self.versions(number)
            if versions or self.online is None:
                stale = self.as_of is not None and day > self.as_of
                source = local.model_copy(update={"stale": stale})
                answers.append(answer_for(number, day, versions, source, query.issuer_name))
            else:
                answers.append(None)
                missing[index] = (number, day, query.issuer_name)
        if missing:
            for index, answer in self._ask_online(missing).items():
                answers[index] = answer
        return [a for a in answers if a is not None]

    def _ask_online(
        self, missing: dict[int, tuple[str, str, str | None]]
    ) -> dict[int, RegistryAnswer]:
        """Answers from the Web-API (`valid` for one number, `num` for several); an error of
        the API leaves the local answer (unknown) with the error beside it."""
        online = self.online
        if online is None:  # pragma: no cover - only called with the API configured
            return {}
        today = dt.date.today().isoformat()
        source = AnswerSource(kind="api", as_of=today)
        found: dict[int, RegistryAnswer] = {}
        for index, (number, day, issuer) in list(missing.items()):
            cached = online.cached_history(number)
            if cached is not None:
                found[index] = answer_for(number, day, cached, source, issuer)
                del missing[index]
        if not missing:
            return found
        try:
            if len(missing) == 1:
                [(index, (number, day, issuer))] = missing.items()
                version = online.valid(number, day)
                if version is not None:
                    found[index] = answer_for(number, day, [version], source, issuer)
                    return found
            history = online.num(number for number, _day, _issuer in missing.values())
        except BlockError as exc:
            local = AnswerSource(kind="local", as_of=self.as_of)
            error = {"code": exc.code, "message": exc.message}
            for index, (number, day, issuer) in missing.items():
                found[index] = unknown_answer(number, day, local, issuer, online_error=error)
            return found
        for index, (number, day, issuer) in missing.items():
            found[index] = answer_for(number, day, history[number], source, issuer)
        return found
