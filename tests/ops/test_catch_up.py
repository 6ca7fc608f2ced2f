"""Catch-up after an outage: three every-minute deployments (`catch_up: all | latest | skip`,
lateness window 60 s) miss their runs while the server is down; once it is back and a worker
runs, `all` runs every missed run, `latest` only the latest missed one (the others end
Cancelled, named Skipped, with the reason), `skip` none of them."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.ops.conftest import PLANS, Ops, OwnServer, eventually, wait_state

pytestmark = [pytest.mark.prefect, pytest.mark.slow]
ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}
WINDOW = timedelta(seconds=60)


def _runs(name: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterDeploymentId

    with get_client(sync_client=True) as client:
        deployment = client.read_deployment_by_name(f"run_plan/{name}")
        return list(
            client.read_flow_runs(
                flow_run_filter=FlowRunFilter(
                    deployment_id=FlowRunFilterDeploymentId(any_=[deployment.id])
                ),
                limit=200,
            )
        )


def test_missed_runs_follow_the_catch_up_policy(ops: Ops, ops_server: OwnServer) -> None:
    names = {policy: f"{policy}-{ops.pool}" for policy in ("all", "latest", "skip")}
    for policy, name in names.items():
        ops.write(
            name,
            design=str(PLANS / "record_chain.yaml"),
            schedules=[{"cron": "* * * * *"}],
            vars={"tag": policy},
            catch_up=policy,
            late_after="60s",
            concurrency=None,
        )
    assert ops.deploy()[0] == 0
    # The scheduler creates the next runs; then the server goes down.
    for name in names.values():
        eventually(lambda n=name: _runs(n), lambda r: len(r) >= 3, timeout=120)
    down_at = datetime.now(UTC)
    assert ops_server.stop()
    # Down until two of each deployment's runs are missed (due more than the window ago).
    eventually(
        lambda: datetime.now(UTC),
        lambda now: now > down_at.replace(second=0, microsecond=0) + timedelta(minutes=2) + WINDOW,
        timeout=300,
    )
    ops_server.start()
    back_at = datetime.now(UTC)
    missed = {
        policy: sorted(
            (r for r in _runs(name) if r.expected_start_time < back_at - WINDOW),
            key=lambda r: r.expected_start_time,
        )
        for policy, name in names.items()
    }
    assert all(len(runs) >= 2 for runs in missed.values()), missed
    ops.worker("w1", limit=6)

    ended = {
        policy: [wait_state(str(r.id), ENDED, 300) for r in runs] for policy, runs in missed.items()
    }
    assert [r.state.type.value for r in ended["all"]] == ["COMPLETED"] * len(ended["all"])
    latest = ended["latest"]
    assert [(r.state.type.value, r.state.name) for r in latest[:-1]] == [
        ("CANCELLED", "Skipped")
    ] * (len(latest) - 1)
    assert "catch_up: latest" in (latest[0].state.message or "")
    # The latest missed run runs — unless, on a slow machine, a later run was missed as well
    # by the time it started: then that one is the latest (and so on), and one of them runs.
    last = latest[-1]
    if last.state.type.value != "COMPLETED":
        assert last.state.name == "Skipped" and "catch_up: latest" in (last.state.message or "")

        def later_completed() -> list[Any]:
            return [
                r
                for r in _runs(names["latest"])
                if r.expected_start_time > last.expected_start_time
                and r.state is not None
                and r.state.type.value == "COMPLETED"
            ]

        assert eventually(later_completed, bool, 300), "no run of the `latest` deployment ran"
    assert [(r.state.type.value, r.state.name) for r in ended["skip"]] == [
        ("CANCELLED", "Skipped")
    ] * len(ended["skip"])
    assert "catch_up: skip" in (ended["skip"][0].state.message or "")
    labels = ops.labels()
    assert labels.count("middle-all") >= len(ended["all"])  # every missed run executed
    # The scheduler's runs have time-ordered ids (UUIDv7) that share their first characters
    # (issue 24 item 3); each of them wrote its own event log.
    from flows.run_plan import event_log_path

    done = ended["all"] + [r for r in ended["latest"] if r.state.type.value == "COMPLETED"]
    assert len({str(r.id)[:8] for r in done}) < len(done), [str(r.id) for r in done]
    logs = {str(r.id): event_log_path("record_chain", r) for r in done}
    assert len(set(logs.values())) == len(done)
    for run_id, path in logs.items():
        events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert events and {e.get("run_id") for e in events} == {run_id}, path
