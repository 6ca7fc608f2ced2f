"""`journal.from_payments`: clearing entries from the payments matched to invoices
(`payments`)."""

from __future__ import annotations

from typing import Any

from blocks.journals.from_invoices import options_input, period_input
from blocks.journals.payments import PaymentOptions, build_payments
from blocks.journals.purchases import evidence_index
from blocks.journals.summary import batch_output
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext

__all__ = ["FromPaymentsBlock"]


class FromPaymentsBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        period = period_input(ctx, inputs.get("period"))
        options = options_input(ctx, inputs, PaymentOptions)
        links = {
            int(link["index"]): link
            for link in inputs.get("links") or []
            if isinstance(link.get("index"), int)
        }
        entries, skipped = build_payments(
            inputs["matched"],
            options,
            links=links,
            statement_file=inputs.get("statement_file"),
            evidence=evidence_index(inputs.get("evidence") or []),
        )
        return batch_output(ctx, "payments", period, entries, skipped)
