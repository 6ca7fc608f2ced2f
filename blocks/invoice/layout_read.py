"""Tables read as tables: what the positions of an invoice's cells say that their reading
order does not.

The layout is rows of cells with x spans (`blocks.file.layout`: the PDF text layer, OCR
boxes, a spreadsheet's grid; without one, the text's tab-separated lines are the grid).

- **Summary tables**: a header row of money labels (「前回ご請求額 今回ご入金額 今回お買上額
  消費税 今回ご請求額」, 「消費税対象額 消費税額」) over one or more rows of amounts. Each amount
  takes the label of the header cell above it (largest horizontal overlap), a row's own
  label (「10%対象」) goes in front. The result is one `label amount` line per value row —
  `10%対象 対象額 1,200 消費税額 120` — which the regular rules then read as if the document
  had printed it so.
- **Line-item tables**: a header naming a description column and 金額; each row below gives
  the description, quantity, unit price, amount and rate from the cells under those heads,
  up to the first summary row (a slip's 伝票計 between its slips is passed over).

Over 400 lines: both tables share the cells, their heads and the column alignment.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from blocks.invoice.patterns import (
    AMOUNT_CELL,
    AMOUNT_THEN_MARK,
    BALANCE_ROW,
    BARRIER,
    BASE_LABEL,
    BASE_WORDS,
    COLUMN_HEADS,
    CONSUMPTION_TAX_WORD,
    EXEMPT,
    EXEMPT_WORD,
    HEAD_ENGLISH_AFTER,
    HEAD_JOINER,
    HEAD_QUALIFIER,
    ITEM_HEAD,
    LETTER_SPACED,
    MERGED_RATE,
    MONEY_LABEL,
    NOT_ITEM,
    NOTE_CELL,
    PLAIN_NUMBER,
    QTY_CELL,
    RATE,
    RATE_HEAD,
    RATE_ROW_LABEL,
    REDUCED_CELL,
    REDUCED_CELL_RATE,
    REDUCED_MARK,
    TAX_AMOUNT_WORD,
    TAX_IN_ROW,
    TAX_LABEL,
    TAX_WORD,
    TAXABLE_WORD,
)
from blocks.text.japanese import nfkc, parse_amount_text

__all__ = ["Cell", "item_rows", "layout_rows", "summary_lines", "text_grid", "unspaced"]

Cell = tuple[float, float, str]
Row = list[Cell]

_MAX_VALUE_ROWS = 6


def unspaced(text: str) -> str:
    """A cell whose every character stands apart (「8 % 対 象」, 「9 , 5 0 4」: a text layer
    that spaces letter by letter) without those spaces; also a letter-spaced name whose last
    letters were kerned together (均等割付: 「株 式 会 社 き ら り美装」)."""
    if LETTER_SPACED.fullmatch(text):
        return text.replace(" ", "")
    words = text.split()
    single = sum(len(word) == 1 for word in words)
    if len(words) >= 4 and single >= len(words) - 1 and not re.search(r"[A-Za-z0-9]", text):
        return "".join(words)
    return text


def _cells(row: dict[str, Any]) -> Row:
    return [(float(c[0]), float(c[1]), unspaced(nfkc(str(c[2])).strip())) for c in row["cells"]]


def layout_rows(layout: Sequence[dict[str, Any]] | None, text: str) -> list[Row]:
    """The rows of the layout (an empty row between pages), or of the text's tab-separated
    lines when it has none."""
    if not layout:
        return text_grid(text)
    rows: list[Row] = []
    page = layout[0].get("page", 1)
    for row in layout:
        if row.get("page", 1) != page:
            rows.append([])
            page = row.get("page", 1)
        rows.append(_cells(row))
    return rows


def text_grid(text: str) -> list[Row]:
    """Rows of a text whose lines are tab-separated cells (a spreadsheet, a DOCX table):
    the column index is the x span. Lines without a tab are one cell."""
    rows: list[Row] = []
    for line in nfkc(text).splitlines():
        cells = [(float(c), float(c + 1), v.strip()) for c, v in enumerate(line.split("\t"))]
        kept = [c for c in cells if c[2]]
        if kept:
            rows.append(kept)
    return rows


def _is_amount(text: str) -> bool:
    return bool(AMOUNT_CELL.match(text)) and any(ch.isdigit() for ch in text)


def _overlap(a: Cell, b: Cell) -> float:
    return min(a[1], b[1]) - max(a[0], b[0])


def _head_over(cell: Cell, header: Row) -> Cell | None:
    """The header cell above `cell`: the largest overlap, else the nearest centre within one
    header cell's width (right-aligned amounts under a left-aligned label)."""
    best = max(header, key=lambda h: _overlap(cell, h))
    if _overlap(cell, best) > 0:
        return best
    centre = (cell[0] + cell[1]) / 2
    near = min(header, key=lambda h: abs((h[0] + h[1]) / 2 - centre))
    return near if abs((near[0] + near[1]) / 2 - centre) <= (near[1] - near[0]) else None


