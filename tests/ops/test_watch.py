"""The operations watcher on a real server and a real `keiri worker`: a deployment run that
failed is scheduled again by `retries:` (once per failure, at most `count` times) and completes
when its cause is gone; a scheduled run nobody started is reported late; a crashed run is
reported; each notice once however often the watcher looks. `keiri deployments pause/resume`
flip a deployment's schedules without a redeploy."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.ops.conftest import PLANS, Ops, OwnServer, Receiver, eventually, wait_state
from tests.support.catalog_text import shown

pytestmark = [pytest.mark.prefect, pytest.mark.slow]
ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


@pytest.fixture
def notifying(
    ops: Ops, receiver: Receiver, ops_server: OwnServer, monkeypatch: pytest.MonkeyPatch
) -> Ops:
    monkeypatch.setenv("KEIRI_NOTIFY_WEBHOOK_URL", receiver.url)
    return ops


def _kinds(receiver: Receiver, run_id: str) -> list[str]:
    return [m["kind"] for m in list(receiver.messages) if m["run_id"] == run_id]


def _sweep_until(receiver: Receiver, run_id: str, kind: str) -> list[str]:
    from flows.deploy.watch import sweep

    def look() -> list[str]:
        sweep()
        return _kinds(receiver, run_id)

    return list(eventually(look, lambda kinds: kind in kinds, 60))


def test_a_failed_run_is_retried_once_and_completes(
    notifying: Ops, receiver: Receiver, tmp_path: Path
) -> None:
    from flows.deploy.watch import sweep

    name = f"retry-{notifying.pool}"
    marker = tmp_path / "bank-file-arrived"
    notifying.write(
        name,
        design=str(PLANS / "fail_until_marker.yaml"),
        vars={"marker": str(marker)},
        retries={"count": 1, "delay": "1s"},
    )
    assert notifying.deploy()[0] == 0
    worker = notifying.worker("w1", env={"KEIRI_NOTIFY_WEBHOOK_URL": ""})
    run_id = notifying.trigger(name)
    failed = wait_state(run_id, ENDED, 150)
    assert failed.state.type.value == "FAILED", (failed.state, worker.output())
    assert "after-gate" not in notifying.labels()

    marker.write_text("arrived", encoding="utf-8")
    report = sweep()
    assert report.retried == [run_id], report.to_json()
    assert _kinds(receiver, run_id) == ["retry"]
    assert sweep().retried == []  # this failure was retried already
    done = wait_state(run_id, ENDED, 150)
    assert done.state.type.value == "COMPLETED", (done.state, worker.output())
    assert notifying.labels().count("after-gate") == 1
    sweep()
    assert _kinds(receiver, run_id) == ["retry"]


def test_late_and_crashed_runs_are_reported_once(notifying: Ops, receiver: Receiver) -> None:
    """No worker serves this pool: the run scheduled two minutes ago is late (window 30 s).
    Then it is marked Crashed through the API, as keiri's heartbeat automation marks a run
    whose process vanished, and the watcher reports the crash."""
    from prefect.client.orchestration import get_client
    from prefect.states import Crashed

    from flows.deploy.operations import start_run
    from flows.deploy.watch import sweep

    name = f"late-{notifying.pool}"
    notifying.write(name, design=str(PLANS / "record_chain.yaml"), late_after="30s")
    assert notifying.deploy()[0] == 0
    run = start_run(
        name,
        period=None,
        vars=None,
        who="test",
        scheduled=datetime.now(UTC) - timedelta(minutes=2),
    )
    run_id = str(run.id)
    assert _sweep_until(receiver, run_id, "late") == ["late"]
    late = next(m for m in receiver.messages if m["run_id"] == run_id)
    due = datetime.fromisoformat(late["expected_start"])
    assert timedelta(minutes=1) < datetime.now(UTC) - due < timedelta(minutes=10), late
    assert shown("ops.notify.late_detail", late["message"]), late
    for _ in range(2):
        sweep()
    assert _kinds(receiver, run_id) == ["late"]

    with get_client(sync_client=True) as client:
        client.set_flow_run_state(
            uuid.UUID(run_id), Crashed(message="the worker's machine is gone"), force=True
        )
    assert _sweep_until(receiver, run_id, "crashed") == ["late", "crashed"]
    sweep()
    assert _kinds(receiver, run_id) == ["late", "crashed"]
    crashed: dict[str, Any] = [m for m in receiver.messages if m["run_id"] == run_id][1]
    assert crashed["deployment"] == name and "machine is gone" in crashed["message"]


def test_pause_and_resume_without_a_redeploy(ops: Ops, ops_server: OwnServer) -> None:
    name = f"pausable-{ops.pool}"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), schedules=[{"cron": "0 9 3 * *"}])
    assert ops.deploy()[0] == 0

    def row() -> dict[str, Any]:
        listed = ops.deployments("ls")[1]["deployments"]
        return next(d for d in listed if d["name"] == name)

    try:
        _pause_and_resume(ops, name, row)
    finally:  # its scheduled runs would crowd other tests' run listings on this server
        from prefect.client.orchestration import get_client

        with get_client(sync_client=True) as client:
            client.delete_deployment(client.read_deployment_by_name(f"run_plan/{name}").id)


def _pause_and_resume(ops: Ops, name: str, row: Any) -> None:
    assert row()["paused"] is False
    code, doc = ops.deployments("pause", name)
    assert code == 0 and doc == {"ok": True, "name": name, "paused": True, "changed": True}, doc
    assert row()["paused"] is True
    assert ops.deployments("pause", name)[1]["changed"] is False
    code, doc = ops.deployments("resume", name)
    assert code == 0 and doc["paused"] is False and doc["changed"] is True, doc
    assert row()["paused"] is False
    code, missing = ops.deployments("pause", name + "x")
    assert code != 0 and missing["error"]["code"] == "DEPLOYMENT_NOT_FOUND", missing
