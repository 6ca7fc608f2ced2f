"""Pass `structure`: scopes of typed compiled nodes — unique ids, blocks resolved (`id@semver`),
inputs/outputs against the block spec, loop bodies, called subflows compiled (cycle-checked)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from blocks.sdk.errors import IssueCode, IssuesFound, format_path
from blocks.sdk.registry import LEGACY_BLOCK_PREFIXES, did_you_mean
from blocks.sdk.spec import BlockSpec
from compiler.models import SubflowNode, TaskNode
from compiler.passes.context import CompileContext
from compiler.scope import (
    AnyNode,
    CompiledLoop,
    CompiledNode,
    CompiledPlan,
    CompiledSubflow,
    CompiledTask,
    KeyPath,
    Scope,
    Unresolved,
)
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["MAX_SUBFLOW_DEPTH", "pass_structure"]

#: How deep subflow calls may nest (a plan calling a plan calling a plan ...).
MAX_SUBFLOW_DEPTH = 16


def pass_structure(ctx: CompileContext) -> None:
    compiled = CompiledPlan(
        plan=ctx.plan,
        source=ctx.source,
        lines=ctx.lines,
        root=Scope(exports=list(ctx.plan.exports), path=()),
        registry=ctx.registry,
        config=ctx.config,
    )
    ctx.compiled = compiled
    seen: dict[str, KeyPath] = {}
    _build_scope(ctx, compiled, compiled.root, list(ctx.plan.graph), ("graph",), seen)
    _check_concurrency(ctx, compiled)


def _check_concurrency(ctx: CompileContext, compiled: CompiledPlan) -> None:
    """`per_node` names a loop of this plan; a cap above `default_max_workers` is a warning
    (the lower of the two wins, see `compiler.loops.loop_cap`)."""
    concurrency = ctx.plan.policy.concurrency
    loops = sorted(i for i, n in compiled.all_nodes.items() if isinstance(n, CompiledLoop))
    for node_id, cap in concurrency.per_node.items():
        path = ("policy", "concurrency", "per_node", node_id)
        if node_id not in compiled.all_nodes:
            ctx.issue(
                IssueCode.UNRESOLVED_REFERENCE,
                t("issue.per_node.no_node", node=repr(node_id)),
                path,
                None,
                did_you_mean(node_id, sorted(compiled.all_nodes))
                or t("issue.per_node.loops", loops=", ".join(loops) or t("issue.none")),
            )
        elif cap > concurrency.default_max_workers:
            ctx.issue(
                IssueCode.TYPE_MISMATCH,
                t(
                    "issue.per_node.exceeds",
                    node=node_id,
                    cap=cap,
                    limit=concurrency.default_max_workers,
                ),
                path,
                node_id,
                t("issue.per_node.exceeds_hint"),
                severity="warning",
            )


def _build_scope(
    ctx: CompileContext,
    compiled: CompiledPlan,
    scope: Scope,
    nodes: list[AnyNode],
    base: KeyPath,
    seen: dict[str, KeyPath],
) -> None:
    for index, node in enumerate(nodes):
        path = (*base, index)
        if node.id in seen:
            ctx.issue(
                IssueCode.DUPLICATE_NODE_ID,
                t(
                    "issue.duplicate_node",
                    node=repr(node.id),
                    first=format_path(seen[node.id]),
                    line=ctx.lines.line(seen[node.id]),
                ),
                (*path, "id"),
                node.id,
                t("issue.duplicate_node_hint"),
            )
            continue
        seen[node.id] = path
        cnode: CompiledNode
        if isinstance(node, TaskNode) and node.id in ctx.broken and base == ("graph",):
            cnode = Unresolved(node=node, path=path, scope=scope)  # failed the schema
        elif isinstance(node, TaskNode):
            spec = _check_task(ctx, node, path)
            cnode = (
                CompiledTask(node=node, path=path, scope=scope, spec=spec)
                if spec is not None
                else Unresolved(node=node, path=path, scope=scope)
            )
        elif isinstance(node, SubflowNode):
            subplan = _load_subflow(ctx, compiled, node, path)
            cnode = (
                CompiledSubflow(node=node, path=path, scope=scope, subplan=subplan)
                if subplan is not None
                else Unresolved(node=node, path=path, scope=scope)
            )
        else:
            if (node.foreach is None) == (node.while_ is None):
                ctx.issue(
                    IssueCode.PLAN_SCHEMA_INVALID,
                    t("issue.loop.one_of"),
                    path,
                    node.id,
                    t("issue.loop.one_of_hint"),
                )
            loop_vars: dict[str, str] = {}
            if node.foreach is not None:
                loop_vars[node.foreach.itemVar] = "item"
                if node.foreach.indexVar:
                    loop_vars[node.foreach.indexVar] = "index"
            if node.while_ is not None and node.while_.iterationVar:
                loop_vars[node.while_.iterationVar] = "index"
            body = Scope(
                parent=scope,
                owner=node.id,
                loop_vars=loop_vars,
                exports=list(node.body.plan.exports),
                path=(*path, "body", "plan"),
            )
            cnode = CompiledLoop(node=node, path=path, scope=scope, body=body)
        scope.nodes[node.id] = cnode
        compiled.all_nodes[node.id] = cnode
        if isinstance(cnode, CompiledLoop):
            _build_scope(
                ctx,
                compiled,
                cnode.body,
                list(cnode.node.body.plan.graph),
                (*path, "body", "plan", "graph"),
                seen,
            )
            _check_collect(ctx, cnode, path)


def _check_collect(ctx: CompileContext, loop: CompiledLoop, path: KeyPath) -> None:
    """`out.collect` gathers one export of the body per iteration: it must name one."""
    collect = loop.node.out.collect
    exported = sorted(e.as_ for e in loop.node.body.plan.exports)
    if collect and collect not in exported:
        ctx.issue(
            IssueCode.UNKNOWN_OUTPUT,
            t("issue.collect.unknown", name=repr(collect), loop=repr(loop.id)),
            (*path, "out", "collect"),
            loop.id,
            did_you_mean(collect, exported)
            or (
                t("issue.collect.exports", names=", ".join(exported))
                if exported
                else t("issue.collect.none")
            ),
        )


def _check_task(ctx: CompileContext, node: TaskNode, path: KeyPath) -> BlockSpec | None:
    resolution = ctx.registry.resolve(node.block)
    if resolution.entry is None:
        ctx.issue(
            resolution.code or IssueCode.UNKNOWN_BLOCK,
            resolution.message,
            (*path, "block"),
            node.id,
            resolution.hint.replace("PLAN", str(ctx.source))
            if ctx.source and node.block.startswith(LEGACY_BLOCK_PREFIXES)
            else resolution.hint,
        )
        return None
    spec = resolution.entry.spec
    _check_major(ctx, node, spec, path)
    _check_one_of(ctx, node, spec, path)
    _unknown_ports(ctx, node.id, spec.id, (*path, "in"), node.in_, sorted(spec.inputs), _INPUT)
    for key, port in spec.inputs.items():
        if port.is_required and not port.has_default and key not in node.in_:
            ctx.issue(
                IssueCode.MISSING_REQUIRED_INPUT,
                t("issue.input.missing", block=spec.id, name=repr(key)),
                (*path, "in"),
                node.id,
                t("issue.input.add_described", name=key, description=port.description)
                if port.description
                else t("issue.input.add", name=key),
            )
    _unknown_ports(ctx, node.id, spec.id, (*path, "out"), node.out, sorted(spec.outputs), _OUTPUT)
    return spec


#: A side of a block's ports: the issue of a name it does not have, its message and hint keys.
_INPUT = (IssueCode.UNKNOWN_INPUT, "issue.input.unknown", "issue.input.known")
_OUTPUT = (IssueCode.UNKNOWN_OUTPUT, "issue.output.unknown", "issue.output.known")


def _unknown_ports(
    ctx: CompileContext,
    node_id: str,
    block: str,
    path: KeyPath,
    given: Iterable[str],
    known: list[str],
    side: tuple[IssueCode, str, str],
) -> None:
    """An issue for each name in `given` that the block's side does not have (did you mean)."""
    code, unknown, listed = side
    for key in given:
        if key not in known:
            ctx.issue(
                code,
                t(unknown, block=block, name=repr(key)),
                (*path, key),
                node_id,
                did_you_mean(key, known) or t(listed, block=block, names=", ".join(known)),
            )


