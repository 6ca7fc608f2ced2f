"""コパイロット: the operator copilot in the form app (issue 16, seed 004), the same behaviour
as `keiri chat`.

The chat (`st.chat_message` per message, `st.chat_input` for a turn) beside the state panel:
goals with their steps and progress, pending confirmations with 承認/却下, the task lists
running in the background, recent runs and runs waiting for a form — each run with its links
(the form, the Prefect UI). Every action that starts, schedules, approves or cancels anything
waits for 承認 (in the chat or the panel) and runs as the signed-in user.

The session object is opened again on every script run (Streamlit runs each in its own
thread); what the page keeps is the conversation id. Messages the background task loops post
(run summaries) appear while the page is open: a fragment looks at the history every few
seconds and reruns the page when it grew; 更新 does the same by hand.

The LLM client is the copilot's own (keiri's LLM settings); tests put keiri's `LLMClient` over
a scripted transport in `st.session_state[CLIENT_KEY]`. Without LLM settings the page says so
at the top (`ui_app.llm_notice`) with the chat input disabled, before the copilot (its session,
Prefect's client, the LLM client) is imported. 承認/却下 sit side by side in a row sized to
their labels (never clipped in the narrow side panel); runs are named by their plan and start
time, not their id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.sdk.errors import BlockError
from keiri.base.catalog import state_label, t
from keiri.base.catalog.words import CHAT_CONFIRMATIONS, CHAT_GOALS, CHAT_ROLES, CHAT_STEPS
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend
from ui_app.auth import current_user
from ui_app.errors import render_error
from ui_app.llm_notice import llm_ready

if TYPE_CHECKING:
    from keiri.copilot.models import Confirmation, Goal, Link, Message, RunInfo, StateSnapshot
    from keiri.copilot.session import CopilotSession

__all__ = ["CLIENT_KEY", "render"]

K = "copilot_"
CLIENT_KEY = K + "client"  # an `LLMClient` to use instead of the configured one (tests)
_CONVERSATION = K + "conversation"
_SEEN = K + "seen"  # how many messages the page showed last (the fragment compares)
_ERROR = K + "error"
_POLL_S = 3

_AVATAR = {
    "user": ":material/person:",
    "assistant": ":material/smart_toy:",
    "tool": ":material/build:",
    "system": ":material/info:",
}
_STEP_ICON = {
    "pending": ":material/radio_button_unchecked:",
    "in_progress": ":material/progress_activity:",
    "completed": ":material/check_circle:",
    "failed": ":material/error:",
}
_LINK_ICON = {
    "run": ":material/history:",
    "form": ":material/edit_note:",
    "prefect": ":material/open_in_new:",
    "file": ":material/description:",
}


def _open(conversation_id: str | None) -> CopilotSession:
    from keiri.copilot.session import CopilotSession

    client: Any = st.session_state.get(CLIENT_KEY)
    return CopilotSession.open(
        user=current_user(),
        conversation_id=conversation_id,
        client=client,
        background=client is None,  # an injected (test) client has no watcher
    )


def _session() -> CopilotSession:
    session = _open(st.session_state.get(_CONVERSATION))
    st.session_state[_CONVERSATION] = session.conversation_id
    return session


def _turn(call: Any, *args: Any, spinner: str) -> None:
    """Run a turn (send / decide); a copilot error is kept and shown above the chat."""
    with st.spinner(spinner):
        try:
            call(*args)
        except KeiriError as exc:
            st.session_state[_ERROR] = exc
            return
    st.session_state[_ERROR] = None


def _decide(confirmation_id: str, approve: bool) -> None:
    """The 承認/却下 buttons' callback: decided before the page is drawn again."""
    session = _session()
    _turn(session.decide, confirmation_id, approve, spinner=t("chat.page.deciding"))


def _links(links: list[Link], key: str) -> None:
    if not links:
        return
    columns = st.columns(len(links))
    for i, (column, link) in enumerate(zip(columns, links, strict=True)):
        column.link_button(
            link.label, link.url, icon=_LINK_ICON.get(link.kind), key=f"{key}-link-{i}"
        )


def _confirmation_buttons(confirmation: Confirmation, where: str) -> None:
    if confirmation.status != "pending":
        st.caption(t(CHAT_CONFIRMATIONS[confirmation.status], by=confirmation.decided_by or ""))
        return
    # A row of buttons as wide as their labels (columns would cut 承認 to 「承」 in the panel).
    row = st.container(horizontal=True, gap="small")
    row.button(
        t("chat.page.approve"),
        key=f"{K}{where}-approve-{confirmation.id}",
        type="primary",
        icon=":material/check:",
        on_click=_decide,
        args=(confirmation.id, True),
        width="content",
    )
    row.button(
        t("chat.page.decline"),
        key=f"{K}{where}-decline-{confirmation.id}",
        icon=":material/close:",
        on_click=_decide,
        args=(confirmation.id, False),
        width="content",
    )


def _message(message: Message, pending: set[str]) -> None:
    """One chat message; its confirmation has buttons while it is still pending (a message
    keeps the confirmation as it was asked, the decision is a later message)."""
    with st.chat_message(message.role, avatar=_AVATAR.get(message.role)):
        if message.role in {"tool", "system"}:
            st.caption(t(CHAT_ROLES[message.role]) + t("display.sep") + local_time(message.at))
        st.markdown(message.text)
        _links(message.links, message.id)
        confirmation = message.confirmation
        if confirmation is None:
            return
        if confirmation.status != "pending" or confirmation.id in pending:
            _confirmation_buttons(confirmation, "chat")


