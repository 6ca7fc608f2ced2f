"""Loops (`foreach`, `while`) and subflows: the parts of the semantic core that nest scopes."""

from __future__ import annotations

from typing import Any

from blocks.errors import BlockError, ErrorCode
from compiler.backend import NodeStatus, Skipped, map_bounded
from compiler.engine import (
    Frame,
    RunState,
    build_job,
    evaluate_when,
    expose,
    run_compiled,
    run_scope,
    when_text,
)
from compiler.models import LoopNode, SubflowNode, TaskNode
from compiler.references import get_path, render
from compiler.scope import CompiledNode, Scope

__all__ = ["run_loop", "run_subflow"]


def _exports(scope: Scope, frame: Frame) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for export in scope.exports:
        node_id, _, rest = export.from_.partition(".")
        values[export.as_] = get_path(frame.outputs.get(node_id), rest.split(".") if rest else [])
    return values


def _cap(state: RunState, cnode: CompiledNode, node: LoopNode) -> int:
    policy = state.compiled.plan.policy.concurrency
    caps = [policy.default_max_workers]
    if node.foreach is not None and node.foreach.max_concurrency:
        caps.append(node.foreach.max_concurrency)
    if cnode.id in policy.per_node:
        caps.append(policy.per_node[cnode.id])
    return max(1, min(caps))


def run_loop(state: RunState, cnode: CompiledNode, frame: Frame) -> dict[str, Any]:
    node = cnode.node
    assert isinstance(node, LoopNode) and cnode.body is not None
    if node.foreach is not None:
        return _run_foreach(state, cnode, node, frame)
    return _run_while(state, cnode, node, frame)


def _items(state: RunState, cnode: CompiledNode, node: LoopNode, frame: Frame) -> list[Any]:
    assert node.foreach is not None
    items = render(node.foreach.input, frame.lookup)
    if items is None:
        return []
    if not isinstance(items, list):
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"foreach.input of {cnode.id} is {type(items).__name__}, not a list",
            details={"node_id": cnode.id, "field": "foreach.input"},
            hint="foreach.input must reference a list (e.g. ${parse.evidence.files})",
        )
    return items


def _run_foreach(
    state: RunState, cnode: CompiledNode, node: LoopNode, frame: Frame
) -> dict[str, Any]:
    assert node.foreach is not None and cnode.body is not None
    body = cnode.body
    items = _items(state, cnode, node, frame)
    limit = getattr(state.backend, "max_loop_items", None)
    if limit is not None:
        items = items[:limit]
    cap = _cap(state, cnode, node)
    item_var, index_var = node.foreach.itemVar, node.foreach.indexVar

    def item_frame(index: int, item: Any) -> Frame:
        values: dict[str, Any] = {item_var: item}
        if index_var:
            values[index_var] = index
        return Frame(scope=body, state=state, parent=frame, loop_values=values, iteration=index)

    for index, item in enumerate(items):
        state.emit("loop_iteration", node_id=cnode.id, iteration=index, item=item, total=len(items))
    per_item: list[dict[str, Any]]
    single = next(iter(body.nodes.values())) if len(body.nodes) == 1 else None
    if single is not None and isinstance(single.node, TaskNode):
        per_item = _run_mapped(
            state, cnode, single, item_frame, items, cap, node.foreach.batch_size
        )
    else:

        def one(pair: tuple[int, Any]) -> dict[str, Any]:
            index, item = pair
            sub = item_frame(index, item)
            state.backend.run_item_body(state, cnode, index, lambda: run_scope(state, body, sub))
            return _exports(body, sub)

        per_item = map_bounded(one, list(enumerate(items)), cap)
    collected = {
        name: [values.get(name) for values in per_item] for name in (e.as_ for e in body.exports)
    }
    if node.out.compact:
        collected = {k: [v for v in values if v is not None] for k, values in collected.items()}
    return collected


