"""Summary tables whose rows came out run together: a header row of money labels that OCR (or
a tight text layer) gave as one cell (「税抜合計消費税合計税込合計」), or a row of amounts in
one cell (「80,000 80,000 5,000 500 5,500」), so the positions cannot say which label stands
over which amount.

- **The counts match** (as many labels as amounts): the labels and the amounts are spread
  into cells of their own, in order, and the summary reader (`layout_read.summary_lines`)
  pairs them as it pairs a table read by position. A header run together is split into
  labels in the way that gives as many labels as the row has amounts (「小計消費税合計」 over
  three amounts is 小計 | 消費税 | 合計; over two, 小計 | 消費税合計).
- **They differ**: no pairing can be trusted. Every amount of the value row becomes a
  candidate of the grand total, flagged `flat_table` (要確認 unless the arithmetic confirms
  one), the likeliest first: the amount whose place in the row matches the total label's
  place in the header.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from blocks.invoice.layout_read import Row
from blocks.invoice.lines import AMOUNT_RE, amount_value
from blocks.invoice.patterns import AMOUNT, RATE, RATE_LEAD, SUMMARY_HEAD, TOTAL_LABELS
from blocks.text.japanese import nfkc

__all__ = ["label_of", "spread_flat_tables", "with_flat"]

_AMOUNT = re.compile(rf"(?:{AMOUNT})(?![\d,]|\s*%)")
_MAX_VALUE_ROWS = 6
_MAX_SPLITS = 64  # segmentations of one header tried at most (a header has a few labels)
_STEP = 10.0  # the width of a spread cell: any, the same for the header and its values


def _segmentations(text: str) -> list[list[str]]:
    """Every way `text` is a run of summary labels, longer labels first."""
    found: list[list[str]] = []

    def walk(start: int, labels: list[str]) -> None:
        if len(found) >= _MAX_SPLITS:
            return
        if start == len(text):
            found.append(labels)
            return
        for end in range(len(text), start, -1):
            if SUMMARY_HEAD.fullmatch(text, start, end):
                walk(end, [*labels, text[start:end]])

    walk(0, [])
    return found


def _header(row: Row) -> list[list[list[str]]] | None:
    """Per cell of a header row, its segmentations into labels; None when a cell is not a
    run of summary labels. The head of the rows' own labels (税率区分, first: its own cell or
    the start of the first) names no amount column and is left out."""
    cells = []
    for place, cell in enumerate(row):
        text = "".join(nfkc(cell[2]).split())
        if place == 0:
            lead = RATE_LEAD.match(text)
            text = text[lead.end() :] if lead else text
            if not text:
                continue
        ways = _segmentations(text)
        if not ways:
            return None
        cells.append(ways)
    return cells or None


def _values(row: Row) -> tuple[list[str], list[str], bool] | None:
    """(the row's own label, its amounts in order, whether a cell holds more than one) when
    the row is a label (「10%対象」, a cell of its own or the start of the first cell with
    amounts) followed by nothing but amounts; None otherwise."""
    labels: list[str] = []
    amounts: list[str] = []
    merged = False
    for cell in row:
        text = cell[2].strip()
        found = list(_AMOUNT.finditer(text))
        if not found or _AMOUNT.sub(" ", text[found[0].start() :]).strip():
            if amounts:
                return None  # text after the amounts: not a value row
            labels.append(text)
            continue
        lead = text[: found[0].start()].strip()
        if lead and amounts:
            return None
        labels += [lead] if lead else []
        amounts += [m.group(0).strip() for m in found]
        merged = merged or len(found) > 1
    return (labels, amounts, merged) if amounts else None


def _labels_for(header: list[list[list[str]]], count: int) -> list[str] | None:
    """The header's labels, split so that there are `count` of them, or None."""
    options: list[list[str]] = [[]]
    for ways in header:
        options = [[*done, *way] for done in options for way in ways][:_MAX_SPLITS]
    return next((labels for labels in options if len(labels) == count), None)


def _spread(labels: Sequence[str], own: Sequence[str], amounts: Sequence[str]) -> list[Row]:
    header: Row = [(i * _STEP, i * _STEP + _STEP / 2, label) for i, label in enumerate(labels)]
    values: Row = [(-_STEP * (len(own) - i), -_STEP * (len(own) - i) + 1, t) for i, t in enumerate(own)]  # fmt: skip
    values += [(i * _STEP, i * _STEP + _STEP / 2, a) for i, a in enumerate(amounts)]
    return [header, values]


def _total_rank(labels: Sequence[str]) -> tuple[int, int] | None:
    """(rank of the strongest total label, its place) among the labels, or None."""
    best: tuple[int, int] | None = None
    for place, label in enumerate(labels):
        for rank, pattern in enumerate(TOTAL_LABELS):
            if re.fullmatch(rf"(?:{pattern})", label) and (best is None or rank < best[0]):
                best = (rank, place)
    return best


def _candidates(labels: Sequence[str], amounts: Sequence[str]) -> list[dict[str, Any]]:
    """Every amount of a value row whose header does not pair with it, as a `flat_table`
    candidate of the grand total, the one in the total label's place first."""
    total = _total_rank(labels)
    if total is None:
        return []
    rank, place = total
    likely = round(place * (len(amounts) - 1) / max(1, len(labels) - 1))
    order = [likely, *(i for i in range(len(amounts)) if i != likely)]
    quote = f"{' '.join(labels)} / {' '.join(amounts)}"
    out: list[dict[str, Any]] = []
    for index in order:
        value = amount_value(amounts[index])
        if value is not None and all(c["value"] != value for c in out):
            out.append({"value": value, "text": quote, "rank": rank, "flat_table": True})
    return out


def _value_rows(rows: Sequence[Row], start: int) -> list[tuple[list[str], list[str], bool]]:
    taken = []
    for row in rows[start : start + _MAX_VALUE_ROWS]:
        values = _values(row)
        if values is None or (values[0] and not RATE.search(" ".join(values[0]))):
            break  # not amounts, or a figure with its own label (合計 ¥1,320) beside the table
        taken.append(values)
    return taken


def spread_flat_tables(rows: Sequence[Row]) -> tuple[list[Row], list[dict[str, Any]], set[str]]:
    """The rows with every run-together summary table whose labels and amounts pair by count
    spread into cells; the total candidates of the value rows that do not pair; and the
    labels of those headers (their reading-order candidates are misreads)."""
    out: list[Row] = []
    candidates: list[dict[str, Any]] = []
    unpaired: set[str] = set()
    index = 0
    while index < len(rows):
        row = rows[index]
        header = _header(row) if row else None
        taken = _value_rows(rows, index + 1) if header is not None else []
        longest = [label for ways in header or [] for label in ways[0]]
        run_together = len(longest) > len(row) or any(merged for _, _, merged in taken)
        if header is None or not taken or not run_together or len(longest) < 2:
            out.append(row)
            index += 1
            continue
        last: Row | None = None
        for offset, (own, amounts, _) in enumerate(taken):
            labels = _labels_for(header, len(amounts))
            if labels is None:
                candidates += _candidates(longest, amounts)
                unpaired.update(longest)
                if last is not row:
                    out.append(last := row)
                out.append(rows[index + 1 + offset])
                continue
            head, spread = _spread(labels, own, amounts)
            if last != head:
                out.append(last := head)
            out.append(spread)
        index += 1 + len(taken)
    return out, candidates, unpaired


def label_of(text: str) -> str:
    """The label of a candidate's text: its words without the amounts, spaces and brackets."""
    return "".join(AMOUNT_RE.sub("", text).split()).strip("【】()（）:：")


def with_flat(
    candidates: list[dict[str, Any]], flat: list[dict[str, Any]], labels: set[str]
) -> list[dict[str, Any]]:
    """The total candidates with those of run-together value rows after the others, less
    the reading-order candidates of those rows' header labels (misreads)."""
    heads = {"".join(label.split()) for label in labels}
    kept = [c for c in candidates if label_of(c["text"]) not in heads]
    return kept + [c for c in flat if all(k["value"] != c["value"] for k in kept)]
