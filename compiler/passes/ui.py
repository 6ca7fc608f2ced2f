"""Pass `ui`: `ui.layout` against the graph, and block-specific static checks (the
requirements of a human-input form: ids, options, defaults, validation bounds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from blocks.forms.display import display_problems
from blocks.forms.field_types import FIELD_TYPES
from blocks.forms.safe_regex import pattern_problem
from blocks.sdk.errors import IssueCode
from blocks.sdk.registry import did_you_mean
from compiler.passes.context import CompileContext
from compiler.scope import CompiledNode, CompiledTask
from keiri.base.catalog import t

__all__ = ["STATIC_CHECKS", "check_display", "check_human_input", "check_requirements", "pass_ui"]


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
                    t("issue.req.duplicate", name=repr(rid), first=seen[rid], index=index),
                    (*path, "id"),
                    cnode.id,
                    t("issue.req.duplicate_hint"),
                )
            seen.setdefault(rid, index)
        if str(rtype) in FIELD_TYPES:  # an unknown type: the spec's enum reports it
            _check_by_type(ctx, cnode, req, path)
        validation = req.get("validation") or {}
        if isinstance(validation, dict):
            for low, high in (("min", "max"), ("min_length", "max_length")):
                lo, hi = validation.get(low), validation.get(high)
                if isinstance(lo, int | float) and isinstance(hi, int | float) and lo > hi:
                    ctx.issue(
                        IssueCode.TYPE_MISMATCH,
                        t("issue.req.bounds", low=low, lo=lo, high=high, hi=hi),
                        (*path, "validation"),
                        cnode.id,
                        t("issue.req.bounds_hint"),
                    )
            regex = validation.get("regex")
            problem = pattern_problem(regex) if isinstance(regex, str) else None
            if problem is not None:
                ctx.issue(
                    IssueCode.INVALID_EXPRESSION,
                    problem.message,
                    (*path, "validation", "regex"),
                    cnode.id,
                    t("issue.req.regex_hint"),
                    severity=problem.severity,
                )


def _check_by_type(
    ctx: CompileContext, cnode: CompiledTask, req: dict[str, Any], path: tuple[str | int, ...]
) -> None:
    """What the requirement's field type (`FIELD_TYPES`) says about options, `accept` and the
    default."""
    rid, rtype = req.get("id"), str(req.get("type"))
    ftype = FIELD_TYPES[rtype]
    options = req.get("options")
    if ftype.options and not options:
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            t("issue.req.no_options", name=repr(rid)),
            (*path, "options"),
            cnode.id,
            t("issue.req.no_options_hint"),
        )
    if options and not ftype.options:
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            t("issue.req.options_not_allowed", type=rtype, name=repr(rid)),
            (*path, "options"),
            cnode.id,
            t("issue.req.options_not_allowed_hint"),
        )
    if "accept" in req and not ftype.files:
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            t("issue.req.accept_not_allowed", type=rtype, name=repr(rid)),
            (*path, "accept"),
            cnode.id,
            t("issue.req.accept_not_allowed_hint"),
        )
    for where, message in ftype.declaration(req):
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            t("issue.req.declaration", name=repr(rid), detail=message),
            (*path, *where),
            cnode.id,
            t("issue.req.declaration_hint", type=rtype),
        )
    default = req.get("default")
    listed = options if isinstance(options, list) else []
    if default is not None and not ftype.default_ok(default, listed):
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            t("issue.req.bad_default", default=repr(default), type=rtype, name=repr(rid)),
            (*path, "default"),
            cnode.id,
            t("issue.req.bad_default_hint"),
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
            t("issue.display.problem", detail=problem.message),
            (*cnode.path, "in", "display", *problem.path),
            cnode.id,
            problem.hint or t("issue.display.hint"),
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
                t("issue.layout.twice", node=repr(node_id)),
                path,
                node_id,
                t("issue.layout.twice_hint"),
            )
        seen.add(node_id)
        if node_id not in compiled.all_nodes:
            ctx.issue(
                IssueCode.UI_LAYOUT_MISMATCH,
                t("issue.layout.unknown", node=repr(node_id)),
                path,
                None,
                did_you_mean(node_id, known) or t("issue.layout.unknown_hint"),
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
                t("issue.layout.not_output", ref=repr(ref)),
                where,
                None,
                did_you_mean(node_id, known) or t("issue.layout.not_output_hint"),
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
                t("issue.layout.missing", node=repr(cnode.id)),
                ("ui", "layout"),
                cnode.id,
                t("issue.layout.missing_hint", node=cnode.id),
                severity="warning",
            )
