"""The LLM client and ai.process_llm over real HTTP, against the local scripted server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel, SecretStr

from blocks.llm.client import LLMClient, LLMSettings
from blocks.llm.process_llm import ProcessLLMBlock
from blocks.sdk.errors import BlockError, ErrorCode
from tests.blocks.ai.samples import MakeCtx, MakeEvidence
from tests.support.openai_server import (
    TEST_API_KEY,
    ScriptedOpenAI,
    ScriptedResponse,
    schema_answer_handler,
)

ROOT = Path(__file__).resolve().parents[3]


class Count(BaseModel):
    n: int


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI() as srv:
        for name, value in srv.env().items():
            monkeypatch.setenv(name, value)
        yield srv


def test_block_builds_its_client_from_the_environment(
    block: ProcessLLMBlock,
    server: ScriptedOpenAI,
    make_ctx: MakeCtx,
    make_evidence: MakeEvidence,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_LLM_MODEL", "gpt-4.1-mini")
    server.enqueue(ScriptedResponse.rate_limit(0.01))
    server.enqueue_chat({"results": {"合計": 165000}}, prompt_tokens=50, completion_tokens=5)
    ctx = make_ctx()  # no injected client: LLMClient.from_env() → OPENAI_BASE_URL
    out = block.execute(
        ctx,
        {
            "evidence_data": make_evidence(ctx, {"A/inv.txt": "¥110,000", "A/inv2.txt": "¥55,000"}),
            "prompt": "請求金額の合計",
            "output_schema": {"results": {"type": "object", "properties": {"合計": "integer"}}},
        },
    )
    assert out["results"] == {"合計": 165000}
    assert out["metadata"]["usage"]["total_tokens"] == 55
    assert len(server.requests) == 2  # one rate limit, one answer
    last = server.requests[-1]
    assert last.headers["authorization"] == f"Bearer {TEST_API_KEY}"
    assert last.json["model"] == "gpt-4.1-mini"
    assert server.unexpected == 0


def test_a_slow_answer_is_a_timeout_error(server: ScriptedOpenAI) -> None:
    server.enqueue(ScriptedResponse.chat({"n": 1}, delay_s=5.0))
    llm = LLMClient(
        LLMSettings(
            api_key=SecretStr(TEST_API_KEY), base_url=server.base_url, timeout_s=0.3, max_retries=0
        )
    )
    started = time.monotonic()
    with pytest.raises(BlockError) as caught:
        llm.parse("s", "u", Count)
    elapsed = time.monotonic() - started
    err = caught.value
    assert err.code == ErrorCode.TIMEOUT_ERROR
    assert err.details["reason"] == "timeout"
    assert err.details["timeout_s"] == 0.3
    assert err.recoverable is True
    assert elapsed < 3.0  # the 5 s answer was not awaited
    llm.close()


def test_a_timeout_is_retried(server: ScriptedOpenAI) -> None:
    server.enqueue(ScriptedResponse.chat({"n": 1}, delay_s=5.0))
    server.enqueue_chat({"n": 2})
    settings = LLMSettings(api_key=SecretStr(TEST_API_KEY), base_url=server.base_url, timeout_s=0.3)
    with LLMClient(settings) as llm:
        assert llm.parse("s", "u", Count).value.n == 2
    assert len(server.requests) == 2


def test_unscripted_requests_fail_without_retries(server: ScriptedOpenAI) -> None:
    with LLMClient.from_env() as llm, pytest.raises(BlockError) as caught:
        llm.parse("s", "u", Count)
    assert caught.value.details["reason"] == "server_error"
    assert "no scripted response" in caught.value.message
    assert len(server.requests) == 1
    assert server.unexpected == 1


def test_schema_answer_handler_answers_any_structured_request(
    block: ProcessLLMBlock, make_ctx: MakeCtx, monkeypatch: pytest.MonkeyPatch
) -> None:
    schema = {
        "results": {
            "type": "object",
            "properties": {
                "items": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "status": {"enum": ["一致", "差異あり"]},
                            "amount": "number",
                            "memo": {"type": "string", "nullable": True},
                        },
                    },
                }
            },
        }
    }
    with ScriptedOpenAI(handler=schema_answer_handler) as srv:
        for name, value in srv.env().items():
            monkeypatch.setenv(name, value)
        out = block.execute(make_ctx(), {"prompt": "照合", "output_schema": schema})
    assert out["results"] == {"items": [{"status": "一致", "amount": 1.0, "memo": "sample"}]}


def test_another_process_reaches_the_server_through_openai_base_url(server: ScriptedOpenAI) -> None:
    server.enqueue_embeddings([[0.25, 0.75]])
    code = (
        "import json; from blocks.llm.client import LLMClient; "
        "print(json.dumps(LLMClient.from_env().embed(['月次決算'])))"
    )
    env = {**os.environ, **server.env(), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [[0.25, 0.75]]
    [request] = server.requests
    assert request.endpoint == "embeddings"
    assert request.json["input"] == ["月次決算"]
