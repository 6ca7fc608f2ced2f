"""Messages of closing the month in the form app (issues 27 and 28, second pass): the table
field (`table.*`, the 仕訳確認 form's rows), the 取引先 page (`parties.*`), the 証憑検索 page
(`search.*`) and the journal download on the runs page (`exports.*`)."""

from __future__ import annotations

ENTRIES: dict[str, dict[str, str]] = {
    # --- table.* (the `table` field type) ---
    "table.row_number": {"ja": "{number} 行目", "en": "row {number}"},
    "table.none": {"ja": "（空欄）", "en": "(blank)"},
    "table.display": {"ja": "{rows} 行", "en": "{rows} rows"},
    "table.bad_columns": {
        "ja": "表の列（columns）の書き方が正しくありません: {detail}",
        "en": "The table's columns are malformed: {detail}",
    },
    "table.no_columns": {
        "ja": "表の列（columns）を1つ以上書いてください",
        "en": "List at least one column (columns)",
    },
    "table.bad_key": {
        "ja": "key「{name}」が列にありません（列: {columns}）",
        "en": "key {name!r} is not a column (columns: {columns})",
    },
    "table.bad_format": {
        "ja": "表の列「{column}」の format「{format}」は使えません（text, number, yen, date, datetime, percent, boolean）",
        "en": "Column {column!r} has an unknown format {format!r} (text, number, yen, date, datetime, percent, boolean)",
    },
    "table.too_many": {
        "ja": "行が多すぎます（{count} 行。最大 {limit} 行）",
        "en": "Too many rows ({count}; at most {limit})",
    },
    "table.no_key": {
        "ja": "{row}: 「{column}」がありません（どの行かを示す列です）",
        "en": "{row}: {column!r} is missing (the column that names the row)",
    },
    "table.unknown_row": {
        "ja": "{row}: 表にない行です",
        "en": "{row}: not a row of this table",
    },
    "table.unknown_column": {
        "ja": "{row}: 表にない列「{column}」があります",
        "en": "{row}: {column!r} is not a column of this table",
    },
    "table.fixed": {
        "ja": "{row}: 「{column}」は変更できません",
        "en": "{row}: {column!r} cannot be changed",
    },
    "table.not_option": {
        "ja": "{row}: 「{column}」は次のいずれかにしてください: {options}",
        "en": "{row}: {column!r} must be one of: {options}",
    },
    "table.not_text": {
        "ja": "{row}: 「{column}」には文字を入力してください",
        "en": "{row}: {column!r} must be text",
    },
    "table.too_long": {
        "ja": "{row}: 「{column}」が長すぎます（最大 {limit} 文字）",
        "en": "{row}: {column!r} is too long (at most {limit} characters)",
    },
    "table.twice": {
        "ja": "{row}: 同じ行が2回あります",
        "en": "{row}: the same row is given twice",
    },
    "table.not_json": {
        "ja": "表の JSON を読めません（{line} 行目: {detail}）",
        "en": "Cannot read the table's JSON (line {line}: {detail})",
    },
    "table.not_rows": {
        "ja": '表は行の配列（[{{"列": 値, ...}}, ...]）の JSON で指定してください',
        "en": 'Give a table as a JSON array of rows ([{{"column": value, ...}}, ...])',
    },
    "table.edit_help": {
        "ja": "色の付いていない列は変更できません。セルをダブルクリックすると選べます。",
        "en": "Grey columns cannot be changed. Double-click a cell to choose.",
    },
    "table.changed": {
        "ja": "変更した行: {count} 行",
        "en": "Rows changed: {count}",
    },
}
