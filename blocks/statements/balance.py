"""The running balance of a statement: each row's 残高 must be the previous balance plus its
入金 minus its 出金. A row where it is not is a *finding* (`BALANCE_BREAK`, naming the row, the
balance expected and the one printed), never an error: the transactions are still read, and a
person looks at the row (a missing or doubled transaction, a changed amount).

The check starts from the opening balance when the statement has one (a 前月繰越 row, the
全銀 header's 取引前残高), else from the first row's balance; after a break it goes on from the
printed balance, so one wrong row is one finding. Exports listing the newest row first are
checked from the bottom up (when there is no opening balance at the top, the direction with
fewer breaks is taken).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from blocks.statements.vocabulary import BALANCE, DEPOSIT, ROW, WITHDRAWAL
from blocks.text.amounts import plain_number
from keiri.base.catalog import t

__all__ = ["BALANCE_BREAK", "MAX_FINDINGS", "balance_findings"]

BALANCE_BREAK = "BALANCE_BREAK"
#: At most this many breaks are reported (the first ones, in the order checked).
MAX_FINDINGS = 20


def _dec(value: Any) -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(0)


def _breaks(
    records: Sequence[dict[str, Any]], opening: Decimal | None
) -> list[tuple[dict[str, Any], Decimal, Decimal]]:
    """(row, previous balance, expected balance) of every row whose printed balance differs."""
    found: list[tuple[dict[str, Any], Decimal, Decimal]] = []
    previous = opening
    for record in records:
        printed = record.get(BALANCE)
        if printed is None:
            if previous is not None:
                previous += _dec(record.get(DEPOSIT)) - _dec(record.get(WITHDRAWAL))
            continue
        balance = _dec(printed)
        if previous is not None:
            expected = previous + _dec(record.get(DEPOSIT)) - _dec(record.get(WITHDRAWAL))
            if expected != balance:
                found.append((record, previous, expected))
        previous = balance
    return found


def _number(value: Decimal) -> str:
    return f"{plain_number(value):,}"


def balance_findings(
    records: Sequence[dict[str, Any]], opening: int | float | None = None
) -> list[dict[str, Any]]:
    """The `BALANCE_BREAK` findings of `records` (in file order; see the module docstring)."""
    if not any(r.get(BALANCE) is not None for r in records):
        return []
    start = None if opening is None else _dec(opening)
    forward = _breaks(records, start)
    # Newest first? Only a file without a balance brought forward at its top can be.
    chosen = forward
    if forward and start is None:
        backward = _breaks(list(reversed(records)), None)
        chosen = backward if len(backward) < len(forward) else forward
    findings = []
    for record, previous, expected in chosen[:MAX_FINDINGS]:
        findings.append(
            {
                "code": BALANCE_BREAK,
                "severity": "warning",
                ROW: record[ROW],
                "expected": plain_number(expected),
                "found": record[BALANCE],
                "message": t(
                    "statement.balance_break",
                    row=record[ROW],
                    previous=_number(previous),
                    deposit=_number(_dec(record.get(DEPOSIT))),
                    withdrawal=_number(_dec(record.get(WITHDRAWAL))),
                    expected=_number(expected),
                    found=_number(_dec(record[BALANCE])),
                ),
                "hint": t("statement.balance_break_hint"),
            }
        )
    return findings
