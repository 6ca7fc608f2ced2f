"""excel.write into templates made by the tests (styles, merged cells, number formats, formulas,
data validation) and into new workbooks (write-only mode)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from blocks.sdk.errors import BlockError
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]

INVOICES = [
    {"no": "INV-001", "date": "2024-04-01", "vendor": "株式会社サンプル商事", "amount": 110000},
    {"no": "INV-002", "date": "2024-04-03", "vendor": "テスト物産株式会社", "amount": 54000},
    {"no": "INV-003", "date": "2024-04-08", "vendor": "有限会社みどり", "amount": 3300},
]
COLUMNS = {"no": "請求書番号", "date": "請求日", "vendor": "取引先", "amount": "金額"}


def _template(path: Path, existing_rows: int = 1) -> Path:
    """請求一覧: merged title, styled header on row 3, formatted data rows from row 4, a total
    formula outside the written columns, a status list validation and a second sheet."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "請求一覧"
    sheet["A1"] = "請求一覧 2024年4月"
    sheet.merge_cells("A1:D1")
    sheet["A1"].font = Font(bold=True, size=14)
    for col, label in enumerate(["請求書番号", "請求日", "取引先", "金額", "状態"], start=1):
        cell = sheet.cell(3, col, label)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDEBF7")
    for r in range(existing_rows):
        sheet.cell(4 + r, 1, f"OLD-{r}")
        sheet.cell(4 + r, 2, dt.date(2024, 3, 1 + r)).number_format = "yyyy/mm/dd"
        sheet.cell(4 + r, 3, "旧取引先")
        sheet.cell(4 + r, 4, 1000 * (r + 1)).number_format = "#,##0"
    sheet["G3"] = "合計"
    sheet["G4"] = "=SUM(D4:D1000)"
    sheet.column_dimensions["C"].width = 30
    validation = DataValidation(type="list", formula1='"未入金,入金済"', allow_blank=True)
    sheet.add_data_validation(validation)
    validation.add("E4:E500")
    workbook.create_sheet("設定")["A1"] = "締日"
    workbook.save(path)
    return path


def _load(store: FileStore, ref: dict[str, Any]) -> Any:
    with store.open(ref) as handle:
        return load_workbook(handle)


def test_template_keeps_styles_merges_formats_formula_and_validation(
    tmp_path: Path, run: Run, put: Put, store: FileStore
) -> None:
    path = _template(tmp_path / "請求一覧テンプレート.xlsx")
    before = path.read_bytes()
    ref = put(path)
    out = run(
        "excel.write",
        workbook=ref,
        data=INVOICES,
        output_config={"sheet": "請求一覧", "start_cell": "A3", "columns": COLUMNS},
    )
    summary = out["write_summary"]
    assert summary["engine"] == "openpyxl"
    assert summary["file_name"] == "請求一覧テンプレート_output.xlsx"
    assert summary["sheets"] == [
        {
            "sheet": "請求一覧",
            "source": None,
            "rows": 3,
            "columns": 4,
            "start_cell": "A3",
            "end_cell": "D6",
            "header_written": True,
            "mode": "replace",
            "created_sheet": False,
        }
    ]
    # the template is untouched, in the store and on disk
    assert path.read_bytes() == before
    assert hashlib.sha256(store.read_bytes(ref)).hexdigest() == ref["sha256"]
    assert out["output_file"]["sha256"] != ref["sha256"]

    sheet = _load(store, out["output_file"])["請求一覧"]
    assert [str(r) for r in sheet.merged_cells.ranges] == ["A1:D1"]
    assert sheet["A1"].value == "請求一覧 2024年4月"
    assert sheet["A1"].font.bold and sheet["A1"].font.size == 14
    assert sheet["A3"].font.bold and sheet["A3"].fill.fgColor.rgb.endswith("DDEBF7")
    assert [sheet.cell(r, 1).value for r in range(4, 8)] == ["INV-001", "INV-002", "INV-003", None]
    # new rows take the template's first data row formats; ISO dates become dates
    for r, invoice in enumerate(INVOICES, start=4):
        assert sheet.cell(r, 2).value == dt.datetime.fromisoformat(invoice["date"])
        assert sheet.cell(r, 2).number_format == "yyyy/mm/dd"
        assert sheet.cell(r, 4).value == invoice["amount"]
        assert sheet.cell(r, 4).number_format == "#,##0"
    assert sheet["G4"].value == "=SUM(D4:D1000)"
    assert sheet.column_dimensions["C"].width == 30
    validations = sheet.data_validations.dataValidation
    assert len(validations) == 1 and str(validations[0].sqref) == "E4:E500"
    assert validations[0].formula1 == '"未入金,入金済"'
    assert _load(store, out["output_file"])["設定"]["A1"].value == "締日"


