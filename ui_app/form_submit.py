"""The 送信 of a form: validate, and resume only when every field is valid (the same
validation as the server, `validate_answers`). Invalid answers stay in the entry with their
problems; the run stays paused. Below the form page and the choice form's 取消, which both
submit."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import streamlit as st

from blocks.forms.form import FieldProblem, Requirement, validate_answers
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend, drafts, run_titles
from ui_app.fields import pull_widget_values
from ui_app.session_state import answers, form_fields, group_problems

__all__ = ["NEXT_WAIT_S", "SUBMITTED", "next_step", "submit"]

if TYPE_CHECKING:
    from flows.lifecycle.next_step import NextStep

#: `SUBMITTED + run_id` -> {"by", "at", "key", "node_id"} of this session's last resume.
SUBMITTED = "keiri::submitted::"
#: How long the form page waits for the run's next form after a 送信 (polling its state).
NEXT_WAIT_S = 60.0


def next_step(run_id: str, since_pause_key: str) -> NextStep:
    """The run's next step after this session's 送信 (`flows.lifecycle.next_step`), waited
    for at most `NEXT_WAIT_S`; `BlockError` when the server cannot say."""
    from flows.lifecycle.next_step import next_step as wait_next

    try:
        return wait_next(run_id, since_pause_key, NEXT_WAIT_S)
    except KeiriError:
        raise
    except Exception as exc:
        raise run_titles.api_error(exc) from exc


def submit(
    run_id: str,
    key: str,
    mode: str,
    requirements: list[Requirement],
    who: str,
    pause_key: str,
) -> None:
    """The 送信 button: validate, and resume only when every field is valid."""
    state = st.session_state
    entry = state[key]
    fields = form_fields(mode, requirements)
    pull_widget_values(state, key, entry, fields)
    given = answers(entry, fields)
    entry.pop("error", None)
    entry["checked"] = True
    entry["problems"] = group_problems(validate_answers(mode, requirements, given))
    if entry["problems"] or entry.get("upload_errors"):
        return
    try:
        backend.resume(run_id, given, who)
    except KeiriError as exc:
        entry["error"] = exc.to_dict()
        entry["problems"] = group_problems(
            [FieldProblem.model_validate(p) for p in exc.details.get("problems", [])]
        )
        return
    drafts.delete(run_id, str(entry.get("node_id") or ""), who)
    run_titles.forget(run_id)  # the answers may name the run's file or counterparty
    state[SUBMITTED + run_id] = {
        "by": who,
        "at": local_time(datetime.now(UTC), "%Y-%m-%d %H:%M:%S"),
        "key": pause_key,
        "node_id": entry.get("node_id"),
    }
