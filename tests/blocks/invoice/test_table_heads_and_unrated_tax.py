"""Shapes read since heldout10's line tables (issue 25): heads with a qualifier in brackets
(「品名(産地・規格)」) or Japanese first (「項目 / Item」), a progress bill's 今回請求額 column, a
fee's own rate column (28 %) that is no tax rate, a quantity with its unit (「83m3」), a 「税」
column of rates, a block printed beside the table, a utility's 口座振替割引, and a tax stated
without its rate whose rate the arithmetic gives (「(うち消費税等相当額 4,748円)」)."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.layout_read import item_rows
from blocks.text.japanese import parse_amount_text
from tests.blocks.invoice.printed import Cells, printed_fields

HEAD: list[Cells] = [
    [(30, 96, "請求書")],
    [(30, 170, "株式会社なごみ食堂 御中"), (330, 430, "株式会社ひがしの青果")],
    [(30, 140, "請求日 2032年7月31日"), (330, 432, "登録番号 T5476951966324")],
]


def _items(fields: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (i["description"], i["quantity"], i["amount"], i["rate"], i["non_taxable"])
        for i in fields["lines"]
    ]


def test_a_head_with_its_qualifier_in_brackets_names_its_column() -> None:
    """「品名(産地・規格)」 is the description's head: the rows are read by column, the ※ of
    the 軽減 column makes them reduced-rate, the unmarked ones stay at 10 %."""
    fields = printed_fields(
        [
            *HEAD,
            [(45, 61, "月日"), (165, 237, "品名(産地・規格)"), (340, 356, "数量"),
             (383, 399, "単位"), (431, 447, "単価"), (486, 502, "金額"), (536, 552, "軽減")],
            [(36, 49, "7/2"), (82, 174, "いちご(栃木・4パック)"), (359, 364, "5"),
             (375, 383, "箱"), (439, 459, "2,120"), (492, 517, "10,600"), (540, 548, "※")],
            [(36, 49, "7/4"), (82, 167, "長ねぎ(埼玉・5kg箱)"), (359, 364, "4"),
             (375, 383, "箱"), (439, 459, "2,200"), (496, 517, "8,800"), (540, 548, "※")],
            [(82, 146, "配達料(早朝便)"), (355, 364, "15"), (375, 383, "回"),
             (446, 459, "550"), (496, 517, "8,250")],
            [(82, 114, "端数値引"), (359, 364, "1"), (375, 383, "式"), (438, 459, "▲400"),
             (495, 517, "▲400"), (540, 548, "※")],
            [(282, 347, "8%対象 19,000円"), (355, 414, "消費税 1,520円"),
             (438, 504, "10%対象 8,250円"), (512, 566, "消費税 825円")],
            [(30, 120, "今回ご請求額"), (130, 200, "¥29,595")],
        ]
    )  # fmt: skip
    assert fields["lines_source"] == "layout"
    assert _items(fields) == [
        ("いちご(栃木・4パック)", 5, 10600, 8, False),
        ("長ねぎ(埼玉・5kg箱)", 4, 8800, 8, False),
        ("配達料(早朝便)", 15, 8250, 10, False),
        ("端数値引", 1, -400, 8, False),
    ]


def test_japanese_first_bilingual_heads_and_a_fee_rate_column_that_is_no_tax_rate() -> None:
    """「項目 / Item」 and 「金額 / Amount」 name their columns; the platform's 28 % and 3.4 %
    under 「料率・単価 / Rate」 are its fees' rates, not tax rates; 「-¥15,000」 is negative."""
    fields = printed_fields(
        [
            *HEAD,
            [(132, 179, "項目 / Item"), (292, 342, "対象 / Basis"),
             (376, 450, "料率・単価 / Rate"), (485, 546, "金額 / Amount")],
            [(39, 160, "サービス利用料 / Service fee"), (301, 352, "¥3,503,438"),
             (444, 463, "28%"), (515, 557, "¥980,962")],
            [(39, 179, "決済手数料 / Payment processing"), (301, 352, "¥3,503,438"),
             (442, 463, "3.4%"), (515, 557, "¥119,116")],
            [(39, 146, "配達手数料 / Delivery fee"), (318, 352, "1,216件"), (446, 463, "¥60"),
             (520, 557, "¥72,960")],
            [(39, 215, "キャンペーン費用補填 / Campaign subsidy"), (343, 352, "—"),
             (455, 463, "—"), (516, 557, "-¥15,000")],
            [(356, 421, "小計 / Subtotal"), (507, 557, "¥1,157,038")],
            [(352, 425, "消費税 10% / Tax"), (515, 557, "¥115,703")],
            [(282, 495, "ご請求金額 / Amount invoiced"), (507, 557, "¥1,272,741")],
        ]
    )  # fmt: skip
    assert [(d, a, r) for d, _, a, r, _ in _items(fields)] == [
        ("サービス利用料 / Service fee", 980962, 10),
        ("決済手数料 / Payment processing", 119116, 10),
        ("配達手数料 / Delivery fee", 72960, 10),
        ("キャンペーン費用補填 / Campaign subsidy", -15000, 10),
    ]
    assert not any(i["rate_stated"] for i in fields["lines"])