def test_replace_clears_the_old_rows_of_the_area(
    tmp_path: Path, run: Run, put: Put, store: FileStore
) -> None:
    ref = put(_template(tmp_path / "t.xlsx", existing_rows=5))
    out = run(
        "excel.write",
        workbook=ref,
        data=INVOICES[:2],
        output_config={"sheet": "請求一覧", "start_cell": "A3", "columns": COLUMNS},
    )
    sheet = _load(store, out["output_file"])["請求一覧"]
    assert [sheet.cell(r, 1).value for r in range(3, 10)] == [
        "請求書番号",
        "INV-001",
        "INV-002",
        None,
        None,
        None,
        None,
    ]
    assert sheet["G4"].value == "=SUM(D4:D1000)"  # outside the area: kept


def test_append_writes_after_the_last_used_row_without_a_second_header(
    tmp_path: Path, run: Run, put: Put, store: FileStore
) -> None:
    ref = put(_template(tmp_path / "t.xlsx", existing_rows=2))
    out = run(
        "excel.write",
        workbook=ref,
        data=INVOICES,
        output_config={"start_cell": "A3", "columns": COLUMNS, "mode": "append"},
    )
    written = out["write_summary"]["sheets"][0]
    assert written["sheet"] == "請求一覧"  # the template's first sheet by default
    assert (written["start_cell"], written["end_cell"], written["header_written"]) == (
        "A6",
        "D8",
        False,
    )
    sheet = _load(store, out["output_file"])["請求一覧"]
    assert [sheet.cell(r, 1).value for r in range(3, 10)] == [
        "請求書番号",
        "OLD-0",
        "OLD-1",
        "INV-001",
        "INV-002",
        "INV-003",
        None,
    ]
    assert sheet["D8"].number_format == "#,##0"


def test_area_over_merged_cells_is_refused(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_template(tmp_path / "t.xlsx"))
    with pytest.raises(BlockError) as info:
        run("excel.write", workbook=ref, data=INVOICES, output_config={"start_cell": "B1"})
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert "A1:D1" in info.value.message


def test_new_sheet_in_a_template_is_reported(
    tmp_path: Path, run: Run, put: Put, store: FileStore
) -> None:
    ref = put(_template(tmp_path / "t.xlsx"))
    out = run("excel.write", workbook=ref, data=INVOICES, output_config={"sheet": "請求一覧2"})
    summary = out["write_summary"]
    assert summary["sheets"][0]["created_sheet"] is True
    assert summary["warnings"] == [
        t("runtime.excel.sheet_added", sheet=repr("請求一覧2"), close=repr("請求一覧"))
    ]
    assert _load(store, out["output_file"]).sheetnames == ["請求一覧", "設定", "請求一覧2"]


