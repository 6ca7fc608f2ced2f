"""What keiri adds to a Prefect deployment, kept on the server beside it.

`keiri deploy` (and `keiri serve`) write one Prefect Variable per deployment
(`keiri-deployment-<slug>`, JSON): its period rule, catch-up policy, lateness window and
retries. A run of the deployment reads it when it starts (`flows.backend.admission`), and the
operations watcher (`flows.deploy.watch`) when it looks at late, stuck and failed runs. The
server is the one place every worker and the watcher agree on, whatever machine they run on.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "DeploymentOptions",
    "PeriodRule",
    "RetryRule",
    "period_of",
    "read_options",
    "variable_name",
    "write_options",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PeriodRule(_Strict):
    """The period of a run: the month of its scheduled time (+ `offset` months), given to the
    plan as `var` when set; or, with `from_var`, the value of that plan var."""

    unit: Literal["month"] = "month"
    offset: int = Field(default=0, ge=-12, le=12)
    var: str | None = Field(default=None, description="The plan var that receives the period")
    from_var: str | None = Field(default=None, description="The plan var that is the period")

    @model_validator(mode="after")
    def _source(self) -> PeriodRule:
        if self.from_var is not None and (self.var is not None or self.offset):
            raise ValueError("from_var takes the period from a var: no var or offset with it")
        return self


class RetryRule(_Strict):
    """Retry a failed or crashed run of the deployment `count` times, `delay` apart."""

    count: int = Field(default=1, ge=1, le=10)
    delay: str = Field(default="5m", description="90s, 10m, 1h")


class DeploymentOptions(BaseModel):
    """The stored options of one deployment (the Variable's value)."""

    model_config = ConfigDict(extra="ignore")

    deployment: str
    period: PeriodRule | None = None
    catch_up: Literal["all", "latest", "skip"] = "latest"
    late_after_s: float | None = None
    retries: RetryRule | None = None
    timezone: str = "Asia/Tokyo"  # of its schedules: a period is a month there

    def retry_delay_s(self) -> float:
        from keiri.base.settings import parse_duration

        if self.retries is None:
            return 0.0
        delay = parse_duration(self.retries.delay, name="retries.delay")
        return delay.total_seconds() if delay else 0.0


def variable_name(deployment: str) -> str:
    """A Prefect Variable name (lowercase letters, digits, `-`, `_`) unique per deployment."""
    slug = re.sub(r"[^a-z0-9_-]+", "-", deployment.lower()).strip("-")[:60]
    digest = hashlib.sha256(deployment.encode("utf-8")).hexdigest()[:8]
    return f"keiri-deployment-{slug}-{digest}"


def write_options(options: DeploymentOptions) -> None:
    """Create or replace the deployment's Variable."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import VariableCreate, VariableUpdate

    name = variable_name(options.deployment)
    value: Any = options.model_dump(mode="json")
    with get_client(sync_client=True) as client:
        if client.read_variable_by_name(name) is None:
            client.create_variable(VariableCreate(name=name, value=value, tags=["keiri"]))
        else:
            client.update_variable(VariableUpdate(name=name, value=value, tags=["keiri"]))


def read_options(deployment: str) -> DeploymentOptions | None:
    """The deployment's stored options (None: deployed without keiri, or before issue 24)."""
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        found = client.read_variable_by_name(variable_name(deployment))
    if found is None or not isinstance(found.value, dict):
        return None
    return DeploymentOptions.model_validate(found.value)


def period_of(when: datetime, rule: PeriodRule, timezone: str = "Asia/Tokyo") -> str:
    """The period key of a scheduled time: `2026-04` (its month in `timezone`, shifted by
    `rule.offset` months)."""
    from zoneinfo import ZoneInfo

    when = when.astimezone(ZoneInfo(timezone))
    index = when.year * 12 + when.month - 1 + rule.offset
    return f"{index // 12:04d}-{index % 12 + 1:02d}"
