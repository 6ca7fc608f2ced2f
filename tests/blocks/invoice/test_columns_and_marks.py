"""Shapes read by their columns (issue 25): the issuer block's name found however many cells
its rows hold, never the person after 担当; a per-rate table whose rows interleave with another
column's lines; an item table whose amount column is headed 合計 and whose reduced-rate rows
are marked ※ in a 軽減 column; a title with a polite prefix the kind table does not list."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.doc_kinds import classify
from blocks.invoice.extract import extract_invoice_fields

Rows = list[list[tuple[float, float, str]]]


def _read(rows: Rows) -> dict[str, Any]:
    layout = [
        {"page": 1, "top": 20.0 + 12 * i, "cells": [list(c) for c in row]}
        for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    return extract_invoice_fields(text, layout=layout)


@pytest.mark.parametrize(
    ("issuer", "person"), [("株式会社くすのき木工所", "今井"), ("有限会社あさひ印刷", "佐々木")]
)
def test_the_issuer_above_a_busy_block_and_not_the_person_in_charge(
    issuer: str, person: str
) -> None:
    rows: Rows = [
        [(30, 117, "請 求 書"), (456, 486, "請求日"), (496, 566, "2025年08月16日")],
        [(30, 156, "株式会社トキワ建工"), (170, 198, "御中"), (330, 480, issuer)],
        [(330, 449, "〒岐阜県高山市花里町4-118")],
        [(30, 270, "毎度格別のお引き立てにあずかり"), (330, 406, "TEL 0577-00-0001"), (416, 492, "FAX 0577-00-0002")],
        [(30, 50, "す。"), (330, 349, "担当"), (359, 378, person)],
        [(30, 180, "下記の通りご請求申し上げます。"), (330, 368, "登録番号"), (378, 444, "T5469936383969")],
        [(45, 85, "品名"), (400, 440, "数量"), (456, 476, "単価"), (522, 542, "金額")],
        [(45, 200, "ローテーブル"), (422, 427, "2"), (464, 494, "10,000"), (531, 561, "20,000")],
        [(400, 440, "小計"), (531, 561, "20,000")],
        [(400, 440, "消費税(10%)"), (531, 561, "2,000")],
        [(400, 440, "合計"), (531, 561, "22,000")],
    ]  # fmt: skip
    fields = _read(rows)
    assert fields["issuer_name"] == issuer
    assert fields["issuer_name"] != person


@pytest.mark.parametrize(("base", "tax"), [(3410, 310), (12100, 1100)])
def test_a_receipts_rate_table_beside_the_issuer_block(base: int, tax: int) -> None:
    rows: Rows = [
        [(170, 242, "領 収 証")],
        [(19, 136, "こまち観光株式会社"), (149, 162, "様")],
        [(71, 140, f"¥{base:,}-")],
        [(71, 181, "上記正に領収致しました")],
        [(24, 42, "税率"), (52, 124, "対象金額(税込)"), (134, 170, "消費税等"), (290, 401, "炭火やきとり とり善")],
        [(274, 401, "鹿児島県鹿児島市東千石町11-7")],
        [(24, 42, "10%"), (94, 124, f"¥{base:,}"), (147, 170, f"¥{tax:,}"), (320, 401, "TEL 099-000-0000")],
        [(285, 401, "登録番号 T3433159934647")],
    ]  # fmt: skip
    fields = _read(rows)
    assert fields["tax_by_rate"] == {"10": tax}
    assert fields["total"] == base


def test_an_amount_column_headed_goukei_and_reduced_rows_marked_in_a_keigen_column() -> None:
    rows: Rows = [
        [(232, 365, "請求書兼納品書")],
        [(26, 164, "医療法人社団つむぎ会"), (179, 203, "御中"), (342, 432, "発行日:2025/03/18")],
        [(342, 445, "株式会社とさ湾水産")],
        [(342, 563, "登録番号:T9739621966362")],
        [(49, 65, "No."), (110, 130, "品名"), (294, 314, "数量"), (409, 429, "単価"), (476, 496, "合計"), (536, 556, "軽減")],
        [(54, 60, "1"), (85, 193, "冷蔵便 配送料"), (317, 323, "5"), (417, 445, "1,870"), (489, 517, "9,350")],
        [(54, 60, "2"), (85, 193, "あおさのり 500g"), (317, 323, "9"), (417, 445, "2,870"), (483, 517, "25,830"), (541, 551, "※")],
        [(405, 440, "小計"), (489, 517, "35,180")],
    ]  # fmt: skip
    lines = _read(rows)["lines"]
    assert [
        (line["description"], line["quantity"], line["amount"], line["rate"]) for line in lines
    ] == [
        ("冷蔵便 配送料", 5, 9350, 10),
        ("あおさのり 500g", 9, 25830, 8),
    ]


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("お 支 払 明 細 書", "payment_notice"),
        ("ご納品書", "delivery_note"),
        ("御見積書", "quotation"),
    ],
)
def test_a_title_with_a_polite_prefix(title: str, kind: str) -> None:
    assert classify(f"{title}\n2025年2月15日\n").kind == kind
