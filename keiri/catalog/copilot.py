"""Messages of the copilot surface (see `keiri.catalog`): key -> {"ja": ..., "en": ...}."""

from __future__ import annotations

__all__ = ["ENTRIES"]


def _e(ja: str, en: str) -> dict[str, str]:
    return {"ja": ja, "en": en}


ENTRIES: dict[str, dict[str, str]] = {
    "copilot.new_conversation": _e("新しい会話", "New conversation"),
    "copilot.no_args": _e("（引数なし）", "(no arguments)"),
    "copilot.did_you_mean": _e("（もしかして: {names}）", " (did you mean: {names})"),
    "copilot.hint_line": _e("対処: {hint}", "What to do: {hint}"),
    "copilot.tool_failed": _e("❌ {code}: {message}", "❌ {code}: {message}"),
    "copilot.repair": _e(
        "直前の ActionList には次の問題がありました。ツール一覧にあるツールと正しい引数で"
        "出し直してください:\n{problems}",
        "The previous ActionList had these problems; answer again with tools from the list "
        "and valid arguments:\n{problems}",
    ),
    "copilot.permission_denied": _e(
        "⛔ {user} さん（ロール: {role}）は「{tool}」を実行できません。必要な権限: {permission}。"
        "権限は keiri ホームの permissions.yaml で管理者が設定します。",
        "⛔ {user} (role: {role}) may not run {tool}: it needs the {permission} permission. "
        "An admin sets roles in permissions.yaml in the keiri home.",
    ),
    # -- errors
    "copilot.error.llm_not_configured": _e(
        "コパイロットが使う LLM が設定されていません。",
        "No LLM is configured for the copilot.",
    ),
    "copilot.hint.llm_not_configured": _e(
        "OPENAI_API_KEY（Azure OpenAI の場合は AZURE_OPENAI_ENDPOINT、AZURE_OPENAI_API_KEY、"
        "AZURE_OPENAI_API_VERSION、AZURE_OPENAI_DEPLOYMENT）を .env か環境変数に設定してください。",
        "Set OPENAI_API_KEY (for Azure OpenAI: AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY, "
        "AZURE_OPENAI_API_VERSION and AZURE_OPENAI_DEPLOYMENT) in .env or the environment.",
    ),
    "copilot.error.llm_failed": _e(
        "LLM の呼び出しに失敗しました: {why}", "The LLM call failed: {why}"
    ),
    "copilot.hint.llm_failed": _e(
        "しばらくしてからもう一度送ってください。続く場合は LLM の設定と接続を確認してください。",
        "Send the message again later; if it persists, check the LLM settings and network.",
    ),
    "copilot.error.unknown_tool": _e("不明なツール「{name}」です", "Unknown tool {name}"),
    "copilot.hint.unknown_tool": _e(
        "ツール一覧にある名前だけが使えます。", "Only the tools in the tool list can be used."
    ),
    "copilot.error.bad_args": _e(
        "ツール「{name}」の引数が正しくありません: {problems}",
        "Invalid arguments for {name}: {problems}",
    ),
    "copilot.hint.bad_args": _e("使える引数: {fields}", "Arguments: {fields}"),
    "copilot.error.no_conversation": _e("会話 {id} はありません。", "No conversation {id}."),
    "copilot.hint.conversations": _e("最近の会話: {known}", "Recent conversations: {known}"),
    "copilot.error.no_confirmation": _e(
        "確認 {id} はこの会話にありません。", "No confirmation {id} in this conversation."
    ),
    "copilot.hint.pending": _e(
        "確認待ちの操作は画面の「確認待ち」に表示されます。",
        "Pending confirmations are listed in the state panel.",
    ),
    "copilot.error.already_decided": _e(
        "確認 {id} はすでに回答済みです。", "Confirmation {id} was already answered."
    ),
    "copilot.error.no_goal": _e("目標 {id} が見つかりません。", "No goal {id}."),
    "copilot.hint.goals": _e("登録されている目標: {known}", "Known goals: {known}"),
    "copilot.error.no_step": _e(
        "目標「{goal}」にステップ {id} はありません。", "Goal {goal} has no step {id}."
    ),
    "copilot.hint.steps": _e("ステップ: {known}", "Steps: {known}"),
    "copilot.error.not_a_task": _e(
        "「{name}」は TaskList に使えません（使えるもの: {allowed}）",
        "{name} cannot be a task (allowed: {allowed})",
    ),
    "copilot.error.task_list": _e(
        "ステップ「{step}」の TaskList を作れませんでした: {problems}",
        "Could not build the task list of step {step}: {problems}",
    ),
    "copilot.hint.task_list": _e(
        "ステップの説明を具体的にするか、tasks.generate_list をもう一度お試しください。",
        "Make the step's description more specific, or try tasks.generate_list again.",
    ),
    "copilot.error.task_loop_args": _e(
        "task_loop.run には step_id か tasks が必要です。",
        "task_loop.run needs step_id or tasks.",
    ),
    "copilot.hint.task_loop_args": _e(
        "先に tasks.generate_list でステップの TaskList を作ってください。",
        "Build the step's task list with tasks.generate_list first.",
    ),
    "copilot.error.no_tasks": _e(
        "ステップ「{step}」にはまだ TaskList がありません。", "Step {step} has no task list yet."
    ),
    "copilot.hint.no_tasks": _e(
        "tasks.generate_list（step_id: {step_id}）で作ってください。",
        "Build it with tasks.generate_list (step_id: {step_id}).",
    ),
    "copilot.error.unknown_code": _e(
        "エラーコード「{code}」は不明です", "Unknown error code {code}"
    ),
    "copilot.hint.unknown_code": _e(
        "実行結果やエラー表示にある英大文字のコードを指定してください。",
        "Give the upper-case code shown with the error.",
    ),
    # -- confirmations
    "copilot.confirm.ask": _e(
        "次の操作を実行してよいですか？\n{question}", "May I do this?\n{question}"
    ),
    "copilot.confirm.approved": _e("承認: {question}", "Approved: {question}"),
    "copilot.confirm.declined": _e("見送り: {question}", "Declined: {question}"),
    "copilot.confirm.generic": _e("{tool} を実行します（{args}）", "Run {tool} ({args})"),
    "copilot.confirm.goal_approve": _e(
        "目標 {goal} をこの計画で進めます", "Go ahead with goal {goal} as planned"
    ),
    "copilot.confirm.run_start": _e(
        "設計「{design}」の実行をバックグラウンドで開始します",
        "Start a background run of design {design}",
    ),
    "copilot.confirm.run_retry": _e("実行 {run_id} を再実行します", "Retry run {run_id}"),
    "copilot.confirm.run_cancel": _e("実行 {run_id} を取り消します", "Cancel run {run_id}"),
    "copilot.confirm.run_resume": _e(
        "一時停止中の実行 {run_id} を次の値で再開します: {answers}",
        "Resume paused run {run_id} with: {answers}",
    ),
    "copilot.confirm.task_loop_step": _e(
        "ステップ {step} の TaskList をバックグラウンドで実行します",
        "Run the task list of step {step} in the background",
    ),
    "copilot.confirm.task_loop_tasks": _e(
        "次のタスクをバックグラウンドで実行します: {ops}",
        "Run these tasks in the background: {ops}",
    ),
    "copilot.confirm.schedule": _e(
        "定期実行「{name}」（設計 {design}、cron {cron}）を追加します",
        "Add the recurring run {name} (design {design}, cron {cron})",
    ),
    # -- goals and tasks
    "copilot.goal.proposed": _e("次の計画を提案します。", "Here is the proposed plan."),
    "copilot.goal.approved": _e("目標「{name}」を承認しました。", "Goal {name} is approved."),
    "copilot.goal.step_updated": _e(
        "ステップ「{step}」を {status} にしました（{total} ステップ中 {done} ステップが完了）。",
        "Step {step} is now {status} ({done} of {total} steps completed).",
    ),
    "copilot.tasks.generated": _e(
        "ステップ「{step}」の TaskList（{count} 件）を作りました。",
        "Built the task list of step {step} ({count} tasks).",
    ),
    "copilot.task_loop.started": _e(
        "{count} 件のタスクをバックグラウンドで開始しました（{batch}）。終わったらここで報告します。",
        "Started {count} task(s) in the background ({batch}); I will report here when done.",
    ),
    # -- runs
    "copilot.run.started": _e(
        "設計「{design}」の実行を開始しました（実行 id: {run_id}）。終わったらここで報告します。",
        "Started design {design} (run {run_id}); I will report here when it ends.",
    ),
    "copilot.run.status": _e("実行 {run_id}（{plan}）: {state}", "Run {run_id} ({plan}): {state}"),
    "copilot.run.paused_at": _e("入力待ち: ノード {node}", "Waiting for input at node {node}"),
    "copilot.run.list": _e("最近の実行（{count} 件）", "Recent runs ({count})"),
    "copilot.run.resumed": _e(
        "実行 {run_id} をノード {node} の回答で再開しました（回答者: {user}）。",
        "Resumed run {run_id} at node {node} (answered by {user}).",
    ),
    "copilot.run.retried": _e(
        "実行 {run_id} の再実行を開始しました。終わったらここで報告します。",
        "Retrying run {run_id}; I will report here when it ends.",
    ),
    "copilot.run.cancelled": _e(
        "実行 {run_id} を取り消しました（状態: {state}）。", "Cancelled run {run_id} ({state})."
    ),
    "copilot.run_paused": _e(
        "⏸ 実行 {run_id} がノード {node} で入力待ちです。{message}\n項目: {fields}\n"
        "フォームで入力するか、このチャットで値を伝えてください（例: 「金額は 1200 で再開して」）。",
        "⏸ Run {run_id} waits for input at node {node}. {message}\nFields: {fields}\n"
        "Fill the form, or tell me the values here.",
    ),
    "copilot.link.form": _e("入力フォーム", "Form"),
    "copilot.link.prefect": _e("Prefect UI", "Prefect UI"),
    "copilot.link.run": _e("実行 {name}", "Run {name}"),
    # -- designs, deployments, blocks
    "copilot.design.list": _e("設計（{count} 件）", "Designs ({count})"),
    "copilot.design.valid": _e(
        "設計「{design}」は有効です（警告 {warnings} 件）。",
        "{design} is valid ({warnings} warnings).",
    ),
    "copilot.design.invalid": _e(
        "設計「{design}」にエラーが {count} 件あります。", "{design} has {count} error(s)."
    ),
    "copilot.design.dry_run_ok": _e(
        "設計「{design}」のドライランに成功しました（{nodes} ノード）。",
        "Dry run of {design} succeeded ({nodes} nodes).",
    ),
    "copilot.design.dry_run_failed": _e(
        "設計「{design}」のドライランでエラーが {count} 件ありました。",
        "Dry run of {design} found {count} error(s).",
    ),
    "copilot.design.generated": _e(
        "設計を作成し検証しました: {path}\n{reasoning}", "Designed and checked: {path}\n{reasoning}"
    ),
    "copilot.design.generate_failed": _e(
        "設計を作成しましたが、エラーが {count} 件残っています。",
        "The design still has {count} error(s).",
    ),
    "copilot.deploy.list": _e("定期実行（{count} 件）", "Recurring runs ({count})"),
    "copilot.deploy.exists": _e(
        "定期実行「{name}」はすでにあります。", "The recurring run {name} already exists."
    ),
    "copilot.hint.deploy_exists": _e(
        "別の名前を指定するか、deployments/ のファイルを編集してください。",
        "Choose another name, or edit the file in deployments/.",
    ),
    "copilot.deploy.invalid": _e(
        "定期実行「{name}」の設定に問題があります（追加していません）。",
        "The recurring run {name} is invalid (not added).",
    ),
    "copilot.deploy.scheduled": _e(
        "定期実行「{name}」（cron {cron}）を {path} に追加し、Prefect に反映しました。",
        "Added the recurring run {name} (cron {cron}) at {path} and applied it to Prefect.",
    ),
    "copilot.blocks.found": _e("候補のブロック（{count} 件）", "Candidate blocks ({count})"),
    # -- error explanations (errors.explain)
    "copilot.explain.generic": _e(
        "詳しくは実行の Prefect UI と実行ログを確認してください。必要なら「再実行して」と伝えてください。",
        "See the run in the Prefect UI and its log; ask me to retry it if needed.",
    ),
    "copilot.explain.INPUT_VALIDATION_FAILED": _e(
        "ブロックへの入力が仕様を満たしていません。入力値（フォームの値や vars）を確認して直してください。",
        "A block's inputs do not match its spec: check the form values or vars.",
    ),
    "copilot.explain.API_ERROR": _e(
        "外部 API（LLM など）の呼び出しに失敗しました。一時的なら再実行で直ります。",
        "An external API call failed; a retry often helps if it was temporary.",
    ),
    "copilot.explain.TIMEOUT_ERROR": _e(
        "処理が制限時間内に終わりませんでした。対象を小さくするか、時間制限を見直してください。",
        "A step did not finish in time: process less at once or raise the limit.",
    ),
    "copilot.explain.FILE_ENCRYPTED": _e(
        "パスワード付きのファイルは読めません。パスワードを外したファイルを入れ直してください。",
        "Encrypted files cannot be read: supply the file without a password.",
    ),
    "copilot.explain.FILE_INVALID": _e(
        "ファイルが壊れているか、形式が違います。元のファイルを確認してください。",
        "The file is damaged or not of the expected type.",
    ),
    "copilot.explain.PERMISSION_DENIED": _e(
        "ファイルや API へのアクセス権がありません。権限を確認してください。",
        "Access to a file or API was denied.",
    ),
    "copilot.explain.BLOCK_FAILED": _e(
        "ノードの処理が失敗しました。実行ログの原因を確認し、直してから再実行してください。",
        "A node failed: check the cause in the log, fix it and retry.",
    ),
    "copilot.explain.COPILOT_PERMISSION_DENIED": _e(
        "あなたのロールではこの操作ができません。管理者に permissions.yaml での設定を依頼してください。",
        "Your role does not allow this; ask an admin to change permissions.yaml.",
    ),
    "copilot.explain.COPILOT_UNKNOWN_TOOL": _e(
        "コパイロットが存在しない操作を選びました。言い方を変えてもう一度依頼してください。",
        "The copilot chose an operation that does not exist; rephrase the request.",
    ),
    # -- the state summary (§6.1)
    "copilot.state.user": _e("利用者: {user}", "User: {user}"),
    "copilot.state.goals": _e("### 目標", "### Goals"),
    "copilot.state.goal": _e(
        "- [{id}] 目標『{name}』（{status}）: {total} ステップ中 {done} ステップが完了",
        "- [{id}] goal {name} ({status}): {done} of {total} steps completed",
    ),
    "copilot.state.active": _e("（アクティブ）", " (active)"),
    "copilot.state.last_report": _e("最新の報告", "last report"),
    "copilot.state.running": _e("### 実行中の TaskList", "### Running task lists"),
    "copilot.state.recent_runs": _e("### 最近の実行", "### Recent runs"),
    "copilot.state.paused_runs": _e("### 一時停止中の実行", "### Paused runs"),
    "copilot.state.pending": _e("### 確認待ちの操作", "### Pending confirmations"),
    "copilot.state.none": _e("- なし", "- none"),
    # -- the TaskLoop's template report (§6.4)
    "copilot.summary.completed": _e(
        "✅ TaskList の実行が完了しました（{total} 件中 成功 {succeeded} 件、失敗 {failed} 件）。",
        "✅ The task list completed ({succeeded} of {total} succeeded, {failed} failed).",
    ),
    "copilot.summary.failed": _e(
        "❌ TaskList の実行が失敗しました（{total} 件中 成功 {succeeded} 件、失敗 {failed} 件）。",
        "❌ The task list failed ({succeeded} of {total} succeeded, {failed} failed).",
    ),
    "copilot.summary.partial": _e(
        "⚠ TaskList の実行が途中で終わりました（{total} 件中 成功 {succeeded} 件、失敗 {failed} 件）。",
        "⚠ The task list ended early ({succeeded} of {total} succeeded, {failed} failed).",
    ),
    "copilot.summary.task_ok": _e("- {task}: {state}", "- {task}: {state}"),
    "copilot.summary.task_skipped": _e("- {task}: 未実行", "- {task}: not run"),
    "copilot.summary.cause": _e(
        "- {task}: 失敗（{code}）{message}", "- {task}: failed ({code}) {message}"
    ),
    "copilot.summary.next": _e("推奨される次のアクション:", "Recommended next actions:"),
    "copilot.summary.next_retry": _e(
        "原因を直してから「再実行して」と伝えてください（runs.retry {run_id}）。",
        "Fix the cause, then ask me to retry (runs.retry {run_id}).",
    ),
}
