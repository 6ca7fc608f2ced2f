"""The Prefect backend: each block call is one run of the single `run_node` task (named after
the node and iteration), multi-node loop items and subflows are Prefect subflows, skipped
nodes are Completed task runs named "Skipped", human input pauses the flow run.

Prefect is imported here only; `keiri validate` never imports this module.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from prefect import flow, task
from prefect.context import TaskRunContext
from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings
from prefect.states import Completed
from prefect.utilities.annotations import quote

from blocks.errors import BlockError
from compiler.backend import Backend, Skipped, map_bounded
from compiler.policy import NodeJob, execute_with_policy
from compiler.run_inputs import create_once

if TYPE_CHECKING:
    from compiler.engine import RunState
    from compiler.scope import CompiledNode

__all__ = ["PrefectBackend", "cache_key", "run_node"]

_EXPIRY = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}

# Called with (run_id, node_id) when a run pauses for input (the CLI prints the form link).
PAUSE_LISTENERS: list[Callable[[str, str], None]] = []

# Running plans by run id. Tasks receive the id, not the state object, so Prefect never walks
# (or tries to serialise) the compiled plan as a task parameter.
_ACTIVE: dict[str, RunState] = {}
_ACTIVE_LOCK = threading.Lock()


def activate(state: RunState) -> None:
    with _ACTIVE_LOCK:
        _ACTIVE[state.run_id] = state


def deactivate(state: RunState) -> None:
    with _ACTIVE_LOCK:
        _ACTIVE.pop(state.run_id, None)


def _state(run_id: str) -> RunState:
    return _ACTIVE[run_id]


def _job(value: Any) -> NodeJob:
    job = value.unquote() if hasattr(value, "unquote") else value
    if not isinstance(job, NodeJob):  # pragma: no cover - defensive
        raise TypeError(f"expected a NodeJob, got {type(job).__name__}")
    return job


def cache_key(context: TaskRunContext, parameters: dict[str, Any]) -> str:
    """Scope results to the run and the node: a retried or resumed run reuses them."""
    job = _job(parameters["job"])
    if job.cache is not None:
        import hashlib
        import json

        digest = hashlib.sha256(
            json.dumps(
                [job.spec.id, job.spec.version, job.inputs], sort_keys=True, default=str
            ).encode()
        ).hexdigest()
        return f"keiri-inputs-{job.spec.id}-{digest}"
    return f"keiri-{job.scope}-{job.task_name}"


@task(name="run_node", persist_result=True, cache_key_fn=cache_key, log_prints=False)
def run_node(job: Any, run_id: str) -> dict[str, Any]:
    """The one task every node runs through."""
    job = _job(job)
    state = _state(run_id)
    block = state.compiled.registry.create(job.spec)
    backend: Backend = state.backend
    ctx = backend.make_context(state, job)
    return execute_with_policy(job, lambda: block.execute(ctx, job.inputs), state.emit)


@task(
    name="run_batch",
    persist_result=True,
    cache_key_fn=lambda c, p: f"keiri-{p['scope']}-{p['label']}",
)
def run_batch(jobs: Any, run_id: str, scope: str, label: str) -> list[Any]:
    """Several loop items in one task run (`foreach.batch_size`), results in item order."""
    state = _state(run_id)
    items: list[NodeJob | Skipped] = jobs.unquote() if hasattr(jobs, "unquote") else jobs
    out: list[Any] = []
    for job in items:
        if isinstance(job, Skipped):
            out.append(job)
            continue
        block = state.compiled.registry.create(job.spec)
        ctx = state.backend.make_context(state, job)
        try:
            out.append(
                execute_with_policy(job, partial(block.execute, ctx, job.inputs), state.emit)
            )
        except BlockError as exc:
            out.append(exc)
    return out


@task(name="skipped", persist_result=False)
def skipped_node(reason: str) -> Any:
    return Completed(name="Skipped", message=f"when is false: {reason}")


def _options(job: NodeJob) -> dict[str, Any]:
    options: dict[str, Any] = {
        "name": job.spec.id,
        "task_run_name": job.task_name,
        "tags": job.tags,
    }
    if job.cache is not None:
        amount, unit = re.match(r"(\d+)([smhd])", job.cache.expires).groups()  # type: ignore[union-attr]
        options["cache_expiration"] = dt.timedelta(**{_EXPIRY[unit]: int(amount)})
    return options


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
    with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):
        return sub()


class PrefectBackend(Backend):
    name = "prefect"

    def __init__(self, poll_interval: int = 1) -> None:
        super().__init__(name="prefect", human_input=PrefectHumanInput(poll_interval=poll_interval))

    def begin(self, state: RunState) -> None:
        activate(state)

    def end(self, state: RunState) -> None:
        deactivate(state)

    def call_block(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        cls = state.compiled.registry.load_class(job.spec)
        if cls.runs_in_flow:
            return self.execute_block(state, job)
        result: dict[str, Any] = run_node.with_options(**_options(job))(quote(job), state.run_id)
        return result

    def call_items(
        self,
        state: RunState,
        jobs: list[NodeJob | Skipped],
        max_concurrency: int,
        batch_size: int | None,
    ) -> list[dict[str, Any] | BlockError | Skipped]:
        real = [j for j in jobs if isinstance(j, NodeJob)]
        if not real:
            return [j for j in jobs if isinstance(j, Skipped)]
        node_id = real[0].node_id
        progress = _LoopProgress(node_id, len(jobs))
        if not batch_size or batch_size <= 1:

            def single(job: NodeJob | Skipped) -> dict[str, Any] | BlockError | Skipped:
                try:
                    return job if isinstance(job, Skipped) else self.call_block(state, job)
                except BlockError as exc:
                    return exc
                finally:
                    progress.advance(1)

            return map_bounded(single, jobs, max_concurrency)
        batches = [
            list(range(i, min(i + batch_size, len(jobs)))) for i in range(0, len(jobs), batch_size)
        ]

        def one(indexes: list[int]) -> list[Any]:
            label = f"{node_id}[{indexes[0]}:{indexes[-1] + 1}]"
            try:
                return list(
                    run_batch.with_options(task_run_name=label, tags=real[0].tags)(
                        quote([jobs[i] for i in indexes]), state.run_id, real[0].scope, label
                    )
                )
            finally:
                progress.advance(len(indexes))

        results: list[Any] = []
        for chunk in map_bounded(one, batches, max_concurrency):
            results.extend(chunk)
        return results

    def run_item_body(
        self, state: RunState, cnode: CompiledNode, index: int, fn: Callable[[], Any]
    ) -> Any:
        return _as_subflow(fn, f"{state.plan_id}.{cnode.id}", f"{cnode.id}[{index}]")

    def run_subflow(
        self, state: RunState, cnode: CompiledNode, sub_run_id: str, fn: Callable[[], Any]
    ) -> Any:
        child = cnode.subplan.id if cnode.subplan else cnode.id
        return _as_subflow(fn, child, f"{cnode.id} ({sub_run_id.rsplit('.', 1)[-1]})")

    def record_skip(self, state: RunState, key: str, cnode: CompiledNode, reason: str) -> None:
        skipped_node.with_options(task_run_name=key, tags=[f"plan:{state.plan_id}"])(
            reason, return_state=True
        )


class PrefectHumanInput:
    """Pauses the flow run (local runs) or suspends it (deployment runs) until someone answers.

    The form definition (message, requirements, assignee) is stored as a flow run input under
    `keiri-form-<key>` so the form app can render it; the answers come back through Prefect's
    `wait_for_input` model built from the same requirements.
    """

    def __init__(self, poll_interval: int = 1, default_timeout_s: int = 24 * 3600) -> None:
        self.poll_interval = poll_interval
        self.default_timeout_s = default_timeout_s

    def request(self, ctx: Any, form: dict[str, Any]) -> dict[str, Any]:
        import json
        import time

        from prefect.context import FlowRunContext
        from prefect.exceptions import FlowPauseTimeout
        from prefect.flow_runs import pause_flow_run, suspend_flow_run

        from blocks.errors import ErrorCode
        from blocks.ui.form import run_input_model

        run_ctx = FlowRunContext.get()
        if run_ctx is None or run_ctx.flow_run is None:
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                "human input outside a flow run",
                details={"node_id": ctx.node_id},
            )
        flow_run = run_ctx.flow_run
        key = re.sub(r"[^a-z0-9-]", "-", ctx.task_name.lower())
        timeout_s = int(ctx.services.get("timeout_ms") or self.default_timeout_s * 1000) // 1000
        model = run_input_model({**form, "node_id": ctx.node_id}, name=f"Form_{key}")
        definition = {
            **form,
            "node_id": ctx.node_id,
            "task_name": ctx.task_name,
            "plan_id": ctx.plan_id,
            "block_version": ctx.block_version,
            "key": key,
            "asked_at": time.time(),
        }
        # A suspended run that restarts finds its form already stored: keep the first one.
        create_once(
            flow_run.id, f"keiri-form-{key}", json.loads(json.dumps(definition, default=str))
        )
        ctx.emit(
            "node_paused",
            node_id=ctx.node_id,
            iteration=ctx.iteration,
            key=key,
            assignee=form.get("assignee"),
            message=form.get("message"),
        )
        for listener in list(PAUSE_LISTENERS):
            listener(str(flow_run.id), ctx.node_id)
        started = time.monotonic()
        try:
            if flow_run.deployment_id is not None:
                answer = suspend_flow_run(wait_for_input=model, key=key, timeout=timeout_s)
            else:
                answer = pause_flow_run(
                    wait_for_input=model,
                    key=key,
                    timeout=timeout_s,
                    poll_interval=self.poll_interval,
                )
        except FlowPauseTimeout as exc:
            raise BlockError(
                ErrorCode.TIMEOUT_ERROR,
                f"nobody answered {ctx.node_id} within {timeout_s} s",
                details={"node_id": ctx.node_id, "timeout_s": timeout_s},
                hint="resume the run in time, or raise the node's timeout_ms",
                recoverable=True,
            ) from exc
        values = answer.model_dump(mode="json") if hasattr(answer, "model_dump") else dict(answer)
        who = values.pop("answered_by", "unknown")
        values.pop("metadata", None)
        ctx.emit(
            "node_resumed",
            node_id=ctx.node_id,
            iteration=ctx.iteration,
            key=key,
            resumed_by=who,
            waited_s=round(time.monotonic() - started, 3),
        )
        return {**values, "_answered_by": who, "_source": "form"}
