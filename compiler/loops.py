"""Loops: `foreach` (items in parallel up to the loop's cap) and `while` (iterations in order).

A body of one task node runs as mapped block calls — the backend groups them into task runs —
and every item still goes through the one node path (`compiler.nodes`): events, status and
error location per item. A body of several nodes runs a nested scope per item.
"""

from __future__ import annotations

from typing import Any

from blocks.sdk.confirmation import NeedsConfirmation
from blocks.sdk.errors import BlockError, ErrorCode
from compiler.backend import map_bounded
from compiler.confirmation import settle
from compiler.jobs import NodeJob, Skipped
from compiler.models import Foreach, WhileSpec
from compiler.nodes import begin_task, evaluate_when, fail, finish, item_label
from compiler.references import get_path, kind_of, render
from compiler.runstate import Frame, ItemResult, RunState, ScopeRunner
from compiler.scope import CompiledLoop, CompiledTask, Scope
from keiri.base.catalog import t

__all__ = ["item_title", "loop_cap", "run_loop"]


def _exports(scope: Scope, frame: Frame) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for export in scope.exports:
        node_id, _, rest = export.from_.partition(".")
        values[export.as_] = get_path(frame.outputs.get(node_id), rest.split(".") if rest else [])
    return values


def item_title(loop: CompiledLoop, index: int, total: int | None, label: str | None) -> str:
    """A loop item as people read it: 「請求書 3/9: 株式会社A」 (the loop's description, else its
    id; a while loop's iteration as 「承認 2 回目」)."""
    name = loop.node.description or loop.id
    where = (
        f"{index + 1}/{total}"
        if total is not None
        else t("runtime.loop.iteration", number=index + 1)
    )
    return f"{name} {where}" + (f": {label}" if label else "")


def loop_cap(state: RunState, loop: CompiledLoop) -> int:
    """Items at once: the plan's workers, the loop's max_concurrency, its per_node cap."""
    policy = state.compiled.plan.policy.concurrency
    caps = [policy.default_max_workers]
    foreach = loop.node.foreach
    if foreach is not None and foreach.max_concurrency:
        caps.append(foreach.max_concurrency)
    if loop.id in policy.per_node:
        caps.append(policy.per_node[loop.id])
    return max(1, min(caps))


def run_loop(
    runner: ScopeRunner, state: RunState, loop: CompiledLoop, frame: Frame
) -> dict[str, Any]:
    foreach, while_ = loop.node.foreach, loop.node.while_
    if foreach is not None:
        return _run_foreach(runner, state, loop, foreach, frame)
    if while_ is not None:
        return _run_while(runner, state, loop, while_, frame)
    raise BlockError(  # pragma: no cover - the compiler rejects it (PLAN_SCHEMA_INVALID)
        ErrorCode.PLAN_INVALID, f"loop {loop.id} has neither foreach nor while"
    )


def _items(loop: CompiledLoop, foreach: Foreach, frame: Frame) -> list[Any]:
    items = render(foreach.input, frame.lookup)
    if items is None:
        return []
    if not isinstance(items, list):
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("runtime.loop.not_list", loop=loop.id, kind=kind_of(items)),
            details={"node_id": loop.id, "field": "foreach.input"},
            hint=t("runtime.loop.not_list_hint"),
        )
    return items


def _run_foreach(
    runner: ScopeRunner, state: RunState, loop: CompiledLoop, foreach: Foreach, frame: Frame
) -> dict[str, Any]:
    body = loop.body
    items = _items(loop, foreach, frame)
    limit = getattr(state.backend, "max_loop_items", None)
    if limit is not None:
        items = items[:limit]
    cap = loop_cap(state, loop)

    def item_frame(index: int, item: Any) -> Frame:
        values: dict[str, Any] = {foreach.itemVar: item}
        if foreach.indexVar:
            values[foreach.indexVar] = index
        label = item_label(item)
        return Frame(
            scope=body,
            state=state,
            parent=frame,
            loop_values=values,
            iteration=index,
            item=label,
            title=item_title(loop, index, len(items), label),
        )

    for index, item in enumerate(items):
        state.emit("loop_iteration", node_id=loop.id, iteration=index, item=item, total=len(items))
    frames = [item_frame(i, item) for i, item in enumerate(items)]
    single = next(iter(body.nodes.values())) if len(body.nodes) == 1 else None
    if isinstance(single, CompiledTask):
        _run_mapped(state, single, frames, cap, foreach.batch_size)
    else:

        def one(sub: Frame) -> None:
            index = sub.iteration or 0
            state.backend.run_item_body(
                state, loop, index, lambda: runner.run_scope(state, body, sub)
            )

        map_bounded(one, frames, cap)
    per_item = [_exports(body, sub) for sub in frames]
    collected = {
        name: [values.get(name) for values in per_item] for name in (e.as_ for e in body.exports)
    }
    if loop.node.out.compact:
        collected = {k: [v for v in values if v is not None] for k, values in collected.items()}
    return collected


