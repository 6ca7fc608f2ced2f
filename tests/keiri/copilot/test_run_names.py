"""Runs named for people in the copilot's messages (`keiri.copilot.run_names`), on the local
Prefect server: a run id in a message's text reads as the run's title (plan description and
period), a link keeps its id, the ids go to the message's `runs` for the model; an id Prefect
does not know stays as written."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from keiri.base.catalog import t
from keiri.copilot import Message
from keiri.copilot.run_names import for_people, run_name

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
