"""`ui.interactive_input`: the one human-input block (seed 000 §3, §4).

In a run it asks the backend for the answers (values given up front as run inputs are used
directly; otherwise the Prefect backend pauses the flow run), validates them against the form
schema built from `requirements`, and returns `collected_data`, `approved`, `response` and
`metadata`. A `confirm` answer of `approved: false` is a `REJECTED` error, so the plan's
`on_error` decides what happens (a rejection is never silently a success).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any, ClassVar

from pydantic import ValidationError

from blocks.base import Block
from blocks.context import BlockContext
from blocks.errors import BlockError, ErrorCode
from blocks.fileref import FileRef
from blocks.ui.form import Requirement, form_schema, validate_answers

__all__ = ["DRY_RUN_SAMPLES", "InteractiveInputBlock", "parse_requirements"]

_SAMPLE_FILE = FileRef(
    uri="keiri://store/" + "0" * 64, name="sample.bin", size=0, sha256="0" * 64
).model_dump(mode="json")

#: Declared dry-run values per requirement type (used when a requirement has no default).
DRY_RUN_SAMPLES: dict[str, Any] = {
    "file": _SAMPLE_FILE,
    "files": [_SAMPLE_FILE],
    "folder": [_SAMPLE_FILE],
    "text": "サンプル",
    "chat": "サンプルの回答",
    "boolean": True,
    "number": 1,
}


def parse_requirements(raw: list[Any], node_id: str) -> list[Requirement]:
    try:
        return [Requirement.model_validate(item) for item in raw]
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"requirements: {err['msg']}",
            details={"node_id": node_id, "field": "requirements." + ".".join(map(str, err["loc"]))},
            hint="each requirement needs id, type and label",
        ) from exc


class InteractiveInputBlock(Block):
    runs_in_flow: ClassVar[bool] = True

    def form(self, inputs: dict[str, Any], node_id: str) -> dict[str, Any]:
        mode = inputs.get("mode") or "collect"
        requirements = parse_requirements(inputs.get("requirements") or [], node_id)
        return {
            "mode": mode,
            "message": inputs.get("message") or "",
            "assignee": inputs.get("assignee"),
            "requirements": [r.model_dump(mode="json") for r in requirements],
            "schema": form_schema(mode, requirements),
            "context": inputs.get("context") or {},
        }

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        form = self.form(inputs, ctx.node_id)
        mode = form["mode"]
        requirements = [Requirement.model_validate(r) for r in form["requirements"]]
        asked = time.monotonic()
        if ctx.run_inputs:
            answers = dict(ctx.run_inputs)
            answered_by = str(answers.pop("_answered_by", "run-input"))
            source = "run_input"
        else:
            if ctx.human_input is None:
                raise BlockError(
                    ErrorCode.DEPENDENCY_NOT_FOUND,
                    f"node {ctx.node_id} needs human input",
                    details={"node_id": ctx.node_id},
                    hint=f"pass --input {ctx.node_id}.FIELD=VALUE",
                )
            answers = dict(ctx.human_input.request(ctx, form))
            answered_by = str(answers.pop("_answered_by", "unknown"))
            source = str(answers.pop("_source", "form"))
        # `_`-prefixed keys are keiri's own metadata; None means "not answered".
        answers = {k: v for k, v in answers.items() if not k.startswith("_") and v is not None}
        for name, prop in form["schema"]["properties"].items():
            if name not in answers and "default" in prop:
                answers[name] = prop["default"]
        problems = validate_answers(mode, requirements, answers)
        if problems:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                f"{problems[0].field}: {problems[0].message}",
                details={
                    "node_id": ctx.node_id,
                    "field": problems[0].field,
                    "problems": [p.model_dump() for p in problems],
                },
                hint="correct the highlighted fields and submit again",
                recoverable=True,
            )
        collected = {r.id: answers.get(r.id) for r in requirements}
        approved = answers.get("approved") if mode in ("confirm", "mixed") else None
        response = answers.get("response")
        metadata = {
            "answered_by": answered_by,
            "answered_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "mode": mode,
            "pause_seconds": round(time.monotonic() - asked, 3),
            "source": source,
        }
        if mode == "confirm" and approved is False:
            raise BlockError(
                ErrorCode.REJECTED,
                f"{ctx.node_id}: not approved by {answered_by}"
                + (f" ({response})" if response else ""),
                details={"node_id": ctx.node_id, "answered_by": answered_by, "response": response},
                hint="the plan's on_error decides what follows a rejection (continue to go on)",
                recoverable=True,
            )
        return {
            "collected_data": collected,
            "approved": approved,
            "response": response,
            "metadata": metadata,
        }

    def dry_run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any] | None:
        mode = inputs.get("mode") or "collect"
        requirements = parse_requirements(inputs.get("requirements") or [], ctx.node_id)
        collected: dict[str, Any] = {}
        for req in requirements:
            if req.default is not None:
                collected[req.id] = req.default
            elif req.type == "select" and req.options:
                collected[req.id] = req.options[0]
            else:
                collected[req.id] = DRY_RUN_SAMPLES[req.type]
        return {
            "collected_data": collected,
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
