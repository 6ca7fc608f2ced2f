"""The Zengin 入出金取引明細 file (全銀協 layout, 200-byte records, JIS/cp932 half-width kana),
read strictly: the records are money, so nothing in them is guessed.

The layout (positions 1-based, N = ASCII digits right-aligned with zeros):

- header (データ区分 1): 種別コード 2-3 = `03` (入出金取引明細), 貸越区分 114, 取引前残高 116-129
  (N14);
- data (2): 勘定日 10-15 (和暦 YYMMDD, 令和), 入払区分 22 (1 入金, 2 出金), 取引金額 25-36 (N12),
  振込依頼人名 82-129, 摘要内容 160-179;
- trailer (8): 入金件数 2-7 (N6), 入金額合計 8-20 (N13), 出金件数 21-26 (N6), 出金額合計 27-39
  (N13), 貸越区分 40, 取引後残高 41-54, データ・レコード件数 55-61 (N7);
- end (9).

A file is one or more accounts (header, data records, trailer) and one end record, with or
without line breaks (CRLF or LF; a DOS end-of-file mark is ignored). The whole file is
FILE_INVALID when a record is not exactly 200 bytes (a truncated last record included), when
a record kind is unknown or out of order, when a trailer or the end record is missing, when a
trailer field is not digits, or when a trailer's counts and sums differ from the data records
(the message names each difference: which count or sum, the trailer's figure and the records').

A data record whose 勘定日, 入払区分 (only 1 or 2) or 取引金額 (digits only, exact width: never
`-00000050000` or `1_000_000_00`) cannot be read is skipped with its reason. It still counts
in the trailer's データ・レコード件数, and in 入金/出金 only when its 入払区分 and 取引金額 were read,
so a record the trailer counts as money but that could not be read makes the file FILE_INVALID.

The header's 取引前残高 (when it holds digits; 貸越区分 1 makes it negative) is carried: each
transaction's 残高 is the running balance computed from it, and the trailer's 取引後残高 must
equal it — a difference is a `BALANCE_BREAK` finding naming the trailer (the transactions are
still read: the trailer's counts and sums agreed with them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from blocks.file.extract_types import file_error
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.statements.balance import BALANCE_BREAK
from blocks.statements.statement import Statement
from blocks.statements.vocabulary import (
    BALANCE,
    DATE,
    DEPOSIT,
    DESCRIPTION,
    ROW,
    WITHDRAWAL,
    ZENGIN_ACCOUNT_DATE,
    ZENGIN_AMOUNT,
    ZENGIN_DATA_COUNT,
    ZENGIN_DEPOSIT_TOTAL,
    ZENGIN_DEPOSITS,
    ZENGIN_REIWA_DATE,
    ZENGIN_WITHDRAWAL_TOTAL,
    ZENGIN_WITHDRAWALS,
)
from blocks.text.dates import DateError, parse_date_value
from keiri.base.catalog import t

__all__ = ["RECORD", "is_zengin", "read_zengin"]

RECORD = 200
_HEADER, _DATA, _TRAILER, _END = b"1", b"2", b"8", b"9"
_KIND_KEYS = {
    _HEADER: "runtime.statement.zengin.header",
    _DATA: "runtime.statement.zengin.data",
    _TRAILER: "runtime.statement.zengin.trailer",
    _END: "runtime.statement.zengin.end",
}
_DEPOSIT, _WITHDRAWAL = b"1", b"2"
_DATE = slice(9, 15)
_IN_OUT = slice(21, 22)
_AMOUNT = slice(24, 36)
_PAYER = slice(81, 129)
_MEMO = slice(159, 179)
_HEADER_OVERDRAFT, _OPENING = slice(113, 114), slice(115, 129)
_TRAILER_OVERDRAFT, _CLOSING = slice(39, 40), slice(40, 54)
_OVERDRAWN = b"1"
#: The trailer's figures checked against the data records: (name, slice, unit).
_TRAILER_FIELDS = (
    (ZENGIN_DEPOSITS, slice(1, 7), "count"),
    (ZENGIN_DEPOSIT_TOTAL, slice(7, 20), "amount"),
    (ZENGIN_WITHDRAWALS, slice(20, 26), "count"),
    (ZENGIN_WITHDRAWAL_TOTAL, slice(26, 39), "amount"),
    (ZENGIN_DATA_COUNT, slice(54, 61), "count"),
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def is_zengin(data: bytes) -> bool:
    """Whether `data` starts like a Zengin 入出金取引明細 file (a header of kind 03)."""
    return data[:3] == _HEADER + b"03"


@dataclass
class _Account:
    """One account's records between its header and its trailer."""

    header_line: int
    data: int = 0
    deposits: int = 0
    deposit_total: int = 0
    withdrawals: int = 0
    withdrawal_total: int = 0
    unread: list[dict[str, Any]] = field(default_factory=list)
    #: The header's 取引前残高 and the running balance from it (None when the header has none).
    opening: int | None = None
    balance: int | None = None

    def figures(self) -> dict[str, int]:
        return {
            ZENGIN_DEPOSITS: self.deposits,
            ZENGIN_DEPOSIT_TOTAL: self.deposit_total,
            ZENGIN_WITHDRAWALS: self.withdrawals,
            ZENGIN_WITHDRAWAL_TOTAL: self.withdrawal_total,
            ZENGIN_DATA_COUNT: self.data,
        }


