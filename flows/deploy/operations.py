"""Operating deployments without redeploying: list, pause, resume, run one now (for a
period), backfill past periods — what `keiri deployments` does, on the Prefect API.

A run started here records who started it, carries its period as a `period:<key>` tag (and,
for a `from_var` rule, as that var), and is refused up front when its period already has an
open run (`PeriodOpen`, nothing created); the run's own start checks again
(`flows.backend.admission`). A backfill creates one run per period that has none open or
waiting, a second apart in period order, so the deployment's queue takes them in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from flows.backend.admission import PERIOD_TAG, open_holder
from flows.backend.deployment_options import DeploymentOptions, PeriodRule, read_options
from flows.backend.input_keys import STARTED_KEY
from flows.backend.run_inputs import create_once
from flows.backend.run_names import plan_id_of, run_name
from keiri.base.catalog import t
from keiri.base.errors import ErrorCode, KeiriError

__all__ = [
    "BackfillResult",
    "DeploymentNotFound",
    "DeploymentRow",
    "PeriodOpen",
    "backfill",
    "list_deployments",
    "months_between",
    "set_paused",
    "start_run",
]

FLOW_NAME = "run_plan"
_ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


class DeploymentNotFound(KeiriError):
    default_code = ErrorCode.DEPLOYMENT_NOT_FOUND
    exit_code = 2


class PeriodOpen(KeiriError):
    default_code = ErrorCode.PERIOD_OPEN


@dataclass
class DeploymentRow:
    name: str
    id: str
    paused: bool
    version: str | None
    work_pool: str | None
    schedules: list[str]
    next_runs: list[str]
    options: DeploymentOptions | None
    runs: dict[str, int] = field(default_factory=dict)  # state name -> count (not ended)
    open_periods: dict[str, str] = field(default_factory=dict)  # period -> state name

    def to_json(self) -> dict[str, Any]:
        options = self.options
        return {
            "name": self.name,
            "id": self.id,
            "paused": self.paused,
            "version": self.version,
            "work_pool": self.work_pool,
            "schedules": self.schedules,
            "next_runs": self.next_runs,
            "period": options.period.model_dump() if options and options.period else None,
            "catch_up": options.catch_up if options else None,
            "retries": options.retries.model_dump() if options and options.retries else None,
            "runs": self.runs,
            "open_periods": self.open_periods,
        }


def _client() -> Any:
    from prefect.client.orchestration import get_client

    return get_client(sync_client=True)


def _deployment(client: Any, name: str) -> Any:
    from prefect.exceptions import ObjectNotFound

    try:
        return client.read_deployment_by_name(f"{FLOW_NAME}/{name}")
    except ObjectNotFound:
        known = sorted(d.name for d in client.read_deployments())
        from keiri.base.errors import did_you_mean

        raise DeploymentNotFound(
            t("ops.error.no_deployment", name=repr(name)),
            hint=did_you_mean(name, known) or t("ops.hint.deployments", names=", ".join(known)),
            details={"deployment": name},
        ) from None


def _schedule_text(schedule: Any) -> str:
    inner = schedule.schedule
    cron = getattr(inner, "cron", None)
    if cron:
        return f"cron {cron} ({inner.timezone})"
    rrule = str(getattr(inner, "rrule", ""))
    dates = [
        line.split(":", 1)[1].split(",")
        for line in rrule.splitlines()
        if line.upper().startswith("RDATE")
    ]
    if dates:  # a business-day schedule: its dates run out at the end of the last
        flat = sorted(d for group in dates for d in group)
        now = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        left = [d for d in flat if d >= now]
        last = flat[-1][:8]
        return t(
            "ops.ls.business_days",
            count=len(left),
            last=f"{last[:4]}-{last[4:6]}-{last[6:]}",
            timezone=inner.timezone,
        )
    return f"rrule ({inner.timezone})"


def _runs_of(client: Any, deployment_id: UUID, limit: int = 200) -> list[Any]:
    from prefect.client.schemas.filters import DeploymentFilter, DeploymentFilterId
    from prefect.client.schemas.sorting import FlowRunSort

    return list(
        client.read_flow_runs(
            deployment_filter=DeploymentFilter(id=DeploymentFilterId(any_=[deployment_id])),
            sort=FlowRunSort.EXPECTED_START_TIME_DESC,
            limit=limit,
        )
    )


def _period(run: Any) -> str | None:
    found = [tag[len(PERIOD_TAG) :] for tag in run.tags if tag.startswith(PERIOD_TAG)]
    return found[0] if found else None


def list_deployments() -> list[DeploymentRow]:
    """Every deployment of `run_plan` with its schedules, next runs and open runs."""
    from prefect.client.schemas.filters import FlowFilter, FlowFilterName

    rows: list[DeploymentRow] = []
    now = datetime.now(UTC)
    with _client() as client:
        found = client.read_deployments(
            flow_filter=FlowFilter(name=FlowFilterName(any_=[FLOW_NAME]))
        )
        for deployment in sorted(found, key=lambda d: d.name):
            runs = _runs_of(client, deployment.id)
            waiting = sorted(
                (
                    r.expected_start_time
                    for r in runs
                    if r.state is not None
                    and r.state.type.value == "SCHEDULED"
                    and r.expected_start_time
                    and r.expected_start_time > now
                ),
            )
            row = DeploymentRow(
                name=deployment.name,
                id=str(deployment.id),
                paused=bool(deployment.paused),
                version=deployment.version,
                work_pool=deployment.work_pool_name,
                schedules=[_schedule_text(s) for s in deployment.schedules],
                next_runs=[w.isoformat() for w in waiting[:3]],
                options=read_options(deployment.name),
            )
            for run in runs:
                if run.state is None or run.state.type.value in _ENDED:
                    continue
                state = run.state.name or run.state.type.value
                row.runs[state] = row.runs.get(state, 0) + 1
                period = _period(run)
                if period and run.start_time is not None:
                    row.open_periods[period] = state
            rows.append(row)
    return rows


def set_paused(name: str, paused: bool) -> dict[str, Any]:
    """Pause or resume a deployment's schedules (Prefect keeps what it already created)."""
    with _client() as client:
        deployment = _deployment(client, name)
        was = bool(deployment.paused)
        if paused:
            client.pause_deployment(deployment.id)
        else:
            client.resume_deployment(deployment.id)
    return {"name": name, "paused": paused, "changed": was != paused}


