"""Formula cells without a saved result: python-calamine reads a cell's saved (cached) value, so a
formula that was never calculated — a workbook written by a program, or saved with manual
calculation — reads as an empty cell. `uncached_formulas` lists them from the sheet's XML, so a
reader can say which cells it read as empty instead of reading them silently.

The package was checked before (`blocks.file.office_guard.check_xml_parts`: no DTD, no
entities, bounded parts); the sheet is streamed, never loaded whole.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path
from xml.etree import ElementTree

from openpyxl.utils.cell import coordinate_to_tuple

__all__ = ["Area", "uncached_formulas"]

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"

#: (first row, first column, last row or None, last column or None), 1-based and inclusive.
Area = tuple[int, int, int | None, int | None]


def _sheet_part(archive: zipfile.ZipFile, sheet: str) -> str | None:
    """The package path of the worksheet named `sheet` (None if the package has no such part)."""
    try:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    except (KeyError, ElementTree.ParseError):
        return None
    rel_id = next(
        (s.get(f"{_REL}id") for s in workbook.iter(f"{_MAIN}sheet") if s.get("name") == sheet),
        None,
    )
    target = next(
        (
            r.get("Target")
            for r in rels.iter(f"{_PACKAGE_REL}Relationship")
            if r.get("Id") == rel_id
        ),
        None,
    )
    if not target:
        return None
    return target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)


def _inside(cell: str, area: Area) -> bool:
    row, col = coordinate_to_tuple(cell)
    first_row, first_col, last_row, last_col = area
    return (
        row >= first_row
        and col >= first_col
        and (last_row is None or row <= last_row)
        and (last_col is None or col <= last_col)
    )


def uncached_formulas(path: Path, sheet: str, area: Area) -> list[str]:
    """The cells (`B3`) of `sheet` inside `area` holding a formula whose saved result is missing
    or empty, in sheet order; [] for a file that is not an OOXML package."""
    if not zipfile.is_zipfile(path):
        return []
    cells: list[str] = []
    with zipfile.ZipFile(path) as archive:
        part = _sheet_part(archive, sheet)
        if part is None or part not in archive.namelist():
            return []
        with archive.open(part) as handle:
            for _event, element in ElementTree.iterparse(handle, events=("end",)):
                if element.tag != f"{_MAIN}c":
                    continue
                formula = element.find(f"{_MAIN}f")
                value = element.find(f"{_MAIN}v")
                where = element.get("r")
                if (
                    formula is not None
                    and (value is None or not (value.text or "").strip())
                    and where
                    and _inside(where, area)
                ):
                    cells.append(where)
                element.clear()
    return cells
