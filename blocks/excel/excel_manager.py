"""ExcelManager: read a sheet as records (python-calamine) and write tables into workbooks
(openpyxl: normal mode into a template, write-only mode for a new workbook).

Reading turns dates into ISO strings and keeps numbers as numbers. Writing into a template keeps
its styles, merged cells, number formats, formulas outside the written area and data
validation; the template file itself is only read. Every failure is a `BlockError`.

Over 400 lines: the reader and the two writing modes share the workbook's cell, style and
template helpers, which a split would have to export.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import difflib
import json
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from copy import copy
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Literal, cast

import python_calamine
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell, MergedCell
from openpyxl.styles import Font
from openpyxl.styles.numbers import is_date_format
from openpyxl.utils.cell import (
    column_index_from_string,
    coordinate_from_string,
    get_column_letter,
    range_boundaries,
)
from openpyxl.worksheet.worksheet import Worksheet

from blocks.excel.formulas import uncached_formulas
from blocks.file.extract_plain import csv_rows
from blocks.file.office_guard import DEFAULT_MAX_CELLS, check_sheet_extent, check_xml_parts
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.text.amounts import AmountError, parse_amount, plain_number
from keiri.base.catalog import t

__all__ = [
    "Column",
    "HeaderChooser",
    "SheetData",
    "SheetWritten",
    "TableWrite",
    "cell_value",
    "guard_workbook",
    "header_candidates",
    "is_text_table",
    "parse_cell",
    "read_records",
    "read_rows",
    "write_tables",
]

Mode = Literal["replace", "append"]
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTION_STREAM = "EncryptionInfo".encode("utf-16-le")
_ERROR_CODES = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"})
_HEADER_FONT = Font(bold=True)
_PLAIN = frozenset({str, int, float, bool, type(None)})


# -- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetData:
    """Records of one sheet area: `columns` in sheet order, one dict per non-empty row."""

    sheet: str
    columns: list[str]
    records: list[dict[str, Any]]
    header_cell: str
    #: Cells of the records' area holding a formula without a saved result (read as empty).
    uncached: list[str] = field(default_factory=list)


def _json_cell(value: Any) -> Any:
    if value == "" or value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    return value


def _file_error(exc: Exception, name: str, path: Path) -> BlockError:
    with path.open("rb") as handle:
        head = handle.read(1 << 16)
    if isinstance(exc, python_calamine.PasswordError) or (
        head.startswith(_OLE_MAGIC) and _ENCRYPTION_STREAM in head
    ):
        return BlockError(
            ErrorCode.FILE_ENCRYPTED,
            t("runtime.excel.encrypted", name=repr(name)),
            details={"field": "workbook", "file": name},
            hint=t("runtime.excel.encrypted_hint"),
        )
    return BlockError(
        ErrorCode.FILE_INVALID,
        t("runtime.excel.unreadable", name=repr(name), detail=exc),
        details={"field": "workbook", "file": name, "exception": type(exc).__name__},
        hint=t("runtime.excel.unreadable_hint"),
    )


def guard_workbook(path: Path, name: str, max_cells: int = DEFAULT_MAX_CELLS) -> None:
    """Check an XLSX/XLSM package before a reader allocates for it: no DTD/entities in its
    XML, every sheet's used area within `max_cells` (FILE_INVALID / FILE_TOO_LARGE). Legacy
    .xls files (not a ZIP) are left to the reader."""
    with path.open("rb") as handle:
        if handle.read(4) != b"PK\x03\x04":
            return
    media = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    try:
        with zipfile.ZipFile(path) as package:
            check_xml_parts(package, name, media)
            check_sheet_extent(package, name, media, max_cells)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as exc:
        raise _file_error(exc, name, path) from exc


def is_text_table(path: Path, name: str) -> bool:
    """True for a file named .csv/.tsv/.txt that is not a workbook (a ZIP or OLE container)."""
    if PurePosixPath(name).suffix.lower() not in (".csv", ".tsv", ".txt"):
        return False
    with path.open("rb") as handle:
        head = handle.read(8)
    return not (head.startswith(b"PK") or head.startswith(_OLE_MAGIC))


def read_rows(
    path: Path,
    name: str,
    sheet: str | None = None,
    max_row: int | None = None,
    max_cells: int = DEFAULT_MAX_CELLS,
) -> tuple[str, list[list[Any]]]:
    """(sheet name, raw cell values row by row) of one sheet, after `guard_workbook`."""
    guard_workbook(path, name, max_cells)
    try:
        workbook = python_calamine.CalamineWorkbook.from_path(str(path))
    except Exception as exc:  # calamine raises several unrelated types for bad files
        raise _file_error(exc, name, path) from exc
    names = list(workbook.sheet_names)
    if not names:
        raise BlockError(ErrorCode.FILE_INVALID, t("runtime.excel.no_sheets", name=repr(name)))
    target = names[0] if sheet is None else sheet
    if target not in names:
        raise _unknown_sheet(t("runtime.excel.workbook", name=repr(name)), target, names)
    try:
        rows = workbook.get_sheet_by_name(target).to_python(skip_empty_area=False, nrows=max_row)
    except Exception as exc:
        raise _file_error(exc, name, path) from exc
    return target, rows


def _invalid(field: str, value: Any, message: str, hint: str, **details: Any) -> BlockError:
    """INPUT_VALIDATION_FAILED about the input `field` and the `value` it had (`actual_value`)."""
    return BlockError(
        ErrorCode.INPUT_VALIDATION_FAILED,
        message,
        details={"field": field, "actual_value": value, **details},
        hint=hint,
    )


def _unknown_sheet(kind: str, sheet: str, known: Sequence[str]) -> BlockError:
    close = difflib.get_close_matches(sheet, list(known), n=3, cutoff=0.4)
    suggestion = (
        t("runtime.excel.suggest", names=", ".join(repr(c) for c in close)) if close else ""
    )
    return _invalid(
        "sheet",
        sheet,
        t("runtime.excel.no_sheet", kind=kind, sheet=repr(sheet), suggestion=suggestion),
        t("runtime.excel.sheets", names=", ".join(known)),
        sheets=list(known),
    )


def _header_names(raw: Sequence[Any], first_col: int) -> list[str]:
    names: list[str] = []
    seen: dict[str, int] = {}
    for offset, value in enumerate(raw):
        cell = _json_cell(value)
        name = str(cell).strip() if cell is not None else ""
        if not name:
            name = f"column_{get_column_letter(first_col + offset)}"
        count = seen.get(name, 0) + 1
        seen[name] = count
        names.append(name if count == 1 else f"{name}_{count}")
    return names


#: (candidate rows: [(row number from the range's first row, its cells)]) -> the header row
#: to use, or None to keep the given one.
HeaderChooser = Callable[[list[tuple[int, list[Any]]]], int | None]

_HEADER_SCAN_ROWS = 10
_HEADER_CANDIDATES = 3


def header_candidates(
    rows: Sequence[Sequence[Any]], min_col: int = 1, max_col: int | None = None
) -> list[tuple[int, list[Any]]]:
    """Rows that could be the header when row 1 cannot: row 1 holds at most one value (a
    title, a blank) and later rows among the first ten have two or more values, all text.
    Empty when row 1 looks like a header (the usual case: nothing to ask)."""

    def cells(row: Sequence[Any]) -> list[Any]:
        return [_json_cell(v) for v in row[min_col - 1 : max_col]]

    if not rows or sum(v is not None for v in cells(rows[0])) >= 2:
        return []
    found: list[tuple[int, list[Any]]] = []
    for number, row in enumerate(rows[:_HEADER_SCAN_ROWS], start=1):
        values = [v for v in cells(row) if v is not None]
        if len(values) >= 2 and all(isinstance(v, str) for v in values):
            found.append((number, cells(row)))
            if len(found) == _HEADER_CANDIDATES:
                break
    return found


def read_records(
    path: Path,
    *,
    name: str,
    sheet: str | None = None,
    cell_range: str | None = None,
    header_row: int = 1,
    max_cells: int = DEFAULT_MAX_CELLS,
    choose_header: HeaderChooser | None = None,
) -> SheetData:
    """Read one sheet (or `cell_range` of it) as records keyed by the `header_row` cells.

    `header_row` counts from the first row of the range (the sheet's row 1 without a range).
    Rows whose cells are all empty are not records. With `choose_header`, an ambiguous header
    (`header_candidates`) is decided by it (None keeps `header_row`).
    """
    bounds: tuple[int | None, ...] = (1, 1, None, None)
    if cell_range:
        try:
            bounds = range_boundaries(cell_range.upper())
        except ValueError as exc:
            raise _invalid(
                "range",
                cell_range,
                t("runtime.excel.bad_range", range=repr(cell_range)),
                t("runtime.excel.bad_range_hint"),
            ) from exc
    min_col, min_row, max_col, max_row = bounds[0] or 1, bounds[1] or 1, bounds[2], bounds[3]
    text_table = is_text_table(path, name)
    if text_table:
        table, _ = csv_rows(path.read_bytes(), name, max_rows=max_cells)
        rows: list[list[Any]] = [list(r) for r in table[:max_row]]
        target = sheet or PurePosixPath(name).stem
    else:
        target, rows = read_rows(path, name, sheet, max_row, max_cells)
    if choose_header is not None and header_row == 1:
        candidates = header_candidates(rows[min_row - 1 :], min_col, max_col)
        if candidates:
            header_row = choose_header(candidates) or header_row
    header_index = min_row - 1 + header_row - 1
    if header_index >= len(rows):
        raise _invalid(
            "header_row",
            header_row,
            t("runtime.excel.header_below", row=header_row, sheet=repr(target), rows=len(rows)),
            t("runtime.excel.header_below_hint"),
            rows=len(rows),
        )
    stop_col = max_col if max_col is not None else max((len(r) for r in rows), default=0)
    columns = _header_names(rows[header_index][min_col - 1 : stop_col], min_col)
    records: list[dict[str, Any]] = []
    for raw in rows[header_index + 1 :]:
        values = [_json_cell(v) for v in raw[min_col - 1 : stop_col]]
        if any(v is not None for v in values):
            values += [None] * (len(columns) - len(values))
            records.append(dict(zip(columns, values, strict=True)))
    header_cell = f"{get_column_letter(min_col)}{header_index + 1}"
    area = (header_index + 2, min_col, max_row, stop_col or None)
    uncached = [] if text_table else uncached_formulas(path, target, area)
    return SheetData(target, columns, records, header_cell, uncached)


# -- writing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One written column: the record `key`, its `header` label, optional value `kind`."""

    key: str
    header: str
    kind: Literal["auto", "text", "number", "date"] = "auto"
    number_format: str | None = None


@dataclass
class TableWrite:
    """Rows (already cell values, one list per record) for one area of one sheet.

    `sheet=None` means the template's first sheet ("Sheet1" in a new workbook).
    """

    sheet: str | None
    columns: list[Column]
    rows: Iterable[list[Any]]
    row_count: int
    start_cell: str = "A1"
    header: bool = True
    mode: Mode = "replace"
    source: str | None = None


@dataclass(frozen=True)
class SheetWritten:
    sheet: str
    source: str | None
    rows: int
    columns: int
    start_cell: str
    end_cell: str
    header_written: bool
    mode: Mode
    created_sheet: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def parse_cell(start_cell: str) -> tuple[int, int]:
    """`"B3"` -> (row 3, column 2); a bad reference is INPUT_VALIDATION_FAILED."""
    try:
        letters, row = coordinate_from_string(start_cell.strip().upper())
        return row, column_index_from_string(letters)
    except ValueError as exc:
        raise _invalid(
            "output_config.start_cell",
            start_cell,
            t("runtime.excel.bad_cell", cell=repr(start_cell)),
            t("runtime.excel.bad_cell_hint"),
        ) from exc


def _lookup(record: Mapping[str, Any], key: str) -> Any:
    if key in record:
        return record[key]
    value: Any = record
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def _not_a(key: str, hint: str, where: str, value: Any, column: Column) -> BlockError:
    """A cell value that is not what its column holds (a date, a number)."""
    return _invalid(
        where, value, t(key, where=where, value=repr(value), column=repr(column.header)), t(hint)
    )


def cell_value(value: Any, column: Column, where: str) -> Any:
    """A JSON-like value as an Excel cell value for `column` (nested values become JSON)."""
    if value is None:
        return None
    if column.kind == "date" and isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError as exc:
            raise _not_a(
                "runtime.excel.not_date", "runtime.excel.not_date_hint", where, value, column
            ) from exc
    if column.kind == "number" and isinstance(value, str):
        try:
            number = parse_amount(value)
        except AmountError as exc:
            raise _not_a(
                "runtime.excel.not_number", "runtime.excel.not_number_hint", where, value, column
            ) from exc
        return None if number is None else plain_number(number)
    if column.kind == "text" and not isinstance(value, str):
        value = json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else value
        return str(value).lower() if isinstance(value, bool) else str(value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, default=str)
    return value


class TextRow(list[Any]):
    """A row holding a string that openpyxl would store as a formula or an error code
    (`"=..."`, `"#N/A"`): the writers force those cells to text."""


def _checked(values: list[Any], index: int, columns: Sequence[Column], where: str) -> list[Any]:
    """Refuse control characters Excel cannot store; mark rows with formula-like text."""
    texts = [v for v in values if type(v) is str]
    if not texts:
        return values
    joined = "".join(texts)
    if ILLEGAL_CHARACTERS_RE.search(joined):
        column = next(
            c
            for c, v in zip(columns, values, strict=True)
            if type(v) is str and ILLEGAL_CHARACTERS_RE.search(v)
        )
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("runtime.excel.control_char", field=f"{where}[{index}].{column.key}"),
            details={"field": f"{where}[{index}].{column.key}", "row": index},
            hint=t("runtime.excel.control_char_hint"),
        )
    if ("=" in joined or "#" in joined) and any(_text_safe(v) for v in texts):
        return TextRow(values)
    return values


