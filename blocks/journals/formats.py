"""Rendering entries in a product's import layout (`layouts.yaml`): rows of cells from the
layout's columns, then the file's bytes (CSV in the layout's encoding and line ends, or an
Excel sheet). What goes in is already checked (`checks`) and mapped (`mapping`)."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

import yaml

from blocks.journals.mapping import Chart
from blocks.journals.model import Entry, Line
from keiri.base.catalog import t

__all__ = ["CUT_MARK", "FORMATS", "Layout", "fit_summary", "layout", "render", "summary_size"]

#: What ends a 摘要 cut to a product's limit (in cp932: 0x8163).
CUT_MARK = "…"


@dataclass(frozen=True)
class Layout:
    name: str
    label: str
    chart: str
    encoding: str | None
    newline: str
    header: bool
    extension: str
    rows: Literal["paired", "deal", "flat"]
    date_format: str
    summary_limit: int | None
    summary_unit: Literal["chars", "bytes"]
    columns: tuple[tuple[str, str], ...]
    flags: Mapping[str, str] = field(default_factory=dict)
    sheet: str | None = None


@cache
def _layouts() -> dict[str, Layout]:
    text = resources.files("blocks.journals").joinpath("layouts.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    found: dict[str, Layout] = {}
    for name, spec in data.items():
        columns = spec["columns"]
        if isinstance(columns, str):  # the same columns as another layout
            columns = data[columns]["columns"]
        summary = spec.get("summary") or {}
        found[name] = Layout(
            name=name,
            label=spec["label"],
            chart=spec["chart"],
            encoding=spec.get("encoding"),
            newline=spec.get("newline", "\r\n"),
            header=bool(spec.get("header")),
            extension=spec["extension"],
            rows=spec["rows"],
            date_format=spec["date_format"],
            summary_limit=summary.get("limit"),
            summary_unit=summary.get("unit", "chars"),
            columns=tuple((str(h), str(v)) for h, v in columns),
            flags=spec.get("flags") or {},
            sheet=spec.get("sheet"),
        )
    return found


FORMATS: tuple[str, ...] = tuple(_layouts())


def layout(name: str) -> Layout:
    return _layouts()[name]


def summary_size(text: str, target: Layout) -> int:
    """The length of a 摘要 as the layout counts it (characters, or bytes of its encoding)."""
    if target.summary_unit == "bytes":
        return len(text.encode(target.encoding or "utf-8", errors="replace"))
    return len(text)


def fit_summary(text: str, target: Layout) -> str:
    """`text` cut to the layout's limit, ending in `CUT_MARK` when cut."""
    limit = target.summary_limit
    if limit is None or summary_size(text, target) <= limit:
        return text
    kept = text
    while kept and summary_size(kept + CUT_MARK, target) > limit:
        kept = kept[:-1]
    return kept + CUT_MARK


# -- rows ------------------------------------------------------------------------------------


def _deduction(code: str) -> int | None:
    """The deduction percent of a purchase tax code (`purchase_10_d80` -> 80), None if untaxed."""
    if not code.startswith("purchase_"):
        return None
    _, _, suffix = code.rpartition("_d")
    return int(suffix) if code.count("_d") and suffix.isdigit() else 100


def _side(line: Line | None, entry: Entry, chart: Chart, summary: str) -> dict[str, Any]:
    if line is None:
        return {}
    deduction = _deduction(line.tax_category)
    return {
        "account": chart.account(line.account),
        "tax_category": chart.tax_category(line.tax_category),
        "amount": line.amount,
        "tax_amount": line.tax_amount,
        "invoice": chart.invoice.get(deduction, "") if deduction is not None else "",
        "counterparty": entry.counterparty.name or "",
        "summary": summary,
    }


def _paired(
    entry: Entry, base: dict[str, Any], target: Layout, chart: Chart
) -> Iterator[dict[str, Any]]:
    debits = [line for line in entry.lines if line.side == "debit"]
    credits = [line for line in entry.lines if line.side == "credit"]
    count = max(len(debits), len(credits))
    for i in range(count):
        flag = target.flags.get(
            "single"
            if count == 1
            else "first"
            if i == 0
            else "last"
            if i == count - 1
            else "middle",
            "",
        )
        yield {
            **base,
            "flag": flag,
            "debit": _side(debits[i] if i < len(debits) else None, entry, chart, base["summary"]),
            "credit": _side(
                credits[i] if i < len(credits) else None, entry, chart, base["summary"]
            ),
        }


