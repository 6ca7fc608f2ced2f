"""The summary of a run for people (seed 003's ResponseFormatter): what was done, what needs
attention and what to do next, in Japanese, written when the run ends.

- `RunFacts` are what the run came to: its state, how many nodes and loop items ran, failed or
  were skipped, the findings and 要確認 items in its outputs, the forms answered, the error with
  its hint. `facts_of` reads them from the run's result and its progress (`flows.backend.progress`).
- `template_summary` writes the summary from the plan's declared figures (`ui.summary`) and
  the facts — deterministic, no model.
- `llm_summary` asks the model when the plan opts in (`summary: llm`) and a model is
  configured. Every number the model quotes must be present in the outputs, the figures or the
  facts (`blocks.text.quoted_numbers.numbers_in`); otherwise the model's text is rejected and
  the template is used, and the summary says so (as it does when the model cannot be reached).
- `publish` (called by `run_plan` when the run ends) writes the summary as a Prefect markdown
  artifact of the run and posts it to the notification webhook; `read_published` reads it back
  through the Prefect API (the runs page shows it).

Everything but `publish`/`read_published` is pure and runs without Prefect; the model's client
(and `openai`) is imported only for a plan that asks for the model's summary.

Over 400 lines: the summary's sections, their wording and the optional model-written summary
make one text.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from blocks.forms.display import format_value, lookup
from blocks.sdk.errors import BlockError
from blocks.text.japanese import REVIEW_MARK
from blocks.text.quoted_numbers import numbers_in
from compiler.node_titles import node_title
from flows.backend import attention_points, rejection
from flows.backend.progress import NodeProgress, RunProgress, read_progress
from keiri.base import masking
from keiri.base.catalog import t
from keiri.base.errors import KeiriError

if TYPE_CHECKING:
    from blocks.llm.client import LLMClient
    from compiler.runstate import RunResult
    from compiler.scope import CompiledPlan

__all__ = [
    "ARTIFACT_PREFIX",
    "PeopleSummary",
    "RunFacts",
    "artifact_key",
    "facts_of",
    "figures_of",
    "llm_summary",
    "publish",
    "read_published",
    "summarize",
    "template_summary",
]

_log = logging.getLogger("keiri.summary")

ARTIFACT_PREFIX = "people-summary"
_MAX_OUTPUT_CHARS = 12_000


@dataclass(frozen=True)
class RunFacts:
    """What a run came to, as the summary states it (all counts from the run itself)."""

    plan_id: str
    run_id: str
    state: Literal["completed", "failed", "cancelled", "rejected"]
    nodes: int = 0
    completed: int = 0
    failed: int = 0
    skipped: int = 0
    loops: list[tuple[str, int, int, int]] = field(default_factory=list)  # id, total, done, failed
    findings: int = 0
    to_check: int = 0
    answered: int = 0  # forms and choices a person answered during the run
    error_node: str | None = None
    error_code: str | None = None
    error_message: str | None = None
    error_hint: str | None = None
    #: The human-input nodes whose re-entry can fix the failure, nearest first
    #: (`flows.backend.reenter.offer`); empty when the failure is not linked to an input.
    reenter: list[str] = field(default_factory=list)
    #: The plan as people call it (its description, else its id).
    plan_title: str = ""
    #: {node id: the step's name for people} (`compiler.node_titles`).
    titles: dict[str, str] = field(default_factory=dict)
    #: 差し戻し: who sent the run back, why, at which step (`flows.backend.rejection`).
    rejected_by: str | None = None
    rejected_reason: str | None = None
    rejected_step: str | None = None
    #: The steps not done (skipped) in a rejected run, by name.
    not_done: list[str] = field(default_factory=list)
    #: The points needing attention in the outputs (`flows.backend.attention_points`).
    points: list[attention_points.Point] = field(default_factory=list)

    def title_of(self, node_id: str | None) -> str:
        return self.titles.get(node_id or "", node_id or "—")

    def as_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["loops"] = [
            {"node": self.title_of(node), "total": total, "done": done, "failed": failed}
            for node, total, done, failed in self.loops
        ]
        data["points"] = [point.as_data() for point in self.points]
        data["attention_points"] = [point.text() for point in self.points]
        del data["titles"]
        return data


#: Who wrote a summary -> the line that says so.
_SOURCES = {"template": "summary.source.template", "llm": "summary.source.llm"}
#: How a run ended -> its headline.
_HEADLINES = {
    "completed": "summary.headline.completed",
    "failed": "summary.headline.failed",
    "cancelled": "summary.headline.cancelled",
    "rejected": "summary.headline.rejected",
}


class PeopleSummary(BaseModel):
    """The summary: a headline and three lists, who wrote it and, when the template replaced
    the model's text, why."""

    model_config = ConfigDict(extra="forbid")

    headline: str
    done: list[str] = Field(default_factory=list)
    attention: list[str] = Field(default_factory=list)
    next: list[str] = Field(default_factory=list)
    source: Literal["template", "llm"] = "template"
    note: str = ""
    rejected_numbers: list[str] = Field(default_factory=list)

    def markdown(self) -> str:
        lines = [f"**{self.headline}**", ""]
        for title, items in (
            ("summary.section.done", self.done),
            ("summary.section.attention", self.attention or [t("summary.attention.none")]),
            ("summary.section.next", self.next),
        ):
            if items:
                lines += [f"#### {t(title)}", *[f"- {item}" for item in items], ""]
        if self.note:
            lines += [f"> {self.note}", ""]
        lines.append(f"_{t(_SOURCES[self.source])}_")
        return "\n".join(lines)


