"""Signs of life that do not need the run's machine: Prefect's flow run heartbeats and the
identity of the worker that claimed a run, read from the Prefect API.

- **Flow run heartbeats**: a deployment run's process emits `prefect.flow-run.heartbeat`
  every `PREFECT_FLOWS_HEARTBEAT_FREQUENCY` seconds (180 by default, 30 at least) while it is
  Running; the server stores them as events. `silence` says how long a Running run has given
  none — from the start of its Running state when it never sent one — so a run whose machine
  died for good is told from a live one by any process that reads the API, on any machine.
  The bound is `KEIRI_CRASH_AFTER` (`crash_after`), which must exceed the heartbeat interval.
- **Who claimed a run**: `keiri worker` records its claim (`flows.backend.runner_record`);
  any Prefect worker, `prefect worker start` included, labels the runs it submits with its
  name and pool (`prefect.worker.name`, `prefect.work-pool.name`). `labelled_claimer` reads
  those labels, so a run a plain Prefect worker took and never started is judged by that
  worker's own heartbeats in the pool.

Local runs (`keiri run`) send no heartbeats (`flows.run_plan`): they are judged by their
process records only (`flows.backend.liveness`).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from keiri.base import settings
from keiri.base.catalog import t

__all__ = [
    "HEARTBEAT_EVENT",
    "crash_after",
    "labelled_claimer",
    "last_heartbeat",
    "silence",
    "window_text",
]

HEARTBEAT_EVENT = "prefect.flow-run.heartbeat"


def crash_after() -> timedelta | None:
    """`KEIRI_CRASH_AFTER`: how long a Running deployment run may go without a heartbeat;
    None (`off`): never judged by heartbeats."""
    return settings.get().notify.crash_after


def last_heartbeat(client: Any, flow_run_id: UUID, since: datetime) -> datetime | None:
    """When the run's latest heartbeat at or after `since` occurred; None when it sent none.
    The upper bound is left a day ahead: a heartbeat stamped by a machine whose clock runs a
    little fast still counts."""
    from prefect.events.filters import (
        EventFilter,
        EventNameFilter,
        EventOccurredFilter,
        EventResourceFilter,
    )

    page = client.read_events(
        EventFilter(
            occurred=EventOccurredFilter.model_validate(
                {"since": since, "until": datetime.now(UTC) + timedelta(days=1)}
            ),
            event=EventNameFilter(name=[HEARTBEAT_EVENT]),
            resource=EventResourceFilter(id=[f"prefect.flow-run.{flow_run_id}"]),
        ),
        limit=1,
    )
    events = list(page.events)
    return max(e.occurred for e in events) if events else None


def silence(client: Any, run: Any, bound: timedelta) -> timedelta | None:
    """How long the Running `run` has been silent when that is at least `bound` (no heartbeat
    within `bound`, and Running for longer); None when it gave a sign within `bound`."""
    now = datetime.now(UTC)
    stamp = run.state.timestamp if run.state is not None else None
    if stamp is not None and now - stamp < bound:
        return None  # Running for less than the bound: not silent yet
    beat = last_heartbeat(client, run.id, now - bound)
    if beat is not None:
        return None
    return now - stamp if stamp is not None else bound


def labelled_claimer(run: Any) -> dict[str, Any] | None:
    """The worker that submitted the run by Prefect's labels (`worker`, `pool`, no host);
    None when no worker labelled it."""
    labels = getattr(run, "labels", None) or {}
    name, pool = labels.get("prefect.worker.name"), labels.get("prefect.work-pool.name")
    if not name or not pool:
        return None
    return {"worker": str(name), "pool": str(pool), "host": None, "pid": None, "at": 0.0}


def window_text(value: timedelta) -> str:
    """A duration as people read it ("90 秒", "10 分 0 秒", "1 時間 0 分")."""
    seconds = int(value.total_seconds())
    if seconds < 120:
        return t("time.seconds", seconds=seconds)
    if seconds < 3600:
        return t("time.minutes_seconds", minutes=seconds // 60, seconds=seconds % 60)
    return t("time.hours_minutes", hours=seconds // 3600, minutes=seconds % 3600 // 60)