def _run_mapped(
    state: RunState,
    single: CompiledTask,
    frames: list[Frame],
    cap: int,
    batch_size: int | None,
) -> None:
    """A one-node body: each item through the node path, the calls mapped by the backend."""
    jobs: list[NodeJob | Skipped] = []
    started: list[float] = []
    failure: BlockError | None = None
    for sub in frames:
        try:
            job, began = begin_task(state, single, sub)
        except BlockError as exc:
            if not fail(state, single, sub, exc, 0.0) and failure is None:
                failure = exc
            job, began = Skipped("failed before its call"), 0.0
        jobs.append(job)
        started.append(began)
    if failure is not None:
        raise failure
    results = state.backend.call_items(state, jobs, cap, batch_size)
    # Items that asked a question: every other item has finished; each is answered and runs
    # again, one at a time, in item order.
    for position, (job, first) in enumerate(zip(jobs, results, strict=True)):
        answered: ItemResult = first
        while isinstance(answered, NeedsConfirmation) and isinstance(job, NodeJob):
            settle(state, answered)
            try:
                answered = state.backend.call_block(state, job)
            except (BlockError, NeedsConfirmation) as exc:
                answered = exc
        results[position] = answered
    for sub, result, began in zip(frames, results, started, strict=True):
        if isinstance(result, Skipped | NeedsConfirmation):
            continue
        if isinstance(result, BlockError):
            if not fail(state, single, sub, result, began) and failure is None:
                failure = result
            continue
        finish(state, single, sub, result, began)
    if failure is not None:
        raise failure


def _run_while(
    runner: ScopeRunner, state: RunState, loop: CompiledLoop, spec: WhileSpec, frame: Frame
) -> dict[str, Any]:
    body = loop.body
    last = Frame(scope=body, state=state, parent=frame)
    history: list[dict[str, Any]] = []
    iteration = 0
    # The dry-run (max_loop_items) runs a while loop as far as a foreach: a few iterations.
    sampled = getattr(state.backend, "max_loop_items", None)
    while evaluate_when(spec.condition, last, loop.id):
        if sampled is not None and iteration >= sampled:
            break
        if iteration >= spec.max_iterations:
            state.emit(
                "loop_limit_reached",
                node_id=loop.id,
                max_iterations=spec.max_iterations,
                on_limit=spec.on_limit,
            )
            if spec.on_limit == "error":
                raise BlockError(
                    ErrorCode.LOOP_LIMIT_REACHED,
                    t("runtime.loop.limit", loop=loop.id, limit=spec.max_iterations),
                    details={"node_id": loop.id, "max_iterations": spec.max_iterations},
                    hint=t("runtime.loop.limit_hint"),
                    recoverable=True,
                )
            break
        state.emit("loop_iteration", node_id=loop.id, iteration=iteration)
        values = {spec.iterationVar: iteration} if spec.iterationVar else {}
        current = Frame(
            scope=body,
            state=state,
            parent=frame,
            iteration=iteration,
            loop_values=values,
            title=item_title(loop, iteration, None, None),
        )

        def one_iteration(c: Frame = current) -> None:
            runner.run_scope(state, body, c)

        state.backend.run_item_body(state, loop, iteration, one_iteration)
        history.append(_exports(body, current))
        last = current
        iteration += 1
    outputs: dict[str, Any] = (
        _exports(body, last) if history else {e.as_: None for e in body.exports}
    )
    if loop.node.out.collect:
        outputs[loop.node.out.collect] = [h.get(loop.node.out.collect) for h in history]
    return outputs
