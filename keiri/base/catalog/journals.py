"""Messages of journal entries and their exports (`journal.*`) and of the counterparty master
(`counterparty.*`): the blocks, the export checks, `keiri journals` and `keiri counterparties`."""

from __future__ import annotations

ENTRIES: dict[str, dict[str, str]] = {
    "journal.period.missing": {
        "ja": "仕訳に会計期間がありません{periods}",
        "en": "The entries have no accounting period{periods}",
    },
    "journal.period.several": {
        "ja": "仕訳の会計期間が複数あります（{periods}）",
        "en": "The entries have several accounting periods ({periods})",
    },
    # --- journal.map.* (account and tax-category names per product) ---
    "journal.map.unreadable": {
        "ja": "勘定科目の対応表（{path}）を読めません: {detail}",
        "en": "Cannot read the account map ({path}): {detail}",
    },
    "journal.map.not_mapping": {
        "ja": "勘定科目の対応表（{path}）の「{product}」が対応表の形（accounts / tax_categories）ではありません",
        "en": "In the account map ({path}), {product!r} is not a mapping of accounts / tax_categories",
    },
    "journal.map.hint": {
        "ja": "KEIRI_JOURNAL_ACCOUNT_MAP の YAML を直してください（例: yayoi: {{accounts: {{研修費: 研修採用費}}}}）",
        "en": "Fix the YAML named by KEIRI_JOURNAL_ACCOUNT_MAP (e.g. yayoi: {{accounts: {{研修費: 研修採用費}}}})",
    },
    "journal.map.missing_account": {
        "ja": "勘定科目「{name}」（仕訳 {entries}）が対応表にありません。{close}",
        "en": "Account {name!r} (entries {entries}) is not in the map. {close}",
    },
    "journal.map.missing_tax": {
        "ja": "税区分「{name}」（仕訳 {entries}）が対応表にありません。{close}",
        "en": "Tax category {name!r} (entries {entries}) is not in the map. {close}",
    },
    "journal.map.missing": {
        "ja": "{product} に出力できません（対応表にない名前 {count} 件）: {problems}",
        "en": "Cannot export to {product} ({count} names not in the map): {problems}",
    },
    "journal.map.missing_hint": {
        "ja": "仕訳の勘定科目を直すか、KEIRI_JOURNAL_ACCOUNT_MAP の YAML の「{chart}」に対応を加えてください。何も書き出していません",
        "en": "Correct the entries' accounts, or add them under {chart!r} in the YAML named by KEIRI_JOURNAL_ACCOUNT_MAP; nothing was written",
    },
    # --- journal.check.* (the checks before an export) ---
    "journal.check.unbalanced": {
        "ja": "仕訳 {entry}: 借方 {debit}円 と貸方 {credit}円 が一致しません",
        "en": "Entry {entry}: debit {debit} yen and credit {credit} yen differ",
    },
    "journal.check.amount": {
        "ja": "仕訳 {entry}: 金額か税額が負、または税額が金額を超えています",
        "en": "Entry {entry}: an amount or tax is negative, or a tax exceeds its amount",
    },
    "journal.check.outside_period": {
        "ja": "仕訳 {entry}: 日付 {date} が会計期間 {period} の外です",
        "en": "Entry {entry}: the date {date} is outside the period {period}",
    },
    "journal.check.duplicate": {
        "ja": "仕訳 {entry}: 同じ証憑・取引先・金額の仕訳が2件以上あります（{file}）",
        "en": "Entry {entry}: more than one entry with the same evidence, counterparty and amount ({file})",
    },
    "journal.check.summary_too_long": {
        "ja": "仕訳 {entry}: 摘要が {size}{unit} で、上限の {limit}{unit} を超えています",
        "en": "Entry {entry}: the description is {size} {unit}, over the limit of {limit} {unit}",
    },
    "journal.check.unencodable": {
        "ja": "仕訳 {entry}: 「{text}」の「{char}」は {encoding} で書けない文字です",
        "en": "Entry {entry}: {char!r} in {text!r} cannot be written in {encoding}",
    },
    "journal.check.failed": {
        "ja": "{product} に出力できません（問題 {count} 件）: {problems}",
        "en": "Cannot export to {product} ({count} problems): {problems}",
    },
    "journal.check.failed_hint": {
        "ja": "仕訳か会計期間を直してからもう一度出力してください。何も書き出していません",
        "en": "Fix the entries or the period and export again; nothing was written",
    },
    "journal.check.malformed": {
        "ja": "ノード {node} の仕訳データが正しくありません（{where}: {detail}）",
        "en": "The journal data of node {node} is malformed ({where}: {detail})",
    },
    "journal.check.malformed_hint": {
        "ja": "金額は円単位の整数です。仕訳を作ったノードの出力を確かめてください",
        "en": "Amounts are whole yen; check the outputs of the node that made the entries",
    },
    "journal.ledger.error": {
        "ja": "出力済みの仕訳の記録（{path}）を読み書きできません: {detail}",
        "en": "Cannot read or write the record of exported entries ({path}): {detail}",
    },
    "journal.ledger.newer": {
        "ja": "出力済みの仕訳の記録（{path}）は新しい keiri で作られています（スキーマ {version}）",
        "en": "The record of exported entries ({path}) was written by a newer keiri (schema {version})",
    },
    "journal.export.payment_not_a_deal": {
        "ja": "支払の仕訳は freee の取引CSVに含めません（freee で決済として登録するか、振替伝票で出力してください）",
        "en": "Payments are not part of freee's deal CSV (settle them in freee, or export the transfer slips)",
    },
    # --- journal.word.* (words written into files; always Japanese) ---
    "journal.word.qualified": {"ja": "適格", "en": "qualified"},
    "journal.word.not_qualified": {"ja": "適格以外", "en": "not qualified"},
    "journal.word.before_invoice_system": {"ja": "制度開始前", "en": "before the invoice system"},
    "journal.word.debit": {"ja": "借方", "en": "debit"},
    "journal.word.credit": {"ja": "貸方", "en": "credit"},
    "journal.word.purchase": {"ja": "仕入", "en": "purchase"},
    "journal.word.payment": {"ja": "支払", "en": "payment"},
    "journal.word.review": {"ja": "要確認", "en": "review"},
    "journal.word.chars": {"ja": "文字", "en": "characters"},
    "journal.word.bytes": {"ja": "バイト", "en": "bytes"},
    # --- journal.cli.* / counterparty.cli.* (keiri journals, keiri counterparties) ---
    "journal.cli.default_file": {
        "ja": "仕訳_{fmt}_{run}.{extension}",
        "en": "journal_{fmt}_{run}.{extension}",
    },
    "journal.cli.not_completed": {
        "ja": "実行 {run} は完了していません（状態: {state}）",
        "en": "Run {run} has not completed (state: {state})",
    },
    "journal.cli.not_completed_hint": {
        "ja": "実行が完了してから出力してください（keiri runs で状態を確認できます）",
        "en": "Export once the run has completed (see keiri runs)",
    },
    "journal.cli.no_journal": {
        "ja": "実行 {run}（{plan}）には仕訳がありません",
        "en": "Run {run} ({plan}) has no journal entries",
    },
    "journal.cli.no_journal_hint": {
        "ja": "journal.from_invoices か journal.from_payments のノードがあるプランの実行を指定してください",
        "en": "Name a run of a plan with a journal.from_invoices or journal.from_payments node",
    },
    "journal.cli.written": {
        "ja": "{label} の形式で {file} に書き出しました（仕訳 {entries} 件・{rows} 行、期間 {period}）",
        "en": "Wrote {file} as {label} ({entries} entries, {rows} rows, period {period})",
    },
    "journal.cli.excluded": {
        "ja": "ほかの実行で出力済みの仕訳 {count} 件は含めていません（二重計上の防止）",
        "en": "{count} entries already exported by another run were left out (no double booking)",
    },
    "journal.cli.left_out": {"ja": "{entry}: {reason}", "en": "{entry}: {reason}"},
    "journal.cli.cut": {
        "ja": "{entry}: 摘要を上限に合わせて短くしました → {after}",
        "en": "{entry}: the description was shortened to the limit -> {after}",
    },
    "counterparty.cli.default_file": {"ja": "取引先.csv", "en": "counterparties.csv"},
    "counterparty.cli.col.code": {"ja": "コード", "en": "code"},
    "counterparty.cli.col.name": {"ja": "取引先名", "en": "name"},
    "counterparty.cli.col.kana": {"ja": "カナ名", "en": "kana"},
    "counterparty.cli.col.registration_number": {"ja": "登録番号", "en": "registration number"},
    "counterparty.cli.col.default_account": {"ja": "既定の勘定科目", "en": "default account"},
    "counterparty.cli.col.payment_terms": {"ja": "支払条件", "en": "payment terms"},
    "counterparty.cli.count": {
        "ja": "取引先 {count} 件、ルール {rules} 件",
        "en": "{count} counterparties, {rules} rules",
    },
    "counterparty.cli.imported": {
        "ja": "{file} を取り込みました（新規 {create} 件、更新 {update} 件、変更なし {same} 件）",
        "en": "Imported {file} ({create} new, {update} updated, {same} unchanged)",
    },
    "counterparty.cli.exported": {
        "ja": "取引先 {count} 件を {file} に書き出しました",
        "en": "Wrote {count} counterparties to {file}",
    },
    # --- journal.summary.* (the 摘要 written into the books: always Japanese) ---
    "journal.summary.invoice": {"ja": "請求書", "en": "invoice"},
    "journal.summary.more": {"ja": " 他", "en": " etc."},
    "journal.summary.payment": {"ja": "{name} 支払", "en": "{name} payment"},
    "journal.summary.payment_fee_deducted": {
        "ja": "{name} 支払 振込手数料{fee}円差引",
        "en": "{name} payment, transfer fee {fee} yen deducted",
    },
    "journal.summary.payment_fee_paid": {
        "ja": "{name} 支払 振込手数料{fee}円含む",
        "en": "{name} payment, transfer fee {fee} yen included",
    },
    # --- journal.skip.* (evidence that did not become an entry) ---
    "journal.skip.unknown_kind": {"ja": "種類不明", "en": "unknown kind"},
    "journal.skip.not_invoice": {
        "ja": "請求書ではないため仕訳にしません（{kind}）",
        "en": "Not an invoice, so no entry ({kind})",
    },
    "journal.skip.unconfirmed": {
        "ja": "要確認の項目があるため仕訳にしません: {reasons}",
        "en": "Items need review, so no entry: {reasons}",
    },
    "journal.skip.no_date": {
        "ja": "取引日が読めないため仕訳にしません",
        "en": "The transaction date is unreadable, so no entry",
    },
    "journal.skip.check_errors": {
        "ja": "請求書のチェックで指摘（エラー）があるため仕訳にしません: {rules}",
        "en": "The invoice check found errors, so no entry: {rules}",
    },
    "journal.skip.no_totals": {
        "ja": "税率ごとの金額か合計がないため仕訳にしません",
        "en": "No per-rate amounts or no total, so no entry",
    },
    "journal.skip.unsupported_rate": {
        "ja": "10%・8% 以外の税率があるため仕訳にしません",
        "en": "A tax rate other than 10% or 8%, so no entry",
    },
    "journal.skip.not_whole_yen": {
        "ja": "円未満の金額があるため仕訳にしません",
        "en": "An amount is not in whole yen, so no entry",
    },
    "journal.skip.amounts_inconsistent": {
        "ja": "税率ごとの金額と消費税の合計が請求金額と一致しないため仕訳にしません",
        "en": "The per-rate amounts and tax do not add up to the total, so no entry",
    },
    "journal.skip.rule_ignore": {
        "ja": "ルール {rule} で「対象外」とされています",
        "en": "Rule {rule} says to ignore it",
    },
    "journal.skip.unreadable_payment": {
        "ja": "請求金額・支払額・支払日のいずれかが読めないため仕訳にしません",
        "en": "The invoiced amount, the paid amount or the date is unreadable, so no entry",
    },
    "journal.skip.difference_too_large": {
        "ja": "支払額と請求金額の差 {diff}円 が手数料の上限（{limit}円）を超えるため仕訳にしません",
        "en": "The difference of {diff} yen exceeds the fee limit ({limit} yen), so no entry",
    },
    # --- journal.review.* (why a person should look at an entry; kept with the entry) ---
    "journal.review.suggested": {
        "ja": "勘定科目はルール {rule} による推測です",
        "en": "The account is suggested by rule {rule}",
    },
    "journal.review.fallback": {
        "ja": "勘定科目を決めるルールも既定の科目もないため「{account}」にしています",
        "en": "No rule or default account: booked on {account!r}",
    },
    "journal.review.unverified": {
        "ja": "登録番号を登録簿で確かめていないため、経過措置（適格でない仕入）として計上しています",
        "en": "The registration number was not checked against the registry: booked as not qualified",
    },
    "journal.review.no_number": {
        "ja": "登録番号がないため、経過措置（適格でない仕入）として計上しています",
        "en": "No registration number: booked as not qualified",
    },
    "journal.review.exported": {
        "ja": "出力済み（実行 {run}・{at}・{by}）。今回のファイルには含めません",
        "en": "Already exported (run {run}, {at}, by {by}): left out of this run's file",
    },
    "journal.review.unknown_counterparty": {
        "ja": "取引先マスタにない取引先です",
        "en": "The counterparty is not in the master",
    },
    # --- journal.row.* / journal.form.* (the 仕訳確認 form: journal.review, the corrections) ---
    "journal.row.qualified": {"ja": "適格", "en": "qualified"},
    "journal.row.before_invoice_system": {"ja": "制度開始前", "en": "before the invoice system"},
    "journal.row.deduction": {
        "ja": "適格以外（{deduction}%控除）",
        "en": "not qualified ({deduction}% deductible)",
    },
    "journal.row.unverified": {
        "ja": "登録未確認（{deduction}%控除）",
        "en": "registration not verified ({deduction}% deductible)",
    },
    "journal.form.unknown_format": {
        "ja": "出力形式「{format}」はありません。{close}",
        "en": "There is no export format {format!r}. {close}",
    },
    "journal.form.unknown_format_hint": {
        "ja": "次のいずれかにしてください: {formats}",
        "en": "Use one of: {formats}",
    },
    "journal.form.unknown_row": {
        "ja": "仕訳確認の行「{row}」は仕訳にありません。{close}",
        "en": "Row {row!r} of the journal review is not in the journal. {close}",
    },
    "journal.form.unknown_tax": {
        "ja": "{row}: 税区分「{name}」はありません。{close}",
        "en": "{row}: there is no tax category {name!r}. {close}",
    },
    # --- journal.correct.* (corrections by a person) ---
    "journal.correct.unknown_entry": {
        "ja": "仕訳「{entry}」はありません。{close}",
        "en": "There is no entry {entry!r}. {close}",
    },
    "journal.correct.unknown_entry_hint": {
        "ja": "仕訳確認フォームに表示された仕訳の番号（P-0001 など）を指定してください",
        "en": "Use an entry id shown in the confirm form (P-0001, ...)",
    },
    "journal.correct.no_account": {
        "ja": "仕訳「{entry}」の修正に勘定科目がありません",
        "en": "The correction of entry {entry!r} has no account",
    },
    "journal.correct.no_line": {
        "ja": "仕訳「{entry}」に {line} 行目はありません",
        "en": "Entry {entry!r} has no line {line}",
    },
    "journal.correct.rule_before_sep": {"ja": "・", "en": ", "},
    "journal.review.sep": {"ja": "・", "en": ", "},
    "journal.correct.rule_note": {
        "ja": "仕訳 {entry} の修正（{before} から）",
        "en": "Correction of entry {entry} (from {before})",
    },
    # --- journal.period.* ---
    "journal.period.invalid": {
        "ja": "期間「{value}」を読めません",
        "en": "Cannot read the period {value!r}",
    },
    "journal.period.hint": {
        "ja": "2026-09（月）か 2026-09-21..2026-10-20（開始日..終了日）の形で指定してください",
        "en": "Use 2026-09 (a month) or 2026-09-21..2026-10-20 (start..end)",
    },
    # --- counterparty.terms.* (payment terms) ---
    "counterparty.terms.invalid": {
        "ja": "支払条件「{text}」を読み取れません",
        "en": "Cannot read the payment terms {text!r}",
    },
    "counterparty.terms.close_with_days": {
        "ja": "支払条件「{text}」: 締め日と「◯日後」は一緒に使えません",
        "en": "Payment terms {text!r}: a closing day cannot go with 'N days after'",
    },
    "counterparty.terms.hint": {
        "ja": "例: 翌月末、翌々月10日、月末締め翌月25日払い、20日締め翌月10日払い、請求日から30日",
        "en": "e.g. 翌月末, 翌々月10日, 月末締め翌月25日払い, 20日締め翌月10日払い, 請求日から30日",
    },
    # --- counterparty.field.* / counterparty.rule.* (validation of records) ---
    "counterparty.field.registration": {
        "ja": "登録番号「{value}」は「T」＋13桁の数字ではありません",
        "en": "Registration number {value!r} is not 'T' followed by 13 digits",
    },
    "counterparty.rule.no_target": {
        "ja": "ルールには取引先かキーワードのどちらかが必要です",
        "en": "A rule needs a counterparty or a keyword",
    },
    "counterparty.rule.no_account": {
        "ja": "「登録」「推測」のルールには勘定科目が必要です",
        "en": "A register or suggest rule needs an account",
    },
    # --- counterparty.store.* (the SQLite master) ---
    "counterparty.store.error": {
        "ja": "取引先マスタ（{path}）を読み書きできません: {detail}",
        "en": "Cannot read or write the counterparty master ({path}): {detail}",
    },
    "counterparty.store.error_hint": {
        "ja": "keiri ホームのディスクの空きと権限を確かめ、もう一度実行してください",
        "en": "Check the free space and permissions of the keiri home, then try again",
    },
    "counterparty.store.newer": {
        "ja": "取引先マスタ（{path}）は新しい keiri で作られています（スキーマ {version}）",
        "en": "The counterparty master ({path}) was written by a newer keiri (schema {version})",
    },
    "counterparty.store.newer_hint": {
        "ja": "keiri を更新してください。ファイルは書き換えていません",
        "en": "Update keiri; the file was not changed",
    },
    "counterparty.store.registration_taken": {
        "ja": "登録番号 {number} は取引先 {other} に登録済みのため、{code} には登録できません",
        "en": "Registration number {number} belongs to counterparty {other}; it cannot be given to {code}",
    },
    "counterparty.store.registration_taken_hint": {
        "ja": "同じ事業者なら一つの取引先にまとめてください",
        "en": "If they are the same business, keep one counterparty",
    },
    # --- counterparty.csv.* (CSV import and export) ---
    "counterparty.csv.encoding": {
        "ja": "{source} の文字コードを読めません（UTF-8 か Shift_JIS にしてください）",
        "en": "Cannot decode {source} (use UTF-8 or Shift_JIS)",
    },
    "counterparty.csv.encoding_hint": {
        "ja": "Excel では「CSV UTF-8（コンマ区切り）」で保存してください",
        "en": "In Excel, save as 'CSV UTF-8 (Comma delimited)'",
    },
    "counterparty.csv.empty": {
        "ja": "見出しの行がありません",
        "en": "There is no header row",
    },
    "counterparty.csv.unknown_column": {
        "ja": "不明な列「{column}」です。{close}",
        "en": "Unknown column {column!r}. {close}",
    },
    "counterparty.csv.duplicate_column": {
        "ja": "列「{column}」が2回以上あります",
        "en": "Column {column!r} appears more than once",
    },
    "counterparty.csv.missing_column": {
        "ja": "必須の列「{column}」がありません",
        "en": "The required column {column!r} is missing",
    },
    "counterparty.csv.too_many_cells": {
        "ja": "{line}行目: 見出しより多くの値があります",
        "en": "Line {line}: more values than columns",
    },
    "counterparty.csv.bad_value": {
        "ja": "{line}行目「{column}」: {message}",
        "en": "Line {line}, {column}: {message}",
    },
    "counterparty.csv.duplicate_code": {
        "ja": "{line}行目: 取引先コード「{code}」は{first}行目と重複しています",
        "en": "Line {line}: counterparty code {code!r} repeats line {first}",
    },
    "counterparty.csv.duplicate_number": {
        "ja": "{line}行目: 登録番号 {number} は{first}行目と重複しています",
        "en": "Line {line}: registration number {number} repeats line {first}",
    },
    "counterparty.csv.more": {"ja": "（ほか {count} 件）", "en": " (and {count} more)"},
    "counterparty.csv.invalid": {
        "ja": "{source} を取り込めません（問題 {count} 件）: {problems}",
        "en": "Cannot import {source} ({count} problems): {problems}",
    },
    "counterparty.csv.invalid_hint": {
        "ja": "直してからもう一度取り込んでください。何も登録していません。使える列: {columns}",
        "en": "Fix the file and import it again; nothing was saved. Columns: {columns}",
    },
    "counterparty.csv.unencodable": {
        "ja": "「{char}」は {encoding} で書けない文字です",
        "en": "{char!r} cannot be written in {encoding}",
    },
    "counterparty.csv.unencodable_hint": {
        "ja": "UTF-8 で書き出すか、その文字を置き換えてください",
        "en": "Export in UTF-8, or replace the character",
    },
    # --- counterparty.register.* (counterparties accepted in the 仕訳確認 form) ---
    "counterparty.register.invalid": {
        "ja": "取引先「{name}」を登録できません: {detail}",
        "en": "Cannot register counterparty {name!r}: {detail}",
    },
    "counterparty.register.invalid_hint": {
        "ja": "取引先ページで内容を直して登録してください",
        "en": "Correct it on the 取引先 page and register it there",
    },
    # --- journal.export_block.* (journal.export in a plan; words in files are Japanese) ---
    "journal.export_block.file_name": {
        "ja": "仕訳_{label}_{period}.{extension}",
        "en": "journal_{label}_{period}.{extension}",
    },
    "journal.export_block.this_file": {"ja": "この実行で出力", "en": "in this file"},
    "journal.export_block.exported_before": {
        "ja": "出力済み（実行 {run}）",
        "en": "exported before (run {run})",
    },
}
