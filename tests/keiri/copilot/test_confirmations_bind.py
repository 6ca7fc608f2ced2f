"""Confirmations bind to what was shown (issue 23 item 3), through the real `openai` client with
scripted answers and real runs on the local Prefect server:

- the question of `task_loop.run {step_id}` lists every operation of the step's task list
  with its arguments, in words;
- a list swapped after the question was shown (a later, prompt-injected turn regenerates it)
  invalidates the question — the person is told — and approving it runs nothing;
- approving runs exactly the operations shown, even when the step's list was changed behind
  the store's back afterwards;
- a confirmation whose stored snapshot no longer matches its seal runs nothing.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot import Confirmation, CopilotError, CopilotSession, Message
from keiri.copilot.store import CopilotStore
from tests.keiri.copilot.conftest import PLANS, actions, add_design, wait_for
from tests.support.openai_server import ScriptedOpenAI
from tests.support.prefect_server import runs_of_plan

pytestmark = pytest.mark.prefect

STEP = "請求書チェック"


def _task_list(*tasks: tuple[str, dict[str, str]]) -> dict[str, object]:
    """The TaskTool's answer (the wire TaskList)."""
    return {
        "tasks": [
            {"operation": op, "args_json": json.dumps(args, ensure_ascii=False)}
            for op, args in tasks
        ]
    }


def _goal(session: CopilotSession, script: ScriptedOpenAI) -> str:
    """A goal with one step, proposed (its approval question left pending); the step's id."""
    script.enqueue_chat(
        actions(
            "計画します。", ("goal.propose", {"goal": "11月の月次決算", "steps": [{"name": STEP}]})
        )
    )
    session.send("11月の月次決算を進めたい")
    return session.snapshot().goals[0].steps[0].step_id


def _ask_to_run(
    session: CopilotSession,
    script: ScriptedOpenAI,
    step_id: str,
    *tasks: tuple[str, dict[str, str]],
) -> Confirmation:
    """One turn: the TaskTool writes the step's list, then `task_loop.run` asks to run it."""
    script.enqueue_chat(
        actions(
            "ステップ1を進めます。",
            ("tasks.generate_list", {"step_id": step_id}),
            ("task_loop.run", {"step_id": step_id}),
        )
    )
    script.enqueue_chat(_task_list(*tasks))
    confirmation = session.send("ステップ1を進めて")[-1].confirmation
    assert confirmation is not None and confirmation.action.operation == "task_loop.run"
    return confirmation


def _batches(home: Path) -> list[str]:
    with sqlite3.connect(home / CopilotStore.FILE) as db:
        return [row[0] for row in db.execute("SELECT body FROM batches")]


def test_a_list_swapped_after_the_question_is_not_run(
    prefect_server: str,
    designs: Path,
    script: ScriptedOpenAI,
    client: LLMClient,
    keiri_home: Path,
) -> None:
    design = f"swap_{uuid.uuid4().hex[:8]}"
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", design)
    session = CopilotSession.open(user="tanaka", client=client)
    step_id = _goal(session, script)

    shown = _ask_to_run(session, script, step_id, ("designs.validate", {"design": design}))
    assert shown.description == "\n".join(
        [
            t("copilot.confirm.task_loop_step", step=STEP, count=1),
            "1. " + t("copilot.confirm.design_validate", design=design),
        ]
    )

    # A later turn (「今の状況は？」, answered by a prompt-injected model) replaces the list.
    script.enqueue_chat(
        actions("状況を確認します。", ("tasks.generate_list", {"step_id": step_id}))
    )
    script.enqueue_chat(
        _task_list(("designs.dry_run", {"design": design}), ("runs.start", {"design": design}))
    )
    new = session.send("今の状況は？")

    notice = t("copilot.confirm.invalidated", step=STEP, question=shown.description)
    assert [m.text for m in new if m.role == "system"] == [notice]  # the person is told
    assert shown.id not in {c.id for c in session.pending()}
    with pytest.raises(CopilotError) as caught:
        session.decide(shown.id, approve=True)
    assert caught.value.code == "COPILOT_CONFIRMATION_STALE"
    assert caught.value.message == t("copilot.error.confirmation_stale", question=shown.description)

    assert _batches(keiri_home) == []  # nothing ran: no task list, no run
    assert runs_of_plan(prefect_server, design) == []
    step = session.snapshot().goals[0].steps[0]
    assert step.status == "pending"
    assert [(x.operation, x.args) for x in step.task_list] == [
        ("designs.dry_run", {"design": design}),
        ("runs.start", {"design": design}),
    ]

    # Asked again, the new list is what is shown, operation by operation.
    script.enqueue_chat(actions("実行します。", ("task_loop.run", {"step_id": step_id})))
    again = session.send("ステップ1を実行して")[-1].confirmation
    assert again is not None
    assert again.description.splitlines()[1:] == [
        "1. " + t("copilot.confirm.design_dry_run", design=design),
        "2. " + t("copilot.confirm.run_start", design=design),
    ]


