"""`import_files`: load the registry's published files into the local database.

Each CSV is one transaction: its rows are checked (column count, a well-formed number, ISO
dates, a known process code), turned into records and inserted with `executemany` in batches
of `BATCH`; a file already imported (same sha256) is skipped. Loading into an empty registry
drops the indexes and builds them after the load (measured by `bench/bench_registry.py`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from operator import itemgetter
from pathlib import Path
from typing import Any

from blocks.registration.database import (
    RECORD_COLUMNS,
    connect,
    create_indexes,
    drop_indexes,
)
from blocks.registration.layout import COLUMNS, PROCESS_CODES, STORED, index_of
from blocks.registration.reader import FileKind, Source, rows_of, sources_of
from blocks.registration.status import DataStatus, data_status
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["BATCH", "CACHE_KIB", "FileResult", "ImportReport", "import_files"]

BATCH = 50_000
CACHE_KIB = 64 * 1024  # SQLite's page cache while importing (the indexes of ~2M records)
_WIDTH = len(COLUMNS)
_NUMBER = index_of("registratedNumber")
_PROCESS = index_of("process")
_DATES = tuple(
    index_of(key) for key in ("registrationDate", "updateDate", "disposalDate", "expireDate")
)
_UPDATE = index_of("updateDate")
_INTEGERS = {index_of(key) for key in ("correct", "kind", "country")}
#: Items left out of a record's digest: they change between files for the same record.
_NOT_CONTENT = {index_of("sequenceNumber"), index_of("latest")}
_CONTENT = tuple(i for i in range(_WIDTH) if i not in _NOT_CONTENT)
_COMPACT_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})")
_INSERT = (
    f"INSERT OR IGNORE INTO records ({', '.join(RECORD_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in RECORD_COLUMNS)})"
)


@dataclass
class FileResult:
    """What importing one CSV did."""

    name: str
    kind: FileKind
    part: str | None
    data_date: str | None
    encoding: str | None = None
    rows: int = 0
    added: int = 0
    skipped: bool = False  # imported before (same sha256)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class ImportReport:
    files: list[FileResult] = field(default_factory=list)
    status: DataStatus | None = None
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "files": [f.to_json() for f in self.files],
            "status": self.status.to_json() if self.status else None,
            "seconds": round(self.seconds, 3),
        }


@lru_cache(maxsize=1 << 16)
def _iso(text: str) -> str | None:
    """`text` (`YYYY-MM-DD`, `YYYYMMDD`, `YYYY/MM/DD`) as an ISO date, None if it is none.
    Cached: a file holds few distinct dates."""
    if match := _COMPACT_DATE.fullmatch(text):
        text = f"{match.group(1)}-{match.group(2)}-{match.group(3)}"
    try:
        return dt.date.fromisoformat(text.replace("/", "-")).isoformat()
    except ValueError:
        return None


def _date(text: str, source: Source, line: int, item: str) -> str:
    """The ISO form of a date item ("" stays ""); FILE_INVALID naming the line if none."""
    if not text:
        return text
    value = _iso(text)
    if value is None:
        raise _bad_row(source, line, t("registry.file.bad_date", item=item, value=text))
    return value


def _bad_row(source: Source, line: int, detail: str) -> BlockError:
    return BlockError(
        ErrorCode.FILE_INVALID,
        t("registry.file.bad_row", path=source.name, line=line, detail=detail),
        details={"path": str(source.path), "member": source.member, "line": line},
        hint=t("registry.file.layout_hint"),
    )


_content = itemgetter(*_CONTENT)
_stored = itemgetter(*(index for _name, index in STORED))
_NUMBER_AT = next(i for i, (_name, index) in enumerate(STORED) if index == _NUMBER)
_INTEGERS_AT = tuple(i for i, (_name, index) in enumerate(STORED) if index in _INTEGERS)


def _digits(text: str) -> str | None:
    """The 13 digits of a registration number (`T` + 13 digits, or 13 digits), else None."""
    digits = text[1:] if len(text) == 14 and text[0] == "T" else text
    return digits if len(digits) == 13 and digits.isascii() and digits.isdigit() else None


def _records(
    source: Source, rows: Iterator[tuple[int, list[str]]], file_id: int, data_date: str
) -> Iterator[tuple[Any, ...]]:
    """The database rows of a CSV's lines (checked one by one)."""
    labels = {index: COLUMNS[index].label for index in _DATES}
    for line, fields in rows:
        if len(fields) != _WIDTH:
            raise _bad_row(
                source, line, t("registry.file.width", found=len(fields), expected=_WIDTH)
            )
        digits = _digits(fields[_NUMBER])
        if digits is None:
            raise _bad_row(source, line, t("registry.file.bad_number", value=fields[_NUMBER]))
        if fields[_PROCESS] not in PROCESS_CODES:
            raise _bad_row(source, line, t("registry.file.bad_process", value=fields[_PROCESS]))
        for index in _DATES:
            if fields[index]:
                fields[index] = _date(fields[index], source, line, labels[index])
        fields[_NUMBER] = digits
        content = "\x1f".join(_content(fields)).encode()
        digest = int.from_bytes(hashlib.blake2b(content, digest_size=8).digest(), signed=True)
        values: list[Any] = [value or None for value in _stored(fields)]
        values[_NUMBER_AT] = int(digits)
        for at in _INTEGERS_AT:
            text = values[at]
            values[at] = int(text) if text and text.isascii() and text.isdigit() else None
        yield (*values, data_date, file_id, digest)


