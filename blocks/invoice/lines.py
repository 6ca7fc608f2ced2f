"""Line items of an invoice's text: the rows of the line-item table (found by its header),
or, without a header, text cells followed by number cells between barrier cells. Also the
amount helpers and the barrier pattern the party extraction shares."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from blocks.invoice.doc_kinds import is_title_line
from blocks.invoice.patterns import (
    ADVANCE,
    ADVANCE_DEDUCTED,
    AMOUNT,
    AMOUNT_HEAD,
    BARRIER,
    EXEMPT,
    FEE_ITEM,
    HEAD_JOINER,
    ITEM_HEAD,
    ITEM_HEAD_NAME,
    ITEM_HEADS,
    MARKERS,
    MERGED_RATE,
    NOT_ONLY_NUMBERS,
    NUM_WORD,
    NUMERIC_HEADS,
    QTY_PRICE,
    QTY_WITH_UNIT,
    RATE_WORD,
    REDUCED_CELL,
    REDUCED_CELL_RATE,
    REDUCED_WORD,
    ROW_NUMBER,
    SPECK,
    TABLE_HEADS,
    UNIT_HEAD,
    UNIT_WORD,
    YEN_MARK,
)
from blocks.text.japanese import DATE_PATTERN, parse_amount_text

__all__ = [
    "AMOUNT",
    "AMOUNT_RE",
    "BARRIER",
    "MARKERS",
    "amount_value",
    "item_lines",
    "line_item",
    "number_value",
]

AMOUNT_RE = re.compile(rf"(?<![\d.,])(?:{AMOUNT})(?![\d,])(?!\s*%)")


def number_value(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def amount_value(text: str) -> int | float | None:
    try:
        return number_value(parse_amount_text(text.rstrip("-")))
    except ValueError:
        return None


def _split_numbers(token: str, units: bool = False) -> tuple[str, list[str]]:
    """`"牛乳 1L ※ 11 × 231 2,541"` -> ("牛乳 1L ※", ["11", "×", "231", "2,541"]); a unit
    price run into its tax category (`"¥44,000標準10%"`) is two numbers; with
    `units` (the table has a 単位 column), unit cells are dropped: `"作業費 5 式 27,500 137,500"`
    -> ("作業費", ["5", "27,500", "137,500"])."""
    token = " ".join(
        f"{m['amount']} {m['rate']}" if (m := MERGED_RATE.match(w)) else w for w in token.split()
    )  # 「¥44,000標準10%」: a unit price and its tax category in one cell
    if NUM_WORD.match(token) or (units and UNIT_WORD.match(token)):
        return "", [] if UNIT_WORD.match(token) and units else [token]
    if quantity := QTY_WITH_UNIT.match(token):  # a cell 「78時間」: its quantity
        return "", [quantity["qty"]]
    words = token.split()
    if len(words) > 2 and REDUCED_CELL.match(words[-1]) and NUM_WORD.match(words[-2]):
        words[-1] = REDUCED_CELL_RATE  # 「… 7,776 軽」: a 軽減 column's mark after the amount
    tail: list[str] = []
    while len(words) > 1 and (
        NUM_WORD.match(words[-1]) or (units and tail and UNIT_WORD.match(words[-1]))
    ):
        word = words.pop()
        if not (units and UNIT_WORD.match(word)):
            tail.insert(0, word)
    return " ".join(words), tail


def line_item(description: str, numbers: list[str]) -> dict[str, Any] | None:
    """The item of one row, or None when it has no amount or is an advance already paid taken
    off the total (「前受金(ご入金済) △500,000」: a deduction, not something bought)."""
    text = " ".join(numbers)
    if ADVANCE_DEDUCTED.search(f"{description} {text}"):
        return None
    exempt = bool(EXEMPT.search(text) or ADVANCE.search(description))
    text = EXEMPT.sub(" ", text)
    rate: int | float | None = None
    reduced_label = False
    match = RATE_WORD.search(text)
    if match:
        rate = number_value(Decimal(match.group(2)))
        reduced_label = bool(match.group(1) or match.group(3))
        text = text[: match.start()] + " " + text[match.end() :]
    elif numbers and numbers[-1] in ("0.1", "0.10", "0.08"):
        rate = round(float(numbers[-1]) * 100)
        text = " ".join(numbers[:-1])
    quantity = unit_price = None
    pair = QTY_PRICE.search(text)
    if pair:
        quantity, unit_price = amount_value(pair.group(1)), amount_value(pair.group(2))
        text = text[: pair.start()] + " " + text[pair.end() :]
    values = [m.group(0) for m in AMOUNT_RE.finditer(text)]
    if not values:
        return None
    amount = amount_value(values[-1])
    if len(values) >= 3:
        quantity, unit_price = amount_value(values[0]), amount_value(values[1])
    elif len(values) == 2:
        if YEN_MARK.search(values[0]):
            unit_price = amount_value(values[0])
        else:
            quantity = amount_value(values[0])
    reduced_word = REDUCED_WORD.search(description)
    if reduced_word is not None:
        description = REDUCED_WORD.sub("", description)
    marked = any(m in description for m in MARKERS) or reduced_word is not None
    clean = description.strip(" " + MARKERS).replace(" ※", "").strip()
    return {
        "description": clean,
        "quantity": quantity,
        "unit_price": unit_price,
        "amount": amount,
        "rate": rate,
        "reduced_rate": marked or reduced_label or rate == 8,
        "marked": marked or reduced_label,
        "non_taxable": exempt,
    }


_HEAD_WORD = re.compile("|".join(sorted(map(re.escape, TABLE_HEADS), key=len, reverse=True)))


def _joined_head(word: str) -> str | None:
    """A header word as its column's head: itself when it is one, an item head by its trade's
    word as 品名 (業務内容, ご利用サービス), the item head of a joined head (ご契約・作業内容 →
    作業内容), else None."""
    if word in TABLE_HEADS:
        return word
    # a trade's word for its items (業務内容, サービス): a head as the layout reader takes it
    if ITEM_HEAD.match(word):
        return ITEM_HEAD_NAME
    return next((w for w in word.split(HEAD_JOINER) if w in ITEM_HEADS), None)


def _head_words(token: str) -> list[str]:
    """The header words of a cell, also when OCR ran them together (品名数量単価金額税率)."""
    words = token.split()
    if set(words) <= TABLE_HEADS:
        return words
    joined = token.replace(" ", "").split(HEAD_JOINER)
    if len(joined) > 1 and ITEM_HEADS & set(joined):
        return [next(w for w in joined if w in ITEM_HEADS)]  # 品名・摘要: one column
    # 「ご契約・作業内容 数量 単位 単価 金額」 on one line: each word a head
    heads = [_joined_head(w) for w in words]
    if words and all(heads):
        return [h for h in heads if h]
    squeezed = "".join(words)
    found = _HEAD_WORD.findall(squeezed)
    return found if "".join(found) == squeezed else []


def _table_start(tokens: list[str]) -> tuple[int, int, bool] | None:
    """(index after the header, number of value columns, has a 単位 column) of the line-item
    table: header cells naming a description column and 金額 (one cell each, or one line)."""
    for i in range(len(tokens)):
        heads: list[str] = []
        j = i
        while j < len(tokens) and (words := _head_words(tokens[j])) and set(words) <= TABLE_HEADS:
            heads += words
            j += 1
        if ITEM_HEADS & set(heads) and AMOUNT_HEAD in heads:
            return j, max(1, sum(1 for h in heads if h in NUMERIC_HEADS)), UNIT_HEAD in heads
    return None


def _within(tail: list[str], room: int) -> list[str]:
    """The first `room` numbers of a row (the values beyond the columns belong to the next
    row: its No.), and a 軽減 column's mark wherever it stands."""
    return tail[: max(0, room)] + [w for w in tail[max(0, room) :] if w == REDUCED_CELL_RATE]


