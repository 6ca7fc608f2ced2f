"""Reference documents of a design (seed 001 §2): extraction, then normalisation for the prompt.

Extraction reuses the block catalog's extractor (`blocks.file.file_processor.extract_text`):
`.txt .md .csv .pdf .docx .xlsx`, PDF first 20 pages, XLSX first sheet's top-left range, at most
~100,000 characters over all files. A file that cannot be read is never dropped silently: it
is kept as a `DocumentFailure` (code, message, hint), shown to the user, and named in the
prompt. Normalisation (NFKC, whitespace compression, duplicate lines removed, a fair share of
the budget per file) brings the text to ~4,000 characters; no text at all becomes the explicit
signal `no documents provided`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from blocks.sdk.errors import BlockError, ErrorCode
from designer.prompt_words import DOCUMENT_HEADER, UNREAD_DOCUMENTS

__all__ = [
    "MAX_TOTAL_CHARS",
    "NO_DOCUMENTS",
    "PROMPT_CHARS",
    "SUPPORTED_SUFFIXES",
    "DocumentFailure",
    "DocumentSet",
    "DocumentText",
    "extract_documents",
    "normalize_documents",
]

SUPPORTED_SUFFIXES = (".txt", ".md", ".csv", ".pdf", ".docx", ".xlsx")
MAX_TOTAL_CHARS = 100_000
PROMPT_CHARS = 4_000
NO_DOCUMENTS = "no documents provided"
_SPACES = re.compile(r"[ \t\u3000\xa0]+")
_MIN_SHARE = 200


@dataclass(frozen=True)
class DocumentText:
    """The extracted text of one reference document."""

    name: str
    text: str
    media_type: str = "text/plain"
    pages: int | None = None
    truncated: bool = False


@dataclass(frozen=True)
class DocumentFailure:
    """A document that gave no text, with the reason (a `BlockError` code)."""

    name: str
    code: str
    message: str
    hint: str = ""


@dataclass
class DocumentSet:
    """What the designer knows from the documents; `failures` are reported, never hidden."""

    documents: list[DocumentText] = field(default_factory=list)
    failures: list[DocumentFailure] = field(default_factory=list)

    @property
    def texts(self) -> list[str]:
        return [d.text for d in self.documents]

    @property
    def total_chars(self) -> int:
        return sum(len(d.text) for d in self.documents)

    @classmethod
    def from_texts(cls, texts: Sequence[str] | None) -> DocumentSet:
        """Already extracted texts (the `documents_text` argument of `generate_plan`)."""
        return cls([DocumentText(f"document_{i + 1}", t) for i, t in enumerate(texts or [])])

    def to_json(self) -> dict[str, Any]:
        return {
            "documents": [
                {
                    "name": d.name,
                    "media_type": d.media_type,
                    "chars": len(d.text),
                    "pages": d.pages,
                    "truncated": d.truncated,
                }
                for d in self.documents
            ],
            "failures": [
                {"name": f.name, "code": f.code, "message": f.message, "hint": f.hint}
                for f in self.failures
            ],
        }


Source = Path | tuple[str, bytes]


def _name_of(source: Source) -> str:
    return source.name if isinstance(source, Path) else PurePath(source[0]).name


def extract_documents(
    sources: Sequence[Source],
    *,
    max_total_chars: int = MAX_TOTAL_CHARS,
    max_pages: int = 20,
) -> DocumentSet:
    """Extract every source (a path, or `(name, bytes)` from an upload) within one budget.

    A failed or unsupported file becomes a `DocumentFailure`; once the budget is used up the
    remaining files are reported as skipped (code `SKIPPED_BUDGET`).
    """
    # The extractors (and the PDF reader) load with the first documents, not with the designer.
    from blocks.file.file_processor import extract_text

    result = DocumentSet()
    remaining = max_total_chars
    for source in sources:
        name = _name_of(source)
        suffix = PurePath(name).suffix.lower()
        if suffix not in SUPPORTED_SUFFIXES:
            result.failures.append(
                DocumentFailure(
                    name,
                    ErrorCode.FILE_INVALID,
                    f"{name}: unsupported document type {suffix or '(no extension)'}",
                    f"use one of {', '.join(SUPPORTED_SUFFIXES)}",
                )
            )
            continue
        if remaining <= 0:
            result.failures.append(
                DocumentFailure(
                    name,
                    "SKIPPED_BUDGET",
                    f"{name}: not read, the {max_total_chars:,}-character budget is used up",
                    "send fewer or shorter documents",
                )
            )
            continue
        try:
            data: Path | bytes = source if isinstance(source, Path) else source[1]
            extracted = extract_text(data, name, max_pages=max_pages, max_chars=remaining)
        except BlockError as exc:
            result.failures.append(DocumentFailure(name, exc.code, exc.message, exc.hint))
            continue
        if not extracted.text.strip():
            result.failures.append(
                DocumentFailure(
                    name,
                    ErrorCode.FILE_INVALID,
                    f"{name}: no text found (a scanned image or an empty document)",
                    "send a document with a text layer",
                )
            )
            continue
        remaining -= len(extracted.text)
        result.documents.append(
            DocumentText(
                name,
                extracted.text,
                extracted.media_type,
                extracted.pages,
                extracted.truncated or remaining <= 0,
            )
        )
    return result


def _clean_lines(text: str, seen: set[str]) -> list[str]:
    lines: list[str] = []
    for raw in unicodedata.normalize("NFKC", text).splitlines():
        line = _SPACES.sub(" ", raw).strip()
        if not line or line in seen:
            continue
        seen.add(line)
        lines.append(line)
    return lines


def _shares(lengths: list[int], budget: int) -> list[int]:
    """Split `budget` fairly: short documents keep everything, long ones share the rest."""
    shares = [0] * len(lengths)
    pending = sorted(range(len(lengths)), key=lambda i: lengths[i])
    left = budget
    while pending:
        fair = max(left // len(pending), _MIN_SHARE)
        index = pending.pop(0)
        shares[index] = min(lengths[index], fair)
        left = max(left - shares[index], 0)
    return shares


def normalize_documents(
    documents: DocumentSet | Sequence[str] | None, max_chars: int = PROMPT_CHARS
) -> str:
    """One prompt text of at most ~`max_chars` characters (headers included).

    Whitespace is compressed, repeated lines (page headers, table borders) are kept once, and
    each document gets a fair share of the budget. With no text the result is exactly
    `no documents provided`, followed by the files that could not be read.
    """
    docs = (
        documents
        if isinstance(documents, DocumentSet)
        else DocumentSet.from_texts(list(documents or []))
    )
    seen: set[str] = set()
    cleaned = [(d.name, "\n".join(_clean_lines(d.text, seen))) for d in docs.documents]
    cleaned = [(name, text) for name, text in cleaned if text]
    failures = [f"{f.name} ({f.code})" for f in docs.failures]
    failure_note = UNREAD_DOCUMENTS.format(names=", ".join(failures)) if failures else ""
    if not cleaned:
        return NO_DOCUMENTS + (f"\n{failure_note}" if failure_note else "")
    headers = [DOCUMENT_HEADER.format(name=name) for name, _ in cleaned]
    budget = max(max_chars - sum(len(h) for h in headers) - len(failure_note), _MIN_SHARE)
    shares = _shares([len(text) for _, text in cleaned], budget)
    parts = []
    for header, (_, text), share in zip(headers, cleaned, shares, strict=True):
        body = text if len(text) <= share else text[: max(share - 1, 0)] + "…"
        parts.append(header + body)
    if failure_note:
        parts.append(failure_note)
    return "\n\n".join(parts)
