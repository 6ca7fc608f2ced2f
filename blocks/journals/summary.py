"""The counts and totals of a journal batch (a block's `summary` output)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from blocks.journals.model import JournalBatch

__all__ = ["batch_summary"]


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
