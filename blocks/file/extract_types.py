"""Shared vocabulary of the text extractors: media types, options, the raw result, errors.

Imports nothing from the block context, so the extractors stay usable as a plain library.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from blocks.file.ocr_budget import OCRBudget
from blocks.sdk.errors import BlockError, ErrorCode

__all__ = [
    "CSV",
    "DOCX",
    "MARKDOWN",
    "OCTET",
    "OLE",
    "PDF",
    "PPTX",
    "TEXT",
    "TSV",
    "XLSX",
    "ZIP",
    "ExtractOptions",
    "Finding",
    "RawText",
    "file_error",
]

PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
ZIP = "application/zip"
OLE = "application/x-ole-storage"
TEXT = "text/plain"
MARKDOWN = "text/markdown"
CSV = "text/csv"
TSV = "text/tab-separated-values"
OCTET = "application/octet-stream"


@dataclass(frozen=True)
class ExtractOptions:
    """How much text to take from one file, and how large a file may be.

    `max_pages` caps PDF pages read, `max_chars` the characters returned, `xlsx_max_rows` /
    `xlsx_max_cols` the top-left range of the first sheet. `max_bytes` is the largest file
    accepted (FILE_TOO_LARGE above it); `max_unpacked` the largest declared unpacked size of
    a DOCX/XLSX package (a guard against bombs disguised as Office files); `max_cells` the
    largest used area (rows x columns from A1) of any sheet of an XLSX; `ocr` whether
    image-only PDF pages and photos are read with Tesseract, within `ocr_budget` (default: the
    `KEIRI_OCR_*` settings, seconds counted per file; a block passes `OCRBudget.for_run`).
    """

    max_pages: int = 20
    max_chars: int = 100_000
    xlsx_max_rows: int = 50
    xlsx_max_cols: int = 20
    max_bytes: int = 100 * 1000 * 1000
    max_unpacked: int = 200 * 1000 * 1000
    max_cells: int = 5_000_000
    ocr: bool = True
    ocr_budget: OCRBudget = field(default_factory=OCRBudget.from_settings)

    def __post_init__(self) -> None:
        for key in ("max_pages", "max_chars", "xlsx_max_rows", "xlsx_max_cols", "max_bytes"):
            if getattr(self, key) < 1:
                raise ValueError(f"ExtractOptions.{key} must be >= 1")


@dataclass(frozen=True)
class Finding:
    """Something a person should know about how a file was read, that is not a failure: pages
    OCR did not read (over a budget, blank, too slow), a page read at a lower resolution.

    `code` is stable (`OCR_PAGE_LIMIT`, ...); `message` names the file and says what was not
    read, `hint` what to do; `pages` are 1-based page numbers. `warning` findings are also
    the file's `notes` (what the invoice check reports); `info` ones are recorded only.
    """

    code: str
    file: str
    message: str
    hint: str
    severity: Literal["warning", "info"] = "warning"
    pages: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "file": self.file,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
            "pages": list(self.pages),
        }


@dataclass(frozen=True)
class RawText:
    """What one format extractor returns before the common `max_chars` cut (the fields of
    `blocks.file.file_processor.ExtractedText`, which adds the file's name and media type)."""

    text: str
    pages: int | None
    truncated: bool
    ocr_pages: int = 0
    notes: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    layout: tuple[dict[str, Any], ...] = ()  # rows of positioned cells (blocks.file.layout)


def file_error(
    code: ErrorCode,
    message: str,
    name: str,
    *,
    hint: str,
    media_type: str | None = None,
    **details: Any,
) -> BlockError:
    """A `BlockError` about one file, with its name (and media type) in the details."""
    info: dict[str, Any] = {"file": name}
    if media_type:
        info["media_type"] = media_type
    info.update(details)
    return BlockError(code, f"{name}: {message}", details=info, hint=hint, recoverable=False)
