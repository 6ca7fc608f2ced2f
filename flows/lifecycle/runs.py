"""The run lifecycle of a plan: start (in this process, detached, from a deployment), wait,
resume, retry, cancel, and the outcome — one `RunOutcome` for the CLI and the form app.

- A run started here uses the plan compiled once in this process (`run_plan.started_here`);
  its final state is used as returned, never looked up by name.
- A detached run is created on the API first (its id is known at once), then handed by id to
  a background `python -m flows.lifecycle.runner <id>`: answers and vars travel as the flow run's
  parameters on the API, never on a command line, secret ones masked there and kept in a
  Prefect Secret block (`flows.backend.run_secrets`). A retry from the form app goes the same way.
- The outcome comes from Prefect: the flow run's state and its persisted result (the record
  `run_plan` returns), never from a side file.
- Observers (progress, pause messages) are arguments (`RunObservers`), never global lists.

Import only after the Prefect environment is set (`keiri.server.client_env.connect`).

Over 400 lines: start, wait, resume, retry, cancel and the outcome are the steps of one run
record's life and read it the same way.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from prefect import State
from prefect.client.orchestration import get_client
from prefect.client.schemas.objects import FlowRun
from prefect.exceptions import MissingResult
from prefect.states import AwaitingRetry, Cancelled, Cancelling

from blocks.sdk.errors import BlockError, ErrorCode, IssuesFound
from compiler.scope import CompiledPlan
from flows.backend import child_pauses, run_secrets
from flows.backend.input_keys import STARTED_KEY
from flows.backend.notify import form_link
from flows.backend.outcome import OutcomeError, PausedAt, RunOutcome
from flows.backend.run_inputs import create_once, filter_values
from flows.backend.run_names import with_version
from flows.lifecycle import control, start
from flows.lifecycle.control import PausedForm
from flows.run_plan import RunObservers, event_log_path, named_flow, run_local, started_here
from keiri.base import processes, settings
from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError, PlanInvalid, RunNotRetryable

__all__ = [
    "Detached",
    "RunObservers",
    "cancel",
    "execute",
    "outcome",
    "pinned_differs",
    "register_runner",
    "resume",
    "retry",
    "run_foreground",
    "start_deployment",
    "start_detached",
    "started_by",
    "wait",
]

_ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def prefect_ui_url(run_id: str) -> str:
    server = settings.get().server
    base = server.ui_url or (server.api_url or "").rstrip("/").removesuffix("/api")
    return f"{base}/runs/flow-run/{run_id}"


def _names(compiled: CompiledPlan) -> tuple[str, list[str]]:
    """The flow run's name and tags (`flows.lifecycle.start`)."""
    return start.run_name(compiled.id), start.plan_tags(compiled.id, compiled.plan.version)


# -- starting ---------------------------------------------------------------------------------


def run_foreground(
    compiled: CompiledPlan,
    plan: Path,
    answers: dict[str, dict[str, Any]],
    vars: dict[str, Any],
    observers: RunObservers | None = None,
    *,
    who: str | None = None,
    via: str = "cli",
) -> RunOutcome:
    """Run in this process until the run ends (a pause waits here for its answer); `who`
    (when given) is recorded as the one who started it (`started_by`)."""
    name, tags = _names(compiled)
    answers, vars, secrets = run_secrets.split(compiled, answers, vars)
    tags += run_secrets.save(secrets)  # the flow run's parameters show them masked
    given = observers or RunObservers()
    started: list[FlowRun] = []

    def on_start(run: FlowRun) -> None:
        started.append(run)
        if who is not None:
            _record_start(str(run.id), who, via)
        if given.on_start is not None:
            given.on_start(run)

    state = run_local(
        str(plan.resolve()),
        answers,
        vars,
        flow_name=compiled.id,
        run_name=name,
        tags=tags,
        compiled=compiled,
        observers=replace(given, on_start=on_start),
    )
    run_id = state.state_details.flow_run_id
    if run_id is None:  # pragma: no cover - Prefect always sets it for a flow run's state
        raise BlockError(ErrorCode.API_ERROR, t("cli.error.no_flow_run_id", name=name))
    # The run as it started and its final state are in hand: no lookup on the API (a run
    # that ended before the plan started is looked up).
    return _outcome(started[0] if started else control.find_run(str(run_id)), state)


