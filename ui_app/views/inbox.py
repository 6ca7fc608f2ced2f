"""受信箱: the paused runs waiting for someone, grouped by run — each run under its title
(plan description, period, first file or counterparty: `flows.lifecycle.run_title`), who
started it and when; each form with its step, message, who is asked and since when, and a
link to it. Above them, the runs the person signed in started that were sent back (差し戻し)
at a review, with who sent them back and why."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from flows.backend import rejection
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend, nav, read_ahead, run_titles
from ui_app.auth import current_user
from ui_app.backend import InboxItem
from ui_app.errors import render_error

__all__ = ["RunGroup", "groups", "render", "waited"]

_log = logging.getLogger("keiri.ui")


@dataclass
class RunGroup:
    """The paused forms of one run (its loop items' and subflows' forms included)."""

    run_id: str
    title: str
    started: str
    items: list[InboxItem] = field(default_factory=list)


def waited(since: datetime, now: datetime | None = None) -> str:
    """How long ago, in words: 「3 分前」."""
    seconds = max(0, int(((now or datetime.now()) - since).total_seconds()))
    for key, size in (("time.days_ago", 86400), ("time.hours_ago", 3600), ("time.minutes_ago", 60)):
        if seconds >= size:
            return t(key, n=seconds // size)
    return t("time.just_now")


def groups(items: list[InboxItem]) -> list[RunGroup]:
    """The items by the plan's own run, in the order of each run's oldest question."""
    found: dict[str, RunGroup] = {}
    for item in items:
        try:
            root, title = run_titles.of_run(item.run_id)
            text, started = title.text() or item.plan_id, title.started()
        except KeiriError:
            root, text, started = item.run_id, item.plan_id, ""
        group = found.setdefault(root, RunGroup(root, text, started))
        group.items.append(item)
    return list(found.values())


def _row() -> tuple[DeltaGenerator, DeltaGenerator]:
    """A bordered card: the text on the left takes what the link on the right leaves (the link
    as wide as its label in every language: a fixed column clipped 「Open in recent runs」)."""
    card = st.container(border=True, horizontal=True, vertical_alignment="center", gap="medium")
    return card.container(width="stretch"), card.container(width="content")


def _card(item: InboxItem) -> None:
    left, right = _row()
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
        step = run_titles.step_name(item.run_id, item.node_id) if item.node_id else "—"
        st.caption(
            t(
                "inbox.meta",
                step=step,
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


def _group(group: RunGroup) -> None:
    st.markdown(f"#### {group.title}")
    if group.started:
        st.caption(":material/person: " + group.started)
    for item in group.items:
        _card(item)


def _rejected(who: str) -> None:
    """The person's own runs that were sent back (`flows.backend.rejection`)."""
    try:
        views = backend.sent_back_ahead()  # read at the app's start (read again with the inbox)
        if views is None:
            views = backend.recent_runs("rejected", limit=backend.REJECTED_LIMIT)
    except KeiriError as exc:
        _log.warning("inbox: the sent-back runs could not be listed: %s", exc.message)
        return  # the forms below say when the server cannot be reached
    mine = []
    for view in views:
        try:
            title = run_titles.of_view(view)
        except KeiriError as exc:
            _log.warning("inbox: no title for sent-back run %s: %s", view.run_id, exc.message)
            continue
        if title.started_by == who:
            mine.append((view, title))
    if not mine:
        return
    st.subheader(t("inbox.rejected.title"))
    st.caption(t("inbox.rejected.caption"))
    for view, title in mine:
        try:
            outcome = backend.run_outcome(view.run_id)
        except KeiriError as exc:
            _log.warning("inbox: no outcome for sent-back run %s: %s", view.run_id, exc.message)
            continue
        found = rejection.of_run(outcome.outputs, outcome.block_error)
        left, right = _row()
        left.markdown(f":material/undo: **{title.text()}**")
        if found is not None:
            left.caption(
                t(
                    "inbox.rejected.item",
                    by=found.by or t("summary.rejected.someone"),
                    reason=found.reason or t("summary.rejected.no_reason"),
                )
            )
        with right:
            st.page_link(
                nav.page(nav.RUNS),
                label=t("inbox.rejected.open"),
                icon=":material/history:",
                query_params={"open": view.run_id},
            )


def render() -> None:
    st.title(t("inbox.title"))
    st.caption(t("inbox.caption"))
    st.button(t("inbox.refresh"), key="inbox::refresh")
    read_ahead.wait()  # the first drawing after the start: what was read meanwhile
    _rejected(current_user())
    items = backend.inbox_ahead()
    if items is not None:  # read at the app's start: read again in a moment
        read_ahead.read_again_soon("inbox")
    else:
        try:
            items = backend.inbox()
        except KeiriError as exc:
            render_error(exc, key="inbox")
            return
    if not items:
        st.info(t("inbox.empty"))
        return
    for group in groups(items):
        _group(group)


if __name__ == "__main__":  # run as a page by st.navigation
    render()
