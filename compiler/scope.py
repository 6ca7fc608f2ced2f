"""The compiled form of a plan: scopes (the top graph, each loop body) of typed compiled nodes
(a task with its resolved block spec, a loop with its body scope, a subflow with its compiled
plan), their dependencies, and the called subflow plans.

A node whose block or subflow could not be resolved is an `Unresolved` node: it exists only
while the passes collect issues (so references to it are still checked); a `CompiledPlan`
returned by the compiler never contains one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import BlockSpec
from blocks.sdk.yaml_loader import LineMap
from compiler.models import LoopNode, Plan, SubflowNode, TaskNode

__all__ = [
    "AnyNode",
    "CompiledLoop",
    "CompiledNode",
    "CompiledPlan",
    "CompiledSubflow",
    "CompiledTask",
    "KeyPath",
    "Scope",
    "Unresolved",
]

AnyNode = TaskNode | LoopNode | SubflowNode
KeyPath = tuple[str | int, ...]
N = TypeVar("N", bound=AnyNode)


@dataclass(eq=False)
class _Compiled(Generic[N]):
    """What every compiled node has: the plan node, where it stands in the plan (`path`),
    the scope it runs in and the ids of the nodes it depends on (`deps`)."""

    node: N
    path: KeyPath
    scope: Scope
    deps: set[str] = field(default_factory=set, kw_only=True)

    @property
    def id(self) -> str:
        return self.node.id


@dataclass(eq=False)
class CompiledTask(_Compiled[TaskNode]):
    """A block call."""

    spec: BlockSpec

    @property
    def block_id(self) -> str:
        return self.spec.id

    def exposed_names(self) -> dict[str, str]:
        """Names `${node.X}` may use -> the block output key behind it."""
        names = {key: key for key in self.spec.outputs}
        names.update({alias: local for local, alias in self.node.out.items()})
        return names


@dataclass(eq=False)
class CompiledLoop(_Compiled[LoopNode]):
    """A foreach or while loop over its body scope."""

    body: Scope

    @property
    def block_id(self) -> str:
        return "loop"

    def exposed_names(self) -> dict[str, str]:
        names = {export.as_: export.as_ for export in self.body.exports}
        if self.node.out.collect:
            names[self.node.out.collect] = self.node.out.collect
        return names


@dataclass(eq=False)
class CompiledSubflow(_Compiled[SubflowNode]):
    """A call of another plan, compiled."""

    subplan: CompiledPlan

    @property
    def block_id(self) -> str:
        return "subflow"

    def exposed_names(self) -> dict[str, str]:
        return {export.as_: export.from_ for export in self.node.out.exports}


@dataclass(eq=False)
class Unresolved(_Compiled[TaskNode | SubflowNode]):
    """A task whose block, or a subflow whose plan, was not found (compile-time only)."""

    @property
    def block_id(self) -> str:
        return self.node.block if isinstance(self.node, TaskNode) else "subflow"

    def exposed_names(self) -> dict[str, str]:
        if isinstance(self.node, TaskNode):
            return {alias: local for local, alias in self.node.out.items()}
        return {export.as_: export.from_ for export in self.node.out.exports}


CompiledNode = CompiledTask | CompiledLoop | CompiledSubflow | Unresolved


@dataclass(eq=False)
class Scope:
    nodes: dict[str, CompiledNode] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    parent: Scope | None = None
    owner: str | None = None  # the loop node owning this body
    loop_vars: dict[str, str] = field(default_factory=dict)  # name -> "item" | "index"
    exports: list[Any] = field(default_factory=list)
    path: KeyPath = ()

    def chain(self) -> list[Scope]:
        scopes: list[Scope] = []
        scope: Scope | None = self
        while scope is not None:
            scopes.append(scope)
            scope = scope.parent
        return scopes

    def find(self, node_id: str) -> CompiledNode | None:
        for scope in self.chain():
            found = scope.nodes.get(node_id)
            if found is not None:
                return found
        return None

    def loop_var(self, name: str) -> tuple[Scope, str] | None:
        for scope in self.chain():
            if name in scope.loop_vars:
                return scope, scope.loop_vars[name]
        return None

    def scopes(self) -> list[Scope]:
        """This scope and every loop body below it."""
        found = [self]
        for cnode in self.nodes.values():
            if isinstance(cnode, CompiledLoop):
                found.extend(cnode.body.scopes())
        return found


@dataclass(eq=False)
class CompiledPlan:
    plan: Plan
    source: Path | None
    lines: LineMap
    root: Scope
    registry: BlockRegistry
    config: dict[str, Any]
    all_nodes: dict[str, CompiledNode] = field(default_factory=dict)
    subplans: dict[str, CompiledPlan] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.plan.id

    def scopes(self) -> list[Scope]:
        return self.root.scopes()

    def sinks(self) -> list[str]:
        """Top-level nodes nothing depends on: their outputs are the plan's result."""
        used = {dep for node in self.root.nodes.values() for dep in node.deps}
        return [nid for nid in self.root.order if nid not in used]
