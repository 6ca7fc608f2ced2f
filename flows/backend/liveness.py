"""Whether a run still has a process: runner records and claims, checked against this machine
and the work pool's workers. Every state a run can be lost in ends without a person.

Every process that runs a flow run (the `keiri run` foreground process, a detached
`python -m flows.lifecycle.runner`, a retry, a deployment run's process) records itself on the
run as a flow run input `keiri-runner-<host>-<pid>`: `{"host", "pid", "boot", "started", "at"}`
— the machine's boot id and the process's start time (from /proc) make a reused pid never pass
for the runner. A `keiri worker` records its claim (`keiri-claim-...`, with its name and pool)
before it hands a run to Prefect, and the process it starts as soon as it has started it.

A run that has not ended is *gone* when none of its runners is alive: it was killed (`kill -9`,
a native abort, out of memory, a lost machine) or lost the API for longer than its retries.
`settle` ends it as Prefect's own semantics say:

- **Running** (a local run; a deployment run whose process this execution recorded): its
  process died after it started — **Crashed**, so `keiri retry` takes it (finished nodes come
  from their persisted results). Also when it died before its first heartbeat.
- **Running**, a deployment run whose process is on another machine (or recorded nowhere):
  no heartbeat (`flows.backend.heartbeats`) for `KEIRI_CRASH_AFTER` — **Crashed**, with a
  message that says so (its machine or worker stopped, or lost the server).
- **Pending**, a local run: no runner took it within `KEIRI_START_GRACE` — **Crashed**.
- **Pending** (Prefect's `Submitting` included), a deployment run: a worker claimed it and
  died before the run started, and no process of it is alive after `KEIRI_START_GRACE` —
  **released**: Scheduled again at its expected start time, so the next worker of the pool
  takes it, in its place in the queue. Nothing of the run has executed (it never reached
  Running), so nothing needs retrying, and a Pending run holds its deployment queue's
  concurrency slot: Crashed would need a person, and a queue with `limit: 1` would wait.
  The claimer is a `keiri worker` by its claim record, or any Prefect worker (a plain
  `prefect worker start` too) by the labels it puts on the runs it submits.

`flows.lifecycle.runs.resume` continues a gone paused local run in a new runner. A deployment
run that is Suspended (Paused) has no process on purpose: never judged here.

Where it is checked: `list_runs` (`keiri runs`, the form app, the copilot), `keiri status`,
`keiri retry`/`resume`, every `keiri worker`'s sweep of its pool and the operations
watcher's sweep of every run (`sweep`: when they start, then every `KEIRI_LIVENESS_INTERVAL`
or `KEIRI_WATCH_INTERVAL`). A runner on another machine cannot be checked from here (its
process verdict is unknown: never called gone by it); a Running run there is judged by its
heartbeats, a claim from another machine by Prefect's worker heartbeats (the worker is dead
when it missed 3 of them).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.objects import FlowRun, State
from prefect.states import Crashed, Scheduled

from flows.backend import heartbeats, runner_record
from flows.backend.run_inputs import create_once, filter_values
from keiri.base import processes, settings
from keiri.base.catalog import t

__all__ = [
    "CLAIM_KEY",
    "RUNNER_KEY",
    "Verdict",
    "claim",
    "claims",
    "crash_unless_ended",
    "gone",
    "may_be_gone",
    "process_alive",
    "register",
    "register_process",
    "runners",
    "settle",
    "start_grace_s",
    "sweep",
    "this_process",
    "verdict",
]

RUNNER_KEY = runner_record.RUNNER_KEY
CLAIM_KEY = runner_record.CLAIM_KEY
_WAITING = {"PENDING", "SCHEDULED"}
_ACTIVE = {"PENDING", "SCHEDULED", "RUNNING", "PAUSED"}
#: A deployment run waits in Scheduled for a worker and has no process while Suspended: only
#: these states have one to lose.
_DEPLOYMENT_ACTIVE = {"PENDING", "RUNNING"}
#: Prefect's foreman marks a worker offline after this many missed heartbeats.
_MISSED_HEARTBEATS = 3


@dataclass(frozen=True)
class Verdict:
    """What `settle` does with a gone run, why (a short reason), and the state's message."""

    action: Literal["crash", "release"]
    reason: str
    message: str


def _crashed(reason: str) -> Verdict:
    return Verdict("crash", reason, t("cli.state.stopped", reason=reason))


#: The reason a silent run gets, by whether its last process is known (host and pid).
_SILENT = {True: "ops.liveness.no_heartbeat_on", False: "ops.liveness.no_heartbeat"}
#: The reason a released run gets, by whether the claimer's machine is known.
_RELEASED = {True: "ops.liveness.released", False: "ops.liveness.released_worker"}


