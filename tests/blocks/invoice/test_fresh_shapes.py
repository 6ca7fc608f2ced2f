"""Shapes of the fresh set's errors (issue 25), each by its cause: a description column left
of its centred head, a 「品名・摘要」 header cell, a 「軽減税率」 cell in a 備考 column, a greeting
sentence beside the issuer, 税抜合計 / 消費税合計 beside 税込合計, a per-rate table over a page
break printed letter-spaced, and 立替金 lines in the arithmetic."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields

HEAD = "請求書\n株式会社みなみ工業 御中\n請求日 2026年3月19日\n"


def _row(top: float, *cells: tuple[float, float, str], page: int = 1) -> dict[str, Any]:
    return {"page": page, "top": top, "cells": [list(c) for c in cells]}


def _items(fields: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    return [(i["description"], i["amount"], i["rate"]) for i in fields["lines"]]


LANDSCAPE_HEAD = ((48, 68, "日付"), (108, 138, "伝票No"), (277, 297, "品名"), (431, 451, "規格"),
                  (486, 506, "数量"), (542, 562, "単位"), (607, 627, "単価"), (686, 706, "金額"),
                  (760, 790, "税区分"))  # fmt: skip


def _wide(top: float, day: str, name: str, width: float, qty: str, price: str, amount: str,
          rate: str) -> dict[str, Any]:  # fmt: skip
    return _row(
        top, (35, 50, day), (91, 111, "4113"), (165, 165 + width, name), (418, 433, "STD"),
        (509, 519, qty), (529, 539, "式"), (624, 649, price), (733 - 7 * len(amount), 733, amount),
        (743, 743 + 10 * len(rate), rate),
    )  # fmt: skip


def test_a_wide_table_reads_its_columns_by_alignment_and_its_advances_enter_the_arithmetic() -> (
    None
):
    """「出張費」 ends far left of the centred 品名 and nearer 伝票No's centre, and the amounts
    end right of a narrow 金額: each column is found by the cells it lines up with. The 立替
    line is outside the tax, so 税込合計 = bases + tax + 立替 confirms the total, and 税抜合計 /
    消費税合計 are not rival totals."""
    text = (
        HEAD + "丸山商店 登録番号:T5870710520351\n新潟県新潟市中央区古町通6番町970\n"
        "税抜合計 消費税合計 税込合計\n112,420 11,100 123,520\n"
        "10%対象額 108,000円 消費税 10,800円 8%対象額 3,750円 消費税 300円\n"
    )
    layout = [
        _row(100, *LANDSCAPE_HEAD),
        _wide(112, "3/4", "出張費", 30, "19", "5,500", "104,500", "10%"),
        _wide(124, "3/6", "ミネラルウォーター 2L×6本", 125, "1", "3,750", "3,750", "軽8%"),
        _wide(136, "3/8", "名刺印刷 100枚", 70, "1", "3,500", "3,500", "10%"),
        _wide(148, "3/9", "立替 高速道路料金", 85, "1", "670", "670", "非課税"),
        _row(170, (658, 698, "税抜合計"), (708, 758, "消費税合計"), (768, 808, "税込合計")),
        _row(182, (663, 698, "112,420"), (728, 758, "11,100"), (773, 808, "123,520")),
    ]
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["lines_source"] == "layout"
    assert _items(fields) == [
        ("出張費", 104500, 10),
        ("ミネラルウォーター 2L×6本", 3750, 8),
        ("名刺印刷 100枚", 3500, 10),
        ("立替 高速道路料金", 670, None),
    ]
    assert [c["value"] for c in fields["total_candidates"]] == [123520]
    assert fields["total"] == 123520
    assert fields["status"]["total"] == "確定"


def test_a_compound_description_head_and_a_reduced_rate_remark_cell_in_a_spreadsheet() -> None:
    """A spreadsheet's grid (tab-separated): 「品名・摘要」 names the description column (the
    row numbers under No. are not amounts), and 「軽減税率」 alone in 備考 makes its row 8%."""
    text = (
        HEAD + "ご請求金額\t\t24,948\n株式会社テスト商事\n登録番号：T7000012050002\n"
        "No.\t品名・摘要\t\t\t数量\t単価\t金額\t備考\n"
        "1\t緑茶 500ml×24本\t\t\t6\t2592\t15552\t軽減税率\n"
        "2\tクラウドストレージ 1TB\t\t\t4\t1650\t6600\t\n"
        "\t\t\t\t小計\t\t22152\n\t\t\t\t消費税（10%）\t\t660\n"
        "\t\t\t\t消費税（8%）\t\t1244\n\t\t\t\t合計\t\t24056\n"
    )
    fields = extract_invoice_fields(text)
    assert _items(fields) == [("緑茶 500ml×24本", 15552, 8), ("クラウドストレージ 1TB", 6600, 10)]


def test_a_greeting_sentence_beside_the_issuer_is_not_its_name() -> None:
    """Printed in two columns, the greeting 「下記の通り御請求申し上げます。」 is the cell just
    before the issuer's telephone line in reading order: a sentence is never a name."""
    text = (
        "御請求書\n港南フーズ株式会社 御中\n令和8年3月25日\n"
        "毎々格別のお引立てを賜り厚く御礼申し上げます。\n下記の通り御請求申し上げます。\n"
        "お支払金額 ¥11,000-\n北斗運輸株式会社\n電話 011-820-7711\n登録番号 T3232938961272\n"
        "10%対象 ¥10,000(消費税 ¥1,000)\n"
    )
    layout = [
        _row(90, (42, 168, "港南フーズ株式会社"), (182, 210, "御中")),
        _row(100, (339, 419, "北斗運輸株式会社")),
        _row(112, (42, 272, "毎々格別のお引立てを賜り厚く御礼申し上げます。"),
             (339, 554, "〒000-0000 北海道札幌市白石区東札幌5条1-1-1")),
        _row(124, (42, 192, "下記の通り御請求申し上げます。"), (339, 424, "電話 011-820-7711")),
        _row(136, (339, 454, "登録番号 T3232938961272")),
    ]  # fmt: skip
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["issuer_name"] == "北斗運輸株式会社"
    assert fields["status"]["issuer_name"] == "確定"


def test_a_letter_spaced_rate_row_after_a_page_break_is_still_the_tables() -> None:
    """The per-rate table's 8% row on the next page, its text layer spaced letter by letter
    (「8 % 対 象」, 「7 6 0」): read as the table's row, so the 8% tax is not lost; the 税込合計
    under it is a figure of its own, not a tax."""
    text = HEAD + "株式会社テスト商事\n登録番号 T7000012050002\n今回ご請求額 ¥121,860\n"
    layout = [
        _row(100, (424, 444, "区分"), (466, 506, "税抜金額"), (518, 558, "消費税額")),
        _row(112, (414, 448, "10%対象"), (463, 508, "100,000"), (523, 558, "10,000")),
        _row(40, (414, 444, "8 % 対 象"), (483, 508, "1 1 , 0 0 0"), (543, 558, "8 6 0"), page=2),
        _row(52, (414, 454, "税 込 合 計"), (508, 558, "¥ 1 2 1 , 8 6 0"), page=2),
    ]
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["tax_by_rate"] == {"10": 10000, "8": 860}
    assert fields["totals_by_rate"] == {"10": 100000, "8": 11000}
    assert fields["total"] == 121860
    assert fields["status"]["total"] == "確定"
