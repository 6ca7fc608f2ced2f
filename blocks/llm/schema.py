"""The simplified output schema of `ai.process_llm` → a dynamic pydantic model.

Plans describe the answer they want in a JSON-Schema style shorthand (seed 000 §5):

    results:
      type: object
      properties:
        items:
          type: array
          items: {type: object, properties: {file: string, count: integer}}
    summary:
      type: object
      properties: {total_files: integer}

Top-level keys map to property schemas; a property schema is a type name (`string`,
`integer`, `number`, `boolean`) or a mapping with `type`, `properties`, `items`, `enum`,
`nullable`, `required`, `description` and a few constraints. A full
`{type: object, properties: {...}}` at the top level is accepted too.

The model is strict enough for OpenAI structured outputs: every field is required (a property
left out of an object's `required` list, or marked `nullable`, may be null), extra keys are
forbidden, no type coercion. Field names are internal (`f0`, `f1`, ...) with the schema key as
alias, so any key (Japanese, `model_x`, `schema`) works; dump with `by_alias=True`.

Every problem of a schema is collected, then raised once as INPUT_VALIDATION_FAILED with the
key path of each (e.g. `output_schema.results.properties.items.items`). `keiri validate` reports
the same problems before a run (`output_schema_problems`, for the inputs a block spec names in
`output_schema_inputs`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, Field, create_model

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from keiri.base.errors import did_you_mean
from keiri.base.errors.pydantic_text import shown_value

__all__ = ["OutputSchema", "SchemaProblem", "compile_output_schema", "output_schema_problems"]

_SCALARS: dict[str, type] = {"string": str, "integer": int, "number": float, "boolean": bool}
_TYPE_NAMES = (*_SCALARS, "object", "array")
_CONSTRAINTS: dict[str, tuple[str, tuple[str, ...]]] = {
    # simplified-schema keyword -> (pydantic Field argument, types it applies to)
    "minimum": ("ge", ("integer", "number")),
    "maximum": ("le", ("integer", "number")),
    "minLength": ("min_length", ("string",)),
    "maxLength": ("max_length", ("string",)),
    "pattern": ("pattern", ("string",)),
    "minItems": ("min_length", ("array",)),
    "maxItems": ("max_length", ("array",)),
}
_FORMATS = ("date", "date-time", "time", "email", "uuid")
_KEYWORDS = frozenset(
    {"type", "properties", "items", "enum", "nullable", "required", "description", "title"}
    | set(_CONSTRAINTS)
    | {"format"}
)
_ENUM_TYPES: dict[str, type] = {"string": str, "integer": int, "boolean": bool}
_MODEL_CONFIG = ConfigDict(extra="forbid", strict=True)


@dataclass(frozen=True)
class OutputSchema:
    """A compiled output schema: the pydantic model and what its top level looks like."""

    model: type[BaseModel]
    keys: tuple[str, ...]
    object_keys: frozenset[str]

    def dump(self, value: BaseModel) -> dict[str, Any]:
        """The parsed answer as plain JSON-like data keyed by the schema's own names."""
        return value.model_dump(mode="json", by_alias=True)


@dataclass(frozen=True)
class SchemaProblem:
    """One problem of an output schema: its key path inside the schema and what is wrong."""

    parts: tuple[str, ...]
    message: str


def compile_output_schema(
    schema: Any, *, field: str = "output_schema", name: str = "LLMOutput"
) -> OutputSchema:
    """Turn a simplified output schema into a strict pydantic model (see the module doc)."""
    builder = _Builder(field)
    top, model = builder.build(schema, name)
    if builder.problems or model is None:
        builder.raise_problems()
    object_keys = frozenset(key for key, spec in top.items() if builder.kind(spec) == "object")
    return OutputSchema(model=model, keys=tuple(top), object_keys=object_keys)


def output_schema_problems(schema: Any) -> list[SchemaProblem]:
    """Every problem `compile_output_schema` would raise for `schema` (none when it compiles),
    each with its key path inside the schema: what `keiri validate` reports before a run."""
    builder = _Builder("")
    builder.build(schema, "LLMOutput")
    return list(builder.found)


