"""実行履歴: recent plan runs — state, duration, who started it, a link to the Prefect UI, the
run's summary, reports first, inputs apart from outputs and who approved when
(`ui_app.run_summary`), and for a failed run (collapsed like the others) its error (seed 000
§9.3) with 再実行 when a retry can help (the same as `keiri retry`: `flows.lifecycle.runs.retry`, handed
to a background runner)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import streamlit as st

from blocks.sdk.errors import BlockError
from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend, nav, read_ahead, recovery, run_live, run_summary, run_titles
from ui_app.auth import current_user
from ui_app.errors import render_error
from ui_app.plans import PlanInfo, plan_of_run

if TYPE_CHECKING:
    from flows.lifecycle.run_title import RunTitle
    from flows.lifecycle.run_view import RunView

__all__ = ["RETRY", "duration", "open_key", "render", "retry"]

#: `RETRY + run_id` -> {"by", "state"} of a retry started from this session (or {"error"}).
RETRY = "keiri::retry::"
#: The state filter: a `recent_runs` state (None: every run) -> its words.
_FILTERS: dict[str | None, str] = {
    None: "runs.filter.all",
    "paused": "runs.filter.paused",
    "running": "runs.filter.running",
    "completed": "runs.filter.completed",
    "failed": "runs.filter.failed",
    "rejected": "runs.filter.rejected",
    "crashed": "runs.filter.crashed",
    "scheduled": "runs.filter.scheduled",  # the only filter that lists runs due later
}
_ICONS = {
    "COMPLETED": ":material/check_circle:",
    "FAILED": ":material/error:",
    "CRASHED": ":material/dangerous:",
    "PAUSED": ":material/pause_circle:",
    "RUNNING": ":material/play_circle:",
    "CANCELLED": ":material/cancel:",
    "Rejected": ":material/undo:",  # a Failed state named Rejected: 差し戻し (on_reject: fail)
}
_NO_ICON = ":material/radio_button_unchecked:"


def duration(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 60:
        return t("time.seconds", seconds=f"{seconds:.1f}")
    minutes, rest = divmod(int(seconds), 60)
    if minutes < 60:
        return t("time.minutes_seconds", minutes=minutes, seconds=rest)
    return t("time.hours_minutes", hours=minutes // 60, minutes=minutes % 60)


def open_key(run_id: str) -> str:
    """The session key of whether the run's entry is open."""
    return f"runs::open::{run_id}"


def _started(view: RunView) -> str:
    if view.start:
        return local_time(view.start, "%Y-%m-%d %H:%M:%S")
    if view.expected and view.state_type == "SCHEDULED":  # when the schedule will start it
        return t("runs.due_at", at=local_time(view.expected, "%Y-%m-%d %H:%M"))
    return t("runs.not_started")


def _waits_for_a_child(run_id: str) -> bool:
    """Whether a running run waits for a loop item's or subflow's input."""
    try:
        return backend.run_outcome(run_id).state == "paused"
    except BlockError:
        return False


def retry(run_id: str, who: str) -> None:
    """The 再実行 button: the run is retried in the background, attributed to `who`."""
    try:
        outcome = backend.start_retry(run_id, who)
    except BlockError as exc:
        st.session_state[RETRY + run_id] = {"error": exc.to_dict()}
        return
    st.session_state[RETRY + run_id] = {"by": who, "state": outcome.state}


def _plan(view: RunView) -> PlanInfo | None:
    """The run's plan: the design named like its plan id, else the run's `plan` parameter."""
    if view.plan_id:
        info = plan_of_run({"plan": view.plan_id})
        if info is not None and info.id == view.plan_id:
            return info
    try:
        return plan_of_run(backend.run_parameters(view.run_id))
    except BlockError:
        return None


def _started_by(view: RunView) -> None:
    try:
        started = backend.started_by(view.run_id)
    except BlockError:
        return
    if started:
        st.caption(
            ":material/person: "
            + t("runs.started_by", by=started.get("by"), at=local_time(started.get("at")))
        )


