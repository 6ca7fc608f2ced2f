"""Pass `ui`: `ui.layout` against the graph, and block-specific static checks (the
requirements of a human-input form: ids, options, defaults, validation bounds)."""

from __future__ import annotations

from collections.abc import Callable

from blocks.errors import IssueCode
from blocks.registry import did_you_mean
from blocks.ui.safe_regex import pattern_problem
from compiler.passes.context import CompileContext
from compiler.scope import CompiledNode, CompiledTask

__all__ = ["STATIC_CHECKS", "check_requirements", "pass_ui"]


_REQUIREMENT_TYPES_WITH_OPTIONS = {"select"}
_FILE_TYPES = {"file", "files", "folder"}
_DEFAULT_TYPES: dict[str, tuple[type, ...]] = {
    "text": (str,),
    "chat": (str,),
    "secret": (str,),
    "number": (int, float),
    "boolean": (bool,),
}


def check_requirements(ctx: CompileContext, cnode: CompiledNode) -> None:
    if not isinstance(cnode, CompiledTask):
        return
    requirements = cnode.node.in_.get("requirements")
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
        if not isinstance(cnode, CompiledTask):
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
