"""The choice form of a block's question (seed 003, `compiler.confirmation`): the options as
radio buttons, each with its details (for a payment: amount, date, 摘要), an optional free
answer, and a 取消 button that ends the run as cancelled (not failed).

`choice_widget` is the widget of the `choice` field type (`ui_app.fields.WIDGETS`);
`cancel_button` is added by the form page when the form is a choice form. Not a page itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.forms.form import Requirement
from blocks.sdk.confirmation import CANCEL_FIELD
from keiri.base.catalog import t
from ui_app.session_state import Entry, widget_key

if TYPE_CHECKING:
    from flows.lifecycle.control import PausedForm

__all__ = ["FORM_KIND", "cancel_button", "choice_widget", "details_text", "is_choice_form"]

#: The `kind` of a stored choice form (`compiler.confirmation.FORM_KIND`; the UI does not
#: import the compiler).
FORM_KIND = "confirmation"


def is_choice_form(definition: dict[str, Any]) -> bool:
    return definition.get("kind") == FORM_KIND


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


def _cancel(run_id: str, key: str, form: PausedForm, who: str) -> None:
    from ui_app.views.form import submit

    st.session_state[key]["values"][CANCEL_FIELD] = True
    submit(run_id, key, form.mode, form.requirements, who, form.run.pause_key or "")


def cancel_button(column: Any, run_id: str, key: str, form: PausedForm, who: str) -> None:
    """取消: answers the question with cancel (the run ends as cancelled, not failed)."""
    column.button(
        t("confirm.cancel"),
        key="keiri::cancel::" + key,
        on_click=_cancel,
        args=(run_id, key, form, who),
        help=t("confirm.cancel_note"),
    )
