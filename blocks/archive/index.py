"""The archive's index: one row per kept file, the fold of the log (`apply` is the only code
that writes it, live and when the integrity check replays the log).

A record: the file (sha256, name, media type, size), the index fields people search by —
取引年月日 (`transaction_date`), 金額 (`amount`), 取引先 (`party_name`, `party_number`) — the
document kind, the runs and journal entries that used it, who added it and when, the day its
retention ends (`keep_until`), and whether it was deleted (hidden from search) or purged (its
bytes removed after retention). `party_key` is the normalised name searches match.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from typing import Any

from pydantic import BaseModel, ConfigDict

from blocks.archive.ledger import LogEntry
from blocks.text.japanese import normalize_name

__all__ = [
    "EDITABLE",
    "INDEX_COLUMNS",
    "SCHEMA",
    "EvidenceRecord",
    "apply",
    "keep_until",
    "party_key",
    "record_of",
]

#: The fields a correction may change.
EDITABLE = ("transaction_date", "amount", "party_name", "party_number", "kind")
INDEX_COLUMNS = (
    "id",
    "sha256",
    "file_name",
    "media_type",
    "size",
    "transaction_date",
    "amount",
    "party_name",
    "party_number",
    "party_key",
    "kind",
    "runs",
    "journal_entries",
    "added_by",
    "added_at",
    "keep_until",
    "deleted",
    "purged",
)
SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    file_name TEXT NOT NULL,
    media_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    transaction_date TEXT,
    amount NUMERIC,
    party_name TEXT,
    party_number TEXT,
    party_key TEXT,
    kind TEXT,
    runs TEXT NOT NULL,
    journal_entries TEXT NOT NULL,
    added_by TEXT NOT NULL,
    added_at TEXT NOT NULL,
    keep_until TEXT NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    purged INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS records_date ON records (transaction_date);
CREATE INDEX IF NOT EXISTS records_amount ON records (amount);
CREATE INDEX IF NOT EXISTS records_number ON records (party_number);
"""


class EvidenceRecord(BaseModel):
    """One kept file and its index fields (what search, show and export return)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    sha256: str
    file_name: str
    media_type: str
    size: int
    transaction_date: str | None
    amount: int | float | None
    party_name: str | None
    party_number: str | None
    kind: str | None
    runs: list[str]
    journal_entries: list[str]
    added_by: str
    added_at: str
    keep_until: str
    deleted: bool
    purged: bool


def party_key(name: str | None) -> str | None:
    return normalize_name(name) if name else None


def _add_months(day: dt.date, months: int) -> dt.date:
    year, month = divmod(day.month - 1 + months, 12)
    target = (day.year + year, month + 1)
    for last in (31, 30, 29, 28):
        try:
            return dt.date(*target, min(day.day, last))
        except ValueError:
            continue
    raise AssertionError("unreachable")  # pragma: no cover


def keep_until(transaction_date: str | None, added_at: str, years: int) -> str:
    """The last day of retention: `years` after the latest filing deadline the transaction's
    year can have (keiri does not know the fiscal year: 14 months after the transaction — a
    12-month year plus 2 months to file); from the day it was added when the date is unknown."""
    base = (
        dt.date.fromisoformat(transaction_date)
        if transaction_date
        else dt.datetime.fromisoformat(added_at).date()
    )
    return _add_months(base, 14 + 12 * years).isoformat()


def record_of(row: sqlite3.Row | tuple[Any, ...]) -> EvidenceRecord:
    values = dict(zip(INDEX_COLUMNS, row, strict=True))
    values.pop("party_key")
    values["runs"] = json.loads(values["runs"])
    values["journal_entries"] = json.loads(values["journal_entries"])
    values["deleted"], values["purged"] = bool(values["deleted"]), bool(values["purged"])
    return EvidenceRecord.model_validate(values)


def _union(old: str, new: list[str]) -> str:
    return json.dumps(list(dict.fromkeys([*json.loads(old), *new])), ensure_ascii=False)


def apply(conn: sqlite3.Connection, entry: LogEntry) -> None:
    """Fold one log entry into the index (the index's only writer). Everything it writes is
    in the entry (the retention end included), so a replay rebuilds the same index."""
    data, rid = entry.data, entry.record_id
    if entry.action == "add":
        fields = data["fields"]
        conn.execute(
            f"INSERT INTO records ({', '.join(INDEX_COLUMNS)}) "
            f"VALUES ({', '.join('?' for _ in INDEX_COLUMNS)})",
            (
                rid,
                data["sha256"],
                data["file_name"],
                data["media_type"],
                data["size"],
                fields.get("transaction_date"),
                fields.get("amount"),
                fields.get("party_name"),
                fields.get("party_number"),
                party_key(fields.get("party_name")),
                fields.get("kind"),
                json.dumps(data.get("runs", []), ensure_ascii=False),
                json.dumps(data.get("journal_entries", []), ensure_ascii=False),
                entry.who,
                entry.at,
                data["keep_until"],
                0,
                0,
            ),
        )
    elif entry.action == "link":
        runs, journals = conn.execute(
            "SELECT runs, journal_entries FROM records WHERE id = ?", (rid,)
        ).fetchone()
        conn.execute(
            "UPDATE records SET runs = ?, journal_entries = ? WHERE id = ?",
            (
                _union(runs, data.get("runs", [])),
                _union(journals, data.get("journal_entries", [])),
                rid,
            ),
        )
    elif entry.action == "correct":
        changes = data["changes"]
        sets = {key: changes[key] for key in EDITABLE if key in changes}
        if "party_name" in sets:
            sets["party_key"] = party_key(sets["party_name"])
        if "keep_until" in data:
            sets["keep_until"] = data["keep_until"]
        assignments = ", ".join(f"{key} = ?" for key in sets)
        conn.execute(f"UPDATE records SET {assignments} WHERE id = ?", (*sets.values(), rid))
    elif entry.action in {"delete", "purge", "restore"}:
        column = {"delete": "deleted", "purge": "purged", "restore": "purged"}[entry.action]
        value = 0 if entry.action == "restore" else 1
        conn.execute(f"UPDATE records SET {column} = ? WHERE id = ?", (value, rid))
    else:
        raise ValueError(entry.action)
