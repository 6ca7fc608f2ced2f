"""JSON Schema validation of block inputs and outputs (jsonschema + referencing)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError
from pydantic import BaseModel

from keiri.base.catalog import t
from keiri.base.errors import did_you_mean, format_path

__all__ = [
    "SchemaProblem",
    "check_schema",
    "non_finite_paths",
    "schema_message",
    "to_jsonable",
    "validate_value",
]


class SchemaProblem(BaseModel):
    """One violation; `loc` is the key path as parts, `path` the same path for showing."""

    path: str
    loc: tuple[str | int, ...] = ()
    message: str
    validator: str = ""
    expected: Any = None
    value: Any = None


def to_jsonable(value: Any) -> Any:
    """Pydantic models (FileRef, ...) to plain JSON-like values; tuples to lists."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


def non_finite_paths(
    value: Any, path: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], float]]:
    """Key paths of the NaN/Infinity floats in a JSON-like value: they are not JSON numbers
    (`NaN > 1` and `NaN <= 1` are both false), so no plan value may hold one."""
    if isinstance(value, float):
        if not math.isfinite(value):
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from non_finite_paths(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from non_finite_paths(item, (*path, index))


@lru_cache(maxsize=1024)
def _validator_from_json(schema_json: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_json))


# Port schemas are long-lived objects: cache their validators by identity (keeping the schema
# alive in the entry so an id is never reused while cached), everything else by content.
_BY_ID: dict[int, tuple[dict[str, Any], Draft202012Validator]] = {}


def _validator(schema: dict[str, Any]) -> Draft202012Validator:
    entry = _BY_ID.get(id(schema))
    if entry is not None and entry[0] is schema:
        return entry[1]
    validator = _validator_from_json(json.dumps(schema, sort_keys=True, default=str))
    if len(_BY_ID) < 4096:
        _BY_ID[id(schema)] = (schema, validator)
    return validator


#: A JSON Schema type -> its words.
_TYPE_WORDS = {
    "string": "issue.schema.type.string",
    "integer": "issue.schema.type.integer",
    "number": "issue.schema.type.number",
    "boolean": "issue.schema.type.boolean",
    "array": "issue.schema.type.array",
    "object": "issue.schema.type.object",
    "null": "issue.schema.type.null",
}

#: A limit keyword -> its message (the same sentences as pydantic's limits).
_LIMITS = {
    "minimum": "issue.pydantic.greater_than_equal",
    "maximum": "issue.pydantic.less_than_equal",
    "exclusiveMinimum": "issue.pydantic.greater_than",
    "exclusiveMaximum": "issue.pydantic.less_than",
    "minLength": "issue.pydantic.string_too_short",
    "maxLength": "issue.pydantic.string_too_long",
    "minItems": "issue.pydantic.too_short",
    "maxItems": "issue.pydantic.too_long",
    "multipleOf": "issue.pydantic.multiple_of",
}


def _type_words(expected: Any) -> str:
    names = expected if isinstance(expected, list) else [expected]
    return ", ".join(t(_TYPE_WORDS.get(str(n), "issue.schema.type.null")) for n in names)


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:59] + "…")
    if isinstance(value, dict):
        return t("issue.value.mapping")
    if isinstance(value, list):
        return t("issue.value.list", count=len(value))
    return json.dumps(value, ensure_ascii=False, default=str)[:60]


def schema_message(error: ValidationError | SchemaError) -> str:
    """One JSON Schema violation in the reader's language, by its keyword (`type`,
    `required`, `enum`, `anyOf`, ...): a value against a port's schema, or a port's schema
    against the JSON Schema metaschema (`check_schema`). A keyword not listed is named in a
    generic sentence; jsonschema's English never shows. A `pattern` is never shown (no regular
    expression in messages)."""
    kind, actual = str(error.validator), error.instance
    expected: Any = error.validator_value
    if kind == "type":
        return t("issue.schema.type", expected=_type_words(expected), actual=_shown(actual))
    if kind == "required":
        missing = [k for k in expected if isinstance(actual, dict) and k not in actual]
        return t("issue.pydantic.missing", name=missing[0] if missing else ", ".join(expected))
    if kind in ("enum", "const"):
        options = expected if kind == "enum" else [expected]
        return t(
            "issue.pydantic.literal_error",
            expected=", ".join(_shown(o) for o in options),
            actual=_shown(actual),
        )
    if kind in _LIMITS:
        return t(_LIMITS[kind], limit=expected, actual=_shown(actual))
    if kind == "pattern":
        return t("issue.schema.pattern", actual=_shown(actual))
    if kind == "additionalProperties" and isinstance(actual, dict):
        schema: Any = error.schema
        known = schema.get("properties", {}) if isinstance(schema, dict) else {}
        extra = sorted(set(actual) - set(known))
        return t("issue.pydantic.extra_forbidden", name=", ".join(map(str, extra)))
    if kind in ("anyOf", "oneOf"):
        return _alternatives_message(error)
    if kind == "minProperties":
        return t("issue.schema.minProperties", limit=expected, actual=_shown(actual))
    if kind == "maxProperties":
        return t("issue.schema.maxProperties", limit=expected, actual=_shown(actual))
    if kind == "uniqueItems":
        return t("issue.schema.unique_items", actual=_shown(actual))
    if kind == "not":
        return t("issue.schema.not", actual=_shown(actual))
    return t("issue.schema.other", keyword=kind, actual=_shown(actual))


