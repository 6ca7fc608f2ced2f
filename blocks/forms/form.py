"""The form of a human-input node: one `FormSpec`, everything else derived from it.

`FormSpec.build(mode, requirements)` adds the confirm fields (`approved`, `response`) in
`confirm`/`mixed` mode — written here once. From the spec come: the answers model
(`answers_model`, strict, the same constraints as the schema), the Prefect pause's RunInput
model (`run_input_model`: the answers plus `answered_by`, with the message and a context
summary as its description), the JSON Schema the Prefect server evaluates (`json_schema`, which
never carries a plan's regex), the validation keiri runs everywhere (`validate`: the model plus
the checks no schema carries), the dry-run sample, text parsing (`parse`) and the stored form
definition (`definition`). Per-type behaviour lives in `blocks.forms.field_types.FIELD_TYPES`.
"""

from __future__ import annotations

import copy
import json
from functools import cached_property
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    create_model,
)
from pydantic_core import PydanticCustomError

from blocks.forms.field_types import FIELD_TYPES, FieldType, FieldValueError
from blocks.forms.requirement import FieldProblem, Requirement, RequirementType, Validation
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

__all__ = [
    "CONFIRM_FIELDS",
    "FieldProblem",
    "FormSpec",
    "Requirement",
    "RequirementType",
    "Validation",
    "form_model",
    "form_schema",
    "run_input_model",
    "validate_answers",
]

CONFIRM_MODES = ("confirm", "mixed")
_SUMMARY_CHARS = 400


def _confirm_fields() -> list[Requirement]:
    return [
        Requirement(id="approved", type="boolean", label=t("form.approved"), required=False),
        Requirement.model_validate(
            {
                "id": "response",
                "type": "text",
                "label": t("form.response"),
                "required": False,
                "multiline": True,
            }
        ),
    ]


#: The ids confirm/mixed mode adds (the decision and its comment).
CONFIRM_FIELDS = ("approved", "response")


def _message(kind: str, ctx: dict[str, Any]) -> str:
    """A pydantic error of a base type, as people read it."""
    match kind:
        case "missing":
            return t("field.required")
        case "string_type":
            return t("field.not_text")
        case "bool_type":
            return t("field.not_boolean", value=ctx.get("input", ""))
        case "int_type" | "float_type" | "int_from_float" | "finite_number":
            return t("field.not_number")
        case "model_type" | "model_attributes_type" | "dict_type" | "list_type":
            return t("field.not_file")
        case "extra_forbidden":
            return t("field.unknown")
    return t("field.invalid")


def _annotation(req: Requirement, ftype: FieldType) -> Any:
    def check(value: Any) -> Any:
        if value is None:
            return value
        message = ftype.check(req, value)
        if message:
            raise PydanticCustomError("keiri", "{message}", {"message": message})
        return ftype.normalize(value)

    return Annotated[
        ftype.python_type(req), AfterValidator(check), WithJsonSchema(ftype.json_schema(req))
    ]


