"""`journal.export`: a run's journal written to the import file of the product a plan names
(`export_format: yayoi`), kept in the file store as an output of the run — the same export as
`keiri journals export` (`export.prepare_export`: the checks, the names of the product's chart,
entries another run already exported left out), recorded in the ledger with who confirmed it.

Besides the file it gives the report's 仕訳 sheet (`lines`: every entry of the run as the
generic CSV's rows, with whether this file holds it or another run's did) and, per evidence
file, the entries made from it (`by_document`, for `archive.add`'s `journal_entries`).
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections import defaultdict
from typing import Any

from blocks.journals.export import collect_batches, prepare_export, record_export
from blocks.journals.formats import layout, rows
from blocks.journals.ledger import ExportLedger
from blocks.journals.mapping import load_chart
from blocks.journals.model import Entry, JournalBatch, Period
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from keiri.base.catalog import t

__all__ = ["ExportBlock", "report_lines"]

_STATE = "出力"  # the 仕訳 sheet's column saying which file holds the entry


def report_lines(
    entries: list[Entry], excluded: dict[str, str], numbers: dict[str, int] | None = None
) -> list[dict[str, Any]]:
    """Every line of `entries` as the generic CSV's columns (Japanese headers), plus 出力:
    this run's file, or the run whose file already held it (`excluded`: entry id -> run)."""
    target = layout("csv")
    headers = [header for header, _value in target.columns]
    numbered = numbers or {entry.id: i for i, entry in enumerate(entries, start=1)}
    table = rows(
        entries, target, load_chart("generic"), numbered, {e.id: e.description for e in entries}
    )
    out: list[dict[str, Any]] = []
    for cells in table:
        line = dict(zip(headers, cells, strict=True))
        entry_id = str(line.get("仕訳ID") or "")
        before = excluded.get(entry_id)
        line[_STATE] = (
            t("journal.export_block.exported_before", "ja", run=before[:8])
            if before
            else t("journal.export_block.this_file", "ja")
        )
        out.append(line)
    return out


def _period_text(period: Period) -> str:
    """`202609` for one calendar month, else `20260921-20261020`."""
    start, end = dt.date.fromisoformat(period.start), dt.date.fromisoformat(period.end)
    last = calendar.monthrange(start.year, start.month)[1]
    if start.day == 1 and end == start.replace(day=last):
        return start.strftime("%Y%m")
    return f"{start:%Y%m%d}-{end:%Y%m%d}"


def _by_document(entries: list[Entry]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for entry in entries:
        if entry.kind == "purchase" and entry.evidence.path:
            found[entry.evidence.path].append(entry.id)
    return dict(found)


class ExportBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        answered = inputs.get("answered") or {}
        who = str(inputs.get("who") or answered.get("answered_by") or "unknown")
        fmt = str(inputs["format"])
        batches: list[JournalBatch] = collect_batches(
            [batch for batch in inputs["journals"] if batch]
        )
        ledger = ExportLedger()
        result = prepare_export(batches, fmt, period=inputs.get("period"), ledger=ledger)
        target = result.layout
        name = inputs.get("file_name") or t(
            "journal.export_block.file_name",
            "ja",
            label=target.name,
            period=_period_text(result.period),
            extension=target.extension,
        )
        ref = ctx.store(result.data, str(name))
        if inputs["record"]:
            record_export(result, who, ledger)
        every = sorted(
            (entry for batch in batches for entry in batch.entries),
            key=lambda e: (e.date, e.kind != "purchase", e.id),
        )
        excluded = {str(item["entry"]): str(item["run_id"]) for item in result.excluded}
        summary = {
            "format": target.name,
            "label": target.label,
            "file_name": ref.name,
            "period": result.period.model_dump(),
            "entries": len(result.entries) - len(result.left_out),
            "rows": result.rows,
            "excluded": len(result.excluded),
            "excluded_entries": result.excluded,
            "left_out": result.left_out,
            "cut": result.cut,
            "recorded_by": who if inputs["record"] else None,
        }
        ctx.emit(
            "journal_exported",
            node_id=ctx.node_id,
            format=target.name,
            entries=summary["entries"],
            excluded=summary["excluded"],
        )
        return {
            "file": ref.model_dump(mode="json"),
            "summary": summary,
            "lines": report_lines(every, excluded),
            "by_document": _by_document(every),
        }
