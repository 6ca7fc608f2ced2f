"""Messages of the analysis agent (`ai.analyze`, `keiri analyze`, seed 002; see
`keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

`analyze.*`: the questions it asks a person (the form of a paused run), the notes it adds to
the conversation, the texts of its report (the intermediate notice, a section that cannot be
shown), the problems of the data it reads and of the files an action promised. Its prompts to
the model are not messages: they are data, in `blocks/analysis/prompts.py`."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- a question to a person (the form of the paused run) ---
    "analyze.answer_label": {"ja": "回答", "en": "Answer"},
    "analyze.answer_hint": {
        "ja": "分析エージェントからの質問です。回答すると分析を続けます",
        "en": "A question from the analysis agent. Answer it and the analysis goes on",
    },
    "analyze.question": {
        "ja": "分析エージェントからの質問（{number} 件目）: {question}",
        "en": "A question from the analysis agent (no. {number}): {question}",
    },
    "analyze.no_data": {
        "ja": "分析するデータ（CSV または Excel）をアップロードしてください。",
        "en": "Upload the data to analyse (CSV or Excel).",
    },
    # --- notes in the conversation ---
    "analyze.report_written": {
        "ja": "レポート「{title}」を作成しました。",
        "en": "The report “{title}” is written.",
    },
    "analyze.report_intermediate": {
        "ja": "（分析ループの上限に達したため中間結果です）",
        "en": " (an intermediate result: the analysis reached its loop limit)",
    },
    "analyze.outputs_problem": {
        "ja": "期待された出力ファイルに問題があります: {problems}",
        "en": "The promised output files have problems: {problems}",
    },
    "analyze.missing_field": {
        "ja": "分析エージェントの回答に {name} がありません",
        "en": "The analysis agent's answer has no {name}",
    },
    "analyze.missing_field_hint": {
        "ja": "モデルの回答が指示に従っていません。もう一度実行してください",
        "en": "The model's answer did not follow the instructions. Run it again",
    },
    # --- the report ---
    "analyze.report.intermediate": {
        "ja": "> ⚠ 分析ループの上限（{max_loops} 回）に達したため、ここまでの**中間結果**を提示します。"
        "結論は暫定です。",
        "en": "> ⚠ The analysis reached its loop limit ({max_loops}): this is an **intermediate "
        "result**. Its conclusions are provisional.",
    },
    "analyze.report.bad_json": {
        "ja": "表の JSON を読めません",
        "en": "the table's JSON cannot be read",
    },
    "analyze.report.not_in_workspace": {
        "ja": "ファイル {file} はワークスペースにありません",
        "en": "the file {file} is not in the workspace",
    },
    "analyze.report.not_produced": {
        "ja": "ファイル {file} はこの分析の実行結果ではありません",
        "en": "the file {file} was not written by this analysis",
    },
    "analyze.report.unreadable_table": {
        "ja": "表 {file} を読めません（{error}）",
        "en": "the table {file} cannot be read ({error})",
    },
    "analyze.report.first_rows": {
        "ja": "（先頭 {shown} 行 / 全 {total} 行）",
        "en": " (first {shown} of {total} rows)",
    },
    "analyze.report.no_figure": {
        "ja": "> ⚠ 図を表示できません: {why}",
        "en": "> ⚠ The figure cannot be shown: {why}",
    },
    "analyze.report.no_table": {
        "ja": "> ⚠ 表を表示できません: {why}",
        "en": "> ⚠ The table cannot be shown: {why}",
    },
    "analyze.report.described": {"ja": "（{description}）", "en": " ({description})"},
    "analyze.report.suggestions": {"ja": "## 追加の分析案", "en": "## Further analyses"},
    "analyze.report.no_rows": {"ja": "（行がありません）", "en": "(no rows)"},
    # --- the workspace and the data ---
    "analyze.workspace.cannot_create": {
        "ja": "ワークスペースを作成できません: {path}",
        "en": "Cannot create a workspace: {path}",
    },
    "analyze.workspace.cannot_create_hint": {
        "ja": "古いワークスペースを削除してください",
        "en": "Delete old workspaces",
    },
    "analyze.data.encoding": {
        "ja": "文字コードを判別できません（UTF-8 でも Shift_JIS(cp932) でもありません）",
        "en": "Cannot tell the encoding (neither UTF-8 nor Shift_JIS (cp932))",
    },
    "analyze.data.one_sheet": {
        "ja": "シートを1つ指定してください",
        "en": "Name one sheet",
    },
    "analyze.data.unsupported": {
        "ja": "{name}: 分析できるのは CSV と Excel（.xlsx）のファイルです",
        "en": "{name}: only CSV and Excel (.xlsx) files can be analysed",
    },
    "analyze.data.unsupported_hint": {
        "ja": "CSV（UTF-8 または Shift_JIS）か .xlsx で保存し直してください",
        "en": "Save it again as CSV (UTF-8 or Shift_JIS) or .xlsx",
    },
    "analyze.data.unreadable": {
        "ja": "{path}: ファイルを読めません（{reason}）",
        "en": "{path}: the file cannot be read ({reason})",
    },
    "analyze.data.unreadable_hint": {
        "ja": "パスと読み取り権限を確認してください",
        "en": "Check the path and the permission to read it",
    },
    "analyze.data.not_a_table": {
        "ja": "表として読み込めません（{kind}: {error}）",
        "en": "Cannot be read as a table ({kind}: {error})",
    },
    "analyze.data.no_rows": {"ja": "データ行がありません", "en": "No data rows"},
    "analyze.data.invalid_hint": {
        "ja": "1行目が見出しの表（CSV または .xlsx）を指定してください",
        "en": "Give a table (CSV or .xlsx) whose first row is the header",
    },
    # --- the files an action promised ---
    "analyze.output.outside": {
        "ja": "{file}: ワークスペースの外を指しています",
        "en": "{file}: points outside the workspace",
    },
    "analyze.output.missing": {
        "ja": "{file}: ファイルが作成されていません",
        "en": "{file}: the file was not written",
    },
    "analyze.output.stale": {
        "ja": "{file}: この実行では更新されていません（以前のファイルです）",
        "en": "{file}: not written by this action (an earlier file)",
    },
    "analyze.output.empty": {"ja": "{file}: 空のファイルです", "en": "{file}: the file is empty"},
    "analyze.output.not_image": {
        "ja": "{file}: 画像ファイルではありません",
        "en": "{file}: not an image file",
    },
}
