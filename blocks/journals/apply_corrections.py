"""`journal.apply_corrections`: a person's corrections of accounts applied to a journal, each
one saved as a rule for next time (`corrections`)."""

from __future__ import annotations

from typing import Any

from blocks.journals.corrections import apply_corrections
from blocks.journals.model import JournalBatch
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext

__all__ = ["ApplyCorrectionsBlock"]


class ApplyCorrectionsBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        answered = inputs.get("answered") or {}
        who = inputs.get("who") or answered.get("answered_by") or "unknown"
        batch = JournalBatch.model_validate(inputs["journal"])
        corrected, changes, rules = apply_corrections(
            [batch], inputs.get("corrections") or [], str(who), learn=inputs["learn"]
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
