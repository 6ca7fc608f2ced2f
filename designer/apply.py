"""Applying the design chat's answers to plan data (seed 001 §7): each answer goes where its
requirement says (`vars.<name>`, `node.<id>.in.<key>`, or back to the model), validated like
a `ui.interactive_input` inquire form; an answer to a placeholder var is converted to the
var's declared type first. Invalid answers are reported, never applied.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from blocks.forms.form import FieldProblem, Requirement, validate_answers
from designer.placeholders import coerce_value
from designer.presets import PORT_PRESETS
from designer.prompt_words import FEEDBACK
from designer.requirements import DesignRequirement
from keiri.base.catalog import t

__all__ = ["AppliedAnswers", "answer_problems", "apply_answers"]


@dataclass
class AppliedAnswers:
    plan: dict[str, Any]
    for_model: dict[str, Any]
    problems: list[FieldProblem]


def answer_problems(req: DesignRequirement, raw: Any) -> list[FieldProblem]:
    """What is wrong with one answer (empty when it can be applied)."""
    return _decode(req, raw)[1]


def _decode(req: DesignRequirement, raw: Any) -> tuple[Any, list[FieldProblem]]:
    """The value an answer puts into the plan, or the problems that keep it out. An answer
    to a placeholder var is first converted to the var's declared type ("880" → 880)."""
    value = raw
    if req.value_format == "json" and isinstance(raw, str):
        try:
            value = json.loads(raw)
        except ValueError as exc:
            return None, [
                FieldProblem(field=req.id, message=t("issue.design.answer_not_json", detail=exc))
            ]
    ph = req.placeholder()
    if ph is not None:
        value, problem = coerce_value(value, ph)
        if problem:
            return value, [FieldProblem(field=req.id, message=problem)]
    if req.value_format == "json":
        return value, []
    plain = Requirement.model_validate(req.as_requirement())
    problems = validate_answers("inquire", [plain], {req.id: value})
    key = req.target.rsplit(".", 1)[-1]
    presets = PORT_PRESETS.get(key, {}) if req.target.startswith("node.") else {}
    return presets.get(str(value), value) if presets else value, problems


def _set_input(nodes: list[Any], node_id: str, key: str, value: Any) -> bool:
    for node in nodes:
        if not isinstance(node, dict):
            continue
        if node.get("id") == node_id:
            node.setdefault("in", {})[key] = value
            return True
        body = node.get("body", {}).get("plan", {}).get("graph", [])
        if _set_input(body, node_id, key, value):
            return True
    return False


def apply_answers(
    plan_data: Mapping[str, Any],
    requirements: Sequence[DesignRequirement],
    answers: Mapping[str, Any],
) -> AppliedAnswers:
    """Put the answers into a copy of the plan data (vars, node inputs); answers meant for the
    model (questions, feedback) come back in `for_model`. Invalid answers are `problems` and
    are not applied."""
    data = json.loads(json.dumps(plan_data))
    for_model: dict[str, Any] = {}
    problems: list[FieldProblem] = []
    for req in requirements:
        if req.id not in answers or answers[req.id] in (None, ""):
            continue
        value, found = _decode(req, answers[req.id])
        if found:
            problems.extend(found)
            continue
        kind, _, rest = req.target.partition(".")
        if kind == "vars":
            data.setdefault("vars", {})[rest] = value
        elif kind == "node":
            node_id, _, key = rest.partition(".in.")
            if not _set_input(data.get("graph", []), node_id, key, value):
                problems.append(
                    FieldProblem(field=req.id, message=t("issue.design.no_node", node=node_id))
                )
        elif kind == "feedback":
            for_model[FEEDBACK] = value
        else:
            for_model[rest or req.id] = value
    return AppliedAnswers(data, for_model, problems)
