"""A run's title as accountants tell runs apart: the plan's description, the period, the first
file or counterparty — and who started it and when. The one function (`title_of`) the inbox,
the runs page and the summary read, so a run is called the same everywhere.

- The plan: the description of the plan file the run was started with (its `plan`
  parameter), else its plan id.
- The period: the `period:<key>` tag of a deployment's run, else the run's `period` var
  (`2026-04` reads 「2026年4月分」; any other text as written).
- The subject: the first file a person uploaded in the run's answered forms (or gave up
  front), else the first counterparty named in them.
- Who and when: the run's start record (`flows.lifecycle.runs.started_by`).

One Prefect API call per run (its start record: Prefect has no query for the inputs of many
runs) unless the caller passes `starter`, a reader of the start records it keeps (the form app
keeps them once read: a start record never changes); the answers come from the run's event
log. Import only after the Prefect environment is set.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from uuid import UUID

from blocks.text.japanese import ROW_NAME_KEYS
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.times import local_time

if TYPE_CHECKING:
    from prefect.client.schemas.objects import FlowRun

    from flows.lifecycle.run_view import RunView

__all__ = [
    "RunTitle",
    "Starter",
    "period_of",
    "plan_title",
    "root_run",
    "step_title",
    "title_from",
    "title_of",
    "title_of_run",
]

#: Reads a run's start record (`{"by", "at", "via"}`, None when nobody recorded one).
Starter = Callable[[str], Mapping[str, Any] | None]
_PERIOD_TAG = "period:"
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_COUNTERPARTY_KEYS = ROW_NAME_KEYS[:3]  # counterparty, issuer_name, 取引先


@dataclass(frozen=True)
class RunTitle:
    """What people call a run, and who started it when (None: not recorded)."""

    plan: str
    period: str | None = None
    subject: str | None = None
    started_by: str | None = None
    started_at: str | None = None

    def text(self) -> str:
        """「月次の請求書チェックと入金照合 ・ 2026年4月分 ・ 請求書_4月.zip」"""
        return t("display.sep").join(p for p in (self.plan, self.period, self.subject) if p)

    def started(self) -> str:
        """「開始: 山田（2026-04-03 09:00）」 (empty when nobody is recorded)."""
        if not self.started_by:
            return ""
        return t("runs.started_by", by=self.started_by, at=local_time(self.started_at))


@lru_cache(maxsize=64)
def _plan_words(path: str, mtime: float) -> tuple[str, dict[str, str]]:
    """The plan file's description and its steps' names for people (empty when unreadable)."""
    from pydantic import ValidationError

    from blocks.sdk.errors import IssuesFound
    from blocks.sdk.yaml_loader import load_yaml_file
    from compiler.models import Plan
    from compiler.node_titles import titles

    try:
        plan = Plan.model_validate(load_yaml_file(Path(path)).data)
    except (IssuesFound, ValidationError, OSError):
        return "", {}
    return plan.description or "", titles(list(plan.graph))


def _plan_file(parameters: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    plan = parameters.get("plan")
    if not isinstance(plan, str) or not plan:
        return "", {}
    from flows.run_plan import resolve_plan_path

    try:
        path = resolve_plan_path(plan)
        return _plan_words(str(path), path.stat().st_mtime)
    except (KeiriError, OSError):
        return "", {}


def step_title(parameters: Mapping[str, Any], node_id: str) -> str:
    """The name for people of the step `node_id` of the run's plan (`compiler.node_titles`);
    the node id when the plan has no such step."""
    return _plan_file(parameters)[1].get(node_id, node_id)


def plan_title(parameters: Mapping[str, Any], plan_id: str | None) -> str:
    """The plan's description (from the run's `plan` parameter), else its id."""
    found = _plan_file(parameters)[0]
    if found:
        return found
    plan = parameters.get("plan")
    return plan_id or (str(plan) if plan else "")


def period_of(tags: list[str], parameters: Mapping[str, Any]) -> str | None:
    """The run's period in words (see the module docstring)."""
    raw = next((tag[len(_PERIOD_TAG) :] for tag in tags if tag.startswith(_PERIOD_TAG)), None)
    if raw is None:
        vars_ = parameters.get("vars")
        value = vars_.get("period") if isinstance(vars_, Mapping) else None
        raw = str(value) if value not in (None, "") else None
    if raw is None:
        return None
    month = _MONTH.match(raw)
    if month:
        return t("runs.period.month", year=month.group(1), month=int(month.group(2)))
    return raw