def start_grace_s() -> float | None:
    """`KEIRI_START_GRACE` in seconds: how long a run may wait for its process; None (`off`):
    a waiting run is never judged."""
    grace = settings.get().ops.start_grace
    return grace.total_seconds() if grace is not None else None


def this_process() -> dict[str, Any]:
    """The runner record of this process."""
    return runner_record.record(os.getpid())


def register(flow_run_id: UUID) -> None:
    """Record this process as a runner of the run (once per process)."""
    register_process(flow_run_id, os.getpid())


def register_process(flow_run_id: UUID, pid: int) -> None:
    """Record process `pid` of this machine as a runner of the run (once per process)."""
    record = runner_record.record(pid)
    create_once(flow_run_id, runner_record.key(record), record)


def claim(flow_run_id: UUID, worker: str, pool: str) -> None:
    """Record that this worker process (named `worker`, serving `pool`) took the run."""
    entry = runner_record.claim(os.getpid(), worker, pool)
    create_once(flow_run_id, runner_record.claim_key(entry), entry)


def runners(flow_run_id: UUID) -> list[dict[str, Any]]:
    return _records(flow_run_id, RUNNER_KEY)


def claims(flow_run_id: UUID) -> list[dict[str, Any]]:
    return _records(flow_run_id, CLAIM_KEY)


def _records(flow_run_id: UUID, prefix: str) -> list[dict[str, Any]]:
    return [
        e
        for e in filter_values(flow_run_id, prefix)
        if isinstance(e, dict) and isinstance(e.get("pid"), int)
    ]


def _at(entry: dict[str, Any]) -> float:
    return float(entry.get("at") or 0)


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
    """Whether `gone` has anything to check — a keiri plan run (tag `plan:*`), not a subflow,
    that has not ended (a deployment run: Pending or Running): no API call."""
    state = run.state
    if state is None or run.parent_task_run_id is not None:
        return False
    if not any(t.startswith("plan:") for t in run.tags):
        return False
    active = _ACTIVE if run.deployment_id is None else _DEPLOYMENT_ACTIVE
    return state.type.value in active


def verdict(run: FlowRun) -> Verdict | None:
    """What to do with `run` because its process is gone, or None (alive, ended, or it cannot
    be told from here)."""
    if run.state is None or not may_be_gone(run):
        return None
    if run.deployment_id is not None:
        return _deployment_verdict(run)
    return _local_verdict(run)


def gone(run: FlowRun) -> str | None:
    """Why the run has no process any more, or None (see `verdict`)."""
    found = verdict(run)
    return found.reason if found is not None else None


def _local_verdict(run: FlowRun) -> Verdict | None:
    state = run.state.type.value if run.state is not None else ""
    entries = runners(run.id)
    if any(process_alive(e) is not False for e in entries):
        return None  # a runner is alive, or one on another machine cannot be checked
    grace = start_grace_s()
    if state in _WAITING and (grace is None or _since(run) < grace):
        return None  # its runner is still starting
    if not entries:
        if state in _WAITING:
            return _crashed(t("cli.state.never_taken"))
        return None  # Running or Paused, recorded by no process (keiri before records)
    last = max(entries, key=_at)
    return _crashed(t("cli.state.process_gone", pid=last["pid"], host=last["host"]))


def _deployment_verdict(run: FlowRun) -> Verdict | None:
    state = run.state.type.value if run.state is not None else ""
    taken = claims(run.id)
    stamp = run.state.timestamp if run.state is not None else None
    # This execution's processes: recorded since the latest claim (a plain Prefect worker
    # claims nothing: since the state began). Earlier executions (before a pause, a retry)
    # left records of processes that ended on purpose.
    since = max(map(_at, taken)) if taken else (stamp.timestamp() if stamp else 0.0)
    current = [e for e in runners(run.id) if _at(e) >= since - 1]
    alive = [process_alive(e) for e in current]
    if any(a is True for a in alive):
        return None
    if state == "RUNNING":
        if current and all(a is False for a in alive):
            last = max(current, key=_at)
            return _crashed(t("cli.state.process_gone", pid=last["pid"], host=last["host"]))
        # Its process is on another machine (or recorded nowhere): its heartbeats tell.
        return _silent(run, current)
    if any(a is None for a in alive):
        return None  # its process started on another machine: it is starting there
    grace = start_grace_s()
    if grace is None or _since(run) < grace:
        return None  # its process may still be starting
    last_claim = max(taken, key=_at) if taken else heartbeats.labelled_claimer(run)
    if last_claim is None:
        return None  # no worker is known to have taken it
    if _claimer_alive(last_claim) is not False:
        return None
    host = last_claim.get("host")
    reason = t(
        _RELEASED[host is not None],
        worker=last_claim.get("worker") or last_claim.get("pid"),
        host=host,
    )
    return Verdict("release", reason, reason)


