"""Messages of the registration-number registry and the evidence archive (see
`keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

`registry.*`: importing the NTA's published files, the answers of `registry.check` and
`keiri registry`, the Web-API fallback, the attribution the NTA requires. `archive.*`: the
evidence archive (電子帳簿保存法), `archive.add` and `keiri evidence`. `CLI_HELP` holds the
`--help` texts of `keiri registry` and `keiri evidence` (keys `cli.help.*`, merged into the
`cli` part). Over 400 lines: it is data, one entry per message, like the other parts."""

from __future__ import annotations

__all__ = ["CLI_HELP", "ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- the attribution the NTA requires where its data is shown ---
    "registry.attribution.local": {
        "ja": "出典：国税庁適格請求書発行事業者公表サイト（国税庁）の公表情報を加工して作成",
        "en": "Source: Qualified Invoice Issuer Publication Site, National Tax Agency "
        "(国税庁適格請求書発行事業者公表サイト), processed by keiri",
    },
    "registry.attribution.api": {
        "ja": "このサービスは、国税庁適格請求書発行事業者公表システムのWeb-API機能を利用して取得した"
        "情報をもとに作成しているが、サービスの内容は国税庁によって保証されたものではない",
        "en": "This service uses information obtained through the Web-API of the National Tax "
        "Agency's Qualified Invoice Issuer Publication System, but its content is not "
        "guaranteed by the National Tax Agency",
    },
    # --- reading the published files ---
    "registry.file.missing": {
        "ja": "ファイル {path} が見つかりません",
        "en": "file {path} not found",
    },
    "registry.file.zip_without_csv": {
        "ja": "ZIP {path} に CSV ファイルがありません",
        "en": "the ZIP {path} holds no CSV file",
    },
    "registry.file.kind_unknown": {
        "ja": "{path} が全件データか差分データか、ファイル名から判断できません",
        "en": "cannot tell from its name whether {path} is a full snapshot or a difference file",
    },
    "registry.file.kind_hint": {
        "ja": "--kind snapshot（全件）または --kind diff（差分）を指定してください",
        "en": "pass --kind snapshot (full) or --kind diff (differences)",
    },
    "registry.file.encoding": {
        "ja": "{path} は UTF-8 でも Shift_JIS（cp932）でも読めません",
        "en": "{path} is neither UTF-8 nor Shift_JIS (cp932)",
    },
    "registry.file.decode_line": {
        "ja": "{path} の {line} 行目が {encoding} として読めません",
        "en": "line {line} of {path} does not decode as {encoding}",
    },
    "registry.file.csv_error": {
        "ja": "{path} の {line} 行目が CSV として読めません: {detail}",
        "en": "line {line} of {path} is not valid CSV: {detail}",
    },
    "registry.file.bad_row": {
        "ja": "{path} の {line} 行目: {detail}",
        "en": "{path}, line {line}: {detail}",
    },
    "registry.file.width": {
        "ja": "項目が {found} 個あります（公表データの形式では {expected} 個）",
        "en": "{found} columns (the published layout has {expected})",
    },
    "registry.file.bad_number": {
        "ja": "登録番号「{value}」が「T」＋13桁ではありません",
        "en": "registration number {value!r} is not T + 13 digits",
    },
    "registry.file.bad_process": {
        "ja": "事業者処理区分「{value}」は公表データの区分（01, 02, 03, 04, 99）ではありません",
        "en": "process code {value!r} is not a published code (01, 02, 03, 04, 99)",
    },
    "registry.file.bad_date": {
        "ja": "{item} の日付「{value}」が正しくありません",
        "en": "date {value!r} of {item} is not a date",
    },
    "registry.file.layout_hint": {
        "ja": "国税庁の公表サイトからダウンロードした CSV（ヘッダなし、公表された項目順）を"
        "そのまま指定してください（項目の順序は docs/registry.md）",
        "en": "give the CSV as downloaded from the NTA's publication site (no header, the "
        "published column order: docs/registry.md)",
    },
    # --- the state of the local data ---
    "registry.notice.empty": {
        "ja": "公表データがまだ取り込まれていません",
        "en": "no published data has been imported yet",
    },
    "registry.notice.no_snapshot": {
        "ja": "全件データが取り込まれていません。差分データの期間に変更のあった番号しか分かりません",
        "en": "no full snapshot imported: only numbers changed in the difference files are known",
    },
    "registry.notice.snapshot_older": {
        "ja": "全件データ（{snapshot} 時点）は差分データ（{first}〜{last}、{count} 日分）より古いため、"
        "差分データを重ねて {last} 時点の内容としています",
        "en": "the full snapshot (as of {snapshot}) is older than the difference files ({first} to "
        "{last}, {count} days): they are applied on top, so the data is as of {last}",
    },
    "registry.notice.gap": {
        "ja": "{start} から {end} まで {days} 日間、差分データがありません。この間の変更が"
        "欠けている可能性があります（差分データか新しい全件データを取り込んでください）",
        "en": "no difference file between {start} and {end} ({days} days): changes of those days "
        "may be missing (import them, or a newer snapshot)",
    },
    "registry.empty": {
        "ja": "登録番号を確認するための公表データがありません（{path}）",
        "en": "there is no published data to check registration numbers against ({path})",
    },
    "registry.empty_hint": {
        "ja": "国税庁の公表サイトから全件データをダウンロードし、keiri registry import で"
        "取り込んでください（または KEIRI_REGISTRY_APP_ID で Web-API を設定）",
        "en": "download the full snapshot from the NTA's publication site and run keiri registry "
        "import (or configure the Web-API with KEIRI_REGISTRY_APP_ID)",
    },
    "registry.bad_date": {
        "ja": "登録番号 {number} の取引年月日「{value}」が日付として読めません（{reason}）",
        "en": "the transaction date {value!r} of registration number {number} is not a date "
        "({reason})",
    },
    # --- answers ---
    "registry.reason.registered": {
        "ja": "{date} 時点で登録されています（登録日 {start}）",
        "en": "registered on {date} (since {start})",
    },
    "registry.reason.not_yet_registered": {
        "ja": "{date} 時点ではまだ登録されていません（登録日 {start}）",
        "en": "not yet registered on {date} (registered from {start})",
    },
    "registry.reason.cancelled": {
        "ja": "登録は {on} に取り消されています（取引日 {date}）",
        "en": "the registration was cancelled on {on} (transaction date {date})",
    },
    "registry.reason.expired": {
        "ja": "登録は {on} に失効しています（取引日 {date}）",
        "en": "the registration expired on {on} (transaction date {date})",
    },
    "registry.reason.unknown": {
        "ja": "登録番号 {number} は公表データ（{as_of} 時点）にありません",
        "en": "registration number {number} is not in the published data (as of {as_of})",
    },
    "registry.reason.no_data": {
        "ja": "公表データを取り込んでいないため、登録番号 {number} は確認できません"
        "（keiri registry import で取り込むと確認できます）",
        "en": "no published data has been imported, so registration number {number} cannot be "
        "checked (keiri registry import)",
    },
    "registry.reason.withdrawn": {
        "ja": "登録番号 {number} の公表は取りやめられています（事業者処理区分 99: 削除）",
        "en": "the publication of registration number {number} was withdrawn (process 99)",
    },
    "registry.reason.format": {
        "ja": "登録番号「{number}」は「T」＋13桁の数字の形式ではありません",
        "en": "registration number {number!r} is not T + 13 digits",
    },
    "registry.reason.check_digit": {
        "ja": "登録番号「{number}」のチェックデジット（先頭の数字）が正しくありません",
        "en": "the check digit (first digit) of registration number {number!r} is wrong",
    },
    # --- findings of invoice.check from the registry's answers ---
    "registry.finding.not_valid": {
        "ja": "登録番号 {number} は取引年月日時点で有効ではありません: {reason}",
        "en": "registration number {number} was not valid on the transaction date: {reason}",
    },
    "registry.finding.name_differs": {
        "ja": "発行者の名称「{issuer}」が、公表されている名称「{registered}」と一致しません",
        "en": "the issuer's name {issuer!r} differs from the registered name {registered!r}",
    },
    # --- the Web-API ---
    "registry.api.failed": {
        "ja": "登録番号の Web-API（{endpoint}）の問い合わせに失敗しました: {message}（{detail}）",
        "en": "the registration-number Web-API ({endpoint}) failed: {message} ({detail})",
    },
    "registry.api.unreachable": {
        "ja": "接続できません",
        "en": "cannot connect",
    },
    "registry.api.busy": {
        "ja": "混雑または制限のため応答がありません（HTTP {status}）",
        "en": "busy or rate limited (HTTP {status})",
    },
    "registry.api.refused": {
        "ja": "リクエストが受け付けられませんでした（HTTP {status}）",
        "en": "the request was refused (HTTP {status})",
    },
    "registry.api.malformed": {
        "ja": "応答の形式が正しくありません",
        "en": "the answer is malformed",
    },
    "registry.api.retry_hint": {
        "ja": "しばらく待ってから再実行してください。手元の公表データだけで確認するには online: false にします",
        "en": "retry later; to check with the local data only, set online: false",
    },
    "registry.api.app_id_hint": {
        "ja": "KEIRI_REGISTRY_APP_ID（国税庁から発行されたアプリケーションID）を確認してください",
        "en": "check KEIRI_REGISTRY_APP_ID (the application id issued by the NTA)",
    },
    "registry.api.request_hint": {
        "ja": "問い合わせた登録番号と日付を確認してください",
        "en": "check the numbers and the date asked",
    },
    # --- keiri registry ---
    "registry.status.registered": {"ja": "登録済み", "en": "registered"},
    "registry.status.not_yet_registered": {"ja": "未登録（登録前）", "en": "not yet registered"},
    "registry.status.cancelled": {"ja": "取消", "en": "cancelled"},
    "registry.status.expired": {"ja": "失効", "en": "expired"},
    "registry.status.unknown": {
        "ja": "確認できない（公表データなし）",
        "en": "cannot check (no data)",
    },
    "registry.status.unknown_number": {"ja": "公表データになし", "en": "unknown number"},
    "registry.status.invalid_format": {"ja": "番号の誤り", "en": "invalid number"},
    "registry.kind.snapshot": {"ja": "全件", "en": "snapshot"},
    "registry.kind.diff": {"ja": "差分", "en": "difference"},
    "registry.part.corporation": {"ja": "法人", "en": "corporations"},
    "registry.part.association": {"ja": "人格のない社団等", "en": "associations"},
    "registry.part.individual": {"ja": "個人", "en": "individuals"},
    "registry.source.local": {
        "ja": "公表データ {as_of} 時点",
        "en": "published data as of {as_of}",
    },
    "registry.source.api": {"ja": "Web-API {as_of} 照会", "en": "Web-API, asked {as_of}"},
    "registry.col.file": {"ja": "ファイル", "en": "file"},
    "registry.col.kind": {"ja": "種類", "en": "kind"},
    "registry.col.as_of": {"ja": "時点", "en": "as of"},
    "registry.col.encoding": {"ja": "文字コード", "en": "encoding"},
    "registry.col.rows": {"ja": "件数", "en": "rows"},
    "registry.col.added": {"ja": "追加", "en": "added"},
    "registry.col.number": {"ja": "登録番号", "en": "number"},
    "registry.col.date": {"ja": "取引日", "en": "date"},
    "registry.col.status": {"ja": "状態", "en": "status"},
    "registry.col.name": {"ja": "公表されている名称", "en": "registered name"},
    "registry.col.matches": {"ja": "名称の一致", "en": "name matches"},
    "registry.col.valid": {"ja": "有効期間", "en": "valid"},
    "registry.cli.skipped": {"ja": "取込済み", "en": "already imported"},
    "registry.cli.imported": {
        "ja": "取り込みが完了しました（{seconds} 秒）",
        "en": "import finished ({seconds} s)",
    },
    "registry.cli.as_of": {
        "ja": "公表データ: {as_of} 時点（{records} 件の記録）",
        "en": "published data as of {as_of} ({records} records)",
    },
    "registry.cli.snapshot": {
        "ja": "全件データ: {date} 時点（{parts}）",
        "en": "full snapshot: as of {date} ({parts})",
    },
    "registry.cli.diffs": {
        "ja": "差分データ: {first}〜{last}（{count} 日分）",
        "en": "difference files: {first} to {last} ({count} days)",
    },
    "registry.cli.database": {"ja": "データベース: {path}", "en": "database: {path}"},
    "registry.cli.stale": {
        "ja": "取引日が公表データの時点（{as_of}）より後です。新しい差分データを取り込んでください",
        "en": "the transaction date is after the data ({as_of}): import newer difference files",
    },
    "registry.cli.bad_date": {
        "ja": "{option} の日付「{value}」が読み取れません（例: 2026-03-15）",
        "en": "{option}: {value!r} is not a date (e.g. 2026-03-15)",
    },
    # === the evidence archive ===
    "archive.not_found": {
        "ja": "証憑 {id} は保存されていません",
        "en": "there is no evidence record {id}",
    },
    "archive.not_found_hint": {
        "ja": "keiri evidence search で番号（ID）を確かめてください",
        "en": "look the id up with keiri evidence search",
    },
    "archive.gone.deleted": {
        "ja": "証憑 {id} は削除済みです（検索には表示されず、ファイルと履歴は保存されています）",
        "en": "evidence record {id} was deleted (hidden from search; its file and log are kept)",
    },
    "archive.gone.purged": {
        "ja": "証憑 {id} は保存期間の満了後に廃棄済みです（履歴のみ残っています）",
        "en": "evidence record {id} was purged after its retention period (only its log remains)",
    },
    "archive.gone_hint": {
        "ja": "keiri evidence show {id} で履歴を確認できます",
        "en": "keiri evidence show {id} shows its log",
    },
    "archive.reason_required": {
        "ja": "訂正・削除・廃棄には理由が必要です",
        "en": "a correction, deletion or purge needs a reason",
    },
    "archive.reason_required_hint": {
        "ja": "--reason に理由を書いてください（履歴に残ります）",
        "en": "give the reason with --reason (it is kept in the log)",
    },
    "archive.correct.fields": {
        "ja": "訂正できない項目です: {fields}",
        "en": "these fields cannot be corrected: {fields}",
    },
    "archive.correct.fields_hint": {
        "ja": "訂正できるのは {editable} です",
        "en": "the fields that can be corrected: {editable}",
    },
    "archive.correct.bad_date": {
        "ja": "取引年月日「{value}」が日付（YYYY-MM-DD）ではありません",
        "en": "transaction date {value!r} is not a date (YYYY-MM-DD)",
    },
    "archive.correct.bad_amount": {
        "ja": "金額「{value}」が数値ではありません",
        "en": "amount {value!r} is not a number",
    },
    "archive.purge.refused": {
        "ja": "証憑 {id} は保存期間中（{until} まで）のため廃棄できません",
        "en": "evidence record {id} is within its retention period (until {until}) and cannot "
        "be purged",
    },
    "archive.purge.refused_hint": {
        "ja": "電子取引のデータは法定申告期限から {years} 年間の保存が必要です"
        "（KEIRI_ARCHIVE_RETENTION_YEARS）。検索に表示したくない場合は keiri evidence delete を使ってください",
        "en": "electronic transaction data must be kept {years} years after the filing deadline "
        "(KEIRI_ARCHIVE_RETENTION_YEARS); to hide it from search use keiri evidence delete",
    },
    "archive.vault.cannot_store": {
        "ja": "証憑の保存先 {root} にファイルを書き込めません: {detail}",
        "en": "cannot write to the evidence archive {root}: {detail}",
    },
    "archive.vault.cannot_store_hint": {
        "ja": "ディスクの空き容量と書き込み権限を確認してください（KEIRI_ARCHIVE_DIR）",
        "en": "check the free space and the permissions (KEIRI_ARCHIVE_DIR)",
    },
    "archive.verify.chain": {
        "ja": "履歴の {seq} 番目の記録（証憑 {id}）が改変されています（ハッシュの連鎖が一致しません）",
        "en": "log entry {seq} (evidence {id}) was altered: the hash chain does not match",
    },
    "archive.verify.entry": {
        "ja": "履歴の {seq} 番目の記録が読み取れません",
        "en": "log entry {seq} cannot be read",
    },
    "archive.verify.head": {
        "ja": "履歴の最新の記録が、別に保存した最新のハッシュ（log.head）と一致しません",
        "en": "the newest log entry does not match the hash kept beside the log (log.head)",
    },
    "archive.verify.index": {
        "ja": "証憑 {id} の索引が履歴と一致しません（{fields}）",
        "en": "the index of evidence record {id} does not match its log ({fields})",
    },
    "archive.verify.missing": {
        "ja": "証憑 {id} のファイルがありません（SHA-256 {sha256}）",
        "en": "the file of evidence record {id} is missing (SHA-256 {sha256})",
    },
    "archive.verify.changed": {
        "ja": "証憑 {id} のファイルが変更されています（保存時 {sha256}、現在 {actual}）",
        "en": "the file of evidence record {id} was changed (stored {sha256}, now {actual})",
    },
    "archive.export.changed": {
        "ja": "証憑 {id}（{name}）のファイルが保存時と一致しないため、出力を中止しました",
        "en": "the file of evidence record {id} ({name}) no longer matches: export stopped",
    },
    "archive.export.changed_hint": {
        "ja": "keiri evidence verify で確認してください",
        "en": "run keiri evidence verify",
    },
    # --- keiri evidence ---
    "archive.col.id": {"ja": "ID", "en": "id"},
    "archive.col.date": {"ja": "取引年月日", "en": "date"},
    "archive.col.amount": {"ja": "取引金額", "en": "amount"},
    "archive.col.party": {"ja": "取引先", "en": "counterparty"},
    "archive.col.number": {"ja": "登録番号", "en": "registration number"},
    "archive.col.kind": {"ja": "書類の種類", "en": "kind"},
    "archive.col.file": {"ja": "ファイル名", "en": "file"},
    "archive.cli.deleted": {"ja": "（削除済み）", "en": "(deleted)"},
    "archive.cli.found": {"ja": "{count} 件見つかりました", "en": "{count} found"},
    "archive.cli.exported": {
        "ja": "{files} 件のファイルと索引（index.csv）を {path} に出力しました",
        "en": "{files} files and the index (index.csv) written to {path}",
    },
    "archive.cli.keep_until": {
        "ja": "保存期限: {until}　SHA-256: {sha256}",
        "en": "kept until: {until}   SHA-256: {sha256}",
    },
    "archive.cli.added": {
        "ja": "新たに {added} 件を保存しました（保存済み {already} 件）",
        "en": "{added} added ({already} already archived)",
    },
    "archive.cli.no_file": {"ja": "ファイル {path} がありません", "en": "no file {path}"},
    "archive.cli.bad_amount": {
        "ja": "{option} の金額「{value}」が読み取れません（例: 110000、110,000、11万）",
        "en": "{option}: {value!r} is not an amount (e.g. 110000, 110,000)",
    },
    "archive.cli.corrected": {
        "ja": "証憑 {id} を訂正しました（履歴に記録しました）",
        "en": "evidence record {id} corrected (logged)",
    },
    "archive.cli.deleted_one": {
        "ja": "証憑 {id} を削除しました（検索には表示されません。ファイルと履歴は保存されています）",
        "en": "evidence record {id} deleted (hidden from search; its file and log are kept)",
    },
    "archive.cli.purged": {
        "ja": "証憑 {id} のファイルを廃棄しました（履歴は残ります）",
        "en": "the file of evidence record {id} was purged (its log remains)",
    },
    "archive.cli.verified": {
        "ja": "問題はありません（ファイル {files} 件、履歴 {entries} 件を確認）",
        "en": "no problem ({files} files, {entries} log entries checked)",
    },
    "archive.cli.verify_failed": {
        "ja": "{problems} 件の問題が見つかりました（ファイル {files} 件、履歴 {entries} 件を確認）",
        "en": "{problems} problems found ({files} files, {entries} log entries checked)",
    },
    "archive.action.add": {"ja": "保存", "en": "added"},
    "archive.action.link": {"ja": "関連づけ（実行・仕訳）", "en": "linked (run, journal)"},
    "archive.action.correct": {"ja": "訂正", "en": "corrected"},
    "archive.action.delete": {"ja": "削除", "en": "deleted"},
    "archive.action.purge": {"ja": "廃棄", "en": "purged"},
    "archive.action.restore": {"ja": "ファイルの再保存", "en": "file stored again"},
    # document kinds (the export's index CSV always uses Japanese)
    "archive.kind.invoice": {"ja": "請求書", "en": "invoice"},
    "archive.kind.simplified_invoice": {"ja": "領収書", "en": "receipt"},
    "archive.kind.quotation": {"ja": "見積書", "en": "quotation"},
    "archive.kind.purchase_order": {"ja": "注文書", "en": "purchase order"},
    "archive.kind.delivery_note": {"ja": "納品書", "en": "delivery note"},
    "archive.kind.payment_notice": {"ja": "支払通知書", "en": "payment notice"},
    "archive.kind.credit_note": {"ja": "返品・値引明細書", "en": "credit note"},
    "archive.kind.cover_letter": {"ja": "送付状", "en": "cover letter"},
    "archive.kind.contract": {"ja": "契約書", "en": "contract"},
    "archive.kind.unknown": {"ja": "不明", "en": "unknown"},
}