class Detached:
    """A run handed to a background runner: its id at once, then `wait()` for the outcome."""

    def __init__(self, run_id: str, process: subprocess.Popen[bytes], log: Path) -> None:
        self.run_id = run_id
        self.process = process
        self.log = log

    def wait(self, timeout: float | None = None) -> RunOutcome:
        return wait(self.run_id, timeout=timeout, runner=self)


def start_detached(
    compiled: CompiledPlan,
    plan: Path,
    answers: dict[str, dict[str, Any]],
    vars: dict[str, Any],
    *,
    who: str | None = None,
    via: str = "cli",
) -> Detached:
    """Create the flow run (Pending) on the API, then start its runner in the background
    (`flows.lifecycle.start`); `who` (when given) is recorded as the one who started it."""
    with start.configured_client() as api:
        started = start.start_detached(compiled, plan, answers, vars, api=api)
        started.record(who, via)
    return Detached(started.run_id, started.process, started.log)


def start_deployment(
    deployment: str,
    answers: dict[str, dict[str, Any]] | None = None,
    vars: dict[str, Any] | None = None,
    *,
    who: str | None = None,
    via: str = "cli",
) -> str:
    """Trigger a run of `run_plan/<deployment>` for its work pool; returns the run id."""
    from prefect.deployments import run_deployment

    shown_answers, shown_vars, secrets = run_secrets.split(None, answers, vars)
    parameters: dict[str, Any] = {}
    if answers:
        parameters["answers"] = shown_answers
    if vars:
        parameters["vars"] = shown_vars
    name = deployment if "/" in deployment else f"run_plan/{deployment}"
    secret_tags = run_secrets.save(secrets)
    run = run_deployment(  # type: ignore[call-arg]
        name, parameters=parameters or None, timeout=0, tags=secret_tags or None, _sync=True
    )
    if not isinstance(run, FlowRun):  # pragma: no cover - sync context
        raise TypeError(f"expected a flow run, got {type(run).__name__}")
    if who is not None:
        _record_start(str(run.id), who, via)
    return str(run.id)


def _record_start(run_id: str, who: str, via: str) -> None:
    from datetime import UTC

    create_once(
        control.parse_run_id(run_id),
        STARTED_KEY,
        {"by": who, "at": datetime.now(UTC).isoformat(timespec="seconds"), "via": via},
    )


def started_by(run_id: str) -> dict[str, Any] | None:
    """Who started the run (`{"by", "at", "via"}`), when keiri recorded it."""
    from flows.backend.run_inputs import read_value

    value = read_value(control.parse_run_id(run_id), STARTED_KEY)
    return value if isinstance(value, dict) else None


def _spawn_runner(run_id: str, log_name: str) -> Detached:
    process, log = start.spawn_runner(run_id, log_name)
    return Detached(run_id, process, log)


def execute(run_id: str, observers: RunObservers | None = None) -> State[Any]:
    """Run an existing flow run (Pending, or AwaitingRetry after a retry) in this process:
    the runner of detached runs and of local retries. The flow compiles the plan once."""
    from prefect import tags as prefect_tags
    from prefect.flow_engine import run_flow
    from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

    from flows.backend import api_retry

    def read() -> tuple[FlowRun, str]:
        run = control.find_run(run_id)
        with get_client(sync_client=True) as client:
            return run, client.read_flow(run.flow_id).name

    run, flow_name = api_retry.call(read, deadline_s=300, what=t("cli.api.reading_run", run=run_id))
    register_runner(run_id)  # before it runs: its earlier runners' records may be dead
    with (
        temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}),
        prefect_tags(*run.tags),
        started_here(None, observers),
    ):
        state = run_flow(
            named_flow(flow_name),
            flow_run=run,
            parameters=run.parameters,
            return_type="state",
        )
    if not isinstance(state, State):  # pragma: no cover - return_type="state"
        raise TypeError(f"expected a state, got {type(state).__name__}")
    return state


def register_runner(run_id: str) -> None:
    """Record this process as a runner of the run (`flows.backend.liveness`): `cancel` stops it, and
    a run whose runners are all gone is marked Crashed and can be retried."""
    from flows.backend import liveness

    liveness.register(control.parse_run_id(run_id))


# -- waiting and answering --------------------------------------------------------------------


