"""`journal.apply_corrections`: a person's corrections of accounts applied to a journal, each
one saved as a rule for next time (`corrections`) — given as corrections, or as the rows of
the 仕訳確認 form's table (`review.corrections_from_rows`)."""

from __future__ import annotations

from typing import Any

from blocks.journals.corrections import apply_corrections
from blocks.journals.model import JournalBatch
from blocks.journals.review import corrections_from_rows
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext

__all__ = ["ApplyCorrectionsBlock"]


class ApplyCorrectionsBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        answered = inputs.get("answered") or {}
        who = inputs.get("who") or answered.get("answered_by") or "unknown"
        batch = JournalBatch.model_validate(inputs["journal"])
        corrections = [
            *(inputs.get("corrections") or []),
            *corrections_from_rows(batch, inputs.get("rows") or []),
        ]
        corrected, changes, rules = apply_corrections(
            [batch], corrections, str(who), learn=inputs["learn"]
        )
        for rule in rules:
            ctx.emit(
                "rule_learned",
                node_id=ctx.node_id,
                rule_id=rule["id"],
                account=rule["account"],
                by=rule["created_by"],
            )
        return {
            "journal": corrected[0].model_dump(mode="json"),
            "changes": changes,
            "rules": rules,
        }
