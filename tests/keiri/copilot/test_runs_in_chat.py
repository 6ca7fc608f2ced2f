"""The must-show exchanges through the real openai client (scripted answers) and real runs on
the local Prefect server: a run from a chat request with confirmation and a background report,
a failing run reported with its cause and the next action, a paused run answered from the chat,
and a permission refusal. Runs are named by their titles in what people read; their ids go to
the model (the history's `runs=`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot import CopilotSession, Message
from keiri.copilot.run_names import run_name
from tests.keiri.copilot.conftest import PLANS, actions, add_design, wait_for
from tests.support.openai_server import ScriptedOpenAI

pytestmark = pytest.mark.prefect


def _report(session: CopilotSession, seen: list[Message]) -> Message | None:
    """Refresh; the TaskLoop's report once it is posted (an assistant message after a run)."""
    seen += session.refresh()
    return next((m for m in seen if m.role == "assistant" and "TaskList" in m.text), None) or next(
        (m for m in seen if m.role == "assistant" and m.links), None
    )


def test_invoice_check_request_runs_in_background_and_reports(
    prefect_server: str, designs: Path, script: ScriptedOpenAI, client: LLMClient
) -> None:
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_invoice_check")
    script.enqueue_chat(
        actions(
            "今月の請求書チェックを実行します。",
            ("runs.start", {"design": "monthly_invoice_check"}),
        )
    )
    session = CopilotSession.open(user="tanaka", client=client)

    new = session.send("今月の請求書チェックを実行して")

    assert [m.role for m in new] == ["user", "assistant", "assistant"]
    assert new[1].actions[0].operation == "runs.start"
    confirmation = new[2].confirmation
    assert confirmation is not None and confirmation.status == "pending"
    assert "monthly_invoice_check" in confirmation.description
    assert session.snapshot().pending_confirmations[0].id == confirmation.id

    started = session.decide(confirmation.id, approve=True)  # returns at once: run detached
    tool = started[-1]
    running = session.snapshot().running
    assert len(running) == 1 and running[0].tasks[0].run_id
    run_id = running[0].tasks[0].run_id
    assert tool.role == "tool"
    from flows.lifecycle.run_title import title_of_run

    named = title_of_run(run_id)[1].text()
    assert named and run_name(run_id) == named
    assert tool.text == t("copilot.run.started", run=named)
    assert run_id not in tool.text and tool.runs == [run_id]  # the id is kept for the model
    assert tool.links and tool.links[0].kind == "run" and run_id not in tool.links[0].label

    script.enqueue_chat(
        {
            "status": "completed",
            "succeeded": 1,
            "failed": 0,
            "causes": [],
            "next_actions": ["結果のレポートを確認してください"],
            "text": "請求書チェックが完了しました。1 件のタスクが成功し、失敗は 0 件です。",
        }
    )
    seen: list[Message] = []
    report = wait_for(lambda: _report(session, seen))
    assert report.text == "請求書チェックが完了しました。1 件のタスクが成功し、失敗は 0 件です。"
    assert report.links and report.links[0].kind == "run"
    summary_request = script.requests[-1].json
    assert summary_request["messages"][0]["content"] == t("copilot.prompt.summary")
    assert summary_request["messages"][1]["content"].startswith(
        t("copilot.prompt.summary_user", log="")
    )
    assert "completed" in summary_request["messages"][1]["content"]
    assert session.snapshot().running == []
    assert not session.refresh()  # reported once