def rows_from_records(
    records: Sequence[Any], columns: Sequence[Column], where: str
) -> Iterator[list[Any]]:
    """One list of cell values per record, in column order, produced as the writer consumes
    them (the hot path of big writes: no second copy of the table is held in memory)."""
    keys = [c.key for c in columns]
    simple = all(c.kind == "auto" for c in columns)
    for index, record in enumerate(records):
        if type(record) is not dict and not isinstance(record, Mapping):
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t("runtime.excel.not_row", field=f"{where}[{index}]"),
                details={"field": f"{where}[{index}]"},
                hint=t("runtime.excel.not_row_hint"),
            )
        try:
            values = [record[k] for k in keys]
        except KeyError:
            values = [_lookup(record, k) for k in keys]
        if not (simple and _PLAIN.issuperset(map(type, values))):
            values = [
                cell_value(v, c, f"{where}[{index}].{c.key}")
                for v, c in zip(values, columns, strict=True)
            ]
        yield _checked(values, index, columns, where)


def _text_safe(value: Any) -> bool:
    """True for strings that openpyxl would store as a formula or an error code."""
    return isinstance(value, str) and (
        (len(value) > 1 and value[0] == "=") or value in _ERROR_CODES
    )


def _end_cell(row0: int, col0: int, n_rows: int, n_cols: int) -> str:
    return f"{get_column_letter(col0 + max(n_cols, 1) - 1)}{row0 + max(n_rows, 1) - 1}"