def item_lines(tokens: list[str]) -> tuple[list[dict[str, Any]], str]:
    """Item rows and where they came from: `table` (the rows under the line-item header, up to
    the first summary cell: never bank details, notes or totals) or `free` (no header: text
    cells followed by number cells, between barrier cells). The rows under a heading without
    an amount that names them non-taxable or advanced (「実費(立替金・不課税)」) are
    non-taxable, up to the next heading or barrier (its 小計)."""
    items: list[dict[str, Any]] = []
    description: str | None = None
    numbers: list[str] = []
    exempt_section = False

    def close() -> None:
        nonlocal exempt_section
        if description and not numbers:  # a heading: 「実費(立替金・不課税)」 over its rows
            exempt_section = bool(EXEMPT.search(description) or ADVANCE.search(description))
        if description and numbers and NOT_ONLY_NUMBERS.search(description):
            item = line_item(description, numbers)
            if item is not None:
                item["non_taxable"] = item["non_taxable"] or exempt_section
                items.append(item)

    table = _table_start(tokens)
    if table is not None:
        start, width, units = table
        for token in tokens[start:]:
            if BARRIER.search(token) and not FEE_ITEM.match(token):
                break  # the summary (小計, 対象, 消費税, 合計...) ends the table
            if DATE_PATTERN.fullmatch(token) or is_title_line(token):
                continue  # a repeated page header
            if REDUCED_CELL.match(token) and description is not None and numbers:
                numbers.append(REDUCED_CELL_RATE)  # a 備考 cell 「軽減税率」: the row's rate
                continue
            text, tail = _split_numbers(SPECK.sub("", token), units)
            text = ROW_NUMBER.sub("", text)  # "1 コピー用紙" on one OCR line: drop the No.
            if text:
                close()
                description, numbers = text, _within(tail, width)
            elif description is not None:
                # Values beyond the columns belong to the next row (its No.): dropped.
                numbers += _within(tail, width - len(numbers))
        close()
        return items, "table"
    for token in tokens:
        if BARRIER.search(token) or DATE_PATTERN.fullmatch(token) or is_title_line(token):
            close()
            description, numbers, exempt_section = None, [], False
            continue
        text, tail = _split_numbers(token)
        if text:
            close()
            description, numbers = text, list(tail)
        elif description is not None:
            numbers += tail
    close()
    return items, "free"