def test_failing_run_is_reported_with_cause_and_next_action(
    prefect_server: str, designs: Path, script: ScriptedOpenAI, client: LLMClient
) -> None:
    add_design(designs, PLANS / "runtime" / "failing.yaml", "month_end_failing")
    script.enqueue_chat(actions("実行します。", ("runs.start", {"design": "month_end_failing"})))
    session = CopilotSession.open(user="tanaka", client=client)
    confirmation = session.send("月末処理を実行して")[-1].confirmation
    assert confirmation is not None
    session.decide(confirmation.id, approve=True)
    run_id = session.snapshot().running[0].tasks[0].run_id
    # The model's report claims a success: the checked report replaces it with the template.
    script.enqueue_chat(
        {
            "status": "completed",
            "succeeded": 1,
            "failed": 0,
            "causes": [],
            "next_actions": [],
            "text": "すべて成功しました。",
        }
    )
    seen: list[Message] = []
    report = wait_for(lambda: _report(session, seen))
    assert report.text.startswith(t("copilot.summary.failed", total=1, succeeded=0, failed=1))
    assert "API_ERROR" in report.text  # the cause: the block's error code
    # The recommended next action names the run by its title, not its id.
    assert t("copilot.summary.next_retry", run="month_end_failing") in report.text
    assert run_id not in report.text and run_id in report.runs
    assert "すべて成功しました" not in report.text


def test_paused_run_is_answered_from_the_chat(
    prefect_server: str, designs: Path, script: ScriptedOpenAI, client: LLMClient
) -> None:
    add_design(designs, PLANS / "runtime" / "ask_then_record.yaml", "amount_check")
    script.enqueue_chat(actions("実行します。", ("runs.start", {"design": "amount_check"})))
    session = CopilotSession.open(user="tanaka", client=client)
    confirmation = session.send("金額チェックを実行して")[-1].confirmation
    assert confirmation is not None
    session.decide(confirmation.id, approve=True)
    run_id = session.snapshot().running[0].tasks[0].run_id
    assert run_id

    seen: list[Message] = []
    announced = t(
        "copilot.run_paused",
        run="amount_check",  # the plan has no description: its id names it
        step="入力して承認する",  # the step's name for people, not its node id
        message="金額を確認してください",
        fields=t("copilot.run_paused_field", id="amount", label="金額", type="number"),
    )

    def paused() -> Message | None:
        seen.extend(session.refresh())
        return next((m for m in seen if m.role == "system" and m.text == announced), None)

    notice = wait_for(paused)
    assert {link.kind for link in notice.links} == {"form", "run"}
    assert [r.run_id for r in session.snapshot().paused_runs] == [run_id]
    assert not [m for m in session.refresh() if m.text == announced]  # announced once

    script.enqueue_chat(
        actions("再開します。", ("runs.resume", {"run_id": run_id, "answers": {"amount": 1200}}))
    )
    ask = session.send("金額は 1200 で再開して")[-1].confirmation
    assert ask is not None and ask.action.operation == "runs.resume"
    # The model read the run's id in the history (the announcement named it by title).
    main_call = next(r.json for r in reversed(script.requests) if "再開して" in str(r.json))
    assert f"runs={run_id}" in main_call["messages"][1]["content"]
    assert ask.description == t(
        "copilot.confirm.run_resume", run="amount_check", answers="amount = 1200"
    )
    resumed = session.decide(ask.id, approve=True)
    assert resumed[-1].text == t(
        "copilot.run.resumed", run="amount_check", step=t("step.form.mixed"), user="tanaka"
    )
    assert not [m for m in session.history() if run_id in m.text]  # no id where people read

    script.enqueue_chat(
        {
            "status": "completed",
            "succeeded": 1,
            "failed": 0,
            "causes": [],
            "next_actions": [],
            "text": "金額 1200 で実行が完了しました。",
        }
    )
    report = wait_for(lambda: _report(session, seen))
    assert report.text == "金額 1200 で実行が完了しました。"

    from flows.lifecycle.runs import outcome

    result = outcome(run_id)
    assert result.state == "completed"
    assert result.outputs["after"]["value"] == 1200


