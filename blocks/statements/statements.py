"""Bank and card statements as transactions: CSV exports (UTF-8 or cp932, header row found by
its labels), workbooks, and the Zengin 入出金取引明細 fixed-length format (200-byte records,
read strictly by `blocks.statements.zengin`).

    statement = read_statement(data, "明細.csv")
    statement.records   # [{ROW: 6, DATE: "2024-04-05", DESCRIPTION: ..., WITHDRAWAL: 1000, DEPOSIT: None, BALANCE: ...}]
    statement.skipped   # [{ROW: 5, "reason": "取引ではない行（前月繰越）", "text": "..."}]
    statement.bank      # {"id": "mufg", "name": "三菱UFJ銀行"} when a bank's table fits the header
    statement.findings  # [{"code": "BALANCE_BREAK", ROW: 9, ...}] where the running balance breaks

Which column is which comes from `statement_profiles.yaml` (`blocks.statements.profiles`: one
table per bank, generic labels, keys tolerant of width and 送り仮名). A header without an
amount column (or without a date column) is FILE_INVALID naming the columns it has — never a
statement of 0 transactions. Dates in 西暦/和暦 text, Excel serials, `YYYYMMDD` or three cells
(年, 月, 日); amounts with ¥/円, full-width digits and △/▲ (the bounded amount grammar), a
signed 入出金 column split into 入金 and 出金, and a lone `-` read as an empty cell. A row that
is not a transaction (前月繰越, 合計, blank) or whose date/amount cannot be read is skipped
with its reason, never dropped silently and never stopping the read. The running balance is
checked (`blocks.statements.balance`), from a 前月繰越 row's balance when there is one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from blocks.file.extract_plain import csv_rows
from blocks.file.extract_types import file_error
from blocks.sdk.errors import ErrorCode
from blocks.statements.balance import balance_findings
from blocks.statements.profiles import DATE_PARTS, Header, find_header, header_at, profiles
from blocks.statements.statement import COLUMNS, Statement
from blocks.statements.vocabulary import (
    BALANCE,
    BROUGHT_FORWARD,
    DATE,
    DATE_IN_CELLS,
    DEPOSIT,
    DESCRIPTION,
    EMPTY_CELLS,
    NET,
    ROW,
    WITHDRAWAL,
)
from blocks.statements.zengin import is_zengin, read_zengin
from blocks.text.amounts import AmountError, parse_amount, plain_number
from blocks.text.dates import DateError, parse_date_value
from keiri.base.catalog import t

__all__ = [
    "COLUMNS",
    "Statement",
    "find_header",
    "is_zengin",
    "read_statement",
    "rows_to_statement",
]

_HEADER_SCAN = 30


def _text(row: Iterable[Any]) -> str:
    return " ".join(str(v).strip() for v in row if v not in (None, "")).strip()


def _not_transaction(cells: Iterable[Any]) -> str | None:
    words = profiles().not_transactions
    for cell in cells:
        if isinstance(cell, str):
            value = "".join(unicodedata.normalize("NFKC", cell).split())
            hit = next((w for w in words if value.startswith(w)), None)
            if hit:
                return hit
    return None


def _cells(row: Sequence[Any], columns: dict[int, str]) -> dict[str, list[Any]]:
    """Each canonical column's cells of `row` (摘要 may have several)."""
    values: dict[str, list[Any]] = {}
    for position, column in columns.items():
        value = row[position] if position < len(row) else None
        if isinstance(value, str) and value.strip() in EMPTY_CELLS:
            value = None
        values.setdefault(column, []).append(value)
    return values


def _first(values: dict[str, list[Any]], column: str) -> Any:
    cells = values.get(column) or [None]
    return cells[0]


def _date(values: dict[str, list[Any]]) -> Any:
    """The date cell, or the date of three cells (年, 月, 日) as text."""
    if DATE in values:
        return _first(values, DATE)
    parts = [_first(values, p) for p in DATE_PARTS]
    if any(p in (None, "") for p in parts):
        return None
    year, month, day = (str(p).strip() for p in parts)
    return DATE_IN_CELLS.format(year=year, month=month, day=day)


def _amounts(values: dict[str, list[Any]], record: dict[str, Any], problems: list[str]) -> None:
    for column in (WITHDRAWAL, DEPOSIT, BALANCE, NET):
        if column not in values:
            continue
        try:
            amount = parse_amount(_first(values, column))
        except AmountError as exc:
            problems.append(f"{column} {str(exc.value)[:40]!r}: {exc.reason}")
            continue
        if amount is None:
            continue
        if column != NET:
            record[column] = plain_number(amount)
        elif amount >= 0:
            record[DEPOSIT] = plain_number(amount)
        else:
            record[WITHDRAWAL] = plain_number(-amount)


