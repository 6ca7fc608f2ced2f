"""Bounded readers: a 1.5 KB XLSX with one cell at XFD1048576 (python-calamine would abort the
process asking for 549 GB), a sheet with a stray cell at ZZ20000, and a billion-laughs DOCX are
refused with a file code before any parser allocates for them — in `excel.read_data`,
`file.extract_text` and inside an evidence ZIP."""

from __future__ import annotations

import io
import resource
import zipfile
from collections.abc import Callable
from typing import Any

import pytest

from blocks.file.office_guard import check_sheet_extent
from blocks.sdk.errors import BlockError
from tests.blocks.hostile import billion_laughs_docx, sheet_xlsx

Run = Callable[..., dict[str, Any]]
Put = Callable[[bytes, str], dict[str, Any]]
FAR = {"A1": "日付", "A2": "2024-04-01", "XFD1048576": "x"}
STRAY = {"A1": "日付", "A2": "2024-04-01", "ZZ20000": "x"}


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("cells", [FAR, STRAY], ids=["XFD1048576", "ZZ20000"])
def test_read_data_refuses_a_far_cell_before_allocating(
    run: Run, put: Put, cells: dict[str, str]
) -> None:
    data = sheet_xlsx(cells)
    assert len(data) < 5000
    before = _peak_mib()
    with pytest.raises(BlockError) as info:
        run("excel.read_data", workbook=put(data, "明細.xlsx"))
    assert info.value.code == "FILE_TOO_LARGE"
    assert info.value.details["part"] == "xl/worksheets/sheet1.xml"
    assert "Ctrl+End" in info.value.hint
    assert _peak_mib() - before < 100  # ZZ20000 alone would cost ~450 MiB in calamine


def test_extract_text_refuses_a_far_cell(run: Run, put: Put) -> None:
    with pytest.raises(BlockError) as info:
        run("file.extract_text", files=put(sheet_xlsx(FAR), "請求書.xlsx"))
    assert info.value.code == "FILE_TOO_LARGE"


def test_a_far_cell_inside_the_evidence_zip_is_that_file_s_error(run: Run, put: Put) -> None:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("取引先A/請求書.xlsx", sheet_xlsx(FAR))
        zf.writestr("取引先A/メモ.txt", "請求書一式".encode())
    out = run("file.parse_zip_2tier", zip_bytes=put(archive.getvalue(), "証跡.zip"))
    errors = {e["path"]: e["code"] for e in out["errors"]}
    assert errors == {"取引先A/請求書.xlsx": "FILE_TOO_LARGE"}
    texts = {f["path"]: f["text"] for f in out["evidence_data"]["files"]}
    assert texts["取引先A/メモ.txt"] == "請求書一式"


def test_a_normal_sheet_passes_with_its_extent() -> None:
    with zipfile.ZipFile(io.BytesIO(sheet_xlsx({"A1": "a", "C3": "b"}))) as package:
        (extent,) = check_sheet_extent(package, "x.xlsx", "xlsx")
    assert (extent.rows, extent.cols) == (3, 3)


def test_cells_without_coordinates_are_counted_in_order() -> None:
    sheet = (
        '<worksheet><sheetData><row><c t="inlineStr"><is><t>a</t></is></c><c/><c/></row>'
        "<row/><row/></sheetData></worksheet>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("xl/worksheets/sheet1.xml", sheet)
    with zipfile.ZipFile(buffer) as package:
        (extent,) = check_sheet_extent(package, "x.xlsx", "xlsx")
    assert (extent.rows, extent.cols) == (3, 3)


def test_billion_laughs_docx_is_file_invalid(run: Run, put: Put) -> None:
    with pytest.raises(BlockError) as info:
        run("file.extract_text", files=put(billion_laughs_docx(), "請求書.docx"))
    assert info.value.code == "FILE_INVALID"
    assert "DTD" in info.value.message


def test_an_entity_declaring_xlsx_is_file_invalid(run: Run, put: Put) -> None:
    data = sheet_xlsx({"A1": "x"}, prolog='<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>')
    with pytest.raises(BlockError) as info:
        run("excel.read_data", workbook=put(data, "明細.xlsx"))
    assert info.value.code == "FILE_INVALID"


def test_sheet_limits_are_settable_from_the_plan(run: Run, put: Put) -> None:
    cells = {f"A{row}": f"明細{row}" for row in range(1, 121)}
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("取引先A/請求書.xlsx", sheet_xlsx(cells))
    ref = put(archive.getvalue(), "証跡.zip")
    default = run("file.parse_zip_2tier", zip_bytes=ref)["evidence_data"]["files"][0]
    assert default["text"].splitlines()[-1] == "明細120" and not default["text_truncated"]
    cut = run("file.parse_zip_2tier", zip_bytes=ref, xlsx_max_rows=50)["evidence_data"]["files"]
    assert cut[0]["text"].splitlines()[-1] == "明細50" and cut[0]["text_truncated"]
