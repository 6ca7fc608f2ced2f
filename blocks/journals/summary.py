"""The counts and totals of a journal batch (a block's `summary` output), and the outputs of
a block that built one (`batch_output`, the same for purchases and payments)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from blocks.journals.model import Entry, JournalBatch, Period, Skipped
from blocks.sdk.context import BlockContext

__all__ = ["batch_output", "batch_summary"]


def batch_summary(batch: JournalBatch) -> dict[str, Any]:
    by_account: Counter[str] = Counter()
    for entry in batch.entries:
        for line in entry.lines:
            if line.side == "debit":
                by_account[line.account] += line.amount
    qualification = Counter(
        e.qualification.status for e in batch.entries if e.qualification is not None
    )
    return {
        "entries": len(batch.entries),
        "skipped": len(batch.skipped),
        "review": sum(1 for e in batch.entries if e.review),
        "debit_total": sum(e.total("debit") for e in batch.entries),
        "by_account": dict(sorted(by_account.items())),
        "by_qualification": dict(sorted(qualification.items())),
        "skipped_by_reason": dict(sorted(Counter(s.code for s in batch.skipped).items())),
    }


def batch_output(
    ctx: BlockContext,
    kind: Literal["purchases", "payments"],
    period: Period | None,
    entries: list[Entry],
    skipped: list[Skipped],
) -> dict[str, Any]:
    """The node's batch and its summary (the block's outputs), announced as `journal_entries`."""
    batch = JournalBatch(
        kind=kind,
        run_id=ctx.run_id,
        plan_id=ctx.plan_id,
        node_id=ctx.node_id,
        period=period,
        entries=entries,
        skipped=skipped,
    )
    summary = batch_summary(batch)
    ctx.emit(
        "journal_entries",
        node_id=ctx.node_id,
        entries=summary["entries"],
        skipped=summary["skipped"],
        review=summary["review"],
    )
    return {"journal": batch.model_dump(mode="json"), "summary": summary}
