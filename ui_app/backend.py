"""What the pages ask of the runtime: paused forms, resume, recent runs, outcomes, retry.

Everything goes through the run lifecycle module `flows.lifecycle.runs` (the same validation, once-only
resume, outcome and retry as `keiri resume/run/retry`), called in this process: no CLI
subprocess. A retry is handed to a background runner (`python -m flows.lifecycle.runner RUN_ID`) or a
deployment's work pool, so the app never runs a flow itself. Prefect is imported lazily and
only when `PREFECT_API_URL` is set: without it Prefect would start a throwaway server of its
own; `keiri ui` sets the environment.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ConfigError, KeiriError

if TYPE_CHECKING:
    from flows.backend.outcome import RunOutcome
    from flows.lifecycle.control import PausedForm, RunView

__all__ = [
    "InboxItem",
    "block_version",
    "inbox",
    "output_files",
    "prefect_ui_url",
    "read_form",
    "recent_runs",
    "resume",
    "run_error",
    "run_outcome",
    "run_parameters",
    "run_summary_text",
    "start_deployment",
    "start_design",
    "start_plan",
    "start_reenter",
    "start_retry",
    "started_by",
]


def _require_api() -> None:
    if not settings.get().server.api_url:
        raise ConfigError(
            [t("runtime.form_app.no_api_url", name="PREFECT_API_URL")],
            fields=["PREFECT_API_URL"],
            hint=t("runtime.form_app.no_api_url_hint"),
        )


#: What was under way -> its words.
_ACTIONS = {
    "inbox": "runtime.form_app.action.inbox",
    "form": "runtime.form_app.action.form",
    "resume": "runtime.form_app.action.resume",
    "runs": "runtime.form_app.action.runs",
    "outcome": "runtime.form_app.action.outcome",
    "retry": "runtime.form_app.action.retry",
    "start": "runtime.form_app.action.start",
    "run": "runtime.form_app.action.run",
    "summary": "runtime.form_app.action.summary",
}


@contextmanager
def _prefect(action: str) -> Iterator[None]:
    """Prefect client failures (server down, HTTP errors) as one `BlockError` for the page;
    `action` names what was under way (`_ACTIONS`)."""
    _require_api()
    try:
        yield
    except KeiriError:
        raise
    except Exception as exc:
        raise BlockError(
            ErrorCode.API_ERROR,
            t("runtime.form_app.api_failed", action=t(_ACTIONS[action])),
            details={
                "api_url": settings.get().server.api_url,
                "action": action,
                "error": f"{type(exc).__name__}: {exc}",
            },
            hint=t("runtime.form_app.api_failed_hint"),
            recoverable=True,
        ) from exc


def prefect_ui_url(run_id: str) -> str:
    _require_api()
    from flows.lifecycle.runs import prefect_ui_url as url

    return url(run_id)


@dataclass(frozen=True)
class InboxItem:
    """One paused run as the inbox lists it; `problem` is set when it has no keiri form."""

    run_id: str
    run_name: str
    plan_id: str
    node_id: str
    message: str
    assignee: str
    asked_at: datetime | None
    problem: str = ""
    title: str = ""  # a loop item's form: 「請求書 3/9: 株式会社A」


def _asked_at(value: Any) -> datetime | None:
    return datetime.fromtimestamp(float(value)) if isinstance(value, int | float) else None


def inbox(limit: int = 60) -> list[InboxItem]:
    """Paused plan runs, oldest question first."""
    with _prefect("inbox"):
        from flows.lifecycle.control import list_runs, read_paused_form

        views = list_runs("paused", limit)
    items: list[InboxItem] = []
    for view in views:
        try:
            with _prefect("form"):
                form = read_paused_form(view.run_id)
        except BlockError as exc:
            items.append(
                InboxItem(view.run_id, view.name, view.plan_id or "", "", "", "", None, exc.message)
            )
            continue
        definition = form.definition
        items.append(
            InboxItem(
                run_id=view.run_id,
                run_name=view.name,
                plan_id=str(definition.get("plan_id") or view.plan_id or ""),
                node_id=form.node_id,
                message=str(definition.get("message") or ""),
                assignee=str(definition.get("assignee") or ""),
                asked_at=_asked_at(definition.get("asked_at")),
                title=str(definition.get("item_title") or ""),
            )
        )
    return sorted(items, key=lambda i: i.asked_at or datetime.max)


def read_form(run_id: str) -> PausedForm:
    """The paused run's form; `BlockError` when it is not paused (or already resumed)."""
    with _prefect("form"):
        from flows.lifecycle.control import read_paused_form

        return read_paused_form(run_id)


def resume(run_id: str, answers: dict[str, Any], who: str) -> None:
    """Validate with the server's schema and resume once (`flows.lifecycle.runs.resume`)."""
    with _prefect("resume"):
        from flows.lifecycle import runs

        runs.resume(run_id, answers, who)