def _silent(run: FlowRun, current: list[dict[str, Any]]) -> Verdict | None:
    """Crash a Running deployment run whose heartbeats stopped for `KEIRI_CRASH_AFTER`."""
    bound = heartbeats.crash_after()
    if bound is None:
        return None
    with get_client(sync_client=True) as client:
        silent = heartbeats.silence(client, run, bound)
    if silent is None:
        return None
    last = max(current, key=_at) if current else {}
    reason = t(
        _SILENT[bool(last)],
        window=heartbeats.window_text(bound),
        host=last.get("host"),
        pid=last.get("pid"),
    )
    return Verdict("crash", reason, reason)


def _claimer_alive(entry: dict[str, Any]) -> bool | None:
    """Whether the worker that made the claim still runs: by its process on this machine,
    else by its heartbeats in the pool (Prefect's: dead after 3 missed); None when unknown."""
    if entry.get("pid") is not None:
        here = process_alive(entry)
        if here is not None:
            return here
    pool, name = entry.get("pool"), entry.get("worker")
    if not pool or not name:
        return None
    from prefect.exceptions import ObjectNotFound

    try:
        with get_client(sync_client=True) as client:
            workers = [w for w in client.read_workers_for_work_pool(str(pool)) if w.name == name]
    except ObjectNotFound:
        return False  # its pool is gone
    if not workers:
        return False
    worker = workers[0]
    if worker.last_heartbeat_time is None:
        return None
    every = float(worker.heartbeat_interval_seconds or 30)
    silent = datetime.now(UTC) - worker.last_heartbeat_time
    return silent < timedelta(seconds=_MISSED_HEARTBEATS * every)


def settle(run: FlowRun) -> FlowRun:
    """End a gone run as `verdict` says (Crashed, or Scheduled again); returns the run as it
    is now. A run that moved on while it was judged (its process set it Completed just before
    exiting, a person retried it) is left as it is: the state is read again first, and a
    Running run is crashed through Prefect's orchestration, which refuses it over a state
    that has just ended."""
    return _settle(run)[0]


def _settle(run: FlowRun) -> tuple[FlowRun, bool]:
    """`settle`, and whether the run got the state its verdict says (not merely moved on)."""
    found = verdict(run)
    if found is None:
        return run, False
    with get_client(sync_client=True) as client:
        now = client.read_flow_run(run.id)
        if now.state is None or run.state is None or now.state.id != run.state.id:
            return now, False
        state: State[Any]
        if found.action == "release":
            state = Scheduled(
                scheduled_time=run.expected_start_time or datetime.now(UTC),
                message=found.message,
            )
        else:
            state = Crashed(message=found.message)
        running = now.state.type.value == "RUNNING"
        result = client.set_flow_run_state(
            run.id, state, force=not (running and found.action == "crash")
        )
        return client.read_flow_run(run.id), result.status.value == "ACCEPT"


def sweep(pool: str | None = None) -> list[FlowRun]:
    """Settle the Pending and Running keiri runs (of work pool `pool`; None: every run, local
    ones included) whose process or worker is gone, or whose heartbeats stopped; returns them
    as they are now, only those this sweep changed (every `keiri worker` sweeps its pool,
    `keiri deployments watch` all)."""
    from prefect.client.schemas.filters import (
        FlowRunFilter,
        FlowRunFilterParentTaskRunId,
        FlowRunFilterState,
        FlowRunFilterStateType,
        WorkPoolFilter,
        WorkPoolFilterName,
    )
    from prefect.client.schemas.objects import StateType

    pools = WorkPoolFilter(name=WorkPoolFilterName(any_=[pool])) if pool is not None else None
    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(
            flow_run_filter=FlowRunFilter(
                state=FlowRunFilterState(
                    type=FlowRunFilterStateType(any_=[StateType.PENDING, StateType.RUNNING])
                ),
                parent_task_run_id=FlowRunFilterParentTaskRunId(is_null_=True),
            ),
            work_pool_filter=pools,
            limit=200,
        )
    settled = []
    for run in runs:
        if may_be_gone(run):
            now, changed = _settle(run)
            if changed:  # not a run that merely ended meanwhile
                settled.append(now)
    return settled


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
