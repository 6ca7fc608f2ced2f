"""Pass `graph`: each scope's nodes in dependency order; cycles are CYCLE_DETECTED."""

from __future__ import annotations

import graphlib

from blocks.sdk.errors import IssueCode
from compiler.passes.context import CompileContext
from keiri.base.catalog import t

__all__ = ["pass_graph"]


def pass_graph(ctx: CompileContext) -> None:
    if ctx.compiled is None:
        return
    for scope in ctx.compiled.scopes():
        sorter: graphlib.TopologicalSorter[str] = graphlib.TopologicalSorter()
        for node_id, cnode in scope.nodes.items():
            sorter.add(node_id, *sorted(d for d in cnode.deps if d in scope.nodes))
        try:
            scope.order = list(sorter.static_order())
        except graphlib.CycleError as exc:
            cycle = list(exc.args[1])
            first = scope.nodes[cycle[0]]
            ctx.issue(
                IssueCode.CYCLE_DETECTED,
                t("issue.cycle", chain=" -> ".join(cycle)),
                first.path,
                first.id,
                t("issue.cycle.hint"),
            )
            scope.order = list(scope.nodes)
