"""generate_plan with the real openai client against scripted model answers (MockTransport)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blocks.llm.client import LLMClient
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.registry import BlockRegistry
from compiler.validate import validate_file
from designer import DesignEngineOptions, generate_plan
from keiri.base.catalog import t
from tests.designer.answers import design, node, question, skeleton, step, var
from tests.support.openai_server import ScriptedOpenAI, ScriptedResponse

INSTRUCTION = "経費精算の一覧（Excel）を読み込み、申請者別に金額を集計して結果をExcelに出力する"
OPTIONS = DesignEngineOptions(retrieval="bm25")


def expense_skeleton() -> dict[str, Any]:
    return skeleton(
        [
            step("collect", "ui.interactive_input", "経費精算一覧のアップロード"),
            step("read", "excel.read_data", "一覧を読む", ["collect"]),
            step("total", "data.aggregate", "申請者別に合計", ["read"]),
            step("write", "excel.write", "結果を出力", ["total"]),
        ],
        summary="アップロード → 読込 → 集計 → 出力",
    )


def expense_nodes() -> list[dict[str, Any]]:
    return [
        node(
            "collect",
            "ui.interactive_input",
            {
                "mode": "collect",
                "message": "経費精算の一覧をアップロードしてください",
                "requirements": [
                    {"id": "expenses", "type": "file", "label": "経費精算一覧", "accept": ".xlsx"}
                ],
            },
            {"collected_data": "files"},
        ),
        node(
            "read",
            "excel.read_data",
            {"workbook": "${collect.files.expenses}"},
            {"records": "rows"},
        ),
        node(
            "total",
            "data.aggregate",
            {"records": "${read.rows}", "sum_fields": ["金額"], "group_by": "申請者"},
            {"groups": "by_applicant"},
        ),
        node("write", "excel.write", {"data": "${total.by_applicant}"}, {"output_file": "report"}),
    ]


def chat_bodies(script: ScriptedOpenAI) -> list[dict[str, Any]]:
    return [r.json for r in script.requests if r.endpoint == "chat"]


def test_clean_generation_validates_dry_runs_saves_and_logs(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry, designs_dir: Path
) -> None:
    script.enqueue_chat(expense_skeleton())
    script.enqueue_chat(design("expense_totals", expense_nodes(), layout=["collect"]))
    options = DesignEngineOptions(retrieval="bm25", save=True)

    result = generate_plan(
        INSTRUCTION, ["申請者ごとの合計を月次で報告する。"], registry, options, llm=llm
    )

    assert result.ok, result.errors
    assert result.plan is not None and result.plan.id == "expense_totals"
    assert [n.id for n in result.plan.graph] == ["collect", "read", "total", "write"]
    assert result.reasoning == "structured" and not result.fallback
    assert result.metrics.attempts == 1 and result.metrics.repair_rounds == 0
    assert result.metrics.llm_calls == 2
    assert result.metrics.chosen_blocks["excel.read_data"] == 1
    assert result.metrics.dry_run_ms is not None
    assert not result.requirements
    # Saved as designs/<plan_id>_<yyyymmddHHMM>.yaml, and it validates on its own.
    assert result.saved_path is not None and result.saved_path.parent == designs_dir
    assert (
        result.saved_path.name.startswith("expense_totals_")
        and len(result.saved_path.stem) == len("expense_totals_") + 12
    )
    assert result.saved_path.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema="
    )
    assert validate_file(result.saved_path, registry).ok
    # Two stages: skeleton, then wiring; both constrained to the Top-K candidates.
    skeleton_req, wiring_req = chat_bodies(script)
    candidates = {c.block_id for c in result.candidates}
    step_schema = skeleton_req["response_format"]["json_schema"]["schema"]["properties"]["steps"]
    assert set(step_schema["items"]["properties"]["block"]["enum"]) == candidates
    wiring_schema = wiring_req["response_format"]["json_schema"]["schema"]
    read_variant = wiring_schema["$defs"]["Task_excel_read_data"]["properties"]
    assert read_variant["block"]["enum"] == ["excel.read_data"]
    assert set(read_variant["in"]["items"]["properties"]["key"]["enum"]) == {
        "workbook",
        "sheet",
        "range",
        "header_row",
    }
    user = wiring_req["messages"][1]["content"]
    assert "段1の骨子（固定）" in user and INSTRUCTION in user and "申請者ごとの合計" in user
    # Events: one JSONL per generation plus the shared summary line.
    events = [json.loads(line) for line in result.events_path.read_text().splitlines()]  # type: ignore[union-attr]
    names = [e["event"] for e in events]
    assert names[0] == "generation_started" and names[-1] == "generation_finished"
    assert {"candidates_retrieved", "llm_call", "attempt_checked", "plan_saved"} <= set(names)
    summary = (result.events_path.parent / "generations.jsonl").read_text().splitlines()  # type: ignore[union-attr]
    assert json.loads(summary[-1])["ok"] is True


def test_unknown_block_wrong_key_and_cycle_are_repaired_in_round_two(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    broken = expense_nodes()
    broken[1] = node(
        "read", "excel.read_data", {"file": "${collect.files.expenses}"}, {"records": "rows"}
    )
    broken[2] = node(
        "total",
        "data.agregate",
        {"records": "${read.rows}", "sum_fields": ["金額"]},
        {"groups": "by_applicant"},
    )
    broken.insert(
        3,
        node(
            "check",
            "data.check_rules",
            {"data": "${audit.findings}", "rules": [{"field": "金額", "type": "number"}]},
            {"findings": "findings"},
        ),
    )
    broken.insert(
        4,
        node(
            "audit",
            "data.check_rules",
            {"data": "${check.findings}", "rules": [{"field": "申請者", "required": True}]},
            {"findings": "findings"},
        ),
    )
    script.enqueue_chat(expense_skeleton())
    script.enqueue_chat(design("expense_totals", broken, layout=["collect"]))
    script.enqueue_chat(design("expense_totals", expense_nodes(), layout=["collect"]))

    result = generate_plan(INSTRUCTION, None, registry, OPTIONS, llm=llm)

    assert result.ok, result.errors
    assert result.metrics.attempts == 2 and result.metrics.repair_rounds == 1
    first, second = result.attempts
    codes = {i.code for i in first.errors}
    assert {"UNKNOWN_BLOCK", "UNKNOWN_INPUT", "CYCLE_DETECTED"} <= codes
    assert not second.errors and second.stage == "repair"
    assert second.diff is not None and set(second.diff.removed) == {"check", "audit"}
    assert "total" in second.diff.changed and "read" in second.diff.changed
    repair_user = chat_bodies(script)[2]["messages"][1]["content"]
    assert "[UNKNOWN_BLOCK] ノード total @ graph[2].block" in repair_user
    assert (
        t("issue.did_you_mean", names="'data.aggregate'") in repair_user
    )  # the issue as the catalog says it
    assert "[UNKNOWN_INPUT] ノード read @ graph[1].in.file" in repair_user
    assert "[CYCLE_DETECTED]" in repair_user
    assert "in  workbook: file [必須]" in repair_user  # the spec excerpt of excel.read_data
    assert "- data.aggregate:" in repair_user  # the suggested block's spec
    assert "```yaml" in repair_user and "data.agregate" in repair_user  # the failed attempt
    # The first repair already carries the node-level diff: the wiring against stage 1.
    assert first.diff is not None and first.diff_base == "段1の骨子"
    assert set(first.diff.added) == {"check", "audit"} and first.diff.changed == {
        "total": ["block"]
    }
    assert "## 前回の出力での変更（ノード単位、段1の骨子との差分）" in repair_user
    section = repair_user.split("## 前回の出力での変更", 1)[1].split("\n## ", 1)[0]
    assert (
        t("design.diff.added", node="check") in section
        and t("design.diff.added", node="audit") in section
    )
    assert t("design.diff.changed", node="total", keys="block") in section and "read" not in section


def test_first_repair_without_stage_one_diffs_against_the_composed_or_empty_plan(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    broken = expense_nodes()
    broken[1] = node(
        "read", "excel.read_data", {"file": "${collect.files.expenses}"}, {"records": "rows"}
    )
    script.enqueue_chat(design("expense_totals", broken))
    script.enqueue_chat(design("expense_totals", expense_nodes()))
    options = DesignEngineOptions(retrieval="bm25", two_stage=False)
    result = generate_plan(INSTRUCTION, None, registry, options, llm=llm)
    assert result.ok and result.metrics.repair_rounds == 1
    repair_user = chat_bodies(script)[1]["messages"][1]["content"]
    assert "## 前回の出力での変更（ノード単位、空の Plan（前回の出力なし）との差分）" in repair_user
    assert (
        t("design.diff.added", node="collect") in repair_user
        and t("design.diff.added", node="read") in repair_user
    )


def test_generation_that_still_fails_reports_errors_and_requirements(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    nodes = [
        node(
            "collect",
            "ui.interactive_input",
            {
                "mode": "collect",
                "requirements": [{"id": "statement", "type": "file", "label": "入金明細"}],
            },
            {"collected_data": "files"},
        ),
        node(
            "read",
            "excel.read_data",
            {"workbook": "${collect.files.statement}", "sheet": "${vars.sheet}"},
            {"records": "deposits"},
        ),
        node(
            "match",
            "table.reconcile",
            {
                "left": "${vars.invoices}",
                "right": "${read.deposits}",
                "amount_tolerance": "${vars.tolerance}",
            },
            {"matched": "matched"},
        ),
        node(
            "explain",
            "ai.process_llm",
            {"output_schema": {"summary": "string"}},
            {"results": "notes"},
        ),
    ]
    answer = design(
        "bank_match",
        nodes,
        vars_=[
            var("sheet", "入出金明細"),
            var("invoices", None, "照合する請求書の一覧"),
            var("tolerance", None, "許容する金額差（円）"),
        ],
        questions=[question("bank_name", "入金口座の銀行名", "select", ["みずほ", "三井住友"])],
    )
    script.enqueue_chat(skeleton([step("collect", "ui.interactive_input")]))
    script.enqueue_chat(answer)
    script.enqueue_chat(answer)

    result = generate_plan("請求書と入金明細を照合する", None, registry, OPTIONS, llm=llm)

    assert not result.ok and not result.fallback
    assert result.metrics.attempts == 2 and result.metrics.final_errors == len(result.errors)
    assert any(i.code == "MISSING_REQUIRED_INPUT" and i.node_id == "explain" for i in result.errors)
    assert result.plan is not None and "ai.process_llm" in result.yaml
    by_id = {r.id: r for r in result.requirements}
    assert by_id["invoices"].target == "vars.invoices"
    assert by_id["invoices"].type == "text" and by_id["invoices"].value_format == "json"
    assert by_id["invoices"].label == "照合する請求書の一覧"
    assert by_id["tolerance"].type == "number"
    assert by_id["explain__prompt"].target == "node.explain.in.prompt"
    assert by_id["bank_name"].type == "select" and by_id["bank_name"].options == [
        "みずほ",
        "三井住友",
    ]
    assert "sheet" not in by_id  # has a value
    assert len(script.requests) == 3


def test_ask_collects_answers_and_completes_the_plan(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    nodes = expense_nodes()
    nodes[2] = node(
        "total",
        "data.aggregate",
        {"records": "${read.rows}", "sum_fields": "${vars.amount_fields}", "group_by": "申請者"},
        {"groups": "by_applicant"},
    )
    script.enqueue_chat(
        expense_skeleton() | {"questions": [question("period", "対象の月", "text")]}
    )
    script.enqueue_chat(
        design("expense_totals", nodes, vars_=[var("amount_fields", None, "合計する金額の列")])
    )
    script.enqueue_chat(
        design("expense_totals", nodes, vars_=[var("amount_fields", None, "合計する金額の列")])
    )
    asked: list[list[str]] = []

    def ask(requirements: list[Any], message: str) -> dict[str, Any]:
        asked.append([r.id for r in requirements])
        return {"period": "2024-04"} if "period" in asked[-1] else {"amount_fields": '["金額"]'}

    result = generate_plan(INSTRUCTION, None, registry, OPTIONS, llm=llm, ask=ask)

    assert asked[0] == ["period"] and "amount_fields" in asked[1]
    assert '- period: "2024-04"' in chat_bodies(script)[1]["messages"][1]["content"]
    assert result.ok, result.errors
    assert result.plan is not None and result.plan.vars["amount_fields"] == ["金額"]
    assert result.attempts[-1].stage == "answers"


def test_llm_failure_raises_without_fallback(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    script.enqueue(ScriptedResponse.auth_error())
    with pytest.raises(BlockError) as caught:
        generate_plan(INSTRUCTION, None, registry, OPTIONS, llm=llm)
    assert caught.value.code == ErrorCode.API_ERROR and caught.value.details["reason"] == "auth"


@pytest.mark.parametrize("value", ["1", "true", "yes"])
def test_fallback_env_returns_the_safe_plan(
    script: ScriptedOpenAI,
    llm: LLMClient,
    registry: BlockRegistry,
    monkeypatch: pytest.MonkeyPatch,
    value: str,
) -> None:
    monkeypatch.setenv("KEIRI_AGENT_LLM_FALLBACK", value)
    script.enqueue(ScriptedResponse.auth_error())
    result = generate_plan(INSTRUCTION, None, registry, OPTIONS, llm=llm)
    assert result.fallback and result.reasoning == "fallback" and result.ok
    assert result.plan is not None and result.plan.graph[0].id == "clarify_procedure"


def test_fallback_is_off_for_other_values(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_AGENT_LLM_FALLBACK", "on")
    script.enqueue(ScriptedResponse.auth_error())
    with pytest.raises(BlockError):
        generate_plan(INSTRUCTION, None, registry, OPTIONS, llm=llm)


def test_empty_instruction_and_unknown_template_are_errors(
    llm: LLMClient, registry: BlockRegistry
) -> None:
    with pytest.raises(BlockError) as empty:
        generate_plan("  ", None, registry, OPTIONS, llm=llm)
    assert empty.value.code == ErrorCode.INPUT_VALIDATION_FAILED
    with pytest.raises(BlockError) as unknown:
        generate_plan(INSTRUCTION, None, registry, OPTIONS, ["bank_reconciliaton"], llm=llm)
    assert "bank_reconciliation" in unknown.value.hint
    with pytest.raises(BlockError) as llm_only:
        generate_plan(
            INSTRUCTION, None, registry, OPTIONS, ["bank_reconciliation"], "llm-only", llm=llm
        )
    assert llm_only.value.details["field"] == "selected_templates"


def test_loop_when_and_subflow_answers_become_a_valid_plan(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry, designs_dir: Path
) -> None:
    import shutil

    from tests.conftest import ROOT
    from tests.designer.answers import loop

    shutil.copytree(ROOT / "designs" / "common", designs_dir / "common")
    nodes = [
        node(
            "collect",
            "ui.interactive_input",
            {
                "mode": "collect",
                "requirements": [{"id": "evidence_zip", "type": "file", "label": "証跡ZIP"}],
            },
            {"collected_data": "files"},
        ),
        node(
            "parse",
            "file.parse_zip_2tier",
            {"zip_bytes": "${collect.files.evidence_zip}"},
            {"evidence_data": "evidence"},
        ),
        loop(
            "per_file",
            "${parse.evidence.files}",
            [
                node(
                    "summarize",
                    "ai.process_llm",
                    {
                        "evidence_data": {"files": ["${item}"]},
                        "prompt": "このファイルを要約",
                        "output_schema": {"summary": "string"},
                    },
                    {"results": "summary"},
                )
            ],
            [{"from": "summarize.summary", "as": "result"}],
            "result",
        ),
        {
            "id": "validate",
            "type": "subflow",
            "description": "",
            "when": None,
            "call": {
                "plan_id": "common/validation_flow",
                "inputs": [
                    {"key": "data", "value": "${collect.files}", "format": "text"},
                    {
                        "key": "rules",
                        "value": '[{"field": "evidence_zip", "required": true}]',
                        "format": "json",
                    },
                ],
            },
            "exports": [{"from": "validation_passed", "as": "ok"}],
        },
        node(
            "notify",
            "ui.interactive_input",
            {"mode": "confirm", "message": "証跡に不足があります。続けますか？"},
            when="${validate.ok} == false",
        ),
        node("write", "excel.write", {"data": {"items": "${per_file.result}"}}),
    ]
    script.enqueue_chat(skeleton([step("collect", "ui.interactive_input")]))
    script.enqueue_chat(design("evidence_summaries", nodes, layout=["collect", "notify"]))
    result = generate_plan(
        "証跡ZIPの各ファイルを要約し一覧をExcelに出す", None, registry, OPTIONS, llm=llm
    )
    assert result.ok, result.errors
    assert result.plan is not None
    per_file = result.plan.graph[2]
    assert per_file.type == "loop" and per_file.foreach is not None  # type: ignore[union-attr]
    assert per_file.foreach.input == "${parse.evidence.files}"  # type: ignore[union-attr]
    assert result.plan.graph[4].when is not None
    schema = script.requests[1].json["response_format"]["json_schema"]["schema"]
    assert schema["$defs"]["Subflow"]["properties"]["call"]["properties"]["plan_id"]["enum"] == [
        "common/validation_flow"
    ]
    assert (
        "- common/validation_flow: 入力データをルールで検証する共通サブフロー / inputs: data, rules"
        in (script.requests[1].user_prompt)
    )


def test_options_without_loops_remove_the_loop_variant(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    script.enqueue_chat(design("expense_totals", expense_nodes()))
    options = DesignEngineOptions(
        retrieval="bm25", suggest_foreach=False, two_stage=False, max_attempts=1
    )
    result = generate_plan(INSTRUCTION, None, registry, options, llm=llm)
    assert result.ok and result.skeleton is None and result.metrics.llm_calls == 1
    [request] = script.requests
    schema = request.json["response_format"]["json_schema"]["schema"]
    assert "Loop" not in schema["$defs"]
    assert "ループ（foreach/while）は使わない" in request.json["messages"][0]["content"]
    assert "段1の骨子" not in request.user_prompt


def test_unasked_skeleton_questions_become_requirements(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    script.enqueue_chat(
        expense_skeleton() | {"questions": [question("period", "対象の月", "text")]}
    )
    script.enqueue_chat(design("expense_totals", expense_nodes()))
    result = generate_plan(INSTRUCTION, None, registry, OPTIONS, llm=llm)
    assert result.ok
    [req] = result.requirements
    assert (req.id, req.target, req.source) == ("period", "answer.period", "question")


def test_metrics_summary_over_generations(
    script: ScriptedOpenAI, llm: LLMClient, registry: BlockRegistry
) -> None:
    from designer import summarize_generations

    assert summarize_generations() == {"generations": 0}
    broken = expense_nodes()
    broken[1] = node(
        "read", "excel.read_data", {"file": "${collect.files.expenses}"}, {"records": "rows"}
    )
    script.enqueue_chat(design("expense_totals", expense_nodes()))
    script.enqueue_chat(design("expense_totals", broken))
    options = DesignEngineOptions(retrieval="bm25", two_stage=False, max_attempts=1)
    assert generate_plan(INSTRUCTION, None, registry, options, llm=llm).ok
    failed = generate_plan(INSTRUCTION, None, registry, options, llm=llm)
    assert not failed.ok and failed.metrics.validation_errors == [len(failed.errors)]
    summary = summarize_generations()
    assert summary["generations"] == 2 and summary["error_rate"] == 0.5
    assert summary["block_distribution"]["excel.read_data"] == 2
    assert summary["mean_attempts"] == 1 and summary["median_dry_run_ms"] is not None
