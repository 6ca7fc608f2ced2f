"""`data.check_rules`: declarative field rules over one record or a list of records."""

from __future__ import annotations

import re
from typing import Any

from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["CheckRulesBlock", "check_record"]

_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "number": (int, float),
    "integer": (int,),
    "boolean": (bool,),
}


def _is_type(value: Any, kind: str) -> bool:
    if kind in ("number", "integer") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[kind])


def check_record(
    record: dict[str, Any], rules: list[dict[str, Any]], index: int
) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = []

    def fail(field: str, rule: str, message: str, custom: str | None) -> None:
        findings.append(
            {"record": index, "field": field, "rule": rule, "message": custom or message}
        )

    for rule in rules:
        field = rule["field"]
        custom = rule.get("message")
        value = record.get(field)
        if value is None or value == "":
            if rule.get("required"):
                fail(field, "required", t("runtime.rules.required", field=field), custom)
            continue
        kind = rule.get("type")
        if kind and not _is_type(value, kind):
            message = t("runtime.rules.type", field=field, kind=kind, value=repr(value))
            fail(field, "type", message, custom)
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            if "min" in rule and value < rule["min"]:
                fail(
                    field,
                    "min",
                    t("runtime.rules.min", field=field, limit=rule["min"], value=value),
                    custom,
                )
            if "max" in rule and value > rule["max"]:
                fail(
                    field,
                    "max",
                    t("runtime.rules.max", field=field, limit=rule["max"], value=value),
                    custom,
                )
        if isinstance(value, str):
            if "regex" in rule and not re.fullmatch(rule["regex"], value):
                message = t("runtime.rules.regex", field=field, value=repr(value))
                fail(field, "regex", message, custom)
            if "min_length" in rule and len(value) < rule["min_length"]:
                message = t("runtime.rules.min_length", field=field, limit=rule["min_length"])
                fail(field, "min_length", message, custom)
            if "max_length" in rule and len(value) > rule["max_length"]:
                message = t("runtime.rules.max_length", field=field, limit=rule["max_length"])
                fail(field, "max_length", message, custom)
        if "one_of" in rule and value not in rule["one_of"]:
            fail(
                field,
                "one_of",
                t("runtime.rules.one_of", field=field, options=rule["one_of"], value=repr(value)),
                custom,
            )
    return findings


class CheckRulesBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        data = inputs["data"]
        rules: list[dict[str, Any]] = inputs["rules"]
        for rule in rules:
            if "regex" in rule:
                try:
                    re.compile(rule["regex"])
                except re.error as exc:
                    raise BlockError(
                        ErrorCode.INPUT_VALIDATION_FAILED,
                        t("runtime.rules.bad_pattern", field=repr(rule["field"]), detail=exc),
                        details={"field": f"rules.{rule['field']}.regex"},
                        hint=t("runtime.rules.bad_pattern_hint"),
                    ) from exc
        records = data if isinstance(data, list) else [data]
        findings: list[dict[str, Any]] = []
        for index, record in enumerate(records):
            if not isinstance(record, dict):
                findings.append(
                    {
                        "record": index,
                        "field": "",
                        "rule": "record",
                        "message": t("runtime.rules.not_record", index=index),
                    }
                )
                continue
            findings.extend(check_record(record, rules, index))
        prefix = len(records) > 1
        errors = [(f"[{f['record']}] " if prefix else "") + f["message"] for f in findings]
        return {"passed": not findings, "errors": errors, "findings": findings}
