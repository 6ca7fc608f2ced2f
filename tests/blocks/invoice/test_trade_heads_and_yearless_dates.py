"""Shapes heldout7 printed (issue 25): an item table headed by its trade's word (「工事内容」,
「掲載内容」) or with no item head at all (「サイズ・地帯 個数 単位 単価 運賃」), a centred head over
left-aligned descriptions, a 単位 column; a subtotal row named as a sum (「工事費計(税抜)」,
「立替金 計」) that is no item; and dates printed without their year (「請求日 5月31日」 in a
「2029年5月度」 bill, 「お支払期限 11月末日」), whose year is taken from the document and asked
at 要確認."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from keiri.base.catalog import t

Rows = list[list[tuple[float, float, str]]]
HEAD: Rows = [
    [(200.0, 330.0, "御請求書"), (450.0, 566.0, "請求日 2028/03/10")],
    [(30.0, 170.0, "株式会社あおぞら精工"), (180.0, 200.0, "御中")],
    [(450.0, 566.0, "株式会社とまり電設")],
    [(450.0, 566.0, "登録番号 T2124371976416")],
]


def _read(body: Rows, head: Rows = HEAD) -> dict[str, Any]:
    rows = head + body
    layout = [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]
    return extract_invoice_fields("\n".join(" ".join(c[2] for c in r) for r in rows), layout=layout)


def _items(fields: dict[str, Any]) -> list[tuple[str, Any, Any, Any]]:
    return [
        (i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in fields["lines"]
    ]


def _table(head: str, rows: list[tuple[str, str, str, str, str]], total_label: str) -> Rows:
    """A table with a centred item head and a 単位 column, then the subtotal and the tax."""
    body: Rows = [
        [(140.0, 180.0, head), (300.0, 318.0, "数量" if head else "個数"), (356.0, 374.0, "単位"),
         (424.0, 442.0, "単価"), (506.0, 524.0, "金額" if head else "運賃")],
    ]  # fmt: skip
    if not head:
        body[0][0] = (44.0, 110.0, "サイズ・地帯")
    for name, quantity, unit, price, amount in rows:
        body.append(
            [(44.0, 200.0, name), (326.0, 332.0, quantity), (342.0, 352.0, unit),
             (436.0, 470.0, price), (518.0, 552.0, amount)]
        )  # fmt: skip
    base = sum(int(r[4].replace(",", "")) for r in rows)
    body += [
        [(432.0, 502.0, total_label), (512.0, 552.0, f"{base:,}")],
        [(432.0, 502.0, "消費税(10%)"), (512.0, 552.0, f"{base // 10:,}")],
        [(432.0, 502.0, "御請求金額"), (512.0, 552.0, f"{base + base // 10:,}")],
    ]
    return body


ROWS = [
    ("分電盤 増設工事", "1", "式", "96,800", "96,800"),
    ("LED照明器具 交換", "14", "台", "6,930", "97,020"),
    ("コンセント増設", "9", "箇所", "11,000", "99,000"),
    ("出精値引", "1", "式", "-2,820", "-2,820"),
]


@pytest.mark.parametrize(
    ("head", "total_label"),
    [("工事内容", "工事費計(税抜)"), ("掲載内容", "小計"), ("", "運賃計(税抜)")],
)
def test_an_item_table_under_its_trades_head_is_read_by_column(head: str, total_label: str) -> None:
    fields = _read(_table(head, ROWS, total_label))
    assert _items(fields) == [
        (name, int(q), int(p.replace(",", "")), int(a.replace(",", "")))
        for name, q, _, p, a in ROWS
    ]
    assert fields["lines_source"] == "layout"
    assert fields["total"] == 319000


def test_a_summary_tables_rate_breakdown_head_is_no_item_head() -> None:
    """「税率別内訳 対象額 消費税」 is a summary's header, not a table of items."""
    body: Rows = [
        [(40.0, 80.0, "品名"), (300.0, 318.0, "数量"), (424.0, 442.0, "単価"),
         (506.0, 524.0, "金額")],
        [(40.0, 200.0, "梅酒 1.8L"), (326.0, 332.0, "2"), (436.0, 470.0, "2,640"),
         (518.0, 552.0, "5,280")],
        [(40.0, 200.0, "珍味セット ※"), (326.0, 332.0, "4"), (436.0, 470.0, "864"),
         (518.0, 552.0, "3,456")],
        [(200.0, 280.0, "税率別内訳"), (400.0, 440.0, "対象額"), (506.0, 524.0, "消費税")],
        [(200.0, 280.0, "8%対象"), (400.0, 440.0, "3,456"), (506.0, 552.0, "276")],
        [(200.0, 280.0, "10%対象"), (400.0, 440.0, "5,280"), (506.0, 552.0, "528")],
        [(200.0, 280.0, "合計"), (506.0, 552.0, "¥9,540")],
    ]  # fmt: skip
    fields = _read(body)
    assert fields["tax_by_rate"] == {"8": 276, "10": 528}
    assert [i["description"] for i in fields["lines"]] == ["梅酒 1.8L", "珍味セット"]  # ※: reduced


