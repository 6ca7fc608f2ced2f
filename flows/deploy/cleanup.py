"""Redeploys are clean: the runs a deployment still has scheduled that its new definition
would not create.

Prefect deletes a redeployed deployment's *future* auto-scheduled runs, but keeps those already
due (Late, or waiting for a concurrency slot): after changing `* * * * *` to `0 9 3 * *`, 60
every-minute runs of the old version stayed and ran the new plan under the old tags.
`stale_runs` lists, per deployment, the runs that have not started (Scheduled, never run) and
that either the scheduler created for a time the new schedules do not produce, or carry another
`plan-version:` tag; `remove_stale_runs` deletes the scheduler's (it creates the right ones
again) and re-tags those a person started (they will run the deployed plan).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from flows.backend.run_names import with_version
from flows.deploy.schedules import Schedule, render_schedule
from flows.deploy.spec import DeploymentSpec

__all__ = ["StaleRun", "read_runs", "remove_stale_runs", "stale_runs"]

FLOW_NAME = "run_plan"


@dataclass(frozen=True)
class StaleRun:
    deployment: str
    run_id: str
    name: str
    expected: datetime | None
    version: str | None
    auto_scheduled: bool
    reason: str  # "schedule" (no longer produced) or "version" (an older plan version)

    @property
    def action(self) -> str:
        return "delete" if self.auto_scheduled else "retag"

    def to_json(self) -> dict[str, Any]:
        return {
            "deployment": self.deployment,
            "run_id": self.run_id,
            "name": self.name,
            "expected_start": self.expected.isoformat() if self.expected else None,
            "version": self.version,
            "reason": self.reason,
            "action": self.action,
        }


def _produced(schedules: list[Schedule], first: datetime, last: datetime) -> set[float]:
    """Every time the active schedules produce from `first` to `last` (Prefect's models)."""
    from prefect.server.schemas.schedules import CronSchedule, RRuleSchedule

    times: set[float] = set()
    for schedule in schedules:
        if not schedule.active:
            continue
        entry = render_schedule(schedule, first.date())
        model: CronSchedule | RRuleSchedule = (
            CronSchedule(cron=entry["cron"], timezone=entry["timezone"])
            if "cron" in entry
            else RRuleSchedule(rrule=entry["rrule"], timezone=entry["timezone"])
        )
        dates = asyncio.run(model.get_dates(start=first, end=last))
        times |= {d.timestamp() for d in dates}
    return times


def read_runs(client: Any, *, most: int = 2000, **filters: Any) -> list[Any]:
    """Flow runs matching `filters`, page by page (the API gives at most 200 at once)."""
    found: list[Any] = []
    while len(found) < most:
        page = client.read_flow_runs(**filters, limit=200, offset=len(found))
        found += page
        if len(page) < 200:
            break
    return found


def _waiting_runs(client: Any, deployment_id: UUID) -> list[Any]:
    from prefect.client.schemas.filters import (
        DeploymentFilter,
        DeploymentFilterId,
        FlowRunFilter,
        FlowRunFilterState,
        FlowRunFilterStateType,
    )
    from prefect.client.schemas.objects import StateType

    runs = read_runs(
        client,
        deployment_filter=DeploymentFilter(id=DeploymentFilterId(any_=[deployment_id])),
        flow_run_filter=FlowRunFilter(
            state=FlowRunFilterState(type=FlowRunFilterStateType(any_=[StateType.SCHEDULED]))
        ),
    )
    return [r for r in runs if r.run_count == 0 and r.start_time is None]


def stale_runs(specs: list[DeploymentSpec]) -> list[StaleRun]:
    """The not-yet-started runs of these deployments that their files no longer produce."""
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    found: list[StaleRun] = []
    with get_client(sync_client=True) as client:
        for spec in sorted(specs, key=lambda s: s.name):
            try:
                deployment = client.read_deployment_by_name(f"{FLOW_NAME}/{spec.name}")
            except ObjectNotFound:
                continue
            waiting = _waiting_runs(client, deployment.id)
            expected = [r.expected_start_time for r in waiting if r.expected_start_time]
            produced = (
                _produced(
                    spec.model.schedules,
                    min(expected) - timedelta(seconds=1),
                    max(expected) + timedelta(seconds=1),
                )
                if expected
                else set()
            )
            wanted = f"plan-version:{spec.plan_version}"
            for run in waiting:
                versions = [t for t in run.tags if t.startswith("plan-version:")]
                reason = None
                if run.auto_scheduled and (
                    run.expected_start_time is None
                    or run.expected_start_time.timestamp() not in produced
                ):
                    reason = "schedule"
                elif versions and wanted not in versions:
                    reason = "version"
                if reason is None:
                    continue
                found.append(
                    StaleRun(
                        deployment=spec.name,
                        run_id=str(run.id),
                        name=run.name,
                        expected=run.expected_start_time,
                        version=versions[0].split(":", 1)[1] if versions else None,
                        auto_scheduled=bool(run.auto_scheduled),
                        reason=reason,
                    )
                )
    return found


def remove_stale_runs(specs: list[DeploymentSpec]) -> list[StaleRun]:
    """Delete the scheduler's stale runs, re-tag the others with the deployed version."""
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    stale = stale_runs(specs)
    versions = {s.name: s.plan_version for s in specs}
    with get_client(sync_client=True) as client:
        for run in stale:
            run_id = UUID(run.run_id)
            if run.action == "delete":
                try:
                    client.delete_flow_run(run_id)
                except ObjectNotFound:
                    continue  # started or removed meanwhile
                continue
            current = client.read_flow_run(run_id)
            client.update_flow_run(
                run_id, tags=with_version(current.tags, versions[run.deployment])
            )
    return stale
