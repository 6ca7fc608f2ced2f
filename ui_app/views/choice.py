"""The choice form of a block's question (seed 003, `compiler.confirmation`): the options as
radio buttons, each with its details (for a payment: amount, date, 摘要), an optional free
answer, and a 取消 button that ends the run as cancelled (not failed).

The radio buttons are the widget of the `choice` field type (`ui_app.choice_field`, rendered
through `ui_app.fields.WIDGETS`); `cancel_button` is added by the form page when the form is a
choice form. Not a page itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.sdk.confirmation import CANCEL_FIELD
from keiri.base.catalog import t
from ui_app.form_submit import submit

if TYPE_CHECKING:
    from flows.lifecycle.control import PausedForm

__all__ = ["FORM_KIND", "cancel_button", "is_choice_form"]

#: The `kind` of a stored choice form (`compiler.confirmation.FORM_KIND`; the UI does not
#: import the compiler).
FORM_KIND = "confirmation"


def is_choice_form(definition: dict[str, Any]) -> bool:
    return definition.get("kind") == FORM_KIND


def _cancel(run_id: str, key: str, form: PausedForm, who: str) -> None:
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
