"""Messages of bank statements (`statement.*`: columns, the running balance), of the workbooks
they and other evidence come in (`workbook.*`: what `excel.read_data` notes) and of the payment
reconciliation (`reconcile.*`: proposals for 要確認 invoices, due dates, a person's decisions)."""

from __future__ import annotations

ENTRIES: dict[str, dict[str, str]] = {
    # --- statement.* (table.read_statement) ---
    "statement.columns_sep": {"ja": "、", "en": ", "},
    "statement.no_labels": {"ja": "（列名なし）", "en": "(no labels)"},
    "statement.no_amount_column": {
        "ja": "{row} 行目の見出しに金額の列（出金・入金）がありません。見つかった列: {columns}",
        "en": "The header in row {row} has no amount column (withdrawal or deposit). "
        "Columns found: {columns}",
    },
    "statement.no_amount_column_hint": {
        "ja": "出金・入金の列名を blocks/statements/statement_profiles.yaml の columns に加えるか、"
        "正しい見出し行を header_row に指定してください",
        "en": "Add the withdrawal and deposit labels to columns in "
        "blocks/statements/statement_profiles.yaml, or give the right header row as header_row",
    },
    "statement.no_date_column": {
        "ja": "{row} 行目の見出しに日付の列がありません。見つかった列: {columns}",
        "en": "The header in row {row} has no date column. Columns found: {columns}",
    },
    "statement.no_date_column_hint": {
        "ja": "日付の列名を blocks/statements/statement_profiles.yaml の columns に加えるか、"
        "正しい見出し行を header_row に指定してください",
        "en": "Add the date label to columns in blocks/statements/statement_profiles.yaml, "
        "or give the right header row as header_row",
    },
    "statement.balance_break": {
        "ja": "{row} 行目で残高が合いません: 前の残高 {previous} + 入金 {deposit} − 出金 "
        "{withdrawal} = {expected} のはずが、明細の残高は {found} です",
        "en": "The balance breaks in row {row}: previous balance {previous} + deposit {deposit} "
        "− withdrawal {withdrawal} = {expected}, but the statement says {found}",
    },
    "statement.balance_break_hint": {
        "ja": "取引の抜け・重複や金額の誤りがないか、銀行の明細（通帳）と照らしてください",
        "en": "Compare with the bank's own statement: a missing or doubled transaction, "
        "or a changed amount",
    },
    "statement.zengin_balance": {
        "ja": "{row} 行目（トレーラー）の取引後残高 {found} が、取引前残高 {opening}（{header} "
        "行目）+ 入金 {deposits} − 出金 {withdrawals} = {expected} と合いません",
        "en": "The closing balance {found} in row {row} (trailer) is not the opening balance "
        "{opening} (row {header}) + deposits {deposits} − withdrawals {withdrawals} = {expected}",
    },
    "statement.zengin_balance_hint": {
        "ja": "ファイルの取り違え（別の口座・別の期間）や作成途中のファイルでないか、銀行に確認してください",
        "en": "Check with the bank that the file is complete and of this account and period",
    },
    # --- statement.skip.* (why a row of a statement is not a transaction) ---
    "statement.skip.blank": {"ja": "空行", "en": "blank row"},
    "statement.skip.not_transaction": {
        "ja": "取引ではない行（{label}）",
        "en": "not a transaction ({label})",
    },
    "statement.skip.no_date": {"ja": "日付がない行", "en": "no date"},
    "statement.skip.no_amount": {
        "ja": "出金・入金のない行",
        "en": "no withdrawal or deposit",
    },
    "statement.skip.separator": {"ja": "、", "en": "; "},
    # --- workbook.* (excel.read_data) ---
    "workbook.cells_sep": {"ja": "、", "en": ", "},
    "workbook.more_cells": {"ja": " ほか {count} セル", "en": " and {count} more"},
    "workbook.uncached": {
        "ja": "シート「{sheet}」の {count} セルは数式の計算結果が保存されていないため、空として読みました: "
        "{cells}",
        "en": "{count} cells of sheet {sheet!r} hold a formula without a saved result and were "
        "read as empty: {cells}",
    },
    "workbook.uncached_hint": {
        "ja": "Excel でブックを開いて保存し直す（計算結果が保存されます）と値を読めます",
        "en": "Open the workbook in Excel and save it again (the results are saved) to read the values",
    },
    # --- reconcile.* (table.reconcile proposals, table.settle_proposals, the file list) ---
    "reconcile.proposal.label": {
        "ja": "提案{number}: {issuer}（{file}）合計 {total} ⇔ {date} の出金 {paid}",
        "en": "Proposal {number}: {issuer} ({file}) total {total} ⇔ paid {paid} on {date}",
    },
    "reconcile.proposal.no_issuer": {"ja": "取引先不明", "en": "unknown vendor"},
    "reconcile.proposal.why": {
        "ja": "合計が要確認の理由: {reason}",
        "en": "Why the total needs a review: {reason}",
    },
    "reconcile.proposal.reject": {"ja": "照合しない", "en": "Do not match"},
    "reconcile.proposal.accept": {
        "ja": "照合する（この支払と照合済にする）",
        "en": "Match (book this payment against the invoice)",
    },
    "reconcile.settle.accepted": {
        "ja": "{who} が提案を承認して照合しました",
        "en": "Matched: the proposal was accepted by {who}",
    },
    "reconcile.settle.rejected": {
        "ja": "{who} が提案を却下しました（照合しない）",
        "en": "The proposal was rejected by {who} (not matched)",
    },
    "reconcile.settle.form_rejected": {
        "ja": "確認フォームが差し戻されたため照合していません（{who}）",
        "en": "Not matched: the confirm form was sent back by {who}",
    },
    "reconcile.settle.unanswered": {
        "ja": "提案への回答がないため照合していません",
        "en": "Not matched: the proposal was not answered",
    },
    "reconcile.settle.comment": {"ja": "。コメント: {comment}", "en": ". Comment: {comment}"},
    "reconcile.files.os_metadata": {
        "ja": "OS が作るファイル（__MACOSX・.DS_Store・Thumbs.db など）のため証跡として扱いません",
        "en": "A file the operating system makes (__MACOSX, .DS_Store, Thumbs.db): not evidence",
    },
    "reconcile.files.proposal_rejected": {
        "ja": "照合の提案を採用せず: {reason}。合計が要確認の理由: {review}",
        "en": "The proposed payment was not taken: {reason}. Why the total needs a review: {review}",
    },
}
