"""Runtime commands: run, resume, runs, retry, server, ui. Prefect is imported lazily, after
the environment points it at the right server."""

from __future__ import annotations

import getpass
import json
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from blocks.errors import BlockError, ErrorCode
from keiri import settings
from keiri.cli.inputs import convert_answers, human_input_fields, parse_assignments, parse_vars
from keiri.cli.main import EXIT_FAILED, EXIT_OK, EXIT_PAUSED, ExitWith
from keiri.cli.render import console, err_console, print_json, render_block_error

__all__ = ["register"]


def _connect() -> str:
    """Point this process at the Prefect API (starting the local server if needed)."""
    from keiri import server

    return server.connect()


def _ui_base(api_url: str) -> str:
    return os.environ.get("PREFECT_UI_URL") or api_url.removesuffix("/api")


def form_app_url() -> str:
    return os.environ.get("KEIRI_UI_URL", "http://127.0.0.1:8501")


def _who() -> str:
    try:
        return os.environ.get("KEIRI_USER") or getpass.getuser()
    except (KeyError, OSError):
        return "cli"


def _record(run_id: str) -> dict[str, Any] | None:
    path = settings.keiri_home() / "run-records" / f"{run_id}.json"
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _document(api_url: str, view: Any, plan_id: str | None) -> dict[str, Any]:
    from flows.control import read_paused_form

    record = _record(view.run_id) or {}
    paused: dict[str, Any] | None = None
    if view.state_type == "PAUSED":
        try:
            form = read_paused_form(view.run_id)
            paused = {"node_id": form.node_id, "form_url": f"{form_app_url()}/?run={view.run_id}"}
        except BlockError:
            paused = {"node_id": None, "form_url": f"{form_app_url()}/?run={view.run_id}"}
    error = record.get("error")
    if view.state_type in ("FAILED", "CRASHED") and not error:
        error = {
            "code": ErrorCode.BLOCK_FAILED.value,
            "message": view.message or view.state,
            "node_id": None,
            "hint": "see the run in the Prefect UI",
            "recoverable": True,
        }
    if error:
        error = {k: error.get(k) for k in ("code", "message", "node_id", "hint", "recoverable")}
    return {
        "run_id": view.run_id,
        "state": view.state.lower() if view.state_type != "PAUSED" else "paused",
        "plan_id": plan_id or view.plan_id,
        "outputs": record.get("outputs") or {},
        "log": record.get("log"),
        "ui_url": f"{_ui_base(api_url)}/runs/flow-run/{view.run_id}",
        "paused": paused,
        "error": error,
    }


