"""The one error widget of the form app (seed 000 §9.3; STYLE habit 5).

`render_error` shows any error of keiri's tree (`KeiriError`: a `BlockError`, `RunNotFound`,
`AlreadyResumed`, `ConfigError`, ...) or its stored dict form, as run records keep it: the
message, an "エラー詳細" expander with the code, node, details and inputs, the hint, and a 再実行
button when the error is recoverable and the page can retry. `render_field_problems` shows
validation messages next to a form field; `kept_result` is what a button kept in the session,
its error shown. Nothing else in `ui_app` renders errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from blocks.sdk.errors import BlockError
from keiri.base.catalog import t
from keiri.base.errors import KeiriError

__all__ = ["as_block_error", "as_error", "kept_result", "render_error", "render_field_problems"]


def as_error(error: KeiriError | dict[str, Any]) -> KeiriError:
    """An error of the tree as it is, or a stored dict (`to_dict` / `--json` form) rebuilt."""
    if isinstance(error, KeiriError):
        return error
    return as_block_error(error)


def as_block_error(error: BlockError | dict[str, Any]) -> BlockError:
    if isinstance(error, BlockError):
        return error
    details = dict(error.get("details") or {})
    if error.get("node_id") and "node_id" not in details:
        details["node_id"] = error["node_id"]
    return BlockError(
        str(error.get("code", "BLOCK_FAILED")),
        str(error.get("message", "")),
        details=details,
        input_snapshot=error.get("input_snapshot"),
        hint=str(error.get("hint") or ""),
        recoverable=bool(error.get("recoverable", False)),
    )


def render_error(
    error: KeiriError | dict[str, Any],
    *,
    key: str,
    on_retry: Callable[[], None] | None = None,
) -> None:
    """`key` makes the retry button unique on the page; `on_retry` runs on its press."""
    err = as_error(error)
    st.error(err.message, icon=":material/error:")
    with st.expander(t("error.details")):
        st.caption(
            t("error.code", code=err.code)
            + (t("display.sep") + t("error.node", node=err.node_id) if err.node_id else "")
        )
        st.json(err.details)
        snapshot = getattr(err, "input_snapshot", None)
        if snapshot:
            st.caption(t("error.snapshot"))
            st.json(snapshot)
    if err.hint:
        st.info(err.hint, icon=":material/lightbulb:")
    if err.recoverable and on_retry is not None:
        st.button(t("error.retry"), key=f"{key}::retry", on_click=on_retry, type="primary")


def render_field_problems(messages: list[str]) -> None:
    for message in messages:
        st.error(message, icon=":material/warning:")


def kept_result(state_key: str, *, error_key: str) -> dict[str, Any] | None:
    """What a button's callback kept in the session under `state_key`: its result, or None
    when nothing is kept or it kept `{"error": ...}`, which is then shown here (`render_error`
    with `error_key`)."""
    kept: dict[str, Any] | None = st.session_state.get(state_key)
    if not kept:
        return None
    if "error" in kept:
        render_error(kept["error"], key=error_key)
        return None
    return kept
