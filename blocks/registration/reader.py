"""Reading the registry's published files: plain CSV or ZIP (every `.csv` member), UTF-8 or
cp932 detected from the bytes, rows streamed (a 1,000,000-line file is never held in memory).

What a file holds — the full snapshot or a day's differences, which part (法人 / 人格のない社団等
/ 個人), as of which day — is read from its name (`zenken` / `全件`, `sabun` / `差分`, the
first `YYYYMMDD`), unless the caller says it (`keiri registry import --kind --date`).
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import hashlib
import io
import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = [
    "FileKind",
    "Source",
    "detect_encoding",
    "rows_of",
    "sources_of",
]

FileKind = Literal["snapshot", "diff"]
_HEAD = 1 << 16
_CHUNK = 1 << 20
_SNAPSHOT = re.compile(r"zenken|全件|snapshot|full", re.IGNORECASE)
_DIFF = re.compile(r"sabun|差分|diff", re.IGNORECASE)
_DATE = re.compile(r"(?<!\d)(20\d{2})[-_]?(\d{2})[-_]?(\d{2})(?!\d)")
_PARTS = (
    ("association", re.compile(r"jinkaku|人格のない|association", re.IGNORECASE)),
    ("individual", re.compile(r"kojin|個人|individual", re.IGNORECASE)),
    ("corporation", re.compile(r"hou?jin|法人|corporation", re.IGNORECASE)),
)


@dataclass(frozen=True)
class Source:
    """One CSV to import: a file, or one member of a ZIP."""

    path: Path
    member: str | None
    kind: FileKind
    data_date: dt.date | None  # None: the latest update date in the file
    part: str | None
    key: str  # sha256 of the file (+ "!" + member): the same input is imported once

    @property
    def name(self) -> str:
        return f"{self.path.name}!{self.member}" if self.member else self.path.name


def _kind_of(name: str) -> FileKind | None:
    if _DIFF.search(name):
        return "diff"
    if _SNAPSHOT.search(name):
        return "snapshot"
    return None


def _date_of(name: str) -> dt.date | None:
    for match in _DATE.finditer(name):
        try:
            return dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
        except ValueError:
            continue
    return None


def _part_of(name: str) -> str | None:
    return next((part for part, pattern in _PARTS if pattern.search(name)), None)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _invalid(path: Path, message: str, **details: object) -> BlockError:
    return BlockError(
        ErrorCode.FILE_INVALID,
        message,
        details={"path": str(path), **details},
        hint=t("registry.file.layout_hint"),
    )


def sources_of(
    paths: list[Path], *, kind: FileKind | None = None, data_date: dt.date | None = None
) -> list[Source]:
    """The CSVs of `paths` in the order they apply: snapshots first, then differences, each by
    date. Raises FILE_INVALID for a missing file, a ZIP without CSV, or a kind not known."""
    found: list[Source] = []
    for path in paths:
        if not path.is_file():
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("registry.file.missing", path=path),
                details={"path": str(path)},
            )
        sha = _sha256(path)
        members: list[str | None] = [None]
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                members = [
                    info.filename
                    for info in archive.infolist()
                    if not info.is_dir() and info.filename.lower().endswith(".csv")
                ]
            if not members:
                raise _invalid(path, t("registry.file.zip_without_csv", path=path.name))
        for member in members:
            names = [member or "", path.name]
            found_kind = kind or next((k for n in names if (k := _kind_of(n))), None)
            if found_kind is None:
                raise BlockError(
                    ErrorCode.FILE_INVALID,
                    t("registry.file.kind_unknown", path=path.name),
                    details={"path": str(path), "member": member},
                    hint=t("registry.file.kind_hint"),
                )
            found.append(
                Source(
                    path=path,
                    member=member,
                    kind=found_kind,
                    data_date=data_date or next((d for n in names if (d := _date_of(n))), None),
                    part=next((p for n in names if (p := _part_of(n))), None),
                    key=f"{sha}!{member}" if member else sha,
                )
            )
    order = {"snapshot": 0, "diff": 1}
    return sorted(found, key=lambda s: (order[s.kind], s.data_date or dt.date.max, s.name))


def detect_encoding(head: bytes) -> str:
    """`utf-8-sig` (a BOM), `utf-8` or `cp932`, from the first bytes of a file (a character cut
    at the end of `head` does not count against UTF-8)."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    for encoding in ("utf-8", "cp932"):
        try:
            codecs.getincrementaldecoder(encoding)().decode(head, final=False)
        except UnicodeDecodeError:
            continue
        return encoding
    raise ValueError("neither UTF-8 nor cp932")


@contextmanager
def _binary(source: Source) -> Iterator[IO[bytes]]:
    if source.member is None:
        with source.path.open("rb") as handle:
            yield handle
        return
    with zipfile.ZipFile(source.path) as archive, archive.open(source.member) as member:
        yield member


def rows_of(source: Source) -> tuple[str, Iterator[tuple[int, list[str]]]]:
    """(encoding, (line number, fields) of every line): streamed; a line that does not decode
    raises FILE_INVALID naming it."""
    with _binary(source) as handle:
        head = handle.read(_HEAD)
    try:
        encoding = detect_encoding(head)
    except ValueError:
        raise _invalid(source.path, t("registry.file.encoding", path=source.name)) from None
    return encoding, _rows(source, encoding)


def _rows(source: Source, encoding: str) -> Iterator[tuple[int, list[str]]]:
    with _binary(source) as handle:
        text = io.TextIOWrapper(handle, encoding=encoding, newline="")
        line = 0
        try:
            for line, fields in enumerate(csv.reader(text), start=1):
                if fields:
                    yield line, fields
        except UnicodeDecodeError:
            raise _invalid(
                source.path,
                t("registry.file.decode_line", path=source.name, line=line + 1, encoding=encoding),
                line=line + 1,
            ) from None
        except csv.Error as exc:
            raise _invalid(
                source.path,
                t("registry.file.csv_error", path=source.name, line=line + 1, detail=str(exc)),
                line=line + 1,
            ) from None