@lru_cache(maxsize=1)
def _registry_version() -> str:
    from blocks.sdk.registry import BlockRegistry

    return BlockRegistry().get("ui.interactive_input").version


def block_version(definition: dict[str, Any]) -> str:
    """The human-input block's version for the session-state key: the form definition's
    `block_version` when the runtime records it, else the registered block's version."""
    value = definition.get("block_version")
    return str(value) if value else _registry_version()


def recent_runs(state: str | None = None, limit: int = 30) -> list[RunView]:
    with _prefect("runs"):
        from flows.lifecycle.control import list_runs

        # Loop items and subflows are followed in their parent's entry, except paused ones
        # (each waits for its own answer).
        return list_runs(state, limit, top_level=(state or "").lower() != "paused")


def run_outcome(run_id: str) -> RunOutcome:
    """The run's outcome (`flows.lifecycle.runs.outcome`: state, outputs, error, log)."""
    with _prefect("outcome"):
        from flows.lifecycle import runs

        return runs.outcome(run_id)


def run_error(outcome: RunOutcome) -> dict[str, Any] | None:
    """The error of a failed run for the error widget: the whole `BlockError` (details,
    input snapshot) when the run recorded one, else the outcome's error (a crash)."""
    if outcome.error is None:
        return None
    if outcome.block_error is not None:
        return outcome.block_error.to_dict()
    return outcome.error.model_dump()


def output_files(value: Any) -> list[FileRef]:
    """Every FileRef in a run's outputs, in order, without duplicates."""
    found: dict[str, FileRef] = {}

    def walk(item: Any) -> None:
        if FileRef.is_fileref(item):
            ref = FileRef.model_validate(item)
            found.setdefault(f"{ref.sha256}:{ref.name}", ref)
        elif isinstance(item, dict):
            for child in item.values():
                walk(child)
        elif isinstance(item, list):
            for child in item:
                walk(child)

    walk(value)
    return list(found.values())


def start_retry(run_id: str, who: str) -> RunOutcome:
    """Retry a failed run (`flows.lifecycle.runs.retry`, detached): a local run goes to a background
    runner, a deployment run back to its work pool; returns once it is handed over."""
    with _prefect("retry"):
        from flows.lifecycle import runs

        return runs.retry(run_id, who, detach=True)


def start_reenter(run_id: str, node_id: str, who: str, wait_s: float = 90) -> RunOutcome:
    """Retry a failed run re-entering the input of `node_id` (`flows.lifecycle.runs.retry(...,
    reenter=[node_id])`, detached, as `keiri retry --reenter NODE --detach`) and wait until it
    pauses at a form, ends, or `wait_s` pass."""
    with _prefect("retry"):
        from flows.lifecycle import runs

        return runs.retry(
            run_id, who, detach=True, reenter=[node_id], until_paused=True, timeout=wait_s
        )


def start_plan(compiled: Any, plan: Path, who: str) -> str:
    """Start a compiled plan in the background (`flows.lifecycle.runs.start_detached`, as `keiri run
    --detach`); its run id at once."""
    with _prefect("start"):
        from flows.lifecycle import runs

        return runs.start_detached(compiled, plan, {}, {}, who=who, via="form").run_id


def start_design(plan: Path, who: str, wait_s: float = 90) -> RunOutcome:
    """Start a run of a design (`flows.lifecycle.runs.start_detached`, recorded as started by `who`
    from the form app) and wait until it pauses at its first form, ends, or `wait_s` pass."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file

    compiled, _warnings = compile_file(plan, BlockRegistry())
    with _prefect("start"):
        from flows.lifecycle import runs

        detached = runs.start_detached(compiled, plan, {}, {}, who=who, via="form")
        return detached.wait(timeout=wait_s)


def start_deployment(name: str, who: str) -> str:
    """Trigger a deployment's run for its work pool (recorded as started by `who`)."""
    with _prefect("start"):
        from flows.lifecycle import runs

        return runs.start_deployment(name, who=who, via="form")


def started_by(run_id: str) -> dict[str, Any] | None:
    with _prefect("run"):
        from flows.lifecycle import runs

        return runs.started_by(run_id)


def run_parameters(run_id: str) -> dict[str, Any]:
    """The run's parameters (`plan`, `answers`, `vars`)."""
    with _prefect("run"):
        from flows.lifecycle.control import find_run

        return dict(find_run(run_id).parameters or {})


def run_summary_text(run_id: str) -> str | None:
    """The summary for people published on the run (`flows.backend.people_summary`), as Markdown;
    None while it runs or for a run that ended before summaries existed."""
    with _prefect("summary"):
        from flows.backend.people_summary import read_published

        return read_published(run_id)