def _first_file(value: Any) -> str | None:
    from blocks.sdk.fileref import FileRef

    if FileRef.is_fileref(value):
        return str(value["name"])
    if isinstance(value, Mapping):
        for item in value.values():
            found = _first_file(item)
            if found:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _first_file(item)
            if found:
                return found
    return None


def _counterparty(value: Any) -> str | None:
    if isinstance(value, Mapping):
        for key in _COUNTERPARTY_KEYS:
            if isinstance(value.get(key), str) and value[key]:
                return str(value[key])
    items = (
        value.values() if isinstance(value, Mapping) else value if isinstance(value, list) else []
    )
    for item in items:
        found = _counterparty(item)
        if found:
            return found
    return None


def _started(run_id: str) -> dict[str, Any] | None:
    """The run's start record (`flows.lifecycle.runs.started_by`)."""
    from flows.backend.input_keys import STARTED_KEY
    from flows.backend.run_inputs import read_value

    value = read_value(UUID(run_id), STARTED_KEY)
    return value if isinstance(value, dict) else None


def _answered(run_id: str, plan_id: str | None) -> list[Any]:
    """What the run's forms collected so far, in order, from its event log (Prefect keeps an
    answer only until the run has read it; the log keeps the node's outputs, secrets masked)."""
    if not plan_id:
        return []
    from keiri.base import settings

    found: list[Any] = []
    for log in sorted((settings.runs_dir() / plan_id).glob(f"*-{run_id}.jsonl")):
        try:
            lines = log.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        for line in lines:
            if '"node_complete"' not in line or '"collected_data"' not in line:
                continue
            try:
                event = json.loads(line)
            except ValueError:
                continue  # a line being written
            outputs = event.get("outputs")
            if isinstance(outputs, dict):
                found.append(outputs.get("collected_data"))
    return found


def root_run(run_id: str, depth: int = 4) -> FlowRun:
    """The plan's own run of `run_id`: itself, or the run a loop item's or subflow's run
    belongs to (its parent task run's flow run, up to `depth` levels)."""
    from prefect.client.orchestration import get_client

    from flows.lifecycle.control import find_run

    run = find_run(run_id)
    with get_client(sync_client=True) as client:
        while depth > 0 and run.parent_task_run_id is not None and not run.parameters.get("plan"):
            parent = client.read_task_run(run.parent_task_run_id).flow_run_id
            if parent is None:
                break
            run = client.read_flow_run(parent)
            depth -= 1
    return run


def title_of_run(run_id: str, starter: Starter | None = None) -> tuple[str, RunTitle]:
    """The plan's own run of `run_id` (`root_run`) and its title."""
    run = root_run(run_id)
    plan_id = next((t[5:] for t in run.tags if t.startswith("plan:")), None)
    return str(run.id), title_from(
        str(run.id), plan_id, list(run.tags), run.parameters or {}, starter
    )


def title_of(view: RunView, starter: Starter | None = None) -> RunTitle:
    """The title of a listed run (`flows.lifecycle.control.list_runs`)."""
    return title_from(view.run_id, view.plan_id, view.tags, view.parameters, starter)


def title_from(
    run_id: str,
    plan_id: str | None,
    tags: list[str],
    parameters: Mapping[str, Any],
    starter: Starter | None = None,
) -> RunTitle:
    """The run's title (see the module docstring); `starter` reads its start record (default:
    from the API)."""
    started = (starter or _started)(run_id)
    given = [parameters.get("answers"), *_answered(run_id, plan_id)]
    subject = _first_file(given) or _counterparty({"answers": given})
    return RunTitle(
        plan=plan_title(parameters, plan_id),
        period=period_of(tags, parameters),
        subject=subject,
        started_by=str(started["by"]) if started and started.get("by") else None,
        started_at=str(started["at"]) if started and started.get("at") else None,
    )