def _deal(
    entry: Entry, base: dict[str, Any], target: Layout, chart: Chart
) -> Iterator[dict[str, Any]]:
    if entry.kind != "purchase":
        return
    due = entry.due_date and _date(entry.due_date, target)
    for i, line in enumerate(line for line in entry.lines if line.side == "debit"):
        row = _side(line, entry, chart, base["summary"])
        row["deal"] = {**base, "due_date": due or "", "first": True} if i == 0 else {}
        yield row


_QUALIFICATION = {
    "qualified": "journal.word.qualified",
    "not_qualified": "journal.word.not_qualified",
    "before_invoice_system": "journal.word.before_invoice_system",
}
_SIDES = {"debit": "journal.word.debit", "credit": "journal.word.credit"}


def _flat(
    entry: Entry, base: dict[str, Any], target: Layout, chart: Chart
) -> Iterator[dict[str, Any]]:
    q = entry.qualification
    for number, line in enumerate(entry.lines, start=1):
        yield {
            **base,
            **_side(line, entry, chart, base["summary"]),
            "entry_id": entry.id,
            "kind": t(
                "journal.word.purchase" if entry.kind == "purchase" else "journal.word.payment",
                "ja",
            ),
            "line_no": number,
            "side": t(_SIDES[line.side], "ja"),
            "rate": line.rate,
            "counterparty_code": entry.counterparty.code,
            "registration_number": entry.counterparty.registration_number,
            "qualification": t(_QUALIFICATION[q.status], "ja") if q else "",
            "deduction": q.deduction if q else None,
            "qualification_source": q.source if q else "",
            "due_date": _date(entry.due_date, target) if entry.due_date else "",
            "review": t("journal.word.review", "ja") if entry.review else "",
            "store_id": entry.evidence.store_id,
            "evidence": entry.evidence.path or entry.evidence.name,
            "run_id": entry.run_id,
        }


_ROWS = {"paired": _paired, "deal": _deal, "flat": _flat}


def _date(iso: str, target: Layout) -> str:
    return dt.date.fromisoformat(iso).strftime(target.date_format)


def _cell(row: dict[str, Any], value: str) -> Any:
    if not value:
        return ""
    scope: Any = row
    if value.startswith("deal."):  # the deal's own fields: its first row only
        scope, value = row.get("deal") or {}, value.removeprefix("deal.")
        if not scope:
            return ""
    if value.startswith("="):
        return value[1:]
    for part in value.split("."):
        scope = scope.get(part) if isinstance(scope, dict) else None
    return "" if scope is None else scope


def rows(
    entries: Sequence[Entry],
    target: Layout,
    chart: Chart,
    numbers: Mapping[str, int],
    summaries: Mapping[str, str],
) -> list[list[Any]]:
    """The cells of every row (the header not included)."""
    out: list[list[Any]] = []
    for entry in entries:
        base = {
            "number": numbers[entry.id],
            "date": _date(entry.date, target),
            "summary": summaries[entry.id],
            "memo": f"{entry.id} {entry.run_id}".strip(),
            "counterparty": entry.counterparty.name or "",
        }
        for row in _ROWS[target.rows](entry, base, target, chart):
            out.append([_cell(row, value) for _header, value in target.columns])
    return out


def render(table: list[list[Any]], target: Layout) -> bytes:
    """The file: CSV text in the layout's encoding (an UnicodeEncodeError propagates), or an
    Excel workbook."""
    headers = [header for header, _value in target.columns]
    if target.extension == "xlsx":
        return _workbook(headers, table, target)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator=target.newline)
    if target.header:
        writer.writerow(headers)
    writer.writerows([["" if cell is None else str(cell) for cell in row] for row in table])
    return buffer.getvalue().encode(target.encoding or "utf-8")


def _workbook(headers: list[str], table: list[list[Any]], target: Layout) -> bytes:
    """The sheet in openpyxl's write-only mode (rows streamed: a 20,000-line month stays
    small and fast); headers bold, amounts as numbers shown `#,##0`, the header row frozen."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    book = Workbook(write_only=True)
    sheet = book.create_sheet(target.sheet or "Sheet1")
    sheet.freeze_panes = "A2"
    bold = Font(bold=True)
    header_cells = []
    for header in headers:
        cell = WriteOnlyCell(sheet, value=header)
        cell.font = bold
        header_cells.append(cell)
    sheet.append(header_cells)
    money = {headers.index(c) for c in ("金額", "税額") if c in headers}
    for row in table:
        cells: list[Any] = []
        for index, value in enumerate(row):
            if index in money and isinstance(value, int):
                cell = WriteOnlyCell(sheet, value=value)
                cell.number_format = "#,##0"
                cells.append(cell)
            else:
                cells.append("" if value is None else value)
        sheet.append(cells)
    book.properties.created = book.properties.modified = dt.datetime(2000, 1, 1)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
