"""Issue 25, items 1–4: tables read as tables, decisive totals, parties, 兼 titles and cover
letters, 支払期限. Each case is a shape named in the issue, written here (the development
set), not taken from the held-out set of `samples/make_heldout_corpus.py`."""

from __future__ import annotations

import io
from typing import Any

import pytest
from openpyxl import Workbook

from blocks.file.extract_office import text_format
from blocks.file.file_processor import extract_text
from blocks.invoice.doc_kinds import classify
from blocks.invoice.extract import extract_invoice_fields
from keiri.base.catalog import t

HEAD = "請求書\n株式会社みなみ工業 御中\n請求日 2025年3月31日\n株式会社テスト商事\n登録番号 T7000012050002\n"


def _row(top: float, *cells: tuple[float, float, str]) -> dict[str, Any]:
    return {"page": 1, "top": top, "cells": [list(c) for c in cells]}


def test_an_account_row_under_its_header_gives_the_invoice_total() -> None:
    """「前回ご請求額 今回ご入金額 今回お買上額 消費税 今回ご請求額」 over five amounts: read
    left to right, 今回ご請求額 took the first amount (前回's)."""
    text = HEAD + (
        "前回ご請求額\t今回ご入金額\t今回お買上額\t消費税\t今回ご請求額\n"
        "80,000\t80,000\t5,000\t500\t5,500\n"
        "10%対象\t5,000\t消費税\t500\n"
    )
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (5500, "確定")
    assert fields["carried_over"] == 0
    assert "今回ご請求額 5,500" in fields["raw_matches"]["layout_tables"]


def test_a_balance_carried_over_is_part_of_the_arithmetic() -> None:
    text = HEAD + (
        "前回ご請求額\t今回ご入金額\t繰越金額\t今回お買上額\t消費税\t今回ご請求額\n"
        "80,000\t70,000\t10,000\t5,000\t500\t15,500\n"
        "10%対象\t5,000\t消費税\t500\n"
    )
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (15500, "確定")
    assert fields["carried_over"] == 10000


def test_tax_columns_are_taken_by_position_not_by_reading_order() -> None:
    """「消費税額 消費税対象額」 in the text, but 消費税対象額 stands over 1,200 and 消費税額
    over 120 on the page."""
    text = HEAD + "消費税額\n消費税対象額\n10%対象\n1,200\n120\n合計 ¥1,320\n"
    layout = [
        _row(10, (300, 360, "消費税額"), (200, 280, "消費税対象額")),
        _row(20, (100, 150, "10%対象"), (230, 270, "1,200"), (320, 350, "120")),
        _row(40, (100, 130, "合計"), (300, 350, "¥1,320")),
    ]
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["totals_by_rate"] == {"10": 1200}
    assert fields["tax_by_rate"] == {"10": 120}
    assert (fields["total"], fields["status"]["total"]) == (1320, "確定")


def test_the_rate_inside_the_tax_bracket_is_read() -> None:
    text = HEAD + "作業費 1 50,000 50,000\n小計 50,000\n(消費税 10%) 5,000\n合計 55,000\n"
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 5000}
    assert fields["totals_by_rate"] == {"10": 50000}
    assert (fields["total"], fields["status"]["total"]) == (55000, "確定")


def test_a_count_with_a_unit_word_is_not_a_total_candidate() -> None:
    text = (
        HEAD
        + "品名\t数量\t金額\n部品A\t24\t10,000\n合計 24単位\n10%対象 10,000 消費税 1,000\nご請求金額 ¥11,000\n"
    )
    fields = extract_invoice_fields(text)
    assert [c["value"] for c in fields["total_candidates"]] == [11000]
    assert fields["status"]["total"] == "確定"


def test_a_row_number_under_a_total_header_does_not_hold_a_confirmed_total() -> None:
    text = HEAD + "合計\n1\n10%対象 20,000 消費税 2,000\nご請求金額 ¥22,000\n合計 ¥22,000\n"
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (22000, "確定")
    assert 1 in [c["value"] for c in fields["candidates"]["total"]]  # still shown


def test_arithmetic_decides_between_rival_total_candidates() -> None:
    text = HEAD + "10%対象 30,000 消費税 3,000\nご請求金額 ¥33,000\nご請求額 ¥30,000\n"
    fields = extract_invoice_fields(text)
    assert (fields["total"], fields["status"]["total"]) == (33000, "確定")


def test_rivals_that_no_arithmetic_settles_stay_to_be_checked_with_reason_and_candidates() -> None:
    text = HEAD + "ご請求金額 ¥33,000\nご請求額 ¥30,000\n"
    fields = extract_invoice_fields(text)
    assert fields["status"]["total"] == "要確認"
    assert fields["review_reasons"]["total"]
    assert {c["value"] for c in fields["candidates"]["total"]} == {33000, 30000}


