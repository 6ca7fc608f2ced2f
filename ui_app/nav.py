"""The app's pages and navigation (`st.navigation`): 受信箱, 入力フォーム, 実行履歴, 新規実行 (the files
`ui_app/views/{inbox,form,runs,new_run,analysis,ask,copilot}.py`, 分析, 依頼 and コパイロット last) and,
when its module exists, 設計 (`ui_app/views/design.py`, imported only when opened); closing the
month adds 取引先 and 証憑検索 (`ui_app/views/{counterparties,evidence}.py`, titles in the catalog).

The form's deep link is `/?run=<id>` (the URL `keiri run` prints): the root page is the
inbox, which hands a `run` query parameter over to the form page.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from ui_app.errors import render_error

__all__ = [
    "ANALYSIS",
    "ASK",
    "COPILOT",
    "COUNTERPARTIES",
    "DESIGN",
    "EVIDENCE",
    "FORM",
    "INBOX",
    "NEW_RUN",
    "RUNS",
    "page",
    "page_names",
    "run",
]

INBOX, FORM, RUNS, DESIGN = "inbox", "form", "runs", "design"
ANALYSIS, ASK = "analysis", "ask"
COPILOT = "copilot"
NEW_RUN = "new_run"
COUNTERPARTIES, EVIDENCE = "counterparties", "evidence"
_VIEWS = Path(__file__).resolve().parent / "views"
_DESIGN_FILE = _VIEWS / "design.py"


def _design() -> None:
    try:
        module = importlib.import_module("ui_app.views.design")
        render: Callable[[], None] = module.render
    except Exception as exc:
        render_error(
            BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("nav.design_failed", error=f"{type(exc).__name__}: {exc}"),
                details={"module": "ui_app.views.design", "error": repr(exc)},
                hint=t("nav.design_failed_hint"),
            ),
            key="design",
        )
        return
    render()


#: A page -> its title (a catalog key) and icon.
_PAGES = {
    INBOX: ("nav.inbox", ":material/inbox:"),
    FORM: ("nav.form", ":material/edit_note:"),
    RUNS: ("nav.runs", ":material/history:"),
    NEW_RUN: ("nav.new_run", ":material/play_circle:"),
    DESIGN: ("nav.design", ":material/design_services:"),
    ANALYSIS: ("nav.analysis", ":material/analytics:"),
    ASK: ("nav.ask", ":material/assignment:"),
    COPILOT: ("nav.copilot", ":material/smart_toy:"),
}
#: Pages whose titles come from the catalog (closing the month): name -> (title key, icon).
_CLOSING_PAGES = {
    COUNTERPARTIES: ("parties.nav", ":material/contacts:"),
    EVIDENCE: ("search.nav", ":material/plagiarism:"),
}


def page_names() -> list[str]:
    return (
        [INBOX, FORM, RUNS, NEW_RUN]
        + ([DESIGN] if _DESIGN_FILE.is_file() else [])
        + list(_CLOSING_PAGES)
        + [ANALYSIS, ASK, COPILOT]
    )


def page(name: str) -> StreamlitPage:
    """The page `name` (for `st.page_link` / `st.switch_page`)."""
    if name in _CLOSING_PAGES:
        key, icon = _CLOSING_PAGES[name]
        title = t(key)
    else:
        title, icon = _PAGES[name]
    # Our pages are files (`render()` runs under `__main__`), so AppTest can switch to them;
    # the design page is owned elsewhere and imported only when opened.
    source: Callable[[], None] | Path = _design if name == DESIGN else _VIEWS / f"{name}.py"
    return st.Page(source, title=t(title), icon=icon, url_path=name, default=name == INBOX)


def run() -> None:
    pages = {name: page(name) for name in page_names()}
    current = st.navigation(list(pages.values()))
    run_id = st.query_params.get("run")
    if current is pages[INBOX] and run_id:
        st.switch_page(pages[FORM], query_params={"run": run_id})
    current.run()
