"""`RunOutcome`: what a plan run came to — the `keiri run/resume --json` document.

One pydantic model, returned by `flows.lifecycle.runs` to the CLI and the form app; its JSON Schema is
committed as `schemas/run_outcome.schema.json` (`python -m flows.backend.outcome` writes it;
`tests/flows/test_outcome.py` fails when it drifts). No Prefect import here.
"""

from __future__ import annotations

import sys
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from blocks.sdk.errors import BlockError
from compiler.schema_gen import render
from keiri.base import settings

__all__ = [
    "SCHEMA_FILE",
    "NodeReuse",
    "OutcomeError",
    "PausedAt",
    "ReuseReason",
    "RunOutcome",
    "RunState",
    "generated_schema",
    "main",
]

SCHEMA_FILE = "run_outcome.schema.json"

#: Prefect's state types, lower case (a Suspended deployment run is `paused`).
RunState = Literal[
    "completed",
    "failed",
    "crashed",
    "cancelled",
    "cancelling",
    "paused",
    "running",
    "pending",
    "scheduled",
]


#: Why a node's stored result was reused (`unchanged`, `same_inputs`) or the node ran again.
ReuseReason = Literal[
    "unchanged",
    "same_inputs",
    "definition_changed",
    "inputs_changed",
    "not_finished",
    "no_fingerprint",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PausedAt(_Strict):
    """Where a paused run waits: the human-input node and the form app's deep link."""

    node_id: str | None = Field(description="The human-input node; null when not a keiri form.")
    form_url: str = Field(description="The form in the form app (`/?run=<id>`).")
    run_id: str | None = Field(
        default=None,
        description="The run whose form waits: this run, or a loop item / subflow run of it "
        "(then this run itself is still running, waiting for that child).",
    )
    title: str | None = Field(
        default=None, description="The loop item as people read it: 「請求書 3/9: 株式会社A」."
    )


class NodeReuse(_Strict):
    """A node whose stored result was reused, or that ran again, and why (a retried or
    resumed run; `flows.backend.result_reuse`)."""

    node_id: str = Field(description="The node (`call[0]/node` inside a subflow).")
    decision: Literal["reused", "rerun"]
    reason: ReuseReason = Field(description="Why, as a code; `message` says it in words.")
    message: str
    count: int = Field(ge=1, description="Block calls (loop items) with this decision.")
    iterations: list[int] = Field(
        default_factory=list, description="Their loop iterations (the first 50)."
    )


class OutcomeError(_Strict):
    """Why a run failed (the `BlockError`, or Prefect's state message after a crash)."""

    code: str
    message: str
    node_id: str | None
    hint: str
    recoverable: bool

    @classmethod
    def of(cls, error: BlockError) -> OutcomeError:
        return cls(
            code=str(error.code),
            message=error.message,
            node_id=error.node_id,
            hint=error.hint or "",
            recoverable=bool(error.recoverable),
        )


class RunOutcome(_Strict):
    """A plan run as `keiri run/resume --json` prints it (ARCHITECTURE.md, CLI contract)."""

    run_id: str = Field(description="The Prefect flow run id.")
    state: RunState
    plan_id: str | None
    outputs: dict[str, Any] = Field(
        description="Node id -> that node's outputs (aliases as keys); empty until the run ends."
    )
    log: str | None = Field(description="Path of the run's JSONL event log.")
    ui_url: str = Field(description="The run in the Prefect UI.")
    paused: PausedAt | None
    error: OutcomeError | None
    reuse: list[NodeReuse] = Field(
        default_factory=list,
        description="A retried or resumed run: the nodes whose stored results were reused, "
        "and those that ran again, with the reason (e.g. the node's definition changed).",
    )
    # The whole `BlockError` (details, input snapshot) for the form app's error widget; not
    # part of the JSON document.
    _block_error: BlockError | None = PrivateAttr(default=None)

    @property
    def block_error(self) -> BlockError | None:
        return self._block_error

    def with_block_error(self, error: BlockError | None) -> RunOutcome:
        self._block_error = error
        return self

    @property
    def exit_code(self) -> int:
        """The CLI's exit code: 0 completed, 3 paused, 1 anything else."""
        return {"completed": 0, "paused": 3}.get(self.state, 1)

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def generated_schema() -> dict[str, Any]:
    schema = RunOutcome.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://keiri.dev/schemas/{SCHEMA_FILE}"
    schema["title"] = "keiri run outcome (keiri run/resume --json)"
    return schema


def main() -> int:
    out = settings.project_root() / "schemas"
    out.mkdir(exist_ok=True)
    (out / SCHEMA_FILE).write_text(render(generated_schema()), encoding="utf-8")
    sys.stdout.write(f"wrote schemas/{SCHEMA_FILE}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
