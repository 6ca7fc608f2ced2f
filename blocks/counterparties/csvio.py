"""The counterparty master as CSV: one header row (Japanese column names, `COLUMNS`), one
counterparty a row; read in UTF-8 (with or without a BOM) or cp932 (Shift_JIS as Excel on
Japanese Windows saves it); written in UTF-8 with a BOM (or cp932), CRLF line ends.

Reading checks everything before anything is saved and reports every problem at once (row,
column, what is wrong): an unknown column is refused with the closest known names, a missing
required column, a value that does not validate, a code or registration number given twice.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any, Literal, NoReturn

from pydantic import ValidationError

from blocks.counterparties.models import Counterparty
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors import did_you_mean
from keiri.base.errors.pydantic_text import pydantic_message

__all__ = ["COLUMNS", "REQUIRED", "Encoding", "read_csv", "write_csv"]

#: Column name -> `Counterparty` field, in the order a file is written.
COLUMNS: dict[str, str] = {
    "取引先コード": "code",
    "取引先名": "name",
    "カナ名": "kana",
    "登録番号": "registration_number",
    "既定の勘定科目": "default_account",
    "既定の税区分": "default_tax_category",
    "支払条件": "payment_terms",
    "銀行名": "bank_name",
    "支店名": "bank_branch",
    "口座種別": "account_type",
    "口座番号": "account_number",
    "口座名義": "account_holder",
}
REQUIRED = ("取引先コード", "取引先名")
_HEADER_OF = {field: column for column, field in COLUMNS.items()}
Encoding = Literal["utf-8-sig", "cp932"]
_MAX_PROBLEMS_SHOWN = 5


def _decode(data: bytes, source: str) -> str:
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise BlockError(
        ErrorCode.COUNTERPARTY_INVALID,
        t("counterparty.csv.encoding", source=source),
        details={"source": source},
        hint=t("counterparty.csv.encoding_hint"),
    )


def read_csv(data: bytes, source: str = "CSV") -> list[Counterparty]:
    """Every counterparty of a CSV file; COUNTERPARTY_INVALID listing every problem."""
    text = _decode(data, source)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    while rows and not any(cell.strip() for cell in rows[-1]):
        rows.pop()
    if not rows:
        _refuse(source, [t("counterparty.csv.empty")])
    header = [cell.strip() for cell in rows[0]]
    problems: list[str] = []
    for column in header:
        if column not in COLUMNS:
            close = did_you_mean(column, COLUMNS)
            problems.append(t("counterparty.csv.unknown_column", column=column, close=close))
    for column in sorted({c for c in header if header.count(c) > 1}):
        problems.append(t("counterparty.csv.duplicate_column", column=column))
    for column in REQUIRED:
        if column not in header:
            problems.append(t("counterparty.csv.missing_column", column=column))
    if problems:
        _refuse(source, problems)
    found: list[Counterparty] = []
    seen_codes: dict[str, int] = {}
    seen_numbers: dict[str, int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            problems.append(t("counterparty.csv.too_many_cells", line=line))
            continue
        values: dict[str, Any] = {COLUMNS[c]: v.strip() for c, v in zip(header, row, strict=False)}
        code = str(values.get("code") or "")
        if code in seen_codes:
            problems.append(
                t("counterparty.csv.duplicate_code", line=line, code=code, first=seen_codes[code])
            )
        seen_codes.setdefault(code, line)
        try:
            item = Counterparty.model_validate(values)
        except ValidationError as exc:
            for err in exc.errors():
                field = str(err["loc"][0]) if err["loc"] else ""
                problems.append(
                    t(
                        "counterparty.csv.bad_value",
                        line=line,
                        column=_HEADER_OF.get(field, field),
                        message=pydantic_message(err),
                    )
                )
            continue
        number = item.registration_number
        if number is not None:
            if number in seen_numbers:
                problems.append(
                    t(
                        "counterparty.csv.duplicate_number",
                        line=line,
                        number=number,
                        first=seen_numbers[number],
                    )
                )
            seen_numbers.setdefault(number, line)
        found.append(item)
    if problems:
        _refuse(source, problems)
    return found


def _refuse(source: str, problems: list[str]) -> NoReturn:
    shown = "; ".join(problems[:_MAX_PROBLEMS_SHOWN])
    if len(problems) > _MAX_PROBLEMS_SHOWN:
        shown += t("counterparty.csv.more", count=len(problems) - _MAX_PROBLEMS_SHOWN)
    raise BlockError(
        ErrorCode.COUNTERPARTY_INVALID,
        t("counterparty.csv.invalid", source=source, count=len(problems), problems=shown),
        details={"source": source, "problems": problems},
        hint=t("counterparty.csv.invalid_hint", columns=", ".join(COLUMNS)),
    )


def write_csv(counterparties: Sequence[Counterparty], encoding: Encoding = "utf-8-sig") -> bytes:
    """The master as CSV bytes (a header row, then one row each, CRLF)."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for item in counterparties:
        data = item.model_dump()
        writer.writerow(["" if data[f] is None else str(data[f]) for f in COLUMNS.values()])
    text = buffer.getvalue()
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        bad = text[exc.start : exc.end]
        raise BlockError(
            ErrorCode.COUNTERPARTY_INVALID,
            t("counterparty.csv.unencodable", char=bad, encoding=encoding),
            details={"encoding": encoding, "char": bad},
            hint=t("counterparty.csv.unencodable_hint"),
        ) from exc
