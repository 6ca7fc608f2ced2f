"""The plans behind the pages: the designs and deployments one can start (新規実行), and the
plan of a run (its description as the form's heading; its `ui.summary` and `ui.reports` for the
runs page).

A plan file is read with the YAML loader and the plan model only (no compile), cached by path
and modification time; a file that cannot be read is listed with its problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from blocks.sdk.errors import IssuesFound
from blocks.sdk.yaml_loader import load_yaml_file
from compiler.models import Plan, SummaryItem
from compiler.node_titles import titles
from keiri.base import settings
from keiri.base.errors import PlanNotFound

__all__ = ["DeploymentInfo", "PlanInfo", "deployments", "designs", "plan_info", "plan_of_run"]

_SKIP_FOLDERS = {"templates", "common", "examples"}


@dataclass(frozen=True)
class PlanInfo:
    path: Path
    id: str
    description: str = ""
    version: str = ""
    summary: tuple[SummaryItem, ...] = ()
    reports: tuple[str, ...] = ()
    human_nodes: tuple[str, ...] = ()
    problem: str = ""
    #: (node id, the step's name for people) of every node (`compiler.node_titles`).
    steps: tuple[tuple[str, str], ...] = ()

    def step(self, node_id: str) -> str:
        """The step's name for people (the node id when the plan has no such node)."""
        return dict(self.steps).get(node_id, node_id)

    @property
    def title(self) -> str:
        return self.description or self.id


@dataclass(frozen=True)
class DeploymentInfo:
    name: str
    description: str
    plan_id: str
    schedules: list[str] = field(default_factory=list)


@lru_cache(maxsize=64)
def _read(path: Path, mtime: float) -> PlanInfo:
    try:
        loaded = load_yaml_file(path)
        plan = Plan.model_validate(loaded.data)
    except (IssuesFound, ValidationError, OSError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return PlanInfo(path=path, id=path.stem, problem=message)
    humans = tuple(
        str(node.id)
        for node in plan.graph
        if getattr(node, "block", None) == "ui.interactive_input"
    )
    return PlanInfo(
        path=path,
        id=plan.id,
        description=plan.description or "",
        version=str(plan.version),
        summary=tuple(plan.ui.summary),
        reports=tuple(plan.ui.reports),
        human_nodes=humans,
        steps=tuple(titles(list(plan.graph)).items()),
    )


def plan_info(path: Path) -> PlanInfo:
    try:
        mtime = path.stat().st_mtime
    except OSError as exc:
        return PlanInfo(path=path, id=path.stem, problem=str(exc))
    return _read(path.resolve(), mtime)


def designs() -> list[PlanInfo]:
    """The designs under the designs folder (top level), by id."""
    root = settings.designs_dir()
    found = [
        plan_info(p) for p in sorted(root.glob("*.yaml")) if p.parent.name not in _SKIP_FOLDERS
    ]
    return sorted(found, key=lambda p: p.id)


def deployments() -> list[DeploymentInfo]:
    """The deployment files under `deployments/` that validate (`keiri deploy`'s)."""
    from flows.deploy.spec import load_deployments

    folder = settings.project_root() / "deployments"
    if not folder.is_dir():
        return []
    specs, _issues = load_deployments(folder)
    return [
        DeploymentInfo(
            name=spec.name,
            description=spec.description,
            plan_id=spec.plan_id,
            schedules=[s.cron or s.describe() for s in spec.model.schedules],
        )
        for spec in specs
    ]


def plan_of_run(parameters: dict[str, Any]) -> PlanInfo | None:
    """The plan a run was started with (its `plan` parameter: a path or a design name)."""
    plan = parameters.get("plan")
    if not isinstance(plan, str) or not plan:
        return None
    from flows.run_plan import resolve_plan_path  # where a run's `plan` names a file

    try:
        return plan_info(resolve_plan_path(plan))
    except PlanNotFound:
        return None
