"""PDF text with pypdf: the first `max_pages` pages, stopping early once `max_chars` is reached.

Pages without a text layer (scans) are read with OCR one at a time, within the OCR budget
(`blocks.file.ocr_pages`); pages it did not read are findings of the result, the rest is kept.
A PDF protected only by an owner password (printing/copy restrictions, common on invoices)
opens with the empty user password and is read; one that needs a user password is
FILE_ENCRYPTED. A corrupt or truncated file is FILE_INVALID.
"""

from __future__ import annotations

import io
import logging
import unicodedata

from pypdf import PasswordType, PdfReader
from pypdf.errors import DependencyError, LimitReachedError, PyPdfError

from blocks.file.extract_types import PDF, ExtractOptions, Finding, RawText, file_error
from blocks.file.layout import MAX_ROWS, pdf_layout
from blocks.file.ocr_pages import ocr_pdf_pages
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["PAGE_SEPARATOR", "extract_pdf"]

PAGE_SEPARATOR = "\n\n"
_MIN_TEXT = 10  # a page with less text than this is a scan: OCR it
_log = logging.getLogger(__name__)


def _open(data: bytes, name: str) -> PdfReader:
    reader = PdfReader(io.BytesIO(data))
    if not reader.is_encrypted:
        return reader
    try:
        opened = reader.decrypt("")
    except DependencyError as exc:
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            t("runtime.pdf.needs_crypto", name=name),
            details={"file": name, "media_type": PDF},
            hint=t("runtime.pdf.needs_crypto_hint"),
        ) from exc
    if opened == PasswordType.NOT_DECRYPTED:
        raise file_error(
            ErrorCode.FILE_ENCRYPTED,
            t("runtime.pdf.encrypted"),
            name,
            media_type=PDF,
            hint=t("runtime.pdf.encrypted_hint"),
        )
    return reader


def extract_pdf(data: bytes, name: str, opts: ExtractOptions) -> RawText:
    """Text of the first `opts.max_pages` pages, pages separated by a blank line."""
    parts: list[str] = []
    try:
        reader = _open(data, name)
        page_count = len(reader.pages)
        chars = 0
        for index in range(min(page_count, opts.max_pages)):
            text = reader.pages[index].extract_text()
            parts.append(text)
            chars += len(text)
            if chars >= opts.max_chars:
                break
    except BlockError:
        raise
    except LimitReachedError as exc:
        raise file_error(
            ErrorCode.FILE_TOO_LARGE,
            t("runtime.pdf.bomb", detail=exc),
            name,
            media_type=PDF,
            hint=t("runtime.pdf.bomb_hint"),
        ) from exc
    except (PyPdfError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        # Malformed PDFs surface as pypdf errors or as plain lookup/type errors from its
        # object parser; either way the file cannot be read.
        _log.debug("pypdf failed on %s", name, exc_info=True)
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.pdf.corrupt", detail=exc),
            name,
            media_type=PDF,
            hint=t("runtime.pdf.corrupt_hint"),
            exception=type(exc).__name__,
        ) from exc
    truncated = page_count > len(parts)
    parts = [unicodedata.normalize("NFKC", text) for text in parts]  # ⽉⽇⾦ from Chrome
    scans = [i for i, text in enumerate(parts) if len(text.strip()) < _MIN_TEXT]
    read = 0
    findings: tuple[Finding, ...] = ()
    rows = pdf_layout(data, [i for i in range(len(parts)) if i not in scans])
    if scans and opts.ocr:
        ocr = ocr_pdf_pages(data, scans, name, opts.ocr_budget)
        for index, text in ocr.texts.items():
            parts[index] = text
        read, findings = ocr.read, ocr.findings
        rows = sorted([*rows, *ocr.rows], key=lambda r: (r["page"], r["top"]))
    fields = _form_values(reader)
    if fields:
        parts.append(fields)
    layout = tuple(rows[:MAX_ROWS])
    return RawText(PAGE_SEPARATOR.join(parts), page_count, truncated, read, (), findings, layout)


def _form_values(reader: PdfReader) -> str:
    """Values typed into the PDF's form fields, one `name: value` line each."""
    try:
        values = reader.get_form_text_fields() or {}
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError):
        return ""
    lines = [f"{name}: {value}" for name, value in values.items() if value not in (None, "")]
    return unicodedata.normalize("NFKC", "\n".join(lines))