def _wo_cell(sheet: Any, value: Any, number_format: str | None = None, bold: bool = False) -> Any:
    """A write-only cell when the value needs a format, text forcing or a bold font."""
    text = _text_safe(value)
    if value is None or not (number_format or text or bold):
        return value
    cell = WriteOnlyCell(sheet, value)
    if text:
        cell.data_type = "s"
    if number_format:
        cell.number_format = number_format
    if bold:
        cell.font = _HEADER_FONT
    return cell


def _stream_rows(
    sheet: Any, rows: Iterable[list[Any]], pad: list[Any], formats: list[str | None]
) -> int:
    count = 0
    if any(formats):
        for values in rows:
            sheet.append(pad + [_wo_cell(sheet, *vf) for vf in zip(values, formats, strict=True)])
            count += 1
        return count
    for values in rows:
        if type(values) is TextRow:
            values = [_wo_cell(sheet, v) for v in values]  # noqa: PLW2901
        sheet.append(pad + values)
        count += 1
    return count


def _write_only(out_path: Path, tables: Sequence[TableWrite]) -> list[SheetWritten]:
    workbook = Workbook(write_only=True)
    written: list[SheetWritten] = []
    for table in tables:
        row0, col0 = parse_cell(table.start_cell)
        title = table.sheet or "Sheet1"
        sheet = workbook.create_sheet(title)
        for _ in range(row0 - 1):
            sheet.append([])
        pad: list[Any] = [None] * (col0 - 1)
        if table.header:
            sheet.append(pad + [_wo_cell(sheet, c.header, bold=True) for c in table.columns])
        try:
            count = _stream_rows(sheet, table.rows, pad, [c.number_format for c in table.columns])
        except BaseException:
            # Close the sheet's XML stream so the half-written file is dropped cleanly; the
            # original error is what the caller sees.
            with contextlib.suppress(Exception):
                sheet.close()
            raise
        written.append(
            SheetWritten(
                sheet=title,
                source=table.source,
                rows=count,
                columns=len(table.columns),
                start_cell=f"{get_column_letter(col0)}{row0}",
                end_cell=_end_cell(row0, col0, count + int(table.header), len(table.columns)),
                header_written=table.header,
                mode=table.mode,
                created_sheet=True,
            )
        )
    workbook.save(out_path)
    return written


