"""`ui.interactive_input`: the one human-input block (seed 000 §3, §4).

In a run it asks the backend for the answers (values given up front as the run's answers are used
directly; otherwise the Prefect backend pauses the flow run), validates them against the form
schema built from `requirements`, and returns `collected_data`, `approved`, `response` and
`metadata`. A rejection (`approved: false` in `confirm`/`mixed` mode) is a decision, not a
failure: the node completes with `approved=false` and the `response` (the comment) for the
nodes after it, which branch with `when`. A node that must stop the run on a rejection says
`on_reject: fail`: then it is a `REJECTED` error, not recoverable (re-running the same answer
cannot help; a retry asks again, see `flows.backend.reask`).

A form whose `requirements` come from a reference (`${reconcile.proposal_fields}`) is known
only when the run reaches the node, so answers given ahead to its fields (`keiri run --input
NODE.FIELD=VALUE`) arrive as text under `AS_TEXT` and are converted here by each field's type,
exactly as `keiri resume` would; a field the form does not have is INPUT_VALIDATION_FAILED
naming the fields it has.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any, ClassVar

from pydantic import ValidationError

from blocks.forms.field_types import FIELD_TYPES, FieldValueError
from blocks.forms.form import FormSpec, Requirement
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.issue_text import did_you_mean, pydantic_message
from keiri.base import masking
from keiri.base.catalog import t

__all__ = ["AS_TEXT", "InteractiveInputBlock", "form_spec", "parse_requirements"]

#: Where answers given ahead as text wait for their form (see the module docstring).
AS_TEXT = "_as_text"


def parse_requirements(raw: list[Any], node_id: str) -> list[Requirement]:
    try:
        return [Requirement.model_validate(item) for item in raw]
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("runtime.human.requirements", detail=pydantic_message(err)),
            details={"node_id": node_id, "field": "requirements." + ".".join(map(str, err["loc"]))},
            hint=t("runtime.human.requirements_hint"),
        ) from exc


def _converted(spec: FormSpec, texts: Any, ctx: BlockContext) -> dict[str, Any]:
    """Answers given ahead as text, converted by the type of each field of the form."""
    fields = {f.id: f for f in spec.fields}
    out: dict[str, Any] = {}
    for name, raw in dict(texts or {}).items():
        req = fields.get(str(name))
        if req is None:
            known = sorted(fields)
            hint = did_you_mean(str(name), known) or t(
                "field.known_fields", fields=", ".join(known) or "-"
            )
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("field.unknown_named", field=repr(f"{ctx.node_id}.{name}"), hint=hint),
                details={"node_id": ctx.node_id, "field": name, "fields": known},
                hint=hint,
            )
        try:
            out[req.id] = FIELD_TYPES[req.type].parse(req, str(raw), ctx.file_store)
        except FieldValueError as exc:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                f"{req.id}: {exc.message}",
                details={"node_id": ctx.node_id, "field": req.id},
                hint=t("field.fix_hint"),
            ) from exc
    return out


def form_spec(inputs: dict[str, Any], node_id: str) -> FormSpec:
    """The form of a node from its inputs (mode, requirements, message, context)."""
    return FormSpec.build(
        inputs.get("mode") or "collect",
        parse_requirements(inputs.get("requirements") or [], node_id),
        message=str(inputs.get("message") or ""),
        context=inputs.get("context"),
    )


class InteractiveInputBlock(Block):
    runs_in_flow: ClassVar[bool] = True

    def form(self, inputs: dict[str, Any], node_id: str) -> dict[str, Any]:
        """The stored form definition (what the form app renders)."""
        return {
            **form_spec(inputs, node_id).definition(),
            "assignee": inputs.get("assignee"),
            "display": inputs.get("display") or [],
        }

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        spec = form_spec(inputs, ctx.node_id)
        form = self.form(inputs, ctx.node_id)
        mode = spec.mode
        asked = time.monotonic()
        if ctx.answers:
            answers = dict(ctx.answers)
            answered_by = str(answers.pop("_answered_by", "run-input"))
            answers.update(_converted(spec, answers.pop(AS_TEXT, None), ctx))
            source = "run_input"
        else:
            if ctx.human_input is None:
                raise BlockError(
                    ErrorCode.DEPENDENCY_NOT_FOUND,
                    t("runtime.human.needed", node=ctx.node_id),
                    details={"node_id": ctx.node_id},
                    hint=t("runtime.human.needed_hint", node=ctx.node_id),
                )
            answers = dict(ctx.human_input.request(ctx, form))
            answered_by = str(answers.pop("_answered_by", "unknown"))
            source = str(answers.pop("_source", "form"))
        # `_`-prefixed keys are keiri's own metadata; None means "not answered".
        answers = {k: v for k, v in answers.items() if not k.startswith("_") and v is not None}
        answers.pop("answered_by", None)
        # Secret fields' answers are masked wherever this process shows a value from now on.
        masking.register(answers[r.id] for r in spec.requirements if r.secret and r.id in answers)
        problems = spec.problems(answers)
        if problems:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                f"{problems[0].field}: {problems[0].message}",
                details={
                    "node_id": ctx.node_id,
                    "field": problems[0].field,
                    "problems": [p.model_dump() for p in problems],
                },
                hint=t("field.fix_hint"),
                recoverable=True,
            )
        complete = spec.complete(answers)
        collected = {r.id: complete[r.id] for r in spec.requirements}
        approved = complete.get("approved") if mode in ("confirm", "mixed") else None
        response = complete.get("response")
        metadata = {
            "answered_by": answered_by,
            "answered_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "mode": mode,
            "pause_seconds": round(time.monotonic() - asked, 3),
            "source": source,
        }
        metadata["decision"] = None if approved is None else "approved" if approved else "rejected"
        if approved is False and (inputs.get("on_reject") or "continue") == "fail":
            raise BlockError(
                ErrorCode.REJECTED,
                t("runtime.human.rejected", node=ctx.node_id, by=answered_by)
                + (t("runtime.human.rejected_comment", response=response) if response else ""),
                details={
                    "node_id": ctx.node_id,
                    "answered_by": answered_by,
                    "response": response,
                    "answers": complete,
                },
                hint=t("runtime.human.rejected_hint"),
                recoverable=False,
            )
        return {
            "collected_data": collected,
            "approved": approved,
            "response": response,
            "metadata": metadata,
        }

    def dry_run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any] | None:
        spec = form_spec(inputs, ctx.node_id)
        mode = spec.mode
        return {
            "collected_data": spec.sample(),
            "approved": True if mode in ("confirm", "mixed") else None,
            "response": "" if mode in ("confirm", "mixed", "inquire") else None,
            "metadata": {
                "answered_by": "dry-run",
                "answered_at": "1970-01-01T00:00:00+00:00",
                "mode": mode,
                "pause_seconds": 0,
                "source": "dry_run",
            },
        }
