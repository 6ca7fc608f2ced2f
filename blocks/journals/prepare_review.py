"""`journal.review`: what the 仕訳確認 form shows — the purchases as rows with the accounts and
tax categories a person may choose (the export product's names), the payments, what did not
become an entry, and the counterparties proposed for the master (`review`).

An entry another run already exported (the export ledger, by `dedup_key`: the same period
run again) says so in its row's 確認事項 and is counted (`summary.exported`), so a person sees
before approving that it will be left out of this run's file."""

from __future__ import annotations

from typing import Any

from blocks.counterparties.store import CounterpartyStore
from blocks.journals.formats import FORMATS
from blocks.journals.ledger import Exported, ExportLedger
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
from keiri.base.times import local_time

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
        done = _exported_before(batch, payments)
        for row in rows:
            before = done.get(row["entry"])
            if before is not None:
                note = t(
                    "journal.review.exported",
                    run=before.run_id[:8],
                    at=local_time(before.exported_at, "%Y-%m-%d %H:%M"),
                    by=before.exported_by,
                )
                row["note"] = t("journal.review.sep").join(x for x in (note, row["note"]) if x)
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
                "exported": len(done),
            },
        }


def _exported_before(batch: JournalBatch, payments: JournalBatch | None) -> dict[str, Exported]:
    """Entry id -> its export by another run (the ledger's record), for the entries that have one."""
    entries = [*batch.entries, *(payments.entries if payments else [])]
    found = ExportLedger().exported(entry.dedup_key for entry in entries)
    done: dict[str, Exported] = {}
    for entry in entries:
        before = found.get(entry.dedup_key)
        if before is not None and before.run_id != entry.run_id:
            done[entry.id] = before
    return done
