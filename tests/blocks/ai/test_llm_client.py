"""LLMClient: the real `openai` client against scripted OpenAI wire responses (MockTransport)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from pydantic import BaseModel, ConfigDict, SecretStr

from blocks.llm.client import LLMClient, LLMSettings
from blocks.sdk.errors import BlockError, ErrorCode
from tests.blocks.ai.samples import MakeLLM
from tests.support.openai_server import (
    TEST_API_KEY as API_KEY,
)
from tests.support.openai_server import (
    ScriptedOpenAI,
    ScriptedResponse,
    chat_completion,
)


class Invoice(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    invoice_no: str
    amount: int


ANSWER = {"invoice_no": "INV-2024-0401", "amount": 110000}


def _api_error(call: Callable[[], Any]) -> BlockError:
    with pytest.raises(BlockError) as caught:
        call()
    return caught.value


def test_parse_returns_the_model_usage_and_model_name(
    script: ScriptedOpenAI, make_llm: MakeLLM
) -> None:
    script.enqueue_chat(ANSWER, prompt_tokens=321, completion_tokens=12, model="gpt-4o-mini-2024")
    result = make_llm().parse("system text", "user text", Invoice)

    assert result.value == Invoice.model_validate(ANSWER)
    assert result.usage == {"prompt_tokens": 321, "completion_tokens": 12, "total_tokens": 333}
    assert result.model == "gpt-4o-mini-2024"
    [request] = script.requests
    body = request.json
    assert request.path == "/v1/chat/completions"
    assert body["model"] == "gpt-4o-mini"
    assert body["messages"] == [
        {"role": "system", "content": "system text"},
        {"role": "user", "content": "user text"},
    ]
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["strict"] is True
    assert body["response_format"]["json_schema"]["schema"]["required"] == ["invoice_no", "amount"]


def test_rate_limit_is_retried_then_succeeds(script: ScriptedOpenAI, make_llm: MakeLLM) -> None:
    script.enqueue(ScriptedResponse.rate_limit(0.01), ScriptedResponse.rate_limit(0.01))
    script.enqueue_chat(ANSWER)
    result = make_llm(max_retries=2).parse("s", "u", Invoice)
    assert result.value.amount == 110000
    assert len(script.requests) == 3


def test_rate_limit_after_all_retries_is_recoverable(
    script: ScriptedOpenAI, make_llm: MakeLLM
) -> None:
    script.enqueue(*[ScriptedResponse.rate_limit(0.01)] * 2)
    err = _api_error(lambda: make_llm(max_retries=1).parse("s", "u", Invoice))
    assert err.code == ErrorCode.API_ERROR
    assert err.details["reason"] == "rate_limit"
    assert err.details["status_code"] == 429
    assert err.details["retry_after"] == "1"
    assert err.recoverable is True
    assert "KEIRI_LLM_CONCURRENCY" in err.hint
    assert len(script.requests) == 2


@pytest.mark.parametrize(
    ("response", "reason", "recoverable"),
    [
        (ScriptedResponse.auth_error(), "auth", False),
        (ScriptedResponse.error(403, "Project does not have access"), "auth", False),
        (ScriptedResponse.quota_exceeded(), "quota", False),
        (ScriptedResponse.error(400, "Invalid schema for response_format"), "bad_request", False),
        (ScriptedResponse.error(404, "The model `gpt-9` does not exist"), "bad_request", False),
        (
            ScriptedResponse.error(400, "The response was filtered", code="content_filter"),
            "content_filter",
            False,
        ),
        (ScriptedResponse.server_error(503), "server_error", True),
    ],
    ids=["401", "403", "429-quota", "400", "404", "400-azure-content-filter", "503"],
)
def test_http_errors_map_to_reasons(
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    response: ScriptedResponse,
    reason: str,
    recoverable: bool,
) -> None:
    script.enqueue(response)
    err = _api_error(lambda: make_llm(max_retries=0).parse("s", "u", Invoice))
    assert err.code == ErrorCode.API_ERROR
    assert err.details["reason"] == reason
    assert err.details["status_code"] == response.status
    assert err.recoverable is recoverable
    assert err.hint
    assert response.body["error"]["message"] in err.message
    assert len(script.requests) == 1


def test_auth_errors_are_not_retried(script: ScriptedOpenAI, make_llm: MakeLLM) -> None:
    script.enqueue(ScriptedResponse.auth_error(), ScriptedResponse.auth_error())
    err = _api_error(lambda: make_llm(max_retries=2).parse("s", "u", Invoice))
    assert err.details["reason"] == "auth"
    assert len(script.requests) == 1


def test_server_errors_are_retried(script: ScriptedOpenAI, make_llm: MakeLLM) -> None:
    script.enqueue(ScriptedResponse.server_error(500, retry_after_s=0.005))
    script.enqueue(ScriptedResponse.server_error(502, retry_after_s=0.005))
    script.enqueue_chat(ANSWER)
    assert make_llm(max_retries=2).parse("s", "u", Invoice).value.invoice_no == "INV-2024-0401"
    assert len(script.requests) == 3


@pytest.mark.parametrize(
    ("answer", "reason", "hint_word"),
    [
        (
            chat_completion({"invoice_no": "INV-1", "amount": "110,000"}),
            "schema_mismatch",
            "schema",
        ),
        (chat_completion({"invoice_no": "INV-1"}), "schema_mismatch", "schema"),
        (chat_completion('{"invoice_no": "INV-1", "amount": 1'), "schema_mismatch", "schema"),
        (chat_completion(None, refusal="I can't help with that."), "refusal", "rephrase"),
        (
            chat_completion('{"invoice_no": "IN', finish_reason="length"),
            "truncated",
            "per_file_chars",
        ),
        (chat_completion(None, finish_reason="content_filter"), "content_filter", "filter"),
    ],
    ids=["wrong-type", "missing-field", "invalid-json", "refusal", "length", "content-filter"],
)
def test_unusable_answers_are_api_errors(
    script: ScriptedOpenAI,
    make_llm: MakeLLM,
    answer: dict[str, Any],
    reason: str,
    hint_word: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English hint words are matched
    script.enqueue_json(answer)
    err = _api_error(lambda: make_llm().parse("s", "u", Invoice))
    assert err.code == ErrorCode.API_ERROR
    assert err.details["reason"] == reason
    assert err.recoverable is False
    assert hint_word in err.hint
    assert len(script.requests) == 1


def test_schema_mismatch_names_the_field(
    script: ScriptedOpenAI, make_llm: MakeLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is matched
    script.enqueue_chat({"invoice_no": "INV-1", "amount": "110,000"})
    err = _api_error(lambda: make_llm().parse("s", "u", Invoice))
    assert [p["path"] for p in err.details["problems"]] == ["amount"]
    assert "at amount" in err.message


def test_refusal_text_is_kept(script: ScriptedOpenAI, make_llm: MakeLLM) -> None:
    script.enqueue_chat(None, refusal="I can't help with that.")
    err = _api_error(lambda: make_llm().parse("s", "u", Invoice))
    assert err.details["refusal"] == "I can't help with that."


@pytest.mark.parametrize(
    ("exception", "code", "reason"),
    [
        (httpx2.ReadTimeout("timed out"), ErrorCode.TIMEOUT_ERROR, "timeout"),
        (httpx2.ConnectError("connection refused"), ErrorCode.API_ERROR, "connection"),
    ],
    ids=["timeout", "connection"],
)
def test_transport_failures(exception: Exception, code: ErrorCode, reason: str) -> None:
    calls: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        calls.append(request)
        raise exception

    client = httpx2.Client(transport=httpx2.MockTransport(handler))
    llm = LLMClient(
        LLMSettings(api_key=SecretStr(API_KEY), max_retries=0, timeout_s=7), http_client=client
    )
    err = _api_error(lambda: llm.parse("s", "u", Invoice))
    assert err.code == code
    assert err.details["reason"] == reason
    assert err.recoverable is True
    assert len(calls) == 1
    if reason == "timeout":
        assert err.details["timeout_s"] == 7
        assert "KEIRI_LLM_TIMEOUT_S" in err.hint


def test_no_api_key_is_an_api_error_with_a_hint() -> None:
    err = _api_error(LLMClient.from_env)
    assert err.code == ErrorCode.API_ERROR
    assert err.details["reason"] == "no_api_key"
    assert "OPENAI_API_KEY" in err.hint
    assert "AZURE_OPENAI_API_KEY" in err.hint
    assert err.recoverable is False


def test_the_key_never_leaks(
    script: ScriptedOpenAI, make_llm: MakeLLM, caplog: pytest.LogCaptureFixture
) -> None:
    # A server that echoes the key back (as real 401 answers do, partly masked).
    script.enqueue(ScriptedResponse.auth_error(f"Incorrect API key provided: {API_KEY}."))
    caplog.set_level(logging.DEBUG)
    llm = make_llm(max_retries=0)
    err = _api_error(lambda: llm.parse("s", "u", Invoice))
    assert script.requests[0].headers["authorization"] == f"Bearer {API_KEY}"  # it was sent
    assert err.details["reason"] == "auth"
    assert "Incorrect API key provided" in err.message
    assert any(record.name.startswith("openai") for record in caplog.records)
    for text in (str(err), repr(err), json.dumps(err.to_dict()), caplog.text, repr(llm.settings)):
        assert API_KEY not in text
        assert API_KEY[8:] not in text
    assert err.__cause__ is None and err.__suppress_context__


def test_key_like_strings_from_the_server_are_masked(
    script: ScriptedOpenAI, make_llm: MakeLLM
) -> None:
    script.enqueue(ScriptedResponse.auth_error("Incorrect API key provided: sk-proj-abcd****wxyz."))
    err = _api_error(lambda: make_llm(max_retries=0).parse("s", "u", Invoice))
    assert "abcd****wxyz" not in err.message
    assert "sk-***" in err.message


def test_embed_returns_vectors_in_input_order(script: ScriptedOpenAI, make_llm: MakeLLM) -> None:
    body = {
        "object": "list",
        "model": "text-embedding-3-small",
        "data": [
            {"object": "embedding", "index": 1, "embedding": [0.0, 1.0]},
            {"object": "embedding", "index": 0, "embedding": [1.0, 0.0]},
        ],
        "usage": {"prompt_tokens": 4, "total_tokens": 4},
    }
    script.enqueue_json(body)
    vectors = make_llm().embed(["請求書", "入金明細"])
    assert vectors == [[1.0, 0.0], [0.0, 1.0]]
    [request] = script.requests
    assert request.path == "/v1/embeddings"
    assert request.json["model"] == "text-embedding-3-small"
    assert request.json["input"] == ["請求書", "入金明細"]
    assert make_llm().embed([]) == []
    assert len(script.requests) == 1


def test_embed_failure_is_mapped(script: ScriptedOpenAI, make_llm: MakeLLM) -> None:
    script.enqueue(ScriptedResponse.quota_exceeded())
    err = _api_error(lambda: make_llm(max_retries=0).embed(["x"]))
    assert err.details["reason"] == "quota"
    assert err.details["model"] == "text-embedding-3-small"


def _azure_settings(**overrides: Any) -> LLMSettings:
    values: dict[str, Any] = {
        "provider": "azure",
        "api_key": API_KEY,
        "azure_endpoint": "https://keiri-test.openai.azure.com",
        "api_version": "2024-10-21",
        "model": "keiri-gpt4o-mini",
        "embedding_model": "keiri-embedding",
        "max_retries": 0,
    }
    return LLMSettings(**{**values, **overrides})


def test_azure_calls_the_deployment_with_an_api_key_header(script: ScriptedOpenAI) -> None:
    script.enqueue_chat(ANSWER)
    script.enqueue_json(
        {
            "object": "list",
            "model": "text-embedding-3-small",
            "data": [{"object": "embedding", "index": 0, "embedding": [0.5]}],
            "usage": {"prompt_tokens": 1, "total_tokens": 1},
        }
    )
    llm = LLMClient(_azure_settings(), http_client=script.http_client())
    assert llm.parse("s", "u", Invoice).value.amount == 110000
    assert llm.embed(["x"]) == [[0.5]]
    chat, embed = script.requests
    assert chat.path == "/openai/deployments/keiri-gpt4o-mini/chat/completions"
    assert embed.path == "/openai/deployments/keiri-embedding/embeddings"
    assert chat.query == "api-version=2024-10-21"
    assert chat.headers["api-key"] == API_KEY
    assert "authorization" not in chat.headers


def test_azure_without_a_deployment_is_a_config_error(script: ScriptedOpenAI) -> None:
    llm = LLMClient(_azure_settings(model=None), http_client=script.http_client())
    err = _api_error(lambda: llm.parse("s", "u", Invoice))
    assert err.details == {"reason": "config", "field": "AZURE_OPENAI_DEPLOYMENT"}
    assert script.requests == []
