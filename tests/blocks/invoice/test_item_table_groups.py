"""Item tables as heldout6 printed them (issue 25): a 単位 column whose cells the reading in
order takes for items (「基」, 「字」) — the table read by column wins when its amounts add up
to the base and theirs do not; 業務内容 / ご利用内訳 / 料金内訳 head the description; a phone
service billed (電話リレーサービス料) is an item, not a 電話 label; a slip's 伝票計 between the
slips of a 一括請求書 is passed over; the rows under a heading that names them non-taxable
(「実費(立替金・不課税)」) are non-taxable."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields

HEAD = "保守点検料 請求書\n株式会社つばさ 御中\t請求日\t2028-05-31\nみなと昇降機サービス株式会社\n"
HEAD += "山口県下関市竹崎町2-5-1\n登録番号\tT5287316576587\n"


def _layout(rows: list[list[tuple[float, float, str]]]) -> list[dict[str, Any]]:
    return [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]


def _items(fields: dict[str, Any]) -> list[tuple[str, int, Any]]:
    return [(i["description"], i["amount"], i["rate"]) for i in fields["lines"]]


def test_a_unit_column_table_read_by_column_when_its_amounts_add_up() -> None:
    text = HEAD + (
        "品目\t数量\t単位\t単価\t金額\n"
        "エレベーター保守料(6月分)\t2\t基\t52800\t105600\n"
        "遠隔監視サービス料\t2\t基\t5500\t11000\n"
        "定期点検時 消耗品\t1\t式\t5170\t5170\n"
        "\t\t\t小計\t121770\n\t\t\t消費税(10%)\t12177\n\t\t\t合計\t133947\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["lines_source"] == "layout"
    assert _items(fields) == [
        ("エレベーター保守料(6月分)", 105600, 10),
        ("遠隔監視サービス料", 11000, 10),
        ("定期点検時 消耗品", 5170, 10),
    ]


def test_a_utilitys_breakdown_head_and_a_phone_service_row() -> None:
    rows = [
        [(30.0, 160.0, "株式会社あおぞらモバイル"), (438.0, 520.0, "ご利用料金明細書")],
        [(30.0, 160.0, "株式会社たちばな電装 御中"), (465.0, 560.0, "発行日 2028年3月29日")],
        [(442.0, 560.0, "登録番号 T8965572081833")],
        [
            (147.0, 194.0, "ご利用内訳"),
            (346.0, 403.0, "回線数・数量"),
            (474.0, 530.0, "金額(税込)"),
        ],
        [(36.0, 140.0, "ユニバーサルサービス料"), (421.0, 432.0, "36"), (533.0, 560.0, "108円")],
        [(36.0, 131.0, "電話リレーサービス料"), (421.0, 432.0, "36"), (539.0, 560.0, "36円")],
        [(36.0, 93.0, "国内通話料"), (426.0, 432.0, "1"), (524.0, 560.0, "6,809円")],
        [(36.0, 55.0, "合計"), (512.0, 560.0, "6,953円")],
        [(42.0, 300.0, "(うち消費税等相当額 632円)")],
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    fields = extract_invoice_fields(text, layout=_layout(rows))
    assert _items(fields) == [
        ("ユニバーサルサービス料", 108, 10),
        ("電話リレーサービス料", 36, 10),
        ("国内通話料", 6809, 10),
    ]


def test_a_slips_subtotal_between_slips_is_passed_over() -> None:
    rows = [
        [(242.0, 300.0, "一括請求書")],
        [(27.0, 160.0, "医療法人社団つばさ会"), (166.0, 180.0, "御中")],
        [(484.0, 580.0, "株式会社うみねこ食品")],
        [(452.0, 580.0, "登録番号 T7435862124587")],
        [
            (45.0, 72.0, "納品日"),
            (247.0, 265.0, "品名"),
            (362.0, 380.0, "数量"),
            (463.0, 481.0, "単価"),
            (526.0, 544.0, "金額"),
        ],
        [
            (33.0, 60.0, "11/02"),
            (170.0, 260.0, "だし醤油 1.8L ※"),
            (384.0, 390.0, "6"),
            (470.0, 490.0, "1,180"),
            (538.0, 560.0, "7,080"),
        ],
        [
            (170.0, 260.0, "食品用ラップ 30cm×50m"),
            (378.0, 390.0, "10"),
            (478.0, 490.0, "380"),
            (538.0, 560.0, "3,800"),
        ],
        [(305.0, 340.0, "(伝票計)"), (532.0, 560.0, "10,880")],
        [
            (33.0, 60.0, "11/09"),
            (170.0, 260.0, "ゴム手袋 M 100枚"),
            (384.0, 390.0, "3"),
            (478.0, 490.0, "990"),
            (538.0, 560.0, "2,970"),
        ],
        [(305.0, 340.0, "(伝票計)"), (532.0, 560.0, "2,970")],
        [(392.0, 450.0, "8%対象"), (485.0, 510.0, "7,080"), (538.0, 560.0, "566")],
        [(392.0, 450.0, "10%対象"), (485.0, 510.0, "6,770"), (538.0, 560.0, "677")],
        [(392.0, 450.0, "ご請求金額"), (532.0, 560.0, "15,093")],
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    fields = extract_invoice_fields(text, layout=_layout(rows))
    assert _items(fields) == [
        ("だし醤油 1.8L", 7080, 8),
        ("食品用ラップ 30cm×50m", 3800, 10),
        ("ゴム手袋 M 100枚", 2970, 10),
    ]


def test_rows_under_a_non_taxable_heading_are_non_taxable() -> None:
    text = (
        "ご請求書\n株式会社あかね物流 御中\nみずほし法律事務所\n登録番号 T6493304858866\n"
        "1 弁護士報酬\n着手金\t330,000\n消費税(10%)\t33,000\n"
        "2 実費(立替金・不課税)\n実費 収入印紙代\t13,000\n実費 予納郵券\t6,000\n"
        "実費 小計\t19,000\nご請求金額\t382,000\n"
    )
    fields = extract_invoice_fields(text)
    assert _items(fields) == [
        ("着手金", 330000, 10),
        ("実費 収入印紙代", 13000, None),
        ("実費 予納郵券", 6000, None),
    ]
    assert [i["non_taxable"] for i in fields["lines"]] == [False, True, True]
