"""`EvidenceArchive`: evidence kept as 電子取引 data must be kept (電子帳簿保存法).

    archive = EvidenceArchive()            # <keiri home>/archive (KEIRI_ARCHIVE_DIR)
    result = archive.add(path, file_name="請求書.pdf", fields={...}, who="yamada", runs=[run_id])
    archive.correct(result.record.id, {"amount": 110000}, who="sato", why="合計の読み違い")
    archive.delete(result.record.id, who="sato", why="重複して登録")
    archive.purge(result.record.id, who="sato", why="保存期間満了")   # refused inside retention

- Originals are kept once by sha256, read-only (`vault.Vault`); the same file added again is
  the same record (the new run is linked to it).
- Every change is an entry of the append-only, hash-chained log (`ledger`) — who, when, why,
  what — written in the same transaction as the index row it changes (`index.apply`).
- A deletion hides the record from search; its bytes and its log stay. A purge removes the
  bytes, only after the retention period (`KEIRI_ARCHIVE_RETENTION_YEARS`, 7 by default),
  and is itself logged.
- `integrity.verify` checks every kept file's hash, the log chain, and that the index is the
  fold of the log.
"""

from __future__ import annotations

import datetime as dt
import getpass
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blocks.archive import ledger
from blocks.archive.index import (
    EDITABLE,
    INDEX_COLUMNS,
    SCHEMA,
    EvidenceRecord,
    apply,
    keep_until,
    record_of,
)
from blocks.archive.vault import Vault
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.store import guess_media_type
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["AddResult", "EvidenceArchive", "default_actor"]


def default_actor() -> str:
    """Who is acting when nobody is named: `KEIRI_USER`, else the login name (else the uid:
    a container may have no name for it)."""
    try:
        return settings.get().ui.user or getpass.getuser()
    except (KeyError, OSError):
        import os

        return f"uid:{os.getuid()}"


@dataclass(frozen=True)
class AddResult:
    record: EvidenceRecord
    new: bool  # False: the file was already archived (the run was linked to it)


