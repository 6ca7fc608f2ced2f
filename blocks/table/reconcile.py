"""`table.reconcile`: match two lists of records one-to-one (invoices vs bank deposits, ledger
lines vs a statement) by exact keys, amount tolerance, date window and similar names."""

from __future__ import annotations

from typing import Any

from blocks.base import Block
from blocks.context import BlockContext
from blocks.core.reconcile import ReconcileOptions, reconcile
from blocks.errors import BlockError, ErrorCode

__all__ = ["ReconcileBlock", "key_pairs"]


def key_pairs(keys: Any) -> list[tuple[str, str]]:
    """`{"left": "right"}`, `[["left", "right"], ...]` or `["same_name", ...]` as pairs
    (the spec's schema has already refused any other shape)."""
    if keys is None:
        return []
    if isinstance(keys, dict):
        return [(str(k), str(v)) for k, v in keys.items()]
    return [(item, item) if isinstance(item, str) else (item[0], item[1]) for item in keys]


def _both(inputs: dict[str, Any], left: str, right: str) -> tuple[str | None, str | None]:
    pair = inputs.get(left), inputs.get(right)
    if (pair[0] is None) != (pair[1] is None):
        missing = left if pair[0] is None else right
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"{missing} is missing: {left} and {right} go together",
            details={"field": missing},
            hint=f"give both {left} and {right}, or neither",
        )
    return pair


class ReconcileBlock(Block):
    """Outputs matched pairs, unmatched rows of each side, differences and a summary."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        left_amount, right_amount = _both(inputs, "left_amount", "right_amount")
        left_date, right_date = _both(inputs, "left_date", "right_date")
        left_name, right_name = _both(inputs, "left_name", "right_name")
        options = ReconcileOptions(
            keys=key_pairs(inputs.get("keys")),
            left_amount=left_amount,
            right_amount=right_amount,
            amount_tolerance=float(inputs.get("amount_tolerance", 0)),
            left_date=left_date,
            right_date=right_date,
            date_window_days=int(inputs.get("date_window_days", 0)),
            left_name=left_name,
            right_name=right_name,
            name_min_similarity=float(inputs.get("name_min_similarity", 0.8)),
        )
        result = reconcile(inputs["left"], inputs["right"], options)
        ctx.emit(
            "reconciled",
            matched=result["summary"]["matched_count"],
            unmatched_left=result["summary"]["unmatched_left_count"],
            unmatched_right=result["summary"]["unmatched_right_count"],
        )
        return result
