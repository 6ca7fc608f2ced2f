"""The `table` field type (the 仕訳確認 form's rows): one verdict from the Prefect server's
schema and keiri's check over random answers, partial answers, `--input FIELD=@rows.json`,
the compiler's check of the default, readable messages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prefect._internal.pydantic.v2_schema import create_v2_schema
from prefect.input.run_input import run_input_subclass_from_type
from prefect.utilities.schema_tools import validate as prefect_validate

from blocks.forms.field_types import FIELD_TYPES, FieldValueError
from blocks.forms.form import FormSpec, Requirement
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from compiler.compile import compile_text
from keiri.base.catalog import t
from keiri.cli.inputs import convert_answers, human_input_fields
from tests.blocks.test_field_types import _issues
from tests.support.timing import deadline, examples

ACCOUNTS = ["消耗品費", "通信費", "会議費"]
ROWS = [
    {"line_id": "P-0001-1", "amount": 35698, "account": "消耗品費", "register": False, "note": ""},
    {"line_id": "P-0002-1", "amount": 1100.0, "account": "雑費", "register": True, "note": None},
    {"line_id": "P-0003-1", "amount": 0, "account": None, "register": False, "note": "確認"},
]
COLUMNS = [
    {"id": "line_id", "label": "仕訳"},
    {"id": "amount", "label": "金額", "format": "yen"},
    {"id": "account", "label": "勘定科目", "editable": True, "options": ACCOUNTS},
    {"id": "register", "label": "登録する", "editable": True, "format": "boolean"},
    {"id": "note", "label": "メモ", "editable": True},
]


def table(rows: Any = ROWS, **extra: Any) -> Requirement:
    return Requirement.model_validate(
        {
            "id": "entries",
            "type": "table",
            "label": "仕訳",
            "required": False,
            "default": rows,
            "key": "line_id",
            "columns": COLUMNS,
            **extra,
        }
    )


def form(req: Requirement | None = None) -> FormSpec:
    return FormSpec.build("confirm", [req or table()])


def problems(answer: Any, req: Requirement | None = None) -> list[str]:
    return [p.message for p in form(req).problems({"entries": answer})]


def test_the_rows_as_shown_and_a_changed_account_are_answers() -> None:
    assert problems(ROWS) == []
    changed = [dict(ROWS[0], account="通信費"), *ROWS[1:]]
    assert problems(changed) == []
    assert form().complete({"entries": changed})["entries"][0]["account"] == "通信費"
    # unanswered: the rows as shown
    assert form().complete({"approved": True})["entries"] == ROWS


def test_a_partial_answer_names_only_the_rows_it_changes() -> None:
    assert problems([{"line_id": "P-0002-1", "account": "会議費"}]) == []
    assert problems([]) == []


@pytest.mark.parametrize(
    ("answer", "key", "params"),
    [
        ([dict(ROWS[0], amount=1)], "table.fixed", {"row": "P-0001-1", "column": "金額"}),
        (
            [dict(ROWS[0], account="旅費")],
            "table.not_option",
            {"row": "P-0001-1", "column": "勘定科目", "options": ", ".join(ACCOUNTS)},
        ),
        ([{"amount": 35698}], "table.no_key", {"row": "#1", "column": "仕訳"}),
        ([{"line_id": "P-9999-1"}], "table.unknown_row", {"row": "P-9999-1"}),
        ([dict(ROWS[0], extra=1)], "table.unknown_column", {"row": "P-0001-1", "column": "extra"}),
        ([dict(ROWS[0], note=3)], "table.not_text", {"row": "P-0001-1", "column": "メモ"}),
        (
            [dict(ROWS[0], register="はい")],
            "table.not_option",
            {"row": "P-0001-1", "column": "登録する", "options": "True, False"},
        ),
        ([ROWS[0], ROWS[0]], "table.twice", {"row": "P-0001-1"}),
        ([*ROWS, ROWS[0]], "table.too_many", {"count": 4, "limit": 3}),
        ("P-0001", "field.not_file", {}),  # not a list: the type check's message
    ],
)
def test_what_is_refused_says_which_row_and_column(
    answer: Any, key: str, params: dict[str, Any]
) -> None:
    if params.get("row") == "#1":  # a row without its key is named by its position
        params = {**params, "row": t("table.row_number", number=1)}
    assert problems(answer) == [t(key, **params)]


def test_the_value_a_row_had_stays_a_choice() -> None:
    """雑費 (the fallback) is not among the options, yet the row may keep it; a blank stays."""
    assert problems([ROWS[1]]) == []
    assert problems([dict(ROWS[2], account=None)]) == []
    assert problems([dict(ROWS[0], account=None)]) != []


def test_at_input_reads_rows_from_json(tmp_path: Path) -> None:
    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps([{"line_id": "P-0001-1", "account": "通信費"}]), "utf-8")
    fields = human_input_fields("confirm", [table("${review.rows}")])  # as the plan writes it
    answers = convert_answers(
        fields, [("entries", f"@{rows}"), ("approved", "true")], "review.", FileStore(tmp_path)
    )
    assert answers["entries"] == [{"line_id": "P-0001-1", "account": "通信費"}]
    assert problems(answers["entries"]) == []  # checked against the rows once resolved
    rows.write_text("{not json", "utf-8")
    not_json = t("table.not_json", line="\0", detail="").split("\0")[0]  # up to the line
    with pytest.raises(click.UsageError, match=r"review\.entries.*" + re.escape(not_json)):
        convert_answers(fields, [("entries", f"@{rows}")], "review.", FileStore(tmp_path))
    with pytest.raises(FieldValueError) as caught:
        FIELD_TYPES["table"].parse(table(), '{"line_id": 1}', None)
    assert caught.value.message == t("table.not_rows")


def test_the_compiler_takes_rows_or_a_reference_as_the_default(registry: BlockRegistry) -> None:
    base = {"id": "x", "label": "X", "type": "table", "columns": COLUMNS}
    plan = {
        "apiVersion": "v1",
        "id": "p",
        "vars": {"rows": ROWS},
        "graph": [
            {
                "id": "ask",
                "block": "ui.interactive_input",
                "in": {"requirements": [{**base, "default": "${vars.rows}"}]},
            }
        ],
    }
    compile_text(yaml.safe_dump(plan, allow_unicode=True), registry, file="plan.yaml")
    assert _issues(registry, {**base, "default": ROWS}) == []
    assert _issues(registry, {**base, "default": "rows"}) == [
        ("graph[0].in.requirements[0].default", "TYPE_MISMATCH")
    ]


def test_display_and_sample() -> None:
    ftype = FIELD_TYPES["table"]
    assert ftype.display(table(), ROWS) == t("table.display", rows=3)
    assert ftype.sample(table()) == ROWS and ftype.sample(table("${r}")) == []


def test_keiri_validate_names_a_malformed_column(registry: BlockRegistry) -> None:
    base = {"id": "x", "label": "X", "type": "table", "default": ROWS}
    columns = [
        {"id": "amount", "format": "money"},
        {"id": "account", "editable": True, "options": ["通信費"]},
    ]
    assert _issues(registry, {**base, "columns": columns, "key": "line_id"}) == [
        ("graph[0].in.requirements[0].columns[0].format", "TYPE_MISMATCH"),
        ("graph[0].in.requirements[0].key", "TYPE_MISMATCH"),
    ]
    assert _issues(registry, {**base, "columns": [{"label": "no id"}]}) == [
        ("graph[0].in.requirements[0].columns[0].id", "TYPE_MISMATCH"),
    ]
    assert _issues(registry, {**base}) == [("graph[0].in.requirements[0].columns", "TYPE_MISMATCH")]


def test_unresolved_rows_take_any_rows_naming_their_key() -> None:
    req = table("${review.rows}")
    assert problems([{"line_id": "x", "account": "何でも"}], req) == []
    row = t("table.row_number", number=1)
    assert problems([{"account": "通信費"}], req) == [t("table.no_key", row=row, column="仕訳")]


# --- one verdict: the Prefect server's schema and keiri's check ----------------------------

CELLS = {
    "line_id": st.sampled_from(["P-0001-1", "P-0002-1", "P-0003-1", "P-0004-1", 1]),
    "amount": st.sampled_from([35698, 35698.0, 1100, 1100.0, 0, 1, True]),
    "account": st.sampled_from([*ACCOUNTS, "雑費", None, "旅費", 3]),
    "register": st.sampled_from([True, False, None, 0, "はい"]),
    "note": st.sampled_from(["", "確認", None, 3]),
    "extra": st.just(1),
}


@st.composite
def answer_rows(draw: st.DrawFn) -> list[dict[str, Any]]:
    rows = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):  # start from a real row, maybe change a cell
            row = dict(draw(st.sampled_from(ROWS)))
            for name in draw(st.lists(st.sampled_from(list(CELLS)), max_size=2)):
                row[name] = draw(CELLS[name])
            if draw(st.integers(0, 5)) == 0:
                row.pop("line_id")
        else:  # a few cells only
            names = draw(st.lists(st.sampled_from(list(CELLS)), min_size=1, max_size=3))
            row = {name: draw(CELLS[name]) for name in names}
        rows.append(row)
    return rows


def _server(spec: FormSpec, answers: dict[str, Any]) -> bool:
    model = run_input_subclass_from_type(spec.run_input_model("Form_t"))
    schema = create_v2_schema(model.__name__, model_base=model)
    return not prefect_validate({**answers, "answered_by": "yamada"}, schema)


@settings(
    max_examples=examples(80),
    deadline=deadline(10),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rows=answer_rows())
def test_the_server_and_keiri_give_one_verdict(rows: list[dict[str, Any]]) -> None:
    spec = form()
    answers = {"entries": rows}
    found = spec.problems(answers)
    keys = [json.dumps(r.get("line_id")) for r in rows if "line_id" in r]
    twice = len(keys) != len(set(keys))
    server = _server(spec, answers)
    if twice:  # a row given twice: only keiri refuses it (no schema says "unique by key")
        assert found
    else:
        assert server == (not found), (rows, found)
