"""`journal.review`: what the 仕訳確認 form shows — the purchases as rows with the accounts and
tax categories a person may choose (the export product's names), the payments, what did not
become an entry, and the counterparties proposed for the master (`review`)."""

from __future__ import annotations

from typing import Any

from blocks.counterparties.store import CounterpartyStore
from blocks.journals.formats import FORMATS
from blocks.journals.model import JournalBatch
from blocks.journals.review import (
    account_options,
    payment_rows,
    proposal_rows,
    review_rows,
    tax_options,
)
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors import did_you_mean

__all__ = ["PrepareReviewBlock"]


class PrepareReviewBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        fmt = str(inputs["format"])
        if fmt not in FORMATS:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("journal.form.unknown_format", format=fmt, close=did_you_mean(fmt, FORMATS)),
                details={"node_id": ctx.node_id, "field": "format"},
                hint=t("journal.form.unknown_format_hint", formats=", ".join(FORMATS)),
            )
        batch = JournalBatch.model_validate(inputs["journal"])
        payments = (
            JournalBatch.model_validate(inputs["payments"]) if inputs.get("payments") else None
        )
        rows = review_rows(batch)
        with CounterpartyStore() as store:
            taken = [item.code for item in store.counterparties()]
        proposals = proposal_rows(inputs.get("proposals") or [], taken)
        skipped = [s.model_dump() for s in batch.skipped]
        if payments is not None:
            skipped += [s.model_dump() for s in payments.skipped]
        return {
            "rows": rows,
            "accounts": account_options(fmt, (row["account"] for row in rows)),
            "tax_categories": tax_options(fmt),
            "payments": payment_rows(payments),
            "skipped": skipped,
            "proposals": proposals,
            "summary": {
                "entries": len({row["entry"] for row in rows}),
                "lines": len(rows),
                "review": sum(1 for entry in batch.entries if entry.review),
                "payments": len(payments.entries) if payments else 0,
                "skipped": len(skipped),
                "proposals": len(proposals),
                "debit_total": sum(row["amount"] for row in rows),
            },
        }
