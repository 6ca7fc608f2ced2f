"""`table.settle_proposals`: a person's decisions on the reconciliation's proposals, booked.

Input: the outputs of `table.reconcile` (`matched`, `unmatched_right`, `proposals`) and the
answers of the confirm form (`decisions`: `{proposal_1: "accept" | "reject", ...}`, who
answered, their comment, and whether they approved). An accepted proposal becomes a matched
row (`match: accepted`, `accepted_by`); a rejected one leaves its invoice unmatched (要確認)
and its payment back among the payments without an invoice, with the reason. Nothing is
booked when the form was not approved (差し戻し) or a proposal was not answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from blocks.reconcile.proposals import ACCEPT, REJECT
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from keiri.base.catalog import t

__all__ = ["SettleProposalsBlock", "settle"]


def _accepted_row(proposal: Mapping[str, Any], who: str, at: str) -> dict[str, Any]:
    diff = proposal.get("amount_diff")
    days = proposal.get("days_from_expected")
    late = days if days is not None else proposal.get("date_diff_days")
    return {
        "left_index": None,
        "right_index": proposal["right_index"],
        "left": proposal["invoice"],
        "right": proposal["payment"],
        "amount_diff": diff,
        "date_diff_days": proposal.get("date_diff_days"),
        "days_from_expected": days,
        "name_similarity": None,
        "match": "accepted",
        "differences": (["amount"] if diff else []) + (["date"] if late else []),
        "proposal_id": proposal["id"],
        "candidate": proposal.get("candidate"),
        "accepted_by": who,
        "accepted_at": at,
        "reason": t("reconcile.settle.accepted", who=who),
    }


def settle(
    matched: list[dict[str, Any]],
    unmatched_right: list[dict[str, Any]],
    proposals: list[dict[str, Any]],
    decisions: Mapping[str, Any] | None,
    *,
    decided_by: str,
    approved: bool | None = True,
    comment: str | None = None,
) -> dict[str, Any]:
    """The outputs of `table.settle_proposals` (see the module docstring)."""
    at = datetime.now(UTC).isoformat(timespec="seconds")
    answers = dict(decisions or {})
    booked = list(matched)
    accepted: list[dict[str, Any]] = []
    rejected: list[dict[str, Any]] = []
    returned = list(unmatched_right)
    for proposal in proposals:
        answer = answers.get(proposal["id"])
        if answer == ACCEPT and approved is not False:
            row = _accepted_row(proposal, decided_by, at)
            booked.append(row)
            accepted.append(row)
            continue
        if approved is False:
            reason = t("reconcile.settle.form_rejected", who=decided_by)
        elif answer == REJECT:
            reason = t("reconcile.settle.rejected", who=decided_by)
        else:
            reason = t("reconcile.settle.unanswered")
        if comment:
            reason += t("reconcile.settle.comment", comment=comment)
        rejected.append(
            {
                "proposal_id": proposal["id"],
                "file": proposal.get("file"),
                "invoice": proposal["invoice"],
                "payment": proposal["payment"],
                "candidate": proposal.get("candidate"),
                "decision": answer if answer in (ACCEPT, REJECT) else None,
                "decided_by": decided_by if answer in (ACCEPT, REJECT) else None,
                "reason": reason,
                "review_reason": proposal.get("reason"),
            }
        )
        returned.append(proposal["payment"])
    return {
        "matched": booked,
        "accepted": accepted,
        "rejected": rejected,
        "unmatched_right": returned,
        "summary": {
            "matched_count": len(booked),
            "accepted_count": len(accepted),
            "rejected_count": len(rejected),
            "unmatched_right_count": len(returned),
            "decided_by": decided_by,
        },
    }


class SettleProposalsBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        result = settle(
            inputs.get("matched") or [],
            inputs.get("unmatched_right") or [],
            inputs.get("proposals") or [],
            inputs.get("decisions"),
            decided_by=str(inputs.get("decided_by") or "unknown"),
            approved=inputs.get("approved"),
            comment=inputs.get("comment"),
        )
        for row in result["accepted"]:
            ctx.emit(
                "proposal_accepted",
                node_id=ctx.node_id,
                proposal=row["proposal_id"],
                by=row["accepted_by"],
            )
        for row in result["rejected"]:
            ctx.emit(
                "proposal_rejected",
                node_id=ctx.node_id,
                proposal=row["proposal_id"],
                reason=row["reason"],
            )
        return result
