"""Dry-run (seed 000 §7): validate, compile, then walk the plan on the inline backend with
every block replaced by its declared samples (`dry_run.samples` / `examples` / defaults, or a
block's own declarative `dry_run()`), never touching real data.

Nothing is invented: an output with nothing declared fails that node. The walk never stops at
the first problem; every node's inputs and outputs and every problem are reported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blocks.sdk.base import input_problems, summarize
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, Issue, IssueCode
from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_checked
from compiler.engine import run_compiled
from compiler.events import EventLog
from compiler.jobs import NodeJob, Skipped
from compiler.placeholders import dry_run_vars
from compiler.references import whole_reference
from compiler.runstate import ItemResult
from compiler.scope import CompiledPlan
from keiri.base.catalog import t
from keiri.base.errors.report import IssueReport

__all__ = ["DryRunReport", "SampleBackend", "dry_run_compiled", "dry_run_file"]

MAX_LOOP_ITEMS = 3


@dataclass
class NodeReport:
    node_id: str
    state: str
    inputs: Any = None
    outputs: Any = None

    def to_json(self) -> dict[str, Any]:
        return {
            "node_id": self.node_id,
            "state": self.state,
            "inputs": self.inputs,
            "outputs": self.outputs,
        }


@dataclass
class DryRunReport(IssueReport):
    """`keiri dry-run`'s report: the issues and what each node took and gave."""

    nodes: list[NodeReport] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return super().to_json() | {"nodes": [n.to_json() for n in self.nodes]}


@dataclass
class SampleBackend(Backend):
    name: str = "dry-run"
    issues: list[Issue] = field(default_factory=list)
    nodes: list[NodeReport] = field(default_factory=list)
    max_loop_items: int | None = MAX_LOOP_ITEMS
    max_scope_workers: int | None = 1
    subflow_results: dict[int, list[Any]] = field(default_factory=dict)

    def _issue(
        self,
        compiled: CompiledPlan,
        job: NodeJob,
        code: str,
        message: str,
        key: str | None,
        hint: str,
    ) -> None:
        cnode = compiled.all_nodes.get(job.node_id)
        path = (*(cnode.path if cnode else ()), *(("in", key) if key else ()))
        self.issues.append(
            Issue(
                code=code,
                message=t("issue.dryrun.prefix", detail=message),
                node_id=job.node_id,
                loc=tuple(path),
                line=compiled.lines.line(path),
                hint=hint,
                file=compiled.lines.file,
            )
        )

    def call_block(self, state: Any, job: NodeJob) -> dict[str, Any]:
        compiled: CompiledPlan = state.compiled
        cnode = compiled.all_nodes[job.node_id]
        raw_in = getattr(cnode.node, "in_", {})
        for key, port in job.spec.inputs.items():
            raw = raw_in.get(key)
            ref = whole_reference(raw) if isinstance(raw, str) else None
            if (
                ref is not None
                and job.inputs.get(key) is None
                and port.is_required
                and not port.nullable
            ):
                self._issue(
                    compiled,
                    job,
                    IssueCode.UNRESOLVED_REFERENCE,
                    t("issue.dryrun.null", ref=ref.text, name=key),
                    key,
                    t("issue.dryrun.null_hint"),
                )
        prepared, problems = input_problems(job.spec, job.inputs)
        for problem in problems:
            code = IssueCode(problem["code"])
            if code == IssueCode.MISSING_REQUIRED_INPUT and any(
                i.node_id == job.node_id and i.code == IssueCode.UNRESOLVED_REFERENCE
                for i in self.issues
            ):
                continue
            self._issue(
                compiled,
                job,
                code,
                f"{problem['field']}: {problem['message']}",
                str(problem["loc"][0]),
                t("issue.dryrun.input_hint"),
            )
        outputs: dict[str, Any] | None = None
        if job.spec.dry_run_derived:
            block = compiled.registry.create(job.spec)
            ctx = BlockContext(
                run_id=job.run_id,
                plan_id=job.plan_id,
                node_id=job.node_id,
                dry_run=True,
                block_id=job.spec.id,
                block_version=job.spec.version,
                file_store=state.store,
            )
            try:
                outputs = block.dry_run(ctx, prepared)
            except BlockError as exc:
                self._issue(compiled, job, IssueCode.DRY_RUN_FAILED, exc.message, None, exc.hint)
        if outputs is None:
            outputs = {}
            for name, port in job.spec.outputs.items():
                samples = port.samples()
                if not samples:
                    self._issue(
                        compiled,
                        job,
                        IssueCode.DRY_RUN_FAILED,
                        t("issue.dryrun.no_samples", block=job.spec.id, name=repr(name)),
                        None,
                        t("issue.dryrun.no_samples_hint", name=name),
                    )
                    outputs[name] = None
                else:
                    index = (job.iteration or 0) % len(samples)
                    outputs[name] = samples[index]
        self.nodes.append(
            NodeReport(
                job.task_name, "completed", summarize(job.inputs, 80), summarize(outputs, 80)
            )
        )
        return outputs

    def call_items(
        self,
        state: Any,
        jobs: list[NodeJob | Skipped],
        max_concurrency: int,
        batch_size: int | None,
    ) -> list[ItemResult]:
        return super().call_items(state, jobs, 1, batch_size)

    def record_skip(self, state: Any, key: str, cnode: Any, reason: str) -> None:
        self.nodes.append(NodeReport(key, "skipped", None, None))

    def run_subflow(self, state: Any, cnode: Any, sub_run_id: str, fn: Callable[[], Any]) -> Any:
        """Subflows are sampled like loop items: the first `max_loop_items` calls of one
        called plan run, later calls reuse the last result (a plan making 12 calls of a plan
        that makes 12 calls, five deep, runs 15 subflows in a dry-run, not 12⁵)."""
        done = self.subflow_results.setdefault(id(cnode.subplan), [])
        if self.max_loop_items is not None and len(done) >= self.max_loop_items:
            return done[-1]
        result = fn()
        done.append(result)
        return result


def dry_run_compiled(compiled: CompiledPlan, warnings: list[Issue] | None = None) -> DryRunReport:
    backend = SampleBackend()
    result = run_compiled(
        compiled,
        backend,
        run_id="dry-run",
        events=EventLog(None),
        vars=dry_run_vars(compiled.plan),  # placeholders walk on a sample of their type
    )
    report = DryRunReport(
        errors=list(backend.issues), warnings=list(warnings or []), nodes=backend.nodes
    )
    if result.error is not None:
        err = result.error
        cnode = compiled.all_nodes.get(err.node_id or "")
        path = cnode.path if cnode else ()
        report.errors.append(
            Issue(
                code=IssueCode.DRY_RUN_FAILED,
                message=t("issue.dryrun.prefix", detail=f"{err.code}: {err.message}"),
                node_id=err.node_id,
                loc=tuple(path),
                line=compiled.lines.line(path),
                hint=err.hint,
                file=compiled.lines.file,
            )
        )
    report.errors.sort(key=Issue.sort_key)
    return report


def dry_run_file(path: Path, registry: BlockRegistry | None = None) -> DryRunReport:
    compiled, errors, warnings = compile_checked(path, registry)
    if compiled is None:
        return DryRunReport(errors=errors, warnings=warnings)
    return dry_run_compiled(compiled, warnings)
