"""`run_plan`: the one Prefect entry point for plans (also the deployment entrypoint).

Parameters: `plan` (a path, absolute or relative to the project root / designs folder),
`inputs` (human-input answers given up front: `{node_id: {field: value}}`), `vars` (overrides).
The flow compiles the validated plan and runs it on the Prefect backend; a failed node fails
the flow run with the `BlockError` as message and a failure artifact.

Run detached from the CLI: `python -m flows.run_plan --plan P --payload JSON`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.context import FlowRunContext

from blocks.errors import BlockError, IssuesFound
from blocks.registry import BlockRegistry
from compiler.compile import compile_file
from compiler.engine import RunResult, run_compiled
from compiler.events import EventLog
from compiler.prefect_backend import PrefectBackend
from compiler.scope import CompiledPlan
from flows.artifacts import publish_run_artifacts
from keiri import settings
from keiri.errors import PlanInvalid, PlanNotFound

__all__ = ["compile_for_run", "resolve_plan_path", "run_local", "run_plan", "run_record_path"]


def resolve_plan_path(plan: str) -> Path:
    candidate = Path(plan)
    for path in (
        candidate,
        settings.project_root() / plan,
        settings.designs_dir() / plan,
        settings.designs_dir() / f"{plan}.yaml",
    ):
        if path.is_file():
            return path.resolve()
    raise PlanNotFound(f"plan {plan!r} not found", details={"plan": plan})


def compile_for_run(plan: str) -> CompiledPlan:
    path = resolve_plan_path(plan)
    try:
        compiled, _warnings = compile_file(path, BlockRegistry())
    except IssuesFound as exc:
        raise PlanInvalid(exc.issues, hint=f"run `keiri validate {path}`") from exc
    return compiled


def _plan_id(plan: str) -> str:
    """The plan's id without compiling it (for the compile task's tags)."""
    from compiler.yaml_loader import load_yaml_file

    try:
        data = load_yaml_file(resolve_plan_path(plan)).data
    except (IssuesFound, BlockError):
        return Path(plan).stem
    return str(data.get("id", Path(plan).stem)) if isinstance(data, dict) else Path(plan).stem


def run_record_path(run_id: str) -> Path:
    return settings.keiri_home() / "run-records" / f"{run_id}.json"


def _write_record(result: RunResult, log: Path | None) -> None:
    record = {
        "run_id": result.run_id,
        "plan_id": result.plan_id,
        "state": result.state,
        "outputs": result.outputs,
        "log": str(log) if log else None,
        "error": result.error.to_dict() | {"node_id": result.error.node_id}
        if result.error
        else None,
    }
    path = run_record_path(result.run_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, ensure_ascii=False, default=str), encoding="utf-8")
    tmp.replace(path)


def _log_path(plan_id: str, run_ctx: FlowRunContext) -> EventLog:
    # One log per flow run: a suspended run that restarts appends to the same file.
    created = run_ctx.flow_run.created if run_ctx.flow_run and run_ctx.flow_run.created else None
    stamp = created.strftime("%Y%m%dT%H%M%S") if created else "unknown"
    run_short = str(run_ctx.flow_run.id)[:8] if run_ctx.flow_run else "run"
    return EventLog(settings.runs_dir() / plan_id / f"{stamp}-{run_short}.jsonl")


def _default_run_name() -> str:
    """`<plan>-<timestamp>` for runs started without a name (deployments, schedules)."""
    from datetime import datetime

    from prefect.runtime import flow_run

    plan = str(flow_run.parameters.get("plan") or "run")
    return f"{Path(plan).stem}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"


@flow(name="run_plan", flow_run_name=_default_run_name, persist_result=True, log_prints=False)
def run_plan(
    plan: str, inputs: dict[str, dict[str, Any]] | None = None, vars: dict[str, Any] | None = None
) -> dict[str, Any]:
    from flows.notify import install_form_links

    settings.load_dotenv_file()  # a worker's flow run starts here: `.env` first (never overrides)
    install_form_links()  # the form's deep link as an artifact when the run pauses
    run_ctx = FlowRunContext.get()
    if run_ctx is None or run_ctx.flow_run is None:  # pragma: no cover - Prefect always sets it
        raise RuntimeError("run_plan must run as a Prefect flow")
    run_id = str(run_ctx.flow_run.id)
    # Compiling is the run's first task run, alone: it shows validation in the UI and starts
    # Prefect's per-tag-set services before nodes run in parallel.
    compiled = task(
        name="compile_plan",
        task_run_name="compile",
        persist_result=False,
        tags=[f"plan:{_plan_id(plan)}"],
    )(compile_for_run)(plan)
    events = _log_path(compiled.id, run_ctx)
    result = run_compiled(
        compiled, PrefectBackend(), run_id=run_id, events=events, vars=vars, run_inputs=inputs or {}
    )
    _write_record(result, events.path)
    publish_run_artifacts(result)
    if result.error is not None:
        get_run_logger().error(
            "%s; inspect with `keiri runs` and retry with `keiri retry %s`", result.error, run_id
        )
        raise result.error
    return {
        "run_id": run_id,
        "plan_id": compiled.id,
        "outputs": result.outputs,
        "log": str(events.path),
    }


def run_local(
    plan: str,
    inputs: dict[str, Any] | None,
    vars: dict[str, Any] | None,
    *,
    flow_name: str,
    run_name: str,
    tags: list[str],
) -> Any:
    """Run a plan in this process (CLI foreground, `--detach` child, benchmarks).

    Heartbeats are off for local runs: they exist so a server can mark runs whose worker
    died, and each flow exit would wait up to a second for the heartbeat thread. Deployment
    runs (workers, `keiri serve`) keep them.
    """
    from prefect import tags as prefect_tags
    from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

    with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}), prefect_tags(*tags):
        return run_plan.with_options(name=flow_name, flow_run_name=run_name)(
            plan=plan, inputs=inputs, vars=vars, return_state=True
        )


def main(argv: list[str]) -> int:
    """Detached runs: `python -m flows.run_plan --plan P --payload JSON --name N`."""
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--plan", required=True)
    parser.add_argument("--payload", default="{}")
    parser.add_argument("--name", required=True)
    parser.add_argument("--flow-name", required=True)
    parser.add_argument("--tag", action="append", default=[])
    args = parser.parse_args(argv)
    payload = json.loads(args.payload)
    state = run_local(
        args.plan,
        payload.get("inputs"),
        payload.get("vars"),
        flow_name=args.flow_name,
        run_name=args.name,
        tags=args.tag,
    )
    return 0 if state.is_completed() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
