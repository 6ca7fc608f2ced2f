"""入力フォーム: the form of one paused run (`?run=<id>`).

Opening the page only reads; the run resumes on the 送信 button alone, after the answers pass
the same validation as the server (`validate_answers`). Invalid answers are shown next to
their fields and kept; the run stays paused. A second submit of the same pause is refused by
`flows.lifecycle.control.resume_run` ("already resumed by X at T").

The heading is the plan's description; what the plan declares as the form's `display`
(`ui_app.display`) is shown beside the decision, so the decision is visible without
scrolling (a form with a table to correct takes the page's width: the display above it); the
raw context only behind 詳細. A value that is wrong says so as soon as it is
typed or uploaded (a missing one only after a submit) and the message goes once it is fixed.
What was typed and uploaded is kept as a draft on the server (`ui_app.drafts`) until the
submit or 入力をリセット, so a reload or a new tab shows it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.forms.field_types import FIELD_TYPES, Widget
from blocks.forms.form import Requirement, validate_answers
from blocks.sdk.confirmation import CANCEL_FIELD
from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend, drafts, nav, run_titles
from ui_app.auth import current_user
from ui_app.display import render_details, render_display
from ui_app.errors import render_error, render_field_problems
from ui_app.fields import pull_widget_values, render_field
from ui_app.form_submit import SUBMITTED, next_step, submit
from ui_app.plans import plan_of_run
from ui_app.session_state import (
    answers,
    ensure,
    form_fields,
    group_problems,
    initial_values,
    reset,
    state_key,
)
from ui_app.views import choice

if TYPE_CHECKING:
    from flows.lifecycle.control import PausedForm

__all__ = ["TITLE", "live_problems", "render", "reset_form"]

#: `TITLE + run_id` -> the heading of the run's forms (the plan's description).
TITLE = "keiri::title::"
#: A form's mode -> its words.
_MODES = {
    "collect": "form.mode.collect",
    "confirm": "form.mode.confirm",
    "inquire": "form.mode.inquire",
    "mixed": "form.mode.mixed",
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


def _next(run_id: str) -> None:
    """After this session's 送信: wait (bounded, polling the run) for the run's next form and
    open it; a loop item's or subflow's form gets a button; an ended run says how it ended."""
    done: dict[str, Any] | None = st.session_state.get(SUBMITTED + run_id)
    if not done:
        return
    if done.get("next") != "working":
        try:
            with st.spinner(t("form.waiting_next")):
                found = next_step(run_id, str(done.get("key") or ""))
        except KeiriError as exc:
            render_error(exc, key=f"form::next::{run_id}")
            return
        done["next"] = found.kind
        if found.kind == "paused":
            st.rerun()  # the page reads the run's new form
        done["found"] = (found.run_id, found.state, found.node_id, found.title)
    child, state, node_id, title = done.get("found") or (run_id, "", "", "")
    if done["next"] == "child":
        form = title or run_titles.step_name(run_id, node_id)
        st.info(t("form.next_child", form=form), icon=":material/edit_note:")
        st.page_link(
            nav.page(nav.FORM),
            label=t("form.next_open"),
            icon=":material/arrow_forward:",
            query_params={"run": child},
        )
    elif done["next"] == "ended":
        st.info(t("form.run_ended", state=state_label(state)), icon=":material/flag:")
    else:
        st.info(t("form.next_not_yet"), icon=":material/hourglass_top:")
        if st.button(t("form.next_check"), key=f"form::next-check::{run_id}"):
            done["next"] = None
            st.rerun()


def reset_form(run_id: str, key: str, node_id: str, who: str) -> None:
    """入力をリセット: the session's values and the stored draft."""
    drafts.delete(run_id, node_id, who)
    reset(st.session_state, key)


def live_problems(
    entry: dict[str, Any], mode: str, requirements: list[Requirement]
) -> dict[str, list[str]]:
    """The problems to show now: of every value given (as soon as it is typed), of missing
    values only after a submit; an upload's own reason instead of "required"."""
    fields = form_fields(mode, requirements)
    given = answers(entry, fields)
    current = group_problems(validate_answers(mode, requirements, given))
    uploads: dict[str, str] = entry.get("upload_errors", {})
    shown: dict[str, list[str]] = {}
    types = {f.id: f.type for f in fields}
    for field, messages in current.items():
        if field in uploads:
            continue
        value = given.get(field)
        typed = field in given and not (
            field in types and FIELD_TYPES[types[field]].is_empty(value)
        )
        if typed or field not in types or entry.get("checked"):
            shown[field] = messages
    for field, reason in uploads.items():
        shown[field] = [reason]
    return shown


def _title(form: PausedForm, run_id: str) -> str:
    """The plan's description (read once per session), else the plan id."""
    state = st.session_state
    if TITLE + run_id not in state:
        try:
            info = plan_of_run(backend.run_parameters(run_id))
        except KeiriError:
            info = None
        plan_id = str(form.run.plan_id or form.definition.get("plan_id", ""))
        state[TITLE + run_id] = info.title if info is not None else plan_id
    return str(state[TITLE + run_id])


