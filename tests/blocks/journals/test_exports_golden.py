"""Golden files: the month (tests/blocks/journals/month.py) exported to every format and
compared byte for byte with the hand-written files under tests/fixtures/journals/; the 弥生
file decoded as cp932 with exactly 25 fields per line; the MF header exact; every file read
back and balanced per 伝票."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest
from openpyxl import load_workbook

from blocks.journals.export import prepare_export
from blocks.journals.model import JournalBatch
from tests.conftest import FIXTURES

GOLDEN = FIXTURES / "journals"
ENCODINGS = {"yayoi": "cp932", "mf": "cp932", "freee": "cp932", "freee-deals": "cp932",
             "csv": "utf-8-sig"}  # fmt: skip
MF_HEADER = [
    "取引No", "取引日", "借方勘定科目", "借方補助科目", "借方部門", "借方取引先", "借方税区分",
    "借方インボイス", "借方金額(円)", "借方税額", "貸方勘定科目", "貸方補助科目", "貸方部門",
    "貸方取引先", "貸方税区分", "貸方インボイス", "貸方金額(円)", "貸方税額", "摘要", "仕訳メモ",
    "タグ", "MF仕訳タイプ", "決算整理仕訳", "作成日時", "作成者", "最終更新日時", "最終更新者",
]  # fmt: skip


def _rows(data: bytes, encoding: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode(encoding), newline="")))


@pytest.mark.parametrize("fmt", list(ENCODINGS))
def test_each_format_matches_its_golden_file_byte_for_byte(
    batches: list[JournalBatch], fmt: str
) -> None:
    result = prepare_export(batches, fmt)
    expected = (GOLDEN / f"month_{fmt}.csv").read_bytes()
    if result.data != expected:  # show the first differing line, decoded
        got = result.data.decode(ENCODINGS[fmt]).splitlines()
        want = expected.decode(ENCODINGS[fmt]).splitlines()
        first = next(i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b)
        pytest.fail(f"line {first + 1}:\n got  {got[first]}\n want {want[first]}")
    assert result.data.count(b"\r\n") == len(result.data.splitlines())  # CRLF throughout


def test_yayoi_is_cp932_with_25_fields_and_the_flags_of_single_and_compound_entries(
    batches: list[JournalBatch],
) -> None:
    rows = _rows(prepare_export(batches, "yayoi").data, "cp932")
    assert rows and all(len(row) == 25 for row in rows)
    flags = [(row[0], row[1]) for row in rows]
    assert flags[:4] == [("2000", "1"), ("2000", "2"), ("2110", "3"), ("2101", "3")]
    assert {row[0] for row in rows} == {"2000", "2110", "2101"}
    cut = next(row for row in rows if row[1] == "4")[16]  # the long 摘要: 64 bytes at most
    assert cut.endswith("…") and len(cut.encode("cp932")) <= 64


def test_mf_header_and_invoice_column(batches: list[JournalBatch]) -> None:
    rows = _rows(prepare_export(batches, "mf").data, "cp932")
    assert rows[0] == MF_HEADER and all(len(row) == 27 for row in rows)
    invoice = {(row[0], row[6]): row[7] for row in rows[1:] if row[6] != "対象外" and row[6]}
    assert invoice[("1", "課税仕入 10%")] == "適格"
    assert invoice[("2", "課税仕入 (軽)8%")] == "80%控除"  # 2026-09-28: before 2026-10-01
    assert invoice[("6", "課税仕入 10%")] == "70%控除"  # 2026-10-08: from 2026-10-01


# (number column, debit amount column, credit amount column) of the paired layouts
_PAIRED = {"yayoi": (1, 8, 14), "mf": (0, 8, 16), "freee": (1, 5, 14)}


@pytest.mark.parametrize("fmt", list(_PAIRED))
def test_every_paired_file_reads_back_balanced(batches: list[JournalBatch], fmt: str) -> None:
    number, debit, credit = _PAIRED[fmt]
    rows = _rows((GOLDEN / f"month_{fmt}.csv").read_bytes(), "cp932")
    sums: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows[1 if fmt != "yayoi" else 0 :]:
        sums[row[number]][0] += int(row[debit] or 0)
        sums[row[number]][1] += int(row[credit] or 0)
    assert len(sums) == 9
    assert {key: d for key, (d, c) in sums.items() if d != c} == {}


def test_the_generic_csv_and_the_excel_sheet_read_back_balanced(
    batches: list[JournalBatch],
) -> None:
    rows = _rows((GOLDEN / "month_csv.csv").read_bytes(), "utf-8-sig")
    header, body = rows[0], rows[1:]
    sums: dict[str, dict[str, int]] = defaultdict(lambda: {"借方": 0, "貸方": 0})
    for row in body:
        sums[row[0]][row[header.index("貸借")]] += int(row[header.index("金額")])
    assert len(sums) == 9 and all(s["借方"] == s["貸方"] for s in sums.values())
    book = load_workbook(io.BytesIO(prepare_export(batches, "xlsx").data))
    sheet = book["仕訳"]
    cells = [
        ["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)
    ]
    assert cells == rows  # the same table as the generic CSV
    assert sheet.cell(row=2, column=header.index("金額") + 1).number_format == "#,##0"


def test_the_freee_deals_hold_the_purchases_and_leave_the_payments_out(
    batches: list[JournalBatch],
) -> None:
    result = prepare_export(batches, "freee-deals")
    assert [item["entry"] for item in result.left_out] == ["S-0001", "S-0002", "S-0003"]
    rows = _rows(result.data, "cp932")
    totals: dict[str, int] = defaultdict(int)
    current = ""
    for row in rows[1:]:
        current = row[1] or current  # a deal's further lines leave its own fields empty
        totals[current] += int(row[7])
    purchases = {e.id: e.total("credit") for e in batches[0].entries}
    assert sorted(totals.values()) == sorted(purchases.values())
