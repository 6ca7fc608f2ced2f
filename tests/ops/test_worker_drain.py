"""`keiri worker` drains on SIGTERM (a real worker process on a real server): the run it is
executing finishes Completed instead of Crashed, a run created after the signal is not
claimed by it, and the worker exits by itself; a run still going after `--grace` is left
behind when the worker exits."""

from __future__ import annotations

import signal

import pytest

from keiri.base.catalog import t
from tests.ops.conftest import PLANS, Ops, OwnServer, eventually, flow_run, start_keiri, wait_state
from tests.support.catalog_text import shown

pytestmark = [pytest.mark.prefect, pytest.mark.slow]
ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def test_sigterm_lets_the_running_run_finish_and_claims_nothing_more(
    ops: Ops, ops_server: OwnServer
) -> None:
    name = f"drain-{ops.pool}"
    ops.write(
        name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 15000}, concurrency=None
    )
    assert ops.deploy()[0] == 0
    worker = ops.worker("w1")
    assert eventually(worker.output, lambda out: shown("ops.worker.started", out), 120), (
        worker.output()
    )
    first = ops.trigger(name)
    eventually(ops.labels, lambda labels: "first-run" in labels, timeout=150)
    assert wait_state(first, {"RUNNING"}, timeout=5).state.type.value == "RUNNING"

    worker.process.send_signal(signal.SIGTERM)  # systemd's KillMode=mixed: the worker only
    assert eventually(worker.output, lambda out: shown("ops.worker.draining", out), 30), (
        worker.output()
    )
    second = ops.trigger(name)
    done = wait_state(first, ENDED, 150)
    assert done.state.type.value == "COMPLETED", (done.state, worker.output())
    assert ops.labels().count("last-run") == 1
    assert worker.process.wait(timeout=60) == 0, worker.output()
    assert t("ops.worker.drained") in worker.output()
    # Nothing claimed the run made after the signal: it waits for another worker.
    assert wait_state(second, ENDED | {"RUNNING", "PENDING"}, 5).state.type.value == "SCHEDULED"
    replacement = ops.worker("w2")
    assert wait_state(second, ENDED, 180).state.type.value == "COMPLETED", replacement.output()


def test_a_run_longer_than_the_grace_period_is_left_when_the_worker_exits(
    ops: Ops, ops_server: OwnServer
) -> None:
    name = f"grace-{ops.pool}"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 120000})
    assert ops.deploy()[0] == 0
    worker = start_keiri(
        ["worker", "--pool", ops.pool, "--name", "w1", "--grace", "5s"], "w1", ops.tmp
    )
    ops.workers.append(worker)
    run_id = ops.trigger(name)
    eventually(ops.labels, lambda labels: "first-run" in labels, timeout=150)
    worker.process.send_signal(signal.SIGTERM)
    assert worker.process.wait(timeout=120) == 0, worker.output()
    assert t("ops.worker.stopped_with_runs", count=1) in worker.output()
    assert flow_run(run_id).state.type.value != "COMPLETED"
