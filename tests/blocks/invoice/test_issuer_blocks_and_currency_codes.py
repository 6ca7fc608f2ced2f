"""Shapes heldout8 printed (issue 25): the issuer's block right-aligned (each line starting where
its length puts it) with a 契約番号 or a branch line nearer to the 登録番号 than the name; the
name printed with its address on one line, with its English form in brackets, or letter-spaced
(均等割付); a bilingual registration label whose English half is no name; the buyer's 「ご担当者様」
line beside the issuer's name; amounts marked by the currency code (JPY); a direct debit's
口座振替日 as the due date."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields

Rows = list[list[tuple[float, float, str]]]
TABLE: Rows = [
    [(40.0, 80.0, "品名"), (300.0, 330.0, "数量"), (420.0, 450.0, "単価"), (500.0, 530.0, "金額")],
    [(40.0, 200.0, "定期点検作業"), (310.0, 318.0, "1"), (420.0, 470.0, "40,000"),
     (500.0, 552.0, "40,000")],
    [(420.0, 480.0, "小計"), (500.0, 552.0, "40,000")],
    [(420.0, 480.0, "消費税(10%)"), (500.0, 552.0, "4,000")],
    [(420.0, 480.0, "ご請求金額"), (500.0, 552.0, "44,000")],
]  # fmt: skip


def _read(head: Rows, body: Rows = TABLE) -> dict[str, Any]:
    rows = head + body
    layout = [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(c[2] for c in r) for r in rows)
    return extract_invoice_fields(text, layout=layout)


def _issuer(fields: dict[str, Any]) -> tuple[Any, Any]:
    return fields["issuer_name"], fields["issuer_cue"]


@pytest.mark.parametrize(
    ("near", "left"),
    [("契約番号", 37.5), ("サービス工場 松永", 487.7)],
    ids=["a number label at the left", "a branch and a person nearer"],
)
def test_a_right_aligned_block_gives_the_name_with_its_legal_form(near: str, left: float) -> None:
    head: Rows = [
        [(37.5, 160.0, "みずほ台化学株式会社"), (180.0, 200.0, "御中")],
        [(477.3, 566.0, "令和11年12月5日")],
        [(435.3, 566.0, "ときわリース株式会社")],
        [(422.7, 566.0, "広島県広島市中区紙屋町1-3-2")],
        [(468.7, 566.0, "TEL 082-247-9136")],
        [(left, left + 60.0, near)],
        [(415.2, 566.0, "登録番号:T7-9718-0424-3218")],
        [(200.0, 330.0, "ご請求書")],
    ]
    assert _issuer(_read(head)) == ("ときわリース株式会社", "registration")


@pytest.mark.parametrize(
    ("printed", "name"),
    [
        ("株式会社さくら野リネン 埼玉県所沢市東住吉7-5", "株式会社さくら野リネン"),
        ("株式会社あおいろクラウド(Aoiro Cloud K.K.)", "株式会社あおいろクラウド"),
        ("株 式 会 社 き ら め き 美装", "株式会社きらめき美装"),
    ],
    ids=["the address after it", "its English form in brackets", "letter-spaced"],
)
def test_the_name_is_read_as_registered(printed: str, name: str) -> None:
    head: Rows = [
        [(200.0, 330.0, "請求書"), (450.0, 566.0, "請求日 2030年5月20日")],
        [(30.0, 170.0, "ひばり台精密株式会社"), (180.0, 200.0, "御中")],
        [(340.0, 566.0, printed)],
        [(340.0, 566.0, "TEL 04-2924-3381")],
        [(340.0, 566.0, "登録番号 T3812949849951")],
    ]
    assert _read(head)["issuer_name"] == name


def test_an_english_registration_label_and_a_bilingual_department_are_no_name() -> None:
    head: Rows = [
        [(34.5, 200.0, "MAINTENANCE INVOICE"), (444.7, 566.0, "みなとやまソフト株式会社")],
        [(453.3, 566.0, "Minatoyama Soft Co., Ltd.")],
        [(366.2, 566.0, "兵庫県神戸市中央区京町72 新クレセントビル6F")],
        [(387.0, 566.0, "Customer Success / カスタマーサクセス部")],
        [(241.2, 480.0, "Qualified Invoice Issuer No. / 適格請求書発行事業者登録番号"),
         (487.1, 566.0, "T2394429141623")],
        [(34.5, 120.0, "Customer / お客様"), (365.4, 460.0, "Issue date / 発行日"),
         (475.2, 566.0, "2030-05-15")],
        [(34.5, 200.0, "株式会社こがね台食品 御中")],
    ]  # fmt: skip
    assert _issuer(_read(head)) == ("みなとやまソフト株式会社", "registration")


def test_the_buyers_attention_line_beside_the_issuer_does_not_hide_it() -> None:
    head: Rows = [
        [(36.0, 120.0, "ご請求書"), (340.1, 566.0, "請求日:2030年2月6日")],
        [(36.0, 160.0, "株式会社あけぼの台物産"), (179.0, 200.0, "御中")],
        [(36.0, 200.0, "海外営業部 ご担当者様"), (340.1, 566.0, "株式会社ことのは翻訳")],
        [(36.0, 300.0, "案件名:製品マニュアル英訳"), (340.1, 566.0, "東京都千代田区神田錦町3-17-11")],
        [(340.1, 566.0, "プロジェクト管理部 小林")],
        [(340.1, 566.0, "登録番号 T-8408-4086-9384-3")],
    ]  # fmt: skip
    assert _issuer(_read(head)) == ("株式会社ことのは翻訳", "registration")


def test_amounts_marked_jpy_are_yen() -> None:
    text = "\n".join(
        [
            "INVOICE / 請求書",
            "株式会社こがね台食品 御中",
            "みなとやまソフト株式会社 登録番号 T2394429141623",
            "発行日 2030-05-15",
            "Item / 品目 Qty / 数量 Unit price / 単価 Amount / 金額",
            "年間保守料 1 JPY 1,320,000 JPY 1,320,000",
            "Subtotal / 小計 JPY 1,320,000",
            "消費税(10%) 132,000 JPY",
            "Total (tax incl.) / 税込合計 JPY 1,452,000",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["total"] == 1452000
    assert [(i["description"], i["amount"]) for i in fields["lines"]] == [("年間保守料", 1320000)]


@pytest.mark.parametrize("label", ["口座振替日", "お引落日"])
def test_a_direct_debit_day_is_the_due_date(label: str) -> None:
    head: Rows = [
        [(200.0, 330.0, "ご請求書"), (450.0, 566.0, "令和11年12月5日")],
        [(30.0, 170.0, "みずほ台化学株式会社"), (180.0, 200.0, "御中")],
        [(450.0, 566.0, "ときわリース株式会社")],
        [(450.0, 566.0, "登録番号 T7971804243218")],
        [(80.0, 140.0, label), (200.0, 300.0, "令和12年1月27日")],
    ]
    fields = _read(head)
    assert fields["due_date"] == "2030-01-27"
    assert fields["transaction_date"] == "2029-12-05"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("acme cloud CREDIT NOTE / クレジットノート", "credit_note"),
        ("Statement of Account / お支払通知書", "payment_notice"),
        ("お 支 払 の ご 案 内", "payment_notice"),
        ("支払いのご案内", "payment_notice"),
    ],
)
def test_bilingual_and_spaced_titles(title: str, kind: str) -> None:
    """A title after its English form (the line longer than a title alone), and 「お支払のご
    案内」 letter-spaced; the invoice words further down do not make them invoices."""
    from blocks.invoice.doc_kinds import classify

    body = "2030年6月13日\n株式会社ことのは翻訳 御中\n次回ご請求額から差し引きます。\n"
    assert classify(f"{title}\n{body}").kind == kind


def _venue(tail: list[str]) -> str:
    return "\n".join(
        [
            "御請求書",
            "くれない台商事株式会社 御中 請求日 2030年10月20日",
            "ご利用内容 数量 単位 単価 金額",
            "会場使用料(終日) 1 式 880,000 880,000",
            "ケータリング(立食) 134 名 4,400 589,600",
            "ご利用料金 計(税抜) 1,469,600",
            "消費税(10%) 146,960",
            "合計(税込) 1,616,560",
            *tail,
            "株式会社かがやき台コンベンション",
            "新潟県新潟市中央区万代島6-1",
            "登録番号 T5095380175711",
        ]
    )


def test_an_advance_paid_is_taken_off_the_total_the_lines_make() -> None:
    """「前受金 △500,000」 then 「差引ご請求額」: the lines and the tax make the 合計, less the
    advance the 差引 amount, which is what is paid (確定); read by OCR it is asked."""
    text = _venue(["前受金(お申込金・ご入金済) △500,000", "差引ご請求額 ¥1,116,560"])
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (1116560, "確定")
    scanned = extract_invoice_fields(text, from_ocr=True)
    assert scanned["status"]["total"] == "要確認"


@pytest.mark.parametrize(
    "tail",
    [
        ["前受金 500,000", "差引ご請求額 ¥1,116,560"],  # no minus mark: not a deduction
        ["前受金(ご入金済) △500,000", "差引ご請求額 ¥1,106,560"],  # the arithmetic disagrees
    ],
    ids=["unmarked", "not the difference"],
)
def test_without_a_marked_advance_that_explains_it_the_total_is_asked(tail: list[str]) -> None:
    fields = extract_invoice_fields(_venue(tail))
    assert fields["status"]["total"] == "要確認"
    assert {c["value"] for c in fields["candidates"]["total"]} >= {1616560}


def _rates(fields: dict[str, Any]) -> list[tuple[str, Any, bool]]:
    return [(i["description"], i["rate"], i["non_taxable"]) for i in fields["lines"]]


def test_a_tax_category_column_marks_the_rows_outside_the_tax() -> None:
    """A 課税区分 column: 「非課税」 rows (rent) are outside the tax, 「課税（10%）」 rows at 10 %."""
    text = "\n".join(
        [
            "株式会社みどり台不動産管理",
            "登録番号 T4317292381735",
            "賃料等ご請求書",
            "発行日：2030年10月10日",
            "株式会社こがね台食品　御中",
            "項目\t数量\t単価\t金額\t課税区分",
            "社宅家賃（201号室）\t1\t92,000\t92,000\t非課税",
            "月極駐車場\t2\t13,200\t26,400\t課税（10%）",
            "課税対象（10%）\t¥26,400",
            "消費税（10%）\t¥2,640",
            "非課税（家賃）\t¥92,000",
            "合計\t¥121,040",
        ]
    )
    assert _rates(extract_invoice_fields(text)) == [
        ("社宅家賃(201号室)", None, True),
        ("月極駐車場", 10, False),
    ]


def test_a_section_headed_outside_the_tax_marks_its_rows() -> None:
    """A table in two sections, each with its head repeated: 「法定費用(非課税) 数量 単価 金額」
    over the fees outside the tax."""
    head: Rows = [
        [(200.0, 330.0, "車検整備 御請求書"), (450.0, 566.0, "請求日 2030年2月10日")],
        [(30.0, 170.0, "株式会社こがね台食品"), (180.0, 200.0, "御中")],
        [(450.0, 566.0, "株式会社つばさ台モータース")],
        [(450.0, 566.0, "登録番号 T2138835828764")],
    ]
    body: Rows = [
        [(40.0, 200.0, "整備・部品(課税)"), (300.0, 330.0, "数量"), (420.0, 450.0, "単価"),
         (500.0, 530.0, "金額")],
        [(40.0, 200.0, "24ヶ月定期点検整備"), (310.0, 318.0, "1"), (420.0, 470.0, "29,700"),
         (500.0, 552.0, "29,700")],
        [(40.0, 200.0, "法定費用(非課税)"), (300.0, 330.0, "数量"), (420.0, 450.0, "単価"),
         (500.0, 530.0, "金額")],
        [(40.0, 200.0, "自動車重量税"), (310.0, 318.0, "1"), (420.0, 470.0, "16,400"),
         (500.0, 552.0, "16,400")],
        [(420.0, 480.0, "整備費計(税抜)"), (500.0, 552.0, "29,700")],
        [(420.0, 480.0, "消費税(10%)"), (500.0, 552.0, "2,970")],
        [(420.0, 480.0, "法定費用計(非課税)"), (500.0, 552.0, "16,400")],
        [(420.0, 480.0, "御請求金額"), (500.0, 552.0, "¥49,070")],
    ]  # fmt: skip
    assert _rates(_read(head, body)) == [
        ("24ヶ月定期点検整備", 10, False),
        ("自動車重量税", None, True),
    ]


def test_bilingual_labels_read_as_their_japanese_half() -> None:
    """「Consumption tax (10%) / 消費税」 is the tax at 10 %; 「Total (tax incl.) / 税込合計」 the
    total; an item's bilingual description stays as printed."""
    text = "\n".join(
        [
            "INVOICE / 請求書",
            "株式会社こがね台食品 御中",
            "みなとやまソフト株式会社 登録番号 T2394429141623",
            "Issue date / 発行日 2030-05-15",
            "Item / 品目\tQty / 数量\tAmount / 金額",
            "Cloud backup / クラウドバックアップ\t1\tJPY 200,000",
            "Subtotal / 小計\tJPY 200,000",
            "Consumption tax (10%) / 消費税\tJPY 20,000",
            "Total (tax incl.) / 税込合計\tJPY 220,000",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 20000}
    assert (fields["total"], fields["status"]["total"]) == (220000, "確定")
    assert fields["transaction_date"] == "2030-05-15"
    assert [i["description"] for i in fields["lines"]] == ["Cloud backup / クラウドバックアップ"]
