"""Crashes and outages of local runs (issue 11), with real `keiri` processes on the real local
server: a foreground or detached run killed with SIGKILL mid-loop is marked Crashed and
`keiri retry` completes it without running a finished node again; a paused run whose process
is gone is continued by its resume; a paused run outlives a server outage and completes when
resumed after it. The minutes-long outage is marked `long` (left out by default: `-m long`)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.conftest import ROOT, TEST_BLOCK_SPECS
from tests.support.catalog_text import shown

pytestmark = pytest.mark.prefect
KEIRI = Path(sys.executable).with_name("keiri")
ITEMS = 8

LOOP_PLAN = f"""apiVersion: v1
id: crash_loop
graph:
  - id: before
    block: test.record
    in: {{ value: 0, label: before }}
  - id: each
    type: loop
    foreach: {{ input: {list(range(ITEMS))}, itemVar: n, max_concurrency: 1, batch_size: 1 }}
    body:
      plan:
        graph:
          - id: work
            block: test.record
            in: {{ value: "${{n}}", sleep_ms: 1500, label: "item-${{n}}" }}
        exports:
          - {{ from: work.value, as: value }}
    out: {{ collect: value }}
  - id: last
    block: test.record
    in: {{ value: "${{each.value}}", label: last }}
"""

ASK_PLAN = """apiVersion: v1
id: crash_ask
graph:
  - id: before
    block: test.record
    in: { value: 0, label: before }
  - id: ask
    block: ui.interactive_input
    in:
      mode: mixed
      message: "金額を確認してください (${before.label})"
      requirements:
        - { id: amount, type: number, label: 金額, validation: { min: 0 } }
  - id: after
    block: test.record
    in: { value: "${ask.collected_data.amount}", label: after }
