"""Process identity: which process, on which machine, started when — and whether it is still
that process. The one place keiri reads `/proc` and signals processes (the local server's
supervisor, the runners a run records, liveness, `keiri cancel`).

A pid alone is not an identity: pids are reused. `Identity` adds the machine (host name), its
boot (the kernel's boot id) and the process's start time (clock ticks after boot, field 22 of
`/proc/<pid>/stat`): a process is *the* recorded one only when all four match. A zombie (killed,
not yet reaped) is not alive. Without `/proc` (not Linux) identity cannot be told (`None`).

Written on the standard library: the three `/proc` reads keiri needs do not justify a
dependency (psutil is not one of ours); Windows is covered only as far as the server needs
(`pid_alive`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "Identity",
    "alive",
    "boot_id",
    "command_line",
    "identity",
    "pid_alive",
    "start_ticks",
    "terminate",
]


@dataclass(frozen=True)
class Identity:
    """A process as recorded: `host`, `pid`, the machine's `boot` id and its `started` ticks."""

    host: str
    pid: int
    boot: str | None
    started: int | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def boot_id() -> str | None:
    """This machine's boot id (changes at every boot); None without /proc."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except OSError:
        return None


def start_ticks(pid: int) -> int | None:
    """The process's start time in clock ticks after boot (/proc/<pid>/stat field 22); None
    when there is no such process, or only its zombie (killed, not yet reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[-1].split()
    try:
        if fields[0] in ("Z", "X"):  # field 3, the state: zombie or dead
            return None
        return int(fields[19])  # field 22 counted from the state (field 3)
    except (IndexError, ValueError):
        return None


def identity(pid: int) -> Identity:
    """The identity of process `pid` on this machine, now."""
    return Identity(socket.gethostname(), pid, boot_id(), start_ticks(pid))


def alive(host: Any, pid: int, boot: Any, started: Any) -> bool | None:
    """Whether the recorded process (`host`, `pid`, `boot`, `started`) still runs: True/False
    on this machine, None when it cannot be told (another host, or no /proc). A record without
    a boot id or start time is judged by what it has."""
    if host != socket.gethostname():
        return None
    boot_now = boot_id()
    if boot_now is None:
        return None
    if boot not in (None, boot_now):
        return False  # recorded before this machine rebooted
    now = start_ticks(pid)
    if now is None:
        return False
    return started is None or started == now


def pid_alive(pid: int) -> bool:
    """Whether some process of ours has this pid (not a zombie). A process of another user is
    not ours: False."""
    if sys.platform == "win32":
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    proc = Path("/proc") / str(pid)
    return not proc.is_dir() or start_ticks(pid) is not None


def command_line(pid: int) -> list[bytes] | None:
    """The process's argv (as bytes); None when it cannot be read."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None


def terminate(
    pid: int,
    timeout: float,
    *,
    running: Callable[[int], bool] = pid_alive,
    poll: float = 0.1,
) -> bool:
    """SIGTERM `pid`, wait up to `timeout` s while `running(pid)`, then SIGKILL. True when it
    ended within the timeout."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while running(pid):
        if time.monotonic() >= deadline:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
            return False
        time.sleep(poll)
    return True


def _windows_pid_alive(pid: int) -> bool:
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        return bool(ok) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
