"""What a generation may use besides blocks: selected templates, callable subflows; and the
safe placeholder plan of the `KEIRI_AGENT_LLM_FALLBACK` mode."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import yaml
from pydantic import ValidationError

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.registry import did_you_mean
from compiler.models import Plan
from designer.prompt_words import NONE
from designer.templates import LoadedTemplate, TemplateSpec, load_templates
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["chosen_blocks", "fallback_plan_data", "select_templates", "subflow_catalog"]


def select_templates(
    selected: Sequence[str], mode: str, catalog: Mapping[str, LoadedTemplate] | None
) -> list[TemplateSpec]:
    """The specs of the selected template ids (unknown id or `llm-only` → `BlockError`)."""
    if not selected:
        return []
    if mode == "llm-only":
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("issue.design.llm_only_templates"),
            details={"field": "selected_templates", "templates": list(selected)},
            hint=t("issue.design.llm_only_templates_hint"),
        )
    known = catalog if catalog is not None else load_templates()
    specs = []
    for template_id in selected:
        loaded = known.get(template_id)
        if loaded is None:
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("issue.design.unknown_template", name=repr(template_id)),
                details={"field": "selected_templates", "template": template_id},
                hint=did_you_mean(template_id, sorted(known))
                or t("issue.design.templates", names=", ".join(sorted(known)) or t("issue.none")),
            )
        specs.append(loaded.spec)
    return specs


def subflow_catalog() -> dict[str, str]:
    """Plans a plan may call (`<designs>/common/**/*.yaml` as `common/<name>`), each with a
    one-line contract: description, vars (its inputs) and exports. A file that is not a valid
    plan is left out (`keiri validate` reports it)."""
    root = settings.designs_dir()
    found: dict[str, str] = {}
    for path in sorted((root / "common").rglob("*.yaml")):
        try:
            plan = Plan.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        except (OSError, yaml.YAMLError, ValidationError):
            continue
        plan_id = path.relative_to(root).with_suffix("").as_posix()
        exports = ", ".join(e.as_ for e in plan.exports) or NONE
        found[plan_id] = (
            f"{plan.description or plan.id} / inputs: {', '.join(plan.vars) or NONE} / "
            f"exports: {exports}"
        )
    return found


def fallback_plan_data(plan_id: str, instruction: str, reason: str) -> dict[str, Any]:
    """The safe placeholder: one inquire form asking a person to describe the procedure."""
    return {
        "apiVersion": "v1",
        "id": plan_id,
        "version": "0.1.0",
        "description": t("design.fallback_plan.description", reason=reason),
        "ui": {"layout": ["clarify_procedure"]},
        "graph": [
            {
                "id": "clarify_procedure",
                "block": "ui.interactive_input",
                "in": {
                    "mode": "inquire",
                    "message": t(
                        "design.fallback_plan.message", instruction=instruction.strip()[:300]
                    ),
                    "requirements": [
                        {
                            "id": "procedure",
                            "type": "text",
                            "label": t("design.fallback_plan.procedure"),
                        }
                    ],
                },
            }
        ],
    }


def _node_dicts(nodes: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for node in nodes if isinstance(nodes, list) else []:
        if isinstance(node, dict):
            found.append(node)
            found.extend(_node_dicts(node.get("body", {}).get("plan", {}).get("graph", [])))
    return found


def chosen_blocks(plan_data: Mapping[str, Any]) -> dict[str, int]:
    """Block id → number of nodes using it (loop bodies included)."""
    nodes = _node_dicts(plan_data.get("graph", []))
    return dict(Counter(str(n["block"]) for n in nodes if "block" in n))