def _goal(goal: Goal, active: bool) -> None:
    done, total = goal.progress()
    title = t("display.paren", text=goal.name, note=t(CHAT_GOALS[goal.status]))
    with st.expander(title, expanded=active, icon=":material/flag:"):
        st.progress(
            done / total if total else 0.0, text=t("chat.status.progress", done=done, total=total)
        )
        for step in goal.steps:
            step_text = t("display.paren", text=step.name, note=t(CHAT_STEPS[step.status]))
            st.markdown(f"{_STEP_ICON[step.status]} {step_text}")
            if step.summary:
                st.caption(step.summary)


def _run(run: RunInfo, key: str) -> None:
    from ui_app import run_titles

    try:  # the title the inbox and the runs page show (period, first file), kept 20 s
        named = run_titles.of_run(run.run_id)[1].text()
    except BlockError:  # the API cannot say now: the plan's description names it still
        named = backend.plan_name(run.plan_id)
    title = t("runs.title_started", plan=named, start=local_time(run.start)) if run.start else named
    st.markdown(f"**{title}**" + t("display.sep") + state_label(run.state))
    links = []
    if run.form_url:
        links.append(("form", t("chat.page.open_form"), run.form_url))
    if run.url:
        links.append(("prefect", t("chat.page.prefect"), run.url))
    for i, (kind, label, url) in enumerate(links):
        st.link_button(label, url, icon=_LINK_ICON[kind], key=f"{K}{key}-{run.run_id}-{i}")


def _panel(snapshot: StateSnapshot) -> None:
    st.subheader(t("chat.status.goals"))
    if not snapshot.goals:
        st.caption(t("chat.status.no_goals"))
    for goal in snapshot.goals:
        _goal(goal, goal.goal_id == snapshot.active_goal_id)
    st.subheader(t("chat.status.pending"))
    if not snapshot.pending_confirmations:
        st.caption(t("chat.status.no_pending"))
    for confirmation in snapshot.pending_confirmations:
        st.markdown(confirmation.description)
        _confirmation_buttons(confirmation, "panel")
    if snapshot.running:
        st.subheader(t("chat.status.running"))
        for batch in snapshot.running:
            st.markdown(
                f":material/progress_activity: {t('chat.status.tasks', count=len(batch.tasks))}"
                + t("display.sep")
                + local_time(batch.started_at)
            )
    for title, runs, key in (
        (t("chat.status.paused_runs"), snapshot.paused_runs, "paused"),
        (t("chat.status.recent_runs"), snapshot.recent_runs, "recent"),
    ):
        if runs:
            st.subheader(title)
            for run in runs:
                _run(run, key)


def _conversation_picker() -> None:
    from keiri.copilot.session import list_conversations

    try:
        conversations = list_conversations(current_user())
    except KeiriError as exc:
        render_error(exc, key="copilot-list")
        return
    ids: list[str | None] = [None, *(c.conversation_id for c in conversations)]
    titles = {
        c.conversation_id: t("display.paren", text=c.title, note=local_time(c.updated_at))
        for c in conversations
    }
    current = st.session_state.get(_CONVERSATION)
    index = ids.index(current) if current in ids else 0
    choice = st.selectbox(
        t("chat.page.conversation"),
        ids,
        index=index,
        format_func=lambda c: t("chat.page.new_label") if c is None else titles[c],
        key=f"{K}picker-{current}",
    )
    if choice != current:
        st.session_state[_CONVERSATION] = choice
        st.session_state[_SEEN] = 0
        st.rerun()


@backend.in_api_session
def _watch() -> None:
    """While the page is open: let the TaskLoop look at the runs (`refresh`) and rerun the
    page when the conversation grew (a summary, a paused run)."""
    conversation = st.session_state.get(_CONVERSATION)
    if conversation is None:
        return
    try:
        session = _open(conversation)
        session.refresh()
        count = len(session.history())
    except KeiriError:
        return
    if count != st.session_state.get(_SEEN):
        st.rerun(scope="app")


def render() -> None:
    st.title(t("chat.page.title"))
    st.caption(t("chat.page.caption"))
    if not llm_ready(injected=st.session_state.get(CLIENT_KEY) is not None):
        st.chat_input(t("chat.page.input"), key=K + "input", disabled=True)
        return
    _conversation_picker()
    text = st.chat_input(t("chat.page.input"), key=K + "input")
    try:
        session = _session()
    except KeiriError as exc:
        render_error(exc, key="copilot-open")
        return
    if text and text.strip():
        _turn(session.send, text.strip(), spinner=t("chat.page.thinking"))
    error = st.session_state.get(_ERROR)
    if error is not None:
        render_error(error, key="copilot")
    chat, panel = st.columns([3, 2], gap="large")
    snapshot: StateSnapshot | None = None
    try:
        snapshot = session.snapshot()  # first: it lets the TaskLoop post what has ended
    except KeiriError as exc:
        with panel:
            render_error(exc, key="copilot-state")
    history = session.history()
    st.session_state[_SEEN] = len(history)
    pending = {c.id for c in snapshot.pending_confirmations} if snapshot else set()
    with chat:
        if not history:
            st.info(t("chat.page.empty"), icon=":material/forum:")
        for message in history:
            _message(message, pending)
        st.button(t("chat.page.refresh"), key=K + "refresh", icon=":material/refresh:")
        st.fragment(run_every=_POLL_S)(_watch)()
    if snapshot is not None:
        with panel:
            _panel(snapshot)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
