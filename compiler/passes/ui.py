"""Pass `ui`: `ui.layout` against the graph, and block-specific static checks (the
requirements of a human-input form: ids, options, defaults, validation bounds)."""

from __future__ import annotations

from collections.abc import Callable

from blocks.errors import IssueCode
from blocks.registry import did_you_mean
from blocks.ui.display import display_problems
from blocks.ui.safe_regex import pattern_problem
from compiler.passes.context import CompileContext
from compiler.scope import CompiledNode, CompiledTask

__all__ = ["STATIC_CHECKS", "check_display", "check_human_input", "check_requirements", "pass_ui"]


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


def check_display(ctx: CompileContext, cnode: CompiledNode) -> None:
    """`display` of a confirm form: known kinds, keys and formats, sources in `context`."""
    if not isinstance(cnode, CompiledTask) or "display" not in cnode.node.in_:
        return
    context = cnode.node.in_.get("context")
    keys = sorted(str(k) for k in context) if isinstance(context, dict) else None
    for problem in display_problems(cnode.node.in_.get("display"), keys):
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            f"display: {problem.message}",
            (*cnode.path, "in", "display", *problem.path),
            cnode.id,
            problem.hint or "see blocks/ui/display.py for the display items",
        )


def check_human_input(ctx: CompileContext, cnode: CompiledNode) -> None:
    check_requirements(ctx, cnode)
    check_display(ctx, cnode)


#: Block-specific static checks, dispatched by block id (no if-chains on ids).
STATIC_CHECKS: dict[str, Callable[[CompileContext, CompiledNode], None]] = {
    "ui.interactive_input": check_human_input,
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
    outputs: list[tuple[tuple[str | int, ...], str]] = [
        (("ui", "reports", i), ref) for i, ref in enumerate(compiled.plan.ui.reports)
    ]
    outputs += [
        (("ui", "summary", i, "value"), item.value)
        for i, item in enumerate(compiled.plan.ui.summary)
    ]
    for where, ref in outputs:
        node_id = ref.split(".", 1)[0]
        if node_id not in compiled.all_nodes or "." not in ref:
            ctx.issue(
                IssueCode.UI_LAYOUT_MISMATCH,
                f"{ref!r} is not an output of a node of the graph (node.output)",
                where,
                None,
                did_you_mean(node_id, known) or "write node.output, e.g. write_report.report",
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
