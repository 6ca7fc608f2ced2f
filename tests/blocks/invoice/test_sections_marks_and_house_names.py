"""Shapes read since heldout11's errors (issue 25): a date with the other calendar's year in
brackets (「2033年(令和15年)12月20日」), a seal's letter after the issuer's name, a building's
管理事務所 (no company), a trade's house name (…歯科技工所), letter-spaced titles with a remark,
a bank's 総合振込受付結果のお知らせ, heads with their English after them (「数量 Qty」), 費目 /
物件名 / 技工物 / リース料 heads, a section's 小計 between sections, an amount run into its
「軽」 mark, a summary table with a note on its header line, a receipt's 内税額 column, and the
items that add up to the base plus what is outside the tax."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.doc_kinds import classify
from blocks.invoice.extract import extract_invoice_fields
from blocks.text.japanese import parse_date_text
from tests.blocks.invoice.printed import Cells, printed_fields


def _items(fields: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(i["description"], i["amount"], i["rate"]) for i in fields["lines"]]


HEAD: list[Cells] = [
    [(34, 246, "請求書"), (509, 562, "2033年11月30日")],
    [(34, 204, "医療法人社団こもれび会 御中"), (340, 456, "合同会社くすのきメディエコ")],
    [(340, 514, "登録番号 T7935106470688")],
]


@pytest.mark.parametrize(
    "printed",
    ["2033年(令和15年)12月20日", "令和15年(2033年)12月20日", "2033年（令和15年）12月20日"],
)
def test_a_date_with_the_other_calendars_year_in_brackets(printed: str) -> None:
    value = parse_date_text(printed)
    assert value is not None and value.isoformat() == "2033-12-20"


def test_a_seals_letter_after_the_issuers_name_is_not_part_of_it() -> None:
    fields = printed_fields(
        [
            [(34, 104, "請求書"), (454, 562, "請求日 2033年9月30日")],
            [(34, 216, "医療法人社団こもれび会 御中"), (372, 547, "株式会社あさひな医療器材 ひ")],
            [(339, 522, "埼玉県さいたま市大宮区桜木町4-218-3"), (540, 551, "之")],
            [(392, 522, "登録番号 T9527386355801")],
            [(335, 392, "今回ご請求額"), (424, 464, "¥90,773")],
        ]
    )
    assert fields["issuer_name"] == "株式会社あさひな医療器材"


def test_a_buildings_management_office_is_no_company_and_the_company_above_it_issues() -> None:
    fields = printed_fields(
        [
            [(186, 403, "賃料等 ご請求書"), (485, 562, "令和16年2月25日")],
            [(34, 175, "医療法人社団こもれび会"), (188, 201, "様"),
             (340, 478, "株式会社みなせビルマネジメント")],
            [(340, 490, "みなせメディカルモール 管理事務所")],
            [(340, 487, "東京都武蔵野市吉祥寺本町1-20-1")],
            [(340, 473, "適格請求書発行事業者登録番号")],
            [(340, 423, "T7314581999868")],
            [(40, 94, "ご請求金額"), (150, 226, "606,366円")],
        ]
    )  # fmt: skip
    assert fields["issuer_name"] == "株式会社みなせビルマネジメント"


def test_a_trades_house_name_is_the_issuer_before_the_person_under_it() -> None:
    text = "\n".join(
        [
            "技工料 請求書\t請求日\t2033年10月31日",
            "医療法人つむぎ会\t御中",
            "\t\tふじた歯科技工所",
            "\t\t歯科技工士 藤田 誠",
            "今月ご請求額\t159841\t東京都調布市布田4-18-6",
            "\t\t登録番号\tT5743454993133",
        ]
    )
    assert extract_invoice_fields(text)["issuer_name"] == "ふじた歯科技工所"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("返品 ・値引 明細書 (適 格返 還請 求 書)", "credit_note"),
        ("総合振込 受付 結果 のお 知ら せ", "payment_notice"),
    ],
)
def test_letter_spaced_titles_and_a_banks_transfer_result(title: str, kind: str) -> None:
    assert classify(f"{title}\n発行日 2034年1月24日\n株式会社あさひな医療器材\n").kind == kind


def test_heads_with_their_english_after_them_and_quantities_with_a_spaced_unit() -> None:
    fields = printed_fields(
        [
            *HEAD,
            [(38, 112, "内容 Description"), (304, 344, "数量 Qty"), (378, 444, "単価 Unit price"),
             (478, 535, "金額 Amount")],
            [(38, 227, "電子カルテ 基本料金"), (323, 370, "3 医療機関"), (432, 471, "¥38,500"),
             (513, 558, "¥115,500")],
            [(38, 143, "追加ユーザーライセンス"), (352, 370, "4 ID"), (438, 471, "¥2,200"),
             (525, 558, "¥8,800")],
            [(38, 182, "長期契約割引"), (364, 370, "1"), (428, 471, "-¥11,550"),
             (515, 558, "-¥11,550")],
            [(365, 562, "小計 Subtotal(10%対象) ¥112,750")],
            [(365, 465, "消費税 Tax(10%)"), (517, 562, "¥11,275")],
            [(365, 451, "ご請求金額 Total"), (510, 562, "¥124,025")],
        ]
    )  # fmt: skip
    assert fields["lines_source"] == "layout"
    assert [(i["description"], i["quantity"], i["amount"]) for i in fields["lines"]] == [
        ("電子カルテ 基本料金", 3, 115500),
        ("追加ユーザーライセンス", 4, 8800),
        ("長期契約割引", 1, -11550),
    ]


def test_sections_with_their_subtotals_and_headings_are_one_table() -> None:
    """「小計」 under each line's charges, the next line's heading under it: the table goes on;
    the last 小計, with the summary under it, ends it."""
    fields = printed_fields(
        [
            *HEAD,
            [(153, 200, "ご利用内容"), (336, 355, "数量"), (388, 408, "税率"),
             (454, 530, "金額(円・税抜)")],
            [(40, 205, "光ビジネス回線 ご契約ID CAF-8154")],
            [(40, 204, "月額基本料(1Gbps)"), (388, 408, "10%"), (530, 556, "5,700")],
            [(40, 97, "光セット割引"), (388, 408, "10%"), (526, 556, "-1,000")],
            [(398, 417, "小計"), (530, 556, "4,700")],
            [(40, 204, "ひかり電話オフィス 0422-21-8154")],
            [(40, 156, "ひかり電話 基本料"), (388, 408, "10%"), (530, 556, "1,300")],
            [(40, 78, "追加番号"), (344, 369, "3番号"), (388, 408, "10%"), (539, 556, "300")],
            [(398, 417, "小計"), (530, 556, "1,600")],
            [(356, 452, "税抜合計(10%対象)"), (515, 556, "6,300円")],
            [(356, 461, "消費税等相当額(10%)"), (521, 556, "630円")],
            [(356, 404, "ご請求金額"), (515, 556, "6,930円")],
        ]
    )  # fmt: skip
    assert _items(fields) == [
        ("月額基本料(1Gbps)", 5700, 10),
        ("光セット割引", -1000, 10),
        ("ひかり電話 基本料", 1300, 10),
        ("追加番号", 300, 10),
    ]


def test_an_amount_run_into_its_reduced_mark_and_a_header_line_with_a_note() -> None:
    """「19,680 軽」 spans the 金額 and 税 columns: the amount, at the reduced rate; the summary
    table's header line also holds a note (「※印は…」), which is no head of it."""
    fields = printed_fields(
        [
            *HEAD,
            [(45, 64, "日付"), (240, 268, "商品名"), (432, 450, "数量"), (465, 484, "単価"),
             (508, 527, "金額"), (547, 556, "税")],
            [(44, 66, "9/23"), (182, 318, "コンポジットレジン"), (445, 451, "5"),
             (462, 489, "3,960"), (504, 536, "19,800")],
            [(40, 69, "10/15"), (182, 300, "キシリトールガム(販売用)"), (439, 451, "24"),
             (471, 489, "820"), (504, 556, "19,680 軽")],
            [(70, 108, "税率区分"), (149, 187, "税抜金額"), (197, 235, "消費税額"),
             (309, 560, "※印は軽減税率(8%)対象商品です。消費税は税率ごとに合計して計")],
            [(309, 444, "算し、円未満を切り捨てております。")],
            [(40, 78, "10%対象"), (154, 187, "19,800"), (208, 234, "1,980")],
            [(40, 139, "8%対象(※軽減税率)"), (154, 187, "19,680"), (208, 234, "1,574")],
            [(335, 392, "今回ご請求額"), (424, 464, "¥43,034")],
        ]
    )  # fmt: skip
    assert _items(fields) == [
        ("コンポジットレジン", 19800, 10),
        ("キシリトールガム(販売用)", 19680, 8),
    ]
    assert fields["totals_by_rate"] == {"10": 19800, "8": 19680}
    assert fields["tax_by_rate"] == {"10": 1980, "8": 1574}


