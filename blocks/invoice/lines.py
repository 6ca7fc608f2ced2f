"""Line items of an invoice's text: the rows of the line-item table (found by its header),
or, without a header, text cells followed by number cells between barrier cells. Also the
amount helpers and the barrier pattern the party extraction shares."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from blocks.invoice.doc_kinds import is_title_line
from blocks.text.japanese import DATE_PATTERN, amount_pattern, parse_amount_text

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

AMOUNT = amount_pattern()
AMOUNT_RE = re.compile(rf"(?<![\d.,])(?:{AMOUNT})(?![\d,])(?!\s*%)")
_NUM_WORD = re.compile(
    r"^(?:[¥]?-?\d[\d,]*(?:\.\d+)?円?-?|(?:軽減(?:税率)?)?\d+(?:\.\d+)?%(?:\(軽減税率\)|※|\*)?"
    r"|[×xX*@]|\d+\s*[×xX*]\s*[¥]?\d[\d,]*円?|非課税|不課税|対象外)$"
)
_EXEMPT = re.compile(r"非課税|不課税|対象外")
# An advance paid for the buyer (立替金: stamps, fares) is outside the tax: non-taxable.
_ADVANCE = re.compile(r"立替")
# A unit cell (数量 5, 単位 式): only read as such under a table header with a 単位 column.
_UNIT_WORD = re.compile(
    r"^(?:式|個|本|枚|件|台|箱|冊|人|名|回|日|時間|h|H|ヶ月|か月|カ月|月|kg|g|m|セット|部|食|袋|缶|"
    r"ケース|組|点|ロール|枚組|ライセンス|アカウント|人日|人月)$"
)
_SPECK = re.compile(r"^[\s.。、・'\"]+|[\s.。、・'\"]+$")  # OCR specks around a row
_ROW_NUMBER = re.compile(r"^\d{1,3}\s+(?=\D)")
# Header cells of a line-item table: a description column and the amount column at least.
_ITEM_HEADS = frozenset(
    {"品名", "品目", "摘要", "内容", "商品名", "項目", "明細", "品名・規格", "品番・品名",
     "作業内容", "件名", "商品", "品名/内容"}
)  # fmt: skip
_TABLE_HEADS = _ITEM_HEADS | {"No", "No.", "NO", "#", "番号", "数量", "単価", "金額", "税率",
                              "単位", "税区分", "区分", "備考", "消費税"}  # fmt: skip
_NUMERIC_HEADS = frozenset({"数量", "単価", "金額", "税率", "税区分"})
_QTY_PRICE = re.compile(r"(\d[\d,]*)\s*[×xX*]\s*[¥]?(\d[\d,]*)円?")
_RATE_WORD = re.compile(r"(軽減(?:税率)?)?\s*(\d+(?:\.\d+)?)\s*%(\s*\(軽減税率\))?")
MARKERS = "※*☆★◎"
# 「(軽減)」「(軽減税率)」「(軽)」 after a description: the item is taxed at the reduced rate.
_REDUCED_WORD = re.compile(r"\s*[(（]\s*軽(?:減)?(?:税率)?(?:対象)?\s*[)）]")
BARRIER = re.compile(
    r"登録番号|御中|様$|様\s|請求日|発行日|取引日|納品日|日付|請求書番号|請求No|^No\.|"
    r"ご請求|請求金額|請求額|対象|小計|消費税|税額|合計|総額|内訳|お支払|振込|支払期限|期日|"
    r"銀行|口座|TEL|FAX|電話|〒|ページ|^\d+\s*/\s*\d+|発行者|備考|本体価格|課税対象|課税標準|"
    r"税抜金額|税込金額|総計|請求番号|伝票番号|預金|(?:普通|当座)\s*(?:口座)?\s*\d{5,8}|"
    r"お預[りか]|お釣り?|釣銭"
)


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
    """`"牛乳 1L ※ 11 × 231 2,541"` -> ("牛乳 1L ※", ["11", "×", "231", "2,541"]); with
    `units` (the table has a 単位 column), unit cells are dropped: `"作業費 5 式 27,500 137,500"`
    -> ("作業費", ["5", "27,500", "137,500"])."""
    if _NUM_WORD.match(token) or (units and _UNIT_WORD.match(token)):
        return "", [] if _UNIT_WORD.match(token) and units else [token]
    words = token.split()
    tail: list[str] = []
    while len(words) > 1 and (
        _NUM_WORD.match(words[-1]) or (units and tail and _UNIT_WORD.match(words[-1]))
    ):
        word = words.pop()
        if not (units and _UNIT_WORD.match(word)):
            tail.insert(0, word)
    return " ".join(words), tail


def line_item(description: str, numbers: list[str]) -> dict[str, Any] | None:
    text = " ".join(numbers)
    exempt = bool(_EXEMPT.search(text) or _ADVANCE.search(description))
    text = _EXEMPT.sub(" ", text)
    rate: int | float | None = None
    reduced_label = False
    match = _RATE_WORD.search(text)
    if match:
        rate = number_value(Decimal(match.group(2)))
        reduced_label = bool(match.group(1) or match.group(3))
        text = text[: match.start()] + " " + text[match.end() :]
    elif numbers and numbers[-1] in ("0.1", "0.10", "0.08"):
        rate = round(float(numbers[-1]) * 100)
        text = " ".join(numbers[:-1])
    quantity = unit_price = None
    pair = _QTY_PRICE.search(text)
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
        if re.search(r"[¥円]", values[0]):
            unit_price = amount_value(values[0])
        else:
            quantity = amount_value(values[0])
    reduced_word = _REDUCED_WORD.search(description)
    if reduced_word is not None:
        description = _REDUCED_WORD.sub("", description)
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


_HEAD_WORD = re.compile("|".join(sorted(map(re.escape, _TABLE_HEADS), key=len, reverse=True)))


def _head_words(token: str) -> list[str]:
    """The header words of a cell, also when OCR ran them together (品名数量単価金額税率)."""
    words = token.split()
    if set(words) <= _TABLE_HEADS:
        return words
    squeezed = "".join(words)
    found = _HEAD_WORD.findall(squeezed)
    return found if "".join(found) == squeezed else []


def _table_start(tokens: list[str]) -> tuple[int, int, bool] | None:
    """(index after the header, number of value columns, has a 単位 column) of the line-item
    table: header cells naming a description column and 金額 (one cell each, or one line)."""
    for i in range(len(tokens)):
        heads: list[str] = []
        j = i
        while j < len(tokens) and (words := _head_words(tokens[j])) and set(words) <= _TABLE_HEADS:
            heads += words
            j += 1
        if _ITEM_HEADS & set(heads) and "金額" in heads:
            return j, max(1, sum(1 for h in heads if h in _NUMERIC_HEADS)), "単位" in heads
    return None


def item_lines(tokens: list[str]) -> tuple[list[dict[str, Any]], str]:
    """Item rows and where they came from: `table` (the rows under the line-item header, up to
    the first summary cell: never bank details, notes or totals) or `free` (no header: text
    cells followed by number cells, between barrier cells)."""
    items: list[dict[str, Any]] = []
    description: str | None = None
    numbers: list[str] = []

    def close() -> None:
        if description and numbers and re.search(r"[^\d\s,.%¥円×xX*-]", description):
            item = line_item(description, numbers)
            if item is not None:
                items.append(item)

    table = _table_start(tokens)
    if table is not None:
        start, width, units = table
        for token in tokens[start:]:
            if BARRIER.search(token):
                break  # the summary (小計, 対象, 消費税, 合計...) ends the table
            if DATE_PATTERN.fullmatch(token) or is_title_line(token):
                continue  # a repeated page header
            text, tail = _split_numbers(_SPECK.sub("", token), units)
            text = _ROW_NUMBER.sub("", text)  # "1 コピー用紙" on one OCR line: drop the No.
            if text:
                close()
                description, numbers = text, list(tail)[:width]
            elif description is not None:
                # Values beyond the columns belong to the next row (its No.): dropped.
                numbers += tail[: max(0, width - len(numbers))]
        close()
        return items, "table"
    for token in tokens:
        if BARRIER.search(token) or DATE_PATTERN.fullmatch(token) or is_title_line(token):
            close()
            description, numbers = None, []
            continue
        text, tail = _split_numbers(token)
        if text:
            close()
            description, numbers = text, list(tail)
        elif description is not None:
            numbers += tail
    close()
    return items, "free"
