"""The words of bank statements, as data: the canonical columns a statement is read into (the
output contract of `table.read_statement`: plans and the reconciliation read these keys), the
words exports print (a balance brought forward, an empty amount cell, a unit in a label) and
the field names of the Zengin 入出金取引明細 layout (全銀協's published format).

None of these is a message: they are never translated (`KEIRI_LANG=en` reads the same columns).
"""

from __future__ import annotations

import re

__all__ = [
    "AMOUNT_COLUMNS",
    "BALANCE",
    "BROUGHT_FORWARD",
    "COLUMNS",
    "DATE",
    "DATE_IN_CELLS",
    "DATE_PARTS",
    "DAY",
    "DEPOSIT",
    "DESCRIPTION",
    "EMPTY_CELLS",
    "MONTH",
    "NET",
    "ROW",
    "UNIT_IN_LABEL",
    "WITHDRAWAL",
    "YEAR",
    "ZENGIN_ACCOUNT_DATE",
    "ZENGIN_AMOUNT",
    "ZENGIN_DATA_COUNT",
    "ZENGIN_DEPOSITS",
    "ZENGIN_DEPOSIT_TOTAL",
    "ZENGIN_REIWA_DATE",
    "ZENGIN_WITHDRAWALS",
    "ZENGIN_WITHDRAWAL_TOTAL",
]

# -- the canonical columns of a transaction (an output contract) -------------------------------
DATE = "日付"
DESCRIPTION = "摘要"
WITHDRAWAL = "出金"
DEPOSIT = "入金"
BALANCE = "残高"
#: The statement's row (1-based line) a transaction or a skipped row came from.
ROW = "行"
#: A signed amount column (positive: 入金, negative: 出金), split into the two.
NET = "入出金"
COLUMNS = (DATE, DESCRIPTION, WITHDRAWAL, DEPOSIT, BALANCE)
#: Canonical columns holding money that moved (one is needed to read transactions).
AMOUNT_COLUMNS = (WITHDRAWAL, DEPOSIT, NET)

# -- a date written in three cells (PayPay銀行: 操作日(年), 操作日(月), 操作日(日)) -------------
YEAR, MONTH, DAY = "年", "月", "日"
DATE_PARTS = (YEAR, MONTH, DAY)
#: The three cells as one date text (read by `blocks.text.dates`).
DATE_IN_CELLS = "{year}年{month}月{day}日"

# -- what exports print ---------------------------------------------------------------------------
#: A unit in brackets after a label (`支払金額(円)`), left out of the label's key.
UNIT_IN_LABEL = re.compile(r"[(\[](?:円|¥|税込|税込み|税抜|税抜き|単位:円)[)\]]")
#: What exports write in an empty amount cell.
EMPTY_CELLS = frozenset({"-", "－", "ー", "―", "‐", "−"})
#: Rows carrying the balance brought forward (the opening of the running balance).
BROUGHT_FORWARD = ("前月繰越", "前日繰越", "前期繰越", "繰越")

# -- the Zengin layout's field names (named in the file's problems) ------------------------------
ZENGIN_DEPOSITS = "入金件数"
ZENGIN_DEPOSIT_TOTAL = "入金額合計"
ZENGIN_WITHDRAWALS = "出金件数"
ZENGIN_WITHDRAWAL_TOTAL = "出金額合計"
ZENGIN_DATA_COUNT = "データ・レコード件数"
ZENGIN_ACCOUNT_DATE = "勘定日"
ZENGIN_AMOUNT = "取引金額"
#: 勘定日 (和暦 YYMMDD, 令和) as a date text.
ZENGIN_REIWA_DATE = "令和{year}年{month}月{day}日"
