"""The state of one plan run on a backend: the run (`RunState`), the values visible while a
scope runs (`Frame`), node statuses and the result; and the two ports the engine's parts are
wired through — the backend (`BackendPort`) and the scope runner (`ScopeRunner`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from blocks.sdk.confirmation import Confirmation, ConfirmationCancelled, NeedsConfirmation
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from blocks.sdk.store import FileStore
from compiler.events import EventLog
from compiler.jobs import NodeJob, Skipped
from compiler.references import Reference
from compiler.resolvers import resolve_value
from compiler.scope import CompiledLoop, CompiledNode, CompiledPlan, CompiledSubflow, Scope

__all__ = [
    "BackendPort",
    "Frame",
    "ItemResult",
    "NodeStatus",
    "RunResult",
    "RunState",
    "ScopeRunner",
]

#: A loop item's result; `NeedsConfirmation` when the item asked a question (answered and
#: run again by `compiler.loops`).
ItemResult = dict[str, Any] | BlockError | Skipped | NeedsConfirmation


@dataclass
class NodeStatus:
    node_id: str
    state: str  # completed | skipped | failed | not_run | paused
    block: str = ""
    duration_ms: int = 0
    message: str = ""
    output_summary: Any = None
    error: dict[str, Any] | None = None


class BackendPort(Protocol):
    """How block calls, loop items and subflows run (inline, on samples, on Prefect)."""

    name: str

    def make_context(self, state: RunState, job: NodeJob) -> BlockContext: ...

    def call_block(self, state: RunState, job: NodeJob) -> dict[str, Any]: ...

    def call_items(
        self,
        state: RunState,
        jobs: list[NodeJob | Skipped],
        max_concurrency: int,
        batch_size: int | None,
    ) -> list[ItemResult]: ...

    def run_item_body(
        self, state: RunState, loop: CompiledLoop, index: int, fn: Callable[[], Any]
    ) -> Any: ...

    def run_subflow(
        self, state: RunState, cnode: CompiledSubflow, sub_run_id: str, fn: Callable[[], Any]
    ) -> Any: ...

    def record_skip(self, state: RunState, key: str, cnode: CompiledNode, reason: str) -> None: ...

    def begin(self, state: RunState) -> None: ...

    def end(self, state: RunState) -> None: ...


@dataclass
class RunState:
    compiled: CompiledPlan
    run_id: str
    backend: BackendPort
    events: EventLog
    vars: dict[str, Any]
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    store: FileStore = field(default_factory=FileStore)
    statuses: dict[str, NodeStatus] = field(default_factory=dict)
    errors: list[BlockError] = field(default_factory=list)
    #: Task name -> question key -> the answer (`compiler.confirmation`).
    confirmations: dict[str, dict[str, Confirmation]] = field(default_factory=dict)
    scope: str = ""
    _sub_counter: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def plan_id(self) -> str:
        return self.compiled.id

    def next_subflow_id(self) -> str:
        return f"{self.run_id}.sub#{next(self._sub_counter)}"

    def emit(self, event: str, **fields: Any) -> None:
        fields.setdefault("run_id", self.run_id)
        self.events.emit(event, **fields)


@dataclass
class Frame:
    """Values visible while a scope runs: node outputs, loop variables, then the parent."""

    scope: Scope
    state: RunState
    parent: Frame | None = None
    outputs: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    loop_values: dict[str, Any] = field(default_factory=dict)
    iteration: int | None = None
    item: str | None = None  # the loop item's file name or key
    #: The loop item as people read it in the inbox: 「請求書 3/9: 株式会社A」 (loop frames).
    title: str | None = None

    @property
    def vars(self) -> dict[str, Any]:
        return self.state.vars

    @property
    def config(self) -> dict[str, Any]:
        return self.state.compiled.config

    def local(self, root: str) -> tuple[bool, Any]:
        frame: Frame | None = self
        while frame is not None:
            if root in frame.loop_values:
                return True, frame.loop_values[root]
            if root in frame.outputs:
                return True, frame.outputs[root]
            frame = frame.parent
        return False, None

    def lookup(self, ref: Reference) -> Any:
        return resolve_value(self, self.config, ref)

    def status_key(self, node_id: str) -> str:
        return node_id if self.iteration is None else f"{node_id}[{self.iteration}]"

    def upstream_status(self, node_id: str) -> NodeStatus | None:
        """The status of a node as seen from this frame (its own iteration first)."""
        frame: Frame | None = self
        while frame is not None:
            status = self.state.statuses.get(frame.status_key(node_id))
            if status is not None:
                return status
            frame = frame.parent
        return None


class ScopeRunner(Protocol):
    """The engine as loops and subflows see it (they run nested scopes and plans)."""

    def run_scope(self, state: RunState, scope: Scope, frame: Frame) -> None: ...

    def run_plan(
        self, compiled: CompiledPlan, parent: RunState, run_id: str, vars: Any, scope: str
    ) -> RunResult: ...


@dataclass
class RunResult:
    run_id: str
    plan_id: str
    state: str  # "completed" | "failed" | "cancelled"
    outputs: dict[str, Any]
    error: BlockError | None = None
    statuses: dict[str, NodeStatus] = field(default_factory=dict)
    exports: dict[str, Any] = field(default_factory=dict)
    cancelled: ConfirmationCancelled | None = None  # a person cancelled at a choice form
