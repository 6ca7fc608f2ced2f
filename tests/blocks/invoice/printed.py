"""A document as the PDF text layer gives it, for the reader's tests: rows of (x0, x1, text)
cells, each row a line of the text in reading order."""

from __future__ import annotations

from typing import Any

from blocks.invoice.extract import extract_invoice_fields

__all__ = ["Cells", "printed_fields"]

Cells = list[tuple[float, float, str]]


def printed_fields(rows: list[Cells]) -> dict[str, Any]:
    """The fields of a document printed as `rows`, with its layout (12 pt apart)."""
    layout = [
        {"page": 1, "top": 100 + 12 * i, "cells": [list(c) for c in row]}
        for i, row in enumerate(rows)
    ]
    text = "\n".join(" ".join(c[2] for c in row) for row in rows)
    return extract_invoice_fields(text, layout=layout)