def _header(form: PausedForm, title: str, run_id: str) -> None:
    definition = form.definition
    step = run_titles.step_name(run_id, form.node_id)
    st.subheader(title or step)
    if definition.get("message"):
        st.markdown(str(definition["message"]))
    asked = definition.get("asked_at")
    since = local_time(asked if isinstance(asked, int | float) else None)
    mode = t(_MODES[form.mode]) if form.mode in _MODES else form.mode
    meta = t(
        "form.meta",
        mode=mode,
        step=step,
        assignee=definition.get("assignee") or t("form.unassigned"),
        since=since,
    )
    try:
        _root, run_title = run_titles.of_run(run_id)
        # One caption line with the rest: a line of its own pushed the decision below the fold.
        meta = ":material/folder_open: " + t("display.sep").join(
            [t("form.run_title", title=run_title.text()), meta]
        )
    except KeiriError:
        pass  # the heading names the plan; the run's title is a convenience
    st.caption(meta)
    done: dict[str, Any] | None = st.session_state.get(SUBMITTED + run_id)
    if done and done.get("next") == "paused" and done.get("key") != form.run.pause_key:
        st.info(t("form.next_ready", step=step), icon=":material/arrow_forward:")


def _restore_draft(key: str, run_id: str, node_id: str, who: str) -> None:
    """A new session (reload, new tab) starts from the stored draft, if there is one."""
    if key in st.session_state:
        return
    draft = drafts.load(run_id, node_id, who)
    if draft is None:
        return
    st.session_state[key] = {
        "fields": dict(draft.get("fields") or {}),
        "values": dict(draft["values"]),
        "restored_at": local_time(draft.get("saved_at"), "%Y-%m-%d %H:%M"),
    }


def _render_form(form: PausedForm, run_id: str, who: str) -> None:
    requirements = form.requirements
    fields = form_fields(form.mode, requirements)
    plan_id = str(form.run.plan_id or form.definition.get("plan_id", ""))
    key = state_key(plan_id, form.node_id, backend.block_version(form.definition), run_id)
    _restore_draft(key, run_id, form.node_id, who)
    entry = ensure(st.session_state, key, fields)
    entry["node_id"] = form.node_id
    pull_widget_values(st.session_state, key, entry, fields)
    _header(form, _title(form, run_id), run_id)
    if entry.get("restored_at"):
        st.info(t("form.draft_restored", at=entry["restored_at"]), icon=":material/history:")
    display = form.definition.get("display")
    context = form.definition.get("context")
    if display and _has_table(fields):
        # Rows to correct need the page's width: what the plan shows first, the answer below.
        render_display(display, context, kinds=("counts", "table", "findings", "text"))
        with st.container(border=True):
            _answer(form, run_id, who, key, entry, fields)
    elif display:
        render_display(display, context, kinds=("counts",))
        left, right = st.columns([3, 2], gap="medium")
        with right, st.container(border=True):
            _answer(form, run_id, who, key, entry, fields)
        with left:
            render_display(display, context, kinds=("table", "findings", "text"))
    else:
        _answer(form, run_id, who, key, entry, fields)
    render_details(context)
    if entry["values"] == initial_values(fields):
        drafts.delete(run_id, form.node_id, who)  # nothing typed: no draft to restore
    else:
        drafts.save(run_id, form.node_id, who, entry["fields"], entry["values"])


def _has_table(fields: list[Requirement]) -> bool:
    return any(FIELD_TYPES[f.type].widget is Widget.TABLE for f in fields)


def _answer(
    form: PausedForm,
    run_id: str,
    who: str,
    key: str,
    entry: dict[str, Any],
    fields: list[Requirement],
) -> None:
    """The fields, their messages and the buttons (the decision, in confirm mode)."""
    requirements = form.requirements
    if form.definition.get("display"):
        st.markdown(
            f"**{t('form.decision') if form.mode in ('confirm', 'mixed') else t('form.answer')}**"
        )
    for notice in entry.get("notice", []):
        st.warning(notice)
    problems = live_problems(entry, form.mode, requirements)
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
    left, right, *rest = st.columns(3 if asking else 2)
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
        on_click=reset_form,
        args=(run_id, key, form.node_id, who),
    )
    if asking:
        choice.cancel_button(rest[0], run_id, key, form, who)


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
        if _submitted_banner(run_id, None):
            _next(run_id)  # the run's next form, as soon as it exists
        else:
            render_error(exc, key=f"form::{run_id}")
        st.page_link(nav.page(nav.INBOX), label=t("form.to_inbox"), icon=":material/inbox:")
        st.page_link(nav.page(nav.RUNS), label=t("form.to_runs"), icon=":material/history:")
        return
    _submitted_banner(run_id, form.run.pause_key)
    _render_form(form, run_id, who)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
