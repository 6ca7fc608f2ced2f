"""Open settings become placeholders, never defaults (seed 001 §5, §11).

The model marks a setting it cannot decide from the instruction and the documents as a var
with value null and a description of what to confirm. `open_vars()` turns each one into a
placeholder the validator knows (`compiler.models.VarPlaceholder`):

    tolerance: {placeholder: true, type: integer, question: 振込手数料の許容額（円）は？}

unless an answer is already known (design chat, `--answer`, a question asked at stage 1 with
the same id), which is written instead, converted to the var's type. The type is the JSON type
of the input port that reads the var whole (authoritative), else the type the model declared,
else the type of a question with the same id, else string. A question with the same id as an
open var is the same item and is asked once, as the var (`OpenVars.merged`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, get_args

from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import PortSpec, port_json_schema
from blocks.sdk.validation import validate_value
from blocks.text.japanese import ABSENT_WORDS, PRESENT_WORDS
from compiler.models import VarPlaceholder, VarType
from compiler.placeholders import MARKER, placeholder_of
from compiler.references import ReferenceSyntaxError, find_references
from designer.answer import QuestionAnswer
from keiri.base.catalog import t

__all__ = [
    "OpenVars",
    "coerce_value",
    "open_vars",
    "placeholder_data",
    "placeholder_fields",
    "port_var_type",
]

VAR_TYPES: tuple[str, ...] = get_args(VarType)
_QUESTION_TYPES = {"number": "number", "boolean": "boolean", "table": "array"}


@dataclass
class OpenVars:
    """What `open_vars` did: vars filled from known answers, placeholders made, and the
    questions merged into a placeholder (ids)."""

    filled: dict[str, Any] = field(default_factory=dict)
    placeholders: dict[str, VarPlaceholder] = field(default_factory=dict)
    merged: set[str] = field(default_factory=set)
    problems: dict[str, str] = field(default_factory=dict)


def _node_dicts(nodes: Any) -> Iterator[dict[str, Any]]:
    for node in nodes if isinstance(nodes, list) else []:
        if isinstance(node, dict):
            yield node
            body = node.get("body")
            if isinstance(body, dict) and isinstance(body.get("plan"), dict):
                yield from _node_dicts(body["plan"].get("graph"))


def _whole_var(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        refs = find_references(value)
    except ReferenceSyntaxError:
        return None
    if len(refs) == 1 and refs[0].text == value and refs[0].root == "vars":
        return str(refs[0].path[0]) if len(refs[0].path) == 1 else None
    return None


def port_var_type(port: PortSpec) -> tuple[str, list[Any]]:
    """(JSON type, allowed values) of an input port, for a var read whole by it."""
    schema = port_json_schema(port)
    for key in ("anyOf", "oneOf"):
        variants = [
            v for v in schema.get(key, []) if isinstance(v, dict) and v.get("type") != "null"
        ]
        if variants:
            schema = variants[0]
    options = list(schema.get("enum", []))
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind in VAR_TYPES:
        return str(kind), options
    if options:
        return "string", options
    return ("object" if "properties" in schema else "string"), []


def _port_uses(data: Mapping[str, Any], registry: BlockRegistry | None) -> dict[str, PortSpec]:
    """var name -> the input port that reads `${vars.name}` whole (first in plan order)."""
    uses: dict[str, PortSpec] = {}
    if registry is None:
        return uses
    for node in _node_dicts(data.get("graph")):
        block, inputs = node.get("block"), node.get("in")
        if not isinstance(block, str) or not isinstance(inputs, dict):
            continue
        entry = registry.resolve(block).entry
        if entry is None:
            continue
        for key, value in inputs.items():
            name = _whole_var(value)
            port = entry.spec.inputs.get(key)
            if name is not None and port is not None:
                uses.setdefault(name, port)
    return uses


def coerce_value(value: Any, ph: VarPlaceholder) -> tuple[Any, str | None]:
    """An answer converted to the placeholder's type, or the reason it does not fit."""
    converted = value
    if isinstance(value, str):
        text = value.strip()
        try:
            if ph.type in ("integer", "number"):
                number = float(text.replace(",", ""))
                converted = int(number) if number.is_integer() else number
            elif ph.type == "boolean" and text.lower() in PRESENT_WORDS | ABSENT_WORDS:
                converted = text.lower() in PRESENT_WORDS
            elif ph.type in ("array", "object"):
                converted = json.loads(text)
        except ValueError:
            return value, t("design.placeholder.unreadable", type=ph.type, value=repr(text))
    elif ph.type == "integer" and isinstance(value, float) and value.is_integer():
        converted = int(value)
    elif ph.type == "string" and isinstance(value, int | float) and not isinstance(value, bool):
        converted = str(value)
    problems = validate_value(ph.value_schema(), converted)
    if problems:
        return value, t("design.placeholder.mismatch", type=ph.type, problem=problems[0].message)
    return converted, None


