"""依頼: a request in Japanese → tasks → a validated plan → a background run → the answer
(seed 003; the same `designer.ask.prepare_request` as `keiri ask`).

The run goes to a background runner, so the page never waits on it: 更新 reads its state; a
form it waits for is one click away; when it completes the answer is written once (by the
model, checked against the outputs, or the template) and kept in the session.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

from blocks.llm.client import LLMClient
from designer.ask import ComposedAnswer, compose_answer, prepare_request, refusal
from flows.backend.progress import read_progress
from keiri.base.catalog import state_label
from keiri.base.errors import KeiriError
from ui_app import backend
from ui_app.auth import current_user
from ui_app.errors import render_error
from ui_app.nav import FORM, RUNS, page

K = "ask_"


def _submit(request: str) -> None:
    with st.status("依頼を読んでいます…", expanded=True) as status:
        try:
            with LLMClient.from_env() as llm:
                prepared = prepare_request(request, llm)
            refused = refusal(prepared)
            run_id = None
            if refused is None and prepared.compiled is not None and prepared.path is not None:
                status.write("プランを検証しました。実行を開始します…")
                run_id = backend.start_plan(prepared.compiled, prepared.path, current_user())
        except KeiriError as exc:
            status.update(label="依頼を処理できませんでした", state="error")
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
        }
        status.update(label="依頼を受け付けました", state="complete", expanded=False)


def _tasks(current: dict[str, Any]) -> None:
    if not current["tasks"]:
        return
    st.subheader("タスク")
    st.dataframe(
        [
            {
                "タスク": t["id"],
                "ブロック": t["block"],
                "目的": t["purpose"],
                "前提": "、".join(t["depends_on"]) or "—",
            }
            for t in current["tasks"]
        ],
        hide_index=True,
        width="stretch",
    )


_STATUS = {
    "pending": ":material/schedule: 待機",
    "running": ":material/progress_activity: 実行中",
    "completed": ":material/check_circle: 完了",
    "skipped": ":material/skip_next: スキップ",
    "failed": ":material/error: 失敗",
    "paused": ":material/edit_note: 入力待ち",
}


def _progress(current: dict[str, Any], log: str | None) -> None:
    """Each node of the plan with its status and loop counts, from the run's event log."""
    if not log or current.get("compiled") is None:
        return
    progress = read_progress(Path(log), current["compiled"])
    for node in progress.nodes:
        line = f"{_STATUS[node.status]}　{node.node_id}"
        if node.loop is not None and node.loop.total:
            line += f"（{node.loop.done}/{node.loop.total} 件"
            line += f"、失敗 {node.loop.failed} 件）" if node.loop.failed else "）"
        st.markdown(line)
        if node.loop is not None and node.loop.total and node.status == "running":
            st.progress(node.loop.done / node.loop.total)


def _answer_when_done(current: dict[str, Any]) -> None:
    run_id = current["run_id"]
    outcome = backend.run_outcome(run_id)
    st.caption(f"実行 {run_id}・{state_label(outcome.state)}")
    _progress(current, outcome.log)
    if outcome.paused is not None:
        st.info("確認が必要です。フォームに回答すると処理が続きます。", icon=":material/edit_note:")
        st.page_link(page(FORM), label="フォームを開く", query_params={"run": run_id})
    elif outcome.state == "completed":
        current["log"] = outcome.log
        with st.spinner("回答を作成しています…"):
            try:
                with LLMClient.from_env() as llm:
                    answer = compose_answer(current["request"], outcome.outputs, "completed", llm)
            except KeiriError as exc:
                render_error(exc, key="ask-answer")
                return
        current["answer"] = answer.to_json()
        st.rerun()
    elif outcome.state in {"failed", "crashed", "cancelled"}:
        current["log"] = outcome.log
        message = outcome.error.message if outcome.error else state_label(outcome.state)
        current["answer"] = ComposedAnswer(
            f"ご依頼の処理は完了しませんでした: {message}", "template"
        ).to_json()
        st.rerun()
    st.page_link(page(RUNS), label="実行履歴で詳しく見る")
    st.button("更新", key=K + "refresh", icon=":material/refresh:")


def _show(current: dict[str, Any]) -> None:
    _tasks(current)
    if current["errors"]:
        st.error("プランを検証できませんでした: " + " / ".join(current["errors"]))
    answer = current["answer"]
    if answer is not None:
        if current.get("log"):
            with st.expander("実行した処理", expanded=False):
                _progress(current, current["log"])
        st.subheader("回答")
        st.markdown(answer["text"])
        source = (
            "モデルが作成（数値は結果と照合済み）" if answer["source"] == "llm" else "結果から作成"
        )
        st.caption(source)
    elif current["run_id"]:
        # Follows the run while the page is open (the log is the source: reopening the page
        # shows the same); the 更新 button does the same by hand.
        st.fragment(run_every=2)(_answer_when_done)(current)


def render() -> None:
    st.title("依頼")
    st.caption(
        "やりたいことを日本語で書いてください。keiri がブロックの組み合わせ（タスク）に分け、"
        "検証したプランで実行して結果をお答えします。確認が必要なときはフォームでお聞きします。"
    )
    with st.form(K + "form"):
        request = st.text_area(
            "ご依頼", placeholder="例: 今月の支払データを検証してから、取引先別に合計して"
        )
        sent = st.form_submit_button("依頼する", type="primary")
    if sent and request.strip():
        _submit(request.strip())
    elif sent:
        st.warning("依頼の内容を入力してください")
    error = st.session_state.get(K + "error")
    if error is not None:
        render_error(error, key="ask")
    current = st.session_state.get(K + "current")
    if current is not None:
        _show(current)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
