"""`generate_plan()`: instruction + documents (+ templates) → a validated, dry-run plan.

Steps (seed 001 §1–§6): normalise the documents → retrieve the Top-K blocks → load the
templates (`hint`: shown as few-shot/constraints; `compose`: composed into fixed nodes;
`llm-only`: none) → stage 1, the skeleton (its questions are asked through `ask` when given)
→ stage 2, the wiring; settings the model leaves null become typed placeholder vars (never
defaults, see `designer.placeholders`) → check (every compiler pass, the designer rules, the
dry-run) → up to `max_attempts - 1` repair rounds with the errors, the spec excerpts and the
node diff (the first round's against stage 1 or the composed templates). With `ask`, open
items are asked once at the end (each item once; a model question about a var is that var).
Retrieval `auto` is hybrid when the provider can embed (see `designer.retrieval_mode`). No
fallback: a plan that still fails comes back with `ok=False`, its errors and the requirements
to ask; an LLM failure raises its `BlockError`. Only with `KEIRI_AGENT_LLM_FALLBACK=1|true|yes`
(or `options.fallback=True`) is a safe placeholder plan returned instead (`fallback=True`).

Over 400 lines: the generation loop (retrieve, wire, check, repair) is one sequence over shared
state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from blocks.llm.client import LLMClient
from blocks.sdk.errors import BlockError, ErrorCode, Issue
from blocks.sdk.registry import BlockRegistry
from designer.answer import (
    DesignAnswer,
    QuestionAnswer,
    SkeletonAnswer,
    design_model,
    skeleton_model,
)
from designer.apply import apply_answers
from designer.catalog import fallback_plan_data, select_templates, subflow_catalog
from designer.checks import PlanCheck
from designer.compose import ComposeResult, compose_templates
from designer.convert import answer_to_plan, merge_base
from designer.documents import NO_DOCUMENTS, DocumentSet, normalize_documents
from designer.placeholders import open_vars
from designer.prompt_words import BASELINE_COMPOSED, BASELINE_SKELETON
from designer.prompts import (
    PromptContext,
    repair_prompt,
    skeleton_prompt,
    system_prompt,
    wiring_prompt,
)
from designer.repair import (
    blocks_involved,
    skeleton_outline,
    summarize_issues,
    template_contracts,
)
from designer.requirements import build_requirements, question_requirements
from designer.result import (
    ApplyMode,
    AskFn,
    DesignEngineOptions,
    GeneratedPlan,
    fallback_enabled,
)
from designer.retrieval import Candidate
from designer.retrieval_mode import choose_retrieval, retrieve_with
from designer.session import Baseline, GenerationSession
from designer.templates import LoadedTemplate, TemplateSpec
from keiri.base.catalog import t

__all__ = ["generate_plan"]

M = TypeVar("M", bound=BaseModel)


class _Generation(GenerationSession):
    """One generation: the stages, the repair loop and the conclusion."""

    def __init__(
        self,
        instruction: str,
        documents: DocumentSet,
        registry: BlockRegistry,
        options: DesignEngineOptions,
        selected: Sequence[str],
        mode: ApplyMode,
        llm: LLMClient | None,
        ask: AskFn | None,
        answers: Mapping[str, Any],
        templates: Mapping[str, LoadedTemplate] | None,
    ) -> None:
        super().__init__(registry, options, llm, documents)
        self.documents = documents
        self.instruction = instruction
        self.selected = list(selected)
        self.mode = mode
        self.ask = ask
        self.answers: dict[str, Any] = dict(answers)
        self.catalog = templates
        self.open_questions: list[QuestionAnswer] = []
        self.declared_types: dict[str, str] = {}
        self.merged: set[str] = set()  # question ids asked as a placeholder var instead
        self.asked: set[str] = set()  # requirement ids already put to the user

    # -- stages ---------------------------------------------------------------------------

    def _skeleton(
        self, ctx: PromptContext, system: str, blocks: list[str]
    ) -> SkeletonAnswer | None:
        if not self.opts.two_stage:
            return None
        skeleton = self._call("skeleton", 0, system, skeleton_prompt(ctx), skeleton_model(blocks))
        self.result.skeleton = skeleton.model_dump(by_alias=True)
        self.result.var_notes.update(
            {v.name: v.description for v in skeleton.vars if v.description}
        )
        self.declared_types.update({v.name: v.type for v in skeleton.vars if v.type})
        if self.result.compose is None:
            self.baseline = Baseline(BASELINE_SKELETON, skeleton_outline(skeleton), outline=True)
        questions = question_requirements(skeleton.questions)
        if questions and self.ask is not None:
            self.asked.update(q.id for q in questions)
            got = dict(self.ask(questions, t("design.ask.skeleton")))
            self.emit(
                "questions_asked",
                stage="skeleton",
                ids=[q.id for q in questions],
                answered=sorted(got),
            )
            self.answers.update({k: v for k, v in got.items() if v not in (None, "")})
            ctx.answers = self.answers
        self.open_questions = [
            q for q in skeleton.questions if q.id not in self.answers and self.ask is None
        ]
        return skeleton

    def _to_data(
        self, answer: DesignAnswer, templates: list[TemplateSpec], compose: ComposeResult | None
    ) -> tuple[dict[str, Any], list[Issue]]:
        if compose is None:
            data, issues = answer_to_plan(answer)
        else:
            bindings = {b.import_: b.source for b in answer.bindings}
            if bindings:
                compose = compose_templates(
                    templates, plan_id=compose.plan["id"], bindings=bindings
                )
                self.result.compose = compose
            data, issues = answer_to_plan(answer, offset=len(compose.plan["graph"]))
            data = merge_base(compose.plan, data)
        if self.opts.plan_id:
            data["id"] = self.opts.plan_id
        self.result.var_notes.update({v.name: v.description for v in answer.vars if v.description})
        self._open_vars(data, answer)
        return data, issues

    def _wire(
        self,
        ctx: PromptContext,
        system: str,
        skeleton: SkeletonAnswer | None,
        model: type[DesignAnswer],
        templates: list[TemplateSpec],
        compose: ComposeResult | None,
    ) -> tuple[PlanCheck, DesignAnswer]:
        skeleton_json = skeleton.model_dump(by_alias=True) if skeleton else None
        for number in range(1, self.opts.max_attempts + 1):
            if number == 1:
                stage, user = "wiring", wiring_prompt(ctx, skeleton_json)
            else:
                stage = "repair"
                last = self.result.attempts[-1]
                self.metrics.repair_rounds += 1
                self.emit("repair_requested", attempt=number, errors=len(last.errors))
                user = repair_prompt(
                    ctx,
                    last.yaml,
                    summarize_issues(last.errors),
                    blocks_involved(last.errors, self.result.data, self.registry),
                    last.diff.render() if last.diff else "",
                    template_contracts(last.errors, templates, compose),
                    diff_base=last.diff_base,
                )
            answer = self._call(stage, number, system, user, model)
            self.metrics.attempts = number
            data, issues = self._to_data(answer, templates, compose)
            check = self._check(data, issues)
            self._record(number, stage, data, check)
            if not check.errors:
                break
        return check, answer

    # -- the run --------------------------------------------------------------------------

    def run(self) -> GeneratedPlan:
        self.emit(
            "generation_started",
            mode=self.mode,
            templates=self.selected,
            instruction_chars=len(self.instruction),
        )
        templates = select_templates(self.selected, self.mode, self.catalog)
        docs_text = normalize_documents(self.documents, self.opts.max_docs_chars)
        self.emit(
            "documents_normalized",
            documents=len(self.documents.documents),
            failures=[f.name for f in self.documents.failures],
            chars=len(docs_text),
            empty=docs_text.startswith(NO_DOCUMENTS),
        )
        compose = None
        if self.mode == "compose" and templates:
            compose = compose_templates(templates, plan_id=self.opts.plan_id or "composed_plan")
            self.result.compose = compose
            self.baseline = Baseline(BASELINE_COMPOSED, compose.plan)
            self.emit(
                "templates_applied",
                mode="compose",
                conflicts=[c.to_json() for c in compose.conflicts],
                unbound=compose.unbound,
            )
        elif templates:
            self.emit("templates_applied", mode=self.mode, templates=[t.id for t in templates])
        try:
            return self._generate(templates, compose, docs_text)
        except BlockError as exc:
            if not fallback_enabled(self.opts.fallback):
                self._finish(error=exc)
                raise
            return self._fallback(f"LLM failure: {exc.code}: {exc.message}")

    def _generate(
        self, templates: list[TemplateSpec], compose: ComposeResult | None, docs_text: str
    ) -> GeneratedPlan:
        query = (
            self.instruction
            if docs_text.startswith(NO_DOCUMENTS)
            else f"{self.instruction}\n{docs_text[:1500]}"
        )
        candidates = self._retrieve(query, [b for t in templates for b in t.blocks()])
        specs = [self.registry.get(c.block_id) for c in candidates]
        subflows = subflow_catalog()
        ctx = PromptContext(
            self.instruction,
            docs_text,
            specs,
            templates,
            self.mode,
            compose,
            self.answers,
            subflows,
        )
        system = system_prompt(
            foreach_var=self.opts.foreach_var_name,
            allow_when=self.opts.suggest_when,
            allow_loops=self.opts.suggest_foreach,
        )
        skeleton = self._skeleton(ctx, system, [s.id for s in specs])
        model = design_model(
            specs,
            allow_loops=self.opts.suggest_foreach,
            subflows=list(subflows),
            imports=list(compose.unbound) if compose else (),
        )
        check, answer = self._wire(ctx, system, skeleton, model, templates, compose)
        self.result.reasoning = answer.reasoning or "structured"
        self._conclude(check, answer)
        self._after_conclude()
        return self.result

    def _retrieve(self, query: str, template_blocks: list[str]) -> list[Candidate]:
        """Top-K candidates with the chosen retrieval (see `designer.retrieval_mode`)."""
        requested = choose_retrieval(
            self.opts.retrieval, self.llm.settings if self.llm is not None else None
        )
        candidates, mode = retrieve_with(
            requested,
            query,
            self.registry,
            client=self._client,
            k_per_category=self.opts.topk_per_category,
            total=self.opts.topk_total,
            alpha=self.opts.hybrid_alpha,
            pinned=[*self.opts.pinned_blocks, *template_blocks],
        )
        if mode.fallback_from is not None:
            self.emit("retrieval_fallback", reason=mode.reason)
        self.result.retrieval = mode
        self.result.candidates = candidates
        self.metrics.retrieval, self.metrics.candidates = mode.method, len(candidates)
        self.emit(
            "candidates_retrieved",
            method=mode.method,
            requested=mode.requested,
            reason=mode.reason,
            candidates=[c.to_json() for c in candidates],
        )
        return candidates

    def _open_vars(self, data: dict[str, Any], answer: DesignAnswer) -> None:
        """Vars the model left null: filled from answers already given (design chat,
        --answer), typed; otherwise placeholders (never a silent default)."""
        declared = {**self.declared_types, **{v.name: v.type for v in answer.vars if v.type}}
        opened = open_vars(
            data,
            self.registry,
            notes=self.result.var_notes,
            declared_types=declared,
            questions=[*answer.questions, *self.open_questions],
            answers=self.answers,
        )
        self.merged |= opened.merged
        if opened.filled:
            self.emit("answers_applied", vars=sorted(opened.filled))
        if opened.placeholders:
            self.emit(
                "placeholders_marked",
                vars=sorted(opened.placeholders),
                unusable_answers=sorted(opened.problems),
            )

    def _conclude(self, check: PlanCheck, answer: DesignAnswer) -> None:
        res = self.result
        self._adopt(check)
        questions = [
            q for q in [*answer.questions, *self.open_questions] if q.id not in self.merged
        ]
        res.requirements = build_requirements(
            check.plan if check.plan is not None else check.errors,
            registry=self.registry,
            issues=check.errors if check.plan is not None else (),
            var_notes=res.var_notes,
            questions=questions,
        )
        # Ask once: what the stage-1 questions did not already ask; with a valid plan, only
        # its placeholders (the model's other questions serve a regeneration).
        pending = [r for r in res.requirements if r.id not in self.asked]
        if res.ok:
            pending = [r for r in pending if r.placeholder() is not None]
        if not pending or self.ask is None:
            return
        self.asked.update(r.id for r in pending)
        got = dict(self.ask(pending, t("design.ask.final")))
        self.emit(
            "questions_asked", stage="final", ids=[r.id for r in pending], answered=sorted(got)
        )
        applied = apply_answers(res.data, res.requirements, got)
        if applied.problems:
            self.emit("answers_rejected", problems=[p.model_dump() for p in applied.problems])
            return
        check = self._check(applied.plan, [])
        self._record(len(res.attempts) + 1, "answers", applied.plan, check)
        self._adopt(check)
        res.requirements = build_requirements(
            check.plan if check.plan is not None else check.errors,
            registry=self.registry,
            issues=check.errors if check.plan is not None else (),
            var_notes=res.var_notes,
        )

    def _adopt(self, check: PlanCheck) -> None:
        res = self.result
        res.plan, res.yaml, res.errors, res.warnings, res.ok = (
            check.plan,
            check.yaml,
            check.errors,
            check.warnings,
            not check.errors,
        )

    def _after_conclude(self) -> None:
        res = self.result
        if not res.ok and fallback_enabled(self.opts.fallback):
            self._fallback(f"the plan did not validate after {self.metrics.attempts} attempt(s)")
            return
        self._save()
        self._finish()

    def _fallback(self, reason: str) -> GeneratedPlan:
        res = self.result
        plan_id = self.opts.plan_id or "fallback_plan"
        data = fallback_plan_data(plan_id, self.instruction, reason)
        check = self._check(data, [])
        res.plan, res.yaml, res.ok = check.plan, check.yaml, not check.errors
        res.fallback, res.reasoning = True, "fallback"
        res.warnings = check.warnings
        self.emit("fallback_used", reason=reason)
        self._save()
        self._finish()
        return res


def generate_plan(
    instruction: str,
    documents_text: Sequence[str] | DocumentSet | None = None,
    registry: BlockRegistry | None = None,
    options: DesignEngineOptions | None = None,
    selected_templates: Sequence[str] | None = None,
    apply_mode: ApplyMode = "hint",
    *,
    llm: LLMClient | None = None,
    ask: AskFn | None = None,
    answers: Mapping[str, Any] | None = None,
    templates: Mapping[str, LoadedTemplate] | None = None,
) -> GeneratedPlan:
    """Design a plan (see the module docstring).

    `documents_text`: extracted texts, or a `DocumentSet` from `extract_documents` (names and
    failures kept). `llm`: the client (default `LLMClient.from_env()`). `ask`: called with
    requirements when the model has questions or the plan still lacks values (terminal or
    chat). `answers`: values the user already gave (design chat), shown to the model and used
    for vars the model leaves null. `templates`: a preloaded template catalog.
    Raises `BlockError` for an empty instruction, an unknown template, or an LLM failure
    (unless the fallback is enabled).
    """
    if not instruction or not instruction.strip():
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("issue.design.empty_instruction"),
            details={"field": "instruction"},
            hint=t("issue.design.empty_instruction_hint"),
        )
    documents = (
        documents_text
        if isinstance(documents_text, DocumentSet)
        else DocumentSet.from_texts(list(documents_text or []))
    )
    run = _Generation(
        instruction,
        documents,
        registry or BlockRegistry(),
        options or DesignEngineOptions(),
        list(selected_templates or []),
        apply_mode,
        llm,
        ask,
        answers or {},
        templates,
    )
    return run.run()
