"""`run_plan`: the one Prefect entry point for plans (also the deployment entrypoint).

Parameters: `plan` (a path, absolute or relative to the project root / designs folder),
`answers` (a person's answers given up front: `{node_id: {field: value}}`), `vars`
(overrides). `inputs` is the older name of `answers` (runs and deployments created before
keiri named them so still start): both are read, `answers` winning for a node given in both.
The flow compiles the validated plan and runs it on the Prefect backend. Its result (persisted
by Prefect) is the run's record: `{"run_id", "plan_id", "outputs", "log", "error", "reuse"}`
(`reuse`: the nodes whose stored results were reused or re-run, `flows.backend.result_reuse`); a failed
node ends the run in a `Failed` state that carries the same record (and the `BlockError` as
message and failure artifact). `flows.lifecycle.runs` reads it back to build the `RunOutcome`.

`named_flow(plan_id)` is the same flow under a plan's name, for a run started in this process
(`flows.lifecycle.runs`): inside `started_here(compiled, observers, run_name)` it takes the
plan compiled once in this process and the observers (events, pauses) of the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, update_wrapper
from pathlib import Path
from typing import Any, cast

from prefect import Flow, State, get_run_logger, task
from prefect.client.schemas.objects import FlowRun
from prefect.context import FlowRunContext
from prefect.states import Cancelled, Completed, Failed

from blocks.sdk.errors import ErrorCode, IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_file
from compiler.engine import run_compiled
from compiler.events import EventLog
from compiler.scope import CompiledPlan
from flows.backend import rejection, run_names, run_secrets, secret_sweep
from flows.backend.artifacts import publish_run_artifacts
from flows.backend.node_tasks import untagged
from flows.backend.plan_pin import Pinned, pin_compiled, pinned_plan
from flows.backend.prefect_backend import PrefectBackend
from flows.backend.result_reuse import ReuseLog
from keiri.base import masking, settings
from keiri.base.catalog import t
from keiri.base.errors import PlanInvalid, PlanNotFound

__all__ = [
    "RunObservers",
    "compile_for_run",
    "compile_pinned",
    "event_log_path",
    "named_flow",
    "resolve_plan_path",
    "run_local",
    "run_plan",  # noqa: F822 - built when first asked for (`__getattr__`)
    "started_here",
]


def resolve_plan_path(plan: str) -> Path:
    candidate = Path(plan)
    for path in (
        candidate,
        settings.project_root() / plan,
        settings.designs_dir() / plan,
        settings.designs_dir() / f"{plan}.yaml",
    ):
        try:
            if path.is_file():
                return path.resolve()
        except OSError:  # a name the system cannot look up (longer than NAME_MAX, ...)
            break
    raise PlanNotFound(t("cli.error.plan_not_found", plan=repr(plan)), details={"plan": plan})


def compile_for_run(plan: str) -> CompiledPlan:
    path = resolve_plan_path(plan)
    try:
        compiled, _warnings = compile_file(path, BlockRegistry())
    except IssuesFound as exc:
        raise PlanInvalid(exc.issues, hint=t("cli.hint.validate_plan", plan=path)) from exc
    return compiled


def _pinned(plan: str, flow_run: FlowRun) -> Pinned:
    try:
        return pinned_plan(flow_run.id, lambda: resolve_plan_path(plan))
    except IssuesFound as exc:
        raise PlanInvalid(exc.issues, hint=t("cli.hint.validate_plan", plan=plan)) from exc


def compile_pinned(flow_run: FlowRun) -> CompiledPlan:
    """The plan the run executes when it next starts (its pin: `flows.backend.plan_pin`)."""
    return _pinned(str((flow_run.parameters or {}).get("plan") or ""), flow_run).compiled


def _compile_pinned(plan: str, flow_run: FlowRun) -> CompiledPlan:
    """The run's plan as it was at its first start (`flows.backend.plan_pin`); a design
    changed since, or a block at another version now, is said in the run's log, and the run's
    `plan-version:` tag names the version it executes."""
    pinned = _pinned(plan, flow_run)
    tags = run_names.with_version(flow_run.tags, pinned.compiled.plan.version)
    if set(tags) != set(flow_run.tags):
        from prefect.client.orchestration import get_client

        with get_client(sync_client=True) as client:
            client.update_flow_run(flow_run.id, tags=tags)
    if pinned.changed_on_disk:
        get_run_logger().warning(
            "%s",
            t("runtime.plan.pinned", path=pinned.path, version=pinned.compiled.plan.version),
        )
    for block, (then, now) in pinned.blocks_changed.items():
        get_run_logger().warning(
            "%s", t("runtime.plan.block_moved", block=block, then=then, now=now)
        )
    return pinned.compiled


def event_log_path(plan_id: str, flow_run: FlowRun) -> Path:
    """The JSONL log of a flow run: one per run, named by its whole id (the runs Prefect's
    scheduler creates have time-ordered ids that share their first characters); a suspended
    run that restarts appends."""
    stamp = flow_run.created.strftime("%Y%m%dT%H%M%S") if flow_run.created else "unknown"
    folder = settings.runs_dir() / plan_id
    # A run started by a keiri before issue 24 (its log named by 8 characters) keeps its file.
    legacy = folder / f"{stamp}-{str(flow_run.id)[:8]}.jsonl"
    return legacy if legacy.is_file() else folder / f"{stamp}-{flow_run.id}.jsonl"


@dataclass(frozen=True)
class RunObservers:
    """Callbacks of whoever started a run in this process (never registered globally)."""

    on_event: Callable[[dict[str, Any]], None] | None = None
    on_pause: Callable[[str, str], None] | None = None
    # The flow run as it starts (id, name, tags, created), before the plan runs.
    on_start: Callable[[FlowRun], None] | None = None


@dataclass(frozen=True)
class _Here:
    """A run this process starts: the plan compiled here (None: the flow compiles it), the
    observers of whoever started it, and the name keiri gives the run it creates."""

    compiled: CompiledPlan | None = None
    observers: RunObservers = field(default_factory=RunObservers)
    run_name: str | None = None


# What `run_plan` runs with in this process (`started_here`); None: a worker's run.
_HERE: ContextVar[_Here | None] = ContextVar("keiri_run_here", default=None)


def _default_run_name() -> str:
    """The name Prefect gives the run each time it starts it: the one keiri gives a run it
    creates here, the one it has when keiri named it, else `<plan>-<time of creation>` (a
    deployment's run) — never the time of this start, so a run that restarts, resumes or is
    retried keeps its name (`run_names.kept_name`)."""
    here = _HERE.get()
    if here is not None and here.run_name is not None:
        return here.run_name
    context = FlowRunContext.get()
    if context is None or context.flow_run is None:  # pragma: no cover - always inside a run
        return run_names.run_name("run")
    run = context.flow_run
    plan = str((context.parameters or {}).get("plan") or "run")
    plan_id = run_names.plan_id_of(list(run.tags)) or Path(plan).stem
    return run_names.kept_name(run.name, plan_id, run.created)


_FLOW_OPTIONS: dict[str, Any] = {
    "flow_run_name": _default_run_name,
    "persist_result": True,
    "log_prints": False,
}


def _execute(
    plan: str,
    answers: dict[str, dict[str, Any]] | None,
    vars: dict[str, Any] | None,
    *,
    compiled: CompiledPlan | None,
    observers: RunObservers,
) -> dict[str, Any] | State[Any]:
    from flows.backend.notify import publish_form_link

    settings.load_dotenv_file()  # a worker's flow run starts here: `.env` first (never overrides)
    run_ctx = FlowRunContext.get()
    if run_ctx is None or run_ctx.flow_run is None:  # pragma: no cover - Prefect always sets it
        raise RuntimeError("run_plan must run as a Prefect flow")
    flow_run = run_ctx.flow_run
    run_id = str(flow_run.id)
    from flows.backend import liveness

    # This run's process, on record first: its loss is detected, also before any heartbeat.
    liveness.register(flow_run.id)
    # Secret answers and vars reach the API masked; their values come from the run's block.
    answers, vars = run_secrets.restore(list(flow_run.tags), answers, vars)
    secret_sweep.safely(secret_sweep.sweep, get_run_logger())  # older runs' expired secrets
    if flow_run.deployment_id is not None:  # starter, catch-up, one open run per period
        from flows.backend.admission import admit

        admission = admit(flow_run, vars)
        if admission.refused is not None:
            return admission.refused
        vars = admission.vars
    # Log lines reach the Prefect API and the terminal or a runner's log: masked as well.
    masking.install_log_filter("", "prefect.flow_runs", "prefect.task_runs")
    if observers.on_start is not None:
        observers.on_start(flow_run)

    def compile_plan() -> CompiledPlan:
        if compiled is not None:
            pin_compiled(flow_run.id, compiled)  # its later starts elsewhere run this text
            return compiled
        return _compile_pinned(plan, flow_run)

    # The plan as this run uses it is the run's first task run: it shows validation in the UI.
    # A plan compiled in this process before the run (`flows.lifecycle.runs`) is not compiled
    # again. Task runs carry no tags (`untagged`: each would cost an API call).
    with untagged():
        plan_ = task(name="compile_plan", task_run_name="compile", persist_result=False)(
            compile_plan
        )()

    def paused(paused_run_id: str, node_id: str) -> None:
        publish_form_link(paused_run_id, node_id)  # the form's deep link as an artifact
        if observers.on_pause is not None:
            observers.on_pause(paused_run_id, node_id)

    listeners = [observers.on_event] if observers.on_event is not None else []
    events = EventLog(event_log_path(plan_.id, flow_run), listeners=listeners)
    from flows.backend import reask
    from flows.backend.reenter import Reentry

    # A retry (Prefect's run count > 1) reuses stored node results whose fingerprint matches.
    reuse = ReuseLog(retrying=flow_run.run_count > 1)
    # Its retries so far (a run's first start has none: nothing to read from the API).
    generation = reask.generation(flow_run.id) if reuse.retrying else 0
    backend = PrefectBackend(
        on_pause=paused,
        reuse=reuse,
        root_run_id=run_id,
        generation=generation,
        reentry=Reentry.of_run(flow_run.id, generation),  # `keiri retry --reenter NODE`
        # A deployment run resumed after a suspension keeps its run count: it may have results.
        first_start=not reuse.retrying and flow_run.deployment_id is None,
    )
    result = run_compiled(
        plan_,
        backend,
        run_id=run_id,
        events=events,
        vars=vars,
        answers=answers or {},
    )
    publish_run_artifacts(result, version=plan_.plan.version)
    from flows.backend import people_summary

    people_summary.publish(plan_, result, events.path)  # for people: artifact, notification
    done = result.error is None and result.cancelled is None  # a completed run: no retry
    secret_sweep.safely(lambda: secret_sweep.at_end(flow_run, done), get_run_logger())
    # The record is what `keiri run/status --json` and the form app show: secrets masked.
    error = result.error.masked() if result.error is not None else None
    record: dict[str, Any] = {
        "run_id": run_id,
        "plan_id": plan_.id,
        "outputs": masking.mask(result.outputs),
        "log": str(events.path),
        "error": error.to_dict() | {"node_id": error.node_id} if error is not None else None,
        "reuse": reuse.report(),
    }
    if result.cancelled is not None:  # cancelled at a choice form: 取消, not a failure
        return Cancelled(message=str(result.cancelled), data=record)
    if error is not None:
        get_run_logger().error("%s", t("cli.run.failed_log", error=error, run=run_id))
        # A rejection that stops the run (`on_reject: fail`) is 差し戻し, not 失敗, where
        # people read the state (its type stays FAILED: filters and retries treat it so).
        name = rejection.STATE_NAME if error.code == ErrorCode.REJECTED else "Failed"
        return Failed(name=name, message=f"{error.code}: {error.message}", data=record)
    if rejection.of_outputs(result.outputs) is not None:
        # Rejected at a confirm form with `on_reject: continue`: the run completed its
        # branch, but people read 差し戻し (`flows.backend.rejection`).
        return Completed(name=rejection.STATE_NAME, data=record)
    return record


class _PlanFlow(Flow[..., Any]):
    """`run_plan` as a Prefect flow. Its parameters (a path, answers and vars: JSON values)
    are stored on the API as they are, without Prefect's general encoder (FastAPI's
    `jsonable_encoder`: importing FastAPI and Starlette cost ~0.1 s of every run started in a
    process, `keiri run` included); a value JSON cannot hold is stored as its type's name, as
    Prefect does."""

    def serialize_parameters(self, parameters: dict[str, Any]) -> dict[str, Any]:
        from pydantic_core import to_jsonable_python

        serialized: dict[str, Any] = {}
        for key, value in parameters.items():
            try:
                serialized[key] = to_jsonable_python(value)
            except (TypeError, ValueError):
                serialized[key] = f"<{type(value).__name__}>"
        return serialized


def _plan_flow(fn: Callable[..., Any], name: str, **options: Any) -> _PlanFlow:
    """`fn` as a `_PlanFlow` (what `@flow` does, with this class)."""
    made = _PlanFlow(fn, name=name, **{**_FLOW_OPTIONS, **options})
    update_wrapper(made, fn)
    return made


def _run_plan(
    plan: str,
    answers: dict[str, dict[str, Any]] | None = None,
    vars: dict[str, Any] | None = None,
    inputs: dict[str, dict[str, Any]] | None = None,
) -> Any:
    here = _HERE.get() or _Here()
    return _execute(
        plan, _answers(answers, inputs), vars, compiled=here.compiled, observers=here.observers
    )


@cache
def named_flow(flow_name: str) -> Flow[..., Any]:
    """`run_plan` as the flow `flow_name` (a plan's runs are runs of a flow named after it).
    One per name and process: building a flow builds the parameter schema of its function
    (tens of milliseconds)."""
    return _plan_flow(_run_plan, flow_name)


def __getattr__(name: str) -> Any:
    """`run_plan`, the deployment entrypoint (`flows/run_plan.py:run_plan`), built when first
    asked for: a `keiri run` in the foreground never builds it."""
    if name == "run_plan":
        return named_flow("run_plan")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@contextmanager
def started_here(
    compiled: CompiledPlan | None = None,
    observers: RunObservers | None = None,
    run_name: str | None = None,
) -> Iterator[None]:
    """Inside: a `named_flow` run this process starts uses the plan compiled here (None: the
    flow compiles it), these observers, and `run_name` for a run it creates."""
    token = _HERE.set(_Here(compiled, observers or RunObservers(), run_name))
    try:
        yield
    finally:
        _HERE.reset(token)


def _answers(
    answers: dict[str, dict[str, Any]] | None, inputs: dict[str, dict[str, Any]] | None
) -> dict[str, dict[str, Any]] | None:
    """The answers of a run, also from a run or deployment made before they were called so
    (its parameter `inputs`)."""
    if not inputs:
        return answers
    return {**inputs, **(answers or {})}


def run_local(
    plan: str,
    answers: dict[str, Any] | None,
    vars: dict[str, Any] | None,
    *,
    flow_name: str,
    run_name: str,
    tags: list[str],
    compiled: CompiledPlan | None = None,
    observers: RunObservers | None = None,
) -> State[Any]:
    """Run a plan in this process (CLI foreground, benchmarks); returns the final state.

    Heartbeats are off for local runs: they exist so a server can mark runs whose worker
    died, and each flow exit would wait up to a second for the heartbeat thread. Deployment
    runs (workers, `keiri serve`) keep them.
    """
    from prefect import tags as prefect_tags

    from flows.backend.node_tasks import without_heartbeats

    local = named_flow(flow_name)
    with without_heartbeats(), prefect_tags(*tags), started_here(compiled, observers, run_name):
        state = local(plan=plan, answers=answers, vars=vars, return_state=True)
    return cast("State[Any]", state)
