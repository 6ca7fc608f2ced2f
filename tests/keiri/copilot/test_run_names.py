"""Runs named for people in the copilot's messages (`keiri.copilot.run_names`), on the local
Prefect server: a run id in a message's text reads as the run's title (plan description and
period), a link keeps its id, the ids go to the message's `runs` for the model; an id Prefect
does not know stays as written. A design is named by its description in the questions and
results that name it."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot import CopilotSession, Message
from keiri.copilot.run_names import design_name, for_people, run_name
from tests.keiri.copilot.conftest import actions
from tests.support.openai_server import ScriptedOpenAI

pytestmark = pytest.mark.prefect

DESIGN = """\
apiVersion: v1
id: month_payments
version: 1.0.0
description: 月次の支払確認
graph:
  - id: ask
    block: ui.interactive_input
    in: { mode: confirm, message: 確認してください }
"""


def _a_run(designs: Path) -> str:
    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.states import Completed

    (designs / "month_payments.yaml").write_text(DESIGN, encoding="utf-8")

    @flow(name="run_plan")
    def run_plan() -> None:  # only its name is registered: the run is created, not run
        return None

    with get_client(sync_client=True) as client:
        run = client.create_flow_run(
            run_plan,
            parameters={"plan": "month_payments", "vars": {"period": "2026-04"}},
            tags=["plan:month_payments"],
            state=Completed(),
        )
    return str(run.id)


def test_a_run_id_in_a_message_reads_as_the_runs_title(prefect_server: str, designs: Path) -> None:
    run_id = _a_run(designs)
    title = t("display.sep").join(["月次の支払確認", t("runs.period.month", year="2026", month=4)])
    assert run_name(run_id) == title

    link = f"http://127.0.0.1:4200/runs/flow-run/{run_id}"
    unknown = str(uuid.uuid4())
    message = Message(role="assistant", text=f"{run_id} が完了しました。{link} / {unknown}")
    named = for_people(message)

    assert named.text == (
        t("copilot.run.named", name=title) + f" が完了しました。{link} / {unknown}"
    )
    assert named.runs == [run_id]  # the model still reads which run the text names
    assert for_people(Message(role="tool", text="実行はありません")).runs == []


def test_a_design_is_named_by_its_description_where_people_read(
    designs: Path, script: ScriptedOpenAI, client: LLMClient
) -> None:
    (designs / "month_payments.yaml").write_text(DESIGN, encoding="utf-8")
    (designs / "bare.yaml").write_text(DESIGN.replace("description: 月次の支払確認\n", ""), "utf-8")
    assert design_name("month_payments") == "月次の支払確認"
    assert design_name("bare") == "bare"  # no description: the id is all there is
    assert design_name("missing") == "missing"

    session = CopilotSession.open(user="tanaka", client=client)
    script.enqueue_chat(actions("開始します。", ("runs.start", {"design": "month_payments"})))
    asked = session.send("支払確認を実行して")[-1].confirmation
    assert asked is not None
    assert asked.description == t("copilot.confirm.run_start", design="月次の支払確認")
    assert "month_payments" not in asked.description

    script.enqueue_chat(actions("検証します。", ("designs.validate", {"design": "month_payments"})))
    script.enqueue_chat({"content": "検証しました。"})
    said = [m.text for m in session.send("検証して") if m.role == "tool"]
    assert said and said[0].startswith(
        t("copilot.design.valid", design="月次の支払確認", warnings=0)
    )
