"""OCR text repaired by cause (issue 25, the fresh set's scans): the engines' text cleaning
(`blocks.file.ocr_engines.clean`), the invoice labels OCR misreads (`ocr_repair`), and what
stays 要確認 when it comes from OCR."""

from __future__ import annotations

import pytest

from blocks.file.ocr_engines import clean
from blocks.invoice.extract import extract_invoice_fields
from blocks.invoice.ocr_repair import repair_layout, repair_text
from keiri.base.catalog import t


@pytest.mark.parametrize(
    ("read", "cleaned"),
    [
        ("请求书", "請求書"),  # RapidOCR's simplified forms
        ("合计金额 ¥5,500", "合計金額 ¥5,500"),
        ("467,50010%", "467,500 10%"),  # the rate run into the amount
        ("5,184 10%", "5,184 10%"),  # a space before a rate is kept
        ("合計 ¥1.234.567", "合計 ¥1,234,567"),  # both separators in one pass
        ("小計 328,.657", "小計 328,657"),
        ("税率 0.08", "税率 0.08"),  # a decimal point stays
        ("680,584 67,954748,538", "680,584 67,954 748,538"),  # two cells run together
        ("| 29,775| 331,185 |", "29,775  331,185"),  # vertical rules read as bars
    ],
)
def test_the_engines_text_is_cleaned(read: str, cleaned: str) -> None:
    assert clean(read) == cleaned


@pytest.mark.parametrize(
    ("read", "repaired"),
    [
        ("台計 ¥241,758", "合計 ¥241,758"),
        ("ご請金額(税込) ¥241,758", "ご請求金額(税込) ¥241,758"),
        ("19% 対象小計 ¥219,780", "10% 対象小計 ¥219,780"),
        ("16%対象消費税 ¥21,978", "10%対象消費税 ¥21,978"),
        ("軽減 8% 対象", "軽減 8% 対象"),  # real rates stay
        ("110%", "110%"),
    ],
)
def test_label_and_rate_misreadings_are_repaired(read: str, repaired: str) -> None:
    assert repair_text(read) == repaired


def test_the_layout_cells_are_repaired_in_place() -> None:
    rows = [{"page": 1, "top": 10.0, "cells": [[1.0, 20.0, "台計"], [30.0, 60.0, "¥5,500"]]}]
    assert repair_layout(rows) == [
        {"page": 1, "top": 10.0, "cells": [[1.0, 20.0, "合計"], [30.0, 60.0, "¥5,500"]]}
    ]


OCR_PAGE = (
    "請求書\n株式会社ミライ建設御中\n北斗運輸株式会社\n登録番号:T9332360744652\n"
    "19%対象小計 ¥10,000\n16%対象消費税 ¥1,000\n台計 ¥11,000\n|\n"
)


def test_an_ocr_page_with_misread_labels_gives_its_total_but_nothing_certain_on_its_own() -> None:
    """The repaired labels give the total and the per-rate figures; the arithmetic confirms
    the total. The registration number's check digit holds, but a 0 read as a 9 keeps it,
    so from OCR it is 要確認 with the reason; a stray 「|」 is no issuer."""
    fields = extract_invoice_fields(OCR_PAGE, from_ocr=True)
    assert fields["total"] == 11000
    assert fields["totals_by_rate"] == {"10": 10000}
    assert fields["status"]["total"] == "確定"  # the arithmetic confirms it
    assert fields["registration_number"] == "T9332360744652"
    assert fields["status"]["registration_number"] == "要確認"
    assert fields["review_reasons"]["registration_number"] == t("invoice.review.registration_ocr")
    assert fields["issuer_name"] == "北斗運輸株式会社"
    assert fields["status"]["issuer_name"] == "要確認"


def test_the_same_text_not_from_ocr_is_not_repaired() -> None:
    """A text layer is what the document printed: no OCR repair touches it."""
    fields = extract_invoice_fields(OCR_PAGE)
    assert fields["totals_by_rate"] != {"10": 10000}


def test_a_header_row_read_flat_pairs_by_count_and_the_arithmetic_confirms_it() -> None:
    """A header row read flat (「税抜合計 消費税合計 税込合計」 then 「680,584 67,954 748,538」)
    put the subtotal after 税込合計. Three labels over three amounts now pair in order
    (`flat_tables`), so 税込合計 is 748,538, and the per-rate figures (10% and 8% *of* their
    bases) confirm it; the subtotal is no candidate of the total (a RapidOCR read of a
    landscape scan)."""
    page = (
        "請求書\n株式会社ミライ建設御中\n税抜合計消費税合計税込合計\n"
        + clean("680,584\t67,954748,538")
        + "\n10%対象額 675,400円消費税 67,540円 8%対象額 5,184円消費税414円\n"
    )
    fields = extract_invoice_fields(page, from_ocr=True)
    assert (fields["total"], fields["status"]["total"]) == (748538, "確定")
    assert 680584 not in [c["value"] for c in fields["candidates"]["total"]]