def _last_used_row(sheet: Worksheet, row0: int, col0: int, n_cols: int) -> int:
    """The last row of the block of non-empty rows starting at `row0` (0 if `row0` is empty):
    the previous table in the target columns. Rows below a blank row are not part of it."""
    last = 0
    for offset, values in enumerate(
        sheet.iter_rows(
            min_row=row0,
            max_row=max(sheet.max_row, row0),
            min_col=col0,
            max_col=col0 + n_cols - 1,
            values_only=True,
        )
    ):
        if all(v is None or v == "" for v in values):
            break
        last = row0 + offset
    return last


def _check_merged(sheet: Worksheet, top: int, bottom: int, left: int, right: int) -> None:
    for merged in sheet.merged_cells.ranges:
        if (
            merged.min_row <= bottom
            and merged.max_row >= top
            and merged.min_col <= right
            and merged.max_col >= left
        ):
            area = f"{get_column_letter(left)}{top}:{get_column_letter(right)}{bottom}"
            raise BlockError(
                ErrorCode.INPUT_VALIDATION_FAILED,
                t(
                    "runtime.excel.merged",
                    area=area,
                    sheet=repr(sheet.title),
                    merged=merged.coord,
                ),
                details={"field": "output_config.start_cell", "sheet": sheet.title, "area": area},
                hint=t("runtime.excel.merged_hint"),
            )


