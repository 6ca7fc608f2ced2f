"""Words with positions, grouped into rows of cells: the layout a reader of invoices needs to
tell which label stands above which amount.

Three sources give the same shape: the PDF text layer (pdfium's character boxes, through
pypdfium2, already a dependency: Apache-2.0/BSD), a spreadsheet's cell grid (rows and
columns are the layout), and OCR boxes (Tesseract's TSV words, RapidOCR's text boxes).

A row is `{"page": 1, "top": 120.5, "cells": [[x0, x1, "text"], ...]}`, cells left to right,
rows top to bottom. Coordinates are in the source's own unit (PDF points, image pixels,
spreadsheet columns): only their order and overlap within one document matter.
"""

from __future__ import annotations

import re
import statistics
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_ROWS", "Box", "grid_layout", "pdf_layout", "rows_from_boxes", "rows_from_lines"]

#: Rows kept per document (an invoice has tens; a 20-page price list is cut here).
MAX_ROWS = 600
_CJK = r"\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_CJK_GAP = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")
#: A horizontal gap wider than this many character heights starts a new cell.
_CELL_GAP = 1.1
#: In a PDF, a gap with no space character wider than this many font sizes parts cells.
_PDF_CELL_GAP = 0.6
_PDF_SPACE_GAP = 0.8
#: A gap wider than this many character heights is a space inside a cell.
_WORD_GAP = 0.3


@dataclass(frozen=True)
class Box:
    """One glyph or word: its text and its box (top < bottom, as on a page read downwards)."""

    x0: float
    x1: float
    top: float
    bottom: float
    text: str
    space_before: bool | None = None  # None: tell a space by the gap (OCR); PDF: its own

    @property
    def height(self) -> float:
        return max(self.bottom - self.top, 0.1)


def _joins(box: Box, gap: float, height: float) -> bool:
    """Whether a box `gap` right of the cell before it is part of that cell. In a PDF the
    height is the font size: a word space is at most half of it, so a gap wider than
    `_PDF_CELL_GAP` (or `_PDF_SPACE_GAP` with a space, which pdfium also puts into wide
    gaps) parts two table cells; OCR has only the gap."""
    if box.space_before is None:
        return gap <= _CELL_GAP * height
    return gap <= (_PDF_SPACE_GAP if box.space_before else _PDF_CELL_GAP) * height


def _cells(line: Sequence[Box]) -> list[list[Any]]:
    """The cells of one line: boxes joined while the gap between them is small."""
    ordered = sorted(line, key=lambda b: b.x0)
    height = statistics.median(b.height for b in ordered)
    cells: list[list[Any]] = []
    for box in ordered:
        if cells and _joins(box, box.x0 - cells[-1][1], height):
            cell = cells[-1]
            wide = box.x0 - cell[1] > _WORD_GAP * height
            space = " " if (box.space_before if box.space_before is not None else wide) else ""
            cell[1] = max(cell[1], box.x1)
            cell[2] += space + box.text
        else:
            cells.append([box.x0, box.x1, box.text])
    own_spaces = all(b.space_before is not None for b in ordered)
    for cell in cells:
        cell[0], cell[1] = round(cell[0], 1), round(cell[1], 1)
        text = unicodedata.normalize("NFKC", cell[2])
        # A PDF's own spaces are kept (「ボールペン 黒 10本入」); OCR's between Japanese
        # characters are noise.
        cell[2] = (text if own_spaces else _CJK_GAP.sub("", text)).strip()
    return [c for c in cells if c[2]]


def rows_from_lines(lines: Iterable[Sequence[Box]], page: int) -> list[dict[str, Any]]:
    """Rows of cells from boxes already grouped into lines (OCR gives its lines)."""
    rows = []
    for line in lines:
        boxes = [b for b in line if b.text.strip()]
        if boxes:
            cells = _cells(boxes)
            if cells:
                top = round(min(b.top for b in boxes), 1)
                rows.append({"page": page, "top": top, "cells": cells})
    return sorted(rows, key=lambda r: r["top"])


def _overlaps(line: Sequence[Box], box: Box) -> bool:
    """Whether `box` covers a glyph of `line` horizontally (then it is on another line)."""
    for other in line:
        shared = min(other.x1, box.x1) - max(other.x0, box.x0)
        if shared > 0.4 * min(other.x1 - other.x0, box.x1 - box.x0, box.height):
            return True
    return False


def rows_from_boxes(boxes: Iterable[Box], page: int) -> list[dict[str, Any]]:
    """Rows of cells from loose glyph boxes. A box joins the nearest recent line whose centre
    is within half a glyph height of its own and none of whose glyphs it covers (two lines
    close together, or a large title beside small lines, are not merged); lines are then
    split into cells at wide gaps."""
    lines: list[list[Box]] = []
    centres: list[float] = []
    for box in sorted((b for b in boxes if b.text.strip()), key=lambda b: (b.top, b.x0)):
        centre = (box.top + box.bottom) / 2
        best, distance = None, 0.0
        for index in range(len(lines) - 1, max(-1, len(lines) - 8), -1):
            line = lines[index]
            height = min(box.height, statistics.median(b.height for b in line))
            gap = abs(centre - centres[index])
            closer = best is None or gap < distance
            if gap <= 0.5 * height and closer and not _overlaps(line, box):
                best, distance = index, gap
        if best is None:
            lines.append([box])
            centres.append(centre)
        else:
            lines[best].append(box)
            count = len(lines[best])
            centres[best] += (centre - centres[best]) / count
    return rows_from_lines(lines, page)


def pdf_layout(data: bytes, pages: Sequence[int]) -> list[dict[str, Any]]:
    """Rows of the text layer of the given PDF pages (0-based), from pdfium's glyph boxes.
    A page pdfium cannot read gives no rows (the text reader still has its text)."""
    import pypdfium2

    rows: list[dict[str, Any]] = []
    try:
        document = pypdfium2.PdfDocument(data)
    except pypdfium2.PdfiumError:
        return []
    try:
        for index in pages:
            if len(rows) >= MAX_ROWS:
                break
            page = document[index]
            height = page.get_height()
            text_page = page.get_textpage()
            count = text_page.count_chars()
            text = text_page.get_text_range(0, count)
            same = len(text) == count
            boxes = []
            spaced = False
            for i in range(count):
                char = text[i] if same else text_page.get_text_range(i, 1)
                if not char.strip():
                    spaced = True
                    continue
                # The font's box (its height is the font size), not the glyph's: a comma or a
                # dash sits on its line, a full-width bracket's blank half is not a gap.
                left, bottom, right, top = text_page.get_charbox(i, loose=True)
                boxes.append(Box(left, right, height - top, height - bottom, char, spaced))
                spaced = False
            rows += rows_from_boxes(boxes, index + 1)
            text_page.close()
            page.close()
    finally:
        document.close()
    return rows[:MAX_ROWS]


def grid_layout(grid: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    """Rows of a spreadsheet: each non-empty cell keeps its column as its x span."""
    rows = []
    for r, values in enumerate(grid[:MAX_ROWS]):
        cells = [[c, c + 1, v.strip()] for c, v in enumerate(values) if v and v.strip()]
        if cells:
            rows.append({"page": 1, "top": r, "cells": cells})
    return rows
