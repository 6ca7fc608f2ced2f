"""Which entries were already exported, across runs: `<home>/journals.sqlite` (stdlib
`sqlite3`, WAL, schema versioned by `PRAGMA user_version`).

An entry is known by its `dedup_key` (its evidence's hash, its counterparty and its amount;
`blocks.journals.purchases.dedup_key`). An export leaves out the entries another run already
exported and records the ones it wrote; exporting the same run again (another format, a lost
file) writes the same entries again.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from blocks.counterparties.store import now
from blocks.journals.model import Entry
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["SCHEMA_VERSION", "ExportLedger", "Exported"]

SCHEMA_VERSION = 1
_SCHEMA = (
    "CREATE TABLE exported (dedup_key TEXT PRIMARY KEY, run_id TEXT NOT NULL,"
    " entry_id TEXT NOT NULL, period TEXT, format TEXT NOT NULL, exported_at TEXT NOT NULL,"
    " exported_by TEXT NOT NULL)",
)


@dataclass(frozen=True)
class Exported:
    dedup_key: str
    run_id: str
    entry_id: str
    format: str
    exported_at: str
    exported_by: str


class ExportLedger:
    def __init__(self, path: Path | None = None) -> None:
        self.path = (path or settings.keiri_home() / "journals.sqlite").resolve()

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise self._error(exc) from exc
        try:
            db.execute("PRAGMA journal_mode=WAL")
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise BlockError(
                    ErrorCode.STORAGE_ERROR,
                    t("journal.ledger.newer", path=self.path, version=version),
                    details={"path": str(self.path)},
                    hint=t("counterparty.store.newer_hint"),
                )
            if version == 0:
                db.execute("BEGIN IMMEDIATE")
                if int(db.execute("PRAGMA user_version").fetchone()[0]) == 0:
                    for statement in _SCHEMA:
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                db.execute("COMMIT")
            yield db
        except sqlite3.Error as exc:
            raise self._error(exc) from exc
        finally:
            db.close()

    def _error(self, exc: BaseException) -> BlockError:
        return BlockError(
            ErrorCode.STORAGE_ERROR,
            t("journal.ledger.error", path=self.path, detail=exc),
            details={"path": str(self.path)},
            hint=t("counterparty.store.error_hint"),
            recoverable=True,
        )

    def exported(self, keys: Iterable[str]) -> dict[str, Exported]:
        """The entries among `keys` already exported (by any run)."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, Exported] = {}
        with self._db() as db:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                rows = db.execute(
                    "SELECT dedup_key, run_id, entry_id, format, exported_at, exported_by"
                    f" FROM exported WHERE dedup_key IN ({', '.join('?' * len(chunk))})",
                    chunk,
                ).fetchall()
                found.update({row[0]: Exported(*row) for row in rows})
        return found

    def record(self, entries: Sequence[Entry], fmt: str, period: str | None, who: str) -> None:
        """Remember `entries` as exported (the first export of a key is kept)."""
        at = now()
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT OR IGNORE INTO exported (dedup_key, run_id, entry_id, period, format,"
                " exported_at, exported_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(e.dedup_key, e.run_id, e.id, period, fmt, at, who) for e in entries],
            )
            db.execute("COMMIT")
