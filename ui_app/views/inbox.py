"""受信箱: the paused runs waiting for someone — plan, node, message, who is asked, since when —
each with a link to its form."""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend, nav
from ui_app.backend import InboxItem
from ui_app.errors import render_error

__all__ = ["render", "waited"]


def waited(since: datetime, now: datetime | None = None) -> str:
    """How long ago, in words: 「3 分前」."""
    seconds = max(0, int(((now or datetime.now()) - since).total_seconds()))
    for key, size in (("time.days_ago", 86400), ("time.hours_ago", 3600), ("time.minutes_ago", 60)):
        if seconds >= size:
            return t(key, n=seconds // size)
    return t("time.just_now")


def _card(item: InboxItem) -> None:
    with st.container(border=True):
        left, right = st.columns([4, 1], vertical_alignment="center")
        with left:
            heading = item.message or t("inbox.no_message")
            st.markdown(f"**{item.title}**: {heading}" if item.title else f"**{heading}**")
            since = (
                t(
                    "display.paren",
                    text=local_time(item.asked_at.astimezone()),
                    note=waited(item.asked_at),
                )
                if item.asked_at
                else local_time(None)
            )
            st.caption(
                t(
                    "inbox.meta",
                    plan=item.plan_id or "?",
                    node=item.node_id or "?",
                    assignee=item.assignee or t("form.unassigned"),
                    since=since,
                )
            )
            if item.problem:
                st.caption(":material/warning: " + t("inbox.cannot_open", problem=item.problem))
        with right:
            if item.problem:
                st.link_button("Prefect UI", backend.prefect_ui_url(item.run_id))
            else:
                st.page_link(
                    nav.page(nav.FORM),
                    label=t("inbox.open_form"),
                    icon=":material/edit_note:",
                    query_params={"run": item.run_id},
                )


def render() -> None:
    st.title(t("inbox.title"))
    st.caption(t("inbox.caption"))
    st.button(t("inbox.refresh"), key="inbox::refresh")
    try:
        items = backend.inbox()
    except KeiriError as exc:
        render_error(exc, key="inbox")
        return
    if not items:
        st.info(t("inbox.empty"))
        return
    for item in items:
        _card(item)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
