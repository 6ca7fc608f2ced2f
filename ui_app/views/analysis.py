"""分析: the data-analysis agent of seed 002 — upload a table, chat, get a report.

One `graph.invoke()` per user message (`blocks.analysis.run_turn`); the state lives in
`st.session_state` as the seed lays it out (`analysis::messages`, `analysis::df`,
`analysis::workspace_dir`, plus the agent's results and assumptions) — no LangGraph
checkpointer. A turn ends with a question (shown as the assistant's message) or a report
(rendered per section: Markdown, image, table, then 追加の分析案). Keys start `analysis::`.

The agent (LangGraph, pandas, the LLM client) is imported when a file is uploaded or a turn
runs, so the first visit draws at once; without LLM settings the page says so at the top and
its upload and chat input are disabled (`ui_app.llm_notice`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.sdk.errors import BlockError
from keiri.base.catalog import t
from ui_app.errors import render_error
from ui_app.llm_notice import llm_ready

if TYPE_CHECKING:
    from blocks.analysis import AgentState, ReportOutput

__all__ = ["render", "render_report"]

K = "analysis::"
_STATE_KEYS = ("messages", "df", "df_info", "execution_results", "assumptions", "workspace_dir")
#: The agent's next action -> its words.
_NEXT = {
    "ask": "analysis.next.ask",
    "act": "analysis.next.act",
    "finalize": "analysis.next.finalize",
}


def _reasoned(f: dict[str, Any]) -> str:
    key = _NEXT.get(f["next_action"])
    return t("analysis.reason", loop=f["loop"], next=t(key) if key else f["next_action"])


def _acted(f: dict[str, Any]) -> str:
    seconds = f"{f['seconds']:.1f}"
    if f["success"]:
        return t("analysis.action_ok", loop=f["loop"], seconds=seconds)
    return t("analysis.action_failed", loop=f["loop"], error=f["error"], seconds=seconds)


_PROGRESS: dict[str, Callable[[dict[str, Any]], str]] = {
    "analysis_reason": _reasoned,
    "analysis_action": _acted,
    "sandbox_violation": lambda f: f"⚠ {f['violation']}",
    "analysis_loop_cap": lambda f: "⚠ " + t("analysis.loop_cap"),
    "analysis_report": lambda f: t("analysis.report_done", title=f["title"]),
}


def _get(name: str, default: Any = None) -> Any:
    return st.session_state.get(K + name, default)


def _set(name: str, value: Any) -> None:
    st.session_state[K + name] = value


def _reset() -> None:
    for key in [k for k in st.session_state if str(k).startswith(K)]:
        del st.session_state[key]


# -- state <-> AgentState ------------------------------------------------------------------


def _agent_state() -> AgentState:
    """Build the graph's input from `st.session_state` (the seed's data flow)."""
    from blocks.analysis import AgentState

    return AgentState(
        messages=_get("messages", []),
        df=_get("df"),
        df_info=_get("df_info"),
        execution_results=_get("execution_results", []),
        assumptions=_get("assumptions", []),
        workspace_dir=_get("workspace_dir"),
    )


def _keep(state: AgentState) -> None:
    for name in _STATE_KEYS:
        _set(name, getattr(state, name))


# -- upload ----------------------------------------------------------------------------------


def _workspace() -> Path:
    from blocks.analysis.workspace import create_workspace

    if _get("workspace_dir") is None:
        _set("workspace_dir", str(create_workspace()))
    return Path(_get("workspace_dir"))


def _upload(enabled: bool) -> None:
    uploaded = st.file_uploader(
        t("analysis.upload"), type=["csv", "xlsx"], key=K + "uploader", disabled=not enabled
    )
    if uploaded is None:
        return
    from blocks.analysis.workspace import dataframe_info, read_data, save_upload

    data = uploaded.getvalue()
    digest = hashlib.sha256(data).hexdigest()
    if _get("upload") != digest:
        try:
            path = save_upload(_workspace(), uploaded.name, data)
            df = read_data(path, uploaded.name)
        except BlockError as exc:
            render_error(exc, key="analysis-upload")
            return
        _set("df", df)
        _set("df_info", dataframe_info(df))
        _set("upload", digest)
        _set("data_name", uploaded.name)
    df = _get("df")
    st.caption(
        t("analysis.shape", name=_get("data_name"), rows=f"{df.shape[0]:,}", columns=df.shape[1])
    )
    with st.expander(t("analysis.preview")):
        st.dataframe(df.head(20))


# -- rendering -------------------------------------------------------------------------------


def render_report(report: ReportOutput, workspace: Path, *, key: str) -> None:
    """The seed's `render_report`: sections by type, then the suggestions."""
    from blocks.analysis.report import REPORT_FILE, section_table

    st.header(report.title)
    for section in report.sections:
        if section.section_type == "text":
            st.markdown(section.content)
        elif section.section_type == "image":
            st.image(str(workspace / section.content), caption=section.description)
        else:
            if section.description:
                st.caption(section.description)
            st.dataframe(section_table(section), hide_index=True)
    if report.suggestions:
        st.markdown(f"**{t('analysis.suggestions')}**")
        st.markdown("\n".join(f"- {s}" for s in report.suggestions))
    markdown = workspace / REPORT_FILE
    if markdown.is_file():
        st.download_button(
            t("analysis.download"),
            markdown.read_bytes(),
            file_name=REPORT_FILE,
            mime="text/markdown",
            key=K + f"download-{key}",
        )


def _history() -> None:
    workspace = Path(_get("workspace_dir") or ".")
    for index, entry in enumerate(_get("chat", [])):
        with st.chat_message(entry["role"]):
            if entry.get("text"):
                st.markdown(entry["text"])
            if entry.get("report") is not None:
                render_report(entry["report"], workspace, key=str(index))


def _turn(prompt: str) -> None:
    chat = [*_get("chat", []), {"role": "user", "text": prompt}]
    _set("chat", chat)
    with st.chat_message("user"):
        st.markdown(prompt)
    with st.chat_message("assistant"), st.status(t("analysis.working"), expanded=True) as status:

        def progress(event: str, **fields: Any) -> None:
            show = _PROGRESS.get(event)
            if show is not None:
                st.write(show(fields))  # inside the status container

        from blocks.analysis import build_graph, run_turn
        from blocks.llm.client import LLMClient

        try:
            with LLMClient.from_env() as llm:
                result = run_turn(build_graph(llm, emit=progress), _agent_state(), prompt)
        except BlockError as exc:
            status.update(label=t("analysis.failed"), state="error")
            _set("error", exc)
            return
        _set("error", None)
        _keep(result.state)
        if result.kind == "ask":
            status.update(label=t("analysis.question"), state="complete", expanded=False)
            chat.append({"role": "assistant", "text": result.question})
        else:
            status.update(label=t("analysis.done"), state="complete", expanded=False)
            chat.append({"role": "assistant", "text": None, "report": result.report})
    st.rerun()


def render() -> None:
    st.title(t("nav.analysis"))
    st.caption(t("analysis.caption"))
    ready = llm_ready()
    _upload(ready)
    _history()
    error = _get("error")
    if error is not None:
        render_error(error, key="analysis-turn")
    prompt = st.chat_input(t("analysis.placeholder"), key=K + "chat_input", disabled=not ready)
    if prompt and ready:
        _turn(prompt)
    if _get("chat"):
        st.button(t("analysis.reset"), on_click=_reset, key=K + "reset")


if __name__ == "__main__":  # run as a page by st.navigation
    render()
