"""The ChatLoop without Prefect: ActionList → dispatcher, unknown tools, bad arguments,
no LLM configured, the store across sessions."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot import CopilotError, CopilotSession, list_conversations
from keiri.copilot.tools import default_registry
from tests.keiri.copilot.conftest import actions
from tests.support.openai_server import ScriptedOpenAI


def test_explain_an_error_code(script: ScriptedOpenAI, client: LLMClient, keiri_home: Path) -> None:
    script.enqueue_chat(actions("説明します。", ("errors.explain", {"code": "FILE_ENCRYPTED"})))
    session = CopilotSession.open(user="tanaka", client=client)
    new = session.send("FILE_ENCRYPTED って何？")
    assert [m.role for m in new] == ["user", "assistant", "tool"]
    assert new[2].text == "FILE_ENCRYPTED\n" + t("copilot.explain.FILE_ENCRYPTED")
    request = script.requests[0].json
    system = request["messages"][0]["content"]
    assert system == t("copilot.prompt.main", tools=default_registry().catalog())
    assert "errors.explain" in system
    assert "FILE_ENCRYPTED って何？" in request["messages"][1]["content"]
    assert [c.conversation_id for c in list_conversations("tanaka")] == [session.conversation_id]


def test_no_llm_configured_is_a_clear_error(keiri_home: Path) -> None:
    with pytest.raises(CopilotError) as caught:
        CopilotSession.open(user="tanaka")
    assert caught.value.code == "COPILOT_LLM_NOT_CONFIGURED"
    assert caught.value.exit_code == 2  # a settings problem: the CLI's usage exit code
    assert caught.value.hint == t("copilot.hint.llm_not_configured")
    assert "OPENAI_API_KEY" in caught.value.hint


def test_unknown_tool_goes_back_to_the_model_and_the_user(
    script: ScriptedOpenAI, client: LLMClient, keiri_home: Path
) -> None:
    script.enqueue_chat(actions("一覧します。", ("design.lists", {})))
    script.enqueue_chat(actions("一覧します。", ("designs.list", {})))
    session = CopilotSession.open(user="tanaka", client=client)
    new = session.send("使える設計を教えて")
    assert [m.role for m in new] == ["user", "assistant", "tool", "assistant", "tool"]
    error = new[2].text
    assert "COPILOT_UNKNOWN_TOOL" in error and "design.lists" in error
    assert "designs.list" in error  # did you mean
    repair = script.requests[1].json["messages"][1]["content"]
    assert (
        t(
            "copilot.repair",
            problems="design.lists: " + t("copilot.error.unknown_tool", name="design.lists"),
        )
        in repair
    )
    assert new[4].text == t("copilot.design.list", count=0)  # the corrected action ran


def test_bad_arguments_are_reported_with_the_fields(
    script: ScriptedOpenAI, client: LLMClient, keiri_home: Path
) -> None:
    script.enqueue_chat(actions("説明します。", ("errors.explain", {"error": "X"})))
    script.enqueue_chat(actions("説明します。", ("errors.explain", {"code": "FILE_INVALID"})))
    session = CopilotSession.open(user="tanaka", client=client)
    new = session.send("エラーの意味は？")
    bad = new[2].text
    assert "COPILOT_BAD_ARGS" in bad and "code" in bad and "error" in bad
    assert new[4].text == "FILE_INVALID\n" + t("copilot.explain.FILE_INVALID")
    # args_json that is not JSON is reported, not guessed
    script.enqueue_chat(
        {
            "reply": "…",
            "actions": [{"operation": "errors.explain", "args_json": "{code:", "reasoning": ""}],
        }
    )
    script.enqueue_chat(actions("何もしません。"))
    new = session.send("もう一度")
    assert "COPILOT_BAD_ARGS" in new[2].text


def test_a_failing_llm_call_is_a_message_and_the_chat_goes_on(
    script: ScriptedOpenAI, client: LLMClient, keiri_home: Path
) -> None:
    from tests.support.openai_server import ScriptedResponse

    script.enqueue(ScriptedResponse.auth_error())
    session = CopilotSession.open(user="tanaka", client=client)
    new = session.send("こんにちは")
    assert new[-1].role == "system" and "COPILOT_LLM_FAILED" in new[-1].text
    script.enqueue_chat(actions("こんにちは。ご用件をどうぞ。"))
    assert session.send("こんにちは")[-1].text == "こんにちは。ご用件をどうぞ。"
    assert [m.role for m in session.history()] == ["user", "system", "user", "assistant"]


def test_declined_confirmation_runs_nothing_and_drops_what_waited(
    script: ScriptedOpenAI, client: LLMClient, keiri_home: Path
) -> None:
    steps = [{"name": "請求書チェック"}, {"name": "入金照合"}, {"name": "決算レポート"}]
    script.enqueue_chat(
        actions(
            "計画を立てます。",
            ("goal.propose", {"goal": "11月の月次決算", "steps": steps}),
        )
    )
    session = CopilotSession.open(user="tanaka", client=client)
    proposal = session.send("11月の月次決算")[-1].confirmation
    assert proposal is not None
    new = session.decide(proposal.id, approve=False)
    assert [m.role for m in new] == ["user"]
    assert new[0].text == t("copilot.confirm.declined", question=proposal.description)
    snapshot = session.snapshot()
    assert snapshot.goals[0].status == "draft" and snapshot.pending_confirmations == []
    with pytest.raises(CopilotError) as caught:
        session.decide(proposal.id, approve=True)
    assert caught.value.code == "COPILOT_ALREADY_DECIDED"


def test_a_task_list_holds_only_task_tools(
    script: ScriptedOpenAI, client: LLMClient, keiri_home: Path
) -> None:
    steps = [{"name": "請求書チェック"}, {"name": "入金照合"}, {"name": "決算レポート"}]
    script.enqueue_chat(actions("計画します。", ("goal.propose", {"goal": "11月", "steps": steps})))
    session = CopilotSession.open(user="tanaka", client=client)
    session.send("11月の決算")
    step = session.snapshot().goals[0].steps[0].step_id
    script.enqueue_chat(actions("作ります。", ("tasks.generate_list", {"step_id": step})))
    script.enqueue_chat({"tasks": [{"operation": "runs.cancel", "args_json": '{"run_id": "x"}'}]})
    new = session.send("ステップ1のタスクを作って")
    assert "COPILOT_BAD_ARGS" in new[-1].text and "runs.cancel" in new[-1].text
    assert "runs.start" in new[-1].text  # what a task may be
    assert session.snapshot().goals[0].steps[0].task_list == []
