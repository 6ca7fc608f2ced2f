"""Which column of a statement export is which: the bank tables and the generic labels of
`statement_profiles.yaml`, label keys tolerant of width and 送り仮名, and the header row.

    header = find_header(rows)        # Header(index, {column: canonical}, bank) or None
    header.bank                       # {"id": "mufg", "name": "三菱UFJ銀行"} when a bank table fits

A label's key is its NFKC text without spaces, without a unit in brackets (`(円)`, `（税込）`)
and without hiragana, so `支払い金額` = `支払金額` and `お預かり金額` = `預り金額`. A header row
holding every label a bank's table reads is read with that table; otherwise each cell is looked
up in the generic `columns` (the first column of each kind wins, except 摘要: all are joined).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from blocks.statements.vocabulary import (
    AMOUNT_COLUMNS,
    DATE,
    DATE_PARTS,
    DESCRIPTION,
    UNIT_IN_LABEL,
)

__all__ = [
    "AMOUNT_COLUMNS",
    "DATE_PARTS",
    "Header",
    "Profiles",
    "find_header",
    "header_at",
    "label_key",
    "profiles",
]

_HIRAGANA = re.compile(r"[\u3041-\u309f]")
_HEADER_SCAN = 30


def label_key(text: Any) -> str:
    """The key a header label is compared by (see the module docstring)."""
    value = unicodedata.normalize("NFKC", str(text or ""))
    value = "".join(value.split())
    return _HIRAGANA.sub("", UNIT_IN_LABEL.sub("", value))


@dataclass(frozen=True)
class Bank:
    id: str
    name: str
    #: label key -> canonical column (None: a column of the export keiri does not read).
    header: dict[str, str | None]


@dataclass(frozen=True)
class Profiles:
    banks: tuple[Bank, ...]
    #: label key -> canonical column, for any other export.
    labels: dict[str, str]
    not_transactions: tuple[str, ...]


@cache
def profiles() -> Profiles:
    raw = yaml.safe_load(
        (Path(__file__).with_name("statement_profiles.yaml")).read_text(encoding="utf-8")
    )
    banks = tuple(
        Bank(
            id=str(bank_id),
            name=str(table["name"]),
            header={label_key(label): column for label, column in table["header"].items()},
        )
        for bank_id, table in raw["banks"].items()
    )
    labels: dict[str, str] = {}
    for column, names in raw["columns"].items():
        for label in names:
            labels.setdefault(label_key(label), str(column))
    return Profiles(banks, labels, tuple(raw["not_transactions"]))


@dataclass(frozen=True)
class Header:
    """The header row (0-based `index`), its columns by position, and the bank it fits."""

    index: int
    columns: dict[int, str]
    bank: dict[str, str] | None = None

    def found(self) -> set[str]:
        return set(self.columns.values())

    def has_date(self) -> bool:
        return DATE in self.found() or set(DATE_PARTS) <= self.found()

    def has_amount(self) -> bool:
        return bool(self.found() & set(AMOUNT_COLUMNS))


def _read(bank: Bank) -> set[str]:
    return {key for key, column in bank.header.items() if column is not None}


def _bank_columns(keys: list[str]) -> tuple[Bank, dict[int, str]] | None:
    """The bank table whose every label that keiri reads is in `keys` (the one with the
    most labels; the columns it does not read may have been removed by the user)."""
    fitting = [b for b in profiles().banks if _read(b) <= set(keys)]
    if not fitting:
        return None
    bank = max(fitting, key=lambda b: (len(_read(b)), len(set(b.header) & set(keys))))
    columns = {
        position: column
        for position, key in enumerate(keys)
        if (column := bank.header.get(key)) is not None
    }
    return bank, columns


def header_at(row: Sequence[Any], index: int) -> Header:
    """The columns of `row` read as a header (a bank's table when one fits)."""
    keys = [label_key(cell) for cell in row]
    fitted = _bank_columns(keys)
    if fitted is not None:
        bank, by_bank = fitted
        return Header(index, by_bank, {"id": bank.id, "name": bank.name})
    labels = profiles().labels
    generic: dict[int, str] = {}
    for position, key in enumerate(keys):
        column = labels.get(key)
        if column is not None and (column == DESCRIPTION or column not in generic.values()):
            generic[position] = column
    return Header(index, generic)


def find_header(rows: Sequence[Sequence[Any]]) -> tuple[Header | None, Header | None]:
    """(the header: the first of the first 30 rows naming a date and an amount column, or
    None; else the row that came closest — a date column and other labels, no amount)."""
    closest: Header | None = None
    for index, row in enumerate(rows[:_HEADER_SCAN]):
        header = header_at(row, index)
        if header.has_date() and header.has_amount():
            return header, None
        if header.has_date() and len(header.columns) > 1 and closest is None:
            closest = header
    return None, closest
