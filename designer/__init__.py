"""The plan designer (seed 001): an instruction and reference documents → a validated plan.

Owns document normalisation, Top-K block retrieval, plan templates and their composition,
LLM generation in two stages with self-repair, and the design chat's requirements.
It may import `compiler`, `blocks` and `keiri.base.settings`; it never imports `flows`, `ui_app`
or `keiri.cli` (checked by import-linter).

Public API:

    generate_plan(instruction, documents_text, registry, options, selected_templates,
                  apply_mode, *, llm=None, ask=None, answers=None, templates=None)
        -> GeneratedPlan
    retrieve_blocks(query, registry, *, method, llm, k_per_category, total, alpha, pinned)
    choose_retrieval(choice, settings) -> RetrievalMode   (auto: hybrid when the provider embeds)
    load_templates(root=None) / check_template(loaded, registry) / compose_templates(...)
    build_requirements(plan_or_errors, ...) / apply_answers(plan_data, requirements, answers)
    extract_documents(sources) / normalize_documents(documents, max_chars)
    check_plan_text(text, registry) / save_plan(text, plan_id, out)
"""

from designer.apply import AppliedAnswers, apply_answers
from designer.checks import PlanCheck, check_plan_text, plan_to_yaml, save_plan
from designer.compose import ComposeResult, Conflict, compose_templates
from designer.documents import DocumentSet, extract_documents, normalize_documents
from designer.events import GenerationMetrics, summarize_generations
from designer.generate import generate_plan
from designer.requirements import DesignRequirement, build_requirements
from designer.result import (
    ApplyMode,
    AskFn,
    Attempt,
    DesignEngineOptions,
    GeneratedPlan,
    fallback_enabled,
)
from designer.retrieval import Candidate, rank_blocks, retrieve_blocks
from designer.retrieval_mode import RetrievalMode, choose_retrieval
from designer.templates import LoadedTemplate, TemplateSpec, check_template, load_templates

__all__ = [
    "AppliedAnswers",
    "ApplyMode",
    "AskFn",
    "Attempt",
    "Candidate",
    "ComposeResult",
    "Conflict",
    "DesignEngineOptions",
    "DesignRequirement",
    "DocumentSet",
    "GeneratedPlan",
    "GenerationMetrics",
    "LoadedTemplate",
    "PlanCheck",
    "RetrievalMode",
    "TemplateSpec",
    "apply_answers",
    "build_requirements",
    "check_plan_text",
    "check_template",
    "choose_retrieval",
    "compose_templates",
    "extract_documents",
    "fallback_enabled",
    "generate_plan",
    "load_templates",
    "normalize_documents",
    "plan_to_yaml",
    "rank_blocks",
    "retrieve_blocks",
    "save_plan",
    "summarize_generations",
]