def test_new_workbook_uses_write_only_mode(tmp_path: Path, run: Run, store: FileStore) -> None:
    rows = [
        {f"c{j}": (i * 10 + j if j % 2 else f"行{i}-{j}") for j in range(10)} for i in range(3000)
    ]
    out = run(
        "excel.write", data=rows, output_config={"file_name": "大量.xlsx", "start_cell": "B2"}
    )
    summary = out["write_summary"]
    assert summary["engine"] == "openpyxl-write-only"
    assert summary["sheets"][0]["end_cell"] == "K3002"
    assert out["output_file"]["name"] == "大量.xlsx"
    with store.open(out["output_file"]) as handle:
        sheet = load_workbook(handle, read_only=True)["Sheet1"]
        values = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(values) == 3001
    assert values[0][1:] == tuple(f"c{j}" for j in range(10))
    assert values[-1][1:] == tuple(rows[-1].values())


def test_object_shapes_and_skipped_keys(tmp_path: Path, run: Run, store: FileStore) -> None:
    out = run("excel.write", data={"items": INVOICES, "count": 3})
    assert out["write_summary"]["skipped_keys"] == ["count"]
    assert out["write_summary"]["sheets"][0]["sheet"] == "Sheet1"
    out = run(
        "excel.write",
        data={"sheets": {"照合済": INVOICES[:2], "未照合": INVOICES[2:]}},
        output_config={"columns": ["no", "amount"]},
    )
    workbook = _load(store, out["output_file"])
    assert workbook.sheetnames == ["照合済", "未照合"]
    assert [c.value for c in workbook["未照合"][2]] == ["INV-003", 3300]


def test_several_sheets_from_sheet_configs(tmp_path: Path, run: Run, store: FileStore) -> None:
    data = {"matched": INVOICES[:2], "unmatched": INVOICES[2:], "summary": {"n": 3}}
    out = run(
        "excel.write",
        data=data,
        output_config={
            "header": False,
            "sheets": [
                {"source": "unmatched", "sheet": "未照合", "columns": {"no": "番号"}},
                {"source": "matched", "sheet": "照合済", "start_cell": "C5", "header": True},
            ],
        },
    )
    summary = out["write_summary"]
    assert [s["sheet"] for s in summary["sheets"]] == ["未照合", "照合済"]
    assert summary["skipped_keys"] == ["summary"]
    workbook = _load(store, out["output_file"])
    assert workbook["未照合"]["A1"].value == "INV-003"
    assert workbook["照合済"]["C5"].value == "no" and workbook["照合済"]["C5"].font.bold


def test_nested_values_formula_text_and_typed_columns(
    tmp_path: Path, run: Run, store: FileStore
) -> None:
    pairs = [
        {
            "left": {"no": "INV-001", "amount": 110000},
            "right": {"摘要": "ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ", "入金": 109560},
            "note": '=HYPERLINK("http://example.invalid")',
            "tags": ["手数料"],
            "paid_on": "2024-04-05",
            "amount_text": "１０９，５６０",
        }
    ]
    out = run("excel.write", data=pairs)
    sheet = _load(store, out["output_file"])["Sheet1"]
    header = [c.value for c in sheet[1]]
    assert header == [
        "left.no",
        "left.amount",
        "right.摘要",
        "right.入金",
        "note",
        "tags",
        "paid_on",
        "amount_text",
    ]
    assert sheet["E2"].value == pairs[0]["note"] and sheet["E2"].data_type == "s"
    assert sheet["F2"].value == '["手数料"]'
    out = run(
        "excel.write",
        data=[{"paid_on": "2024-04-05", "amount_text": "109,560円"}],
        output_config={
            "columns": {
                "paid_on": {"header": "入金日", "type": "date", "number_format": "yyyy/mm/dd"},
                "amount_text": {"header": "入金額", "type": "number"},
            }
        },
    )
    sheet = _load(store, out["output_file"])["Sheet1"]
    assert sheet["A2"].value == dt.datetime(2024, 4, 5)
    assert sheet["A2"].number_format == "yyyy/mm/dd"
    assert sheet["B2"].value == 109560


