"""Periods on real `keiri worker`s: at most one open run per deployment and period (refused
up front by `keiri deployments run`, and at the start of a run created any other way), other
periods go on; a backfill creates exactly one run per period, each given its period as a var."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.ops.conftest import PLANS, Ops, OwnServer, eventually, read_journal, wait_state

pytestmark = [pytest.mark.prefect, pytest.mark.slow]
ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def _create_by_api(name: str, tags: list[str]) -> str:
    """A run created through the Prefect API (as the Prefect UI's "Run" does): no keiri check."""
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        deployment = client.read_deployment_by_name(f"run_plan/{name}")
        run = client.create_flow_run_from_deployment(deployment.id, tags=tags)
    return str(run.id)


def _inputs(run_id: str) -> dict[str, Any]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        found = client.filter_flow_run_input(
            flow_run_id=uuid.UUID(run_id), key_prefix="keiri-", limit=50, exclude_keys=set()
        )
    return {f.key: f.decoded_value for f in found}


def test_one_open_run_per_period(ops: Ops, ops_server: OwnServer) -> None:
    from flows.lifecycle.control import resume_run

    name = f"close-{ops.pool}"
    ops.write(
        name,
        design=str(PLANS / "ask_then_record.yaml"),
        period={"unit": "month", "var": "tag"},
        concurrency=None,
    )
    assert ops.deploy()[0] == 0
    worker = ops.worker("w1", limit=4)

    code, doc = ops.deployments("run", name, "--period", "2026-04")
    assert code == 0, doc
    april = doc["run_id"]
    paused = wait_state(april, {"PAUSED"} | ENDED, 150)
    assert paused.state.name == "Suspended", worker.output()
    assert _inputs(april)["keiri-started-by"]["via"] == "cli"
    # The name the operator is told is the keiri name the run keeps once it started.
    assert doc["run_name"] == paused.name and paused.name.startswith("ops_ask-"), doc

    # A period that is not a month key is a usage error (nothing created).
    code, bad = ops.deployments("run", name, "--period", "April")
    assert code == 2 and bad["error"]["code"] == "USAGE_ERROR", bad

    # Up front: nothing is created for a period with an open run.
    code, refused = ops.deployments("run", name, "--period", "2026-04")
    assert code == 1 and refused["error"]["code"] == "PERIOD_OPEN", refused
    assert april in refused["error"]["message"] and "2026-04" in refused["error"]["message"]

    # A run made through the Prefect API for the same period is refused at its start.
    duplicate = _create_by_api(name, ["period:2026-04"])
    ended = wait_state(duplicate, ENDED, 150)
    assert (ended.state.type.value, ended.state.name) == ("CANCELLED", "PeriodOpen"), (
        worker.output()
    )
    assert april in (ended.state.message or "")
    assert _inputs(duplicate)["keiri-started-by"] == {
        "by": "Prefect API",
        "at": _inputs(duplicate)["keiri-started-by"]["at"],
        "via": "api",
    }

    # Another period is not held back by the paused one.
    code, doc = ops.deployments("run", name, "--period", "2026-05")
    may = doc["run_id"]
    assert wait_state(may, {"PAUSED"} | ENDED, 150).state.name == "Suspended"
    listed = ops.deployments("ls")[1]["deployments"]
    (row,) = [d for d in listed if d["name"] == name]
    assert row["open_periods"] == {"2026-04": "Suspended", "2026-05": "Suspended"}

    # Once April is done, April may run again.
    resume_run(april, {"amount": 4}, "sato")
    assert wait_state(april, ENDED, 150).state.type.value == "COMPLETED"
    code, again = ops.deployments("run", name, "--period", "2026-04")
    assert code == 0, again
    assert wait_state(again["run_id"], {"PAUSED"} | ENDED, 150).state.name == "Suspended"
    for run_id in (may, again["run_id"]):
        resume_run(run_id, {"amount": 1}, "sato")
        assert wait_state(run_id, ENDED, 150).state.type.value == "COMPLETED"
    # The period reached the plan as its `tag` var: April twice (two closed runs), May once.
    labels = [e["label"] for e in read_journal(ops.journal)]
    assert sorted(labels) == sorted(
        ["before-2026-04", "after-2026-04"] * 2 + ["before-2026-05", "after-2026-05"]
    )


def test_backfill_creates_one_run_per_period(ops: Ops, ops_server: OwnServer) -> None:
    name = f"backfill-{ops.pool}"
    ops.write(
        name,
        design=str(PLANS / "record_chain.yaml"),
        period={"unit": "month", "var": "tag"},
        concurrency={"limit": 1},
    )
    assert ops.deploy()[0] == 0
    code, doc = ops.deployments("backfill", name, "--from", "2026-04", "--to", "2026-09")
    assert code == 0, doc
    periods = ["2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09"]
    assert sorted(doc["created"]) == periods and doc["skipped"] == {}
    # Asked again while they wait: nothing more.
    code, again = ops.deployments("backfill", name, "--from", "2026-04", "--to", "2026-09")
    assert code == 0 and again["created"] == {} and again["skipped"] == doc["created"]

    ops.worker("w1", limit=4)
    runs = list(doc["created"].values())
    finished = [wait_state(r, ENDED, 240) for r in runs]
    assert [r.state.type.value for r in finished] == ["COMPLETED"] * 6
    assert [sorted(t for t in r.tags if t.startswith("period:")) for r in finished] == [
        [f"period:{p}"] for p in periods
    ]
    labels = [e["label"] for e in read_journal(ops.journal) if e["label"].startswith("middle")]
    assert labels == [f"middle-{p}" for p in periods]  # one each, in period order (limit 1)
    starts = [r.start_time for r in finished]
    assert starts == sorted(starts)
    assert (
        eventually(lambda: _inputs(runs[0]), lambda i: "keiri-started-by" in i, 10)[
            "keiri-started-by"
        ]["via"]
        == "backfill"
    )
