"""Shapes read since heldout9's errors (issue 25): a discount row with △ in the item table, a
bilingual summary header whose rate is not in brackets, a due date under a header that wraps
onto a second line, a receipt's 「金 ¥… —」, and a Word letterhead line holding the issuer's
name, address and phone."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields


def _calibration(discount_row: str) -> str:
    return "\n".join(
        [
            "御 請 求 書",
            "株式会社ひばり精機 御中",
            "請求日:2031年6月30日",
            "株式会社あおば計測",
            "登録番号 T4829918201365",
            "No. 品名 数量 単価 金額",
            "1 ノギス校正 4 3,300 13,200",
            "2 マイクロメータ校正 2 3,850 7,700",
            f"3 {discount_row}",
            "小計(税抜) 19,855",
            "消費税(10%) 1,985",
            "合計金額(税込) 21,840",
        ]
    )


@pytest.mark.parametrize(
    "row",
    [
        "年間契約割引(校正料の5%) 1 △1,045 △1,045",
        "お値引き 1 ▲1,045 ▲1,045",
        "ご契約割引 △¥1,045",
    ],
    ids=["triangle", "black triangle", "before the yen mark"],
)
def test_a_discount_row_marked_with_a_triangle_is_a_negative_line(row: str) -> None:
    fields = extract_invoice_fields(_calibration(row))
    assert [line["amount"] for line in fields["lines"]] == [13200, 7700, -1045]
    assert fields["lines"][-1]["rate"] == 10
    assert (fields["total"], fields["status"]["total"]) == (21840, "確定")


def test_an_advance_already_paid_is_no_line_item() -> None:
    text = _calibration("ご契約割引 △¥1,045").replace(
        "合計金額(税込) 21,840",
        "合計金額(税込) 21,840\n前受金(ご入金済) △10,000\n差引ご請求額 ¥11,840",
    )
    fields = extract_invoice_fields(text)
    assert [line["amount"] for line in fields["lines"]] == [13200, 7700, -1045]
    assert (fields["total"], fields["status"]["total"]) == (11840, "確定")


def _row(top: float, *cells: tuple[float, float, str]) -> dict[str, Any]:
    return {"page": 1, "top": top, "cells": [list(c) for c in cells]}


def _bilingual(tax_head: str) -> tuple[str, list[dict[str, Any]]]:
    """A bilingual invoice: header rows over value rows, the dates' cells wrapped in two."""
    layout = [
        _row(20.0, (200, 330, "INVOICE / 請求書")),
        _row(40.0, (30, 200, "株式会社しらかば工業 御中")),
        _row(60.0, (320, 500, "ノルテ・ジャパン株式会社")),
        _row(75.0, (320, 520, "Registration No. / 登録番号:T5820147739018")),
        _row(
            100.0,
            (70, 160, "Invoice date / 請求日"),
            (210, 320, "Payment terms / お支払条"),
            (360, 455, "Due date / お支払期日"),
        ),
        _row(109.0, (260, 270, "件")),
        _row(
            123.0,
            (40, 190, "14 March 2032(2032年3月14"),
            (205, 310, "Net 30 days / 30日"),
            (335, 480, "13 April 2032(2032年4月13"),
        ),
        _row(132.0, (40, 58, "日)"), (335, 353, "日)")),
        _row(
            160.0,
            (40, 60, "Item"),
            (160, 240, "Description / 品名"),
            (340, 385, "Qty / 数量"),
            (405, 475, "Unit price / 単価"),
            (495, 555, "Amount / 金額"),
        ),
        _row(
            175.0,
            (40, 50, "10"),
            (73, 300, "Bearing unit BU-30 / ベアリングユニット"),
            (380, 390, "12"),
            (450, 478, "6,200"),
            (521, 557, "74,400"),
        ),
        _row(
            190.0,
            (40, 50, "20"),
            (73, 300, "Shaft collar SC-30 / シャフトカラー"),
            (380, 390, "40"),
            (455, 478, "850"),
            (521, 557, "34,000"),
        ),
        _row(
            210.0,
            (205, 270, "Subtotal / 小計"),
            (300, 430, tax_head),
            (465, 548, "Total / 合計(税込)"),
        ),
        _row(226.0, (230, 276, "¥108,400"), (400, 443, "¥10,840"), (500, 557, "¥119,240")),
    ]
    text = "\n".join(" ".join(str(c[2]) for c in row["cells"]) for row in layout)
    return text, layout


@pytest.mark.parametrize(
    "tax_head", ["Consumption tax 10% / 消費税", "Tax 10% / 消費税(10%)", "Tax (10%) / 消費税"]
)
def test_a_bilingual_summary_header_gives_the_tax_of_its_rate(tax_head: str) -> None:
    text, layout = _bilingual(tax_head)
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["tax_by_rate"] == {"10": 10840}
    assert (fields["total"], fields["status"]["total"]) == (119240, "確定")


