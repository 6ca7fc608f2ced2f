"""Messages of the summary surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

The run summary for people (`flows.backend.people_summary`), its place on the runs page and in
notifications, and the live progress of a running run on the runs page."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # headline, by how the run ended
    "summary.headline.completed": {
        "ja": "{plan} の実行が完了しました。",
        "en": "The run of {plan} completed.",
    },
    "summary.headline.failed": {
        "ja": "{plan} の実行は失敗しました。",
        "en": "The run of {plan} failed.",
    },
    "summary.headline.rejected": {
        "ja": "{plan}は差し戻されました（{by}さん、理由: {reason}）。",
        "en": "{plan} was sent back ({by}, reason: {reason}).",
    },
    "summary.rejected.no_reason": {"ja": "記載なし", "en": "none given"},
    "summary.rejected.someone": {"ja": "確認者", "en": "the reviewer"},
    "summary.done.not_done": {
        "ja": "差し戻しのため、次の手順は行いませんでした: {steps}",
        "en": "Because it was sent back, these steps were not done: {steps}",
    },
    "summary.done.steps": {
        "ja": "{nodes} 件の手順のうち {completed} 件が完了しました。",
        "en": "{completed} of {nodes} steps completed.",
    },
    # the points needing attention in a run's outputs (`flows.backend.attention_points`)
    "summary.point.unmatched_payments": {
        "ja": "請求書と照合できなかった入出金が {count} 件あります: {names}",
        "en": "{count} statement lines match no invoice: {names}",
    },
    "summary.point.unmatched_invoices": {
        "ja": "支払と照合できなかった請求書が {count} 件あります: {names}",
        "en": "{count} invoices match no payment: {names}",
    },
    "summary.point.to_check": {
        "ja": "要確認の請求書が {count} 件あります: {names}",
        "en": "{count} invoices need checking: {names}",
    },
    "summary.point.skipped_files": {
        "ja": "読み取りの対象外にしたファイルが {count} 件あります: {names}",
        "en": "{count} files were left out of the reading: {names}",
    },
    "summary.point.more": {"ja": " ほか {count} 件", "en": " and {count} more"},
    "summary.next.points": {
        "ja": "注意が必要な点に挙げた明細・請求書・ファイルを確認してください。",
        "en": "Check the lines, invoices and files listed under what needs attention.",
    },
    "summary.headline.cancelled": {
        "ja": "{plan} の実行は取消で終了しました。",
        "en": "The run of {plan} was cancelled.",
    },
    # sections
    "summary.section.done": {"ja": "実施したこと", "en": "What was done"},
    "summary.section.attention": {"ja": "注意が必要な点", "en": "What needs attention"},
    "summary.section.next": {"ja": "次にすること", "en": "What to do next"},
    # what was done
    "summary.done.nodes": {
        "ja": "{nodes} 件の処理のうち {completed} 件が完了しました（スキップ {skipped} 件）。",
        "en": "{completed} of {nodes} steps completed ({skipped} skipped).",
    },
    "summary.done.loop": {
        "ja": "{node}: {total} 件中 {done} 件を処理しました。",
        "en": "{node}: {done} of {total} items processed.",
    },
    "summary.done.figure": {"ja": "{label}: {value}", "en": "{label}: {value}"},
    "summary.done.answered": {
        "ja": "入力・確認 {count} 件に回答をいただきました。",
        "en": "{count} forms or choices were answered.",
    },
    # what needs attention
    "summary.attention.none": {
        "ja": "特に注意が必要な点はありません。",
        "en": "Nothing needs attention.",
    },
    "summary.attention.error": {
        "ja": "{node} でエラーになりました（{code}）: {message}",
        "en": "{node} failed ({code}): {message}",
    },
    "summary.attention.rejected": {
        "ja": "「{step}」で {by}さんが差し戻しました。理由: {reason}",
        "en": "{by} sent it back at “{step}”. Reason: {reason}",
    },
    "summary.attention.cancelled": {
        "ja": "確認の画面で取消されたため、途中で終了しました。",
        "en": "Cancelled at a choice form: the run stopped part way.",
    },
    "summary.attention.loop_failed": {
        "ja": "{node}: {failed} 件が失敗しました。",
        "en": "{node}: {failed} items failed.",
    },
    "summary.attention.findings": {
        "ja": "指摘事項が {count} 件あります。",
        "en": "There are {count} findings.",
    },
    "summary.attention.to_check": {
        "ja": "要確認の項目が {count} 件あります。",
        "en": "{count} items need checking (要確認).",
    },
    # what to do next
    "summary.next.hint": {"ja": "対処: {hint}", "en": "To fix: {hint}"},
    "summary.next.retry": {
        "ja": "原因を取り除いてから、実行履歴の 再実行 か `keiri retry {run_id}` で再実行してください。",
        "en": "Remove the cause, then retry from the runs page or with `keiri retry {run_id}`.",
    },
    "summary.next.reask": {
        "ja": "差し戻しの理由を確認し、修正してから再実行してください。",
        "en": "Read why it was rejected, fix it and run again.",
    },
    "summary.next.cancelled": {
        "ja": "必要であれば、改めて実行してください。",
        "en": "Run it again if it is still needed.",
    },
    "summary.next.review": {
        "ja": "指摘事項と要確認の項目を確認してください。",
        "en": "Review the findings and the items to check.",
    },
    "summary.next.done": {
        "ja": "出力を確認して、次の業務に進んでください。",
        "en": "Check the outputs and go on with the next task.",
    },
    # who wrote it
    "summary.source.template": {
        "ja": "このまとめは実行結果から定型で作成しました。",
        "en": "This summary was written from the run's results by a template.",
    },
    "summary.source.llm": {
        "ja": "このまとめはモデルが作成しました（引用した数値は結果と照合済みです）。",
        "en": "This summary was written by the model (its numbers were checked against the results).",
    },
    "summary.note.rejected": {
        "ja": "モデルが書いたまとめに結果にない数値（{numbers}）があったため採用せず、定型のまとめに置き換えました。",
        "en": "The model's summary quoted numbers not in the results ({numbers}): it was replaced by the template.",
    },
    # the prompt to the model (its summary is read by people, in their language)
    "summary.prompt.system": {
        "ja": "あなたは経理担当者に業務の実行結果を報告するアシスタントです。プランの説明、主要な数値、"
        "実行の事実（状態・件数・指摘・エラー）と出力（JSON）を読み、日本語で簡潔にまとめてください。"
        "headline に一文の結論、done に実施したこと、attention に注意が必要な点（なければ空）、"
        "next に次にすべきことを、それぞれ短い文の箇条書きで書きます。実行の事実の attention_points "
        "（照合できなかった入出金・請求書、要確認、対象外のファイル）はすべて attention に件数と名前を挙げて"
        "書きます。数値は与えられたデータに"
        "あるものだけをそのまま引用し、計算・合計・推測した数値を書いてはいけません。",
        "en": "You report the results of accounting work to the staff. Read the plan's "
        "description, the key figures, the facts of the run (state, counts, findings, errors) and "
        "its outputs (JSON), and sum them up briefly in English: a one-sentence conclusion in "
        "headline, what was done in done, what needs attention in attention (empty if nothing), "
        "what to do next in next, each as a list of short sentences. Every item of the facts' "
        "attention_points (unmatched lines and invoices, items to check, files left out) goes "
        "into attention with its count and names. Quote only numbers that are "
        "in the data given, as they are; never write a number you calculated, added up or guessed.",
    },
    "summary.prompt.user": {
        "ja": "## プラン\n{plan}: {description}\n\n## 主要な数値\n{figures}\n\n"
        "## 実行の事実\n{facts}\n\n## 出力\n{outputs}",
        "en": "## Plan\n{plan}: {description}\n\n## Key figures\n{figures}\n\n"
        "## Facts of the run\n{facts}\n\n## Outputs\n{outputs}",
    },
    "summary.note.llm_failed": {
        "ja": "モデルにまとめを依頼できなかったため（{code}: {message}）、定型のまとめにしました。",
        "en": "The model could not write the summary ({code}: {message}): the template was used.",
    },
    "summary.note.no_llm": {
        "ja": "モデルが設定されていないため、定型のまとめにしました。",
        "en": "No model is configured: the template was used.",
    },
    "summary.artifact": {
        "ja": "実行のまとめ（{source}）",
        "en": "Run summary ({source})",
    },
    # on the runs page
    "summary.runs.title": {"ja": "まとめ", "en": "Summary"},
    "summary.runs.progress": {"ja": "進捗", "en": "Progress"},
    "summary.runs.loop": {
        "ja": "{done}/{total} 件",
        "en": "{done}/{total} items",
    },
    "summary.runs.loop_failed": {"ja": "失敗 {failed} 件", "en": "{failed} failed"},
    "summary.runs.status.pending": {"ja": "待機", "en": "Waiting"},
    "summary.runs.status.running": {"ja": "実行中", "en": "Running"},
    "summary.runs.status.completed": {"ja": "完了", "en": "Completed"},
    "summary.runs.status.skipped": {"ja": "スキップ", "en": "Skipped"},
    "summary.runs.status.failed": {"ja": "失敗", "en": "Failed"},
    "summary.runs.status.paused": {"ja": "入力待ち", "en": "Waiting for input"},
    "summary.runs.ended": {
        "ja": "実行が終わりました: {state}",
        "en": "The run ended: {state}",
    },
    # in notifications
    "summary.notify.text": {
        "ja": "📝 実行のまとめ: {plan} — {headline}",
        "en": "📝 Run summary: {plan} — {headline}",
    },
    "summary.next.reenter": {
        "ja": "「{title}」の入力が原因の可能性があります。実行履歴の「入力し直して再実行」で入力し直すか、"
        "`keiri retry {run_id} --reenter {node}` を実行してください（ほかの回答と終わった処理はそのまま使われます）。",
        "en": "The failure may come from the input of “{title}”: re-enter it with “Re-enter the "
        "input and retry” on the runs page or `keiri retry {run_id} --reenter {node}` (the other "
        "answers and finished work are kept).",
    },
}
