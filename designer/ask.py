"""A request → tasks → plan → answer (seed 003's ActionPlanner and ResponseFormatter, in keiri).

1. `analyze_request`: the model reads the request and the block catalog (the designer's
   retrieval) and answers whether the catalog can serve it and, if so, the tasks with their
   dependencies. Tasks naming a block that does not exist, or depending on unknown or circular
   tasks, make the request unservable with the reason — never an invented plan.
2. `design_for_request`: the tasks become a plan through the designer (`generate_plan`:
   generation, validation, dry-run). The tasks *are* a plan, validated before anything runs.
3. The caller runs the plan (`flows.lifecycle.runs`), which pauses for any confirmation a person gives.
4. `compose_answer`: a Japanese answer from the run's outputs — by the model when one is
   configured, checked so that every number it quotes is in the outputs; otherwise (or when
   the check fails) a template over the outputs, and the answer says which.
"""

from __future__ import annotations

import difflib
import graphlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from blocks.llm.client import LLMClient
from blocks.sdk.registry import BlockRegistry
from blocks.text.quoted_numbers import numbers_in
from designer.generate import generate_plan
from designer.prompt_words import DESIGN_INSTRUCTION, TASK_AFTER
from designer.result import DesignEngineOptions, GeneratedPlan
from designer.retrieval import retrieve_blocks
from keiri.base import settings
from keiri.base.catalog import t

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan

__all__ = [
    "ComposedAnswer",
    "PreparedRequest",
    "RequestAnalysis",
    "RequestTask",
    "analyze_request",
    "compose_answer",
    "design_for_request",
    "numbers_in",
    "prepare_request",
    "refusal",
]

_MAX_OUTPUT_CHARS = 12_000


class RequestTask(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(description="タスク id（英小文字とアンダースコア）")
    block: str = Field(description="使うブロックの id（カタログにあるもの）")
    purpose: str = Field(description="このタスクの目的（日本語）")
    depends_on: list[str] = Field(description="先に終わっている必要があるタスクの id")


class RequestAnalysis(BaseModel):
    """The model's reading of a request (the seed's ActionPlanner output)."""

    model_config = ConfigDict(extra="forbid")
    servable: bool = Field(description="カタログのブロックだけで実行できるか")
    reason: str = Field(description="判断の理由（日本語）")
    tasks: list[RequestTask] = Field(description="実行できる場合のタスク（依存関係つき）")


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str = Field(description="依頼への回答（日本語）")


@dataclass
class ComposedAnswer:
    """The answer to the user; `source` says who wrote it, `unsupported` the numbers a model
    answer quoted that are not in the outputs (why it was replaced by the template)."""

    text: str
    source: Literal["llm", "template"]
    unsupported: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "source": self.source, "unsupported": self.unsupported}


def _catalog(request: str, registry: BlockRegistry) -> str:
    lines = []
    for cand in retrieve_blocks(request, registry, method="bm25", total=24):
        spec = registry.get(cand.block_id)
        summary = (spec.description.strip().splitlines() or [""])[0]
        lines.append(f"- {spec.id}: {summary}")
    return "\n".join(lines)


def _task_problems(tasks: list[RequestTask], registry: BlockRegistry) -> list[str]:
    """Why the tasks cannot be a plan: unknown blocks (with a did-you-mean), unknown or
    circular dependencies, duplicate ids."""
    known = registry.ids()
    ids = [task.id for task in tasks]
    problems = [
        t("ask.problem.duplicate", task=i) for i in sorted({i for i in ids if ids.count(i) > 1})
    ]
    for task in tasks:
        if task.block not in known:
            close = difflib.get_close_matches(task.block, known, n=1)
            problems.append(
                t("ask.problem.unknown_block_close", task=task.id, block=task.block, close=close[0])
                if close
                else t("ask.problem.unknown_block", task=task.id, block=task.block)
            )
        problems += [
            t("ask.problem.unknown_dependency", task=task.id, dependency=dep)
            for dep in task.depends_on
            if dep not in ids
        ]
    try:
        graphlib.TopologicalSorter({t.id: set(t.depends_on) for t in tasks}).prepare()
    except graphlib.CycleError as exc:
        problems.append(t("ask.problem.cycle", tasks=" → ".join(map(str, exc.args[1]))))
    return problems


def analyze_request(
    request: str, llm: LLMClient, registry: BlockRegistry | None = None
) -> RequestAnalysis:
    """The tasks of `request` over the catalog, or `servable=False` with the reason."""
    registry = registry or BlockRegistry()
    user = t("ask.prompt.request", request=request.strip(), catalog=_catalog(request, registry))
    analysis = llm.parse(t("ask.prompt.analyze"), user, RequestAnalysis).value
    if not analysis.servable:
        return analysis.model_copy(update={"tasks": []})
    if not analysis.tasks:
        return RequestAnalysis(servable=False, reason=t("ask.problem.no_tasks"), tasks=[])
    problems = _task_problems(analysis.tasks, registry)
    if problems:
        reason = t("ask.problem_sep").join(problems)
        return RequestAnalysis(servable=False, reason=reason, tasks=analysis.tasks)
    return analysis