def _iso_date(value: Any) -> Any:
    """An ISO date string as a date (for a template column formatted as dates), else as is."""
    if isinstance(value, str) and len(value) == 10:
        with contextlib.suppress(ValueError):
            return dt.date.fromisoformat(value)
    return value


def _style_of(cell: Cell) -> Any:
    return copy(cell._style)  # type: ignore[attr-defined]  # openpyxl's own copy idiom


def _set_style(cell: Cell, style: Any) -> None:
    cell._style = copy(style)  # type: ignore[attr-defined]


def _write_into(sheet: Worksheet, table: TableWrite, created: bool) -> SheetWritten:
    row0, col0 = parse_cell(table.start_cell)
    n_cols = len(table.columns)
    right = col0 + n_cols - 1
    last = _last_used_row(sheet, row0, col0, n_cols)
    data_row0 = row0 + int(table.header)
    # The template's first data row, per column: new rows take its style (and date format).
    firsts = [cast(Cell, sheet.cell(data_row0, col0 + i)) for i in range(n_cols)]
    styles = [_style_of(c) if c.has_style else None for c in firsts]
    dates = [c.has_style and is_date_format(c.number_format) for c in firsts]
    if table.mode == "append" and last >= row0:
        first, header_written = last + 1, False
    else:
        first, header_written = data_row0, table.header
        for cells in sheet.iter_rows(
            min_row=row0, max_row=max(last, row0), min_col=col0, max_col=right
        ):
            for cell in cells:
                if not isinstance(cell, MergedCell) and cell.coordinate not in sheet.merged_cells:
                    cell.value = None
    end_row = max(first + table.row_count - 1, row0 if header_written else first)
    _check_merged(sheet, row0 if header_written else first, end_row, col0, right)
    if header_written:
        for i, column in enumerate(table.columns):
            header_cell = cast(Cell, sheet.cell(row0, col0 + i))
            header_cell.value = column.header
            if _text_safe(column.header):
                header_cell.data_type = "s"
    for r, values in enumerate(table.rows):
        text = type(values) is TextRow
        for i, value in enumerate(values):
            cell = cast(Cell, sheet.cell(first + r, col0 + i))
            column = table.columns[i]
            if styles[i] is not None and not cell.has_style:
                _set_style(cell, styles[i])
            cell.value = _iso_date(value) if dates[i] and column.kind == "auto" else value
            if text and _text_safe(value):
                cell.data_type = "s"
            if column.number_format:
                cell.number_format = column.number_format
    top = row0 if header_written else first
    return SheetWritten(
        sheet=sheet.title,
        source=table.source,
        rows=table.row_count,
        columns=n_cols,
        start_cell=f"{get_column_letter(col0)}{top}",
        end_cell=_end_cell(top, col0, end_row - top + 1, n_cols),
        header_written=header_written,
        mode=table.mode,
        created_sheet=created,
    )


