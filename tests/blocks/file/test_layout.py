"""Rows of cells from a PDF's text layer (`blocks.file.layout.pdf_layout`): a real PDF
written with reportlab and the IPAex Gothic font, read back through pdfium."""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib_fontja
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from blocks.file.layout import Box, pdf_layout, rows_from_boxes

FONT = Path(matplotlib_fontja.__file__).parent / "fonts" / "ipaexg.ttf"


def _pdf(draw: list[tuple[float, float, float, str]]) -> bytes:
    """A one-page A4 PDF with each (x, y from the top, size, text) drawn."""
    pdfmetrics.registerFont(TTFont("IPAexG", str(FONT)))
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=(595, 842))
    for x, y, size, text in draw:
        page.setFont("IPAexG", size)
        page.drawString(x, 842 - y, text)
    page.save()
    return out.getvalue()


def _texts(data: bytes) -> list[list[str]]:
    return [[cell[2] for cell in row["cells"]] for row in pdf_layout(data, [0])]


def test_small_lines_beside_a_large_title_stay_apart() -> None:
    """Two 9 pt lines within the band of a 22 pt title were interleaved glyph by glyph
    (「請請求求番日号」)."""
    rows = _texts(
        _pdf(
            [
                (40, 60, 22, "請求書"),
                (380, 52, 9, "請求番号 881630"),
                (380, 64, 9, "請求日 2026年6月27日"),
            ]
        )
    )
    assert ["請求番号 881630"] in [r[-1:] for r in rows]
    assert ["請求日 2026年6月27日"] in rows


def test_a_comma_stays_in_its_amount_and_cells_part_at_gaps() -> None:
    """A comma's glyph sits below the digits' centre: with glyph boxes it became a row of
    its own (「72000」 over 「,」)."""
    rows = _texts(_pdf([(60, 100, 10, "72,000"), (140, 100, 10, "66,500"),
                        (220, 100, 10, "消費税対象額"), (300, 100, 10, "消費税額")]))  # fmt: skip
    assert rows == [["72,000", "66,500", "消費税対象額", "消費税額"]]


def test_a_pdf_keeps_its_own_spaces_between_japanese_words() -> None:
    rows = _texts(
        _pdf([(60, 100, 10, "ボールペン 黒 10本入"), (60, 120, 10, "立替金（収入印紙）")])
    )
    assert rows == [["ボールペン 黒 10本入"], ["立替金(収入印紙)"]]


def test_ocr_words_join_lines_by_centre_and_never_overlap() -> None:
    """Loose boxes (OCR words): a box joins the line whose centre is within half its height,
    but never one where it would cover a word already there."""
    boxes = [Box(10, 60, 10, 40, "請求書"), Box(200, 260, 14, 34, "番号"),
             Box(200, 260, 16, 36, "請求日"), Box(270, 300, 16, 36, "6/27")]  # fmt: skip
    rows = [[c[2] for c in r["cells"]] for r in rows_from_boxes(boxes, 1)]
    assert rows == [["請求書", "番号"], ["請求日 6/27"]]