"""


@pytest.fixture
def env(prefect_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_USER", "yamada")
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _labels(tmp_path: Path) -> list[str]:
    journal = tmp_path / "journal.jsonl"
    if not journal.exists():
        return []
    lines = journal.read_text(encoding="utf-8").splitlines()
    return [json.loads(line).get("label") for line in lines if line]


def _eventually(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def _cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _runner_pid(run_id: str) -> int | None:
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]
    found = [p for p in pids if "flows.lifecycle.runner" in _cmdline(p) and run_id in _cmdline(p)]
    return found[0] if found else None


def _state(run_id: str) -> str:
    from flows.lifecycle.control import find_run

    run = find_run(run_id)
    return run.state.type.value if run.state else "UNKNOWN"


def _latest_run(plan_id: str) -> str | None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterTags
    from prefect.client.schemas.sorting import FlowRunSort

    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(
            flow_run_filter=FlowRunFilter(tags=FlowRunFilterTags(all_=[f"plan:{plan_id}"])),
            sort=FlowRunSort.EXPECTED_START_TIME_DESC,
            limit=5,
        )
    top = [r for r in runs if r.parent_task_run_id is None]
    return str(top[0].id) if top else None


def _keiri(*args: str, env: dict[str, str]) -> tuple[int, dict[str, Any] | None, str]:
    done = subprocess.run(
        [str(KEIRI), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        doc = None
    return done.returncode, doc, done.stdout + done.stderr


def _assert_retry_completes(run_id: str, tmp_path: Path, env: dict[str, str]) -> None:
    finished = _labels(tmp_path)
    assert _state(run_id) in {"RUNNING", "CRASHED"}
    code, doc, text = _keiri("retry", run_id, "--json", env=env)
    assert code == 0 and doc is not None and doc["state"] == "completed", text
    assert doc["outputs"]["last"]["value"] == list(range(ITEMS))
    labels = _labels(tmp_path)
    # Every node ran exactly once across both processes: nothing finished ran again.
    assert sorted(labels) == sorted(["before", "last", *(f"item-{i}" for i in range(ITEMS))])
    assert labels[: len(finished)] == finished


def test_killed_foreground_run_is_crashed_then_retried(env: dict[str, str], tmp_path: Path) -> None:
    plan = tmp_path / "crash_loop.yaml"
    plan.write_text(LOOP_PLAN, encoding="utf-8")
    process = subprocess.Popen(
        [str(KEIRI), "run", str(plan)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _eventually(
            lambda: sum(x.startswith("item-") for x in _labels(tmp_path)) >= 2, 300, "2 items"
        )
        # Mid-item: a node that journaled but whose result Prefect has not persisted yet
        # would run again (at least once); kill while the next item sleeps.
        time.sleep(0.7)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
    run_id = _latest_run("crash_loop")
    assert run_id is not None
    assert _state(run_id) == "RUNNING"  # nobody told the server: the run looks alive

    from flows.lifecycle.control import list_runs

    # `keiri runs` (and the form app's list) shows it Crashed: its process is gone.
    (view,) = [v for v in list_runs(limit=50) if v.run_id == run_id]
    assert view.state_type == "CRASHED" and shown("cli.state.process_gone", view.message), view
    _assert_retry_completes(run_id, tmp_path, env)


def test_killed_detached_run_is_crashed_then_retried(env: dict[str, str], tmp_path: Path) -> None:
    plan = tmp_path / "crash_loop.yaml"
    plan.write_text(LOOP_PLAN, encoding="utf-8")
    cli = subprocess.Popen(
        [str(KEIRI), "run", str(plan), "--detach", "--json"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert cli.stderr is not None
        line = cli.stderr.readline()
        detached = re.escape(t("cli.run.detached", run="RUN")).replace("RUN", "([0-9a-f-]{36})")
        match = re.search(detached, line)
        assert match, line
        run_id = match.group(1)
        _eventually(
            lambda: sum(x.startswith("item-") for x in _labels(tmp_path)) >= 2, 300, "2 items"
        )
        # Mid-item: a node that journaled but whose result Prefect has not persisted yet
        # would run again (at least once); kill while the next item sleeps.
        time.sleep(0.7)
        runner = _runner_pid(run_id)
        assert runner is not None
        # The machine loses both: the waiting CLI and the background runner.
        cli.send_signal(signal.SIGKILL)
        cli.wait(10)
        os.kill(runner, signal.SIGKILL)
        _eventually(lambda: _runner_pid(run_id) is None, 10, "the runner to exit")
    finally:
        if cli.poll() is None:
            cli.kill()
    assert _state(run_id) == "RUNNING"  # nobody told the server
    from flows.lifecycle.control import list_runs

    (view,) = [v for v in list_runs(limit=50) if v.run_id == run_id]
    assert view.state_type == "CRASHED" and shown("cli.state.process_gone", view.message), view
    _assert_retry_completes(run_id, tmp_path, env)


def _paused_detached(env: dict[str, str], tmp_path: Path) -> str:
    plan = tmp_path / "crash_ask.yaml"
    plan.write_text(ASK_PLAN, encoding="utf-8")
    code, doc, text = _keiri("run", str(plan), "--detach", "--json", env=env)
    assert code == 3 and doc is not None and doc["state"] == "paused", text
    return str(doc["run_id"])


def test_resume_of_a_paused_run_whose_process_is_gone_continues_it(
    env: dict[str, str], tmp_path: Path
) -> None:
    run_id = _paused_detached(env, tmp_path)
    runner = _runner_pid(run_id)
    assert runner is not None
    os.kill(runner, signal.SIGKILL)
    _eventually(lambda: _runner_pid(run_id) is None, 10, "the runner to exit")
    assert _state(run_id) == "PAUSED"  # the server cannot tell

    code, doc, text = _keiri("resume", run_id, "--input", "amount=700", "--json", env=env)
    assert code == 0 and doc is not None and doc["state"] == "completed", text
    assert doc["outputs"]["after"]["value"] == 700
    assert doc["outputs"]["ask"]["metadata"]["answered_by"] == "yamada"
    assert _labels(tmp_path) == ["before", "after"]  # `before` was not run again


def _outage_then_resume(
    env: dict[str, str], tmp_path: Path, outage_s: float, runner_env: dict[str, str]
) -> None:
    from keiri.server.supervisor import api_healthy, start, stop
    from tests.support.prefect_server import ensure_session_server

    run_id = _paused_detached({**env, **runner_env}, tmp_path)
    runner = _runner_pid(run_id)
    assert runner is not None
    config = ensure_session_server()
    assert stop(config=config)
    try:
        assert not api_healthy(config.api_url, timeout=1)
        time.sleep(outage_s)
        assert _runner_pid(run_id) == runner  # still polling a server that is gone
    finally:
        start(120, config=config)
    assert _state(run_id) == "PAUSED"
    code, doc, text = _keiri("resume", run_id, "--input", "amount=42", "--json", env=env)
    assert code == 0 and doc is not None and doc["state"] == "completed", text
    assert doc["outputs"]["after"]["value"] == 42
    assert _labels(tmp_path) == ["before", "after"]
    _eventually(lambda: _runner_pid(run_id) is None, 30, "the runner to finish")


def test_paused_run_outlives_a_server_outage(env: dict[str, str], tmp_path: Path) -> None:
    # Prefect's own client retries (about a minute) are cut to one, so this short outage
    # already needs keiri's wait (`flows.backend.pause_wait`), as a long one does with defaults.
    _outage_then_resume(env, tmp_path, 25, {"PREFECT_CLIENT_MAX_RETRIES": "1"})


@pytest.mark.long
def test_paused_run_outlives_a_five_minute_server_outage(
    env: dict[str, str], tmp_path: Path
) -> None:
    _outage_then_resume(env, tmp_path, 300, {})
