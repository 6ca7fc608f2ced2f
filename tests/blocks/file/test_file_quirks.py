"""File quirks of real evidence: a BOM or junk before `%PDF-`, Kangxi radicals printed by
Chrome, values typed into PDF form fields, 御中 that only exists in an Excel number format."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from openpyxl import Workbook
from reportlab.pdfgen.canvas import Canvas

from blocks.file.file_processor import extract_text
from keiri.base.catalog import t

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "samples"))

from make_evidence import FONT, _register_font


def _pdf(text: str, field: tuple[str, str] | None = None) -> bytes:
    _register_font()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(FONT, 12)
    canvas.drawString(72, 760, text)
    if field is not None:
        canvas.acroForm.textfield(name=field[0], value=field[1], x=72, y=700, width=200)
    canvas.save()
    return buffer.getvalue()


def test_a_bom_or_junk_before_the_pdf_header_is_read() -> None:
    data = _pdf("請求書 合計 ¥1,100")
    for prefix in (b"\xef\xbb\xbf", b"\r\n\x00junk "):
        extracted = extract_text(prefix + data, "請求書.pdf")
        assert extracted.media_type == "application/pdf"
        assert "請求書" in extracted.text


def test_kangxi_radicals_are_normalised_in_the_text() -> None:
    extracted = extract_text(_pdf("2024年4⽉1⽇ 合計⾦額"), "chrome.pdf")
    assert "4月1日" in extracted.text and "合計金額" in extracted.text
    assert "⽉" not in extracted.text


def test_pdf_form_field_values_are_in_the_text() -> None:
    extracted = extract_text(_pdf("請求書", ("total", "¥5,500")), "form.pdf")
    assert "total: ¥5,500" in extracted.text


def test_text_from_an_excel_number_format_is_kept() -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet["B2"] = "株式会社サンプル商事"
    sheet["B2"].number_format = '@" 御中"'
    sheet["B3"] = "請求書"
    buffer = io.BytesIO()
    workbook.save(buffer)
    text = extract_text(buffer.getvalue(), "請求書.xlsx").text
    assert text.splitlines()[0] == "株式会社サンプル商事 御中"


def test_formula_cells_without_saved_results_are_reported() -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet["A1"] = "御請求額"
    sheet["B1"] = "=SUM(B2:B3)"  # openpyxl saves no result: Excel would compute it on open
    sheet["B2"], sheet["B3"] = 1000, 100
    buffer = io.BytesIO()
    workbook.save(buffer)
    extracted = extract_text(buffer.getvalue(), "請求書.xlsx")
    assert extracted.text.splitlines()[0] == "御請求額"
    (note,) = extracted.notes
    assert note == t("runtime.office.uncached", cells="B1")