def test_the_approval_runs_exactly_the_operations_shown(
    prefect_server: str,
    designs: Path,
    script: ScriptedOpenAI,
    client: LLMClient,
    keiri_home: Path,
) -> None:
    design = f"exact_{uuid.uuid4().hex[:8]}"
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", design)
    session = CopilotSession.open(user="tanaka", client=client)
    step_id = _goal(session, script)
    listed = [("designs.validate", {"design": design}), ("runs.start", {"design": design})]
    shown = _ask_to_run(session, script, step_id, *listed)
    assert shown.description.splitlines()[1:] == [
        "1. " + t("copilot.confirm.design_validate", design=design),
        "2. " + t("copilot.confirm.run_start", design=design),
    ]

    # The step's list changes behind the store's back (no invalidation): the approval still
    # runs what was shown, never the list as it is at approval time.
    store = CopilotStore(keiri_home)
    goal = store.goals()[0]
    goal.steps[0].task_list[1].operation = "designs.dry_run"
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE goals SET body = ? WHERE id = ?", (goal.model_dump_json(), goal.goal_id))

    approved = session.decide(shown.id, approve=True)
    assert approved[0].text == t("copilot.confirm.approved", question=shown.description)
    [batch] = session.snapshot().running
    assert [(x.operation, x.args) for x in batch.tasks] == listed

    script.enqueue_chat(
        {
            "status": "completed",
            "succeeded": 2,
            "failed": 0,
            "causes": [],
            "next_actions": [],
            "text": "ステップ1が完了しました（2 件成功）。",
        }
    )
    seen: list[Message] = []

    def reported() -> Message | None:
        seen.extend(session.refresh())
        return next((m for m in seen if m.role == "assistant" and m.links), None)

    wait_for(reported)
    step = session.snapshot().goals[0].steps[0]
    assert step.status == "completed"
    assert [(x.operation, x.args, x.status) for x in step.task_list] == [
        (op, args, "completed") for op, args in listed
    ]
    assert len(runs_of_plan(prefect_server, design)) == 1  # the one runs.start shown


def test_a_confirmation_changed_in_the_store_runs_nothing(
    designs: Path, script: ScriptedOpenAI, client: LLMClient, keiri_home: Path
) -> None:
    """The stored snapshot is sealed: an edited operation no longer matches its digest."""
    design = f"sealed_{uuid.uuid4().hex[:8]}"
    add_design(designs, PLANS / "valid" / "linear_chain.yaml", design)
    session = CopilotSession.open(user="tanaka", client=client)
    step_id = _goal(session, script)
    shown = _ask_to_run(session, script, step_id, ("designs.validate", {"design": design}))

    store = CopilotStore(keiri_home)
    assert shown.shown is not None
    forged = shown.model_copy(deep=True)
    assert forged.shown is not None
    forged.shown.operations[0].operation = "designs.dry_run"
    with sqlite3.connect(store.path) as db:
        db.execute(
            "UPDATE confirmations SET body = ? WHERE id = ?", (forged.model_dump_json(), shown.id)
        )

    with pytest.raises(CopilotError) as caught:
        session.decide(shown.id, approve=True)
    assert caught.value.code == "COPILOT_CONFIRMATION_STALE"
    assert caught.value.message == t("copilot.error.confirmation_tampered", id=shown.id)
    assert _batches(keiri_home) == []
    assert shown.id in {c.id for c in session.pending()}  # still undecided, nothing claimed