def _options_or_none(name: str) -> DeploymentOptions | None:
    return read_options(name)


def _period_rule(name: str, options: DeploymentOptions | None) -> PeriodRule:
    """The period rule of deployment `name` (`options`); a usage error when it has none."""
    if options is None or options.period is None:
        raise KeiriError(
            ErrorCode.USAGE_ERROR,
            t("ops.error.no_period_rule", name=name),
            hint=t("ops.hint.period_rule"),
            exit_code=2,
        )
    return options.period


def start_run(
    name: str,
    *,
    period: str | None,
    vars: dict[str, Any] | None,
    who: str,
    via: str = "cli",
    scheduled: datetime | None = None,
    extra_tags: tuple[str, ...] = (),
) -> Any:
    """Create a run of deployment `name` now (or at `scheduled`); returns the flow run.
    Raises `PeriodOpen` (nothing created) when `period` has an open run."""
    from prefect.states import Scheduled

    options = _options_or_none(name)
    vars = dict(vars or {})
    tags = list(extra_tags)
    if period is not None:
        rule = _period_rule(name, options)
        if rule.from_var is None:
            months_between(period, period)  # a month key: YYYY-MM (a usage error otherwise)
        holder = open_holder(name, period)
        if holder is not None:
            raise PeriodOpen(
                t("ops.period.refused", period=period, run=holder),
                hint=t("ops.hint.period_open", run=holder),
                details={"deployment": name, "period": period, "run_id": holder},
            )
        tags.append(PERIOD_TAG + period)
        if rule.from_var:
            vars[rule.from_var] = period
    with _client() as client:
        deployment = _deployment(client, name)
        parameters = dict(deployment.parameters or {})
        if vars:
            parameters["vars"] = {**(parameters.get("vars") or {}), **vars}
        plan_id = plan_id_of(list(deployment.tags or []))
        run = client.create_flow_run_from_deployment(
            deployment.id,
            parameters=parameters,
            tags=tags or None,
            state=Scheduled(scheduled_time=scheduled) if scheduled else None,
            # Its keiri name from the start (kept by every start, `run_names.kept_name`), not
            # a Prefect nickname the operator is told and never sees again.
            name=run_name(plan_id) if plan_id else None,
        )
    create_once(
        run.id,
        STARTED_KEY,
        {"by": who, "at": datetime.now(UTC).isoformat(timespec="seconds"), "via": via},
    )
    return run


def months_between(first: str, last: str) -> list[str]:
    """`2026-04`..`2026-09` -> every month key in between (both included)."""
    try:
        start = datetime.strptime(first, "%Y-%m")
        end = datetime.strptime(last, "%Y-%m")
    except ValueError:
        raise KeiriError(
            ErrorCode.USAGE_ERROR,
            t("ops.error.bad_month", first=first, last=last),
            exit_code=2,
        ) from None
    months: list[str] = []
    index, stop = start.year * 12 + start.month - 1, end.year * 12 + end.month - 1
    if stop < index or stop - index > 120:
        raise KeiriError(
            ErrorCode.USAGE_ERROR, t("ops.error.bad_range", first=first, last=last), exit_code=2
        )
    while index <= stop:
        months.append(f"{index // 12:04d}-{index % 12 + 1:02d}")
        index += 1
    return months


@dataclass
class BackfillResult:
    created: dict[str, str] = field(default_factory=dict)  # period -> run id
    skipped: dict[str, str] = field(default_factory=dict)  # period -> why (a run id)

    def to_json(self) -> dict[str, Any]:
        return {"created": self.created, "skipped": self.skipped}


def backfill(name: str, first: str, last: str, *, who: str) -> BackfillResult:
    """One run per period from `first` to `last` (months), except periods with a run open
    or waiting; runs are a second apart, in period order."""
    _period_rule(name, _options_or_none(name))  # none: a usage error, nothing started
    periods = months_between(first, last)
    with _client() as client:
        deployment = _deployment(client, name)
        runs = _runs_of(client, deployment.id, limit=200)
    busy = {
        _period(r): str(r.id)
        for r in runs
        if r.state is not None and r.state.type.value not in _ENDED and _period(r)
    }
    result = BackfillResult()
    start = datetime.now(UTC)
    for index, period in enumerate(periods):
        if period in busy:
            result.skipped[period] = busy[period]
            continue
        try:
            run = start_run(
                name,
                period=period,
                vars=None,
                who=who,
                via="backfill",
                scheduled=start + timedelta(seconds=index),
                extra_tags=("backfill",),
            )
        except PeriodOpen as exc:
            result.skipped[period] = str(exc.details.get("run_id"))
            continue
        result.created[period] = str(run.id)
    return result
