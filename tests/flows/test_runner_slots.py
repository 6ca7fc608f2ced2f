"""This machine's places for background runners (`flows.lifecycle.runner_slots`, issue 11), with real
processes and real `flock`s: a runner beyond the limit waits for a place, a place comes back
when its holder releases it, exits or is killed (`kill -9`)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from flows.lifecycle import runner_slots
from tests.conftest import ROOT

_RUN_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_TAKE = """
import sys, time
from pathlib import Path
from flows.lifecycle import runner_slots
slot = runner_slots.acquire(int(sys.argv[1]), Path(sys.argv[2]))
print(slot.index, flush=True)
time.sleep(float(sys.argv[3]))
"""


def _taker(limit: int, folder: Path, hold: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _TAKE, str(limit), str(folder), str(hold)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _index_of(process: subprocess.Popen[str]) -> int:
    assert process.stdout is not None
    return int(process.stdout.readline())


def test_places_are_exclusive_and_come_back(tmp_path: Path) -> None:
    first = runner_slots.acquire(2, tmp_path)
    second = runner_slots.acquire(2, tmp_path)
    assert {first.index, second.index} == {0, 1}
    waiting = _taker(2, tmp_path, 0)
    try:
        time.sleep(1.5)  # long enough for the waiter to have tried every place a few times
        assert waiting.poll() is None  # both places are taken: it waits
        second.release()
        assert _index_of(waiting) == second.index  # the place given back
        assert waiting.wait(timeout=60) == 0
    finally:
        waiting.kill()
        first.release()


def test_a_killed_holder_gives_its_place_back(tmp_path: Path) -> None:
    holder = _taker(1, tmp_path, 600)
    try:
        assert _index_of(holder) == 0
        waiting = _taker(1, tmp_path, 0)
        time.sleep(1.5)
        assert waiting.poll() is None  # the only place is held
        os.kill(holder.pid, signal.SIGKILL)
        assert _index_of(waiting) == 0  # the kernel dropped the dead holder's lock
        assert waiting.wait(timeout=60) == 0
    finally:
        holder.kill()


def test_places_are_per_keiri_home_and_default_to_two_per_cpu() -> None:
    assert runner_slots.slots_dir("/a/home") != runner_slots.slots_dir("/b/home")
    assert runner_slots.slots_dir("/a/home") == runner_slots.slots_dir("/a/home")
    assert runner_slots.default_limit() == max(2, 2 * (os.cpu_count() or 1))


def test_a_detached_run_waits_pending_for_a_place_then_completes(
    prefect_server: str, tmp_path: Path
) -> None:
    import httpx

    from tests.conftest import TEST_BLOCK_SPECS

    plan = tmp_path / "one_place.yaml"
    plan.write_text(
        "apiVersion: v1\nid: one_place\nversion: 1.0.0\ngraph:\n"
        "  - id: only\n    block: test.record\n    in: { value: 3, label: only }\n",
        encoding="utf-8",
    )
    home = Path(os.environ["KEIRI_HOME"]).resolve()
    held = runner_slots.acquire(1, runner_slots.slots_dir(str(home)))  # the machine is "full"
    env = {
        **os.environ,
        "PREFECT_API_URL": prefect_server,
        "KEIRI_LOCAL_RUNNERS": "1",
        "KEIRI_BLOCK_SPECS": str(TEST_BLOCK_SPECS),
        "KEIRI_TEST_JOURNAL": str(tmp_path / "journal.jsonl"),
        "PYTHONPATH": str(ROOT),
    }
    cli = subprocess.Popen(
        [str(Path(sys.executable).with_name("keiri")), "run", str(plan), "--detach", "--json"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert cli.stderr is not None
        found = None
        while found is None:  # the line announcing the run (in either language)
            line = cli.stderr.readline()
            assert line, "the CLI ended without announcing its run"
            found = _RUN_ID.search(line)
        run_id = found.group(0)
        time.sleep(3)  # its runner has started meanwhile, and waits
        run = httpx.get(f"{prefect_server}/flow_runs/{run_id}", timeout=30).json()
        assert run["state"]["type"] == "PENDING" and cli.poll() is None  # waits for a place
        held.release()
        out, _err = cli.communicate(timeout=240)
        assert cli.returncode == 0, _err[-2000:]
        assert '"state": "completed"' in out
    finally:
        held.release()
        cli.kill()
