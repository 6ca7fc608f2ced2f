"""Error policy in one place: retries, timeout and the `node_error` events (seed 000 §9.2).

Both backends run a block through `execute_with_policy` (the Prefect backend inside its
`run_node` task), so retry and timeout behave the same everywhere.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from blocks.errors import BlockError, ErrorCode
from blocks.spec import BlockSpec
from compiler.models import CacheSpec, Policy, TaskNode

__all__ = ["NodeJob", "effective_policy", "execute_with_policy", "run_with_timeout"]


@dataclass
class NodeJob:
    """One block call: everything a backend needs, JSON-serialisable except `spec`."""

    plan_id: str
    run_id: str
    node_id: str
    spec: BlockSpec
    inputs: dict[str, Any]
    iteration: int | None = None
    retries: int = 0
    timeout_ms: int | None = None
    on_error: str = "halt"
    cache: CacheSpec | None = None
    tags: list[str] = field(default_factory=list)
    scope: str = ""  # the root run plus the subflow path: results are cached per scope+task

    @property
    def task_name(self) -> str:
        return self.node_id if self.iteration is None else f"{self.node_id}[{self.iteration}]"


def effective_policy(node: TaskNode | Any, policy: Policy) -> tuple[str, int, int | None]:
    """(on_error, retries, timeout_ms) for a node: node overrides, then the plan policy."""
    on_error = getattr(node, "on_error", None) or policy.on_error
    retries = getattr(node, "retries", None)
    if retries is None:
        retries = policy.retries if on_error == "retry" else 0
    timeout_ms = getattr(node, "timeout_ms", None) or policy.timeout_ms
    return on_error, retries, timeout_ms


def run_with_timeout(
    fn: Callable[[], dict[str, Any]], timeout_ms: int | None, job: NodeJob
) -> dict[str, Any]:
    if not timeout_ms:
        return fn()
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=target, name=f"keiri-{job.task_name}", daemon=True)
    worker.start()
    worker.join(timeout_ms / 1000)
    if worker.is_alive():
        raise BlockError(
            ErrorCode.TIMEOUT_ERROR,
            f"node {job.task_name} did not finish within {timeout_ms} ms",
            details={"node_id": job.node_id, "timeout_ms": timeout_ms, "iteration": job.iteration},
            hint="raise policy.timeout_ms (or the node's timeout_ms), or make the input smaller",
            recoverable=True,
        )
    if "error" in box:
        raise box["error"]
    value: dict[str, Any] = box["value"]
    return value


def execute_with_policy(
    job: NodeJob,
    call: Callable[[], dict[str, Any]],
    emit: Callable[..., Any],
    sleep: Callable[[float], None] = time.sleep,
) -> dict[str, Any]:
    """Run `call` with the job's timeout; retry up to `job.retries` times on BlockError."""
    attempt = 0
    while True:
        try:
            return run_with_timeout(call, job.timeout_ms, job)
        except BlockError as exc:
            exc.with_node(job.node_id)
            will_retry = attempt < job.retries
            emit(
                "node_error",
                node_id=job.node_id,
                iteration=job.iteration,
                error={"code": exc.code, "message": exc.message, "hint": exc.hint},
                retry=attempt,
                will_retry=will_retry,
            )
            if not will_retry:
                raise
            attempt += 1
            sleep(min(0.05 * 2**attempt, 2.0))
