"""A runner started before its run (`flows.lifecycle.runner_spare`, issue 26): the run id is
handed to it and its log takes the run's name; a spare started with another environment, one
that ended, or one whose log name is taken is not used (the run gets a runner of its own); the
next spare starts after the one taken; the spare ends when told to stop. Then a real run on the
local Prefect server through `start_detached`, in the spare's process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from flows.lifecycle import runner_spare
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS

#: A stand-in runner: as a spare it writes the run id it reads (or removes its log at the end
#: of its input, as the runner does); else the one it was given.
RUNNER = """\
import os, sys
if sys.argv[1] == "--spare":
    run_id = sys.stdin.readline().strip()
    if not run_id:
        os.unlink(sys.argv[2])
        sys.exit(0)
    print("spare ran", run_id, flush=True)
else:
    print("ran", sys.argv[1], flush=True)
"""


@pytest.fixture(autouse=True)
def no_spare_left() -> Iterator[None]:
    yield
    runner_spare.discard()


def _launch(tmp_path: Path, **env: str) -> runner_spare.Launch:
    script = tmp_path / "runner.py"
    script.write_text(RUNNER, encoding="utf-8")
    return runner_spare.Launch(
        command=(sys.executable, str(script)),
        env={**os.environ, **env},
        cwd=tmp_path,
        log_dir=tmp_path / "detached",
    )


def _ended(process: subprocess.Popen[bytes], timeout: float = 60) -> int:
    return process.wait(timeout=timeout)


def test_the_run_goes_to_the_spare_and_its_log_takes_the_runs_name(tmp_path: Path) -> None:
    launch = _launch(tmp_path)
    runner_spare.keep(lambda: launch)
    spare = runner_spare._State.spare
    assert spare is not None and spare.process.poll() is None
    taken = runner_spare.take("run-1", "run-1.log", launch)
    assert taken is not None
    process, log = taken
    assert process is spare.process
    assert _ended(process) == 0
    assert log == tmp_path / "detached" / "run-1.log"
    assert log.read_text(encoding="utf-8") == "spare ran run-1\n"
    assert sorted(p.name for p in log.parent.iterdir()) == ["run-1.log"]  # no spare log left
    assert runner_spare._State.spare is None  # the next one comes later


@pytest.mark.parametrize("why", ["environment", "ended", "log name taken"])
def test_a_spare_that_does_not_fit_is_not_used(why: str, tmp_path: Path) -> None:
    launch = _launch(tmp_path)
    runner_spare.keep(lambda: launch)
    spare = runner_spare._State.spare
    assert spare is not None
    now = launch
    if why == "environment":
        now = _launch(tmp_path, KEIRI_SOMETHING_NEW="1")
    elif why == "ended":
        assert spare.process.stdin is not None
        spare.process.stdin.close()
        assert _ended(spare.process) == 0
    else:
        (tmp_path / "detached" / "run-2.log").write_text("an earlier start\n", encoding="utf-8")
    assert runner_spare.take("run-2", "run-2.log", now) is None
    assert _ended(spare.process) == 0  # told to stop: it read the end of its input
    assert not spare.log.exists()  # it wrote nothing: its log is gone
    if why == "log name taken":  # the earlier log is kept as it was
        text = (tmp_path / "detached" / "run-2.log").read_text(encoding="utf-8")
        assert text == "an earlier start\n"


def test_a_new_spare_starts_after_one_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner_spare, "REPLACE_AFTER_S", 0.2)
    launch = _launch(tmp_path)
    runner_spare.keep(lambda: launch)
    first = runner_spare._State.spare
    taken = runner_spare.take("run-3", "run-3.log", launch)
    assert first is not None and taken is not None
    deadline = time.monotonic() + 30
    while runner_spare._State.spare is None and time.monotonic() < deadline:
        time.sleep(0.05)
    second = runner_spare._State.spare
    assert second is not None and second.process.pid != first.process.pid
    runner_spare.keep(lambda: launch)  # one is kept, not two
    assert runner_spare._State.spare is second
    runner_spare.discard()
    assert _ended(second.process) == 0
    assert runner_spare._State.spare is None


def test_a_spare_ends_when_its_parent_ends(tmp_path: Path) -> None:
    """The spare's standard input is its parent's pipe: when the parent is gone (here, killed),
    the spare reads the end of it and exits."""
    launch = _launch(tmp_path)
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            f"sys.path.insert(0, {str(Path.cwd())!r})\n"
            "from flows.lifecycle import runner_spare\n"
            f"launch = runner_spare.Launch({launch.command!r}, dict(), "
            f"__import__('pathlib').Path({str(tmp_path)!r}), "
            f"__import__('pathlib').Path({str(launch.log_dir)!r}))\n"
            "runner_spare.keep(lambda: launch)\n"
            "print(runner_spare._State.spare.process.pid, flush=True)\n"
            "time.sleep(600)\n",
        ],
        stdout=subprocess.PIPE,
    )
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    parent.kill()
    parent.wait(timeout=60)
    deadline = time.monotonic() + 60
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended but not yet reaped by init, counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.prefect
def test_a_real_run_runs_in_the_spare(
    prefect_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m flows.lifecycle.runner --spare LOG` runs the run handed to it; the next spare,
    told to stop, exits and leaves no log."""
    monkeypatch.setattr(runner_spare, "REPLACE_AFTER_S", 0.5)
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs, start

    start.keep_spare_runner()
    spare = runner_spare._State.spare
    assert spare is not None
    plan = FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"
    compiled, _ = compile_file(plan, BlockRegistry())
    detached = runs.start_detached(compiled, plan, {"ask": {"amount": 1200}}, {})
    assert detached.process.pid == spare.process.pid
    outcome = detached.wait(timeout=240)
    assert outcome.state == "completed", outcome.error
    assert outcome.outputs["after"]["value"] == 1200
    assert f"{detached.run_id}.log" in {p.name for p in (start.home() / "detached").iterdir()}
    deadline = time.monotonic() + 60
    while runner_spare._State.spare is None and time.monotonic() < deadline:
        time.sleep(0.05)
    second = runner_spare._State.spare
    assert second is not None
    runner_spare.discard()
    assert _ended(second.process, timeout=120) == 0
    logs = sorted(p.name for p in (start.home() / "detached").iterdir())
    assert logs == [f"{detached.run_id}.log"]


@pytest.mark.prefect
def test_cancelling_a_paused_run_stops_the_spare_that_runs_it(
    prefect_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spare's command line does not name its run (it read the id on its standard input):
    `runs.cancel` still finds it by its runner record and stops it, and the run is Cancelled
    (not left waiting in its pause until the pause's timeout)."""
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs, start

    start.keep_spare_runner()
    spare = runner_spare._State.spare
    assert spare is not None
    plan = FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"
    compiled, _ = compile_file(plan, BlockRegistry())
    detached = runs.start_detached(compiled, plan, {}, {})
    assert detached.process.pid == spare.process.pid
    assert detached.run_id.encode() not in Path(f"/proc/{spare.process.pid}/cmdline").read_bytes()
    paused = detached.wait(timeout=240)
    assert paused.state == "paused", paused.error
    cancelled = runs.cancel(detached.run_id, "tester")
    assert cancelled.state == "cancelled"
    _ended(spare.process, timeout=60)  # stopped (SIGTERM): the run was not left waiting
    assert runs.outcome(detached.run_id).state == "cancelled"