def _latest_update(source: Source) -> str | None:
    """The latest update date in a file (its as-of date when its name gives none)."""
    latest: str | None = None
    _encoding, rows = rows_of(source)
    for line, fields in rows:
        if len(fields) > _UPDATE and fields[_UPDATE]:
            value = _date(fields[_UPDATE], source, line, COLUMNS[_UPDATE].label)
            latest = value if latest is None or (value and value > latest) else latest
    return latest


def _import_one(conn: sqlite3.Connection, source: Source) -> FileResult:
    result = FileResult(
        source.name,
        source.kind,
        source.part,
        source.data_date.isoformat() if source.data_date else None,
    )
    if conn.execute("SELECT 1 FROM files WHERE key = ?", (source.key,)).fetchone():
        result.skipped = True
        return result
    if result.data_date is None:
        result.data_date = _latest_update(source) or dt.date.today().isoformat()
    encoding, rows = rows_of(source)
    result.encoding = encoding
    conn.execute("BEGIN IMMEDIATE")
    try:
        empty = conn.execute("SELECT 1 FROM records LIMIT 1").fetchone() is None
        if empty:
            drop_indexes(conn)
        cursor = conn.execute(
            "INSERT INTO files (key, name, kind, part, data_date, encoding, rows, added, "
            "imported_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?)",
            (
                source.key,
                source.name,
                source.kind,
                source.part,
                result.data_date,
                encoding,
                dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            ),
        )
        file_id = cursor.lastrowid
        if file_id is None:  # pragma: no cover - sqlite always sets it for an INSERT
            raise RuntimeError("no file id")
        before = conn.total_changes
        records = _records(source, rows, file_id, result.data_date)
        while batch := list(islice(records, BATCH)):
            conn.executemany(_INSERT, batch)
            result.rows += len(batch)
        inserted = conn.total_changes
        if empty:
            create_indexes(conn)  # deletes (counted as changes) what repeated in the file
        result.added = (inserted - before) - (conn.total_changes - inserted)
        conn.execute(
            "UPDATE files SET rows = ?, added = ? WHERE id = ?",
            (result.rows, result.added, file_id),
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return result


def import_files(
    paths: list[Path],
    *,
    kind: FileKind | None = None,
    data_date: dt.date | None = None,
    db: Path | None = None,
) -> ImportReport:
    """Import `paths` (CSV or ZIP) in the order they apply; returns what each file did and
    the registry's state afterwards (its as-of date and notices)."""
    started = time.perf_counter()
    report = ImportReport()
    sources = sources_of(paths, kind=kind, data_date=data_date)
    with connect(db) as conn:
        # Room for the indexes' pages: a record already known is found without reading disk.
        conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        for source in sources:
            report.files.append(_import_one(conn, source))
        report.status = data_status(conn)
    report.seconds = time.perf_counter() - started
    return report
