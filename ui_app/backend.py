"""What the pages ask of the runtime: paused forms, resume, recent runs, outcomes, retry.

Everything goes through the run lifecycle module `flows.lifecycle.runs` (the same validation, once-only
resume, outcome and retry as `keiri resume/run/retry`), called in this process: no CLI
subprocess. A retry is handed to a background runner (`python -m flows.lifecycle.runner RUN_ID`) or a
deployment's work pool, so the app never runs a flow itself. Prefect is imported lazily and
only when `PREFECT_API_URL` is set: without it Prefect would start a throwaway server of its
own; `keiri ui` sets the environment.

A visit does not wait on Prefect each time (`ui_app.page_cache`): the recent-runs list is kept for
`RUNS_TTL_S` seconds (and dropped when this app starts, resumes or retries a run); what cannot
change once known is kept while it stays so — the outcome and the summary of an ended run
(until the list shows it in another state or with another end time: a retry), who started a
run, its parameters. Drawing the inbox warms what the runs page lists (the runs and who started
each: their titles) in a background thread (`warm_runs`); a run's outcome and summary are read
when its entry is opened. The first inbox and runs list after `keiri ui` started are the ones
read ahead in another process (`inbox_ahead`, `runs_ahead`; `ui_app.read_ahead`).

A page drawing asks Prefect through one client (`api_session`, around the app's pages): Prefect
builds a new client with a new TLS context for every `get_client()` otherwise (tens of
milliseconds each, seconds for a list of runs).

Over 400 lines: the pages' one door to the runtime (what it keeps is `ui_app.page_cache`).
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from blocks.sdk.nested import find_objects
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ConfigError, KeiriError
from ui_app.page_cache import ENDED, Cache

if TYPE_CHECKING:
    from flows.backend.outcome import RunOutcome
    from flows.lifecycle.control import PausedForm
    from flows.lifecycle.run_view import RunView

_log = logging.getLogger("keiri.ui")

__all__ = [
    "REJECTED_LIMIT",
    "InboxItem",
    "api_session",
    "block_version",
    "forget_runs",
    "in_api_session",
    "inbox",
    "inbox_ahead",
    "join_session",
    "keep_runner_ready",
    "output_files",
    "plan_name",
    "prefect_ui_url",
    "read_form",
    "read_inbox",
    "read_runs",
    "recent_runs",
    "resume",
    "run_error",
    "run_outcome",
    "run_parameters",
    "run_summary_text",
    "runs_ahead",
    "sent_back_ahead",
    "start_deployment",
    "start_design",
    "start_plan",
    "start_reenter",
    "start_retry",
    "started_by",
    "warm_runs",
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


class _Session(threading.local):
    """This thread's open session (`api_session`): its exit stack, and whether its client has
    been opened (once: a failure is not tried again by every call)."""

    stack: ExitStack | None = None
    opened = False


_session = _Session()


@contextmanager
def api_session() -> Iterator[None]:
    """Everything asked of Prefect inside goes through one client of this thread (Prefect's
    `SyncClientContext`), opened by the first call that asks (`join_session`, from `_prefect`):
    a drawing that finds all it needs in the caches imports no Prefect at all (the first inbox,
    read ahead by `ui_app.read_ahead`). When the server does not answer, the calls inside run
    as without it and report the failure where the page shows it."""
    if _session.stack is not None:  # nested: the outer session's client serves
        yield
        return
    with ExitStack() as stack:
        _session.stack, _session.opened = stack, False
        try:
            yield
        finally:
            _session.stack = None


def join_session() -> None:
    """Open this thread's session client, if a session is open and its client is not yet."""
    stack = _session.stack
    if stack is None or _session.opened or not settings.get().server.api_url:
        return
    _session.opened = True
    from prefect.context import SyncClientContext

    try:
        stack.enter_context(SyncClientContext.get_or_create())
    except Exception as exc:  # reported by the page's own call (`_prefect`), not here
        _log.debug("no shared Prefect client: %s: %s", type(exc).__name__, exc)


P = ParamSpec("P")
R = TypeVar("R")


def in_api_session(call: Callable[P, R]) -> Callable[P, R]:
    """`call` asking Prefect through one client (`api_session`): for a fragment that refreshes
    itself (it reruns alone, outside the page's session)."""

    @functools.wraps(call)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with api_session():
            return call(*args, **kwargs)

    return run


@contextmanager
def _prefect(action: str) -> Iterator[None]:
    """Prefect client failures (server down, HTTP errors) as one `BlockError` for the page;
    `action` names what was under way (`_ACTIONS`)."""
    _require_api()
    join_session()
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
    """Paused plan runs, oldest question first, read now."""
    items = read_inbox(limit)
    warm_runs()  # the runs page is likely next: its cache fills meanwhile
    return items