def _load_template(path: Path, name: str) -> tuple[Workbook, list[str]]:
    warnings: list[str] = []
    guard_workbook(path, name)
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.namelist()
        with path.open("rb") as handle:  # a stored object has no file extension for openpyxl
            workbook = load_workbook(
                handle, keep_vba=name.lower().endswith(".xlsm"), rich_text=True
            )
    except Exception as exc:  # zipfile, lxml and openpyxl raise many types for bad files
        raise _file_error(exc, name, path) from exc
    if any(p.startswith(("xl/drawings/", "xl/charts/")) for p in parts):
        warnings.append(t("runtime.excel.drawings", name=repr(name)))
    return workbook, warnings


def write_tables(
    out_path: Path,
    tables: Iterable[TableWrite],
    *,
    template: Path | None = None,
    template_name: str = "",
) -> tuple[list[SheetWritten], list[str], str]:
    """Write `tables` to `out_path` (a new file); returns (sheets, warnings, engine).

    Without a template and with one table per sheet, openpyxl's write-only mode streams rows
    (fast, low memory). Otherwise the template (or a new workbook) is edited in normal mode.
    """
    tables = list(tables)
    targets = [t.sheet or "Sheet1" for t in tables]
    if template is None and len(set(targets)) == len(targets):
        return _write_only(out_path, tables), [], "openpyxl-write-only"
    warnings: list[str] = []
    if template is None:
        workbook = Workbook()
        fresh: Worksheet | None = workbook.active
    else:
        workbook, warnings = _load_template(template, template_name)
        fresh = None
    existing = list(workbook.sheetnames) if template is not None else []
    written: list[SheetWritten] = []
    for table in tables:
        title = table.sheet or (workbook.sheetnames[0] if template is not None else "Sheet1")
        created = title not in workbook.sheetnames or fresh is not None
        if fresh is not None:  # a new workbook's default sheet becomes the first table's
            fresh.title = title
            fresh = None
        elif created:
            workbook.create_sheet(title)
            close = difflib.get_close_matches(title, existing, n=1, cutoff=0.6)
            if close:
                warnings.append(
                    t("runtime.excel.sheet_added", sheet=repr(title), close=repr(close[0]))
                )
        written.append(_write_into(workbook[title], table, created))
    workbook.save(out_path)
    return written, warnings, "openpyxl"
