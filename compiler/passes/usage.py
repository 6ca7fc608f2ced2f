"""Pass `usage`: warnings for nodes in a loop body that nothing uses or exports
(UNUSED_NODE) and output aliases never read (UNUSED_OUTPUT)."""

from __future__ import annotations

from blocks.sdk.errors import IssueCode
from compiler.models import TaskNode
from compiler.passes.context import CompileContext
from compiler.references import ReferenceSyntaxError, find_references
from compiler.scope import CompiledPlan
from compiler.sites import node_sites, site_references, walk_strings
from keiri.base.catalog import t

__all__ = ["pass_usage"]


def _used_names(compiled: CompiledPlan) -> set[tuple[str, str]]:
    used: set[tuple[str, str]] = set()
    for scope in compiled.scopes():
        for cnode in scope.nodes.values():
            for site in node_sites(cnode):
                try:
                    refs = site_references(site)
                except ValueError:
                    continue
                used.update((ref.root, str(ref.path[0])) for ref in refs if ref.path)
        for export in scope.exports:
            node_id, _, rest = export.from_.partition(".")
            used.add((node_id, rest.split(".", 1)[0]))
    for key, value in compiled.plan.vars.items():
        for _path, text in walk_strings(value, ("vars", key)):
            try:
                refs = find_references(text)
            except ReferenceSyntaxError:
                continue  # reported by the references pass (INVALID_EXPRESSION)
            used.update((r.root, str(r.path[0])) for r in refs if r.path)
    return used


def pass_usage(ctx: CompileContext) -> None:
    compiled = ctx.compiled
    if compiled is None:
        return
    used = _used_names(compiled)
    referenced_nodes = {node_id for node_id, _ in used}
    for scope in compiled.scopes():
        for cnode in scope.nodes.values():
            node = cnode.node
            if cnode.id not in referenced_nodes:
                if scope.owner is not None:
                    ctx.issue(
                        IssueCode.UNUSED_NODE,
                        t("issue.unused.body_node", node=repr(cnode.id), owner=repr(scope.owner)),
                        cnode.path,
                        cnode.id,
                        t("issue.unused.body_node_hint"),
                        severity="warning",
                    )
                continue
            if isinstance(node, TaskNode):
                for local, alias in node.out.items():
                    if (cnode.id, alias) not in used:
                        ctx.issue(
                            IssueCode.UNUSED_OUTPUT,
                            t("issue.unused.alias", name=repr(alias), node=repr(cnode.id)),
                            (*cnode.path, "out", local),
                            cnode.id,
                            t("issue.unused.alias_hint"),
                            severity="warning",
                        )