class _Written(BaseModel):
    """What the model writes (structured output)."""

    model_config = ConfigDict(extra="forbid")
    headline: str = Field(description="一文の結論")
    done: list[str] = Field(description="実施したこと")
    attention: list[str] = Field(description="注意が必要な点（なければ空）")
    next: list[str] = Field(description="次にすべきこと")


# --- the facts -------------------------------------------------------------------------------


def _count(value: Any, found: list[int]) -> None:
    """found[0] += items under `findings` keys, found[1] += values equal to 要確認."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key == "findings" and isinstance(item, list):
                found[0] += len(item)
            _count(item, found)
    elif isinstance(value, list):
        for item in value:
            _count(item, found)
    elif value == REVIEW_MARK:
        found[1] += 1


def _answered(log: Path | None) -> int:
    if log is None:
        return 0
    try:
        lines = log.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 0
    count = 0
    for line in lines:
        if '"node_resumed"' in line:  # a form or a choice form a person answered
            count += 1
    return count


def facts_of(
    result: RunResult,
    progress: RunProgress,
    log: Path | None = None,
    compiled: CompiledPlan | None = None,
) -> RunFacts:
    """The facts of an ended run: its result, its progress from the log, its outputs; with
    the compiled plan, the inputs a failure can be fixed by re-entering."""
    error = result.error
    state: Any = result.state
    rejected = rejection.of_run(result.outputs, error)
    if rejected is not None:
        state = "rejected"
    elif state not in ("completed", "failed", "cancelled"):
        state = "failed" if error is not None else "completed"
    counts = progress.counts
    found = [0, 0]
    _count(result.outputs, found)
    loops = [
        (node.node_id, node.loop.total or 0, node.loop.done, node.loop.failed)
        for node in progress.nodes
        if node.loop is not None and node.loop.total
    ]
    titles = (
        {node.id: node_title(node) for node in compiled.plan.graph} if compiled is not None else {}
    )
    not_done = (
        [titles.get(n.node_id, n.node_id) for n in progress.nodes if n.status == "skipped"]
        if rejected is not None
        else []
    )
    return RunFacts(
        plan_id=result.plan_id,
        run_id=result.run_id,
        state=state,
        nodes=len(progress.nodes),
        completed=counts.get("completed", 0),
        failed=counts.get("failed", 0),
        skipped=counts.get("skipped", 0),
        loops=loops,
        findings=found[0],
        to_check=found[1],
        answered=_answered(log),
        error_node=error.node_id if error is not None else None,
        error_code=str(error.code) if error is not None else None,
        error_message=error.message if error is not None else None,
        error_hint=error.hint if error is not None else None,
        reenter=_reenter(result, compiled),
        plan_title=(compiled.plan.description if compiled is not None else "") or result.plan_id,
        titles=titles,
        rejected_by=rejected.by if rejected is not None else None,
        rejected_reason=rejected.reason if rejected is not None else None,
        rejected_step=titles.get(rejected.node_id, rejected.node_id) if rejected else None,
        not_done=not_done,
        points=attention_points.points_of(masking.mask(result.outputs)),
    )


def _reenter(result: RunResult, compiled: CompiledPlan | None) -> list[str]:
    """What `flows.backend.reenter.offer` (the one definition of a failure linked to an input) offers
    to re-enter for this run's error, nearest first."""
    if compiled is None or result.error is None:
        return []
    from flows.backend import reenter

    found = reenter.offer(result.run_id, result.error, compiled)
    return list(found.inputs) if found is not None else []


