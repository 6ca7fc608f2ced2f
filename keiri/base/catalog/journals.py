"""Messages of journal entries and their exports (`journal.*`) and of the counterparty master
(`counterparty.*`): the blocks, the export checks, `keiri journals` and `keiri counterparties`."""

from __future__ import annotations

ENTRIES: dict[str, dict[str, str]] = {
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
}
