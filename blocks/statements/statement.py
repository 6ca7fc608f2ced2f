"""`Statement`: a statement file read as transactions (canonical columns), skipped rows, the
bank whose export it is, its opening and closing balances, and findings (a running balance
that breaks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from blocks.statements.vocabulary import COLUMNS

__all__ = ["COLUMNS", "Statement"]


@dataclass
class Statement:
    format: str
    encoding: str | None
    header_row: int | None
    columns: dict[str, str]
    records: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)
    #: {"id", "name"} of the bank whose export layout the header is, or None.
    bank: dict[str, str] | None = None
    #: The balance before the first transaction (a 前月繰越 row, the 全銀 取引前残高).
    opening_balance: int | float | None = None
    #: The balance after the last transaction (the 全銀 trailer's 取引後残高).
    closing_balance: int | float | None = None
    findings: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "encoding": self.encoding,
            "header_row": self.header_row,
            "columns": self.columns,
            "bank": self.bank,
            "opening_balance": self.opening_balance,
            "closing_balance": self.closing_balance,
            "transactions": len(self.records),
            "skipped": len(self.skipped),
            "rows": len(self.records) + len(self.skipped),
            "findings": len(self.findings),
        }
