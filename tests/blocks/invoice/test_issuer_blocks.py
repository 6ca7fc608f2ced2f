"""The issuer in its block of name, branch or person, address, TEL and 登録番号 (issue 25, as
heldout6 printed them): a name with a legal form wins over a branch, a counter or a person
nearer the 登録番号; the person after a professional title is not the issuer; a label or an
item with an amount or a count beside it is no name; a receipt's store name is the first line
of its name block, above its branch; a city's waterworks bureau bills; titles with what they
bill in front, also 兼 another title, and a buyer's 検収通知書."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.doc_kinds import classify
from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.vocabulary import REVIEW


def _read(rows: list[list[tuple[float, float, str]]]) -> dict[str, Any]:
    layout = [
        {"page": 1, "top": 10.0 + 12 * i, "cells": [list(c) for c in row]}
        for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    return extract_invoice_fields(text, layout=layout)


_TABLE = [
    [(32.0, 90.0, "品名"), (480.0, 520.0, "金額")],
    [(32.0, 90.0, "運賃"), (480.0, 520.0, "10,000")],
    [(32.0, 90.0, "小計"), (480.0, 520.0, "10,000")],
    [(32.0, 90.0, "消費税(10%)"), (480.0, 520.0, "1,000")],
    [(32.0, 90.0, "合計"), (480.0, 520.0, "11,000")],
]


@pytest.mark.parametrize("unit", ["配車センター 辻村", "富山営業所 川原", "セルフ大垣インターSS"])
def test_a_name_with_a_legal_form_wins_over_a_branch_or_a_person_nearer(unit: str) -> None:
    rows = [
        [(32.0, 90.0, "請求書")],
        [(32.0, 200.0, "株式会社ふじみ技研 御中"), (330.0, 450.0, "しらさぎ陸運株式会社")],
        [(330.0, 450.0, "滋賀県草津市野路東4-3-8")],
        [(330.0, 450.0, "TEL 077-561-9034")],
        [(330.0, 450.0, unit)],
        [(330.0, 480.0, "登録番号 T3919127652346")],
        *_TABLE,
    ]
    fields = _read(rows)
    assert fields["issuer_name"] == "しらさぎ陸運株式会社"
    assert fields["status"]["issuer_name"] != REVIEW


def test_the_person_after_a_professional_title_is_not_the_issuer() -> None:
    rows = [
        [(474.0, 560.0, "2028年8月19日")],
        [(45.0, 170.0, "株式会社あかね物流"), (175.0, 200.0, "御中")],
        [(457.0, 560.0, "みずほし法律事務所")],
        [(475.0, 510.0, "弁護士"), (517.0, 560.0, "星野 透")],
        [(324.0, 560.0, "北海道札幌市中央区大通西10-4-1")],
        [(456.0, 560.0, "電話 011-231-7706")],
        [(415.0, 560.0, "登録番号 T6493304858866")],
        *_TABLE,
    ]
    assert _read(rows)["issuer_name"] == "みずほし法律事務所"


def test_a_receipts_store_name_is_its_first_line_not_its_branch_or_a_payment_row() -> None:
    rows = [
        [(49.0, 130.0, "文具のいろは堂")],
        [(78.0, 100.0, "駅前店")],
        [(40.0, 150.0, "山形県山形市香澄町1-8-10")],
        [(57.0, 140.0, "TEL 023-631-5527")],
        [(75.0, 110.0, "領収書")],
        [(8.0, 120.0, "2028年8月26日(土) 11:32")],
        [(8.0, 80.0, "付箋 75×75"), (158.0, 180.0, "¥792")],
        [(8.0, 50.0, "お買上点数"), (58.0, 70.0, "3点")],
        [(8.0, 30.0, "合計"), (158.0, 180.0, "¥792")],
        [(8.0, 120.0, "(10%対象 ¥792 内消費税 ¥72)")],
        [(8.0, 50.0, "クレジット"), (158.0, 180.0, "¥792")],
        [(8.0, 140.0, "登録番号 T5891371052417")],
    ]
    fields = _read(rows)
    assert fields["issuer_name"] == "文具のいろは堂"
    assert fields["status"]["issuer_name"] == REVIEW  # no legal form: a weak cue


def test_a_waterworks_bureau_bills_and_its_charges_are_no_names() -> None:
    rows = [
        [(164.0, 400.0, "上下水道料金 納入通知書 兼 請求書")],
        [(453.0, 560.0, "発行日 令和9年12月16日")],
        [(463.0, 560.0, "ひがし川市上下水道局")],
        [(39.0, 80.0, "使用者"), (90.0, 250.0, "株式会社こもれび不動産"), (282.0, 290.0, "様")],
        [(45.0, 100.0, "請求金額")],
        [(45.0, 100.0, "67,738円")],
        [(148.0, 200.0, "料金内訳"), (324.0, 380.0, "金額(税込)")],
        [(39.0, 200.0, "水道料金 従量料金"), (358.0, 390.0, "44,176円")],
        [(39.0, 200.0, "下水道使用料 従量料金"), (358.0, 390.0, "23,562円")],
        [(33.0, 140.0, "栃木県ひがし川市本町1-1"), (146.0, 260.0, "料金課 TEL 0285-22-4150")],
        [(33.0, 300.0, "適格請求書発行事業者 登録番号 T9450750453368")],
    ]
    fields = _read(rows)
    assert fields["document_type"] == "invoice"
    assert fields["issuer_name"] == "ひがし川市上下水道局"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("ご利用料金明細書", "invoice"),
        ("上下水道料金 納入通知書 兼 請求書", "invoice"),
        ("検収通知書", "payment_notice"),
    ],
)
def test_titles_of_utilities_and_a_buyers_acceptance(title: str, kind: str) -> None:
    assert classify(f"{title}\n2028年6月11日\n").kind == kind
