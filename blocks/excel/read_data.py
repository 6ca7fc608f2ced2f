"""`excel.read_data`: one sheet (or a range of it) as records keyed by the header row.

An ambiguous header (row 1 holds a title or nothing, later rows look like headers) is asked
about when the node has `confirm_ambiguous: true` (seed 003); otherwise row 1 stays the
header, as always, and the ambiguity is recorded in `findings`. Formula cells of the sheet's
records without a saved result (read as empty) are a finding too, naming the sheet and cells.
"""

from __future__ import annotations

from typing import Any

from blocks.excel.excel_manager import read_records
from blocks.sdk.base import Block
from blocks.sdk.confirmation import NeedsConfirmation, Option
from blocks.sdk.context import BlockContext
from blocks.sdk.fileref import FileRef
from keiri.base.catalog import t

__all__ = ["ReadDataBlock"]


def _preview(cells: list[Any]) -> str:
    return " | ".join("" if v is None else str(v) for v in cells)[:200]


class _HeaderQuestion:
    """The `choose_header` of `read_records`: asks through `ctx.confirm`, else keeps row 1."""

    def __init__(self, ctx: BlockContext, name: str) -> None:
        self.ctx, self.name = ctx, name
        self.findings: list[dict[str, Any]] = []

    def __call__(self, candidates: list[tuple[int, list[Any]]]) -> int | None:
        rows: list[tuple[int, list[Any]]] = [(1, [])] if all(n != 1 for n, _ in candidates) else []
        options = [
            Option(
                id=f"row-{number}",
                label=(
                    t("runtime.excel.header_option", row=number, cells=_preview(cells))
                    if cells
                    else t("runtime.excel.header_first_row")
                ),
                details={
                    t("runtime.excel.header_detail_row"): number,
                    t("runtime.excel.header_detail_cells"): [v for v in cells if v is not None],
                },
            )
            for number, cells in [*rows, *candidates]
        ]
        need = NeedsConfirmation(
            question=t("runtime.excel.header_question", name=self.name),
            options=options,
            context={"file": self.name},
            default=options[0].id,
            key="header_row",
        )
        answer = self.ctx.confirm(need)
        finding: dict[str, Any] = {
            "kind": "ambiguous_header",
            "candidate_rows": [n for n, _ in candidates],
            "question": need.question,
        }
        if answer is None:
            self.findings.append(
                finding
                | {
                    "decided_by": "automatic",
                    "header_row": 1,
                    "note": t("runtime.excel.header_assumed"),
                }
            )
            return None
        chosen = int(str(answer.option).removeprefix("row-"))
        self.findings.append(
            finding
            | {
                "decided_by": answer.answered_by,
                "header_row": chosen,
                "note": t("runtime.confirm.checked"),
            }
        )
        return chosen


#: The cells named in a finding (the count says how many there are).
_SHOWN_CELLS = 20


def _uncached_finding(sheet: str, cells: list[str]) -> dict[str, Any]:
    shown = t("workbook.cells_sep").join(cells[:_SHOWN_CELLS])
    if len(cells) > _SHOWN_CELLS:
        shown += t("workbook.more_cells", count=len(cells) - _SHOWN_CELLS)
    return {
        "kind": "formula_without_value",
        "severity": "warning",
        "sheet": sheet,
        "cells": cells[:_SHOWN_CELLS],
        "count": len(cells),
        "note": t("workbook.uncached", sheet=sheet, count=len(cells), cells=shown),
        "hint": t("workbook.uncached_hint"),
    }


class ReadDataBlock(Block):
    """Read records with python-calamine: dates become ISO strings, numbers stay numbers."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        ref = FileRef.model_validate(inputs["workbook"])
        question = _HeaderQuestion(ctx, ref.name)
        data = read_records(
            ctx.file_store.path(ref),
            name=ref.name,
            sheet=inputs.get("sheet"),
            cell_range=inputs.get("range"),
            header_row=int(inputs.get("header_row", 1)),
            choose_header=question,
        )
        findings = list(question.findings)
        if data.uncached:
            findings.append(_uncached_finding(data.sheet, data.uncached))
        return {
            "records": data.records,
            "columns": data.columns,
            "row_count": len(data.records),
            "sheet": data.sheet,
            "findings": findings,
        }
