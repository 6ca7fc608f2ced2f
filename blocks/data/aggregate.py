"""`data.aggregate`: sums of numeric fields, overall and per group, in first-seen group order."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blocks.base import Block
from blocks.context import BlockContext
from blocks.errors import BlockError, ErrorCode

__all__ = ["AggregateBlock"]


def _number(value: Any, field: str, index: int) -> Decimal:
    if value is None or value == "":
        return Decimal(0)
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"records[{index}].{field} is not a number: {value!r}",
            details={"field": f"records[{index}].{field}"},
            hint="clean the value upstream",
        )
    try:
        # Decimal keeps yen exact; str() avoids binary float artefacts.
        return Decimal(str(value).replace(",", ""))
    except ArithmeticError as exc:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            f"records[{index}].{field} is not a number: {value!r}",
            details={"field": f"records[{index}].{field}"},
            hint="clean the value upstream",
        ) from exc


def _plain(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


class AggregateBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        records: list[dict[str, Any]] = inputs["records"]
        fields: list[str] = inputs["sum_fields"]
        group_by: str | None = inputs.get("group_by")
        totals = {f: Decimal(0) for f in fields}
        groups: dict[str, dict[str, Any]] = {}
        for index, record in enumerate(records):
            key = record.get(group_by) if group_by else None
            group = groups.setdefault(
                repr(key), {"key": key, "count": 0, "totals": {f: Decimal(0) for f in fields}}
            )
            group["count"] += 1
            for field in fields:
                amount = _number(record.get(field), field, index)
                totals[field] += amount
                group["totals"][field] += amount
        return {
            "totals": {f: _plain(v) for f, v in totals.items()},
            "count": len(records),
            "groups": [
                {
                    "key": g["key"],
                    "count": g["count"],
                    "totals": {f: _plain(v) for f, v in g["totals"].items()},
                }
                for g in groups.values()
            ]
            if group_by
            else [],
        }
