"""The file text extractor as a library: formats, limits and every failure code."""

from __future__ import annotations

import codecs
import io
import zipfile
from pathlib import Path
from types import ModuleType

import docx
import pytest
from openpyxl import Workbook

from blocks.file.extract_types import CSV, DOCX, MARKDOWN, OCTET, OLE, PDF, TEXT, XLSX, ZIP
from blocks.file.file_processor import detect_media_type, extract_text, sniff_media_type
from blocks.sdk.errors import BlockError, ErrorCode

from .conftest import SAMPLES


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English wording of the errors (the catalog's `en`)."""
    monkeypatch.setenv("KEIRI_LANG", "en")


def _error(source: bytes | Path, name: str, **kwargs: int) -> BlockError:
    with pytest.raises(BlockError) as info:
        extract_text(source, name, **kwargs)
    return info.value


# -- detection ----------------------------------------------------------------------------------


def test_sniff_uses_the_content_not_the_name(
    invoice_pdfs: list[bytes], office_files: dict[str, bytes]
) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(20)
    assert sniff_media_type(invoice_pdfs[0][:64], "a.xlsx") == PDF
    assert sniff_media_type(png, "scan.pdf") == "image/png"
    assert sniff_media_type(office_files["docx"][:64], "x.docx") == ZIP  # head only: a ZIP
    assert detect_media_type(office_files["docx"], "x.bin") == DOCX
    assert detect_media_type(office_files["xlsx"], "x.bin") == XLSX
    plain_zip = io.BytesIO()
    with zipfile.ZipFile(plain_zip, "w") as zf:
        zf.writestr("a.txt", "x")
    assert detect_media_type(plain_zip.getvalue(), "a.docx") == ZIP
    assert sniff_media_type("請求書".encode("cp932"), "memo") == TEXT
    assert sniff_media_type(b"a,b\n1,2\n", "data.csv") == CSV
    assert sniff_media_type(b"# title\n", "README.md") == MARKDOWN
    assert sniff_media_type(b"\x00\x01\x02\xff", "blob.txt") == OCTET
    assert sniff_media_type(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(8), "old.xls") == OLE


# -- PDF ----------------------------------------------------------------------------------------


def test_pdf_text_pages_and_limits(evidence: ModuleType, invoice_pdfs: list[bytes]) -> None:
    invoices = evidence.build_invoices(3)
    one = extract_text(invoice_pdfs[0], "inv.pdf")
    assert (one.media_type, one.pages, one.truncated) == (PDF, 1, False)
    assert invoices[0].issuer in one.text
    assert invoices[0].registration_number in one.text
    assert f"{invoices[0].total():,}" in one.text

    statement = extract_text(invoice_pdfs[2], "statement.pdf")
    assert statement.pages == 2
    assert "2 / 2 ページ" in statement.text
    first_page = extract_text(invoice_pdfs[2], "statement.pdf", max_pages=1)
    assert first_page.truncated and first_page.pages == 2
    assert "2 / 2 ページ" not in first_page.text and "1 / 2 ページ" in first_page.text

    cut = extract_text(invoice_pdfs[2], "statement.pdf", max_chars=50)
    assert len(cut.text) == 50 and cut.truncated
    assert statement.text.startswith(cut.text)


def test_pdf_from_path_and_committed_sample() -> None:
    path = SAMPLES / "invoices" / "inv_001_yamada.pdf"
    result = extract_text(path)
    assert result.name == "inv_001_yamada.pdf"
    assert "株式会社山田商店" in result.text and "適格" not in result.text


def test_encrypted_pdf_is_file_encrypted(encrypted_pdf: bytes) -> None:
    error = _error(encrypted_pdf, "保護.pdf")
    assert error.code == ErrorCode.FILE_ENCRYPTED
    assert error.details["file"] == "保護.pdf" and error.hint


def test_owner_password_only_pdf_is_read(invoice_pdfs: list[bytes]) -> None:
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=io.BytesIO(invoice_pdfs[0]))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    assert "請求書" in extract_text(out.getvalue(), "print-protected.pdf").text


@pytest.mark.parametrize("keep", [0.5, 0.9, 0.995])
def test_truncated_pdf_is_file_invalid(invoice_pdfs: list[bytes], keep: float) -> None:
    data = invoice_pdfs[0]
    error = _error(data[: int(len(data) * keep)], "cut.pdf")
    assert error.code == ErrorCode.FILE_INVALID
    assert "corrupt or truncated" in error.message


# -- DOCX / XLSX --------------------------------------------------------------------------------


def test_docx_header_paragraphs_tables_in_order(office_files: dict[str, bytes]) -> None:
    text = extract_text(office_files["docx"], "請求書.docx").text
    lines = text.split("\n")
    header = next(i for i, line in enumerate(lines) if "登録番号" in line)
    title = lines.index("請求書")
    table_head = lines.index("品名\t数量\t単価\t金額\t税率")
    total = next(i for i, line in enumerate(lines) if line.startswith("合計"))
    assert header < title < table_head < total


