"""The `month` field type (a 年月): typed as accountants write it, `"2026-10"` in JSON, and the
same verdict everywhere — the Prefect server's schema, keiri's check, `--input`, the compiler's
default check, the form app's text box and the dry-run sample."""

from __future__ import annotations

import re
from typing import Any

import click
import pytest
import yaml
from prefect._internal.pydantic.v2_schema import create_v2_schema
from prefect.input.run_input import run_input_subclass_from_type
from prefect.utilities.schema_tools import validate as prefect_validate
from streamlit.testing.v1 import AppTest

from blocks.forms.field_types import FIELD_TYPES, Widget
from blocks.forms.form import FormSpec, Requirement
from blocks.sdk.errors import IssuesFound
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from compiler.compile import compile_text
from keiri.base.catalog import t
from keiri.cli.inputs import convert_answers, human_input_fields

MONTH = Requirement(id="closing", type="month", label="対象月")


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("2026-10", "2026-10"),
        ("2026/10", "2026-10"),
        ("2026年10月", "2026-10"),
        ("２０２６年１０月", "2026-10"),
        ("2026 年 4 月分", "2026-04"),
        ("令和8年10月", "2026-10"),
        ("R8.10", "2026-10"),
        ("令和元年5月", "2019-05"),
        ("平成31年4月", "2019-04"),
        ("2026-1", "2026-01"),
    ],
)
def test_a_month_is_read_as_accountants_write_it(typed: str, value: str) -> None:
    assert FormSpec.build("collect", [MONTH]).parse("closing", typed) == value


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("2026", "field.not_month"),
        ("2026-10-01", "field.not_month"),
        ("10月", "field.not_month"),
        ("2026-13", "field.no_such_month"),
        ("令和元年4月", "field.no_such_month"),  # 令和 began in May 2019
        ("平成31年5月", "field.no_such_month"),
    ],
)
def test_what_is_not_a_month_says_so(typed: str, key: str) -> None:
    cli_fields = human_input_fields("collect", [MONTH])
    with pytest.raises(click.UsageError, match=re.escape(t(key, value=typed))):
        convert_answers(cli_fields, [("closing", typed)], "ask.", FileStore())


def _server_accepts(spec: FormSpec, answers: dict[str, Any]) -> bool:
    model = run_input_subclass_from_type(spec.run_input_model("Form_month"))
    schema = create_v2_schema(model.__name__, model_base=model)
    return not prefect_validate({**answers, "answered_by": "yamada"}, schema)


@pytest.mark.parametrize(
    "value", ["2026-10", "1989-01", "2026/10", "2026-13", "2026-1", " 2026-10"]
)
def test_the_server_and_keiri_agree_on_the_json_value(value: str) -> None:
    spec = FormSpec.build("collect", [MONTH])
    keiri_accepts = not spec.problems({"closing": value})
    assert _server_accepts(spec, {"closing": value}) is keiri_accepts
    assert keiri_accepts is (value in ("2026-10", "1989-01"))
    if not keiri_accepts:
        assert [p.message for p in spec.problems({"closing": value})] == [
            t("field.month_format", value=value)
        ]


def test_the_cli_converts_and_the_answer_is_complete() -> None:
    cli_fields = human_input_fields("collect", [MONTH])
    answers = convert_answers(cli_fields, [("closing", "令和8年10月")], "ask.", FileStore())
    spec = FormSpec.build("collect", [MONTH])
    assert answers == {"closing": "2026-10"} and spec.complete(answers) == answers
    assert [p.field for p in spec.problems({})] == ["closing"]  # required, no default
    assert FIELD_TYPES["month"].display(MONTH, "2026-10") == t(
        "field.month_value", year=2026, month=10
    )


def test_the_dry_run_sample_is_a_month() -> None:
    spec = FormSpec.build("collect", [MONTH])
    assert not spec.problems(spec.sample())


def _plan(default: Any) -> str:
    req = {"id": "closing", "type": "month", "label": "対象月", "default": default}
    node = {"id": "ask", "block": "ui.interactive_input", "in": {"requirements": [req]}}
    return yaml.safe_dump({"apiVersion": "v1", "id": "p", "graph": [node]}, allow_unicode=True)


def test_the_compiler_checks_a_months_default(registry: BlockRegistry) -> None:
    compile_text(_plan("2026-10"), registry, file="plan.yaml")
    with pytest.raises(IssuesFound) as info:
        compile_text(_plan("2026/10"), registry, file="plan.yaml")
    [issue] = info.value.issues
    assert issue.path == "graph[0].in.requirements[0].default"


def _month_form() -> None:
    import streamlit as st

    from blocks.forms.form import Requirement
    from ui_app.fields import render_field
    from ui_app.session_state import ensure

    req = Requirement(id="closing", type="month", label="対象月", default="2026-04")
    entry = ensure(st.session_state, "form", [req])
    render_field(req, "form", entry, [])


def test_the_form_app_reads_the_typed_month() -> None:
    assert FIELD_TYPES["month"].widget is Widget.PARSED_TEXT
    app = AppTest.from_function(_month_form).run()
    [box] = app.text_input
    assert box.value == "2026-04" and box.placeholder == t("field.month_placeholder")
    box.input("令和8年10月").run()
    assert app.session_state["form"]["values"]["closing"] == "2026-10"
    app.text_input[0].input("2026年13月").run()
    assert app.session_state["form"]["values"]["closing"] == "2026年13月"  # validation names it
