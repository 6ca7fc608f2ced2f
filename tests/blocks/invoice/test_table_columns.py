"""Line-item tables read by their columns (`blocks.invoice.layout_read.item_rows`), shapes
of the development sets (browser, dev2): date and code columns, short descriptions that do
not reach a centred head, a table that runs over a page break, markers of the reduced rate,
and a receipt's 「合計 11点 ¥…」."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields

HEAD = "請求書\n株式会社みなみ工業 御中\n請求日 2025年3月31日\n株式会社テスト商事\n登録番号 T7000012050002\n"


def _row(top: float, *cells: tuple[float, float, str], page: int = 1) -> dict[str, Any]:
    return {"page": page, "top": top, "cells": [list(c) for c in cells]}


def _items(fields: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    return [(i["description"], i["amount"], i["rate"]) for i in fields["lines"]]


HEADER = ((50, 70, "日付"), (113, 132, "品番"), (245, 263, "品名"), (370, 389, "数量"),
          (433, 453, "単価"), (514, 533, "金額"))  # fmt: skip


def _line(top: float, day: str, code: str, name: str, qty: str, price: str, amount: str,
          width: float, page: int = 1) -> dict[str, Any]:  # fmt: skip
    return _row(
        top, (37, 54, day), (96, 124, code), (163, 163 + width, name), (387, 398, qty),
        (447, 474, price), (520, 559, amount), page=page,
    )  # fmt: skip


def test_date_and_code_columns_are_not_the_description_and_short_names_keep_their_column() -> None:
    """「7/10」 looked like a page number (1/2) and ended the table; 「点検作業費」 ends left of
    the centred 品名 head and nearer 品番's centre, but shares the column's left edge."""
    text = HEAD + "10%対象 352,780 消費税 35,278\n合計 ¥388,058\n"
    layout = [
        _row(100, *HEADER),
        _line(112, "7/4", "A-107", "ボールペン 黒 10本入", "12", "1,320", "15,840", 97),
        _line(124, "7/10", "A-121", "点検作業費", "10", "33,000", "330,000", 49),
        _line(136, "7/13", "A-128", "PP結束バンド (軽減)", "7", "994", "6,958", 80),
        _row(150, (38, 57, "税率"), (71, 110, "税抜金額"), (124, 163, "消費税額")),
    ]
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["lines_source"] == "layout"
    assert _items(fields) == [
        ("ボールペン 黒 10本入", 15840, 10),
        ("点検作業費", 330000, 10),
        ("PP結束バンド", 6958, 8),
    ]


def test_the_item_table_runs_on_over_a_page_break_with_its_header_repeated() -> None:
    text = HEAD + "10%対象 6,000 消費税 600\n合計 ¥6,600\n"
    layout = [
        _row(100, *HEADER),
        _line(112, "7/4", "A-1", "トナーカートリッジ 黒 大容量", "1", "1,000", "1,000", 120),
        _line(124, "7/5", "A-2", "用紙", "2", "1,000", "2,000", 20),
        _row(20, (40, 90, "請求書"), (480, 560, "2 / 2"), page=2),
        _row(40, *HEADER, page=2),
        _line(52, "7/6", "A-3", "封筒", "3", "1,000", "3,000", 20, page=2),
        _row(70, (370, 400, "小計"), (520, 559, "6,000"), page=2),
    ]
    fields = extract_invoice_fields(text, layout=layout)
    assert _items(fields) == [
        ("トナーカートリッジ 黒 大容量", 1000, 10),
        ("用紙", 2000, 10),
        ("封筒", 3000, 10),
    ]


def test_a_count_of_pieces_between_the_total_label_and_the_amount_is_skipped() -> None:
    """A till receipt's 「合計 11点 ¥172,875」: the count is not the total, the amount is."""
    text = (
        "みやび工房\n登録番号 T8794301951788\n領収証\n2026年06月11日\n点検作業費\t5点\t¥165,000\n"
        "小計\t¥172,875\n合計 11点\t¥172,875\n(10%対象\t¥165,000)\n(内消費税等\t¥15,000)\n"
        "(8%対象\t¥7,875)\n(内消費税等\t¥583)\nお預り\t¥173,000\nお釣り\t¥125\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["total"] == 172875
    assert all("お預り" not in i["description"] for i in fields["lines"])