@pytest.mark.parametrize(
    ("data", "config", "field"),
    [
        ({"a": INVOICES, "b": INVOICES}, {"sheet": "一覧"}, "output_config.sheet"),
        ([1, 2], {}, "data[0]"),
        ({"count": 1}, {}, "data"),
        (INVOICES, {"file_name": "../出力.xlsx"}, "output_config.file_name"),
        (INVOICES, {"file_name": "出力.csv"}, "output_config.file_name"),
        (INVOICES, {"sheets": [{"source": "items"}]}, "output_config.sheets[0].source"),
        ([{"d": "4月1日"}], {"columns": {"d": {"type": "date"}}}, "data[0].d"),
    ],
)
def test_bad_data_or_config_names_the_field(
    run: Run, data: Any, config: dict[str, Any], field: str
) -> None:
    with pytest.raises(BlockError) as info:
        run("excel.write", data=data, output_config=config)
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert info.value.details["field"] == field


@pytest.mark.parametrize("template", [False, True])
def test_control_characters_are_reported_with_the_field(
    tmp_path: Path, run: Run, put: Put, template: bool
) -> None:
    ref = put(_template(tmp_path / "t.xlsx")) if template else None
    data = [{"a": "ok", "b": 1}] * 3 + [{"a": "ok", "b": "bad\x01"}]
    with pytest.raises(BlockError) as info:
        run("excel.write", workbook=ref, data=data, output_config={"start_cell": "A3"})
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    assert info.value.details["field"] == "data[3].b"


def test_two_tables_on_one_new_sheet_use_normal_mode(run: Run, store: FileStore) -> None:
    data = {"summary": [{"件数": 3, "合計": 167300}], "items": INVOICES}
    out = run(
        "excel.write",
        data=data,
        output_config={
            "sheets": [  # the lower table first: replacing the upper one must not clear it
                {"source": "items", "sheet": "報告", "start_cell": "A4", "columns": COLUMNS},
                {"source": "summary", "sheet": "報告"},
            ]
        },
    )
    summary = out["write_summary"]
    assert summary["engine"] == "openpyxl"
    assert [(s["start_cell"], s["end_cell"]) for s in summary["sheets"]] == [
        ("A4", "D7"),
        ("A1", "B2"),
    ]
    sheet = _load(store, out["output_file"])["報告"]
    assert [sheet["A2"].value, sheet["B2"].value] == [3, 167300]
    assert [c.value for c in sheet[4]] == list(COLUMNS.values())
    assert sheet["D7"].value == 3300


def test_template_drawings_are_reported_as_lost(
    tmp_path: Path, run: Run, put: Put, store: FileStore
) -> None:
    from openpyxl.chart import BarChart, Reference

    path = _template(tmp_path / "グラフ付き.xlsx")
    workbook = load_workbook(path)
    sheet = workbook["請求一覧"]
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=4, min_row=3, max_row=10), titles_from_data=True)
    sheet.add_chart(chart, "I3")
    workbook.save(path)
    out = run(
        "excel.write",
        workbook=put(path),
        data=INVOICES,
        output_config={"start_cell": "A3", "columns": COLUMNS},
    )
    (warning,) = out["write_summary"]["warnings"]
    assert warning == t("runtime.excel.drawings", name=repr("グラフ付き.xlsx"))


def test_macro_template_keeps_its_suffix(tmp_path: Path, run: Run, put: Put) -> None:
    ref = put(_template(tmp_path / "マクロ付き.xlsm"))
    out = run("excel.write", workbook=ref, data=INVOICES, output_config={"start_cell": "A3"})
    assert out["output_file"]["name"] == "マクロ付き_output.xlsm"
    assert out["output_file"]["media_type"] == "application/vnd.ms-excel.sheet.macroEnabled.12"
    with pytest.raises(BlockError) as info:
        run(
            "excel.write",
            workbook=ref,
            data=INVOICES,
            output_config={"start_cell": "A3", "file_name": "結果.xlsx"},
        )
    assert info.value.details["field"] == "output_config.file_name"
