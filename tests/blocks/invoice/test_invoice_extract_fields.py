"""invoice.extract_fields on varied Japanese invoice texts: 西暦/和暦, full-width digits,
reduced-rate markers, tax-inclusive receipts, cell-per-line PDF text, evidence documents."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from blocks.sdk.errors import BlockError
from blocks.text.japanese import parse_amount_text, parse_date_text

Run = Callable[..., dict[str, Any]]


def check_digit(base12: str) -> int:
    """The 法人番号 check digit, written out independently of the code under test."""
    weighted = 0
    for position, digit in enumerate(reversed(base12), start=1):
        weighted += int(digit) * (2 if position % 2 == 0 else 1)
    return 9 - weighted % 9


def registration(base12: str) -> str:
    return f"T{check_digit(base12)}{base12}"


QUALIFIED = f"""適格請求書
株式会社サンプル商事 経理部 御中
請求日：令和６年４月３０日
取引日：令和６年４月１日
お支払期限：2024年5月31日
発行者：テスト物産株式会社
登録番号：{registration("１２３４５６７８９０１２")}
コーヒー豆 200g ※　２　１，１８０円　２，３６０円
コピー用紙 A4　１　５５７円　５５７円
配送料　１　１，１００円　１，１００円
10%対象 小計 ¥1,657 消費税 ¥165
8%対象 小計 ¥2,360 消費税 ¥188
合計 ¥4,370
※は軽減税率対象品目です
"""

RECEIPT = f"""領収書
上様
R6.4.1
カフェ・ド・テスト株式会社
東京都渋谷区神南1-2-3
登録番号 T-{registration("987654321098")[1:2]}-9876-5432-1098
ホットコーヒー ☆ ¥330
サンドイッチ ☆ ¥540
ビール ¥660
8%対象 ¥870 (内消費税 ¥64)
10%対象 ¥660 (内消費税 ¥60)
合計 ¥1,530
☆印は軽減税率対象
"""

# The text pypdf gives for a drawn table: one cell per line.
CELL_PER_LINE = f"""請求書
 請求日：2024/04/23
株式会社サンプル商事 御中
 株式会社山田商店
