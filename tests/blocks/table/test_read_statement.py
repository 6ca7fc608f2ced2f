"""`table.read_statement` on the statements an accounting team really has: a cp932 bank CSV
with a preamble, 前月繰越 and 合計 rows, 和暦 and serial dates, △ negatives; a workbook; the Zengin
fixed-length format; a million-row CSV; formula-injection cells flowing into the report."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook

from blocks.sdk.errors import BlockError
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]

BANK_CSV = (
    "口座番号,普通 1234567\r\n"
    "照会期間,2024/04/01～2024/04/30\r\n"
    "\r\n"
    "日付,摘要,お引出し,お預入れ,差引残高\r\n"
    '2024/04/01,前月繰越,,,"1,000,000"\r\n'
    '2024/04/05,ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ,"35,698",,"964,302"\r\n'
    "R6.4.10,ﾃｽｳﾘﾖｳ,４４０円,,963862\r\n"
    "令和6年4月12日,ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ,,△100,963762\r\n"
    ",,,,\r\n"
    ',合計,"36,138",△100,\r\n'
)


def _file(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_a_cp932_bank_csv_reads_as_transactions_with_skipped_rows_noted(
    run: Run, put: Put, tmp_path: Path
) -> None:
    ref = put(_file(tmp_path, "入出金明細.csv", BANK_CSV.encode("cp932")))
    out = run("table.read_statement", statement=ref)
    assert out["summary"]["encoding"] == "cp932"
    assert out["summary"]["header_row"] == 4
    assert out["summary"]["columns"] == {
        "日付": "日付", "摘要": "摘要", "お引出し": "出金", "お預入れ": "入金", "差引残高": "残高"
    }  # fmt: skip
    rows = [(r["行"], r["日付"], r["出金"], r["入金"]) for r in out["records"]]
    assert rows == [
        (6, "2024-04-05", 35698, None),
        (7, "2024-04-10", 440, None),
        (8, "2024-04-12", None, -100),
    ]
    reasons = {s["行"]: s["reason"] for s in out["skipped"]}
    assert reasons == {
        5: t("statement.skip.not_transaction", label="前月繰越"),
        9: t("statement.skip.blank"),
        10: t("statement.skip.not_transaction", label="合計"),
    }
    assert out["summary"]["transactions"] + out["summary"]["skipped"] == out["summary"]["rows"]


def test_utf8_with_bom_and_tabs_is_read_too(run: Run, put: Put, tmp_path: Path) -> None:
    text = "\ufeff取引日\tご利用店名\tご利用金額\n2024-04-03\tｺﾝﾋﾞﾆ\t¥1,234\n"
    out = run("table.read_statement", statement=put(_file(tmp_path, "card.tsv", text.encode())))
    assert out["records"][0]["出金"] == 1234 and out["records"][0]["摘要"] == "ｺﾝﾋﾞﾆ"


def test_a_workbook_with_serial_dates_is_read(run: Run, put: Put, tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(["サンプル銀行 入出金明細"])
    sheet.append([])
    sheet.append(["取引日", "摘要", "出金金額", "入金金額", "残高"])
    sheet.append(["前月繰越", None, None, None, 500000])
    sheet.append([45390, "ﾌﾘｺﾐ", 110000, None, 390000])  # an unformatted date serial
    path = tmp_path / "明細.xlsx"
    workbook.save(path)
    out = run("table.read_statement", statement=put(path))
    assert [(r["行"], r["日付"], r["出金"]) for r in out["records"]] == [(5, "2024-04-08", 110000)]
    assert out["skipped"][0]["reason"] == t("statement.skip.not_transaction", label="前月繰越")


def _zengin_record(kind: str, fields: list[tuple[int, bytes]]) -> bytes:
    record = bytearray(kind.encode() + b" " * 199)
    for start, value in fields:
        record[start : start + len(value)] = value
    return bytes(record)


def test_the_zengin_fixed_length_format_is_read(run: Run, put: Put, tmp_path: Path) -> None:
    header = _zengin_record("1", [(1, b"03")])
    deposit = _zengin_record(
        "2",
        [
            (9, b"060405"),
            (21, b"1"),
            (24, b"000000109560"),
            (81, "ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ".encode("cp932")),
        ],
    )
    payment = _zengin_record("2", [(9, b"060410"), (21, b"2"), (24, b"000000000440")])
    trailer = _zengin_record(
        "8",
        [(1, b"000001"), (7, b"0000000109560"), (20, b"000001"), (26, b"0000000000440"),
         (54, b"0000002")],
    )  # fmt: skip
    data = b"\r\n".join([header, deposit, payment, trailer, _zengin_record("9", [])])
    assert all(len(r) == 200 for r in data.split(b"\r\n"))
    out = run("table.read_statement", statement=put(_file(tmp_path, "zengin.txt", data)))
    assert out["summary"]["format"] == "zengin"
    got = [(r["日付"], r["入金"], r["出金"], r["摘要"]) for r in out["records"]]
    assert got == [("2024-04-05", 109560, None, "ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ"), ("2024-04-10", None, 440, "")]
    assert [s["reason"] for s in out["skipped"]] == [
        t("runtime.statement.zengin.header"),
        t("runtime.statement.zengin.trailer"),
        t("runtime.statement.zengin.end"),
    ]


def test_a_million_row_csv_stops_at_the_row_limit(run: Run, put: Put, tmp_path: Path) -> None:
    lines = ["日付,摘要,出金"] + ["2024-04-01,x,1"] * 1_000_000
    path = _file(tmp_path, "huge.csv", "\n".join(lines).encode())
    with pytest.raises(BlockError) as info:
        run("table.read_statement", statement=put(path))
    assert info.value.code == "FILE_TOO_LARGE"
    assert info.value.details["limit"] == 200_000


def test_no_header_is_file_invalid_with_the_labels_hint(run: Run, put: Put, tmp_path: Path) -> None:
    path = _file(tmp_path, "x.csv", b"a,b,c\n1,2,3\n")
    with pytest.raises(BlockError) as info:
        run("table.read_statement", statement=put(path))
    assert info.value.code == "FILE_INVALID"
    assert info.value.hint == t("runtime.statement.no_header_hint")


def test_excel_read_data_reads_a_csv(run: Run, put: Put, tmp_path: Path) -> None:
    ref = put(_file(tmp_path, "入出金明細.csv", BANK_CSV.encode("cp932")))
    out = run("excel.read_data", workbook=ref, header_row=4)
    assert out["columns"] == ["日付", "摘要", "お引出し", "お預入れ", "差引残高"]
    assert out["records"][1]["摘要"] == "ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ"


def test_formula_injection_cells_are_written_as_text(
    run: Run, put: Put, tmp_path: Path, store: FileStore
) -> None:
    text = '日付,摘要,出金\n2024-04-05,"=HYPERLINK(""http://x"",""y"")",100\n2024-04-06,=1+2,200\n'
    out = run("table.read_statement", statement=put(_file(tmp_path, "inj.csv", text.encode())))
    written = run("excel.write", data=out["records"], output_config={"file_name": "r.xlsx"})
    with store.open(_ref(written["output_file"])) as handle:
        sheet = load_workbook(io.BytesIO(handle.read())).active
    assert sheet is not None
    cells = [sheet.cell(row, 3) for row in (2, 3)]
    assert [c.value for c in cells] == ['=HYPERLINK("http://x","y")', "=1+2"]
    assert all(c.data_type == "s" for c in cells)


def _ref(data: dict[str, Any]) -> Any:
    from blocks.sdk.fileref import FileRef

    return FileRef.model_validate(data)
