"""The archive's integrity check: every kept original still hashes to its name, the log's
chain is whole (each entry's hash, each `prev`, the head file), and the index is exactly the
fold of the log (a row edited behind the log's back shows as a difference)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

from blocks.archive import ledger
from blocks.archive.archive import EvidenceArchive
from blocks.archive.index import INDEX_COLUMNS, SCHEMA, apply
from keiri.base.catalog import t

__all__ = ["IntegrityReport", "Problem", "verify"]


@dataclass(frozen=True)
class Problem:
    kind: str  # file_missing | file_changed | chain_broken | head_mismatch | index_mismatch
    message: str
    record_id: int | None = None
    seq: int | None = None

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class IntegrityReport:
    files: int = 0
    entries: int = 0
    records: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "files": self.files,
            "entries": self.entries,
            "records": self.records,
            "problems": [p.to_json() for p in self.problems],
        }


def _check_chain(entries: list[ledger.LogEntry], report: IntegrityReport) -> None:
    prev = ledger.GENESIS
    for expected_seq, entry in enumerate(entries, start=1):
        computed = ledger.entry_hash(
            entry.seq,
            entry.at,
            entry.who,
            entry.action,
            entry.record_id,
            entry.why,
            entry.data,
            entry.prev,
        )
        if entry.seq != expected_seq or entry.prev != prev or computed != entry.hash:
            report.problems.append(
                Problem(
                    "chain_broken",
                    t("archive.verify.chain", seq=entry.seq, id=entry.record_id or "-"),
                    entry.record_id,
                    entry.seq,
                )
            )
        prev = entry.hash


def _check_head(
    archive: EvidenceArchive, entries: list[ledger.LogEntry], report: IntegrityReport
) -> None:
    head = ledger.read_head(archive.head)
    last = (entries[-1].seq, entries[-1].hash) if entries else None
    if head != last:
        report.problems.append(Problem("head_mismatch", t("archive.verify.head")))


def _check_index(
    conn: sqlite3.Connection, entries: list[ledger.LogEntry], report: IntegrityReport
) -> None:
    replay = sqlite3.connect(":memory:")
    try:
        replay.executescript(SCHEMA)
        for entry in entries:
            try:
                apply(replay, entry)
            except (KeyError, TypeError, ValueError, sqlite3.Error):
                report.problems.append(
                    Problem(
                        "chain_broken",
                        t("archive.verify.entry", seq=entry.seq),
                        entry.record_id,
                        entry.seq,
                    )
                )
        columns = ", ".join(INDEX_COLUMNS)
        expected = {r[0]: r for r in replay.execute(f"SELECT {columns} FROM records")}
        actual = {r[0]: r for r in conn.execute(f"SELECT {columns} FROM records")}
    finally:
        replay.close()
    for record_id in sorted(set(expected) | set(actual)):
        want, have = expected.get(record_id), actual.get(record_id)
        if want == have:
            continue
        fields = (
            [c for c, a, b in zip(INDEX_COLUMNS, want, have, strict=True) if a != b]
            if want and have
            else ["*"]
        )
        report.problems.append(
            Problem(
                "index_mismatch",
                t("archive.verify.index", id=record_id, fields=", ".join(fields)),
                record_id,
            )
        )


def _check_files(
    conn: sqlite3.Connection, archive: EvidenceArchive, report: IntegrityReport
) -> None:
    rows = conn.execute("SELECT id, sha256, size FROM records WHERE purged = 0 ORDER BY id")
    for record_id, sha, size in rows.fetchall():
        report.files += 1
        found = archive.vault.digest(sha)
        if found is None:
            report.problems.append(
                Problem(
                    "file_missing", t("archive.verify.missing", id=record_id, sha256=sha), record_id
                )
            )
        elif found != (sha, size):
            report.problems.append(
                Problem(
                    "file_changed",
                    t("archive.verify.changed", id=record_id, sha256=sha, actual=found[0]),
                    record_id,
                )
            )


def verify(archive: EvidenceArchive) -> IntegrityReport:
    """Every check, every problem (nothing stops at the first)."""
    report = IntegrityReport()
    with archive.connect() as conn:
        entries = ledger.entries(conn)
        report.entries = len(entries)
        report.records = conn.execute("SELECT count(*) FROM records").fetchone()[0]
        _check_chain(entries, report)
        _check_head(archive, entries, report)
        _check_index(conn, entries, report)
        _check_files(conn, archive, report)
    return report
