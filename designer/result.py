"""The designer's options and results: `DesignEngineOptions`, `Attempt`, `GeneratedPlan`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from blocks.sdk.errors import Issue
from compiler.models import Plan, VarPlaceholder
from compiler.placeholders import plan_placeholders
from designer.compose import ComposeResult
from designer.documents import DocumentSet
from designer.events import GenerationMetrics
from designer.prompt_words import BASELINE_PREVIOUS
from designer.repair import NodeDiff
from designer.requirements import DesignRequirement
from designer.retrieval import Candidate
from designer.retrieval_mode import RetrievalChoice, RetrievalMode
from keiri.base import settings

__all__ = [
    "FALLBACK_ENV",
    "ApplyMode",
    "AskFn",
    "Attempt",
    "DesignEngineOptions",
    "GeneratedPlan",
    "RetrievalChoice",
    "fallback_enabled",
]

ApplyMode = Literal["hint", "compose", "llm-only"]
#: Asks the user the given requirements (with a message); returns answers by requirement id.
AskFn = Callable[[list[DesignRequirement], str], Mapping[str, Any]]
FALLBACK_ENV = "KEIRI_AGENT_LLM_FALLBACK"


def fallback_enabled(explicit: bool | None = None) -> bool:
    """`KEIRI_AGENT_LLM_FALLBACK` is `1|true|yes` (off by default); an explicit value wins."""
    if explicit is not None:
        return explicit
    return settings.get().llm.agent_fallback


@dataclass(frozen=True)
class DesignEngineOptions:
    """How the designer works (seed 001 "オプション", with the "将来" items implemented).

    `max_attempts` counts wiring answers: the first one plus up to `max_attempts - 1` repair
    rounds (1 = no repair, the seed's v1; 2 = one repair round, v1.1).
    """

    suggest_when: bool = True
    suggest_foreach: bool = True
    foreach_var_name: str = "item"
    topk_per_category: int = 6
    topk_total: int = 30
    retrieval: RetrievalChoice = "auto"
    hybrid_alpha: float = 0.5
    pinned_blocks: tuple[str, ...] = ("ui.interactive_input",)
    max_docs_chars: int = 4000
    max_attempts: int = 2
    two_stage: bool = True
    dry_run: bool = True
    plan_id: str | None = None
    save: bool = False
    out: Path | None = None
    fallback: bool | None = None
    log_events: bool = True

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        if self.topk_per_category < 1 or self.topk_total < 1:
            raise ValueError("topk_per_category and topk_total must be >= 1")


@dataclass
class Attempt:
    """One wiring or repair answer and its check."""

    number: int
    stage: str  # wiring | repair
    yaml: str
    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    diff: NodeDiff | None = None
    diff_base: str = BASELINE_PREVIOUS
    text_diff: str = ""
    dry_run_ms: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "stage": self.stage,
            "errors": [i.model_dump() for i in self.errors],
            "warnings": len(self.warnings),
            "diff": self.diff.to_json() if self.diff else None,
            "diff_base": self.diff_base,
            "dry_run_ms": self.dry_run_ms,
        }


@dataclass
class GeneratedPlan:
    """The result of `generate_plan` (seed 001 `GeneratedPlan {plan, reasoning}` and more).

    `ok` means the plan validated and dry-ran with no error. When it did not, `plan` is the
    last attempt when it parses (else None), `yaml` always holds the last attempt's text,
    `errors` its problems and `requirements` what to ask the user. `fallback` marks the safe
    placeholder plan returned only when `KEIRI_AGENT_LLM_FALLBACK` is on.
    """

    plan: Plan | None
    reasoning: str
    yaml: str
    ok: bool
    generation_id: str = ""
    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    requirements: list[DesignRequirement] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    skeleton: dict[str, Any] | None = None
    attempts: list[Attempt] = field(default_factory=list)
    metrics: GenerationMetrics = field(default_factory=GenerationMetrics)
    documents: DocumentSet = field(default_factory=DocumentSet)
    compose: ComposeResult | None = None
    var_notes: dict[str, str] = field(default_factory=dict)
    fallback: bool = False
    saved_path: Path | None = None
    events_path: Path | None = None
    data: dict[str, Any] = field(default_factory=dict)
    retrieval: RetrievalMode | None = None

    @property
    def placeholders(self) -> dict[str, VarPlaceholder]:
        """The settings left open (placeholder vars): to be given before a run."""
        return plan_placeholders(self.plan) if self.plan is not None else {}

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "fallback": self.fallback,
            "generation_id": self.generation_id,
            "plan_id": self.plan.id if self.plan else self.data.get("id"),
            "reasoning": self.reasoning,
            "yaml": self.yaml,
            "saved_path": str(self.saved_path) if self.saved_path else None,
            "events": str(self.events_path) if self.events_path else None,
            "errors": [i.model_dump() for i in self.errors],
            "warnings": [i.model_dump() for i in self.warnings],
            "requirements": [r.model_dump(mode="json") for r in self.requirements],
            "candidates": [c.to_json() for c in self.candidates],
            "attempts": [a.to_json() for a in self.attempts],
            "metrics": self.metrics.to_json(),
            "documents": self.documents.to_json(),
            "compose": self.compose.to_json() if self.compose else None,
            "var_notes": self.var_notes,
            "placeholders": [
                {"name": name, **ph.model_dump(mode="json", exclude={"placeholder"})}
                for name, ph in self.placeholders.items()
            ],
            "retrieval": self.retrieval.to_json() if self.retrieval else None,
        }
