"""Pass `references`: every `${...}` and expression in the plan is parsed and resolved (through
`compiler.resolvers`); the dependencies found become the edges of the graph pass."""

from __future__ import annotations

from blocks.sdk.errors import IssueCode
from blocks.sdk.issue_text import syntax_message
from blocks.sdk.registry import did_you_mean
from compiler.expressions import ExpressionSyntaxError
from compiler.passes.context import CompileContext
from compiler.references import Reference, ReferenceSyntaxError
from compiler.resolvers import resolve_reference
from compiler.scope import CompiledLoop, CompiledNode, CompiledPlan, CompiledTask, Scope
from compiler.sites import RefSite, node_sites, site_references, walk_strings
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["pass_references"]


def _owner_at(scope_of_target: Scope, referrer: CompiledNode) -> CompiledNode | None:
    """The node in `scope_of_target` that contains `referrer` (itself, or an enclosing loop)."""
    current: CompiledNode | None = referrer
    while current is not None:
        if current.scope is scope_of_target:
            return current
        owner_id = current.scope.owner
        parent = current.scope.parent
        current = parent.nodes.get(owner_id) if parent is not None and owner_id else None
    return None


def pass_references(ctx: CompileContext) -> None:
    compiled = ctx.compiled
    if compiled is None:
        return
    for key, value in compiled.plan.vars.items():
        for path, text in walk_strings(value, ("vars", key)):
            _check_site(ctx, compiled, None, None, RefSite(path, text, "template"))
    for scope in compiled.scopes():
        for cnode in scope.nodes.values():
            for site in node_sites(cnode):
                _check_site(ctx, compiled, scope, cnode, site)
        _check_exports(ctx, scope)


def _check_site(
    ctx: CompileContext,
    compiled: CompiledPlan,
    scope: Scope | None,
    cnode: CompiledNode | None,
    site: RefSite,
) -> None:
    node_id = cnode.id if cnode else None
    try:
        refs = site_references(site)
    except (ExpressionSyntaxError, ReferenceSyntaxError) as exc:
        ctx.issue(
            IssueCode.INVALID_EXPRESSION,
            syntax_message(exc),
            site.path,
            node_id,
            exc.hint or t("issue.expression.hint"),
        )
        return
    is_while = "while" in site.path
    for ref in refs:
        body_scope = cnode.body if (isinstance(cnode, CompiledLoop) and is_while) else None
        resolved = resolve_reference(compiled, body_scope or scope, ref)
        if resolved.error_code:
            ctx.issue(resolved.error_code, resolved.error, site.path, node_id, resolved.hint)
            continue
        if ref.root == "env":
            _check_env_set(ctx, cnode, site, ref)
        target = resolved.target
        if target is None or cnode is None or target is cnode:
            if target is cnode and cnode is not None:
                ctx.issue(
                    IssueCode.CYCLE_DETECTED,
                    t("issue.cycle", chain=f"{cnode.id} -> {cnode.id}"),
                    site.path,
                    node_id,
                    t("issue.cycle.self_hint"),
                )
            continue
        if body_scope is not None and target.scope is body_scope:
            continue  # a while condition reads the last iteration's body outputs
        owner = _owner_at(target.scope, cnode)
        if owner is not None and owner is not target:
            owner.deps.add(target.id)


def _check_exports(ctx: CompileContext, scope: Scope) -> None:
    base = (*scope.path, "exports") if scope.path else ("exports",)
    for index, export in enumerate(scope.exports):
        node_id, _, rest = export.from_.partition(".")
        target = scope.nodes.get(node_id)
        path = (*base, index, "from")
        if target is None:
            ctx.issue(
                IssueCode.UNRESOLVED_REFERENCE,
                t("issue.export.unknown_node", node=repr(node_id)),
                path,
                scope.owner,
                did_you_mean(node_id, sorted(scope.nodes)) or t("issue.export.unknown_node_hint"),
            )
            continue
        name = rest.split(".", 1)[0]
        if not name or name not in target.exposed_names():
            ctx.issue(
                IssueCode.UNKNOWN_OUTPUT,
                t("issue.export.no_output", node=repr(node_id), name=repr(name)),
                path,
                scope.owner,
                did_you_mean(name, sorted(target.exposed_names()))
                or t("issue.export.no_output_hint"),
            )


def _check_env_set(
    ctx: CompileContext, cnode: CompiledNode | None, site: RefSite, ref: Reference
) -> None:
    """An allowed `${env.NAME}` that is not set would read null: an error, or a warning when
    the plan gives a default (the reference is a whole input whose port has a default)."""
    name = str(ref.path[0])
    if settings.plan_env(name) is not None:
        return
    port = None
    if isinstance(cnode, CompiledTask) and site.value == ref.text:
        tail = site.path[len(cnode.path) :]
        if len(tail) == 2 and tail[0] == "in":
            port = cnode.spec.inputs.get(str(tail[1]))
    if port is not None and port.has_default:
        ctx.issue(
            IssueCode.UNRESOLVED_REFERENCE,
            t("issue.env.unset_default", name=repr(name), default=repr(port.default)),
            site.path,
            cnode.id if cnode else None,
            t("issue.env.unset_default_hint", name=name),
            severity="warning",
        )
        return
    ctx.issue(
        IssueCode.UNRESOLVED_REFERENCE,
        t("issue.env.unset", name=repr(name)),
        site.path,
        cnode.id if cnode else None,
        t("issue.env.unset_hint", name=name),
    )
