"""The Prefect tasks of a plan's nodes: each block call is one run of the single `run_node` task
(named after the node and iteration) with the node's policy as Prefect task options —
`retries`, `retry_delay_seconds`, a `retry_condition_fn` that retries recoverable errors only,
and `timeout_seconds` — so attempts are Prefect retries of that task run (its run count and
state history) and a timeout interrupts the block (Prefect 3.8's task engine: an alarm signal in
the main thread, an exception raised in the block's thread in worker threads; see
`compiler.attempts`). Loop items are batched into `run_batch` task runs named after the items
they hold (`work[0-31]`); multi-node loop items and subflows are Prefect subflows
(`as_subflow`); skipped nodes are Completed task runs named "Skipped". Results are persisted in
the task's result store under keys from the node's definition and inputs.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from prefect import flow, task
from prefect.context import TaskRunContext
from prefect.results import get_result_store
from prefect.states import Completed

from blocks.sdk.confirmation import NeedsConfirmation
from blocks.sdk.errors import BlockError
from compiler.attempts import run_attempt, run_with_retries
from compiler.backend import Backend
from compiler.jobs import NodeJob, Skipped
from compiler.runstate import RunState
from flows.backend.result_reuse import (
    MISSING,
    ReuseLog,
    compare,
    fingerprint,
    unwrap,
    wrap,
)
from keiri.base.catalog import t

__all__ = [
    "LoopProgress",
    "as_subflow",
    "auto_batch_size",
    "cache_key",
    "node_task",
    "result_key",
    "reuse_log",
    "run_batch",
    "run_node",
    "skipped_node",
    "stored_result",
    "task_store_of_run_node",
    "untagged",
    "without_heartbeats",
]

_EXPIRY = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}

#: Items per task run are chosen so a loop has about this many task runs per worker.
_BATCHES_PER_WORKER = 4


def _unquote(value: Any) -> Any:
    return value.unquote() if hasattr(value, "unquote") else value


def _job(value: Any) -> NodeJob:
    job = value.unquote() if hasattr(value, "unquote") else value
    if not isinstance(job, NodeJob):  # pragma: no cover - defensive
        raise TypeError(f"expected a NodeJob, got {type(job).__name__}")
    return job


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def result_key(job: NodeJob) -> str:
    """Results are scoped to the run and the node (a retried or resumed run reuses them when
    its fingerprint still matches: `flows.backend.result_reuse`); `cache: inputs` nodes to their
    block and resolved inputs, across runs."""
    if job.cache is not None:
        digest = _digest([job.spec.id, job.spec.version, job.inputs])
        return f"keiri-inputs-{job.spec.id}-{digest}"
    return job.result_key


def cache_key(context: TaskRunContext, parameters: dict[str, Any]) -> str:
    return result_key(_job(parameters["job"]))


def _retry_recoverable(task: Any, task_run: Any, state: Any) -> bool:
    """Prefect's `retry_condition_fn`: retry recoverable block errors and timeouts only."""
    error = state.data
    if isinstance(error, BlockError):
        return error.recoverable
    return isinstance(error, TimeoutError)


@task(
    name="run_node",
    persist_result=True,
    cache_key_fn=cache_key,
    retry_condition_fn=_retry_recoverable,
    log_prints=False,
)
def run_node(job: Any, run: Any, label: str = "", fp: Any = None) -> dict[str, Any]:
    """The one task every node runs through: one attempt per Prefect (re)try (`run`: the
    quoted `RunState`, never walked by Prefect). With a fingerprint `fp` (quoted), the persisted
    result is the outputs with it (`result_reuse.wrap`)."""
    job = _job(job)
    state: RunState = _unquote(run)
    context = TaskRunContext.get()
    attempt = max(context.task_run.run_count - 1, 0) if context and context.task_run else 0
    backend = state.backend
    if not isinstance(backend, Backend):  # pragma: no cover - always a PrefectBackend
        raise TypeError(f"unexpected backend {backend!r}")
    execute = backend.executor(state, job)
    # Prefect enforces timeout_seconds itself (interrupt=False): one mechanism, not two.
    try:
        outputs = run_attempt(job, execute, state.emit, attempt, interrupt=False)
    except BlockError as exc:
        # Prefect keeps the message as the task run's state message (API, UI): masked.
        raise exc.masked() from None
    stamp = _unquote(fp)
    return wrap(stamp, outputs) if stamp is not None else outputs


