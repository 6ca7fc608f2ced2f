"""Pass `references`: every `${...}` and expression in the plan is parsed and resolved.

A reference may name `vars`, `env` (allow-listed names only), `config`, a loop variable of an
enclosing loop, or a node of the same scope or an enclosing one. A node inside a loop body is
invisible from outside the loop (use the loop's `out.collect` or exports). Dependencies found
here become the edges of the graph pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from blocks.errors import IssueCode
from blocks.registry import did_you_mean
from blocks.spec import port_json_schema
from compiler.compile import CompileContext, scopes_of
from compiler.expressions import ExpressionSyntaxError, parse_expression, references_in
from compiler.models import LoopNode, SubflowNode, TaskNode, WhenCompare, WhenExpr
from compiler.placeholders import var_value_schema
from compiler.references import Reference, ReferenceSyntaxError, find_references, get_path
from compiler.scope import CompiledNode, CompiledPlan, KeyPath, Scope
from compiler.typecheck import schema_at_path, value_schema
from keiri import settings

__all__ = ["RefSite", "Resolved", "node_sites", "pass_references", "resolve_reference"]


@dataclass(frozen=True)
class RefSite:
    """A place holding references: a template value or an expression."""

    path: KeyPath
    value: Any
    kind: str  # "template" | "expr" | "compare"


@dataclass(frozen=True)
class Resolved:
    schema: dict[str, Any] | None
    target: CompiledNode | None = None
    error_code: str | None = None
    error: str = ""
    hint: str = ""


def _walk_strings(value: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(value, str):
        if "${" in value:
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk_strings(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk_strings(item, (*path, index))


def _when_sites(when: WhenExpr | WhenCompare | None, path: KeyPath) -> list[RefSite]:
    if isinstance(when, WhenExpr):
        return [RefSite((*path, "expr"), when.expr, "expr")]
    if isinstance(when, WhenCompare):
        return [
            RefSite((*path, "left"), when.left, "template"),
            RefSite((*path, "right"), when.right, "template"),
        ]
    return []


def node_sites(cnode: CompiledNode) -> list[RefSite]:
    node, path = cnode.node, cnode.path
    sites = _when_sites(node.when, (*path, "when"))
    if isinstance(node, TaskNode):
        sites += [RefSite(p, v, "template") for p, v in _walk_strings(node.in_, (*path, "in"))]
    elif isinstance(node, LoopNode):
        if node.foreach is not None:
            sites += [
                RefSite(p, v, "template")
                for p, v in _walk_strings(node.foreach.input, (*path, "foreach", "input"))
            ]
        if node.while_ is not None:
            sites += _when_sites(node.while_.condition, (*path, "while", "condition"))
    elif isinstance(node, SubflowNode):
        sites += [
            RefSite(p, v, "template")
            for p, v in _walk_strings(node.call.inputs, (*path, "call", "inputs"))
        ]
    return sites


@lru_cache(maxsize=8192)
def _expr_references(text: str) -> tuple[Reference, ...]:
    return tuple(references_in(parse_expression(text)))


@lru_cache(maxsize=8192)
def _template_references(text: str) -> tuple[Reference, ...]:
    return tuple(find_references(text))


def site_references(site: RefSite) -> list[Reference]:
    """References of a site; raises ReferenceSyntaxError / ExpressionSyntaxError."""
    if site.kind == "expr":
        return list(_expr_references(str(site.value)))
    if isinstance(site.value, str):
        return list(_template_references(site.value))
    return []


def resolve_reference(compiled: CompiledPlan, scope: Scope | None, ref: Reference) -> Resolved:
    """What a reference points at and its static schema (None = unknown)."""
    plan = compiled.plan
    path = list(ref.path)
    if ref.root == "vars":
        if not path:
            return Resolved({"type": "object"})
        key = str(path[0])
        if key not in plan.vars:
            return Resolved(
                None,
                None,
                IssueCode.UNRESOLVED_REFERENCE,
                f"vars has no {key!r}",
                did_you_mean(key, sorted(plan.vars)) or "define it under vars:",
            )
        value = plan.vars[key]
        inner = find_references(value) if isinstance(value, str) else []
        if len(inner) == 1 and inner[0].text == value:
            base = resolve_reference(compiled, None, inner[0])
            if base.error_code:
                return base
            schema, err = schema_at_path(base.schema, path[1:])
        else:
            schema, err = schema_at_path(var_value_schema(value), path[1:])
        return (
            Resolved(schema)
            if not err
            else Resolved(None, None, IssueCode.UNRESOLVED_REFERENCE, err)
        )
    if ref.root == "env":
        if len(path) != 1:
            return Resolved(None, None, IssueCode.UNRESOLVED_REFERENCE, "use ${env.NAME}")
        name = str(path[0])
        if not settings.env_allowed(name):
            return Resolved(
                None,
                None,
                IssueCode.UNRESOLVED_REFERENCE,
                f"environment variable {name!r} is not allowed in plans",
                f"only names starting with {', '.join(settings.env_allow_patterns())} "
                "are readable (KEIRI_ENV_ALLOW); secrets must never reach a plan",
            )
        return Resolved({"type": ["string", "null"]})
    if ref.root == "config":
        value = get_path(compiled.config, path)
        if value is None:
            return Resolved(
                None,
                None,
                IssueCode.UNRESOLVED_REFERENCE,
                f"config has no {'.'.join(map(str, path))!r} ({settings.config_file()})",
                "add it to config.yaml or set KEIRI_CONFIG",
            )
        return Resolved(value_schema(value))
    if scope is None:
        return Resolved(
            None,
            None,
            IssueCode.UNRESOLVED_REFERENCE,
            f"{ref.text}: vars may only reference config and env",
            "vars are resolved before any node runs",
        )
    loop_var = scope.loop_var(ref.root)
    if loop_var is not None:
        owner_scope, kind = loop_var
        if kind == "index":
            return (
                Resolved({"type": "integer"})
                if not path
                else Resolved(
                    None, None, IssueCode.UNRESOLVED_REFERENCE, "a loop index has no keys"
                )
            )
        owner = (
            owner_scope.parent.nodes[owner_scope.owner]
            if owner_scope.parent and owner_scope.owner
            else None
        )
        items: dict[str, Any] | None = None
        if (
            owner is not None
            and isinstance(owner.node, LoopNode)
            and owner.node.foreach is not None
        ):
            source = owner.node.foreach.input
            if (
                isinstance(source, str)
                and source.startswith("${")
                and len(find_references(source)) == 1
            ):
                base = resolve_reference(compiled, owner.scope, find_references(source)[0])
                if base.schema and isinstance(base.schema.get("items"), dict):
                    items = base.schema["items"]
        schema, err = schema_at_path(items, path)
        return (
            Resolved(schema)
            if not err
            else Resolved(None, None, IssueCode.UNRESOLVED_REFERENCE, err)
        )
    target = scope.find(ref.root)
    if target is None:
        other = compiled.all_nodes.get(ref.root)
        if other is not None:
            loop_id = other.scope.owner
            return Resolved(
                None,
                None,
                IssueCode.UNRESOLVED_REFERENCE,
                f"{ref.text}: node {ref.root!r} is inside loop {loop_id!r} and is not visible here",
                f"export it from the loop body and read ${{{loop_id}.<name>}} (out.collect)",
            )
        known = sorted({*compiled.all_nodes, "vars", "env", "config"})
        return Resolved(
            None,
            None,
            IssueCode.UNRESOLVED_REFERENCE,
            f"{ref.text}: no node {ref.root!r}",
            did_you_mean(ref.root, known)
            or "references name a node id, vars, env, config or a loop variable",
        )
    if not path:
        return Resolved(
            None,
            target,
            IssueCode.UNRESOLVED_REFERENCE,
            f"{ref.text}: name an output",
            f"outputs of {ref.root}: {', '.join(sorted(target.exposed_names())) or 'none'}",
        )
    name = str(path[0])
    exposed = target.exposed_names()
    if name not in exposed:
        return Resolved(
            None,
            target,
            IssueCode.UNKNOWN_OUTPUT,
            f"{ref.text}: {ref.root!r} has no output {name!r}",
            did_you_mean(name, sorted(exposed))
            or f"outputs of {ref.root}: {', '.join(sorted(exposed)) or 'none'}",
        )
    schema, err = schema_at_path(output_schema(compiled, target, name), path[1:])
    if err:
        return Resolved(None, target, IssueCode.UNRESOLVED_REFERENCE, f"{ref.text}: {err}")
    return Resolved(schema, target)


def output_schema(compiled: CompiledPlan, cnode: CompiledNode, name: str) -> dict[str, Any] | None:
    node = cnode.node
    local = cnode.exposed_names().get(name)
    if isinstance(node, TaskNode):
        if cnode.spec is None or local not in cnode.spec.outputs:
            return None
        return port_json_schema(cnode.spec.outputs[local])
    if isinstance(node, LoopNode) and cnode.body is not None:
        export_schema = _export_schema(compiled, cnode.body, name)
        # foreach: every export is the list of its per-item values (in item order);
        # while: exports are the last iteration's values, `collect` lists all iterations.
        if node.foreach is not None or node.out.collect == name:
            return {"type": "array", "items": export_schema or {}}
        return export_schema
    if isinstance(node, SubflowNode) and cnode.subplan is not None and local is not None:
        return _export_schema(cnode.subplan, cnode.subplan.root, local)
    return None


def _export_schema(compiled: CompiledPlan, scope: Scope, name: str) -> dict[str, Any] | None:
    for export in scope.exports:
        if export.as_ == name:
            node_id, _, rest = export.from_.partition(".")
            target = scope.nodes.get(node_id)
            if target is None or not rest:
                return None
            parts: list[str | int] = list(rest.split("."))
            schema, _err = schema_at_path(output_schema(compiled, target, str(parts[0])), parts[1:])
            return schema
    return None


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
        for path, text in _walk_strings(value, ("vars", key)):
            _check_site(ctx, compiled, None, None, RefSite(path, text, "template"))
    for scope in scopes_of(compiled):
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
            str(exc),
            site.path,
            node_id,
            "expressions use ${...} references, literals, == != < <= > >=, && || ! and parentheses",
        )
        return
    is_while = "while" in site.path
    for ref in refs:
        body_scope = cnode.body if (cnode is not None and is_while) else None
        resolved = resolve_reference(compiled, body_scope or scope, ref)
        if resolved.error_code:
            ctx.issue(resolved.error_code, resolved.error, site.path, node_id, resolved.hint)
            continue
        target = resolved.target
        if target is None or cnode is None or target is cnode:
            if target is cnode and cnode is not None:
                ctx.issue(
                    IssueCode.CYCLE_DETECTED,
                    f"cycle: {cnode.id} -> {cnode.id}",
                    site.path,
                    node_id,
                    "a node cannot read its own outputs",
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
                f"export from unknown node {node_id!r}",
                path,
                scope.owner,
                did_you_mean(node_id, sorted(scope.nodes))
                or "exports read node.output of this graph",
            )
            continue
        name = rest.split(".", 1)[0]
        if not name or name not in target.exposed_names():
            ctx.issue(
                IssueCode.UNKNOWN_OUTPUT,
                f"{node_id!r} has no output {name!r}",
                path,
                scope.owner,
                did_you_mean(name, sorted(target.exposed_names())) or "name an output alias",
            )
