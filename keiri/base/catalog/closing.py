"""Messages of closing the month in the form app (issues 27 and 28, second pass): the table
field (`table.*`, the 仕訳確認 form's rows), the 取引先 page (`parties.*`), the 証憑検索 page
(`search.*`) and the journal download on the runs page (`exports.*`)."""

from __future__ import annotations

ENTRIES: dict[str, dict[str, str]] = {
    # --- table.* (the `table` field type) ---
    "table.row_number": {"ja": "{number} 行目", "en": "row {number}"},
    "table.none": {"ja": "（空欄）", "en": "(blank)"},
    "table.display": {"ja": "{rows} 行", "en": "{rows} rows"},
    "table.bad_columns": {
        "ja": "表の列（columns）の書き方が正しくありません: {detail}",
        "en": "The table's columns are malformed: {detail}",
    },
    "table.no_columns": {
        "ja": "表の列（columns）を1つ以上書いてください",
        "en": "List at least one column (columns)",
    },
    "table.bad_key": {
        "ja": "key「{name}」が列にありません（列: {columns}）",
        "en": "key {name!r} is not a column (columns: {columns})",
    },
    "table.bad_format": {
        "ja": "表の列「{column}」の format「{format}」は使えません（text, number, yen, date, datetime, percent, boolean）",
        "en": "Column {column!r} has an unknown format {format!r} (text, number, yen, date, datetime, percent, boolean)",
    },
    "table.too_many": {
        "ja": "行が多すぎます（{count} 行。最大 {limit} 行）",
        "en": "Too many rows ({count}; at most {limit})",
    },
    "table.no_key": {
        "ja": "{row}: 「{column}」がありません（どの行かを示す列です）",
        "en": "{row}: {column!r} is missing (the column that names the row)",
    },
    "table.unknown_row": {
        "ja": "{row}: 表にない行です",
        "en": "{row}: not a row of this table",
    },
    "table.unknown_column": {
        "ja": "{row}: 表にない列「{column}」があります",
        "en": "{row}: {column!r} is not a column of this table",
    },
    "table.fixed": {
        "ja": "{row}: 「{column}」は変更できません",
        "en": "{row}: {column!r} cannot be changed",
    },
    "table.not_option": {
        "ja": "{row}: 「{column}」は次のいずれかにしてください: {options}",
        "en": "{row}: {column!r} must be one of: {options}",
    },
    "table.not_text": {
        "ja": "{row}: 「{column}」には文字を入力してください",
        "en": "{row}: {column!r} must be text",
    },
    "table.too_long": {
        "ja": "{row}: 「{column}」が長すぎます（最大 {limit} 文字）",
        "en": "{row}: {column!r} is too long (at most {limit} characters)",
    },
    "table.twice": {
        "ja": "{row}: 同じ行が2回あります",
        "en": "{row}: the same row is given twice",
    },
    "table.not_json": {
        "ja": "表の JSON を読めません（{line} 行目: {detail}）",
        "en": "Cannot read the table's JSON (line {line}: {detail})",
    },
    "table.not_rows": {
        "ja": '表は行の配列（[{{"列": 値, ...}}, ...]）の JSON で指定してください',
        "en": 'Give a table as a JSON array of rows ([{{"column": value, ...}}, ...])',
    },
    "table.joiner": {"ja": " ・ ", "en": " · "},
    "table.edit_help": {
        "ja": "色の付いていない列は変更できません。セルをダブルクリックすると選べます。",
        "en": "Grey columns cannot be changed. Double-click a cell to choose.",
    },
    "table.changed": {
        "ja": "変更した行: {count} 行",
        "en": "Rows changed: {count}",
    },
    # --- exports.* (仕訳の出力 on the runs page) ---
    "exports.title": {
        "ja": "仕訳の出力（会計ソフトへの取り込み用）",
        "en": "Journal export (for accounting software)",
    },
    "exports.entries": {
        "ja": "この実行の仕訳 {count} 件。形式を選んでファイルを作成してください（作成すると出力済みとして記録され、ほかの実行では重複して出力されません）。",
        "en": "{count} entries in this run. Choose a format and make the file (making it records the export, so no other run exports these entries again).",
    },
    "exports.format": {"ja": "形式", "en": "Format"},
    "exports.make": {"ja": "ファイルを作成", "en": "Make the file"},
    "exports.file_name": {
        "ja": "仕訳_{format}_{run}.{extension}",
        "en": "journal_{format}_{run}.{extension}",
    },
    "exports.download": {"ja": "{name} をダウンロード", "en": "Download {name}"},
    "exports.made": {
        "ja": "{label}: 仕訳 {entries} 件（{rows} 行）。{by} が作成しました。",
        "en": "{label}: {entries} entries ({rows} rows), made by {by}.",
    },
    "exports.excluded": {
        "ja": "{count} 件の仕訳はほかの実行（{runs}）で出力済みのため入れていません。",
        "en": "{count} entries were left out: already exported by another run ({runs}).",
    },
    "exports.left_out": {"ja": "{entry}: {reason}", "en": "{entry}: {reason}"},
    # --- parties.* (the 取引先 page) ---
    "parties.nav": {"ja": "取引先", "en": "Counterparties"},
    "parties.title": {"ja": "取引先", "en": "Counterparties"},
    "parties.intro": {
        "ja": "取引先マスタ（登録番号・カナ名・既定の勘定科目・支払条件・振込先）。仕訳の勘定科目の提案と、明細のカナ名との照合に使います。変更はすべて、誰がいつ変えたかと一緒に記録されます。",
        "en": "The counterparty master (registration number, kana, default account, payment terms, bank account), used to suggest accounts and to match statement names. Every change is recorded with who made it and when.",
    },
    "parties.tab.list": {"ja": "一覧", "en": "List"},
    "parties.tab.edit": {"ja": "追加・編集", "en": "Add / edit"},
    "parties.tab.rules": {"ja": "学習したルール", "en": "Learned rules"},
    "parties.tab.log": {"ja": "変更履歴", "en": "Change log"},
    "parties.tab.csv": {"ja": "CSV 取り込み・書き出し", "en": "CSV import / export"},
    "parties.search": {"ja": "検索", "en": "Search"},
    "parties.search_hint": {
        "ja": "名称・カナ名・取引先コード・登録番号（株式会社・(株)・全角半角の違いは無視）",
        "en": "Name, kana, code or registration number",
    },
    "parties.count": {"ja": "{shown} 件（全 {total} 件）", "en": "{shown} of {total}"},
    "parties.choose": {"ja": "取引先", "en": "Counterparty"},
    "parties.new": {"ja": "（新しい取引先を追加）", "en": "(add a new counterparty)"},
    "parties.code_help": {
        "ja": "英数字と - _ . （例 C001）。追加した後は変更できません。",
        "en": "Letters, digits, - _ . (e.g. C001); fixed once added.",
    },
    "parties.none": {"ja": "（なし）", "en": "(none)"},
    "parties.by_invoice": {
        "ja": "（請求書から判定）",
        "en": "(from the invoice)",
    },
    "parties.save": {"ja": "保存", "en": "Save"},
    "parties.field_problem": {"ja": "{field}: {message}", "en": "{field}: {message}"},
    "parties.code_taken": {
        "ja": "取引先コード {code} はすでに使われています。別のコードにするか、一覧から選んで編集してください",
        "en": "Code {code} is taken: choose another, or edit that counterparty",
    },
    "parties.saved.create": {
        "ja": "{code} {name} を追加しました（{by}）",
        "en": "Added {code} {name} ({by})",
    },
    "parties.saved.update": {
        "ja": "{code} {name} を更新しました（{by}）",
        "en": "Updated {code} {name} ({by})",
    },
    "parties.saved.same": {
        "ja": "{code} {name} は変更されていません",
        "en": "{code} {name} did not change",
    },
    "parties.history": {"ja": "{code} の変更履歴", "en": "Changes of {code}"},
    "parties.last_change": {"ja": "最終更新: {at}（{by}）", "en": "Last changed {at} by {by}"},
    "parties.rules_help": {
        "ja": "仕訳確認で勘定科目を直すと、その取引先（マスタにない取引先は名称）のルールとして保存され、次回から提案されます。",
        "en": "A corrected account in the journal review is saved as a rule for the counterparty (or its name) and suggested next time.",
    },
    "parties.no_rules": {
        "ja": "まだルールはありません。仕訳確認で勘定科目を直すと、ここに記録されます。",
        "en": "No rules yet. Correct an account in the journal review and it is recorded here.",
    },
    "parties.no_changes": {"ja": "まだ変更はありません。", "en": "No changes yet."},
    "parties.import": {"ja": "CSV から取り込む", "en": "Import a CSV"},
    "parties.import_help": {
        "ja": "見出し行つき（取引先コード, 取引先名, カナ名, 登録番号, 既定の勘定科目, 既定の税区分, 支払条件, 銀行名, 支店名, 口座種別, 口座番号, 口座名義）。UTF-8 または Shift_JIS。すべての行を確かめてから、まとめて保存します（問題が1つでもあれば何も保存しません）。",
        "en": "With a header row; UTF-8 or Shift_JIS. Every row is checked first; nothing is saved unless all are good.",
    },
    "parties.import_file": {"ja": "取引先の CSV", "en": "Counterparty CSV"},
    "parties.import_button": {"ja": "取り込む", "en": "Import"},
    "parties.imported": {
        "ja": "取り込みました（追加 {create} 件、更新 {update} 件、変更なし {same} 件。{by}）",
        "en": "Imported ({create} added, {update} updated, {same} unchanged; {by})",
    },
    "parties.export": {"ja": "CSV に書き出す", "en": "Export as CSV"},
    "parties.encoding": {"ja": "文字コード", "en": "Encoding"},
    "parties.utf8": {
        "ja": "UTF-8（BOM 付き、Excel で開けます）",
        "en": "UTF-8 with a BOM (for Excel)",
    },
    "parties.sjis": {"ja": "Shift_JIS", "en": "Shift_JIS"},
    "parties.export_button": {
        "ja": "取引先 {count} 件をダウンロード",
        "en": "Download {count} counterparties",
    },
    "parties.export_name": {"ja": "取引先.csv", "en": "counterparties.csv"},
    "parties.joiner": {"ja": " ／ ", "en": " / "},
    "parties.blank": {"ja": "（空欄）", "en": "(blank)"},
    "parties.action.create": {"ja": "作成", "en": "created"},
    "parties.action.update": {"ja": "更新", "en": "updated"},
    "parties.action.deactivate": {"ja": "無効化", "en": "deactivated"},
    "parties.target.counterparty": {"ja": "取引先", "en": "counterparty"},
    "parties.target.rule": {"ja": "ルール", "en": "rule"},
    "parties.rule.register": {"ja": "登録", "en": "register"},
    "parties.rule.suggest": {"ja": "推測", "en": "suggest"},
    "parties.rule.ignore": {"ja": "対象外", "en": "ignore"},
    "parties.origin.manual": {"ja": "手作業", "en": "by hand"},
    "parties.origin.learned": {"ja": "仕訳確認から学習", "en": "learned from a review"},
    "parties.origin.imported": {"ja": "取り込み", "en": "imported"},
    "parties.col.id": {"ja": "番号", "en": "ID"},
    "parties.col.counterparty": {"ja": "取引先", "en": "Counterparty"},
    "parties.col.keyword": {"ja": "キーワード", "en": "Keyword"},
    "parties.col.action": {"ja": "動作", "en": "Action"},
    "parties.col.account": {"ja": "勘定科目", "en": "Account"},
    "parties.col.tax_category": {"ja": "税区分", "en": "Tax category"},
    "parties.col.origin": {"ja": "由来", "en": "Origin"},
    "parties.col.by": {"ja": "誰が", "en": "By"},
    "parties.col.at": {"ja": "日時", "en": "When"},
    "parties.col.note": {"ja": "メモ", "en": "Note"},
    "parties.col.target": {"ja": "対象", "en": "Target"},
    "parties.col.key": {"ja": "コード・番号", "en": "Key"},
    "parties.col.change": {"ja": "操作", "en": "Change"},
    "parties.col.what": {"ja": "内容", "en": "What"},
    # --- search.* (the 証憑検索 page) ---
    "search.nav": {"ja": "証憑検索", "en": "Evidence search"},
    "search.title": {"ja": "証憑検索", "en": "Evidence search"},
    "search.intro": {
        "ja": "保存した証憑（請求書・領収書など）を、取引年月日・取引金額・取引先・書類の種類で検索します（電子帳簿保存法の検索要件）。条件は組み合わせられます。",
        "en": "Search the kept evidence by transaction date, amount, counterparty and kind (any combination).",
    },
    "search.date_from": {"ja": "取引年月日（から）", "en": "Date from"},
    "search.date_to": {"ja": "取引年月日（まで）", "en": "Date to"},
    "search.amount_min": {"ja": "取引金額（円、以上）", "en": "Amount from (yen)"},
    "search.amount_max": {"ja": "取引金額（円、以下）", "en": "Amount to (yen)"},
    "search.party": {
        "ja": "取引先（名称または登録番号の一部）",
        "en": "Counterparty (name or registration number)",
    },
    "search.kind": {"ja": "書類の種類", "en": "Kind"},
    "search.any_kind": {"ja": "（すべて）", "en": "(any)"},
    "search.submit": {"ja": "検索", "en": "Search"},
    "search.bad_range": {
        "ja": "{what}の「から」が「まで」より後になっています",
        "en": "The {what} range ends before it starts",
    },
    "search.what.date": {"ja": "取引年月日", "en": "date"},
    "search.what.amount": {"ja": "取引金額", "en": "amount"},
    "search.found": {"ja": "{count} 件見つかりました", "en": "{count} found"},
    "search.none": {
        "ja": "条件に合う証憑はありません。条件を減らすか、範囲を広げてください。",
        "en": "Nothing matches: loosen the conditions.",
    },
    "search.empty_archive": {
        "ja": "まだ証憑が保存されていません。月次締めの実行で確認が済むと、その月の証憑がここに保存されます。",
        "en": "Nothing is kept yet: a monthly close keeps the month's evidence once confirmed.",
    },
    "search.col.runs": {"ja": "実行", "en": "Runs"},
    "search.col.entries": {"ja": "仕訳", "en": "Entries"},
    "search.choose": {"ja": "プレビューする証憑", "en": "Preview"},
    "search.option": {"ja": "{id}: {date} {party} {file}", "en": "{id}: {date} {party} {file}"},
    "search.preview": {"ja": "プレビュー: {file}", "en": "Preview: {file}"},
    "search.pdf_page": {
        "ja": "{file}（1 ページ目 / 全 {pages} ページ）",
        "en": "{file} (page 1 of {pages})",
    },
    "search.no_preview": {
        "ja": "この形式（{media}）はプレビューできません。ダウンロードして開いてください。",
        "en": "No preview for {media}: download it to open it.",
    },
    "search.unreadable": {
        "ja": "プレビューを表示できませんでした（{detail}）。ダウンロードして開いてください。",
        "en": "The preview failed ({detail}): download the file to open it.",
    },
    "search.cut": {"ja": "（先頭 {chars} 文字のみ表示）", "en": "(first {chars} characters)"},
    "search.download": {"ja": "{file} をダウンロード", "en": "Download {file}"},
    "search.kept": {
        "ja": "保存: {at}（{by}）・保存期限: {until}・SHA-256: {sha}",
        "en": "Kept {at} by {by}; keep until {until}; SHA-256 {sha}",
    },
    "search.registry": {
        "ja": "登録番号 {number}: {status}",
        "en": "Registration number {number}: {status}",
    },
    "search.registry_name": {"ja": "公表されている名称: {name}", "en": "Published name: {name}"},
    "search.name_differs": {
        "ja": "証憑の取引先名「{name}」と公表されている名称「{published}」が違います。登録番号の記載誤りがないか確かめてください。",
        "en": "The evidence names {name!r} but the registry publishes {published!r}: check the registration number.",
    },
}
