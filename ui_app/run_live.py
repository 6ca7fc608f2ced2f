"""What the runs page shows of a run as it happens and when it has ended: the live progress of
a running (or waiting) run, and the summary for people of an ended one.

- `follow(run_id)`: the run's nodes (started, finished, waiting for input) and its loops'
  progress (i/n), read from the run's JSONL event log (`flows.backend.progress.read_progress`) in an
  `st.fragment` that refreshes itself every `REFRESH_S` seconds, as the 依頼 page does. The log
  is the source: a page opened later, or after a browser was closed, shows the same. When the
  run ends, the whole page reruns once so the entry shows its final state and summary.
- `render_summary(run_id)`: the summary published on the run (`flows.backend.people_summary`, read
  back through the Prefect API).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from blocks.sdk.errors import BlockError
from compiler.node_titles import node_title
from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError
from ui_app import backend

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan
    from flows.backend.progress import RunProgress

__all__ = [
    "LIVE_STATES",
    "REFRESH_S",
    "follow",
    "followed",
    "progress_of",
    "render_summary",
    "summary_of",
]

#: Run state types whose entry follows the run live.
LIVE_STATES = frozenset({"RUNNING", "PAUSED", "PENDING", "SCHEDULED"})
REFRESH_S = 1.0
_ENDED = "keiri::live-ended::"  # + run id: the page was rerun once for this run's end
_ICONS = {
    "pending": ":material/schedule:",
    "running": ":material/progress_activity:",
    "completed": ":material/check_circle:",
    "skipped": ":material/skip_next:",
    "failed": ":material/error:",
    "paused": ":material/edit_note:",
}
_STATUS_WORDS = {
    "pending": "summary.runs.status.pending",
    "running": "summary.runs.status.running",
    "completed": "summary.runs.status.completed",
    "skipped": "summary.runs.status.skipped",
    "failed": "summary.runs.status.failed",
    "paused": "summary.runs.status.paused",
}


@lru_cache(maxsize=32)
def _compiled(path: str, mtime: float) -> CompiledPlan:
    from flows.run_plan import compile_for_run

    return compile_for_run(path)


_PLANS: dict[str, str | None] = {}  # run id -> its plan file (None: not a plan's own run)


def _plan_path(run_id: str) -> str | None:
    """The plan file of a plan run (a run's plan never changes: asked once per run). None for
    a loop item's or subflow's run (no `plan` parameter: its parent shows the progress)."""
    from flows.run_plan import resolve_plan_path

    if run_id not in _PLANS:
        plan = str(backend.run_parameters(run_id).get("plan") or "")  # BlockError: ask again
        try:
            _PLANS[run_id] = str(resolve_plan_path(plan)) if plan else None
        except KeiriError:
            _PLANS[run_id] = None
    return _PLANS[run_id]


def progress_of(run_id: str, log: str | None) -> RunProgress | None:
    """The run's progress from its event log (None: not a plan's own run, or its plan cannot
    be read any more)."""
    from flows.backend.progress import NodeProgress, RunProgress, read_progress

    try:
        path = _plan_path(run_id)
        if path is None:
            return None
        compiled = _compiled(path, Path(path).stat().st_mtime)
    except (KeiriError, OSError):
        return None
    if not log:  # nothing logged yet: every node waits
        return RunProgress(
            [NodeProgress(node.id, title=node_title(node)) for node in compiled.plan.graph]
        )
    return read_progress(Path(log), compiled)


def _show(progress: RunProgress) -> None:
    st.markdown(f"**{t('summary.runs.progress')}**")
    for node in progress.nodes:
        sep = t("display.sep")
        name = node.title or node.node_id
        line = f"{_ICONS[node.status]} {name}{sep}{t(_STATUS_WORDS[node.status])}"
        loop = node.loop
        if loop is not None and loop.total:
            line += sep + t("summary.runs.loop", done=loop.done, total=loop.total)
            if loop.failed:
                line += sep + t("summary.runs.loop_failed", failed=loop.failed)
        st.markdown(line)
        if loop is not None and loop.total and node.status in ("running", "paused"):
            st.progress(loop.done / loop.total)


@backend.in_api_session
def _live(run_id: str) -> None:
    try:
        outcome = backend.run_outcome(run_id)
    except BlockError:
        return  # the server is away for a moment: the next refresh tries again
    if outcome.state not in ("running", "paused", "pending", "scheduled"):
        st.caption(t("summary.runs.ended", state=state_label(outcome.state)))
        if not st.session_state.get(_ENDED + run_id):
            st.session_state[_ENDED + run_id] = True
            st.rerun()  # the whole page: the entry's final state, its summary and outputs
        return
    progress = progress_of(run_id, outcome.log)
    if progress is not None:
        _show(progress)


def follow(run_id: str) -> None:
    """The live progress of a running or waiting plan run (refreshes itself). A loop item's or
    subflow's run is followed by its parent's entry."""
    try:
        if _plan_path(run_id) is None:
            return
    except KeiriError:
        return  # the server is away: the next page run asks again
    st.fragment(run_every=REFRESH_S)(_live)(run_id)


def followed(run_id: str) -> bool:
    """Whether this session followed the run live until it ended (its entry stays open)."""
    return bool(st.session_state.get(_ENDED + run_id))


def summary_of(run_id: str) -> str | None:
    """The summary's markdown published on the run, if it has one."""
    try:
        return backend.run_summary_text(run_id)
    except KeiriError:
        return None


def render_summary(run_id: str) -> None:
    text = summary_of(run_id)
    if text:
        with st.container(border=True):
            st.markdown(f"**{t('summary.runs.title')}**")
            st.markdown(text)
