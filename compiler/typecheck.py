"""Static types of references, and edge compatibility (output schema -> input schema).

Unknown types are relaxed: a schema with no `type` is compatible with anything. `integer` is
accepted where `number` is expected. `$ref`s are resolved through the block SDK.
"""

from __future__ import annotations

from typing import Any

from blocks.sdk.errors import BlockError
from blocks.sdk.spec import resolve_refs
from keiri.base.catalog import t

__all__ = ["compatible", "describe", "schema_at_path", "schema_types", "value_schema"]


def _resolved(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """Port schemas arrive resolved (`port_json_schema`); only a stray keiri `$ref` is resolved
    here. Internal `#/...` refs are not followed: their type counts as unknown (relaxed)."""
    if schema is None:
        return None
    ref = schema.get("$ref")
    if not isinstance(ref, str) or ref.startswith("#"):
        return schema
    try:
        resolved = resolve_refs(schema)
    except BlockError:
        return None
    return resolved if isinstance(resolved, dict) else None


def schema_types(schema: dict[str, Any] | None) -> frozenset[str] | None:
    """The JSON types a schema admits, or None when unknown (relaxed)."""
    schema = _resolved(schema)
    if not schema:
        return None
    declared = schema.get("type")
    if isinstance(declared, str):
        types = {declared}
    elif isinstance(declared, list):
        types = {str(t) for t in declared}
    else:
        union: set[str] = set()
        for key in ("anyOf", "oneOf"):
            for option in schema.get(key, []) or []:
                sub = schema_types(option if isinstance(option, dict) else None)
                if sub is None:
                    return None
                union |= sub
        if union:
            types = union
        elif "properties" in schema:
            types = {"object"}
        elif "items" in schema:
            types = {"array"}
        elif "enum" in schema:
            types = {value_type(v) for v in schema["enum"]}
        else:
            return None
    return frozenset(types)


def value_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def value_schema(value: Any) -> dict[str, Any]:
    """A shallow schema of a literal (vars, config values)."""
    kind = value_type(value)
    schema: dict[str, Any] = {"type": kind}
    if kind == "object":
        schema["properties"] = {str(k): value_schema(v) for k, v in value.items()}
    elif kind == "array" and value:
        schema["items"] = value_schema(value[0])
    return schema


def schema_at_path(
    schema: dict[str, Any] | None, path: list[str | int]
) -> tuple[dict[str, Any] | None, str | None]:
    """Walk `properties`/`items`; returns (schema or None if unknown, error if impossible)."""
    current = _resolved(schema)
    for index, part in enumerate(path):
        if current is None:
            return None, None
        last = index == len(path) - 1
        types = schema_types(current)
        if part == "length" and last and types and types & {"array", "string", "object"}:
            props = (
                current.get("properties", {}) if isinstance(current.get("properties"), dict) else {}
            )
            if "length" not in props:
                return {"type": "integer"}, None
        if isinstance(part, int):
            if types is not None and not types & {"array", "null"}:
                where = ".".join(map(str, path[:index])) or "value"
                return None, t(
                    "issue.path.no_index", where=where, types="/".join(sorted(types)), index=part
                )
            items = current.get("items")
            current = _resolved(items) if isinstance(items, dict) else None
            continue
        props = current.get("properties")
        if isinstance(props, dict) and part in props:
            current = _resolved(props[part])
            continue
        if types is not None and not types & {"object"}:
            return (
                None,
                t(
                    "issue.path.no_key",
                    where=".".join(map(str, path[:index])) or "value",
                    types="/".join(sorted(types)),
                    name=repr(part),
                ),
            )
        if current.get("additionalProperties") is False and isinstance(props, dict):
            known = ", ".join(sorted(props))
            return None, t("issue.path.unknown_key", name=repr(part), known=known)
        extra = current.get("additionalProperties")
        current = _resolved(extra) if isinstance(extra, dict) else None
    return current, None


def compatible(source: dict[str, Any] | None, target: dict[str, Any] | None) -> bool:
    """Can a value of `source` schema flow into a port of `target` schema?"""
    produced = schema_types(source)
    accepted = schema_types(target)
    if produced is None or accepted is None:
        return True
    produced = produced - {"null"}
    if not produced:
        return True
    if "number" in accepted:
        accepted = accepted | {"integer"}
    return bool(produced & accepted)


def describe(schema: dict[str, Any] | None) -> str:
    types = schema_types(schema)
    return "any" if types is None else "/".join(sorted(types))
