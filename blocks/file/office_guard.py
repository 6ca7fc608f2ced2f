"""Checks on an Office (OOXML) package before any parser allocates for it.

- `check_xml_parts`: no part may declare a DTD or entities (`<!DOCTYPE`, `<!ENTITY`). Office
  never writes them; a billion-laughs or external-entity document is FILE_INVALID before
  python-docx, openpyxl or calamine parse it.
- `check_sheet_extent`: every worksheet's cell coordinates are scanned as a stream (the sheet
  XML is decompressed in chunks, never held whole) and the used area — from A1 to the
  furthest row and column holding a cell — must fit `max_cells`. python-calamine allocates
  that whole rectangle (one cell at XFD1048576 makes it ask for 549 GB and abort the process
  with SIGABRT, which no `except` can catch); the scan refuses it as FILE_TOO_LARGE first.
  The `<dimension>` element is not trusted (it can lie either way); the cells are counted.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass

from blocks.file.extract_types import file_error
from blocks.sdk.errors import ErrorCode
from keiri.base.catalog import t

__all__ = ["DEFAULT_MAX_CELLS", "SheetExtent", "check_sheet_extent", "check_xml_parts"]

#: Cells in the used rectangle of one sheet (about 40 bytes each once read: ~200 MB).
DEFAULT_MAX_CELLS = 5_000_000
_DTD = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c)(?=[\s>/])([^>]*)>")
_R_ATTR = re.compile(rb'\br\s*=\s*"([^"]*)"')
_CELL_REF = re.compile(rb"\$?([A-Z]{1,3})\$?(\d{1,7})")
_CHUNK = 1 << 16
_HEAD = 4096


@dataclass(frozen=True)
class SheetExtent:
    """The used rectangle of one worksheet part, from A1."""

    part: str
    rows: int
    cols: int

    @property
    def cells(self) -> int:
        return self.rows * self.cols


def _column_number(letters: bytes) -> int:
    number = 0
    for char in letters:
        number = number * 26 + (char - 64)
    return number


def check_xml_parts(archive: zipfile.ZipFile, name: str, media_type: str) -> None:
    """FILE_INVALID when any XML part of the package declares a DTD or entities."""
    for info in archive.infolist():
        if not info.filename.lower().endswith(_XML_SUFFIXES):
            continue
        with archive.open(info) as stream:
            head = stream.read(_HEAD)
        if _DTD.search(head):
            raise file_error(
                ErrorCode.FILE_INVALID,
                t("runtime.office.dtd", part=info.filename),
                name,
                media_type=media_type,
                hint=t("runtime.office.dtd_hint"),
                part=info.filename,
            )


def _scan(archive: zipfile.ZipFile, part: str) -> SheetExtent | None:
    """The used rectangle of one sheet part; None when a tag is absurdly long."""
    rows = cols = 0
    row = col = 0
    carry = b""
    with archive.open(part) as stream:
        while True:
            chunk = stream.read(_CHUNK)
            data = carry + chunk
            end = len(data)
            if chunk:  # keep a tag cut by the chunk boundary for the next round
                cut = data.rfind(b"<")
                end = cut if cut >= 0 else len(data)
            for match in _TAG.finditer(data, 0, end):
                ref = _R_ATTR.search(match.group(2))
                if match.group(1) == b"row":
                    row = int(ref.group(1)) if ref and ref.group(1).isdigit() else row + 1
                    col = 0
                    rows = max(rows, row)
                    continue
                cell = _CELL_REF.fullmatch(ref.group(1)) if ref else None
                if cell is not None:
                    col = _column_number(cell.group(1))
                    row = max(row, int(cell.group(2)))
                    rows = max(rows, row)
                else:
                    col += 1
                cols = max(cols, col)
            if not chunk:
                break
            carry = data[end:]
            if len(carry) > 2 * _CHUNK:
                return None
    return SheetExtent(part, rows, cols)


def check_sheet_extent(
    archive: zipfile.ZipFile, name: str, media_type: str, max_cells: int = DEFAULT_MAX_CELLS
) -> list[SheetExtent]:
    """The used rectangle of every worksheet; FILE_TOO_LARGE when one exceeds `max_cells`."""
    extents = []
    for info in archive.infolist():
        part = info.filename
        if not (part.startswith("xl/worksheets/") and part.endswith(".xml")):
            continue
        extent = _scan(archive, part)
        if extent is None:
            raise file_error(
                ErrorCode.FILE_INVALID,
                t("runtime.office.long_tag", part=part, limit=f"{2 * _CHUNK:,}"),
                name,
                media_type=media_type,
                hint=t("runtime.office.long_tag_hint"),
                part=part,
            )
        if extent.cells > max_cells:
            raise file_error(
                ErrorCode.FILE_TOO_LARGE,
                t(
                    "runtime.office.too_many_cells",
                    part=part,
                    rows=f"{extent.rows:,}",
                    cols=f"{extent.cols:,}",
                    cells=f"{extent.cells:,}",
                    limit=f"{max_cells:,}",
                ),
                name,
                media_type=media_type,
                hint=t("runtime.office.too_many_cells_hint"),
                part=part,
                rows=extent.rows,
                cols=extent.cols,
                limit=max_cells,
            )
        extents.append(extent)
    return extents
