"""新規実行: the designs (and deployments) one can start, with their descriptions; 実行を開始
starts a run (`flows.lifecycle.runs`, recorded as started by the signed-in person) and opens its first
form when it pauses for one."""

from __future__ import annotations

from typing import Any

import streamlit as st

from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError
from ui_app import backend, nav
from ui_app.auth import current_user
from ui_app.errors import render_error
from ui_app.plans import DeploymentInfo, PlanInfo, deployments, designs

__all__ = ["STARTED", "render", "start_deployment", "start_design"]

#: `STARTED + design id` -> {"run_id", "state", "by", "paused"} or {"error"} of a start.
STARTED = "keiri::started::"


def start_design(plan: PlanInfo, who: str) -> None:
    """The 実行を開始 button of a design."""
    try:
        outcome = backend.start_design(plan.path, who)
    except KeiriError as exc:
        st.session_state[STARTED + plan.id] = {"error": exc.to_dict()}
        return
    st.session_state[STARTED + plan.id] = {
        "run_id": outcome.run_id,
        "state": outcome.state,
        "by": who,
        "paused": outcome.paused is not None,
    }
    if outcome.paused is not None:
        st.session_state["keiri::open_form"] = outcome.run_id


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
    }


def _result(key: str) -> None:
    started: dict[str, Any] | None = st.session_state.get(STARTED + key)
    if not started:
        return
    if "error" in started:
        render_error(started["error"], key=f"new_run::{key}")
        return
    st.success(
        t("new_run.started", by=started["by"], state=state_label(started["state"].upper())),
        icon=":material/play_circle:",
    )
    if started["paused"]:
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
    pending = st.session_state.pop("keiri::open_form", None)
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
