"""The Prefect backend: each block call is one run of the single `run_node` task (named after
the node and iteration) with the node's policy as Prefect task options — `retries`,
`retry_delay_seconds`, a `retry_condition_fn` that retries recoverable errors only, and
`timeout_seconds` — so attempts are Prefect retries of that task run (its run count and state
history) and a timeout interrupts the block (Prefect 3.8's task engine: an alarm signal in the
main thread, an exception raised in the block's thread in worker threads; see
`compiler.attempts`). Loop items are batched into `run_batch` task runs named after the items
they hold (`work[0-31]`); multi-node loop items and subflows are Prefect subflows; skipped
nodes are Completed task runs named "Skipped"; human input pauses the flow run.
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
from uuid import UUID

from prefect import flow, task
from prefect.context import TaskRunContext
from prefect.results import get_result_store
from prefect.states import Completed
from prefect.utilities.annotations import quote

from blocks.sdk.confirmation import NeedsConfirmation
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from compiler.attempts import run_attempt, run_with_retries, timeout_error
from compiler.backend import Backend, map_bounded
from compiler.jobs import NodeJob, Skipped
from compiler.runstate import ItemResult, RunState
from compiler.scope import CompiledLoop, CompiledNode, CompiledSubflow
from flows.backend import child_pauses, pause_wait, reask, run_secrets
from flows.backend.input_keys import FORM_PREFIX
from flows.backend.reenter import Reentry
from flows.backend.result_reuse import (
    MISSING,
    ReuseLog,
    compare,
    fingerprint,
    inputs_digest,
    unwrap,
    wrap,
)
from flows.backend.run_inputs import create_once, read_value
from keiri.base import masking
from keiri.base.catalog import t

__all__ = [
    "PrefectBackend",
    "auto_batch_size",
    "cache_key",
    "run_node",
    "untagged",
    "without_heartbeats",
]

_EXPIRY = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}

#: Called with (run_id, node_id) when a run pauses for input (the CLI prints the form link,
#: the flow attaches it to the run); passed to `PrefectBackend`, never registered globally.
PauseObserver = Callable[[str, str], None]

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
    from prefect.types._datetime import now

    state: RunState = _unquote(run)
    backend = state.backend
    if not isinstance(backend, Backend):  # pragma: no cover - always a PrefectBackend
        raise TypeError(f"unexpected backend {backend!r}")
    store = get_result_store()
    items: list[NodeJob | Skipped] = jobs.unquote() if hasattr(jobs, "unquote") else jobs
    reuse = _reuse_log(backend)
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
            until = now("UTC") + expiration if expiration else None
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


def _node_task(job: NodeJob, refresh: bool = False) -> Any:
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


class _LoopProgress:
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


def _as_subflow(fn: Callable[[], Any], name: str, run_name: str) -> Any:
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


def _reuse_log(backend: Any) -> ReuseLog:
    reuse = getattr(backend, "reuse", None)
    return reuse if isinstance(reuse, ReuseLog) else ReuseLog()


def _task_store() -> Any:
    """The result store `run_node`'s task runs read and write (the flow's own store has no
    metadata storage: Prefect reads cached task results through the task's). Nothing read
    through it is kept in memory: a record it read may be replaced by the task run."""
    store: Any = get_result_store().update_for_task(run_node, _sync=True)  # type: ignore[call-arg]
    return store.model_copy(update={"cache_result_in_memory": False})


def _stored(store: Any, key: str) -> Any:
    """The value persisted under `key`, or MISSING."""
    return store.read(key).result if store.exists(key) else MISSING


class PrefectBackend(Backend):
    name = "prefect"

    def __init__(
        self,
        poll_interval: int = 1,
        on_pause: PauseObserver | None = None,
        reuse: ReuseLog | None = None,
        root_run_id: str | None = None,
        generation: int = 0,
        reentry: Reentry | None = None,
        first_start: bool = False,
    ) -> None:
        super().__init__(
            name="prefect",
            human_input=PrefectHumanInput(
                poll_interval=poll_interval,
                on_pause=on_pause,
                root_run_id=root_run_id,
                generation=generation,
            ),
        )
        self.reuse = reuse or ReuseLog()
        self._store: Any = None  # `_task_store()`, built once per run
        #: The run this backend runs (loop items and subflows are its children) and how many
        #: times it was retried (`flows.backend.reask`).
        self.root_run_id = root_run_id
        self.generation = generation
        #: The human-input nodes this retry re-enters (`flows.backend.reenter`); None: a plain retry.
        self.reentry = reentry
        #: The run's first start in this process (no retry, no resumed suspension): no node
        #: result of it is stored yet, so none is read.
        self.first_start = first_start
        #: Per place, the pauses answered with secrets whose stored answer is deleted once the
        #: answers are recorded (`execute_in_flow`).
        self._answered: dict[str, list[tuple[UUID, str]]] = {}

    def task_store(self) -> Any:
        if self._store is None:
            self._store = _task_store()
        return self._store

    def make_context(self, state: RunState, job: NodeJob) -> BlockContext:
        ctx = super().make_context(state, job)
        if not job.spec.human_input:
            return ctx
        ctx.services["item_title"] = job.title
        where = reask.place(job.scope, job.task_name)
        if where in self._answered:
            ctx.services["answered_pauses"] = self._answered[where]
        if self.root_run_id is not None:  # answered in this generation: a continued run's replay
            answered = reask.current(UUID(self.root_run_id), where, self.generation)
            if answered is not None:
                ctx.answers = answered
                return ctx
        if self.root_run_id is not None and self.generation > 0:
            earlier = reask.latest(
                UUID(self.root_run_id), reask.place(job.scope, job.task_name), self.generation
            )
            if earlier is not None and self.reentry is not None:
                decision = self.reentry.decide(job, earlier)
                kept = Reentry.kept_answers(earlier) if decision == "keep" else None
                if kept is not None:  # another input is re-entered: these answers stand
                    self.reuse.note(state, job, "unchanged")
                    ctx.answers = kept
                    return ctx
                if decision == "inputs_changed":
                    self.reuse.note(state, job, "inputs_changed")
            named = self.reentry is not None and job.node_id in self.reentry.nodes
            if earlier is not None or named:
                # Asked in an earlier attempt of this run (or named to re-enter: values given
                # up front that failed, say): ask again, never reuse that answer (nor the
                # values given up front); what was given before is prefilled.
                before = dict(earlier.get("answers") or {}) if earlier is not None else {}
                given = {k: v for k, v in ctx.answers.items() if not k.startswith("_")}
                ctx.services["prefill"] = {**given, **before}
                ctx.answers = {}
        return ctx

    def execute_in_flow(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        """Human input; the answers it took are recorded for a later retry (`flows.backend.reask`)."""
        if self.root_run_id is None or not job.spec.human_input:
            return super().execute_in_flow(state, job)
        where = reask.place(job.scope, job.task_name)
        root = UUID(self.root_run_id)
        secret = run_secrets.secret_fields(job.inputs.get("requirements"))
        answered: list[tuple[UUID, str]] = []  # pauses whose stored answer goes once recorded
        self._answered[where] = answered
        try:
            try:
                outputs = super().execute_in_flow(state, job)
            except BlockError as exc:
                answers = exc.details.get("answers")
                if isinstance(answers, dict):
                    reask.record(root, where, self.generation, answers, secret=secret)
                raise
            metadata = outputs.get("metadata") or {}
            reask.record(
                root,
                where,
                self.generation,
                reask.answers_of(outputs),
                who=str(metadata.get("answered_by") or ""),
                inputs=inputs_digest(job.inputs),  # its answers stand while these do (re-entry)
                secret=secret,  # kept as references to a Secret block
            )
        finally:
            self._answered.pop(where, None)
            for flow_run_id, key in answered:
                pause_wait.forget_answer(flow_run_id, key)
        return outputs

    def call_block(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        if state.compiled.registry.load_class(job.spec).runs_in_flow:
            return self.execute_in_flow(state, job)
        fp = None
        refresh = False
        if job.cache is None:
            # A stored result is used again only for the same definition and inputs. A run's
            # first start has none (its results are keyed by the run): nothing to read.
            fp = fingerprint(state.compiled, job)
            stored = MISSING if self.first_start else _stored(self.task_store(), job.result_key)
            reason = compare(stored, fp)
            self.reuse.note(state, job, reason)
            refresh = reason not in ("unchanged", "not_finished")
        elif self.task_store().exists(result_key(job)):
            self.reuse.note(state, job, "same_inputs")
        try:
            with untagged():
                result = _node_task(job, refresh)(
                    quote(job), quote(state), job.task_name, quote(fp) if fp is not None else None
                )
        except TimeoutError as exc:  # Prefect's TaskRunTimeoutError after the last attempt
            raise timeout_error(job) from exc
        outputs: dict[str, Any] = unwrap(result)
        return outputs

    def call_items(
        self,
        state: RunState,
        jobs: list[NodeJob | Skipped],
        max_concurrency: int,
        batch_size: int | None,
    ) -> list[ItemResult]:
        real = [j for j in jobs if isinstance(j, NodeJob)]
        if not real:
            return [job for job in jobs if isinstance(job, Skipped)]
        first = real[0]
        node_id = first.node_id
        in_flow = state.compiled.registry.load_class(first.spec).runs_in_flow
        size = 1 if in_flow else batch_size or auto_batch_size(len(jobs), max_concurrency)
        progress = _LoopProgress(node_id, len(jobs))
        if size <= 1:

            def single(job: NodeJob | Skipped) -> ItemResult:
                try:
                    if isinstance(job, Skipped):
                        return job
                    if in_flow:
                        # Each item's human input pauses its own child run (its own form).
                        return _as_subflow(  # type: ignore[no-any-return]
                            lambda: self.call_block(state, job),
                            f"{state.plan_id}.{node_id}",
                            job.title or job.task_name,
                        )
                    return self.call_block(state, job)
                except (BlockError, NeedsConfirmation) as exc:
                    return exc
                finally:
                    progress.advance(1)

            return map_bounded(single, jobs, max_concurrency)
        batches = [list(range(i, min(i + size, len(jobs)))) for i in range(0, len(jobs), size)]

        def one(indexes: list[int]) -> list[Any]:
            first_i, last_i = indexes[0], indexes[-1]
            label = (
                f"{node_id}[{first_i}]" if first_i == last_i else f"{node_id}[{first_i}-{last_i}]"
            )
            try:
                with untagged():
                    return list(
                        run_batch.with_options(task_run_name=label)(
                            quote([jobs[i] for i in indexes]),
                            quote(state),
                            f"keiri-{first.scope}-{label}",
                        )
                    )
            finally:
                progress.advance(len(indexes))

        results: list[ItemResult] = []
        for chunk in map_bounded(one, batches, max_concurrency):
            results.extend(chunk)
        return results

    def run_item_body(
        self, state: RunState, loop: CompiledLoop, index: int, fn: Callable[[], Any]
    ) -> Any:
        return _as_subflow(fn, f"{state.plan_id}.{loop.id}", f"{loop.id}[{index}]")

    def run_subflow(
        self, state: RunState, cnode: CompiledSubflow, sub_run_id: str, fn: Callable[[], Any]
    ) -> Any:
        return _as_subflow(fn, cnode.subplan.id, f"{cnode.id} ({sub_run_id.rsplit('.', 1)[-1]})")

    def record_skip(self, state: RunState, key: str, cnode: CompiledNode, reason: str) -> None:
        with untagged():
            skipped_node.with_options(task_run_name=key)(reason, return_state=True)


def _resumer(flow_run_id: Any, key: str, claimed: Any) -> tuple[str, str]:
    """Who answered: the person keiri recorded when it resumed the pause (its resume marker,
    from the authenticated session), else — a resume made outside keiri (Prefect UI or API) —
    the name the answer claims, marked as such (source `outside_keiri`)."""
    from flows.backend.resume_marker import marker_key

    record = read_value(flow_run_id, marker_key(key))
    if isinstance(record, dict) and record.get("by"):
        return str(record["by"]), "form"
    return str(claimed or "unknown"), "outside_keiri"


class PrefectHumanInput:
    """Pauses the flow run (local runs) or suspends it (deployment runs) until someone answers.

    The form definition (message, requirements, assignee) is stored as a flow run input under
    `keiri-form-<key>` so the form app can render it; the answers come back through Prefect's
    `wait_for_input` model built from the same requirements.
    """

    def __init__(
        self,
        poll_interval: int = 1,
        default_timeout_s: int = 24 * 3600,
        on_pause: PauseObserver | None = None,
        root_run_id: str | None = None,
        generation: int = 0,
    ) -> None:
        self.poll_interval = poll_interval
        self.default_timeout_s = default_timeout_s
        self.on_pause = on_pause
        self.root_run_id = root_run_id
        self.generation = generation

    def request(self, ctx: Any, form: dict[str, Any]) -> dict[str, Any]:
        import json
        import time

        from prefect.context import FlowRunContext
        from prefect.exceptions import FlowPauseTimeout
        from prefect.flow_runs import suspend_flow_run

        from blocks.forms.form import run_input_model
        from blocks.sdk.errors import ErrorCode

        run_ctx = FlowRunContext.get()
        if run_ctx is None or run_ctx.flow_run is None:
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("cli.error.input_outside_run"),
                details={"node_id": ctx.node_id},
            )
        flow_run = run_ctx.flow_run
        # A block's question has its own key per question (`compiler.confirmation`); a retry
        # pauses anew under a new key, never replaying an earlier answer (`flows.backend.reask`).
        base = re.sub(r"[^a-z0-9-]", "-", str(form.get("pause_key") or ctx.task_name).lower())
        key = reask.pause_key(base, self.generation)
        timeout_s = int(ctx.services.get("timeout_ms") or self.default_timeout_s * 1000) // 1000
        prefill = ctx.services.get("prefill")
        if isinstance(prefill, dict) and prefill:
            form = reask.prefilled(form, prefill)
        model = run_input_model({**form, "node_id": ctx.node_id}, name=f"Form_{base}")
        title = str(ctx.services.get("item_title") or "")
        root = self.root_run_id
        child = root is not None and str(flow_run.id) != root
        if child and not title:
            title = flow_run.name  # a subflow run: named after its node (`validate (sub#1)`)
        definition = {
            **form,
            # What the form app and the Prefect API show: a message or context that quotes a
            # secret shows it masked (the form's schema and fields stay as they are).
            "message": masking.mask_text(str(form.get("message") or "")),
            "context": masking.mask(form.get("context")),
            "node_id": ctx.node_id,
            "task_name": ctx.task_name,
            "plan_id": ctx.plan_id,
            "block_version": ctx.block_version,
            "key": key,
            "asked_at": time.time(),
            "item_title": title or None,
            "root_run_id": root if child else None,
        }
        # A suspended run that restarts finds its form already stored: keep the first one.
        create_once(
            flow_run.id, f"{FORM_PREFIX}{key}", json.loads(json.dumps(definition, default=str))
        )
        ctx.emit(
            "node_paused",
            node_id=ctx.node_id,
            iteration=ctx.iteration,
            key=key,
            assignee=form.get("assignee"),
            message=form.get("message"),
        )
        if child and root is not None:
            child_pauses.note(UUID(root), flow_run.id, ctx.node_id, key, title)
        if self.on_pause is not None:
            self.on_pause(str(flow_run.id), ctx.node_id)
        started = time.monotonic()
        try:
            # A subflow cannot be suspended (Prefect): its process waits, like a local run.
            if flow_run.deployment_id is not None and flow_run.parent_task_run_id is None:
                answer = suspend_flow_run(wait_for_input=model, key=key, timeout=timeout_s)
            else:
                answer = self._pause_local(flow_run.id, key, model, timeout_s, started)
        except FlowPauseTimeout as exc:
            # The run goes on (to record this error as its outcome): end the expired pause,
            # or the server would replace the run's final state and its result by its own.
            from prefect.client.orchestration import get_client
            from prefect.states import Running

            from flows.backend import api_retry

            def end_pause() -> None:
                with get_client(sync_client=True) as client:
                    client.set_flow_run_state(
                        flow_run.id,
                        Running(message=t("cli.state.no_answer", node=ctx.node_id)),
                        force=True,
                    )

            # A busy server (503) must not turn the timeout into an unexplained failure.
            api_retry.call(end_pause, deadline_s=300, what=t("cli.api.waiting_answer"))
            raise BlockError(
                ErrorCode.TIMEOUT_ERROR,
                t("cli.error.no_answer", node=ctx.node_id, seconds=timeout_s),
                details={"node_id": ctx.node_id, "timeout_s": timeout_s},
                hint=t("cli.hint.no_answer"),
                recoverable=True,
            ) from exc
        except Exception as exc:
            # Keiri's own fault (e.g. an input that does not load as the form's RunInput):
            # re-running the same run cannot fix it.
            raise BlockError(
                ErrorCode.INTERNAL_ERROR,
                t("cli.error.pause_failed", node=ctx.node_id, error=f"{type(exc).__name__}: {exc}"),
                details={"node_id": ctx.node_id, "key": key, "exception": type(exc).__name__},
                hint=t("cli.hint.pause_failed"),
                recoverable=False,
            ) from exc
        values = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else dict(answer)
        who, source = _resumer(flow_run.id, key, values.pop("answered_by", "unknown"))
        if run_secrets.secret_fields(form.get("requirements")):
            # Prefect keeps the answer as a flow run input: not a secret one. Deleted once the
            # answers are recorded (secrets by reference): a continued run replays this node
            # from the record (`PrefectBackend.execute_in_flow`).
            from flows.backend.pause_wait import forget_answer

            pending = ctx.services.get("answered_pauses")
            if isinstance(pending, list):
                pending.append((flow_run.id, key))
            else:
                forget_answer(flow_run.id, key)
        values.pop("metadata", None)
        ctx.emit(
            "node_resumed",
            node_id=ctx.node_id,
            iteration=ctx.iteration,
            key=key,
            resumed_by=who,
            waited_s=round(time.monotonic() - started, 3),
        )
        return {**values, "_answered_by": who, "_source": source}

    def _pause_local(
        self, flow_run_id: Any, key: str, model: Any, timeout_s: int, started: float
    ) -> Any:
        """Pause a local run until its answer: an answer already given (the run was
        continued after its process was gone) is taken without pausing again, and an API
        outage is waited out for as long as the pause may last (`flows.backend.pause_wait`)."""
        import time

        from prefect.flow_runs import pause_flow_run

        from flows.backend import api_retry, pause_wait

        answer = pause_wait.stored_answer(flow_run_id, key, model)
        deadline = started + timeout_s
        while answer is None:
            try:
                return pause_flow_run(
                    wait_for_input=model,
                    key=key,
                    timeout=max(1, int(deadline - time.monotonic())),
                    poll_interval=self.poll_interval,
                )
            except Exception as exc:
                if not api_retry.transient(exc):
                    raise
            answer = pause_wait.wait_out_pause(
                flow_run_id, key, model, deadline, float(self.poll_interval)
            )
        return answer
