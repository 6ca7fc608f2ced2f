"""The local registry database (SQLite in the keiri home): every published record of every
number, with the files they came from.

- `files`: one row per imported CSV (its sha256 key, kind, part, as-of date, encoding, rows,
  records added) — importing the same file again does nothing.
- `records`: every version of every number ever imported (a snapshot's rows and each
  difference file's rows), deduplicated by a digest of the record's content (the sequence
  number and the "latest" flag aside), so applying a difference file twice, or a snapshot
  that repeats a difference, adds nothing. The latest record of a number is the one with the
  latest update date (then the latest file), so the order files are applied in never changes
  an answer.
- `api_cache`: answers of the online Web-API (`blocks.registration.online`).

Opened in WAL mode (lookups read while an import writes); a bulk load into an empty table
drops the indexes first and builds them after the load.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from blocks.registration.layout import STORED
from keiri.base import settings

__all__ = [
    "RECORD_COLUMNS",
    "connect",
    "create_indexes",
    "drop_indexes",
    "registry_path",
]

#: The columns of `records`, in insert order: the kept items of the layout, then ours.
RECORD_COLUMNS: tuple[str, ...] = (
    *(name for name, _index in STORED),
    "data_date",
    "file_id",
    "digest",
)
_TYPES = {"number": "INTEGER NOT NULL", "correct": "INTEGER", "kind": "INTEGER"}
_TYPES |= {"country": "INTEGER", "file_id": "INTEGER NOT NULL", "digest": "INTEGER NOT NULL"}

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    part TEXT,
    data_date TEXT NOT NULL,
    encoding TEXT NOT NULL,
    rows INTEGER NOT NULL,
    added INTEGER NOT NULL,
    imported_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    {", ".join(f"{c} {_TYPES.get(c, 'TEXT')}" for c in RECORD_COLUMNS)}
);
CREATE TABLE IF NOT EXISTS api_cache (
    endpoint TEXT NOT NULL,
    number INTEGER NOT NULL,
    day TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (endpoint, number, day)
);
"""
_INDEXES = (
    "CREATE INDEX IF NOT EXISTS records_number ON records (number)",
    "CREATE UNIQUE INDEX IF NOT EXISTS records_digest ON records (digest)",
)


def registry_path() -> Path:
    """Where the registry lives (`KEIRI_REGISTRY_DB`, default `<home>/registry/registry.sqlite`)."""
    return settings.registry_db()


@contextmanager
def connect(path: Path | None = None, *, create: bool = True) -> Iterator[sqlite3.Connection]:
    """A connection to the registry (created with its tables when `create`), closed on exit.
    Statements run in autocommit; callers open their own transactions (`BEGIN IMMEDIATE`)."""
    target = path or registry_path()
    if create:
        target.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(target, isolation_level=None, timeout=30)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        if create:
            conn.executescript(_SCHEMA)
            for statement in _INDEXES:
                conn.execute(statement)
        yield conn
    finally:
        conn.close()


def drop_indexes(conn: sqlite3.Connection) -> None:
    conn.execute("DROP INDEX IF EXISTS records_number")
    conn.execute("DROP INDEX IF EXISTS records_digest")


def create_indexes(conn: sqlite3.Connection) -> None:
    """Build the indexes after a bulk load; duplicates a file repeated inside itself are
    dropped first (the first one is kept)."""
    conn.execute(_INDEXES[0])
    try:
        conn.execute(_INDEXES[1])
    except sqlite3.IntegrityError:
        conn.execute("CREATE INDEX records_digest_dups ON records (digest)")
        conn.execute(
            "DELETE FROM records WHERE rowid NOT IN (SELECT min(rowid) FROM records GROUP BY digest)"
        )
        conn.execute("DROP INDEX records_digest_dups")
        conn.execute(_INDEXES[1])
