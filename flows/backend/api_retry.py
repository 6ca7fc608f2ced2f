"""Transient Prefect API errors, retried with capped exponential backoff.

Prefect's client already retries a request a few times (`PREFECT_CLIENT_MAX_RETRIES`, 2^n s
apart: about a minute in all). What keiri waits on for longer — a paused run polling for its
answer, a CLI creating its run while the server is busy — goes through `call`, which keeps
retrying transient errors until its deadline: connection errors and timeouts (the server is
down or restarting), 429, 500, 502, 503 and 504 (busy or overloaded). Anything else is raised
at once.
"""

from __future__ import annotations

import http.client
import logging
import random
import time
from collections.abc import Callable
from typing import TypeVar

import httpx

from keiri.base.catalog import t

__all__ = ["backoff", "call", "transient"]

T = TypeVar("T")
_log = logging.getLogger("keiri.api")

_CODES = {408, 429, 500, 502, 503, 504}
_ERRORS = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.ReadTimeout,
    httpx.WriteTimeout,
    httpx.PoolTimeout,
    httpx.ReadError,
    httpx.WriteError,
    httpx.RemoteProtocolError,
)


def transient(exc: BaseException) -> bool:
    """Whether `exc` says the API is unreachable or busy for now (worth retrying): also for
    the start's own client (`flows.lifecycle.start.Api`: an error status as `status_code`, a
    connection broken mid-answer as `http.client.HTTPException`)."""
    if isinstance(exc, (*_ERRORS, http.client.HTTPException)):
        return True
    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code in _CODES
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        return status in _CODES
    return isinstance(exc, OSError) and not isinstance(exc, FileNotFoundError)


def backoff(attempt: int, *, base: float = 0.5, cap: float = 15.0) -> float:
    """Seconds before retry `attempt` (0-based): doubling from `base`, at most `cap`, with
    ±25 % jitter so many clients do not retry in step."""
    delay = min(cap, base * (2**attempt))
    return float(delay * random.uniform(0.75, 1.25))


def call(
    fn: Callable[[], T],
    *,
    deadline_s: float,
    what: str,
    base: float = 0.5,
    cap: float = 15.0,
) -> T:
    """`fn()`, retried on transient API errors for up to `deadline_s` seconds."""
    end = time.monotonic() + deadline_s
    attempt = 0
    while True:
        try:
            return fn()
        except Exception as exc:
            if not transient(exc):
                raise
            delay = backoff(attempt, base=base, cap=cap)
            if time.monotonic() + delay > end:
                raise
            _log.warning(
                "%s",
                t(
                    "cli.api.retrying",
                    what=what,
                    error=f"{type(exc).__name__}: {exc}",
                    delay=f"{delay:.1f}",
                ),
            )
            time.sleep(delay)
            attempt += 1
