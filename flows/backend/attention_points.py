"""The points needing attention (注意が必要な点) that a run's outputs hold, counted and named:
payments no invoice explains, invoices no payment settles, 要確認 items and files left out.

Read from the output keys the reconciliation and evidence blocks write, whatever the plan
calls its nodes: `unmatched_right` (statement lines without an invoice), `unmatched_left`
(invoices without a payment), `review` (invoices to check), `skipped` (files a ZIP's
reading left out). A key written by several nodes counts once, from the last node that
wrote it (`settle_proposals` after `reconcile`: what is still open after the decisions).
Every summary states them (`flows.backend.people_summary`), the model's included.

Pure: no Prefect import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from blocks.forms.display import format_value
from blocks.text.japanese import ROW_AMOUNT_KEYS, ROW_DATE_KEYS, ROW_NAME_KEYS
from keiri.base.catalog import t

__all__ = ["MAX_NAMED", "Point", "points_of"]

#: How many items a point names before 「ほか N 件」.
MAX_NAMED = 5
#: An output key -> the words of its point.
_KINDS = {
    "unmatched_right": "summary.point.unmatched_payments",
    "unmatched_left": "summary.point.unmatched_invoices",
    "review": "summary.point.to_check",
    "skipped": "summary.point.skipped_files",
}


@dataclass(frozen=True)
class Point:
    """One kind of point: its output key, how many, and the first items by name."""

    kind: str
    count: int
    names: tuple[str, ...]

    def text(self) -> str:
        shown = t("display.list_sep").join(self.names[:MAX_NAMED])
        if self.count > MAX_NAMED:
            shown += t("summary.point.more", count=self.count - MAX_NAMED)
        return t(_KINDS[self.kind], count=self.count, names=shown or "—")

    def as_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "count": self.count, "names": list(self.names)}


def _name(item: Any) -> str:
    """An item as a person recognises it: who or what, the date, the amount."""
    if not isinstance(item, Mapping):
        return str(item)
    inner = item.get("record") if isinstance(item.get("record"), Mapping) else None
    row: Mapping[str, Any] = inner or item
    parts: list[str] = []
    for keys, fmt in ((ROW_NAME_KEYS, None), (ROW_DATE_KEYS, "date"), (ROW_AMOUNT_KEYS, "yen")):
        value = next((row[k] for k in keys if row.get(k) not in (None, "")), None)
        if value is not None:
            parts.append(format_value(value, fmt) if fmt else str(value))
    source = row.get("source")
    if not parts and isinstance(source, Mapping) and source.get("path"):
        parts.append(str(source["path"]))
    return " ".join(parts) or "—"


def _skipped_files(value: Any) -> list[Any] | None:
    """The files an evidence reading left out (`files[].skipped` set)."""
    if not isinstance(value, Mapping) or not isinstance(value.get("files"), list):
        return None
    return [f for f in value["files"] if isinstance(f, Mapping) and f.get("skipped")]


def _lists(value: Any, found: dict[str, list[Any]]) -> None:
    """found[key] = the last list written under each key of `_KINDS` (depth first)."""
    if isinstance(value, Mapping):
        skipped = _skipped_files(value)
        if skipped is not None:
            found["skipped"] = skipped
        for key, item in value.items():
            if key in _KINDS and key != "skipped" and isinstance(item, list):
                found[str(key)] = item
            else:
                _lists(item, found)


def points_of(outputs: Mapping[str, Any]) -> list[Point]:
    """The points of a run's outputs (`{node id: outputs}`, in the plan's order)."""
    found: dict[str, list[Any]] = {}
    for value in outputs.values():
        _lists(value, found)
    points = []
    for kind in _KINDS:
        items = found.get(kind) or []
        if items:
            names = tuple(
                str(i.get("path") or i.get("name"))
                if kind == "skipped" and isinstance(i, Mapping)
                else _name(i)
                for i in items
            )
            points.append(Point(kind, len(items), names))
    return points
