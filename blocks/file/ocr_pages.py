"""OCR of the image-only pages of a PDF: one page at a time, within the OCR budget.

A page's cost does not follow the file's size (a 1 KB PDF can declare four 5000 x 5000 pt
pages), so each page is looked at before it is read:

1. its embedded images are measured (their declared pixels, nothing decoded): a page holding
   one over `MAX_PIXELS` is not rendered (`OCR_IMAGE_TOO_LARGE`);
2. a greyscale thumbnail (at most 72 dpi and `_THUMB_PIXELS`) tells a blank page — less ink
   than `_BLANK_INK_PT2` square points, i.e. less than a fifth of one character — which is
   skipped (`OCR_BLANK_PAGES`), and where the content is;
3. the page is rendered at 300 dpi when that fits the budget's pixels (every A4/A3 scan: as
   before); a larger page is cropped to its content area (plus a margin) and scaled so the
   bitmap stays under `max_pixels` (`OCR_PAGE_DOWNSCALED` when that is below 150 dpi);
4. Tesseract reads it with a timeout of the page's seconds or what is left of the run's
   (`OCR_PAGE_TIMEOUT`); pages past the per-file limit or the run's seconds are not started
   (`OCR_PAGE_LIMIT`, `OCR_RUN_BUDGET`).

Only one page's bitmap exists at a time. What was read is kept; what was not is a finding.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from blocks.file.extract_ocr import MAX_PIXELS, MIN_PAGE_SECONDS, content_of, ocr_read, require_ocr
from blocks.file.extract_types import Finding, file_error
from blocks.file.ocr_budget import OCRBudget, RunMeter
from blocks.file.ocr_engines import OcrRead
from blocks.file.ocr_findings import (
    BLANK_PAGES,
    DOWNSCALED,
    IMAGE_TOO_LARGE,
    PAGE_LIMIT,
    PAGE_TIMEOUT,
    RUN_BUDGET,
    FindingBook,
)
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["PageTexts", "ocr_pdf_pages"]

_RENDER_DPI = 300
_THUMB_PIXELS = 2_000_000
_BLANK_INK_PT2 = 4.0
_MARGIN_PT = 18.0
_LOW_DPI = 150
_MAX_IMAGES = 1000  # image objects measured per page (a page holding more is hostile anyway)


@dataclass(frozen=True)
class PageTexts:
    """The text of each page read (0-based index -> text), how many were read by OCR, and
    the findings about the pages that were not (or were read coarsely)."""

    texts: dict[int, str]
    read: int
    findings: tuple[Finding, ...]
    rows: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class _Plan:
    scale: float
    crop: tuple[float, float, float, float]  # left, bottom, right, top (points cut off)

    @property
    def dpi(self) -> float:
        return self.scale * 72


def _largest_image(page: Any) -> tuple[int, int] | None:
    """(width, height) of the first embedded image over `MAX_PIXELS`, else None."""
    import pypdfium2.raw as pdfium_c

    objects = page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=4)
    for count, image in enumerate(objects):
        if count >= _MAX_IMAGES:
            break
        width, height = image.get_px_size()
        if width * height > MAX_PIXELS:
            return width, height
    return None


def _plan(page: Any, max_pixels: int) -> _Plan | None:
    """How to render `page` for OCR within `max_pixels`, or None for a blank page."""
    width, height = page.get_size()
    if width <= 0 or height <= 0:
        return None
    small = min(1.0, math.sqrt(_THUMB_PIXELS / (width * height)))
    thumb = page.render(scale=small, grayscale=True).to_pil().convert("L")
    ink, box = content_of(thumb)
    if box is None or ink / (small * small) < _BLANK_INK_PT2:
        return None
    full = _RENDER_DPI / 72
    if width * height * full * full <= max_pixels:
        return _Plan(full, (0.0, 0.0, 0.0, 0.0))
    x0, y0, x1, y1 = box
    left = max(0.0, x0 / small - _MARGIN_PT)
    top = max(0.0, y0 / small - _MARGIN_PT)
    right = max(0.0, width - x1 / small - _MARGIN_PT)
    bottom = max(0.0, height - y1 / small - _MARGIN_PT)
    area = max(1.0, (width - left - right) * (height - top - bottom))
    return _Plan(min(full, math.sqrt(max_pixels / area)), (left, bottom, right, top))


class _Reader:
    """Reads the pages of one file, counting what they cost."""

    def __init__(self, name: str, budget: OCRBudget) -> None:
        self.name, self.budget = name, budget
        self.meter: RunMeter = budget.meter()
        self.book = FindingBook(name)
        self.tried = 0  # pages given to Tesseract (what the per-file limit counts)

    def page(self, page: Any, number: int) -> OcrRead | None:
        """The text of one page (`number` is 1-based), or None with its finding."""
        large = _largest_image(page)
        if large is not None:
            width, height = (f"{n:,}" for n in large)
            limit = f"{MAX_PIXELS:,}"
            self.book.add(IMAGE_TOO_LARGE, number, width=width, height=height, limit=limit)
            return None
        plan = _plan(page, self.budget.max_pixels)
        if plan is None:
            self.book.add(BLANK_PAGES, number)
            return None
        if plan.dpi < _LOW_DPI:
            pixels = f"{self.budget.max_pixels:,}"
            self.book.add(DOWNSCALED, number, dpi=round(plan.dpi), pixels=pixels)
        image = page.render(scale=plan.scale, crop=plan.crop).to_pil()
        timeout = self.meter.page_timeout()
        self.tried += 1
        try:
            return ocr_read(image, self.name, timeout=timeout, page=number)
        except BlockError as exc:
            if exc.code != ErrorCode.TIMEOUT_ERROR:
                raise
            self.book.add(PAGE_TIMEOUT, number, seconds=round(timeout))
            return None

    def stop_before(self, rest: list[int]) -> bool:
        """True (with the finding for the pages `rest`) when no further page may be read."""
        if self.tried >= self.budget.max_pages:
            self.book.add_all(PAGE_LIMIT, rest, limit=self.budget.max_pages)
            return True
        if self.meter.remaining() < MIN_PAGE_SECONDS:
            seconds = f"{self.budget.run_seconds:,.0f}"
            self.book.add_all(RUN_BUDGET, rest, seconds=seconds)
            return True
        return False


def ocr_pdf_pages(data: bytes, indexes: list[int], name: str, budget: OCRBudget) -> PageTexts:
    """OCR text of the pages `indexes` (0-based) of a PDF, one page at a time."""
    import pypdfium2

    require_ocr(name)
    reader = _Reader(name, budget)
    texts: dict[int, str] = {}
    rows: list[dict[str, Any]] = []
    document = pypdfium2.PdfDocument(data)
    try:
        for position, index in enumerate(indexes):
            if reader.stop_before([i + 1 for i in indexes[position:]]):
                break
            started = time.monotonic()
            page = document[index]
            try:
                text = reader.page(page, index + 1)
            finally:
                page.close()
                reader.meter.charge(time.monotonic() - started)
            if text is not None:
                texts[index] = text.text
                rows += text.rows
    except pypdfium2.PdfiumError as exc:
        raise file_error(
            ErrorCode.FILE_INVALID,
            t("runtime.ocr.render", detail=exc),
            name,
            hint=t("runtime.ocr.render_hint"),
        ) from exc
    finally:
        document.close()
    return PageTexts(texts, len(texts), reader.book.findings(), tuple(rows))
