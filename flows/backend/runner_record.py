"""A runner's record on its flow run (`flows.backend.liveness`), without Prefect: which process on
which machine runs the run: its `keiri.base.processes` identity (a reused pid never passes
for the runner) and when it was recorded.

`keiri run --detach` records its background runner as soon as it has started it (by the
child's pid, before the runner has imported anything), so a run is never taken for one that
no process took while its runner is still starting on a busy machine. A `keiri worker` records
the process it starts for a deployment run the same way, and before that its own *claim*
(`keiri-claim-...`: the worker's identity, name and pool), so a run it took and never started
can be told from one still starting.
"""

from __future__ import annotations

import time
from typing import Any

from keiri.base import processes

__all__ = ["CLAIM_KEY", "RUNNER_KEY", "claim", "claim_key", "key", "record"]

RUNNER_KEY = "keiri-runner-"
CLAIM_KEY = "keiri-claim-"


def record(pid: int) -> dict[str, Any]:
    """The runner record of process `pid` on this machine."""
    return {**processes.identity(pid).to_json(), "at": time.time()}


def key(entry: dict[str, Any]) -> str:
    """The flow run input key of a runner record (one per process)."""
    return f"{RUNNER_KEY}{entry['host']}-{entry['pid']}"


def claim(pid: int, worker: str, pool: str) -> dict[str, Any]:
    """The claim record of worker process `pid` (named `worker`, serving `pool`)."""
    return {**record(pid), "worker": worker, "pool": pool}


def claim_key(entry: dict[str, Any]) -> str:
    """The flow run input key of a claim (one per claim: a worker may take a run again after
    a pause or a retry)."""
    return f"{CLAIM_KEY}{entry['host']}-{entry['pid']}-{int(entry['at'] * 1000)}"
