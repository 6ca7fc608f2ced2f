"""入力フォーム: the form of one paused run (`?run=<id>`).

Opening the page only reads; the run resumes on the 送信 button alone, after the answers pass
the same validation as the server (`validate_answers`). Invalid answers are shown next to
their fields and kept; the run stays paused. A second submit of the same pause is refused by
`flows.control.resume_run` ("already resumed by X at T").
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.confirmation import CANCEL_FIELD
from blocks.ui.form import FieldProblem, Requirement, validate_answers
from keiri.errors import KeiriError
from keiri.messages import CATALOG, local_time, t
from ui_app import backend, nav
from ui_app.auth import current_user
from ui_app.errors import render_error, render_field_problems
from ui_app.fields import pull_widget_values, render_field
from ui_app.session_state import (
    answers,
    ensure,
    form_fields,
    group_problems,
    reset,
    state_key,
)
from ui_app.views import choice

if TYPE_CHECKING:
    from flows.control import PausedForm

__all__ = ["SUBMITTED", "render", "submit"]

#: `SUBMITTED + run_id` -> {"by", "at", "key", "node_id"} of this session's last resume.
SUBMITTED = "keiri::submitted::"


def submit(
    run_id: str,
    key: str,
    mode: str,
    requirements: list[Requirement],
    who: str,
    pause_key: str,
) -> None:
    """The 送信 button: validate, and resume only when every field is valid."""
    state = st.session_state
    entry = state[key]
    fields = form_fields(mode, requirements)
    pull_widget_values(state, key, entry, fields)
    given = answers(entry, fields)
    entry.pop("error", None)
    entry["problems"] = group_problems(validate_answers(mode, requirements, given))
    if entry["problems"]:
        return
    try:
        backend.resume(run_id, given, who)
    except KeiriError as exc:
        entry["error"] = exc.to_dict()
        entry["problems"] = group_problems(
            [FieldProblem.model_validate(p) for p in exc.details.get("problems", [])]
        )
        return
    state[SUBMITTED + run_id] = {
        "by": who,
        "at": local_time(datetime.now(UTC), "%Y-%m-%d %H:%M:%S"),
        "key": pause_key,
        "node_id": entry.get("node_id"),
    }


def _submitted_banner(run_id: str, current_pause: str | None) -> bool:
    done: dict[str, Any] | None = st.session_state.get(SUBMITTED + run_id)
    if not done or done.get("key") == current_pause:
        return False
    st.success(
        t("form.submitted", by=done["by"], at=done["at"]),
        icon=":material/check_circle:",
    )
    return True


def _header(form: PausedForm) -> None:
    definition = form.definition
    st.subheader(f"{form.run.plan_id or definition.get('plan_id', '')} ・ {form.node_id}")
    if definition.get("message"):
        st.markdown(str(definition["message"]))
    asked = definition.get("asked_at")
    since = local_time(asked if isinstance(asked, int | float) else None)
    mode = t(f"form.mode.{form.mode}") if f"form.mode.{form.mode}" in CATALOG else form.mode
    st.caption(
        t(
            "form.meta",
            mode=mode,
            assignee=definition.get("assignee") or t("form.unassigned"),
            since=since,
            run=form.run.name,
        )
    )
    context = definition.get("context")
    if context:
        with st.expander(t("form.context"), expanded=True):
            st.json(context)


def _render_form(form: PausedForm, run_id: str, who: str) -> None:
    requirements = form.requirements
    fields = form_fields(form.mode, requirements)
    plan_id = str(form.run.plan_id or form.definition.get("plan_id", ""))
    key = state_key(plan_id, form.node_id, backend.block_version(form.definition), run_id)
    entry = ensure(st.session_state, key, fields)
    entry["node_id"] = form.node_id
    _header(form)
    for notice in entry.get("notice", []):
        st.warning(notice)
    problems: dict[str, list[str]] = entry.get("problems", {})
    asking = choice.is_choice_form(form.definition)  # a block's question: 取消 is a button
    for req in fields:
        if asking and req.id == CANCEL_FIELD:
            continue
        render_field(req, key, entry, problems.get(req.id, []))
    known = {f.id for f in fields}
    render_field_problems([m for f, msgs in problems.items() if f not in known for m in msgs])
    if form.mode == "confirm" and not entry["values"].get("approved"):
        st.caption(t("form.reject_note"))
    if entry.get("error"):
        render_error(entry["error"], key=key + "::error")
    left, right, rest = st.columns([1, 1, 3])
    left.button(
        t("form.submit"),
        type="primary",
        key="keiri::submit::" + key,
        on_click=submit,
        args=(run_id, key, form.mode, requirements, who, form.run.pause_key or ""),
    )
    right.button(
        t("form.reset"),
        key="keiri::reset::" + key,
        on_click=reset,
        args=(st.session_state, key),
    )
    if asking:
        choice.cancel_button(rest, run_id, key, form, who)


def render() -> None:
    st.title(t("form.title"))
    run_id = st.query_params.get("run", "")
    if not run_id:
        st.info(t("form.choose_from_inbox"))
        st.page_link(nav.page(nav.INBOX), label=t("form.to_inbox"), icon=":material/inbox:")
        return
    who = current_user()
    try:
        form = backend.read_form(run_id)
    except KeiriError as exc:
        if not _submitted_banner(run_id, None):
            render_error(exc, key=f"form::{run_id}")
        st.page_link(nav.page(nav.INBOX), label=t("form.to_inbox"), icon=":material/inbox:")
        st.page_link(nav.page(nav.RUNS), label=t("form.to_runs"), icon=":material/history:")
        return
    _submitted_banner(run_id, form.run.pause_key)
    _render_form(form, run_id, who)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
