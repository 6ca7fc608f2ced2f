"""The file text extractor (seed 000 §2 FileProcessor): PDF, DOCX, XLSX, TXT/MD/CSV to text.

A plain-function library, independent of any block context, so the designer and the blocks
share it:

    extract_text(path_or_bytes, "請求書.pdf", max_pages=20, max_chars=100_000) -> ExtractedText
    sniff_media_type(head_bytes, "請求書.pdf") -> "application/pdf"

The real type comes from the content (magic bytes; a ZIP's part names for DOCX/XLSX), never
from the extension alone: a name whose extension disagrees with the content is FILE_INVALID.
Every failure is a `BlockError` (FILE_INVALID, FILE_ENCRYPTED, FILE_TOO_LARGE) naming the file.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

from blocks.file.extract_ocr import IMAGE_TYPES, extract_image
from blocks.file.extract_office import extract_docx, extract_xlsx
from blocks.file.extract_pdf import extract_pdf
from blocks.file.extract_plain import extract_plain, looks_like_text
from blocks.file.extract_types import (
    CSV,
    DOCX,
    MARKDOWN,
    OCTET,
    OLE,
    PDF,
    PPTX,
    TEXT,
    TSV,
    XLSX,
    ZIP,
    ExtractOptions,
    RawText,
    file_error,
)
from blocks.sdk.errors import ErrorCode
from keiri.base.catalog import t

__all__ = [
    "HEAD_BYTES",
    "SUPPORTED_MEDIA_TYPES",
    "ExtractOptions",
    "ExtractedText",
    "detect_media_type",
    "extract_text",
    "extract_with",
    "media_type_for_name",
    "sniff_media_type",
]

HEAD_BYTES = 4096
_PDF_HEADER_WINDOW = 1024  # PDF readers accept the header within the first 1024 bytes
Source = bytes | Path | BinaryIO
Extractor = Callable[[bytes, str, ExtractOptions], RawText]

_EXTRACTORS: dict[str, Extractor] = {
    PDF: extract_pdf,
    DOCX: extract_docx,
    XLSX: extract_xlsx,
    TEXT: partial(extract_plain, media_type=TEXT),
    MARKDOWN: partial(extract_plain, media_type=MARKDOWN),
    CSV: partial(extract_plain, media_type=CSV),
    TSV: partial(extract_plain, media_type=TSV),
    **{media: partial(extract_image, media_type=media) for media in IMAGE_TYPES},
}
SUPPORTED_MEDIA_TYPES = frozenset(_EXTRACTORS)
_TEXT_TYPES = frozenset({TEXT, MARKDOWN, CSV, TSV})
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"PK\x03\x04", ZIP),
    (b"PK\x05\x06", ZIP),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", OLE),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
    (b"\x1f\x8b", "application/gzip"),
    (b"Rar!\x1a\x07", "application/vnd.rar"),
    (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
)
_BY_EXTENSION = {
    ".pdf": PDF,
    ".docx": DOCX,
    ".docm": DOCX,
    ".xlsx": XLSX,
    ".xlsm": XLSX,
    ".pptx": PPTX,
    ".zip": ZIP,
    ".doc": OLE,
    ".xls": OLE,
    ".ppt": OLE,
    ".txt": TEXT,
    ".text": TEXT,
    ".log": TEXT,
    ".md": MARKDOWN,
    ".markdown": MARKDOWN,
    ".csv": CSV,
    ".tsv": TSV,
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".tif": "image/tiff",
    ".tiff": "image/tiff",
}
_OOXML_MAIN_PARTS = (
    ("word/document.xml", DOCX),
    ("xl/workbook.xml", XLSX),
    ("ppt/presentation.xml", PPTX),
)
#: media type -> its catalog key (`runtime.kind.*`), what messages call the content.
_LABEL_KEYS = {
    PDF: "runtime.kind.pdf",
    DOCX: "runtime.kind.docx",
    XLSX: "runtime.kind.xlsx",
    PPTX: "runtime.kind.pptx",
    ZIP: "runtime.kind.zip",
    OLE: "runtime.kind.ole",
    OCTET: "runtime.kind.binary",
    TEXT: "runtime.kind.text",
    MARKDOWN: "runtime.kind.text",
    CSV: "runtime.kind.text",
    TSV: "runtime.kind.text",
}


def _label(media_type: str | None) -> str:
    key = _LABEL_KEYS.get(media_type or "")
    return t(key) if key else str(media_type)


_ENCRYPTED_OOXML_MARKER = "EncryptedPackage".encode("utf-16-le")


@dataclass(frozen=True, kw_only=True)
class ExtractedText(RawText):
    """The text of one file; `pages` is the PDF page count (None for other formats).

    `ocr_pages` counts the pages read by OCR; `findings` say what was not read (OCR budgets,
    blank pages) and `notes` repeat the warnings among them as sentences for a person.
    """

    name: str
    media_type: str

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        return {  # the file's name and media type first, as the JSON has always had them
            "name": out.pop("name"),
            "media_type": out.pop("media_type"),
            **out,
            "notes": list(self.notes),
            "findings": [finding.to_dict() for finding in self.findings],
            "layout": list(self.layout),
        }


def media_type_for_name(name: str) -> str | None:
    """The media type an extension promises, or None for an unknown/missing extension."""
    return _BY_EXTENSION.get(PurePosixPath(name.replace("\\", "/")).suffix.lower())


def sniff_media_type(head: bytes, name: str, zip_part_names: Collection[str] | None = None) -> str:
    """The real media type from the first bytes of a file.

    For a ZIP container, pass its part names to tell DOCX/XLSX/PPTX from a plain ZIP
    (`detect_media_type` does this for you). Text files keep the flavour their extension
    names (CSV, Markdown, TSV), else `text/plain`.
    """
    if not head:
        return OCTET  # nothing to sniff: an empty file has no type
    if b"%PDF-" in head[:_PDF_HEADER_WINDOW]:  # a BOM or junk before the header, as pypdf
        return PDF
    kind = next((media for magic, media in _MAGIC if head.startswith(magic)), None)
    if kind == ZIP and zip_part_names is not None and "[Content_Types].xml" in zip_part_names:
        return next((m for part, m in _OOXML_MAIN_PARTS if part in zip_part_names), ZIP)
    if kind is not None:
        return kind
    if looks_like_text(head):
        by_name = media_type_for_name(name)
        return by_name if by_name in _TEXT_TYPES else TEXT
    return OCTET


def _zip_part_names(data: bytes | Path) -> set[str] | None:
    """Part names of a ZIP container, or None when its directory cannot be read."""
    try:
        with zipfile.ZipFile(io.BytesIO(data) if isinstance(data, bytes) else data) as archive:
            return set(archive.namelist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return None


def detect_media_type(source: bytes | Path, name: str) -> str:
    """`sniff_media_type` on a whole file: reads the head and, for ZIPs, the part names."""
    if isinstance(source, Path):
        with source.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
    else:
        head = source[:HEAD_BYTES]
    parts = _zip_part_names(source) if head.startswith(b"PK") else None
    return sniff_media_type(head, name, parts)


def _load(source: Source, name: str, opts: ExtractOptions) -> bytes:
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    elif isinstance(source, Path):
        try:
            size = source.stat().st_size
            if size > opts.max_bytes:
                raise _too_large(name, size, opts)
            data = source.read_bytes()
        except (FileNotFoundError, IsADirectoryError) as exc:
            raise file_error(
                ErrorCode.FILE_INVALID,
                t("runtime.file.not_found", path=source),
                name,
                hint=t("runtime.file.not_found_hint"),
            ) from exc
    else:
        data = source.read(opts.max_bytes + 1)
    if len(data) > opts.max_bytes:
        raise _too_large(name, len(data), opts)
    if not data:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.file.empty"),
            name,
            hint=t("runtime.file.empty_hint"),
        )
    return data


def _too_large(name: str, size: int, opts: ExtractOptions) -> Exception:
    return file_error(
        ErrorCode.FILE_TOO_LARGE,
        t("runtime.file.too_large", size=f"{size:,}", limit=f"{opts.max_bytes:,}"),
        name,
        hint=t("runtime.file.too_large_hint"),
        size=size,
        limit=opts.max_bytes,
    )


def _check_type(data: bytes, name: str, actual: str, parts: set[str] | None) -> None:
    """Encrypted Office files, broken containers and extension/content mismatches."""
    expected = media_type_for_name(name)
    if actual == OLE and expected in (DOCX, XLSX, PPTX) and _ENCRYPTED_OOXML_MARKER in data:
        raise file_error(
            ErrorCode.FILE_ENCRYPTED,
            t("runtime.file.office_encrypted"),
            name,
            media_type=expected,
            hint=t("runtime.file.office_encrypted_hint"),
        )
    if actual == ZIP and parts is None:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.file.zip_unreadable"),
            name,
            media_type=expected or ZIP,
            hint=t("runtime.file.zip_unreadable_hint"),
        )
    compatible = expected is None or expected == actual or {expected, actual} <= _TEXT_TYPES
    if not compatible:
        suffix = next((ext for ext, m in _BY_EXTENSION.items() if m == actual), None)
        rename = t("runtime.file.rename", suffix=suffix) if suffix else t("runtime.file.check")
        raise file_error(
            ErrorCode.FILE_INVALID,
            t(
                "runtime.file.mismatch",
                expected=_label(expected),
                actual=_label(actual),
            ),
            name,
            media_type=actual,
            hint=t("runtime.file.mismatch_hint", rename=rename),
            expected_media_type=expected,
        )


def extract_with(source: Source, name: str, options: ExtractOptions) -> ExtractedText:
    """`extract_text` with an `ExtractOptions` (picklable, for worker processes)."""
    data = _load(source, name, options)
    head = data[:HEAD_BYTES]
    parts = _zip_part_names(data) if head.startswith(b"PK") else None
    actual = sniff_media_type(head, name, parts)
    expected = media_type_for_name(name)
    if actual == OCTET and expected in _TEXT_TYPES and b"\x00" not in head:
        actual = expected  # text in an unknown encoding: let the decoder say what it tried
    _check_type(data, name, actual, parts)
    extractor = _EXTRACTORS.get(actual)
    if extractor is None:
        supported = "PDF, DOCX, XLSX, TXT, MD, CSV, TSV, PNG, JPEG, TIFF"
        advice = t(
            {ZIP: "runtime.file.advice_zip", OLE: "runtime.file.advice_ole"}.get(
                actual, "runtime.file.advice_convert"
            )
        )
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.file.no_text", kind=_label(actual)),
            name,
            media_type=actual,
            hint=t("runtime.file.no_text_hint", supported=supported, advice=advice),
        )
    raw = extractor(data, name, options)
    text, truncated = raw.text, raw.truncated
    if len(text) > options.max_chars:
        text, truncated = text[: options.max_chars], True
    warnings = tuple(f.message for f in raw.findings if f.severity == "warning")
    return ExtractedText(
        name=name,
        media_type=actual,
        text=text,
        pages=raw.pages,
        truncated=truncated,
        ocr_pages=raw.ocr_pages,
        notes=raw.notes + warnings,
        findings=raw.findings,
        layout=raw.layout,
    )


def extract_text(
    source: Source,
    name: str | None = None,
    *,
    max_pages: int = 20,
    max_chars: int = 100_000,
    xlsx_max_rows: int = 50,
    xlsx_max_cols: int = 20,
    max_bytes: int = ExtractOptions.max_bytes,
) -> ExtractedText:
    """The text of one file (bytes, a path or a binary stream); `name` defaults to the path's.

    Raises `BlockError`: FILE_INVALID (empty, corrupt, truncated, undecodable, extension
    mismatch, unsupported format), FILE_ENCRYPTED, FILE_TOO_LARGE.
    """
    if name is None:
        if not isinstance(source, Path):
            raise TypeError("extract_text needs `name` unless the source is a Path")
        name = source.name
    options = ExtractOptions(
        max_pages=max_pages,
        max_chars=max_chars,
        xlsx_max_rows=xlsx_max_rows,
        xlsx_max_cols=xlsx_max_cols,
        max_bytes=max_bytes,
    )
    return extract_with(source, name, options)
