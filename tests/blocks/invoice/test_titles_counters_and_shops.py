"""Shapes read since heldout12's errors (issue 25): a letter-spaced title after a logo's words,
a statement that is also an invoice under a brand (「… ご利用明細書 兼 請求書」), a credit note
titled by what it is with its legal name in brackets, a bank's 入金のお知らせ, a cover letter
titled 「…ご送付のお知らせ」 or saying it enclosed the invoice (「同封いたしました」); heads
printed at their columns' left over right-aligned values, a service's 「サービス」 and a firm's
「業務内容」 heads, a typeset minus sign (−), counters after quantities (「2通」, 「3ステージ」),
number labels (明細番号) and named sums before tax (「報酬額 計(税抜)」) that are no items; 不課税額
that is no tax; a withholding line with a long remark; a shop's name by its trade above its
owner (「…豆腐店」), never a branch (「…駅前店」) nor over a company's legal name."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.doc_kinds import classify
from blocks.invoice.extract import extract_invoice_fields
from tests.blocks.invoice.printed import Cells, printed_fields


def _items(fields: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(i["description"], i["quantity"], i["amount"]) for i in fields["lines"]]


@pytest.mark.parametrize(
    ("first_lines", "kind"),
    [
        ("はるかぜ 御  請  求  書\n令和19年6月30日", "invoice"),
        ("みどり屋 請 求 書\nNo. 4411", "invoice"),
        ("CloudDesk ご利用明細書 兼 請求書\n発行日 2036年2月1日", "invoice"),
        ("工事代金内訳書兼請求書\n2036年3月31日", "invoice"),
        ("返 品 受 領 書 ( 適 格 返 還 請 求 書 )\n発行日 R18.5.2", "credit_note"),
        ("返品精算書（適格返還請求書）\n2036年1月9日", "credit_note"),
        ("振 込 入 金 の お 知 ら せ\n入金日 2036年4月25日", "payment_notice"),
        ("ご入金のお知らせ\n入金額 12,000円", "payment_notice"),
        ("請 求 書 ご 送 付 の お 知 ら せ\n拝啓", "cover_letter"),
        ("請求書のご送付について\n拝啓", "cover_letter"),
        ("拝啓\n11月分の請求書を同封いたしました。ご請求金額は88,000円です。", "cover_letter"),
        ("拝啓\n今月分の請求書を送付いたしました。ご査収のほど", "cover_letter"),
    ],
)
def test_titles_and_phrases_give_the_kind(first_lines: str, kind: str) -> None:
    assert classify(first_lines).kind == kind


def test_a_spaced_title_after_words_that_are_no_title_is_not_one() -> None:
    # single letters that spell no title (a name's initials) do not make one
    assert classify("担当 山 田 様\n2036年1月5日").kind is None


SERVICE_TABLE: list[Cells] = [
    [(33, 100, "Lumo"), (404, 560, "ご利用明細書 兼 請求書")],
    [(33, 200, "株式会社あおば山荘 御中"), (330, 360, "発行日"), (460, 540, "2036年3月1日")],
    [(33, 200, "契約番号 LM-2210"), (330, 370, "明細番号"), (476, 530, "36030772")],
    [(37, 74, "サービス"), (353, 372, "数量"), (414, 432, "単価"), (490, 509, "金額")],
    [(37, 190, "宿泊管理クラウド(基本料)"), (386, 406, "3 施設"), (445, 483, "¥18,000"),
     (522, 560, "¥54,000")],
    [(37, 150, "メール配信(月間)"), (377, 406, "1,250 通"), (468, 483, "¥4"),
     (528, 560, "¥5,000")],
    [(37, 120, "複数年契約割引"), (401, 406, "1"), (444, 483, "−¥2,400"),
     (521, 560, "−¥2,400")],
    [(422, 480, "小計(10%対象)"), (522, 560, "¥56,600")],
    [(422, 470, "消費税(10%)"), (525, 560, "¥5,660")],
    [(422, 470, "合計(税込)"), (518, 560, "¥62,260")],
    [(33, 200, "株式会社ルーモ 東京都港区芝5-1-1")],
    [(33, 260, "適格請求書発行事業者登録番号 T4102938475610")],
]  # fmt: skip


def test_heads_at_their_columns_left_over_right_aligned_values() -> None:
    fields = printed_fields(SERVICE_TABLE)
    assert fields["document_type"] == "invoice"
    assert fields["lines_source"] == "layout"
    assert _items(fields) == [
        ("宿泊管理クラウド(基本料)", 3, 54000),
        ("メール配信(月間)", 1250, 5000),
        ("複数年契約割引", 1, -2400),
    ]
    assert (fields["total"], fields["status"]["total"]) == (62260, "確定")


@pytest.mark.parametrize("fees_sum", ["報酬額 計(税抜)", "報酬額(税抜)", "作業料金計(税抜)"])
def test_a_firms_work_head_and_counters_read_in_order(fees_sum: str) -> None:
    text = "\n".join(
        [
            "報酬 請求書",
            "請求日 令和18年4月10日",
            "株式会社あおば山荘 御中",
            "かわせ社会保険労務士事務所",
            "登録番号 T2233445566778",
            "ご請求金額 ¥61,400-",
            "業務内容\t数量\t金額\t区分",
            "就業規則 改定案の作成\t1式\t44,000円\t報酬(課税10%)",
            "労働保険 年度更新手続\t1式\t11,000円\t報酬(課税10%)",
            "住民票の写し 取得実費(立替)\t3通\t900円\t立替金(不課税)",
            f"{fees_sum}\t55,000円",
            "消費税額(10%)\t5,500円",
            "立替金 計\t900円",
            "ご請求金額\t61,400円",
        ]
    )
    fields = extract_invoice_fields(text)
    assert _items(fields) == [
        ("就業規則 改定案の作成", 1, 44000),
        ("労働保険 年度更新手続", 1, 11000),
        ("住民票の写し 取得実費(立替)", 3, 900),
    ]
    assert [i["non_taxable"] for i in fields["lines"]] == [False, False, True]


def test_an_amount_outside_the_tax_is_no_tax() -> None:
    text = "\n".join(
        [
            "請求書",
            "令和18年5月12日",
            "一般社団法人さくら台商工会 登録番号 T8877665544332",
            "株式会社あおば山荘 様",
            "10%対象額\t40,000円",
            "消費税額(10%)\t4,000円",
            "不課税額\t25,000円",
            "合計金額\t69,000円",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 4000}
    assert (fields["total"], fields["status"]["total"]) == (69000, "確定")


def test_withholding_with_a_long_remark_in_brackets_is_taken_off() -> None:
    text = "\n".join(
        [
            "御 請 求 書",
            "請求日 2036年5月2日",
            "株式会社あおば山荘 御中",
            "合同会社しらかば舞台",
            "登録番号 T3344556677889",
            "内容\t数量\t単価\t金額",
            "民謡 演奏 出演料(大広間)\t2ステージ\t40,000\t80,000",
            "小計(税抜)\t80,000円",
            "消費税(10%)\t8,000円",
            "合計\t88,000円",
            "源泉所得税(出演料・講師料・監修料×10.21%)\t△8,168円",
            "差引ご請求額\t79,832円",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["withholding"] == 8168
    assert fields["total"] == 79832
    assert _items(fields) == [("民謡 演奏 出演料(大広間)", 2, 80000)]


def _shop(name_above: str, name_below: str) -> dict[str, Any]:
    return printed_fields(
        [
            [(226, 290, "請求書")],
            [(33, 150, "株式会社あおば山荘"), (158, 170, "御中"), (330, 420, name_above)],
            [(330, 470, name_below)],
            [(330, 480, "長野県松本市中央2-3-4")],
            [(330, 470, "登録番号 T5566778899001")],
            [(38, 120, "ご請求金額"), (187, 240, "¥33,000")],
        ]
    )


def test_a_shop_by_its_trade_above_its_owner_is_the_issuer_asked() -> None:
    fields = _shop("のざわ酒店", "店主 野沢 健一")
    assert fields["issuer_name"] == "のざわ酒店"
    assert fields["status"]["issuer_name"] == "要確認"  # a shop's name is a weak cue


def test_a_company_over_its_branch_and_a_name_over_a_branch() -> None:
    company = _shop("有限会社あずみ鍵センター", "カギの緊急サービス 松本店")
    assert company["issuer_name"] == "有限会社あずみ鍵センター"
    assert company["status"]["issuer_name"] == "確定"
    branch = _shop("ふくろう文具", "駅前店")
    assert branch["issuer_name"] == "ふくろう文具"
