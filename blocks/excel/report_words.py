"""Codes in a report as people read them: an `excel.write` column with `words: <set>` writes
the catalog's words for each code (`keiri.base.catalog.words.REPORT_WORDS`: severity, rule,
field, match, statement) — 「エラー」 for `error`, 「登録番号なし」 for
`registration_number_missing` — and, with `code_header`, the code itself in a column of its
own beside it, for machines. A code without words is written as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from blocks.excel.excel_manager import Column
from keiri.base.catalog import t
from keiri.base.catalog.words import REPORT_WORDS

__all__ = ["WORDS_MARK", "with_words", "word_columns", "words_of"]

#: A words column's key: `<record key><WORDS_MARK><set>` (no record key holds it).
WORDS_MARK = "\x00words:"


def words_of(code_set: str, value: Any) -> Any:
    """The words of `value` in the code set (the value itself when it has none)."""
    key = REPORT_WORDS.get(code_set, {}).get(str(value)) if value is not None else None
    return t(key) if key else value


def word_columns(key: str, label: Mapping[str, Any], kind: Any) -> list[Column]:
    """The columns of one `columns` entry that asks for words: the words, then the code."""
    columns = [Column(f"{key}{WORDS_MARK}{label['words']}", str(label.get("header", key)), kind)]
    if label.get("code_header"):
        columns.append(Column(key, str(label["code_header"])))
    return columns


def _lookup(record: Mapping[str, Any], key: str) -> Any:
    value: Any = record
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return record.get(key)
        value = value[part]
    return value


def with_words(records: Sequence[Any], columns: Sequence[Column]) -> Sequence[Any]:
    """The records with the words of every words column added (the records unchanged when no
    column asks for words)."""
    wanted = [c.key for c in columns if WORDS_MARK in c.key]
    if not wanted:
        return records
    out: list[Any] = []
    for record in records:
        if not isinstance(record, Mapping):
            out.append(record)  # the writer reports a row that is not an object
            continue
        row = dict(record)
        for column_key in wanted:
            key, code_set = column_key.split(WORDS_MARK, 1)
            row[column_key] = words_of(code_set, _lookup(record, key))
        out.append(row)
    return out
