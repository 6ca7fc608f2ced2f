"""「入力し直して再実行」 on the runs page (issue 12, item 9).

For a failed run whose error is linked to an input (`flows.backend.reenter.offer`: an input error
code, or a block's `cause: "input"`, at a node with human-input nodes upstream), the page
says which form to re-enter and offers the button. Pressing it retries the run in place as
`keiri retry RUN_ID --reenter NODE --detach` does (`flows.lifecycle.runs.retry`, a background runner):
that node asks again with its earlier answers prefilled, the other answers are kept, and
finished work that does not depend on the new answer is reused. When the run pauses at the
form, the form page opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from blocks.sdk.errors import BlockError
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from ui_app import backend, nav

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan
    from flows.backend.reenter import Offer

__all__ = ["OPEN", "offer", "open_pending", "reenter", "render"]

#: The run whose form opens on the next render of the runs page (set by `reenter`).
OPEN = "keiri::reenter::open"
#: How long the button waits for the run to pause at the form (seconds).
WAIT_S = 90.0
_LABEL_CHARS = 40


def _compiled(run_id: str) -> CompiledPlan | None:
    from flows.run_plan import compile_for_run

    plan = backend.run_parameters(run_id).get("plan")
    if not isinstance(plan, str) or not plan:
        return None
    return compile_for_run(plan)


def offer(run_id: str, error: dict[str, Any]) -> tuple[Offer, CompiledPlan] | None:
    """What re-entering can fix in this failed run, with its plan (None: nothing linked to
    an input, or the plan cannot be read any more)."""
    from flows.backend import reenter as reentry

    block_error = BlockError.from_dict(error)
    if not reentry.caused_by_input(block_error):
        return None  # no plan is read for the other failures
    try:
        compiled = _compiled(run_id)
    except KeiriError:
        return None
    if compiled is None:
        return None
    found = reentry.offer(run_id, block_error, compiled)
    return (found, compiled) if found is not None else None


def reenter(run_id: str, node_id: str, who: str, status_key: str) -> None:
    """The button: retry re-entering `node_id`, wait until the run pauses at a form (then
    it opens), record the start (or the error) under `status_key`."""
    try:
        outcome = backend.start_reenter(run_id, node_id, who, WAIT_S)
    except KeiriError as exc:
        st.session_state[status_key] = {"error": exc.to_dict()}
        return
    st.session_state[status_key] = {"by": who, "state": outcome.state}
    if outcome.paused is not None:
        st.session_state[OPEN] = outcome.paused.run_id or run_id


def open_pending() -> None:
    """Open the form a re-entry paused at (called at the top of the runs page)."""
    pending = st.session_state.pop(OPEN, None)
    if pending:
        st.switch_page(nav.page(nav.FORM), query_params={"run": pending})


def _label(compiled: CompiledPlan, node_id: str) -> str:
    """The form as people know it: the node's description, else its message (a literal),
    else its id."""
    cnode = compiled.all_nodes.get(node_id)
    node = getattr(cnode, "node", None)
    text = getattr(node, "description", None) or ""
    if not text:
        message = (getattr(node, "in_", None) or {}).get("message")
        text = message if isinstance(message, str) and "${" not in message else ""
    text = " ".join(text.split())
    if not text:
        return node_id
    return text if len(text) <= _LABEL_CHARS else text[: _LABEL_CHARS - 1] + "…"


def render(run_id: str, error: dict[str, Any], who: str, status_key: str) -> None:
    """The notice and the button under a failed run's error (nothing when not linked to an
    input)."""
    found = offer(run_id, error)
    if found is None:
        return
    linked, compiled = found
    node = linked.inputs[0]
    if len(linked.inputs) > 1:
        node = st.selectbox(
            t("reenter.choose"),
            linked.inputs,
            format_func=lambda n: _label(compiled, n),
            key=f"runs::reenter::choose::{run_id}",
        )
    st.info(t("reenter.caused", node=_label(compiled, node)), icon=":material/edit_note:")
    st.button(
        t("reenter.button"),
        key=f"runs::reenter::{run_id}",
        type="primary",
        icon=":material/edit_note:",
        on_click=reenter,
        args=(run_id, node, who, status_key),
    )
