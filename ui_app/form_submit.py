"""The 送信 of a form: validate, and resume only when every field is valid (the same
validation as the server, `validate_answers`). Invalid answers stay in the entry with their
problems; the run stays paused. Below the form page and the choice form's 取消, which both
submit."""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from blocks.forms.form import FieldProblem, Requirement, validate_answers
from keiri.base.errors import KeiriError
from keiri.base.times import local_time
from ui_app import backend, drafts
from ui_app.fields import pull_widget_values
from ui_app.session_state import answers, form_fields, group_problems

__all__ = ["SUBMITTED", "submit"]

#: `SUBMITTED + run_id` -> {"by", "at", "key", "node_id"} of this session's last resume.
SUBMITTED = "keiri::submitted::"


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
    state[SUBMITTED + run_id] = {
        "by": who,
        "at": local_time(datetime.now(UTC), "%Y-%m-%d %H:%M:%S"),
        "key": pause_key,
        "node_id": entry.get("node_id"),
    }