def figures_of(compiled: CompiledPlan, outputs: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The plan's declared summary figures (`ui.summary`) as (label, formatted value)."""
    figures = []
    for item in compiled.plan.ui.summary:
        value = lookup(outputs, item.value)
        if value is not None:
            figures.append((item.label, format_value(value, item.format)))
    return figures


# --- the template ----------------------------------------------------------------------------


def template_summary(
    facts: RunFacts,
    figures: list[tuple[str, str]],
    note: str = "",
    rejected: list[str] | None = None,
) -> PeopleSummary:
    """The summary from the facts and figures alone (deterministic)."""
    if facts.state == "rejected":  # a step left out is said in words, not as 「スキップ」
        done = [t("summary.done.steps", completed=facts.completed, nodes=facts.nodes)]
        if facts.not_done:
            done.append(
                t("summary.done.not_done", steps=t("display.list_sep").join(facts.not_done))
            )
    else:
        done = [
            t(
                "summary.done.nodes",
                completed=facts.completed,
                nodes=facts.nodes,
                skipped=facts.skipped,
            )
        ]
    done += [
        t("summary.done.loop", node=facts.title_of(node), done=finished, total=total)
        for node, total, finished, _failed in facts.loops
    ]
    done += [t("summary.done.figure", label=label, value=value) for label, value in figures]
    if facts.answered:
        done.append(t("summary.done.answered", count=facts.answered))
    attention: list[str] = []
    next_: list[str] = []
    if facts.state == "failed":
        attention.append(
            t(
                "summary.attention.error",
                node=facts.title_of(facts.error_node),
                code=facts.error_code,
                message=facts.error_message,
            )
        )
        if facts.error_hint:
            next_.append(t("summary.next.hint", hint=facts.error_hint))
        if facts.reenter:
            node = facts.reenter[0]
            next_.append(
                t(
                    "summary.next.reenter",
                    node=node,
                    title=facts.title_of(node),
                    run_id=facts.run_id,
                )
            )
        else:
            next_.append(t("summary.next.retry", run_id=facts.run_id))
    elif facts.state == "rejected":
        attention.append(
            t(
                "summary.attention.rejected",
                step=facts.rejected_step or "—",
                by=facts.rejected_by or t("summary.rejected.someone"),
                reason=facts.rejected_reason or t("summary.rejected.no_reason"),
            )
        )
        next_.append(t("summary.next.reask"))
    elif facts.state == "cancelled":
        attention.append(t("summary.attention.cancelled"))
        next_.append(t("summary.next.cancelled"))
    attention += [
        t("summary.attention.loop_failed", node=facts.title_of(node), failed=failed)
        for node, _total, _done, failed in facts.loops
        if failed
    ]
    attention += [point.text() for point in facts.points]
    if facts.findings:
        attention.append(t("summary.attention.findings", count=facts.findings))
    if facts.to_check:
        attention.append(t("summary.attention.to_check", count=facts.to_check))
    if facts.findings or facts.to_check:
        next_.append(t("summary.next.review"))
    if facts.points:
        next_.append(t("summary.next.points"))
    if facts.state == "completed" and not next_:
        next_.append(t("summary.next.done"))
    return PeopleSummary(
        headline=t(
            _HEADLINES[facts.state],
            plan=facts.plan_title or facts.plan_id,
            by=facts.rejected_by or t("summary.rejected.someone"),
            reason=facts.rejected_reason or t("summary.rejected.no_reason"),
        ),
        done=done,
        attention=attention,
        next=next_,
        source="template",
        note=note,
        rejected_numbers=rejected or [],
    )


# --- the model -------------------------------------------------------------------------------


def llm_summary(
    compiled: CompiledPlan,
    facts: RunFacts,
    figures: list[tuple[str, str]],
    outputs: Mapping[str, Any],
    llm: LLMClient,
) -> PeopleSummary:
    """The model's summary when every number it quotes is in the data it was given; else the
    template, saying why."""
    plan = compiled.plan
    data = json.dumps(outputs, ensure_ascii=False, default=str)[:_MAX_OUTPUT_CHARS]
    facts_data = facts.as_data()
    user = t(
        "summary.prompt.user",
        plan=plan.id,
        description=plan.description,
        figures="\n".join(f"- {label}: {value}" for label, value in figures),
        facts=json.dumps(facts_data, ensure_ascii=False),
        outputs=data,
    )
    try:
        written = llm.parse(t("summary.prompt.system"), user, _Written).value
    except BlockError as exc:
        _log.warning("the model could not write the run summary: %s", exc)
        note = t("summary.note.llm_failed", code=str(exc.code), message=exc.message)
        return template_summary(facts, figures, note=note)
    text = "\n".join([written.headline, *written.done, *written.attention, *written.next])
    allowed = (
        numbers_in(outputs)
        | numbers_in(facts_data)
        | numbers_in(figures)
        | numbers_in(f"{plan.id} {plan.description}")
    )
    unsupported = sorted(numbers_in(text) - allowed)
    if unsupported or not written.headline.strip():
        note = t("summary.note.rejected", numbers=t("display.list_sep").join(unsupported) or "—")
        return template_summary(facts, figures, note=note, rejected=unsupported)
    # What the facts say must be said: 差し戻し in the headline, and every point needing
    # attention (the model's list when it wrote one, else the template's).
    template = template_summary(facts, figures)
    attention = [s.strip() for s in written.attention if s.strip()]
    if not attention or (facts.points and len(attention) < len(facts.points)):
        attention = template.attention
    return PeopleSummary(
        headline=template.headline if facts.state == "rejected" else written.headline.strip(),
        done=[s.strip() for s in written.done if s.strip()],
        attention=attention,
        next=[s.strip() for s in written.next if s.strip()],
        source="llm",
    )


def _configured() -> bool:
    from blocks.llm.client import LLMSettings  # the model's client only when a plan asks for it

    try:
        return LLMSettings.from_env().api_key is not None
    except (KeiriError, ValueError):
        return False


def summarize(
    compiled: CompiledPlan,
    result: RunResult,
    log: Path | None,
    llm: LLMClient | None = None,
) -> PeopleSummary:
    """The summary of an ended run: by the model when the plan says `summary: llm` and a model
    is configured (`llm`, else one from the settings), otherwise the template."""
    progress = (
        read_progress(log, compiled)
        if log is not None
        else RunProgress([NodeProgress(node.id) for node in compiled.plan.graph])
    )
    facts = facts_of(result, progress, log, compiled)
    outputs = masking.mask(result.outputs)
    figures = figures_of(compiled, outputs)
    if compiled.plan.summary != "llm":
        return template_summary(facts, figures)
    if llm is not None:
        return llm_summary(compiled, facts, figures, outputs, llm)
    if not _configured():
        return template_summary(facts, figures, note=t("summary.note.no_llm"))
    from blocks.llm.client import LLMClient

    try:
        with LLMClient.from_env() as client:
            return llm_summary(compiled, facts, figures, outputs, client)
    except KeiriError as exc:  # the client could not be built from the settings
        _log.warning("the model could not write the run summary: %s", exc)
        return template_summary(
            facts, figures, note=t("summary.note.llm_failed", code=str(exc.code), message=str(exc))
        )


# --- on the run ------------------------------------------------------------------------------


def artifact_key(plan_id: str) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", f"{ARTIFACT_PREFIX}-{plan_id}".lower()).strip("-")[:100]


def publish(compiled: CompiledPlan, result: RunResult, log: Path | None) -> PeopleSummary:
    """Write the summary of the run that just ended (in its flow run): a markdown artifact,
    and the notification webhook when one is configured."""
    from prefect.artifacts import create_markdown_artifact

    from flows.backend.notify import post_run_summary

    summary = summarize(compiled, result, log)
    text = masking.mask_text(summary.markdown())
    create_markdown_artifact(
        key=artifact_key(result.plan_id),
        markdown=text,
        description=t("summary.artifact", source=summary.source),
    )
    post_run_summary(result.run_id, result.plan_id, summary.headline, text)
    return summary


def read_published(run_id: str) -> str | None:
    """The summary's markdown published on the run (None: the run has not ended, or it
    ended before summaries existed)."""
    from uuid import UUID

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        ArtifactFilterType,
    )
    from prefect.client.schemas.sorting import ArtifactSort

    with get_client(sync_client=True) as client:
        found = client.read_artifacts(
            artifact_filter=ArtifactFilter(
                flow_run_id=ArtifactFilterFlowRunId(any_=[UUID(run_id)]),
                type=ArtifactFilterType(any_=["markdown"]),
            ),
            sort=ArtifactSort.CREATED_DESC,
        )
    for artifact in found:
        if (artifact.key or "").startswith(ARTIFACT_PREFIX) and isinstance(artifact.data, str):
            return artifact.data
    return None