class FormSpec(BaseModel):
    """One human-input form: mode, message, context and its fields (requirements + confirm)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    mode: str = "collect"
    requirements: list[Requirement] = Field(default_factory=list)
    message: str = ""
    context: Any = None

    @classmethod
    def build(
        cls,
        mode: str | None,
        requirements: list[Requirement] | list[dict[str, Any]],
        message: str = "",
        context: Any = None,
    ) -> FormSpec:
        reqs = [
            r if isinstance(r, Requirement) else Requirement.model_validate(r) for r in requirements
        ]
        return cls(mode=mode or "collect", requirements=reqs, message=message, context=context)

    @cached_property
    def fields(self) -> list[Requirement]:
        """The fields a person fills, in order: the requirements, then the confirm fields."""
        fields = list(self.requirements)
        if self.mode in CONFIRM_MODES:
            ids = {r.id for r in fields}
            fields += [f for f in _confirm_fields() if f.id not in ids]
        return fields

    def field(self, field_id: str) -> Requirement | None:
        return next((f for f in self.fields if f.id == field_id), None)

    @staticmethod
    def field_type(req: Requirement) -> FieldType:
        return FIELD_TYPES[req.type]

    def default(self, req: Requirement) -> Any:
        """What a field holds when nobody touched it: its default, else its type's empty value."""
        if req.default is not None:
            return copy.deepcopy(req.default)
        return copy.deepcopy(FIELD_TYPES[req.type].empty)

    # --- models and schema ------------------------------------------------------------------

    def _field_definitions(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for req in self.fields:
            ftype = FIELD_TYPES[req.type]
            annotation = _annotation(req, ftype)
            meta: dict[str, Any] = {"title": req.label}
            if req.description or req.hint:
                meta["description"] = req.description or req.hint
            if req.must_answer:
                out[req.id] = (annotation, Field(**meta))
                continue
            default = self.default(req)
            if default is None:
                annotation = annotation | None
            out[req.id] = (annotation, Field(default=default, **meta))
        return out

    @cached_property
    def answers_model(self) -> type[BaseModel]:
        """The answers of this form, validated strictly (the same verdicts as `json_schema`)."""
        model: type[BaseModel] = create_model(
            "KeiriAnswers",
            __config__=ConfigDict(extra="forbid", title="keiri form"),
            **self._field_definitions(),
        )
        return model

    def run_input_model(self, name: str = "KeiriForm", heading: str = "") -> type[BaseModel]:
        """The model of Prefect's `wait_for_input`: the answers plus `answered_by`; its
        docstring (the Prefect UI's dialog text) is the message and a context summary."""
        fields = self._field_definitions()
        fields["answered_by"] = (
            str,
            Field(default="prefect-ui", title=t("form.answered_by"), max_length=200),
        )
        model: type[BaseModel] = create_model(
            name,
            __config__=ConfigDict(extra="forbid"),
            __doc__=self.description(heading),
            **fields,
        )
        # Prefect's RunInput reads `_description` from the class: the resume dialog's text.
        setattr(model, "_description", model.__doc__)  # noqa: B010
        return model

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the answers (what the Prefect server evaluates on a resume)."""
        return self.answers_model.model_json_schema()

    def description(self, heading: str = "") -> str:
        """The Prefect UI's dialog text: heading, message and a short context summary."""
        parts = [t("form.prefect_description", heading=heading)] if heading else []
        if self.message:
            parts.append(self.message)
        if self.context:
            summary = json.dumps(self.context, ensure_ascii=False, default=str)
            if len(summary) > _SUMMARY_CHARS:
                summary = summary[:_SUMMARY_CHARS] + " …"
            parts.append(t("form.context_summary", summary=summary))
        return "\n\n".join(parts)

    # --- validation --------------------------------------------------------------------------

    def problems(self, answers: dict[str, Any]) -> list[FieldProblem]:
        """Every problem with the answers, per field, in field order (in the reader's language):
        the model's (= the schema's) and the checks no schema carries."""
        problems: list[FieldProblem] = []
        try:
            self.answers_model.model_validate(answers)
        except ValidationError as exc:
            for err in exc.errors():
                loc = err.get("loc") or ("",)
                field = str(loc[0])
                if err["type"] == "keiri":
                    message = str((err.get("ctx") or {}).get("message", err["msg"]))
                else:
                    message = _message(err["type"], {"input": err.get("input")})
                if any(p.field == field for p in problems):
                    continue  # one message per field from the type check (unions repeat)
                problems.append(FieldProblem(field=field, message=message))
        bad = {p.field for p in problems}
        for req in self.fields:
            value = answers.get(req.id)
            if req.id in bad or FIELD_TYPES[req.type].is_empty(value):
                continue
            for message in FIELD_TYPES[req.type].form_checks(req, value):
                problems.append(FieldProblem(field=req.id, message=message))
        order = {f.id: i for i, f in enumerate(self.fields)}
        # Unknown fields first: usually the typo behind a "missing" field.
        return sorted(problems, key=lambda p: order.get(p.field, -1))

    def complete(self, answers: dict[str, Any]) -> dict[str, Any]:
        """The answers with every field filled (defaults for the unanswered) and numbers
        integral: what the node returns."""
        dumped: dict[str, Any] = self.answers_model.model_validate(answers).model_dump(mode="json")
        return dumped

    # --- text in, text out ---------------------------------------------------------------------

    def parse(self, field_id: str, raw: str, store: FileStore | None = None) -> Any:
        """A field's value from text (`keiri resume --input FIELD=VALUE|@PATH`, the form
        app's number box); raises `FieldValueError` with a message for people."""
        req = self.field(field_id)
        if req is None:
            raise FieldValueError(t("field.unknown"))
        return FIELD_TYPES[req.type].parse(req, raw, store)

    def display(self, field_id: str, value: Any) -> str:
        req = self.field(field_id)
        return str(value) if req is None else FIELD_TYPES[req.type].display(req, value)

    def sample(self) -> dict[str, Any]:
        """The declared dry-run answers: defaults, else each type's sample."""
        return {
            r.id: copy.deepcopy(r.default)
            if r.default is not None
            else FIELD_TYPES[r.type].sample(r)
            for r in self.requirements
        }

    def definition(self) -> dict[str, Any]:
        """The stored form definition the form app renders (JSON)."""
        return {
            "mode": self.mode,
            "message": self.message,
            "requirements": [r.model_dump(mode="json") for r in self.requirements],
            "schema": self.json_schema(),
            "context": self.context or {},
        }


# --- the functions the rest of keiri calls ------------------------------------------------------


def form_schema(mode: str, requirements: list[Requirement]) -> dict[str, Any]:
    """The JSON Schema of the answers of one human-input node."""
    return FormSpec.build(mode, requirements).json_schema()


def validate_answers(
    mode: str, requirements: list[Requirement], answers: dict[str, Any]
) -> list[FieldProblem]:
    """Every problem with the answers, per field, in field order."""
    return FormSpec.build(mode, requirements).problems(answers)


def form_model(
    mode: str, requirements: list[Requirement], name: str = "KeiriForm"
) -> type[BaseModel]:
    """The Prefect pause's RunInput model (see `FormSpec.run_input_model`)."""
    return FormSpec.build(mode, requirements).run_input_model(name)


def run_input_model(form: dict[str, Any], name: str) -> type[BaseModel]:
    """The RunInput model of a stored form definition (`InteractiveInputBlock.form`): the
    fields, and the message and a context summary for the Prefect UI's resume dialog."""
    spec = FormSpec.build(
        str(form.get("mode") or "collect"),
        list(form.get("requirements") or []),
        message=str(form.get("message") or ""),
        context=form.get("context"),
    )
    heading = str(form.get("title") or form.get("node_id") or "")
    return spec.run_input_model(name, heading)


def parse_error(exc: FieldValueError, label: str) -> str:
    return t("field.problem", label=label, message=exc.message)