class _Builder:
    def __init__(self, field: str) -> None:
        self.field = field
        self.problems: list[dict[str, str]] = []
        self.found: list[SchemaProblem] = []
        self._names: set[str] = set()

    def build(self, schema: Any, name: str) -> tuple[dict[str, Any], type[BaseModel] | None]:
        """The top-level properties and their model (None when a problem was found)."""
        top, top_path = self.top_level(schema)
        return top, self.object_model(top, top_path, name) if top else None

    # -- reporting --------------------------------------------------------------------------

    def path(self, parts: tuple[str, ...]) -> str:
        return ".".join((self.field, *parts))

    def problem(self, parts: tuple[str, ...], message: str) -> None:
        self.problems.append({"field": self.path(parts), "message": message})
        self.found.append(SchemaProblem(parts, message))

    def raise_problems(self) -> NoReturn:
        first = (
            self.problems[0]
            if self.problems
            else {
                "field": self.field,
                "message": t("issue.llm_schema.empty"),
            }
        )
        more = len(self.problems) - 1
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("issue.llm_schema.problem", field=first["field"], message=first["message"])
            + (t("issue.llm_schema.more", count=more) if more > 0 else ""),
            details={"field": first["field"], "problems": self.problems},
            hint=t("issue.llm_schema.hint"),
        )

    # -- structure --------------------------------------------------------------------------

    def top_level(self, schema: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The top-level properties and the key path where they live."""
        if not isinstance(schema, Mapping):
            self.problem((), t("issue.llm_schema.not_mapping", value=shown_value(schema)))
            return {}, ()
        path: tuple[str, ...] = ()
        if schema.get("type") == "object" and isinstance(schema.get("properties"), Mapping):
            # The full JSON Schema form: {type: object, properties: {...}}.
            props: dict[str, Any] = dict(schema["properties"])
            path = ("properties",)
            extra = sorted(set(schema) - {"type", "properties", "description", "title"})
            if extra:
                self.problem((), t("issue.llm_schema.top_extra", keys=", ".join(extra)))
        else:
            props = dict(schema)
        if not props:
            self.problem((), t("issue.llm_schema.no_keys"))
        return props, path

    def kind(self, spec: Any) -> str | None:
        """`object`, `array`, a scalar name, `enum`, or None when unusable."""
        if isinstance(spec, str):
            return spec if spec in _TYPE_NAMES else None
        if not isinstance(spec, Mapping):
            return None
        types, _ = _split_type(spec.get("type"))
        if types:
            return types[0]
        if "enum" in spec:
            return "enum"
        if "properties" in spec:
            return "object"
        if "items" in spec:
            return "array"
        return None

    def object_model(
        self,
        props: Mapping[str, Any],
        props_path: tuple[str, ...],
        name: str,
        *,
        required: Any = None,
        required_path: tuple[str, ...] = (),
    ) -> type[BaseModel] | None:
        """A model whose fields are `props`; keys left out of `required` may be null."""
        required_keys = set(props)
        if required is not None:
            if not isinstance(required, list) or not all(isinstance(k, str) for k in required):
                self.problem(required_path, t("issue.llm_schema.required_list"))
            else:
                for key in required:
                    if key not in props:
                        self.problem(
                            required_path, t("issue.llm_schema.required_unknown", name=repr(key))
                        )
                required_keys = set(required)
        fields: dict[str, Any] = {}
        for index, (key, spec) in enumerate(props.items()):
            key_path = (*props_path, str(key))
            if not isinstance(key, str) or not key.strip():
                self.problem(key_path, t("issue.llm_schema.empty_name"))
                continue
            annotation, info = self.property(spec, key_path, name=f"{name}_{key}")
            if annotation is None:
                continue
            if key not in required_keys:
                annotation = annotation | None
            fields[f"f{index}"] = (annotation, Field(alias=key, **info))
        if len(fields) != len(props):
            return None
        return create_model(self._model_name(name), __config__=_MODEL_CONFIG, **fields)

    def property(
        self, spec: Any, parts: tuple[str, ...], *, name: str
    ) -> tuple[Any, dict[str, Any]]:
        """(annotation, Field kwargs) for one property schema, or (None, {}) if invalid."""
        if isinstance(spec, str):
            if spec in _SCALARS:
                return _SCALARS[spec], {}
            if spec in ("object", "array"):
                needs = "properties" if spec == "object" else "items"
                self.problem(
                    parts, t("issue.llm_schema.bare", type=repr(spec), name=spec, needs=needs)
                )
            else:
                message = t(
                    "issue.llm_schema.unknown_type", type=repr(spec), types=", ".join(_TYPE_NAMES)
                )
                self.problem(parts, message + _did_you_mean(spec, _TYPE_NAMES))
            return None, {}
        if not isinstance(spec, Mapping):
            self.problem(parts, t("issue.llm_schema.not_type", value=shown_value(spec)))
            return None, {}
        unknown = sorted(str(k) for k in set(spec) - _KEYWORDS)
        for key in unknown:
            self.problem(
                (*parts, key),
                t("issue.llm_schema.keyword", name=repr(key), keywords=", ".join(sorted(_KEYWORDS)))
                + _did_you_mean(key, sorted(_KEYWORDS)),
            )
        types, null_in_type = _split_type(spec.get("type"))
        if spec.get("type") is not None and (len(types) != 1 or types[0] not in _TYPE_NAMES):
            self.problem(
                (*parts, "type"),
                t(
                    "issue.llm_schema.type_value",
                    types=", ".join(_TYPE_NAMES),
                    value=shown_value(spec.get("type")),
                ),
            )
            return None, {}
        kind = self.kind(spec)
        nullable = null_in_type or spec.get("nullable") is True
        info: dict[str, Any] = {}
        for text_key in ("description", "title"):
            if text_key in spec:
                if isinstance(spec[text_key], str):
                    info[text_key] = spec[text_key]
                else:
                    self.problem((*parts, text_key), t("issue.llm_schema.must_string"))
        annotation: Any
        if "enum" in spec:
            annotation, enum_null = self.enum(spec["enum"], kind, (*parts, "enum"))
            nullable = nullable or enum_null
        elif kind == "object":
            props = spec.get("properties")
            if not isinstance(props, Mapping) or not props:
                self.problem((*parts, "properties"), t("issue.llm_schema.object_properties"))
                return None, {}
            annotation = self.object_model(
                props,
                (*parts, "properties"),
                name,
                required=spec.get("required"),
                required_path=(*parts, "required"),
            )
        elif kind == "array":
            if "items" not in spec:
                self.problem((*parts, "items"), t("issue.llm_schema.array_items"))
                return None, {}
            item, item_info = self.property(spec["items"], (*parts, "items"), name=f"{name}_item")
            if item is not None and item_info:
                item = Annotated[item, Field(**item_info)]
            annotation = None if item is None else list[item]  # type: ignore[valid-type]
        elif kind in _SCALARS:
            annotation = _SCALARS[kind]
        else:
            self.problem(parts, t("issue.llm_schema.needs_type"))
            return None, {}
        if "required" in spec and kind != "object":
            self.problem((*parts, "required"), t("issue.llm_schema.required_not_object"))
        info.update(self.constraints(spec, kind, parts))
        if annotation is None:
            return None, {}
        if nullable:
            annotation = annotation | None
        return annotation, info

    def enum(self, values: Any, kind: str | None, parts: tuple[str, ...]) -> tuple[Any, bool]:
        """`Literal[...]` of the values (and whether null is one of them)."""
        if kind not in (None, "enum", "string", "integer", "boolean"):
            self.problem(parts, t("issue.llm_schema.enum_type", type=repr(kind)))
            return None, False
        if not isinstance(values, list) or not values:
            self.problem(parts, t("issue.llm_schema.enum_empty"))
            return None, False
        expected = _ENUM_TYPES.get(kind or "")
        literal_values: list[Any] = []
        for i, value in enumerate(values):
            where = (*parts[:-1], f"enum[{i}]")
            if value is None:
                continue
            if not isinstance(value, str | int) or isinstance(value, float):
                self.problem(where, t("issue.llm_schema.enum_values"))
            elif expected is not None and type(value) is not expected:
                self.problem(where, t("issue.llm_schema.enum_kind", value=repr(value), type=kind))
            else:
                literal_values.append(value)
        if not literal_values:
            return None, False
        return Literal[tuple(literal_values)], None in values

    def constraints(
        self, spec: Mapping[str, Any], kind: str | None, parts: tuple[str, ...]
    ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, (argument, applies_to) in _CONSTRAINTS.items():
            if key not in spec:
                continue
            value = spec[key]
            if kind not in applies_to:
                self.problem(
                    (*parts, key), t("issue.llm_schema.applies_to", types=" / ".join(applies_to))
                )
            elif key == "pattern" and not _valid_pattern(value):
                self.problem((*parts, key), t("issue.llm_schema.pattern"))
            elif key != "pattern" and (
                not isinstance(value, int | float) or isinstance(value, bool)
            ):
                self.problem((*parts, key), t("issue.llm_schema.must_number"))
            else:
                out[argument] = value
        if "format" in spec:
            if kind != "string" or spec["format"] not in _FORMATS:
                self.problem(
                    (*parts, "format"), t("issue.llm_schema.format", formats=", ".join(_FORMATS))
                )
            else:
                out["json_schema_extra"] = {"format": spec["format"]}
        return out

    def _model_name(self, raw: str) -> str:
        base = re.sub(r"[^A-Za-z0-9_]", "", raw.replace(".", "_")) or "Obj"
        name, n = base, 1
        while name in self._names:
            n += 1
            name = f"{base}{n}"
        self._names.add(name)
        return name


def _split_type(raw: Any) -> tuple[list[str], bool]:
    """`"string"` → (["string"], False); `["string", "null"]` → (["string"], True)."""
    if raw is None:
        return [], False
    items = raw if isinstance(raw, list) else [raw]
    names = [str(t) for t in items if t != "null"]
    return names, len(names) != len(items)


def _valid_pattern(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        re.compile(value)
    except re.error:
        return False
    return True


def _did_you_mean(word: str, choices: Any) -> str:
    """The did-you-mean (`keiri.base.errors.did_you_mean`) appended to a message, or ""."""
    hint = did_you_mean(str(word), list(choices))
    return t("issue.hint_join", hint=hint) if hint else ""
