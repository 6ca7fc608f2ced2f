"""A redeploy is clean: after `* * * * *` becomes a business-day schedule (and the plan a new
version), `keiri deploy --check` lists the every-minute runs already due that Prefect keeps,
and `keiri deploy` removes them; a run a person scheduled is re-tagged with the deployed
version. Nothing of the old schedule or version stays scheduled."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.ops.conftest import PLANS, Ops, OwnServer, eventually

pytestmark = [pytest.mark.prefect, pytest.mark.slow]


def _scheduled(name: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        FlowRunFilter,
        FlowRunFilterDeploymentId,
        FlowRunFilterState,
        FlowRunFilterStateType,
    )
    from prefect.client.schemas.objects import StateType

    with get_client(sync_client=True) as client:
        deployment = client.read_deployment_by_name(f"run_plan/{name}")
        return list(
            client.read_flow_runs(
                flow_run_filter=FlowRunFilter(
                    deployment_id=FlowRunFilterDeploymentId(any_=[deployment.id]),
                    state=FlowRunFilterState(
                        type=FlowRunFilterStateType(any_=[StateType.SCHEDULED])
                    ),
                ),
                limit=200,
            )
        )


def _plan(tmp: Path, version: str) -> Path:
    path = tmp / "chain.yaml"
    text = (PLANS / "record_chain.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("version: 1.2.0", f"version: {version}"), encoding="utf-8")
    return path


def test_redeploy_removes_the_old_schedules_runs(ops: Ops, ops_server: OwnServer) -> None:
    from prefect.client.orchestration import get_client
    from prefect.states import Scheduled

    name = f"every-minute-{ops.pool}"
    plan = _plan(ops.tmp, "1.2.0")
    ops.write(name, design=str(plan), schedules=[{"cron": "* * * * *"}], concurrency=None)
    assert ops.deploy()[0] == 0

    def due(runs: list[Any]) -> list[Any]:
        now = datetime.now(UTC)
        return [r for r in runs if r.expected_start_time < now]

    # No worker: the every-minute runs pile up, two of them already due (Prefect keeps those).
    runs = eventually(lambda: _scheduled(name), lambda r: len(due(r)) >= 2, timeout=240)
    old_due = {str(r.id) for r in due(runs)}
    assert len(old_due) >= 2
    with get_client(sync_client=True) as client:
        deployment = client.read_deployment_by_name(f"run_plan/{name}")
        manual = client.create_flow_run_from_deployment(
            deployment.id, state=Scheduled(scheduled_time=datetime.now(UTC) + timedelta(days=2))
        )

    _plan(ops.tmp, "1.3.0")
    ops.write(name, design=str(plan), schedules=[{"business_day": 3}], concurrency=None)
    code, check = ops.deploy("--check")
    assert code == 1 and check["changed"]
    listed = {r["run_id"]: r for r in check["stale_runs"]}
    assert old_due <= set(listed), (old_due, listed)
    assert {listed[r]["action"] for r in old_due} == {"delete"}
    assert listed[str(manual.id)]["action"] == "retag"
    assert listed[str(manual.id)]["reason"] == "version"

    code, done = ops.deploy()
    assert code == 0, done
    assert old_due <= {r["run_id"] for r in done["stale_runs"]}
    left = eventually(
        lambda: _scheduled(name),
        lambda r: any(x.auto_scheduled for x in r),  # the new schedule's runs
        timeout=60,
    )
    tokyo = [(r, r.expected_start_time.astimezone(_tokyo())) for r in left]
    assert not old_due & {str(r.id) for r, _ in tokyo}
    for run, when in tokyo:
        assert "plan-version:1.3.0" in run.tags and "plan-version:1.2.0" not in run.tags
        if run.auto_scheduled:
            assert (when.hour, when.minute) == (9, 0) and when.weekday() < 5
    assert str(manual.id) in {str(r.id) for r, _ in tokyo}


def _tokyo() -> Any:
    from zoneinfo import ZoneInfo

    return ZoneInfo("Asia/Tokyo")
