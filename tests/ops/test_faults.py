"""Faults, on the ops tests' own Prefect server: the server stops while a run waits for input;
a worker (and its run's process) dies mid-run and the run is retried."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tests.ops.conftest import PLANS, Ops, OwnServer, eventually, wait_state
from tests.support.catalog_text import shown

pytestmark = [pytest.mark.prefect, pytest.mark.slow]


def test_server_restart_while_paused_then_resume_completes(ops: Ops, ops_server: OwnServer) -> None:
    from flows.lifecycle.control import resume_run
    from keiri.server.supervisor import api_healthy

    name = "ask"
    ops.write(name, design=str(PLANS / "ask_then_record.yaml"))
    assert ops.deploy()[0] == 0
    worker = ops.worker("w1")
    run_id = ops.trigger(name)
    assert wait_state(run_id, {"PAUSED"}, timeout=120).state.name == "Suspended", worker.output()

    assert ops_server.stop()
    assert not api_healthy(ops_server.config.api_url, timeout=1)
    time.sleep(3)  # the worker keeps polling a server that is gone
    ops_server.start()
    assert wait_state(run_id, {"PAUSED"}, timeout=5).state.name == "Suspended"

    resume_run(run_id, {"amount": 9}, "sato")
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=120)
    assert run.state.type.value == "COMPLETED", (run.state, worker.output())
    assert worker.alive()
    # The rerun after resume took `before` from its persisted result: it ran once.
    assert ops.labels() == ["before-ask", "after-ask"]


def test_killed_worker_run_is_crashed_then_retried_without_rerunning_finished_nodes(
    ops: Ops, ops_server: OwnServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Heartbeats every 30 s (Prefect's minimum); keiri's automation crashes a run after 40 s
    # without one.
    monkeypatch.setenv("KEIRI_CRASH_AFTER", "40s")
    monkeypatch.setenv("PREFECT_FLOWS_HEARTBEAT_FREQUENCY", "30")
    heartbeat = {"PREFECT_FLOWS_HEARTBEAT_FREQUENCY": "30"}
    name = "chain"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 8000})
    code, doc = ops.deploy()
    assert code == 0 and doc["automations"]["keiri: mark unresponsive runs crashed"] == "created"
    first = ops.worker("w1", env=heartbeat)
    run_id = ops.trigger(name)
    eventually(ops.labels, lambda labels: "first-run" in labels, timeout=120)
    assert wait_state(run_id, {"RUNNING"}, timeout=5).state.type.value == "RUNNING"
    first.kill()  # the machine is gone: the worker and the run's process
    assert ops.labels() == ["first-run"]

    crashed = wait_state(run_id, {"CRASHED", "COMPLETED", "FAILED"}, timeout=120)
    assert crashed.state.type.value == "CRASHED", crashed.state
    assert shown("cli.state.no_heartbeat", crashed.state.message or ""), crashed.state.message

    retry = subprocess.run(
        [sys.executable, "-m", "prefect", "flow-run", "retry", run_id],
        capture_output=True,
        text=True,
        check=False,
    )
    assert retry.returncode == 0, retry.stdout + retry.stderr
    second = ops.worker("w2", env=heartbeat)
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=150)
    assert run.state.type.value == "COMPLETED", (run.state, second.output())
    labels = ops.labels()
    assert labels.count("first-run") == 1  # finished before the kill: not executed again
    assert labels.count("middle-run") == 1 and labels.count("last-run") == 1
