"""Messages of the report surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

The words of the codes a report writes (`excel.write` columns with `words:`): the findings'
rules and fields, the reconciliation's match kinds, the statement findings' codes. The code
sets themselves are `keiri.base.catalog.words.REPORT_WORDS`."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # invoice requirement rules (blocks/invoice/rules.py RULES)
    "report.rule.text_unavailable": {"ja": "文字を読み取れない", "en": "Text unreadable"},
    "report.rule.text_truncated": {"ja": "文字の一部のみ読み取り", "en": "Text truncated"},
    "report.rule.document_type_unknown": {"ja": "書類の種類が不明", "en": "Document type unknown"},
    "report.rule.issuer_name_missing": {"ja": "発行者名なし", "en": "Issuer name missing"},
    "report.rule.registration_number_missing": {
        "ja": "登録番号なし",
        "en": "Registration number missing",
    },
    "report.rule.registration_number_format": {
        "ja": "登録番号の形式誤り",
        "en": "Registration number malformed",
    },
    "report.rule.registration_number_check_digit": {
        "ja": "登録番号のチェックデジット誤り",
        "en": "Registration number check digit wrong",
    },
    "report.rule.transaction_date_missing": {
        "ja": "取引年月日なし",
        "en": "Transaction date missing",
    },
    "report.rule.transaction_date_invalid": {
        "ja": "取引年月日が不正",
        "en": "Transaction date invalid",
    },
    "report.rule.description_missing": {"ja": "取引内容なし", "en": "Description missing"},
    "report.rule.reduced_rate_marking_missing": {
        "ja": "軽減税率の対象表示なし",
        "en": "Reduced-rate marking missing",
    },
    "report.rule.reduced_rate_marker_unexplained": {
        "ja": "軽減税率の記号の説明なし",
        "en": "Reduced-rate marker unexplained",
    },
    "report.rule.totals_by_rate_missing": {
        "ja": "税率ごとの合計なし",
        "en": "Totals by rate missing",
    },
    "report.rule.tax_by_rate_missing": {
        "ja": "税率ごとの消費税額なし",
        "en": "Tax by rate missing",
    },
    "report.rule.tax_or_rate_missing": {"ja": "税率または税額なし", "en": "Tax or rate missing"},
    "report.rule.unsupported_tax_rate": {"ja": "対象外の税率", "en": "Unsupported tax rate"},
    "report.rule.tax_amount_mismatch": {"ja": "消費税額の不一致", "en": "Tax amount mismatch"},
    "report.rule.total_mismatch": {"ja": "合計の不一致", "en": "Total mismatch"},
    "report.rule.total_missing": {"ja": "合計なし", "en": "Total missing"},
    "report.rule.line_amounts_mismatch": {
        "ja": "明細金額の合計の不一致",
        "en": "Line amounts mismatch",
    },
    "report.rule.line_amount_mismatch": {"ja": "明細金額の不一致", "en": "Line amount mismatch"},
    "report.rule.buyer_name_missing": {"ja": "宛名なし", "en": "Buyer name missing"},
    "report.rule.total_unconfirmed": {"ja": "合計が未確定（要確認）", "en": "Total unconfirmed"},
    "report.rule.text_note": {"ja": "読み取りの注記", "en": "Reading note"},
    "report.rule.registration_not_valid_on_date": {
        "ja": "取引日に登録が有効でない",
        "en": "Registration not valid on the date",
    },
    "report.rule.issuer_name_differs": {
        "ja": "発行者名が登録と異なる",
        "en": "Issuer name differs from the registry",
    },
    # the fields a finding points at
    "report.field.registration_number": {"ja": "登録番号", "en": "Registration number"},
    "report.field.issuer_name": {"ja": "発行者名", "en": "Issuer name"},
    "report.field.buyer_name": {"ja": "宛名", "en": "Buyer name"},
    "report.field.transaction_date": {"ja": "取引年月日", "en": "Transaction date"},
    "report.field.lines": {"ja": "取引内容", "en": "Lines"},
    "report.field.total": {"ja": "合計", "en": "Total"},
    "report.field.totals_by_rate": {"ja": "税率ごとの合計", "en": "Totals by rate"},
    "report.field.tax_by_rate": {"ja": "税率ごとの消費税額", "en": "Tax by rate"},
    "report.field.text": {"ja": "本文", "en": "Text"},
    "report.field.title": {"ja": "書類名", "en": "Title"},
    "report.field.notes": {"ja": "注記", "en": "Notes"},
    # how an invoice and a payment were matched (table.reconcile, table.settle_proposals)
    "report.match.exact": {"ja": "完全一致", "en": "Exact"},
    "report.match.within_tolerance": {"ja": "許容差内で一致", "en": "Within tolerance"},
    "report.match.accepted": {"ja": "提案を承認", "en": "Proposal accepted"},
    # bank statement findings
    "report.statement.BALANCE_BREAK": {"ja": "残高の不連続", "en": "Balance break"},
}
