"""The effective error policy of a node (seed 000 §9.2): node settings over the plan's policy.

How a policy is enforced lives with the backends: Prefect task options (`retries`,
`retry_delay_seconds`, `retry_condition_fn`, `timeout_seconds`) on the Prefect backend, the
same semantics in `compiler.attempts` for the inline backend and batched loop items.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.models import LoopNode, Policy, SubflowNode, TaskNode

__all__ = ["EffectivePolicy", "effective_policy"]

#: Waits before retry 1, 2, 3, ... (the last repeats): short first, backing off to 2 s.
RETRY_DELAYS_S = (0.1, 0.2, 0.5, 1.0, 2.0)


@dataclass(frozen=True)
class EffectivePolicy:
    on_error: str  # halt | continue | retry
    retries: int
    timeout_ms: int | None
    retry_delays: tuple[float, ...]


def effective_policy(node: TaskNode | LoopNode | SubflowNode, policy: Policy) -> EffectivePolicy:
    """Node overrides, then the plan policy. Retries apply with `on_error: retry` or when the
    node sets `retries` itself."""
    on_error = node.on_error or policy.on_error
    retries = node.retries
    if retries is None:
        retries = policy.retries if on_error == "retry" else 0
    timeout_ms = node.timeout_ms or policy.timeout_ms
    return EffectivePolicy(on_error, retries, timeout_ms, RETRY_DELAYS_S[: max(retries, 1)])