def test_a_row_named_as_a_sum_of_the_advances_above_it_is_no_item() -> None:
    text = (
        "御 請 求 書\n2028年8月3日\n株式会社いろどり商会 御中\n桐生司法書士事務所\n"
        "登録番号 T4143635419630\n御請求金額 279,180円\n報酬 金額(円)\n"
        "所有権移転登記 報酬 88,000\n消費税(10%) 8,800\n立替金(非課税) 金額(円)\n"
        "登録免許税(立替金) 180,000\n登記事項証明書 交付手数料(立替金) 1,200\n"
        "郵送料(立替金) 1,180\n立替金 計 182,380\n"
    )
    fields = extract_invoice_fields(text)
    names = [line["description"] for line in fields["lines"]]
    assert "立替金 計" not in names
    assert names[-1] == "郵送料(立替金)"
    # a row whose name ends in 計 but is no sum of the rows above stays an item (「基本設計」)
    kept = extract_invoice_fields(text.replace("立替金 計 182,380", "基本設計 182,380"))
    assert "基本設計" in [line["description"] for line in kept["lines"]]


def test_a_date_without_its_year_takes_the_documents_year_and_is_asked() -> None:
    text = (
        "2029年12月度 広告掲載料 御請求書\n株式会社さざなみ化成 御中\n"
        "今回御請求金額 ¥110,000\nお支払期限 1月15日\n請求日 12月28日\n"
        "株式会社ひかり坂広告社\n登録番号 T8939091138366\n"
        "掲載内容\t数量\t単位\t単価\t金額\n駅貼りポスター\t1\t式\t100,000\t100,000\n"
        "消費税(10%)\t10,000\n今回御請求金額\t110,000\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["transaction_date"] == "2029-12-28"
    assert fields["due_date"] == "2030-01-15"  # the first 1月15日 after the 請求日
    for name in ("transaction_date", "due_date"):
        assert fields["status"][name] == "要確認"
        assert fields["review_reasons"][name] == t("invoice.review.date_year_inferred")


def test_a_month_end_without_its_year_follows_the_printed_invoice_date() -> None:
    text = (
        "株式会社いずみの郷ウォーター ご請求書\nみなも電子株式会社 御中\n"
        "今月のご請求額 ¥3,300\nお支払期限 2月末日\n請求日 2028/01/20\n"
        "登録番号 T1865397199537\n品名\t数量\t単位\t単価\t金額\n"
        "サーバー衛生メンテナンス\t1\t回\t3,000\t3,000\n消費税(10%)\t300\n合計(税込)\t3,300\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["transaction_date"] == "2028-01-20"
    assert fields["status"]["transaction_date"] == "確定"
    assert fields["due_date"] == "2028-02-29"  # a leap year's February
    assert fields["status"]["due_date"] == "要確認"


def test_a_yearless_date_in_a_document_of_no_month_is_not_guessed() -> None:
    text = (
        "御請求書\n株式会社さざなみ化成 御中\n請求日 5月31日\n株式会社ひかり坂広告社\n"
        "品名\t数量\t単価\t金額\n広告\t1\t1,000\t1,000\n合計\t¥1,100\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["transaction_date"] is None
    assert fields["status"]["transaction_date"] == "なし"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("マイナス請求書(赤伝)", "credit_note"),
        ("適格返還請求書", "credit_note"),
        ("検 収 書", "payment_notice"),
        ("高速道路 利用証明書", "simplified_invoice"),
        ("請求書(控)", "invoice"),
        ("御請求書 (再発行)", "invoice"),
    ],
)
def test_titles_of_credit_acceptance_and_toll_documents(title: str, kind: str) -> None:
    """A remark in brackets after a title (「(赤伝)」, 「(再発行)」) is not part of it."""
    from blocks.invoice.doc_kinds import classify

    assert classify(f"{title}\n2029年6月24日\n株式会社いろどり商会 御中\n").kind == kind


@pytest.mark.parametrize("label", ["ご請求額（税込）", "ご請求額(税込)", "今回御請求金額 (税込)"])
def test_a_total_label_that_says_it_includes_the_tax(label: str) -> None:
    """A spreadsheet's 「ご請求額（税込） 257730」: a plain number after the label is the total."""
    text = (
        "請求書\nはるかぜ薬品株式会社 御中\n請求日 2029-04-20\n株式会社まるいち梱包資材\n"
        "登録番号：T5909134720474\n品名\t数量\t単価\t金額\n段ボール A式\t500\t168\t84000\n"
        f"消費税（10%）\t8400\n{label}\t92400\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["total"] == 92400
    assert fields["status"]["total"] == "確定"


@pytest.mark.parametrize(
    "line",
    [
        "Bill To / ご請求先：株式会社すずらん技研 御中（Suzuran Giken Co., Ltd.）",
        "ご請求先：株式会社すずらん技研 御中(Suzuran Giken)",
    ],
)
def test_a_bilingual_buyer_line_names_the_buyer(line: str) -> None:
    text = (
        "INVOICE / 請求書\nInvoice Date / 請求日：2029年2月28日（28 Feb 2029）\n"
        f"{line}\nNorthbridge Advisory K.K.\nノースブリッジ・アドバイザリー株式会社\n"
        "登録番号　T9289419054640\nTotal Amount Due / ご請求金額　¥1,100\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["buyer_name"] == "株式会社すずらん技研"
    assert fields["issuer_name"] == "ノースブリッジ・アドバイザリー株式会社"


def test_a_bilingual_item_table_is_read_by_column_up_to_its_summary() -> None:
    """Heads 「Description / 内容」 … 「Amount / 金額」: the table ends at its summary, so a
    non-taxable summary row (「Reimbursable (non-taxable) / 立替実費（不課税）」) is no item."""
    text = (
        "INVOICE / 請求書\n請求日：2029年2月28日\nご請求先：株式会社すずらん技研 御中\n"
        "ノースブリッジ・アドバイザリー株式会社\n登録番号　T9289419054640\n"
        "Description / 内容\tQty / 数量\tUnit Price / 単価\tAmount / 金額\n"
        "Advisory fee / アドバイザリー報酬\t1\t¥900,000\t¥900,000\n"
        "Due diligence support / 財務調査支援\t12\t¥27,500\t¥330,000\n"
        "Travel expenses / 立替実費（交通費）\t1\t¥8,210\t¥8,210\n"
        "Subtotal (taxable) / 課税対象額\t¥1,230,000\n"
        "Consumption Tax 10% / 消費税（10%）\t¥123,000\n"
        "Reimbursable (non-taxable) / 立替実費（不課税）\t¥8,210\n"
        "Total Amount Due / ご請求金額\t¥1,361,210\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["lines_source"] == "layout"
    assert [(i["description"], i["amount"]) for i in fields["lines"]] == [
        ("Advisory fee / アドバイザリー報酬", 900000),
        ("Due diligence support / 財務調査支援", 330000),
        ("Travel expenses / 立替実費(交通費)", 8210),
    ]
    assert fields["total"] == 1361210
