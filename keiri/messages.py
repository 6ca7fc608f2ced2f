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
from keiri.errors import ConfigError

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
    # --- the choice form of a block's question (seed 003) ---
    "confirm.choice_label": {"ja": "どれにしますか", "en": "Which one?"},
    "confirm.other_option": {"ja": "その他（自由記述）", "en": "Other (free answer)"},
    "confirm.other_label": {"ja": "その他の回答", "en": "Other answer"},
    "confirm.cancel_label": {"ja": "この実行を取消する", "en": "Cancel this run"},
    "confirm.cancel": {"ja": "取消", "en": "Cancel the run"},
    "confirm.cancel_note": {
        "ja": "「取消」を押すと、この実行は取消（キャンセル）として終わります。失敗ではありません。",
        "en": "Cancel ends this run as cancelled, not as a failure.",
    },
    "confirm.heading": {"ja": "確認が必要です", "en": "A decision is needed"},
    "confirm.not_option": {
        "ja": "選択肢にない値です（{options}）",
        "en": "not one of the options ({options})",
    },
    # --- the file store (`blocks.store`) ---
    "store.corrupted": {
        "ja": "ファイルストアのオブジェクトが破損しています（store object corrupted）: {name}"
        "（期待される SHA-256: {sha256}）",
        "en": "store object corrupted: {name} (expected sha256 {sha256})",
    },
    "store.corrupted_hint": {
        "ja": "保存後に内容が変わっています。元のファイル {name} をもう一度保存すると"
        "（例: --input NODE.FIELD=@パス で実行し直す）破損したオブジェクトが置き換えられます",
        "en": "its content changed after it was stored; storing the original {name} again "
        "(e.g. --input NODE.FIELD=@PATH) replaces the corrupted object",
    },
    # --- reuse of persisted node results (retry, resume): `flows.result_reuse` ---
    "reuse.unchanged": {
        "ja": "定義と入力が前回と同じです",
        "en": "its definition and inputs are unchanged",
    },
    "reuse.same_inputs": {
        "ja": "同じ入力の結果があります（cache: inputs）",
        "en": "a result for the same inputs exists (cache: inputs)",
    },
    "reuse.definition_changed": {
        "ja": "定義が変更されました",
        "en": "its definition changed",
    },
    "reuse.inputs_changed": {
        "ja": "入力が変更されました",
        "en": "its inputs changed",
    },
    "reuse.not_finished": {
        "ja": "前回の実行では完了していませんでした",
        "en": "it did not finish in the previous attempt",
    },
    "reuse.no_fingerprint": {
        "ja": "前回の結果に定義の記録がありません（以前の keiri で保存された結果）",
        "en": "the stored result has no record of its definition (saved by an older keiri)",
    },
    "reuse.reused": {"ja": "再利用: {node}（{reason}）", "en": "reused: {node} ({reason})"},
    "reuse.rerun": {"ja": "再実行: {node}（{reason}）", "en": "re-run: {node} ({reason})"},
    "reuse.items": {"ja": "{count} 件", "en": "{count} items"},
    # --- times ---
    "time.unknown": {"ja": "不明", "en": "unknown"},
}


