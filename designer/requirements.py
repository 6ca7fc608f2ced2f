"""The design chat's requirements (seed 001 §7): what to ask the user, and applying answers.

`build_requirements(plan_or_errors)` returns `DesignRequirement`s — the `ui.interactive_input`
requirement model (`blocks.forms.form.Requirement`, so the same form schema and
`validate_answers` apply, inquire mode) plus a `target` saying where the answer goes:

- a placeholder var (`{placeholder: true, type, question}`, see `designer.placeholders`) →
  its question, typed by its declared type; the answer is converted to that type;
- an unresolved `${vars.foo}` (undefined or null) → `foo`, typed from the input it feeds
  (a file port → file, an enum → select with its options, integer → number, ...);
- a block's missing required input → that input, with the node's unset optional inputs that
  have examples (`excel.read_data` without `workbook` → file + sheet + range);
- a missing `output_schema` → a select of output-schema presets (the seed's "enum");
- `ai.process_llm` without `prompt`/`instruction` → text `prompt`;
- questions of the model (types text|select|boolean|number|file|table|enum; table → file
  with `.csv,.xlsx`, enum → select) → answers for the next generation; a question with the
  id of a var is that var's requirement (one question per missing item);
- errors no answer can fix → an optional `chat` field for more instructions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from blocks.forms.field_types import FIELD_TYPES
from blocks.forms.form import Requirement
from blocks.sdk.errors import Issue, IssueCode
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import PortSpec, port_json_schema
from compiler.models import Plan, TaskNode, VarPlaceholder
from compiler.placeholders import placeholder_of
from compiler.references import ReferenceSyntaxError, find_references
from designer.answer import QuestionAnswer
from designer.checks import ONE_OF_INPUTS
from designer.placeholders import placeholder_fields
from designer.presets import OUTPUT_SCHEMA_PRESETS, PORT_PRESETS
from designer.templates import iter_nodes
from keiri.base.catalog import t

__all__ = [
    "OUTPUT_SCHEMA_PRESETS",
    "PORT_PRESETS",
    "DesignRequirement",
    "build_requirements",
    "question_requirements",
]

_NOT_ID = re.compile(r"[^A-Za-z0-9_]")
_VAR_IN_TEXT = re.compile(r"\$\{vars\.([^.}\[\s]+)|vars has no '([^']+)'")
_NEEDS_INPUT = re.compile(r"needs input '([^']+)'|needs one of ([A-Za-z0-9_]+)")


class DesignRequirement(Requirement):
    """A `ui.interactive_input` requirement with where its answer goes in the design."""

    target: str = ""  # vars.<name> | node.<node_id>.in.<key> | answer.<id> | feedback
    value_format: Literal["text", "json"] = "text"
    value_type: str = ""  # a placeholder var's JSON type: the answer is converted to it
    source: str = ""

    def as_requirement(self) -> dict[str, Any]:
        """The plain `ui.interactive_input` requirement (for a plan's `requirements`)."""
        return self.model_dump(
            mode="json",
            exclude_none=True,
            exclude={"target", "value_format", "value_type", "source"},
        )

    def placeholder(self) -> VarPlaceholder | None:
        """The placeholder this requirement answers (a var with a declared type), if any."""
        if not (self.value_type and self.target.startswith("vars.")):
            return None
        return VarPlaceholder.model_validate(
            {
                "placeholder": True,
                "type": self.value_type,
                "question": self.label or self.id,
                # select options travel as text; the declared type is checked on conversion
                "options": self.options if self.value_type == "string" else [],
            }
        )


def _identifier(text: str) -> str:
    ident = _NOT_ID.sub("_", text).strip("_") or "item"
    return ident if not ident[0].isdigit() else f"q_{ident}"


def _from_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Requirement fields (type, options, accept, validation, value_format) for a port schema."""
    props = schema.get("properties", {})
    if isinstance(props, dict) and {"uri", "sha256"} <= set(props):
        return {"type": "file"}
    for key in ("anyOf", "oneOf"):
        variants = [
            v for v in schema.get(key, []) if isinstance(v, dict) and v.get("type") != "null"
        ]
        if variants:
            return _from_schema(variants[0])
    if "enum" in schema:
        return {"type": "select", "options": list(schema["enum"])}
    kind = schema.get("type")
    kind = next((k for k in kind if k != "null"), None) if isinstance(kind, list) else kind
    if kind == "array":
        items = schema.get("items")
        if isinstance(items, dict) and _from_schema(items).get("type") == "file":
            return {"type": "files"}
        return {
            "type": "text",
            "value_format": "json",
            "hint": t("design.json_hint", example='["A", "B"]'),
        }
    if kind == "object":
        return {"type": "text", "value_format": "json", "hint": t("design.json_object_hint")}
    if kind == "boolean":
        return {"type": "boolean"}
    if kind in ("integer", "number"):
        validation: dict[str, Any] = {"integer": kind == "integer"}
        if "minimum" in schema:
            validation["min"] = schema["minimum"]
        if "maximum" in schema:
            validation["max"] = schema["maximum"]
        return {"type": "number", "validation": validation}
    if kind == "string" and isinstance(schema.get("pattern"), str):
        return {"type": "text", "validation": {"regex": schema["pattern"]}}
    return {"type": "text"}


def _port_fields(name: str, port: PortSpec | None) -> dict[str, Any]:
    if port is None:
        return {"type": "text"}
    if name in PORT_PRESETS:
        return {"type": "select", "options": list(PORT_PRESETS[name])}
    fields = _from_schema(port_json_schema(port))
    if port.examples and "hint" not in fields:
        fields["hint"] = t(
            "design.example", example=json.dumps(port.examples[0], ensure_ascii=False)[:80]
        )
    return fields


@dataclass
class _Builder:
    registry: BlockRegistry | None
    var_notes: Mapping[str, str]
    found: dict[str, DesignRequirement] = field(default_factory=dict)

    def add(self, req_id: str, **fields: Any) -> None:
        target = fields.get("target")
        if any(r.target == target for r in self.found.values()):
            return
        same = self.found.get(_identifier(req_id))
        if same is not None and {same.source, fields.get("source")} == {"var", "question"}:
            return  # a question about a var is that var's requirement: asked once
        ident, n = _identifier(req_id), 2
        base = ident
        while ident in self.found:
            ident, n = f"{base}_{n}", n + 1
        self.found[ident] = DesignRequirement(id=ident, **fields)

    def port(self, block: str, key: str) -> PortSpec | None:
        if self.registry is None:
            return None
        resolution = self.registry.resolve(block)
        return resolution.entry.spec.inputs.get(key) if resolution.entry else None

    def var(self, name: str, port_fields: Mapping[str, Any] | None = None) -> None:
        note = self.var_notes.get(name, "")
        fields: dict[str, Any] = {
            "type": "text",
            "label": note or t("design.var_label", name=name),
            "description": t("design.var_description", name=name),
        }
        self.add(name, **(fields | dict(port_fields or {})), target=f"vars.{name}", source="var")

    def node_input(self, node_id: str, block: str, key: str, required: bool = True) -> None:
        port = self.port(block, key)
        fields = _port_fields(key, port)
        self.add(
            f"{node_id}__{key}",
            label=t("design.input_label", node=node_id, block=block, port=key),
            description=port.description if port else "",
            required=required,
            target=f"node.{node_id}.in.{key}",
            source="input",
            **fields,
        )


def _var_refs(text: str) -> list[tuple[str, bool]]:
    """(var name, whether the text is exactly `${vars.name}`) for each var reference."""
    try:
        refs = find_references(text)
    except ReferenceSyntaxError:
        return []  # reported by the compiler with its location
    return [
        (str(r.path[0]), r.text == text and len(r.path) == 1)
        for r in refs
        if r.root == "vars" and r.path
    ]


def _var_uses(plan: Plan, builder: _Builder) -> dict[str, dict[str, Any]]:
    """var name -> requirement fields of an input that reads it whole (else text)."""
    uses: dict[str, dict[str, Any]] = {}
    for node in iter_nodes(list(plan.graph)):
        if isinstance(node, TaskNode):
            for key, value in node.in_.items():
                for text in _strings(value):
                    for name, whole in _var_refs(text):
                        if whole and text == value:
                            uses[name] = _port_fields(key, builder.port(node.block, key))
                        else:
                            uses.setdefault(name, {"type": "text"})
        rest = node.model_dump(by_alias=True, exclude_unset=True, exclude={"in_"})
        for text in _strings(rest):
            for name, _ in _var_refs(text):
                uses.setdefault(name, {"type": "text"})
    return uses


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if "${" in value else []
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _from_plan(plan: Plan, builder: _Builder) -> None:
    for name, value in plan.vars.items():
        ph = placeholder_of(value)
        if ph is not None:
            builder.var(name, placeholder_fields(ph))
    for name, fields in _var_uses(plan, builder).items():
        if plan.vars.get(name) is None:
            builder.var(name, fields)
    if builder.registry is None:
        return
    for node in iter_nodes(list(plan.graph)):
        if not isinstance(node, TaskNode):
            continue
        resolution = builder.registry.resolve(node.block)
        if resolution.entry is None:
            continue
        spec = resolution.entry.spec
        missing = [
            k
            for k, p in spec.inputs.items()
            if p.is_required and not p.has_default and node.in_.get(k) in (None, {}, "")
        ]
        for key in missing:
            builder.node_input(node.id, node.block, key)
        if missing:
            for key, port in spec.inputs.items():
                if (
                    key not in node.in_
                    and not port.is_required
                    and not port.has_default
                    and port.examples
                ):
                    builder.node_input(node.id, node.block, key, required=False)
        for group in ONE_OF_INPUTS.get(spec.id, ()):
            if not any(node.in_.get(k) not in (None, "") for k in group):
                builder.node_input(node.id, node.block, group[0])


def _from_issues(issues: Sequence[Issue], plan: Plan | None, builder: _Builder) -> None:
    blocks = (
        {n.id: n.block for n in iter_nodes(list(plan.graph)) if isinstance(n, TaskNode)}
        if plan
        else {}
    )
    for issue in issues:
        if issue.severity != "error":
            continue
        text = f"{issue.message} {issue.hint}"
        for match in _VAR_IN_TEXT.finditer(text):
            builder.var(match.group(1) or match.group(2))
        if issue.code == IssueCode.MISSING_REQUIRED_INPUT and issue.node_id:
            needs = _NEEDS_INPUT.search(issue.message)
            if needs:
                key = needs.group(1) or needs.group(2)
                builder.node_input(issue.node_id, blocks.get(issue.node_id, "?"), key)


def question_requirements(questions: Sequence[QuestionAnswer]) -> list[DesignRequirement]:
    """The model's questions as requirements (answers go to the next generation)."""
    out: list[DesignRequirement] = []
    for q in questions:
        kind = "text"
        extra: dict[str, Any] = {}
        if q.type == "table":
            kind, extra = "file", {"accept": ".csv,.xlsx"}
        elif q.type in ("enum", "select"):
            kind = "select" if q.options else "text"
        elif q.type in FIELD_TYPES:
            kind = q.type
        out.append(
            DesignRequirement(
                id=_identifier(q.id),
                type=kind,
                label=q.label or q.id,
                description=q.description,
                options=list(q.options) if kind == "select" else [],
                target=f"answer.{_identifier(q.id)}",
                source="question",
                **extra,
            )
        )
    return out


def build_requirements(
    plan_or_errors: Plan | Sequence[Issue],
    *,
    registry: BlockRegistry | None = None,
    plan: Plan | None = None,
    issues: Sequence[Issue] = (),
    var_notes: Mapping[str, str] | None = None,
    questions: Sequence[QuestionAnswer] = (),
) -> list[DesignRequirement]:
    """What to ask so the design can be completed (see the module docstring), de-duplicated."""
    if isinstance(plan_or_errors, Plan):
        plan = plan_or_errors
    else:
        issues = [*issues, *plan_or_errors]
    builder = _Builder(registry, var_notes or {})
    if plan is not None:
        _from_plan(plan, builder)
    _from_issues(issues, plan, builder)
    for req in question_requirements(questions):
        builder.add(req.id, **req.model_dump(exclude={"id"}))
    answerable = {r.source for r in builder.found.values()}
    unfixable = [i for i in issues if i.severity == "error"]
    if unfixable and not answerable & {"var", "input"}:
        builder.add(
            "design_feedback",
            type="chat",
            label=t("design.feedback_label"),
            description=t("design.feedback_description"),
            required=False,
            target="feedback",
            source="issue",
        )
    return list(builder.found.values())
