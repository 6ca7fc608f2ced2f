"""Parties that are not names (issue 25): a receipt's blank 「様」 line under its title names no
buyer (never 「領収書」, never at 確定); a department, a person with it, a professional title or
a payment term is never the issuer."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.parties import issuer_of


def _read(rows: list[list[tuple[float, float, str]]]) -> dict[str, Any]:
    layout = [
        {"page": 1, "top": 10.0 + 12 * i, "cells": [list(c) for c in row]}
        for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    return extract_invoice_fields(text, layout=layout)


@pytest.mark.parametrize(("title", "fare"), [("領 収 書", 1930), ("領収証", 2640)])
def test_a_blank_buyer_line_under_the_title_names_nobody(title: str, fare: int) -> None:
    tax = fare * 10 // 110
    rows = [
        [(80.0, 131.0, title)],
        [(102.0, 111.0, "様")],
        [(9.0, 68.0, "2027年04月03日")],
        [(9.0, 33.0, "合計"), (165.0, 207.0, f"¥{fare:,}")],
        [(109.0, 207.0, f"(内消費税等10% ¥{tax:,})")],
        [(9.0, 86.0, "みさき交通株式会社")],
        [(9.0, 120.0, "神奈川県横須賀市若松町2-30")],
        [(9.0, 140.0, "登録番号 T6099004976353")],
    ]
    fields = _read(rows)
    assert fields["buyer_name"] is None
    assert fields["issuer_name"] == "みさき交通株式会社"


@pytest.mark.parametrize(
    "role",
    [
        "カスタマーサクセス部",
        "経理課 新井",
        "管理部 首藤",
        "代表 中小企業診断士 水城 拓真",
        "特定社会保険労務士",
        "翌月末日",
    ],
)
def test_a_department_a_title_or_a_term_is_never_the_issuer(role: str) -> None:
    tokens = [
        "請求書",
        "株式会社ひばり商事",
        "御中",
        "株式会社クラウドレーン",
        role,
        "登録番号 T1234567890123",
    ]
    name, _text, _cue = issuer_of(tokens, "株式会社ひばり商事")
    assert name == "株式会社クラウドレーン"


def test_a_company_whose_name_ends_like_a_department_is_still_a_name() -> None:
    tokens = ["請求書", "株式会社みなみ商事", "御中", "有限会社南部", "登録番号 T1234567890123"]
    assert issuer_of(tokens, "株式会社みなみ商事")[0] == "有限会社南部"
