"""`registry.check`: the registry's answer for each registration number on its transaction
date (the contract of `blocks.registration.answer.RegistryAnswer`, plus `ref`: the document
it was asked for)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from blocks.registration.answer import STATUSES
from blocks.registration.lookup import Query, Registry
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from keiri.base.catalog import t

__all__ = ["RegistryCheckBlock", "queries_of"]


def _ref_of(fields: dict[str, Any], index: int) -> str:
    source = fields.get("source")
    if isinstance(source, dict):
        return str(source.get("path") or source.get("name") or f"fields[{index}]")
    return str(source) if source else f"fields[{index}]"


def queries_of(inputs: dict[str, Any]) -> list[tuple[str, Query]]:
    """(ref, query) of the `queries` and of the extracted `fields` that carry a number."""
    found: list[tuple[str, Query]] = []
    for index, item in enumerate(inputs.get("queries") or []):
        query = Query(str(item["number"]), item.get("date"), item.get("issuer_name"))
        found.append((str(item.get("ref") or f"queries[{index}]"), query))
    fields = inputs.get("fields")
    items = fields if isinstance(fields, list) else [fields] if fields else []
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not item.get("registration_number"):
            continue
        query = Query(
            str(item["registration_number"]),
            item.get("transaction_date") or None,
            item.get("issuer_name") or None,
        )
        found.append((_ref_of(item, index), query))
    return found


def _summary(rows: list[dict[str, Any]], as_of: str | None, no_data: bool) -> dict[str, Any]:
    counts = Counter(row["status"] for row in rows)
    return {
        "no_data": no_data,
        "checked": len(rows),
        "by_status": {status: counts.get(status, 0) for status in STATUSES},
        "name_mismatches": sum(1 for row in rows if row["name_matches"] is False),
        "stale": sum(1 for row in rows if row["source"]["stale"]),
        "online": sum(1 for row in rows if row["source"]["kind"] == "api"),
        "online_errors": sum(1 for row in rows if row["online_error"]),
        "as_of": as_of,
    }


class RegistryCheckBlock(Block):
    """Outputs `answers` (one per number), a `summary` and the `attribution` to show."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        asked = queries_of(inputs)
        if not asked:
            return {"answers": [], "summary": _summary([], None, False), "attribution": None}
        with Registry.from_settings(
            online=bool(inputs.get("online", True)),
            allow_empty=inputs.get("if_empty") == "unknown",
        ) as registry:
            answers = registry.check(query for _ref, query in asked)
            as_of, no_data = registry.as_of, registry.empty
        rows = [
            {"ref": ref, **answer.model_dump(mode="json")}
            for (ref, _query), answer in zip(asked, answers, strict=True)
        ]
        summary = _summary(rows, as_of, no_data)
        ctx.emit("registry_checked", checked=len(rows), no_data=no_data, **summary["by_status"])
        sources = {row["source"]["kind"] for row in rows}
        keys = {"local": "registry.attribution.local", "api": "registry.attribution.api"}
        attribution = "\n".join(t(keys[k]) for k in ("local", "api") if k in sources)
        return {"answers": rows, "summary": summary, "attribution": attribution or None}