def _is_summary_header(row: Row) -> bool:
    labels = [c for c in row if not _is_amount(c[2])]
    money = [c for c in labels if MONEY_LABEL.search(c[2])]
    return (
        len(row) >= 2
        and len(labels) == len(row)
        and len(money) >= 2
        and not any(ITEM_HEAD.match(c[2]) for c in row)
    )


def _canonical(label: str, with_rate: bool) -> str:
    """A header label as the rules name it when the row gives the rate (対象額, 消費税額)."""
    if not with_rate:
        return label
    if TAX_AMOUNT_WORD in label or (
        (CONSUMPTION_TAX_WORD in label or label == TAX_WORD) and TAXABLE_WORD not in label
    ):
        return TAX_LABEL
    if BASE_WORDS.search(label):
        return BASE_LABEL
    return label


def _row_label(heads: list[str]) -> tuple[str, bool]:
    """A value row's own label, and whether it names a tax rate (「10%」 → 「10%対象」)."""
    joined = " ".join(heads)
    rate = RATE.search(joined)
    if rate and not TAX_IN_ROW.search(joined):
        return RATE_ROW_LABEL.format(rate=rate.group(1)), True
    return joined, False


def _continues(rows: Sequence[Row]) -> bool:
    """True when the row after a page break is a summary table's rate row (「8%対象 9,504
    760」): amounts after a label naming a rate."""
    if not rows or not rows[0]:
        return False
    row = rows[0]
    amounts = [c for c in row if _is_amount(c[2])]
    if not amounts or row.index(amounts[0]) == 0:
        return False
    return _row_label([c[2] for c in row[: row.index(amounts[0])]])[1]


def _span(header: Row) -> tuple[float, float]:
    """Where the table's columns stand: from its first to its last label of money or rate (a
    cell of another column printed on the same line — the issuer's name — is not the table's)."""
    heads = [
        c
        for c in header
        if (MONEY_LABEL.search(c[2]) or RATE_HEAD.match(c[2])) and not NOTE_CELL.search(c[2])
    ] or header
    return min(c[0] for c in heads), max(c[1] for c in heads)


def _beside(row: Row, span: tuple[float, float]) -> bool:
    """True when no cell of `row` stands under the table: a line of another column (the
    issuer's address) read between the header and its values."""
    return bool(row) and all(c[1] <= span[0] or c[0] >= span[1] for c in row)


def summary_lines(rows: Sequence[Row]) -> tuple[list[str], set[str]]:
    """`label amount` lines of the summary tables, and the header labels they used (the
    reading-order candidates of those labels are superseded)."""
    lines: list[str] = []
    used: set[str] = set()
    index = 0
    while index < len(rows):
        header = rows[index]
        index += 1
        if not _is_summary_header(header):
            continue
        taken = 0
        span = _span(header)
        while index < len(rows) and taken < _MAX_VALUE_ROWS:
            row = rows[index]
            if not row and _continues(rows[index + 1 : index + 2]):
                index += 1  # the table runs over a page break: its next rate row follows
                continue
            if _beside(row, span):
                index += 1
                continue
            amounts = [c for c in row if _is_amount(c[2])]
            if not amounts or _is_summary_header(row):
                break
            first = row.index(amounts[0])
            label, with_rate = _row_label([c[2] for c in row[:first]])
            if label and not with_rate and MONEY_LABEL.search(label):
                index += 1  # a labelled figure of its own (税込合計 ¥…) beside the table
                taken += 1
                continue
            if _head_over(amounts[0], header) is None:
                break  # 「10%対象 1,200 消費税 120」 left of the header: a row of its own
            parts = []
            for cell in amounts:
                head = _head_over(cell, header)
                if head is None or RATE_HEAD.match(head[2]):
                    continue
                if PLAIN_NUMBER.match(cell[2]) and len(amounts) > 1 and not with_rate:
                    continue  # a count under a money header is not money
                parts.append(f"{_canonical(head[2], with_rate)} {cell[2]}")
                used.add(head[2])
            if parts:
                lines.append(" ".join([label, *parts]).strip())
            taken += 1
            index += 1
    return lines, used


