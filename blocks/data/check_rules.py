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
                fail(field, "required", f"{field} は必須です", custom)
            continue
        kind = rule.get("type")
        if kind and not _is_type(value, kind):
            fail(field, "type", f"{field} は {kind} である必要があります（値: {value!r}）", custom)
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            if "min" in rule and value < rule["min"]:
                fail(
                    field,
                    "min",
                    f"{field} は {rule['min']} 以上である必要があります（値: {value}）",
                    custom,
                )
            if "max" in rule and value > rule["max"]:
                fail(
                    field,
                    "max",
                    f"{field} は {rule['max']} 以下である必要があります（値: {value}）",
                    custom,
                )
        if isinstance(value, str):
            if "regex" in rule and not re.fullmatch(rule["regex"], value):
                fail(field, "regex", f"{field} の形式が正しくありません（値: {value!r}）", custom)
            if "min_length" in rule and len(value) < rule["min_length"]:
                fail(
                    field, "min_length", f"{field} は {rule['min_length']} 文字以上必要です", custom
                )
            if "max_length" in rule and len(value) > rule["max_length"]:
                fail(field, "max_length", f"{field} は {rule['max_length']} 文字以内です", custom)
        if "one_of" in rule and value not in rule["one_of"]:
            fail(
                field,
                "one_of",
                f"{field} は {rule['one_of']} のいずれかです（値: {value!r}）",
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
                        "message": f"レコード {index} がオブジェクトではありません",
                    }
                )
                continue
            findings.extend(check_record(record, rules, index))
        prefix = len(records) > 1
        errors = [(f"[{f['record']}] " if prefix else "") + f["message"] for f in findings]
        return {"passed": not findings, "errors": errors, "findings": findings}