def wait(
    run_id: str,
    *,
    since_pause_key: str | None = None,
    timeout: float | None = None,
    poll: float = 0.3,
    runner: Detached | None = None,
) -> RunOutcome:
    """Poll until the run ends or pauses (at a key other than `since_pause_key`).

    With `runner`, a runner process that exits without moving the run on marks the run
    Crashed (no ghost run stays Pending or Running)."""
    from flows.backend import api_retry

    process = runner.process if runner is not None else None
    root = control.parse_run_id(run_id)

    def stop() -> bool:
        if process is not None and process.poll() is not None:
            return True
        return child_pauses.paused_child(root) is not None  # a loop item or subflow waits

    # A busy or restarting server does not end the wait (transient errors are retried).
    api_retry.call(
        lambda: control.wait_for_run(
            run_id, since_pause_key=since_pause_key, poll=poll, timeout=timeout, stop=stop
        ),
        deadline_s=600,
        what=t("cli.api.waiting", run=run_id),
    )
    # It may have ended just before its process did.
    run = api_retry.call(
        lambda: control.find_run(run_id), deadline_s=600, what=t("cli.api.reading")
    )
    state = run.state.type.value if run.state else "UNKNOWN"
    key = run.state.state_details.pause_key if run.state else None
    ended = state in _ENDED or (state == "PAUSED" and key != since_pause_key)
    if runner is not None and process is not None and process.poll() is not None and not ended:
        from flows.backend import liveness

        liveness.crash_unless_ended(
            run.id, t("cli.state.runner_exited", code=process.returncode, log=runner.log)
        )
        run = control.find_run(run_id)
    return _outcome(run)


def resume(run_id: str, answers: dict[str, Any], who: str) -> PausedForm:
    """Validate the answers with the paused form's schema and resume the run, once. A local
    run whose process is gone is continued in a background runner from its persisted
    results (the answer waits for it under the pause's key): never resumed with nobody to
    go on."""
    from flows.backend import liveness, reask

    reason = liveness.gone(control.find_run(run_id))
    form = control.resume_run(run_id, answers, who)
    if reason is not None:
        with get_client(sync_client=True) as client:
            client.set_flow_run_state(
                control.parse_run_id(run_id),
                AwaitingRetry(
                    message=f"{reask.CONTINUATION}: "
                    + t("cli.state.resumed_by", who=who, reason=reason)
                ),
                force=True,
            )
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        _spawn_runner(run_id, f"continue-{run_id}-{stamp}.log")
    return form


def retry(
    run_id: str,
    who: str,
    *,
    detach: bool = False,
    observers: RunObservers | None = None,
    reenter: Sequence[str] = (),
    until_paused: bool = False,
    timeout: float | None = None,
    latest: bool = False,
) -> RunOutcome:
    """Re-run a failed, crashed or cancelled run in place: finished nodes come from their
    persisted results. A deployment run goes back to its work pool; a local run runs here
    (`detach=False`, until it ends) or in a background runner (`detach=True`: returns once
    the run is handed over, or with `until_paused` once it pauses or ends, or `timeout`
    passes). A local run whose process is gone is marked Crashed first. `reenter`: the
    human-input nodes asked again, the other answers kept (`flows.backend.reenter`). A
    deployment run executes the plan it started with (`flows.backend.plan_pin`: a redeploy
    never changes a run of the month in flight); `latest` moves it to the plan file as it is
    now (validated first; its `plan-version:` tag follows; finished nodes whose definition
    changed run again). A local run's retry always takes the file as it is now."""
    from flows.backend import liveness

    run = liveness.settle(control.find_run(run_id))
    state = run.state
    if state is None or state.type.value not in ("FAILED", "CRASHED", "CANCELLED"):
        raise RunNotRetryable(
            t(
                "cli.error.not_retryable",
                run=run_id,
                state=state_label((state.name or state.type.value) if state else "UNKNOWN"),
            ),
            details={"run_id": run_id, "state": state.name if state else None},
        )
    if latest:
        _move_to_latest(run)
    elif run.deployment_id is None:
        # A local run's retry takes its plan file as it is now (an edited node runs again, the
        # rest is reused: `flows.backend.result_reuse`); the start pins it for later starts.
        from flows.backend import plan_pin

        plan_pin.unpin(run.id)
    if reenter:
        from flows.backend import reask
        from flows.backend import reenter as reentry
        from flows.run_plan import compile_pinned

        targets = reentry.check_targets(compile_pinned(run), reenter)  # the plan it will run
        reentry.mark(run.id, targets, who, reask.generation(run.id) + 1)
    with get_client(sync_client=True) as client:
        client.set_flow_run_state(
            run.id, AwaitingRetry(message=t("cli.state.retry_by", who=who)), force=True
        )
    if run.deployment_id is not None:
        # Its workers rerun it (the same as the Prefect UI's Retry).
        if detach and not until_paused:
            return _outcome(control.find_run(run_id))
        return wait(run_id, poll=1.0, timeout=timeout)
    if detach:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        runner = _spawn_runner(run_id, f"retry-{run_id}-{stamp}.log")
        if until_paused:
            return runner.wait(timeout=timeout)
        return _outcome(control.find_run(run_id))
    final = execute(run_id, observers)
    return _outcome(control.find_run(run_id), final)


