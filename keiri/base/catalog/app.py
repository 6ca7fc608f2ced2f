"""Messages of the Streamlit form app (`ui_app`): forms (`form.*`), the inbox (`inbox.*`),
confirmations (`confirm.*`), uploads (`upload.*`), 新規実行 (`new_run.*`), the runs page
(`runs.*`), 入力し直して再実行 (`reenter.*`) and sign-in (`auth.*`)."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    "runs.unknown_plan": {"ja": "（名前のない実行）", "en": "(unnamed run)"},
    "runs.title_started": {"ja": "{plan}（{start} 開始）", "en": "{plan} (started {start})"},
    # --- form.* ---
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
    "form.context_summary": {"ja": "参考情報: {summary}", "en": "Context: {summary}"},
    "form.mode.collect": {"ja": "入力", "en": "Input"},
    "form.mode.confirm": {"ja": "確認・承認", "en": "Review and approval"},
    "form.mode.inquire": {"ja": "質問への回答", "en": "Answer to a question"},
    "form.mode.mixed": {"ja": "入力と承認", "en": "Input and approval"},
    "form.submitted": {
        "ja": "送信しました。{by} が {at} に実行を再開しました。",
        "en": "Submitted. {by} resumed the run at {at}.",
    },
    "form.meta": {
        "ja": "種類: {mode} ・ 手順: {step} ・ 担当: {assignee} ・ 待機開始: {since}",
        "en": "Kind: {mode} · Step: {step} · Assignee: {assignee} · Waiting since: {since}",
    },
    "form.run_title": {"ja": "実行: {title}", "en": "Run: {title}"},
    "form.waiting_next": {
        "ja": "次のフォームを準備しています…",
        "en": "Preparing the next form…",
    },
    "form.next_ready": {
        "ja": "この実行の次のフォームが開きました: {step}",
        "en": "The run's next form is open: {step}",
    },
    "form.next_child": {
        "ja": "この実行は次の入力を待っています: {form}",
        "en": "The run waits for the next input: {form}",
    },
    "form.next_open": {"ja": "次のフォームを開く", "en": "Open the next form"},
    "form.next_not_yet": {
        "ja": "実行は続いています。次のフォームが必要になると受信箱に表示されます。",
        "en": "The run goes on. When it needs the next form, the inbox shows it.",
    },
    "form.next_check": {"ja": "次のフォームを確認", "en": "Check for the next form"},
    "form.run_ended": {
        "ja": "この実行は終わりました: {state}",
        "en": "This run has ended: {state}",
    },
    "form.answered_by": {"ja": "回答者", "en": "Answered by"},
    "form.unassigned": {"ja": "未指定", "en": "unassigned"},
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
    # --- inbox.* ---
    "inbox.title": {"ja": "受信箱", "en": "Inbox"},
    "inbox.caption": {
        "ja": "入力・確認・承認を待っている実行です。古い依頼から順に並びます。",
        "en": "Runs waiting for input, review or approval, oldest first.",
    },
    "inbox.refresh": {"ja": "更新", "en": "Refresh"},
    "inbox.empty": {"ja": "入力待ちの実行はありません。", "en": "No run is waiting for input."},
    "inbox.no_message": {"ja": "（メッセージなし）", "en": "(no message)"},
    "inbox.meta": {
        "ja": "手順: {step} ・ 担当: {assignee} ・ 待機開始: {since}",
        "en": "Step: {step} · Assignee: {assignee} · Waiting since: {since}",
    },
    "inbox.rejected.title": {"ja": "差し戻された実行", "en": "Runs sent back"},
    "inbox.rejected.caption": {
        "ja": "あなたが開始した実行のうち、確認で差し戻されたものです。理由を確認し、直してから再実行してください。",
        "en": "Runs you started that were sent back at a review. Read why, fix it and run again.",
    },
    "inbox.rejected.item": {
        "ja": "{by}さんが差し戻しました（理由: {reason}）",
        "en": "{by} sent it back (reason: {reason})",
    },
    "inbox.rejected.open": {"ja": "実行履歴で開く", "en": "Open in recent runs"},
    "inbox.cannot_open": {
        "ja": "このフォームはここでは開けません: {problem}",
        "en": "This form cannot be opened here: {problem}",
    },
    "inbox.open_form": {"ja": "フォームを開く", "en": "Open the form"},
    # --- confirm.* ---
    "confirm.choice_label": {"ja": "どれにしますか", "en": "Which one?"},
    "confirm.other_option": {"ja": "その他（自由記述）", "en": "Other (free answer)"},
    "confirm.other_label": {"ja": "その他の回答", "en": "Other answer"},
    "confirm.cancel_label": {"ja": "この実行を取消する", "en": "Cancel this run"},
    "confirm.cancel": {"ja": "取消", "en": "Cancel the run"},
    "confirm.cancel_note": {
        "ja": "「取消」を押すと、この実行は取消（キャンセル）として終わります。失敗ではありません。",
        "en": "Cancel ends this run as cancelled, not as a failure.",
    },
    "confirm.not_option": {
        "ja": "選択肢にない値です（{options}）",
        "en": "not one of the options ({options})",
    },
    # --- form.* ---
    "form.details": {"ja": "詳細（元のデータ）", "en": "Details (raw data)"},
    "form.decision": {"ja": "判断", "en": "Decision"},
    "form.answer": {"ja": "入力", "en": "Your answer"},
    "form.draft_restored": {
        "ja": "前回の入力を復元しました（{at} 保存）。「入力をリセット」で消せます。",
        "en": "Restored your draft (saved {at}). Reset the form to discard it.",
    },
    "form.chat_redo": {
        "ja": "回答を直すには、もう一度入力してください。",
        "en": "To change your answer, type it again.",
    },
    "form.chat_placeholder": {
        "ja": "回答を入力して Enter",
        "en": "Type your answer and press Enter",
    },
    "form.folder_how": {"ja": "{label}の送り方", "en": "How to send {label}"},
    "form.folder_mode.folder": {"ja": "フォルダを選ぶ", "en": "Choose a folder"},
    "form.folder_mode.zip": {"ja": "ZIP ファイルで送る", "en": "Send a ZIP file"},
    "form.as_folder": {"ja": "{label}（フォルダ）", "en": "{label} (folder)"},
    "form.as_zip": {"ja": "{label}（ZIP）", "en": "{label} (ZIP)"},
    "form.dropped": {
        "ja": "フォームの定義から削除された項目の入力を破棄しました: {fields}",
        "en": "Discarded the answers to fields the form no longer has: {fields}",
    },
    "form.retyped": {
        "ja": "型または選択肢が変わった項目を既定値に戻しました: {fields}",
        "en": "Reset to their defaults the fields whose type or options changed: {fields}",
    },
    # --- upload.* ---
    "upload.wrong_extension": {
        "ja": "{name}: この項目では受け付けない形式です（受け付ける形式: {extensions}）",
        "en": "{name}: this field does not accept this type (accepted: {extensions})",
    },
    "upload.empty": {
        "ja": "{name}: 空のファイルです（0 バイト）。もう一度アップロードしてください",
        "en": "{name}: the file is empty (0 bytes); upload it again",
    },
    "upload.content_mismatch": {
        "ja": "{name}: 名前は「{expected}」ですが、中身は「{actual}」です",
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
    # --- new_run.* ---
    "new_run.title": {"ja": "新規実行", "en": "New run"},
    "new_run.caption": {
        "ja": "設計（計画）を選んで実行を始めます。最初の入力フォームが開きます。",
        "en": "Choose a design to start a run; its first form opens.",
    },
    "new_run.designs": {"ja": "設計", "en": "Designs"},
    "new_run.deployments": {"ja": "デプロイ", "en": "Deployments"},
    "new_run.no_description": {"ja": "（説明なし）", "en": "(no description)"},
    "new_run.start": {"ja": "実行を開始", "en": "Start a run"},
    "new_run.started": {
        "ja": "開始しました（{by}・{state}）",
        "en": "Started ({by} · {state})",
    },
    "new_run.following": {
        "ja": "実行中です（{state}・{seconds} 秒）。最初の入力フォームの準備ができると自動で開きます。",
        "en": "Running ({state} · {seconds} s). The first form opens by itself when it is ready.",
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
    # --- reenter.* ---
    "reenter.button": {"ja": "入力し直して再実行", "en": "Re-enter the input and retry"},
    "reenter.caused": {
        "ja": "この失敗は「{node}」の入力が原因の可能性があります。入力し直すと、ほかの回答はそのままに、終わった処理は再利用して続きから実行します。",
        "en": "This failure may come from the input of “{node}”. Re-enter it: the other answers are kept and finished work is reused.",
    },
    "reenter.choose": {"ja": "入力し直すフォーム", "en": "Form to re-enter"},
    "reenter.not_human_input": {
        "ja": "--reenter {node}: 人の入力を受けるノードではありません",
        "en": "--reenter {node}: not a human-input node",
    },
    "reenter.known_inputs": {"ja": "入力ノード: {nodes}", "en": "human-input nodes: {nodes}"},
    "reenter.busy": {
        "ja": "実行 {run_id} は別の再実行の準備中です。少し待ってからもう一度操作してください",
        "en": "run {run_id} is being prepared for another retry; try again shortly",
    },
    # --- runs.* ---
    "runs.title": {"ja": "実行履歴", "en": "Recent runs"},
    "runs.state": {"ja": "状態", "en": "State"},
    "runs.refresh": {"ja": "更新", "en": "Refresh"},
    "runs.none": {"ja": "該当する実行はありません。", "en": "No matching runs."},
    "runs.filter.all": {"ja": "すべて", "en": "All"},
    "runs.filter.paused": {"ja": "入力待ち", "en": "Waiting for input"},
    "runs.filter.running": {"ja": "実行中", "en": "Running"},
    "runs.filter.completed": {"ja": "完了", "en": "Completed"},
    "runs.filter.failed": {"ja": "失敗", "en": "Failed"},
    "runs.period.month": {"ja": "{year}年{month}月分", "en": "{year}-{month:02d}"},
    "runs.filter.rejected": {"ja": "差し戻し", "en": "Rejected"},
    "runs.filter.crashed": {"ja": "クラッシュ", "en": "Crashed"},
    "runs.filter.scheduled": {"ja": "予定（これからの実行）", "en": "Scheduled (later runs)"},
    "runs.not_started": {"ja": "未開始", "en": "Not started"},
    "runs.due_at": {"ja": "{at} に開始予定", "en": "due {at}"},
    "runs.period": {"ja": "対象期間", "en": "Period"},
    "runs.period_all": {"ja": "すべての期間", "en": "Every period"},
    "runs.open_prefect": {"ja": "Prefect UI で開く", "en": "Open in the Prefect UI"},
    "runs.open_form": {"ja": "フォームを開く", "en": "Open the form"},
    "runs.child_waiting": {"ja": "入力待ち: {form}", "en": "Waiting for input: {form}"},
    "runs.outputs_json": {"ja": "出力（JSON）", "en": "Outputs (JSON)"},
    "runs.retry_started": {"ja": "{by} が再実行を開始しました", "en": "{by} started a retry"},
    "runs.reask": {
        "ja": "再実行（もう一度確認を依頼）",
        "en": "Retry (ask for the decision again)",
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
    # --- auth.* ---
    "auth.title": {"ja": "keiri フォームアプリ", "en": "keiri form app"},
    "auth.login_title": {"ja": "keiri フォームアプリ — ログイン", "en": "keiri form app — sign in"},
    "auth.prompt": {"ja": "続けるにはログインしてください。", "en": "Sign in to continue."},
    "auth.login": {"ja": "ログイン", "en": "Sign in"},
    "auth.logout": {"ja": "ログアウト", "en": "Sign out"},
    "auth.name": {
        "ja": "お名前（再開した人として記録されます）",
        "en": "Your name (recorded as the person who resumed)",
    },
    "auth.secret": {"ja": "共有シークレット", "en": "Shared secret"},
    "auth.name_missing": {"ja": "お名前を入力してください", "en": "Enter your name"},
    "auth.secret_wrong": {"ja": "共有シークレットが違います", "en": "The shared secret is wrong"},
    "auth.signed_in": {"ja": "ログイン中: {user}", "en": "Signed in: {user}"},
    "auth.self_declared": {"ja": "{name}（自己申告）", "en": "{name} (self-declared)"},
    # --- nav.* ---
    "nav.app_title": {"ja": "keiri フォーム", "en": "keiri forms"},
    "nav.inbox": {"ja": "受信箱", "en": "Inbox"},
    "nav.form": {"ja": "入力フォーム", "en": "Form"},
    "nav.runs": {"ja": "実行履歴", "en": "Recent runs"},
    "nav.new_run": {"ja": "新規実行", "en": "New run"},
    "nav.design": {"ja": "設計", "en": "Design"},
    "nav.analysis": {"ja": "分析", "en": "Analysis"},
    "nav.ask": {"ja": "依頼", "en": "Requests"},
    "nav.copilot": {"ja": "コパイロット", "en": "Copilot"},
    "nav.design_failed": {
        "ja": "設計ページを読み込めませんでした（{error}）",
        "en": "The design page could not be loaded ({error})",
    },
    "nav.design_failed_hint": {
        "ja": "他のページはそのまま使えます。設計ページの依存関係（designer パッケージ）を確認してください",
        "en": "The other pages work as before. Check the design page's dependencies (the designer package)",
    },
}
