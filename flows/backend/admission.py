"""The start of a deployment run: who started it, its period, and whether it may run.

`admit(flow_run, vars)` is called by `run_plan` before anything else, for deployment runs:

- **Starter**: a run nobody recorded (the Prefect UI or API, a schedule) gets its
  `keiri-started-by` record (`"Prefect API"` / `"schedule"`; keiri's own starts record theirs
  when they create the run).
- **Catch-up** (a scheduled run, first start only): one that starts more than the lateness
  window after its time was missed. `catch_up: skip` skips it, `latest` skips it when a later
  scheduled run of the deployment was missed too (only the latest missed one runs), `all`
  runs it. Skipped runs end Cancelled, named
  `Skipped`, with the reason.
- **Period**: the run's period (`period:` tag from `keiri deployments run --period` /
  `backfill`, else the `from_var` var, else the month of its scheduled time) is written as its
  `period:<key>` tag and given to the plan as `period.var`. At most one open run per
  deployment and period: the period is held through a Prefect Variable naming its run; a run
  of a period whose holder is still open (running, paused, waiting for a retry) ends
  Cancelled, named `PeriodOpen`, naming that run — the operations watcher tells the operator.
  A holder that ended hands the period on once (an atomic flow-run input on it), so two new
  runs of one period never both start.

Runs of one deployment wait for each other in their own work queue (`keiri-<name>`, limit
from the file), which Prefect serves in order of scheduled time: no run jumps the queue and a
resumed run (scheduled at its resume) goes before runs scheduled after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.objects import FlowRun, State
from prefect.states import Cancelled

from flows.backend.deployment_options import DeploymentOptions, period_of, read_options
from flows.backend.input_keys import STARTED_KEY
from flows.backend.run_inputs import create_once, read_value
from keiri.base import settings
from keiri.base.catalog import t

__all__ = [
    "ADMITTED_KEY",
    "PERIOD_TAG",
    "SKIPPED",
    "STATE_PERIOD_OPEN",
    "Admission",
    "admit",
    "open_holder",
    "period_variable",
]

PERIOD_TAG = "period:"
ADMITTED_KEY = "keiri-admitted"
SUCCESSOR_KEY = "keiri-period-successor"
SKIPPED = "Skipped"
STATE_PERIOD_OPEN = "PeriodOpen"
_ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


@dataclass(frozen=True)
class Admission:
    """`refused`: the state to end the run with instead of running it; `vars`: the run's vars
    with the period var set; `period`: its period key (None: no period rule)."""

    vars: dict[str, Any] | None
    refused: State[Any] | None = None
    period: str | None = None


def admit(flow_run: FlowRun, vars: dict[str, Any] | None) -> Admission:
    if flow_run.deployment_id is None:
        return Admission(vars)
    with get_client(sync_client=True) as client:
        deployment = client.read_deployment(flow_run.deployment_id)
    _record_starter(flow_run)
    options = read_options(deployment.name)
    if options is None:
        return Admission(vars)
    first = create_once(flow_run.id, ADMITTED_KEY, {"at": _now().isoformat()})
    if first and flow_run.auto_scheduled:
        reason = _missed(flow_run, options)
        if reason is not None:
            return Admission(vars, Cancelled(name=SKIPPED, message=reason))
    if options.period is None:
        return Admission(vars)
    period = _period(flow_run, options, vars)
    _tag(flow_run, period)
    holder = _hold(deployment.name, period, flow_run.id)
    if holder is not None:
        message = t("ops.period.refused", period=period, run=holder)
        return Admission(vars, Cancelled(name=STATE_PERIOD_OPEN, message=message), period)
    if options.period.var:
        vars = {**(vars or {}), options.period.var: period}
    return Admission(vars, None, period)


def _now() -> datetime:
    return datetime.now(UTC)


def _record_starter(flow_run: FlowRun) -> None:
    via = "schedule" if flow_run.auto_scheduled else "api"
    who = t("ops.starter.schedule") if via == "schedule" else "Prefect API"
    create_once(flow_run.id, STARTED_KEY, {"by": who, "at": _now().isoformat(), "via": via})


def _late_window(options: DeploymentOptions) -> timedelta | None:
    if options.late_after_s is not None:
        return timedelta(seconds=options.late_after_s)
    return settings.get().ops.late_after


def _missed(flow_run: FlowRun, options: DeploymentOptions) -> str | None:
    """Why a scheduled run is skipped under the catch-up policy (None: it runs)."""
    window = _late_window(options)
    due = flow_run.expected_start_time
    if options.catch_up == "all" or window is None or due is None:
        return None
    if _now() - due <= window:
        return None
    shown = due.astimezone(_zone()).strftime("%Y-%m-%d %H:%M")
    if options.catch_up == "skip":
        return t("ops.catch_up.skipped", due=shown)
    later = _later_missed(flow_run, window)
    if later is None:
        return None
    return t("ops.catch_up.superseded", due=shown, run=later)


def _zone() -> Any:
    from zoneinfo import ZoneInfo

    return ZoneInfo(settings.get().language.timezone)


def _later_missed(flow_run: FlowRun, window: timedelta) -> str | None:
    """A scheduled run of the same deployment due after this one and missed as well (due
    more than `window` ago): then this one is not the latest missed run."""
    from prefect.client.schemas.filters import (
        DeploymentFilter,
        DeploymentFilterId,
        FlowRunFilter,
        FlowRunFilterExpectedStartTime,
    )

    assert flow_run.deployment_id is not None and flow_run.expected_start_time is not None
    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(
            deployment_filter=DeploymentFilter(
                id=DeploymentFilterId(any_=[flow_run.deployment_id])
            ),
            flow_run_filter=FlowRunFilter(
                expected_start_time=FlowRunFilterExpectedStartTime(
                    after_=flow_run.expected_start_time + timedelta(seconds=1),
                    before_=_now() - window,  # type: ignore[arg-type]
                )
            ),
            limit=50,
        )
    later = [r for r in runs if r.auto_scheduled and r.id != flow_run.id]
    return str(later[0].id) if later else None


def _period(flow_run: FlowRun, options: DeploymentOptions, vars: dict[str, Any] | None) -> str:
    tagged = [tag[len(PERIOD_TAG) :] for tag in flow_run.tags if tag.startswith(PERIOD_TAG)]
    if tagged:
        return tagged[0]
    rule = options.period
    assert rule is not None
    if rule.from_var:
        return str((vars or {}).get(rule.from_var) or "")
    when = flow_run.expected_start_time or flow_run.created or _now()
    return period_of(when, rule, options.timezone)


def _tag(flow_run: FlowRun, period: str) -> None:
    tag = PERIOD_TAG + period
    if tag in flow_run.tags:
        return
    with get_client(sync_client=True) as client:
        client.update_flow_run(flow_run.id, tags=[*flow_run.tags, tag])


def period_variable(deployment: str, period: str) -> str:
    """The Variable that names the run holding `period` of `deployment`."""
    from flows.backend.deployment_options import variable_name

    slug = "".join(c if c.isalnum() else "-" for c in period.lower())[:40]
    return variable_name(deployment).replace("keiri-deployment-", "keiri-period-", 1) + "-" + slug


def _is_open(run_id: str) -> bool:
    from prefect.exceptions import ObjectNotFound

    with get_client(sync_client=True) as client:
        try:
            run = client.read_flow_run(UUID(run_id))
        except ObjectNotFound:
            return False
    return run.state is not None and run.state.type.value not in _ENDED


def open_holder(deployment: str, period: str) -> str | None:
    """The open run holding `period` of `deployment`, if any (a look, nothing taken)."""
    with get_client(sync_client=True) as client:
        found = client.read_variable_by_name(period_variable(deployment, period))
    current = _holder_of(found.value if found is not None else None)
    for _ in range(50):
        if current is None:
            return None
        if _is_open(current):
            return current
        current = _holder_of(read_value(UUID(current), SUCCESSOR_KEY))
    return None


def _holder_of(value: Any) -> str | None:
    return str(value["run"]) if isinstance(value, dict) and value.get("run") else None


def _hold(deployment: str, period: str, run_id: UUID) -> str | None:
    """Take `period` for `run_id`; returns the open run that holds it instead, or None."""
    from prefect.client.schemas.actions import VariableCreate, VariableUpdate
    from prefect.exceptions import ObjectAlreadyExists

    name, me = period_variable(deployment, period), str(run_id)
    with get_client(sync_client=True) as client:
        try:
            client.create_variable(VariableCreate(name=name, value={"run": me}, tags=["keiri"]))
            return None
        except ObjectAlreadyExists:
            found = client.read_variable_by_name(name)
    current = _holder_of(found.value if found is not None else None) or me
    for _ in range(50):
        if current == me:
            break
        if _is_open(current):
            return current
        # The holder ended: its one successor takes the period (a second claim gets 409).
        create_once(UUID(current), SUCCESSOR_KEY, {"run": me})
        current = _holder_of(read_value(UUID(current), SUCCESSOR_KEY)) or me
    with get_client(sync_client=True) as client:
        client.update_variable(VariableUpdate(name=name, value={"run": me}, tags=["keiri"]))
    return None
