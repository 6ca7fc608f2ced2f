"""Due dates as invoices print them (issue 25, heldout5's errors): a month's last day in 和暦
(「令和9年4月末日」), terms that count from the document's date (「翌月末日」), and a due label in
a header row over its value row (the value under the label, not after it); heldout6's: a
public body's 納付期限 / 納入期限 and a way of paying in brackets (「お支払期日(口座振替日)」)."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.invoice.extract import extract_invoice_fields
from blocks.text.payment_terms import leading_terms

HEAD = "請求書\n株式会社みなみ工業 御中\n請求日 2027年5月20日\n株式会社テスト商事\n登録番号 T7000012050002\n"
ITEMS = "品名\t数量\t単価\t金額\n部品A\t2\t5,000\t10,000\n小計\t10,000\n消費税(10%)\t1,000\n合計\t¥11,000\n"


def _layout(rows: list[list[tuple[float, float, str]]]) -> list[dict[str, Any]]:
    return [
        {"page": 1, "top": 20.0 + 14 * i, "cells": [list(cell) for cell in row]}
        for i, row in enumerate(rows)
    ]


@pytest.mark.parametrize(
    ("printed", "due"),
    [
        ("支払期日 令和9年7月末日", "2027-07-31"),
        ("お支払期限 R9.2末", "2027-02-28"),
        ("お支払期日 2027年6月末日", "2027-06-30"),
    ],
)
def test_a_month_end_in_either_calendar_is_that_months_last_day(printed: str, due: str) -> None:
    fields = extract_invoice_fields(HEAD + ITEMS + printed + "\n")
    assert fields["due_date"] == due
    assert fields["status"]["due_date"] == "確定"


@pytest.mark.parametrize(
    ("printed", "due"),
    [
        ("お支払期日 翌月末日", "2027-06-30"),
        ("振込期日\t翌月末", "2027-06-30"),
        ("お支払期限：翌々月10日", "2027-07-10"),
    ],
)
def test_terms_after_a_due_label_count_from_the_documents_date(printed: str, due: str) -> None:
    fields = extract_invoice_fields(HEAD + ITEMS + printed + "\n")
    assert fields["transaction_date"] == "2027-05-20"
    assert fields["due_date"] == due
    assert fields["status"]["due_date"] == "確定"
    assert fields["evidence"]["due_date"]["text"].startswith(("お支払期", "振込期日"))
    assert "翌" in fields["evidence"]["due_date"]["text"]


def test_terms_without_a_document_date_give_no_due_date() -> None:
    text = "請求書\n株式会社みなみ工業 御中\n株式会社テスト商事\n" + ITEMS + "お支払期日 翌月末日\n"
    fields = extract_invoice_fields(text)
    assert fields["due_date"] is None
    assert fields["status"]["due_date"] == "なし"


def test_a_count_of_days_alone_is_not_terms() -> None:
    assert leading_terms("30日") is None
    assert leading_terms("翌月末日払い 以上")[1] == "翌月末日払い"  # type: ignore[index]


def test_a_due_label_in_a_header_row_takes_the_value_under_it() -> None:
    rows = [
        [(30.0, 130.0, "請求書"), (400.0, 560.0, "発行日 2027-01-31")],
        [(30.0, 200.0, "税理士法人こだま会計 御中"), (340.0, 460.0, "株式会社クラウドレーン")],
        [(340.0, 470.0, "登録番号: T6707767334276")],
        [
            (70.0, 156.0, "ご請求金額(税込)"),
            (219.0, 276.0, "小計(税抜)"),
            (333.0, 401.0, "消費税(10%)"),
            (472.0, 520.0, "お支払期限"),
        ],
        [
            (89.0, 138.0, "¥58,817"),
            (223.0, 272.0, "¥53,470"),
            (346.0, 387.0, "¥5,347"),
            (462.0, 530.0, "2027-02-20"),
        ],
        [(437.0, 496.0, "合計"), (517.0, 556.0, "¥58,817")],
    ]
    text = "\n".join(" ".join(cell[2] for cell in row) for row in rows)
    fields = extract_invoice_fields(text, layout=_layout(rows))
    assert fields["due_date"] == "2027-02-20"
    assert fields["status"]["due_date"] == "確定"
    assert fields["evidence"]["due_date"]["text"] == "お支払期限 2027-02-20"
    terms = [
        [*row[:3], (462.0, 530.0, "翌月末日")] if i == 4 else row for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(cell[2] for cell in row) for row in terms)
    assert extract_invoice_fields(text, layout=_layout(terms))["due_date"] == "2027-02-28"


def test_a_spreadsheets_header_row_gives_the_due_date_under_its_label() -> None:
    text = (
        "請求書\t\t\t請求日\t2027-05-31\nみなせ物産株式会社\t御中\t\t株式会社ワークブリッジ\n"
        "\t\t\t登録番号 T7402608097873\n請求金額\t税抜金額\t消費税額\t支払期日\n"
        "695871\t632610\t63261\t2027-06-28\n"
    )
    fields = extract_invoice_fields(text)
    assert fields["due_date"] == "2027-06-28"
    assert fields["transaction_date"] == "2027-05-31"


def test_terms_count_from_a_printed_closing_date_else_the_invoice_date() -> None:
    head = "請求書\n株式会社みなみ工業 御中\n株式会社テスト商事\n登録番号 T7000012050002\n"
    closed = head + "請求日 2027年6月1日 (5月31日締切分)\n" + ITEMS + "お支払期日 翌月末日\n"
    assert extract_invoice_fields(closed)["due_date"] == "2027-06-30"
    year_end = head + "請求日 2028年1月5日\n12月20日締め分\n" + ITEMS + "お支払期日 翌月末日\n"
    assert extract_invoice_fields(year_end)["due_date"] == "2028-01-31"
    delivered = (
        head + "納品日 2027年5月28日\n請求日 2027年6月1日\n" + ITEMS + "お支払期日 翌月末日\n"
    )
    fields = extract_invoice_fields(delivered)
    assert fields["transaction_date"] == "2027-05-28"
    assert fields["due_date"] == "2027-07-31"  # from the 請求日, not the 納品日


@pytest.mark.parametrize(
    ("printed", "due"),
    [
        ("お支払期日(口座振替日) 2027年7月13日", "2027-07-13"),
        ("お支払期日（口座振替日）：2027年7月13日", "2027-07-13"),
        ("納付期限 令和9年7月14日", "2027-07-14"),
        ("納入期限 2027/7/15", "2027-07-15"),
    ],
)
def test_a_public_bodys_due_label_and_a_bracketed_way_of_paying(printed: str, due: str) -> None:
    fields = extract_invoice_fields(HEAD + ITEMS + printed + "\n")
    assert fields["due_date"] == due
    assert fields["transaction_date"] == "2027-05-20"  # never the due date
    assert fields["status"]["due_date"] == "確定"


def test_a_bracketed_way_of_paying_in_a_header_row_over_its_value() -> None:
    rows = [
        [(224.0, 300.0, "リース料 ご請求書")],
        [(33.0, 200.0, "株式会社みなみ工業 御中"), (468.0, 560.0, "発行日 2027年5月20日")],
        [(476.0, 560.0, "ときわリース株式会社")],
        [(451.0, 560.0, "東京都港区芝大門1-10-11")],
        [(75.0, 170.0, "ご請求金額(税込)"), (246.0, 350.0, "お支払期日(口座振替日)")],
        [(120.0, 170.0, "¥11,000"), (240.0, 300.0, "2027年6月9日")],
        [(430.0, 480.0, "課税対象額(10%)"), (519.0, 560.0, "10,000")],
        [(430.0, 480.0, "消費税額(10%)"), (525.0, 560.0, "1,000")],
        [(430.0, 480.0, "合計"), (519.0, 560.0, "11,000")],
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    fields = extract_invoice_fields(text, layout=_layout(rows))
    assert fields["due_date"] == "2027-06-09"
    assert fields["status"]["due_date"] == "確定"
