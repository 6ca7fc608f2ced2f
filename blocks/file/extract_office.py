"""DOCX text (python-docx) and XLSX text (python-calamine).

DOCX: page headers, then the body's paragraphs and tables in document order (a table row is
its cells joined by tabs), then the footers. XLSX: the top-left `xlsx_max_rows` x
`xlsx_max_cols` of the used range of the first sheet, one tab-separated line per row.
Before parsing, the package's declared unpacked size is checked (`max_unpacked`).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from typing import Any

from blocks.file.extract_types import DOCX, XLSX, ExtractOptions, RawText, file_error
from blocks.file.office_guard import check_sheet_extent, check_xml_parts
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["check_package", "extract_docx", "extract_xlsx", "format_cell", "text_format"]


def _unreadable(message: str, name: str, media_type: str) -> BlockError:
    """The FILE_INVALID error of an office package that cannot be read (the broken-file hint)."""
    return file_error(
        ErrorCode.FILE_INVALID,
        message,
        name,
        media_type=media_type,
        hint=t("runtime.office.broken_hint"),
    )


def check_package(data: bytes, name: str, media_type: str, opts: ExtractOptions) -> None:
    """Reject an OOXML package whose parts would unpack beyond `opts.max_unpacked`, that
    declares DTDs/entities (XML bombs), or (XLSX) whose sheets span more than `opts.max_cells`.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            infos = package.infolist()
            _check_sizes(infos, name, media_type, opts)
            check_xml_parts(package, name, media_type)
            if media_type == XLSX:
                check_sheet_extent(package, name, media_type, opts.max_cells)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, zlib.error) as exc:
        raise _unreadable(t("runtime.office.zip_broken", detail=exc), name, media_type) from exc


def _check_sizes(
    infos: list[zipfile.ZipInfo], name: str, media_type: str, opts: ExtractOptions
) -> None:
    unpacked = sum(info.file_size for info in infos)
    if unpacked > opts.max_unpacked:
        raise file_error(
            ErrorCode.FILE_TOO_LARGE,
            t("runtime.office.unpacked", size=f"{unpacked:,}", limit=f"{opts.max_unpacked:,}"),
            name,
            media_type=media_type,
            hint=t("runtime.office.unpacked_hint"),
            unpacked_size=unpacked,
            limit=opts.max_unpacked,
        )
    if any(info.flag_bits & 0x1 for info in infos):
        raise file_error(
            ErrorCode.FILE_ENCRYPTED,
            t("runtime.office.encrypted_parts"),
            name,
            media_type=media_type,
            hint=t("runtime.office.encrypted_parts_hint"),
        )


def _block_text(block: Any) -> str:
    """A paragraph's text, or a table as tab-separated rows (merged cells once)."""
    from docx.table import Table

    if not isinstance(block, Table):
        return str(block.text)
    lines: list[str] = []
    for row in block.rows:
        cells: list[str] = []
        seen: set[int] = set()
        for cell in row.cells:
            if id(cell._tc) in seen:  # a merged cell repeats in every column it spans
                continue
            seen.add(id(cell._tc))
            cells.append(" ".join(cell.text.split("\n")))
        lines.append("\t".join(cells).rstrip("\t"))
    return "\n".join(lines)


def _parts_text(parts: Iterable[Any]) -> Iterator[str]:
    seen: set[str] = set()
    for part in parts:
        if part.is_linked_to_previous:
            continue
        text = "\n".join(_block_text(b) for b in part.iter_inner_content()).strip()
        if text and text not in seen:
            seen.add(text)
            yield text


def extract_docx(data: bytes, name: str, opts: ExtractOptions) -> RawText:
    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from lxml.etree import LxmlError  # type: ignore[import-untyped]

    check_package(data, name, DOCX, opts)
    try:
        document = docx.Document(io.BytesIO(data))
        sections = list(document.sections)
        headers = list(_parts_text(s.header for s in sections))
        body = [_block_text(block) for block in document.iter_inner_content()]
        footers = list(_parts_text(s.footer for s in sections))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile, LxmlError) as exc:
        raise _unreadable(t("runtime.office.docx_unreadable", detail=exc), name, DOCX) from exc
    text = "\n".join([*headers, *body, *footers]).strip("\n")
    return RawText(text, None, False)


