"""The semantic core: runs a compiled plan over a backend.

Binding resolution, `when`, loop expansion, error policy and exports are written here once;
a backend decides only *how* a block call runs (inline, on declared samples, or as a Prefect
task run) and how loop items and subflows are wrapped.
"""

from __future__ import annotations

import contextvars
import itertools
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from blocks.base import summarize
from blocks.errors import BlockError, ErrorCode
from blocks.store import FileStore
from compiler.backend import Backend, NodeStatus
from compiler.events import EventLog
from compiler.expressions import (
    ExpressionEvalError,
    compare,
    evaluate_condition,
    parse_expression,
)
from compiler.models import LoopNode, SubflowNode, TaskNode, When, WhenCompare, WhenExpr
from compiler.placeholders import refuse_unfilled
from compiler.policy import NodeJob, effective_policy
from compiler.references import Reference, ReferencePathError, get_path, render
from compiler.scope import CompiledNode, CompiledPlan, Scope
from keiri import settings

__all__ = [
    "Frame",
    "RunResult",
    "RunState",
    "build_job",
    "evaluate_when",
    "expose",
    "public_outputs",
    "render_vars",
    "run_compiled",
    "run_node",
    "run_scope",
    "when_text",
]


@dataclass
class Frame:
    """Values visible while a scope runs: node outputs, loop variables, then the parent."""

    scope: Scope
    state: RunState
    parent: Frame | None = None
    outputs: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    loop_values: dict[str, Any] = field(default_factory=dict)
    iteration: int | None = None

    def lookup(self, ref: Reference) -> Any:
        try:
            return self._lookup(ref)
        except ReferencePathError as exc:
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                f"{ref.text}: {exc.message}",
                details={"reference": ref.text},
                hint="the referenced value does not have the shape the plan expects",
            ) from exc

    def _lookup(self, ref: Reference) -> Any:
        root = ref.root
        if root == "vars":
            return get_path(self.state.vars, ref.path)
        if root == "env":
            name = str(ref.path[0]) if ref.path else ""
            if not settings.env_allowed(name):
                raise BlockError(
                    ErrorCode.PERMISSION_DENIED,
                    f"${{env.{name}}} is not allowed",
                    hint="only allow-listed names (KEIRI_ENV_ALLOW) are readable",
                )
            import os

            return os.environ.get(name)
        if root == "config":
            return get_path(self.state.compiled.config, ref.path)
        frame: Frame | None = self
        while frame is not None:
            if root in frame.loop_values:
                return get_path(frame.loop_values[root], ref.path)
            if root in frame.outputs:
                return get_path(frame.outputs[root], ref.path)
            frame = frame.parent
        return None


@dataclass
class RunState:
    compiled: CompiledPlan
    run_id: str
    backend: Backend
    events: EventLog
    vars: dict[str, Any]
    run_inputs: dict[str, dict[str, Any]] = field(default_factory=dict)
    store: FileStore = field(default_factory=FileStore)
    statuses: dict[str, NodeStatus] = field(default_factory=dict)
    errors: list[BlockError] = field(default_factory=list)
    scope: str = ""
    _sub_counter: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def plan_id(self) -> str:
        return self.compiled.id

    def next_subflow_id(self) -> str:
        return f"{self.run_id}.sub#{next(self._sub_counter)}"

    def emit(self, event: str, **fields: Any) -> None:
        fields.setdefault("run_id", self.run_id)
        self.events.emit(event, **fields)


@dataclass
class RunResult:
    run_id: str
    plan_id: str
    state: str  # "completed" | "failed"
    outputs: dict[str, Any]
    error: BlockError | None = None
    statuses: dict[str, NodeStatus] = field(default_factory=dict)
    exports: dict[str, Any] = field(default_factory=dict)


def expose(cnode: CompiledNode, outputs: dict[str, Any] | None) -> dict[str, Any] | None:
    """What `${node.X}` sees: block output keys, overlaid by the node's aliases."""
    if outputs is None:
        return None
    node = cnode.node
    if isinstance(node, TaskNode):
        exposed = dict(outputs)
        exposed.update({alias: outputs.get(local) for local, alias in node.out.items()})
        return exposed
    return dict(outputs)


def public_outputs(cnode: CompiledNode, outputs: dict[str, Any] | None) -> dict[str, Any] | None:
    """A node's outputs as reported (`--json` `outputs`): aliases as keys where declared."""
    if outputs is None:
        return None
    node = cnode.node
    if isinstance(node, TaskNode) and node.out:
        return {alias: outputs.get(local) for local, alias in node.out.items()}
    return dict(outputs)


