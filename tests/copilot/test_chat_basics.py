"""The ChatLoop without Prefect: ActionList → dispatcher, unknown tools, bad arguments,
no LLM configured, the store across sessions."""

from __future__ import annotations

from pathlib import Path

import openai
import pytest

from keiri.copilot import CopilotError, CopilotSession, list_conversations
from tests.copilot.conftest import actions
from tests.support.openai_server import ScriptedOpenAI


def test_explain_an_error_code(
    script: ScriptedOpenAI, client: openai.OpenAI, keiri_home: Path
) -> None:
    script.enqueue_chat(actions("説明します。", ("errors.explain", {"code": "FILE_ENCRYPTED"})))
    session = CopilotSession.open(user="tanaka", client=client)
    new = session.send("FILE_ENCRYPTED って何？")
    assert [m.role for m in new] == ["user", "assistant", "tool"]
    assert "パスワード" in new[2].text
    request = script.requests[0].json
    system = request["messages"][0]["content"]
    assert "司令塔" in system and "errors.explain" in system
    assert "FILE_ENCRYPTED って何？" in request["messages"][1]["content"]
    assert [c.conversation_id for c in list_conversations("tanaka")] == [session.conversation_id]


def test_no_llm_configured_is_a_clear_error(keiri_home: Path) -> None:
    with pytest.raises(CopilotError) as caught:
        CopilotSession.open(user="tanaka")
    assert caught.value.code == "COPILOT_LLM_NOT_CONFIGURED"
    assert "OPENAI_API_KEY" in caught.value.hint
