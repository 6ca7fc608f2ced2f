"""Scanned totals read by position (issue 25): a total whose amount stands under its label
(another column's cell between them in reading order), a 税率区分 table whose header OCR ran
together into one cell with the rows' own label head first, and simplified Chinese glyphs an
OCR model reads in the labels (「軽减税率」)."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.ocr_repair import repair_text
from blocks.invoice.stacked import stacked_totals


def _layout(rows: list[list[tuple[float, float, str]]]) -> list[dict[str, Any]]:
    return [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]


def _text(rows: list[list[tuple[float, float, str]]]) -> str:
    return "\n".join("\t".join(cell[2] for cell in row) for row in rows)


def _scan(base8: int, tax8: int, base10: int, tax10: int) -> list[list[tuple[float, float, str]]]:
    total = base8 + tax8 + base10 + tax10
    rows = [
        [(200.0, 330.0, "納品書兼請求書")],
        [(30.0, 200.0, "株式会社ひばり食堂御中"), (330.0, 420.0, "発行日 2026.03.02")],
        [(330.0, 500.0, "株式会社しおさい青果")],
        [(330.0, 520.0, "静岡県静岡市葵区追手町9-6")],
        [(30.0, 130.0, "今回ご請求額"), (330.0, 520.0, "TEL 054-000-1234 担当:川村")],
        [(30.0, 140.0, f"¥{total:,}-")],
        [(30.0, 500.0, "税率区分税抜金額消費税額税込金額")],
        [
            (30.0, 120.0, "8%(軽减税率)"),
            (150.0, 220.0, f"{base8:,}"),
            (260.0, 420.0, f"{tax8:,} {base8 + tax8:,}"),
        ],
    ]
    if base10:
        rows.append(
            [
                (30.0, 120.0, "10%"),
                (150.0, 220.0, f"{base10:,}"),
                (260.0, 330.0, f"{tax10:,}"),
                (360.0, 420.0, f"{base10 + tax10:,}"),
            ]
        )
    base, tax = base8 + base10, tax8 + tax10  # the 合計 row: its first amount is not the total
    rows.append(
        [(30.0, 120.0, "合計"), (150.0, 220.0, f"{base:,}"), (260.0, 420.0, f"{tax:,} {total:,}")]
    )
    rows.append([(30.0, 520.0, "登録番号 T1281917547860")])
    return rows


@pytest.mark.parametrize(
    ("base8", "tax8", "base10", "tax10"), [(18150, 1452, 0, 0), (87770, 7021, 330, 33)]
)
def test_a_scanned_total_under_its_label_and_a_run_together_rate_table(
    base8: int, tax8: int, base10: int, tax10: int
) -> None:
    rows = _scan(base8, tax8, base10, tax10)
    fields = extract_invoice_fields(_text(rows), from_ocr=True, layout=_layout(rows))
    assert fields["total"] == base8 + tax8 + base10 + tax10
    assert fields["status"]["total"] == "確定"  # OCR'd, and confirmed by the per-rate figures
    expected_tax = {"8": tax8, **({"10": tax10} if base10 else {})}
    assert fields["tax_by_rate"] == expected_tax


def test_an_amount_is_taken_only_from_under_its_label() -> None:
    rows = [
        [(30.0, 130.0, "ご請求金額"), (330.0, 520.0, "TEL 03-0000-0000")],
        [(330.0, 420.0, "¥5,500")],  # another column's figure, not under the label
    ]
    assert stacked_totals(rows) == []
    beside = [[(30.0, 130.0, "ご請求金額"), (140.0, 220.0, "¥5,500")], [(30.0, 130.0, "¥9,900")]]
    assert stacked_totals(beside) == []  # its amount stands beside it: the rules read that


def test_simplified_glyphs_in_ocr_labels_read_as_japanese() -> None:
    assert repair_text("8%(軽减税率) 合计金额 消费税") == "8%(軽減税率) 合計金額 消費税"