東京都千代田区神田須田町1-2-3
登録番号：{registration("582318564206")}
ご請求金額　¥19,150-
品名
数量
単価
金額
税率
緑茶 500ml×24本 ※
5
2,413
12,065
8%
コピー用紙 A4 500枚
9
557
5,013
10%
10%対象
小計 ¥5,013
消費税 ¥501
8%（軽減税率）対象
小計 ¥12,065
消費税 ¥965
合計（税込）
¥18,544
"""


def test_qualified_invoice_with_full_width_digits_and_wareki(run: Run) -> None:
    fields = run("invoice.extract_fields", text=QUALIFIED, source_name="請求書.pdf")["fields"]
    assert fields["source"] == {"name": "請求書.pdf", "path": None}
    assert (fields["title"], fields["document_type"]) == ("適格請求書", "invoice")
    assert fields["issuer_name"] == "テスト物産株式会社"
    assert fields["registration_number"] == registration("123456789012")
    assert fields["transaction_date"] == "2024-04-01"  # 取引日 beats 請求日; not the due date
    assert fields["buyer_name"] == "株式会社サンプル商事"  # the company, not its 経理部
    assert [
        (ln["description"], ln["quantity"], ln["unit_price"], ln["amount"])
        for ln in fields["lines"]
    ] == [
        ("コーヒー豆 200g", 2, 1180, 2360),
        ("コピー用紙 A4", 1, 557, 557),
        ("配送料", 1, 1100, 1100),
    ]
    assert [ln["rate"] for ln in fields["lines"]] == [8, 10, 10]
    assert [ln["reduced_rate"] for ln in fields["lines"]] == [True, False, False]
    assert fields["lines"][0]["marked"] and not fields["lines"][0]["rate_stated"]
    assert fields["reduced_rate_note"] is True
    assert fields["totals_by_rate"] == {"10": 1657, "8": 2360}
    assert fields["tax_by_rate"] == {"10": 165, "8": 188}
    assert fields["total"] == 4370
    assert fields["amounts_include_tax"] is False
    assert fields["raw_matches"]["transaction_date"] == "令和6年4月1日"
    assert fields["raw_matches"]["registration_number"].startswith("T")


def test_simplified_receipt_with_tax_included_amounts(run: Run) -> None:
    fields = run("invoice.extract_fields", text=RECEIPT)["fields"]
    assert fields["source"] is None
    assert (fields["title"], fields["document_type"]) == ("領収書", "simplified_invoice")
    assert fields["buyer_name"] == "上様"
    assert fields["transaction_date"] == "2024-04-01"
    assert fields["issuer_name"] == "カフェ・ド・テスト株式会社"
    assert fields["registration_number"] == registration("987654321098")
    assert [(ln["description"], ln["amount"], ln["rate"]) for ln in fields["lines"]] == [
        ("ホットコーヒー", 330, 8),
        ("サンドイッチ", 540, 8),
        ("ビール", 660, 10),
    ]
    assert fields["totals_by_rate"] == {"8": 870, "10": 660}
    assert fields["tax_by_rate"] == {"8": 64, "10": 60}
    assert fields["amounts_include_tax"] is True
    assert fields["total"] == 1530


def test_cell_per_line_text_of_a_pdf(run: Run) -> None:
    fields = run("invoice.extract_fields", text=CELL_PER_LINE)["fields"]
    assert fields["issuer_name"] == "株式会社山田商店"
    assert fields["transaction_date"] == "2024-04-23"
    assert [
        (ln["description"], ln["quantity"], ln["unit_price"], ln["amount"], ln["rate"])
        for ln in fields["lines"]
    ] == [
        ("緑茶 500ml×24本", 5, 2413, 12065, 8),
        ("コピー用紙 A4 500枚", 9, 557, 5013, 10),
    ]
    assert fields["lines"][1]["rate_stated"] is True
    assert fields["totals_by_rate"] == {"10": 5013, "8": 12065}
    assert fields["tax_by_rate"] == {"10": 501, "8": 965}
    assert fields["total"] == 18544  # 合計（税込）, not the ご請求金額 line above it
    assert fields["reduced_rate_note"] is False


def test_evidence_documents_keep_their_source_and_errors(run: Run) -> None:
    good = {
        "path": "テスト物産/請求書.pdf",
        "name": "請求書.pdf",
        "text": QUALIFIED,
        "text_truncated": True,
    }
    broken = {
        "path": "テスト物産/暗号.pdf",
        "name": "暗号.pdf",
        "text": None,
        "error": {"code": "FILE_ENCRYPTED", "message": "password-protected PDF"},
    }
    out = run("invoice.extract_fields", documents=[good, broken])
    assert out["fields"] is None
    first, second = out["fields_list"]
    assert first["source"] == {"name": "請求書.pdf", "path": "テスト物産/請求書.pdf"}
    assert first["text_truncated"] is True and first["total"] == 4370
    assert second["error"] == {"code": "FILE_ENCRYPTED", "message": "password-protected PDF"}
    assert second["issuer_name"] is None
    single = run("invoice.extract_fields", document=good)
    assert single["fields"] == first and single["fields_list"] == [first]


@pytest.mark.parametrize("inputs", [{}, {"text": "請求書", "document": {"name": "a", "text": "b"}}])
def test_exactly_one_input_is_required(run: Run, inputs: dict[str, Any]) -> None:
    with pytest.raises(BlockError) as info:
        run("invoice.extract_fields", **inputs)
    assert info.value.code == "INPUT_VALIDATION_FAILED"


def test_invalid_date_is_noted_not_guessed(run: Run) -> None:
    fields = run("invoice.extract_fields", text="請求書\n請求日：令和6年2月30日\n")["fields"]
    assert fields["transaction_date"] is None
    assert fields["raw_matches"]["transaction_date"] == "令和6年2月30日"
    assert fields["notes"][0]["field"] == "transaction_date"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024年4月1日", dt.date(2024, 4, 1)),
        ("２０２４年４月１日", dt.date(2024, 4, 1)),
        ("2024/04/01", dt.date(2024, 4, 1)),
        ("2024-04-01", dt.date(2024, 4, 1)),
        ("2024.4.1", dt.date(2024, 4, 1)),
        ("令和6年4月1日", dt.date(2024, 4, 1)),
        ("令和元年5月1日", dt.date(2019, 5, 1)),
        ("平成31年4月30日", dt.date(2019, 4, 30)),
        ("昭和64年1月7日", dt.date(1989, 1, 7)),
        ("R6.4.1", dt.date(2024, 4, 1)),
        ("H30/12/31", dt.date(2018, 12, 31)),
        ("発行日 令和 6 年 4 月 1 日", dt.date(2024, 4, 1)),
        ("電話 03-1234-5678", None),
    ],
)
def test_dates_seireki_and_wareki(text: str, expected: dt.date | None) -> None:
    assert parse_date_text(text) == expected


def test_impossible_date_raises() -> None:
    with pytest.raises(ValueError, match="not a valid date"):
        parse_date_text("令和6年2月30日")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("１２，３４５円", "12345"),
        ("¥12,345", "12345"),
        ("￥１，０００", "1000"),
        ("△500", "-500"),
        ("12,345.5", "12345.5"),
        ("", None),
    ],
)
def test_amounts(text: str, expected: str | None) -> None:
    assert parse_amount_text(text) == (Decimal(expected) if expected is not None else None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # one rate: the tax-excluded subtotal is the total of that rate
            "御請求書\nテスト商事株式会社 御中\n2024年4月30日\n株式会社エービーシー\n"
            "登録番号：T7000012050002\nシステム利用料 1 50,000 50,000\n税抜合計 50,000円\n"
            "消費税(10%) 5,000円\nご請求金額 55,000円",
            {
                "issuer_name": "株式会社エービーシー",
                "buyer_name": "テスト商事株式会社",
                "totals_by_rate": {"10": 50000},
                "tax_by_rate": {"10": 5000},
                "amounts_include_tax": False,
                "total": 55000,
            },
        ),
        (  # 発行元 label, 様, 対象額/消費税額 labels, 合計金額（税込）
            "請求書\n株式会社サンプル 様\n発行日：令和6年5月1日\n発行元：山田太郎デザイン事務所\n"
            "登録番号：T7000012050002\nデザイン費 一式 100,000\n"
            "税率10%対象額 100,000円 消費税額 10,000円\n合計金額（税込） ¥110,000",
            {
                "issuer_name": "山田太郎デザイン事務所",
                "buyer_name": "株式会社サンプル",
                "transaction_date": "2024-05-01",
                "totals_by_rate": {"10": 100000},
                "tax_by_rate": {"10": 10000},
                "amounts_include_tax": False,
                "total": 110000,
            },
        ),
        (  # tax included in a single-rate receipt
            "領収書\n2024/04/01\nカフェテスト\n登録番号 T7000012050002\nランチ ¥1,100\n"
            "小計 ¥1,100\n(内消費税(10%) ¥100)\n合計 ¥1,100",
            {
                "issuer_name": "カフェテスト",
                "document_type": "simplified_invoice",
                "totals_by_rate": {"10": 1100},
                "tax_by_rate": {"10": 100},
                "amounts_include_tax": True,
                "total": 1100,
            },
        ),
        (  # a 14-digit number is kept as written so the check can report it
            "請求書\n登録番号：Ｔ７００００１２０５０００２２\n2024年4月1日",
            {"registration_number": "T70000120500022", "transaction_date": "2024-04-01"},
        ),
    ],
)
def test_other_layouts(run: Run, text: str, expected: dict[str, Any]) -> None:
    fields = run("invoice.extract_fields", text=text)["fields"]
    assert {key: fields[key] for key in expected} == expected