def _split_merged(found: dict[str, list[str]]) -> None:
    """A unit price and its tax category that the text layer gave as one cell (「¥44,000標準
    10%」, spanning the 単価 and 税区分 heads), under whichever head it fell: the price is the
    row's unit price and the category its rate, where those are not otherwise given."""
    for name in list(found):
        for text in list(found[name]):
            match = MERGED_RATE.match(text)
            if match is None or any(
                found.get(key, [text]) != [text] for key in ("unit_price", "rate")
            ):
                continue
            found[name].remove(text)
            found["unit_price"], found["rate"] = [match["amount"]], [match["rate"].strip()]
            return


def _item_header(row: Row) -> dict[str, Cell] | None:
    """The columns of a line-item header row: each known head by its name, every other cell
    (日付, 品番, 規格, 単位, 備考, No.) as a column of its own, so that its cells are not
    taken for the description's."""
    heads: dict[str, Cell] = {}
    for index, cell in enumerate(row):
        text = HEAD_ENGLISH_AFTER.sub("", cell[2]).replace(" ", "")
        # a bilingual head (「Description / 内容」, 「項目 / Item」): either part names the
        # column; a qualifier in brackets after a head (「品名(産地・規格)」) does not change it
        parts = (text, *text.split("/")) if "/" in text else (text,)
        name = next(
            (
                n
                for part in parts
                for form in dict.fromkeys((part, HEAD_QUALIFIER.sub("", part)))
                for n, p in COLUMN_HEADS
                if p.match(form)
            ),
            None,
        )
        if (
            name is None
            and HEAD_JOINER in text
            and any(ITEM_HEAD.match(p) for p in text.split(HEAD_JOINER))
        ):
            name = "description"  # 品名・摘要, 品名・規格
        if name is None or name in heads:
            name = f"other{index}"
        heads[name] = cell
    first = next(iter(heads), None)
    if (
        "description" not in heads
        and first == "other0"
        and {"quantity", "unit_price"} <= set(heads)
    ):
        # 「サイズ・地帯 個数 単位 単価 運賃」: the first column left of the quantity and the unit
        # price, under a head of its trade's own, is the description
        heads = {"description": heads.pop("other0"), **heads}
    if "amount" not in heads and {"description", "quantity", "unit_price"} <= set(heads):
        # 「内容 数量 単価 運賃」: the last column right of 単価 is the amount (quantity × unit
        # price, which `table_lines.sound` checks on every row)
        right = [n for n, c in heads.items() if c[0] >= heads["unit_price"][1]]
        if right:
            heads["amount"] = heads.pop(right[-1])
    return heads if {"description", "amount"} <= set(heads) else None


def _subtotal(items: list[dict[str, str]], amount: str, found: dict[str, list[str]]) -> bool:
    """A row without quantity or unit price whose amount is the sum of the two or more items
    above it (「報酬額(税抜) 92,400」, 「(伝票計) 20,680」): a subtotal, not an item."""
    if len(items) < 2 or any(
        _is_amount(c) for k in ("quantity", "unit_price") for c in found.get(k, [])
    ):
        return False
    try:
        values = [parse_amount_text(i["amount"]) for i in [*items, {"amount": amount}]]
    except ValueError:
        return False
    known = [v for v in values if v is not None]
    return len(known) == len(values) and known[-1] == sum(known[:-1])


def _edges(rows: Sequence[Row], heads: dict[str, Cell]) -> dict[str, set[float]]:
    """Per column, the left and right edges of the body cells under its head (in rows with
    an amount under 金額): a column's text is aligned on one of them even where a short cell
    does not reach the head."""
    edges: dict[str, set[float]] = {name: set() for name in heads}
    for line in rows[:80]:
        if not any(_is_amount(c[2]) and _overlap(c, heads["amount"]) > 0 for c in line):
            continue
        for cell in line:
            for name, head in heads.items():
                if _overlap(cell, head) > 0:
                    edges[name] |= {round(cell[0]), round(cell[1])}
    return edges


