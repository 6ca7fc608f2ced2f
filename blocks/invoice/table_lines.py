"""An invoice's item lines: the item table read by column (`layout_read.item_rows`) or the
text's tokens in reading order (`lines.item_lines`), whichever the document bears out.

The table read by column is taken when quantity × unit price gives each of its rows
(`sound`) and it holds as many rows as the reading in order (rows of amount 0 not counted), or that reading (without a
header) holds all its rows plus others from outside the table, or its amounts add up to the
document's base or total where the reading in order's do not and do not hold its rows with
their amounts (a 単位 column's 「字」, 「基」 read as items of their own). Rows named as a sum
of the items above them are dropped from the reading in order first (`_without_subtotals`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blocks.invoice.layout_read import Row, item_rows
from blocks.invoice.lines import amount_value, item_lines, line_item
from blocks.invoice.patterns import SUM_NAME

__all__ = ["adds_up", "document_lines", "layout_lines", "mark_outside_tax", "sound"]


def layout_lines(rows: list[Row]) -> list[dict[str, Any]]:
    """Line items from the item table read by columns (`layout_read.item_rows`)."""
    items = []
    for row in item_rows(rows):
        numbers = [row[k] for k in ("quantity", "unit_price", "amount", "rate") if row[k]]
        item = line_item(row["description"], numbers)
        if item is not None and row["unit_price"] and not row["quantity"]:
            item["quantity"], item["unit_price"] = None, amount_value(row["unit_price"])
        if item is not None:
            items.append(item)
    return items


def sound(items: list[dict[str, Any]]) -> bool:
    """Items read by column whose quantity × unit price, where both are read, give the
    amount (a column taken for another would not)."""
    return bool(items) and all(
        item["quantity"] is None
        or item["unit_price"] is None
        or Decimal(str(item["quantity"])) * Decimal(str(item["unit_price"]))
        == Decimal(str(item["amount"]))
        for item in items
    )


def adds_up(items: list[dict[str, Any]], sums: set[Any]) -> bool:
    """True when the items' amounts add up to one of `sums` (the document's base per rate
    summed, or its total): a table read whole, no row missing and none taken from outside."""
    return bool(items) and sum(item["amount"] or 0 for item in items) in sums


def _holds(lines: list[dict[str, Any]], by_column: list[dict[str, Any]]) -> bool:
    """Every item read by column, with its amount, is among `lines` (which add rows to it)."""
    return {(i["description"], i["amount"]) for i in by_column} <= {
        (i["description"], i["amount"]) for i in lines
    }


def _among(by_column: list[dict[str, Any]], lines: list[dict[str, Any]]) -> bool:
    """Every item of the table read by column is among the items read in reading order without
    a header, by its description or by its amount (a row whose quantity cell 「2通」 was read in
    order as its description): those had rows from outside the table too (a 出来高 sheet's
    請負金額 above it, its 今回出来高金額 under it, a 報酬額 計 under the fees)."""
    described = {line["description"] for line in lines}
    amounts = [line["amount"] for line in lines]
    for item in by_column:
        if item["description"] in described:
            continue
        if item["amount"] not in amounts:
            return False
        amounts.remove(item["amount"])
    return True


def _without_subtotals(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items but the rows named as a sum (`SUM_NAME`) whose amount is the sum of the last
    two or more items above them, since the last such row (「立替金 計 171,200」 under its
    two advances)."""
    kept: list[dict[str, Any]] = []
    since = 0
    for line in lines:
        above = [item["amount"] or 0 for item in kept[since:]]
        if SUM_NAME.search(str(line["description"] or "")) and any(
            line["amount"] == sum(above[-k:]) for k in range(2, len(above) + 1)
        ):
            since = len(kept)
            continue
        kept.append(line)
    return kept


def document_lines(
    tokens: list[str], rows: list[Row], sums: set[Any]
) -> tuple[list[dict[str, Any]], str]:
    """(lines, source): the items and where they were read (`layout`, `table`, `free`);
    `sums` the document's base per rate summed and its total, as far as they are read."""
    lines, source = item_lines(tokens)
    lines = _without_subtotals(lines)
    by_column = layout_lines(rows)
    # a row of zero read in order is an identifier's digits (「供給地点特定番号 … 0000」), not an
    # item: a zero-priced item of the table would be among the rows read by column too
    priced = [line for line in lines if line["amount"]]
    if sound(by_column) and (
        len(by_column) >= len(priced)
        or (source == "free" and _among(by_column, lines))
        or (adds_up(by_column, sums) and not adds_up(lines, sums) and not _holds(lines, by_column))
    ):
        return by_column, "layout"
    return lines, source


def mark_outside_tax(lines: list[dict[str, Any]], outside: Any, bases: dict[str, Any]) -> None:
    """The one item whose amount is the document's amount outside the tax (「不課税(キャンセル
    料) 17,600」) is outside the tax when the other items add up to the taxed base (the per-rate
    bases summed): the arithmetic names it, not a guess. Nothing changes otherwise."""
    if not outside or not bases or any(line["non_taxable"] for line in lines):
        return
    named = [line for line in lines if line["amount"] == outside]
    rest = sum(line["amount"] or 0 for line in lines) - outside
    if len(named) == 1 and rest == sum(v or 0 for v in bases.values()):
        named[0].update(non_taxable=True, rate=None, reduced_rate=False, rate_stated=False)
