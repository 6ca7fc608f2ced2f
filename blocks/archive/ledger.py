"""The archive's append-only log: every addition, link, correction, deletion and purge is a
new entry (who, when, why, what), and each entry carries the hash of the previous one.

An entry's hash is the sha256 of its canonical JSON (`seq`, `at`, `who`, `action`,
`record_id`, `why`, `data`, `prev`), so editing any field of any entry breaks its own hash and
editing it with a recomputed hash breaks the next entry's `prev`. The newest entry's hash is
also written beside the database (`log.head`), so rewriting the last entry with its hash is
seen too. Nothing updates or deletes an entry.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blocks.sdk.atomic_write import write_text_atomic

__all__ = ["GENESIS", "LogEntry", "append", "entries", "entry_hash", "read_head", "write_head"]

GENESIS = "0" * 64
SCHEMA = """
CREATE TABLE IF NOT EXISTS log (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    who TEXT NOT NULL,
    action TEXT NOT NULL,
    record_id INTEGER,
    why TEXT NOT NULL,
    data TEXT NOT NULL,
    prev TEXT NOT NULL,
    hash TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class LogEntry:
    seq: int
    at: str
    who: str
    action: str
    record_id: int | None
    why: str
    data: dict[str, Any]
    prev: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def entry_hash(
    seq: int, at: str, who: str, action: str, record_id: int | None, why: str, data: Any, prev: str
) -> str:
    body = {
        "seq": seq,
        "at": at,
        "who": who,
        "action": action,
        "record_id": record_id,
        "why": why,
        "data": data,
        "prev": prev,
    }
    return hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()


def append(
    conn: sqlite3.Connection,
    *,
    who: str,
    action: str,
    record_id: int | None,
    why: str,
    data: dict[str, Any],
) -> LogEntry:
    """Add one entry (inside the caller's transaction)."""
    last = conn.execute("SELECT seq, hash FROM log ORDER BY seq DESC LIMIT 1").fetchone()
    seq, prev = (last[0] + 1, last[1]) if last else (1, GENESIS)
    at = dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")
    data = json.loads(_canonical(data))  # what is stored is what was hashed
    digest = entry_hash(seq, at, who, action, record_id, why, data, prev)
    conn.execute(
        "INSERT INTO log (seq, at, who, action, record_id, why, data, prev, hash) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (seq, at, who, action, record_id, why, _canonical(data), prev, digest),
    )
    return LogEntry(seq, at, who, action, record_id, why, data, prev, digest)


def entries(conn: sqlite3.Connection, record_id: int | None = None) -> list[LogEntry]:
    """The log in order (of one record when `record_id`)."""
    query = "SELECT seq, at, who, action, record_id, why, data, prev, hash FROM log"
    rows = (
        conn.execute(query + " WHERE record_id = ? ORDER BY seq", (record_id,))
        if record_id is not None
        else conn.execute(query + " ORDER BY seq")
    ).fetchall()
    return [
        LogEntry(seq, at, who, action, rid, why, json.loads(data), prev, digest)
        for seq, at, who, action, rid, why, data, prev, digest in rows
    ]


def write_head(path: Path, entry: LogEntry) -> None:
    write_text_atomic(path, f"{entry.seq} {entry.hash}\n")


def read_head(path: Path) -> tuple[int, str] | None:
    try:
        seq, digest = path.read_text(encoding="utf-8").split()
        return int(seq), digest
    except (OSError, ValueError):
        return None