def placeholder_data(ph: VarPlaceholder) -> dict[str, Any]:
    """The plan-data form of a placeholder (what is written under vars)."""
    return {MARKER: True} | ph.model_dump(mode="json", exclude_defaults=True, exclude={MARKER})


def placeholder_fields(ph: VarPlaceholder) -> dict[str, Any]:
    """`DesignRequirement` fields that ask for a placeholder in the design chat."""
    fields: dict[str, Any] = {"label": ph.question, "value_type": ph.type}
    if ph.options:
        return fields | {"type": "select", "options": [str(o) for o in ph.options]}
    if ph.type in ("integer", "number"):
        return fields | {"type": "number", "validation": {"integer": ph.type == "integer"}}
    if ph.type == "boolean":
        return fields | {"type": "boolean"}
    if ph.type in ("array", "object"):
        example = '["A", "B"]' if ph.type == "array" else '{"key": "value"}'
        return fields | {
            "type": "text",
            "value_format": "json",
            "hint": t("design.json_hint", example=example),
        }
    return fields | {"type": "text"}


def open_vars(
    data: dict[str, Any],
    registry: BlockRegistry | None,
    *,
    notes: Mapping[str, str],
    declared_types: Mapping[str, str],
    questions: Sequence[QuestionAnswer] = (),
    answers: Mapping[str, Any] | None = None,
) -> OpenVars:
    """Fill or mark every null var of `data` in place (see the module docstring)."""
    plan_vars = data.get("vars")
    result = OpenVars()
    if not isinstance(plan_vars, dict):
        return result
    uses = _port_uses(data, registry)
    by_id = {q.id: q for q in questions}
    for name, value in list(plan_vars.items()):
        if value is not None:
            if placeholder_of(value) is not None and name in by_id:
                result.merged.add(name)
            continue
        question = by_id.get(name)
        options: list[Any] = []
        if name in uses:
            kind, options = port_var_type(uses[name])
        elif declared_types.get(name) in VAR_TYPES:
            kind = declared_types[name]
        elif question is not None:
            kind = _QUESTION_TYPES.get(question.type, "string")
            options = list(question.options) if question.type in ("select", "enum") else []
        else:
            kind = "string"
        ask = (
            notes.get(name)
            or (question.label if question else "")
            or t("design.value_of", name=name)
        )
        port = uses.get(name)
        example = port.examples[0] if port is not None and port.examples else None
        ph = VarPlaceholder.model_validate(
            {"placeholder": True, "type": kind, "question": ask, "options": options}
            | ({"example": example} if example is not None else {})
        )
        if question is not None:
            result.merged.add(name)
        given = (answers or {}).get(name)
        if given not in (None, ""):
            converted, problem = coerce_value(given, ph)
            if problem is None:
                plan_vars[name] = converted
                result.filled[name] = converted
                continue
            result.problems[name] = problem
        plan_vars[name] = placeholder_data(ph)
        result.placeholders[name] = ph
    return result