def test_a_progress_bills_amount_is_the_column_billed_this_time() -> None:
    """工事項目 … 契約金額 出来高率 出来高累計 前回迄請求額 今回請求額: the amount is 今回請求額,
    the 出来高率 (90 %) is no tax rate, and the 計 row ends the table."""
    fields = printed_fields(
        [
            *HEAD,
            [(99, 134, "工事項目"), (218, 254, "契約金額"), (284, 319, "出来高率"),
             (347, 391, "出来高累計"), (423, 475, "前回迄請求額"), (507, 551, "今回請求額")],
            [(36, 98, "解体・撤去工事"), (233, 264, "680,000"), (311, 327, "90%"),
             (369, 401, "612,000"), (454, 486, "476,000"), (528, 560, "136,000")],
            [(36, 89, "電気設備工事"), (233, 264, "960,000"), (311, 327, "70%"),
             (369, 401, "672,000"), (454, 486, "384,000"), (528, 560, "288,000")],
            [(36, 45, "計"), (225, 264, "1,640,000"), (361, 401, "1,284,000"),
             (447, 486, "860,000"), (521, 560, "424,000")],
            [(430, 509, "今回請求額(税抜)"), (521, 560, "424,000")],
            [(440, 500, "消費税(10%)"), (528, 560, "42,400")],
            [(439, 501, "今回ご請求金額"), (521, 560, "466,400")],
        ]
    )  # fmt: skip
    assert [(d, a, r) for d, _, a, r, _ in _items(fields)] == [
        ("解体・撤去工事", 136000, 10),
        ("電気設備工事", 288000, 10),
    ]


def test_a_quantity_with_its_unit_and_a_summary_block_beside_the_table() -> None:
    """「83m3」 under 数量 is 83 (its 3 is the unit's); the totals and the issuer printed right
    of the table, on rows of their own between its rows, neither end it nor join it."""
    rows: list[Cells] = [
        [(164, 183, "項目"), (326, 345, "数量"), (382, 439, "単価(税込)"),
         (482, 539, "金額(税込)"), (600, 660, "ご請求金額")],
        [(42, 219, "水道料金 基本料金(2か月)"), (332, 356, "2か月"), (421, 455, "2,530円"),
         (521, 554, "5,060円")],
        [(600, 660, "¥26,972")],
        [(42, 121, "水道料金 従量料金"), (334, 356, "83m3"), (430, 455, "264円"),
         (516, 554, "21,912円")],
        [(600, 700, "あさなぎ市上下水道局")],
        [(258, 306, "お支払金額"), (331, 452, "うち消費税等相当額(10%)")],
    ]  # fmt: skip
    assert [(r["description"], r["quantity"], r["amount"]) for r in item_rows(rows)] == [
        ("水道料金 基本料金(2か月)", "2", "5,060円"),
        ("水道料金 従量料金", "83", "21,912円"),
    ]


def test_a_tax_column_of_rates_and_one_of_amounts() -> None:
    """A column headed 「税」 holds each row's rate (10%, 非 for an advance outside the tax);
    a 「税」 column of amounts gives no rate."""
    header = [(80, 153, "内容 / Description"), (207, 224, "数量"), (245, 262, "単価"),
              (293, 310, "金額"), (337, 345, "税")]  # fmt: skip
    rates: list[Cells] = [
        header,
        [(38, 186, "メニューデザイン"), (219, 224, "1"), (238, 272, "264,000"),
         (286, 320, "264,000"), (331, 349, "10%")],
        [(38, 122, "撮影用食材費(立替)"), (219, 224, "1"), (243, 272, "19,712"),
         (291, 320, "19,712"), (331, 340, "非")],
    ]  # fmt: skip
    assert [r["rate"] for r in item_rows(rates)] == ["10%", "非"]
    amounts: list[Cells] = [
        header,
        [(38, 186, "メニューデザイン"), (219, 224, "1"), (238, 272, "264,000"),
         (286, 320, "264,000"), (331, 349, "26,400")],
    ]  # fmt: skip
    assert [(r["amount"], r["rate"]) for r in item_rows(amounts)] == [("264,000", "")]


def _utility(tax_line: str, total: str, *items: tuple[str, str]) -> dict[str, Any]:
    rows: list[Cells] = [
        [(33, 191, "ガス料金 ご請求書")],
        [(33, 206, "株式会社あかつきキッチン 様"), (341, 487, "ご請求日 2032年9月26日")],
        [(305, 408, "あけぼの瓦斯株式会社 登録番号 T8948304542785")],
        [(314, 380, "今月のご請求額"), (400, 460, f"{total}円")],
        [(314, 455, tax_line)],
        [(318, 394, "料金内訳(税込)"), (508, 556, "金額(円)")],
        *[[(309, 398, name), (528, 557, amount)] for name, amount in items],
        [(309, 328, "合計"), (528, 557, total)],
    ]
    return printed_fields(rows)


