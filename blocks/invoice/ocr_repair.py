"""OCR misreadings of the labels and rates that extraction looks for, repaired before the
rules read an OCR'd page (「台計」 for 合計, 「ご請金額」 for ご請求金額, 「19%」 or 「16%」 for 10%:
Japan's consumption tax has no such rate; 「軽减」 with a simplified Chinese glyph). Only OCR text is repaired, and what is read from
it stays 要確認 unless two reads agree or the arithmetic confirms it (`evidence`)."""

from __future__ import annotations

from typing import Any

from blocks.invoice.patterns import OCR_LABEL_REPAIRS, SIMPLIFIED_GLYPHS

__all__ = ["repair_layout", "repair_text"]


def repair_text(text: str) -> str:
    """`text` with the known OCR misreadings of labels and rates repaired."""
    text = text.translate(SIMPLIFIED_GLYPHS)
    for pattern, replacement in OCR_LABEL_REPAIRS:
        text = pattern.sub(replacement, text)
    return text


def repair_layout(layout: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """The layout's rows with each cell's text repaired (positions unchanged)."""
    if not layout:
        return layout
    return [
        {**row, "cells": [[c[0], c[1], repair_text(str(c[2]))] for c in row["cells"]]}
        for row in layout
    ]
