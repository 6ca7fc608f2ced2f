"""The compiled form of a plan: scopes (the top graph, each loop body), nodes with their
resolved block spec and dependencies, and called subflow plans."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blocks.registry import BlockRegistry
from blocks.spec import BlockSpec
from compiler.models import LoopNode, Plan, SubflowNode, TaskNode
from compiler.yaml_loader import LineMap

__all__ = ["CompiledNode", "CompiledPlan", "Scope"]

AnyNode = TaskNode | LoopNode | SubflowNode
KeyPath = tuple[str | int, ...]


@dataclass
class CompiledNode:
    node: AnyNode
    path: KeyPath
    scope: Scope
    spec: BlockSpec | None = None
    deps: set[str] = field(default_factory=set)
    body: Scope | None = None
    subplan: CompiledPlan | None = None

    @property
    def id(self) -> str:
        return self.node.id

    @property
    def kind(self) -> str:
        return self.node.type

    def exposed_names(self) -> dict[str, str]:
        """Names `${node.X}` may use -> the block output key (or export name) behind it."""
        node = self.node
        if isinstance(node, TaskNode):
            names = {key: key for key in (self.spec.outputs if self.spec else {})}
            names.update({alias: local for local, alias in node.out.items()})
            return names
        if isinstance(node, LoopNode):
            assert self.body is not None
            names = {export.as_: export.as_ for export in self.body.exports}
            if node.out.collect:
                names[node.out.collect] = node.out.collect
            return names
        return {export.as_: export.from_ for export in node.out.exports}


@dataclass
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


@dataclass
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

    def sinks(self) -> list[str]:
        """Top-level nodes nothing depends on: their outputs are the plan's result."""
        used = {dep for node in self.root.nodes.values() for dep in node.deps}
        return [nid for nid in self.root.order if nid not in used]
