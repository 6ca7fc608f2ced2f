"""What a person reads, in their language: the message catalog (ja, en), run state names and
times in the configured zone.

`t(key, **kw)` formats the catalog entry `key` in the current language (`KEIRI_LANG`: `ja` or
`en`, default `ja`); a missing key is a programming error (KeyError), never a silent fallback
to the key. `state_label` names Prefect run states; `local_time` shows a time in
`KEIRI_TIMEZONE` (default Asia/Tokyo).

Bottom layer: imports nothing from keiri, blocks, compiler, flows or ui_app, so every layer can
use it. Messages are grouped by surface (`form.*`, `field.*`, `error.*`, `state.*`, `time.*`);
other surfaces add their own groups to `CATALOG`.
"""

from __future__ import annotations

import string
from datetime import UTC, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from keiri import settings

__all__ = [
    "CATALOG",
    "LANGUAGES",
    "Language",
    "language",
    "local_time",
    "placeholders",
    "state_label",
    "t",
    "timezone",
]

Language = Literal["ja", "en"]
LANGUAGES: tuple[Language, ...] = ("ja", "en")

#: key -> {language -> template}; templates use `str.format` fields.
CATALOG: dict[str, dict[Language, str]] = {
    # --- field validation (the form app, `keiri resume`, the block) ---
    "field.required": {
        "ja": "必須項目です。入力してください",
        "en": "This field is required",
    },
    "field.required_file": {
        "ja": "必須項目です。ファイルを 1 件以上選んでください",
        "en": "This field is required: choose at least one file",
    },
    "field.not_number": {
        "ja": "数値を入力してください（例: 120000、120,000円、¥120,000、△5,000）",
        "en": "Enter a number (e.g. 120000, 120,000, -5,000)",
    },
    "field.amount_too_large": {
        "ja": "金額が大きすぎます（15桁まで）",
        "en": "The amount is too large (at most 15 digits)",
    },
    "field.not_finite": {
        "ja": "有限の数値を入力してください（NaN や無限大は使えません）",
        "en": "Enter a finite number (NaN and infinity are not allowed)",
    },
    "field.not_integer": {
        "ja": "整数を入力してください（入力: {value}）",
        "en": "Enter a whole number (got {value})",
    },
    "field.too_small": {
        "ja": "{limit} 以上の値を入力してください（入力: {value}）",
        "en": "Enter a value of at least {limit} (got {value})",
    },
    "field.too_large": {
        "ja": "{limit} 以下の値を入力してください（入力: {value}）",
        "en": "Enter a value of at most {limit} (got {value})",
    },
    "field.too_short": {
        "ja": "{limit} 文字以上で入力してください",
        "en": "Enter at least {limit} characters",
    },
    "field.too_long": {
        "ja": "{limit} 文字以内で入力してください（入力: {length} 文字）",
        "en": "Enter at most {limit} characters (got {length})",
    },
    "field.too_many_files": {
        "ja": "ファイルは {limit} 件までにしてください（入力: {count} 件）",
        "en": "Send at most {limit} files (got {count})",
    },
    "field.pattern": {
        "ja": "入力の形式が正しくありません",
        "en": "The value does not have the expected format",
    },
    "field.pattern_example": {
        "ja": "入力の形式が正しくありません（入力例: {example}）",
        "en": "The value does not have the expected format (e.g. {example})",
    },
    "field.not_option": {
        "ja": "選択肢から選んでください（{options}）",
        "en": "Choose one of the options ({options})",
    },
    "field.not_boolean": {
        "ja": "はい（true）かいいえ（false）で答えてください（入力: {value}）",
        "en": "Answer true or false (got {value})",
    },
    "field.not_text": {
        "ja": "文字列を入力してください",
        "en": "Enter text",
    },
    "field.not_file": {
        "ja": "ファイルを選んでください",
        "en": "Choose a file",
    },
    "field.file_arg": {
        "ja": "ファイルの項目です: {label}=@パス の形で指定してください",
        "en": "This is a file field: pass {label}=@PATH",
    },
    "field.files_arg": {
        "ja": "ファイルの項目です: {label}=@パス（ファイルまたはフォルダ）の形で指定してください",
        "en": "This is a files field: pass {label}=@PATH (a file or a folder)",
    },
    "field.no_such_path": {
        "ja": "ファイルまたはフォルダが見つかりません: {path}",
        "en": "No such file or folder: {path}",
    },
    "field.unknown": {
        "ja": "フォームにない項目です",
        "en": "This field is not part of the form",
    },
    "field.unknown_named": {
        "ja": "{field} はフォームにない項目です。{hint}",
        "en": "{field} is not a field of the form. {hint}",
    },
    "field.known_fields": {
        "ja": "項目: {fields}",
        "en": "fields: {fields}",
    },
    "field.wrong_extension": {
        "ja": "{name}: このファイルの種類は受け付けていません（{extensions} のいずれか）",
        "en": "{name}: this file type is not accepted (use {extensions})",
    },
    "field.file_too_large": {
        "ja": "{name}: ファイルサイズ {size} が上限 {limit} を超えています",
        "en": "{name}: the file size {size} exceeds the limit {limit}",
    },
    "field.invalid": {
        "ja": "入力が正しくありません",
        "en": "The value is not valid",
    },
    "field.problem": {
        "ja": "{label}: {message}",
        "en": "{label}: {message}",
    },
    "field.fix_hint": {
        "ja": "示された項目を直して、もう一度送信してください",
        "en": "Correct the highlighted fields and submit again",
    },
    # --- the confirm fields every confirm/mixed form has ---
    "form.approved": {"ja": "承認する", "en": "Approve"},
    "form.response": {"ja": "コメント", "en": "Comment"},
    "form.required_mark": {"ja": "（必須）", "en": " (required)"},
    "form.number_placeholder": {"ja": "例: 120,000", "en": "e.g. 120,000"},
    "form.select_placeholder": {"ja": "選択してください", "en": "Choose an option"},
    "form.hint_prefix": {"ja": "ヒント: {hint}", "en": "Hint: {hint}"},
    "form.browse_files": {"ja": "ファイルを選ぶ", "en": "Browse files"},
    "form.upload_help": {
        "ja": "ファイルをここにドラッグするか、「ファイルを選ぶ」を押してください（1 ファイル {limit} まで）",
        "en": "Drag files here or press Browse files (up to {limit} per file)",
    },
    "form.accepted_files": {
        "ja": "受け付けたファイル {count} 件（{size}）: {names}",
        "en": "Accepted {count} file(s) ({size}): {names}",
    },
    "form.prefect_description": {
        "ja": "keiri のフォーム: {heading}",
        "en": "keiri form: {heading}",
    },
    "form.context_summary": {
        "ja": "参考情報: {summary}",
        "en": "Context: {summary}",
    },
    # --- errors as the form app shows them ---
    "error.details": {"ja": "エラー詳細", "en": "Error details"},
    "error.code": {"ja": "コード: {code}", "en": "Code: {code}"},
    "error.node": {"ja": "ノード: {node}", "en": "Node: {node}"},
    "error.snapshot": {"ja": "エラー時の入力", "en": "Inputs at the time of the error"},
    "error.hint": {"ja": "対処: {hint}", "en": "What to do: {hint}"},
    "error.retry": {"ja": "再実行", "en": "Retry"},
    # --- run states (Prefect state types and names) ---
    "state.SCHEDULED": {"ja": "予定", "en": "Scheduled"},
    "state.PENDING": {"ja": "準備中", "en": "Pending"},
    "state.RUNNING": {"ja": "実行中", "en": "Running"},
    "state.PAUSED": {"ja": "一時停止（入力待ち）", "en": "Paused (waiting for input)"},
    "state.SUSPENDED": {"ja": "一時停止（入力待ち）", "en": "Suspended (waiting for input)"},
    "state.COMPLETED": {"ja": "完了", "en": "Completed"},
    "state.FAILED": {"ja": "失敗", "en": "Failed"},
    "state.CRASHED": {"ja": "異常終了", "en": "Crashed"},
    "state.CANCELLED": {"ja": "取消", "en": "Cancelled"},
    "state.CANCELLING": {"ja": "取消中", "en": "Cancelling"},
    "state.UNKNOWN": {"ja": "不明", "en": "Unknown"},
    "state.REJECTED": {"ja": "差し戻し", "en": "Rejected"},
    "state.LATE": {"ja": "遅延", "en": "Late"},
    "state.AWAITINGRETRY": {"ja": "再試行待ち", "en": "Awaiting retry"},
    "state.RETRYING": {"ja": "再試行中", "en": "Retrying"},
    "state.TIMEDOUT": {"ja": "時間切れ", "en": "Timed out"},
    "state.RESUMING": {"ja": "再開中", "en": "Resuming"},
    # --- form app pages ---
    "form.mode.collect": {"ja": "入力", "en": "Input"},
    "form.mode.confirm": {"ja": "確認・承認", "en": "Review and approval"},
    "form.mode.inquire": {"ja": "質問への回答", "en": "Answer to a question"},
    "form.mode.mixed": {"ja": "入力と承認", "en": "Input and approval"},
    "form.submitted": {
        "ja": "送信しました。{by} が {at} に実行を再開しました。",
        "en": "Submitted. {by} resumed the run at {at}.",
    },
    "form.meta": {
        "ja": "種類: {mode} ・ 担当: {assignee} ・ 待機開始: {since} ・ 実行: {run}",
        "en": "Kind: {mode} · Assignee: {assignee} · Waiting since: {since} · Run: {run}",
    },
    "form.unassigned": {"ja": "未指定", "en": "unassigned"},
    "form.context": {"ja": "参考情報", "en": "Context"},
    "form.reject_note": {
        "ja": "「承認する」にチェックせずに送信すると差し戻しとして記録され、コメントは後続の処理に渡されます。",
        "en": "Submitting without ticking Approve records a rejection; the comment goes to the next steps.",
    },
    "form.submit": {"ja": "送信して再開", "en": "Submit and resume"},
    "form.reset": {"ja": "入力をリセット", "en": "Reset the form"},
    "form.title": {"ja": "入力フォーム", "en": "Form"},
    "form.choose_from_inbox": {
        "ja": "受信箱から、入力を待っている実行を選んでください。",
        "en": "Choose a run waiting for input in the inbox.",
    },
    "form.to_inbox": {"ja": "受信箱へ", "en": "To the inbox"},
    "form.to_runs": {"ja": "実行履歴を見る", "en": "See recent runs"},
    "inbox.title": {"ja": "受信箱", "en": "Inbox"},
    "inbox.caption": {
        "ja": "入力・確認・承認を待っている実行です。古い依頼から順に並びます。",
        "en": "Runs waiting for input, review or approval, oldest first.",
    },
    "inbox.refresh": {"ja": "更新", "en": "Refresh"},
    "inbox.empty": {"ja": "入力待ちの実行はありません。", "en": "No run is waiting for input."},
    "inbox.no_message": {"ja": "（メッセージなし）", "en": "(no message)"},
    "inbox.meta": {
        "ja": "計画: {plan} ・ ノード: {node} ・ 担当: {assignee} ・ 待機開始: {since}",
        "en": "Plan: {plan} · Node: {node} · Assignee: {assignee} · Waiting since: {since}",
    },
    "inbox.cannot_open": {
        "ja": "このフォームはここでは開けません: {problem}",
        "en": "This form cannot be opened here: {problem}",
    },
    "inbox.open_form": {"ja": "フォームを開く", "en": "Open the form"},
    "time.just_now": {"ja": "たった今", "en": "just now"},
    "time.days_ago": {"ja": "{n} 日前", "en": "{n} d ago"},
    "time.hours_ago": {"ja": "{n} 時間前", "en": "{n} h ago"},
    "time.minutes_ago": {"ja": "{n} 分前", "en": "{n} min ago"},
    # --- times ---
    "time.unknown": {"ja": "不明", "en": "unknown"},
}


