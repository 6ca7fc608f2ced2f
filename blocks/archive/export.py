"""Exporting evidence on request: a ZIP of the originals with an index CSV in the form tax
offices ask for, written atomically (a temporary file in the target's folder, renamed).

`index.csv` (UTF-8 with a BOM, so Excel reads it) has one row per file: 連番, 取引年月日,
取引金額, 取引先, 登録番号, 書類の種類, ファイル名 (its path in the ZIP), ハッシュ (SHA-256).
Each original is hashed again while it is copied; one that no longer matches stops the export
(FILE_INVALID naming it) rather than hand over a changed file.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blocks.archive.archive import EvidenceArchive
from blocks.archive.index import EvidenceRecord
from blocks.archive.search import Filters, search
from blocks.archive.vault import CHUNK
from blocks.sdk.atomic_write import removed_on_failure
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["INDEX_HEADER", "INDEX_NAME", "KINDS", "ExportReport", "export_zip", "kind_label"]

INDEX_NAME = "index.csv"
#: The index's columns, in Japanese for the tax office whatever the reader's language.
INDEX_HEADER = (
    "連番",
    "取引年月日",
    "取引金額",
    "取引先",
    "登録番号",
    "書類の種類",
    "ファイル名",
    "ハッシュ(SHA-256)",
)
_KINDS = {
    "invoice": "archive.kind.invoice",
    "simplified_invoice": "archive.kind.simplified_invoice",
    "quotation": "archive.kind.quotation",
    "purchase_order": "archive.kind.purchase_order",
    "delivery_note": "archive.kind.delivery_note",
    "payment_notice": "archive.kind.payment_notice",
    "credit_note": "archive.kind.credit_note",
    "cover_letter": "archive.kind.cover_letter",
    "receipt": "archive.kind.simplified_invoice",
    "contract": "archive.kind.contract",
}
#: The kinds a search can ask for, one per label (`receipt` reads as a simplified invoice).
KINDS: tuple[str, ...] = tuple(kind for kind in _KINDS if kind != "receipt")
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def kind_label(kind: str | None, lang: Any = None) -> str:
    """A document kind in words (`invoice` → 請求書); an unknown kind as it is."""
    if kind is None:
        return t("archive.kind.unknown", lang)
    return t(_KINDS[kind], lang) if kind in _KINDS else kind


@dataclass(frozen=True)
class ExportReport:
    path: Path
    files: int
    bytes: int

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "files": self.files, "bytes": self.bytes}


def _member(record: EvidenceRecord) -> str:
    return f"files/{record.id:06d}_{_UNSAFE.sub('_', record.file_name)}"


def _copy(archive: EvidenceArchive, record: EvidenceRecord, out: zipfile.ZipFile) -> int:
    digest, size = hashlib.sha256(), 0
    source = archive.file_path(record)
    try:
        with source.open("rb") as src, out.open(_member(record), "w") as dst:
            while chunk := src.read(CHUNK):
                digest.update(chunk)
                size += len(chunk)
                dst.write(chunk)
    except FileNotFoundError:
        digest = hashlib.sha256(b"missing")
    if digest.hexdigest() != record.sha256:
        raise BlockError(
            ErrorCode.FILE_INVALID,
            t("archive.export.changed", id=record.id, name=record.file_name),
            details={"id": record.id, "sha256": record.sha256, "path": str(source)},
            hint=t("archive.export.changed_hint"),
        )
    return size


def _index_csv(records: list[EvidenceRecord]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(INDEX_HEADER)
    for number, record in enumerate(records, start=1):
        amount = record.amount
        writer.writerow(
            [
                number,
                record.transaction_date or "",
                "" if amount is None else (int(amount) if amount == int(amount) else amount),
                record.party_name or "",
                record.party_number or "",
                kind_label(record.kind, "ja"),
                _member(record),
                record.sha256,
            ]
        )
    return buffer.getvalue().encode("utf-8-sig")


def export_zip(archive: EvidenceArchive, filters: Filters, target: Path) -> ExportReport:
    """Write the files matching `filters` and `index.csv` to the ZIP `target` (replaced at
    once; nothing is left behind on failure)."""
    with archive.connect() as conn:
        records = search(conn, filters)
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".keiri-export-", suffix=".zip")
    total = 0
    with removed_on_failure(tmp):
        with (
            os.fdopen(fd, "wb") as handle,
            zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED) as out,
        ):
            for record in records:
                total += _copy(archive, record, out)
            out.writestr(INDEX_NAME, _index_csv(records))
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    return ExportReport(target, len(records), total)
