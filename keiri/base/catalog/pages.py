"""Messages of the plan designer (`design.*`: `ui_app/views/design.py`, `design_chat.py` and
what `designer` asks and writes), requests (`ask.*`: `ui_app/views/ask.py`, `designer.ask`,
shared with `keiri ask`) and the analysis page (`analysis.*`: `ui_app/views/analysis.py`). Their
page titles are `nav.*` (`app`).

Over 400 lines: it is data, one entry per message."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- design.* (the design page) ---
    "design.title": {"ja": "プラン設計", "en": "Plan design"},
    "design.instruction_section": {"ja": "指示とドキュメント", "en": "Instruction and documents"},
    "design.instruction": {"ja": "指示", "en": "Instruction"},
    "design.instruction_placeholder": {
        "ja": "例: 請求書と入金明細を照合し、未入金の一覧をExcelに出力する",
        "en": "e.g. Match the invoices with the payments and write the unpaid ones to Excel",
    },
    "design.instruction_missing": {"ja": "指示を入力してください", "en": "Enter an instruction"},
    "design.documents": {
        "ja": "参考ドキュメント（.txt .md .csv .pdf .docx .xlsx）",
        "en": "Reference documents (.txt .md .csv .pdf .docx .xlsx)",
    },
    "design.templates": {"ja": "テンプレート", "en": "Templates"},
    "design.templates_failed": {
        "ja": "テンプレートの読み込みに失敗しました",
        "en": "The templates could not be loaded",
    },
    "design.filter_tags": {"ja": "タグで絞り込み", "en": "Filter by tag"},
    "design.search": {"ja": "検索", "en": "Search"},
    "design.use_templates": {"ja": "使うテンプレート", "en": "Templates to use"},
    "design.template_option": {"ja": "{title}（{id}）", "en": "{title} ({id})"},
    "design.template_ports": {
        "ja": "{title} — 入力 {inputs} / 出力 {outputs}",
        "en": "{title} — inputs {inputs} / outputs {outputs}",
    },
    "design.none": {"ja": "なし", "en": "none"},
    "design.template_mode": {"ja": "テンプレートの使い方", "en": "How to use the templates"},
    "design.mode.hint": {"ja": "ヒント（例として提示）", "en": "Hint (shown as an example)"},
    "design.mode.compose": {"ja": "合成（固定ノード）", "en": "Compose (fixed nodes)"},
    "design.mode.llm_only": {"ja": "使わない", "en": "Do not use"},
    "design.candidates": {"ja": "候補ブロック（Top-K）", "en": "Candidate blocks (top K)"},
    "design.candidates_empty": {
        "ja": "指示を入力すると候補ブロックが表示されます",
        "en": "Enter an instruction to see candidate blocks",
    },
    "design.retrieval_used": {"ja": "検索方式: {mode}", "en": "Retrieval: {mode}"},
    "design.col.category": {"ja": "カテゴリ", "en": "Category"},
    "design.col.score": {"ja": "スコア", "en": "Score"},
    "design.col.inputs": {"ja": "入力", "en": "Inputs"},
    "design.col.outputs": {"ja": "出力", "en": "Outputs"},
    "design.col.description": {"ja": "説明", "en": "Description"},
    "design.pinned": {
        "ja": "固定する候補（必ず LLM に提示）",
        "en": "Pinned candidates (always shown to the LLM)",
    },
    "design.options": {"ja": "詳細設定", "en": "Advanced settings"},
    "design.per_category": {"ja": "カテゴリごとの候補数 K", "en": "Candidates per category (K)"},
    "design.total": {"ja": "候補の合計上限", "en": "Most candidates in all"},
    "design.attempts": {
        "ja": "最大試行回数（自己修復を含む）",
        "en": "Most attempts (self-repair included)",
    },
    "design.retrieval": {"ja": "検索方式", "en": "Retrieval"},
    "design.generate": {"ja": "自動生成", "en": "Generate"},
    "design.regenerate": {"ja": "回答を使って再生成", "en": "Generate again with the answers"},
    "design.generating": {"ja": "プランを生成しています…", "en": "Generating the plan…"},
    "design.result": {"ja": "生成結果", "en": "Result"},
    "design.fallback": {
        "ja": "フォールバックの暫定プランです（KEIRI_AGENT_LLM_FALLBACK）。内容を確認してください。",
        "en": "This is a provisional fallback plan (KEIRI_AGENT_LLM_FALLBACK). Check it.",
    },
    "design.passed": {
        "ja": "プラン {plan} は検証とドライランに合格しました",
        "en": "Plan {plan} passed validation and the dry run",
    },
    "design.errors": {
        "ja": "検証エラーが {count} 件あります。不足項目に答えるか YAML を修正してください。",
        "en": "{count} validation error(s). Answer the open items or correct the YAML.",
    },
    "design.metric.attempts": {"ja": "試行回数", "en": "Attempts"},
    "design.metric.repairs": {"ja": "自己修復", "en": "Self-repairs"},
    "design.metric.dry_run": {"ja": "ドライラン (ms)", "en": "Dry run (ms)"},
    "design.metric.total": {"ja": "所要時間 (s)", "en": "Time taken (s)"},
    "design.reasoning": {"ja": "設計メモ: {text}", "en": "Design notes: {text}"},
    "design.shown": {
        "ja": "LLM に提示した候補（検索方式: {mode}）: {blocks}",
        "en": "Candidates shown to the LLM (retrieval: {mode}): {blocks}",
    },
    "design.placeholders": {
        "ja": "未設定の設定値が {count} 件あります（プレースホルダ）。"
        "設計チャットで回答するまで、このプランは実行できません。",
        "en": "{count} setting(s) are not set yet (placeholders). "
        "The plan cannot run until they are answered in the design chat.",
    },
    "design.conflict": {
        "ja": "合成の競合: {message} → {resolution}",
        "en": "Composition conflict: {message} → {resolution}",
    },
    "design.attempts_diffs": {"ja": "試行と差分", "en": "Attempts and differences"},
    "design.attempt": {
        "ja": "**試行 {number}（{stage}）**: エラー {count} 件",
        "en": "**Attempt {number} ({stage})**: {count} error(s)",
    },
    "design.yaml": {"ja": "YAML（編集できます）", "en": "YAML (editable)"},
    "design.validate": {"ja": "検証/ドライラン", "en": "Validate / dry run"},
    "design.register": {"ja": "登録", "en": "Register"},
    "design.registered": {"ja": "登録しました: {path}", "en": "Registered: {path}"},
    "design.not_registered": {
        "ja": "検証エラーがあるため登録できません",
        "en": "Cannot register: the plan has validation errors",
    },
    "design.check_passed": {
        "ja": "検証とドライランに合格しました（ドライラン {ms} ms）",
        "en": "Passed validation and the dry run (dry run {ms} ms)",
    },
    "design.recent_metrics": {
        "ja": "生成メトリクス（直近）",
        "en": "Generation metrics (recent)",
    },
    # --- design.* (open items and the design chat) ---
    "design.missing": {"ja": "不足項目", "en": "Open items"},
    "design.missing_none": {"ja": "不足項目はありません", "en": "No open items"},
    "design.placeholder_item": {
        "ja": "`{target}`（{label}, {type}）",
        "en": "`{target}` ({label}, {type})",
    },
    "design.missing_placeholders": {
        "ja": "未設定の設定値（プレースホルダ）: {items}",
        "en": "Settings not set (placeholders): {items}",
    },
    "design.missing_vars": {
        "ja": "未解決の `${{vars.*}}`: {items}",
        "en": "Unresolved `${{vars.*}}`: {items}",
    },
    "design.missing_inputs": {"ja": "未設定の入力: {items}", "en": "Inputs not set: {items}"},
    "design.human_nodes": {
        "ja": "人が操作するノード: {items}",
        "en": "Nodes a person works on: {items}",
    },
    "design.inconsistent": {"ja": "不整合: {items}", "en": "Inconsistencies: {items}"},
    "design.optional": {"ja": "{label}（任意）", "en": "{label} (optional)"},
    "design.chat": {"ja": "設計チャット", "en": "Design chat"},
    "design.chat_none": {"ja": "確認事項はありません", "en": "Nothing to ask"},
    "design.answered": {
        "ja": "{done} / {total} 件回答済み",
        "en": "{done} of {total} answered",
    },
    "design.skipped": {"ja": "（スキップ）", "en": "(skipped)"},
    "design.send": {"ja": "回答", "en": "Answer"},
    "design.skip": {"ja": "スキップ", "en": "Skip"},
    "design.answer_missing": {"ja": "回答を入力してください", "en": "Enter an answer"},
    "design.vars_preview": {"ja": "vars のプレビュー", "en": "Preview of vars"},
    "design.apply": {"ja": "回答を反映して検証", "en": "Apply the answers and validate"},
    # --- design.* (what the designer asks and writes) ---
    "design.ask.skeleton": {
        "ja": "プランの設計に必要な情報を教えてください",
        "en": "Tell me what the plan's design needs",
    },
    "design.ask.final": {
        "ja": "プランを完成させるために次の項目を教えてください",
        "en": "Tell me these items to complete the plan",
    },
    "design.fallback_plan.description": {
        "ja": "fallback: 自動生成できなかったための暫定プラン（{reason}）",
        "en": "fallback: a provisional plan, as the generation failed ({reason})",
    },
    "design.fallback_plan.message": {
        "ja": "自動生成できませんでした。指示: {instruction}",
        "en": "The plan could not be generated. Instruction: {instruction}",
    },
    "design.fallback_plan.procedure": {"ja": "業務手順の説明", "en": "The procedure, described"},
    "design.placeholder.unreadable": {
        "ja": "{type} として読めません: {value}",
        "en": "cannot be read as {type}: {value}",
    },
    "design.placeholder.mismatch": {
        "ja": "{type} に合いません: {problem}",
        "en": "does not fit {type}: {problem}",
    },
    "design.json_hint": {"ja": "JSON で入力（例: {example}）", "en": "Enter JSON (e.g. {example})"},
    "design.json_object_hint": {"ja": "JSON のオブジェクトで入力", "en": "Enter a JSON object"},
    "design.example": {"ja": "例: {example}", "en": "e.g. {example}"},
    "design.value_of": {"ja": "{name} の値は？", "en": "What is the value of {name}?"},
    "design.var_label": {"ja": "設定値 {name}", "en": "Setting {name}"},
    "design.var_description": {
        "ja": "プランの vars.{name} に入る値",
        "en": "The value of the plan's vars.{name}",
    },
    "design.input_label": {
        "ja": "{node}（{block}）の {port}",
        "en": "{port} of {node} ({block})",
    },
    "design.feedback_label": {"ja": "設計への追加指示", "en": "More instructions for the design"},
    "design.feedback_description": {
        "ja": "検証エラーを解消するための補足（使う帳票、手順、判断基準など）",
        "en": "What would resolve the validation errors (the forms used, the steps, the criteria)",
    },
    "design.diff.none": {"ja": "(変更なし)", "en": "(no change)"},
    "design.diff.added": {"ja": "+ 追加: {node}", "en": "+ added: {node}"},
    "design.diff.removed": {"ja": "- 削除: {node}", "en": "- removed: {node}"},
    "design.diff.changed": {"ja": "~ 変更: {node} ({keys})", "en": "~ changed: {node} ({keys})"},
    "design.retrieval.bm25": {"ja": "BM25（語彙）", "en": "BM25 (words)"},
    "design.retrieval.embedding": {
        "ja": "埋め込み（コサイン類似度）",
        "en": "Embeddings (cosine similarity)",
    },
    "design.retrieval.hybrid": {
        "ja": "ハイブリッド（埋め込み + BM25）",
        "en": "Hybrid (embeddings + BM25)",
    },
    "design.retrieval.chosen": {"ja": "指定", "en": "as chosen"},
    "design.retrieval.embedding_failed": {
        "ja": "埋め込みを取得できなかったため BM25 のみ（{reason}: {message}）",
        "en": "BM25 only: the embeddings could not be fetched ({reason}: {message})",
    },
    "design.retrieval.no_settings": {
        "ja": "LLM の設定を読めません（{message}）",
        "en": "The LLM settings cannot be read ({message})",
    },
    "design.retrieval.no_key": {
        "ja": "{provider} の API キーがありません",
        "en": "No API key for {provider}",
    },
    "design.retrieval.no_model": {
        "ja": "埋め込みモデルが設定されていません（AZURE_OPENAI_EMBEDDING_DEPLOYMENT）",
        "en": "No embedding model is set (AZURE_OPENAI_EMBEDDING_DEPLOYMENT)",
    },
    "design.retrieval.model": {
        "ja": "埋め込みモデル {model}（{provider}）",
        "en": "Embedding model {model} ({provider})",
    },
    # --- ask.* ---
    "llm_page.not_configured": {
        "ja": "この機能は管理者の設定が必要です。設定が済むまで、このページでは入力できません。"
        "管理者にご連絡ください。",
        "en": "This feature needs to be set up by an administrator. Until then, nothing can be "
        "entered on this page. Please contact your administrator.",
    },
    "llm_page.admin": {"ja": "管理者の方へ（設定の詳細）", "en": "For the administrator (details)"},
    "llm_page.admin_missing": {
        "ja": "LLM の接続設定がありません。未設定の項目: {variables}",
        "en": "The LLM connection is not configured. Not set: {variables}",
    },
    "llm_page.admin_restart": {
        "ja": "`.env` か環境変数に設定したあと、フォームアプリ（`keiri ui`）を起動し直してください。",
        "en": "After setting them in `.env` or the environment, restart the form app (`keiri ui`).",
    },
    "llm_page.sep": {"ja": "、", "en": ", "},
    "ask.refused_label": {
        "ja": "このご依頼はお受けできませんでした",
        "en": "This request could not be taken on",
    },
    "ask.caption": {
        "ja": "やりたいことを日本語で書いてください。keiri がブロックの組み合わせ（タスク）に分け、"
        "検証したプランで実行して結果をお答えします。確認が必要なときはフォームでお聞きします。",
        "en": "Write what you want done. keiri splits it into blocks (tasks), runs a validated "
        "plan and answers with the results. When a decision is needed, a form asks you.",
    },
    "ask.request": {"ja": "ご依頼", "en": "Your request"},
    "ask.placeholder": {
        "ja": "例: 今月の支払データを検証してから、取引先別に合計して",
        "en": "e.g. Check this month's payment data, then total it by counterparty",
    },
    "ask.send": {"ja": "依頼する", "en": "Send the request"},
    "ask.empty": {"ja": "依頼の内容を入力してください", "en": "Write your request"},
    "ask.reading": {"ja": "依頼を読んでいます…", "en": "Reading the request…"},
    "ask.starting": {
        "ja": "プランを検証しました。実行を開始します…",
        "en": "The plan is valid. Starting the run…",
    },
    "ask.failed": {"ja": "依頼を処理できませんでした", "en": "The request could not be handled"},
    "ask.accepted": {"ja": "依頼を受け付けました", "en": "Request accepted"},
    "ask.tasks": {"ja": "タスク", "en": "Tasks"},
    "ask.col.task": {"ja": "タスク", "en": "Task"},
    "ask.col.block": {"ja": "ブロック", "en": "Block"},
    "ask.col.purpose": {"ja": "目的", "en": "Purpose"},
    "ask.col.depends_on": {"ja": "前提", "en": "Depends on"},
    "ask.list_sep": {"ja": "、", "en": ", "},
    "ask.loop": {"ja": "（{done}/{total} 件）", "en": " ({done}/{total})"},
    "ask.loop_failed": {
        "ja": "（{done}/{total} 件、失敗 {failed} 件）",
        "en": " ({done}/{total}, {failed} failed)",
    },
    "ask.run": {"ja": "実行 {run_id}・{state}", "en": "Run {run_id} · {state}"},
    "ask.waiting": {
        "ja": "確認が必要です。フォームに回答すると処理が続きます。",
        "en": "A decision is needed. Answer the form and the work goes on.",
    },
    "ask.composing": {"ja": "回答を作成しています…", "en": "Writing the answer…"},
    "ask.not_done": {
        "ja": "ご依頼の処理は完了しませんでした: {message}",
        "en": "Your request was not completed: {message}",
    },
    "ask.to_runs": {"ja": "実行履歴で詳しく見る", "en": "See the details in recent runs"},
    "ask.invalid_plan": {
        "ja": "プランを検証できませんでした: {problems}",
        "en": "The plan did not pass validation: {problems}",
    },
    "ask.done_steps": {"ja": "実行した処理", "en": "What was done"},
    "ask.answer": {"ja": "回答", "en": "Answer"},
    "ask.source.llm": {
        "ja": "モデルが作成（数値は結果と照合済み）",
        "en": "Written by the model (figures checked against the results)",
    },
    "ask.source.template": {"ja": "結果から作成", "en": "Written from the results"},
    "ask.problem.duplicate": {
        "ja": "タスク id「{task}」が重複しています",
        "en": "The task id “{task}” is used twice",
    },
    "ask.problem.unknown_block": {
        "ja": "タスク「{task}」のブロック「{block}」はカタログにありません",
        "en": "The block “{block}” of task “{task}” is not in the catalog",
    },
    "ask.problem.unknown_block_close": {
        "ja": "タスク「{task}」のブロック「{block}」はカタログにありません（もしかして {close}）",
        "en": "The block “{block}” of task “{task}” is not in the catalog (did you mean {close}?)",
    },
    "ask.problem.unknown_dependency": {
        "ja": "タスク「{task}」の依存先「{dependency}」がありません",
        "en": "Task “{task}” depends on “{dependency}”, which does not exist",
    },
    "ask.problem.cycle": {
        "ja": "タスクの依存関係が循環しています: {tasks}",
        "en": "The tasks depend on each other in a circle: {tasks}",
    },
    "ask.problem.no_tasks": {"ja": "実行するタスクがありません", "en": "There is no task to run"},
    "ask.problem_sep": {"ja": "。", "en": ". "},
    "ask.refused": {
        "ja": "このご依頼は、今のブロックカタログでは実行できません。{reason}",
        "en": "This request cannot be done with the current block catalog. {reason}",
    },
    "ask.not_validated": {
        "ja": "ご依頼のプランを検証できなかったため、実行していません。",
        "en": "The plan for your request did not pass validation, so nothing was run.",
    },
    "ask.template.completed": {
        "ja": "ご依頼「{request}」の処理が完了しました。",
        "en": "Your request “{request}” is done.",
    },
    "ask.template.ended": {
        "ja": "ご依頼「{request}」の処理が{state}。",
        "en": "Your request “{request}” ended: {state}.",
    },
    "ask.template.items": {"ja": "{name}: {count} 件", "en": "{name}: {count} items"},
    "ask.template.note": {
        "ja": "（この回答は結果から機械的に作成しました）",
        "en": "(This answer was written from the results, without a model.)",
    },
    # --- ask.prompt.* (to the model; its answers are read by people, in their language) ---
    "ask.prompt.analyze": {
        "ja": "あなたは経理業務の自動化プラットフォーム keiri の計画担当です。利用者の依頼を読み、"
        "下のブロックカタログだけで実行できるかを判断してください。実行できる場合は、依頼を"
        "タスク（1 タスク = 1 ブロック）に分け、各タスクの id、使う block、目的（日本語）、"
        "先に終わっている必要があるタスクの id（depends_on）を答えてください。"
        "カタログにない機能（メール送信、外部サービスへの登録、会計ソフトへの仕訳入力など）が"
        "必要な場合は servable=false とし、reason に何ができないかを日本語で書いてください。"
        "ブロックを創作してはいけません。",
        "en": "You plan work for keiri, a platform that automates accounting work. Read the "
        "user's request and decide whether the block catalog below alone can do it. If it can, "
        "split the request into tasks (1 task = 1 block) and give each task's id, the block it "
        "uses, its purpose (in English) and the ids of the tasks that must finish first "
        "(depends_on). If it needs something the catalog lacks (sending mail, registering with "
        "an outside service, entering journals into accounting software, ...), answer "
        "servable=false and write in reason, in English, what cannot be done. Never invent "
        "blocks.",
    },
    "ask.prompt.request": {
        "ja": "## 依頼\n{request}\n\n## ブロックカタログ\n{catalog}",
        "en": "## Request\n{request}\n\n## Block catalog\n{catalog}",
    },
    "ask.prompt.answer": {
        "ja": "あなたは経理担当者への報告を書くアシスタントです。依頼と、その依頼のために実行した"
        "処理の結果（JSON）を読み、日本語で簡潔に答えてください。何をしたか、結果の要点、"
        "注意が必要な点、次にすべきことの順に書きます。数値は結果の JSON にあるものだけを"
        "そのまま引用し、計算したり推測したりしないでください。",
        "en": "You write reports for accounting staff. Read the request and the results (JSON) "
        "of the work run for it, and answer briefly in English: what was done, the gist of the "
        "results, what needs attention, what to do next, in that order. Quote only numbers "
        "that are in the results' JSON, as they are; never calculate or guess a number.",
    },
    "ask.prompt.results": {
        "ja": "## 依頼\n{request}\n\n## 実行結果（状態: {state}）\n{data}",
        "en": "## Request\n{request}\n\n## Results (state: {state})\n{data}",
    },
    # --- analysis.* ---
    "analysis.caption": {
        "ja": "表データをアップロードして、分析したい内容を話しかけてください。"
        "エージェントがコードを書いて安全な環境で実行し、日本語のレポートにまとめます。",
        "en": "Upload a table and say what you want analysed. The agent writes code, runs it "
        "in a safe sandbox and sums it up in a report.",
    },
    "analysis.upload": {
        "ja": "分析するデータ（CSV または Excel）",
        "en": "Data to analyse (CSV or Excel)",
    },
    "analysis.shape": {
        "ja": "{name}: {rows} 行 × {columns} 列",
        "en": "{name}: {rows} rows × {columns} columns",
    },
    "analysis.preview": {"ja": "データのプレビュー", "en": "Preview of the data"},
    "analysis.placeholder": {
        "ja": "分析したい内容（例: 月別の売上推移を分析して）",
        "en": "What to analyse (e.g. the monthly sales trend)",
    },
    "analysis.reset": {"ja": "新しい分析を始める", "en": "Start a new analysis"},
    "analysis.working": {"ja": "分析中…", "en": "Analysing…"},
    "analysis.failed": {"ja": "分析に失敗しました", "en": "The analysis failed"},
    "analysis.question": {"ja": "確認したいことがあります", "en": "A question first"},
    "analysis.done": {"ja": "分析が完了しました", "en": "The analysis is done"},
    "analysis.reason": {"ja": "推論 {loop}: {next}", "en": "Reasoning {loop}: {next}"},
    "analysis.next.ask": {"ja": "質問します", "en": "asking a question"},
    "analysis.next.act": {"ja": "分析を実行します", "en": "running an analysis"},
    "analysis.next.finalize": {"ja": "レポートを作成します", "en": "writing the report"},
    "analysis.action_ok": {
        "ja": "実行 {loop}: 成功（{seconds} 秒）",
        "en": "Run {loop}: succeeded ({seconds} s)",
    },
    "analysis.action_failed": {
        "ja": "実行 {loop}: 失敗（{error}）（{seconds} 秒）",
        "en": "Run {loop}: failed ({error}) ({seconds} s)",
    },
    "analysis.loop_cap": {
        "ja": "分析ループの上限に達しました（中間結果を作成します）",
        "en": "The analysis reached its loop limit (writing the results so far)",
    },
    "analysis.report_done": {
        "ja": "レポート「{title}」を作成しました",
        "en": "Wrote the report “{title}”",
    },
    "analysis.suggestions": {"ja": "追加の分析案", "en": "Further analyses"},
    "analysis.download": {
        "ja": "レポート（Markdown）をダウンロード",
        "en": "Download the report (Markdown)",
    },
}