def design_for_request(
    request: str,
    analysis: RequestAnalysis,
    llm: LLMClient,
    registry: BlockRegistry | None = None,
    answers: Mapping[str, Any] | None = None,
) -> GeneratedPlan:
    """The plan of the tasks, generated, validated and dry-run by the designer."""
    outline = "\n".join(
        f"- {task.id}: {task.block} — {task.purpose}"
        + (TASK_AFTER.format(tasks=", ".join(task.depends_on)) if task.depends_on else "")
        for task in analysis.tasks
    )
    instruction = DESIGN_INSTRUCTION.format(request=request.strip(), outline=outline)
    pinned = tuple(
        dict.fromkeys(["ui.interactive_input", *(task.block for task in analysis.tasks)])
    )
    options = DesignEngineOptions(retrieval="bm25", pinned_blocks=pinned, fallback=False)
    return generate_plan(instruction, registry=registry, options=options, llm=llm, answers=answers)


@dataclass
class PreparedRequest:
    """A request made ready to run: its analysis, the designed plan (None when not served),
    the plan saved under `<runs>/ask/` and compiled (None when it did not validate)."""

    request: str
    analysis: RequestAnalysis
    generated: GeneratedPlan | None = None
    path: Path | None = None
    compiled: CompiledPlan | None = None

    @property
    def tasks(self) -> list[dict[str, Any]]:
        return [task.model_dump() for task in self.analysis.tasks]


def prepare_request(
    request: str, llm: LLMClient, registry: BlockRegistry | None = None
) -> PreparedRequest:
    """Analyse, design, save and compile: what `keiri ask` and the 依頼 page run."""
    from compiler.compile import compile_file
    from designer.checks import save_plan

    registry = registry or BlockRegistry()
    analysis = analyze_request(request, llm, registry)
    prepared = PreparedRequest(request, analysis)
    if not analysis.servable:
        return prepared
    prepared.generated = generated = design_for_request(request, analysis, llm, registry)
    if not generated.ok or generated.plan is None:
        return prepared
    stamp = datetime.now().strftime("%Y%m%d%H%M%S")
    target = settings.runs_dir() / "ask" / f"{generated.plan.id}_{stamp}.yaml"
    prepared.path = save_plan(generated.yaml, generated.plan.id, target)
    prepared.compiled, _warnings = compile_file(prepared.path, registry)
    return prepared


def refusal(prepared: PreparedRequest) -> ComposedAnswer | None:
    """The answer when the request is not run: not servable, or its plan did not validate."""
    if not prepared.analysis.servable:
        return ComposedAnswer(
            t("ask.refused", reason=prepared.analysis.reason),
            "template",
        )
    if prepared.compiled is None:
        return ComposedAnswer(t("ask.not_validated"), "template")
    return None


def _template(request: str, outputs: Mapping[str, Any], state: str) -> str:
    lines = [
        t("ask.template.completed", request=request.strip())
        if state == "completed"
        else t("ask.template.ended", request=request.strip(), state=state)
    ]
    for node_id, values in outputs.items():
        if not isinstance(values, Mapping):
            continue
        shown = []
        for key, value in values.items():
            if isinstance(value, (str, int, float, bool)) and len(str(value)) <= 80:
                shown.append(f"{key}: {value}")
            elif isinstance(value, list):
                shown.append(t("ask.template.items", name=key, count=len(value)))
        if shown:
            lines.append(f"- {node_id} … " + t("ask.list_sep").join(shown[:6]))
    lines.append(t("ask.template.note"))
    return "\n".join(lines)


def compose_answer(
    request: str, outputs: Mapping[str, Any], state: str, llm: LLMClient | None
) -> ComposedAnswer:
    """The answer to the request from the run's outputs (see the module docstring)."""
    if llm is None:
        return ComposedAnswer(_template(request, outputs, state), "template")
    data = json.dumps(outputs, ensure_ascii=False, default=str)[:_MAX_OUTPUT_CHARS]
    user = t("ask.prompt.results", request=request.strip(), state=state, data=data)
    text = llm.parse(t("ask.prompt.answer"), user, _Answer).value.answer.strip()
    unsupported = sorted(numbers_in(text) - numbers_in(outputs) - numbers_in(request))
    if unsupported or not text:
        return ComposedAnswer(_template(request, outputs, state), "template", unsupported)
    return ComposedAnswer(text, "llm")
