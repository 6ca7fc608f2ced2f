"""The registry's online Web-API as an optional fallback, for numbers the local data lacks.

Used only when an application id is configured (`KEIRI_REGISTRY_APP_ID`); never required.
Two functions of Web-API version 1 (JSON, `type=21`): `valid` — one number as of a day — and
`num` — up to 10 numbers at once, with their history (`history=1`). Answers are cached in the
registry database (`api_cache`, one day by default), and requests pass a token bucket.

Limits, to our best knowledge of the published terms: `num` takes at most 10 numbers per
request; the terms ask users not to burden the service and publish no numeric rate we know
of, so the default is one request per second with a burst of three; a `429` or `503` answer
is waited out (its `Retry-After`, at most `MAX_WAIT_S`) and retried a bounded number of times.
The application id never appears in an error, a log line or an answer.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import httpx2

from blocks.registration.answer import Version
from blocks.registration.database import connect
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["MAX_NUMBERS", "MAX_WAIT_S", "TokenBucket", "WebApi"]

MAX_NUMBERS = 10
MAX_WAIT_S = 30.0
_TYPE_JSON = "21"


class TokenBucket:
    """`rate` requests per second on average, at most `capacity` at once (thread-safe)."""

    def __init__(
        self,
        rate: float = 1.0,
        capacity: int = 3,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if rate <= 0 or capacity < 1:
            raise ValueError("rate > 0 and capacity >= 1")
        self.rate, self.capacity = rate, float(capacity)
        self._clock, self._sleep = clock, sleep
        self._tokens, self._stamp = float(capacity), clock()
        self._lock = threading.Lock()

    def acquire(self) -> float:
        """Take one token, waiting for it; returns the seconds waited."""
        with self._lock:
            now = self._clock()
            self._tokens = min(self.capacity, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now
            wait = 0.0 if self._tokens >= 1 else (1 - self._tokens) / self.rate
            self._tokens -= 1  # may go negative: later callers queue behind this one
        if wait:
            self._sleep(wait)
        return wait


def _version(item: dict[str, Any]) -> Version:
    def text(key: str) -> str | None:
        value = item.get(key)
        return str(value) if value not in (None, "") else None

    kind = text("kind")
    return Version(
        process=text("process") or "01",
        kind=int(kind) if kind and kind.isdigit() else None,
        registration_date=text("registrationDate"),
        update_date=text("updateDate"),
        disposal_date=text("disposalDate"),
        expire_date=text("expireDate"),
        name=text("name") or "",
        trade_name=text("tradeName"),
        other_name=text("popularName_previousName"),
        address=text("address") or text("addressRequest") or text("addressInside"),
    )


def _order(item: dict[str, Any]) -> tuple[str, int]:
    sequence = str(item.get("sequenceNumber") or "0")
    return (str(item.get("updateDate") or ""), int(sequence) if sequence.isdigit() else 0)


class WebApi:
    """A client of the registry Web-API (`num`, `valid`) with a cache and a rate limit."""

    def __init__(
        self,
        app_id: str,
        base_url: str,
        *,
        db: Path | None = None,
        bucket: TokenBucket | None = None,
        ttl: dt.timedelta = dt.timedelta(days=1),
        http: httpx2.Client | None = None,
        timeout: float = 10.0,
        retries: int = 2,
        backoff: float = 0.5,
    ) -> None:
        self._app_id = app_id
        self.base_url = base_url.rstrip("/")
        self.db = db
        self.bucket = bucket or TokenBucket()
        self.ttl = ttl
        self._http = http or httpx2.Client(timeout=timeout)
        self.retries = retries
        self.backoff = backoff  # first wait after a 5xx without Retry-After (then doubled)
        self.requests = 0  # requests sent (cache hits are not requests)

    def close(self) -> None:
        self._http.close()

    # -- the two functions --------------------------------------------------------------

    def num(self, numbers: Iterable[str]) -> dict[str, list[Version]]:
        """Every published record of each number (oldest first; empty: not known)."""
        wanted = list(dict.fromkeys(numbers))
        found = {n: v for n in wanted if (v := self._cached("num", n, "")) is not None}
        missing = [n for n in wanted if n not in found]
        for start in range(0, len(missing), MAX_NUMBERS):
            chunk = missing[start : start + MAX_NUMBERS]
            body = self._get("num", {"number": ",".join(chunk), "history": "1"})
            items: dict[str, list[dict[str, Any]]] = {n: [] for n in chunk}
            for item in body:
                items.setdefault(str(item.get("registratedNumber")), []).append(item)
            for number in chunk:
                ordered = sorted(items[number], key=_order)
                self._store("num", number, "", ordered)
                found[number] = [_version(i) for i in ordered]
        return {n: found[n] for n in wanted}

    def cached_history(self, number: str) -> list[Version] | None:
        """The cached `num` answer for `number` (None: not cached or too old)."""
        return self._cached("num", number, "")

    def valid(self, number: str, day: str) -> Version | None:
        """The record in force for `number` on `day`, None when it was not valid then."""
        cached = self._cached("valid", number, day)
        if cached is None:
            body = self._get("valid", {"number": number, "day": day})
            ordered = sorted(body, key=_order)
            self._store("valid", number, day, ordered)
            cached = [_version(i) for i in ordered]
        return cached[-1] if cached else None

    # -- cache --------------------------------------------------------------------------

    def _cached(self, endpoint: str, number: str, day: str) -> list[Version] | None:
        with connect(self.db) as conn:
            row = conn.execute(
                "SELECT fetched_at, body FROM api_cache WHERE endpoint = ? AND number = ? "
                "AND day = ?",
                (endpoint, int(number[1:]), day),
            ).fetchone()
        if row is None:
            return None
        fetched = dt.datetime.fromisoformat(row[0])
        if dt.datetime.now(dt.UTC) - fetched > self.ttl:
            return None
        return [_version(i) for i in json.loads(row[1])]

    def _store(self, endpoint: str, number: str, day: str, items: list[dict[str, Any]]) -> None:
        with connect(self.db) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO api_cache (endpoint, number, day, fetched_at, body) "
                "VALUES (?, ?, ?, ?, ?)",
                (
                    endpoint,
                    int(number[1:]),
                    day,
                    dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                    json.dumps(items, ensure_ascii=False),
                ),
            )

    # -- HTTP ---------------------------------------------------------------------------

    def _clean(self, text: str) -> str:
        """`text` without the application id (a server or a library may echo the URL)."""
        return text.replace(self._app_id, "***") if self._app_id else text

    def _get(self, endpoint: str, params: dict[str, str]) -> list[dict[str, Any]]:
        """The `announcement` list of one request, after waiting for a token; retried on a
        transport error, 429 and 5xx (bounded), an API_ERROR otherwise."""
        query = {"id": self._app_id, **params, "type": _TYPE_JSON}
        url = f"{self.base_url}/1/{endpoint}"
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            self.bucket.acquire()
            self.requests += 1
            try:
                response = self._http.get(url, params=query)
            except httpx2.TransportError as exc:
                if last:
                    raise _api_error(
                        endpoint, t("registry.api.unreachable"), self._clean(str(exc)), True
                    ) from None
                continue
            if response.status_code in (429, 503) or response.status_code >= 500:
                if last:
                    raise _api_error(
                        endpoint,
                        t("registry.api.busy", status=response.status_code),
                        self._clean(_server_message(response)),
                        True,
                    )
                time.sleep(_retry_after(response, self.backoff * 2**attempt))
                continue
            if response.status_code >= 400:
                hint_keys = {401: "registry.api.app_id_hint", 403: "registry.api.app_id_hint"}
                raise _api_error(
                    endpoint,
                    t("registry.api.refused", status=response.status_code),
                    self._clean(_server_message(response)),
                    False,
                    hint=t(hint_keys.get(response.status_code, "registry.api.request_hint")),
                )
            try:
                body = response.json()
                items = body["announcement"]
                if not isinstance(items, list):
                    raise TypeError(type(items).__name__)
            except (ValueError, KeyError, TypeError) as exc:
                raise _api_error(
                    endpoint, t("registry.api.malformed"), type(exc).__name__, False
                ) from None
            return [i for i in items if isinstance(i, dict)]
        raise AssertionError("unreachable")  # pragma: no cover


def _retry_after(response: httpx2.Response, default: float) -> float:
    """Seconds to wait before retrying: the server's `Retry-After` (seconds), else `default`;
    at most `MAX_WAIT_S`."""
    try:
        wait = float(response.headers.get("Retry-After", default))
    except ValueError:
        wait = default
    return min(max(wait, 0.0), MAX_WAIT_S)


def _server_message(response: httpx2.Response) -> str:
    """The server's own words about an error (JSON `message`/`errors`, else its text)."""
    try:
        body = response.json()
    except ValueError:
        return response.text.strip()[:200]
    if isinstance(body, dict):
        errors = body.get("errors")
        if isinstance(errors, list) and errors:
            return "; ".join(
                f"{e.get('code', '')} {e.get('message', '')}".strip()
                for e in errors
                if isinstance(e, dict)
            )[:200]
        if "message" in body:
            return str(body["message"])[:200]
    return json.dumps(body, ensure_ascii=False)[:200]


def _api_error(
    endpoint: str, message: str, detail: str, recoverable: bool, *, hint: str | None = None
) -> BlockError:
    return BlockError(
        ErrorCode.API_ERROR,
        t("registry.api.failed", endpoint=endpoint, message=message, detail=detail),
        details={"endpoint": endpoint, "server": detail},
        hint=hint or t("registry.api.retry_hint"),
        recoverable=recoverable,
    )
