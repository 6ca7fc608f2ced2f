"""`keiri deploy` on the test server: --check, refusing malformed files, cron schedules in
Asia/Tokyo (runs of deployments on workers: test_deployment_runs.py)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.ops.conftest import PLANS, Ops, eventually

TOKYO = ZoneInfo("Asia/Tokyo")


def _deployment(name: str) -> object:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        return client.read_deployment_by_name(f"run_plan/{name}")


def _deployment_names() -> set[str]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        return {d.name for d in client.read_deployments()}


def _pool_exists(name: str) -> bool:
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    with get_client(sync_client=True) as client:
        try:
            client.read_work_pool(name)
        except ObjectNotFound:
            return False
    return True


def test_check_shows_the_diff_and_writes_nothing(ops: Ops) -> None:
    ops.write("nightly", design=str(PLANS / "record_chain.yaml"), schedules=[{"cron": "0 2 * * *"}])
    code, doc = ops.deploy("--check")
    assert code == 1 and doc["ok"] and doc["changed"] and not doc["applied"]
    assert "+  entrypoint: flows/run_plan.py:run_plan" in doc["diff"]
    assert not ops.prefect_file.exists()
    (row,) = doc["deployments"]
    times = [datetime.fromisoformat(t) for t in row["schedules"][0]["next"]]
    assert len(times) == 12  # `--check` shows the next 12 times, in Tokyo
    assert [t.utcoffset() for t in times] == [TOKYO.utcoffset(times[0])] * 12
    assert all(t.hour == 2 and t.minute == 0 for t in times) and times == sorted(times)


def test_check_is_clean_when_prefect_yaml_is_current(ops: Ops) -> None:
    from flows.deploy.apply import render_prefect_yaml
    from flows.deploy.spec import load_deployments

    ops.write("nightly", design=str(PLANS / "record_chain.yaml"))
    specs, _ = load_deployments(ops.folder)
    ops.prefect_file.write_text(render_prefect_yaml(specs), encoding="utf-8")
    code, doc = ops.deploy("--check")
    assert code == 0 and not doc["changed"] and doc["diff"] == ""


def test_render_writes_prefect_yaml_without_a_server(ops: Ops) -> None:
    ops.write("nightly", design=str(PLANS / "record_chain.yaml"))
    code, doc = ops.deploy("--render")
    assert code == 0 and doc["changed"] and not doc["applied"]
    assert "entrypoint: flows/run_plan.py:run_plan" in ops.prefect_file.read_text("utf-8")
    assert ops.deploy("--check")[0] == 0


@pytest.mark.prefect
def test_malformed_file_fails_and_applies_nothing(ops: Ops, prefect_server: str) -> None:
    good = f"good-{ops.pool}"
    ops.write(good, design=str(PLANS / "record_chain.yaml"), schedules=[{"cron": "0 9 * * *"}])
    bad = ops.write("broken", design=str(PLANS / "record_chain.yaml"))
    bad.write_text(
        bad.read_text(encoding="utf-8") + "schedules:\n  - cron: '0 25 * * *'\n", encoding="utf-8"
    )
    code, doc = ops.deploy()
    assert code == 1 and not doc["ok"] and not doc["applied"]
    (error,) = doc["errors"]
    assert error["code"] == "INVALID_SCHEDULE" and error["path"] == "schedules[0].cron"
    assert error["file"] == str(bad) and error["line"] == len(bad.read_text().splitlines())
    assert not ops.prefect_file.exists()
    assert good not in _deployment_names()
    assert not _pool_exists(ops.pool)


@pytest.mark.prefect
def test_cron_deployment_is_scheduled_in_tokyo(ops: Ops, prefect_server: str) -> None:
    name = f"month-end-{ops.pool}"
    ops.write(
        name,
        design=str(PLANS / "record_chain.yaml"),
        schedules=[{"cron": "30 9 1 * *"}],
        vars={"sleep_ms": 1},
    )
    code, doc = ops.deploy()
    assert code == 0 and doc["applied"], doc
    assert doc["work_pools_created"] == [ops.pool]
    deployment = _deployment(name)
    assert deployment.version == "1.2.0" and deployment.entrypoint == "flows/run_plan.py:run_plan"
    assert deployment.tags == ["plan:record_chain", "plan-version:1.2.0", f"deployment:{name}"]
    # `limit: 1, enqueue` is the deployment's own work queue, limited to 1 (no lease).
    assert deployment.global_concurrency_limit is None
    assert deployment.work_queue_name == f"keiri-{name}"
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        queue = client.read_work_queue_by_name(f"keiri-{name}", work_pool_name=ops.pool)
    assert queue.concurrency_limit == 1
    assert deployment.parameters == {
        "plan": str(PLANS / "record_chain.yaml"),
        "vars": {"sleep_ms": 1},
    }
    (schedule,) = deployment.schedules
    assert schedule.schedule.timezone == "Asia/Tokyo" and schedule.schedule.cron == "30 9 1 * *"

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterDeploymentId

    def scheduled() -> list[object]:
        with get_client(sync_client=True) as client:
            return list(
                client.read_flow_runs(
                    flow_run_filter=FlowRunFilter(
                        deployment_id=FlowRunFilterDeploymentId(any_=[deployment.id])
                    )
                )
            )

    runs = eventually(scheduled, lambda r: len(r) >= 3, timeout=40)
    assert len(runs) >= 3, "the scheduler did not create the next runs"
    starts = sorted(r.expected_start_time.astimezone(TOKYO) for r in runs)
    assert all((t.day, t.hour, t.minute) == (1, 9, 30) for t in starts)
    assert starts[0] > datetime.now(TOKYO)
    assert [t.isoformat() for t in starts[:3]] == doc["deployments"][0]["schedules"][0]["next"][:3]
    assert all(r.state.name == "Scheduled" for r in runs)

    again_code, again = ops.deploy()
    assert again_code == 0 and not again["changed"]
