"""The `date_range` field type (a 期間): typed as accountants write it, `{"start", "end"}` in
JSON; the Prefect server's schema and keiri's check agree on the shape, and keiri alone checks
what no JSON Schema carries (a real date, the start not after the end), like a plan's regex."""

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

from blocks.forms.field_types import FIELD_TYPES
from blocks.forms.form import FormSpec, Requirement
from blocks.sdk.errors import IssuesFound
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from compiler.compile import compile_text
from keiri.base.catalog import t
from keiri.cli.inputs import convert_answers, human_input_fields

PERIOD = Requirement(id="period", type="date_range", label="対象期間")
APRIL = {"start": "2026-04-01", "end": "2026-04-30"}


@pytest.mark.parametrize(
    "typed",
    [
        "2026/4/1〜2026/4/30",
        "2026-04-01 ~ 2026-04-30",
        "２０２６／４／１～２０２６／４／３０",
        "令和8年4月1日から令和8年4月30日",
        "R8.4.1〜R8.4.30",
        "2026-04-01..2026-04-30",
        "2026年4月",
        "令和8年4月分",
    ],
)
def test_a_period_is_read_as_accountants_write_it(typed: str) -> None:
    assert FormSpec.build("collect", [PERIOD]).parse("period", typed) == APRIL


def test_one_day_is_a_period_of_one_day() -> None:
    one = {"start": "2026-04-01", "end": "2026-04-01"}
    assert FormSpec.build("collect", [PERIOD]).parse("period", "2026/4/1") == one


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("来月", t("field.not_date_range", value="来月")),
        ("2026/4/1〜", t("field.not_date_range", value="2026/4/1〜")),
        ("2026/2/30〜2026/3/1", t("field.no_such_date", value="2026/2/30")),
        ("2026/4/30〜2026/4/1", t("field.range_reversed", start="2026-04-30", end="2026-04-01")),
        ("令和元年4月", t("field.no_such_month", value="令和元年4月")),
    ],
)
def test_what_is_not_a_period_says_so(typed: str, message: str) -> None:
    cli_fields = human_input_fields("collect", [PERIOD])
    with pytest.raises(click.UsageError, match=re.escape(message)):
        convert_answers(cli_fields, [("period", typed)], "ask.", FileStore())


def _server_accepts(spec: FormSpec, answers: dict[str, Any]) -> bool:
    model = run_input_subclass_from_type(spec.run_input_model("Form_period"))
    schema = create_v2_schema(model.__name__, model_base=model)
    return not prefect_validate({**answers, "answered_by": "yamada"}, schema)


@pytest.mark.parametrize(
    ("value", "server", "keiri"),
    [
        (APRIL, True, True),
        ({"start": "2026/04/01", "end": "2026-04-30"}, False, False),
        ({"start": "2026-04-01"}, False, False),
        ({**APRIL, "note": "x"}, False, False),
        ("2026-04", False, False),
        # What no JSON Schema carries: keiri refuses it on every resume (like a plan's regex).
        ({"start": "2026-04-30", "end": "2026-04-01"}, True, False),
        ({"start": "2026-02-30", "end": "2026-03-01"}, True, False),
    ],
)
def test_the_server_checks_the_shape_and_keiri_the_dates(
    value: Any, server: bool, keiri: bool
) -> None:
    spec = FormSpec.build("collect", [PERIOD])
    assert _server_accepts(spec, {"period": value}) is server
    assert (not spec.problems({"period": value})) is keiri


def test_the_cli_converts_and_the_answer_is_complete() -> None:
    cli_fields = human_input_fields("collect", [PERIOD])
    answers = convert_answers(cli_fields, [("period", "2026年4月")], "ask.", FileStore())
    spec = FormSpec.build("collect", [PERIOD])
    assert answers == {"period": APRIL} and spec.complete(answers) == answers
    assert not spec.problems(spec.sample())
    assert FIELD_TYPES["date_range"].display(PERIOD, APRIL) == t(
        "field.date_range_value", start="2026-04-01", end="2026-04-30"
    )


def _plan(default: Any) -> str:
    req = {"id": "period", "type": "date_range", "label": "対象期間", "default": default}
    node = {"id": "ask", "block": "ui.interactive_input", "in": {"requirements": [req]}}
    return yaml.safe_dump({"apiVersion": "v1", "id": "p", "graph": [node]}, allow_unicode=True)


def test_the_compiler_checks_a_periods_default(registry: BlockRegistry) -> None:
    compile_text(_plan(APRIL), registry, file="plan.yaml")
    for bad in ("2026-04", {"start": "2026-04-30", "end": "2026-04-01"}):
        with pytest.raises(IssuesFound) as info:
            compile_text(_plan(bad), registry, file="plan.yaml")
        assert [i.path for i in info.value.issues] == ["graph[0].in.requirements[0].default"]


def _period_form() -> None:
    import streamlit as st

    from blocks.forms.form import Requirement
    from ui_app.fields import render_field
    from ui_app.session_state import ensure

    req = Requirement(id="period", type="date_range", label="対象期間")
    entry = ensure(st.session_state, "form", [req])
    render_field(req, "form", entry, [])


def test_the_form_app_reads_the_typed_period() -> None:
    app = AppTest.from_function(_period_form).run()
    [box] = app.text_input
    assert box.value == "" and box.placeholder == t("field.date_range_placeholder")
    box.input("2026/4/1〜2026/4/30").run()
    assert app.session_state["form"]["values"]["period"] == APRIL
