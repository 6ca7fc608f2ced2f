"""Receipts and titles as heldout5 printed them (issue 25): a receipt's tax with its rate and
no brackets (「(内消費税等10% ¥175)」), a receipt whose only amount has no total label (a parking
slip's 「駐車料金 ¥2,310」), a title with what it bills in front (報酬請求書), a till receipt
without a title (お預り / お釣り), and the amount paid after 源泉徴収 (差引お振込額); heldout6's:
a formal receipt's 「金 … 円也」 with its 消費税額等, and a utility's tax with its rate's base
after it (「うち消費税等相当額 12,275円(10%対象額 135,026円)」)."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.doc_kinds import classify
from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.rules import check_invoices

ISSUER = "みさき交通株式会社\n神奈川県横須賀市若松町2-30\n登録番号 T6099004976353\n"


def _layout(rows: list[list[tuple[float, float, str]]]) -> list[dict[str, Any]]:
    return [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]


@pytest.mark.parametrize(
    "printed", ["(内消費税等10% ¥175)", "内消費税 10% ¥175", "消費税(10%) ¥175"]
)
def test_a_receipts_tax_with_its_rate_bracketed_or_not(printed: str) -> None:
    text = f"領収書\n2027年04月03日\n運賃\t¥980\n迎車料金\t¥950\n合計\t¥1,930\n{printed}\n" + ISSUER
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 175}
    assert fields["total"] == 1930


def test_an_amount_without_a_total_label_is_the_total_its_tax_share_gives_at_review() -> None:
    rows = [
        [(65.0, 162.0, "駐車料金 領収証")],
        [(10.0, 28.0, "入庫"), (38.0, 110.0, "2027/05/07 10:24")],
        [(10.0, 46.0, "車室番号"), (56.0, 69.0, "031")],
        [(10.0, 58.0, "駐車料金"), (70.0, 112.0, "¥2,310")],
        [(10.0, 74.0, "(内消費税 10%"), (82.0, 114.0, "¥210)")],
        [(10.0, 146.0, "上記金額正に領収いたしました。")],
        [(10.0, 118.0, "株式会社パークフィールド")],
        [(10.0, 114.0, "登録番号 T4493385312018")],
    ]
    text = "\n".join(" ".join(cell[2] for cell in row) for row in rows)
    fields = extract_invoice_fields(text, layout=_layout(rows))
    assert fields["document_type"] == "simplified_invoice"
    assert fields["total"] == 2310
    assert fields["status"]["total"] == "要確認"
    assert fields["tax_by_rate"] == {"10": 210}
    # an amount that the tax is not the share of is never taken
    other = [row if i != 4 else [(10.0, 74.0, "(内消費税 10%"), (82.0, 114.0, "¥150)")]
             for i, row in enumerate(rows)]  # fmt: skip
    text = "\n".join(" ".join(cell[2] for cell in row) for row in other)
    missed = extract_invoice_fields(text, layout=_layout(other))
    assert missed["total"] is None
    assert missed["status"]["total"] == "なし"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("報 酬 請 求 書", "invoice"),
        ("運賃請求書", "invoice"),
        ("工事代金請求書", "invoice"),
        ("駐車料金領収証", "simplified_invoice"),
        ("納品書兼請求書", "invoice"),
    ],
)
def test_a_title_with_what_it_bills_in_front(title: str, kind: str) -> None:
    assert classify(f"2027年5月2日\n{title}\nみなせ物産株式会社 御中\n").kind == kind


def test_a_sentence_ending_in_a_title_is_no_title() -> None:
    assert classify("下記のとおりご請求書をお送りします\n").kind == "cover_letter"
    assert classify("株式会社みなせ 御中\nこちらは請求書\n").kind is None


def test_a_till_receipt_without_a_title_is_a_receipt() -> None:
    text = "まちかどマート 日吉本町店\n2027年8月3日\n修正テープ ¥297\n合 計 ¥297\nお預り ¥1,000\nお釣り ¥703\n"
    assert classify(text).kind == "simplified_invoice"


def test_the_amount_paid_after_withholding_is_a_total_label() -> None:
    text = (
        "報酬請求書\n2027年5月2日\nみなせ物産株式会社 御中\nおおとり社会保険労務士事務所\n"
        "登録番号 T2150185977448\n内容\t金額(円)\n顧問報酬\t92,400\n消費税額(10%)\t9,240\n"
        "報酬額(税込)\t101,640\n源泉所得税(10.21%)\t△9,434\n差引お振込額\t92,206\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["document_type"] == "invoice"
    assert fields["withholding"] == 9434
    assert fields["total"] == 92206
    assert fields["status"]["total"] == "要確認"  # net or gross: a person says
    assert {c["value"] for c in fields["candidates"]["total"]} >= {92206, 101640}


@pytest.mark.parametrize("label", ["消費税額等(10%)", "消費税等(10%)", "消費税額(10%)"])
def test_a_formal_receipts_amount_and_its_tax_breakdown(label: str) -> None:
    """heldout6: 「金 60,300円也」 is the receipt's amount; 消費税額等 as well as 消費税等額."""
    text = (
        "領収証\n令和10年7月26日\nさくらんぼ製薬株式会社 様\n金 60,300円也\n"
        "但 御飲食代として\n上記正に領収いたしました。\n"
        f"内訳 税抜金額 ¥54,819\n{label} ¥5,481\n" + ISSUER
    )
    fields = extract_invoice_fields(text)
    assert fields["total"] == 60300
    assert fields["tax_by_rate"] == {"10": 5481}
    assert fields["status"]["total"] == "確定"  # 54,819 + 5,481 = 60,300


@pytest.mark.parametrize(
    "printed",
    [
        "うち消費税等相当額 12,275円(10%対象額 135,026円)",
        "(うち消費税相当額 12,275円（10%対象 135,026円）)",
    ],
)
def test_a_utilitys_tax_with_its_rates_base_after_it(printed: str) -> None:
    """heldout6: a tax-included bill's tax, then its rate and base in brackets."""
    text = (
        "ご利用料金明細書\n株式会社たちばな電装 御中\n発行日 2028年3月29日\n"
        f"ご請求金額(税込)\n135,026円\n{printed}\n" + ISSUER
    )
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 12275}
    assert fields["total"] == 135026


def test_a_tax_without_its_rate_takes_the_rate_its_total_gives_and_is_still_a_finding() -> None:
    """A tax printed without any rate (「(うち消費税相当額 6,158円)」) is 10 %'s, the only rate
    that gives it from the total (⌊67,738 × 10/110⌋); the 適格請求書's per-rate amounts and
    rate are still missing from the document, and the check still says so."""
    text = "請求書\n株式会社こもれび 様\n発行日 令和9年12月16日\n請求金額\n67,738円\n"
    text += "(うち消費税相当額 6,158円)\n" + ISSUER
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 6158}
    findings, _ = check_invoices([{**fields, "source": {"path": "a.pdf", "name": "a.pdf"}}])
    assert "totals_by_rate_missing" in {f["rule"] for f in findings}