_SEARCH_OPTIONS: dict[str, dict[str, str]] = {
    "date_from": {
        "ja": "この日以降の取引年月日（例: 2026-03-01）。",
        "en": "First transaction date (inclusive).",
    },
    "date_to": {
        "ja": "この日以前の取引年月日（例: 2026-03-31）。",
        "en": "Last transaction date (inclusive).",
    },
    "amount_min": {
        "ja": "この金額以上（円。110,000 や 11万 も可）。",
        "en": "Smallest amount in yen (inclusive).",
    },
    "amount_max": {"ja": "この金額以下（円）。", "en": "Largest amount in yen (inclusive)."},
    "party": {
        "ja": "取引先の名称（株式会社・(株)・全角半角の違いは無視）または登録番号（一部でも可）。",
        "en": "Counterparty name or registration number (part of).",
    },
    "kind": {
        "ja": "書類の種類（invoice: 請求書、simplified_invoice: 領収書 など）。",
        "en": "Document kind (invoice, simplified_invoice, ...).",
    },
}
_FIELD_OPTIONS: dict[str, dict[str, str]] = {
    "transaction_date": {"ja": "取引年月日。", "en": "Transaction date (取引年月日)."},
    "amount": {"ja": "取引金額（円）。", "en": "Amount in yen (取引金額)."},
    "party_name": {"ja": "取引先の名称。", "en": "Counterparty name (取引先)."},
    "party_number": {
        "ja": "取引先の登録番号（T＋13桁）。",
        "en": "Counterparty registration number.",
    },
    "kind": {
        "ja": "書類の種類（invoice: 請求書、simplified_invoice: 領収書 など）。",
        "en": "Document kind (invoice, simplified_invoice, ...).",
    },
}
_REASON = {"ja": "理由（履歴に残ります）。必須。", "en": "Why (kept in the log)."}

