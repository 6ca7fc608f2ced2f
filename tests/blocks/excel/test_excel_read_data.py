"""excel.read_data on workbooks written by the tests with openpyxl."""

from __future__ import annotations

import datetime as dt
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from blocks.sdk.errors import BlockError
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]


def _statement(path: Path) -> Path:
    workbook = Workbook()
    cover = workbook.active
    cover.title = "表紙"
    cover["A1"] = "入出金明細"
    sheet = workbook.create_sheet("入出金明細")
    sheet.append(["日付", "摘要", "入金", "出金", "残高", None, "摘要"])
    sheet.append([dt.date(2024, 4, 5), "ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ", 109560, None, 1609560, None, "a"])
    sheet.append([])  # a blank line is not a record
    sheet.append([dt.datetime(2024, 4, 10, 9, 30), "ﾃｽｳﾘﾖｳ", None, 440.5, 1609119.5, "x", None])
    workbook.save(path)
    return path


def test_records_keep_numbers_and_turn_dates_into_iso(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_statement(tmp_path / "明細.xlsx"))
    out = run("excel.read_data", workbook=ref, sheet="入出金明細")
    assert out["sheet"] == "入出金明細"
    assert out["columns"] == ["日付", "摘要", "入金", "出金", "残高", "column_F", "摘要_2"]
    assert out["row_count"] == 2
    first, second = out["records"]
    assert first == {
        "日付": "2024-04-05",
        "摘要": "ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ",
        "入金": 109560,
        "出金": None,
        "残高": 1609560,
        "column_F": None,
        "摘要_2": "a",
    }
    assert isinstance(first["入金"], int)
    assert second["日付"] == "2024-04-10T09:30:00"
    assert second["出金"] == 440.5
    assert second["column_F"] == "x"


def test_first_sheet_is_the_default(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_statement(tmp_path / "明細.xlsx"))
    out = run("excel.read_data", workbook=ref)
    assert out["sheet"] == "表紙"
    assert out["columns"] == ["入出金明細"]
    assert out["records"] == []


def test_range_and_header_row_count_from_the_range(tmp_path: Path, run: Run, put: Put) -> None:
    workbook = Workbook()
    sheet = workbook.active
    sheet["B2"] = "株式会社サンプル商事 御中"  # a title above the table
    for r, row in enumerate(
        [["品名", "金額"], ["コピー用紙", 1000], ["お茶", 540], ["合計", 1540]]
    ):
        for c, value in enumerate(row):
            sheet.cell(4 + r, 3 + c, value)
    path = tmp_path / "表.xlsx"
    workbook.save(path)
    out = run("excel.read_data", workbook=put(path), range="C3:D6", header_row=2)
    assert out["columns"] == ["品名", "金額"]
    assert out["records"] == [{"品名": "コピー用紙", "金額": 1000}, {"品名": "お茶", "金額": 540}]


def test_unknown_sheet_suggests_the_closest_names(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_statement(tmp_path / "明細.xlsx"))
    with pytest.raises(BlockError) as info:
        run("excel.read_data", workbook=ref, sheet="入出金明")
    error = info.value
    assert error.code == "INPUT_VALIDATION_FAILED"
    assert t("issue.did_you_mean", names="'入出金明細'") in error.message
    assert error.details["field"] == "sheet"
    assert error.details["sheets"] == ["表紙", "入出金明細"]


def test_header_row_below_the_data_is_rejected(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_statement(tmp_path / "明細.xlsx"))
    with pytest.raises(BlockError) as info:
        run("excel.read_data", workbook=ref, sheet="入出金明細", header_row=50)
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert info.value.details["field"] == "header_row"


@pytest.mark.parametrize("content", [b"not a workbook at all", b"PK\x03\x04broken zip"])
def test_broken_file_is_file_invalid(tmp_path: Path, run: Run, put: Put, content: bytes) -> None:
    path = tmp_path / "壊れた.xlsx"
    path.write_bytes(content)
    with pytest.raises(BlockError) as info:
        run("excel.read_data", workbook=put(path))
    assert info.value.code == "FILE_INVALID"
    assert info.value.details["file"] == "壊れた.xlsx"


def test_bad_range_is_an_input_error(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_statement(tmp_path / "明細.xlsx"))
    with pytest.raises(BlockError) as info:
        run("excel.read_data", workbook=ref, range="F1:A")
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert info.value.details["field"] == "range"


def test_formulas_without_a_saved_result_are_a_finding_of_the_sheet(
    tmp_path: Path, run: Run, put: Put
) -> None:
    """openpyxl never calculates: its formulas have no saved result, so calamine reads them as
    empty; the sheet says which cells (only those of the records it read)."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "請求明細"
    sheet.append(["品名", "数量", "単価", "金額"])
    sheet.append(["コピー用紙", 2, 500, "=B2*C2"])
    sheet.append(["お茶", 3, 180, "=B3*C3"])
    sheet.append(["合計", None, None, "=SUM(D2:D3)"])
    sheet["F1"] = "=TODAY()"  # outside the range read
    path = tmp_path / "請求.xlsx"
    workbook.save(path)
    out = run("excel.read_data", workbook=put(path), range="A1:D4")
    assert out["records"][0] == {"品名": "コピー用紙", "数量": 2, "単価": 500, "金額": None}
    [finding] = out["findings"]
    assert finding["kind"] == "formula_without_value" and finding["sheet"] == "請求明細"
    assert finding["cells"] == ["D2", "D3", "D4"] and finding["count"] == 3
    cells = t("workbook.cells_sep").join(["D2", "D3", "D4"])
    assert finding["note"] == t("workbook.uncached", sheet="請求明細", count=3, cells=cells)
    assert finding["hint"] == t("workbook.uncached_hint")


def test_a_workbook_whose_formulas_have_results_has_no_finding(
    tmp_path: Path, run: Run, put: Put
) -> None:
    ref = put(_statement(tmp_path / "明細.xlsx"))  # values only
    assert run("excel.read_data", workbook=ref, sheet="入出金明細")["findings"] == []


def test_a_formula_with_its_saved_result_is_read_and_not_noted(
    tmp_path: Path, run: Run, put: Put
) -> None:
    """As Excel saves it: the formula and its result (`<f>` and `<v>`) in the cell."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["品名", "金額"])
    sheet.append(["コピー用紙", "=500*2"])
    path = tmp_path / "計算済.xlsx"
    workbook.save(path)
    saved = tmp_path / "saved.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(saved, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"<f>500*2</f><v></v>", b"<f>500*2</f><v>1000</v>")
                assert b"<v>1000</v>" in data
            target.writestr(item, data)
    out = run("excel.read_data", workbook=put(saved))
    assert out["records"] == [{"品名": "コピー用紙", "金額": 1000}]
    assert out["findings"] == []
