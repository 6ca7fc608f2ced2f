"""`run_plan`: the one Prefect entry point for plans (also the deployment entrypoint).

Parameters: `plan` (a path, absolute or relative to the project root / designs folder),
`inputs` (human-input answers given up front: `{node_id: {field: value}}`), `vars` (overrides).
The flow compiles the validated plan and runs it on the Prefect backend. Its result (persisted
by Prefect) is the run's record: `{"run_id", "plan_id", "outputs", "log", "error", "reuse"}`
(`reuse`: the nodes whose stored results were reused or re-run, `flows.backend.result_reuse`); a failed
node ends the run in a `Failed` state that carries the same record (and the `BlockError` as
message and failure artifact). `flows.lifecycle.runs` reads it back to build the `RunOutcome`.

`local_flow` is the same flow for a run started in this process (`flows.lifecycle.runs`): it takes the
plan compiled once in this process, and observers (events, pauses) passed in by the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from prefect import Flow, State, flow, get_run_logger, task
from prefect.client.schemas.objects import FlowRun
from prefect.context import FlowRunContext
from prefect.states import Cancelled, Failed

from blocks.sdk.errors import ErrorCode, IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_file
from compiler.engine import run_compiled
from compiler.events import EventLog
from compiler.scope import CompiledPlan
from flows.backend import run_secrets
from flows.backend.artifacts import publish_run_artifacts
from flows.backend.prefect_backend import PrefectBackend
from flows.backend.result_reuse import ReuseLog
from keiri.base import masking, settings
from keiri.base.catalog import t
from keiri.base.errors import PlanInvalid, PlanNotFound

__all__ = [
    "RunObservers",
    "compile_for_run",
    "event_log_path",
    "local_flow",
    "resolve_plan_path",
    "run_local",
    "run_plan",
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


def event_log_path(plan_id: str, flow_run: FlowRun) -> Path:
    """The JSONL log of a flow run: one per run (a suspended run that restarts appends)."""
    stamp = flow_run.created.strftime("%Y%m%dT%H%M%S") if flow_run.created else "unknown"
    return settings.runs_dir() / plan_id / f"{stamp}-{str(flow_run.id)[:8]}.jsonl"


@dataclass(frozen=True)
class RunObservers:
    """Callbacks of whoever started a run in this process (never registered globally)."""

    on_event: Callable[[dict[str, Any]], None] | None = None
    on_pause: Callable[[str, str], None] | None = None
    # The flow run as it starts (id, name, tags, created), before the plan runs.
    on_start: Callable[[FlowRun], None] | None = None


def _default_run_name() -> str:
    """`<plan>-<timestamp>` for runs started without a name (deployments, schedules)."""
    from datetime import datetime

    from prefect.runtime import flow_run

    plan = str(flow_run.parameters.get("plan") or "run")
    return f"{Path(plan).stem}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"


_FLOW_OPTIONS: dict[str, Any] = {
    "flow_run_name": _default_run_name,
    "persist_result": True,
    "log_prints": False,
}


def _execute(
    plan: str,
    inputs: dict[str, dict[str, Any]] | None,
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
    # Secret inputs and vars reach the API masked; their values come from the run's block.
    inputs, vars = run_secrets.restore(list(flow_run.tags), inputs, vars)
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
    tags = [t for t in flow_run.tags if t.startswith("plan:")] or [f"plan:{Path(plan).stem}"]
    if flow_run.deployment_id is None:
        from flows.backend import liveness

        liveness.register(flow_run.id)  # a local run's process: its crash is detected

    def compile_plan() -> CompiledPlan:
        return compiled if compiled is not None else compile_for_run(plan)

    # The plan as this run uses it is the run's first task run, alone: it shows validation in
    # the UI and starts Prefect's per-tag-set services before nodes run in parallel. A plan
    # compiled in this process before the run (`flows.lifecycle.runs`) is not compiled again.
    plan_ = task(name="compile_plan", task_run_name="compile", persist_result=False, tags=tags)(
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
    generation = reask.generation(flow_run.id)
    backend = PrefectBackend(
        on_pause=paused,
        reuse=reuse,
        root_run_id=run_id,
        generation=generation,
        reentry=Reentry.of_run(flow_run.id, generation),  # `keiri retry --reenter NODE`
    )
    result = run_compiled(
        plan_,
        backend,
        run_id=run_id,
        events=events,
        vars=vars,
        run_inputs=inputs or {},
    )
    publish_run_artifacts(result)
    from flows.backend import people_summary

    people_summary.publish(plan_, result, events.path)  # for people: artifact, notification
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
        name = "Rejected" if error.code == ErrorCode.REJECTED else "Failed"
        return Failed(name=name, message=f"{error.code}: {error.message}", data=record)
    return record


@flow(name="run_plan", **_FLOW_OPTIONS)
def run_plan(
    plan: str, inputs: dict[str, dict[str, Any]] | None = None, vars: dict[str, Any] | None = None
) -> Any:
    return _execute(plan, inputs, vars, compiled=None, observers=RunObservers())


def local_flow(
    flow_name: str, compiled: CompiledPlan | None = None, observers: RunObservers | None = None
) -> Flow[..., Any]:
    """`run_plan` named `flow_name` for a run in this process, with the plan compiled here
    (`None`: compiled by the flow, e.g. a detached runner or a retry) and its observers."""

    def run_plan(
        plan: str,
        inputs: dict[str, dict[str, Any]] | None = None,
        vars: dict[str, Any] | None = None,
    ) -> Any:
        return _execute(
            plan, inputs, vars, compiled=compiled, observers=observers or RunObservers()
        )

    return flow(name=flow_name, **_FLOW_OPTIONS)(run_plan)


def run_local(
    plan: str,
    inputs: dict[str, Any] | None,
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

    from flows.backend.prefect_backend import without_heartbeats

    local = local_flow(flow_name, compiled, observers).with_options(flow_run_name=run_name)
    with without_heartbeats(), prefect_tags(*tags):
        state = local(plan=plan, inputs=inputs, vars=vars, return_state=True)
    return cast("State[Any]", state)
