"""Messages shared by every surface: form-field validation (`field.*`), run states (`state.*`),
times (`time.*`), generic errors (`error.*`), the file store (`store.*`), result reuse
(`reuse.*`) and what a confirm form or a report shows (`display.*`)."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- field.* ---
    "field.required": {"ja": "必須項目です。入力してください", "en": "This field is required"},
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
    "field.not_text": {"ja": "文字列を入力してください", "en": "Enter text"},
    "field.not_file": {"ja": "ファイルを選んでください", "en": "Choose a file"},
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
    "field.unknown": {"ja": "フォームにない項目です", "en": "This field is not part of the form"},
    "field.unknown_named": {
        "ja": "{field} はフォームにない項目です。{hint}",
        "en": "{field} is not a field of the form. {hint}",
    },
    "field.known_fields": {"ja": "項目: {fields}", "en": "fields: {fields}"},
    "field.wrong_extension": {
        "ja": "{name}: このファイルの種類は受け付けていません（{extensions} のいずれか）",
        "en": "{name}: this file type is not accepted (use {extensions})",
    },
    "field.file_too_large": {
        "ja": "{name}: ファイルサイズ {size} が上限 {limit} を超えています",
        "en": "{name}: the file size {size} exceeds the limit {limit}",
    },
    "field.invalid": {"ja": "入力が正しくありません", "en": "The value is not valid"},
    "field.problem": {"ja": "{label}: {message}", "en": "{label}: {message}"},
    "field.sample_text": {"ja": "サンプル", "en": "sample"},
    "field.sample_answer": {"ja": "サンプルの回答", "en": "a sample answer"},
    "field.not_month": {
        "ja": "年月を入力してください（例: 2026-10、2026年10月、令和8年10月）（入力: {value}）",
        "en": "Enter a year and month (e.g. 2026-10) (got {value})",
    },
    "field.no_such_month": {
        "ja": "存在しない年月です（入力: {value}）",
        "en": "There is no such month (got {value})",
    },
    "field.month_format": {
        "ja": "年月は 2026-10 の形で入力してください（入力: {value}）",
        "en": "Send the month as 2026-10 (got {value})",
    },
    "field.month_value": {"ja": "{year}年{month}月", "en": "{year}-{month:0>2}"},
    "field.month_placeholder": {"ja": "例: 2026-10、2026年10月", "en": "e.g. 2026-10"},
    "field.not_date_range": {
        "ja": "期間を入力してください（例: 2026/4/1〜2026/4/30、2026年4月）（入力: {value}）",
        "en": "Enter a period (e.g. 2026-04-01 ~ 2026-04-30, or 2026-04) (got {value})",
    },
    "field.no_such_date": {
        "ja": "存在しない日付です（入力: {value}）",
        "en": "There is no such date (got {value})",
    },
    "field.range_reversed": {
        "ja": "開始日が終了日より後になっています（{start} 〜 {end}）",
        "en": "The start is after the end ({start} ~ {end})",
    },
    "field.date_range_format": {
        "ja": "期間は開始日と終了日を 2026-04-01 の形で入力してください",
        "en": "Give the start and the end of the period as 2026-04-01",
    },
    "field.date_range_value": {"ja": "{start} 〜 {end}", "en": "{start} ~ {end}"},
    "field.date_range_placeholder": {
        "ja": "例: 2026/4/1〜2026/4/30、2026年4月",
        "en": "e.g. 2026-04-01 ~ 2026-04-30",
    },
    "field.fix_hint": {
        "ja": "示された項目を直して、もう一度送信してください",
        "en": "Correct the highlighted fields and submit again",
    },
    # --- error.* ---
    "error.details": {"ja": "エラー詳細", "en": "Error details"},
    "error.code": {"ja": "コード: {code}", "en": "Code: {code}"},
    "error.node": {"ja": "ノード: {node}", "en": "Node: {node}"},
    "error.snapshot": {"ja": "エラー時の入力", "en": "Inputs at the time of the error"},
    "error.retry": {"ja": "再実行", "en": "Retry"},
    # --- state.* ---
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
    # --- time.* ---
    "time.just_now": {"ja": "たった今", "en": "just now"},
    "time.days_ago": {"ja": "{n} 日前", "en": "{n} d ago"},
    "time.hours_ago": {"ja": "{n} 時間前", "en": "{n} h ago"},
    "time.minutes_ago": {"ja": "{n} 分前", "en": "{n} min ago"},
    # --- store.* ---
    "store.corrupted": {
        "ja": "ファイルストアのオブジェクトが破損しています（store object corrupted）: {name}（期待される SHA-256: {sha256}）",
        "en": "store object corrupted: {name} (expected sha256 {sha256})",
    },
    "store.corrupted_hint": {
        "ja": "保存後に内容が変わっています。元のファイル {name} をもう一度保存すると（例: --input NODE.FIELD=@パス で実行し直す）破損したオブジェクトが置き換えられます",
        "en": "its content changed after it was stored; storing the original {name} again (e.g. --input NODE.FIELD=@PATH) replaces the corrupted object",
    },
    # --- reuse.* ---
    "reuse.unchanged": {
        "ja": "定義と入力が前回と同じです",
        "en": "its definition and inputs are unchanged",
    },
    "reuse.same_inputs": {
        "ja": "同じ入力の結果があります（cache: inputs）",
        "en": "a result for the same inputs exists (cache: inputs)",
    },
    "reuse.definition_changed": {"ja": "定義が変更されました", "en": "its definition changed"},
    "reuse.inputs_changed": {"ja": "入力が変更されました", "en": "its inputs changed"},
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
    # --- time.* ---
    "time.unknown": {"ja": "不明", "en": "unknown"},
    "time.seconds": {"ja": "{seconds} 秒", "en": "{seconds} s"},
    "time.minutes_seconds": {"ja": "{minutes} 分 {seconds} 秒", "en": "{minutes} min {seconds} s"},
    "time.hours_minutes": {"ja": "{hours} 時間 {minutes} 分", "en": "{hours} h {minutes} min"},
    # --- display.* ---
    "display.sep": {"ja": " ・ ", "en": " · "},
    "display.list_sep": {"ja": "、", "en": ", "},
    "display.paren": {"ja": "{text}（{note}）", "en": "{text} ({note})"},
    "display.bytes": {"ja": "{size} バイト", "en": "{size} bytes"},
    "display.col.severity": {"ja": "重要度", "en": "Severity"},
    "display.col.file": {"ja": "ファイル", "en": "File"},
    "display.col.reason": {"ja": "理由", "en": "Reason"},
    "display.yes": {"ja": "はい", "en": "yes"},
    "display.no": {"ja": "いいえ", "en": "no"},
    "display.severity.error": {"ja": "エラー", "en": "Error"},
    "display.severity.warning": {"ja": "警告", "en": "Warning"},
    "display.severity.info": {"ja": "情報", "en": "Info"},
    "display.section": {"ja": "{title}（{count}）", "en": "{title} ({count})"},
    "display.rows": {"ja": "{count} 件", "en": "{count} rows"},
    "display.rows_cut": {
        "ja": "{total} 件のうち {shown} 件を表示しています",
        "en": "Showing {shown} of {total} rows",
    },
    "display.empty": {"ja": "該当なし", "en": "None"},
    "display.missing": {"ja": "「{path}」のデータがありません", "en": "No data at {path}"},
    # a step's name for people when its node has no title (`compiler.node_titles`)
    "step.block.ai.analyze": {"ja": "データを分析する", "en": "Analyse the data"},
    "step.block.ai.process_llm": {"ja": "AI で処理する", "en": "Process with the model"},
    "step.block.archive.add": {"ja": "証憑を保管する", "en": "Archive the evidence"},
    "step.block.counterparties.link": {
        "ja": "取引先マスタと照らし合わせる",
        "en": "Match with the counterparty master",
    },
    "step.block.counterparties.register": {
        "ja": "取引先を登録する",
        "en": "Register counterparties",
    },
    "step.block.data.aggregate": {"ja": "集計する", "en": "Aggregate"},
    "step.block.data.check_rules": {"ja": "ルールで確認する", "en": "Check the rules"},
    "step.block.excel.read_data": {"ja": "Excel を読み込む", "en": "Read the Excel file"},
    "step.block.excel.write": {"ja": "レポートを書き出す", "en": "Write the report"},
    "step.block.file.extract_text": {
        "ja": "ファイルの文字を読み取る",
        "en": "Read the files' text",
    },
    "step.block.file.parse_zip_2tier": {"ja": "ZIP を展開する", "en": "Unpack the ZIP"},
    "step.block.intake.collect": {
        "ja": "共有フォルダから受け取る",
        "en": "Take the files from the shared folder",
    },
    "step.block.invoice.account_files": {"ja": "ファイル一覧を作る", "en": "List the files"},
    "step.block.invoice.check": {"ja": "請求書の要件を確認する", "en": "Check the invoices"},
    "step.block.invoice.extract_fields": {"ja": "請求書を読み取る", "en": "Read the invoices"},
    "step.block.invoice.triage": {"ja": "請求書を仕分ける", "en": "Sort the invoices"},
    "step.block.journal.apply_corrections": {
        "ja": "仕訳の修正を反映する",
        "en": "Apply the journal corrections",
    },
    "step.block.journal.export": {"ja": "仕訳を出力する", "en": "Export the journal"},
    "step.block.journal.from_invoices": {
        "ja": "請求書から仕訳を作る",
        "en": "Journalise the invoices",
    },
    "step.block.journal.from_payments": {
        "ja": "支払から仕訳を作る",
        "en": "Journalise the payments",
    },
    "step.block.journal.review": {"ja": "仕訳を確認する", "en": "Review the journal"},
    "step.block.registry.check": {"ja": "登録番号を確認する", "en": "Check registration numbers"},
    "step.block.table.read_statement": {
        "ja": "入出金明細を読み込む",
        "en": "Read the bank statement",
    },
    "step.block.table.reconcile": {
        "ja": "請求書と支払を照合する",
        "en": "Reconcile invoices and payments",
    },
    "step.block.table.settle_proposals": {
        "ja": "照合の提案を確定する",
        "en": "Settle the match proposals",
    },
    "step.form.collect": {"ja": "資料・入力を受け取る", "en": "Collect the inputs"},
    "step.form.confirm": {"ja": "結果を確認・承認する", "en": "Confirm the results"},
    "step.form.mixed": {"ja": "入力して承認する", "en": "Enter and approve"},
    "step.form.inquire": {"ja": "問い合わせに答える", "en": "Answer the question"},
    "step.subflow": {"ja": "{plan} を実行する", "en": "Run {plan}"},
}