def _run_mapped(
    state: RunState,
    loop: CompiledNode,
    single: CompiledNode,
    item_frame: Any,
    items: list[Any],
    cap: int,
    batch_size: int | None,
) -> list[dict[str, Any]]:
    frames: list[Frame] = [item_frame(i, item) for i, item in enumerate(items)]
    jobs: list[Any] = []
    for sub in frames:
        if single.node.when is not None and not evaluate_when(single.node.when, sub, single.id):
            jobs.append(Skipped("when_condition_false"))
            condition = when_text(single.node.when)
            state.emit(
                "node_skipped",
                node_id=single.id,
                iteration=sub.iteration,
                reason="when_condition_false",
                condition=condition,
            )
            key = f"{single.id}[{sub.iteration}]"
            state.backend.record_skip(state, key, single, condition)
            state.statuses[key] = NodeStatus(
                single.id, "skipped", block=single.spec.id if single.spec else "", message=condition
            )
        else:
            jobs.append(build_job(state, single, sub))
    results = state.backend.call_items(state, jobs, cap, batch_size)
    assert cnode_body(loop) is not None
    on_error = single.node.on_error or state.compiled.plan.policy.on_error
    per_item: list[dict[str, Any]] = []
    for sub, result in zip(frames, results, strict=True):
        if isinstance(result, BlockError):
            if on_error != "continue":
                raise result
            state.errors.append(result)
            sub.outputs[single.id] = None
        elif isinstance(result, Skipped):
            sub.outputs[single.id] = None
        else:
            sub.outputs[single.id] = expose(single, result)
        per_item.append(_exports(cnode_body(loop), sub))
    return per_item


def cnode_body(cnode: CompiledNode) -> Scope:
    if cnode.body is None:
        raise BlockError(ErrorCode.PLAN_INVALID, f"{cnode.id} has no body")
    return cnode.body


def _run_while(
    state: RunState, cnode: CompiledNode, node: LoopNode, frame: Frame
) -> dict[str, Any]:
    assert node.while_ is not None and cnode.body is not None
    body = cnode.body
    spec = node.while_
    last = Frame(scope=body, state=state, parent=frame)
    history: list[dict[str, Any]] = []
    iteration = 0
    while evaluate_when(spec.condition, last, cnode.id):
        if iteration >= spec.max_iterations:
            state.emit(
                "loop_limit_reached",
                node_id=cnode.id,
                max_iterations=spec.max_iterations,
                on_limit=spec.on_limit,
            )
            if spec.on_limit == "error":
                raise BlockError(
                    ErrorCode.LOOP_LIMIT_REACHED,
                    f"{cnode.id}: condition still true after {spec.max_iterations} iterations",
                    details={"node_id": cnode.id, "max_iterations": spec.max_iterations},
                    hint="raise while.max_iterations or fix the condition",
                    recoverable=True,
                )
            break
        state.emit("loop_iteration", node_id=cnode.id, iteration=iteration)
        values = {spec.iterationVar: iteration} if spec.iterationVar else {}
        current = Frame(
            scope=body, state=state, parent=frame, iteration=iteration, loop_values=values
        )

        def one_iteration(c: Frame = current) -> None:
            run_scope(state, body, c)

        state.backend.run_item_body(state, cnode, iteration, one_iteration)
        history.append(_exports(body, current))
        last = current
        iteration += 1
    outputs: dict[str, Any] = (
        _exports(body, last) if history else {e.as_: None for e in body.exports}
    )
    if node.out.collect:
        outputs[node.out.collect] = [h.get(node.out.collect) for h in history]
    return outputs


def run_subflow(state: RunState, cnode: CompiledNode, frame: Frame) -> dict[str, Any]:
    node = cnode.node
    assert isinstance(node, SubflowNode)
    child = cnode.subplan
    if child is None:
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            f"subflow {node.call.plan_id!r} was not compiled",
            details={"node_id": cnode.id},
        )
    sub_run_id = state.next_subflow_id()
    inputs = render(node.call.inputs, frame.lookup)

    def execute() -> Any:
        return run_compiled(
            child,
            state.backend,
            run_id=sub_run_id,
            events=state.events,
            vars=inputs,
            run_inputs=state.run_inputs,
            store=state.store,
            scope=f"{state.scope}/{cnode.id}"
            + (f"[{frame.iteration}]" if frame.iteration is not None else ""),
        )

    result = state.backend.run_subflow(state, cnode, sub_run_id, execute)
    if result.error is not None:
        raise BlockError(
            result.error.code,
            f"subflow {node.call.plan_id} failed: {result.error.message}",
            details={
                **result.error.details,
                "node_id": cnode.id,
                "subflow_run_id": sub_run_id,
                "subflow_node_id": result.error.node_id,
            },
            hint=result.error.hint,
            recoverable=result.error.recoverable,
        )
    return {export.as_: result.exports.get(export.from_) for export in node.out.exports}
