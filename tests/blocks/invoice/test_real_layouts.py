"""What real invoices did to the extractor (issue 13), each as a regression test: labels and
spaced titles, parties by cues (御中, 担当, 登録番号), per-rate figures written with the rate in
brackets, non-taxable parts, line items only from the table, and non-invoices not failed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Run = Callable[..., dict[str, Any]]

EXCEL_STYLE = """御 請 求 書
株式会社サンプル商事 御中
No. 2024-0415\t2024年4月15日
株式会社北斗システム
〒060-0001 北海道札幌市中央区北一条西5-2
TEL 011-567-8901
登録番号 T1715915740705
担当 佐藤 花子
No\t品名\t数量\t単価\t金額\t税率
1\tシステム保守費用\t1\t33,017\t33,017\t10%
2\t名刺印刷 100枚\t2\t2,753\t5,506\t10%
本体価格\t38,523
消費税等(10%)\t3,852
立替金(非課税)\t400
(総計)\t¥42,775
お振込先：サンプル銀行 本店営業部 普通 1234567
2024年4月
日 月 火 水 木 金 土
1 2 3 4 5 6
"""


def _fields(run: Run, text: str) -> dict[str, Any]:
    return dict(run("invoice.extract_fields", text=text)["fields"])


def test_an_excel_style_invoice_is_read_right(run: Run) -> None:
    fields = _fields(run, EXCEL_STYLE)
    assert fields["document_type"] == "invoice"
    assert fields["issuer_name"] == "株式会社北斗システム"  # not the title, not the buyer, not 担当
    assert fields["buyer_name"] == "株式会社サンプル商事"
    assert fields["tax_by_rate"] == {"10": 3852}
    assert fields["totals_by_rate"] == {"10": 38523}
    assert fields["non_taxable"] == 400
    assert (fields["total"], fields["status"]["total"]) == (42775, "確定")
    described = [(ln["description"], ln["amount"]) for ln in fields["lines"]]
    assert described == [("システム保守費用", 33017), ("名刺印刷 100枚", 5506)]
    assert fields["lines_source"] == "layout"  # the tab-separated grid read by its columns


def test_the_non_taxable_part_gives_no_false_total_mismatch(run: Run) -> None:
    fields = _fields(run, EXCEL_STYLE)
    findings = run("invoice.check", fields=fields)["findings"]
    assert not [f for f in findings if f["rule"] in ("total_mismatch", "tax_by_rate_missing")]


@pytest.mark.parametrize(
    "line",
    ["担当：山田 太郎", "担当者 株式会社の山田", "営業担当 鈴木"],
)
def test_a_staff_contact_never_becomes_the_issuer(run: Run, line: str) -> None:
    text = f"請求書\n株式会社サンプル商事 御中\n{line}\n2024年4月1日\n合計 ¥1,100"
    issuer = _fields(run, text)["issuer_name"]
    assert issuer is None or "担当" not in issuer
    assert issuer != "株式会社サンプル商事"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("御 請 求 書", "invoice"),
        ("領 収 書", "simplified_invoice"),
        ("【御見積書】", "quotation"),
        ("注文請書", "purchase_order"),
        ("納 品 書", "delivery_note"),
        ("検収兼お支払通知書", "payment_notice"),
        ("返品・値引明細書", "credit_note"),
    ],
)
def test_kinds_from_spaced_and_bracketed_titles(run: Run, title: str, kind: str) -> None:
    fields = _fields(run, f"{title}\n株式会社サンプル商事 御中\n株式会社テスト\n2024年4月1日")
    assert fields["document_type"] == kind
    assert fields["issuer_name"] != title


def test_receipts_and_quotations_are_not_failed_as_invoices(run: Run) -> None:
    quote = _fields(run, "御 見 積 書\n株式会社サンプル商事 御中\n御見積金額 ¥110,000")
    out = run("invoice.check", fields=[quote])
    assert out["findings"] == []
    assert out["summary"]["not_invoices"][0]["document_type"] == "quotation"
    assert out["summary"]["invoices"] == 0


def test_bank_details_document_numbers_and_calendars_are_not_line_items(run: Run) -> None:
    fields = _fields(run, EXCEL_STYLE)
    descriptions = " ".join(ln["description"] for ln in fields["lines"])
    for noise in ("銀行", "普通", "No.", "日 月 火", "10%)"):
        assert noise not in descriptions


def test_each_field_carries_its_evidence_and_page(run: Run) -> None:
    page1 = (
        "請求書\n株式会社サンプル商事 御中\n2024年4月1日\n株式会社テスト\n登録番号 T7000012050002"
    )
    page2 = "10%対象 ¥10,000 消費税 ¥1,000\nご請求金額 ¥11,000"
    document = {"name": "a.pdf", "path": "a.pdf", "text": f"{page1}\n\n{page2}", "pages": 2}
    fields = run("invoice.extract_fields", document=document)["fields"]
    assert fields["evidence"]["total"] == {"text": "ご請求金額 ¥11,000", "page": 2}
    assert fields["evidence"]["registration_number"]["page"] == 1
    assert fields["status"]["total"] == "確定"


def test_an_issuer_without_cues_is_to_be_checked(run: Run) -> None:
    weak = _fields(run, "請求書\n株式会社サンプル商事 御中\n株式会社どこか\n合計 ¥1,100")
    assert weak["issuer_name"] == "株式会社どこか"
    assert weak["status"]["issuer_name"] == "要確認"
    strong = _fields(run, EXCEL_STYLE)
    assert (strong["issuer_cue"], strong["status"]["issuer_name"]) == ("registration", "確定")
