"""Template composition: prefixed ids, import binding, exports, conflicts; compose/hint modes."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.llm.client import LLMClient
from blocks.sdk.registry import BlockRegistry
from designer import (
    DesignEngineOptions,
    TemplateSpec,
    build_requirements,
    check_plan_text,
    compose_templates,
    generate_plan,
    load_templates,
    plan_to_yaml,
)
from tests.designer.answers import design, node, skeleton, step
from tests.support.openai_server import ScriptedOpenAI

OPTIONS = DesignEngineOptions(retrieval="bm25")


def specs(*ids: str) -> list[TemplateSpec]:
    catalog = load_templates()
    return [catalog[i].spec for i in ids]


def check(data: dict[str, Any], registry: BlockRegistry) -> Any:
    return check_plan_text(plan_to_yaml(data), registry)


def test_two_templates_wire_import_to_export_and_dry_run(registry: BlockRegistry) -> None:
    result = compose_templates(
        specs("evidence_intake", "invoice_requirement_check"), plan_id="intake_check"
    )
    assert result.conflicts == [] and result.unbound == {}
    assert result.bindings == {
        "invoice_requirement_check.evidence_files": "${evidence_intake__parse_evidence.evidence.files}"
    }
    graph = result.plan["graph"]
    ids = [n["id"] for n in graph]
    assert ids == [
        "evidence_intake__collect_evidence",
        "evidence_intake__parse_evidence",
        "invoice_requirement_check__extract_fields",
        "invoice_requirement_check__check_invoices",
    ]
    assert (
        graph[1]["in"]["zip_bytes"] == "${evidence_intake__collect_evidence.collected.evidence_zip}"
    )
    assert graph[2]["in"]["documents"] == "${evidence_intake__parse_evidence.evidence.files}"
    assert graph[3]["in"]["fields"] == "${invoice_requirement_check__extract_fields.fields_list}"
    assert graph[3]["in"]["rounding"] == "${vars.invoice_rounding}"
    assert {e["as"] for e in result.plan["exports"]} == {
        "evidence",
        "evidence_files",
        "extract_errors",
        "invoice_fields",
        "findings",
        "check_summary",
    }
    assert result.plan["ui"]["layout"] == ["evidence_intake__collect_evidence"]
    outcome = check(result.plan, registry)
    assert outcome.ok, outcome.errors


def test_three_templates_chain_evidence_check_reconciliation(registry: BlockRegistry) -> None:
    result = compose_templates(
        specs("evidence_intake", "invoice_ledger_extraction", "bank_reconciliation"),
        plan_id="chain",
    )
    assert result.bindings["bank_reconciliation.invoices"] == (
        "${invoice_ledger_extraction__extract_fields.fields.items}"
    )
    reconcile = next(n for n in result.plan["graph"] if n["id"] == "bank_reconciliation__reconcile")
    assert reconcile["in"]["left"] == "${invoice_ledger_extraction__extract_fields.fields.items}"
    assert reconcile["in"]["amount_tolerance"] == "${vars.amount_tolerance}"
    assert result.plan["vars"]["amount_tolerance"] == 880
    assert check(result.plan, registry).ok


def test_unbound_import_stays_an_explicit_null_var(registry: BlockRegistry) -> None:
    result = compose_templates(specs("bank_reconciliation"), plan_id="recon")
    assert result.unbound == {"bank_reconciliation.invoices": "invoices"}
    assert result.plan["vars"]["invoices"] is None
    outcome = check(result.plan, registry)
    assert not outcome.ok
    assert any(
        i.code == "UNRESOLVED_REFERENCE" and "${vars.invoices}" in i.message for i in outcome.errors
    )
    [req] = [
        r
        for r in build_requirements(outcome.plan, registry=registry)
        if r.target == "vars.invoices"
    ]
    assert req.value_format == "json" and req.id == "invoices"


def test_same_export_names_are_reported_and_renamed(registry: BlockRegistry) -> None:
    result = compose_templates(
        specs("invoice_ledger_extraction", "expense_report_review"), plan_id="both"
    )
    kinds = {(c.kind, c.name) for c in result.conflicts}
    assert ("export_name", "findings") in kinds and ("export_name", "passed") in kinds
    aliases = [e["as"] for e in result.plan["exports"]]
    assert "findings" in aliases and "expense_report_review_findings" in aliases
    assert len(aliases) == len(set(aliases))


def _custom(template_id: str, **extra: Any) -> TemplateSpec:
    data: dict[str, Any] = {
        "id": template_id,
        "title": template_id,
        "graph_snippet": [
            {
                "id": "total",
                "block": "data.aggregate",
                "in": {"records": "${vars.rows}", "sum_fields": ["${vars.field}"]},
                "out": {"groups": "groups"},
            }
        ],
        "imports": {"rows": {"type": "array", "example": [{"amount": 1}]}},
        "vars_defaults": {"field": "amount"},
        "exports": {"invoices": {"type": "array", "from": "total.groups"}},
    }
    data.update(extra)
    return TemplateSpec.model_validate(data)


def test_ambiguous_import_is_left_unbound_until_bound_explicitly(registry: BlockRegistry) -> None:
    templates = [
        *specs("invoice_ledger_extraction", "bank_reconciliation"),
        _custom("other_source"),
    ]
    result = compose_templates(templates)
    [conflict] = [c for c in result.conflicts if c.kind == "import_ambiguous"]
    assert conflict.template == "bank_reconciliation" and conflict.name == "invoices"
    assert "bank_reconciliation.invoices" in result.unbound
    explicit = compose_templates(
        templates, bindings={"bank_reconciliation.invoices": "other_source.invoices"}
    )
    assert explicit.bindings["bank_reconciliation.invoices"] == "${other_source__total.groups}"
    assert not [c for c in explicit.conflicts if c.kind == "import_ambiguous"]


def test_type_mismatch_and_var_default_conflicts(registry: BlockRegistry) -> None:
    first = _custom("first")
    second = _custom(
        "second",
        vars_defaults={"field": "price"},
        exports={"evidence_files": {"type": "object", "from": "total.totals"}},
    )
    result = compose_templates([first, second, *specs("invoice_requirement_check")])
    kinds = {(c.kind, c.template, c.name) for c in result.conflicts}
    assert ("var_default", "second", "field") in kinds
    assert ("import_type", "invoice_requirement_check", "evidence_files") in kinds
    assert result.plan["vars"]["second_field"] == "price"
    second_total = next(n for n in result.plan["graph"] if n["id"] == "second__total")
    assert second_total["in"]["sum_fields"] == ["${vars.second_field}"]


def test_a_template_selected_twice_is_rejected() -> None:
    with pytest.raises(ValueError, match="selected twice"):
        compose_templates(specs("excel_report", "excel_report"))


def test_compose_mode_generation_binds_an_import_to_a_new_node(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    collect = node(
        "collect_invoices",
        "ui.interactive_input",
        {
            "mode": "collect",
            "requirements": [{"id": "invoice_list", "type": "file", "label": "請求書一覧"}],
        },
        {"collected_data": "files"},
    )
    read = node(
        "read_invoices",
        "excel.read_data",
        {"workbook": "${collect_invoices.files.invoice_list}"},
        {"records": "rows"},
    )
    script.enqueue_chat(
        skeleton(
            [
                step("collect_invoices", "ui.interactive_input"),
                step("read_invoices", "excel.read_data"),
            ]
        )
    )
    script.enqueue_chat(
        design(
            "monthly_reconciliation",
            [collect, read],
            layout=["collect_invoices"],
            bindings=[
                {"import": "bank_reconciliation.invoices", "source": "${read_invoices.rows}"}
            ],
        )
    )
    result = generate_plan(
        "請求書一覧（Excel）と入金明細を照合して結果を出力",
        None,
        registry,
        OPTIONS,
        ["bank_reconciliation"],
        "compose",
        llm=llm,
    )
    assert result.ok, result.errors
    assert result.plan is not None and result.plan.id == "monthly_reconciliation"
    ids = [n.id for n in result.plan.graph]
    assert ids[:4] == [
        "bank_reconciliation__collect_statement",
        "bank_reconciliation__read_statement",
        "bank_reconciliation__reconcile",
        "bank_reconciliation__write_result",
    ]
    assert ids[4:] == ["collect_invoices", "read_invoices"]
    reconcile = result.plan.graph[2]
    assert reconcile.in_["left"] == "${read_invoices.rows}"  # type: ignore[union-attr]
    assert "invoices" not in result.plan.vars
    assert result.plan.ui.layout == ["bank_reconciliation__collect_statement", "collect_invoices"]
    wiring = [r.json for r in script.requests][1]
    user = wiring["messages"][1]["content"]
    assert "合成済みテンプレート（固定ノード）" in user and "bank_reconciliation.invoices" in user
    schema = wiring["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["bindings"]["items"]["properties"]["import"]["enum"] == [
        "bank_reconciliation.invoices"
    ]


def test_compose_mode_with_two_bound_templates_adds_a_report(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    write = node(
        "write_findings",
        "excel.write",
        {
            "data": "${invoice_requirement_check__check_invoices.findings}",
            "output_config": {"file_name": "記載事項チェック.xlsx"},
        },
        {"output_file": "report"},
    )
    script.enqueue_chat(skeleton([step("write_findings", "excel.write")]))
    script.enqueue_chat(design("invoice_intake_check", [write]))
    result = generate_plan(
        "証跡ZIPの請求書の記載事項をチェックし、指摘をExcelに出す",
        None,
        registry,
        OPTIONS,
        ["evidence_intake", "invoice_requirement_check"],
        "compose",
        llm=llm,
    )
    assert result.ok, result.errors
    assert result.compose is not None and result.compose.unbound == {}
    assert result.plan is not None and len(result.plan.graph) == 5
    blocks = {c.block_id for c in result.candidates if c.pinned}
    assert {"file.parse_zip_2tier", "invoice.extract_fields", "invoice.check"} <= blocks


def test_hint_mode_shows_contract_and_snippet(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    script.enqueue_chat(skeleton([step("x", "excel.write")]))
    script.enqueue_chat(design("p", [node("x", "excel.write", {"data": [{"a": 1}]})]))
    result = generate_plan(
        "入金消込をする", None, registry, OPTIONS, ["bank_reconciliation"], "hint", llm=llm
    )
    assert result.ok
    user = script.requests[0].json["messages"][1]["content"]
    assert "### bank_reconciliation: 入金消込" in user
    assert "block: table.reconcile" in user and "amount_tolerance: 880" in user