def pinned_differs(run_id: str) -> tuple[str, str] | None:
    """(the version a deployment run started with, the version of its plan file now) when the
    file has changed since the run pinned it (`flows.backend.plan_pin`); None otherwise, and
    for a local run (its retry takes the file as it is now)."""
    from flows.backend import plan_pin

    run = control.find_run(run_id)
    if run.deployment_id is None:
        return None
    return plan_pin.differs(run.id)


def _move_to_latest(run: FlowRun) -> None:
    """`keiri retry --latest`: the run's pin replaced by the plan file as it is now (nothing
    changes when it does not compile), its `plan-version:` tag set to the new version."""
    from flows.backend import plan_pin
    from flows.run_plan import resolve_plan_path

    plan = str((run.parameters or {}).get("plan") or "")
    path = resolve_plan_path(plan)
    try:
        compiled = plan_pin.repin(run.id, path)
    except IssuesFound as exc:
        raise PlanInvalid(exc.issues, hint=t("cli.hint.validate_plan", plan=path)) from exc
    tags = with_version(run.tags, compiled.plan.version)
    if set(tags) != set(run.tags):
        with get_client(sync_client=True) as client:
            client.update_flow_run(run.id, tags=tags)


def cancel(run_id: str, who: str) -> RunOutcome:
    """Cancel a run that has not ended: a deployment run that is running is handed to its
    worker (Cancelling); any other run is Cancelled at once."""
    run = control.find_run(run_id)
    state = run.state
    if state is None or state.type.value in _ENDED:
        raise RunNotRetryable(
            t(
                "cli.error.already_ended",
                run=run_id,
                state=state_label((state.name or state.type.value) if state else "UNKNOWN"),
            ),
            details={"run_id": run_id, "state": state.name if state else None},
            hint=t("cli.hint.cancel_active"),
        )
    message = t("cli.state.cancelled_by", who=who)
    target: State[Any] = (
        Cancelling(message=message)
        if run.deployment_id is not None and state.type.value == "RUNNING"
        else Cancelled(message=message)
    )
    with get_client(sync_client=True) as client:
        client.set_flow_run_state(run.id, target, force=True)
        if run.deployment_id is None and _stop_runners(run_id):
            # A stopped runner reports its run Crashed on the way out: the user cancelled it.
            final = client.read_flow_run(run.id).state
            if final is None or not final.is_cancelled():
                client.set_flow_run_state(run.id, Cancelled(message=message), force=True)
    return _outcome(control.find_run(run_id))


def _runner_alive(entry: dict[str, Any]) -> bool:
    """Whether the runner record `entry` is a live background runner of this machine
    (`python -m flows.lifecycle.runner`, by its command line) and the very process that recorded
    itself (its boot id and start time: a reused pid never passes). Not the run id on the
    command line: a spare runner (`flows.lifecycle.runner_spare`) got its run id on its standard
    input. False without /proc (not Linux)."""
    from flows.backend import liveness

    argv = processes.command_line(int(entry["pid"]))
    if argv is None or b"flows.lifecycle.runner" not in argv:
        return False
    return liveness.process_alive(entry) is True


