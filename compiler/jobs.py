"""`NodeJob`: one block call as a backend receives it, and `Skipped`, a loop item whose `when`
was false. Everything here is plain data (JSON-serialisable except the block spec)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from blocks.sdk.spec import BlockSpec
from compiler.models import CacheSpec

__all__ = ["NodeJob", "Skipped"]


@dataclass
class NodeJob:
    """One block call: the rendered inputs and the node's effective policy."""

    plan_id: str
    run_id: str
    node_id: str
    spec: BlockSpec
    inputs: dict[str, Any]
    iteration: int | None = None
    item: str | None = None  # the loop item's file name or key, for error messages
    title: str | None = None  # the loop item as people read it (`Frame.title`)
    retries: int = 0
    retry_delays: tuple[float, ...] = ()
    timeout_ms: int | None = None
    on_error: str = "halt"
    cache: CacheSpec | None = None
    confirm_ambiguous: bool = False  # the node asks a person about ambiguities
    scope: str = ""  # the root run plus the subflow path: results are cached per scope+task

    @property
    def task_name(self) -> str:
        return self.node_id if self.iteration is None else f"{self.node_id}[{self.iteration}]"

    @property
    def result_key(self) -> str:
        """The key its result is persisted under: a retried or resumed run reuses it."""
        return f"keiri-{self.scope}-{self.task_name}"


@dataclass(frozen=True)
class Skipped:
    """A loop item whose `when` was false."""

    reason: str
