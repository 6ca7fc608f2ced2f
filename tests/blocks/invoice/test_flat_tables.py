"""Summary tables whose rows came out run together (issue 25, scans): a header row OCR gave as
one cell over a row of amounts, or the amounts in one cell. Each case is written here in the
shape the development scans showed (the fresh set's landscape invoices: 「税抜合計消費税合計
税込合計」 in one box) and its neighbours, never taken from the held-out set."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields

HEAD = "請求書\n株式会社みなみ工業 御中\n請求日 2025年3月31日\n株式会社テスト商事\n登録番号 T7000012050002\n"
ACCOUNT = "前回ご請求額今回ご入金額今回お買上額消費税今回ご請求額"
TOP = [(10, 60, "請求書")]


def _row(top: float, *cells: tuple[float, float, str]) -> dict[str, Any]:
    return {"page": 1, "top": top, "cells": [list(c) for c in cells]}


def _ocr(*rows: list[tuple[float, float, str]]) -> dict[str, Any]:
    """The fields of an OCR'd page whose rows of cells are `rows` (the text is their cells)."""
    layout = [_row(i * 20.0, *cells) for i, cells in enumerate([TOP, *rows])]
    text = HEAD + "\n".join("\t".join(c[2] for c in cells) for cells in rows)
    return extract_invoice_fields(text, from_ocr=True, layout=layout)


def _spaced(*amounts: str) -> list[tuple[float, float, str]]:
    return [(100.0 + 100 * i, 150.0 + 100 * i, a) for i, a in enumerate(amounts)]


def _values(fields: dict[str, Any]) -> list[Any]:
    return [c["value"] for c in fields["candidates"]["total"]]


def test_a_header_run_into_one_cell_pairs_with_its_amounts_by_count() -> None:
    """Read left to right, 今回ご請求額 took the first amount (前回's 80,000)."""
    fields = _ocr([(100, 560, ACCOUNT)], _spaced("80,000", "80,000", "5,000", "500", "5,500"))
    assert fields["total"] == 5500
    assert fields["status"]["total"] == "要確認"  # OCR, and nothing to check it against
    assert "今回ご請求額 5,500" in fields["raw_matches"]["layout_tables"]
    assert 80000 not in _values(fields)


def test_the_per_rate_figures_confirm_a_total_paired_by_count() -> None:
    fields = _ocr(
        [(100, 560, ACCOUNT)],
        _spaced("80,000", "80,000", "5,000", "500", "5,500"),
        [(100, 160, "10%対象"), (200, 250, "5,000"), (300, 350, "消費税"), (400, 450, "500")],
    )
    assert (fields["total"], fields["status"]["total"]) == (5500, "確定")


def test_amounts_run_into_one_cell_under_separate_header_cells() -> None:
    """The landscape scans' shape: the header in one box, two of three amounts in another."""
    fields = _ocr(
        [(100, 400, "税抜合計消費税合計税込合計")],
        [(100, 160, "675,400"), (250, 400, "67,540 742,940")],
        [(100, 400, "10%対象額 675,400円消費税 67,540円")],
    )
    assert fields["totals_by_rate"] == {"10": 675400}
    assert fields["tax_by_rate"] == {"10": 67540}
    assert (fields["total"], fields["status"]["total"]) == (742940, "確定")


def test_counts_that_differ_offer_every_amount_for_review_never_a_certain_one() -> None:
    """One amount lost by OCR: which is which cannot be known. Every amount is a candidate,
    the one in the total label's place (the last) first, and the total stays 要確認."""
    fields = _ocr([(100, 560, ACCOUNT)], _spaced("80,000", "80,000", "5,000", "5,500"))
    assert fields["status"]["total"] == "要確認"
    assert fields["total"] == 5500
    assert set(_values(fields)) >= {80000, 5000, 5500}
    assert fields["review_reasons"]["total"]


def test_counts_that_differ_in_a_text_document_are_not_certain_either() -> None:
    text = (
        HEAD
        + "前回ご請求額 今回ご入金額 今回お買上額 消費税 今回ご請求額\n80,000 80,000 5,000 5,500\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["status"]["total"] == "要確認"
    assert set(_values(fields)) >= {80000, 5000, 5500}


def test_the_arithmetic_confirms_one_of_the_unpaired_amounts() -> None:
    fields = _ocr(
        [(100, 560, ACCOUNT)],
        _spaced("80,000", "80,000", "5,000", "5,500"),
        [(100, 160, "10%対象"), (200, 250, "5,000"), (300, 350, "消費税"), (400, 450, "500")],
    )
    assert (fields["total"], fields["status"]["total"]) == (5500, "確定")


def test_a_run_together_header_is_split_by_the_count_of_its_amounts() -> None:
    """「小計消費税合計」 over three amounts is 小計 | 消費税 | 合計 (not 小計 | 消費税合計)."""
    fields = extract_invoice_fields(HEAD + "小計消費税合計\n10,000 1,000 11,000\n")
    assert "合計 11,000" in fields["raw_matches"]["layout_tables"]
    assert (fields["total"], fields["status"]["total"]) == (11000, "確定")


def test_a_rate_row_under_a_run_together_header() -> None:
    fields = extract_invoice_fields(
        HEAD + "消費税対象額 消費税額\n10%対象 1,200 120\n合計 ¥1,320\n"
    )
    assert fields["totals_by_rate"] == {"10": 1200}
    assert fields["tax_by_rate"] == {"10": 120}
    assert (fields["total"], fields["status"]["total"]) == (1320, "確定")


def test_a_figure_with_its_own_label_is_not_a_value_row_of_the_header() -> None:
    """「ご請求金額 ¥5,500」 right under a run-together header is its own pair."""
    text = HEAD + "税抜合計消費税合計税込合計\nご請求金額 ¥5,500\n10%対象 5,000 消費税 500\n"
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (5500, "確定")
    assert _values(fields) == [5500]


def test_an_item_table_header_is_not_a_summary_header() -> None:
    text = HEAD + "品名数量金額\n部品A 2 10,000\n10%対象 10,000 消費税 1,000\nご請求金額 ¥11,000\n"
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (11000, "確定")
    assert "layout_tables" not in fields["raw_matches"]
