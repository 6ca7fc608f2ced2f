"""Holds a flow run's process at its start while the file `KEIRI_TEST_HOLD_START` names exists
(`tests/ops/test_liveness.py`): a run a worker has claimed and started a process for, that has
not begun yet (Pending). Only Prefect's run processes wait — the worker itself starts as usual.
On the path of a test's worker only (`PYTHONPATH`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

__all__: list[str] = []


def _hold() -> None:
    marker = os.environ.get("KEIRI_TEST_HOLD_START")
    if not marker:
        return
    try:
        argv = Path("/proc/self/cmdline").read_bytes()
    except OSError:
        return
    if b"prefect.engine" not in argv and b"prefect.runner." not in argv:
        return
    while Path(marker).exists():
        time.sleep(0.2)


_hold()
