"""Shapes read since heldout10's errors (issue 25): the document's date beside a period
(「対象期間 2032-07-01 ~ 2032-07-31」) and behind a bilingual label (「発行日 / Issue date:」), a
work day beside an unlabelled date (which is the document's date is asked, never guessed), and
a Japanese label with its English after it (「消費税 Tax 10%」, 「お支払金額 Total」)."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields


def _fees(date_lines: list[str]) -> str:
    return "\n".join(
        [
            "請求書",
            "株式会社ことのは食堂 御中",
            *date_lines,
            "株式会社はやてデリバリー",
            "登録番号 / Registration No.:T5530981276614",
            "項目 数量 単価 金額",
            "配達手数料 1,000 60 60,000",
            "小計 60,000",
            "消費税(10%) 6,000",
            "ご請求金額 66,000",
        ]
    )


def test_the_issue_date_behind_a_bilingual_label_wins_over_a_period() -> None:
    fields = extract_invoice_fields(
        _fees(["対象期間 / Period:2032-04-01 ~ 2032-04-30", "発行日 / Issue date:2032-05-06"])
    )
    assert (fields["transaction_date"], fields["status"]["transaction_date"]) == (
        "2032-05-06",
        "確定",
    )


def test_a_period_alone_is_not_the_documents_date() -> None:
    fields = extract_invoice_fields(
        _fees(["対象期間 2032年4月1日 〜 2032年4月30日", "2032年5月6日"])
    )
    assert (fields["transaction_date"], fields["status"]["transaction_date"]) == (
        "2032-05-06",
        "確定",
    )


def test_a_work_day_beside_an_unlabelled_date_is_asked_with_both() -> None:
    fields = extract_invoice_fields(_fees(["作業日:令和14年4月12日(夜間)", "令和14年4月16日"]))
    assert fields["status"]["transaction_date"] == "要確認"
    candidates = {c["value"] for c in fields["candidates"]["transaction_date"]}
    assert candidates == {"2032-04-12", "2032-04-16"}


def test_one_unlabelled_date_stays_certain() -> None:
    fields = extract_invoice_fields(_fees(["令和14年4月16日"]))
    assert (fields["transaction_date"], fields["status"]["transaction_date"]) == (
        "2032-04-16",
        "確定",
    )


def test_a_japanese_label_with_its_english_after_it() -> None:
    text = "\n".join(
        [
            "INVOICE",
            "請求書",
            "有限会社かもめ亭 御中",
            "請求日 2032年10月31日",
            "内容 / Description 数量 単価 金額 税",
            "メニュー デザイン 1 200,000 200,000 10%",
            "撮影用食材費(立替) 1 12,000 12,000 非",
            "小計 Subtotal(10%対象) ¥200,000",
            "消費税 Tax 10% ¥20,000",
            "立替金 Reimbursements ¥12,000",
            "お支払金額 Total",
            "¥232,000",
            "合同会社みなとデザイン",
            "登録番号 T-1367-7359-9759-8",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 20000}
    assert (fields["total"], fields["status"]["total"]) == (232000, "確定")


def test_an_era_letter_after_a_date_label_is_kept() -> None:
    """「請求日 R14.5.31」: the R is the era (令和), not an English label."""
    fields = extract_invoice_fields(_fees(["請求日 R14.5.31"]))
    assert fields["transaction_date"] == "2032-05-31"


def test_a_label_with_a_note_then_its_english_after_a_slash() -> None:
    """「ご請求金額(手数料合計・税込)/ Amount invoiced」, 「消費税 10% / Tax」, 「小計 / Subtotal」."""
    text = "\n".join(
        [
            "請求書 兼 精算明細書 Invoice & Payout Statement",
            "株式会社ことのは食堂 御中",
            "株式会社はやてデリバリー",
            "登録番号 / Registration No.:T5530981276614",
            "発行日 / Issue date:2032-05-06",
            "配達手数料 / Delivery fee 1,000件 ¥60 ¥60,000",
            "小計 / Subtotal ¥60,000",
            "消費税 10% / Tax ¥6,000",
            "ご請求金額(手数料合計・税込)/ Amount invoiced ¥66,000",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"10": 6000}
    assert (fields["total"], fields["status"]["total"]) == (66000, "確定")


def test_a_reissue_letter_and_a_banks_transfer_receipt_are_not_invoices() -> None:
    letter = extract_invoice_fields(
        "請 求 書 再 発 行 の ご 案 内\n拝啓 旧請求書を破棄いただき、同封の再発行分にてご処理ください。"
        "\nご請求金額 ¥94,129(税込)"
    )
    receipt = extract_invoice_fields(
        "お 振 込 受 付 の お 知 ら せ\nお振込金額 87,209円\n振込手数料(消費税込) 770円"
    )
    assert (letter["document_type"], receipt["document_type"]) == ("cover_letter", "payment_notice")


def test_a_staffing_grid_with_hours_in_the_quantity_cells() -> None:
    """A Word table 「区分・スタッフ 時間・日数 単価 金額」 whose cells say 「78時間」, 「25日」."""
    text = "\n".join(
        [
            "派遣料金 請求書",
            "請求日\u30002032年3月31日",
            "株式会社ことのは食堂\u3000御中",
            "株式会社さくらスタッフ",
            "登録番号\u3000T 3835610990855",
            "区分・スタッフ\t時間・日数\t単価\t金額",
            "派遣料 調理補助 佐藤（通常）\t78時間\t1,750\t136,500",
            "交通費（課税）\t25日\t480\t12,000",
            "小計\t148,500円",
            "消費税（10%）\t14,850円",
            "ご請求金額\t163,350円",
        ]
    )
    fields = extract_invoice_fields(text)
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in fields["lines"]] == [
        (78, 1750, 136500),
        (25, 480, 12000),
    ]
    assert (fields["total"], fields["status"]["total"]) == (163350, "確定")


def test_unit_words_and_a_short_non_taxable_mark_in_the_rows() -> None:
    """「13 樽」 is a quantity and its unit; 「非」 in the 税率 column is outside the tax."""
    text = "\n".join(
        [
            "請求書",
            "株式会社ことのは食堂 御中",
            "請求日 2032年8月20日",
            "株式会社みなと酒販",
            "登録番号 T8032207240499",
            "品名 数量 単位 単価 金額 税率",
            "生ビール 樽詰 10L 13 樽 6,380 82,940 10%",
            "樽 容器保証金 13 樽 3,000 39,000 非",
            "10%対象 82,940",
            "消費税 10% 8,294",
            "非課税(容器保証金) 39,000",
            "今回ご請求額 130,234",
        ]
    )
    fields = extract_invoice_fields(text)
    assert [(i["description"], i["rate"], i["non_taxable"]) for i in fields["lines"]] == [
        ("生ビール 樽詰 10L", 10, False),
        ("樽 容器保証金", None, True),
    ]
    assert (fields["total"], fields["status"]["total"]) == (130234, "確定")


def test_a_public_bills_tax_equivalent_and_its_noki_gen() -> None:
    """A waterworks bill: 「お支払金額 うち消費税等相当額(10%) 納期限」 over its three values."""
    layout: list[dict[str, Any]] = [
        {"page": 1, "top": 20.0, "cells": [[150.0, 420.0, "上下水道料金 請求書"]]},
        {"page": 1, "top": 40.0, "cells": [[30.0, 250.0, "株式会社ことのは食堂 様"]]},
        {"page": 1, "top": 55.0, "cells": [[30.0, 200.0, "発行日 令和14年7月10日"]]},
        {"page": 1, "top": 70.0, "cells": [[320.0, 500.0, "あさなぎ市上下水道局"]]},
        {"page": 1, "top": 85.0, "cells": [[320.0, 500.0, "登録番号 T7494393987738"]]},
        {"page": 1, "top": 110.0, "cells": [[30.0, 100.0, "お支払金額"],
                                             [150.0, 330.0, "うち消費税等相当額(10%)"],
                                             [380.0, 440.0, "納期限"]]},
        {"page": 1, "top": 125.0, "cells": [[40.0, 100.0, "46,046円"], [250.0, 300.0, "4,186円"],
                                             [370.0, 470.0, "令和14年7月27日"]]},
    ]  # fmt: skip
    text = "\n".join(" ".join(str(c[2]) for c in row["cells"]) for row in layout)
    fields = extract_invoice_fields(text, layout=layout)
    assert fields["tax_by_rate"] == {"10": 4186}
    assert fields["total"] == 46046
    assert fields["due_date"] == "2032-07-27"


def test_a_receipts_outside_tax_lines_by_rate() -> None:
    """「(外税8%対象 ¥10,446)」 「(外税8% ¥835)」: the base and the tax of each rate."""
    text = "\n".join(
        [
            "株式会社ひなたマート",
            "登録番号 T6147850248474",
            "2032/08/08(日) 10:18",
            "領 収 証",
            "※強力粉 1kg ¥10,446",
            " アルミホイル 業務用 30cm ¥1,752",
            "小計 ¥12,198",
            "(外税8%対象 ¥10,446)",
            "(外税8% ¥835)",
            "(外税10%対象 ¥1,752)",
            "(外税10% ¥175)",
            "合計 ¥13,208",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["tax_by_rate"] == {"8": 835, "10": 175}
    assert (fields["total"], fields["status"]["total"]) == (13208, "確定")


def test_a_utilitys_company_under_its_title_over_a_nameless_cell_near_the_number() -> None:
    text = "\n".join(
        [
            "ガス料金 ご請求書",
            "あけぼの瓦斯株式会社",
            "株式会社ことのは食堂 様",
            "ご請求日 2032年9月26日",
            "今月のご請求額 52,236円",
            "料金内訳(税込) 計算 金額(円)",
            "基本料金 4,851",
            "従量料金 297m3 × 158.62円 47,385",
            "合計 52,236",
            "※料金はすべて消費税等相当額を含みます(10%)。 登録番号 T8948304542785",
        ]
    )
    fields = extract_invoice_fields(text)
    assert fields["issuer_name"] == "あけぼの瓦斯株式会社"
    assert fields["status"]["issuer_name"] == "要確認"