def _expiration(job: NodeJob) -> dt.timedelta | None:
    if job.cache is None:
        return None
    amount, unit = re.match(r"(\d+)([smhd])", job.cache.expires).groups()  # type: ignore[union-attr]
    return dt.timedelta(**{_EXPIRY[unit]: int(amount)})


@task(name="run_batch", persist_result=False, log_prints=False)
def run_batch(jobs: Any, run: Any, key: str) -> list[Any]:
    """Several loop items in one task run, in item order. Each item keeps its own policy
    (attempts, timeout, retries). The outputs of the items that finished are persisted under
    the batch's key (one write per batch, not per item) — `cache: inputs` items under their
    own — so a retried run re-runs only the items that did not finish, or whose definition or
    inputs changed (each stored with its fingerprint, `flows.backend.result_reuse`)."""
    state: RunState = _unquote(run)
    backend = state.backend
    if not isinstance(backend, Backend):  # pragma: no cover - always a PrefectBackend
        raise TypeError(f"unexpected backend {backend!r}")
    store = get_result_store()
    items: list[NodeJob | Skipped] = jobs.unquote() if hasattr(jobs, "unquote") else jobs
    reuse = reuse_log(backend)
    finished: dict[int, Any] = store.read(key).result if store.exists(key) else {}
    changed = False
    out: list[Any] = []
    for index, job in enumerate(items):
        if isinstance(job, Skipped):
            out.append(job)
            continue
        item_key = result_key(job) if job.cache is not None else None
        if item_key is not None and store.exists(item_key):
            reuse.note(state, job, "same_inputs")
            out.append(store.read(item_key).result)
            continue
        fp = fingerprint(state.compiled, job) if item_key is None else None
        if fp is not None:
            reason = compare(finished.get(index, MISSING), fp)
            reuse.note(state, job, reason)
            if reason == "unchanged":
                out.append(unwrap(finished[index]))
                continue
        try:
            outputs = run_with_retries(job, backend.executor(state, job), state.emit)
        except (BlockError, NeedsConfirmation) as exc:  # a question: asked by the flow
            out.append(exc)
            continue
        if item_key is not None:
            expiration = _expiration(job)
            until = dt.datetime.now(dt.UTC) + expiration if expiration else None
            store.write(outputs, key=item_key, expiration=until)  # type: ignore[arg-type]
        finished[index] = wrap(fp, outputs) if fp is not None else outputs
        changed = True
        out.append(outputs)
    if changed:
        store.write(finished, key=key)
    return out


@task(name="skipped", persist_result=False)
def skipped_node(reason: str) -> Any:
    return Completed(name="Skipped", message=t("cli.state.skipped", reason=reason))


_TASKS: dict[tuple[Any, ...], Any] = {}


def node_task(job: NodeJob, refresh: bool = False) -> Any:
    """`run_node` with the node's policy as task options, named after the block, its task
    runs after the node (`task_run_name` from the `label` parameter); `refresh`: replace the
    stored result (its fingerprint no longer matches). One task object per distinct option
    set: `with_options` copies the task, which costs milliseconds per node."""
    expiration = _expiration(job)
    key = (
        job.spec.id,
        job.retries,
        job.retry_delays,
        job.timeout_ms,
        expiration,
        refresh,
    )
    found = _TASKS.get(key)
    if found is None:
        options: dict[str, Any] = {
            "name": job.spec.id,
            "task_run_name": "{label}",
            "retries": job.retries,
            "retry_delay_seconds": list(job.retry_delays) if job.retries else 0,
            "timeout_seconds": job.timeout_ms / 1000 if job.timeout_ms else None,
            "refresh_cache": refresh or None,
        }
        if expiration is not None:
            options["cache_expiration"] = expiration
        found = _TASKS[key] = run_node.with_options(**options)
    return found


def auto_batch_size(items: int, max_concurrency: int) -> int:
    """Items per task run for a foreach without `batch_size`: one per item while the loop is
    small (every item its own task run), else about `_BATCHES_PER_WORKER` task runs per
    worker — a task run costs ~10-30 ms of orchestration, so 1,000 items of 10 ms as 1,000
    task runs spend most of their time on it."""
    if items <= max_concurrency * _BATCHES_PER_WORKER:
        return 1
    return math.ceil(items / (max_concurrency * _BATCHES_PER_WORKER))


