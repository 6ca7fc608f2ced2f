"""Compilation in named, ordered passes; every pass collects all its issues, then reports once.

    parse -> structure (ids, blocks, ports, subflows) -> references -> graph (cycles, order)
          -> types (every edge) -> ui -> usage (warnings)

`compile_plan()` returns a `CompiledPlan` and the warnings, or raises `IssuesFound`.
"""

from __future__ import annotations

import graphlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from blocks.errors import Issue, IssueCode, IssuesFound, format_path
from blocks.registry import BlockRegistry, did_you_mean
from compiler.config import load_config
from compiler.models import LoopNode, Plan, SubflowNode, TaskNode
from compiler.scope import AnyNode, CompiledNode, CompiledPlan, KeyPath, Scope
from compiler.yaml_loader import LineMap, LoadedYaml, load_yaml, load_yaml_file
from keiri import settings

__all__ = ["PASSES", "CompileContext", "compile_file", "compile_plan", "compile_text"]


@dataclass
class CompileContext:
    """State shared by the passes of one plan."""

    plan: Plan
    lines: LineMap
    registry: BlockRegistry
    source: Path | None
    config: dict[str, Any]
    call_stack: tuple[str, ...] = ()
    issues: list[Issue] = field(default_factory=list)
    compiled: CompiledPlan | None = None

    def issue(
        self,
        code: str,
        message: str,
        path: KeyPath = (),
        node_id: str | None = None,
        hint: str = "",
        severity: str = "error",
    ) -> None:
        self.issues.append(
            Issue(
                code=code,
                message=message,
                node_id=node_id,
                path=format_path(path),
                line=self.lines.line(path),
                hint=hint,
                severity="warning" if severity == "warning" else "error",
                file=self.lines.file,
            )
        )

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "error"]


# -- pass 1: parse ----------------------------------------------------------------------------

_SCHEMA_HINTS = {
    "extra_forbidden": "remove the key or fix its spelling; see schemas/plan.schema.json",
    "missing": "add the missing key",
}


def _strip_tags(loc: tuple[Any, ...]) -> KeyPath:
    """pydantic puts the union tag ("task"/"loop"/"subflow") after a node index; drop it."""
    out: list[str | int] = []
    for index, part in enumerate(loc):
        if part in ("task", "loop", "subflow") and index > 0 and isinstance(loc[index - 1], int):
            continue
        out.append(part if isinstance(part, int) else str(part))
    return tuple(out)


def _node_id_at(data: Any, path: KeyPath) -> str | None:
    node_id = None
    current = data
    for part in path:
        try:
            current = current[part]
        except (KeyError, IndexError, TypeError):
            break
        if (
            isinstance(current, dict)
            and isinstance(current.get("id"), str)
            and isinstance(part, int)
        ):
            node_id = current["id"]
    return node_id


def parse_plan(loaded: LoadedYaml) -> Plan:
    data = loaded.data
    if not isinstance(data, dict):
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message="a plan must be a YAML mapping with apiVersion, id, graph, ...",
                    line=1,
                    file=loaded.lines.file,
                )
            ]
        )
    try:
        return Plan.model_validate(data)
    except ValidationError as exc:
        issues: list[Issue] = []
        for err in exc.errors():
            path = _strip_tags(err["loc"])
            code = IssueCode.PLAN_SCHEMA_INVALID
            hint = _SCHEMA_HINTS.get(err["type"], "see schemas/plan.schema.json")
            message = err["msg"]
            if err["type"] == "missing" and path[-2:] == ("while", "max_iterations"):
                code = IssueCode.LOOP_LIMIT_MISSING
                message = "a while loop needs max_iterations"
                hint = "add while.max_iterations (e.g. 3) so the loop cannot run forever"
            elif err["type"] == "extra_forbidden":
                message = f"unknown key {path[-1]!r}"
            issues.append(
                Issue(
                    code=code,
                    message=message,
                    node_id=_node_id_at(data, path),
                    path=format_path(path),
                    line=loaded.lines.line(path),
                    hint=hint,
                    file=loaded.lines.file,
                )
            )
        raise IssuesFound(issues) from None


# -- pass 2: structure --------------------------------------------------------------------


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
        cnode = CompiledNode(node=node, path=path, scope=scope)
        scope.nodes[node.id] = cnode
        compiled.all_nodes[node.id] = cnode
        if isinstance(node, TaskNode):
            _check_task(ctx, cnode, node, path)
        elif isinstance(node, LoopNode):
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
            cnode.body = body
            _build_scope(
                ctx,
                compiled,
                body,
                list(node.body.plan.graph),
                (*path, "body", "plan", "graph"),
                seen,
            )
        elif isinstance(node, SubflowNode):
            _load_subflow(ctx, compiled, cnode, node, path)