def _report(doc: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print_json(doc)
    else:
        state = doc["state"]
        color = {"completed": "green", "paused": "yellow"}.get(state, "red")
        console.print(f"[{color}]{state}[/] {doc['plan_id']} run {doc['run_id']}")
        console.print(f"  Prefect UI: {doc['ui_url']}")
        if doc["log"]:
            console.print(f"  log: {doc['log']}")
        if doc["paused"]:
            console.print(
                f"  waiting for input at node {doc['paused']['node_id']}: {doc['paused']['form_url']}"
            )
            console.print(f"  or: keiri resume {doc['run_id']} --input FIELD=VALUE")
        if doc["error"]:
            render_block_error(
                BlockError(
                    doc["error"]["code"],
                    doc["error"]["message"],
                    hint=doc["error"]["hint"] or "",
                    recoverable=bool(doc["error"]["recoverable"]),
                    node_id=doc["error"]["node_id"],
                )
            )
            err_console.print(
                f"  inspect: keiri runs --state failed   retry: keiri retry {doc['run_id']}"
            )
    return {"completed": EXIT_OK, "paused": EXIT_PAUSED}.get(doc["state"], EXIT_FAILED)


@click.command("run")
@click.argument("plan", type=click.Path(path_type=Path))
@click.option(
    "--input",
    "inputs",
    multiple=True,
    metavar="NODE.FIELD=VALUE|@PATH",
    help="Answer a human-input field up front.",
)
@click.option(
    "--var",
    "variables",
    multiple=True,
    metavar="KEY=VALUE",
    help="Override a plan var (YAML value).",
)
@click.option(
    "--detach",
    is_flag=True,
    help="Run in the background; return when it completes or pauses (exit 3).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def run_cmd(
    plan: Path, inputs: tuple[str, ...], variables: tuple[str, ...], detach: bool, as_json: bool
) -> None:
    """Run PLAN on Prefect: exit 0 completed, 1 failed, 3 paused and detached."""
    from blocks.registry import BlockRegistry
    from blocks.store import FileStore
    from compiler.compile import compile_file

    if not plan.is_file():
        raise click.UsageError(f"no such plan file: {plan}")
    compiled, _warnings = compile_file(plan, BlockRegistry())
    store = FileStore()
    grouped: dict[str, list[tuple[str, str]]] = {}
    for node, field, value in parse_assignments(inputs, with_node=True):
        grouped.setdefault(str(node), []).append((field, value))
    answers: dict[str, dict[str, Any]] = {}
    for node_id, items in grouped.items():
        answers[node_id] = convert_answers(
            _node_fields(compiled, node_id), items, f"{node_id}.", store
        )
        answers[node_id]["_answered_by"] = _who()
    vars_ = parse_vars(variables)
    unknown = sorted(set(vars_) - set(compiled.plan.vars))
    if unknown:
        raise click.UsageError(
            f"--var {unknown[0]}: the plan declares no such var ({', '.join(sorted(compiled.plan.vars)) or 'none'})"
        )
    api_url = _connect()
    name = f"{compiled.id}-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}"
    tags = [f"plan:{compiled.id}", f"plan-version:{compiled.plan.version}"]
    payload = {"inputs": answers, "vars": vars_}
    if detach:
        view = _run_detached(str(plan.resolve()), payload, name, compiled.id, tags)
    else:
        view = _run_foreground(str(plan.resolve()), payload, name, compiled.id, tags, as_json)
    raise ExitWith(_report(_document(api_url, view, compiled.id), as_json))


def _node_fields(compiled: Any, node_id: str) -> dict[str, Any]:
    from blocks.registry import did_you_mean
    from blocks.ui.interactive_input import parse_requirements

    cnode = compiled.all_nodes.get(node_id)
    if cnode is None or cnode.spec is None or not cnode.spec.human_input:
        humans = sorted(
            n for n, c in compiled.all_nodes.items() if c.spec is not None and c.spec.human_input
        )
        hint = did_you_mean(node_id, humans) or f"human-input nodes: {', '.join(humans) or 'none'}"
        raise click.UsageError(
            f"--input {node_id}.…: {node_id!r} is not a human-input node; {hint}"
        )
    raw = cnode.node.in_.get("requirements") or []
    if isinstance(raw, str):
        raise click.UsageError(
            f"--input {node_id}.…: its requirements come from a reference; answer it in the form app"
        )
    return human_input_fields(
        str(cnode.node.in_.get("mode", "collect")), parse_requirements(raw, node_id)
    )


def _run_foreground(
    plan: str, payload: dict[str, Any], name: str, plan_id: str, tags: list[str], quiet: bool
) -> Any:
    from compiler import prefect_backend
    from flows.control import find_run_by_name, wait_for_run
    from flows.run_plan import run_local

    def on_pause(run_id: str, node_id: str) -> None:
        err_console.print(
            f"⏸  {node_id} waits for input: {form_app_url()}/?run={run_id}  "
            f"(or: keiri resume {run_id} --input FIELD=VALUE)"
        )

    from keiri.cli.progress import run_progress

    prefect_backend.PAUSE_LISTENERS.append(on_pause)
    try:
        with run_progress(enabled=not quiet):
            run_local(
                plan,
                payload["inputs"],
                payload["vars"],
                flow_name=plan_id,
                run_name=name,
                tags=tags,
            )
    finally:
        prefect_backend.PAUSE_LISTENERS.remove(on_pause)
    run = find_run_by_name(name)
    if run is None:
        raise BlockError(
            ErrorCode.API_ERROR,
            f"run {name} is not on the Prefect server",
            hint="check PREFECT_API_URL",
        )
    return wait_for_run(str(run.id))


def _run_detached(
    plan: str, payload: dict[str, Any], name: str, plan_id: str, tags: list[str]
) -> Any:
    from flows.control import find_run_by_name, wait_for_run

    log_dir = settings.keiri_home() / "detached"
    log_dir.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "flows.run_plan",
        "--plan",
        plan,
        "--payload",
        json.dumps(payload, ensure_ascii=False),
        "--name",
        name,
        "--flow-name",
        plan_id,
        *[arg for tag in tags for arg in ("--tag", tag)],
    ]
    with (log_dir / f"{name}.log").open("ab") as log:
        process = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            cwd=settings.project_root(),
            env=os.environ.copy(),
        )
    deadline = time.monotonic() + 120
    run = None
    while run is None:
        run = find_run_by_name(name)
        if run is not None:
            break
        if process.poll() is not None or time.monotonic() > deadline:
            raise BlockError(
                ErrorCode.API_ERROR,
                f"the background run {name} did not start",
                hint=f"see {log_dir / (name + '.log')}",
            )
        time.sleep(0.1)
    return wait_for_run(str(run.id))