def language() -> Language:
    """The language people read: `KEIRI_LANG` (`ja`/`en`, a locale like `ja_JP.UTF-8` counts
    by its prefix); `ja` when unset or unknown."""
    return settings.get().language.lang


def t(key: str, lang: Language | None = None, **kwargs: Any) -> str:
    """The message `key` in `lang` (default: `language()`), formatted with `kwargs`."""
    entry = CATALOG[key]
    return entry[lang or language()].format(**kwargs)


def placeholders(key: str, lang: Language) -> set[str]:
    """The `str.format` fields of one entry (tests check both languages use the same)."""
    return {name for _, name, _, _ in string.Formatter().parse(CATALOG[key][lang]) if name}


def state_label(state: str, lang: Language | None = None) -> str:
    """A run state in words: a Prefect state type (`PAUSED`) or name (`Paused`, `AwaitingRetry`)."""
    key = "state." + state.replace(" ", "").replace("_", "").upper()
    if key in CATALOG:
        return t(key, lang)
    return state


def timezone() -> ZoneInfo:
    """The zone times are shown in: `KEIRI_TIMEZONE` (an IANA name), default Asia/Tokyo."""
    return ZoneInfo(settings.get().language.timezone)


def local_time(value: datetime | float | str | None, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """A time as people read it, in `timezone()`: a datetime (naive = UTC), a POSIX timestamp
    or an ISO 8601 string."""
    if value is None or value == "":
        return t("time.unknown")
    if isinstance(value, int | float):
        moment = datetime.fromtimestamp(float(value), tz=UTC)
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return value
    else:
        moment = value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(timezone()).strftime(fmt)
