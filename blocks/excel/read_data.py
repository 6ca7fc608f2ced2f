"""`excel.read_data`: one sheet (or a range of it) as records keyed by the header row."""

from __future__ import annotations

from typing import Any

from blocks.base import Block
from blocks.context import BlockContext
from blocks.core.excel_manager import read_records
from blocks.fileref import FileRef

__all__ = ["ReadDataBlock"]


class ReadDataBlock(Block):
    """Read records with python-calamine: dates become ISO strings, numbers stay numbers."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        ref = FileRef.model_validate(inputs["workbook"])
        data = read_records(
            ctx.file_store.path(ref),
            name=ref.name,
            sheet=inputs.get("sheet"),
            cell_range=inputs.get("range"),
            header_row=int(inputs.get("header_row", 1)),
        )
        return {
            "records": data.records,
            "columns": data.columns,
            "row_count": len(data.records),
            "sheet": data.sheet,
        }
