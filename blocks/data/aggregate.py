"""`data.aggregate`: sums of numeric fields, overall and per group, in first-seen group order.

Values are parsed with the bounded amount grammar of `blocks.text.amounts` (`¥12,345`,
`△500`, full-width digits); NaN, infinities, exponents and oversized numbers are invalid.
Every invalid cell is listed in one INPUT_VALIDATION_FAILED error — a total is never computed
over values that are not amounts.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.text.amounts import AmountError, parse_amount, plain_number
from keiri.base.catalog import t

__all__ = ["AggregateBlock"]

_LISTED = 50


def _invalid_error(invalid: list[dict[str, Any]]) -> BlockError:
    first = invalid[0]
    shown = ", ".join(f"{x['field']} ({x['reason']})" for x in invalid[:5])
    more = t("runtime.aggregate.more", count=len(invalid) - 5) if len(invalid) > 5 else ""
    return BlockError(
        ErrorCode.INPUT_VALIDATION_FAILED,
        t("runtime.aggregate.not_amounts", count=len(invalid), shown=shown, more=more),
        details={
            "field": first["field"],
            "actual_value": first["value"],
            "invalid_cells": invalid[:_LISTED],
            "invalid_count": len(invalid),
        },
        hint=t("runtime.aggregate.not_amounts_hint"),
    )


class AggregateBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        records: list[dict[str, Any]] = inputs["records"]
        fields: list[str] = inputs["sum_fields"]
        group_by: str | None = inputs.get("group_by")
        totals = {f: Decimal(0) for f in fields}
        groups: dict[str, dict[str, Any]] = {}
        invalid: list[dict[str, Any]] = []
        for index, record in enumerate(records):
            key = record.get(group_by) if group_by else None
            group = groups.setdefault(
                repr(key), {"key": key, "count": 0, "totals": {f: Decimal(0) for f in fields}}
            )
            group["count"] += 1
            for field in fields:
                value = record.get(field)
                try:
                    amount = parse_amount(value) or Decimal(0)
                except AmountError as exc:
                    shown = value if isinstance(value, str | int) else repr(value)
                    where = f"records[{index}].{field}"
                    invalid.append({"field": where, "value": shown, "reason": exc.reason})
                    continue
                totals[field] += amount
                group["totals"][field] += amount
        if invalid:
            raise _invalid_error(invalid)
        return {
            "totals": {f: plain_number(v) for f, v in totals.items()},
            "count": len(records),
            "groups": [
                {
                    "key": g["key"],
                    "count": g["count"],
                    "totals": {f: plain_number(v) for f, v in g["totals"].items()},
                }
                for g in groups.values()
            ]
            if group_by
            else [],
        }
