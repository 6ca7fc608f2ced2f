"""Transient Prefect API errors, retried with capped exponential backoff.

Prefect's client already retries a request a few times (`PREFECT_CLIENT_MAX_RETRIES`, 2^n s
apart: about a minute in all). What keiri waits on for longer — a paused run polling for its
answer, a CLI creating its run while the server is busy — goes through `call`, which keeps
retrying transient errors until its deadline: connection errors and timeouts (the server is
down or restarting), 429, 500, 502, 503 and 504 (busy or overloaded). Anything else is raised
at once.
"""

from __future__ import annotations

import logging
import random
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

from keiri.base.catalog import t

if TYPE_CHECKING:
    from prefect import State

__all__ = ["backoff", "call", "create_flow_run", "transient"]

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
    """Whether `exc` says the API is unreachable or busy for now (worth retrying)."""
    if isinstance(exc, _ERRORS):
        return True
    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code in _CODES
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


def create_flow_run(
    flow_name: str,
    name: str,
    parameters: dict[str, Any],
    tags: list[str],
    state: State[Any],
    *,
    deadline_s: float = 600.0,
) -> str:
    """Create a flow run of the flow `flow_name`, retrying transient errors; the run is
    created once however often its request is sent (an idempotency key: a request that
    reached a busy server before its answer was lost returns the same run). Its id."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import FlowCreate, FlowRunCreate
    from prefect.client.schemas.objects import Flow, FlowRun
    from prefect.states import to_state_create

    key = f"keiri-{uuid.uuid4()}"

    def create() -> str:
        with get_client(sync_client=True) as client:
            flow = client.request(
                "POST", "/flows/", json=FlowCreate(name=flow_name).model_dump(mode="json")
            )
            body = FlowRunCreate(
                flow_id=Flow.model_validate(flow.json()).id,
                name=name,
                parameters=parameters,
                tags=tags,
                state=to_state_create(state),
                idempotency_key=key,
            ).model_dump(mode="json", exclude_unset=True)
            response = client.request("POST", "/flow_runs/", json=body)
        return str(FlowRun.model_validate(response.json()).id)

    return call(create, deadline_s=deadline_s, what=t("cli.api.creating", flow=flow_name))
