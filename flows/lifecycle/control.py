"""Talking to the Prefect API about plan runs: list, read a paused run's form, resume, wait.

Shared by the CLI (`keiri run/resume/runs/retry`) and the form app, so both validate and
resume the same way. Import only after the Prefect environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import (
    FlowRunFilter,
    FlowRunFilterId,
    FlowRunFilterState,
    FlowRunFilterStateType,
)
from prefect.client.schemas.objects import FlowRun, StateType
from prefect.client.schemas.sorting import FlowRunSort

from blocks.sdk.errors import BlockError, ErrorCode
from flows.backend import resume_marker
from flows.backend.input_keys import FORM_PREFIX
from flows.backend.run_inputs import filter_values, read_value
from flows.lifecycle.run_view import RunView
from keiri.base.catalog import state_label, t
from keiri.base.errors import AlreadyResumed, InvalidRunId, RunNotFound, RunNotPaused
from keiri.base.times import local_time

if TYPE_CHECKING:
    from blocks.forms.form import FieldProblem, Requirement

__all__ = [
    "PausedForm",
    "check_answers",
    "find_run",
    "list_runs",
    "parse_run_id",
    "read_paused_form",
    "resume_run",
    "wait_for_run",
]

TERMINAL = {StateType.COMPLETED, StateType.FAILED, StateType.CRASHED, StateType.CANCELLED}
#: How long a resume waits for a pause that is being entered (its form is stored, the run is
#: not Paused yet, or Paused without its input schema yet): a pause is entered within a
#: second on a quiet server; 30 s covers a busy one. Longer, the resume is refused as before.
ENTERING_PAUSE_S = 30.0


def _view(run: FlowRun) -> RunView:
    state = run.state
    plan_id = next((t.split(":", 1)[1] for t in run.tags if t.startswith("plan:")), None)
    return RunView(
        run_id=str(run.id),
        name=run.name,
        plan_id=plan_id,
        state=(state.name or state.type.value.title()) if state else "Unknown",
        state_type=state.type.value if state else "UNKNOWN",
        start=run.start_time.isoformat() if run.start_time else None,
        end=run.end_time.isoformat() if run.end_time else None,
        duration_s=run.total_run_time.total_seconds() if run.total_run_time else None,
        message=(state.message or "") if state else "",
        tags=list(run.tags),
        pause_key=state.state_details.pause_key if state and state.state_details else None,
        parameters=dict(run.parameters or {}),
        expected=run.expected_start_time.isoformat() if run.expected_start_time else None,
    )


def parse_run_id(run_id: str) -> UUID:
    try:
        return UUID(run_id)
    except ValueError:
        raise InvalidRunId(
            t("cli.error.not_run_id", run=repr(run_id)), details={"run_id": run_id}
        ) from None


def find_run(run_id: str) -> FlowRun:
    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[parse_run_id(run_id)]))
        )
    if not runs:
        raise RunNotFound(t("cli.error.no_run", run=run_id), details={"run_id": run_id})
    return runs[0]


def list_runs(
    state: str | None = None,
    limit: int = 50,
    plan_only: bool = True,
    top_level: bool = False,
    due_only: bool = False,
) -> list[RunView]:
    """Recent runs, newest first (`state="scheduled"`: the soonest first). `top_level` leaves
    out the runs of loop items and subflows (their parent's entry shows their progress); the
    inbox and `keiri runs` list them too.
    `due_only` leaves out runs scheduled for later: Prefect sorts by start time or else the
    expected start, so a deployment's future runs would otherwise come before the ones that ran."""
    filters: dict[str, Any] = {}
    if due_only:
        from prefect.client.schemas.filters import FlowRunFilterExpectedStartTime

        filters["expected_start_time"] = FlowRunFilterExpectedStartTime.model_validate(
            {"before_": datetime.now(UTC)}  # pydantic takes a stdlib datetime for Prefect's
        )
    if top_level:
        from prefect.client.schemas.filters import FlowRunFilterParentTaskRunId

        filters["parent_task_run_id"] = FlowRunFilterParentTaskRunId(is_null_=True)
    if state:
        wanted = state.upper()
        if wanted in StateType.__members__:
            filters["state"] = FlowRunFilterState(
                type=FlowRunFilterStateType(any_=[StateType[wanted]])
            )
        else:
            from prefect.client.schemas.filters import FlowRunFilterStateName

            filters["state"] = FlowRunFilterState(
                name=FlowRunFilterStateName(any_=[state.capitalize()])
            )
    # Runs scheduled for later: the next one first (what an operator asks of a schedule).
    later = (state or "").upper() == "SCHEDULED"
    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(
            flow_run_filter=FlowRunFilter(**filters),
            sort=FlowRunSort.EXPECTED_START_TIME_ASC if later else FlowRunSort.START_TIME_DESC,
            limit=min(limit * 3 if plan_only else limit, 200),  # the API caps a page at 200
        )
    from flows.backend import liveness

    # A local run whose process is gone shows as Crashed (and can be retried), not Running.
    runs = [liveness.settle(r) if liveness.may_be_gone(r) else r for r in runs]
    views = [_view(r) for r in runs if not plan_only or any(t.startswith("plan:") for t in r.tags)]
    return views[:limit]


@dataclass
class PausedForm:
    run: RunView
    definition: dict[str, Any]

    @property
    def node_id(self) -> str:
        return str(self.definition.get("node_id", ""))

    @property
    def mode(self) -> str:
        return str(self.definition.get("mode", "collect"))

    @property
    def requirements(self) -> list[Requirement]:
        from blocks.forms.form import Requirement  # the form model: for a paused run's form only

        return [Requirement.model_validate(r) for r in self.definition.get("requirements", [])]


def last_resume(run_id: str) -> dict[str, Any] | None:
    """Who resumed the run last, and when (`{"by", "at", "key", "node_id"}`)."""
    return resume_marker.last_resume(parse_run_id(run_id))


def _entering_pause(run: FlowRun, view: RunView) -> bool:
    """The run is on its way into a pause: Running/Pending with a stored form nobody resumed
    (the form is stored, and the run's event says it pauses, just before the Paused state is
    set), or Paused whose input schema Prefect has not saved yet."""
    if view.state_type == "PAUSED" and view.pause_key:
        details = run.state.state_details if run.state is not None else None
        keyset = getattr(details, "run_input_keyset", None) or {}
        return bool(keyset.get("schema")) and read_value(run.id, keyset["schema"]) is None
    if view.state_type not in {"RUNNING", "PENDING"}:
        return False
    forms = [v for v in filter_values(run.id, FORM_PREFIX) if isinstance(v, dict)]
    if not forms:
        return False
    resumed = {
        str(v.get("key"))
        for v in filter_values(run.id, resume_marker.PREFIX)
        if isinstance(v, dict)
    }
    return any(str(form.get("key")) not in resumed for form in forms)


def _settled(run_id: str, wait_s: float) -> tuple[FlowRun, RunView]:
    """The run, once any pause it is entering is entered (at most `wait_s` seconds)."""
    deadline = time.monotonic() + wait_s
    while True:
        run = find_run(run_id)
        view = _view(run)
        if time.monotonic() >= deadline or not _entering_pause(run, view):
            return run, view
        time.sleep(0.2)


def read_paused_form(run_id: str, *, wait_s: float = 0.0) -> PausedForm:
    """The form of the run's current pause. With `wait_s`, a pause being entered is waited
    for (bounded) instead of refused: a person who answers the moment the form appears is
    not told the run is still running."""
    run, view = _settled(run_id, wait_s)
    if view.state_type != "PAUSED" or not view.pause_key:
        previous = last_resume(run_id)
        if previous is not None:
            raise AlreadyResumed(
                t(
                    "cli.error.already_resumed",
                    by=previous.get("by"),
                    at=local_time(previous.get("at")),
                    state=state_label(view.state),
                ),
                details={
                    "run_id": run_id,
                    "state": view.state,
                    "resumed_by": previous.get("by"),
                    "resumed_at": previous.get("at"),
                    "node_id": previous.get("node_id"),
                },
            )
        raise RunNotPaused(
            t("cli.error.not_paused", run=run_id, state=state_label(view.state)),
            details={"run_id": run_id, "state": view.state},
        )
    definition = read_value(run.id, f"{FORM_PREFIX}{view.pause_key}")
    if not isinstance(definition, dict):
        raise RunNotPaused(
            t("cli.error.no_form", run=run_id),
            details={"run_id": run_id, "state": view.state},
            hint=t("cli.hint.no_form"),
        )
    return PausedForm(view, definition)


def check_answers(form: PausedForm, answers: dict[str, Any]) -> list[FieldProblem]:
    from blocks.forms.form import validate_answers

    return validate_answers(form.mode, form.requirements, answers)


def resume_run(run_id: str, answers: dict[str, Any], who: str) -> PausedForm:
    """Validate the answers with the form's schema, then resume (once). A pause that is being
    entered is waited for (`ENTERING_PAUSE_S`)."""
    form = read_paused_form(run_id, wait_s=ENTERING_PAUSE_S)
    problems = check_answers(form, answers)
    if problems:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"{problems[0].field}: {problems[0].message}",
            details={
                "field": problems[0].field,
                "problems": [p.model_dump() for p in problems],
                "node_id": form.node_id,
            },
            hint=t("cli.hint.still_paused"),
            recoverable=True,
        )
    from datetime import UTC, datetime

    key = form.run.pause_key or ""
    record = {
        "by": who,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "key": key,
        "node_id": form.node_id,
    }
    # The "once" gate: taken atomically, released if anything below fails.
    with resume_marker.held(parse_run_id(run_id), key, record):
        with get_client(sync_client=True) as client:
            result = client.resume_flow_run(
                parse_run_id(run_id), run_input={**answers, "answered_by": who}
            )
        if result.status.value != "ACCEPT":
            reason = getattr(result.details, "reason", "") or str(result.details)
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("cli.error.answers_refused", reason=reason),
                details={"run_id": run_id, "node_id": form.node_id, "status": result.status.value},
                hint=t("cli.hint.still_paused"),
                recoverable=True,
            )
    return form


def wait_for_run(
    run_id: str,
    *,
    since_pause_key: str | None = None,
    poll: float = 0.3,
    timeout: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> RunView:
    """Poll until the run ends or pauses (at a key other than `since_pause_key`), the
    timeout passes, or `stop()` says to stop waiting (e.g. the run's process is gone)."""
    started = time.monotonic()
    while True:
        view = _view(find_run(run_id))
        if view.state_type in {t.value for t in TERMINAL}:
            return view
        if view.state_type == "PAUSED" and view.pause_key and view.pause_key != since_pause_key:
            return view
        if timeout is not None and time.monotonic() - started > timeout:
            return view
        if stop is not None and stop():
            return view
        time.sleep(poll)