def _aligned_spans(rows: Sequence[Row]) -> dict[tuple[str, int], Cell]:
    """The body's columns by alignment: for each left edge and each right edge that two or
    more body cells share, the span of those cells together. A left-aligned description under
    a centred head (「出張費」 far left of 「品名」) or right-aligned amounts under a narrow
    「金額」 reach their head through the column they line up in. The body ends at the first
    summary row."""
    groups: dict[tuple[str, int], list[Cell]] = {}
    for line in rows[:80]:
        if not line or _item_header(line) is not None:
            continue
        if NOT_ITEM.match(line[0][2]) or _is_summary_header(line):
            break
        for cell in line:
            groups.setdefault(("left", round(cell[0])), []).append(cell)
            groups.setdefault(("right", round(cell[1])), []).append(cell)
    return {
        key: (min(c[0] for c in cells), max(c[1] for c in cells), "")
        for key, cells in groups.items()
        if len(cells) >= 2
    }


def _column_of(
    cell: Cell,
    heads: dict[str, Cell],
    edges: dict[str, set[float]],
    spans: dict[tuple[str, int], Cell] | None = None,
) -> str:
    """The column a cell stands in: the head it overlaps most, else the head the column it is
    aligned in overlaps (`_aligned_spans`), else the column whose cells share its left or
    right edge, else the nearest head by centre."""
    best = max(heads, key=lambda k: _overlap(cell, heads[k]))
    if _overlap(cell, heads[best]) > 0:
        return best
    for key in (("left", round(cell[0])), ("right", round(cell[1]))):
        span = (spans or {}).get(key)
        if span is not None:
            near = max(heads, key=lambda k: _overlap(span, heads[k]))
            if _overlap(span, heads[near]) > 0:
                return near
    for name, known in edges.items():
        if any(abs(edge - cell[0]) <= 1.5 or abs(edge - cell[1]) <= 1.5 for edge in known):
            return name
    centre = (cell[0] + cell[1]) / 2
    return min(heads, key=lambda k: abs((heads[k][0] + heads[k][1]) / 2 - centre))


def _in_order(line: Row, heads: dict[str, Cell]) -> list[str] | None:
    """The columns of a row with one cell per column, in the heads' order, when no cell stands
    under another column's head: figures right-aligned under heads printed at their columns'
    left (「2 施設」 right of 「数量」, short of 「単価」) are in the column of their order."""
    names = sorted(heads, key=lambda k: heads[k][0])
    if len(line) != len(names) or [c[0] for c in line] != sorted(c[0] for c in line):
        return None
    for cell, name in zip(line, names, strict=True):
        best = max(heads, key=lambda k: _overlap(cell, heads[k]))
        if _overlap(cell, heads[best]) > 0 and best != name:
            return None
    return names


def _side_block(line: Row, found: dict[str, list[str]], heads: dict[str, Cell]) -> bool:
    """A row whose every cell stands in a column of no known head right of the amounts
    (「¥670,362」, 「合同会社…」 of the summary and issuer block printed beside the items): not
    the table's, nor its end."""
    return all(name.startswith("other") for name in found) and all(
        cell[0] >= heads["amount"][1] for cell in line
    )


def _is_rate(cell: str) -> bool:
    """A rate column's cell that is a rate or a tax category (「10%」, 「0.08」, 「非」, 「※」),
    not an amount (a column headed 「税」 may hold each row's tax)."""
    return not _is_amount(cell) or cell.strip().startswith("0.")


def _rate(cell: str) -> str:
    """A rate cell as the rules read it: a reduced-rate mark (「軽」, 「※」) is the reduced rate."""
    return REDUCED_CELL_RATE if REDUCED_MARK.match(cell) or REDUCED_CELL.match(cell) else cell


def _split_mark(found: dict[str, list[str]]) -> None:
    """An amount cell run into the reduced-rate mark beside it (「19,680 軽」): the amount, and
    the mark as the row's rate where the rate column gave none."""
    cells = found.get("amount", [])
    for index, text in enumerate(cells):
        match = AMOUNT_THEN_MARK.match(text)
        if match is not None:
            cells[index] = match["amount"]
            if not found.get("rate"):
                found["rate"] = [match["mark"]]
            return


