"""A three-step goal proposed, approved and advanced across two sessions with a process restart
in between: the second process opens the same conversation on the same keiri home and goes on
where the first left off (the state summary in its prompt says so); every change is logged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot import CopilotSession, Message
from keiri.copilot.store import CopilotStore
from keiri.copilot.tools import default_registry
from tests.conftest import ROOT
from tests.keiri.copilot.conftest import PLANS, actions, add_design, wait_for
from tests.support.openai_server import TEST_API_KEY, ScriptedOpenAI

pytestmark = pytest.mark.prefect

_SECOND_PROCESS = """
import json, sys
from keiri.copilot import CopilotSession
session = CopilotSession.open(user="suzuki", conversation_id=sys.argv[1])
before = [m.role for m in session.history()]
new = session.send("次のステップに進んで")
print(json.dumps({"history": before, "new": [m.model_dump(mode="json") for m in new],
                  "goals": [g.model_dump(mode="json") for g in session.snapshot().goals]},
                 ensure_ascii=False))
"""


def test_three_step_goal_survives_a_restart(
    prefect_server: str,
    designs: Path,
    script: ScriptedOpenAI,
    client: LLMClient,
    keiri_home: Path,
) -> None:
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_invoice_check")
    session = CopilotSession.open(user="tanaka", client=client)

    # 1. proposed (the §6.2 prompt writes the steps)
    script.enqueue_chat(actions("計画を立てます。", ("goal.propose", {"goal": "11月の月次決算"})))
    script.enqueue_chat(
        {
            "name": "11月の月次決算",
            "steps": [
                {
                    "name": "請求書チェック",
                    "description": "今月の請求書を確認する",
                    "depends_on": [],
                },
                {"name": "入金照合", "description": "入金と請求を照合する", "depends_on": [1]},
                {"name": "決算レポート", "description": "結果をまとめる", "depends_on": [2]},
            ],
        }
    )
    new = session.send("11月の月次決算を進めたい")
    plan_request = script.requests[1].json["messages"]
    assert plan_request[0]["content"] == t("copilot.prompt.plan", user_goal="11月の月次決算")
    proposal = new[-1].confirmation
    assert proposal is not None and proposal.action.operation == "goal.approve"
    goal = session.snapshot().goals[0]
    assert [s.name for s in goal.steps] == ["請求書チェック", "入金照合", "決算レポート"]
    assert goal.status == "draft" and goal.steps[1].depends_on == [goal.steps[0].step_id]
    step1, step2, step3 = (s.step_id for s in goal.steps)

    # 2. approved
    session.decide(proposal.id, approve=True)
    assert session.snapshot().goals[0].status == "approved"

    # 3. step 1: TaskList (the §6.3 prompt), then the TaskLoop in the background
    script.enqueue_chat(
        actions(
            "ステップ1を進めます。",
            ("tasks.generate_list", {"step_id": step1}),
            ("task_loop.run", {"step_id": step1}),
        )
    )
    script.enqueue_chat(
        {
            "tasks": [
                {
                    "operation": "designs.validate",
                    "args_json": '{"design": "monthly_invoice_check"}',
                },
                {"operation": "runs.start", "args_json": '{"design": "monthly_invoice_check"}'},
            ]
        }
    )
    new = session.send("ステップ1を進めて")
    task_request = script.requests[-1].json["messages"]
    assert task_request[0]["content"] == t(
        "copilot.prompt.task",
        step_name="請求書チェック",
        operations=", ".join(default_registry().task_names()),
        designs="- monthly_invoice_check",
    )
    assert task_request[1]["content"].startswith(
        t(
            "copilot.prompt.task_user",
            goal="11月の月次決算",
            step="今月の請求書を確認する",
            conversation="",
        )
    )
    confirm = new[-1].confirmation
    assert confirm is not None and confirm.action.operation == "task_loop.run"
    # The question lists every operation of the list, with its arguments, in words.
    assert confirm.description == "\n".join(
        [
            t("copilot.confirm.task_loop_step", step="請求書チェック", count=2),
            "1. " + t("copilot.confirm.design_validate", design="monthly_invoice_check"),
            "2. " + t("copilot.confirm.run_start", design="monthly_invoice_check"),
        ]
    )
    session.decide(confirm.id, approve=True)
    script.enqueue_chat(
        {
            "status": "completed",
            "succeeded": 2,
            "failed": 0,
            "causes": [],
            "next_actions": ["ステップ2『入金照合』に進む"],
            "text": "ステップ1『請求書チェック』が完了しました（2 件成功）。次は入金照合です。",
        }
    )
    seen: list[Message] = []

    def reported() -> bool:
        seen.extend(session.refresh())
        return any(m.role == "assistant" and "完了しました" in m.text for m in seen)

    wait_for(reported)
    goal = session.snapshot().goals[0]
    assert [s.status for s in goal.steps] == ["completed", "pending", "pending"]
    assert goal.status == "in_progress" and "入金照合" in (goal.steps[0].summary or "")
    assert [t.status for t in goal.steps[0].task_list] == ["completed", "completed"]

    # 4. restart: another process, another user, the same conversation and keiri home
    script.start()
    script.enqueue_chat(
        actions(
            "ステップ2に進みます。",
            ("goal.update_step", {"step_id": step2, "status": "in_progress"}),
        )
    )
    env = {**os.environ, **script.env(TEST_API_KEY)}
    done = subprocess.run(
        [sys.executable, "-c", _SECOND_PROCESS, session.conversation_id],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    second = json.loads(done.stdout.strip().splitlines()[-1])
    assert second["history"][:2] == ["user", "assistant"]  # the first process's conversation
    prompt = script.requests[-1].json["messages"][1]["content"]
    before_history = t("copilot.prompt.main_user", state="\0", history="\0", request="").split(
        "\0"
    )[1]
    state, recent = prompt.split(before_history)
    progress = {"id": goal.goal_id, "name": "11月の月次決算", "status": "in_progress", "total": 3}
    assert t("copilot.state.goal", done=1, **progress) in state
    assert f"[{step1}] 請求書チェック — completed" in state
    assert t("copilot.state.goal", done=0, **progress) not in state
    assert "ステップ1を進めて" in recent  # the conversation of the first process
    steps = second["goals"][0]["steps"]
    assert [s["status"] for s in steps] == ["completed", "in_progress", "pending"]

    # 5. back here: the state is the same for everyone; every change says who and when
    again = CopilotSession.open(
        user="tanaka", conversation_id=session.conversation_id, client=client
    )
    assert [s.status for s in again.snapshot().goals[0].steps] == [
        "completed",
        "in_progress",
        "pending",
    ]
    log = CopilotStore(keiri_home).changes(goal.goal_id)
    assert [(c["who"], c["change"]) for c in log] == [
        ("tanaka", "proposed"),
        ("tanaka", "approved"),
        ("tanaka", "tasks_generated"),
        ("tanaka", "step_in_progress"),
        ("tanaka", "step_completed"),
        ("suzuki", "step_updated"),
    ]
    assert all(c["at"].tzinfo is not None for c in log)
    assert step3 == again.snapshot().goals[0].steps[2].step_id
