"""Whether a local run still has a process: runner records, checked against this machine.

Every process that runs a local flow run (the `keiri run` foreground process, a detached
`python -m flows.lifecycle.runner`, a retry) records itself on the run as a flow run input
`keiri-runner-<host>-<pid>`: `{"host", "pid", "boot", "started", "at"}` — the machine's boot
id and the process's start time (from /proc) make a reused pid never pass for the runner.

A local run (no deployment) that has not ended is *gone* when none of its runners is alive:
it was killed (`kill -9`, a native abort, out of memory) or lost the API for longer than its
retries. `settle` marks such a run Crashed, so `keiri retry` takes it (finished nodes come from
their persisted results); `flows.lifecycle.runs.resume` continues a gone paused run in a new runner.

Deployment runs are not judged here: their worker suspends them (no process while they wait)
and Prefect's heartbeat automation (`flows.backend.notify`, `KEIRI_CRASH_AFTER`) marks lost ones.
Runners on another machine cannot be checked from here: their run is never called gone.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.objects import FlowRun
from prefect.states import Crashed

from flows.backend import runner_record
from flows.backend.run_inputs import create_once, filter_values
from keiri.base import processes
from keiri.base.catalog import t

__all__ = [
    "RUNNER_KEY",
    "crash_unless_ended",
    "gone",
    "may_be_gone",
    "process_alive",
    "register",
    "runners",
    "settle",
    "this_process",
]

RUNNER_KEY = runner_record.RUNNER_KEY
#: A run waiting for its runner (Pending, AwaitingRetry) is given this long before it
#: counts as gone. A Running run without any runner record (a foreground run records itself
#: just after it starts Running) is never called gone; a process that takes a run that already
#: has records (`flows.lifecycle.runs.execute`: a runner, a retry) records itself before it starts it.
START_GRACE_S = 120.0
_WAITING = {"PENDING", "SCHEDULED"}
_ACTIVE = {"PENDING", "SCHEDULED", "RUNNING", "PAUSED"}


def this_process() -> dict[str, Any]:
    """The runner record of this process."""
    return runner_record.record(os.getpid())


def register(flow_run_id: UUID) -> None:
    """Record this process as a runner of the run (once per process)."""
    record = this_process()
    create_once(flow_run_id, runner_record.key(record), record)


def runners(flow_run_id: UUID) -> list[dict[str, Any]]:
    return [
        e
        for e in filter_values(flow_run_id, RUNNER_KEY)
        if isinstance(e, dict) and isinstance(e.get("pid"), int)
    ]


def process_alive(entry: dict[str, Any]) -> bool | None:
    """True/False for a runner on this machine; None when it cannot be told (another host,
    or no /proc)."""
    return processes.alive(
        entry.get("host"), int(entry["pid"]), entry.get("boot"), entry.get("started")
    )


def _since(run: FlowRun) -> float:
    """Seconds since the run's current state began."""
    stamp = run.state.timestamp if run.state is not None else None
    if stamp is None:
        return float("inf")
    return (datetime.now(UTC) - stamp).total_seconds()


def may_be_gone(run: FlowRun) -> bool:
    """Whether `gone` has anything to check — a keiri plan run (tag `plan:*`), local (no
    deployment), not a subflow, that has not ended: no API call."""
    state = run.state
    return (
        run.deployment_id is None
        and run.parent_task_run_id is None
        and any(t.startswith("plan:") for t in run.tags)
        and state is not None
        and state.type.value in _ACTIVE
    )


def gone(run: FlowRun) -> str | None:
    """Why the local run `run` has no process any more, or None (alive, ended, a deployment
    run, or it cannot be told from this machine)."""
    state = run.state
    if state is None or not may_be_gone(run):
        return None
    entries = runners(run.id)
    verdicts = [process_alive(e) for e in entries]
    if any(v is not False for v in verdicts):
        return None  # a runner is alive, or one on another machine cannot be checked
    age = _since(run)
    if state.type.value in _WAITING and age < START_GRACE_S:
        return None  # its runner is still starting
    if not entries:
        if state.type.value in _WAITING:
            return t("cli.state.never_taken")
        return None  # Running or Paused, recorded by no process (keiri before records)
    last = max(entries, key=lambda e: float(e.get("at") or 0))
    return t("cli.state.process_gone", pid=last["pid"], host=last["host"])


def settle(run: FlowRun) -> FlowRun:
    """Mark a gone local run Crashed (it becomes retryable); returns the run as it is now."""
    reason = gone(run)
    if reason is None:
        return run
    message = t("cli.state.stopped", reason=reason)
    with get_client(sync_client=True) as client:
        client.set_flow_run_state(run.id, Crashed(message=message), force=True)
        return client.read_flow_run(run.id)


def crash_unless_ended(flow_run_id: UUID, message: str) -> None:
    """Mark the run Crashed unless it has ended (a runner that fails before or while running
    it never leaves it Pending or Running); transient API errors are retried."""
    from flows.backend import api_retry

    def mark() -> None:
        with get_client(sync_client=True) as client:
            run = client.read_flow_run(flow_run_id)
            if run.state is not None and run.state.is_final():
                return
            client.set_flow_run_state(flow_run_id, Crashed(message=message), force=True)

    api_retry.call(mark, deadline_s=300, what=t("cli.api.marking_crashed"))
