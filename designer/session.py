"""The bookkeeping of one generation: the LLM calls, the checks of attempts, the events and
metrics, and the final summary line (see `designer.events`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from blocks.llm.client import LLMClient
from blocks.sdk.errors import BlockError, Issue
from blocks.sdk.registry import BlockRegistry
from designer.catalog import chosen_blocks
from designer.checks import PlanCheck, check_plan_text, plan_to_yaml, save_plan
from designer.documents import DocumentSet
from designer.events import DesignEventLog, GenerationMetrics, new_generation_id
from designer.prompt_words import BASELINE_EMPTY
from designer.repair import node_diff, unified_diff
from designer.result import Attempt, DesignEngineOptions, GeneratedPlan

__all__ = ["Baseline", "GenerationSession"]

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Baseline:
    """What the first attempt is diffed against (so the first repair prompt carries a node
    diff too): the stage-1 outline, the composed template nodes, or an empty plan."""

    label: str
    data: dict[str, Any] = field(default_factory=lambda: {"graph": []})
    outline: bool = False


class GenerationSession:
    """State shared by the steps of one generation; `result` is what the caller gets."""

    def __init__(
        self,
        registry: BlockRegistry,
        options: DesignEngineOptions,
        llm: LLMClient | None,
        documents: DocumentSet,
    ) -> None:
        self.registry = registry
        self.opts = options
        self.llm = llm
        self.gid = new_generation_id()
        self.events = DesignEventLog(self.gid) if options.log_events else None
        self.metrics = GenerationMetrics()
        self.started = time.perf_counter()
        self.result = GeneratedPlan(
            plan=None, reasoning="", yaml="", ok=False, generation_id=self.gid
        )
        self.result.documents = documents
        self.result.metrics = self.metrics
        self.result.events_path = self.events.path if self.events else None
        self.baseline = Baseline(BASELINE_EMPTY)

    def emit(self, event: str, **fields: Any) -> None:
        if self.events is not None:
            self.events.emit(event, **fields)

    def _client(self) -> LLMClient:
        if self.llm is None:
            self.llm = LLMClient.from_env()
        return self.llm

    def _call(self, stage: str, attempt: int, system: str, user: str, model: type[M]) -> M:
        """One structured-output call, logged with its size, time and token usage."""
        started = time.perf_counter()
        try:
            result = self._client().parse(system, user, model)
        except BlockError as exc:
            self.emit(
                "llm_error",
                stage=stage,
                attempt=attempt,
                code=exc.code,
                reason=exc.details.get("reason"),
            )
            raise
        self.metrics.llm_calls += 1
        self.metrics.add_tokens(result.usage)
        self.emit(
            "llm_call",
            stage=stage,
            attempt=attempt,
            model=result.model,
            prompt_chars=len(system) + len(user),
            ms=round((time.perf_counter() - started) * 1000, 1),
            usage=result.usage,
        )
        return result.value

    def _check(self, data: dict[str, Any], extra: list[Issue]) -> PlanCheck:
        check = check_plan_text(plan_to_yaml(data), self.registry, dry_run=self.opts.dry_run)
        seen = {(i.code, i.path) for i in check.errors}
        check.errors = sorted(
            [*check.errors, *(i for i in extra if (i.code, i.path) not in seen)], key=Issue.sort_key
        )
        return check

    def _record(self, number: int, stage: str, data: dict[str, Any], check: PlanCheck) -> Attempt:
        previous = self.result.attempts[-1] if self.result.attempts else None
        attempt = Attempt(
            number, stage, check.yaml, check.errors, check.warnings, dry_run_ms=check.dry_run_ms
        )
        if previous is not None:
            attempt.diff = node_diff(self.result.data, data)
            attempt.text_diff = unified_diff(previous.yaml, check.yaml)
        else:
            base = self.baseline
            attempt.diff = node_diff(base.data, data, outline=base.outline)
            attempt.diff_base = base.label
        self.result.attempts.append(attempt)
        self.result.data = data
        self.metrics.validation_errors.append(len(check.errors))
        if check.dry_run_ms is not None:
            self.metrics.dry_run_ms = check.dry_run_ms
        self.emit(
            "attempt_checked",
            attempt=number,
            stage=stage,
            errors=len(check.errors),
            codes=sorted({i.code for i in check.errors}),
            warnings=len(check.warnings),
            dry_run_ms=check.dry_run_ms,
        )
        return attempt

    def _save(self) -> None:
        res = self.result
        if res.ok and self.opts.save and res.plan is not None:
            res.saved_path = save_plan(res.yaml, res.plan.id, self.opts.out)
            self.emit("plan_saved", path=str(res.saved_path))

    def _finish(self, error: BlockError | None = None) -> None:
        res = self.result
        self.metrics.final_errors = len(res.errors)
        self.metrics.total_ms = round((time.perf_counter() - self.started) * 1000, 1)
        self.metrics.chosen_blocks = chosen_blocks(res.data)
        fields: dict[str, Any] = {
            "ok": res.ok and error is None,
            "fallback": res.fallback,
            "plan_id": res.data.get("id"),
            "metrics": self.metrics.to_json(),
        }
        if error is not None:
            fields["error"] = {"code": error.code, "message": error.message}
        self.emit("generation_finished", **fields)
        if self.events is not None:
            self.events.summary(**fields)