# --- readable forms, drafts, upload checks, 新規実行 and the runs page (the form app) ---
CATALOG.update(
    {
        "display.col.severity": {"ja": "重要度", "en": "Severity"},
        "display.col.file": {"ja": "ファイル", "en": "File"},
        "display.col.reason": {"ja": "理由", "en": "Reason"},
        "display.yes": {"ja": "はい", "en": "yes"},
        "display.no": {"ja": "いいえ", "en": "no"},
        "display.severity.error": {"ja": "エラー", "en": "Error"},
        "display.severity.warning": {"ja": "警告", "en": "Warning"},
        "display.severity.info": {"ja": "情報", "en": "Info"},
        "display.rows": {"ja": "{count} 件", "en": "{count} rows"},
        "display.rows_cut": {
            "ja": "{total} 件のうち {shown} 件を表示しています",
            "en": "Showing {shown} of {total} rows",
        },
        "display.empty": {"ja": "該当なし", "en": "None"},
        "display.missing": {
            "ja": "「{path}」のデータがありません",
            "en": "No data at {path}",
        },
        "form.details": {"ja": "詳細（元のデータ）", "en": "Details (raw data)"},
        "form.decision": {"ja": "判断", "en": "Decision"},
        "form.answer": {"ja": "入力", "en": "Your answer"},
        "form.draft_restored": {
            "ja": "前回の入力を復元しました（{at} 保存）。「入力をリセット」で消せます。",
            "en": "Restored your draft (saved {at}). Reset the form to discard it.",
        },
        "upload.wrong_extension": {
            "ja": "{name}: この項目では受け付けない形式です（受け付ける形式: {extensions}）",
            "en": "{name}: this field does not accept this type (accepted: {extensions})",
        },
        "upload.empty": {
            "ja": "{name}: 空のファイルです（0 バイト）。もう一度アップロードしてください",
            "en": "{name}: the file is empty (0 bytes); upload it again",
        },
        "upload.content_mismatch": {
            "ja": "{name}: 名前は {expected} ですが、中身は {actual} です",
            "en": "{name}: the name says {expected} but the content is {actual}",
        },
        "upload.zip_corrupt": {
            "ja": "{name}: ZIP ファイルが壊れているか、途中で切れています。作り直してアップロードしてください",
            "en": "{name}: the ZIP is corrupt or truncated; re-create it and upload it again",
        },
        "upload.zip_unsafe": {
            "ja": "{name}: 安全でない ZIP のため受け付けません（問題のある項目: {detail}）",
            "en": "{name}: the ZIP is unsafe and was refused ({detail})",
        },
        "upload.zip_encrypted": {
            "ja": "{name}: パスワード付きの ZIP は受け付けません（対象: {detail}）",
            "en": "{name}: password-protected ZIPs are not accepted ({detail})",
        },
        "upload.zip_empty": {
            "ja": "{name}: ZIP にファイルが入っていません",
            "en": "{name}: the ZIP holds no files",
        },
        "upload.encrypted": {
            "ja": "{name}: パスワードで保護されています。パスワードなしのものをアップロードしてください",
            "en": "{name}: the file is password-protected; upload a copy without a password",
        },
        "upload.cannot_open": {
            "ja": "{name}: {kind} として開けません（壊れているか、途中で切れています）",
            "en": "{name}: cannot be opened as {kind} (corrupt or truncated)",
        },
        "upload.too_big_inside": {
            "ja": "{name}: 展開すると大きすぎるため受け付けません",
            "en": "{name}: too large once unpacked; refused",
        },
        "upload.kind.pdf": {"ja": "PDF", "en": "a PDF"},
        "upload.kind.docx": {"ja": "Word 文書", "en": "a Word document"},
        "upload.kind.xlsx": {"ja": "Excel ブック", "en": "an Excel workbook"},
        "upload.kind.zip": {"ja": "ZIP", "en": "a ZIP archive"},
        "upload.kind.text": {"ja": "テキスト", "en": "text"},
        "upload.kind.other": {"ja": "別の形式", "en": "something else"},
        "new_run.title": {"ja": "新規実行", "en": "New run"},
        "new_run.caption": {
            "ja": "設計（計画）を選んで実行を始めます。最初の入力フォームが開きます。",
            "en": "Choose a design to start a run; its first form opens.",
        },
        "new_run.designs": {"ja": "設計", "en": "Designs"},
        "new_run.deployments": {"ja": "デプロイ", "en": "Deployments"},
        "new_run.no_description": {"ja": "（説明なし）", "en": "(no description)"},
        "new_run.start": {"ja": "実行を開始", "en": "Start a run"},
        "new_run.starting": {"ja": "実行を開始しています…", "en": "Starting the run…"},
        "new_run.started": {
            "ja": "{by} が実行を開始しました（{state}）",
            "en": "{by} started the run ({state})",
        },
        "new_run.open_form": {"ja": "最初のフォームを開く", "en": "Open the first form"},
        "new_run.to_runs": {"ja": "実行履歴で見る", "en": "See it in recent runs"},
        "new_run.empty": {"ja": "設計がありません。", "en": "No designs."},
        "new_run.invalid": {
            "ja": "この設計には問題があるため実行できません: {problem}",
            "en": "This design cannot run: {problem}",
        },
        "new_run.plan_meta": {
            "ja": "ID: {id} ・ バージョン: {version}",
            "en": "ID: {id} · Version: {version}",
        },
        # --- re-entering an input and retrying (`flows.reenter`, the runs page, keiri retry) ---
        "reenter.button": {"ja": "入力し直して再実行", "en": "Re-enter the input and retry"},
        "reenter.caused": {
            "ja": "この失敗は「{node}」の入力が原因の可能性があります。"
            "入力し直すと、ほかの回答はそのままに、終わった処理は再利用して続きから実行します。",
            "en": "This failure may come from the input of “{node}”. Re-enter it: the other "
            "answers are kept and finished work is reused.",
        },
        "reenter.choose": {"ja": "入力し直すフォーム", "en": "Form to re-enter"},
        "reenter.started": {
            "ja": "{by} が入力のやり直しを開始しました（{state}）",
            "en": "{by} started re-entering the input ({state})",
        },
        "reenter.open_form": {"ja": "フォームを開いて入力し直す", "en": "Open the form"},
        "reenter.not_human_input": {
            "ja": "--reenter {node}: 人の入力を受けるノードではありません",
            "en": "--reenter {node}: not a human-input node",
        },
        "reenter.known_inputs": {
            "ja": "入力ノード: {nodes}",
            "en": "human-input nodes: {nodes}",
        },
        "reenter.busy": {
            "ja": "実行 {run_id} は別の再実行の準備中です。少し待ってからもう一度操作してください",
            "en": "run {run_id} is being prepared for another retry; try again shortly",
        },
        "runs.summary": {"ja": "概要", "en": "Summary"},
        "runs.reports": {"ja": "レポート", "en": "Reports"},
        "runs.inputs": {"ja": "入力ファイル", "en": "Input files"},
        "runs.outputs": {
            "ja": "その他の出力ファイル（{count} 件）",
            "en": "Other output files ({count})",
        },
        "runs.approved": {
            "ja": "{node}: {by} が {at} に承認しました",
            "en": "{node}: approved by {by} at {at}",
        },
        "runs.not_approved": {
            "ja": "{node}: {by} が {at} に差し戻しました",
            "en": "{node}: sent back by {by} at {at}",
        },
        "runs.answered": {
            "ja": "{node}: {by} が {at} に入力しました",
            "en": "{node}: answered by {by} at {at}",
        },
        "runs.started_by": {"ja": "開始: {by}（{at}）", "en": "Started by {by} ({at})"},
        "runs.outside_keiri": {"ja": "（keiri の外から再開）", "en": "(resumed outside keiri)"},
        "auth.self_declared": {"ja": "{name}（自己申告）", "en": "{name} (self-declared)"},
        # --- the copilot's surfaces: `keiri chat` and the コパイロット page (chat.*) ---
        "chat.role.user": {"ja": "あなた", "en": "You"},
        "chat.role.assistant": {"ja": "コパイロット", "en": "Copilot"},
        "chat.role.tool": {"ja": "ツール", "en": "Tool"},
        "chat.role.system": {"ja": "お知らせ", "en": "Notice"},
        "chat.link": {"ja": "→ {label}: {url}", "en": "→ {label}: {url}"},
        "chat.confirmation.pending": {"ja": "確認待ち", "en": "awaiting confirmation"},
        "chat.confirmation.approved": {"ja": "{by} が承認しました", "en": "approved by {by}"},
        "chat.confirmation.declined": {"ja": "{by} が却下しました", "en": "declined by {by}"},
        "chat.status.goals": {"ja": "目標と進捗", "en": "Goals and progress"},
        "chat.status.no_goals": {"ja": "目標はまだありません", "en": "No goals yet"},
        "chat.status.progress": {
            "ja": "{done}/{total} ステップ完了",
            "en": "{done} of {total} steps done",
        },
        "chat.status.pending": {"ja": "確認待ち", "en": "Awaiting your confirmation"},
        "chat.status.no_pending": {"ja": "確認待ちはありません", "en": "Nothing to confirm"},
        "chat.status.recent_runs": {"ja": "最近の実行", "en": "Recent runs"},
        "chat.status.paused_runs": {"ja": "入力待ちの実行", "en": "Runs waiting for input"},
        "chat.status.running": {
            "ja": "バックグラウンドで実行中",
            "en": "Running in the background",
        },
        "chat.status.tasks": {"ja": "{count} 件のタスク", "en": "{count} tasks"},
        "chat.goal.draft": {"ja": "下書き", "en": "draft"},
        "chat.goal.approved": {"ja": "承認済み", "en": "approved"},
        "chat.goal.in_progress": {"ja": "進行中", "en": "in progress"},
        "chat.goal.completed": {"ja": "完了", "en": "completed"},
        "chat.goal.failed": {"ja": "失敗", "en": "failed"},
        "chat.step.pending": {"ja": "未着手", "en": "pending"},
        "chat.step.in_progress": {"ja": "実行中", "en": "in progress"},
        "chat.step.completed": {"ja": "完了", "en": "completed"},
        "chat.step.failed": {"ja": "失敗", "en": "failed"},
        "chat.cli.welcome": {
            "ja": "コパイロットとの会話を始めます（会話 {conversation}、{user} として操作します）。"
            "/status で状況、/help でヘルプ、/quit で終了します。",
            "en": "Talking to the copilot (conversation {conversation}, acting as {user}). "
            "/status shows the state, /help the commands, /quit ends.",
        },
        "chat.cli.resumed": {
            "ja": "会話 {conversation} を再開します（{user} として操作します）。",
            "en": "Resuming conversation {conversation} (acting as {user}).",
        },
        "chat.cli.prompt": {"ja": "あなた> ", "en": "You> "},
        "chat.cli.thinking": {"ja": "（考えています…）", "en": "(thinking…)"},
        "chat.cli.confirm": {"ja": "実行してよろしいですか？ [y/n]: ", "en": "Go ahead? [y/n]: "},
        "chat.cli.confirm_again": {
            "ja": "y（承認）か n（却下）で答えてください。",
            "en": "Answer y (approve) or n (decline).",
        },
        "chat.cli.help": {
            "ja": "日本語でやりたいことを書いてください（例: 今月の請求書チェックを実行して）。\n"
            "  /status  目標と進捗、確認待ち、最近の実行、入力待ちの実行\n"
            "  /help    このヘルプ\n"
            "  /quit    終了（Ctrl-D でも終了します）",
            "en": "Write what you want done (e.g. run this month's invoice check).\n"
            "  /status  goals and progress, pending confirmations, recent and paused runs\n"
            "  /help    this help\n"
            "  /quit    end (Ctrl-D too)",
        },
        "chat.cli.commands": {
            "ja": "使えるコマンド: /status /help /quit",
            "en": "commands: /status /help /quit",
        },
        "chat.cli.did_you_mean": {"ja": "もしかして {name}？", "en": "did you mean {name}?"},
        "chat.cli.unknown_command": {
            "ja": "不明なコマンドです: {command}（{hint}）",
            "en": "unknown command: {command} ({hint})",
        },
        "chat.cli.bye": {
            "ja": "会話を終了しました。続きは keiri chat --conversation {conversation} で再開できます。",
            "en": "Conversation ended. Resume it with: keiri chat --conversation {conversation}",
        },
        "chat.cli.no_conversations": {
            "ja": "会話はまだありません。",
            "en": "No conversations yet.",
        },
        "chat.cli.messages": {"ja": "{count} 件", "en": "{count} messages"},
        "chat.page.title": {"ja": "コパイロット", "en": "Copilot"},
        "chat.page.caption": {
            "ja": "やりたいことを日本語で書いてください。コパイロットが目標をステップに分け、"
            "keiri の操作（設計・検証・実行・再開）を提案します。実行や承認の前には必ず確認します。",
            "en": "Write what you want done. The copilot breaks goals into steps and proposes "
            "keiri operations; it always asks before it starts, schedules, approves or cancels.",
        },
        "chat.page.input": {
            "ja": "メッセージを入力（例: 今月の請求書チェックを実行して）",
            "en": "Message (e.g. run this month's invoice check)",
        },
        "chat.page.approve": {"ja": "承認", "en": "Approve"},
        "chat.page.decline": {"ja": "却下", "en": "Decline"},
        "chat.page.conversation": {"ja": "会話", "en": "Conversation"},
        "chat.page.new": {"ja": "新しい会話", "en": "New conversation"},
        "chat.page.new_label": {"ja": "（新しい会話）", "en": "(new conversation)"},
        "chat.page.refresh": {"ja": "更新", "en": "Refresh"},
        "chat.page.thinking": {"ja": "考えています…", "en": "Thinking…"},
        "chat.page.deciding": {"ja": "処理しています…", "en": "Working…"},
        "chat.page.prefect": {"ja": "Prefect UI", "en": "Prefect UI"},
        "chat.page.open_form": {"ja": "フォームを開く", "en": "Open the form"},
        "chat.page.empty": {
            "ja": "まだメッセージはありません。下の入力欄から話しかけてください。",
            "en": "No messages yet. Write below to start.",
        },
    }
)


def _merge_parts() -> None:
    """Add the per-surface parts of `keiri.catalog`; a key defined twice is a programming error."""
    from keiri.catalog import cli, copilot, issues, runtime, summary

    for part in (cli, issues, runtime, summary, copilot):
        for key, entry in part.ENTRIES.items():
            if key in CATALOG:
                raise KeyError(f"message key defined twice: {key}")
            CATALOG[key] = {"ja": entry["ja"], "en": entry["en"]}


_merge_parts()


def language() -> Language:
    """The language people read: `KEIRI_LANG` (`ja`/`en`, a locale like `ja_JP.UTF-8` counts
    by its prefix); `ja` when unset or unknown. While other settings do not validate, their
    error is shown in the language `KEIRI_LANG` names on its own."""
    try:
        return settings.get().language.lang
    except ConfigError:
        return "en" if settings.requested_language() == "en" else "ja"


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


def _install() -> None:
    """Errors built below this layer (`keiri.errors`: default hints, counts) speak the
    reader's language too."""
    from keiri import errors

    errors.use_messages(t)


_install()
