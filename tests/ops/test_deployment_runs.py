"""Deployment runs on `keiri worker` processes (a server of this test process's own): a
triggered run is picked up and completes with node-named task runs and the deployment's tags;
the concurrency limit keeps two runs of one deployment apart; `keiri serve` runs them in one
process."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.flows.conftest import max_overlap, task_runs
from tests.ops.conftest import (
    PLANS,
    Ops,
    OwnServer,
    eventually,
    read_journal,
    start_keiri,
    wait_state,
)

pytestmark = [pytest.mark.prefect, pytest.mark.slow]


def _artifacts(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

    with get_client(sync_client=True) as client:
        return list(
            client.read_artifacts(
                artifact_filter=ArtifactFilter(
                    flow_run_id=ArtifactFilterFlowRunId(any_=[uuid.UUID(run_id)])
                )
            )
        )


def test_triggered_run_is_picked_up_by_a_worker(ops: Ops, ops_server: OwnServer) -> None:
    name = f"adhoc-{ops.pool}"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"tag": "w"})
    code, doc = ops.deploy()
    assert code == 0, doc
    worker = ops.worker("w1")
    run_id = ops.trigger(name)
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=120)
    assert run.state.type.value == "COMPLETED", (run.state, worker.output())
    assert {"plan:record_chain", "plan-version:1.2.0", f"deployment:{name}"} <= set(run.tags)
    assert run.deployment_id is not None and run.work_pool_name == ops.pool
    names = eventually(
        lambda: {t.name for t in task_runs(run_id)}, lambda n: {"first", "middle", "last"} <= n, 15
    )
    assert {"compile", "first", "middle", "last"} <= names
    assert ops.labels() == ["first-w", "middle-w", "last-w"]
    assert "run-summary-record-chain" in {a.key for a in _artifacts(run_id)}
    from flows.lifecycle.runs import outcome

    done = outcome(run_id)  # the worker's persisted result, read back through the server
    assert done.state == "completed" and done.plan_id == "record_chain" and done.error is None
    assert set(done.outputs) == {"first", "middle", "last"} and done.log is not None


def test_concurrency_limit_keeps_runs_of_one_deployment_apart(
    ops: Ops, ops_server: OwnServer
) -> None:
    name = f"serial-{ops.pool}"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 1500})
    assert ops.deploy()[0] == 0
    ops.worker("w1", limit=4)
    runs = [ops.trigger(name, vars={"sleep_ms": 1500, "tag": str(i)}) for i in range(2)]
    states = [wait_state(r, {"COMPLETED", "FAILED", "CRASHED"}, 180).state.type.value for r in runs]
    assert states == ["COMPLETED", "COMPLETED"]
    middles = [e for e in read_journal(ops.journal) if e["label"].startswith("middle")]
    assert len(middles) == 2 and max_overlap(middles) == 1


def test_serve_runs_the_deployments_in_one_process(ops: Ops, ops_server: OwnServer) -> None:
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    name = f"served-{ops.pool}"
    ops.write(name, design=str(PLANS / "ask_then_record.yaml"), vars={"tag": "s"})

    def deployment() -> Any:
        with get_client(sync_client=True) as client:
            try:
                return client.read_deployment_by_name(f"run_plan/{name}")
            except ObjectNotFound:
                return None

    served = start_keiri(["serve", "--dir", str(ops.folder)], "serve", ops.tmp)
    ops.workers.append(served)
    found = eventually(deployment, lambda d: d is not None, 90)
    assert found is not None, served.output()
    assert found.work_pool_name is None and found.version == "0.3.0"
    run_id = ops.trigger(name)
    paused = wait_state(run_id, {"PAUSED", "FAILED", "CRASHED"}, timeout=120)
    assert paused.state.name == "Suspended", (paused.state, served.output())

    from flows.lifecycle.control import resume_run

    resume_run(run_id, {"amount": 8}, "ito")
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=120)
    assert run.state.type.value == "COMPLETED", (run.state, served.output())
    assert ops.labels() == ["before-s", "after-s"]