def inbox_ahead() -> list[InboxItem] | None:
    """The paused runs another process of the app read at its start (`install`): taken once,
    within `AHEAD_S` of that reading; None otherwise. The page that draws them reads them again
    a moment later (`ui_app.read_ahead.read_again_soon`)."""
    found = Cache.take_ahead("inbox")
    return None if found is None else list(found)


def runs_ahead() -> list[RunView] | None:
    """The recent runs (every state, the newest 30: the runs page's first list) another process
    of the app read at its start, as `inbox_ahead`."""
    found = Cache.take_ahead("runs")
    return None if found is None else list(found)


def sent_back_ahead() -> list[RunView] | None:
    """The runs sent back (the inbox's first section: `recent_runs("rejected")`) another
    process of the app read at its start, as `inbox_ahead` (not from the runs cache: its
    `RUNS_TTL_S` may pass before a loaded machine draws the first page)."""
    found = Cache.take_ahead("rejected")
    return None if found is None else list(found)


def read_inbox(limit: int = 60) -> list[InboxItem]:
    """Paused plan runs, oldest question first, as Prefect lists them now."""
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
    forget_runs(run_id)


@lru_cache(maxsize=1)
def _registry_version() -> str:
    from blocks.sdk.registry import BlockRegistry

    return BlockRegistry().get("ui.interactive_input").version


def block_version(definition: dict[str, Any]) -> str:
    """The human-input block's version for the session-state key: the form definition's
    `block_version` when the runtime records it, else the registered block's version."""
    value = definition.get("block_version")
    return str(value) if value else _registry_version()


#: How many recent runs sent back the inbox looks at for the person's own.
REJECTED_LIMIT = 30


def _ended_tag(run_id: str) -> tuple[str, str, str | None] | None:
    """The run's listed tag when the last list showed it ended (what it has stays so)."""
    with Cache.lock:
        tag = Cache.listed.get(run_id)
    return tag if tag is not None and tag[0] in ENDED else None


def forget_runs(run_id: str | None = None) -> None:
    """Drop the cached list (and what is cached of `run_id`): the next visit asks Prefect."""
    with Cache.lock:
        Cache.runs.clear()
        if run_id is not None:
            Cache.outcomes.pop(run_id, None)
            Cache.summaries.pop(run_id, None)


def warm_runs(limit: int = 30) -> None:
    """Read the recent runs and who started each (their titles on the runs page), in a
    background thread (one at a time), so the page draws from the cache. Called when the inbox
    is drawn (the first page people see). A run's outcome and summary are not read here: the
    page reads them when its entry is opened. A failure only leaves the cache cold: the page
    asks again and shows the error there."""
    if not Cache.warming.acquire(blocking=False):
        return

    def warm() -> None:
        try:
            read_runs(limit)
        except KeiriError as exc:
            _log.debug("warming the runs cache stopped: %s", exc.message)
        finally:
            Cache.warming.release()

    threading.Thread(target=warm, name="keiri-warm-runs", daemon=True).start()


def read_runs(limit: int = 30) -> list[RunView]:
    """Read the recent runs and who started each into the cache (what the runs page lists)."""
    with api_session():
        views = recent_runs(None, limit)
        for view in views:
            started_by(view.run_id)
    return views


def recent_runs(state: str | None = None, limit: int = 30) -> list[RunView]:
    """The recent runs (newest first), from the cache when it is younger than `RUNS_TTL_S`.
    Runs a schedule created for later are listed only when `state` is "scheduled" (Prefect
    sorts them by their expected start: next months' runs would come before the ones that
    ran)."""
    key = (settings.get().server.api_url or "", state, limit)
    with Cache.lock:
        cached = Cache.runs.get(key)
    if cached is not None:
        return list(cached)
    with _prefect("runs"):
        from flows.lifecycle.control import list_runs

        # Loop items and subflows are followed in their parent's entry, except paused ones
        # (each waits for its own answer).
        views = list_runs(
            state,
            limit,
            top_level=(state or "").lower() != "paused",
            due_only=(state or "").lower() != "scheduled",
        )
    with Cache.lock:
        Cache.runs[key] = views
        for view in views:
            Cache.listed[view.run_id] = (view.state_type, view.state, view.end)
    return list(views)


def run_outcome(run_id: str) -> RunOutcome:
    """The run's outcome (`flows.lifecycle.runs.outcome`: state, outputs, error, log); an ended
    run's is read once while the runs list shows it unchanged."""
    with Cache.lock:
        tag = Cache.listed.get(run_id)
        cached = Cache.outcomes.get(run_id)
    if tag is not None and cached is not None and cached[0] == tag:
        return cached[1]
    with _prefect("outcome"):
        from flows.lifecycle import runs

        outcome = runs.outcome(run_id)
    if tag is not None and tag[0] in ENDED and outcome.state.upper() in ENDED:
        with Cache.lock:
            Cache.outcomes[run_id] = (tag, outcome)
    return outcome


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
    for item in find_objects(value, FileRef.is_fileref):
        ref = FileRef.model_validate(item)
        found.setdefault(f"{ref.sha256}:{ref.name}", ref)
    return list(found.values())