def when_text(when: When) -> str:
    if isinstance(when, WhenExpr):
        return when.expr
    return f"{when.left} {when.op} {when.right}"


def evaluate_when(when: When, frame: Frame, node_id: str) -> bool:
    try:
        if isinstance(when, WhenExpr):
            return evaluate_condition(parse_expression(when.expr), frame.lookup)
        assert isinstance(when, WhenCompare)
        return compare(render(when.left, frame.lookup), when.op, render(when.right, frame.lookup))
    except ExpressionEvalError as exc:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"condition {when_text(when)!r}: {exc}",
            details={"node_id": node_id, "condition": when_text(when)},
            hint="compare values of the same type; null compares only with == and !=",
        ) from exc


# -- scopes ---------------------------------------------------------------------------------


def run_scope(state: RunState, scope: Scope, frame: Frame) -> None:
    """Run every node of a scope in dependency order, independent nodes in parallel."""
    remaining = {nid: {d for d in scope.nodes[nid].deps if d in scope.nodes} for nid in scope.order}
    workers = state.compiled.plan.policy.concurrency.default_max_workers
    failures: list[BaseException] = []
    running: dict[Future[None], str] = {}
    finished: set[str] = set()
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="keiri-node") as pool:
        while True:
            if not failures:
                ready = [n for n in scope.order if n in remaining and not remaining[n] - finished]
                if len(ready) == 1 and not running:
                    # A chain: run the only ready node in this thread (no thread hop).
                    nid = ready.pop()
                    del remaining[nid]
                    try:
                        run_node(state, scope.nodes[nid], frame)
                    except BaseException as exc:
                        failures.append(exc)
                    finished.add(nid)
                    continue
                for nid in ready:
                    del remaining[nid]
                    ctx = contextvars.copy_context()
                    running[pool.submit(ctx.run, run_node, state, scope.nodes[nid], frame)] = nid
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                nid = running.pop(future)
                error = future.exception()
                if error is not None:
                    failures.append(error)
                finished.add(nid)
    for nid in remaining:
        state.statuses.setdefault(_status_key(frame, nid), NodeStatus(nid, "not_run"))
    if failures:
        raise failures[0]


def _status_key(frame: Frame, node_id: str) -> str:
    return node_id if frame.iteration is None else f"{node_id}[{frame.iteration}]"


def run_node(state: RunState, cnode: CompiledNode, frame: Frame) -> None:
    node = cnode.node
    key = _status_key(frame, cnode.id)
    if node.when is not None and not evaluate_when(node.when, frame, cnode.id):
        frame.outputs[cnode.id] = None
        reason = when_text(node.when)
        state.emit(
            "node_skipped",
            node_id=cnode.id,
            iteration=frame.iteration,
            reason="when_condition_false",
            condition=reason,
        )
        state.backend.record_skip(state, key, cnode, reason)
        state.statuses[key] = NodeStatus(
            cnode.id, "skipped", block=_block_id(cnode), message=reason
        )
        return
    on_error, _retries, _timeout = effective_policy(node, state.compiled.plan.policy)
    started = time.perf_counter()
    state.emit("node_start", node_id=cnode.id, block=_block_id(cnode), iteration=frame.iteration)
    try:
        if isinstance(node, TaskNode):
            outputs = state.backend.call_block(state, build_job(state, cnode, frame))
        elif isinstance(node, LoopNode):
            from compiler.loops import run_loop

            outputs = run_loop(state, cnode, frame)
        else:
            assert isinstance(node, SubflowNode)
            from compiler.loops import run_subflow

            outputs = run_subflow(state, cnode, frame)
    except BlockError as exc:
        exc.with_node(cnode.id)
        duration = int((time.perf_counter() - started) * 1000)
        state.statuses[key] = NodeStatus(
            cnode.id,
            "failed",
            block=_block_id(cnode),
            duration_ms=duration,
            message=f"{exc.code}: {exc.message}",
            error=exc.to_dict(),
        )
        if on_error == "continue":
            state.errors.append(exc)
            frame.outputs[cnode.id] = None
            return
        raise
    duration = int((time.perf_counter() - started) * 1000)
    frame.outputs[cnode.id] = expose(cnode, outputs)
    state.emit(
        "node_complete",
        node_id=cnode.id,
        iteration=frame.iteration,
        outputs=public_outputs(cnode, outputs),
        duration_ms=duration,
    )
    state.statuses[key] = NodeStatus(
        cnode.id,
        "completed",
        block=_block_id(cnode),
        duration_ms=duration,
        output_summary=summarize(public_outputs(cnode, outputs), 60),
    )


