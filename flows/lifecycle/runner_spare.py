"""A runner started before its run (issue 26: 実行を開始 → the first form drawn).

A runner (`python -m flows.lifecycle.runner RUN_ID`) spends ~3 s of CPU importing Prefect's
engine, the compiler and keiri's flows before it can run anything: on two cores that was most
of the wait between 実行を開始 and the first form. A long-lived parent that starts runs (the form
app, on its 新規実行 page) therefore keeps one spare: `python -m flows.lifecycle.runner --spare LOG`,
which lowers its priority, imports all that, and waits for a run id on its standard input
(it removes its log, still empty, when its input ends without one). The
next `flows.lifecycle.start.spawn_runner` of this process hands the run id over (`take`) instead
of starting a process, renames the spare's log to the run's, and a new spare is started
`REPLACE_AFTER_S` later (not at once: its imports would share the CPU with the run just handed
over).

A spare is used only when it is alive and was started with exactly the environment and working
folder the runner would be started with now; otherwise it is told to stop (its standard input
closed) and the run gets a runner of its own, as without a spare. A spare whose parent ends
reads the end of its input and exits: none is left behind. Before its run id it holds no place
among the machine's runners (`flows.lifecycle.runner_slots`) and calls no API.

This module imports only the standard library (it is imported by `flows.lifecycle.start`).
"""

from __future__ import annotations

import contextlib
import subprocess
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["REPLACE_AFTER_S", "SPARE_ARG", "Launch", "discard", "keep", "take"]

SPARE_ARG = "--spare"
#: How long after a spare was taken the next one starts (seconds).
REPLACE_AFTER_S = 20.0


@dataclass(frozen=True)
class Launch:
    """How a runner is started now: its command (without the run id), environment and folder,
    and the folder of its log (`flows.lifecycle.start.runner_launch`)."""

    command: tuple[str, ...]
    env: dict[str, str] = field(hash=False)
    cwd: Path
    log_dir: Path

    def start(
        self, args: list[str], log: Path, *, stdin: int, name: str
    ) -> subprocess.Popen[bytes]:
        """The runner with `args`, in its own session, output appended to `log`; reaped by a
        thread when it ends (no zombie in a long-lived parent such as the form app)."""
        self.log_dir.mkdir(parents=True, exist_ok=True)
        with log.open("ab") as handle:
            process = subprocess.Popen(
                [*self.command, *args],
                stdout=handle,
                stderr=subprocess.STDOUT,
                stdin=stdin,
                start_new_session=True,
                cwd=self.cwd,
                env=self.env,
            )
        threading.Thread(target=process.wait, name=f"keiri-runner-{name}", daemon=True).start()
        return process


@dataclass
class _Spare:
    launch: Launch
    process: subprocess.Popen[bytes]
    log: Path


class _State:
    lock = threading.Lock()
    spare: _Spare | None = None
    launch: Callable[[], Launch] | None = None  # how `keep` was asked to start one


def keep(launch: Callable[[], Launch]) -> None:
    """Keep one spare runner ready for this process's next runs (at once when there is none;
    again `REPLACE_AFTER_S` after each is taken). `launch` says how a runner starts now."""
    with _State.lock:
        _State.launch = launch
        spare = _State.spare
        if spare is not None and spare.process.poll() is None:
            return
        _State.spare = _spawn(launch())


def take(run_id: str, log_name: str, launch: Launch) -> tuple[subprocess.Popen[bytes], Path] | None:
    """The spare runner, running `run_id` from now on with its log at `log_name` in the log
    folder; None when there is no spare fit for `launch` (the caller starts a runner)."""
    with _State.lock:
        spare, _State.spare = _State.spare, None
        again = _State.launch
    if spare is None:
        return None
    target = launch.log_dir / log_name
    if spare.process.poll() is not None or spare.launch != launch or target.exists():
        _stop(spare)
        return None
    try:
        assert spare.process.stdin is not None  # started with stdin=PIPE
        spare.process.stdin.write(f"{run_id}\n".encode())
        spare.process.stdin.close()
    except OSError:  # it ended meanwhile: a runner of its own
        _stop(spare)
        return None
    spare.log.rename(target)  # the open log follows its new name
    if again is not None:
        timer = threading.Timer(REPLACE_AFTER_S, _replace, args=(again,))
        timer.daemon = True
        timer.start()
    return spare.process, target


def discard() -> None:
    """Stop keeping a spare (the one waiting is told to stop)."""
    with _State.lock:
        spare, _State.spare = _State.spare, None
        _State.launch = None
    if spare is not None:
        _stop(spare)


def _replace(launch: Callable[[], Launch]) -> None:
    with _State.lock:
        wanted = _State.launch is launch
    if wanted:
        keep(launch)


def _spawn(launch: Launch) -> _Spare:
    log = launch.log_dir / f"spare-{uuid.uuid4().hex}.log"
    process = launch.start([SPARE_ARG, str(log)], log, stdin=subprocess.PIPE, name="spare")
    return _Spare(launch, process, log)


def _stop(spare: _Spare) -> None:
    """Tell a spare that was not taken to stop: the end of its input (it exits and removes its
    log, still empty)."""
    if spare.process.stdin is not None:
        with contextlib.suppress(OSError):
            spare.process.stdin.close()
