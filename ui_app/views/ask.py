"""依頼: a request in Japanese → tasks → a validated plan → a background run → the answer
(seed 003; the same `designer.ask.prepare_request` as `keiri ask`).

The run goes to a background runner, so the page never waits on it: 更新 reads its state; a
form it waits for is one click away; when it completes the answer is written once (by the
model, checked against the outputs, or the template) and kept in the session. A request that
is not run (not servable, or its plan did not validate) is shown as a refusal (a warning),
never under 「依頼を受け付けました」.

The designer, the LLM client and the progress reader are imported when a request is sent, so
the first visit draws at once; without LLM settings the page says so at the top and the
request box is disabled (`ui_app.llm_notice`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

from keiri.base.catalog import state_label, t
from keiri.base.errors import KeiriError
from ui_app import backend
from ui_app.auth import current_user
from ui_app.errors import render_error
from ui_app.llm_notice import llm_ready
from ui_app.nav import FORM, RUNS, page

__all__ = ["render"]

K = "ask_"


def _submit(request: str) -> None:
    from blocks.llm.client import LLMClient
    from designer.ask import prepare_request, refusal

    with st.status(t("ask.reading"), expanded=True) as status:
        try:
            with LLMClient.from_env() as llm:
                prepared = prepare_request(request, llm)
            refused = refusal(prepared)
            run_id = None
            if refused is None and prepared.compiled is not None and prepared.path is not None:
                status.write(t("ask.starting"))
                run_id = backend.start_plan(prepared.compiled, prepared.path, current_user())
        except KeiriError as exc:
            status.update(label=t("ask.failed"), state="error")
            st.session_state[K + "error"] = exc
            return
        st.session_state[K + "error"] = None
        st.session_state[K + "current"] = {
            "request": request,
            "tasks": prepared.tasks,
            "reason": prepared.analysis.reason,
            "errors": [
                i.message for i in (prepared.generated.errors if prepared.generated else [])
            ],
            "run_id": run_id,
            "compiled": prepared.compiled,
            "answer": refused.to_json() if refused else None,
            "refused": refused is not None,
        }
        if refused is not None:
            status.update(label=t("ask.refused_label"), state="error", expanded=False)
        else:
            status.update(label=t("ask.accepted"), state="complete", expanded=False)


def _tasks(current: dict[str, Any]) -> None:
    if not current["tasks"]:
        return
    st.subheader(t("ask.tasks"))
    st.dataframe(
        [
            {
                t("ask.col.task"): task["id"],
                t("ask.col.block"): task["block"],
                t("ask.col.purpose"): task["purpose"],
                t("ask.col.depends_on"): t("ask.list_sep").join(task["depends_on"]) or "—",
            }
            for task in current["tasks"]
        ],
        hide_index=True,
        width="stretch",
    )


#: A node's status -> its icon and words.
_STATUS = {
    "pending": (":material/schedule:", "summary.runs.status.pending"),
    "running": (":material/progress_activity:", "summary.runs.status.running"),
    "completed": (":material/check_circle:", "summary.runs.status.completed"),
    "skipped": (":material/skip_next:", "summary.runs.status.skipped"),
    "failed": (":material/error:", "summary.runs.status.failed"),
    "paused": (":material/edit_note:", "summary.runs.status.paused"),
}


def _progress(current: dict[str, Any], log: str | None) -> None:
    """Each node of the plan with its status and loop counts, from the run's event log."""
    if not log or current.get("compiled") is None:
        return
    from flows.backend.progress import read_progress

    progress = read_progress(Path(log), current["compiled"])
    for node in progress.nodes:
        icon, words = _STATUS[node.status]
        line = f"{icon} {t(words)} {node.node_id}"
        loop = node.loop
        if loop is not None and loop.total:
            line += (
                t("ask.loop_failed", done=loop.done, total=loop.total, failed=loop.failed)
                if loop.failed
                else t("ask.loop", done=loop.done, total=loop.total)
            )
        st.markdown(line)
        if node.loop is not None and node.loop.total and node.status == "running":
            st.progress(node.loop.done / node.loop.total)


def _answer_when_done(current: dict[str, Any]) -> None:
    run_id = current["run_id"]
    outcome = backend.run_outcome(run_id)
    st.caption(t("ask.run", run_id=run_id, state=state_label(outcome.state)))
    _progress(current, outcome.log)
    if outcome.paused is not None:
        st.info(t("ask.waiting"), icon=":material/edit_note:")
        st.page_link(page(FORM), label=t("runs.open_form"), query_params={"run": run_id})
    elif outcome.state == "completed":
        current["log"] = outcome.log
        from blocks.llm.client import LLMClient
        from designer.ask import compose_answer

        with st.spinner(t("ask.composing")):
            try:
                with LLMClient.from_env() as llm:
                    answer = compose_answer(current["request"], outcome.outputs, "completed", llm)
            except KeiriError as exc:
                render_error(exc, key="ask-answer")
                return
        current["answer"] = answer.to_json()
        st.rerun()
    elif outcome.state in {"failed", "crashed", "cancelled"}:
        from designer.ask import ComposedAnswer

        current["log"] = outcome.log
        message = outcome.error.message if outcome.error else state_label(outcome.state)
        current["answer"] = ComposedAnswer(t("ask.not_done", message=message), "template").to_json()
        st.rerun()
    st.page_link(page(RUNS), label=t("ask.to_runs"))
    st.button(t("runs.refresh"), key=K + "refresh", icon=":material/refresh:")


def _show(current: dict[str, Any]) -> None:
    _tasks(current)
    if current["errors"]:
        st.error(t("ask.invalid_plan", problems=" / ".join(current["errors"])))
    answer = current["answer"]
    if answer is not None and current.get("refused"):
        st.warning(answer["text"], icon=":material/block:")  # a refusal, not an answer
    elif answer is not None:
        if current.get("log"):
            with st.expander(t("ask.done_steps"), expanded=False):
                _progress(current, current["log"])
        st.subheader(t("ask.answer"))
        st.markdown(answer["text"])
        st.caption(t("ask.source.llm" if answer["source"] == "llm" else "ask.source.template"))
    elif current["run_id"]:
        # Follows the run while the page is open (the log is the source: reopening the page
        # shows the same); the 更新 button does the same by hand.
        st.fragment(run_every=2)(_answer_when_done)(current)


def render() -> None:
    st.title(t("nav.ask"))
    st.caption(t("ask.caption"))
    ready = llm_ready()
    with st.form(K + "form"):
        request = st.text_area(
            t("ask.request"), placeholder=t("ask.placeholder"), disabled=not ready
        )
        sent = st.form_submit_button(t("ask.send"), type="primary", disabled=not ready)
    if sent and request.strip() and ready:
        _submit(request.strip())
    elif sent:
        st.warning(t("ask.empty"))
    error = st.session_state.get(K + "error")
    if error is not None:
        render_error(error, key="ask")
    current = st.session_state.get(K + "current")
    if current is not None:
        _show(current)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