def format_cell(value: Any) -> str:
    """A cell as text: integral floats without `.0`, dates in ISO form, no tabs/newlines."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return " ".join(str(value).split("\n")).replace("\t", " ")


_FORMAT_PART = re.compile(r'"([^"]*)"|\\(.)|(@)|_.|([^";@\\_*]+)|\*.')


def text_format(fmt: str, value: str) -> str | None:
    """A text cell as its number format shows it: `@" 御中"`, `@\\ "御中"` (an escaped
    space), `"請求先: "@`; None when the format is not a text format (no `@`, or a section
    separator)."""
    if "@" not in fmt or ";" in fmt:
        return None
    shown: list[str] = []
    position = 0
    while position < len(fmt):
        part = _FORMAT_PART.match(fmt, position)
        if part is None:
            return None
        quoted, escaped, at, plain = part.groups()
        shown.append(value if at else quoted or escaped or plain or "")
        position = part.end()
    return "".join(shown)


def _sheet_extras(
    data: bytes, opts: ExtractOptions, start: tuple[int, int], rows: list[list[Any]]
) -> tuple[dict[tuple[int, int], str], list[str]]:
    """What calamine's values miss, from the first sheet's XML (openpyxl, read-only):
    text cells whose number format adds words (`@" 御中"`, `"請求先: "@`) as Excel shows them,
    by (row, column) from `start` (calamine's first used cell, 0-based); and the cells holding
    a formula without a saved result (calamine reads them as empty). The package was checked
    by `check_package`."""
    from openpyxl import load_workbook
    from openpyxl.utils.cell import get_column_letter

    formatted: dict[tuple[int, int], str] = {}
    uncached: list[str] = []
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
        sheet = workbook.worksheets[0]
        for r, row in enumerate(
            sheet.iter_rows(
                min_row=start[0] + 1,
                min_col=start[1] + 1,
                max_row=start[0] + opts.xlsx_max_rows,
                max_col=start[1] + opts.xlsx_max_cols,
            )
        ):
            for c, cell in enumerate(row):
                value = cell.value
                if isinstance(value, str) and value.startswith("="):
                    cached = rows[r][c] if r < len(rows) and c < len(rows[r]) else None
                    if cached in (None, ""):
                        uncached.append(f"{get_column_letter(start[1] + c + 1)}{start[0] + r + 1}")
                    continue
                fmt = getattr(cell, "number_format", "General") or "General"
                shown = text_format(fmt, value) if isinstance(value, str) else None
                if shown is not None:
                    formatted[(r, c)] = shown
        workbook.close()
    except (KeyError, ValueError, TypeError, zipfile.BadZipFile, OSError):
        return {}, []  # the calamine text stays as read; these are extras
    return formatted, uncached


def extract_xlsx(data: bytes, name: str, opts: ExtractOptions) -> RawText:
    from python_calamine import CalamineError, CalamineWorkbook, PasswordError

    check_package(data, name, XLSX, opts)
    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        sheet = workbook.get_sheet_by_index(0)
        rows = sheet.to_python(nrows=opts.xlsx_max_rows)
        height, width = sheet.height, sheet.width
        start = sheet.start
    except PasswordError as exc:
        raise file_error(
            ErrorCode.FILE_ENCRYPTED,
            t("runtime.office.xlsx_encrypted"),
            name,
            media_type=XLSX,
            hint=t("runtime.office.xlsx_encrypted_hint"),
        ) from exc
    except (CalamineError, ValueError) as exc:
        raise _unreadable(t("runtime.office.xlsx_unreadable", detail=exc), name, XLSX) from exc
    formatted, uncached = _sheet_extras(data, opts, start, rows) if start else ({}, [])
    lines = [
        "\t".join(
            formatted.get((r, c)) or format_cell(v) for c, v in enumerate(row[: opts.xlsx_max_cols])
        ).rstrip("\t")
        for r, row in enumerate(rows[: opts.xlsx_max_rows])
    ]
    while lines and not lines[-1]:
        lines.pop()
    truncated = height > opts.xlsx_max_rows or width > opts.xlsx_max_cols
    notes: tuple[str, ...] = ()
    if uncached:
        shown = ", ".join(uncached[:10]) + (
            t("runtime.office.more_cells", count=len(uncached) - 10) if len(uncached) > 10 else ""
        )
        notes = (t("runtime.office.uncached", cells=shown),)
    return RawText("\n".join(lines), None, truncated, 0, notes)