def test_docx_merged_cells_and_footer(tmp_path: Path) -> None:
    document = docx.Document()
    document.sections[0].footer.paragraphs[0].text = "フッター：登録番号 T7000012050002"
    table = document.add_table(rows=2, cols=3)
    merged = table.cell(0, 0).merge(table.cell(0, 2))
    merged.text = "見出し（結合）"
    for col, value in enumerate(["A", "B", "C"]):
        table.cell(1, col).text = value
    document.add_paragraph("本文の後")
    path = tmp_path / "merged.docx"
    document.save(str(path))
    text = extract_text(path).text
    assert text.split("\n") == [
        "見出し（結合）",
        "A\tB\tC",
        "本文の後",
        "フッター：登録番号 T7000012050002",
    ]


def test_xlsx_first_sheet_top_left_range(office_files: dict[str, bytes], tmp_path: Path) -> None:
    result = extract_text(office_files["xlsx"], "明細.xlsx")
    assert result.media_type == XLSX and not result.truncated
    assert "社内メモ" not in result.text  # second sheet
    assert "品名\t数量\t単価\t金額\t税率" in result.text
    assert "\t2024-" in result.text  # a date cell in ISO form

    book = Workbook()
    sheet = book.worksheets[0]
    for row in range(1, 101):
        sheet.append([f"r{row}c{col}" for col in range(1, 31)])
    path = tmp_path / "big.xlsx"
    book.save(path)
    big = extract_text(path, xlsx_max_rows=3, xlsx_max_cols=2)
    assert big.text == "r1c1\tr1c2\nr2c1\tr2c2\nr3c1\tr3c2" and big.truncated


@pytest.mark.parametrize("kind", ["docx", "xlsx"])
def test_truncated_office_file_is_file_invalid(office_files: dict[str, bytes], kind: str) -> None:
    data = office_files[kind]
    error = _error(data[: len(data) // 2], f"cut.{kind}")
    assert error.code == ErrorCode.FILE_INVALID
    assert "truncated" in error.message


def test_password_protected_office_file_is_file_encrypted() -> None:
    # Office writes a password-protected .xlsx/.docx as an OLE2 compound file holding an
    # "EncryptedPackage" stream; this is the start of such a file (header + directory).
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
    directory = "EncryptedPackage".encode("utf-16-le").ljust(64, b"\x00") + bytes(64)
    error = _error(header + directory, "給与.xlsx")
    assert error.code == ErrorCode.FILE_ENCRYPTED


# -- text ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        codecs.BOM_UTF8 + "請求書,金額\r\n山田商店,1000\r\n".encode(),
        "請求書,金額\r\n山田商店,1000\r\n".encode(),
        "請求書,金額\r\n山田商店,1000\r\n".encode("cp932"),
        "請求書,金額\r\n山田商店,1000\r\n".encode("utf-16"),
    ],
    ids=["utf-8-bom", "utf-8", "cp932", "utf-16-bom"],
)
def test_text_encodings(data: bytes) -> None:
    result = extract_text(data, "明細.csv")
    assert result.media_type == CSV
    assert result.text == "請求書,金額\n山田商店,1000\n"


def test_undecodable_text_is_file_invalid() -> None:
    error = _error(b"abc \x81 \xff\xfe def", "broken.txt")
    assert error.code == ErrorCode.FILE_INVALID
    assert error.details["tried_encodings"] == ["utf-8", "cp932"]


# -- wrong type, empty, too large, unsupported ------------------------------------------------


def test_extension_content_mismatch(
    invoice_pdfs: list[bytes], office_files: dict[str, bytes]
) -> None:
    error = _error(invoice_pdfs[0], "請求書.xlsx")
    assert error.code == ErrorCode.FILE_INVALID
    assert error.details["expected_media_type"] == XLSX and error.details["media_type"] == PDF
    assert "*.pdf" in error.hint
    assert _error(office_files["docx"], "a.pdf").details["media_type"] == DOCX
    assert _error("ただのテキスト".encode(), "scan.pdf").details["media_type"] == TEXT


def test_empty_file_and_too_large(invoice_pdfs: list[bytes], tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    error = _error(empty, "empty.pdf")
    assert error.code == ErrorCode.FILE_INVALID and "empty file" in error.message
    big = _error(invoice_pdfs[0], "big.pdf", max_bytes=1000)
    assert big.code == ErrorCode.FILE_TOO_LARGE and big.details["limit"] == 1000


def test_unsupported_formats_say_what_to_do(office_files: dict[str, bytes]) -> None:
    gif = _error(b"GIF89a" + bytes(32), "receipt.gif")  # PNG/JPEG/TIFF are read with OCR
    assert gif.code == ErrorCode.FILE_INVALID and "supported formats" in gif.hint
    png = _error(b"\x89PNG\r\n\x1a\n" + bytes(32), "receipt.png")  # a broken photo
    assert png.code == ErrorCode.FILE_INVALID and "JPEG or PNG" in png.hint
    plain_zip = io.BytesIO()
    with zipfile.ZipFile(plain_zip, "w") as zf:
        zf.writestr("a.txt", "x")
    archive = _error(plain_zip.getvalue(), "evidence.zip")
    assert "file.parse_zip_2tier" in archive.hint
