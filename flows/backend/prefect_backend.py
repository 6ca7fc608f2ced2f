"""The Prefect backend of the engine (`compiler.backend.Backend`): `PrefectBackend` runs each
node as a Prefect task run (`flows.backend.node_tasks`), loop items in batches or subflows,
human input through `flows.backend.human_input`; it reads a node's stored result before running
it again (a retried run redoes only what did not finish, `flows.backend.result_reuse`), re-asks
forms after a retry (`flows.backend.reask`) and keeps the answers a retry may reuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from prefect.utilities.annotations import quote

from blocks.sdk.confirmation import NeedsConfirmation
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from compiler.attempts import timeout_error
from compiler.backend import Backend, map_bounded
from compiler.jobs import NodeJob, Skipped
from compiler.runstate import ItemResult, RunState
from compiler.scope import CompiledLoop, CompiledNode, CompiledSubflow
from flows.backend import pause_wait, reask, run_secrets
from flows.backend.human_input import PauseObserver, PrefectHumanInput
from flows.backend.node_tasks import (
    LoopProgress,
    as_subflow,
    auto_batch_size,
    node_task,
    result_key,
    run_batch,
    skipped_node,
    stored_result,
    task_store_of_run_node,
    untagged,
)
from flows.backend.reenter import Reentry
from flows.backend.result_reuse import (
    MISSING,
    ReuseLog,
    compare,
    fingerprint,
    inputs_digest,
    unwrap,
)

__all__ = ["PrefectBackend"]


class PrefectBackend(Backend):
    name = "prefect"

    def __init__(
        self,
        poll_interval: int = 1,
        on_pause: PauseObserver | None = None,
        reuse: ReuseLog | None = None,
        root_run_id: str | None = None,
        generation: int = 0,
        reentry: Reentry | None = None,
        first_start: bool = False,
    ) -> None:
        super().__init__(
            name="prefect",
            human_input=PrefectHumanInput(
                poll_interval=poll_interval,
                on_pause=on_pause,
                root_run_id=root_run_id,
                generation=generation,
            ),
        )
        self.reuse = reuse or ReuseLog()
        self._store: Any = None  # `task_store_of_run_node()`, built once per run
        #: The run this backend runs (loop items and subflows are its children) and how many
        #: times it was retried (`flows.backend.reask`).
        self.root_run_id = root_run_id
        self.generation = generation
        #: The human-input nodes this retry re-enters (`flows.backend.reenter`); None: a plain retry.
        self.reentry = reentry
        #: The run's first start in this process (no retry, no resumed suspension): no node
        #: result of it is stored yet, so none is read.
        self.first_start = first_start
        #: Per place, the pauses answered with secrets whose stored answer is deleted once the
        #: answers are recorded (`execute_in_flow`).
        self._answered: dict[str, list[tuple[UUID, str]]] = {}

    def task_store(self) -> Any:
        if self._store is None:
            self._store = task_store_of_run_node()
        return self._store

    def make_context(self, state: RunState, job: NodeJob) -> BlockContext:
        ctx = super().make_context(state, job)
        if not job.spec.human_input:
            return ctx
        ctx.services["item_title"] = job.title
        where = reask.place(job.scope, job.task_name)
        if where in self._answered:
            ctx.services["answered_pauses"] = self._answered[where]
        if self.root_run_id is not None:  # answered in this generation: a continued run's replay
            answered = reask.current(UUID(self.root_run_id), where, self.generation)
            if answered is not None:
                ctx.answers = answered
                return ctx
        if self.root_run_id is not None and self.generation > 0:
            earlier = reask.latest(
                UUID(self.root_run_id), reask.place(job.scope, job.task_name), self.generation
            )
            if earlier is not None and self.reentry is not None:
                decision = self.reentry.decide(job, earlier)
                kept = Reentry.kept_answers(earlier) if decision == "keep" else None
                if kept is not None:  # another input is re-entered: these answers stand
                    self.reuse.note(state, job, "unchanged")
                    ctx.answers = kept
                    return ctx
                if decision == "inputs_changed":
                    self.reuse.note(state, job, "inputs_changed")
            named = self.reentry is not None and job.node_id in self.reentry.nodes
            if earlier is not None or named:
                # Asked in an earlier attempt of this run (or named to re-enter: values given
                # up front that failed, say): ask again, never reuse that answer (nor the
                # values given up front); what was given before is prefilled.
                before = dict(earlier.get("answers") or {}) if earlier is not None else {}
                given = {k: v for k, v in ctx.answers.items() if not k.startswith("_")}
                ctx.services["prefill"] = {**given, **before}
                ctx.answers = {}
        return ctx

    def execute_in_flow(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        """Human input; the answers it took are recorded for a later retry (`flows.backend.reask`)."""
        if self.root_run_id is None or not job.spec.human_input:
            return super().execute_in_flow(state, job)
        where = reask.place(job.scope, job.task_name)
        root = UUID(self.root_run_id)
        secret = run_secrets.secret_fields(job.inputs.get("requirements"))
        answered: list[tuple[UUID, str]] = []  # pauses whose stored answer goes once recorded
        self._answered[where] = answered
        try:
            try:
                outputs = super().execute_in_flow(state, job)
            except BlockError as exc:
                answers = exc.details.get("answers")
                if isinstance(answers, dict):
                    reask.record(root, where, self.generation, answers, secret=secret)
                raise
            metadata = outputs.get("metadata") or {}
            reask.record(
                root,
                where,
                self.generation,
                reask.answers_of(outputs),
                who=str(metadata.get("answered_by") or ""),
                inputs=inputs_digest(job.inputs),  # its answers stand while these do (re-entry)
                secret=secret,  # kept as references to a Secret block
            )
        finally:
            self._answered.pop(where, None)
            for flow_run_id, key in answered:
                pause_wait.forget_answer(flow_run_id, key)
        return outputs

    def call_block(self, state: RunState, job: NodeJob) -> dict[str, Any]:
        if state.compiled.registry.load_class(job.spec).runs_in_flow:
            return self.execute_in_flow(state, job)
        fp = None
        refresh = False
        if job.cache is None:
            # A stored result is used again only for the same definition and inputs. A run's
            # first start has none (its results are keyed by the run): nothing to read.
            fp = fingerprint(state.compiled, job)
            stored = (
                MISSING if self.first_start else stored_result(self.task_store(), job.result_key)
            )
            reason = compare(stored, fp)
            self.reuse.note(state, job, reason)
            refresh = reason not in ("unchanged", "not_finished")
        elif self.task_store().exists(result_key(job)):
            self.reuse.note(state, job, "same_inputs")
        try:
            with untagged():
                result = node_task(job, refresh)(
                    quote(job), quote(state), job.task_name, quote(fp) if fp is not None else None
                )
        except TimeoutError as exc:  # Prefect's TaskRunTimeoutError after the last attempt
            raise timeout_error(job) from exc
        outputs: dict[str, Any] = unwrap(result)
        return outputs

    def call_items(
        self,
        state: RunState,
        jobs: list[NodeJob | Skipped],
        max_concurrency: int,
        batch_size: int | None,
    ) -> list[ItemResult]:
        real = [j for j in jobs if isinstance(j, NodeJob)]
        if not real:
            return [job for job in jobs if isinstance(job, Skipped)]
        first = real[0]
        node_id = first.node_id
        in_flow = state.compiled.registry.load_class(first.spec).runs_in_flow
        size = 1 if in_flow else batch_size or auto_batch_size(len(jobs), max_concurrency)
        progress = LoopProgress(node_id, len(jobs))
        if size <= 1:

            def single(job: NodeJob | Skipped) -> ItemResult:
                try:
                    if isinstance(job, Skipped):
                        return job
                    if in_flow:
                        # Each item's human input pauses its own child run (its own form).
                        return as_subflow(  # type: ignore[no-any-return]
                            lambda: self.call_block(state, job),
                            f"{state.plan_id}.{node_id}",
                            job.title or job.task_name,
                        )
                    return self.call_block(state, job)
                except (BlockError, NeedsConfirmation) as exc:
                    return exc
                finally:
                    progress.advance(1)

            return map_bounded(single, jobs, max_concurrency)
        batches = [list(range(i, min(i + size, len(jobs)))) for i in range(0, len(jobs), size)]

        def one(indexes: list[int]) -> list[Any]:
            first_i, last_i = indexes[0], indexes[-1]
            label = (
                f"{node_id}[{first_i}]" if first_i == last_i else f"{node_id}[{first_i}-{last_i}]"
            )
            try:
                with untagged():
                    return list(
                        run_batch.with_options(task_run_name=label)(
                            quote([jobs[i] for i in indexes]),
                            quote(state),
                            f"keiri-{first.scope}-{label}",
                        )
                    )
            finally:
                progress.advance(len(indexes))

        results: list[ItemResult] = []
        for chunk in map_bounded(one, batches, max_concurrency):
            results.extend(chunk)
        return results

    def run_item_body(
        self, state: RunState, loop: CompiledLoop, index: int, fn: Callable[[], Any]
    ) -> Any:
        return as_subflow(fn, f"{state.plan_id}.{loop.id}", f"{loop.id}[{index}]")

    def run_subflow(
        self, state: RunState, cnode: CompiledSubflow, sub_run_id: str, fn: Callable[[], Any]
    ) -> Any:
        return as_subflow(fn, cnode.subplan.id, f"{cnode.id} ({sub_run_id.rsplit('.', 1)[-1]})")

    def record_skip(self, state: RunState, key: str, cnode: CompiledNode, reason: str) -> None:
        with untagged():
            skipped_node.with_options(task_run_name=key)(reason, return_state=True)
