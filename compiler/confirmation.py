"""The runtime side of the ambiguity protocol (seed 003; the SDK side is `blocks.sdk.confirmation`).

When a node raises `NeedsConfirmation`, the engine lets the ready siblings finish and starts
nothing new (`compiler.engine`; per item in loops, `compiler.loops`), then `settle` gets the
answer and the node runs again with it in `ctx.confirmations`:

- an answer given up front as a run input (`--input NODE.choice=OPTION`, also `other`,
  `cancel`) is used directly, on every backend;
- else, when the node opted in (`confirm_ambiguous: true`) and the backend can ask, the
  backend's human-input port shows the choice form (`choice_form`: the options as radio
  buttons with their details, a free answer when `allow_other`, and cancel) — the Prefect
  backend pauses the run (suspends a deployment run) exactly as for `ui.interactive_input`;
- else the question is answered "unattended": the block records a finding and completes.

Cancel ends the run as cancelled (`ConfirmationCancelled`), not as a failure. Events:
`confirmation_requested` and `confirmation_resolved` (who, which option).
"""

from __future__ import annotations

from typing import Any

from blocks.sdk.confirmation import (
    CANCEL_FIELD,
    CHOICE_FIELD,
    OTHER_FIELD,
    OTHER_OPTION,
    Confirmation,
    ConfirmationCancelled,
    NeedsConfirmation,
)
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from compiler.runstate import RunState
from keiri.base.catalog import t

__all__ = ["FORM_KIND", "answer_fields", "choice_form", "pause_key", "settle"]

#: `kind` of a stored form definition that is a choice form (the form app renders it so).
FORM_KIND = "confirmation"


def pause_key(need: NeedsConfirmation, index: int) -> str:
    """The pause key of the node's `index`-th question (stable across a suspended run's
    restart: a deterministic block asks the same questions in the same order)."""
    return f"{need.task_name}-confirm-{index + 1}"


def choice_form(need: NeedsConfirmation, index: int = 0) -> dict[str, Any]:
    """The stored definition of the choice form (a `FormSpec` in collect mode plus `kind`,
    `options` and `question`, which the form app's choice view renders)."""
    options = [o.model_dump(mode="json") for o in need.options]
    if need.allow_other:
        options.append({"id": OTHER_OPTION, "label": t("confirm.other_option"), "details": {}})
    requirements: list[dict[str, Any]] = [
        {
            "id": CHOICE_FIELD,
            "type": "choice",
            "label": t("confirm.choice_label"),
            "required": False,
            "options": options,
            "default": need.default or (options[0]["id"] if options else None),
        }
    ]
    if need.allow_other:
        requirements.append(
            {
                "id": OTHER_FIELD,
                "type": "text",
                "label": t("confirm.other_label"),
                "required": False,
                "multiline": True,
            }
        )
    requirements.append(
        {
            "id": CANCEL_FIELD,
            "type": "boolean",
            "label": t("confirm.cancel_label"),
            "required": False,
        }
    )
    from blocks.forms.form import FormSpec  # the form model: only when a block asks

    spec = FormSpec.build("collect", requirements, message=need.question, context=need.context)
    return {
        **spec.definition(),
        "kind": FORM_KIND,
        "question": need.question,
        "confirmation_key": need.key,
        "pause_key": pause_key(need, index),
        "options": options,
    }


def answer_fields() -> list[dict[str, Any]]:
    """The fields an answer given up front may set (`--input NODE.choice=OPTION`; the option
    ids are known only when the block asks, so `choice` is text here, checked by `settle`)."""
    return [
        {"id": CHOICE_FIELD, "type": "text", "label": t("confirm.choice_label"), "required": False},
        {"id": OTHER_FIELD, "type": "text", "label": t("confirm.other_label"), "required": False},
        {
            "id": CANCEL_FIELD,
            "type": "boolean",
            "label": t("confirm.cancel_label"),
            "required": False,
        },
    ]


def _node_flag(state: RunState, need: NeedsConfirmation) -> tuple[bool, int | None]:
    """(confirm_ambiguous, the node's own timeout_ms) of the node that asked."""
    found = state.compiled.all_nodes.get(need.node_id)
    node = getattr(found, "node", None)
    return bool(getattr(node, "confirm_ambiguous", False)), getattr(node, "timeout_ms", None)


