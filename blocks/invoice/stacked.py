"""A total whose amount stands under its label, not beside it: 「今回ご請求額」 in one row and
「¥95,154-」 in the next, directly below (a boxed figure; an OCR'd page where another column's
cell — the issuer's TEL — comes between the two in reading order). The label takes the amount
cell under it (the largest horizontal overlap, in the next row that has cells), when the
label's own row has no amount after it. The same goes for a due date in a header row over
its value row (「ご請求金額 小計 消費税 お支払期限」 over 「¥58,817 ¥53,470 ¥5,347 2027-02-20」):
`stacked_values` gives the cell under each label cell, for the date readers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from blocks.invoice.layout_read import Row
from blocks.invoice.lines import amount_value
from blocks.invoice.patterns import AMOUNT_CELL, TOTAL_LABELS

__all__ = ["stacked_totals", "stacked_values"]

_LABELS = [re.compile(rf"[【(]?(?:{label})[】)]?\s*[:：]?") for label in TOTAL_LABELS]


def _rank(text: str) -> int | None:
    squeezed = "".join(text.split())
    return next((r for r, label in enumerate(_LABELS) if label.fullmatch(squeezed)), None)


def _under(label: tuple[float, float, str], row: Row) -> str | None:
    """The cell of `row` under `label` (the largest overlap), if any overlaps."""
    cell = _cell_under(label, row)
    return cell[2] if cell is not None else None


def _below(label: tuple[float, float, str], row: Row) -> str | None:
    """The amount cell of `row` under `label`, if the cell under it is an amount."""
    cell = _under(label, row)
    return cell if cell is not None and AMOUNT_CELL.match(cell) else None


def stacked_values(rows: Sequence[Row], label: re.Pattern[str]) -> list[str]:
    """`label value` for every cell that is only a `label` (「お支払期限」) with the cell under
    it in the next row that has cells; the caller reads the value."""
    found: list[str] = []
    for index, row in enumerate(rows):
        for cell in row:
            # a bilingual label (「Due date / お支払期限」): either part names it
            squeezed = "".join(cell[2].split())
            name = next((p for p in (squeezed, *squeezed.split("/")) if label.fullmatch(p)), None)
            if name is None:
                continue
            value = _value_under(cell, rows, index + 1)
            if value is not None:
                found.append(f"{name} {value}")
    return found


#: The longest tail of a value wrapped onto the next printed line (「日)」 of 「…10月29」).
_WRAPPED_TAIL = 4


def _value_under(label: tuple[float, float, str], rows: Sequence[Row], start: int) -> str | None:
    """The cell under `label` in the first of the next rows with one there (a header cell
    wrapped onto a second line — 「お支払条」 over 「件」 — comes between the labels and the
    values), with its wrapped tail from the row after it (「2031年10月29」 over 「日)」)."""
    for at in range(start, min(start + 3, len(rows))):
        cell = _cell_under(label, rows[at]) if rows[at] else None
        if cell is None:
            continue
        after = rows[at + 1] if at + 1 < len(rows) else []
        tail = _cell_under(cell, after) if after else None
        wrapped = (
            tail is not None and 0 < len(tail[2]) <= _WRAPPED_TAIL and not tail[2][0].isdigit()
        )
        return cell[2] + tail[2] if wrapped and tail is not None else cell[2]
    return None


def _cell_under(label: tuple[float, float, str], row: Row) -> tuple[float, float, str] | None:
    best = max(row, key=lambda c: min(c[1], label[1]) - max(c[0], label[0]))
    return best if min(best[1], label[1]) - max(best[0], label[0]) > 0 else None


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
