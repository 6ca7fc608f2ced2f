"""The design chat's requirements: mapping rules, ui.interactive_input compatibility, answers."""

from __future__ import annotations

import re
from typing import Any

import yaml

from blocks.forms.form import form_schema
from blocks.sdk.errors import Issue
from blocks.sdk.registry import BlockRegistry
from compiler.models import Plan
from designer import apply_answers, build_requirements, check_plan_text, plan_to_yaml
from designer.answer import QuestionAnswer
from designer.requirements import OUTPUT_SCHEMA_PRESETS

PLAN: dict[str, Any] = {
    "apiVersion": "v1",
    "id": "needs_answers",
    "vars": {"statement": None, "tolerance": None, "mode": None, "strict": None, "known": "x"},
    "graph": [
        {"id": "read", "block": "excel.read_data", "in": {}, "out": {"records": "rows"}},
        {
            "id": "read_given",
            "block": "excel.read_data",
            "in": {"workbook": "${vars.statement}", "header_row": 1},
        },
        {
            "id": "match",
            "block": "table.reconcile",
            "in": {
                "left": "${read.rows}",
                "right": "${read.rows}",
                "amount_tolerance": "${vars.tolerance}",
            },
        },
        {
            "id": "ask_person",
            "block": "ui.interactive_input",
            "in": {"mode": "${vars.mode}", "message": "確認 ${vars.known}"},
        },
        {
            "id": "zip",
            "block": "file.parse_zip_2tier",
            "in": {"zip_bytes": "${vars.statement}", "extract_text": "${vars.strict}"},
        },
        {"id": "summarize", "block": "ai.process_llm", "in": {"evidence_data": {"files": []}}},
    ],
}


def requirements(registry: BlockRegistry) -> dict[str, Any]:
    plan = Plan.model_validate(PLAN)
    return {r.id: r for r in build_requirements(plan, registry=registry)}


def test_vars_are_typed_from_the_inputs_they_feed(registry: BlockRegistry) -> None:
    reqs = requirements(registry)
    assert reqs["statement"].type == "file" and reqs["statement"].target == "vars.statement"
    assert reqs["tolerance"].type == "number" and reqs["tolerance"].validation.min == 0
    assert reqs["mode"].type == "select"
    assert reqs["mode"].options == ["collect", "confirm", "inquire", "mixed"]
    assert reqs["strict"].type == "boolean"
    assert "known" not in reqs


def test_missing_excel_input_asks_file_sheet_and_range_together(registry: BlockRegistry) -> None:
    reqs = requirements(registry)
    workbook, sheet, cell_range = reqs["read__workbook"], reqs["read__sheet"], reqs["read__range"]
    assert (workbook.type, workbook.required, workbook.target) == (
        "file",
        True,
        "node.read.in.workbook",
    )
    assert (sheet.type, sheet.required) == ("text", False)
    assert cell_range.required is False and cell_range.validation.regex
    assert "read_given__sheet" not in reqs  # its required input is given
    assert "read__header_row" not in reqs  # has a default


def test_llm_block_gets_schema_presets_and_prompt(registry: BlockRegistry) -> None:
    reqs = requirements(registry)
    schema = reqs["summarize__output_schema"]
    assert schema.type == "select" and schema.options == list(OUTPUT_SCHEMA_PRESETS)
    assert reqs["summarize__prompt"].type == "text"


def test_requirements_are_valid_inquire_requirements(registry: BlockRegistry) -> None:
    reqs = list(requirements(registry).values())
    assert all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", r.id) for r in reqs)
    schema = form_schema("inquire", reqs)
    assert set(schema["properties"]) == {r.id for r in reqs}
    plan = {
        "apiVersion": "v1",
        "id": "design_chat",
        "graph": [
            {
                "id": "design_chat",
                "block": "ui.interactive_input",
                "in": {
                    "mode": "inquire",
                    "message": "設計に必要な情報",
                    "requirements": [r.as_requirement() for r in reqs],
                },
            }
        ],
    }
    check = check_plan_text(yaml.safe_dump(plan, allow_unicode=True), registry)
    assert check.ok, check.errors


def test_answers_fill_the_plan_and_it_validates(registry: BlockRegistry) -> None:
    plan = Plan.model_validate(
        {
            "apiVersion": "v1",
            "id": "summaries",
            "vars": {"fields": None},
            "graph": [
                {
                    "id": "summarize",
                    "block": "ai.process_llm",
                    "in": {"evidence_data": {"files": []}},
                    "out": {"results": "notes"},
                },
                {
                    "id": "total",
                    "block": "data.aggregate",
                    "in": {"records": "${summarize.notes.items}", "sum_fields": "${vars.fields}"},
                },
            ],
        }
    )
    reqs = build_requirements(plan, registry=registry)
    by_id = {r.id: r for r in reqs}
    assert by_id["fields"].value_format == "json"
    bad = apply_answers(
        plan.model_dump(by_alias=True, exclude_unset=True), reqs, {"fields": "[金額"}
    )
    assert bad.problems and bad.problems[0].field == "fields"
    wrong = apply_answers(
        plan.model_dump(by_alias=True, exclude_unset=True),
        reqs,
        {"summarize__output_schema": "なし"},
    )
    assert wrong.problems and wrong.problems[0].field == "summarize__output_schema"
    applied = apply_answers(
        plan.model_dump(by_alias=True, exclude_unset=True),
        reqs,
        {
            "fields": '["count"]',
            "summarize__output_schema": "文書ごとの要約",
            "summarize__prompt": "各文書を要約してください",
        },
    )
    assert not applied.problems
    node = applied.plan["graph"][0]["in"]
    assert node["output_schema"] == OUTPUT_SCHEMA_PRESETS["文書ごとの要約"]
    assert node["prompt"] == "各文書を要約してください"
    check = check_plan_text(plan_to_yaml(applied.plan), registry)
    assert check.ok, check.errors


def test_from_issues_questions_and_feedback() -> None:
    issues = [
        Issue(
            code="UNRESOLVED_REFERENCE",
            message="vars has no 'closing_month'",
            node_id="a",
            path="graph[0].in.x",
        ),
        Issue(
            code="MISSING_REQUIRED_INPUT",
            message="data.aggregate needs input 'records'",
            node_id="total",
            path="graph[1].in",
        ),
    ]
    reqs = {r.id: r for r in build_requirements(issues)}
    assert reqs["closing_month"].target == "vars.closing_month"
    assert reqs["total__records"].target == "node.total.in.records"
    questions = [
        QuestionAnswer(id="bank-name", type="enum", label="銀行", options=["A銀行", "B銀行"]),
        QuestionAnswer(id="ledger", type="table", label="売掛金台帳"),
    ]
    cycle = [Issue(code="CYCLE_DETECTED", message="cycle: a -> b -> a", node_id="a")]
    more = {r.id: r for r in build_requirements(cycle, questions=questions)}
    assert more["bank_name"].type == "select" and more["bank_name"].target == "answer.bank_name"
    assert more["ledger"].type == "file" and more["ledger"].accept == ".csv,.xlsx"
    assert more["design_feedback"].type == "chat" and not more["design_feedback"].required
    applied = apply_answers(
        {"graph": []},
        list(more.values()),
        {"bank_name": "A銀行", "design_feedback": "照合は月末に"},
    )
    assert applied.for_model == {"bank_name": "A銀行", "追加指示": "照合は月末に"}
