"""`invoice.check`: the rules of the qualified invoice system on extracted fields."""

from __future__ import annotations

from typing import Any

from blocks.invoice.rules import check_invoices
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext

__all__ = ["CheckBlock"]


class CheckBlock(Block):
    """Outputs `findings` ({file, field, rule, reason, severity}) and a `summary`."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        fields = inputs["fields"]
        items = fields if isinstance(fields, list) else [fields]
        findings, summary = check_invoices(
            items, inputs.get("rounding", "down"), inputs.get("registry")
        )
        ctx.emit("invoices_checked", invoices=summary["invoices"], failed=summary["failed"])
        return {"findings": findings, "summary": summary}
