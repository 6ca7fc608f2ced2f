"""A total whose amount stands under its label, not beside it: 「今回ご請求額」 in one row and
「¥95,154-」 in the next, directly below (a boxed figure; an OCR'd page where another column's
cell — the issuer's TEL — comes between the two in reading order). The label takes the amount
cell under it (the largest horizontal overlap, in the next row that has cells), when the
label's own row has no amount after it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from blocks.invoice.layout_read import Row
from blocks.invoice.lines import amount_value
from blocks.invoice.patterns import AMOUNT_CELL, TOTAL_LABELS

__all__ = ["stacked_totals"]

_LABELS = [re.compile(rf"[【(]?(?:{label})[】)]?\s*[:：]?") for label in TOTAL_LABELS]


def _rank(text: str) -> int | None:
    squeezed = "".join(text.split())
    return next((r for r, label in enumerate(_LABELS) if label.fullmatch(squeezed)), None)


def _below(label: tuple[float, float, str], row: Row) -> str | None:
    """The amount cell of `row` under `label` (the largest overlap), if any overlaps."""
    best = max(row, key=lambda c: min(c[1], label[1]) - max(c[0], label[0]))
    overlap = min(best[1], label[1]) - max(best[0], label[0])
    return best[2] if overlap > 0 and AMOUNT_CELL.match(best[2]) else None


def stacked_totals(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Total candidates `{"value", "text", "rank"}` of labels whose amount stands below."""
    found: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        for place, cell in enumerate(row):
            rank = _rank(cell[2])
            if rank is None or any(AMOUNT_CELL.match(c[2]) for c in row[place + 1 :]):
                continue
            following = next((r for r in rows[index + 1 : index + 3] if r), None)
            amount = _below(cell, following) if following else None
            value = amount_value(amount) if amount else None
            if value is not None and all(c["value"] != value for c in found):
                found.append({"value": value, "text": f"{cell[2]} {amount}", "rank": rank})
    return found
