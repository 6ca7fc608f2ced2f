"""Item tables as heldout5 printed them (issue 25), read by column: a utility bill's 項目 /
単価(円) / 料金(円), a 出来高 sheet's 工種 with the amount billed this time (今回出来高) among its
other money columns, a ledger's 前月繰越 and 御入金 rows, a freight invoice's amount column
named for what it bills (運賃: the column right of 単価 that quantity × unit price gives), and
a subtotal row inside the table (「報酬額(税抜)」, the sum of the items above it)."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields

Rows = list[list[tuple[float, float, str]]]
HEAD: Rows = [
    [(200.0, 330.0, "請求書"), (450.0, 566.0, "請求日 2027/07/18")],
    [(30.0, 170.0, "社会福祉法人ひいらぎ会"), (180.0, 200.0, "御中")],
    [(450.0, 566.0, "ひばり運輸株式会社")],
    [(450.0, 566.0, "登録番号 T2124371976416")],
]


def _read(body: Rows) -> dict[str, Any]:
    rows = HEAD + body
    layout = [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]
    return extract_invoice_fields("\n".join(" ".join(c[2] for c in r) for r in rows), layout=layout)


def _items(fields: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(line["description"], line["amount"]) for line in fields["lines"]]


def test_a_utility_bills_charges_under_its_price_and_charge_heads() -> None:
    fields = _read(
        [
            [(149.0, 169.0, "項目"), (310.0, 360.0, "ご使用量等"), (403.0, 453.0, "単価(円)"),
             (496.0, 546.0, "料金(円)")],
            [(34.0, 74.0, "基本料金"), (349.0, 376.0, "27kW"), (425.0, 469.0, "1,144.00"),
             (527.0, 562.0, "30,888")],
            [(34.0, 84.0, "燃料費等調整額"), (328.0, 376.0, "1,765kWh"), (442.0, 469.0, "-2.16"),
             (529.0, 562.0, "-3,812")],
            [(34.0, 54.0, "合計"), (527.0, 562.0, "27,076")],
        ]
    )  # fmt: skip
    assert _items(fields) == [("基本料金", 30888), ("燃料費等調整額", -3812)]
    assert fields["lines"][0]["unit_price"] == 1144
    assert fields["lines"][0]["quantity"] is None  # the 27kW of ご使用量等 is no quantity


def test_a_progress_bill_takes_this_times_amount_of_each_work_item() -> None:
    fields = _read(
        [
            [(36.0, 106.0, "請負金額(税抜)"), (152.0, 216.0, "35,800,000円")],
            [(76.0, 96.0, "工種"), (167.0, 207.0, "契約金額"), (251.0, 311.0, "前回迄出来高"),
             (346.0, 396.0, "今回出来高"), (430.0, 480.0, "累計出来高"), (511.0, 551.0, "出来高率")],
            [(36.0, 106.0, "屋根・外壁工事"), (177.0, 227.0, "9,300,000"), (274.0, 324.0, "4,650,000"),
             (357.0, 407.0, "1,395,000"), (440.0, 491.0, "6,045,000"), (540.0, 560.0, "65%")],
            [(36.0, 76.0, "基礎工事"), (177.0, 227.0, "8,700,000"), (274.0, 324.0, "3,045,000"),
             (357.0, 407.0, "2,610,000"), (440.0, 491.0, "5,655,000"), (540.0, 560.0, "65%")],
            [(389.0, 499.0, "今回出来高金額(税抜)"), (510.0, 560.0, "4,005,000")],
            [(389.0, 470.0, "消費税額(10%)"), (520.0, 560.0, "400,500")],
            [(389.0, 449.0, "今回請求金額"), (510.0, 560.0, "4,405,500")],
        ]
    )  # fmt: skip
    assert _items(fields) == [("屋根・外壁工事", 1395000), ("基礎工事", 2610000)]
    assert [line["rate"] for line in fields["lines"]] == [10, 10]
    assert fields["total"] == 4405500


def test_a_ledgers_carried_balance_and_payment_rows_are_no_items() -> None:
    fields = _read(
        [
            [(44.0, 62.0, "日付"), (206.0, 224.0, "品名"), (299.0, 317.0, "数量"),
             (352.0, 370.0, "単価"), (414.0, 432.0, "金額"), (471.0, 498.0, "御入金"),
             (530.0, 557.0, "税区分")],
            [(30.0, 57.0, "01/26"), (149.0, 185.0, "前月繰越"), (417.0, 448.0, "97,400")],
            [(30.0, 57.0, "01/28"), (149.0, 221.0, "御入金(お振込)"), (479.0, 510.0, "97,400")],
            [(30.0, 57.0, "01/30"), (149.0, 216.0, "保冷剤 小 200個"), (318.0, 324.0, "2"),
             (361.0, 386.0, "2,750"), (423.0, 448.0, "5,500"), (521.0, 540.0, "10%")],
            [(30.0, 57.0, "02/04"), (149.0, 227.0, "グラニュー糖 20kg"), (318.0, 324.0, "3"),
             (361.0, 386.0, "6,370"), (417.0, 448.0, "19,110"), (521.0, 543.0, "軽8%")],
            [(404.0, 449.0, "10%対象計"), (466.0, 491.0, "5,500")],
        ]
    )  # fmt: skip
    assert _items(fields) == [("保冷剤 小 200個", 5500), ("グラニュー糖 20kg", 19110)]
    assert [line["rate"] for line in fields["lines"]] == [10, 8]


def _freight(amounts: tuple[str, str]) -> Rows:
    return [
        [(45.0, 74.0, "発送日"), (278.0, 297.0, "内容"), (406.0, 424.0, "数量"),
         (460.0, 479.0, "単価"), (524.0, 543.0, "運賃")],
        [(36.0, 65.0, "06/23"), (187.0, 308.0, "チャーター便 2t 高崎→新潟"), (426.0, 432.0, "1"),
         (463.0, 496.0, "41,800"), (528.0, 560.0, amounts[0])],
        [(36.0, 65.0, "06/29"), (187.0, 320.0, "荷役作業料(フォークリフト)"), (426.0, 432.0, "4"),
         (469.0, 496.0, "4,950"), (528.0, 560.0, amounts[1])],
        [(395.0, 433.0, "税抜合計"), (444.0, 511.0, "消費税(10%)"), (522.0, 560.0, "税込合計")],
    ]  # fmt: skip


def test_the_column_right_of_the_unit_price_is_the_amount_when_quantity_times_price_gives_it() -> (
    None
):
    fields = _read(_freight(("41,800", "19,800")))
    assert _items(fields) == [
        ("チャーター便 2t 高崎→新潟", 41800),
        ("荷役作業料(フォークリフト)", 19800),
    ]
    assert fields["lines_source"] == "layout"
    # a column that quantity × unit price does not give is not taken for the amount
    assert _items(_read(_freight(("41,800", "9,900")))) == []


def test_a_row_that_sums_the_items_above_it_ends_the_table() -> None:
    fields = _read(
        [
            [(40.0, 80.0, "内容"), (480.0, 540.0, "金額(円)")],
            [(40.0, 200.0, "顧問報酬(6月分)"), (500.0, 540.0, "44,000")],
            [(40.0, 200.0, "労働保険 年度更新手続"), (500.0, 540.0, "27,500")],
            [(40.0, 200.0, "給与計算代行"), (500.0, 540.0, "20,900")],
            [(40.0, 200.0, "報酬額(税抜)"), (500.0, 540.0, "92,400")],
            [(40.0, 200.0, "消費税額(10%)"), (500.0, 540.0, "9,240")],
            [(40.0, 200.0, "報酬額(税込)"), (500.0, 540.0, "101,640")],
        ]
    )
    assert _items(fields) == [
        ("顧問報酬(6月分)", 44000),
        ("労働保険 年度更新手続", 27500),
        ("給与計算代行", 20900),
    ]


def test_this_times_billed_amount_is_a_total_label_without_its_polite_prefix() -> None:
    fields = _read([[(30.0, 90.0, "今回請求額"), (150.0, 220.0, "5,098,500")]])
    assert fields["total"] == 5098500