def test_a_tax_without_its_rate_takes_the_one_rate_the_total_gives() -> None:
    """4,748 is ⌊52,236 × 10/110⌋, never 52,236 × 8/108: the tax is 10 %'s; the utility's
    口座振替割引 is an item (its 口座 is no bank account's)."""
    fields = _utility(
        "(うち消費税等相当額 4,748円)",
        "52,236",
        ("基本料金", "4,851"),
        ("従量料金", "47,440"),
        ("口座振替割引", "-55"),
    )
    assert fields["tax_by_rate"] == {"10": 4748}
    assert fields["raw_matches"]["tax_by_rate.10"] == "うち消費税等相当額 4,748"
    assert [(d, a) for d, _, a, _, _ in _items(fields)] == [
        ("基本料金", 4851),
        ("従量料金", 47440),
        ("口座振替割引", -55),
    ]


@pytest.mark.parametrize(
    "tax_line",
    [
        "(うち消費税等相当額 4,000円)",  # neither rate gives it from 52,236
        "(うち消費税等相当額 4,748円) (消費税 3,869円)",  # two taxes: which is whose is unknown
    ],
)
def test_a_tax_without_its_rate_stays_unassigned_unless_one_rate_fits(tax_line: str) -> None:
    fields = _utility(tax_line, "52,236", ("基本料金", "52,236"))
    assert fields["tax_by_rate"] == {}


def test_a_minus_right_before_the_yen_sign_is_negative_and_a_dash_apart_is_not_read_so() -> None:
    assert parse_amount_text("-¥15,000") == -15000
    fields = extract_invoice_fields(
        "請求書\n株式会社なごみ食堂 御中\n請求日 2032年7月31日\n株式会社ひがしの青果\n"
        "登録番号 T5476951966324\n品名 金額\n配達料 - ¥8,250\n合計 ¥8,250\n"
    )
    assert [i["amount"] for i in fields["lines"]] == [8250]


def test_a_fare_table_by_route_and_an_identifiers_zero_is_no_item() -> None:
    """「乗車 → 降車」 names a taxi bill's item column and 「運賃(税込)」 its amount; a
    「供給地点特定番号 … 0000」 read in order as an item of 0 does not outweigh the table."""
    fields = printed_fields(
        [
            *HEAD,
            [(44, 120, "供給地点特定番号"), (136, 254, "03 0021 2739 1187 0000")],
            [(61, 99, "ご利用日"), (157, 209, "チケットNo."), (310, 367, "乗車 → 降車"),
             (470, 527, "運賃(税込)")],
            [(40, 60, "10/5"), (131, 164, "H611719"), (247, 323, "本社 → 名古屋駅"),
             (532, 556, "6,860")],
            [(40, 60, "10/6"), (131, 164, "H305258"), (247, 333, "金山駅 → 熱田工場"),
             (532, 556, "5,180")],
            [(40, 60, "合計"), (527, 556, "12,040")],
            [(40, 131, "うち消費税額(10%)"), (180, 208, "¥1,094")],
        ]
    )  # fmt: skip
    assert fields["lines_source"] == "layout"
    assert [(d, a) for d, _, a, _, _ in _items(fields)] == [
        ("本社 → 名古屋駅", 6860),
        ("金山駅 → 熱田工場", 5180),
    ]


def test_the_one_item_the_summary_puts_outside_the_tax_is_outside_it() -> None:
    """「課税対象(10%) 77,110」 is 10 %'s base; 「不課税(キャンセル料) 17,600」 is the one item of
    that amount, and the others add up to the base: that item is outside the tax."""
    text = "\n".join(
        [
            "ご利用料金 請求書",
            "株式会社いろどり商会 御中",
            "請求日 2029年5月31日",
            "株式会社そよかぜスペース 登録番号 T4717649986665",
            "内容 数量 単価 金額",
            "会議室 利用料 6 8,800 52,800",
            "飲料サービス 57 330 18,810",
            "プロジェクター 1 5,500 5,500",
            "キャンセル料(3日前・50%) 1 17,600 17,600",
            "課税対象(10%) 77,110",
            "消費税(10%) 7,711",
            "不課税(キャンセル料) 17,600",
            "お支払金額 102,421",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["totals_by_rate"] == {"10": 77110}
    assert fields["non_taxable"] == 17600
    assert [(i["amount"], i["non_taxable"], i["rate"]) for i in fields["lines"]] == [
        (52800, False, 10),
        (18810, False, 10),
        (5500, False, 10),
        (17600, True, None),
    ]
    # two items of that amount: which one is outside the tax is not said, so none is marked
    twice = text.replace("プロジェクター 1 5,500 5,500", "備品 1 17,600 17,600").replace(
        "77,110", "89,210"
    )
    assert not any(i["non_taxable"] for i in extract_invoice_fields(twice)["lines"])