def start_retry(run_id: str, who: str) -> RunOutcome:
    """Retry a failed run (`flows.lifecycle.runs.retry`, detached): a local run goes to a background
    runner, a deployment run back to its work pool; returns once it is handed over."""
    forget_runs(run_id)
    with _prefect("retry"):
        from flows.lifecycle import runs

        return runs.retry(run_id, who, detach=True)


def start_reenter(run_id: str, node_id: str, who: str, wait_s: float = 90) -> RunOutcome:
    """Retry a failed run re-entering the input of `node_id` (`flows.lifecycle.runs.retry(...,
    reenter=[node_id])`, detached, as `keiri retry --reenter NODE --detach`) and wait until it
    pauses at a form, ends, or `wait_s` pass."""
    forget_runs(run_id)
    with _prefect("retry"):
        from flows.lifecycle import runs

        return runs.retry(
            run_id, who, detach=True, reenter=[node_id], until_paused=True, timeout=wait_s
        )


def keep_runner_ready() -> None:
    """Keep a runner started ahead of the next run this app starts
    (`flows.lifecycle.start.keep_spare_runner`: its ~3 s of imports are off 実行を開始 → the
    first form); called by `ui_app.serve` once the first page is drawn. Nothing without an API
    address (no run can start); a spare that cannot be started is logged, and the run then gets
    a runner of its own, which reports any problem."""
    if not settings.get().server.api_url:
        return
    from flows.lifecycle import start

    try:
        start.keep_spare_runner()
    except OSError as exc:
        _log.warning("no runner started ahead: %r", exc)


def start_plan(compiled: Any, plan: Path, who: str) -> str:
    """Start a compiled plan in the background (`flows.lifecycle.runs.start_detached`, as `keiri run
    --detach`); its run id at once."""
    with _prefect("start"):
        from flows.lifecycle import runs

        run_id = runs.start_detached(compiled, plan, {}, {}, who=who, via="form").run_id
    forget_runs()
    return run_id


def start_design(plan: Path, who: str) -> str:
    """Start a run of a design in the background (`flows.lifecycle.runs.start_detached`,
    recorded as started by `who` from the form app); its run id at once. The page follows
    the run with `run_outcome` and opens its first form when it pauses (never waits here)."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file

    compiled, _warnings = compile_file(plan, BlockRegistry())
    with _prefect("start"):
        from flows.lifecycle import runs

        run_id = runs.start_detached(compiled, plan, {}, {}, who=who, via="form").run_id
    forget_runs()
    return run_id


def start_deployment(name: str, who: str) -> str:
    """Trigger a deployment's run for its work pool (recorded as started by `who`)."""
    with _prefect("start"):
        from flows.lifecycle import runs

        run_id = runs.start_deployment(name, who=who, via="form")
    forget_runs()
    return run_id


def started_by(run_id: str) -> dict[str, Any] | None:
    """Who started the run (recorded once: kept when found)."""
    tag = _ended_tag(run_id)
    with Cache.lock:
        cached = Cache.started_by.get(run_id)
        unknown = tag is not None and Cache.no_starter.get(run_id) == tag
    if cached is not None:
        return dict(cached)
    if unknown:
        return None
    with _prefect("run"):
        from flows.lifecycle import runs

        found = runs.started_by(run_id)
    with Cache.lock:
        if found:
            Cache.started_by[run_id] = dict(found)
        elif tag is not None:  # an ended run: nobody will record it now
            Cache.no_starter[run_id] = tag
    return found


def run_parameters(run_id: str) -> dict[str, Any]:
    """The run's parameters (`plan`, `answers`, `vars`; they never change)."""
    with Cache.lock:
        cached = Cache.parameters.get(run_id)
    if cached is not None:
        return dict(cached)
    with _prefect("run"):
        from flows.lifecycle.control import find_run

        found = dict(find_run(run_id).parameters or {})
    with Cache.lock:
        Cache.parameters[run_id] = found
    return dict(found)


def run_summary_text(run_id: str) -> str | None:
    """The summary for people published on the run (`flows.backend.people_summary`), as Markdown;
    None while it runs or for a run that ended before summaries existed."""
    tag = _ended_tag(run_id)
    with Cache.lock:
        cached = Cache.summaries.get(run_id)
    if tag is not None and cached is not None and cached[0] == tag:
        return cached[1]
    with _prefect("summary"):
        from flows.backend.people_summary import read_published

        text = read_published(run_id)
    if tag is not None:
        with Cache.lock:
            Cache.summaries[run_id] = (tag, text)
    return text


def plan_name(plan_id: str | None) -> str:
    """A plan as people name it: its description, else its id."""
    from ui_app.plans import designs

    described = {plan.id: plan.title for plan in designs()}
    return described.get(plan_id or "", plan_id or "") or t("runs.unknown_plan")
