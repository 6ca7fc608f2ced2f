"""Retry at a pause re-asks: a retried run pauses again at every human-input node that was
asked before, with the answers given then prefilled; an earlier answer is never reused.

- A run's *generation* is how many times it was retried: the number of `AwaitingRetry`
  states in its history (`keiri retry`, the form app's 再実行 and the Prefect UI's Retry all
  set one). Counted once when the flow starts.
- A pause's key carries the generation (`confirm`, then `confirm-r1`, ...). Prefect fires a
  pause key once per flow run: a second pause with the same key returns at once with the
  input stored for the first one (the old answer — or, after a timeout or a crash while
  paused, a RunInput that fails to load). A new key pauses for real.
- Every answer a human-input node took (from the form, or given up front as a run input) is
  recorded on the root run as the flow run input `keiri-answers-<place>-g<generation>`
  (`place`: a digest of the node's scope and task name, so loop items and subflows have
  their own). A retried run finds the latest earlier record of the same place and asks again
  with those answers as the form's defaults (`prefilled`): the form app, `keiri resume` and
  the Prefect UI's dialog all show them, since all derive from the stored form.
- Secret answers (fields of the `secret` type or named like a secret) are never in the record
  nor prefilled: the record holds a reference to a Secret block of the run
  (`flows.backend.answer_secrets`), and a secret field is typed again when a form is shown.
- A run continued in a new process replays the nodes it had answered in this generation:
  their record of this generation (`current`) answers them, without pausing again.

Import only after the Prefect environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Collection
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client

from flows.backend import answer_secrets, run_secrets
from flows.backend.run_inputs import create_once, filter_values, read_value
from keiri.base import masking

__all__ = [
    "PREFIX",
    "answers_of",
    "current",
    "generation",
    "latest",
    "pause_key",
    "place",
    "prefilled",
    "previous",
    "record",
    "recorded_answers",
]

PREFIX = "keiri-answers-"


#: The message that starts the `AwaitingRetry` state of a paused run continued in a new
#: process (`flows.lifecycle.runs.resume`): not a retry, so its pause keeps its key and takes the answer.
CONTINUATION = "continued in a new process"


def generation(flow_run_id: UUID) -> int:
    """How many times the run was retried (its `AwaitingRetry` states, continuations of a
    paused run whose process was gone left out)."""
    with get_client(sync_client=True) as client:
        states = client.read_flow_run_states(flow_run_id)
    return sum(
        1
        for s in states
        if s.name == "AwaitingRetry" and not (s.message or "").startswith(CONTINUATION)
    )


def pause_key(base: str, gen: int) -> str:
    """The pause key of a node in a generation: `base` first, `base-r<gen>` after retries."""
    return base if gen <= 0 else f"{base}-r{gen}"


def place(scope: str, task_name: str) -> str:
    """A short stable name of where a node runs inside its root run (scope + task name)."""
    inner = scope.split("/", 1)[1] if "/" in scope else ""
    return hashlib.sha256(f"{inner}|{task_name}".encode()).hexdigest()[:16]


def answers_of(outputs: dict[str, Any]) -> dict[str, Any]:
    """The answers behind a human-input node's outputs (requirements, decision, comment)."""
    answers = dict(outputs.get("collected_data") or {})
    for key in ("approved", "response"):
        if outputs.get(key) is not None:
            answers[key] = outputs[key]
    return answers


def record(
    root: UUID,
    where: str,
    gen: int,
    answers: dict[str, Any],
    who: str = "",
    inputs: str | None = None,
    secret: Collection[str] = (),
) -> None:
    """Keep the answers a node took in this generation (the first record of a place wins).
    `inputs`: the digest of the node's resolved inputs when it completed with these answers
    (`flows.backend.reenter` keeps such answers when the node's inputs are still the same).
    `secret`: the form's secret fields (`flows.backend.run_secrets.secret_fields`): kept as
    references to a Secret block (`flows.backend.answer_secrets`), never as values."""
    key = f"{where}-g{gen}"
    if read_value(root, f"{PREFIX}{key}") is not None:
        return  # recorded before (a replay in a continued run): the first record stands
    kept = answer_secrets.keep(root, key, answers, secret)
    value: dict[str, Any] = {"place": where, "generation": gen, "answers": kept, "by": who}
    if inputs is not None:
        value["inputs"] = inputs
    create_once(root, f"{PREFIX}{key}", value)


def current(root: UUID, where: str, gen: int) -> dict[str, Any] | None:
    """The answers this place completed with in this generation (secret ones put back), or
    None: not answered yet, answered with an error, or its secret answers are gone."""
    found = read_value(root, f"{PREFIX}{where}-g{gen}")
    if not isinstance(found, dict) or not isinstance(found.get("inputs"), str):
        return None
    return recorded_answers(found)


def recorded_answers(found: dict[str, Any]) -> dict[str, Any] | None:
    """The run inputs that answer a node as a record says (`record`), and who gave them;
    secret answers come back from the run's Secret block (`flows.backend.answer_secrets`).
    None when that block is gone (the run's secrets were swept): the node asks again."""
    answers = answer_secrets.resolve(dict(found.get("answers") or {}))
    if answers is None:
        return None
    return {**answers, "_answered_by": str(found.get("by") or "run-input")}


def latest(root: UUID, where: str, gen: int) -> dict[str, Any] | None:
    """The record of the latest earlier generation at this place, or None if never asked."""
    found = [
        v
        for v in filter_values(root, f"{PREFIX}{where}-g")
        if isinstance(v, dict) and v.get("place") == where and int(v.get("generation", 0)) < gen
    ]
    if not found:
        return None
    return max(found, key=lambda v: int(v.get("generation", 0)))


def previous(root: UUID, where: str, gen: int) -> dict[str, Any] | None:
    """The answers of the latest earlier generation at this place, or None if never asked."""
    found = latest(root, where, gen)
    if found is None:
        return None
    answers = found.get("answers")
    return dict(answers) if isinstance(answers, dict) else {}


def prefilled(form: dict[str, Any], answers: dict[str, Any]) -> dict[str, Any]:
    """The stored form with `answers` as its fields' defaults. In confirm/mixed mode the
    decision fields are written out as requirements, so their defaults travel too. A secret
    field is never prefilled (the form is stored on the API and shown to a person): it is
    typed again."""
    from blocks.forms.form import FormSpec  # the form model: only for a form asked again

    requirements = list(form.get("requirements") or [])
    secret = run_secrets.secret_fields(requirements)
    spec = FormSpec.build(str(form.get("mode") or "collect"), requirements)
    fields = []
    shown: list[str] = []
    for field in spec.fields:
        data = field.model_dump(mode="json")  # extras (multiline) included
        value = answers.get(field.id)
        hidden = field.id in secret or masking.is_secret_name(field.id)
        if value is not None and not hidden and not answer_secrets.is_ref(value):
            data["default"] = copy.deepcopy(value)
            shown.append(field.id)
        fields.append(data)
    schema = FormSpec.build(spec.mode, fields).json_schema()
    return {**form, "requirements": fields, "schema": schema, "prefilled": sorted(shown)}
