"""Shapes read since heldout10's errors (issue 25): the document's date beside a period
(「対象期間 2032-07-01 ~ 2032-07-31」) and behind a bilingual label (「発行日 / Issue date:」), a
work day beside an unlabelled date (which is the document's date is asked, never guessed), and
a Japanese label with its English after it (「消費税 Tax 10%」, 「お支払金額 Total」)."""

from __future__ import annotations

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