def _invalid(name: str, message: str, hint_key: str, **details: Any) -> BlockError:
    hints = {
        "structure": "runtime.statement.zengin.structure_hint",
        "length": "runtime.statement.zengin.length_hint",
        "trailer": "runtime.statement.zengin.trailer_hint",
    }
    return file_error(ErrorCode.FILE_INVALID, message, name, hint=t(hints[hint_key]), **details)


def _shown(raw: bytes) -> str:
    """A field's bytes as a person can read them in a message."""
    return _CONTROL.sub("?", raw.decode("cp932", errors="replace"))


def _records(data: bytes, name: str, max_rows: int) -> list[tuple[int, bytes]]:
    """(record number, 200-byte record) of the file, with or without line breaks."""
    body = data.rstrip(b"\x1a")
    if b"\n" in body or b"\r" in body:
        if body.count(b"\n") + body.count(b"\r") > 2 * max_rows + 2:
            raise _too_many(name, max_rows)
        lines = body.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) == 1 and len(lines[0]) % RECORD == 0:
            body = lines[0]  # records without breaks, then one final line break
        else:
            for number, line in enumerate(lines, start=1):
                if len(line) != RECORD:
                    message = t(
                        "runtime.statement.zengin.line_length", line=number, length=len(line)
                    )
                    raise _invalid(name, message, "length", line=number, length=len(line))
            if len(lines) > max_rows:
                raise _too_many(name, max_rows)
            return list(enumerate(lines, start=1))
    if len(body) % RECORD:
        rest = len(body) % RECORD
        message = t("runtime.statement.zengin.size", size=f"{len(body):,}", rest=rest)
        raise _invalid(name, message, "length", size=len(body), last_record=rest)
    if len(body) // RECORD > max_rows:
        raise _too_many(name, max_rows)
    return [(n + 1, body[s : s + RECORD]) for n, s in enumerate(range(0, len(body), RECORD))]


def _too_many(name: str, max_rows: int) -> BlockError:
    return file_error(
        ErrorCode.FILE_TOO_LARGE,
        t("runtime.statement.too_many_records", limit=f"{max_rows:,}"),
        name,
        hint=t("runtime.statement.too_many_records_hint"),
        limit=max_rows,
    )


