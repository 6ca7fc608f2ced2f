"""`Statement`: a statement file read as transactions (canonical columns) and skipped rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["COLUMNS", "Statement"]

COLUMNS = ("日付", "摘要", "出金", "入金", "残高")


@dataclass
class Statement:
    format: str
    encoding: str | None
    header_row: int | None
    columns: dict[str, str]
    records: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "encoding": self.encoding,
            "header_row": self.header_row,
            "columns": self.columns,
            "transactions": len(self.records),
            "skipped": len(self.skipped),
            "rows": len(self.records) + len(self.skipped),
        }
