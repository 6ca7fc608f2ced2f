"""Checks on an uploaded file, by its content, as soon as it is uploaded (before submit).

`check_upload(req, name, data)` returns the reason a person reads (in their language), or
None when the file is fine:

- the extension is one the field accepts (`accept`, `validation.allowed_extensions`);
- the file is not empty and its content is what its name says (sniffed, as the extractors do);
- a ZIP passes the archive guard (`blocks.file.folder_processor.read_zip`: names, bombs,
  encryption, corruption) — its members go into the file store, as the run will read them;
- a PDF opens (and is not password-protected); an XLSX/DOCX passes the Office package guard
  and opens.

The file processors (and the PDF reader they load) are imported when a file is checked, not
when the form page is drawn.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePosixPath

from blocks.file.extract_types import DOCX, PDF, XLSX, ExtractOptions
from blocks.forms.form import Requirement
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

__all__ = ["check_upload", "kind_label"]

_ZIP = "application/zip"
_KINDS = {
    "text/plain": "upload.kind.text",
    "text/csv": "upload.kind.text",
    PDF: "upload.kind.pdf",
    DOCX: "upload.kind.docx",
    XLSX: "upload.kind.xlsx",
    _ZIP: "upload.kind.zip",
}
_TEXTUAL = {"text/plain", "text/csv", "text/markdown", "text/tab-separated-values"}
_ZIP_REASONS = {
    ErrorCode.UNSAFE_ARCHIVE: "upload.zip_unsafe",
    ErrorCode.FILE_ENCRYPTED: "upload.zip_encrypted",
}


def kind_label(media_type: str | None) -> str:
    key = _KINDS.get(media_type or "")
    return t(key) if key else t("upload.kind.other")


def _zip_reason(exc: BlockError, name: str) -> str:
    key = _ZIP_REASONS.get(ErrorCode(exc.code), "upload.zip_corrupt")
    detail = str(
        exc.details.get("member") or name
    )  # the entry at fault (the guard's reason is English)
    return t(key, name=name, detail=detail)


def _check_zip(name: str, data: bytes, store: FileStore) -> str | None:
    from blocks.file.folder_processor import read_zip

    try:
        members = list(read_zip(io.BytesIO(data), store, name=name))
    except BlockError as exc:
        return _zip_reason(exc, name)
    if not members:
        return t("upload.zip_empty", name=name)
    return None


def _check_pdf(name: str, data: bytes) -> str | None:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            return t("upload.encrypted", name=name)
        if len(reader.pages) == 0:
            return t("upload.cannot_open", name=name, kind=kind_label(PDF))
    except (PyPdfError, OSError, ValueError, KeyError, TypeError):
        return t("upload.cannot_open", name=name, kind=kind_label(PDF))
    return None


def _check_office(name: str, data: bytes, media_type: str) -> str | None:
    from blocks.file.extract_office import check_package

    try:
        check_package(data, name, media_type, ExtractOptions())
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            main = "xl/workbook.xml" if media_type == XLSX else "word/document.xml"
            package.read(main)
    except BlockError as exc:
        if exc.code == ErrorCode.FILE_TOO_LARGE:
            return t("upload.too_big_inside", name=name)
        return t("upload.cannot_open", name=name, kind=kind_label(media_type))
    except (zipfile.BadZipFile, KeyError, OSError, ValueError):
        return t("upload.cannot_open", name=name, kind=kind_label(media_type))
    return None


def check_upload(
    req: Requirement, name: str, data: bytes, store: FileStore | None = None
) -> str | None:
    """The reason the uploaded file cannot be used, or None."""
    from blocks.file.file_processor import detect_media_type, media_type_for_name

    suffix = PurePosixPath(name.replace("\\", "/")).suffix.lower()
    allowed = req.extensions()
    if allowed and suffix not in allowed:
        return t(
            "upload.wrong_extension", name=name, extensions=t("display.list_sep").join(allowed)
        )
    if not data:
        return t("upload.empty", name=name)
    actual = detect_media_type(data, name)
    expected = media_type_for_name(name)
    if expected is not None and expected != actual and not {expected, actual} <= _TEXTUAL:
        return t(
            "upload.content_mismatch",
            name=name,
            expected=kind_label(expected),
            actual=kind_label(actual),
        )
    if suffix == ".zip" or (expected is None and actual == _ZIP):
        return _check_zip(name, data, store or FileStore())
    if actual == PDF:
        return _check_pdf(name, data)
    if actual in (XLSX, DOCX):
        return _check_office(name, data, actual)
    return None