def _section_subtotal(
    items: list[dict[str, str]],
    amount: str,
    found: dict[str, list[str]],
    below: Sequence[Row],
) -> bool:
    """A 小計 that sums the section above it (「小計 9,200」 under a line's charges) with the
    heading of another section right under it (a row with no amount, 「ひかり電話オフィス
    0422-…」): the table goes on. The last 小計, with the summary under it, ends it. `below`:
    the rows after it."""
    if not _is_amount(amount) or not _subtotal(items, amount, found):
        return False
    following = next((r for r in below if r), None)
    return following is not None and not any(_is_amount(c[2]) for c in following)


def _quantity(cell: str) -> str:
    """A quantity cell's number without its unit (「83m3」 → 「83」, 「2か月」 → 「2」)."""
    match = QTY_CELL.match(cell)
    return match["qty"] if match else cell


def _reduced_mark(found: dict[str, list[str]]) -> str:
    """A 「軽減税率」 cell in a column of no known head (備考), or a mark (※) in the column
    headed 軽減: the row's reduced rate."""
    others = (c for name, cells in found.items() if name.startswith("other") for c in cells)
    marked = any(REDUCED_MARK.match(c) for c in found.get("reduced", []))
    return REDUCED_CELL_RATE if marked or any(REDUCED_CELL.match(c) for c in others) else ""


def item_rows(rows: Sequence[Row]) -> list[dict[str, str]]:
    """The line-item table's rows as {description, quantity, unit_price, amount, rate}
    texts, the cells under the header's columns; empty when there is no such table. The
    table runs on over a page break (an empty row) after its header is repeated or its rows
    simply continue, and over a row that sums the items since the last such row (a 一括請求書's
    伝票計); it ends at the first summary row."""
    for index, row in enumerate(rows):
        heads = _item_header(row)
        if heads is None:
            continue
        items: list[dict[str, str]] = []
        after_break, group, exempt = False, 0, False
        edges = _edges(rows[index + 1 :], heads)
        spans = _aligned_spans(rows[index + 1 :])
        for at, line in enumerate(rows[index + 1 :], start=index + 1):
            if not line:
                after_break = bool(items)
                continue
            if _item_header(line) is not None:
                # the header repeated on the next page, or a section's (「法定費用(非課税) 数量
                # 単価 金額」 over the fees outside the tax, up to the next section's)
                exempt = any(EXEMPT.search(cell[2]) for cell in line)
                continue
            columns = _in_order(line, heads) or [
                _column_of(cell, heads, edges, spans) for cell in line
            ]
            found: dict[str, list[str]] = {}
            for cell, column in zip(line, columns, strict=True):
                found.setdefault(column, []).append(cell[2])
            if items and _side_block(line, found, heads):
                continue  # a block printed beside the table (its totals, the issuer)
            _split_merged(found)
            _split_mark(found)
            description = " ".join(found.get("description", []))
            amount = " ".join(found.get("amount", []))
            first = line[0][2]
            if BALANCE_ROW.match(description):
                continue  # a ledger's 前月繰越 or 御入金 row: no item
            if NOT_ITEM.match(description or first) or BARRIER.search(description or first):
                if after_break and not _is_amount(amount):
                    continue  # the next page's heading lines
                if _section_subtotal(items[group:], amount, found, rows[at + 1 :]):
                    group = len(items)  # a section's 小計, the next section's heading below it
                    continue
                break
            if _is_amount(amount) and _subtotal(items[group:], amount, found):
                group = len(items)  # a slip's subtotal (伝票計): the next slip's items may follow
                continue
            if not description or not _is_amount(amount):
                if items and not amount and description and len(line) == 1:
                    continue  # a wrapped description line
                if after_break or not items:
                    continue
                break
            after_break = False
            items.append(
                {
                    "description": description,
                    "amount": amount,
                    "quantity": " ".join(_quantity(c) for c in found.get("quantity", [])),
                    "unit_price": " ".join(found.get("unit_price", [])),
                    "rate": " ".join(_rate(c) for c in found.get("rate", []) if _is_rate(c))
                    or (EXEMPT_WORD if exempt else _reduced_mark(found)),
                }
            )
        if items:
            return items
    return []