def _stop_runners(run_id: str, timeout: float = 15) -> list[int]:
    """Stop the background runners of this run on this machine (SIGTERM, then wait for them
    to exit); returns their pids. A foreground run belongs to its terminal (Ctrl-C)."""
    host = socket.gethostname()
    entries = filter_values(control.parse_run_id(run_id), "keiri-runner-")
    alive = [
        e for e in entries if isinstance(e, dict) and e.get("host") == host and _runner_alive(e)
    ]
    for entry in alive:
        os.kill(int(entry["pid"]), signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while any(_runner_alive(e) for e in alive) and time.monotonic() < deadline:
        time.sleep(0.1)
    return [int(e["pid"]) for e in alive]


# -- the outcome ------------------------------------------------------------------------------


def outcome(run_id: str) -> RunOutcome:
    """What the run came to so far (any state)."""
    return _outcome(control.find_run(run_id))


def _plan_id(run: FlowRun) -> str | None:
    return next((t.split(":", 1)[1] for t in run.tags if t.startswith("plan:")), None)


def _record(run_id: str, state: State[Any]) -> dict[str, Any] | None:
    """The record `run_plan` returned (also carried by its Failed state), if it has one."""
    if not state.is_final():
        return None
    try:
        # `_sync`: a thread with a running event loop (Playwright, Streamlit) would otherwise
        # get the un-awaited coroutine of `State.aresult`.
        value = state.result(raise_on_failure=False, _sync=True)  # type: ignore[call-overload]
    except MissingResult:
        return None
    except Exception as exc:
        raise BlockError(
            ErrorCode.API_ERROR,
            t("cli.error.result_unreadable", run=run_id, error=f"{type(exc).__name__}: {exc}"),
            details={"run_id": run_id},
            hint=t("cli.hint.result_storage"),
        ) from exc
    if isinstance(value, dict):
        return value
    if isinstance(value, BlockError):  # a run that raised its error (older keiri)
        return {"error": value.to_dict() | {"node_id": value.node_id}}
    return None


def _outcome(run: FlowRun, final: State[Any] | None = None) -> RunOutcome:
    """`final` is the state a run in this process ended in (its result is in memory)."""
    state = final or run.state
    run_id = str(run.id)
    kind = state.type.value if state else "UNKNOWN"
    record = _record(run_id, state) if state is not None else None
    record = record or {}
    plan_id = record.get("plan_id") or _plan_id(run)
    log = record.get("log")
    if log is None and plan_id:
        path = event_log_path(str(plan_id), run)
        log = str(path) if path.is_file() else None
    paused: PausedAt | None = None
    if kind == "PAUSED":
        title: str | None = None
        try:
            form = control.read_paused_form(run_id)
            node_id: str | None = form.node_id
            title = form.definition.get("item_title") or None
        except KeiriError:
            node_id = None  # paused by something other than ui.interactive_input
        paused = PausedAt(node_id=node_id, form_url=form_link(run_id), run_id=run_id, title=title)
    elif kind == "RUNNING":
        child = child_pauses.paused_child(run.id)
        if child is not None:  # a loop item or subflow waits for input: so does this run
            kind = "PAUSED"
            paused = PausedAt(
                node_id=child.node_id,
                form_url=form_link(child.run_id),
                run_id=child.run_id,
                title=child.title or None,
            )
    block_error: BlockError | None = None
    error: OutcomeError | None = None
    raw = record.get("error")
    if isinstance(raw, dict):
        block_error = BlockError.from_dict(raw)
        error = OutcomeError.of(block_error)
    elif kind in ("FAILED", "CRASHED"):
        # No record: the run's process crashed (or failed before running the plan).
        block_error = BlockError(
            ErrorCode.BLOCK_FAILED,
            str((state.message if state else "") or (state.name if state else kind)),
            details={"run_id": run_id, "state": state.name if state else kind},
            hint=t("cli.hint.crashed"),
            recoverable=True,
        )
        error = OutcomeError.of(block_error)
    return RunOutcome(
        run_id=run_id,
        state=kind.lower() if kind != "UNKNOWN" else "pending",  # type: ignore[arg-type]
        plan_id=str(plan_id) if plan_id else None,
        outputs=dict(record.get("outputs") or {}),
        log=log,
        ui_url=prefect_ui_url(run_id),
        paused=paused,
        error=error,
        reuse=record.get("reuse") or [],
    ).with_block_error(block_error)
