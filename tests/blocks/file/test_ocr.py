"""OCR of scans and photos with Debian's Tesseract (jpn): a receipt photo and an image-only PDF
are read; a 20,000 x 20,000 px image is FILE_TOO_LARGE before any pixel is decoded; without
Tesseract the error says how to install it."""

from __future__ import annotations

import io
import resource
import shutil
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blocks.file.extract_ocr import ocr_ready
from blocks.file.file_processor import extract_text
from blocks.invoice.extract import extract_invoice_fields
from blocks.sdk.errors import BlockError
from keiri.base.catalog import t

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "samples"))

import make_corpus  # noqa: E402

needs_tesseract = pytest.mark.skipif(
    ocr_ready() is not None, reason="Tesseract with jpn is not installed (scripts/system-deps.sh)"
)


def _doc(kind: str, fmt: str) -> tuple[make_corpus.Doc, bytes]:
    doc = next(d for d in make_corpus.build_docs() if d.kind == kind and d.fmt == fmt)
    data, _ = make_corpus.render(doc, 0)
    return doc, data


def _png_header(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1024)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


@needs_tesseract
def test_a_receipt_photo_is_read_with_ocr() -> None:
    doc, data = _doc("simplified_invoice", "scan-png")
    extracted = extract_text(data, "レシート.png")
    assert extracted.media_type == "image/png" and extracted.ocr_pages == 1
    fields = extract_invoice_fields(extracted.text)
    assert fields["document_type"] == "simplified_invoice"
    assert fields["registration_number"] == doc.registration
    if fields["status"]["total"] == "確定":  # OCR may leave it 要確認, never confidently wrong
        assert fields["total"] == doc.total()


@needs_tesseract
def test_an_image_only_pdf_page_is_read_with_ocr() -> None:
    doc, data = _doc("invoice", "scan-pdf")
    extracted = extract_text(data, "スキャン.pdf")
    assert extracted.ocr_pages == 1 and extracted.pages == 1
    assert doc.issuer[0] in extracted.text


def test_a_huge_image_is_refused_before_decoding() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for width, height in ((20_000, 20_000), (8_000, 6_000)):  # Pillow's bomb limit, then ours
        with pytest.raises(BlockError) as info:
            extract_text(_png_header(width, height), "photo.png")
        assert info.value.code == "FILE_TOO_LARGE"
        assert info.value.details["limit"] == 40_000_000
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KiB


def test_without_tesseract_the_error_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KEIRI_OCR_ENGINE", "tesseract")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert shutil.which("tesseract") is None
    with pytest.raises(BlockError) as info:
        extract_text(_blank_png(), "receipt.png")
    assert info.value.code == "DEPENDENCY_NOT_FOUND"
    assert "tesseract-ocr-jpn" in info.value.hint


def _blank_png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (200, 100), 255).save(buffer, format="PNG")
    return buffer.getvalue()


def test_the_default_engine_is_rapidocr_when_installed_else_tesseract(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`auto` (the default) reads with RapidOCR, a dependency of keiri; where it cannot be
    imported, Tesseract is the fallback, and without Tesseract either the error says how to
    install Tesseract."""
    from blocks.file.ocr_engines import engine_in_use
    from keiri.base import settings

    monkeypatch.delenv("KEIRI_OCR_ENGINE", raising=False)
    assert settings.get().ocr.engine == "auto"
    assert engine_in_use("auto") == "rapidocr"
    monkeypatch.setitem(sys.modules, "rapidocr", None)  # as if it were not installed
    assert engine_in_use("auto") == "tesseract"
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BlockError) as info:
        extract_text(_blank_png(), "receipt.png")
    assert info.value.code == "DEPENDENCY_NOT_FOUND"
    assert "tesseract-ocr-jpn" in info.value.hint


def test_rapidocr_asked_for_but_missing_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_OCR_ENGINE", "rapidocr")
    monkeypatch.setitem(sys.modules, "rapidocr", None)
    with pytest.raises(BlockError) as info:
        extract_text(_blank_png(), "receipt.png")
    assert info.value.code == "DEPENDENCY_NOT_FOUND"
    assert info.value.hint == t("runtime.ocr.rapidocr_hint")


def test_ocr_can_be_turned_off_for_an_image_only_pdf(run: Callable[..., dict[str, Any]]) -> None:
    _, data = _doc("invoice", "scan-pdf")
    from blocks.file.extract_types import ExtractOptions
    from blocks.file.file_processor import extract_with

    extracted = extract_with(data, "scan.pdf", ExtractOptions(ocr=False))
    assert extracted.text.strip() == "" and extracted.ocr_pages == 0