def _alternatives_message(error: ValidationError | SchemaError) -> str:
    """`anyOf` / `oneOf`: the types or values the alternatives allow when they say so (a
    nullable port: "text, null"; a JSON Schema `type`: its names, with a did-you-mean),
    otherwise that the value fits none of the forms."""
    actual = error.instance
    context = list(error.context or [])
    if not context:  # oneOf: the value fits more than one alternative
        return t("issue.schema.one_of_many", actual=_shown(actual))
    # An alternative whose type the value has, failing inside: that alternative's problem.
    inner = [sub for sub in context if sub.path or sub.validator not in ("type", "enum")]
    if inner:
        sub = min(inner, key=lambda e: len(e.path))
        where = format_path(tuple(sub.path))
        return f"{where}: {schema_message(sub)}" if where else schema_message(sub)
    direct = context
    if all(sub.validator == "type" for sub in direct):
        types: list[Any] = []
        for sub in direct:
            value = sub.validator_value
            types += value if isinstance(value, list) else [value]
        return t(
            "issue.schema.type",
            expected=_type_words(list(dict.fromkeys(types))),
            actual=_shown(actual),
        )
    options = [
        option
        for sub in direct
        if sub.validator == "enum" and isinstance(sub.validator_value, list)
        for option in sub.validator_value
    ]
    if not options:
        return t("issue.schema.any_of", actual=_shown(actual))
    message = t(
        "issue.schema.any_of_enum",
        expected=", ".join(_shown(o) for o in options),
        actual=_shown(actual),
    )
    hint = did_you_mean(actual, [str(o) for o in options]) if isinstance(actual, str) else ""
    return message + (t("issue.hint_join", hint=hint) if hint else "")


def check_schema(schema: dict[str, Any]) -> SchemaProblem | None:
    """None if `schema` is a valid JSON Schema, else the problem: its key path inside the
    schema and what is wrong, in the reader's language (`schema_message`, by keyword)."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        loc = tuple(exc.absolute_path)
        return SchemaProblem(
            path=format_path(loc),
            loc=loc,
            message=schema_message(exc),
            validator=str(exc.validator),
            expected=exc.validator_value,
        )
    return None


def validate_value(
    schema: dict[str, Any], value: Any, prefix: str = "", *, jsonable: bool = False
) -> list[SchemaProblem]:
    """Every violation of `schema` by `value`, with a key path like `files[0].name`.

    `jsonable=True` says the caller already converted the value (`to_jsonable`), so a large
    input (100,000 records) is not copied a second time.
    """
    validator = _validator(schema)
    problems: list[SchemaProblem] = []
    for error in sorted(
        validator.iter_errors(value if jsonable else to_jsonable(value)),
        key=lambda e: list(map(str, e.path)),
    ):
        loc = ((prefix,) if prefix else ()) + tuple(error.absolute_path)
        problems.append(
            SchemaProblem(
                path=format_path(loc),
                loc=loc,
                message=schema_message(error),
                validator=str(error.validator),
                expected=error.validator_value,
                value=error.instance
                if isinstance(error.instance, str | int | float | bool)
                else None,
            )
        )
    for loc_tail, number in non_finite_paths(value):
        loc = ((prefix,) if prefix else ()) + loc_tail
        problems.append(
            SchemaProblem(
                path=format_path(loc),
                loc=loc,
                message=t("issue.schema.not_finite", value=number),
                validator="finite",
            )
        )
    return problems
