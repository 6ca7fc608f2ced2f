"""The widget of the `choice` field type (`Widget.CHOICE`, a block's question, seed 003):
the options as radio buttons, each with its details (for a payment: amount, date, 摘要).
Below the form page and `ui_app.fields`, which both use it; the 取消 button of a choice form is
`ui_app.views.choice.cancel_button`."""

from __future__ import annotations

from typing import Any

import streamlit as st

from blocks.forms.form import Requirement
from keiri.base.catalog import t
from ui_app.session_state import Entry, widget_key

__all__ = ["choice_widget", "details_text"]


def details_text(details: dict[str, Any]) -> str:
    """An option's details as one line: `日付: 2024-04-26 ・ 摘要: … ・ 入金: 110,000`."""
    parts = []
    for key, value in details.items():
        if key.endswith("_index") or value in (None, ""):
            continue
        shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else value
        parts.append(f"{key}: {shown}")
    return t("display.sep").join(parts)


def _options(req: Requirement) -> list[dict[str, Any]]:
    return [o if isinstance(o, dict) else {"id": str(o), "label": str(o)} for o in req.options]


def choice_widget(req: Requirement, key: str, entry: Entry) -> None:
    options = _options(req)
    ids = [str(o["id"]) for o in options]
    labels = {str(o["id"]): str(o.get("label") or o["id"]) for o in options}
    wkey = widget_key(key, req.id)
    if wkey not in st.session_state:
        value = entry["values"].get(req.id)
        st.session_state[wkey] = value if value in ids else (ids[0] if ids else None)
    st.radio(
        req.label,
        ids,
        key=wkey,
        format_func=lambda option_id: labels.get(option_id, option_id),
        captions=[details_text(dict(o.get("details") or {})) for o in options],
        help=req.description or None,
    )
    entry["values"][req.id] = st.session_state[wkey]