def _digits(raw: bytes, label: str, problems: list[str]) -> int | None:
    """The value of an N field (ASCII digits only, its full width), else None with a problem."""
    if raw.isdigit():  # bytes.isdigit: ASCII 0-9 only, and never empty
        return int(raw)
    shown = _shown(raw)
    problems.append(
        t("runtime.statement.zengin.not_digits", field=label, value=shown, width=len(raw))
    )
    return None


def _date(raw: bytes, problems: list[str]) -> str | None:
    """勘定日 (和暦 YYMMDD, 令和) as ISO, else None with a problem."""
    if _digits(raw, ZENGIN_ACCOUNT_DATE, problems) is None:
        return None
    text = raw.decode("ascii")
    try:
        day = parse_date_value(
            ZENGIN_REIWA_DATE.format(year=int(text[:2]), month=int(text[2:4]), day=int(text[4:6]))
        )
    except DateError as exc:
        problems.append(t("runtime.statement.zengin.bad_date", value=text, reason=exc.reason))
        return None
    return None if day is None else day.isoformat()


def _data(record: bytes, line: int, account: _Account, statement: Statement) -> None:
    """One data record: a transaction, or a skipped row with its reasons; tallied either way."""
    account.data += 1
    problems: list[str] = []
    date = _date(record[_DATE], problems)
    in_out = record[_IN_OUT]
    if in_out not in (_DEPOSIT, _WITHDRAWAL):
        problems.append(t("runtime.statement.zengin.bad_in_out", value=_shown(in_out)))
    amount = _digits(record[_AMOUNT], ZENGIN_AMOUNT, problems)
    if amount is not None and in_out == _DEPOSIT:
        account.deposits += 1
        account.deposit_total += amount
    elif amount is not None and in_out == _WITHDRAWAL:
        account.withdrawals += 1
        account.withdrawal_total += amount
    if problems:
        text = " ".join(_shown(record).split())[:200]
        joined = t("runtime.statement.zengin.separator").join(problems)
        reason = t("runtime.statement.zengin.unread", problems=joined)
        row = {ROW: line, "reason": reason, "text": text}
        statement.skipped.append(row)
        account.unread.append(row)
        return
    payer = record[_PAYER].decode("cp932", errors="replace").strip()
    memo = record[_MEMO].decode("cp932", errors="replace").strip()
    deposit = in_out == _DEPOSIT
    if account.balance is not None and amount is not None:
        account.balance += amount if deposit else -amount
    statement.records.append(
        {
            ROW: line,
            DATE: date,
            DESCRIPTION: " ".join(x for x in (payer, memo) if x),
            WITHDRAWAL: None if deposit else amount,
            DEPOSIT: amount if deposit else None,
            BALANCE: account.balance,
        }
    )


def _balance(record: bytes, overdraft: slice, where: slice) -> int | None:
    """A balance field (N14, negative when its 貸越区分 is 1), or None when not digits."""
    raw = record[where]
    if not raw.isdigit():
        return None
    return -int(raw) if record[overdraft] == _OVERDRAWN else int(raw)


def _check_balance(record: bytes, line: int, account: _Account, statement: Statement) -> None:
    """A finding when the trailer's 取引後残高 is not the header's 取引前残高 plus the
    deposits minus the withdrawals."""
    closing = _balance(record, _TRAILER_OVERDRAFT, _CLOSING)
    if account.opening is None or account.balance is None or closing is None:
        return
    statement.closing_balance = closing
    if closing == account.balance:
        return
    statement.findings.append(
        {
            "code": BALANCE_BREAK,
            "severity": "warning",
            ROW: line,
            "expected": account.balance,
            "found": closing,
            "message": t(
                "statement.zengin_balance",
                row=line,
                found=f"{closing:,}",
                opening=f"{account.opening:,}",
                header=account.header_line,
                deposits=f"{account.deposit_total:,}",
                withdrawals=f"{account.withdrawal_total:,}",
                expected=f"{account.balance:,}",
            ),
            "hint": t("statement.zengin_balance_hint"),
        }
    )


