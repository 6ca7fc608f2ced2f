"""Bank and card statements as transactions: CSV exports (UTF-8 or cp932, header row found by
its labels), workbooks, and the Zengin 入出金取引明細 fixed-length format (200-byte records,
read strictly by `blocks.statements.zengin`).

    statement = read_statement(data, "明細.csv")
    statement.records   # [{"行": 6, "日付": "2024-04-05", "摘要": ..., "出金": 1000, "入金": None, "残高": ...}]
    statement.skipped   # [{"行": 5, "reason": "取引ではない行（前月繰越）", "text": "..."}]

Column labels come from `statement_profiles.yaml`. Dates in 西暦/和暦 text, Excel serials or
`YYYYMMDD`; amounts with ¥/円, full-width digits and △/▲ (the bounded amount grammar). A row
that is not a transaction (前月繰越, 合計, blank) or whose date/amount cannot be read is
skipped with its reason, never dropped silently and never stopping the read.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from blocks.file.extract_plain import csv_rows
from blocks.file.extract_types import file_error
from blocks.sdk.errors import ErrorCode
from blocks.statements.statement import COLUMNS, Statement
from blocks.statements.zengin import is_zengin, read_zengin
from blocks.text.amounts import AmountError, parse_amount, plain_number
from blocks.text.dates import DateError, parse_date_value
from keiri.base.catalog import t

__all__ = [
    "COLUMNS",
    "Statement",
    "detect_header",
    "is_zengin",
    "read_statement",
    "rows_to_statement",
]

_HEADER_SCAN = 30


@cache
def _profiles() -> tuple[dict[str, str], tuple[str, ...]]:
    raw = yaml.safe_load(
        (Path(__file__).with_name("statement_profiles.yaml")).read_text(encoding="utf-8")
    )
    labels = {_label(label): column for column, names in raw["columns"].items() for label in names}
    return labels, tuple(raw["not_transactions"])


def _label(text: Any) -> str:
    value = unicodedata.normalize("NFKC", str(text or ""))
    for bracket in ("(円)", "(¥)", "(税込)", "[円]", "(単位:円)"):
        value = value.replace(bracket, "")
    return "".join(value.split())


def detect_header(rows: Sequence[Sequence[Any]]) -> tuple[int, dict[int, str]] | None:
    """(index of the header row, {column index: canonical column}) or None: the first of the
    first 30 rows naming a date column and at least one amount column."""
    labels, _ = _profiles()
    for index, row in enumerate(rows[:_HEADER_SCAN]):
        mapping: dict[int, str] = {}
        for col, cell in enumerate(row):
            column = labels.get(_label(cell))
            if column is not None and column not in mapping.values():
                mapping[col] = column
        found = set(mapping.values())
        if "日付" in found and found & {"出金", "入金"}:
            return index, mapping
    return None


def _text(row: Iterable[Any]) -> str:
    return " ".join(str(v).strip() for v in row if v not in (None, "")).strip()


def _not_transaction(cells: Iterable[Any]) -> str | None:
    _, words = _profiles()
    for cell in cells:
        if isinstance(cell, str):
            value = "".join(unicodedata.normalize("NFKC", cell).split())
            hit = next((w for w in words if value.startswith(w)), None)
            if hit:
                return hit
    return None


def _record(
    row: Sequence[Any], mapping: dict[int, str], line: int
) -> tuple[dict[str, Any] | None, str | None]:
    values = {column: (row[col] if col < len(row) else None) for col, column in mapping.items()}
    record: dict[str, Any] = {"行": line, **dict.fromkeys(COLUMNS)}
    if not _text(row):
        return None, "空行"
    hit = _not_transaction([values.get("日付"), values.get("摘要")])
    if hit:
        return None, f"取引ではない行（{hit}）"
    problems = []
    try:
        date = parse_date_value(values.get("日付"))
    except DateError as exc:
        date = None
        problems.append(f"日付 {exc.value!r}: {exc.reason}")
    for column in ("出金", "入金", "残高"):
        try:
            amount = parse_amount(values.get(column))
        except AmountError as exc:
            problems.append(f"{column} {str(exc.value)[:40]!r}: {exc.reason}")
            continue
        record[column] = None if amount is None else plain_number(amount)
    if problems:
        return None, "、".join(problems)
    if date is None:
        return None, "日付がない行"
    if record["出金"] is None and record["入金"] is None:
        return None, "出金・入金のない行"
    record["日付"] = date.isoformat()
    description = values.get("摘要")
    record["摘要"] = None if description in (None, "") else str(description).strip()
    return record, None


def rows_to_statement(
    rows: Sequence[Sequence[Any]],
    name: str,
    *,
    fmt: str,
    encoding: str | None,
    header_row: int | None = None,
) -> Statement:
    """Transactions of tabular rows; `header_row` (1-based) or detected from the labels."""
    if header_row is not None:
        labels, _ = _profiles()
        if header_row > len(rows):
            raise file_error(
                ErrorCode.FILE_INVALID,
                t("runtime.statement.header_below", row=header_row, rows=len(rows)),
                name,
                hint=t("runtime.statement.header_below_hint"),
            )
        mapping = {
            col: labels[_label(cell)]
            for col, cell in enumerate(rows[header_row - 1])
            if _label(cell) in labels
        }
        found: tuple[int, dict[int, str]] | None = (header_row - 1, mapping)
    else:
        found = detect_header(rows)
    if found is None or "日付" not in found[1].values():
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.statement.no_header", rows=_HEADER_SCAN),
            name,
            hint=t("runtime.statement.no_header_hint"),
        )
    index, mapping = found
    statement = Statement(
        fmt, encoding, index + 1, {rows[index][c].strip(): v for c, v in mapping.items()}
    )
    for offset, row in enumerate(rows[index + 1 :], start=index + 2):
        record, reason = _record(row, mapping, offset)
        if record is not None:
            statement.records.append(record)
        else:
            statement.skipped.append({"行": offset, "reason": reason, "text": _text(row)[:200]})
    return statement


def read_statement(
    data: bytes,
    name: str,
    *,
    rows: Sequence[Sequence[Any]] | None = None,
    header_row: int | None = None,
    max_rows: int = 200_000,
) -> Statement:
    """Transactions of a statement file (CSV/TSV or Zengin from `data`; a workbook's `rows`
    read by the caller)."""
    if rows is not None:
        return rows_to_statement(rows, name, fmt="xlsx", encoding=None, header_row=header_row)
    if is_zengin(data):
        return read_zengin(data, name, max_rows)
    table, encoding = csv_rows(data, name, max_rows)
    return rows_to_statement(table, name, fmt="csv", encoding=encoding, header_row=header_row)
