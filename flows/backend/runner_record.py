"""A runner's record on its flow run (`flows.backend.liveness`), without Prefect: which process on
which machine runs the run: its `keiri.base.processes` identity (a reused pid never passes
for the runner) and when it was recorded.

`keiri run --detach` records its background runner as soon as it has started it (by the
child's pid, before the runner has imported anything), so a run is never taken for one that
no process took while its runner is still starting on a busy machine.
"""

from __future__ import annotations

import time
from typing import Any

from keiri.base import processes

__all__ = ["RUNNER_KEY", "key", "record"]

RUNNER_KEY = "keiri-runner-"


def record(pid: int) -> dict[str, Any]:
    """The runner record of process `pid` on this machine."""
    return {**processes.identity(pid).to_json(), "at": time.time()}


def key(entry: dict[str, Any]) -> str:
    """The flow run input key of a runner record (one per process)."""
    return f"{RUNNER_KEY}{entry['host']}-{entry['pid']}"
