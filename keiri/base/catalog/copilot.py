"""Messages of the copilot surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}."""

from __future__ import annotations

__all__ = ["ENTRIES"]


ENTRIES: dict[str, dict[str, str]] = {
    "copilot.new_conversation": {"ja": "新しい会話", "en": "New conversation"},
    "copilot.no_args": {"ja": "（引数なし）", "en": "(no arguments)"},
    "copilot.did_you_mean": {"ja": "（もしかして: {names}）", "en": " (did you mean: {names})"},
    "copilot.hint_line": {"ja": "対処: {hint}", "en": "What to do: {hint}"},
    "copilot.tool_failed": {"ja": "❌ {code}: {message}", "en": "❌ {code}: {message}"},
    "copilot.repair": {
        "ja": "直前の ActionList には次の問題がありました。ツール一覧にあるツールと正しい引数で"
        "出し直してください:\n{problems}",
        "en": "The previous ActionList had these problems; answer again with tools from the list "
        "and valid arguments:\n{problems}",
    },
    "copilot.permission_denied": {
        "ja": "⛔ {user} さん（ロール: {role}）は「{tool}」を実行できません。必要な権限: {permission}。"
        "権限は keiri ホームの permissions.yaml で管理者が設定します。",
        "en": "⛔ {user} (role: {role}) may not run {tool}: it needs the {permission} permission. "
        "An admin sets roles in permissions.yaml in the keiri home.",
    },
    # -- errors
    "copilot.error.llm_not_configured": {
        "ja": "コパイロットが使う LLM が設定されていません。",
        "en": "No LLM is configured for the copilot.",
    },
    "copilot.hint.llm_not_configured": {
        "ja": "OPENAI_API_KEY（Azure OpenAI の場合は AZURE_OPENAI_ENDPOINT、AZURE_OPENAI_API_KEY、"
        "AZURE_OPENAI_API_VERSION、AZURE_OPENAI_DEPLOYMENT）を .env か環境変数に設定してください。",
        "en": "Set OPENAI_API_KEY (for Azure OpenAI: AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY, "
        "AZURE_OPENAI_API_VERSION and AZURE_OPENAI_DEPLOYMENT) in .env or the environment.",
    },
    "copilot.error.llm_failed": {
        "ja": "LLM の呼び出しに失敗しました: {why}",
        "en": "The LLM call failed: {why}",
    },
    "copilot.hint.llm_failed": {
        "ja": "しばらくしてからもう一度送ってください。続く場合は LLM の設定と接続を確認してください。",
        "en": "Send the message again later; if it persists, check the LLM settings and network.",
    },
    "copilot.error.unknown_tool": {"ja": "不明なツール「{name}」です", "en": "Unknown tool {name}"},
    "copilot.hint.unknown_tool": {
        "ja": "ツール一覧にある名前だけが使えます。",
        "en": "Only the tools in the tool list can be used.",
    },
    "copilot.error.bad_args": {
        "ja": "ツール「{name}」の引数が正しくありません: {problems}",
        "en": "Invalid arguments for {name}: {problems}",
    },
    "copilot.hint.bad_args": {"ja": "使える引数: {fields}", "en": "Arguments: {fields}"},
    "copilot.error.no_conversation": {
        "ja": "会話 {id} はありません。",
        "en": "No conversation {id}.",
    },
    "copilot.hint.conversations": {
        "ja": "最近の会話: {known}",
        "en": "Recent conversations: {known}",
    },
    "copilot.error.no_confirmation": {
        "ja": "確認 {id} はこの会話にありません。",
        "en": "No confirmation {id} in this conversation.",
    },
    "copilot.hint.pending": {
        "ja": "確認待ちの操作は画面の「確認待ち」に表示されます。",
        "en": "Pending confirmations are listed in the state panel.",
    },
    "copilot.error.already_decided": {
        "ja": "確認 {id} はすでに回答済みです。",
        "en": "Confirmation {id} was already answered.",
    },
    "copilot.error.no_goal": {"ja": "目標 {id} が見つかりません。", "en": "No goal {id}."},
    "copilot.hint.goals": {"ja": "登録されている目標: {known}", "en": "Known goals: {known}"},
    "copilot.error.no_step": {
        "ja": "目標「{goal}」にステップ {id} はありません。",
        "en": "Goal {goal} has no step {id}.",
    },
    "copilot.hint.steps": {"ja": "ステップ: {known}", "en": "Steps: {known}"},
    "copilot.error.not_a_task": {
        "ja": "「{name}」は TaskList に使えません（使えるもの: {allowed}）",
        "en": "{name} cannot be a task (allowed: {allowed})",
    },
    "copilot.error.task_list": {
        "ja": "ステップ「{step}」の TaskList を作れませんでした: {problems}",
        "en": "Could not build the task list of step {step}: {problems}",
    },
    "copilot.hint.task_list": {
        "ja": "ステップの説明を具体的にするか、tasks.generate_list をもう一度お試しください。",
        "en": "Make the step's description more specific, or try tasks.generate_list again.",
    },
    "copilot.error.task_loop_args": {
        "ja": "task_loop.run には step_id か tasks が必要です。",
        "en": "task_loop.run needs step_id or tasks.",
    },
    "copilot.hint.task_loop_args": {
        "ja": "先に tasks.generate_list でステップの TaskList を作ってください。",
        "en": "Build the step's task list with tasks.generate_list first.",
    },
    "copilot.error.no_tasks": {
        "ja": "ステップ「{step}」にはまだ TaskList がありません。",
        "en": "Step {step} has no task list yet.",
    },
    "copilot.hint.no_tasks": {
        "ja": "tasks.generate_list（step_id: {step_id}）で作ってください。",
        "en": "Build it with tasks.generate_list (step_id: {step_id}).",
    },
    "copilot.error.unknown_code": {
        "ja": "エラーコード「{code}」は不明です",
        "en": "Unknown error code {code}",
    },
    "copilot.hint.unknown_code": {
        "ja": "実行結果やエラー表示にある英大文字のコードを指定してください。",
        "en": "Give the upper-case code shown with the error.",
    },
    # -- confirmations
    "copilot.confirm.ask": {
        "ja": "次の操作を実行してよいですか？\n{question}",
        "en": "May I do this?\n{question}",
    },
    "copilot.confirm.approved": {"ja": "承認: {question}", "en": "Approved: {question}"},
    "copilot.confirm.declined": {"ja": "見送り: {question}", "en": "Declined: {question}"},
    "copilot.confirm.generic": {"ja": "{tool} を実行します（{args}）", "en": "Run {tool} ({args})"},
    "copilot.confirm.goal_approve": {
        "ja": "目標 {goal} をこの計画で進めます",
        "en": "Go ahead with goal {goal} as planned",
    },
    "copilot.confirm.run_start": {
        "ja": "設計「{design}」の実行をバックグラウンドで開始します",
        "en": "Start a background run of design {design}",
    },
    "copilot.confirm.run_retry": {"ja": "実行 {run_id} を再実行します", "en": "Retry run {run_id}"},
    "copilot.confirm.run_cancel": {
        "ja": "実行 {run_id} を取り消します",
        "en": "Cancel run {run_id}",
    },
    "copilot.confirm.run_resume": {
        "ja": "一時停止中の実行 {run_id} を次の値で再開します: {answers}",
        "en": "Resume paused run {run_id} with: {answers}",
    },
    "copilot.confirm.task_loop_step": {
        "ja": "ステップ {step} の TaskList をバックグラウンドで実行します",
        "en": "Run the task list of step {step} in the background",
    },
    "copilot.confirm.task_loop_tasks": {
        "ja": "次のタスクをバックグラウンドで実行します: {ops}",
        "en": "Run these tasks in the background: {ops}",
    },
    "copilot.confirm.schedule": {
        "ja": "定期実行「{name}」（設計 {design}、cron {cron}）を追加します",
        "en": "Add the recurring run {name} (design {design}, cron {cron})",
    },
    # -- goals and tasks
    "copilot.goal.proposed": {"ja": "次の計画を提案します。", "en": "Here is the proposed plan."},
    "copilot.goal.approved": {
        "ja": "目標「{name}」を承認しました。",
        "en": "Goal {name} is approved.",
    },
    "copilot.goal.step_updated": {
        "ja": "ステップ「{step}」を {status} にしました（{total} ステップ中 {done} ステップが完了）。",
        "en": "Step {step} is now {status} ({done} of {total} steps completed).",
    },
    "copilot.tasks.generated": {
        "ja": "ステップ「{step}」の TaskList（{count} 件）を作りました。",
        "en": "Built the task list of step {step} ({count} tasks).",
    },
    "copilot.task_loop.started": {
        "ja": "{count} 件のタスクをバックグラウンドで開始しました（{batch}）。終わったらここで報告します。",
        "en": "Started {count} task(s) in the background ({batch}); I will report here when done.",
    },
    # -- runs
    "copilot.run.started": {
        "ja": "設計「{design}」の実行を開始しました（実行 id: {run_id}）。終わったらここで報告します。",
        "en": "Started design {design} (run {run_id}); I will report here when it ends.",
    },
    "copilot.run.status": {
        "ja": "実行 {run_id}（{plan}）: {state}",
        "en": "Run {run_id} ({plan}): {state}",
    },
    "copilot.run.paused_at": {
        "ja": "入力待ち: ノード {node}",
        "en": "Waiting for input at node {node}",
    },
    "copilot.run.list": {"ja": "最近の実行（{count} 件）", "en": "Recent runs ({count})"},
    "copilot.run.resumed": {
        "ja": "実行 {run_id} をノード {node} の回答で再開しました（回答者: {user}）。",
        "en": "Resumed run {run_id} at node {node} (answered by {user}).",
    },
    "copilot.run.retried": {
        "ja": "実行 {run_id} の再実行を開始しました。終わったらここで報告します。",
        "en": "Retrying run {run_id}; I will report here when it ends.",
    },
    "copilot.run.cancelled": {
        "ja": "実行 {run_id} を取り消しました（状態: {state}）。",
        "en": "Cancelled run {run_id} ({state}).",
    },
    "copilot.run_paused": {
        "ja": "⏸ 実行 {run_id} がノード {node} で入力待ちです。{message}\n項目: {fields}\n"
        "フォームで入力するか、このチャットで値を伝えてください（例: 「金額は 1200 で再開して」）。",
        "en": "⏸ Run {run_id} waits for input at node {node}. {message}\nFields: {fields}\n"
        "Fill the form, or tell me the values here.",
    },
    "copilot.link.form": {"ja": "入力フォーム", "en": "Form"},
    "copilot.link.prefect": {"ja": "Prefect UI", "en": "Prefect UI"},
    "copilot.link.run": {"ja": "実行 {name}", "en": "Run {name}"},
    # -- designs, deployments, blocks
    "copilot.design.list": {"ja": "設計（{count} 件）", "en": "Designs ({count})"},
    "copilot.design.valid": {
        "ja": "設計「{design}」は有効です（警告 {warnings} 件）。",
        "en": "{design} is valid ({warnings} warnings).",
    },
    "copilot.design.invalid": {
        "ja": "設計「{design}」にエラーが {count} 件あります。",
        "en": "{design} has {count} error(s).",
    },
    "copilot.design.dry_run_ok": {
        "ja": "設計「{design}」のドライランに成功しました（{nodes} ノード）。",
        "en": "Dry run of {design} succeeded ({nodes} nodes).",
    },
    "copilot.design.dry_run_failed": {
        "ja": "設計「{design}」のドライランでエラーが {count} 件ありました。",
        "en": "Dry run of {design} found {count} error(s).",
    },
    "copilot.design.generated": {
        "ja": "設計を作成し検証しました: {path}\n{reasoning}",
        "en": "Designed and checked: {path}\n{reasoning}",
    },
    "copilot.design.generate_failed": {
        "ja": "設計を作成しましたが、エラーが {count} 件残っています。",
        "en": "The design still has {count} error(s).",
    },
    "copilot.deploy.list": {"ja": "定期実行（{count} 件）", "en": "Recurring runs ({count})"},
    "copilot.deploy.exists": {
        "ja": "定期実行「{name}」はすでにあります。",
        "en": "The recurring run {name} already exists.",
    },
    "copilot.hint.deploy_exists": {
        "ja": "別の名前を指定するか、deployments/ のファイルを編集してください。",
        "en": "Choose another name, or edit the file in deployments/.",
    },
    "copilot.deploy.invalid": {
        "ja": "定期実行「{name}」の設定に問題があります（追加していません）。",
        "en": "The recurring run {name} is invalid (not added).",
    },
    "copilot.deploy.scheduled": {
        "ja": "定期実行「{name}」（cron {cron}）を {path} に追加し、Prefect に反映しました。",
        "en": "Added the recurring run {name} (cron {cron}) at {path} and applied it to Prefect.",
    },
    "copilot.blocks.found": {
        "ja": "候補のブロック（{count} 件）",
        "en": "Candidate blocks ({count})",
    },
    # -- error explanations (errors.explain)
    "copilot.explain.generic": {
        "ja": "詳しくは実行の Prefect UI と実行ログを確認してください。必要なら「再実行して」と伝えてください。",
        "en": "See the run in the Prefect UI and its log; ask me to retry it if needed.",
    },
    "copilot.explain.INPUT_VALIDATION_FAILED": {
        "ja": "ブロックへの入力が仕様を満たしていません。入力値（フォームの値や vars）を確認して直してください。",
        "en": "A block's inputs do not match its spec: check the form values or vars.",
    },
    "copilot.explain.API_ERROR": {
        "ja": "外部 API（LLM など）の呼び出しに失敗しました。一時的なら再実行で直ります。",
        "en": "An external API call failed; a retry often helps if it was temporary.",
    },
    "copilot.explain.TIMEOUT_ERROR": {
        "ja": "処理が制限時間内に終わりませんでした。対象を小さくするか、時間制限を見直してください。",
        "en": "A step did not finish in time: process less at once or raise the limit.",
    },
    "copilot.explain.FILE_ENCRYPTED": {
        "ja": "パスワード付きのファイルは読めません。パスワードを外したファイルを入れ直してください。",
        "en": "Encrypted files cannot be read: supply the file without a password.",
    },
    "copilot.explain.FILE_INVALID": {
        "ja": "ファイルが壊れているか、形式が違います。元のファイルを確認してください。",
        "en": "The file is damaged or not of the expected type.",
    },
    "copilot.explain.PERMISSION_DENIED": {
        "ja": "ファイルや API へのアクセス権がありません。権限を確認してください。",
        "en": "Access to a file or API was denied.",
    },
    "copilot.explain.BLOCK_FAILED": {
        "ja": "ノードの処理が失敗しました。実行ログの原因を確認し、直してから再実行してください。",
        "en": "A node failed: check the cause in the log, fix it and retry.",
    },
    "copilot.explain.COPILOT_PERMISSION_DENIED": {
        "ja": "あなたのロールではこの操作ができません。管理者に permissions.yaml での設定を依頼してください。",
        "en": "Your role does not allow this; ask an admin to change permissions.yaml.",
    },
    "copilot.explain.COPILOT_UNKNOWN_TOOL": {
        "ja": "コパイロットが存在しない操作を選びました。言い方を変えてもう一度依頼してください。",
        "en": "The copilot chose an operation that does not exist; rephrase the request.",
    },
    # -- the state summary (§6.1)
    "copilot.state.user": {"ja": "利用者: {user}", "en": "User: {user}"},
    "copilot.state.goals": {"ja": "### 目標", "en": "### Goals"},
    "copilot.state.goal": {
        "ja": "- [{id}] 目標『{name}』（{status}）: {total} ステップ中 {done} ステップが完了",
        "en": "- [{id}] goal {name} ({status}): {done} of {total} steps completed",
    },
    "copilot.state.active": {"ja": "（アクティブ）", "en": " (active)"},
    "copilot.state.last_report": {"ja": "最新の報告", "en": "last report"},
    "copilot.state.running": {"ja": "### 実行中の TaskList", "en": "### Running task lists"},
    "copilot.state.recent_runs": {"ja": "### 最近の実行", "en": "### Recent runs"},
    "copilot.state.paused_runs": {"ja": "### 一時停止中の実行", "en": "### Paused runs"},
    "copilot.state.pending": {"ja": "### 確認待ちの操作", "en": "### Pending confirmations"},
    "copilot.state.none": {"ja": "- なし", "en": "- none"},
    # -- the TaskLoop's template report (§6.4)
    "copilot.summary.completed": {
        "ja": "✅ TaskList の実行が完了しました（{total} 件中 成功 {succeeded} 件、失敗 {failed} 件）。",
        "en": "✅ The task list completed ({succeeded} of {total} succeeded, {failed} failed).",
    },
    "copilot.summary.failed": {
        "ja": "❌ TaskList の実行が失敗しました（{total} 件中 成功 {succeeded} 件、失敗 {failed} 件）。",
        "en": "❌ The task list failed ({succeeded} of {total} succeeded, {failed} failed).",
    },
    "copilot.summary.partial": {
        "ja": "⚠ TaskList の実行が途中で終わりました（{total} 件中 成功 {succeeded} 件、失敗 {failed} 件）。",
        "en": "⚠ The task list ended early ({succeeded} of {total} succeeded, {failed} failed).",
    },
    "copilot.summary.task_ok": {"ja": "- {task}: {state}", "en": "- {task}: {state}"},
    "copilot.summary.task_skipped": {"ja": "- {task}: 未実行", "en": "- {task}: not run"},
    "copilot.summary.cause": {
        "ja": "- {task}: 失敗（{code}）{message}",
        "en": "- {task}: failed ({code}) {message}",
    },
    "copilot.summary.next": {"ja": "推奨される次のアクション:", "en": "Recommended next actions:"},
    "copilot.summary.next_retry": {
        "ja": "原因を直してから「再実行して」と伝えてください（runs.retry {run_id}）。",
        "en": "Fix the cause, then ask me to retry (runs.retry {run_id}).",
    },
    # --- chat.* (the コパイロット page and `keiri chat`) ---
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
    "chat.status.running": {"ja": "バックグラウンドで実行中", "en": "Running in the background"},
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
        "ja": "コパイロットとの会話を始めます（会話 {conversation}、{user} として操作します）。/status で状況、/help でヘルプ、/quit で終了します。",
        "en": "Talking to the copilot (conversation {conversation}, acting as {user}). /status shows the state, /help the commands, /quit ends.",
    },
    "chat.cli.resumed": {
        "ja": "会話 {conversation} を再開します（{user} として操作します）。",
        "en": "Resuming conversation {conversation} (acting as {user}).",
    },
    "chat.cli.prompt": {"ja": "あなた> ", "en": "You> "},
    "chat.cli.thinking": {"ja": "（考えています…）", "en": "(thinking…)"},
    "chat.cli.confirm": {"ja": "実行してよろしいですか？ [y/n]: ", "en": "Go ahead? [y/n]: "},
    "chat.cli.yes": {"ja": "はい", "en": "yes"},
    "chat.cli.no": {"ja": "いいえ", "en": "no"},
    "chat.cli.confirm_again": {
        "ja": "y（承認）か n（却下）で答えてください。",
        "en": "Answer y (approve) or n (decline).",
    },
    "chat.cli.help": {
        "ja": "日本語でやりたいことを書いてください（例: 今月の請求書チェックを実行して）。\n  /status  目標と進捗、確認待ち、最近の実行、入力待ちの実行\n  /help    このヘルプ\n  /quit    終了（Ctrl-D でも終了します）",
        "en": "Write what you want done (e.g. run this month's invoice check).\n  /status  goals and progress, pending confirmations, recent and paused runs\n  /help    this help\n  /quit    end (Ctrl-D too)",
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
    "chat.cli.no_conversations": {"ja": "会話はまだありません。", "en": "No conversations yet."},
    "chat.cli.messages": {"ja": "{count} 件", "en": "{count} messages"},
    "chat.page.title": {"ja": "コパイロット", "en": "Copilot"},
    "chat.page.caption": {
        "ja": "やりたいことを日本語で書いてください。コパイロットが目標をステップに分け、keiri の操作（設計・検証・実行・再開）を提案します。実行や承認の前には必ず確認します。",
        "en": "Write what you want done. The copilot breaks goals into steps and proposes keiri operations; it always asks before it starts, schedules, approves or cancels.",
    },
    "chat.page.input": {
        "ja": "メッセージを入力（例: 今月の請求書チェックを実行して）",
        "en": "Message (e.g. run this month's invoice check)",
    },
    "chat.page.approve": {"ja": "承認", "en": "Approve"},
    "chat.page.decline": {"ja": "却下", "en": "Decline"},
    "chat.page.conversation": {"ja": "会話", "en": "Conversation"},
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