@click.command("resume")
@click.argument("run_id")
@click.option(
    "--input",
    "inputs",
    multiple=True,
    metavar="FIELD=VALUE|@PATH",
    help="A field of the paused form.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def resume_cmd(run_id: str, inputs: tuple[str, ...], as_json: bool) -> None:
    """Answer a paused run's form and resume it (validated like the form app)."""
    api_url = _connect()
    from blocks.store import FileStore
    from flows.control import read_paused_form, resume_run, wait_for_run

    form = read_paused_form(run_id)
    fields = human_input_fields(form.mode, form.requirements)
    answers = convert_answers(
        fields, [(f, v) for _n, f, v in parse_assignments(inputs, with_node=False)], "", FileStore()
    )
    resume_run(run_id, answers, _who())
    view = wait_for_run(run_id, since_pause_key=form.run.pause_key)
    raise ExitWith(_report(_document(api_url, view, form.run.plan_id), as_json))


@click.command("runs")
@click.option("--state", help="Only runs in this state (completed, failed, paused, running, ...).")
@click.option("--limit", default=30, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def runs_cmd(state: str | None, limit: int, as_json: bool) -> None:
    """Recent plan runs on the Prefect server."""
    api_url = _connect()
    from flows.control import list_runs

    views = list_runs(state, limit)
    if as_json:
        print_json(
            {
                "runs": [
                    v.to_json() | {"ui_url": f"{_ui_base(api_url)}/runs/flow-run/{v.run_id}"}
                    for v in views
                ]
            }
        )
        return
    from rich.table import Table

    table = Table("run id", "plan", "state", "started", "duration", box=None)
    for v in views:
        table.add_row(
            v.run_id,
            v.plan_id or "",
            v.state,
            (v.start or "")[:19],
            f"{v.duration_s:.1f}s" if v.duration_s is not None else "",
        )
    console.print(table)


@click.command("retry")
@click.argument("run_id")
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
def retry_cmd(run_id: str, as_json: bool) -> None:
    """Re-run a failed run in place: finished nodes come from persisted results, not run again."""
    api_url = _connect()
    from prefect.client.orchestration import get_client
    from prefect.flow_engine import run_flow
    from prefect.states import AwaitingRetry

    from flows.control import find_run, wait_for_run
    from flows.run_plan import run_plan

    run = find_run(run_id)
    state = run.state
    if state is None or state.type.value not in ("FAILED", "CRASHED", "CANCELLED"):
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            f"run {run_id} is {state.name if state else 'unknown'}; only failed, crashed or cancelled runs are retried",
            hint="`keiri runs --state failed` lists the runs to retry",
        )
    if run.deployment_id is not None:
        # A deployment run goes back to its work pool: a worker reruns it, and finished
        # nodes come from the persisted results (the same as the Prefect UI's Retry).
        with get_client(sync_client=True) as client:
            client.set_flow_run_state(
                run.id, AwaitingRetry(message=f"keiri retry by {_who()}"), force=True
            )
        view = wait_for_run(run_id, poll=1.0)
        raise ExitWith(_report(_document(api_url, view, None), as_json))
    with get_client(sync_client=True) as client:
        client.set_flow_run_state(
            run.id, AwaitingRetry(message=f"keiri retry by {_who()}"), force=True
        )
        run = client.read_flow_run(run.id)
    flow_name = next((t.split(":", 1)[1] for t in run.tags if t.startswith("plan:")), "run_plan")
    run_flow(
        run_plan.with_options(name=flow_name),
        flow_run=run,
        parameters=run.parameters,
        return_type="state",
    )
    view = wait_for_run(run_id)
    raise ExitWith(_report(_document(api_url, view, None), as_json))


def register(cli: click.Group) -> None:
    for command in (run_cmd, resume_cmd, runs_cmd, retry_cmd):
        cli.add_command(command)
    from keiri.cli.server_cmd import register as register_server

    register_server(cli)
