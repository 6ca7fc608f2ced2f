"""The one node-running path: every node — alone, in a loop body of one node or of several —
goes through `begin` (its `when`, its inputs, `node_start`) and `finish` (outputs,
`node_complete`, its status; or the error, located, and its status), so every block call
emits node events and has a status. Only the call in between differs per backend.

Errors name where they happened: the node (a `when` error included), the loop item
(`work[2]` and the item's file name or key), and for an input that comes from a skipped or
failed upstream, DEPENDENCY_NOT_FOUND naming that upstream (seed 000 §9.1).
"""

from __future__ import annotations

import time
from typing import Any

from blocks.sdk.base import summarize
from blocks.sdk.errors import BlockError, ErrorCode
from compiler.expressions import ExpressionEvalError, compare, evaluate_condition, parse_expression
from compiler.jobs import NodeJob, Skipped
from compiler.models import CacheSpec, TaskNode, When, WhenExpr
from compiler.policy import effective_policy
from compiler.references import render, whole_reference
from compiler.runstate import Frame, NodeStatus, RunState
from compiler.scope import CompiledNode, CompiledTask
from keiri.base.catalog import t

__all__ = [
    "begin_task",
    "evaluate_when",
    "expose",
    "fail",
    "finish",
    "item_label",
    "public_outputs",
    "skip",
    "when_text",
]


def when_text(when: When) -> str:
    if isinstance(when, WhenExpr):
        return when.expr
    return f"{when.left} {when.op} {when.right}"


def evaluate_when(when: When, frame: Frame, node_id: str) -> bool:
    """The condition's value; a condition that cannot be evaluated names its node."""
    try:
        if isinstance(when, WhenExpr):
            return evaluate_condition(parse_expression(when.expr), frame.lookup)
        return compare(render(when.left, frame.lookup), when.op, render(when.right, frame.lookup))
    except ExpressionEvalError as exc:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("runtime.when.failed", condition=repr(when_text(when)), detail=exc),
            details={"node_id": node_id, "condition": when_text(when), "field": "when"},
            hint=t("runtime.when.failed_hint"),
        ) from exc
    except BlockError as exc:
        exc.with_node(node_id)
        exc.details.setdefault("condition", when_text(when))
        raise


def item_label(item: Any) -> str | None:
    """A loop item as a person recognises it: its file name, or its key/id, or the value."""
    if isinstance(item, dict):
        for key in ("name", "file_name", "filename", "path", "key", "id"):
            value = item.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool):
                return str(value)
        return None
    if isinstance(item, str | int | float) and not isinstance(item, bool):
        text = str(item)
        return text if len(text) <= 80 else text[:77] + "..."
    return None


def expose(cnode: CompiledNode, outputs: dict[str, Any] | None) -> dict[str, Any] | None:
    """What `${node.X}` sees: block output keys, overlaid by the node's aliases."""
    if outputs is None:
        return None
    if isinstance(cnode, CompiledTask):
        exposed = dict(outputs)
        exposed.update({alias: outputs.get(local) for local, alias in cnode.node.out.items()})
        return exposed
    return dict(outputs)


def public_outputs(cnode: CompiledNode, outputs: dict[str, Any] | None) -> dict[str, Any] | None:
    """A node's outputs as reported (`--json` `outputs`): aliases as keys where declared."""
    if outputs is None:
        return None
    if isinstance(cnode, CompiledTask) and cnode.node.out:
        return {alias: outputs.get(local) for local, alias in cnode.node.out.items()}
    return dict(outputs)


# -- begin ------------------------------------------------------------------------------------


#: The upstream states that leave a required input null -> their words.
_NOT_DONE = {"skipped": "runtime.node_state.skipped", "failed": "runtime.node_state.failed"}


def skip(state: RunState, cnode: CompiledNode, frame: Frame) -> bool:
    """Evaluate `when`; a false one makes the node skipped (event, status, backend record)."""
    when = cnode.node.when
    if when is None or evaluate_when(when, frame, cnode.id):
        return False
    reason = when_text(when)
    key = frame.status_key(cnode.id)
    frame.outputs[cnode.id] = None
    state.emit(
        "node_skipped",
        node_id=cnode.id,
        iteration=frame.iteration,
        reason="when_condition_false",
        condition=reason,
    )
    state.backend.record_skip(state, key, cnode, reason)
    state.statuses[key] = NodeStatus(cnode.id, "skipped", block=cnode.block_id, message=reason)
    return True


def start(state: RunState, cnode: CompiledNode, frame: Frame) -> float:
    state.emit("node_start", node_id=cnode.id, block=cnode.block_id, iteration=frame.iteration)
    return time.perf_counter()


