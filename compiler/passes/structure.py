"""Pass `structure`: scopes of typed compiled nodes — unique ids, blocks resolved (`id@semver`),
inputs/outputs against the block spec, loop bodies, called subflows compiled (cycle-checked)."""

from __future__ import annotations

from blocks.errors import IssueCode, IssuesFound, format_path
from blocks.registry import LEGACY_BLOCK_PREFIXES, did_you_mean
from blocks.spec import BlockSpec
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
from keiri import settings

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
                f"per_node names no node {node_id!r}",
                path,
                None,
                did_you_mean(node_id, sorted(compiled.all_nodes))
                or f"per_node caps loops: {', '.join(loops) or 'this plan has none'}",
            )
        elif cap > concurrency.default_max_workers:
            ctx.issue(
                IssueCode.TYPE_MISMATCH,
                f"per_node.{node_id} = {cap} exceeds default_max_workers = "
                f"{concurrency.default_max_workers}; the lower one "
                f"({concurrency.default_max_workers}) wins",
                path,
                node_id,
                "raise default_max_workers too, or lower per_node to the cap you mean",
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
                f"node id {node.id!r} is used twice (first at {format_path(seen[node.id])}, "
                f"line {ctx.lines.line(seen[node.id])})",
                (*path, "id"),
                node.id,
                "node ids must be unique in the whole plan, loop bodies included",
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
                    "a loop needs exactly one of foreach or while",
                    path,
                    node.id,
                    "use foreach to iterate over a list, while to repeat until a condition",
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
            f"out.collect {collect!r} is not an export of the body of {loop.id!r}",
            (*path, "out", "collect"),
            loop.id,
            did_you_mean(collect, exported)
            or (
                f"exports of the body: {', '.join(exported)}"
                if exported
                else "add body.plan.exports: [{from: NODE.OUTPUT, as: NAME}] and collect NAME"
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
    known_inputs = sorted(spec.inputs)
    for key in node.in_:
        if key not in spec.inputs:
            ctx.issue(
                IssueCode.UNKNOWN_INPUT,
                f"{spec.id} has no input {key!r}",
                (*path, "in", key),
                node.id,
                did_you_mean(key, known_inputs)
                or f"inputs of {spec.id}: {', '.join(known_inputs)}",
            )
    for key, port in spec.inputs.items():
        if port.is_required and not port.has_default and key not in node.in_:
            ctx.issue(
                IssueCode.MISSING_REQUIRED_INPUT,
                f"{spec.id} needs input {key!r}",
                (*path, "in"),
                node.id,
                f"add in.{key}" + (f" ({port.description})" if port.description else ""),
            )
    known_outputs = sorted(spec.outputs)
    for key in node.out:
        if key not in spec.outputs:
            ctx.issue(
                IssueCode.UNKNOWN_OUTPUT,
                f"{spec.id} has no output {key!r}",
                (*path, "out", key),
                node.id,
                did_you_mean(key, known_outputs)
                or f"outputs of {spec.id}: {', '.join(known_outputs)}",
            )
    return spec


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
    ctx.issue(
        IssueCode.BLOCK_VERSION_INCOMPATIBLE,
        f"{spec.id} is not pinned and resolves to major {spec.major} ({spec.version}); "
        f"major {older[0]} ({previous.version}) is installed too",
        (*path, "block"),
        node.id,
        f"pin the major the node was written for: block: {spec.id}@{previous.version} "
        f"(major {older[0]}) or {spec.id}@{spec.version} (major {spec.major})",
        severity="warning",
    )


def _check_one_of(ctx: CompileContext, node: TaskNode, spec: BlockSpec, path: KeyPath) -> None:
    """The spec's `one_of_inputs`: at least one input of each group is bound, not empty."""
    for group in spec.one_of_inputs:
        if not any(node.in_.get(key) not in (None, "") for key in group):
            ctx.issue(
                IssueCode.MISSING_REQUIRED_INPUT,
                f"{spec.id} needs one of {', '.join(repr(k) for k in group)}",
                (*path, "in"),
                node.id,
                f"bind in.{group[0]}"
                + "".join(f" or in.{k}" for k in group[1:])
                + " to a non-empty value",
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
            f"subflow plan {plan_id!r} not found (looked for {', '.join(str(c) for c in candidates)})",
            (*path, "call", "plan_id"),
            node.id,
            "call.plan_id names designs/<plan_id>.yaml, e.g. common/validation_flow",
        )
        return None
    if len(ctx.call_stack) >= MAX_SUBFLOW_DEPTH:
        ctx.issue(
            IssueCode.PLAN_TOO_LARGE,
            f"subflows nested deeper than {MAX_SUBFLOW_DEPTH} levels: "
            f"{' -> '.join([*ctx.call_stack, plan_id])}",
            (*path, "call", "plan_id"),
            node.id,
            "flatten the chain of subflow calls",
        )
        return None
    if plan_id in ctx.call_stack:
        ctx.issue(
            IssueCode.CYCLE_DETECTED,
            f"subflow calls form a cycle: {' -> '.join([*ctx.call_stack, plan_id])}",
            (*path, "call", "plan_id"),
            node.id,
            "a plan cannot call itself, directly or through another subflow",
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
            f"subflow plan {plan_id!r} is invalid ({len(exc.issues)} issue(s) in {target})",
            (*path, "call", "plan_id"),
            node.id,
            f"run `keiri validate {target}`",
        )
        return None
    compiled.subplans[plan_id] = child
    for key in node.call.inputs:
        if key not in child.plan.vars:
            ctx.issue(
                IssueCode.UNKNOWN_INPUT,
                f"subflow {plan_id!r} declares no var {key!r}",
                (*path, "call", "inputs", key),
                node.id,
                did_you_mean(key, sorted(child.plan.vars))
                or "inputs of a subflow are the called plan's vars",
            )
    exported = sorted(e.as_ for e in child.plan.exports)
    for index, export in enumerate(node.out.exports):
        if export.from_ not in exported:
            ctx.issue(
                IssueCode.UNKNOWN_OUTPUT,
                f"subflow {plan_id!r} exports no {export.from_!r}",
                (*path, "out", "exports", index, "from"),
                node.id,
                did_you_mean(export.from_, exported) or f"exports: {', '.join(exported) or 'none'}",
            )
    return child
