"""The issuer found by where its name stands (issue 25): the name above the 登録番号 in the same
column, past the cells of a column beside it (a receipt's 収入印紙 box, its 内訳); a stamp box
is never a name; a Word table cell holding the whole issuer block on one line gives its leading
company name."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.parties import issuer_of


def _layout(rows: list[list[tuple[float, str]]]) -> list[dict[str, Any]]:
    """Rows of (left edge, text) cells, 10 points apart, each cell 60 points wide."""
    return [
        {"page": 1, "top": 20.0 + 10 * i, "cells": [[x, x + 60, text] for x, text in row]}
        for i, row in enumerate(rows)
    ]


def _text(rows: list[list[tuple[float, str]]]) -> str:
    return "\n".join(" ".join(text for _, text in row) for row in rows)


RECEIPTS = [
    ("みさき茶房", "静岡県沼津市大手町3-2-1", "T4012345678903", "9,680", "880"),
    ("有限会社やまびこ製麺", "長野県松本市中央1-4-20", "T7100001234565", "32,400", "2,400"),
]


@pytest.mark.parametrize(("issuer", "address", "number", "total", "tax"), RECEIPTS)
def test_a_receipts_issuer_is_read_in_its_column_past_the_stamp_box(
    issuer: str, address: str, number: str, total: str, tax: str
) -> None:
    rows = [
        [(25.0, "No. 4102"), (420.0, "2026年9月12日")],
        [(210.0, "領 収 書")],
        [(25.0, "株式会社ことり舎"), (190.0, "様")],
        [(80.0, "金額"), (140.0, f"¥{total}※")],
        [(70.0, "但"), (90.0, "お品代として"), (160.0, "上記正に領収いたしました")],
        [(44.0, "収入"), (145.0, "【内訳】"), (382.0, issuer)],
        [
            (44.0, "印紙"),
            (145.0, "8%対象"),
            (185.0, f"¥{total}(内消費税 ¥{tax})"),
            (382.0, address),
        ],
        [(382.0, "TEL 055-000-1234")],
        [(382.0, f"登録番号 {number}")],
    ]
    fields = extract_invoice_fields(_text(rows), layout=_layout(rows))
    assert fields["issuer_name"] == issuer
    assert fields["registration_number"] == number


@pytest.mark.parametrize("stamp", ["印紙", "収入印紙", "収入"])
def test_a_stamp_box_is_never_a_name(stamp: str) -> None:
    tokens = [
        "領収書",
        "株式会社ことり舎",
        "様",
        stamp,
        "TEL 03-0000-0000",
        "登録番号 T1234567890123",
    ]
    name, _text, _cue = issuer_of(tokens, "株式会社ことり舎")
    assert name != stamp


def test_the_name_in_the_same_column_comes_before_the_cells_read_just_before() -> None:
    tokens = [
        "北斗運輸株式会社",
        "10%対象 ¥50,000",
        "備品",
        "札幌市中央区北1条西2-1",
        "登録番号 T5000000000009",
    ]
    places = [(0, 300.0), (1, 40.0), (1, 120.0), (1, 300.0), (2, 300.0)]
    assert issuer_of(tokens, None, places)[0] == "北斗運輸株式会社"
    # by flat order alone too: a name with a legal form wins over a nearer word
    assert issuer_of(tokens, None)[0] == "北斗運輸株式会社"


@pytest.mark.parametrize(
    ("cell", "issuer"),
    [
        (
            "株式会社アルファ設備 千葉県千葉市中央区富士見2-3-1 TEL 043-202-7781(担当:石井)"
            " インボイス登録番号 T8622289372555",
            "株式会社アルファ設備",
        ),
        (
            "合同会社 みなみ企画 大阪府大阪市北区梅田1-1-1 電話 06-0000-1111"
            " 適格請求書発行事業者登録番号 T3120001234567",
            "合同会社 みなみ企画",
        ),
    ],
)
def test_a_cell_holding_the_whole_issuer_block_gives_its_leading_name(
    cell: str, issuer: str
) -> None:
    text = "\n".join(
        [
            "請 求 書",
            "令和8年10月19日 No.56831",
            f"株式会社ヤマセ工務店 御中 下記のとおりご請求申し上げます。\t{cell}",
            "今回ご請求額 ¥110,000-(税込)",
            "作業内容\t数量\t単価\t金額",
            "設備点検\t1\t100,000\t100,000",
            "小計\t\t\t100,000",
            "消費税(10%)\t\t\t10,000",
            "今回ご請求額\t\t\t110,000",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["issuer_name"] == issuer
    assert fields["issuer_cue"] == "registration"
    assert fields["buyer_name"] == "株式会社ヤマセ工務店"
