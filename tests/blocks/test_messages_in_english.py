"""`KEIRI_LANG=en`: the invoice checks, the statement reader and the analysis agent speak
English (issue 29, "one catalog"), while the values plans compare (確定, 要確認, the statement
columns) stay what they are in every language."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.analysis.models import ReportOutput
from blocks.analysis.report import render_markdown
from blocks.invoice.rules import check_invoices
from blocks.invoice.vocabulary import REVIEW
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.statements.statements import read_statement
from blocks.statements.vocabulary import DATE, DEPOSIT, WITHDRAWAL
from keiri.base.catalog import t
from tests.support.source_text import JAPANESE

_RECEIPT_WITHOUT_BUYER: dict[str, Any] = {
    "source": {"name": "invoice.pdf"},
    "document_type": "invoice",
    "issuer_name": "株式会社サンプル商事",
    "registration_number": "T1234567890123",
    "transaction_date": "2024-04-05",
    "buyer_name": None,
    "lines": [{"description": "コピー用紙", "amount": 10000, "rate": "10"}],
    "totals_by_rate": {"10": 10000},
    "tax_by_rate": {"10": 1000},
    "total": 11000,
    "status": {"total": "確定"},
}


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")


@pytest.mark.usefixtures("english")
def test_an_invoice_finding_reads_in_english() -> None:
    findings, _ = check_invoices([dict(_RECEIPT_WITHOUT_BUYER)])
    buyer = next(f for f in findings if f["rule"] == "buyer_name_missing")
    assert buyer["reason"] == t("invoice.finding.missing", "en", what=t("invoice.item.buyer", "en"))
    assert buyer["reason"].startswith("The name of the business receiving the document")
    assert not JAPANESE.search(" ".join(f["reason"] for f in findings))


@pytest.mark.usefixtures("english")
def test_an_unclear_total_reads_in_english_but_its_status_is_the_value_plans_compare() -> None:
    fields = dict(_RECEIPT_WITHOUT_BUYER, buyer_name="株式会社取引先")
    fields["status"] = {"total": REVIEW}
    fields["review_reasons"] = {"total": t("invoice.review.total_rivals")}
    fields["candidates"] = {"total": [{"value": 11000, "text": "合計 11,000"}]}
    findings, _ = check_invoices([fields])
    unconfirmed = next(f for f in findings if f["rule"] == "total_unconfirmed")
    assert unconfirmed["reason"] == t(
        "invoice.finding.total_unconfirmed",
        "en",
        reason="Several candidate totals disagree",
        candidates="¥11,000 (合計 11,000)",
    )
    assert REVIEW == "要確認"


@pytest.mark.usefixtures("english")
def test_a_statement_error_and_a_skipped_row_read_in_english() -> None:
    no_amount = f"{DATE},摘要,備考\n2024/04/05,振込,x\n".encode()
    with pytest.raises(BlockError) as caught:
        read_statement(no_amount, "statement.csv")
    assert caught.value.code == ErrorCode.FILE_INVALID
    columns = t("statement.columns_sep", "en").join([DATE, "摘要", "備考"])
    no_amount_column = t("statement.no_amount_column", "en", row=1, columns=columns)
    assert caught.value.message == f"statement.csv: {no_amount_column}"
    assert caught.value.hint == t("statement.no_amount_column_hint", "en")

    rows = f"{DATE},摘要,{WITHDRAWAL},{DEPOSIT}\n2024/04/01,前月繰越,,\n2024/04/05,振込,1000,\n"
    statement = read_statement(rows.encode(), "statement.csv")
    assert [s["reason"] for s in statement.skipped] == [
        t("statement.skip.not_transaction", "en", label="前月繰越")
    ]
    assert statement.records[0][WITHDRAWAL] == 1000  # the columns are data: the same keys


@pytest.mark.usefixtures("english")
def test_the_analysis_report_reads_in_english() -> None:
    report = ReportOutput(title="Sales", sections=[], suggestions=["By month"])
    suggestions = t("analyze.report.suggestions", "en")
    assert render_markdown(report) == f"# Sales\n\n{suggestions}\n\n- By month\n"
