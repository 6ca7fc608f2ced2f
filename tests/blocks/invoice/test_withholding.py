"""源泉徴収 (a fee's income tax withheld by the payer): the amount paid is the total less it, and
which of the two a document's total means cannot be told from its words. The total is never
確定 then: 要確認 with the amount after withholding first and the gross beside it — whether the
document shows the gross, the amount after withholding, or both; with the tax in brackets, after
a minus mark or as 源泉所得税. A document without withholding is read as before."""

from __future__ import annotations

import pytest

from blocks.invoice.extract import extract_invoice_fields
from keiri.base.catalog import t

HEAD = (
    "請求書\n株式会社あおば企画 御中\n請求日 2026年5月31日\n"
    "デザイン事務所 森川 守\n登録番号 T7000012050002\n"
    "品名\t数量\t単価\t金額\nロゴデザイン一式\t1\t150,000\t150,000\n"
)
FEES = "小計 150,000\n消費税(10%) 15,000\n"


@pytest.mark.parametrize(
    ("summary", "withheld"),
    [
        ("合計 165,000円\n源泉徴収税額(10.21%) △15,315\nご請求金額 149,685円\n", 15315),
        ("合計金額 ¥165,000\n源泉所得税 -15,315\n", 15315),
        ("源泉徴収税額 15,315円\n差引ご請求額 149,685円\n", 15315),
        ("税込合計 165,000\n源泉徴収税（10.21％）▲15,315\n", 15315),
        ("合計\t165,000\n源泉徵収税額(10.21%)\t△15,315\nご請求金額\t149,685\n", 15315),  # OCR's 徵
    ],
)
def test_a_withholding_makes_the_total_to_be_checked(summary: str, withheld: int) -> None:
    fields = extract_invoice_fields(HEAD + FEES + summary)
    assert fields["withholding"] == withheld
    assert fields["status"]["total"] == "要確認"
    assert fields["total"] == 165000 - withheld  # what the bank statement will show
    listed = fields["candidates"]["total"]
    assert [c["value"] for c in listed[:2]] == [165000 - withheld, 165000]
    assert listed[0]["text"] == t("invoice.review.after_withholding")
    amount = t("invoice.yen", amount=f"{withheld:,}")
    assert fields["review_reasons"]["total"] == t("invoice.review.withholding", amount=amount)


@pytest.mark.parametrize(
    "summary",
    [
        "合計 165,000円\n",
        "合計 165,000円\n※源泉徴収の対象ではありません\n",  # the word without an amount
        "合計 165,000円\n源泉徴収票の送付は12月です\n",
    ],
)
def test_without_a_withheld_amount_the_total_stands(summary: str) -> None:
    fields = extract_invoice_fields(HEAD + FEES + summary)
    assert fields["withholding"] is None
    assert fields["total"] == 165000
    assert fields["status"]["total"] == "確定"


def test_when_nothing_tells_gross_from_net_the_amount_read_stays_first() -> None:
    """No per-rate figures and only one amount printed: which it is cannot be told, so the
    amount read is kept first and the other reading is offered beside it, at 要確認."""
    head = "請求書\n株式会社あおば企画 御中\n請求日 2026年5月31日\nデザイン事務所 森川 守\n"
    fields = extract_invoice_fields(head + "ご請求金額 149,685円\n源泉徴収税額 15,315円\n")
    assert fields["status"]["total"] == "要確認"
    assert fields["total"] == 149685
    assert [c["value"] for c in fields["candidates"]["total"][:2]] == [149685, 134370]