def test_an_action_the_user_may_not_do_is_refused_with_the_reason(
    prefect_server: str,
    designs: Path,
    script: ScriptedOpenAI,
    client: LLMClient,
    keiri_home: Path,
) -> None:
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_invoice_check")
    keiri_home.mkdir(parents=True, exist_ok=True)
    (keiri_home / "permissions.yaml").write_text(
        "default_role: viewer\nusers:\n  tanaka: operator\n  sato: viewer\n", encoding="utf-8"
    )
    script.enqueue_chat(
        actions("実行します。", ("runs.start", {"design": "monthly_invoice_check"}))
    )
    viewer = CopilotSession.open(user="sato", client=client)
    new = viewer.send("今月の請求書チェックを実行して")
    refusal = new[-1]
    assert refusal.role == "system"
    assert refusal.text == t(
        "copilot.permission_denied", user="sato", role="viewer", tool="runs.start", permission="run"
    )
    assert viewer.snapshot().pending_confirmations == []
    assert viewer.snapshot().running == []

    # An operator asks; the viewer may not approve it in the same (team) conversation.
    script.enqueue_chat(
        actions("実行します。", ("runs.start", {"design": "monthly_invoice_check"}))
    )
    operator = CopilotSession.open(
        user="tanaka", conversation_id=viewer.conversation_id, client=client
    )
    confirmation = operator.send("請求書チェックを実行して")[-1].confirmation
    assert confirmation is not None
    refused = viewer.decide(confirmation.id, approve=True)
    assert refused[-1].role == "system" and refused[-1].text == refusal.text
    assert [c.id for c in operator.snapshot().pending_confirmations] == [confirmation.id]
    assert operator.snapshot().running == []


def test_the_watcher_reports_while_no_chat_is_open(
    prefect_server: str,
    designs: Path,
    script: ScriptedOpenAI,
    client: LLMClient,
    keiri_home: Path,
) -> None:
    """No chat waits: the background watcher notices the end and posts the template report
    (no LLM configured in its environment); the chat reads it later."""
    from keiri.copilot.watch import spawn

    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_invoice_check")
    script.enqueue_chat(
        actions("実行します。", ("runs.start", {"design": "monthly_invoice_check"}))
    )
    session = CopilotSession.open(user="tanaka", client=client)
    confirmation = session.send("今月の請求書チェックを実行して")[-1].confirmation
    assert confirmation is not None
    session.decide(confirmation.id, approve=True)
    conversation = session.conversation_id
    del session  # the chat is closed

    watcher = spawn(keiri_home)
    assert watcher.wait(timeout=180) == 0  # it exits once nothing runs

    later = CopilotSession.open(user="tanaka", conversation_id=conversation, client=client)
    report = later.history()[-1]
    assert report.role == "assistant"
    assert report.text.startswith(t("copilot.summary.completed", total=1, succeeded=1, failed=0))
    assert t("copilot.summary.task_ok", task="monthly_invoice_check", state="completed") in (
        report.text
    )
    assert later.snapshot().running == []
    assert len(script.requests) == 1  # the watcher used no LLM


def test_the_watcher_reports_when_every_chat_is_closed(
    prefect_server: str, designs: Path, script: ScriptedOpenAI, client: LLMClient
) -> None:
    """A surface's session (`background=True`) starts the watcher when a turn leaves a task
    list running; the report reaches the conversation with no session polling. The watcher
    has no model configured here, so it posts the template report."""
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_invoice_check")
    script.enqueue_chat(
        actions("実行します。", ("runs.start", {"design": "monthly_invoice_check"}))
    )
    session = CopilotSession.open(user="tanaka", client=client, background=True)
    asked = session.send("今月の請求書チェックを実行して")
    confirmation = asked[-1].confirmation
    assert confirmation is not None
    session.decide(confirmation.id, approve=True)
    conversation = session.conversation_id
    del session  # every chat closed: nothing polls in this process from here on

    from keiri.copilot.store import CopilotStore

    store = CopilotStore(Path(os.environ["KEIRI_HOME"]).resolve())

    def reported() -> Message | None:
        return next(
            (
                m
                for _, m in store.messages(conversation)
                if m.role == "assistant" and m.links and m.links[0].kind == "run"
            ),
            None,
        )

    report = wait_for(reported)
    assert "1" in report.text  # the template counts the succeeded task
    assert store.running_batches(conversation) == []
