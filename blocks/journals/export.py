"""An export of a run's journal entries to one product's file: collect the run's batches,
leave out what another run already exported (`ledger`), check (`checks`), map the names
(`mapping`), render (`formats`). The caller writes the file, then `record`s the export.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from blocks.journals.checks import Problem, check_entries, raise_problems
from blocks.journals.formats import Layout, layout, render, rows
from blocks.journals.ledger import ExportLedger
from blocks.journals.mapping import load_chart, require_mapped
from blocks.journals.model import JOURNAL_FORMAT, Entry, JournalBatch, Period, parse_period
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.nested import find_objects
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["ExportResult", "collect_batches", "prepare_export", "record_export"]

_KIND_ORDER = {"purchase": 0, "payment": 1}


@dataclass
class ExportResult:
    data: bytes
    layout: Layout
    period: Period
    entries: list[Entry]
    excluded: list[dict[str, Any]] = field(default_factory=list)
    left_out: list[dict[str, Any]] = field(default_factory=list)
    cut: list[dict[str, str]] = field(default_factory=list)
    rows: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.layout.name,
            "label": self.layout.label,
            "period": self.period.model_dump(),
            "entries": len(self.entries),
            "rows": self.rows,
            "bytes": len(self.data),
            "excluded": self.excluded,
            "left_out": self.left_out,
            "cut": self.cut,
        }


def collect_batches(outputs: Any) -> list[JournalBatch]:
    """Every journal batch in a run's outputs (any node, any alias, nested anywhere); of a
    batch and its corrected copies (the same run and node), the latest revision only."""
    found = [
        _batch(value)
        for value in find_objects(outputs, lambda v: v.get("journal_format") == JOURNAL_FORMAT)
    ]
    latest: dict[tuple[str, str, str], JournalBatch] = {}
    for batch in found:
        ident = (batch.run_id, batch.node_id, batch.kind)
        if ident not in latest or batch.revision > latest[ident].revision:
            latest[ident] = batch
    return [batch for batch in found if latest[(batch.run_id, batch.node_id, batch.kind)] is batch]


def _batch(value: Mapping[str, Any]) -> JournalBatch:
    try:
        return JournalBatch.model_validate(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BlockError(
            ErrorCode.JOURNAL_CHECK_FAILED,
            t(
                "journal.check.malformed",
                node=value.get("node_id") or "?",
                where=where,
                detail=first["msg"],
            ),
            details={"node_id": value.get("node_id"), "where": where},
            hint=t("journal.check.malformed_hint"),
        ) from exc


def _period(batches: Sequence[JournalBatch], given: Any) -> Period:
    try:
        period = parse_period(given)
    except ValueError:
        raise BlockError(
            ErrorCode.USAGE_ERROR,
            t("journal.period.invalid", value=given),
            hint=t("journal.period.hint"),
        ) from None
    if period is not None:
        return period
    found = {b.period.label(): b.period for b in batches if b.period is not None}
    if len(found) == 1:
        return next(iter(found.values()))
    key = "journal.period.missing" if not found else "journal.period.several"
    raise BlockError(
        ErrorCode.USAGE_ERROR,
        t(key, periods=", ".join(sorted(found))),
        hint=t("journal.period.hint"),
    )


def prepare_export(
    batches: Sequence[JournalBatch],
    fmt: str,
    *,
    period: Any = None,
    overflow: Literal["cut", "refuse"] | None = None,
    ledger: ExportLedger | None = None,
    start_number: int = 1,
) -> ExportResult:
    """The file of `batches` in format `fmt`, checked; raises JOURNAL_CHECK_FAILED /
    ACCOUNT_NOT_MAPPED listing every problem."""
    target = layout(fmt)
    span = _period(batches, period)
    entries = [entry for batch in batches for entry in batch.entries]
    excluded: list[dict[str, Any]] = []
    if ledger is not None:
        done = ledger.exported(entry.dedup_key for entry in entries)
        kept = []
        for entry in entries:
            before = done.get(entry.dedup_key)
            if before is not None and before.run_id != entry.run_id:
                excluded.append(
                    {
                        "entry": entry.id,
                        "run_id": before.run_id,
                        "exported_at": before.exported_at,
                        "format": before.format,
                    }
                )
            else:
                kept.append(entry)
        entries = kept
    left_out = [
        {"entry": e.id, "reason": t("journal.export.payment_not_a_deal")}
        for e in entries
        if target.rows == "deal" and e.kind != "purchase"
    ]
    entries.sort(key=lambda e: (e.date, _KIND_ORDER[e.kind], e.id))
    chart = load_chart(target.chart)
    checked = check_entries(
        entries, span, target, chart, overflow or settings.get().journals.summary_overflow
    )
    raise_problems(checked.problems, target.label)
    require_mapped(entries, chart, target.label)
    numbers = {entry.id: start_number + i for i, entry in enumerate(entries)}
    table = rows(entries, target, chart, numbers, checked.summaries)
    try:
        data = render(table, target)
    except UnicodeEncodeError as exc:  # a text the checks do not look at
        char = exc.object[exc.start : exc.end]
        problem = Problem(
            "",
            "unencodable",
            t(
                "journal.check.unencodable",
                entry="-",
                char=char,
                text=char,
                encoding=target.encoding,
            ),
        )
        raise_problems([problem], target.label)
        raise  # unreachable: raise_problems raised
    return ExportResult(
        data=data,
        layout=target,
        period=span,
        entries=entries,
        excluded=excluded,
        left_out=left_out,
        cut=checked.cut,
        rows=len(table),
    )


def record_export(result: ExportResult, who: str, ledger: ExportLedger) -> None:
    """Remember the written entries (after the file is in place)."""
    written = [
        e for e in result.entries if not (result.layout.rows == "deal" and e.kind != "purchase")
    ]
    ledger.record(written, result.layout.name, result.period.label(), who)
