"""A runner's record on its flow run (`flows.backend.liveness`), without Prefect: which process on
which machine runs the run. The boot id and the process's start time (from /proc) make a
reused pid never pass for the runner.

`keiri run --detach` records its background runner as soon as it has started it (by the
child's pid, before the runner has imported anything), so a run is never taken for one that
no process took while its runner is still starting on a busy machine.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

__all__ = ["RUNNER_KEY", "boot_id", "key", "record", "start_ticks"]

RUNNER_KEY = "keiri-runner-"


def boot_id() -> str | None:
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


def record(pid: int) -> dict[str, Any]:
    """The runner record of process `pid` on this machine."""
    return {
        "host": socket.gethostname(),
        "pid": pid,
        "boot": boot_id(),
        "started": start_ticks(pid),
        "at": time.time(),
    }


def key(entry: dict[str, Any]) -> str:
    """The flow run input key of a runner record (one per process)."""
    return f"{RUNNER_KEY}{entry['host']}-{entry['pid']}"
