"""Plain text files (TXT/MD/CSV/TSV): strict decoding, in a fixed order.

A byte-order mark decides first (UTF-8, UTF-16); otherwise strict UTF-8, then strict cp932
(Shift_JIS as written by Japanese Windows and Excel). A file that is none of these is
FILE_INVALID — never decoded with replacement characters.
"""

from __future__ import annotations

import codecs
import csv
import io

from blocks.file.extract_types import CSV, TEXT, ExtractOptions, RawText, file_error
from blocks.sdk.errors import ErrorCode
from keiri.base.catalog import t

__all__ = ["ENCODINGS", "csv_rows", "decode_text", "extract_plain", "looks_like_text"]

ENCODINGS = ("utf-8", "cp932")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _bom_encoding(data: bytes) -> str | None:
    return next((enc for bom, enc in _BOMS if data.startswith(bom)), None)


def looks_like_text(head: bytes) -> bool:
    """True when the start of a file decodes strictly (a cut multibyte tail is allowed)."""
    encoding = _bom_encoding(head)
    if encoding is None and b"\x00" in head:
        return False
    for candidate in (encoding,) if encoding else ENCODINGS:
        try:
            codecs.getincrementaldecoder(candidate)(errors="strict").decode(head, final=False)
        except UnicodeDecodeError:
            continue
        return True
    return False


def decode_text(data: bytes, name: str, media_type: str = TEXT) -> tuple[str, str]:
    """(text with `\\n` newlines, encoding used); FILE_INVALID when nothing decodes strictly."""
    bom = _bom_encoding(data)
    for encoding in (bom,) if bom else ENCODINGS:
        try:
            text = data.decode(encoding, errors="strict")
        except UnicodeDecodeError:
            continue
        return text.replace("\r\n", "\n").replace("\r", "\n"), encoding
    tried = bom or ", ".join(ENCODINGS)
    raise file_error(
        ErrorCode.FILE_INVALID,
        t("runtime.text.bad_encoding", tried=tried),
        name,
        media_type=media_type,
        hint=t("runtime.text.bad_encoding_hint"),
        tried_encodings=[bom] if bom else list(ENCODINGS),
    )


def extract_plain(
    data: bytes, name: str, opts: ExtractOptions, *, media_type: str = TEXT
) -> RawText:
    text, _ = decode_text(data, name, media_type)
    return RawText(text, None, False)


def csv_rows(data: bytes, name: str, max_rows: int) -> tuple[list[list[str]], str]:
    """The rows of a CSV/TSV export (strict UTF-8/cp932 decoding) and the encoding used;
    FILE_TOO_LARGE beyond `max_rows`."""
    text, encoding = decode_text(data, name, CSV)
    delimiter = "\t" if text[:4096].count("\t") > text[:4096].count(",") else ","
    rows: list[list[str]] = []
    for row in csv.reader(io.StringIO(text), delimiter=delimiter):
        if len(rows) >= max_rows:
            raise file_error(
                ErrorCode.FILE_TOO_LARGE,
                t("runtime.statement.too_many_rows", limit=f"{max_rows:,}"),
                name,
                media_type=CSV,
                hint=t("runtime.statement.too_many_rows_hint"),
                limit=max_rows,
            )
        rows.append(row)
    return rows, encoding
