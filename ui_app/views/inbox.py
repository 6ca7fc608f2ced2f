"""受信箱: the paused runs waiting for someone — plan, node, message, who is asked, since when —
each with a link to its form."""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from blocks.errors import BlockError
from keiri.messages import local_time
from ui_app import backend, nav
from ui_app.backend import InboxItem
from ui_app.errors import render_error

__all__ = ["render", "waited"]


def waited(since: datetime, now: datetime | None = None) -> str:
    """How long ago, in words: 「3 分前」."""
    seconds = max(0, int(((now or datetime.now()) - since).total_seconds()))
    for unit, size in (("日", 86400), ("時間", 3600), ("分", 60)):
        if seconds >= size:
            return f"{seconds // size} {unit}前"
    return "たった今"


def _card(item: InboxItem) -> None:
    with st.container(border=True):
        left, right = st.columns([4, 1], vertical_alignment="center")
        with left:
            st.markdown(f"**{item.message or '（メッセージなし）'}**")
            since = (
                f"{local_time(item.asked_at.astimezone())}（{waited(item.asked_at)}）"
                if item.asked_at
                else local_time(None)
            )
            st.caption(
                f"計画: {item.plan_id or '?'} ・ ノード: {item.node_id or '?'} ・ "
                f"担当: {item.assignee or '未指定'} ・ 待機開始: {since}"
            )
            if item.problem:
                st.caption(f":material/warning: このフォームはここでは開けません: {item.problem}")
        with right:
            if item.problem:
                st.link_button("Prefect UI", backend.prefect_ui_url(item.run_id))
            else:
                st.page_link(
                    nav.page(nav.FORM),
                    label="フォームを開く",
                    icon=":material/edit_note:",
                    query_params={"run": item.run_id},
                )


def render() -> None:
    st.title("受信箱")
    st.caption("入力・確認・承認を待っている実行です。古い依頼から順に並びます。")
    st.button("更新", key="inbox::refresh")
    try:
        items = backend.inbox()
    except BlockError as exc:
        render_error(exc, key="inbox")
        return
    if not items:
        st.info("入力待ちの実行はありません。")
        return
    for item in items:
        _card(item)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
