"""A plan run's name and tags, without Prefect (the quick start names its run before Prefect is
imported): `run_name` `<plan_id>-<local time of creation>`, `kept_name` (the name a run keeps
through every restart, resume and retry) and `plan_tags` (`plan:<id>`, `plan-version:<v>`).

Used by the start (`flows.lifecycle.start`), by the flow for runs that Prefect's scheduler
named (`flows.run_plan`) and by deployments (`flows.deploy.spec`)."""

from __future__ import annotations

import re
from datetime import datetime

__all__ = ["kept_name", "plan_id_of", "plan_tags", "run_name", "with_version"]

_STAMP = "%Y%m%d-%H%M%S-%f"
_PLAN_TAG = "plan:"
_VERSION_TAG = "plan-version:"


def run_name(plan_id: str, at: datetime | None = None) -> str:
    """`<plan_id>-<local time of creation>`, to the microsecond (runs started together differ)."""
    when = datetime.now() if at is None else at.astimezone() if at.tzinfo else at
    return f"{plan_id}-{when.strftime(_STAMP)}"


def kept_name(current: str | None, plan_id: str, created: datetime | None) -> str:
    """The name a run keeps whenever it (re)starts: its keiri name if it has one, else the one
    its creation time gives (a deployment's run, named by Prefect's scheduler). Never the
    time of the start: a resumed or retried run is the same run under the same name."""
    if current and re.fullmatch(re.escape(plan_id) + r"-\d{8}-\d{6}(?:-\d{6})?", current):
        return current
    return run_name(plan_id, created)


def plan_tags(plan_id: str, version: str) -> list[str]:
    """The tags of a plan's runs: `plan:<id>`, `plan-version:<v>`."""
    return [f"{_PLAN_TAG}{plan_id}", f"{_VERSION_TAG}{version}"]


def with_version(tags: list[str], version: str) -> list[str]:
    """`tags` with their `plan-version:` tag naming `version` (the run executes that version
    now: a retry of an edited plan, `keiri retry --latest`, a redeploy's retag)."""
    return [tag for tag in tags if not tag.startswith(_VERSION_TAG)] + [f"{_VERSION_TAG}{version}"]


def plan_id_of(tags: list[str]) -> str | None:
    """The plan id a run's tags name (`plan:<id>`), if any."""
    return next((tag.removeprefix(_PLAN_TAG) for tag in tags if tag.startswith(_PLAN_TAG)), None)
