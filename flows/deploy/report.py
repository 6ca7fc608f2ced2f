"""`DeployReport`: what `keiri deploy` found and did — an `IssueReport` (the one result model
of validate, dry-run, the designer's check and deploy) with the deploy's own fields.

`to_json()` is the `keiri deploy --json` document: `ok`, `applied`, `changed`,
`prefect_file`, `diff`, `deployments` (each file as deployed: schedules with their next 12
times; none when a file is invalid), `work_pools_created`, `automations`, `stale`,
`stale_runs`, `errors`, `warnings`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from flows.deploy.cleanup import StaleRun
from flows.deploy.schedules import next_times
from flows.deploy.spec import DeploymentSpec
from keiri.base.errors.report import IssueReport

__all__ = ["DeployReport", "describe_spec"]


@dataclass(kw_only=True)
class DeployReport(IssueReport):
    """What `deploy_all` did: the validated specs and their issues, the prefect.yaml diff, and
    (when applied) the work pools created, deployment ids, automations and stale names."""

    prefect_file: Path
    specs: list[DeploymentSpec] = field(default_factory=list)
    diff: str = ""
    changed: bool = False
    applied: bool = False
    pools_created: list[str] = field(default_factory=list)
    deployment_ids: dict[str, str] = field(default_factory=dict)
    automations: dict[str, str] = field(default_factory=dict)
    stale: list[str] = field(default_factory=list)
    stale_runs: list[StaleRun] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        issues = super().to_json()
        ids = self.deployment_ids or None
        return {
            "ok": issues["ok"],
            "applied": self.applied,
            "changed": self.changed,
            "prefect_file": str(self.prefect_file),
            "diff": self.diff,
            "deployments": [] if self.errors else [describe_spec(s, ids) for s in self.specs],
            "work_pools_created": self.pools_created,
            "automations": self.automations,
            "stale": self.stale,
            "stale_runs": [r.to_json() for r in self.stale_runs],
            "errors": issues["errors"],
            "warnings": issues["warnings"],
        }


def describe_spec(spec: DeploymentSpec, ids: dict[str, str] | None = None) -> dict[str, Any]:
    """One deployment file as `keiri deploy --json` shows it (`id` once applied)."""
    model = spec.model
    period = spec.options().period
    return {
        "name": spec.name,
        "file": str(spec.file),
        "design": model.design,
        "plan_id": spec.plan_id,
        "version": spec.plan_version,
        "work_pool": model.work_pool,
        "concurrency": model.concurrency.model_dump() if model.concurrency else None,
        "tags": spec.tags,
        "parameters": spec.parameters,
        "schedules": [
            {
                "cron": s.cron,
                "business_day": (
                    s.business_day.model_dump(exclude_none=True)
                    if isinstance(s.business_day, BaseModel)
                    else s.business_day
                ),
                "at": s.time_of_day.strftime("%H:%M") if s.business_day is not None else None,
                "rule": s.describe(),
                "timezone": s.timezone,
                "active": s.active,
                "next": [t.isoformat() for t in next_times(s, 12)],
            }
            for s in model.schedules
        ],
        "period": period.model_dump() if period else None,
        "catch_up": model.catch_up,
        "id": (ids or {}).get(spec.name),
    }
