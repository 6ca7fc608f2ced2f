"""The inline backend (in-process, no Prefect): the base every backend extends, used by unit
tests of semantics, dry-run (on samples) and as the benchmark baseline."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from blocks.sdk.confirmation import NeedsConfirmation
from blocks.sdk.context import BlockContext, HumanInputPort
from blocks.sdk.errors import BlockError, ErrorCode
from compiler.attempts import run_attempt, run_with_retries
from compiler.jobs import NodeJob, Skipped
from compiler.runstate import ItemResult, RunState
from compiler.scope import CompiledLoop, CompiledNode, CompiledSubflow
from keiri.base.catalog import t

__all__ = ["Backend", "StaticHumanInput", "map_bounded"]


class StaticHumanInput:
    """Answers human-input nodes from values given up front; never waits (nobody is asked:
    a block's question is answered "unattended")."""

    attended = False

    def request(self, ctx: BlockContext, form: dict[str, Any]) -> dict[str, Any]:
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            t("runtime.human.no_input", node=ctx.node_id),
            details={"node_id": ctx.node_id, "fields": list(form.get("properties", {}))},
            hint=t("runtime.human.no_input_hint", node=ctx.node_id),
        )


@dataclass
class Backend:
    """Inline by default; subclasses override the hooks they wrap differently."""

    name: str = "inline"
    human_input: HumanInputPort = field(default_factory=StaticHumanInput)
    #: At most this many nodes of one scope at once (None: the plan's default_max_workers).
    #: Every nested scope (a subflow, a loop item) has its own workers, so the dry-run sets
    #: 1: its threads then grow with the nesting depth, not as workers ** depth.
    max_scope_workers: int | None = None

    # -- one block call -------------------------------------------------------------------

    def make_context(self, state: RunState, job: NodeJob) -> BlockContext:
        return BlockContext(
            run_id=job.run_id,
            plan_id=job.plan_id,
            node_id=job.node_id,
            block_id=job.spec.id,
            block_version=job.spec.version,
            iteration=job.iteration,
            file_store=state.store,
            emit=state.emit,
            human_input=self.human_input,
            answers=state.answers.get(job.task_name) or state.answers.get(job.node_id) or {},
            confirm_ambiguous=job.confirm_ambiguous,
            confirmations=dict(state.confirmations.get(job.task_name, {})),
        )

    def executor(self, state: RunState, job: NodeJob) -> Callable[[float | None, int], Any]:
        """(deadline, attempt) -> outputs: one attempt of the job's block."""
        block = state.compiled.registry.create(job.spec)

        def execute(deadline: float | None, attempt: int) -> dict[str, Any]:
            ctx = self.make_context(state, job)
            ctx.deadline, ctx.attempt = deadline, attempt
            return block.execute(ctx, job.inputs)

        return execute

    def execute_in_flow(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        """A block that runs in the flow itself (human input): one attempt, no watchdog — a
        person's answer is awaited by the backend (pause timeout = the node's timeout_ms)."""
        block = state.compiled.registry.create(job.spec)
        ctx = self.make_context(state, job)
        own = state.compiled.all_nodes[job.node_id].node.timeout_ms  # not the plan default
        ctx.services["timeout_ms"] = own or state.compiled.plan.policy.input_timeout_ms
        return run_attempt(
            replace(job, timeout_ms=None, retries=0),
            lambda _deadline, _attempt: block.execute(ctx, job.inputs),
            state.emit,
            0,
        )

    def run_job(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        """The job with its policy, in this thread: attempts, interrupts, retries."""
        if state.compiled.registry.load_class(job.spec).runs_in_flow:
            return self.execute_in_flow(state, job)
        return run_with_retries(job, self.executor(state, job), state.emit)

    def call_block(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        return self.run_job(state, job)

    def call_items(
        self,
        state: RunState,
        jobs: list[NodeJob | Skipped],
        max_concurrency: int,
        batch_size: int | None,
    ) -> list[ItemResult]:
        """Run the jobs of a one-node foreach body; results in item order."""

        def one(job: NodeJob | Skipped) -> ItemResult:
            if isinstance(job, Skipped):
                return job
            try:
                return self.call_block(state, job)
            except (BlockError, NeedsConfirmation) as exc:
                return exc

        return map_bounded(one, jobs, max_concurrency)

    def run_item_body(
        self, state: RunState, loop: CompiledLoop, index: int, fn: Callable[[], Any]
    ) -> Any:
        """Run one item of a multi-node foreach body (Prefect: as a subflow)."""
        return fn()

    def run_subflow(
        self, state: RunState, cnode: CompiledSubflow, sub_run_id: str, fn: Callable[[], Any]
    ) -> Any:
        return fn()

    def record_skip(self, state: RunState, key: str, cnode: CompiledNode, reason: str) -> None:
        """Make a skipped node visible (Prefect: a Completed task run named "Skipped")."""

    def begin(self, state: RunState) -> None:
        """A plan (or subflow) run starts on this backend."""

    def end(self, state: RunState) -> None:
        """A plan (or subflow) run ended."""


def map_bounded(fn: Callable[[Any], Any], items: list[Any], max_concurrency: int) -> list[Any]:
    """`fn` over items with at most `max_concurrency` at once, results in item order."""
    if not items:
        return []
    limit = max(1, min(max_concurrency, len(items)))
    if limit == 1:
        return [fn(item) for item in items]
    gate = threading.Semaphore(limit)

    def guarded(item: Any) -> Any:
        with gate:
            return fn(item)

    with ThreadPoolExecutor(max_workers=limit, thread_name_prefix="keiri-item") as pool:
        futures = [pool.submit(contextvars.copy_context().run, guarded, item) for item in items]
        return [f.result() for f in futures]