def _check_major(ctx: CompileContext, node: TaskNode, spec: BlockSpec, path: KeyPath) -> None:
    """An unpinned block resolves to its newest version; when an older major is installed
    too, the node may have been written for it: say which major it gets and how to pin."""
    if "@" in node.block:
        return
    older = sorted(
        {v.major for v in ctx.registry.versions(spec.id) if v.major < spec.major}, reverse=True
    )
    if not older:
        return
    previous = [v for v in ctx.registry.versions(spec.id) if v.major == older[0]][-1]
    pins: dict[str, Any] = {
        "block": spec.id,
        "major": spec.major,
        "version": spec.version,
        "older": older[0],
        "older_version": previous.version,
    }
    ctx.issue(
        IssueCode.BLOCK_VERSION_INCOMPATIBLE,
        t("issue.major.unpinned", **pins),
        (*path, "block"),
        node.id,
        t("issue.major.unpinned_hint", **pins),
        severity="warning",
    )


def _check_one_of(ctx: CompileContext, node: TaskNode, spec: BlockSpec, path: KeyPath) -> None:
    """The spec's `one_of_inputs`: at least one input of each group is bound, not empty."""
    for group in spec.one_of_inputs:
        if not any(node.in_.get(key) not in (None, "") for key in group):
            ctx.issue(
                IssueCode.MISSING_REQUIRED_INPUT,
                t("issue.one_of.missing", block=spec.id, names=", ".join(repr(k) for k in group)),
                (*path, "in"),
                node.id,
                t("issue.one_of.hint", inputs=t("issue.one_of.or").join(f"in.{k}" for k in group)),
            )


