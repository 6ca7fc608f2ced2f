"""JSON Schema validation of block inputs and outputs (jsonschema + referencing)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from pydantic import BaseModel

from keiri.errors import format_path

__all__ = [
    "SchemaProblem",
    "check_schema",
    "non_finite_paths",
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


def check_schema(schema: dict[str, Any]) -> str | None:
    """None if `schema` is a valid JSON Schema, else the reason."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        return exc.message
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
                message=error.message,
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
                message=f"{number} is not a JSON number (NaN and Infinity are refused)",
                validator="finite",
            )
        )
    return problems
