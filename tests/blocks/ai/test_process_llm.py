"""ai.process_llm: the block over the real `openai` client with scripted LLM answers."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from blocks.llm.process_llm import DEFAULT_SYSTEM_PROMPT, ProcessLLMBlock
from blocks.llm.schema import compile_output_schema
from blocks.sdk.errors import ErrorCode
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import BlockSpec, port_json_schema
from blocks.sdk.validation import validate_value
from tests.blocks.ai.samples import (
    INVOICES,
    SEED_SCHEMA,
    MakeCtx,
    MakeEvidence,
    MakeLLM,
    expect_error,
)
from tests.support.openai_server import (
    ScriptedOpenAI,
    ScriptedResponse,
    chat_completion,
)


def test_structured_answer_becomes_results_summary_and_metadata(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
) -> None:
    ctx = make_ctx(make_llm())
    answer = {
        "results": {"items": [{"file": path, "count": 1} for path in INVOICES]},
        "summary": {"total_files": 3},
    }
    script.enqueue_chat(answer, prompt_tokens=812, completion_tokens=64)
    inputs = {
        "evidence_data": make_evidence(ctx, INVOICES),
        "prompt": "各ファイルの請求書の枚数を数えてください",
        "output_schema": SEED_SCHEMA,
    }
    before = copy.deepcopy(inputs)

    out = block.execute(ctx, inputs)

    assert out["results"] == answer["results"]
    assert out["summary"] == {"total_files": 3}
    assert out["metadata"]["usage"] == {
        "prompt_tokens": 812,
        "completion_tokens": 64,
        "total_tokens": 876,
    }
    assert out["metadata"] | {"usage": None} == {
        "provider": "openai",
        "model": "gpt-4o-mini-2024-07-18",
        "group_key": None,
        "total_files": 3,
        "groups": 0,
        "calls": 1,
        "files_truncated": 0,
        "chars_cut": 0,
        "files_without_text": 0,
        "usage": None,
    }
    assert inputs == before  # inputs are never modified
    [request] = script.requests
    system, user = request.json["messages"]
    assert system == {"role": "system", "content": DEFAULT_SYSTEM_PROMPT}
    assert user["content"].startswith("各ファイルの請求書の枚数を数えてください")
    for path, text in INVOICES.items():
        assert f'path="{path}"' in user["content"]
        assert text in user["content"]
    schema = request.json["response_format"]["json_schema"]["schema"]
    assert schema["required"] == ["results", "summary"]


def test_prompt_defaults_to_instruction_and_system_prompt_overrides(
    block: ProcessLLMBlock, script: ScriptedOpenAI, make_llm: MakeLLM, make_ctx: MakeCtx
) -> None:
    script.enqueue_chat({"summary": "ok"})
    out = block.execute(
        make_ctx(make_llm()),
        {
            "instruction": "請求書・入金明細を照合し差異を出力",
            "system_prompt": "あなたは経理担当者です。",
            "output_schema": {"summary": {"type": "string"}},
        },
    )
    system, user = script.requests[0].json["messages"]
    assert system["content"] == "あなたは経理担当者です。"
    assert user["content"].startswith("請求書・入金明細を照合し差異を出力")
    assert "no documents provided" in user["content"]
    # No `results` key in the schema: results is the whole answer; a text summary goes to `text`.
    assert out["results"] == {"summary": "ok"}
    assert out["summary"]["text"] == "ok"
    assert out["summary"]["calls"] == 1


def test_prompt_wins_over_instruction(
    block: ProcessLLMBlock, script: ScriptedOpenAI, make_llm: MakeLLM, make_ctx: MakeCtx
) -> None:
    script.enqueue_chat({"n": 1})
    block.execute(
        make_ctx(make_llm()),
        {"prompt": "PROMPT", "instruction": "INSTRUCTION", "output_schema": {"n": "integer"}},
    )
    user = script.requests[0].user_prompt
    assert user.startswith("PROMPT")
    assert "INSTRUCTION" not in user


@pytest.mark.parametrize(
    "inputs",
    [{}, {"prompt": "  ", "instruction": ""}],
    ids=["neither", "blank"],
)
def test_prompt_or_instruction_is_required(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    inputs: dict[str, Any],
) -> None:
    err = expect_error(block, make_ctx(make_llm()), {**inputs, "output_schema": {"n": "integer"}})
    assert err.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert [p["field"] for p in err.details["problems"]] == ["prompt", "instruction"]
    assert err.details["node_id"] == "process_llm"
    assert script.requests == []


@pytest.mark.parametrize(
    ("schema", "field"),
    [
        (None, "output_schema"),
        ({}, "output_schema"),
        ({"results": {"type": "object"}}, "output_schema.results.properties"),
        ({"results": {"type": "array", "items": "string"}}, "output_schema.results"),
    ],
    ids=["missing", "empty", "object-without-properties", "results-not-an-object"],
)
def test_output_schema_problems_are_input_errors(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    *,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    schema: Any,
    field: str,
) -> None:
    inputs: dict[str, Any] = {"prompt": "p"}
    if schema is not None:
        inputs["output_schema"] = schema
    err = expect_error(block, make_ctx(make_llm()), inputs)
    assert err.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert err.details["field"] == field
    assert script.requests == []


def test_per_file_chars_cuts_each_text_and_says_how_much(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
) -> None:
    ctx = make_ctx(make_llm())
    long_text = "".join(f"{i:05d}行目 摘要 金額\n" for i in range(300))  # 4,500 chars
    files = {"A/long.txt": long_text, "A/short.txt": "短い文書"}
    script.enqueue_chat({"n": 2})
    out = block.execute(
        ctx,
        {
            "prompt": "p",
            "evidence_data": make_evidence(ctx, files),
            "output_schema": {"n": "integer"},
            "per_file_chars": 1000,
        },
    )
    user = script.requests[0].user_prompt
    assert long_text[:1000] in user
    assert long_text[:1001] not in user
    assert f"[truncated: {len(long_text) - 1000} of {len(long_text)} characters omitted]" in user
    assert "短い文書" in user
    assert user.count("[truncated:") == 1
    assert out["metadata"]["files_truncated"] == 1
    assert out["metadata"]["chars_cut"] == len(long_text) - 1000
    assert out["summary"]["chars_cut"] == len(long_text) - 1000


def test_a_file_without_text_is_named_in_the_prompt_and_counted(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
) -> None:
    ctx = make_ctx(make_llm())
    evidence = make_evidence(ctx, {"A/scan.pdf": "", "A/inv.txt": "請求書 ¥110,000"})
    evidence["files"][0].update(
        media_type="application/pdf",
        text=None,
        error={"code": "FILE_INVALID", "message": "no text layer (scanned image)"},
    )
    script.enqueue_chat({"n": 1})
    out = block.execute(
        ctx, {"prompt": "p", "evidence_data": evidence, "output_schema": {"n": "integer"}}
    )
    user = script.requests[0].user_prompt
    scan = user[user.index('path="A/scan.pdf"') : user.index('path="A/inv.txt"')]
    assert "[no text extracted] (no text layer (scanned image))" in scan
    assert "請求書 ¥110,000" in user
    assert out["metadata"]["files_without_text"] == 1
    assert out["summary"]["files_without_text"] == 1


def test_foreach_form_with_one_file(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
) -> None:
    ctx = make_ctx(make_llm())
    [entry] = make_evidence(ctx, {"B/memo.txt": "入金 55,000円"})["files"]
    script.enqueue_chat({"summary": "入金 55,000円の記録"})
    out = block.execute(
        ctx,
        {
            "evidence_data": {"files": [entry]},
            "prompt": "このファイルの内容を要約",
            "output_schema": {"summary": {"type": "string"}},
        },
    )
    assert out["results"] == {"summary": "入金 55,000円の記録"}
    assert "入金 55,000円" in script.requests[0].user_prompt


@pytest.mark.parametrize(
    ("response", "code", "reason", "recoverable"),
    [
        (
            ScriptedResponse(200, chat_completion({"n": "three"})),
            "API_ERROR",
            "schema_mismatch",
            False,
        ),
        (ScriptedResponse.chat(None, refusal="I can't assist."), "API_ERROR", "refusal", False),
        (ScriptedResponse.chat('{"n": ', finish_reason="length"), "API_ERROR", "truncated", False),
        (ScriptedResponse.auth_error(), "API_ERROR", "auth", False),
        (ScriptedResponse.quota_exceeded(), "API_ERROR", "quota", False),
    ],
    ids=["schema-mismatch", "refusal", "truncated", "auth", "quota"],
)
def test_llm_failures_fail_the_node_without_output(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    *,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    response: ScriptedResponse,
    code: str,
    reason: str,
    recoverable: bool,
) -> None:
    script.enqueue(response)
    err = expect_error(
        block, make_ctx(make_llm(max_retries=0)), {"prompt": "p", "output_schema": {"n": "integer"}}
    )
    assert (err.code, err.details["reason"], err.recoverable) == (code, reason, recoverable)
    assert err.details["node_id"] == "process_llm"
    assert len(script.requests) == 1


def test_rate_limit_then_success_inside_the_block(
    block: ProcessLLMBlock, script: ScriptedOpenAI, make_llm: MakeLLM, make_ctx: MakeCtx
) -> None:
    script.enqueue(ScriptedResponse.rate_limit(0.01))
    script.enqueue_chat({"n": 3})
    out = block.execute(
        make_ctx(make_llm(max_retries=2)), {"prompt": "p", "output_schema": {"n": "integer"}}
    )
    assert out["results"] == {"n": 3}
    assert len(script.requests) == 2


def test_without_a_key_the_block_fails_with_no_api_key(
    block: ProcessLLMBlock, make_ctx: MakeCtx
) -> None:
    err = expect_error(block, make_ctx(), {"prompt": "p", "output_schema": {"n": "integer"}})
    assert err.code == ErrorCode.API_ERROR
    assert err.details["reason"] == "no_api_key"
    assert "OPENAI_API_KEY" in err.hint


def test_a_wrong_service_object_is_reported(block: ProcessLLMBlock, make_ctx: MakeCtx) -> None:
    ctx = make_ctx()
    ctx.services["llm_client"] = object()
    err = expect_error(block, ctx, {"prompt": "p", "output_schema": {"n": "integer"}})
    assert err.details == {
        "reason": "config",
        "field": "services.llm_client",
        "node_id": "process_llm",
    }


def test_spec_contract(spec: BlockSpec) -> None:
    assert spec.id == "ai.process_llm"
    assert spec.version == "1.0.0"
    assert spec.entrypoint == "blocks/llm/process_llm.py:ProcessLLMBlock"
    assert set(spec.inputs) == {
        "evidence_data",
        "instruction",
        "prompt",
        "system_prompt",
        "output_schema",
        "per_file_chars",
        "group_key",
    }
    assert set(spec.outputs) == {"results", "summary", "metadata"}
    assert spec.inputs["output_schema"].is_required
    assert spec.inputs["per_file_chars"].default == 1500
    assert all(port.samples() for port in spec.outputs.values())
    assert all(port.examples for port in spec.inputs.values() if port.is_required)


def test_declared_samples_and_examples_fit_the_ports(
    spec: BlockSpec, registry: BlockRegistry
) -> None:
    assert registry.check(spec) == []
    assert registry.resolve("ai.process_llm").entry is not None
    for ports in (spec.inputs, spec.outputs):
        for name, port in ports.items():
            for sample in port.samples():
                assert validate_value(port_json_schema(port), sample, name) == []
    # The output_schema example is a schema the block accepts.
    example = spec.inputs["output_schema"].examples[0]
    assert compile_output_schema(example).keys == ("results", "summary")
    assert json.loads(json.dumps(example)) == SEED_SCHEMA
