"""Reading a report's sheets in tests: `records(book, "照合済")` gives its rows as dicts keyed by
the header row, so a test names the columns it checks, not their positions."""

from __future__ import annotations

from typing import Any

__all__ = ["records"]


def records(book: Any, name: str) -> list[dict[str, Any]]:
    """The rows under the header row of sheet `name` of an openpyxl workbook."""
    header, *rows = list(book[name].iter_rows(values_only=True))
    return [dict(zip(header, row, strict=True)) for row in rows]