def _given(state: RunState, need: NeedsConfirmation) -> dict[str, Any] | None:
    """An answer given up front (`--input NODE.choice=...`): for the item, else the node."""
    for key in (need.task_name, need.node_id):
        values = state.answers.get(key)
        if isinstance(values, dict) and any(
            f in values for f in (CHOICE_FIELD, OTHER_FIELD, CANCEL_FIELD)
        ):
            return {**values, "_answered_by": values.get("_answered_by", "run-input")}
    return None


def _option(need: NeedsConfirmation, raw: Any) -> str:
    """The chosen option's id (an id, or its 1-based number); unknown: a coded error."""
    text = str(raw)
    ids = [o.id for o in need.options] + ([OTHER_OPTION] if need.allow_other else [])
    if text in ids:
        return text
    if text.isdigit() and 1 <= int(text) <= len(ids):
        return ids[int(text) - 1]
    from blocks.sdk.registry import did_you_mean

    raise BlockError(
        ErrorCode.INPUT_VALIDATION_FAILED,
        t(
            "runtime.choice.not_option",
            node=need.task_name,
            value=repr(text),
            question=repr(need.question),
        ),
        details={"node_id": need.node_id, "field": CHOICE_FIELD, "options": ids},
        hint=did_you_mean(text, ids) or t("runtime.choice.options", options=", ".join(ids)),
    )


def _context(state: RunState, need: NeedsConfirmation, timeout_ms: int | None) -> BlockContext:
    return BlockContext(
        run_id=state.run_id,
        plan_id=state.plan_id,
        node_id=need.node_id,
        block_id=need.block_id,
        block_version=need.block_version,
        iteration=need.iteration,
        file_store=state.store,
        emit=state.emit,
        services={"timeout_ms": timeout_ms or state.compiled.plan.policy.input_timeout_ms},
    )


def _emit(state: RunState, need: NeedsConfirmation, event: str, **fields: Any) -> None:
    """An event about the question `need` (its node, item and key first, then `fields`)."""
    state.emit(event, node_id=need.node_id, iteration=need.iteration, key=need.key, **fields)


def settle(state: RunState, need: NeedsConfirmation) -> Confirmation:
    """Get the answer to `need` (see the module docstring) and record it for the node's
    next run; raises `ConfirmationCancelled` when a person cancels."""
    answered = state.confirmations.setdefault(need.task_name, {})
    index = len(answered)
    _emit(
        state,
        need,
        "confirmation_requested",
        question=need.question,
        options=[o.id for o in need.options],
        default=need.default,
    )
    opted_in, timeout_ms = _node_flag(state, need)
    values = _given(state, need)
    port = getattr(state.backend, "human_input", None)
    if values is None and opted_in and port is not None and getattr(port, "attended", True):
        ctx = _context(state, need, timeout_ms)
        values = dict(port.request(ctx, choice_form(need, index)))
    if values is None:
        answer = Confirmation(key=need.key, unattended=True)
    else:
        who = str(values.get("_answered_by") or values.get("answered_by") or "unknown")
        if values.get(CANCEL_FIELD) in (True, "true", "True", "1", 1):
            _emit(
                state,
                need,
                "confirmation_resolved",
                option=None,
                answered_by=who,
                cancelled=True,
            )
            raise ConfirmationCancelled(need.task_name, need.key, who)
        other = str(values.get(OTHER_FIELD) or "").strip() or None
        raw = values.get(CHOICE_FIELD)
        if raw in (None, "") and other and need.allow_other:
            raw = OTHER_OPTION
        if raw in (None, ""):
            raw = need.default
        if raw in (None, ""):
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("runtime.choice.none", node=need.task_name, question=repr(need.question)),
                details={"node_id": need.node_id, "field": CHOICE_FIELD},
                hint=t("runtime.choice.options", options=", ".join(o.id for o in need.options)),
            )
        option = _option(need, raw)
        answer = Confirmation(
            key=need.key,
            option=option,
            other=other if option == OTHER_OPTION else None,
            answered_by=who,
        )
    chosen = need.option(answer.option)
    _emit(
        state,
        need,
        "confirmation_resolved",
        option=answer.option,
        label=chosen.label if chosen else None,
        answered_by=answer.answered_by,
        unattended=answer.unattended,
        cancelled=False,
    )
    answered[need.key] = answer
    return answer
