"""Liveness for every state (issue 24 item 4), with real `keiri worker` processes killed with
SIGKILL on a real Prefect server — no heartbeat automation (`KEIRI_CRASH_AFTER=off`): only
keiri's own checks end these runs.

- A run whose process was killed while it ran: Crashed by the next look (`list_runs`, a
  worker's sweep) — heartbeats play no part (none is awaited, no automation reads them), so
  a run killed before its first heartbeat ends the same way; then `keiri retry` reuses its
  finished nodes.
- A run a worker claimed and died before starting (Pending, its process never began): a worker
  that starts releases it (Scheduled again) and runs it, each node once — also when the
  claimer was a plain `prefect worker start` (known by the labels Prefect's workers put on the
  runs they submit, judged by its own heartbeats in the pool).
- A Running run whose process is on another machine that dies for good: no process check can
  reach it, so `keiri deployments watch` crashes it once its flow run heartbeats have stopped
  for `KEIRI_CRASH_AFTER` — and not while they come. "Another machine" is a worker started
  in Linux namespaces of its own (`unshare --uts --pid --mount-proc`): another host name and
  another pid space, the network and the files shared; its runs record that host name and
  pids this machine's `/proc` cannot check, as a real second machine's would. Killing the
  namespace's first process takes everything in it, as a machine's power loss would.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.ops.conftest import (
    KEIRI,
    PLANS,
    Ops,
    OwnServer,
    eventually,
    flow_run,
    start_command,
    start_keiri,
    wait_state,
)
from tests.support.catalog_text import shown
from tests.support.timing import scaled

pytestmark = [pytest.mark.prefect, pytest.mark.slow]

HOLD = Path(__file__).resolve().parent / "hold_start"
#: Quick bounds for the test; the defaults are 2 min and 15 s (docs/operations.md §8).
LIVENESS = {"KEIRI_START_GRACE": "5s", "KEIRI_LIVENESS_INTERVAL": "2s"}


def _states(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        return list(client.read_flow_run_states(uuid.UUID(run_id)))


def _runners(run_id: str) -> list[dict[str, Any]]:
    from flows.backend import liveness

    return liveness.runners(uuid.UUID(run_id))


def test_a_run_whose_process_is_killed_is_crashed_at_the_next_look_then_retried(
    ops: Ops, ops_server: OwnServer
) -> None:
    from flows.lifecycle.control import list_runs
    from keiri.cli import main

    name = "chain"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 60_000})
    assert ops.deploy()[0] == 0
    first = ops.worker("w1", env=LIVENESS)
    run_id = ops.trigger(name)
    eventually(ops.labels, lambda labels: "first-run" in labels, timeout=scaled(120))
    assert wait_state(run_id, {"RUNNING"}, timeout=scaled(5)).state.type.value == "RUNNING"
    assert _runners(run_id), "the worker and the run's process record themselves"
    first.kill()  # a lost machine: the worker and the run's process, SIGKILL

    # The first look at the runs settles it: no heartbeat window is waited for (the crash
    # automation is off in these tests: KEIRI_CRASH_AFTER=off).
    views = {v.run_id: v for v in list_runs(state="RUNNING", limit=200)}  # `keiri runs`
    assert views[run_id].state_type == "CRASHED", views[run_id]
    crashed = flow_run(run_id)
    assert shown("cli.state.stopped", crashed.state.message or ""), crashed.state.message

    second = ops.worker("w2", env=LIVENESS)
    ops.capsys.readouterr()
    code = main(["retry", run_id, "--json"])  # back to the pool; waits until it ends
    outcome = json.loads(ops.capsys.readouterr().out)
    assert (code, outcome["state"]) == (0, "completed"), (outcome, second.output())
    labels = ops.labels()
    assert labels.count("first-run") == 1, labels  # finished before the kill: not run again
    assert labels.count("last-run") == 1, labels


def test_a_worker_sweep_crashes_a_running_run_whose_process_died(
    ops: Ops, ops_server: OwnServer
) -> None:
    name = "chain"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 60_000})
    assert ops.deploy()[0] == 0
    first = ops.worker("w1", env=LIVENESS)
    run_id = ops.trigger(name)
    eventually(ops.labels, lambda labels: "first-run" in labels, timeout=scaled(120))
    watcher = ops.worker("w2", env=LIVENESS, limit=1)  # idle: it only sweeps the pool
    eventually(watcher.output, lambda out: "w2" in out, timeout=scaled(60))
    first.kill()

    crashed = wait_state(run_id, {"CRASHED", "COMPLETED", "FAILED"}, timeout=scaled(30))
    assert crashed.state.type.value == "CRASHED", (crashed.state, watcher.output())
    assert shown("cli.state.stopped", crashed.state.message or ""), crashed.state.message


def _held_chain(ops: Ops, tmp_path: Path) -> tuple[str, Path, dict[str, str]]:
    """The chain deployed, and the environment whose run process waits at its start while the
    `hold` file exists (the run stays Pending): (deployment name, hold file, environment)."""
    name = "chain"
    ops.write(name, design=str(PLANS / "record_chain.yaml"))
    assert ops.deploy()[0] == 0
    hold = tmp_path / "hold"
    hold.touch()
    return (
        name,
        hold,
        {**LIVENESS, "KEIRI_TEST_HOLD_START": str(hold), "PYTHONPATH": f"{HOLD}:{ROOT}"},
    )


def test_a_run_claimed_by_a_worker_that_died_is_released_and_run_by_the_next(
    ops: Ops, ops_server: OwnServer, tmp_path: Path
) -> None:
    name, hold, held = _held_chain(ops, tmp_path)
    first = ops.worker("w1", env=held)
    run_id = ops.trigger(name)
    eventually(lambda: _runners(run_id), bool, timeout=scaled(120))  # its process started
    pending = flow_run(run_id)
    assert pending.state.type.value == "PENDING", (pending.state, first.output())
    first.kill()  # the worker and the process it started, before the run began
    hold.unlink()

    second = ops.worker("w2", env=LIVENESS)
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=scaled(180))
    assert run.state.type.value == "COMPLETED", (run.state, second.output())
    released = [s for s in _states(run_id) if shown("ops.liveness.released", s.message or "")]
    assert [s.type.value for s in released] == ["SCHEDULED"], [
        (s.type.value, s.message) for s in _states(run_id)
    ]
    assert ops.labels() == ["first-run", "middle-run", "last-run"]


FAR = "keiri-far-machine"
#: Prefect's shortest flow heartbeat interval (30 s) and a bound that outlasts two of them.
BEATS = {"PREFECT_FLOWS_HEARTBEAT_FREQUENCY": "30"}
BOUND_S = 60


def _namespaces_available() -> bool:
    unshare = shutil.which("unshare")
    if unshare is None:
        return False
    done = subprocess.run(
        [unshare, "--uts", "--pid", "--fork", "--mount-proc", "true"],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


@pytest.mark.skipif(
    sys.platform != "linux" or not _namespaces_available(),
    reason="needs Linux namespaces (unshare --uts --pid --mount-proc: root or CAP_SYS_ADMIN)",
)
def test_a_running_run_on_a_machine_that_died_is_crashed_when_its_heartbeats_stop(
    ops: Ops, ops_server: OwnServer
) -> None:
    name = "chain"
    ops.write(name, design=str(PLANS / "record_chain.yaml"), vars={"sleep_ms": 900_000})
    assert ops.deploy()[0] == 0  # KEIRI_CRASH_AFTER=off here: no heartbeat automation
    far = start_command(
        [
            str(shutil.which("unshare")),
            "--uts",
            "--pid",
            "--fork",
            "--mount-proc",
            "--",
            "sh",
            "-c",
            'hostname "$0" && exec "$@"',
            FAR,
            str(KEIRI),
            "worker",
            "--pool",
            ops.pool,
            "--name",
            "far",
        ],
        "far",
        ops.tmp,
        env={**BEATS, **LIVENESS},
    )
    ops.workers.append(far)
    run_id = ops.trigger(name)
    eventually(ops.labels, lambda labels: "first-run" in labels, timeout=scaled(120))
    running = wait_state(run_id, {"RUNNING"}, timeout=scaled(5))
    assert running.state.type.value == "RUNNING", (running.state, far.output())
    assert {e["host"] for e in _runners(run_id)} == {FAR}, _runners(run_id)

    crash_after = {"KEIRI_CRASH_AFTER": f"{BOUND_S}s", "KEIRI_WATCH_INTERVAL": "2s"}
    watcher = start_keiri(
        ["deployments", "watch"], "watch", ops.tmp, env={**BEATS, **LIVENESS, **crash_after}
    )
    ops.workers.append(watcher)

    # While its heartbeats come, the watcher leaves it alone past the bound.
    since = running.state.timestamp

    def running_for() -> float:
        return float((datetime.now(UTC) - since).total_seconds())

    alive = eventually(
        lambda: flow_run(run_id),
        lambda r: r.state.type.value != "RUNNING" or running_for() > BOUND_S + 10,
        timeout=scaled(BOUND_S + 40),
    )
    assert alive.state.type.value == "RUNNING", (alive.state, watcher.output())
    assert running_for() > BOUND_S + 10
    assert watcher.alive(), watcher.output()

    far.kill()  # the machine is gone: the worker and the run's process with it
    killed = time.monotonic()
    crashed = wait_state(run_id, {"CRASHED", "COMPLETED", "FAILED"}, timeout=BOUND_S + scaled(60))
    took = time.monotonic() - killed
    assert crashed.state.type.value == "CRASHED", (crashed.state, watcher.output())
    message = crashed.state.message or ""
    assert shown("ops.liveness.no_heartbeat_on", message), message
    assert FAR in message, message
    # Not before its last heartbeat was the bound old (they came every 30 s), and soon after.
    assert BOUND_S - 30 - 2 <= took <= BOUND_S + scaled(30), took


def test_a_run_claimed_by_a_plain_prefect_worker_that_died_is_released(
    ops: Ops, ops_server: OwnServer, tmp_path: Path
) -> None:
    from flows.backend import liveness

    name, hold, held = _held_chain(ops, tmp_path)
    held["PREFECT_WORKER_HEARTBEAT_SECONDS"] = "2"  # dead after 3 missed: 6 s
    prefect = Path(sys.executable).with_name("prefect")
    command = [str(prefect), "worker", "start", "--pool", ops.pool, "--type", "process"]
    plain = start_command([*command, "--name", "plain"], "plain", ops.tmp, env=held)
    ops.workers.append(plain)
    run_id = ops.trigger(name)
    # Prefect records the pid of the process it started: the run is taken, not begun.
    pending = eventually(
        lambda: flow_run(run_id), lambda r: r.infrastructure_pid, timeout=scaled(120)
    )
    assert pending.state.type.value == "PENDING", (pending.state, plain.output())
    assert pending.labels.get("prefect.worker.name") == "plain", pending.labels
    assert liveness.claims(uuid.UUID(run_id)) == []  # a plain worker records no claim
    plain.kill()  # the worker and the process it started, before the run began
    hold.unlink()

    second = ops.worker("w2", env=LIVENESS)
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=scaled(180))
    assert run.state.type.value == "COMPLETED", (run.state, second.output())
    released = [
        s for s in _states(run_id) if shown("ops.liveness.released_worker", s.message or "")
    ]
    assert [s.type.value for s in released] == ["SCHEDULED"], [
        (s.type.value, s.message) for s in _states(run_id)
    ]
    assert "plain" in (released[0].message or "")
    assert ops.labels() == ["first-run", "middle-run", "last-run"]
