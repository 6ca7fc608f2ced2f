"""差し戻し as a run's own outcome: the one place that says whether a run was rejected, by whom
and why.

A person rejects at a confirm (or mixed) form: the human-input node records `approved: false`
and `metadata.decision: "rejected"` (`blocks.forms.interactive_input`). With `on_reject: fail`
the run ends with a `REJECTED` error; with the default `on_reject: continue` the run goes on
(the nodes after it branch with `when`) and completes — yet for the people who read the runs
page, the summary and the inbox it was sent back, not finished. Both cases are read here:
`of_run` from a run's outputs and error. `run_plan` names the final state `Rejected`
(`STATE_NAME`: its type stays COMPLETED or FAILED, so filters, retries and the CLI's JSON
`state` are unchanged), so a list of runs tells a rejected run by its state name alone.

Pure: no Prefect import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from blocks.sdk.errors import BlockError, ErrorCode

__all__ = ["STATE_NAME", "Rejection", "is_rejected_state", "of_error", "of_outputs", "of_run"]

#: The name of the final state of a rejected run (its type: COMPLETED or FAILED).
STATE_NAME = "Rejected"


@dataclass(frozen=True)
class Rejection:
    """Who sent the run back at which node, and the reason they wrote (may be empty)."""

    node_id: str
    by: str
    reason: str
    at: str | None = None


def of_outputs(outputs: Mapping[str, Any]) -> Rejection | None:
    """The first human-input node of the outputs whose decision was `rejected` (the outputs
    of a run's top-level nodes, by node id)."""
    for node_id, value in outputs.items():
        if not isinstance(value, Mapping):
            continue
        metadata = value.get("metadata")
        if not isinstance(metadata, Mapping) or metadata.get("decision") != "rejected":
            continue
        return Rejection(
            node_id=str(node_id),
            by=str(metadata.get("answered_by") or ""),
            reason=str(value.get("response") or ""),
            at=str(metadata["answered_at"]) if metadata.get("answered_at") else None,
        )
    return None


def of_error(error: BlockError | None) -> Rejection | None:
    """The rejection a `REJECTED` error records (`on_reject: fail`)."""
    if error is None or error.code != ErrorCode.REJECTED:
        return None
    details = error.details or {}
    return Rejection(
        node_id=str(details.get("node_id") or error.node_id or ""),
        by=str(details.get("answered_by") or ""),
        reason=str(details.get("response") or ""),
    )


def of_run(outputs: Mapping[str, Any], error: BlockError | None) -> Rejection | None:
    """The run's rejection: its `REJECTED` error, else a rejected decision in its outputs
    (a run that failed for another reason is a failure, not a rejection)."""
    if error is not None:
        return of_error(error)
    return of_outputs(outputs)


def is_rejected_state(name: str | None) -> bool:
    """Whether a run's state name says 差し戻し."""
    return name == STATE_NAME
