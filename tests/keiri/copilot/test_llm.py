"""The copilot's LLM calls go through keiri's one client (`LLMClient.parse`): the real `openai`
client over `httpx2.MockTransport` answers by script. Its retries, its timeout and its key
masking hold for the copilot; a failure is `COPILOT_LLM_FAILED` carrying the client's reason,
hint and recoverability."""

from __future__ import annotations

import json

import httpx2
import pytest
from pydantic import SecretStr

from blocks.llm.client import LLMClient, LLMSettings
from keiri.base.catalog import t
from keiri.copilot.errors import LLMFailed
from keiri.copilot.llm import CopilotLLM
from keiri.copilot.prompts import WireActionList
from tests.keiri.copilot.conftest import actions
from tests.support.openai_server import TEST_API_KEY, ScriptedOpenAI, ScriptedResponse


def _llm(script: ScriptedOpenAI, **settings: object) -> CopilotLLM:
    values: dict[str, object] = {"api_key": TEST_API_KEY, "max_retries": 0, **settings}
    return CopilotLLM(LLMClient(LLMSettings(**values), http_client=script.http_client()))


def _failed(llm: CopilotLLM) -> LLMFailed:
    with pytest.raises(LLMFailed) as caught:
        llm.parse("system", "user", WireActionList)
    return caught.value


def test_a_structured_answer_through_keiri_client(script: ScriptedOpenAI) -> None:
    script.enqueue_chat(actions("一覧します。", ("designs.list", {})))
    answer = _llm(script, model="gpt-4o-mini").parse("system", "user", WireActionList)
    assert answer.reply == "一覧します。"
    assert [(a.operation, json.loads(a.args_json)) for a in answer.actions] == [
        ("designs.list", {})
    ]
    [request] = script.requests
    body = request.json
    assert body["model"] == "gpt-4o-mini"
    assert body["messages"] == [
        {"role": "system", "content": "system"},
        {"role": "user", "content": "user"},
    ]
    schema = body["response_format"]["json_schema"]
    assert schema["name"] == "WireActionList" and schema["strict"] is True
    assert schema["schema"]["properties"]["reply"]["description"] == t("copilot.field.reply")


def test_rate_limits_are_retried_by_the_client(script: ScriptedOpenAI) -> None:
    script.enqueue(ScriptedResponse.rate_limit(0.01), ScriptedResponse.rate_limit(0.01))
    script.enqueue_chat(actions("はい。"))
    assert _llm(script, max_retries=2).parse("s", "u", WireActionList).reply == "はい。"
    assert len(script.requests) == 3


def test_a_timeout_is_a_recoverable_copilot_failure() -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("timed out")

    client = LLMClient(
        LLMSettings(api_key=SecretStr(TEST_API_KEY), max_retries=0, timeout_s=7),
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
    )
    error = _failed(CopilotLLM(client))
    assert error.code == "COPILOT_LLM_FAILED"
    assert error.recoverable is True
    assert error.details["reason"] == "timeout" and error.details["cause"] == "TIMEOUT_ERROR"
    assert error.details["timeout_s"] == 7
    assert "KEIRI_LLM_TIMEOUT_S" in error.hint  # the client's hint for its reason


def test_the_key_never_reaches_the_chat(script: ScriptedOpenAI) -> None:
    script.enqueue(ScriptedResponse.auth_error(f"Incorrect API key provided: {TEST_API_KEY}."))
    error = _failed(_llm(script, max_retries=2))
    assert len(script.requests) == 1  # an auth error is not retried
    assert error.details["reason"] == "auth" and error.recoverable is False
    assert error.message.startswith(t("copilot.error.llm_failed", why=""))
    for text in (str(error), error.message, json.dumps(error.to_json(), default=str)):
        assert TEST_API_KEY not in text and TEST_API_KEY[8:] not in text


def test_a_refusal_is_a_copilot_failure_with_its_text(script: ScriptedOpenAI) -> None:
    script.enqueue_chat(None, refusal="I can't help with that.")
    error = _failed(_llm(script))
    assert error.details["reason"] == "refusal"
    assert error.details["refusal"] == "I can't help with that."