class LoopProgress:
    """A Prefect progress artifact for a loop, updated as items finish (at most ~20 updates)."""

    def __init__(self, node_id: str, total: int) -> None:
        from prefect.artifacts import create_progress_artifact

        self.total = max(total, 1)
        self.done = 0
        self.step = max(1, self.total // 20)
        self.lock = threading.Lock()
        created = create_progress_artifact(progress=0.0, description=f"{node_id}: 0/{total} items")
        self.artifact_id: Any = created  # a UUID in sync context
        self.node_id = node_id

    def advance(self, count: int) -> None:
        from prefect.artifacts import update_progress_artifact

        with self.lock:
            before = self.done
            self.done += count
            if self.done // self.step == before // self.step and self.done < self.total:
                return
            percent = round(100.0 * min(self.done, self.total) / self.total, 1)
        update_progress_artifact(
            artifact_id=self.artifact_id,
            progress=percent,
            description=f"{self.node_id}: {min(self.done, self.total)}/{self.total} items",
        )


def as_subflow(fn: Callable[[], Any], name: str, run_name: str) -> Any:
    """Run `fn` as a Prefect subflow (its own flow run under the parent's)."""

    def body() -> Any:
        return fn()

    sub = flow(
        name=name,
        flow_run_name=run_name,
        persist_result=False,
        validate_parameters=False,
        log_prints=False,
    )(body)
    # The parent flow run already sends heartbeats; a subflow's own heartbeat thread would
    # only add up to a second of join time at its exit.
    with without_heartbeats():
        return sub()


@contextmanager
def untagged() -> Iterator[None]:
    """Task runs started inside carry no tags (flow runs keep theirs: `plan:<id>`, ...).

    Prefect asks the server for the concurrency slots of a task run's tags before it runs it
    (`tag:<tag>` limits: one API call per task run, 10-40 ms on the local SQLite server), and
    keiri sets no such limit: a tag on every node's task run was most of what a node cost
    beyond its block (issue 29's 40-node chain).
    """
    from prefect.context import TagsContext

    with TagsContext(current_tags=set()):
        yield


_NO_HEARTBEATS: dict[int, tuple[Any, Any]] = {}
_NO_HEARTBEATS_LOCK = threading.Lock()


@contextmanager
def without_heartbeats() -> Iterator[None]:
    """Prefect settings with flow run heartbeats off, for the flow runs started inside.

    Like `temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None})`, but the
    derived settings are a copy of the current ones with only `flows.heartbeat_frequency`
    replaced (`temporary_settings` rebuilds every setting from every source: ~0.15 s of a
    one-node `keiri run`), made once per base settings, and nothing is made when heartbeats
    are already off (inside a local run: every subflow).
    """
    from prefect.context import SettingsContext, get_settings_context

    context = get_settings_context()
    base = context.settings
    if base.flows.heartbeat_frequency is None:
        yield
        return
    with _NO_HEARTBEATS_LOCK:
        cached = _NO_HEARTBEATS.get(id(base))
        if cached is None or cached[0] is not base:
            flows = base.flows.model_copy(update={"heartbeat_frequency": None})
            derived = base.model_copy(update={"flows": flows})
            cached = _NO_HEARTBEATS[id(base)] = (base, derived)
    with SettingsContext(profile=context.profile, settings=cached[1]):
        yield


def reuse_log(backend: Any) -> ReuseLog:
    reuse = getattr(backend, "reuse", None)
    return reuse if isinstance(reuse, ReuseLog) else ReuseLog()


def task_store_of_run_node() -> Any:
    """The result store `run_node`'s task runs read and write (the flow's own store has no
    metadata storage: Prefect reads cached task results through the task's). Nothing read
    through it is kept in memory: a record it read may be replaced by the task run."""
    store: Any = get_result_store().update_for_task(run_node, _sync=True)  # type: ignore[call-arg]
    return store.model_copy(update={"cache_result_in_memory": False})


def stored_result(store: Any, key: str) -> Any:
    """The value persisted under `key`, or MISSING."""
    return store.read(key).result if store.exists(key) else MISSING
