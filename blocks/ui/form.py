"""The form of a human-input node: requirements -> one JSON Schema and its validation.

The same schema drives the Prefect pause (`RunInput`), the form app and `keiri resume`, so a
value the app accepts is a value the run accepts (STYLE habit 10).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from blocks.fileref import FileRef
from blocks.validation import SchemaProblem, validate_value

__all__ = [
    "FieldProblem",
    "Requirement",
    "Validation",
    "form_model",
    "form_schema",
    "validate_answers",
]

RequirementType = Literal["file", "files", "folder", "text", "select", "boolean", "number", "chat"]


class Validation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    regex: str | None = None
    min: float | None = None
    max: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    allowed_extensions: list[str] = Field(default_factory=list)
    max_file_size: int | None = None
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


class FieldProblem(BaseModel):
    field: str
    message: str


def _field_schema(req: Requirement) -> dict[str, Any]:
    v = req.validation
    title = {"title": req.label, "description": req.description or req.hint}
    fileref = FileRef.model_json_schema()
    if req.type == "file":
        return {**title, **fileref}
    if req.type in ("files", "folder"):
        return {**title, "type": "array", "items": fileref, "minItems": 1 if req.required else 0}
    if req.type in ("text", "chat"):
        schema: dict[str, Any] = {**title, "type": "string"}
        if v.regex:
            schema["pattern"] = v.regex
        if v.min_length is not None:
            schema["minLength"] = v.min_length
        if v.max_length is not None:
            schema["maxLength"] = v.max_length
        return schema
    if req.type == "select":
        return {**title, "enum": list(req.options)}
    if req.type == "boolean":
        # The Prefect UI's resume form omits untouched booleans: always give a default.
        return {
            **title,
            "type": "boolean",
            "default": bool(req.default) if req.default is not None else False,
        }
    schema = {**title, "type": "integer" if v.integer else "number"}
    if v.min is not None:
        schema["minimum"] = v.min
    if v.max is not None:
        schema["maximum"] = v.max
    return schema


def form_schema(mode: str, requirements: list[Requirement]) -> dict[str, Any]:
    """The JSON Schema of the answers of one human-input node."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for req in requirements:
        properties[req.id] = _field_schema(req)
        if req.default is not None and req.type != "boolean":
            properties[req.id]["default"] = req.default
        if req.required and req.type != "boolean":
            required.append(req.id)
    if mode in ("confirm", "mixed"):
        properties.setdefault("approved", {"title": "承認", "type": "boolean", "default": False})
        properties.setdefault("response", {"title": "コメント", "type": "string"})
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


_TYPE_NAMES = {
    "number": "数値",
    "integer": "整数",
    "string": "文字列",
    "boolean": "はい／いいえ",
    "object": "ファイル",
    "array": "ファイルの一覧",
}


def _num(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def japanese_message(problem: SchemaProblem) -> str:
    """The message a person sees next to a field (the form app and `keiri resume`)."""
    expected, value = _num(problem.expected), _num(problem.value)
    match problem.validator:
        case "required":
            return "必須項目です。入力してください"
        case "pattern":
            return f"形式が正しくありません（{value!r} は {expected} の形式に合いません）"
        case "minimum":
            return f"{expected} 以上の値を入力してください（入力: {value}）"
        case "maximum":
            return f"{expected} 以下の値を入力してください（入力: {value}）"
        case "minLength":
            return f"{expected} 文字以上で入力してください"
        case "maxLength":
            return f"{expected} 文字以内で入力してください"
        case "minItems":
            return f"{expected} 件以上選んでください"
        case "enum":
            return f"選択肢から選んでください（{', '.join(map(str, expected or []))}）"
        case "type":
            kinds = expected if isinstance(expected, list) else [expected]
            return (
                f"{'または'.join(_TYPE_NAMES.get(str(k), str(k)) for k in kinds)}を入力してください"
            )
        case "additionalProperties":
            return "フォームにない項目です"
    return problem.message


def validate_answers(
    mode: str, requirements: list[Requirement], answers: dict[str, Any]
) -> list[FieldProblem]:
    """Every problem with the answers, per field, in requirement order (messages in Japanese)."""
    problems = [
        FieldProblem(
            field=p.path.split(".")[0].split("[")[0] or _missing_field(p.message),
            message=japanese_message(p),
        )
        for p in validate_value(form_schema(mode, requirements), answers)
    ]
    for req in requirements:
        value = answers.get(req.id)
        if value is None or req.type not in ("file", "files", "folder"):
            continue
        refs = value if isinstance(value, list) else [value]
        exts = req.extensions()
        for ref in refs:
            if not isinstance(ref, dict):
                continue
            name = str(ref.get("name", ""))
            if exts and PurePosixPath(name).suffix.lower() not in exts:
                problems.append(
                    FieldProblem(
                        field=req.id,
                        message=f"{name}: 拡張子は {', '.join(exts)} のいずれかにしてください",
                    )
                )
            limit = req.validation.max_file_size
            if limit is not None and int(ref.get("size", 0)) > limit:
                problems.append(
                    FieldProblem(
                        field=req.id,
                        message=f"{name}: ファイルサイズが上限 {limit} バイトを超えています",
                    )
                )
    return problems


def _missing_field(message: str) -> str:
    match = re.match(r"'([^']+)' is a required property", message)
    if match:
        return match.group(1)
    match = re.search(r"\('([^']+)' was unexpected\)", message)
    return match.group(1) if match else ""


def form_model(
    mode: str, requirements: list[Requirement], name: str = "KeiriForm"
) -> type[BaseModel]:
    """A pydantic model of the answers, for Prefect's `wait_for_input` (the server stores its
    JSON Schema; the Prefect UI renders it, so booleans carry defaults)."""
    from pydantic import create_model

    fields: dict[str, Any] = {}
    for req in requirements:
        v = req.validation
        kind: Any
        extra: dict[str, Any] = {
            "title": req.label,
            "description": req.description or req.hint or None,
        }
        if req.type == "file":
            kind = FileRef
        elif req.type in ("files", "folder"):
            kind = list[FileRef]
        elif req.type in ("text", "chat"):
            kind = str
            extra.update(pattern=v.regex, min_length=v.min_length, max_length=v.max_length)
        elif req.type == "select":
            kind = Literal[tuple(req.options)] if req.options else str
        elif req.type == "boolean":
            fields[req.id] = (
                bool,
                Field(default=bool(req.default) if req.default is not None else False, **extra),
            )
            continue
        else:
            kind = int if v.integer else float
            extra.update(ge=v.min, le=v.max)
        extra = {k: val for k, val in extra.items() if val is not None}
        if req.required:
            fields[req.id] = (
                kind,
                Field(**extra) if req.default is None else Field(default=req.default, **extra),
            )
        else:
            fields[req.id] = (kind | None, Field(default=req.default, **extra))
    if mode in ("confirm", "mixed"):
        fields.setdefault("approved", (bool, Field(default=False, title="承認")))
        fields.setdefault("response", (str | None, Field(default=None, title="コメント")))
    fields["answered_by"] = (str, Field(default="prefect-ui", title="回答者"))
    model: type[BaseModel] = create_model(name, **fields)
    return model
