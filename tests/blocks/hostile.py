"""Hostile Office files made byte by byte for the bounded-reader tests (a few KB each)."""

from __future__ import annotations

import io
import re
import zipfile

import docx

__all__ = ["billion_laughs_docx", "sheet_xlsx"]

_CT = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.worksheet+xml"/></Types>'
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
    'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
    'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WB_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
    'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
)


def sheet_xlsx(cells: dict[str, str], *, prolog: str = "") -> bytes:
    """An XLSX whose only sheet holds `cells` ({"A1": "text", ...}) as inline strings."""
    rows: dict[int, list[str]] = {}
    for ref, value in cells.items():
        row = int(re.sub(r"[A-Z]", "", ref))
        rows.setdefault(row, []).append(f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>')
    body = "".join(f'<row r="{r}">{"".join(c)}</row>' for r, c in sorted(rows.items()))
    sheet = (
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<worksheet xmlns="http://schemas.'
        f'openxmlformats.org/spreadsheetml/2006/main"><sheetData>{body}</sheetData></worksheet>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("[Content_Types].xml", _CT)
        package.writestr("_rels/.rels", _RELS)
        package.writestr("xl/workbook.xml", _WORKBOOK)
        package.writestr("xl/_rels/workbook.xml.rels", _WB_RELS)
        package.writestr("xl/worksheets/sheet1.xml", sheet)
    return out.getvalue()


LAUGHS = (
    '<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
        for i in range(1, 10)
    )
    + "]>"
)


def billion_laughs_docx() -> bytes:
    """A real python-docx document whose body declares the billion-laughs entities."""
    buffer = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("請求書")
    document.save(buffer)
    source = zipfile.ZipFile(io.BytesIO(buffer.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "word/document.xml":
                text = data.decode("utf-8")
                head, sep, rest = text.partition("?>")
                text = head + sep + LAUGHS + rest.replace("請求書", "&lol9;")
                data = text.encode("utf-8")
            target.writestr(info, data)
    return out.getvalue()
