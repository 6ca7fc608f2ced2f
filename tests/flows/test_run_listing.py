"""Which runs a listing shows: a loop whose body has several nodes runs each item as a child
flow run of the plan; the runs page follows them in the parent's entry (`top_level`), while
`keiri runs` and the inbox list every run. Real local Prefect server."""

from __future__ import annotations

import json
from datetime import UTC
from pathlib import Path

import pytest

from flows.lifecycle.control import list_runs
from keiri.base.catalog import t
from keiri.cli import main

pytestmark = pytest.mark.prefect

PLAN = """\
apiVersion: v1
id: listing_items
version: 0.1.0
description: 3 件を 2 段階で確認する（一覧表示の確認用）
vars:
  rows: [{ amount: 100 }, { amount: 200 }, { amount: 300 }]
graph:
  - id: each
    type: loop
    foreach: { input: "${vars.rows}", itemVar: row }
    body:
      plan:
        graph:
          - id: first
            block: data.check_rules
            in: { data: "${row}", rules: [{ field: amount, type: number, min: 0 }] }
          - id: second
            block: data.check_rules
            in: { data: "${row}", rules: [{ field: amount, type: number, max: 1000 }] }
        exports:
          - { from: second.passed, as: passed }
    out:
      collect: passed
"""


def test_the_runs_page_lists_a_loop_run_once_and_keiri_runs_lists_its_items(
    prefect_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "listing_items.yaml"
    plan.write_text(PLAN, encoding="utf-8")
    assert main(["run", str(plan), "--json"]) == 0
    run_id = json.loads(capsys.readouterr().out)["run_id"]
    every = [v for v in list_runs(None, 60) if v.plan_id == "listing_items"]
    top = [v for v in list_runs(None, 60, top_level=True) if v.plan_id == "listing_items"]
    assert [v.run_id for v in top] == [run_id]
    assert len(every) == 1 + 3  # the parent and one child run per item
    assert {v.state for v in every} == {"Completed"}


def test_recent_runs_leave_out_runs_scheduled_for_later(
    prefect_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Prefect sorts by start time or else the expected start: a run scheduled for tomorrow
    comes first in a plain listing, and `due_only` leaves it out — the copilot's 最近の実行, the
    form app's 実行履歴 and `keiri runs`; their "scheduled" filter (予定) lists it."""
    from datetime import datetime, timedelta

    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.states import Scheduled

    @flow(name="listing-later")
    def later() -> None:
        return None

    with get_client(sync_client=True) as client:
        further = client.create_flow_run(
            later,
            state=Scheduled(scheduled_time=datetime.now(UTC) + timedelta(days=2)),
            tags=["plan:listing_later"],
        )
        future = client.create_flow_run(
            later,
            state=Scheduled(scheduled_time=datetime.now(UTC) + timedelta(days=1)),
            tags=["plan:listing_later"],
        )
    plan = tmp_path / "listing_items.yaml"
    plan.write_text(PLAN, encoding="utf-8")
    assert main(["run", str(plan), "--json"]) == 0
    run_id = json.loads(capsys.readouterr().out)["run_id"]

    assert list_runs(None, 1)[0].run_id == str(further.id)  # the furthest scheduled first
    due = [v.run_id for v in list_runs(None, 200, due_only=True)]
    assert str(future.id) not in due and str(further.id) not in due
    assert run_id in due[:8]  # the run just made, among the newest (its 3 item runs beside it)

    assert main(["runs", "--json", "--limit", "200"]) == 0
    listed = [r["run_id"] for r in json.loads(capsys.readouterr().out)["runs"]]
    assert str(future.id) not in listed and run_id in listed
    assert main(["runs", "--state", "scheduled", "--json", "--limit", "200"]) == 0
    scheduled = [r["run_id"] for r in json.loads(capsys.readouterr().out)["runs"]]
    assert str(future.id) in scheduled and run_id not in scheduled
    # the soonest first, each with the time it is due
    assert scheduled.index(str(future.id)) < scheduled.index(str(further.id))
    from keiri.base.times import local_time
    from ui_app.views.runs import _started

    [view] = [v for v in list_runs("scheduled", 200) if v.run_id == str(future.id)]
    assert view.expected and "expected" not in view.to_json()  # shown, not in --json
    assert _started(view) == t("runs.due_at", at=local_time(view.expected, "%Y-%m-%d %H:%M"))

    from ui_app import backend

    backend.forget_runs()
    page = [v.run_id for v in backend.recent_runs(None, limit=30)]
    assert str(future.id) not in page and run_id in page
    assert str(future.id) in [v.run_id for v in backend.recent_runs("scheduled", limit=200)]
