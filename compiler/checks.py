"""Passes `types`, `ui` and `usage`: edge types, UI consistency, and unused-output warnings."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from blocks.errors import IssueCode
from blocks.registry import did_you_mean
from blocks.spec import port_json_schema
from blocks.ui.safe_regex import pattern_problem
from blocks.validation import validate_value
from compiler.compile import CompileContext, scopes_of
from compiler.models import LoopNode, TaskNode
from compiler.references import find_references, whole_reference
from compiler.resolve import node_sites, resolve_reference, site_references
from compiler.scope import CompiledNode, CompiledPlan, KeyPath, Scope
from compiler.typecheck import compatible, describe

__all__ = ["STATIC_CHECKS", "pass_types", "pass_ui", "pass_usage"]


def _contains_reference(value: Any) -> bool:
    if isinstance(value, str):
        return "${" in value
    if isinstance(value, dict):
        return any(_contains_reference(v) for v in value.values())
    if isinstance(value, list):
        return any(_contains_reference(v) for v in value)
    return False


# -- types --------------------------------------------------------------------------------


def pass_types(ctx: CompileContext) -> None:
    compiled = ctx.compiled
    if compiled is None:
        return
    for scope in scopes_of(compiled):
        for cnode in scope.nodes.values():
            node = cnode.node
            if isinstance(node, TaskNode) and cnode.spec is not None:
                for key, value in node.in_.items():
                    port = cnode.spec.inputs.get(key)
                    if port is not None:
                        _check_edge(
                            ctx,
                            compiled,
                            scope,
                            cnode,
                            (*cnode.path, "in", key),
                            value,
                            port_json_schema(port),
                        )
            if isinstance(node, LoopNode) and node.foreach is not None:
                _check_edge(
                    ctx,
                    compiled,
                    scope,
                    cnode,
                    (*cnode.path, "foreach", "input"),
                    node.foreach.input,
                    {"type": "array"},
                )


def _check_edge(
    ctx: CompileContext,
    compiled: CompiledPlan,
    scope: Scope,
    cnode: CompiledNode,
    path: KeyPath,
    value: Any,
    target: dict[str, Any],
) -> None:
    if isinstance(value, str):
        try:
            ref = whole_reference(value)
            refs = find_references(value)
        except ValueError:
            return  # reported by the references pass
        if ref is not None:
            resolved = resolve_reference(compiled, scope, ref)
            if resolved.error_code is None and not compatible(resolved.schema, target):
                ctx.issue(
                    IssueCode.TYPE_MISMATCH,
                    f"{ref.text} is {describe(resolved.schema)}, but {path[-1]} expects {describe(target)}",
                    path,
                    cnode.id,
                    "bind an output of the expected type, or convert it in an upstream node",
                )
            return
        if refs:
            if not compatible({"type": "string"}, target):
                ctx.issue(
                    IssueCode.TYPE_MISMATCH,
                    f"text with embedded references is a string, but {path[-1]} expects {describe(target)}",
                    path,
                    cnode.id,
                    "use exactly one ${...} as the whole value to pass a typed value",
                )
            return
    if _contains_reference(value):
        return
    for problem in validate_value(target, value):
        where = (*path, *_split(problem.path)) if problem.path else path
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            f"{'.'.join(map(str, where[-2:]))}: {problem.message}",
            where,
            cnode.id,
            "fix the literal value to match the block's input schema",
        )


def _split(dotted: str) -> KeyPath:
    parts: list[str | int] = []
    for token in re.findall(r"[^.\[\]]+|\[\d+\]", dotted):
        parts.append(int(token[1:-1]) if token.startswith("[") else token)
    return tuple(parts)


# -- ui -----------------------------------------------------------------------------------

_REQUIREMENT_TYPES_WITH_OPTIONS = {"select"}
_FILE_TYPES = {"file", "files", "folder"}
_DEFAULT_TYPES: dict[str, tuple[type, ...]] = {
    "text": (str,),
    "chat": (str,),
    "number": (int, float),
    "boolean": (bool,),
}


def check_requirements(ctx: CompileContext, cnode: CompiledNode) -> None:
    node = cnode.node
    if not isinstance(node, TaskNode):
        return
    requirements = node.in_.get("requirements")
    if not isinstance(requirements, list):
        return
    base = (*cnode.path, "in", "requirements")
    seen: dict[str, int] = {}
    for index, req in enumerate(requirements):
        if not isinstance(req, dict):
            continue
        path = (*base, index)
        rid, rtype = req.get("id"), req.get("type")
        if isinstance(rid, str):
            if rid in seen:
                ctx.issue(
                    IssueCode.DUPLICATE_REQUIREMENT_ID,
                    f"requirement id {rid!r} is used twice (items {seen[rid]} and {index})",
                    (*path, "id"),
                    cnode.id,
                    "each requirement id becomes a form field; make them unique",
                )
            seen.setdefault(rid, index)
        options = req.get("options")
        if rtype in _REQUIREMENT_TYPES_WITH_OPTIONS and not options:
            ctx.issue(
                IssueCode.TYPE_MISMATCH,
                f"select requirement {rid!r} has no options",
                (*path, "options"),
                cnode.id,
                "list the choices under options",
            )
        if options and rtype not in _REQUIREMENT_TYPES_WITH_OPTIONS:
            ctx.issue(
                IssueCode.TYPE_MISMATCH,
                f"{rtype} requirement {rid!r} cannot have options",
                (*path, "options"),
                cnode.id,
                "use type: select for a choice",
            )
        if "accept" in req and rtype not in _FILE_TYPES:
            ctx.issue(
                IssueCode.TYPE_MISMATCH,
                f"{rtype} requirement {rid!r} cannot have accept",
                (*path, "accept"),
                cnode.id,
                "accept is for file, files and folder",
            )
        if "default" in req and req["default"] is not None:
            default = req["default"]
            expected = _DEFAULT_TYPES.get(str(rtype))
            bad = expected is not None and (
                not isinstance(default, expected)
                or (rtype == "number" and isinstance(default, bool))
            )
            if rtype == "select" and options and default not in options:
                bad = True
            if bad:
                ctx.issue(
                    IssueCode.TYPE_MISMATCH,
                    f"default {default!r} does not fit {rtype} requirement {rid!r}",
                    (*path, "default"),
                    cnode.id,
                    "make the default match the requirement type/options",
                )
        validation = req.get("validation") or {}
        if isinstance(validation, dict):
            for low, high in (("min", "max"), ("min_length", "max_length")):
                lo, hi = validation.get(low), validation.get(high)
                if isinstance(lo, int | float) and isinstance(hi, int | float) and lo > hi:
                    ctx.issue(
                        IssueCode.TYPE_MISMATCH,
                        f"validation.{low} ({lo}) is greater than {high} ({hi})",
                        (*path, "validation"),
                        cnode.id,
                        "swap or fix the bounds",
                    )
            regex = validation.get("regex")
            problem = pattern_problem(regex) if isinstance(regex, str) else None
            if problem is not None:
                ctx.issue(
                    IssueCode.INVALID_EXPRESSION,
                    problem.message,
                    (*path, "validation", "regex"),
                    cnode.id,
                    "write the pattern without backreferences, lookaround or nested repeats",
                    severity=problem.severity,
                )


#: Block-specific static checks, dispatched by block id (no if-chains on ids).
STATIC_CHECKS: dict[str, Callable[[CompileContext, CompiledNode], None]] = {
    "ui.interactive_input": check_requirements,
}


def pass_ui(ctx: CompileContext) -> None:
    compiled = ctx.compiled
    if compiled is None:
        return
    layout = compiled.plan.ui.layout
    known = sorted(compiled.all_nodes)
    seen: set[str] = set()
    for index, node_id in enumerate(layout):
        path = ("ui", "layout", index)
        if node_id in seen:
            ctx.issue(
                IssueCode.UI_LAYOUT_MISMATCH,
                f"ui.layout lists {node_id!r} twice",
                path,
                node_id,
                "list each node once",
            )
        seen.add(node_id)
        if node_id not in compiled.all_nodes:
            ctx.issue(
                IssueCode.UI_LAYOUT_MISMATCH,
                f"ui.layout names {node_id!r}, which is not a node of the graph",
                path,
                None,
                did_you_mean(node_id, known) or "ui.layout lists node ids in display order",
            )
    for cnode in compiled.all_nodes.values():
        if cnode.spec is None:
            continue
        check = STATIC_CHECKS.get(cnode.spec.id)
        if check is not None:
            check(ctx, cnode)
        if layout and cnode.spec.human_input and cnode.id not in seen:
            ctx.issue(
                IssueCode.UI_LAYOUT_MISMATCH,
                f"UI node {cnode.id!r} is missing from ui.layout",
                ("ui", "layout"),
                cnode.id,
                f"add {cnode.id} to ui.layout",
                severity="warning",
            )


# -- usage --------------------------------------------------------------------------------


def _used_names(compiled: CompiledPlan) -> set[tuple[str, str]]:
    used: set[tuple[str, str]] = set()
    for scope in scopes_of(compiled):
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
    for value in compiled.plan.vars.values():
        if isinstance(value, str):
            used.update((r.root, str(r.path[0])) for r in find_references(value) if r.path)
    return used


def pass_usage(ctx: CompileContext) -> None:
    compiled = ctx.compiled
    if compiled is None:
        return
    used = _used_names(compiled)
    referenced_nodes = {node_id for node_id, _ in used}
    for scope in scopes_of(compiled):
        for cnode in scope.nodes.values():
            node = cnode.node
            if cnode.id not in referenced_nodes:
                if scope.owner is not None:
                    ctx.issue(
                        IssueCode.UNUSED_NODE,
                        f"{cnode.id!r} in the body of {scope.owner!r} is neither used nor exported",
                        cnode.path,
                        cnode.id,
                        "export its result or remove it",
                        severity="warning",
                    )
                continue
            if isinstance(node, TaskNode):
                for local, alias in node.out.items():
                    if (cnode.id, alias) not in used:
                        ctx.issue(
                            IssueCode.UNUSED_OUTPUT,
                            f"output alias {alias!r} of {cnode.id!r} is never used",
                            (*cnode.path, "out", local),
                            cnode.id,
                            "remove the alias or use it",
                            severity="warning",
                        )
