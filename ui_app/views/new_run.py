"""新規実行: the designs (and deployments) one can start, with their descriptions.

実行を開始 starts a run in the background (`flows.lifecycle.runs`, recorded as started by the
signed-in person) and returns at once: the card says 「開始しました」 and follows the run's
state (a fragment reads it every `POLL_S` seconds, for at most `FOLLOW_S`); when the run pauses
at its first form, the form opens; when it ends first, its state is shown with a link to the
runs page. The page never waits on a run.
"""

from __future__ import annotations

import time
from typing import Any

import streamlit as st

from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError
from ui_app import backend, nav
from ui_app.auth import current_user
from ui_app.errors import kept_result, render_error
from ui_app.plans import DeploymentInfo, PlanInfo, deployments, designs

__all__ = [
    "FOLLOW_S",
    "OPEN_FORM",
    "POLL_S",
    "STARTED",
    "render",
    "start_deployment",
    "start_design",
]

#: `STARTED + design id` -> {"run_id", "state", "by", "paused", "started", "done"} or
#: {"error"} of a start.
STARTED = "keiri::started::"
#: A run id whose first form the next drawing of the page opens.
OPEN_FORM = "keiri::open_form"
#: How often the card reads the run's state (one small API read: a start is followed closely,
#: the first form opens within half a second of the pause), and for how long at most (seconds).
POLL_S = 0.5
FOLLOW_S = 600.0
_FINAL = {"completed", "failed", "crashed", "cancelled"}


def start_design(plan: PlanInfo, who: str) -> None:
    """The 実行を開始 button of a design: the run is handed over, its id kept."""
    try:
        run_id = backend.start_design(plan.path, who)
    except KeiriError as exc:
        st.session_state[STARTED + plan.id] = {"error": exc.to_dict()}
        return
    st.session_state[STARTED + plan.id] = {
        "run_id": run_id,
        "state": "pending",
        "by": who,
        "paused": False,
        "started": time.time(),
        "done": False,
    }


def start_deployment(name: str, who: str) -> None:
    try:
        run_id = backend.start_deployment(name, who)
    except KeiriError as exc:
        st.session_state[STARTED + "deployment:" + name] = {"error": exc.to_dict()}
        return
    st.session_state[STARTED + "deployment:" + name] = {
        "run_id": run_id,
        "state": "scheduled",
        "by": who,
        "paused": False,
        "done": True,  # a work pool runs it: followed on the runs page
    }


@backend.in_api_session
def _follow(key: str) -> None:
    """Read the run's state once (a fragment, every `POLL_S`): paused -> open its form; ended
    -> draw the page again without the fragment."""
    started: dict[str, Any] = st.session_state[STARTED + key]
    try:
        outcome = backend.run_outcome(started["run_id"])
    except KeiriError as exc:
        render_error(exc, key=f"new_run::follow::{key}")
        return
    started["state"] = outcome.state
    if outcome.paused is not None:
        started.update(paused=True, done=True)
        st.session_state[OPEN_FORM] = started["run_id"]
        st.rerun(scope="app")
    if outcome.state in _FINAL or time.time() - started["started"] > FOLLOW_S:
        started["done"] = True
        st.rerun(scope="app")
    seconds = int(time.time() - started["started"])
    st.caption(
        ":material/progress_activity: "
        + t("new_run.following", state=state_label(outcome.state.upper()), seconds=seconds)
    )


def _result(key: str) -> None:
    started = kept_result(STARTED + key, error_key=f"new_run::{key}")
    if started is None:
        return
    st.success(
        t("new_run.started", by=started["by"], state=state_label(started["state"].upper())),
        icon=":material/play_circle:",
    )
    if not started.get("done"):
        st.fragment(run_every=POLL_S)(_follow)(key)
    elif started["paused"]:
        st.page_link(
            nav.page(nav.FORM),
            label=t("new_run.open_form"),
            icon=":material/edit_note:",
            query_params={"run": started["run_id"]},
        )
    st.page_link(nav.page(nav.RUNS), label=t("new_run.to_runs"), icon=":material/history:")


def _design_card(plan: PlanInfo, who: str) -> None:
    with st.container(border=True):
        left, right = st.columns([4, 1], vertical_alignment="center")
        with left:
            st.markdown(f"**{plan.description or t('new_run.no_description')}**")
            st.caption(t("new_run.plan_meta", id=plan.id, version=plan.version or "—"))
            if plan.problem:
                st.caption(":material/warning: " + t("new_run.invalid", problem=plan.problem))
        with right:
            st.button(
                t("new_run.start"),
                key=f"new_run::start::{plan.id}",
                type="primary",
                disabled=bool(plan.problem),
                on_click=start_design,
                args=(plan, who),
            )
        _result(plan.id)


@st.cache_data(ttl=60, show_spinner=False)
def _deployments() -> list[DeploymentInfo]:
    return deployments()


def render() -> None:
    st.title(t("new_run.title"))
    st.caption(t("new_run.caption"))
    pending = st.session_state.pop(OPEN_FORM, None)
    if pending:
        st.switch_page(nav.page(nav.FORM), query_params={"run": pending})
    who = current_user()
    st.subheader(t("new_run.designs"))
    found = designs()
    if not found:
        st.info(t("new_run.empty"))
    for plan in found:
        _design_card(plan, who)
    try:
        deployed = _deployments()
    except KeiriError:
        deployed = []
    if deployed:
        st.subheader(t("new_run.deployments"))
        for dep in deployed:
            with st.container(border=True):
                left, right = st.columns([4, 1], vertical_alignment="center")
                left.markdown(f"**{dep.description}**")
                schedules = [", ".join(dep.schedules)] if dep.schedules else []
                left.caption(t("display.sep").join([dep.name, dep.plan_id, *schedules]))
                right.button(
                    t("new_run.start"),
                    key=f"new_run::deploy::{dep.name}",
                    on_click=start_deployment,
                    args=(dep.name, who),
                )
                _result("deployment:" + dep.name)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