#: `--help` of `keiri registry` and `keiri evidence` (keys `cli.help.<command path>[.<param>]`,
#: merged into the `cli` part, where `keiri.cli.help_text` looks them up).
CLI_HELP: dict[str, dict[str, str]] = {
    "cli.help.registry": {
        "ja": "登録番号（適格請求書発行事業者）の公表データ: 取り込み・状態・照会。",
        "en": "The registration-number registry: import the NTA's published data, check numbers.",
    },
    "cli.help.registry.import": {
        "ja": "国税庁の公表データ（全件データ・差分データ、CSV または ZIP）を取り込みます。同じファイルは二度取り込みません。",
        "en": "Import the NTA's published files (full snapshot, daily differences; CSV or ZIP).",
    },
    "cli.help.registry.import.kind": {
        "ja": "ファイル名で判断できないときの種類（snapshot: 全件、diff: 差分）。",
        "en": "What the files are, when their names do not say (zenken / sabun).",
    },
    "cli.help.registry.import.data_date": {
        "ja": "ファイル名で判断できないときのデータの時点（YYYY-MM-DD）。",
        "en": "The files' as-of date, when their names do not say.",
    },
    "cli.help.registry.status": {
        "ja": "手元の公表データの時点（全件データ・差分データ）と注意事項を表示します。",
        "en": "Show how current the local registry is (snapshot, difference files, notices).",
    },
    "cli.help.registry.check": {
        "ja": "登録番号を取引日時点で確認します。すべて登録済み（名称を指定したときは一致）なら終了コード 0、それ以外は 1。",
        "en": "Check registration numbers on a transaction date: exit 0 when all were registered.",
    },
    "cli.help.registry.check.day": {
        "ja": "取引年月日（省略時は今日）。",
        "en": "The transaction date (default: today).",
    },
    "cli.help.registry.check.issuer_name": {
        "ja": "請求書に記載の発行者名（公表されている名称と照合します）。",
        "en": "The issuer's name on the invoice, to compare.",
    },
    "cli.help.registry.check.offline": {
        "ja": "Web-API が設定されていても問い合わせず、手元の公表データだけで確認します。",
        "en": "Never ask the Web-API, even when configured.",
    },
    "cli.help.evidence": {
        "ja": "証憑の保存（電子帳簿保存法）: 検索・出力・訂正・削除・廃棄・検証。",
        "en": "The evidence archive: search, export, correct, delete, purge, verify.",
    },
    "cli.help.evidence.search": {
        "ja": "取引年月日・取引金額（範囲）・取引先で証憑を検索します（組み合わせ可）。",
        "en": "Search the archive by transaction date, amount and counterparty (any combination).",
    },
    "cli.help.evidence.search.deleted": {
        "ja": "削除済みの証憑も表示します。",
        "en": "Include deleted records.",
    },
    "cli.help.evidence.export": {
        "ja": "条件に合う証憑のファイルと索引（index.csv）を ZIP に出力します（書き込みは一度に置き換え）。",
        "en": "Write the matching files and an index CSV to a ZIP (replaced at once).",
    },
    "cli.help.evidence.show": {
        "ja": "証憑 1 件とその履歴（いつ・誰が・何を・なぜ）を表示します。",
        "en": "Show one record and its log (who, when, what, why).",
    },
    "cli.help.evidence.add": {
        "ja": "ファイルを索引の項目とともに手作業で保存します。",
        "en": "Add files to the archive by hand, with their index fields.",
    },
    "cli.help.evidence.correct": {
        "ja": "証憑の索引の項目を訂正します（訂正前と訂正後の値を履歴に残します）。",
        "en": "Correct index fields of a record (logged with the values before and after).",
    },
    "cli.help.evidence.delete": {
        "ja": "証憑を削除します。検索には表示されなくなり、ファイルと履歴は保存されたままです。",
        "en": "Delete a record: hidden from search; its file and its log are kept.",
    },
    "cli.help.evidence.purge": {
        "ja": "保存期間を過ぎた証憑のファイルを廃棄します（保存期間中は拒否します）。",
        "en": "Remove a record's file after its retention period (refused before it ends).",
    },
    "cli.help.evidence.verify": {
        "ja": "すべてのファイルのハッシュ、履歴の連鎖、索引を検証します。問題があれば終了コード 1。",
        "en": "Check every kept file's hash, the log chain and the index: exit 1 on a problem.",
    },
    **{
        f"cli.help.evidence.{command}.{name}": text
        for command in ("search", "export")
        for name, text in _SEARCH_OPTIONS.items()
    },
    **{
        f"cli.help.evidence.{command}.{name}": text
        for command in ("add", "correct")
        for name, text in _FIELD_OPTIONS.items()
    },
    **{
        f"cli.help.evidence.{command}.reason": _REASON for command in ("correct", "delete", "purge")
    },
}
