"""Messages of the registration-number registry and the evidence archive (see
`keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

`registry.*`: importing the NTA's published files, the answers of `registry.check` and
`keiri registry`, the Web-API fallback, the attribution the NTA requires. `archive.*`: the
evidence archive (電子帳簿保存法), `archive.add` and `keiri evidence`. `CLI_HELP` holds the
`--help` texts of `keiri registry` and `keiri evidence` (keys `cli.help.*`, merged into the
`cli` part)."""

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
}

CLI_HELP: dict[str, dict[str, str]] = {}
