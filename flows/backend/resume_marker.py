"""The "resumed once" marker of a pause: who resumed it, taken atomically, released on failure.

`held(run_id, pause_key, record)` stores `record` as the flow run input
`keiri-resumed-<pause_key>`; the Prefect server refuses a second input with the same key (409),
so of two concurrent submits exactly one holds the marker and the other gets "already resumed
by X at T". If anything fails while the marker is held — the server refuses the answers, a 503
under load, a timeout, a bug — the marker is deleted before the error propagates, so the pause
still accepts a corrected answer from the CLI or the form app. Import only after the Prefect
environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from flows.backend.run_inputs import create_once, delete_value, filter_values
from keiri.base.catalog import t
from keiri.base.errors import AlreadyResumed
from keiri.base.times import local_time

__all__ = ["PREFIX", "held", "last_resume", "marker_key", "release"]

PREFIX = "keiri-resumed-"


def marker_key(pause_key: str) -> str:
    return PREFIX + pause_key


def last_resume(flow_run_id: UUID) -> dict[str, Any] | None:
    """Who resumed the run last, and when (`{"by", "at", "key", "node_id"}`)."""
    values = [v for v in filter_values(flow_run_id, PREFIX) if isinstance(v, dict)]
    return max(values, key=lambda v: str(v.get("at", ""))) if values else None


def release(flow_run_id: UUID, pause_key: str) -> None:
    """Delete the marker (a missing marker is fine: nothing to release)."""
    delete_value(flow_run_id, marker_key(pause_key))


@contextmanager
def held(flow_run_id: UUID, pause_key: str, record: dict[str, Any]) -> Iterator[None]:
    """Hold the pause's marker for the body (the resume call): raises "already resumed" when
    someone else holds it; released when the body raises anything."""
    if not create_once(flow_run_id, marker_key(pause_key), record):
        previous = last_resume(flow_run_id) or {}
        raise AlreadyResumed(
            t(
                "cli.error.resumed_by",
                by=previous.get("by", "?"),
                at=local_time(previous.get("at")),
            ),
            details={
                "run_id": str(flow_run_id),
                "resumed_by": previous.get("by"),
                "resumed_at": previous.get("at"),
            },
        )
    try:
        yield
    except BaseException as exc:
        try:
            release(flow_run_id, pause_key)
        except Exception as cleanup:  # the original failure is what the person must see
            exc.add_note(f"the resume marker could not be released: {cleanup!r}")
        raise
