"""The values the invoice domain writes into its outputs, as data: a field's status (確定,
要確認, なし), what happened to an evidence file (照合済, 未照合, …), the names of document
kinds in the file rows, the buyer placeholder 上様, and the columns of a statement row it reads.

These are not messages: plans compare them (`when: ${…status.total} == 要確認`), the monthly
close's report and summary are keyed by them, and `KEIRI_LANG=en` writes the same values. The
sentences shown beside them (review reasons, findings) come from the catalog (`invoice.*`).
The words and patterns that extraction looks for in a document are in
`blocks.invoice.patterns`; the prompts to a model in `blocks.invoice.prompts`.
"""

from __future__ import annotations

__all__ = [
    "CONFIRMED",
    "EXCLUDED",
    "KIND_LABELS",
    "MATCHED",
    "MISSING",
    "NOT_INVOICE",
    "NO_NAME_BUYER",
    "OUTCOMES",
    "REVIEW",
    "STATEMENT_DATE",
    "STATEMENT_WITHDRAWAL",
    "UNMATCHED",
    "UNREADABLE",
]

# -- a field's status (`status.<field>`): compared by plans, so one value in every language ---
CONFIRMED = "確定"
REVIEW = "要確認"
MISSING = "なし"

# -- what happened to an evidence file (`account_files` rows and summary keys) ---------------
MATCHED = "照合済"
UNMATCHED = "未照合"
NOT_INVOICE = "請求書以外"
UNREADABLE = "読取不可"
EXCLUDED = "除外"
OUTCOMES = (MATCHED, UNMATCHED, REVIEW, NOT_INVOICE, UNREADABLE, EXCLUDED)

#: A document kind (`doc_kinds`) -> its name in the file rows (`kind`) and as the reason of
#: 請求書以外: the names documents are titled by.
KIND_LABELS = {
    "invoice": "請求書",
    "simplified_invoice": "領収書・簡易請求書",
    "quotation": "見積書",
    "purchase_order": "注文書",
    "delivery_note": "納品書",
    "payment_notice": "支払通知書",
    "credit_note": "返品・値引",
    "cover_letter": "送付状",
}

#: The buyer of a receipt made out to nobody (「上様」): written as the buyer's name.
NO_NAME_BUYER = "上様"

# -- the columns of a statement row (`table.read_statement`'s records) a payment is read from -
STATEMENT_DATE = "日付"
STATEMENT_WITHDRAWAL = "出金"