def test_invoice_numbers_and_bank_lines_are_not_line_items() -> None:
    text = HEAD + (
        "コピー用紙 5 500 2,500\n請求番号 20250331\nお振込先 みなと信金 普通預金 1234567\n"
        "当座 7654321\n10%対象 2,500 消費税 250\n合計 ¥2,750\n"
    )
    fields = extract_invoice_fields(text)
    assert [ln["description"] for ln in fields["lines"]] == ["コピー用紙"]
    assert fields["status"]["total"] == "確定"


def test_an_issuer_information_heading_is_not_the_issuer() -> None:
    text = "請求書\n株式会社みなみ工業 御中\n発行者情報\n有限会社あさひ製作所\n登録番号 T7000012050002\n"
    fields = extract_invoice_fields(text)
    assert fields["issuer_name"] == "有限会社あさひ製作所"


def test_the_registration_label_remnant_is_not_a_name() -> None:
    text = (
        "請求書\n株式会社みなみ工業 御中\n適格請求書発行業者\n登録番号 T7000012050002\nたなか工房\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["issuer_name"] != "適格請求書発行業者"


@pytest.mark.parametrize(
    ("issuer", "status"),
    [
        ("たなかデザイン", "要確認"),  # no legal form, no trade's house word: a weak cue
        ("たなか工房", "確定"),  # a house name by its trade (工房, like 商店, 事務所)
    ],
)
def test_a_buyer_split_over_two_cells_is_read_and_is_not_the_issuer(
    issuer: str, status: str
) -> None:
    text = f"請求書\n株式会社みなみ工業\t御中\n{issuer}\n登録番号 T7000012050002\n"
    fields = extract_invoice_fields(text)
    assert fields["buyer_name"] == "株式会社みなみ工業"
    assert fields["issuer_name"] == issuer
    assert fields["status"]["issuer_name"] == status


def test_an_escaped_number_format_gives_the_buyer_its_onchu() -> None:
    assert text_format('@\\ "御中"', "株式会社みなみ工業") == "株式会社みなみ工業 御中"
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"] = "請求書"
    sheet["A3"] = "株式会社みなみ工業"
    sheet["A3"].number_format = '@\\ "御中"'
    sheet["D5"] = "登録番号 T7000012050002"
    out = io.BytesIO()
    book.save(out)
    text = extract_text(out.getvalue(), "invoice.xlsx").text
    assert extract_invoice_fields(text)["buyer_name"] == "株式会社みなみ工業"


def test_combined_titles_that_are_also_invoices_are_invoices() -> None:
    assert classify("納品書兼請求書\n").kind == "invoice"
    assert classify("納 品 書 兼 請 求 書\n").kind == "invoice"
    assert classify("請求書兼領収書\n").kind == "invoice"
    assert classify("検収兼お支払通知書\n").kind == "payment_notice"
    assert classify("納品書\n").kind == "delivery_note"


def test_cover_letter_phrases_are_widened() -> None:
    for phrase in (
        "請求書を送付します。",
        "下記の書類をお送りいたします。",
        "書類を同封いたします。",
    ):
        assert classify(f"株式会社みなみ工業 御中\n{phrase}\n").kind == "cover_letter"


def test_the_due_date_is_its_own_field_with_evidence() -> None:
    for label in ("支払期限", "お支払期日", "振込期限"):
        fields = extract_invoice_fields(HEAD + f"{label} 2025年4月30日\n")
        assert fields["due_date"] == "2025-04-30"
        assert fields["transaction_date"] == "2025-03-31"  # never the due date
        assert fields["status"]["due_date"] == "確定"
        assert label in fields["evidence"]["due_date"]["text"]
    month_end = extract_invoice_fields(HEAD + "お支払期限 2025年5月末日\n")
    assert month_end["due_date"] == "2025-05-31"
    assert extract_invoice_fields(HEAD)["status"]["due_date"] == "なし"


def test_a_header_row_read_flat_never_gives_a_confirmed_total() -> None:
    """Without positions (a layout that does not show the table), 今回ご請求額 followed by
    the value row's first amount is order, not pairing: 要確認 with its reason."""
    text = (
        HEAD
        + "前回ご請求額\n今回ご入金額\n今回お買上額\n消費税\n今回ご請求額\n80,000\n80,000\n5,000\n500\n5,500\n"
    )
    fields = extract_invoice_fields(text, layout=[_row(0, (0, 40, "請求書"))])
    assert fields["status"]["total"] == "要確認"
    assert fields["review_reasons"]["total"] == t("invoice.review.flat_table")