def _details(view: RunView, who: str) -> None:
    _started_by(view)
    st.link_button(t("runs.open_prefect"), backend.prefect_ui_url(view.run_id))
    if view.state_type == "PAUSED":
        st.page_link(
            nav.page(nav.FORM),
            label=t("runs.open_form"),
            icon=":material/edit_note:",
            query_params={"run": view.run_id},
        )
    try:
        outcome = backend.run_outcome(view.run_id)
    except BlockError as exc:
        render_error(exc, key=f"runs::outcome::{view.run_id}")
        return
    child = outcome.paused
    if view.state_type == "RUNNING" and child is not None and child.run_id != view.run_id:
        # A loop item or subflow of this run waits for input: so does this run.
        st.info(
            t(
                "runs.child_waiting",
                form=child.title or run_titles.step_name(view.run_id, child.node_id or ""),
            ),
            icon=":material/pause_circle:",
        )
        st.page_link(
            nav.page(nav.FORM),
            label=t("runs.open_form"),
            icon=":material/edit_note:",
            query_params={"run": child.run_id or ""},
        )
    if view.state_type in run_live.LIVE_STATES:
        run_live.follow(view.run_id)  # live progress from the run's log (refreshes itself)
    else:
        run_live.render_summary(view.run_id)  # the summary for people written when it ended
    outputs = outcome.outputs
    run_summary.render(view.run_id, run_summary.summarize(outputs, _plan(view)))
    if view.state_type == "COMPLETED":
        from ui_app import journal_exports  # the journal formats: only for an opened entry

        journal_exports.render(view.run_id, outputs, who)  # 仕訳の出力 (keiri journals export)
    if outputs:
        with st.expander(t("runs.outputs_json")):
            st.json(outputs, expanded=False)
    started = st.session_state.get(RETRY + view.run_id)
    if started and "error" in started:
        render_error(started["error"], key=f"runs::retry-error::{view.run_id}")
    elif started:
        st.info(t("runs.retry_started", by=started["by"]), icon=":material/replay:")
    error = backend.run_error(outcome)
    if error is not None and not started:
        render_error(
            error,
            key=f"runs::{view.run_id}",
            on_retry=partial(retry, view.run_id, who),
        )
        if view.state_type == "FAILED":  # 入力し直して再実行 when an input caused it
            recovery.render(view.run_id, error, who, RETRY + view.run_id)
        if error.get("code") == "REJECTED":
            # 差し戻し (on_reject: fail): the same answer cannot help, but a retry asks again.
            st.button(
                t("runs.reask"),
                key=f"runs::reask::{view.run_id}",
                on_click=partial(retry, view.run_id, who),
                icon=":material/replay:",
            )


def _title(view: RunView) -> RunTitle:
    """The run's title (`flows.lifecycle.run_title`); the plan id when the API cannot say."""
    from flows.lifecycle.run_title import RunTitle

    try:
        return run_titles.of_view(view)
    except KeiriError:
        return RunTitle(plan=view.plan_id or view.name)


def _label(view: RunView, title: RunTitle) -> str:
    """The entry's line: title, state, start time, who started it, duration."""
    state = state_label(view.state)
    if view.state_type == "RUNNING" and _waits_for_a_child(view.run_id):
        state = state_label("PAUSED")
    took = duration(view.duration_s) if view.start else ""  # a run not started took nothing
    parts = [title.text(), state, _started(view), title.started_by or "", took]
    return t("display.sep").join(p for p in parts if p)


def render() -> None:
    recovery.open_pending()  # the form a 入力し直して再実行 paused at
    st.title(t("runs.title"))
    who = current_user()
    opened = st.query_params.get("open", "")  # the inbox's link to one run
    left, middle, right = st.columns([2, 2, 1], vertical_alignment="bottom")
    state_filter = left.selectbox(
        t("runs.state"), list(_FILTERS), format_func=lambda s: t(_FILTERS[s]), key="runs::state"
    )
    right.button(t("runs.refresh"), key="runs::refresh")
    views = backend.runs_ahead() if state_filter is None else None
    if views is not None:  # read at the app's start: read again in a moment
        read_ahead.read_again_soon("runs")
    else:
        try:
            views = backend.recent_runs(state_filter, limit=30)
        except BlockError as exc:
            render_error(exc, key="runs")
            return
    if state_filter == "completed":  # 差し戻し is its own outcome, not 完了
        views = [v for v in views if not v.rejected]
    titled = [(view, _title(view)) for view in views]
    periods = list(dict.fromkeys(title.period for _view, title in titled if title.period))
    period = middle.selectbox(
        t("runs.period"),
        [None, *periods],
        format_func=lambda p: p or t("runs.period_all"),
        key="runs::period",
    )
    if period is not None:
        titled = [(view, title) for view, title in titled if title.period == period]
    if not titled:
        st.info(t("runs.none"))
        return
    for view, title in titled:
        # Collapsed entries draw nothing (Streamlit's lazy expander: opening one reruns the
        # page): a run's details ask the API several times and a live run follows its log
        # every second, which for 30 runs made the page take seconds on every visit.
        with st.expander(
            _label(view, title),
            # failed runs too: their error is one click away; a running run shows its progress
            expanded=view.state_type == "RUNNING"
            or run_live.followed(view.run_id)
            or view.run_id == opened,
            key=open_key(view.run_id),
            on_change="rerun",
            icon=_ICONS.get(view.state, _ICONS.get(view.state_type, _NO_ICON)),
        ) as entry:
            if entry.open:
                _details(view, who)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
