"""One requirement of a human-input node (seed 000 §4: `requirements[]`), as the plan writes it.

Its JSON Schema is the block spec's (`block_specs/ui/ui.interactive_input.yaml` refers to
`Requirement`): the `type` enum comes from `FIELD_TYPES`, and the `id` pattern is the plan's
rule for a requirement id (the forms keiri builds itself are not held to it).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from blocks.forms.field_type import Validation
from blocks.forms.field_types import FIELD_TYPES
from keiri.base.masking import is_secret_name

__all__ = ["ID_PATTERN", "FieldProblem", "Requirement", "RequirementType", "Validation"]

#: What a plan may name a requirement (a key of the node's `collected_data`).
ID_PATTERN = "^[A-Za-z_][A-Za-z0-9_]*$"


def _known_type(name: str) -> str:
    if name in FIELD_TYPES:
        return name
    names = [repr(n) for n in FIELD_TYPES]
    expected = ", ".join(names[:-1]) + " or " + names[-1]
    raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})


#: A field type's name: one of `FIELD_TYPES` (its JSON Schema an enum of them).
RequirementType = Annotated[
    str,
    AfterValidator(_known_type),
    WithJsonSchema({"type": "string", "enum": list(FIELD_TYPES)}),
]


class Requirement(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str = Field(json_schema_extra={"pattern": ID_PATTERN})
    type: RequirementType
    label: str
    description: str = ""
    required: bool = True
    options: list[Any] = Field(default_factory=list)
    accept: str | None = None
    default: Any = None
    hint: str = ""
    validation: Validation = Field(default_factory=Validation)

    def extensions(self) -> list[str]:
        exts = [
            e.lower() if e.startswith(".") else f".{e.lower()}"
            for e in self.validation.allowed_extensions
        ]
        if self.accept:
            exts += [e.strip().lower() for e in self.accept.split(",") if e.strip().startswith(".")]
        return sorted(set(exts))

    @property
    def secret(self) -> bool:
        """A `secret` field, or one named like a secret (`keiri.base.masking.is_secret_name`): its
        answer is masked wherever a value is shown."""
        return self.type == "secret" or is_secret_name(self.id)

    @property
    def multiline(self) -> bool:
        return bool((self.model_extra or {}).get("multiline"))

    @property
    def must_answer(self) -> bool:
        """Required and without a default: leaving it out is a problem ("必須項目です")."""
        empty = self.default is None or self.default in ("", [])
        return self.required and empty and self.type != "boolean"


class FieldProblem(BaseModel):
    field: str
    message: str
