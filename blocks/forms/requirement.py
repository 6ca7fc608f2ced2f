"""One requirement of a human-input node (seed 000 §4: `requirements[]`), as the plan writes it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from keiri.base.masking import is_secret_name

__all__ = ["FieldProblem", "Requirement", "RequirementType", "Validation"]

RequirementType = Literal[
    "file", "files", "folder", "text", "select", "boolean", "number", "chat", "choice", "secret"
]


class Validation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    regex: str | None = Field(
        default=None, description="checked in RE2 (linear time); never sent to the Prefect server"
    )
    message: str | None = Field(
        default=None, description="what a person reads when the value does not match `regex`"
    )
    min: float | None = None
    max: float | None = None
    min_length: int | None = Field(default=None, ge=0)
    max_length: int | None = Field(default=None, ge=0)
    allowed_extensions: list[str] = Field(default_factory=list)
    max_file_size: int | None = Field(default=None, ge=1)
    integer: bool = False


class Requirement(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
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