class EvidenceArchive:
    """The evidence archive rooted at `root` (default: the keiri home's)."""

    def __init__(self, root: Path | None = None, *, years: int | None = None) -> None:
        self.root = (root or settings.archive_dir()).resolve()
        self.years = years or settings.get().evidence.retention_years
        self.vault = Vault(self.root / "files")
        self.db = self.root / "archive.sqlite"
        self.head = self.root / "log.head"

    # -- connections ------------------------------------------------------------------

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection (the tables created on first use), closed on exit; autocommit."""
        self.root.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.db, isolation_level=None, timeout=30)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(ledger.SCHEMA + SCHEMA)
            yield conn
        finally:
            conn.close()

    @contextmanager
    def _change(self) -> Iterator[tuple[sqlite3.Connection, list[ledger.LogEntry]]]:
        """One transaction that appends log entries (collected in the list) and folds them
        into the index; the head file follows the commit."""
        written: list[ledger.LogEntry] = []
        with self.connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn, written
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        if written:
            ledger.write_head(self.head, written[-1])

    def _log(
        self,
        conn: sqlite3.Connection,
        written: list[ledger.LogEntry],
        action: str,
        record_id: int,
        who: str,
        why: str,
        data: dict[str, Any],
    ) -> None:
        entry = ledger.append(conn, who=who, action=action, record_id=record_id, why=why, data=data)
        apply(conn, entry)
        written.append(entry)

    # -- reading ----------------------------------------------------------------------

    def get(self, record_id: int) -> EvidenceRecord:
        with self.connect() as conn:
            return self._get(conn, record_id)

    def _get(self, conn: sqlite3.Connection, record_id: int) -> EvidenceRecord:
        row = conn.execute(
            f"SELECT {', '.join(INDEX_COLUMNS)} FROM records WHERE id = ?", (record_id,)
        ).fetchone()
        if row is None:
            raise BlockError(
                ErrorCode.EVIDENCE_NOT_FOUND,
                t("archive.not_found", id=record_id),
                details={"id": record_id},
                hint=t("archive.not_found_hint"),
            )
        return record_of(row)

    def history(self, record_id: int) -> list[ledger.LogEntry]:
        with self.connect() as conn:
            self._get(conn, record_id)
            return ledger.entries(conn, record_id)

    def file_path(self, record: EvidenceRecord) -> Path:
        """The kept original (read it; it is read-only)."""
        return self.vault.path(record.sha256)

    # -- changing ---------------------------------------------------------------------

    def add(
        self,
        source: Path | bytes | Iterable[bytes],
        *,
        file_name: str,
        fields: dict[str, Any],
        who: str,
        media_type: str | None = None,
        runs: Iterable[str] = (),
        journal_entries: Iterable[str] = (),
    ) -> AddResult:
        """Keep a file (once) with its index fields (`transaction_date`, `amount`,
        `party_name`, `party_number`, `kind`); the same file again links `runs` and
        `journal_entries` to its record and restores bytes a purge removed."""
        if isinstance(source, Path):
            sha, size = self.vault.put_file(source)
        else:
            sha, size = self.vault.put([source] if isinstance(source, bytes) else source)
        runs, journals = list(dict.fromkeys(runs)), list(dict.fromkeys(journal_entries))
        clean = {key: fields.get(key) for key in EDITABLE}
        with self._change() as (conn, written):
            row = conn.execute("SELECT id FROM records WHERE sha256 = ?", (sha,)).fetchone()
            if row is None:
                record_id = (conn.execute("SELECT max(id) FROM records").fetchone()[0] or 0) + 1
                now = dt.datetime.now(dt.UTC).isoformat()
                data = {
                    "sha256": sha,
                    "file_name": file_name,
                    "media_type": media_type or guess_media_type(file_name),
                    "size": size,
                    "fields": clean,
                    "runs": runs,
                    "journal_entries": journals,
                    "keep_until": keep_until(clean["transaction_date"], now, self.years),
                }
                self._log(conn, written, "add", record_id, who, "", data)
                return AddResult(self._get(conn, record_id), True)
            record = self._get(conn, row[0])
            new_runs = [r for r in runs if r not in record.runs]
            new_journals = [j for j in journals if j not in record.journal_entries]
            if new_runs or new_journals:
                link = {"runs": new_runs, "journal_entries": new_journals}
                self._log(conn, written, "link", record.id, who, "", link)
            if record.purged:
                self._log(conn, written, "restore", record.id, who, "", {"sha256": sha})
            return AddResult(self._get(conn, record.id), False)

    def correct(
        self, record_id: int, changes: dict[str, Any], *, who: str, why: str
    ) -> EvidenceRecord:
        """Change index fields (a new log entry with the values before and after)."""
        unknown = sorted(set(changes) - set(EDITABLE))
        if unknown or not changes:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("archive.correct.fields", fields=", ".join(unknown) or "-"),
                details={"unknown": unknown, "editable": list(EDITABLE)},
                hint=t("archive.correct.fields_hint", editable=", ".join(EDITABLE)),
            )
        _require_reason(why)
        changes = _checked(changes)
        with self._change() as (conn, written):
            record = self._alive(conn, record_id, purged_only=True)
            before = {key: getattr(record, key) for key in changes}
            data: dict[str, Any] = {"changes": changes, "before": before}
            if "transaction_date" in changes:  # retention may grow, never shrink
                data["keep_until"] = max(
                    record.keep_until,
                    keep_until(changes["transaction_date"], record.added_at, self.years),
                )
            self._log(conn, written, "correct", record_id, who, why, data)
            return self._get(conn, record_id)

    def delete(self, record_id: int, *, who: str, why: str) -> EvidenceRecord:
        """Hide a record from search (its bytes and its log stay)."""
        _require_reason(why)
        with self._change() as (conn, written):
            self._alive(conn, record_id)
            self._log(conn, written, "delete", record_id, who, why, {})
            return self._get(conn, record_id)

    def purge(
        self, record_id: int, *, who: str, why: str, today: dt.date | None = None
    ) -> EvidenceRecord:
        """Remove a record's bytes after its retention period (refused before)."""
        _require_reason(why)
        today = today or dt.date.today()
        with self._change() as (conn, written):
            record = self._alive(conn, record_id, purged_only=True)
            if today.isoformat() <= record.keep_until:
                raise BlockError(
                    ErrorCode.RETENTION_ACTIVE,
                    t("archive.purge.refused", id=record_id, until=record.keep_until),
                    details={"id": record_id, "keep_until": record.keep_until},
                    hint=t("archive.purge.refused_hint", years=self.years),
                )
            self._log(conn, written, "purge", record_id, who, why, {"sha256": record.sha256})
            purged = self._get(conn, record_id)
        self.vault.remove(record.sha256)
        return purged

    def _alive(
        self, conn: sqlite3.Connection, record_id: int, *, purged_only: bool = False
    ) -> EvidenceRecord:
        """The record, refused when purged (or, unless `purged_only`, deleted)."""
        record = self._get(conn, record_id)
        if record.purged or (record.deleted and not purged_only):
            key = "archive.gone.purged" if record.purged else "archive.gone.deleted"
            raise BlockError(
                ErrorCode.EVIDENCE_NOT_FOUND,
                t(key, id=record_id),
                details={"id": record_id, "deleted": record.deleted, "purged": record.purged},
                hint=t("archive.gone_hint", id=record_id),
            )
        return record


def _checked(changes: dict[str, Any]) -> dict[str, Any]:
    """`changes` with a date that is an ISO date and an amount that is a number (or None)."""
    date, amount = changes.get("transaction_date"), changes.get("amount")
    problem = None
    if date is not None:
        try:
            changes = {**changes, "transaction_date": dt.date.fromisoformat(str(date)).isoformat()}
        except ValueError:
            problem = t("archive.correct.bad_date", value=date)
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int | float)):
        problem = t("archive.correct.bad_amount", value=amount)
    if problem:
        raise BlockError(ErrorCode.INPUT_VALIDATION_FAILED, problem, details={"changes": changes})
    return changes


def _require_reason(why: str) -> None:
    if not why.strip():
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("archive.reason_required"),
            hint=t("archive.reason_required_hint"),
        )