def _check_trailer(record: bytes, line: int, account: _Account, name: str) -> None:
    """FILE_INVALID unless the trailer's figures are digits and equal the data records'."""
    found = account.figures()
    differences: list[dict[str, Any]] = []
    for label, where, unit in _TRAILER_FIELDS:
        raw = record[where]
        if not raw.isdigit():
            message = t(
                "runtime.statement.zengin.trailer_not_digits",
                line=line,
                field=label,
                value=_shown(raw),
                width=len(raw),
            )
            raise _invalid(name, message, "structure", line=line, field=label)
        expected = int(raw)
        if expected != found[label]:
            differences.append(
                {"field": label, "expected": expected, "found": found[label], "unit": unit}
            )
    if not differences:
        return
    words = {
        "count": "runtime.statement.zengin.difference_count",
        "amount": "runtime.statement.zengin.difference_amount",
    }
    said = [
        t(
            words[d["unit"]],
            field=d["field"],
            expected=f"{d['expected']:,}",
            found=f"{d['found']:,}",
        )
        for d in differences
    ]
    joined = t("runtime.statement.zengin.separator").join(said)
    message = t("runtime.statement.zengin.trailer_mismatch", line=line, differences=joined)
    if account.unread:
        rows = ", ".join(str(row[ROW]) for row in account.unread[:10])
        message += t("runtime.statement.zengin.unread_rows", rows=rows)
    raise _invalid(
        name,
        message,
        "trailer",
        line=line,
        differences=differences,
        unread=account.unread[:20],
    )


def read_zengin(data: bytes, name: str, max_rows: int) -> Statement:
    """Transactions of a Zengin 入出金取引明細 file; FILE_INVALID for a malformed file."""
    statement = Statement("zengin", "cp932", None, {})
    account: _Account | None = None
    ended: int | None = None
    last = 0
    for line, record in _records(data, name, max_rows):
        last = line
        kind = record[:1]
        if ended is not None:
            message = t("runtime.statement.zengin.after_end", line=line, end=ended)
            raise _invalid(name, message, "structure", line=line)
        if kind not in _KIND_KEYS:
            message = t("runtime.statement.zengin.unknown_kind", line=line, kind=_shown(kind))
            raise _invalid(name, message, "structure", line=line)
        if kind == _DATA:
            if account is None:
                raise _out_of_order(name, line, kind)
            _data(record, line, account, statement)
            continue
        statement.skipped.append({ROW: line, "reason": t(_KIND_KEYS[kind]), "text": ""})
        if kind == _HEADER:
            if account is not None:
                raise _no_trailer(name, line)
            if record[1:3] != b"03":
                code = _shown(record[1:3])
                message = t("runtime.statement.zengin.not_statement", line=line, code=code)
                raise _invalid(name, message, "structure", line=line)
            account = _Account(line)
            account.opening = account.balance = _balance(record, _HEADER_OVERDRAFT, _OPENING)
            if statement.opening_balance is None:
                statement.opening_balance = account.opening
        elif kind == _TRAILER:
            if account is None:
                raise _out_of_order(name, line, kind)
            _check_trailer(record, line, account, name)
            _check_balance(record, line, account, statement)
            account = None
        else:  # the end record
            if account is not None:
                raise _no_trailer(name, line)
            ended = line
    if account is not None:
        message = t("runtime.statement.zengin.no_trailer_eof", line=last)
        raise _invalid(name, message, "structure", line=last)
    if ended is None:
        raise _invalid(name, t("runtime.statement.zengin.no_end", line=last), "structure")
    return statement


def _out_of_order(name: str, line: int, kind: bytes) -> BlockError:
    record = t(_KIND_KEYS[kind])
    message = t("runtime.statement.zengin.before_header", line=line, record=record)
    return _invalid(name, message, "structure", line=line)


def _no_trailer(name: str, line: int) -> BlockError:
    message = t("runtime.statement.zengin.no_trailer", line=line)
    return _invalid(name, message, "structure", line=line)