def _record(
    row: Sequence[Any], columns: dict[int, str], line: int
) -> tuple[dict[str, Any] | None, str | None]:
    values = _cells(row, columns)
    record: dict[str, Any] = {ROW: line, **dict.fromkeys(COLUMNS)}
    if not _text(row):
        return None, t("statement.skip.blank")
    hit = _not_transaction([_first(values, DATE), *(values.get(DESCRIPTION) or [])])
    if hit:
        return None, t("statement.skip.not_transaction", label=hit)
    problems: list[str] = []
    try:
        date = parse_date_value(_date(values))
    except DateError as exc:
        date = None
        problems.append(f"{DATE} {exc.value!r}: {exc.reason}")
    _amounts(values, record, problems)
    if problems:
        return None, t("statement.skip.separator").join(problems)
    if date is None:
        return None, t("statement.skip.no_date")
    if record[WITHDRAWAL] is None and record[DEPOSIT] is None:
        return None, t("statement.skip.no_amount")
    record[DATE] = date.isoformat()
    words = [str(v).strip() for v in values.get(DESCRIPTION) or [] if v not in (None, "")]
    record[DESCRIPTION] = " ".join(w for w in words if w) or None
    return record, None


def _brought_forward(row: Sequence[Any], columns: dict[int, str]) -> int | float | None:
    """The balance of a 前月繰越 row (the opening of the running balance), if it has one."""
    values = _cells(row, columns)
    if _not_transaction([_first(values, DATE), *(values.get(DESCRIPTION) or [])]) not in (
        BROUGHT_FORWARD
    ):
        return None
    try:
        balance = parse_amount(_first(values, BALANCE))
    except AmountError:
        return None
    return None if balance is None else plain_number(balance)


def _shown_columns(row: Sequence[Any]) -> str:
    labels = [str(cell).strip() for cell in row if str(cell or "").strip()]
    return t("statement.columns_sep").join(labels) or t("statement.no_labels")


def _check(header: Header, rows: Sequence[Sequence[Any]], name: str) -> None:
    """FILE_INVALID unless the header has a date and an amount column (naming what it has)."""
    row = rows[header.index]
    for present, key, hint in (
        (header.has_date(), "statement.no_date_column", "statement.no_date_column_hint"),
        (header.has_amount(), "statement.no_amount_column", "statement.no_amount_column_hint"),
    ):
        if not present:
            raise file_error(
                ErrorCode.FILE_INVALID,
                t(key, row=header.index + 1, columns=_shown_columns(row)),
                name,
                hint=t(hint),
                header_row=header.index + 1,
                columns=[str(c) for c in row],
            )


def _header(rows: Sequence[Sequence[Any]], name: str, header_row: int | None) -> Header:
    if header_row is not None:
        if header_row > len(rows):
            raise file_error(
                ErrorCode.FILE_INVALID,
                t("runtime.statement.header_below", row=header_row, rows=len(rows)),
                name,
                hint=t("runtime.statement.header_below_hint"),
            )
        header = header_at(rows[header_row - 1], header_row - 1)
        _check(header, rows, name)
        return header
    found, closest = find_header(rows)
    if found is not None:
        return found
    if closest is not None:
        _check(closest, rows, name)  # a date column but no amount: say which columns it has
    raise file_error(
        ErrorCode.FILE_INVALID,
        t("runtime.statement.no_header", rows=_HEADER_SCAN),
        name,
        hint=t("runtime.statement.no_header_hint"),
    )


def rows_to_statement(
    rows: Sequence[Sequence[Any]],
    name: str,
    *,
    fmt: str,
    encoding: str | None,
    header_row: int | None = None,
) -> Statement:
    """Transactions of tabular rows; `header_row` (1-based) or detected from the labels."""
    header = _header(rows, name, header_row)
    index, columns = header.index, header.columns
    statement = Statement(
        fmt,
        encoding,
        index + 1,
        {str(rows[index][c]).strip(): v for c, v in columns.items()},
        bank=header.bank,
    )
    for offset, row in enumerate(rows[index + 1 :], start=index + 2):
        record, reason = _record(row, columns, offset)
        if record is not None:
            statement.records.append(record)
            continue
        if not statement.records and statement.opening_balance is None:
            statement.opening_balance = _brought_forward(row, columns)
        statement.skipped.append({ROW: offset, "reason": reason, "text": _text(row)[:200]})
    statement.findings.extend(balance_findings(statement.records, statement.opening_balance))
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
