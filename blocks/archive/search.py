"""Searching the archive by 取引年月日, 取引金額 and 取引先 — ranges for the date and the amount,
any combination — as 電子帳簿保存法 requires of 電子取引 data.

`party` matches the counterparty's name (normalised: 株式会社 / (株) / ㈱, width, spaces) or
its registration number (with or without "T", any part of at least 4 digits); `kind` is the
document kind (`invoice`, `simplified_invoice`, ...). Deleted and purged records are left out
unless asked for.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from blocks.archive.index import INDEX_COLUMNS, EvidenceRecord, party_key, record_of
from blocks.text.japanese import nfkc

__all__ = ["Filters", "number_key", "search"]

_NUMBER = re.compile(r"T?(\d{4,13})")


@dataclass(frozen=True)
class Filters:
    """Inclusive ranges; None leaves a side open."""

    date_from: str | None = None
    date_to: str | None = None
    amount_min: float | None = None
    amount_max: float | None = None
    party: str | None = None
    kind: str | None = None
    include_deleted: bool = False

    def is_empty(self) -> bool:
        return all(
            value is None
            for value in (
                self.date_from,
                self.date_to,
                self.amount_min,
                self.amount_max,
                self.party,
                self.kind,
            )
        )


def number_key(text: str) -> str | None:
    """The digits of a (part of a) registration number as people type it, else None."""
    folded = re.sub(r"[\s\-‐−ー]", "", nfkc(text)).upper()
    match = _NUMBER.fullmatch(folded)
    return match.group(1) if match else None


def _like(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def search(conn: sqlite3.Connection, filters: Filters) -> list[EvidenceRecord]:
    """The records matching every filter given, by transaction date then id."""
    where: list[str] = []
    params: list[object] = []
    if not filters.include_deleted:
        where.append("deleted = 0 AND purged = 0")
    for bound, clause in (
        (filters.date_from, "transaction_date >= ?"),
        (filters.date_to, "transaction_date <= ?"),
        (filters.amount_min, "amount >= ?"),
        (filters.amount_max, "amount <= ?"),
    ):
        if bound is not None:
            where.append(clause)
            params.append(bound)
    if filters.party is not None and filters.party.strip():
        digits = number_key(filters.party)
        key = party_key(filters.party)
        options = []
        if key:  # a legal form alone (株式会社) names nobody
            options.append("party_key LIKE ? ESCAPE '\\'")
            params.append(_like(key))
        if digits is not None:
            options.append("party_number LIKE ? ESCAPE '\\'")
            params.append(_like(digits))
        where.append("(" + (" OR ".join(options) or "0") + ")")
    if filters.kind is not None:
        where.append("kind = ?")
        params.append(filters.kind)
    sql = f"SELECT {', '.join(INDEX_COLUMNS)} FROM records"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY transaction_date IS NULL, transaction_date, id"
    return [record_of(row) for row in conn.execute(sql, params).fetchall()]
