"""`excel.write` columns with `words`: the report's codes in the catalog's words, the code kept
beside them for machines (an openpyxl read of the written file)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import openpyxl

from blocks.sdk.store import FileStore
from keiri.base.catalog import t

FINDINGS = [
    {
        "file": "a.pdf",
        "field": "registration_number",
        "rule": "registration_number_missing",
        "severity": "error",
    },
    {"file": "b.pdf", "field": "total", "rule": "some_new_rule", "severity": "warning"},
]


def test_codes_are_written_in_words_with_the_code_beside_them(
    run: Callable[..., dict[str, Any]], store: FileStore
) -> None:
    columns = {
        "file": "ファイル",
        "field": {"header": "項目", "words": "field"},
        "rule": {"header": "指摘", "words": "rule", "code_header": "指摘コード"},
        "severity": {"header": "重要度", "words": "severity", "code_header": "重要度コード"},
    }
    out = run(
        "excel.write",
        data={"sheets": {"指摘事項": FINDINGS}},
        output_config={
            "file_name": "r.xlsx",
            "sheets": [{"source": "指摘事項", "columns": columns}],
        },
    )
    with store.open(out["output_file"]) as handle:
        rows = list(openpyxl.load_workbook(handle)["指摘事項"].iter_rows(values_only=True))
    assert rows[0] == ("ファイル", "項目", "指摘", "指摘コード", "重要度", "重要度コード")
    assert rows[1] == (
        "a.pdf",
        t("report.field.registration_number"),
        t("report.rule.registration_number_missing"),
        "registration_number_missing",
        t("display.severity.error"),
        "error",
    )
    # a code without words is written as it is (and still beside it)
    assert rows[2][2:] == (
        "some_new_rule",
        "some_new_rule",
        t("display.severity.warning"),
        "warning",
    )
