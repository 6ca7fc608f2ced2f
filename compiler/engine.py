"""The semantic core: runs a compiled plan over a backend.

Scopes run in dependency order (independent nodes in parallel); every node goes through the
one node path (`compiler.nodes`); loops and subflows (`compiler.loops`, `compiler.subflows`)
get the engine as their `ScopeRunner`. A backend decides only *how* a block call runs
(inline, on declared samples, or as a Prefect task run) and how loop items and subflows are
wrapped.
"""

from __future__ import annotations

import contextvars
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from blocks.sdk.confirmation import ConfirmationCancelled, NeedsConfirmation
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.store import FileStore
from compiler.confirmation import settle
from compiler.events import EventLog
from compiler.jobs import NodeJob
from compiler.loops import run_loop
from compiler.nodes import begin_task, fail, finish, public_outputs, skip, start
from compiler.placeholders import refuse_unfilled
from compiler.references import get_path, render
from compiler.resolvers import resolve_value
from compiler.runstate import BackendPort, Frame, NodeStatus, RunResult, RunState
from compiler.scope import (
    CompiledLoop,
    CompiledNode,
    CompiledPlan,
    CompiledSubflow,
    CompiledTask,
    Scope,
)
from compiler.subflows import run_subflow
from keiri.base import masking
from keiri.base.catalog import t

__all__ = ["Engine", "RunResult", "RunState", "render_vars", "run_compiled"]


class Engine:
    """Runs scopes and nested plans; the `ScopeRunner` of loops and subflows."""

    def run_scope(self, state: RunState, scope: Scope, frame: Frame) -> None:
        """Every node of a scope in dependency order, independent nodes in parallel."""
        remaining = {
            nid: {d for d in scope.nodes[nid].deps if d in scope.nodes} for nid in scope.order
        }
        workers = state.compiled.plan.policy.concurrency.default_max_workers
        scope_cap = getattr(state.backend, "max_scope_workers", None)
        if scope_cap is not None:
            workers = min(workers, scope_cap)
        failures: list[BaseException] = []
        running: dict[Future[None], str] = {}
        finished: set[str] = set()
        # Nodes that asked a question (`compiler.confirmation`): while any waits, the running
        # siblings finish and nothing new starts; then each is answered and runs again.
        asking: list[tuple[str, NeedsConfirmation]] = []
        pool: ThreadPoolExecutor | None = None

        def ended(nid: str, error: BaseException | None) -> None:
            """Where a node that ran goes: a question waits in `asking`; a failure joins
            `failures` and, like a success, the node is finished."""
            if isinstance(error, NeedsConfirmation):
                asking.append((nid, error))
                return
            if error is not None:
                failures.append(error)
            finished.add(nid)

        def run_here(nid: str, answer: NeedsConfirmation | None = None) -> None:
            """Run a node in this thread (`answer`: the question it asked, settled first)."""
            try:
                if answer is not None:
                    settle(state, answer)
                self.run_node(state, scope.nodes[nid], frame)
            except BaseException as exc:
                ended(nid, exc)
            else:
                ended(nid, None)

        try:
            while True:
                if asking and not running and not failures:
                    run_here(*asking.pop(0))
                    continue
                if not failures and not asking:
                    ready = [
                        n for n in scope.order if n in remaining and not remaining[n] - finished
                    ]
                    if len(ready) == 1 and not running:
                        # A chain: run the only ready node in this thread (no thread hop).
                        nid = ready.pop()
                        del remaining[nid]
                        run_here(nid)
                        continue
                    for nid in ready:
                        del remaining[nid]
                        if pool is None:
                            pool = ThreadPoolExecutor(workers, thread_name_prefix="keiri-node")
                        ctx = contextvars.copy_context()
                        future = pool.submit(ctx.run, self.run_node, state, scope.nodes[nid], frame)
                        running[future] = nid
                if not running:
                    if asking and not failures:
                        continue
                    break
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    ended(running.pop(future), future.exception())
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        for nid in [*remaining, *(n for n, _ in asking)]:
            state.statuses.setdefault(frame.status_key(nid), NodeStatus(nid, "not_run"))
        if failures:
            raise failures[0]

    def run_node(self, state: RunState, cnode: CompiledNode, frame: Frame) -> None:
        started = 0.0
        try:
            if isinstance(cnode, CompiledTask):
                job, started = begin_task(state, cnode, frame)
                if isinstance(job, NodeJob):
                    finish(state, cnode, frame, state.backend.call_block(state, job), started)
                return
            if skip(state, cnode, frame):
                return
            started = start(state, cnode, frame)
            if isinstance(cnode, CompiledLoop):
                outputs = run_loop(self, state, cnode, frame)
            elif isinstance(cnode, CompiledSubflow):
                outputs = run_subflow(self, state, cnode, frame)
            else:  # pragma: no cover - the compiler never returns unresolved nodes
                raise BlockError(ErrorCode.PLAN_INVALID, f"{cnode.id} was not compiled")
            finish(state, cnode, frame, outputs, started)
        except BlockError as exc:
            if not fail(state, cnode, frame, exc, started):
                raise

    def run_plan(
        self, compiled: CompiledPlan, parent: RunState, run_id: str, vars: Any, scope: str
    ) -> RunResult:
        result = run_compiled(
            compiled,
            parent.backend,
            run_id=run_id,
            events=parent.events,
            vars=vars,
            answers=parent.answers,
            store=parent.store,
            scope=scope,
        )
        if result.cancelled is not None:  # a cancel in a subflow ends the parent run too
            raise result.cancelled
        return result


def render_vars(compiled: CompiledPlan, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The plan's vars (their `${config.*}`/`${env.*}` rendered), then the overrides."""
    refuse_unfilled(compiled.plan, overrides)  # a placeholder var never runs as a default
    rendered = {
        key: render(value, lambda ref: resolve_value(None, compiled.config, ref))
        for key, value in compiled.plan.vars.items()
    }
    rendered.update(overrides or {})
    masking.register(
        value
        for key, value in rendered.items()
        if masking.is_secret_name(key)
        or (isinstance(declared := compiled.plan.vars.get(key), dict) and declared.get("secret"))
    )
    return rendered


def run_compiled(
    compiled: CompiledPlan,
    backend: BackendPort,
    *,
    run_id: str,
    events: EventLog,
    vars: dict[str, Any] | None = None,
    answers: dict[str, dict[str, Any]] | None = None,
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
        answers=dict(answers or {}),
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
    cancelled: ConfirmationCancelled | None = None
    backend.begin(state)
    try:
        Engine().run_scope(state, compiled.root, frame)
    except ConfirmationCancelled as exc:  # a person cancelled at a choice form: not a failure
        cancelled = exc
    except BlockError as exc:
        error = exc
    except Exception as exc:  # a bug, not a block failure: still reported, never absorbed
        error = BlockError(
            ErrorCode.BLOCK_FAILED,
            f"{type(exc).__name__}: {exc}",
            hint=t("runtime.bug_hint"),
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
    if emit_plan_events:
        state.emit(
            "plan_complete",
            plan_id=compiled.id,
            status="cancelled" if cancelled else "success" if error is None else "failed",
            total_duration_ms=int((time.perf_counter() - started) * 1000),
            error=error.to_dict() if error else None,
            failed_nodes=[e.node_id for e in state.errors],
        )
    state_name = "failed" if error is not None else "cancelled" if cancelled else "completed"
    result = RunResult(run_id, compiled.id, state_name, outputs, error, state.statuses, exports)
    result.cancelled = cancelled
    return result
