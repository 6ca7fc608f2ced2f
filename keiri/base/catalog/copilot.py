"""Messages of the copilot surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}."""

from __future__ import annotations

__all__ = ["ENTRIES"]


ENTRIES: dict[str, dict[str, str]] = {
    "copilot.new_conversation": {"ja": "新しい会話", "en": "New conversation"},
    "copilot.separator": {"ja": "、", "en": ", "},
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
    "copilot.error.confirmation_stale": {
        "ja": "この確認はもう有効ではありません。確認のあとで TaskList が変更されたため、何も実行していません。\n{question}",
        "en": "This confirmation no longer holds: the task list changed after it was shown, so "
        "nothing ran.\n{question}",
    },
    "copilot.error.confirmation_tampered": {
        "ja": "確認 {id} の内容が、表示したときのものと一致しません。何も実行していません。",
        "en": "Confirmation {id} no longer matches what was shown; nothing ran.",
    },
    "copilot.hint.confirmation_stale": {
        "ja": "今の内容を確かめてから、もう一度依頼してください（新しい確認が表示されます）。",
        "en": "Check the current list and ask again; you will be asked to confirm it anew.",
    },
    "copilot.error.no_server": {
        "ja": "Prefect サーバーに接続していないため、実行の操作（開始・状態の確認・再開・取消など）が"
        "できません。",
        "en": "Not connected to a Prefect server, so runs cannot be started, checked, resumed "
        "or cancelled.",
    },
    "copilot.hint.no_server": {
        "ja": "`keiri chat` または `keiri ui` から開くと、ローカルの keiri サーバーに自動でつながります"
        "（必要なら起動します）。共有サーバーを使う場合は PREFECT_API_URL を設定してから開き直してください。",
        "en": "Open the copilot with `keiri chat` or `keiri ui`: they connect to the local keiri "
        "server (starting it if needed). For a shared server, set PREFECT_API_URL and open it again.",
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
    "copilot.confirm.run_retry": {"ja": "「{run}」を再実行します", "en": "Retry “{run}”"},
    "copilot.confirm.run_cancel": {
        "ja": "「{run}」を取り消します",
        "en": "Cancel “{run}”",
    },
    "copilot.confirm.run_resume": {
        "ja": "一時停止中の「{run}」を次の値で再開します: {answers}",
        "en": "Resume the paused “{run}” with: {answers}",
    },
    "copilot.confirm.task_loop_step": {
        "ja": "ステップ「{step}」の TaskList（{count} 件）を、次の順にバックグラウンドで実行します:",
        "en": "Run the task list of step {step} ({count} tasks) in the background, in this order:",
    },
    "copilot.confirm.task_loop_tasks": {
        "ja": "次の {count} 件のタスクを、この順にバックグラウンドで実行します:",
        "en": "Run these {count} tasks in the background, in this order:",
    },
    "copilot.confirm.schedule": {
        "ja": "定期実行「{name}」（設計「{design}」、cron {cron}、タイムゾーン {timezone}）を追加し、"
        "Prefect に反映します",
        "en": "Add the recurring run {name} (design {design}, cron {cron}, time zone {timezone}) "
        "and apply it to Prefect",
    },
    "copilot.confirm.with_inputs": {
        "ja": "（事前の回答: {values}）",
        "en": " (answers given in advance: {values})",
    },
    "copilot.confirm.with_vars": {"ja": "（変数: {values}）", "en": " (variables: {values})"},
    "copilot.confirm.design_validate": {
        "ja": "設計「{design}」を検証します",
        "en": "Validate design {design}",
    },
    "copilot.confirm.design_dry_run": {
        "ja": "設計「{design}」をサンプル値でドライランします（実データには触れません）",
        "en": "Dry-run design {design} on sample values (no real data)",
    },
    "copilot.confirm.design_generate": {
        "ja": "次の指示から新しい設計を作り、検証して保存します: {instruction}",
        "en": "Design, check and save a new plan from: {instruction}",
    },
    "copilot.confirm.invalidated": {
        "ja": "⚠ ステップ「{step}」の TaskList が変更されたため、確認待ちだった次の操作は"
        "取り消しました（実行していません）。新しい内容を確かめて、もう一度依頼してください。\n{question}",
        "en": "⚠ The task list of step {step} changed, so this pending request was withdrawn "
        "(nothing ran). Check the new list and ask again.\n{question}",
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
    # A run is named by its title (`keiri.copilot.run_names`), never by its id.
    "copilot.run.named": {"ja": "「{name}」", "en": "“{name}”"},
    "copilot.run.started": {
        "ja": "「{run}」を開始しました。終わったらここで報告します。",
        "en": "Started “{run}”; I will report here when it ends.",
    },
    "copilot.run.status": {
        "ja": "「{run}」: {state}",
        "en": "“{run}”: {state}",
    },
    "copilot.run.paused_at": {
        "ja": "入力待ち: {step}",
        "en": "Waiting for input at: {step}",
    },
    "copilot.run.list": {"ja": "最近の実行（{count} 件）", "en": "Recent runs ({count})"},
    "copilot.run.list_item": {
        "ja": "- 「{run}」: {state}（開始 {start}）",
        "en": "- “{run}”: {state} (started {start})",
    },
    "copilot.run.resumed": {
        "ja": "「{run}」を「{step}」の回答で再開しました（回答者: {user}）。",
        "en": "Resumed “{run}” with the answers to “{step}” (answered by {user}).",
    },
    "copilot.run.retried": {
        "ja": "「{run}」の再実行を開始しました。終わったらここで報告します。",
        "en": "Retrying “{run}”; I will report here when it ends.",
    },
    "copilot.run.cancelled": {
        "ja": "「{run}」を取り消しました（状態: {state}）。",
        "en": "Cancelled “{run}” ({state}).",
    },
    "copilot.run_paused": {
        "ja": "⏸ 「{run}」が「{step}」で入力待ちです。{message}\n項目: {fields}\n"
        "フォームで入力するか、このチャットで値を伝えてください（例: 「金額は 1200 で再開して」）。",
        "en": "⏸ “{run}” waits for input at “{step}”. {message}\nFields: {fields}\n"
        "Fill the form, or tell me the values here.",
    },
    "copilot.run_paused_field": {
        "ja": "{id}（{label}、{type}）",
        "en": "{id} ({label}, {type})",
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
        "ja": "設計「{design}」のドライランに成功しました（{nodes} ステップ）。",
        "en": "Dry run of {design} succeeded ({nodes} steps).",
    },
    "copilot.design.dry_run_failed": {
        "ja": "設計「{design}」のドライランでエラーが {count} 件ありました。",
        "en": "Dry run of {design} found {count} error(s).",
    },
    "copilot.design.issue": {
        "ja": "- {code} {location}: {message}",
        "en": "- {code} {location}: {message}",
    },
    "copilot.design.issue_hint": {"ja": "（{hint}）", "en": " ({hint})"},
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
        "ja": "ステップの処理が失敗しました。実行ログの原因を確認し、直してから再実行してください。",
        "en": "A step failed: check the cause in the log, fix it and retry.",
    },
    "copilot.explain.SERVER_UNAVAILABLE": {
        "ja": "Prefect サーバーにつながっていません。`keiri server status` で状態を確かめ、止まっていれば "
        "`keiri server start` で起動してください。",
        "en": "The Prefect server cannot be reached: check `keiri server status`, and start it with "
        "`keiri server start` if it is stopped.",
    },
    "copilot.explain.COPILOT_CONFIRMATION_STALE": {
        "ja": "確認を求めたあとで TaskList が変わったため、その確認は無効になりました。今の内容を確かめて、"
        "もう一度依頼してください。",
        "en": "The task list changed after you were asked, so that confirmation was withdrawn: "
        "check the current list and ask again.",
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
        "ja": "「{run}」は、原因を直してから「再実行して」と伝えてください。",
        "en": "For “{run}”, fix the cause, then ask me to retry it.",
    },
    # -- the prompts (seed 004 §6): the model reads them in the user's language
    "copilot.prompt.main": {
        "ja": "あなたは経理チームの業務基盤 keiri を操作する AI アシスタントの司令塔です。"
        "以下の AgentState（目標とステップの進捗、最近の実行、一時停止中の実行、確認待ちの操作）"
        "とユーザーの最新の要求を分析し、次に実行すべき一連のツール呼び出し（ActionList）を"
        "JSON 形式で出力してください。\n"
        "- ユーザーの要求が複雑な場合（複数の作業や日をまたぐ作業）は、まず goal.propose で"
        "計画を立てることを検討してください。\n"
        "- 使えるのは下の「ツール一覧」にあるツールだけです。ツール名を創作してはいけません。\n"
        '- 各 Action の args_json には引数の JSON オブジェクトを文字列で書きます（引数がなければ "{{}}"）。\n'
        "- 実行の開始・スケジュール・承認・取消・再開・再実行は、ユーザーの確認を経てから実行されます。"
        "確認を求める文を reply に書く必要はありません。\n"
        "- reply にはユーザーへの返答を日本語で簡潔に書きます。数値は AgentState やツールの結果にある"
        "ものだけを引用してください。\n"
        "- 何もする必要がなければ actions は空にします。\n\n"
        "## ツール一覧\n{tools}",
        "en": "You are the command center of an AI assistant that operates keiri, the business "
        "platform of an accounting team. Analyse the AgentState below (goals and the progress of "
        "their steps, recent runs, paused runs, operations awaiting confirmation) and the user's "
        "latest request, and output the tool calls to make next (an ActionList) as JSON.\n"
        "- When the request is complex (several tasks, or work over several days), consider "
        "making a plan with goal.propose first.\n"
        "- Use only the tools in the tool list below; never invent a tool name.\n"
        '- In each Action\'s args_json, write the arguments as a JSON object in a string ("{{}}" '
        "when there are none).\n"
        "- Starting, scheduling, approving, cancelling, resuming and retrying runs happen only "
        "after the user confirms them; you need not ask for confirmation in reply.\n"
        "- Write reply to the user briefly, in English. Quote only numbers that appear in the "
        "AgentState or in tool results.\n"
        "- If nothing needs doing, leave actions empty.\n\n"
        "## Tool list\n{tools}",
    },
    "copilot.prompt.main_user": {
        "ja": "## AgentState\n{state}\n\n## 最近の会話\n{history}\n\n## ユーザーの最新の要求\n{request}",
        "en": "## AgentState\n{state}\n\n## Recent conversation\n{history}\n\n"
        "## The user's latest request\n{request}",
    },
    "copilot.prompt.none": {"ja": "（なし）", "en": "(none)"},
    "copilot.prompt.plan": {
        "ja": "ユーザーの目標『{user_goal}』を達成するための長期計画を、複数の Step に分解して JSON 形式で"
        "提案してください。各 Step には name, description, depends_on（依存するステップの番号。"
        "1 から数えます）を含めてください。経理業務の手順として自然な順序にし、各ステップは keiri の"
        "設計（designs）の実行・検証や、人による確認で達成できる粒度にしてください。",
        "en": 'Propose, as JSON, a long-term plan that reaches the user\'s goal "{user_goal}", '
        "broken into several Steps. Give each Step a name, a description and depends_on (the "
        "numbers of the steps it depends on, counting from 1). Order the steps as an accounting "
        "procedure naturally goes, and make each one small enough to be done by running or "
        "checking keiri designs, or by a person's review.",
    },
    "copilot.prompt.plan_user": {
        "ja": "目標: {user_goal}\n\n### 関連する会話の要約:\n{context}",
        "en": "Goal: {user_goal}\n\n### Summary of the related conversation:\n{context}",
    },
    "copilot.prompt.task": {
        "ja": "以下の情報に基づき、ステップ『{step_name}』を達成するための具体的な作業リスト（TaskList）を"
        "JSON で生成してください。各タスクの operation には次のツールだけを使えます: {operations}。"
        "args_json には引数の JSON オブジェクトを文字列で書きます。\n\n"
        "### 使える設計（designs）:\n{designs}",
        "en": "Based on the information below, generate as JSON the concrete work list (TaskList) "
        'that achieves the step "{step_name}". Each task\'s operation must be one of these '
        "tools: {operations}. Write args_json as a JSON object in a string.\n\n"
        "### Designs available:\n{designs}",
    },
    "copilot.prompt.task_user": {
        "ja": "### 長期計画の全体目標:\n{goal}\n\n### 現在のステップ詳細:\n{step}\n\n"
        "### 関連する会話の要約:\n{conversation}",
        "en": "### Overall goal of the long-term plan:\n{goal}\n\n### The current step:\n{step}\n\n"
        "### Summary of the related conversation:\n{conversation}",
    },
    "copilot.prompt.summary": {
        "ja": "以下の TaskList の実行結果を分析し、結果を報告する JSON を生成してください。報告には、全体の"
        "成否（status）、成功したタスクと失敗したタスクの数、失敗した場合はその原因と推奨される次の"
        "アクションを含めてください。text には経理担当者向けの日本語の報告を書きます。数値は実行結果"
        "ログにあるものだけをそのまま引用し、計算や推測をしないでください。",
        "en": "Analyse the execution results of the TaskList below and produce a JSON report: the "
        "overall outcome (status), the numbers of tasks that succeeded and failed and, if "
        "anything failed, its causes and the recommended next actions. Write text as a report "
        "for accounting staff, in English. Quote numbers only as they appear in the execution "
        "log; do not calculate or guess.",
    },
    "copilot.prompt.summary_user": {
        "ja": "### 実行結果ログ:\n{log}",
        "en": "### Execution log:\n{log}",
    },
    "copilot.prompt.summary_user_goal": {
        "ja": "### 目標とステップ:\n{context}\n\n### 実行結果ログ:\n{log}",
        "en": "### Goal and steps:\n{context}\n\n### Execution log:\n{log}",
    },
    # -- the wire models' field descriptions (the structured-output schemas)
    "copilot.field.operation": {
        "ja": "ツール名（ツール一覧にあるもの）",
        "en": "the tool's name (from the tool list)",
    },
    "copilot.field.args_json": {
        "ja": "引数の JSON オブジェクト（文字列）",
        "en": "the arguments as a JSON object (in a string)",
    },
    "copilot.field.reasoning": {
        "ja": "この操作を選んだ理由（日本語、短く）",
        "en": "why this operation was chosen (short)",
    },
    "copilot.field.reply": {"ja": "ユーザーへの返答（日本語）", "en": "the reply to the user"},
    "copilot.field.depends_on": {
        "ja": "依存するステップの番号（1 から）",
        "en": "the numbers of the steps this one depends on (from 1)",
    },
    "copilot.field.plan_name": {
        "ja": "計画の名前（日本語、短く）",
        "en": "the plan's name (short)",
    },
    # -- the tool list of the main prompt: each tool and its arguments
    "copilot.catalog.tool": {
        "ja": "- {name}{mark}: {description} 引数: {args} 必須: {required}",
        "en": "- {name}{mark}: {description} Arguments: {args} Required: {required}",
    },
    "copilot.catalog.needs_confirmation": {"ja": "（要確認）", "en": " (needs confirmation)"},
    "copilot.tool.goal_propose": {
        "ja": "長期計画（目標とステップ）を作って提案する。複数の作業からなる依頼でまず使う。",
        "en": "Make and propose a long-term plan (a goal and its steps). Use it first for a "
        "request made of several tasks.",
    },
    "copilot.tool.goal_approve": {
        "ja": "提案した目標を承認済みにする。",
        "en": "Mark a proposed goal as approved.",
    },
    "copilot.tool.goal_update_step": {
        "ja": "ステップの状態を更新する。",
        "en": "Update the status of a step.",
    },
    "copilot.tool.goal_get": {
        "ja": "目標とステップの進捗を見る。",
        "en": "Show a goal and the progress of its steps.",
    },
    "copilot.tool.tasks_generate_list": {
        "ja": "ステップを達成する keiri の操作のリスト（TaskList）を作り、ステップに保存する。",
        "en": "Build the list of keiri operations (TaskList) that achieves a step, and save it "
        "on the step.",
    },
    "copilot.tool.task_loop_run": {
        "ja": "ステップの TaskList（または tasks）をバックグラウンドで実行し、終わったら報告する。",
        "en": "Run a step's task list (or the given tasks) in the background and report when it "
        "is done.",
    },
    "copilot.tool.runs_start": {
        "ja": "設計（design）の実行をバックグラウンドで開始する。終わるとチャットに報告される。",
        "en": "Start a run of a design in the background; a report reaches the chat when it ends.",
    },
    "copilot.tool.runs_status": {
        "ja": "実行の状態と結果・エラーを見る。",
        "en": "Show a run's state, its results and its error.",
    },
    "copilot.tool.runs_list": {
        "ja": "最近の実行を一覧する（state で絞れる）。",
        "en": "List recent runs (state filters them).",
    },
    "copilot.tool.runs_resume": {
        "ja": "一時停止中の実行に、フォームの値（answers）を渡して再開する。",
        "en": "Resume a paused run with the values of its form (answers).",
    },
    "copilot.tool.runs_retry": {
        "ja": "失敗・クラッシュ・取消された実行を再実行する（終わったノードは再利用）。",
        "en": "Retry a failed, crashed or cancelled run (finished nodes are reused).",
    },
    "copilot.tool.runs_cancel": {
        "ja": "終わっていない実行を取り消す。",
        "en": "Cancel a run that has not ended.",
    },
    "copilot.tool.designs_list": {
        "ja": "使える設計（designs）を一覧する。",
        "en": "List the designs that can be run.",
    },
    "copilot.tool.designs_generate": {
        "ja": "指示から新しい設計を LLM で作り、検証して保存する。",
        "en": "Write a new design from an instruction with the LLM, check it and save it.",
    },
    "copilot.tool.designs_validate": {
        "ja": "設計を検証する（エラーと警告）。",
        "en": "Validate a design (errors and warnings).",
    },
    "copilot.tool.designs_dry_run": {
        "ja": "設計をサンプル値でドライランする（実データに触れない）。",
        "en": "Dry-run a design on sample values (no real data is touched).",
    },
    "copilot.tool.deployments_list": {
        "ja": "定期実行（deployments/）を一覧する。",
        "en": "List the recurring runs (deployments/).",
    },
    "copilot.tool.deployments_schedule": {
        "ja": "設計の定期実行を deployments/ に追加し、Prefect に反映する。",
        "en": "Add a recurring run of a design to deployments/ and apply it to Prefect.",
    },
    "copilot.tool.blocks_search": {
        "ja": "処理に使えるブロックを探す。",
        "en": "Find blocks that do a kind of processing.",
    },
    "copilot.tool.errors_explain": {
        "ja": "エラーコードの意味と対処を説明する。",
        "en": "Explain what an error code means and what to do about it.",
    },
    "copilot.arg.goal": {
        "ja": "目標（例: 11月の月次決算）",
        "en": "the goal (e.g. the November month-end closing)",
    },
    "copilot.arg.goal_name": {"ja": "計画の名前", "en": "the plan's name"},
    "copilot.arg.steps": {
        "ja": "ステップ（省略すると計画用プロンプトで作ります）",
        "en": "the steps (left out: the planning prompt writes them)",
    },
    "copilot.arg.depends_on": {
        "ja": "依存するステップの番号",
        "en": "the numbers of the steps this one depends on",
    },
    "copilot.arg.goal_id": {
        "ja": "目標 id（省略: アクティブな目標）",
        "en": "goal id (left out: the active goal)",
    },
    "copilot.arg.step_id": {"ja": "ステップ id", "en": "step id"},
    "copilot.arg.note": {"ja": "メモ", "en": "a note"},
    "copilot.arg.loop_step_id": {
        "ja": "このステップの TaskList を実行",
        "en": "run this step's task list",
    },
    "copilot.arg.tasks": {
        "ja": "ステップなしで実行するタスク（operation, args）",
        "en": "tasks to run without a step (operation, args)",
    },
    "copilot.arg.design": {
        "ja": "設計の名前（designs.list の name）またはパス",
        "en": "the design's name (name in designs.list) or its path",
    },
    "copilot.arg.inputs": {
        "ja": "人の入力の事前回答 {{ノード: {{項目: 値}}}}",
        "en": "answers to human-input forms given in advance {{node: {{field: value}}}}",
    },
    "copilot.arg.vars": {"ja": "vars の上書き", "en": "values overriding the plan's vars"},
    "copilot.arg.run_id": {"ja": "実行 id（UUID）", "en": "run id (UUID)"},
    "copilot.arg.state": {
        "ja": "状態で絞る（paused, failed, ...）",
        "en": "only runs in this state (paused, failed, ...)",
    },
    "copilot.arg.paused_run_id": {"ja": "一時停止中の実行 id", "en": "the paused run's id"},
    "copilot.arg.answers": {"ja": "フォームの項目 id → 値", "en": "form field id → value"},
    "copilot.arg.query": {
        "ja": "名前・説明で絞る語",
        "en": "words that names or descriptions must contain",
    },
    "copilot.arg.instruction": {
        "ja": "作りたい業務手順の説明",
        "en": "a description of the business procedure to design",
    },
    "copilot.arg.deployment_name": {
        "ja": "デプロイ名（英小文字・数字・ハイフン）",
        "en": "deployment name (lower-case letters, digits and hyphens)",
    },
    "copilot.arg.design_name": {"ja": "設計の名前", "en": "the design's name"},
    "copilot.arg.cron": {
        "ja": "cron 式（例: '0 9 1 * *' は毎月1日 9:00）",
        "en": "cron expression (e.g. '0 9 1 * *' is 9:00 on the 1st of every month)",
    },
    "copilot.arg.block_query": {
        "ja": "探したい処理（日本語可）",
        "en": "the processing you are looking for",
    },
    "copilot.arg.code": {
        "ja": "エラーコード（例: FILE_ENCRYPTED）",
        "en": "error code (e.g. FILE_ENCRYPTED)",
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
