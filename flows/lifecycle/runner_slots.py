"""How many background runners execute at once on this machine (`KEIRI_LOCAL_RUNNERS`).

Why (issue 11): every `keiri run --detach` (and every retry from the form app) starts one
`python -m flows.lifecycle.runner` process. Started together, 50 of them each import Prefect (~1 s of
CPU, ~100 MB) and call the API at once: on two cores the burst took minutes and the CLIs still
starting were starved; 200 would not fit in memory. A runner therefore first takes one of
`limit` places (an exclusive `flock` on `slot-<i>` in a folder of the machine's temporary
directory for this user and keiri home — local even when `KEIRI_HOME` is shared storage),
before it imports
Prefect; the others wait for one, cheaply (a small process, Pending on the API and alive to
`flows.backend.liveness`). A place is given back when the runner exits — also when it is killed: the
kernel drops the lock with the process — or when its run pauses for input (a run waiting for a
person must not keep others from running).

Without `flock` (Windows) there is no limit.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import tempfile
import time
from pathlib import Path

__all__ = ["LIMIT_VARIABLE", "Slot", "acquire", "default_limit", "slots_dir"]

LIMIT_VARIABLE = "KEIRI_LOCAL_RUNNERS"  # the setting (`ServerSettings.local_runners`), resolved

_POLL_S = (0.2, 0.6)  # a waiting runner looks for a free place this often (jittered)


def default_limit() -> int:
    """Two per CPU, at least two: enough to keep the machine busy while runs wait on I/O."""
    return max(2, 2 * (os.cpu_count() or 1))


def slots_dir(home: str) -> Path:
    """The folder of places of the keiri home `home` on this machine (the temporary directory
    is local even when the home is on shared storage)."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    digest = hashlib.sha256(home.encode("utf-8")).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"keiri-runner-slots-{uid}-{digest}"


class Slot:
    """A place taken (`release` gives it back; so does the end of the process)."""

    def __init__(self, fd: int | None, index: int | None) -> None:
        self._fd = fd
        self.index = index

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing the descriptor drops its flock
            self._fd = None


def acquire(limit: int, folder: Path) -> Slot:
    """Wait for one of `limit` places in `folder`; the place."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no limit
        return Slot(None, None)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    while True:
        for index in random.sample(range(limit), limit):  # waiters do not all try slot 0 first
            fd = os.open(folder / f"slot-{index}", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            return Slot(fd, index)
        time.sleep(random.uniform(*_POLL_S))
