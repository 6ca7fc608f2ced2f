"""`invoice.triage` and `invoice.account_files`: which evidence files go to reconciliation,
and the outcome of every file (logic in `blocks.invoice.file_outcomes`)."""

from __future__ import annotations

from typing import Any

from blocks.invoice.file_outcomes import account_files, triage
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext

__all__ = ["AccountFilesBlock", "TriageBlock"]


class TriageBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        result = triage(inputs["fields"])
        for row in result["set_aside"]:
            ctx.emit("evidence_set_aside", node_id=ctx.node_id, file=row["file"],
                     outcome=row["outcome"], reason=row["reason"])  # fmt: skip
        return result


class AccountFilesBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        result = account_files(
            inputs["fields"], inputs.get("matched") or [], inputs.get("skipped_left") or []
        )
        ctx.emit("files_accounted", node_id=ctx.node_id, **result["summary"])
        return result