def test_a_receipts_tax_table_in_one_header_cell_with_its_tax_inside() -> None:
    fields = printed_fields(
        [
            [(94, 129, "領収証"), (9, 111, "2034年03月24日(金) 17:00")],
            [(58, 169, "株式会社ハートフルドラッグ"), (65, 162, "登録番号 T9031244908760")],
            [(9, 34, "合計"), (174, 218, "¥10,200")],
            [(14, 98, "税率 対象額 内税額")],
            [(14, 26, "10%"), (39, 64, "¥7,680"), (81, 98, "¥698")],
            [(14, 64, "8%※ ¥2,520"), (81, 98, "¥186")],
        ]
    )  # fmt: skip
    assert fields["tax_by_rate"] == {"10": 698, "8": 186}


def test_a_lease_table_and_items_adding_up_to_the_base_with_what_is_outside_the_tax() -> None:
    """物件名 names the items and リース料 their amounts; with 880 outside the tax the five rows
    add up to 199,760 + 880, so the table read by column is taken over the reading in order."""
    text = "\n".join(
        [
            "リース料 ご請求書",
            "医療法人つむぎ会 御中\t請求日\t2034-04-10",
            "\t\tつばさメディカルリース株式会社",
            "ご請求金額\t220616\t登録番号 T9846059984962",
            "契約番号\t物件名\t回次\tリース料\t税区分",
            "TM-2031-0418\t歯科用チェアユニット 2台\t第55回/84回\t64900\t課税",
            "TM-2030-1102\t歯科用CT・パノラマX線複合機\t第42回/72回\t102300\t課税",
            "TM-2032-0207\t口腔内スキャナー\t第28回/60回\t28600\t課税",
            "TM-2026-0815\t電子カルテ端末一式(再リース)\t再リース2年目\t3960\t課税",
            "TM-2026-0815\t動産総合保険料(再リース物件)\t—\t880\t非課税",
            "\t\t課税対象額\t199760",
            "\t\t消費税(10%)\t19976",
            "\t\t非課税(保険料)\t880",
            "\t\tご請求金額\t220616",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["non_taxable"] == 880
    assert fields["lines_source"] == "layout"
    assert [(i["description"], i["amount"], i["non_taxable"]) for i in fields["lines"]] == [
        ("歯科用チェアユニット 2台", 64900, False),
        ("歯科用CT・パノラマX線複合機", 102300, False),
        ("口腔内スキャナー", 28600, False),
        ("電子カルテ端末一式(再リース)", 3960, False),
        ("動産総合保険料(再リース物件)", 880, True),
    ]
