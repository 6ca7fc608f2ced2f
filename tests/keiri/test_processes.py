"""Process identity (`keiri.base.processes`): a recorded process is alive only while the same
machine, boot, pid and start time match; terminate ends a process that ignores SIGTERM."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from keiri.base import processes
from tests.support.timing import scaled


def _child(code: str) -> subprocess.Popen[bytes]:
    # Its own stdin pipe: an inherited one may be at EOF already (CI runs with /dev/null), and
    # a child waiting on it would end before it is looked at.
    return subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )


def test_this_process_is_itself_and_not_after_a_reboot_or_a_reused_pid() -> None:
    me = processes.identity(os.getpid())
    assert me.host == socket.gethostname() and me.boot and me.started is not None
    assert processes.alive(me.host, me.pid, me.boot, me.started) is True
    assert processes.alive(me.host, me.pid, "another-boot", me.started) is False
    assert processes.alive(me.host, me.pid, me.boot, me.started + 1) is False  # a reused pid
    assert processes.alive("another-host", me.pid, me.boot, me.started) is None
    assert processes.alive(me.host, me.pid, None, None) is True  # an old record: pid only


def test_an_ended_process_and_its_zombie_are_not_alive() -> None:
    child = _child("print('ready', flush=True); import sys; sys.stdin.read()")
    assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
    recorded = processes.identity(child.pid)
    assert processes.pid_alive(child.pid)
    child.kill()
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # ended, not yet reaped: a zombie
    assert processes.start_ticks(child.pid) is None
    assert not processes.pid_alive(child.pid)
    assert processes.alive(recorded.host, child.pid, recorded.boot, recorded.started) is False
    child.wait()
    assert child.stdin is not None
    child.stdin.close()


def test_terminate_waits_for_sigterm_then_kills_what_ignores_it() -> None:
    polite = _child("print('ready', flush=True); import time; time.sleep(60)")
    stubborn = _child(
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
        " print('ready', flush=True); time.sleep(60)"
    )
    for child in (polite, stubborn):
        assert child.stdout is not None and child.stdout.readline().strip() == b"ready"

    def running(p: subprocess.Popen[bytes]) -> bool:
        return p.poll() is None

    assert processes.terminate(polite.pid, scaled(10), running=lambda _pid: running(polite))
    assert polite.returncode == -15
    assert not processes.terminate(stubborn.pid, 0.3, running=lambda _pid: running(stubborn))
    assert stubborn.wait(timeout=scaled(10)) == -9


def test_command_line_reads_the_argv() -> None:
    argv = processes.command_line(os.getpid())
    assert argv is not None and any(b"python" in part for part in argv)
    assert processes.command_line(2**22 + 12345) is None
