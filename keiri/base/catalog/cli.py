"""Messages of the cli surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

The command line (`keiri.cli`), the errors it renders (`keiri.base.errors` default hints and counts,
the run lifecycle's errors in `flows`), the local server (`keiri.server.supervisor` and
`keiri.server.client_env`), the Prefect failure artifact, notifications and `scripts/demo.sh`. Identifiers (plan ids, node ids, paths, codes,
commands) are placeholders or kept verbatim inside the text.
"""

from __future__ import annotations

from keiri.base.catalog.evidence import CLI_HELP as _EVIDENCE_HELP

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- words shared by several lines ---
    "cli.none": {"ja": "なし", "en": "none"},
    "cli.seconds": {"ja": "{seconds} 秒", "en": "{seconds} s"},
    # --- `--help` texts (`keiri.cli.help_text`): cli.help.<command path>[.<parameter>] ---
    "cli.help.usage": {"ja": "使い方:", "en": "Usage:"},
    "cli.help.section.options": {"ja": "オプション", "en": "Options"},
    "cli.help.section.commands": {"ja": "コマンド", "en": "Commands"},
    "cli.help.section.arguments": {"ja": "引数", "en": "Positional arguments"},
    "cli.help.extra.default": {"ja": "既定値: {default}", "en": "default: {default}"},
    "cli.help.extra.required": {"ja": "必須", "en": "required"},
    "cli.help.option.help": {
        "ja": "このヘルプを表示して終了します。",
        "en": "Show this message and exit.",
    },
    "cli.help.option.as_json": {
        "ja": "結果を JSON 1 件として標準出力に出します。",
        "en": "One JSON document on stdout.",
    },
    "cli.help.keiri": {
        "ja": "keiri: 経理の処理をブロックを組み合わせたプランとして記述し、Prefect で実行します。",
        "en": "keiri: accounting pipelines as plans of blocks, run on Prefect.",
    },
    "cli.help.keiri.version": {
        "ja": "バージョンを表示して終了します。",
        "en": "Show the version and exit.",
    },
    "cli.help.blocks": {
        "ja": "ブロックカタログ（block_specs/**/*.yaml）を一覧表示します。",
        "en": "List the block catalog (block_specs/**/*.yaml).",
    },
    "cli.help.blocks.check": {
        "ja": "すべての実装を読み込み、仕様と合っているか確認します。",
        "en": "Import every implementation and verify it against its spec.",
    },
    "cli.help.validate": {
        "ja": "PLAN を検証します。終了コード 0: 正常（警告あり可）、1: 不正、2: 使い方・入出力の誤り。",
        "en": "Validate PLAN: exit 0 valid (warnings allowed), 1 invalid, 2 usage/IO error.",
    },
    "cli.help.dry-run": {
        "ja": "宣言されたサンプルで PLAN を試行します（実データには触れません）。終了コード 0: 成功、1: 失敗。",
        "en": "Walk PLAN on declared samples, never touching real data: exit 0 ok, 1 failed.",
    },
    "cli.help.migrate": {
        "ja": "旧形式の ui.file_uploader.* / ui.confirmation.* ノードを ui.interactive_input に書き換えます。",
        "en": "Rewrite legacy ui.file_uploader.* / ui.confirmation.* nodes into ui.interactive_input.",
    },
    "cli.help.migrate.in_place": {
        "ja": "PLAN を上書きします（既定: PLAN.migrated.yaml に書き出し）。",
        "en": "Overwrite PLAN (default: write PLAN.migrated.yaml).",
    },
    "cli.help.migrate.out_path": {"ja": "結果の書き出し先。", "en": "Where to write the result."},
    "cli.help.run": {
        "ja": "PLAN を Prefect で実行します。終了コード 0: 完了、1: 失敗、3: 入力待ちで切り離し。",
        "en": "Run PLAN on Prefect: exit 0 completed, 1 failed, 3 paused and detached.",
    },
    "cli.help.run.answers": {
        "ja": "人の入力項目に前もって答えます。",
        "en": "Answer a human-input field up front.",
    },
    "cli.help.run.variables": {
        "ja": "プランの変数を上書きします（YAML の値）。",
        "en": "Override a plan var (YAML value).",
    },
    "cli.help.run.detach": {
        "ja": "バックグラウンドで実行し、完了または入力待ち（終了コード 3）で戻ります。",
        "en": "Run in the background; return when it completes or pauses (exit 3).",
    },
    "cli.help.run.server_timeout": {
        "ja": "ローカルの Prefect サーバーの起動を待つ秒数（既定: KEIRI_SERVER_START_TIMEOUT または 120）。",
        "en": "Seconds to wait for the local Prefect server to start (default: KEIRI_SERVER_START_TIMEOUT or 120).",
    },
    "cli.help.resume": {
        "ja": "入力待ちの実行のフォームに答えて再開します（フォームアプリと同じ検証）。",
        "en": "Answer a paused run's form and resume it (validated like the form app).",
    },
    "cli.help.resume.answers": {
        "ja": "入力待ちフォームの項目。",
        "en": "A field of the paused form.",
    },
    "cli.help.runs": {
        "ja": "Prefect サーバー上の最近のプラン実行を一覧表示します。",
        "en": "Recent plan runs on the Prefect server.",
    },
    "cli.help.runs.state": {
        "ja": "この状態の実行だけを表示します（completed, failed, paused, running など）。",
        "en": "Only runs in this state (completed, failed, paused, running, ...).",
    },
    "cli.help.retry": {
        "ja": "失敗した実行をその場で再実行します。完了済みのノードは保存された結果を使い、再実行しません。",
        "en": "Re-run a failed run in place: finished nodes come from persisted results, not run again.",
    },
    "cli.help.retry.reenter": {
        "ja": "この人の入力ノードを再度尋ねます（前回の回答を入力済み）。他の回答は保持され、これに依存しない完了済みの処理は再利用されます。",
        "en": "Ask this human-input node again (its earlier answers prefilled); the other answers are kept and finished work that does not depend on it is reused.",
    },
    "cli.help.retry.detach": {
        "ja": "バックグラウンドで再実行し、完了または入力待ち（終了コード 3）で戻ります。",
        "en": "Retry in the background; return when it completes or pauses (exit 3).",
    },
    "cli.help.retry.latest": {
        "ja": "計画ファイルの今の定義で再実行します。デプロイの実行は、これを付けなければ開始時の定義で再実行します（ローカルの実行はいつも今のファイルで）。定義が変わったノードは再実行され、実行のバージョンのタグも新しくなります。",
        "en": "Retry with the plan file's current definition. Without it a deployment's run retries the definition it started with (a local run always takes the file as it is); nodes whose definition changed run again and the run's version tag follows.",
    },
    "cli.retry.pinned": {
        "ja": "計画ファイルはこの実行の開始後に変更されています（開始時 {pinned}、今 {now}）。開始時の定義で再実行します。新しい定義で再実行するには --latest を付けてください",
        "en": "The plan file has changed since this run started (then {pinned}, now {now}); the retry runs the definition it started with. Add --latest to retry with the new one",
    },
    "cli.retry.latest": {
        "ja": "計画ファイルの今の定義（{now}）で再実行します（開始時 {pinned}）",
        "en": "Retrying with the plan file's current definition ({now}; the run started with {pinned})",
    },
    "cli.help.runs.limit": {"ja": "表示する実行の最大件数。", "en": "Most runs to list."},
    "cli.help.server": {
        "ja": "組み込みのローカル Prefect サーバー（SQLite、UI は http://127.0.0.1:4200）。",
        "en": "The embedded local Prefect server (SQLite, UI at http://127.0.0.1:4200).",
    },
    "cli.help.server.start": {
        "ja": "ローカルサーバーを起動（または再利用）し、正常に応答するまで待ちます。",
        "en": "Start (or reuse) the local server and wait until it is healthy.",
    },
    "cli.help.server.start.timeout": {
        "ja": "/api/health を待つ秒数（既定: KEIRI_SERVER_START_TIMEOUT または 120）。",
        "en": "Seconds to wait for /api/health (default: KEIRI_SERVER_START_TIMEOUT or 120).",
    },
    "cli.help.server.stop": {
        "ja": "keiri が起動したローカルサーバーを停止します。",
        "en": "Stop the local server started by keiri.",
    },
    "cli.help.server.status": {
        "ja": "ローカルサーバーが動作し応答しているかを表示します。していなければ終了コード 1。",
        "en": "Show whether the local server runs and answers; exit 1 when it does not.",
    },
    "cli.help.deploy": {
        "ja": "deployments/*.yaml を検証し、prefect.yaml を生成して適用します（終了コード 1: 不正、または --check で prefect.yaml が古い）。",
        "en": "Validate deployments/*.yaml, render prefect.yaml and apply it (exit 1: invalid, or with --check: prefect.yaml is out of date).",
    },
    "cli.help.deploy.check": {
        "ja": "検証して prefect.yaml の差分を表示します。何も適用しません。",
        "en": "Validate and show the prefect.yaml diff; apply nothing.",
    },
    "cli.help.deploy.render": {
        "ja": "検証して prefect.yaml を書き出すだけです（サーバー不要）。",
        "en": "Validate and write prefect.yaml only (no server needed).",
    },
    "cli.help.deploy.folder": {
        "ja": "デプロイメント定義のフォルダ（deployments/）。",
        "en": "Deployment files (deployments/).",
    },
    "cli.help.deploy.prefect_file": {
        "ja": "生成する Prefect のプロジェクトファイル（prefect.yaml）。",
        "en": "The Prefect project file to render (prefect.yaml).",
    },
    "cli.help.serve": {
        "ja": "すべてのデプロイメントをこのプロセスで実行します（Prefect serve）。1 台のマシン、小さなチーム向け。",
        "en": "Run every deployment in this process (Prefect serve): one machine, a small team.",
    },
    "cli.help.serve.folder": {
        "ja": "デプロイメント定義のフォルダ（deployments/）。",
        "en": "Deployment files (deployments/).",
    },
    "cli.help.serve.limit": {
        "ja": "同時に実行するフロー実行の上限（既定: 上限なし）。",
        "en": "Most flow runs at once (default: no limit).",
    },
    "cli.help.worker": {
        "ja": "POOL 用の Prefect プロセスワーカーを起動します（マシンごとに 1 つ。台数を増やして拡張）。"
        "SIGTERM を受けると新しい実行を取らず、実行中のものは --grace の間に終わるのを待ちます。",
        "en": "Start a Prefect process worker for POOL (one per machine; add machines to scale "
        "out). SIGTERM stops claiming runs at once and lets running ones finish for --grace.",
    },
    "cli.help.worker.pool": {"ja": "担当するワークプール。", "en": "The work pool to serve."},
    "cli.help.worker.name": {
        "ja": "ワーカー名（既定: Prefect が決める名前）。",
        "en": "Worker name (default: Prefect's).",
    },
    "cli.help.worker.limit": {
        "ja": "同時に実行するフロー実行の上限（既定: CPU 数の 2 倍）。",
        "en": "Most flow runs at once (default: 2 x the CPUs).",
    },
    "cli.help.worker.grace": {
        "ja": "SIGTERM の後、実行中の実行が終わるのを待つ時間（これを過ぎるとワーカーは終了します）。",
        "en": "After SIGTERM: how long running runs may take to finish before the worker exits.",
    },
    "cli.help.deployments": {
        "ja": "定期実行（デプロイメント）を再デプロイせずに操作します: 一覧、停止、再開、今すぐ実行、過去分の作成、見張り。",
        "en": "Operate recurring runs without redeploying: list, pause, resume, run now, backfill, watch.",
    },
    "cli.help.deployments.ls": {
        "ja": "デプロイメントを一覧します: スケジュール、次回の実行、期間ごとの未完了の実行。",
        "en": "List the deployments: schedules, next runs, open runs by period.",
    },
    "cli.help.deployments.pause": {
        "ja": "NAME のスケジュールによる実行の作成を止めます（始まった実行はそのまま続きます）。",
        "en": "Stop creating runs from NAME's schedules (runs already started go on).",
    },
    "cli.help.deployments.resume": {
        "ja": "NAME のスケジュールによる実行の作成を再開します。",
        "en": "Create runs from NAME's schedules again.",
    },
    "cli.help.deployments.run": {
        "ja": "NAME の実行をそのワークプールで今すぐ始めます（PERIOD に未完了の実行があれば断ります）。",
        "en": "Start a run of NAME now, on its work pool (refused when PERIOD has an open run).",
    },
    "cli.help.deployments.run.period": {
        "ja": "実行の対象期間（例: 2026-04）。",
        "en": "The period of the run (e.g. 2026-04).",
    },
    "cli.help.deployments.run.var_pairs": {
        "ja": "プランの変数: KEY=VALUE。",
        "en": "A plan var: KEY=VALUE.",
    },
    "cli.help.deployments.backfill": {
        "ja": "--from から --to までの期間ごとに NAME の実行を 1 件ずつ作ります（実行中・待機中の期間は飛ばします）。",
        "en": "Create one run of NAME per period from --from to --to (periods with a run open or waiting are skipped).",
    },
    "cli.help.deployments.backfill.first": {
        "ja": "最初の期間（YYYY-MM）。",
        "en": "The first period (YYYY-MM).",
    },
    "cli.help.deployments.backfill.last": {
        "ja": "最後の期間（YYYY-MM）。",
        "en": "The last period (YYYY-MM).",
    },
    "cli.help.deployments.watch": {
        "ja": "プロセスやワーカーを失った実行・ハートビートが途絶えた実行を整理し（異常終了、または開始前なら予定に戻す）、遅れている定期実行、リマインド期限を過ぎて一時停止中の実行、クラッシュした実行を知らせ（それぞれ 1 回。サーバーの再起動後も）、retries のあるデプロイメントの失敗した実行を再実行します。",
        "en": "Settle runs that lost their process or worker or whose heartbeats stopped (Crashed, or scheduled again when they never started), report late scheduled runs, runs paused past their reminder and crashed runs (once each, also after a server restart), and retry failed runs of deployments with retries.",
    },
    "cli.help.deployments.watch.once": {
        "ja": "1 回だけ確認し、送るべきものを送って終了します。",
        "en": "Look once, send what is due, and exit.",
    },
    "cli.help.deployments.watch.interval": {
        "ja": "確認の間隔（既定: KEIRI_WATCH_INTERVAL、30s）。",
        "en": "Time between looks (default: KEIRI_WATCH_INTERVAL, 30s).",
    },
    "cli.help.deployments.watch.as_json": {
        "ja": "--once と一緒に: JSON ドキュメント 1 つ。",
        "en": "With --once: one JSON document.",
    },
    "cli.help.generate": {
        "ja": "LLM の設計担当でプランを生成します。終了コード 0: 正常かつ試行成功、1: それ以外、2: 使い方の誤り。",
        "en": "Generate a plan with the LLM designer: exit 0 valid and dry-run ok, 1 not, 2 usage.",
    },
    "cli.help.generate.instruction": {
        "ja": "プランにさせたいこと（日本語または英語）。",
        "en": "What the plan should do (Japanese or English).",
    },
    "cli.help.generate.instruction_file": {
        "ja": "指示をテキストファイルから読み込みます。",
        "en": "Read the instruction from a text file.",
    },
    "cli.help.generate.docs": {
        "ja": "参考資料（カンマ区切り: .txt .md .csv .pdf .docx .xlsx）。",
        "en": "Reference documents, comma-separated (.txt .md .csv .pdf .docx .xlsx).",
    },
    "cli.help.generate.template_ids": {
        "ja": "テンプレート ID（カンマ区切り、designs/templates）。",
        "en": "Template ids, comma-separated (designs/templates).",
    },
    "cli.help.generate.apply_mode": {
        "ja": "hint: テンプレートを例として使う、compose: テンプレートを固定ノードとして使う、llm-only: 使わない。",
        "en": "hint: templates as examples; compose: templates as fixed nodes; llm-only: none.",
    },
    "cli.help.generate.out": {"ja": "プランの保存先。", "en": "Where to save the plan."},
    "cli.help.generate.plan_id": {
        "ja": "プラン ID（既定: モデルが決めます）。",
        "en": "The plan id (default: chosen by the model).",
    },
    "cli.help.generate.fallback": {
        "ja": "1: 生成に失敗したとき安全な仮プランを返します（既定: KEIRI_AGENT_LLM_FALLBACK）。",
        "en": "1: return a safe placeholder plan when generation fails (default: KEIRI_AGENT_LLM_FALLBACK).",
    },
    "cli.help.generate.answers": {
        "ja": "ID=VALUE: 設計上の質問への回答。",
        "en": "ID=VALUE: an answer to a design question.",
    },
    "cli.help.generate.interactive": {
        "ja": "足りない項目を端末で尋ねます（既定: 標準入力が端末で --json なしのとき）。",
        "en": "Ask missing items on the terminal (default: when stdin is a terminal, without --json).",
    },
    "cli.help.generate.no_save": {"ja": "プランを保存しません。", "en": "Do not save the plan."},
    "cli.help.generate.max_attempts": {
        "ja": "プラン生成を試みる最大回数。",
        "en": "Most attempts at generating the plan.",
    },
    "cli.help.generate.retrieval": {
        "ja": "ブロックカタログの検索方法。",
        "en": "How blocks are retrieved from the catalog.",
    },
    "cli.help.generate.topk_per_category": {
        "ja": "カテゴリごとに候補とするブロック数。",
        "en": "Candidate blocks per category.",
    },
    "cli.help.generate.topk_total": {
        "ja": "候補とするブロックの総数。",
        "en": "Candidate blocks in all.",
    },
    "cli.help.ui": {
        "ja": "Streamlit のフォームアプリ: 入力待ちの実行の受信箱、そのフォーム、最近の実行。",
        "en": "The Streamlit form app: inbox of paused runs, their forms, recent runs.",
    },
    "cli.help.ui.host": {
        "ja": "待ち受けるアドレス。ループバック以外では KEIRI_UI_SECRET または OIDC ログインが必要です。",
        "en": "Address to listen on; other than loopback needs KEIRI_UI_SECRET or OIDC login.",
    },
    "cli.help.ui.port": {"ja": "待ち受けるポート。", "en": "Port to listen on."},
    "cli.help.analyze": {
        "ja": "エージェントで DATA（CSV/XLSX）を分析します。終了コード 0: レポート作成、1: 失敗。",
        "en": "Analyse DATA (CSV/XLSX) with the agent: exit 0 report written, 1 failed.",
    },
    "cli.help.analyze.question": {
        "ja": "分析したいこと（日本語または英語）。",
        "en": "What to analyse (Japanese or English).",
    },
    "cli.help.analyze.answers": {
        "ja": "エージェントの次の質問への回答（複数指定可、順に使います）。",
        "en": "Answer to the agent's next question (repeatable, used in order).",
    },
    "cli.help.analyze.sheet": {
        "ja": "Excel ブックのシート（既定: 最初のシート）。",
        "en": "The sheet of an Excel workbook (default: the first).",
    },
    "cli.help.ask": {
        "ja": "ブロックカタログで REQUEST に応えます。終了コード 0: 回答、1: 対応不可・失敗、3: 入力待ち。",
        "en": "Serve REQUEST with the block catalog: exit 0 answered, 1 not served/failed, 3 paused.",
    },
    "cli.help.ask.detach": {
        "ja": "実行がフォーム入力を待つと戻ります（終了コード 3）。",
        "en": "Return (exit 3) when the run waits for a form.",
    },
    "cli.help.ask.server_timeout": {
        "ja": "ローカルサーバーを待つ秒数。",
        "en": "Seconds to wait for the local server.",
    },
    "cli.help.chat": {
        "ja": "運用コパイロットと対話します: 目標、実行、確認（y/n）、/status、/quit。",
        "en": "Talk to the operator copilot: goals, runs, confirmations (y/n), /status, /quit.",
    },
    "cli.help.chat.conversation_id": {
        "ja": "この会話を再開します。",
        "en": "Resume this conversation.",
    },
    "cli.help.chat.list_only": {
        "ja": "自分の会話を一覧表示して終了します。",
        "en": "List your conversations and exit.",
    },
    # --- the error renderer (`keiri.cli.render`) ---
    "cli.label.error": {"ja": "エラー", "en": "ERROR"},
    "cli.label.warning": {"ja": "警告", "en": "WARNING"},
    "cli.label.hint": {"ja": "ヒント:", "en": "hint:"},
    "cli.label.usage_error": {"ja": "使い方の誤り:", "en": "Usage error:"},
    "cli.recoverable": {
        "ja": "（再試行で解決する可能性があります）",
        "en": "(recoverable: retrying may help)",
    },
    "cli.try_help": {
        "ja": "使い方は '{command} --help' で確認できます",
        "en": "Try '{command} --help' for help.",
    },
    "cli.error.aborted": {"ja": "中断しました。", "en": "Aborted."},
    "cli.error.internal": {"ja": "内部エラー: {error}", "en": "internal error: {error}"},
    "cli.hint.internal": {
        "ja": "keiri の不具合です。実行したコマンドと標準エラー出力のトレースバックを添えて報告してください",
        "en": "this is a bug in keiri: report it with the command and the traceback on stderr",
    },
    "cli.error.exclusive": {
        "ja": "{first} と {second} は同時に指定できません",
        "en": "{first} and {second} exclude each other",
    },
    "cli.error.no_command": {
        "ja": "コマンド '{name}' はありません。{close}",
        "en": "No such command '{name}'. {close}",
    },
    # --- `keiri.base.errors`: messages and default hints of the named errors ---
    "cli.error.config_many": {
        "ja": "設定に {count} 件の誤りがあります: {problems}",
        "en": "{count} invalid settings: {problems}",
    },
    "cli.error.plan_invalid": {
        "ja": "検証で {count} 件の問題が見つかりました",
        "en": "{count} validation issue(s)",
    },
    "cli.error.plan_invalid_in": {
        "ja": "{source} の検証で {count} 件の問題が見つかりました",
        "en": "{count} validation issue(s) in {source}",
    },
    "cli.error.first_issue": {
        "ja": "。最初の問題: {code} {location}: {message}",
        "en": "; first: {code} {location}: {message}",
    },
    "cli.error.issues_found": {
        "ja": "{count} 件のエラーがあります",
        "en": "{count} error(s) encountered",
    },
    "cli.location.file_line": {
        "ja": "{where}（{file}:{line}）",
        "en": "{where} at {file}:{line}",
    },
    "cli.location.line": {"ja": "{where}（{line} 行目）", "en": "{where} at line {line}"},
    "cli.location.file": {"ja": "{where}（{file}）", "en": "{where} in {file}"},
    "cli.hint.config_invalid": {
        "ja": "示された環境変数を直してください（README の設定一覧を参照）",
        "en": "fix the variables listed (see the settings table in the README)",
    },
    "cli.hint.plan_not_found": {
        "ja": "計画ファイルのパスか、designs/ にある設計の名前を指定してください",
        "en": "pass a path to a plan file, or a design name under designs/",
    },
    "cli.hint.plan_invalid": {
        "ja": "`keiri validate PLAN` で、すべての問題を行番号つきで確認できます",
        "en": "run `keiri validate PLAN` for every issue with its line",
    },
    "cli.hint.validate_plan": {
        "ja": "`keiri validate {plan}` で問題を確認してください",
        "en": "run `keiri validate {plan}`",
    },
    "cli.hint.invalid_run_id": {
        "ja": "実行 ID は UUID です。`keiri runs` で一覧を表示できます",
        "en": "run ids are UUIDs; list them with `keiri runs`",
    },
    "cli.hint.run_not_found": {
        "ja": "`keiri runs` で実行の一覧を表示できます",
        "en": "list runs with `keiri runs`",
    },
    "cli.hint.run_not_paused": {
        "ja": "入力を待つのは一時停止中の実行だけです。`keiri runs --state paused` で一覧を表示できます",
        "en": "only a paused run waits for input; `keiri runs --state paused` lists them",
    },
    "cli.hint.already_resumed": {
        "ja": "一時停止は 1 回だけ再開できます。今回の入力は送信されていません",
        "en": "each pause is resumed once; nothing was submitted again",
    },
    "cli.hint.run_not_retryable": {
        "ja": "`keiri runs --state failed` で再実行できる実行を表示できます",
        "en": "`keiri runs --state failed` lists the runs to retry",
    },
    "cli.hint.start_mismatch": {
        "ja": "keiri ホームの開始メモ（cache/start-notes）が書き換えられていた可能性があります。"
        "そのメモは削除しました。もう一度 `keiri run` を実行すると、プランを検証してから実行を作成します",
        "en": "a start note in the keiri home (cache/start-notes) may have been altered; it was "
        "removed. Run `keiri run` again: the plan is validated before its run is created",
    },
    # --- the Prefect failure artifact (`keiri.base.errors.error_markdown`) ---
    "cli.artifact.title": {"ja": "実行エラー", "en": "Run error"},
    "cli.artifact.item": {"ja": "項目", "en": "Item"},
    "cli.artifact.value": {"ja": "値", "en": "Value"},
    "cli.artifact.code": {"ja": "コード", "en": "Code"},
    "cli.artifact.node": {"ja": "ノード", "en": "Node"},
    "cli.artifact.target": {"ja": "対象", "en": "Item processed"},
    "cli.artifact.recoverable": {
        "ja": "再試行で解決する可能性",
        "en": "Retrying may help",
    },
    "cli.artifact.yes": {"ja": "あり", "en": "yes"},
    "cli.artifact.no": {"ja": "なし", "en": "no"},
    # --- blocks, validate, dry-run, migrate (`keiri.cli.main`) ---
    "cli.col.id": {"ja": "ID", "en": "id"},
    "cli.col.version": {"ja": "バージョン", "en": "version"},
    "cli.col.inputs": {"ja": "入力", "en": "inputs"},
    "cli.col.outputs": {"ja": "出力", "en": "outputs"},
    "cli.col.check": {"ja": "検査", "en": "check"},
    "cli.col.node": {"ja": "ノード", "en": "node"},
    "cli.col.state": {"ja": "状態", "en": "state"},
    "cli.col.run_id": {"ja": "実行 ID", "en": "run id"},
    "cli.col.plan": {"ja": "計画", "en": "plan"},
    "cli.col.started": {"ja": "開始", "en": "started"},
    "cli.col.duration": {"ja": "所要時間", "en": "duration"},
    "cli.blocks.ok": {"ja": "正常", "en": "ok"},
    "cli.no_such_plan": {
        "ja": "計画ファイルが見つかりません: {path}",
        "en": "no such plan file: {path}",
    },
    "cli.validate.ok": {
        "ja": "{plan} は有効な計画です（警告 {warnings} 件）",
        "en": "{plan} is valid ({warnings} warning(s))",
    },
    "cli.validate.failed": {
        "ja": "{plan} に {errors} 件のエラーがあります",
        "en": "{errors} error(s) encountered in {plan}",
    },
    "cli.dry_run.ok": {
        "ja": "{plan} のドライランに成功しました（ノード実行 {nodes} 件）",
        "en": "dry-run of {plan} passed ({nodes} node run(s))",
    },
    "cli.dry_run.failed": {
        "ja": "{plan} のドライランに失敗しました: エラー {errors} 件",
        "en": "dry-run of {plan} failed: {errors} error(s)",
    },
    "cli.dry_run.state.completed": {"ja": "完了", "en": "completed"},
    "cli.dry_run.state.skipped": {"ja": "スキップ", "en": "skipped"},
    "cli.migrate.written": {
        "ja": "{count} 件の変更を {target} に書き込みました",
        "en": "{count} change(s) written to {target}",
    },
    # --- run, resume, runs, retry (`keiri.cli.runtime`) ---
    "cli.run.header": {
        "ja": "{state}: {plan}（実行 {run}）",
        "en": "{state} {plan} run {run}",
    },
    "cli.run.rejected": {
        "ja": "{by}さんが差し戻しました（理由: {reason}）",
        "en": "Sent back by {by} (reason: {reason})",
    },
    "cli.run.ui": {"ja": "Prefect UI: {url}", "en": "Prefect UI: {url}"},
    "cli.run.log": {"ja": "ログ: {path}", "en": "log: {path}"},
    "cli.run.waiting": {
        "ja": "{where}ノード {node} の入力を待っています: {url}",
        "en": "waiting for input at {where}node {node}: {url}",
    },
    "cli.run.resume_cmd": {
        "ja": "または: keiri resume {run} --input 項目=値",
        "en": "or: keiri resume {run} --input FIELD=VALUE",
    },
    "cli.run.inspect": {
        "ja": "確認: keiri runs --state failed   再実行: keiri retry {run}",
        "en": "inspect: keiri runs --state failed   retry: keiri retry {run}",
    },
    "cli.run.prefect_log": {"ja": "Prefect のログ: {path}", "en": "Prefect log: {path}"},
    "cli.run.paused": {
        "ja": "⏸  {node} の入力を待っています: {url}  （または: keiri resume {run} --input 項目=値）",
        "en": "⏸  {node} waits for input: {url}  (or: keiri resume {run} --input FIELD=VALUE)",
    },
    "cli.run.detached": {
        "ja": "実行 {run} をバックグラウンドで開始しました",
        "en": "started run {run} in the background",
    },
    # --- a quick start's run that is not the run of the compiled plan (`flows.lifecycle.start`)
    "cli.error.start_mismatch": {
        "ja": "先に作成された実行 {run} は、検証したプラン {plan} の実行と{what}が一致しません。"
        "この実行は開始せず、失敗として終了しました",
        "en": "the run {run} created ahead does not match the plan {plan} as validated "
        "({what} differ); it was not started and has been ended as failed",
    },
    "cli.start.differs.flow": {"ja": "フロー", "en": "flow"},
    "cli.start.differs.tags": {"ja": "タグ", "en": "tags"},
    "cli.start.differs.parameters": {"ja": "パラメーター", "en": "parameters"},
    "cli.start.differs.separator": {"ja": "・", "en": ", "},
    "cli.run.unknown_var": {
        "ja": "--var {name}: 計画にこの変数はありません（変数: {known}）",
        "en": "--var {name}: the plan declares no such var ({known})",
    },
    "cli.run.not_human_input": {
        "ja": "--input {node}.…: {node} は人の入力を受けるノードではありません。{hint}",
        "en": "--input {node}.…: {node} is not a human-input node; {hint}",
    },
    "cli.run.human_nodes": {
        "ja": "人の入力を受けるノード: {nodes}",
        "en": "human-input nodes: {nodes}",
    },
    "cli.input.expected_node": {
        "ja": "--input {raw}: NODE.FIELD=値 または NODE.FIELD=@パス の形で指定してください（例: confirm.approved=true）",
        "en": "--input {raw}: expected NODE.FIELD=VALUE or =@PATH (e.g. confirm.approved=true)",
    },
    "cli.input.expected_field": {
        "ja": "--input {raw}: FIELD=値 または FIELD=@パス の形で指定してください",
        "en": "--input {raw}: expected FIELD=VALUE or =@PATH",
    },
    "cli.var.expected": {
        "ja": "--var {raw}: KEY=値 の形で指定してください",
        "en": "--var {raw}: expected KEY=VALUE",
    },
    "cli.var.not_finite": {
        "ja": "NaN や無限大は計画で扱える数値ではありません",
        "en": "NaN/Infinity is not a number a plan can hold",
    },
    "cli.var.problem": {
        "ja": "--var {raw}: {message}（{code}）",
        "en": "--var {raw}: {message} ({code})",
    },
    "cli.progress.done": {"ja": "✓ {count} ノード完了", "en": "✓ {count} node(s) done"},
    "cli.progress.failed": {"ja": "  ✗ {count} 件失敗", "en": "  ✗ {count} failed"},
    # --- the run lifecycle's errors (`flows.lifecycle.control`, `flows.lifecycle.runs`, `flows.backend.liveness`) ---
    "cli.error.not_run_id": {
        "ja": "{run} は実行 ID ではありません",
        "en": "{run} is not a run id",
    },
    "cli.error.no_run": {"ja": "実行 {run} が見つかりません", "en": "no run {run}"},
    "cli.error.already_resumed": {
        "ja": "{by} が {at} に再開済みです（状態: {state}）",
        "en": "already resumed by {by} at {at} (state: {state})",
    },
    "cli.error.resumed_by": {
        "ja": "{by} が {at} に再開済みです",
        "en": "already resumed by {by} at {at}",
    },
    "cli.error.not_paused": {
        "ja": "実行 {run} は一時停止していません（状態: {state}）",
        "en": "run {run} is not paused (state: {state})",
    },
    "cli.error.no_form": {
        "ja": "実行 {run} は一時停止していますが、keiri のフォームがありません",
        "en": "run {run} is paused but has no keiri form",
    },
    "cli.hint.no_form": {
        "ja": "ui.interactive_input 以外で一時停止した実行です。Prefect UI から再開してください",
        "en": "it was paused by something other than ui.interactive_input; resume it in the Prefect UI",
    },
    "cli.hint.still_paused": {
        "ja": "実行は一時停止したままです。値を直して、もう一度再開してください",
        "en": "the run is still paused; correct the values and resume again",
    },
    "cli.error.answers_refused": {
        "ja": "Prefect サーバーが回答を受け付けませんでした: {reason}",
        "en": "the Prefect server refused the answers: {reason}",
    },
    "cli.error.not_retryable": {
        "ja": "実行 {run} は {state} です。再実行できるのは失敗・異常終了・取消の実行だけです",
        "en": "run {run} is {state}; only failed, crashed or cancelled runs are retried",
    },
    "cli.error.already_ended": {
        "ja": "実行 {run} は既に終了しています（{state}）",
        "en": "run {run} has already ended ({state})",
    },
    "cli.hint.cancel_active": {
        "ja": "取消できるのは、準備中・実行中・一時停止中の実行だけです",
        "en": "only pending, running or paused runs can be cancelled",
    },
    "cli.error.no_flow_run_id": {
        "ja": "実行 {name} に Prefect の実行 ID がありません",
        "en": "run {name} has no flow run id",
    },
    "cli.error.result_unreadable": {
        "ja": "実行 {run} の結果を読めませんでした: {error}",
        "en": "the result of run {run} could not be read: {error}",
    },
    "cli.hint.result_storage": {
        "ja": "結果は PREFECT_RESULTS_LOCAL_STORAGE_PATH（keiri ホームの results/）に保存されます。"
        "複数のマシンで共有する必要があります（docs/scale-out.md）",
        "en": "results are stored under PREFECT_RESULTS_LOCAL_STORAGE_PATH (the keiri home's "
        "results/); several machines must share it (docs/scale-out.md)",
    },
    "cli.hint.crashed": {
        "ja": "Prefect UI で実行を確認してください。`keiri retry` で再実行できます",
        "en": "see the run in the Prefect UI; `keiri retry` re-runs it",
    },
    "cli.state.cancelled_by": {"ja": "{who} が取消しました", "en": "cancelled by {who}"},
    "cli.state.retry_by": {"ja": "{who} が keiri retry で再実行", "en": "keiri retry by {who}"},
    "cli.state.resumed_by": {
        "ja": "{who} が再開しました。{reason}",
        "en": "resumed by {who}; {reason}",
    },
    "cli.state.runner_exited": {
        "ja": "バックグラウンドの実行プロセスが終了しました（終了コード {code}）。ログ: {log}",
        "en": "the runner process exited ({code}); see {log}",
    },
    "cli.state.runner_failed": {
        "ja": "バックグラウンドの実行プロセスが失敗しました: {error}。`keiri retry` で再実行できます",
        "en": "the background runner failed: {error}; `keiri retry` re-runs it",
    },
    "cli.state.never_taken": {
        "ja": "どのプロセスも実行を開始しませんでした",
        "en": "no process ever took the run",
    },
    "cli.state.process_gone": {
        "ja": "{host} のプロセス {pid} がなくなりました",
        "en": "its process {pid} on {host} is gone",
    },
    "cli.state.stopped": {
        "ja": "実行が止まりました: {reason}（強制終了またはメモリ不足）。`keiri retry` で続きから実行できます",
        "en": "the run stopped: {reason} (killed or out of memory); `keiri retry` continues it",
    },
    "cli.state.no_heartbeat": {
        "ja": "{window} の間ハートビートがありません: ワーカーが失われました。"
        "実行を再実行してください（完了したノードは再実行されません）",
        "en": "no heartbeat for {window}: the worker was lost; "
        "retry the run (finished nodes are not run again)",
    },
    "cli.error.plan_not_found": {
        "ja": "計画 {plan} が見つかりません",
        "en": "plan {plan} not found",
    },
    "cli.run.failed_log": {
        "ja": "{error}。`keiri runs` で確認し、`keiri retry {run}` で再実行できます",
        "en": "{error}; inspect with `keiri runs` and retry with `keiri retry {run}`",
    },
    "cli.state.skipped": {"ja": "when が偽です: {reason}", "en": "when is false: {reason}"},
    "cli.error.input_outside_run": {
        "ja": "Prefect の実行の外で人の入力を求めました",
        "en": "human input outside a flow run",
    },
    "cli.state.no_answer": {
        "ja": "{node}: 期限内に回答がありませんでした",
        "en": "{node}: no answer in time",
    },
    "cli.error.no_answer": {
        "ja": "{seconds} 秒以内に {node} への回答がありませんでした",
        "en": "nobody answered {node} within {seconds} s",
    },
    "cli.hint.no_answer": {
        "ja": "実行を再実行するともう一度尋ねます（フォームが新しく開きます）。"
        "ノードの timeout_ms を大きくすることもできます",
        "en": "retry the run to ask again (the form opens anew), or raise the node's timeout_ms",
    },
    "cli.error.pause_failed": {
        "ja": "{node}: 一時停止に失敗しました: {error}",
        "en": "{node}: the pause failed: {error}",
    },
    "cli.hint.pause_failed": {
        "ja": "keiri の不具合です。実行のログを確認してください",
        "en": "this is a bug in keiri; see the run log",
    },
    "cli.error.secrets_missing": {
        "ja": "この実行の秘密の値（{name}）が Prefect サーバーにありません",
        "en": "the secret values of this run ({name}) are not on the Prefect server",
    },
    "cli.hint.secrets_missing": {
        "ja": "秘密の値は実行の終了後 KEIRI_SECRET_RETENTION の期間（既定 4 日）だけ保管され、その後は削除されます。秘密の値を指定して（--var/--input）新しく実行してください",
        "en": "a run's secret values are kept for KEIRI_SECRET_RETENTION (default 4 days) after it ends, then deleted; start the run again with its secrets (--var/--input)",
    },
    "cli.child.link": {"ja": "入力待ち: {where}", "en": "waits for input: {where}"},
    "cli.child.description": {
        "ja": "`{node}`（{where}）が子の実行で入力を待っています。回答するとこの実行が続きます",
        "en": "`{node}` ({where}) waits for input in a child run; answering it continues this run",
    },
    # --- transient API errors (`flows.backend.api_retry`), in the runner's log ---
    "cli.api.retrying": {
        "ja": "{what}: Prefect API に接続できません（{error}）。{delay} 秒後に再試行します",
        "en": "{what}: the Prefect API is unavailable ({error}); retrying in {delay} s",
    },
    "cli.api.reading_run": {"ja": "実行 {run} の読み込み", "en": "reading run {run}"},
    "cli.api.reading": {"ja": "実行の読み込み", "en": "reading the run"},
    "cli.api.waiting": {"ja": "実行 {run} の待機", "en": "waiting for run {run}"},
    "cli.api.starting": {"ja": "実行 {run} の開始", "en": "starting run {run}"},
    "cli.api.creating": {"ja": "{flow} の実行の作成", "en": "creating a run of {flow}"},
    "cli.api.recording_start": {
        "ja": "実行 {run} の開始者の記録",
        "en": "recording who started {run}",
    },
    "cli.api.recording_runner": {
        "ja": "実行 {run} の実行プロセスの記録",
        "en": "recording the runner of {run}",
    },
    "cli.api.reading_answer": {"ja": "回答の読み込み", "en": "reading the answer"},
    "cli.api.waiting_answer": {"ja": "回答の待機", "en": "waiting for the answer"},
    "cli.api.marking_crashed": {
        "ja": "実行を異常終了として記録",
        "en": "marking the run crashed",
    },
    # --- notifications (`flows.backend.notify`) ---
    "cli.notify.link_description": {
        "ja": "`{node}` が入力を待っています。フォームを開いて回答すると実行が再開します",
        "en": "`{node}` waits for input: open the form to answer and resume the run",
    },
    "cli.notify.link_text": {"ja": "フォーム: {node}", "en": "Form: {node}"},
    "cli.notify.paused": {"ja": "⏸ 入力待ち", "en": "⏸ waits for input"},
    "cli.notify.reminder": {"ja": "⏰ まだ入力待ちです", "en": "⏰ still waiting for input"},
    "cli.notify.crashed_description": {
        "ja": "keiri: ハートビートのないデプロイの実行は、ワーカーを失ったものとして扱います",
        "en": "keiri: a deployment run without heartbeats lost its worker",
    },
    # --- deploy, serve, worker (`keiri.cli.ops`, `flows.deploy.apply`) ---
    "cli.deploy.no_folder": {
        "ja": "デプロイのフォルダがありません: {folder}",
        "en": "no deployments folder: {folder}",
    },
    "cli.deploy.invalid": {
        "ja": "{source} に {count} 件のエラーがあります。何も生成・適用していません",
        "en": "{count} error(s) in {source}: nothing rendered or applied",
    },
    "cli.deploy.unlimited": {"ja": "無制限", "en": "unlimited"},
    "cli.deploy.summary": {
        "ja": "• [bold]{name}[/] ← {design} v{version}  プール {pool}  同時実行 {concurrency}",
        "en": "• [bold]{name}[/] ← {design} v{version}  pool {pool}  concurrency {concurrency}",
    },
    "cli.deploy.inactive": {"ja": "（停止中）", "en": " (inactive)"},
    "cli.deploy.no_schedule": {
        "ja": "    スケジュールなし（Prefect UI または `prefect deployment run` で実行します）",
        "en": "    no schedule (run it from the Prefect UI or `prefect deployment run`)",
    },
    "cli.deploy.out_of_date": {
        "ja": "{file} は最新ではありません。何も適用していません（--check）",
        "en": "{file} is out of date; nothing applied (--check)",
    },
    "cli.deploy.up_to_date": {
        "ja": "{file} は最新です。何も適用していません（--check）",
        "en": "{file} is up to date; nothing applied (--check)",
    },
    "cli.deploy.written": {
        "ja": "{file} を書き込みました。何も適用していません（--render）",
        "en": "{file} written; nothing applied (--render)",
    },
    "cli.deploy.already": {
        "ja": "{file} は既に最新です。何も適用していません（--render）",
        "en": "{file} already up to date; nothing applied (--render)",
    },
    "cli.deploy.pool_created": {
        "ja": "ワークプール {pool} を作成しました（ワーカーの起動: keiri worker --pool {pool}）",
        "en": "created work pool {pool} (start workers: keiri worker --pool {pool})",
    },
    "cli.deploy.automation": {
        "ja": "オートメーション {name}: {what}",
        "en": "automation {name}: {what}",
    },
    "cli.deploy.automation.created": {"ja": "作成しました", "en": "created"},
    "cli.deploy.automation.updated": {"ja": "更新しました", "en": "updated"},
    "cli.deploy.automation.unchanged": {"ja": "変更なし", "en": "unchanged"},
    "cli.deploy.automation.removed": {"ja": "削除しました", "en": "removed"},
    "cli.deploy.automation.absent": {"ja": "ありません", "en": "absent"},
    "cli.deploy.automation.unset": {
        "ja": "変更なし（KEIRI_NOTIFY_WEBHOOK_URL が未設定）",
        "en": "unchanged (KEIRI_NOTIFY_WEBHOOK_URL not set)",
    },
    "cli.deploy.stale": {
        "ja": "[yellow]デプロイ run_plan/{name} に対応するファイルが deployments/ にありません。[/]"
        "削除するには: prefect deployment delete 'run_plan/{name}'",
        "en": "[yellow]deployment run_plan/{name} has no file in deployments/ any more;[/] "
        "remove it with: prefect deployment delete 'run_plan/{name}'",
    },
    "cli.deploy.applied": {
        "ja": "{count} 件のデプロイを適用しました",
        "en": "{count} deployment(s) applied",
    },
    "cli.deploy.failed": {
        "ja": "`prefect deploy --all` が失敗しました（終了コード {code}）:\n{tail}",
        "en": "`prefect deploy --all` failed (exit {code}):\n{tail}",
    },
    "cli.hint.deploy_failed": {
        "ja": "デプロイのファイルは検証済みです。上の Prefect のメッセージを確認してください",
        "en": "the deployment files validated; read Prefect's message above",
    },
    # --- deployment files (`flows.deploy.spec`): issues of `keiri deploy` ---
    "cli.deploy_issue.duplicate": {
        "ja": "デプロイ名 {name} は {other} でも使われています",
        "en": "deployment name {name} is also used by {other}",
    },
    "cli.hint.deploy_duplicate": {
        "ja": "ファイルごとに別の `name` を付けてください（既定はファイル名）",
        "en": "give each file its own `name` (the default is the file name)",
    },
    "cli.deploy_issue.not_mapping": {
        "ja": "デプロイのファイルは、少なくとも `design:` を持つマッピングです",
        "en": "a deployment file is a mapping with at least `design:`",
    },
    "cli.hint.deploy_example": {
        "ja": "例は docs/scale-out.md を参照してください",
        "en": "see docs/scale-out.md for an example",
    },
    "cli.deploy_issue.bad_name": {
        "ja": "ファイル名 {name} はデプロイ名として使えません",
        "en": "the file name {name} is not a valid deployment name",
    },
    "cli.hint.deploy_name": {
        "ja": "ファイル名を変えるか `name:` を設定してください（英字・数字・'_'・'.'・'-'）",
        "en": "rename the file or set `name:` (letters, digits, '_', '.', '-')",
    },
    "cli.hint.deploy_cron": {
        "ja": "cron は 5 つの欄（分 時 日 月 曜日）です（例: '0 9 1 * *'）。"
        "timezone は Asia/Tokyo のような IANA の名前です",
        "en": "cron has five fields: minute hour day-of-month month day-of-week "
        "(e.g. '0 9 1 * *'); timezone is an IANA name such as Asia/Tokyo",
    },
    "cli.hint.deploy_timezone": {
        "ja": "Asia/Tokyo や UTC のような IANA のタイムゾーン名を使ってください",
        "en": "use an IANA timezone name such as Asia/Tokyo or UTC",
    },
    "cli.hint.deploy_designs": {
        "ja": "設計は {folder} にあります。名前かパスを指定してください",
        "en": "designs live under {folder}; give a name or a path",
    },
    "cli.deploy_issue.no_design": {
        "ja": "設計 {design} がありません",
        "en": "no design {design}",
    },
    "cli.deploy_issue.design_invalid": {
        "ja": "設計 {design} に {count} 件のエラーがあります。最初の問題: {code} {location}: {message}",
        "en": "design {design} has {count} error(s); first: {code} {location}: {message}",
    },
    "cli.deploy_issue.unknown_var": {
        "ja": "設計 {design} に変数 {name} はありません",
        "en": "the design {design} declares no var {name}",
    },
    "cli.deploy_issue.vars": {"ja": "変数: {names}", "en": "its vars: {names}"},
    "cli.deploy_issue.not_human": {
        "ja": "{node} は {design} の人の入力を受けるノードではありません",
        "en": "{node} is not a human-input node of {design}",
    },
    "cli.deploy_issue.referenced_form": {
        "ja": "{node} のフォームの項目は参照から決まるため、前もって回答できません",
        "en": "the form of {node} comes from a reference; it cannot be answered ahead",
    },
    "cli.hint.deploy_referenced_form": {
        "ja": "指定しないでください。実行が一時停止し、フォームアプリで回答します",
        "en": "leave it out: the run pauses and someone answers in the form app",
    },
    "cli.deploy_issue.node_fields": {
        "ja": "{node} の項目: {fields}",
        "en": "fields of {node}: {fields}",
    },
    "cli.serve.serving": {
        "ja": "run_plan/{name} を実行待ちにしています（{plan} v{version}）",
        "en": "serving run_plan/{name} ({plan} v{version})",
    },
    # --- the local server (`keiri server`, `keiri.server.supervisor` and `client_env`) ---
    "cli.server.state": {"ja": "Prefect サーバー: {state}", "en": "Prefect server: {state}"},
    "cli.server.running": {"ja": "稼働中", "en": "running"},
    "cli.server.starting": {"ja": "起動中または応答なし", "en": "starting/unhealthy"},
    "cli.server.stopped_state": {"ja": "停止", "en": "stopped"},
    "cli.server.field": {"ja": "  {label}: {value}", "en": "  {label}: {value}"},
    "cli.server.label.ui_url": {"ja": "UI", "en": "ui_url"},
    "cli.server.label.api_url": {"ja": "API", "en": "api_url"},
    "cli.server.label.pid": {"ja": "プロセス ID", "en": "pid"},
    "cli.server.label.home": {"ja": "ホーム", "en": "home"},
    "cli.server.label.log_file": {"ja": "ログ", "en": "log_file"},
    "cli.server.progress": {
        "ja": "Prefect サーバーを起動しています… {seconds} 秒",
        "en": "Starting the Prefect server… {seconds} s",
    },
    "cli.server.stopped": {"ja": "停止しました", "en": "stopped"},
    "cli.server.not_running": {
        "ja": "keiri のサーバーは動いていませんでした",
        "en": "no keiri server was running",
    },
    "cli.server.no_answer": {
        "ja": "PREFECT_API_URL={url} が {health} に応答しません。",
        "en": "PREFECT_API_URL={url} does not answer {health}.",
    },
    "cli.hint.server_no_answer": {
        "ja": "その Prefect サーバーを起動する（または URL を直す）か、PREFECT_API_URL を外して"
        "keiri にローカルサーバーを起動させてください（`keiri server start`）。",
        "en": "Start that Prefect server (or fix the URL), or unset PREFECT_API_URL to let "
        "keiri start its local server (`keiri server start`).",
    },
    "cli.server.foreign": {
        "ja": "keiri が起動していない Prefect サーバーが {url} で既に応答しています。",
        "en": "A Prefect server that keiri did not start already answers at {url}.",
    },
    "cli.hint.server_foreign": {
        "ja": "それを使うには PREFECT_API_URL={url} を設定してください。keiri 自身のサーバーを"
        "起動するには、そのサーバーを止めるか KEIRI_SERVER_PORT に空いているポートを設定してください。",
        "en": "To use it, set PREFECT_API_URL={url}; to start keiri's own server, "
        "stop that one or set KEIRI_SERVER_PORT to a free port.",
    },
    "cli.server.port_busy": {
        "ja": "{host} のポート {port} は別のプログラムが使っています。",
        "en": "Port {port} on {host} is in use by another program.",
    },
    "cli.hint.server_port_busy": {
        "ja": "そのプログラムを止めるか、KEIRI_SERVER_PORT に空いているポートを設定してください。",
        "en": "Stop that program or set KEIRI_SERVER_PORT to a free port.",
    },
    "cli.server.exited": {
        "ja": "ローカルの Prefect サーバー（プロセス {pid}）が起動中に終了しました。",
        "en": "The local Prefect server (pid {pid}) exited while starting.",
    },
    "cli.hint.server_exited": {
        "ja": "{log} を確認してください。ポートの使用中や壊れた PREFECT_HOME がよくある原因です。",
        "en": "Read {log}; a busy port or a broken PREFECT_HOME are common.",
    },
    "cli.server.timeout_stuck": {
        "ja": "ローカルの Prefect サーバーが {timeout} 秒以内に {health} に応答せず、進展もありませんでした。",
        "en": "The local Prefect server did not answer {health} within {timeout} s and made no "
        "progress.",
    },
    "cli.server.timeout_starting": {
        "ja": "ローカルの Prefect サーバーが {timeout} 秒以内に {health} に応答しませんでした。"
        "まだ起動中です（そのまま動かしておき、次の実行で使います）。",
        "en": "The local Prefect server did not answer {health} within {timeout} s and is still "
        "starting (left running: the next run reuses it).",
    },
    "cli.hint.server_timeout": {
        "ja": "{log} を確認してください。遅いマシンでは --server-timeout"
        "（または KEIRI_SERVER_START_TIMEOUT）を大きくしてください。",
        "en": "Read {log}; on a slow machine raise --server-timeout "
        "(or KEIRI_SERVER_START_TIMEOUT).",
    },
    "cli.server.log_tail": {"ja": "{log} の最後の行:", "en": "Last lines of {log}:"},
    "cli.ui.started": {
        "ja": "keiri フォームアプリ: {url}  （アクセス: {access}、Prefect: {api}）",
        "en": "keiri form app: {url}  (access: {access}, Prefect: {api})",
    },
    # --- generate (`keiri.cli.design`) ---
    "cli.design.optional": {"ja": "（任意）", "en": " (optional)"},
    "cli.design.required": {"ja": "必須", "en": "required"},
    "cli.design.optional_short": {"ja": "任意", "en": "optional"},
    "cli.design.llm_only_templates": {
        "ja": "--templates は --apply-mode llm-only と同時に指定できません",
        "en": "--templates cannot be used with --apply-mode llm-only",
    },
    "cli.design.templates": {"ja": "テンプレート: {ids}", "en": "templates: {ids}"},
    "cli.design.unknown_template": {
        "ja": "テンプレート {template} はありません。{hint}",
        "en": "unknown template {template}; {hint}",
    },
    "cli.design.candidates": {
        "ja": "[dim]候補（{retrieval}）:[/] {blocks}",
        "en": "[dim]candidates ({retrieval}):[/] {blocks}",
    },
    "cli.design.retrieval": {"ja": "[dim]検索: {text}[/]", "en": "[dim]retrieval: {text}[/]"},
    "cli.design.attempt": {
        "ja": "[dim]試行 {number}（{stage}）:[/] {state}",
        "en": "[dim]attempt {number} ({stage}):[/] {state}",
    },
    "cli.design.attempt_ok": {"ja": "[green]成功[/]", "en": "[green]ok[/]"},
    "cli.design.attempt_errors": {
        "ja": "[red]エラー {count} 件[/]",
        "en": "[red]{count} error(s)[/]",
    },
    "cli.design.fallback": {
        "ja": "[yellow]⚠ 代替の計画です（KEIRI_AGENT_LLM_FALLBACK）: 内容を確認してください[/]",
        "en": "[yellow]⚠ fallback plan (KEIRI_AGENT_LLM_FALLBACK): review it[/]",
    },
    "cli.design.generated": {
        "ja": "{mark} 計画 {plan} を生成しました（試行 {attempts} 回、修復 {repairs} 回{open}）{where}",
        "en": "{mark} plan {plan} generated ({attempts} attempt(s), {repairs} repair round(s)"
        "{open}){where}",
    },
    "cli.design.open_placeholders": {
        "ja": "、未設定のプレースホルダ {count} 件",
        "en": ", {count} placeholder(s) to give",
    },
    "cli.design.placeholders": {
        "ja": "[yellow]⚠ 未設定の項目が {count} 件あります"
        "（プレースホルダとして保存。値を与えるまで実行できません）:[/]",
        "en": "[yellow]⚠ {count} item(s) are not set yet"
        " (saved as placeholders; the plan cannot run until they are given):[/]",
    },
    "cli.design.placeholder_cmd": {
        "ja": "keiri run {where} --var {name}=…  （生成時なら --answer {name}=…）",
        "en": "keiri run {where} --var {name}=…  (when generating: --answer {name}=…)",
    },
    "cli.design.asks": {
        "ja": "次の項目を確認してください（--answer ID=値 で指定できます）:",
        "en": "Check these items (give them with --answer ID=VALUE):",
    },
    "cli.design.invalid": {
        "ja": "[red]✗[/] 計画が検証を通りません: エラー {count} 件",
        "en": "[red]✗[/] the plan does not validate: {count} error(s)",
    },
    "cli.design.draft": {
        "ja": "  下書き: {draft}  （直してから: keiri validate {draft}）",
        "en": "  draft: {draft}  (fix it, then: keiri validate {draft})",
    },
    "cli.design.document_failed": {
        "ja": "[yellow]⚠ {name}: {code}: {message}[/]",
        "en": "[yellow]⚠ {name}: {code}: {message}[/]",
    },
    "cli.design.no_instruction": {
        "ja": "--instruction TEXT か --instruction-file PATH を指定してください",
        "en": "give --instruction TEXT or --instruction-file PATH",
    },
    "cli.design.no_document": {
        "ja": "資料が見つかりません: {path}",
        "en": "no such document: {path}",
    },
    "cli.design.bad_answer": {
        "ja": "--answer は ID=値 の形で指定してください（入力: {item}）",
        "en": "--answer needs ID=VALUE, got {item}",
    },
    # --- analyze (`keiri.cli.analyze`) ---
    "cli.analyze.reason": {"ja": "推論 {loop}: {action}", "en": "reasoning {loop}: {action}"},
    "cli.analyze.action": {
        "ja": "[dim]実行 {loop}:[/] {state}（{seconds} 秒）",
        "en": "[dim]execution {loop}:[/] {state} ({seconds} s)",
    },
    "cli.analyze.success": {"ja": "[green]成功[/]", "en": "[green]succeeded[/]"},
    "cli.analyze.failure": {"ja": "[red]失敗[/]", "en": "[red]failed[/]"},
    "cli.analyze.loop_cap": {
        "ja": "[yellow]⚠ 分析ループの上限に達しました（中間結果を作成します）[/]",
        "en": "[yellow]⚠ the analysis reached its loop limit (writing the results so far)[/]",
    },
    "cli.analyze.no_data": {
        "ja": "データファイルが見つかりません: {path}",
        "en": "no such data file: {path}",
    },
    "cli.analyze.empty_question": {
        "ja": "--question が空です",
        "en": "--question must not be empty",
    },
    "cli.analyze.prompt": {"ja": "質問: {question}", "en": "Question: {question}"},
    "cli.analyze.asking": {
        "ja": "[red]✗[/] エージェントが質問しています: {question}",
        "en": "[red]✗[/] the agent asks: {question}",
    },
    "cli.analyze.answer_hint": {
        "ja": "  💡 --answer で回答を渡して、もう一度実行してください",
        "en": "  💡 give the answer with --answer and run again",
    },
    "cli.analyze.written": {
        "ja": "[green]✓[/] レポートを作成しました: {path}",
        "en": "[green]✓[/] report written: {path}",
    },
    # --- ask (`keiri.cli.ask`) ---
    "cli.ask.empty": {"ja": "依頼が空です", "en": "the request is empty"},
    "cli.ask.reading": {"ja": "[dim]依頼を読んでいます…[/]", "en": "[dim]Reading the request…[/]"},
    "cli.ask.after": {"ja": "（{nodes} の後）", "en": " (after {nodes})"},
    "cli.ask.task": {
        "ja": "  • {id}: {block} — {purpose}{after}",
        "en": "  • {id}: {block} — {purpose}{after}",
    },
    "cli.ask.confirm": {
        "ja": "確認が必要です。フォームに回答してください: {url}",
        "en": "A confirmation is needed. Answer the form: {url}",
    },
    "cli.ask.not_done": {
        "ja": "ご依頼の処理は完了しませんでした: {message}",
        "en": "The request was not completed: {message}",
    },
    "cli.ask.paused": {
        "ja": "⏸  {node} の入力を待っています: {url}",
        "en": "⏸  {node} waits for input: {url}",
    },
    # --- scripts/demo.sh ---
    "cli.demo.run": {
        "ja": "実行 {run}: {state}  （Prefect UI: {url}）",
        "en": "run {run}: {state}  (Prefect UI: {url})",
    },
    "cli.demo.invoices": {
        "ja": "請求書: {invoices} 件、合格: {passed} 件、指摘: エラー {errors} 件 / 警告 {warnings} 件",
        "en": "invoices: {invoices}, passed: {passed}, findings: {errors} errors / "
        "{warnings} warnings",
    },
    "cli.demo.reconciliation": {
        "ja": "照合: 一致 {matched} 件、入金のない請求書 {unmatched_invoices} 件、"
        "請求書のない入金 {unmatched_payments} 件",
        "en": "reconciliation: matched {matched}, unmatched invoices {unmatched_invoices}, "
        "payments without an invoice {unmatched_payments}",
    },
    "cli.demo.report": {
        "ja": "レポート: {report}   ログ: {log}",
        "en": "report: {report}   log: {log}",
    },
    # --- deployment files (`flows.deploy.spec`): schedules and prefilled inputs ---
    "cli.deploy_issue.bad_cron": {
        "ja": "cron {cron} は正しくありません",
        "en": "invalid cron string {cron}",
    },
    "cli.deploy_issue.bad_timezone": {
        "ja": "タイムゾーン {timezone} が見つかりません",
        "en": "unknown time zone {timezone}",
    },
    "cli.deploy_issue.input_problem": {
        "ja": "{node}.{field}: {message}",
        "en": "{node}.{field}: {message}",
    },
    # --- keiri journals / keiri counterparties (standalone groups: keiri/cli/journals.py,
    # keiri/cli/counterparties.py) ---
    "cli.help.journals": {
        "ja": "実行の仕訳: 弥生・MF・freee・CSV・Excel の形式で書き出します。",
        "en": "Journal entries of a run: export them to 弥生, MF, freee, CSV or Excel.",
    },
    "cli.help.journals.export": {
        "ja": "RUN_ID の実行の仕訳を、会計ソフトの取り込み形式で書き出します（出力前にチェック）。",
        "en": "Write the journal entries of RUN_ID in a product's import format (checked first).",
    },
    "cli.help.journals.export.fmt": {
        "ja": "形式（yayoi: 弥生、mf: マネーフォワード、freee: 振替伝票、freee-deals: freee 取引、csv、xlsx）。",
        "en": "The format (yayoi, mf, freee, freee-deals, csv, xlsx).",
    },
    "cli.help.journals.export.out": {
        "ja": "書き出すファイル（既定: 仕訳_<形式>_<実行ID先頭8桁>）。",
        "en": "The file to write (default: 仕訳_<format>_<run id prefix>).",
    },
    "cli.help.journals.export.period": {
        "ja": "会計期間（2026-09 または 2026-09-21..2026-10-20。既定: 仕訳の期間）。",
        "en": "The accounting period (2026-09 or 2026-09-21..2026-10-20; default: the entries').",
    },
    "cli.help.counterparties": {
        "ja": "取引先マスタ: 一覧、CSV の取り込みと書き出し。",
        "en": "The counterparty master: list, import and export as CSV.",
    },
    "cli.help.counterparties.ls": {
        "ja": "取引先の一覧を表示します。",
        "en": "List the counterparties.",
    },
    "cli.help.counterparties.import": {
        "ja": "CSV_FILE から取引先を取り込みます（見出し行つき、UTF-8 か Shift_JIS）。",
        "en": "Import counterparties from CSV_FILE (a header row; UTF-8 or Shift_JIS).",
    },
    "cli.help.counterparties.export": {
        "ja": "取引先を CSV に書き出します。",
        "en": "Export the counterparties as CSV.",
    },
    "cli.help.counterparties.export.out": {
        "ja": "書き出すファイル（既定: 取引先.csv）。",
        "en": "The file to write (default: 取引先.csv).",
    },
    "cli.help.counterparties.export.encoding": {
        "ja": "文字コード（utf-8: BOM つき、Excel 向け / cp932: Shift_JIS）。",
        "en": "UTF-8 (with a BOM, for Excel) or cp932 (Shift_JIS).",
    },
}

# The `--help` of `keiri registry` and `keiri evidence` (issue 28) lives beside their messages.
ENTRIES.update(_EVIDENCE_HELP)
