"""ai.process_llm with group_key: one LLM call per group, a bounded number at a time."""

from __future__ import annotations

import threading
import time

import pytest

from blocks.llm.process_llm import ProcessLLMBlock
from blocks.sdk.errors import ErrorCode
from keiri.base.catalog import t
from tests.blocks.ai.samples import (
    INVOICES,
    SEED_SCHEMA,
    MakeCtx,
    MakeEvidence,
    MakeLLM,
    answer_per_group,
    expect_error,
)
from tests.support.openai_server import (
    RecordedRequest,
    ScriptedOpenAI,
    ScriptedResponse,
    chat_completion,
)


def test_group_key_makes_one_call_per_group(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
) -> None:
    script.handler = answer_per_group
    ctx = make_ctx(make_llm())
    out = block.execute(
        ctx,
        {
            "evidence_data": make_evidence(ctx, INVOICES),
            "prompt": "請求書を数えて",
            "output_schema": SEED_SCHEMA,
            "group_key": "folder",
        },
    )
    assert len(script.requests) == 2
    prompts = sorted(r.user_prompt for r in script.requests)
    assert sum("テスト物産/請求書_A12.txt" in p for p in prompts) == 1
    assert out["results"] == {
        "サンプル商事": {
            "items": [
                {"file": "サンプル商事/請求書_0401.txt", "count": 1},
                {"file": "サンプル商事/請求書_0402.txt", "count": 1},
            ]
        },
        "テスト物産": {"items": [{"file": "テスト物産/請求書_A12.txt", "count": 1}]},
    }
    assert out["summary"] == {"サンプル商事": {"total_files": 2}, "テスト物産": {"total_files": 1}}
    assert out["metadata"]["calls"] == 2
    assert out["metadata"]["groups"] == 2
    assert out["metadata"]["group_key"] == "folder"
    assert out["metadata"]["usage"]["total_tokens"] == 2 * 120


def test_group_key_missing_from_a_file_is_an_input_error(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    ctx = make_ctx(make_llm())
    evidence = make_evidence(ctx, INVOICES)
    del evidence["files"][1]["folder"]
    err = expect_error(
        block,
        ctx,
        {
            "evidence_data": evidence,
            "prompt": "p",
            "output_schema": SEED_SCHEMA,
            "group_key": "folder",
        },
    )
    assert err.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert err.details["field"] == "evidence_data.files[1].folder"
    # the message up to the keys the entry has (they depend on the entry)
    missing = t("runtime.llm.group_key_missing", name="'folder'", fields="\0").split("\0")[0]
    assert err.message.startswith(f"evidence_data.files[1].folder: {missing}")
    assert err.hint == t("runtime.llm.group_key_hint")
    assert script.requests == []


@pytest.mark.parametrize("limit", [1, 3])
def test_concurrency_is_bounded(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    *,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
    limit: int,
) -> None:
    lock = threading.Lock()
    state = {"in_flight": 0, "peak": 0}

    def slow(request: RecordedRequest) -> ScriptedResponse:
        with lock:
            state["in_flight"] += 1
            state["peak"] = max(state["peak"], state["in_flight"])
        time.sleep(0.1)
        with lock:
            state["in_flight"] -= 1
        return ScriptedResponse.chat({"n": 1})

    script.handler = slow
    ctx = make_ctx(make_llm(concurrency=limit))
    files = {f"group{i}/file.txt": f"文書 {i}" for i in range(6)}
    out = block.execute(
        ctx,
        {
            "evidence_data": make_evidence(ctx, files),
            "prompt": "p",
            "output_schema": {"n": "integer"},
            "group_key": "folder",
        },
    )
    assert len(script.requests) == 6
    assert state["peak"] == limit
    assert list(out["results"]) == [f"group{i}" for i in range(6)]


def test_a_failing_group_fails_the_node_and_names_the_group(
    block: ProcessLLMBlock,
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
) -> None:
    def handler(request: RecordedRequest) -> ScriptedResponse:
        if "テスト物産" in request.user_prompt:
            return ScriptedResponse(200, chat_completion({"results": "not an object"}))
        return answer_per_group(request)

    script.handler = handler
    ctx = make_ctx(make_llm())
    err = expect_error(
        block,
        ctx,
        {
            "evidence_data": make_evidence(ctx, INVOICES),
            "prompt": "p",
            "output_schema": SEED_SCHEMA,
            "group_key": "folder",
        },
    )
    assert err.code == ErrorCode.API_ERROR
    assert err.details["reason"] == "schema_mismatch"
    assert err.details["group"] == "テスト物産"
    assert err.details["node_id"] == "process_llm"
    assert err.input_snapshot["prompt"] == "p"


def test_group_key_without_files_makes_no_call(
    block: ProcessLLMBlock, script: ScriptedOpenAI, make_llm: MakeLLM, make_ctx: MakeCtx
) -> None:
    out = block.execute(
        make_ctx(make_llm()),
        {
            "evidence_data": {"files": []},
            "prompt": "p",
            "output_schema": SEED_SCHEMA,
            "group_key": "folder",
        },
    )
    assert script.requests == []
    assert out["results"] == {}
    assert out["summary"] == {}
    assert (out["metadata"]["calls"], out["metadata"]["groups"]) == (0, 0)