def _check_task(ctx: CompileContext, cnode: CompiledNode, node: TaskNode, path: KeyPath) -> None:
    resolution = ctx.registry.resolve(node.block)
    if resolution.entry is None:
        ctx.issue(
            resolution.code or IssueCode.UNKNOWN_BLOCK,
            resolution.message,
            (*path, "block"),
            node.id,
            resolution.hint,
        )
        return
    spec = resolution.entry.spec
    cnode.spec = spec
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


def _load_subflow(
    ctx: CompileContext,
    compiled: CompiledPlan,
    cnode: CompiledNode,
    node: SubflowNode,
    path: KeyPath,
) -> None:
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
        return
    if plan_id in ctx.call_stack:
        ctx.issue(
            IssueCode.CYCLE_DETECTED,
            f"subflow calls form a cycle: {' -> '.join([*ctx.call_stack, plan_id])}",
            (*path, "call", "plan_id"),
            node.id,
            "a plan cannot call itself, directly or through another subflow",
        )
        return
    try:
        child, _warnings = compile_file(target, ctx.registry, call_stack=(*ctx.call_stack, plan_id))
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
        return
    cnode.subplan = child
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


# -- pass 4: graph ------------------------------------------------------------------------


def pass_graph(ctx: CompileContext) -> None:
    if ctx.compiled is None:
        return
    for scope in _scopes(ctx.compiled.root):
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
                f"cycle: {' -> '.join(cycle)}",
                first.path,
                first.id,
                "a node cannot depend on itself, directly or through others; break the loop",
            )
            scope.order = list(scope.nodes)


def _scopes(root: Scope) -> list[Scope]:
    scopes = [root]
    for cnode in root.nodes.values():
        if cnode.body is not None:
            scopes.extend(_scopes(cnode.body))
    return scopes


def scopes_of(compiled: CompiledPlan) -> list[Scope]:
    return _scopes(compiled.root)


# -- driver -------------------------------------------------------------------------------

Pass = Callable[[CompileContext], None]


def _passes() -> list[tuple[str, Pass]]:
    from compiler.checks import pass_types, pass_ui, pass_usage
    from compiler.placeholders import pass_placeholders
    from compiler.resolve import pass_references

    return [
        ("structure", pass_structure),
        ("vars", pass_placeholders),
        ("references", pass_references),
        ("graph", pass_graph),
        ("types", pass_types),
        ("ui", pass_ui),
        ("usage", pass_usage),
    ]


PASSES = ("parse", "structure", "vars", "references", "graph", "types", "ui", "usage")


def compile_loaded(
    loaded: LoadedYaml,
    registry: BlockRegistry,
    source: Path | None = None,
    call_stack: tuple[str, ...] = (),
) -> tuple[CompiledPlan, list[Issue]]:
    plan = parse_plan(loaded)
    ctx = CompileContext(
        plan=plan,
        lines=loaded.lines,
        registry=registry,
        source=source,
        config=load_config(),
        call_stack=call_stack or (plan.id,),
    )
    for _name, run_pass in _passes():
        run_pass(ctx)
    if ctx.errors:
        raise IssuesFound(ctx.issues)
    if ctx.compiled is None:  # pragma: no cover - pass_structure always sets it
        raise IssuesFound(ctx.issues)
    warnings = sorted((i for i in ctx.issues if i.severity == "warning"), key=Issue.sort_key)
    return ctx.compiled, warnings


def compile_text(
    text: str, registry: BlockRegistry, file: str | None = None
) -> tuple[CompiledPlan, list[Issue]]:
    return compile_loaded(load_yaml(text, file=file), registry, Path(file) if file else None)


def compile_file(
    path: Path, registry: BlockRegistry, call_stack: tuple[str, ...] = ()
) -> tuple[CompiledPlan, list[Issue]]:
    return compile_loaded(load_yaml_file(path), registry, path, call_stack)


def compile_plan(plan: Plan, registry: BlockRegistry) -> tuple[CompiledPlan, list[Issue]]:
    """Compile an in-memory plan (e.g. from the designer); no line numbers."""
    data = plan.model_dump(by_alias=True, exclude_unset=True)
    return compile_loaded(LoadedYaml(data, LineMap()), registry)