def _block_id(cnode: CompiledNode) -> str:
    if cnode.spec is not None:
        return cnode.spec.id
    return "loop" if isinstance(cnode.node, LoopNode) else "subflow"


def build_job(state: RunState, cnode: CompiledNode, frame: Frame) -> NodeJob:
    node = cnode.node
    assert isinstance(node, TaskNode) and cnode.spec is not None
    on_error, retries, timeout_ms = effective_policy(node, state.compiled.plan.policy)
    cache = node.cache
    if cache == "inputs":
        from compiler.models import CacheSpec

        cache = CacheSpec()
    return NodeJob(
        plan_id=state.plan_id,
        run_id=state.run_id,
        node_id=cnode.id,
        spec=cnode.spec,
        inputs=render(node.in_, frame.lookup),
        iteration=frame.iteration,
        retries=retries,
        timeout_ms=timeout_ms,
        on_error=on_error,
        cache=cache if not isinstance(cache, str) else None,
        # One tag set for every task run of a plan: Prefect 3.8 starts a concurrency-slot
        # service per distinct tag set (measured: ~2 s stalls when task runs start together
        # with new sets). The task run is named after the node (and iteration), the task
        # after the block, so admins still see both in the UI.
        tags=[f"plan:{state.plan_id}"],
        scope=state.scope or state.run_id,
    )


# -- a whole run ----------------------------------------------------------------------------


def render_vars(compiled: CompiledPlan, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    refuse_unfilled(compiled.plan, overrides)  # a placeholder var never runs as a default
    frame_vars: dict[str, Any] = {}
    config = compiled.config

    def lookup(ref: Reference) -> Any:
        if ref.root == "config":
            return get_path(config, ref.path)
        if ref.root == "env":
            import os

            name = str(ref.path[0]) if ref.path else ""
            return os.environ.get(name) if settings.env_allowed(name) else None
        return None

    for key, value in compiled.plan.vars.items():
        frame_vars[key] = render(value, lookup)
    for key, value in (overrides or {}).items():
        frame_vars[key] = value
    return frame_vars


def run_compiled(
    compiled: CompiledPlan,
    backend: Backend,
    *,
    run_id: str,
    events: EventLog,
    vars: dict[str, Any] | None = None,
    run_inputs: dict[str, dict[str, Any]] | None = None,
    store: FileStore | None = None,
    emit_plan_events: bool = True,
    scope: str = "",
) -> RunResult:
    state = RunState(
        compiled=compiled,
        run_id=run_id,
        backend=backend,
        events=events,
        vars=render_vars(compiled, vars),
        run_inputs=dict(run_inputs or {}),
        store=store or FileStore(),
        scope=scope or run_id,
    )
    frame = Frame(scope=compiled.root, state=state)
    started = time.perf_counter()
    if emit_plan_events:
        state.emit(
            "plan_start",
            plan_id=compiled.id,
            plan_version=compiled.plan.version,
            backend=backend.name,
        )
    error: BlockError | None = None
    backend.begin(state)
    try:
        run_scope(state, compiled.root, frame)
    except BlockError as exc:
        error = exc
    except Exception as exc:  # a bug, not a block failure: still reported, never absorbed
        error = BlockError(
            ErrorCode.BLOCK_FAILED,
            f"{type(exc).__name__}: {exc}",
            hint="this is a bug in keiri; see the run log",
            recoverable=False,
        )
        error.__cause__ = exc
    finally:
        backend.end(state)
    outputs = {
        nid: public_outputs(compiled.root.nodes[nid], frame.outputs.get(nid))
        for nid in compiled.root.order
        if nid in frame.outputs
    }
    exports = {
        e.as_: get_path(frame.outputs.get(e.from_.split(".", 1)[0]), e.from_.split(".")[1:])
        for e in compiled.plan.exports
    }
    state_name = "failed" if error is not None else "completed"
    if emit_plan_events:
        state.emit(
            "plan_complete",
            plan_id=compiled.id,
            status="success" if error is None else "failed",
            total_duration_ms=int((time.perf_counter() - started) * 1000),
            error=error.to_dict() if error else None,
            failed_nodes=[e.node_id for e in state.errors],
        )
    return RunResult(run_id, compiled.id, state_name, outputs, error, state.statuses, exports)