def test_a_due_date_under_a_wrapped_header_with_its_day_wrapped_too() -> None:
    text, layout = _bilingual("Consumption tax 10% / 消費税")
    fields = extract_invoice_fields(text, layout=layout)
    assert (fields["due_date"], fields["status"]["due_date"]) == ("2032-04-13", "確定")
    assert fields["transaction_date"] == "2032-03-14"


def _receipt(amount_line: str) -> str:
    return "\n".join(
        [
            "領 収 書",
            "No. 4410",
            "令和14年2月8日",
            "上様",
            amount_line,
            "但し 御飲食代として",
            "上記正に領収いたしました。",
            "10%対象 ¥48,400(内消費税 ¥4,400)",
            "8%対象 ¥6,480(内消費税 ¥480)",
            "小料理 みさき",
            "適格請求書発行事業者登録番号",
            "T7310455028841",
        ]
    )


@pytest.mark.parametrize("amount_line", ["金 ¥54,880 —", "金 ¥54,880-", "金 ￥54,880 ―"])
def test_a_receipts_amount_after_kin_is_its_total(amount_line: str) -> None:
    fields = extract_invoice_fields(_receipt(amount_line))
    assert (fields["total"], fields["status"]["total"]) == (54880, "確定")


def test_a_word_ending_in_kin_is_no_total_label() -> None:
    fields = extract_invoice_fields(_receipt("ご利用料金 ¥54,000"))
    assert fields["total"] != 54000 or fields["status"]["total"] != "確定"


def test_a_letterhead_line_with_name_address_and_phone_gives_the_issuer() -> None:
    text = "\n".join(
        [
            "株式会社ひのき運送\u3000岐阜県各務原市那加桜町2-15\u3000TEL 058-382-7710",
            "配車課 田所\u3000インボイス登録番号 T-6120347728814",
            "運 賃 請 求 書",
            "請求日：2032/02/20",
            "株式会社しらかば工業\u3000様",
            "ご請求金額\u3000¥121,000－",
            "内容\t数量\t単価\t金額\t税区分",
            "チャーター便 4t（岐阜 → 大阪）\t2\t55,000\t110,000\t10%",
            "課税対象額（10%）\t¥110,000",
            "消費税額（10%）\t¥11,000",
            "ご請求金額\t¥121,000",
        ]
    )
    fields = extract_invoice_fields(text)
    assert (fields["issuer_name"], fields["status"]["issuer_name"]) == (
        "株式会社ひのき運送",
        "確定",
    )
    assert fields["buyer_name"] == "株式会社しらかば工業"


def test_a_staffing_bill_by_person_with_hours_and_a_tax_category_column() -> None:
    """「区分・氏名 時間・日数 単位 単価 金額 税区分」: each person's fee and overtime at 10 %
    (「課税」), the commuting costs outside the tax (「非課税」); 125% is no tax rate."""
    text = "\n".join(
        [
            "人材派遣料金 ご請求書",
            "請求日:2032年1月31日",
            "株式会社しらかば工業 製造部 御中",
            "株式会社みらいスタッフ",
            "登録番号 T-3390561127740",
            "区分・氏名 時間・日数 単位 単価 金額 税区分",
            "派遣料(通常)木村 悠 160 時間 2,000 320,000 課税",
            "時間外(125%)木村 悠 8 時間 2,500 20,000 課税",
            "交通費(実費)木村 悠 20 日 500 10,000 非課税",
            "課税対象額(10%) 340,000円",
            "消費税(10%) 34,000円",
            "交通費 実費(非課税) 10,000円",
            "合計 384,000円",
        ]
    )
    fields = extract_invoice_fields(text)
    assert [(i["amount"], i["rate"], i["non_taxable"]) for i in fields["lines"]] == [
        (320000, 10, False),
        (20000, 10, False),
        (10000, None, True),
    ]
    assert fields["lines"][1]["description"] == "時間外(125%)木村 悠"
    assert (fields["total"], fields["status"]["total"]) == (384000, "確定")


def test_rows_marked_menzei_are_outside_the_tax() -> None:
    """A forwarder's ocean freight 「免税」 (international transport, 0 %) beside fees at 10 %."""
    text = "\n".join(
        [
            "御請求書",
            "株式会社しらかば工業 御中",
            "請求日:2032年3月10日",
            "株式会社うみかぜロジスティクス",
            "登録番号 T8012274466391",
            "品名 数量 単価 金額 税率",
            "海上運賃 O/F 1 300,000 300,000 免税",
            "通関手数料 1 11,800 11,800 10%",
            "免税 計 300,000",
            "10%対象 11,800 消費税 1,180",
            "合計 312,980",
        ]
    )
    fields = extract_invoice_fields(text)
    assert [(i["amount"], i["rate"], i["non_taxable"]) for i in fields["lines"]] == [
        (300000, None, True),
        (11800, 10, False),
    ]
    assert (fields["total"], fields["status"]["total"]) == (312980, "確定")