def _load_subflow(
    ctx: CompileContext, compiled: CompiledPlan, node: SubflowNode, path: KeyPath
) -> CompiledPlan | None:
    plan_id = node.call.plan_id
    candidates = [settings.designs_dir() / f"{plan_id}.yaml"]
    if ctx.source is not None:
        candidates.insert(0, ctx.source.parent / f"{plan_id}.yaml")
    target = next((c for c in candidates if c.is_file()), None)
    if target is None:
        ctx.issue(
            IssueCode.SUBFLOW_NOT_FOUND,
            t(
                "issue.subflow.not_found",
                plan=repr(plan_id),
                paths=", ".join(str(c) for c in candidates),
            ),
            (*path, "call", "plan_id"),
            node.id,
            t("issue.subflow.not_found_hint"),
        )
        return None
    if len(ctx.call_stack) >= MAX_SUBFLOW_DEPTH:
        ctx.issue(
            IssueCode.PLAN_TOO_LARGE,
            t(
                "issue.subflow.too_deep",
                limit=MAX_SUBFLOW_DEPTH,
                chain=" -> ".join([*ctx.call_stack, plan_id]),
            ),
            (*path, "call", "plan_id"),
            node.id,
            t("issue.subflow.too_deep_hint"),
        )
        return None
    if plan_id in ctx.call_stack:
        ctx.issue(
            IssueCode.CYCLE_DETECTED,
            t("issue.subflow.cycle", chain=" -> ".join([*ctx.call_stack, plan_id])),
            (*path, "call", "plan_id"),
            node.id,
            t("issue.subflow.cycle_hint"),
        )
        return None
    try:
        child = ctx.load_subflow(target, (*ctx.call_stack, plan_id))
    except IssuesFound as exc:
        for issue in exc.issues:
            if issue.severity == "error":
                ctx.issues.append(issue)
        ctx.issue(
            IssueCode.SUBFLOW_NOT_FOUND,
            t("issue.subflow.invalid", plan=repr(plan_id), count=len(exc.issues), target=target),
            (*path, "call", "plan_id"),
            node.id,
            t("issue.subflow.invalid_hint", target=target),
        )
        return None
    compiled.subplans[plan_id] = child
    for key in node.call.inputs:
        if key not in child.plan.vars:
            ctx.issue(
                IssueCode.UNKNOWN_INPUT,
                t("issue.subflow.no_var", plan=repr(plan_id), name=repr(key)),
                (*path, "call", "inputs", key),
                node.id,
                did_you_mean(key, sorted(child.plan.vars)) or t("issue.subflow.no_var_hint"),
            )
    exported = sorted(e.as_ for e in child.plan.exports)
    for index, export in enumerate(node.out.exports):
        if export.from_ not in exported:
            ctx.issue(
                IssueCode.UNKNOWN_OUTPUT,
                t("issue.subflow.no_export", plan=repr(plan_id), name=repr(export.from_)),
                (*path, "out", "exports", index, "from"),
                node.id,
                did_you_mean(export.from_, exported)
                or t("issue.subflow.exports", names=", ".join(exported) or t("issue.none")),
            )
    return child