def begin_task(
    state: RunState, cnode: CompiledTask, frame: Frame
) -> tuple[NodeJob | Skipped, float]:
    """`when`, `node_start`, then the job (inputs rendered and checked against upstreams)."""
    if skip(state, cnode, frame):
        return Skipped("when_condition_false"), 0.0
    started = start(state, cnode, frame)
    return build_job(state, cnode, frame), started


def _check_upstreams(
    cnode: CompiledTask, node: TaskNode, frame: Frame, inputs: dict[str, Any]
) -> None:
    """A required input that is null because its upstream was skipped or failed."""
    for key, port in cnode.spec.inputs.items():
        raw = node.in_.get(key)
        if inputs.get(key) is not None or not isinstance(raw, str) or port.nullable:
            continue
        if not port.is_required or port.has_default:
            continue
        ref = whole_reference(raw)
        if ref is None:
            continue
        status = frame.upstream_status(ref.root)
        if status is None or status.state not in _NOT_DONE:
            continue
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            t(
                "runtime.upstream.not_done",
                name=repr(key),
                ref=ref.text,
                node=repr(ref.root),
                state=t(_NOT_DONE[status.state]),
            ),
            details={
                "node_id": cnode.id,
                "field": key,
                "upstream": ref.root,
                "upstream_state": status.state,
                "reference": ref.text,
            },
            hint=(
                t("runtime.upstream.skipped_hint", upstream=ref.root, node=cnode.id)
                if status.state == "skipped"
                else t("runtime.upstream.failed_hint", upstream=ref.root)
            ),
        )


def _title(frame: Frame) -> str | None:
    """The innermost loop item's title, seen from a frame inside it."""
    current: Frame | None = frame
    while current is not None:
        if current.title:
            return current.title
        current = current.parent
    return None


def build_job(state: RunState, cnode: CompiledTask, frame: Frame) -> NodeJob:
    node = cnode.node
    policy = effective_policy(node, state.compiled.plan.policy)
    inputs = render(node.in_, frame.lookup)
    _check_upstreams(cnode, node, frame, inputs)
    cache = CacheSpec() if node.cache == "inputs" else node.cache
    return NodeJob(
        plan_id=state.plan_id,
        run_id=state.run_id,
        node_id=cnode.id,
        spec=cnode.spec,
        inputs=inputs,
        iteration=frame.iteration,
        item=frame.item,
        title=_title(frame),
        retries=policy.retries,
        retry_delays=policy.retry_delays,
        timeout_ms=policy.timeout_ms,
        on_error=policy.on_error,
        cache=cache if isinstance(cache, CacheSpec) else None,
        scope=state.scope or state.run_id,
        confirm_ambiguous=node.confirm_ambiguous,
    )


# -- finish -----------------------------------------------------------------------------------


def finish(
    state: RunState,
    cnode: CompiledNode,
    frame: Frame,
    outputs: dict[str, Any],
    started: float,
) -> None:
    duration = int((time.perf_counter() - started) * 1000)
    frame.outputs[cnode.id] = expose(cnode, outputs)
    shown = public_outputs(cnode, outputs)
    state.emit(
        "node_complete",
        node_id=cnode.id,
        iteration=frame.iteration,
        outputs=shown,
        duration_ms=duration,
    )
    state.statuses[frame.status_key(cnode.id)] = NodeStatus(
        cnode.id,
        "completed",
        block=cnode.block_id,
        duration_ms=duration,
        output_summary=summarize(shown, 60),
    )


def locate(exc: BlockError, cnode: CompiledNode, frame: Frame) -> BlockError:
    """Name the node and, in a loop, the item (`work[2]` and its file name or key)."""
    exc.with_node(cnode.id)
    if frame.iteration is not None and "task_name" not in exc.details:
        task_name = frame.status_key(cnode.id)
        exc.details["task_name"] = task_name
        exc.details["iteration"] = frame.iteration
        where = task_name
        if frame.item is not None:
            exc.details["item"] = frame.item
            where += f" ({frame.item})"
        exc.message = f"{where}: {exc.message}"
        exc.args = (exc.message,)
    return exc


def fail(
    state: RunState, cnode: CompiledNode, frame: Frame, exc: BlockError, started: float
) -> bool:
    """Record a failed node; True when its policy is `continue` (the run goes on)."""
    locate(exc, cnode, frame)
    duration = int((time.perf_counter() - started) * 1000) if started else 0
    state.statuses[frame.status_key(cnode.id)] = NodeStatus(
        cnode.id,
        "failed",
        block=cnode.block_id,
        duration_ms=duration,
        message=f"{exc.code}: {exc.message}",
        error=exc.to_dict(),
    )
    if effective_policy(cnode.node, state.compiled.plan.policy).on_error == "continue":
        state.errors.append(exc)
        frame.outputs[cnode.id] = None
        return True
    return False
