"""`file.extract_text`: the text of one file or of a list of files, in input order.

OCR spends from the run's budget (`OCRBudget.for_run`), so a `foreach` calling this block once
per file shares one budget across its iterations. Each finding (pages OCR did not read) is in
the file's `findings` and is also a `file_finding` event."""

from __future__ import annotations

from typing import Any

from blocks.file.extract_batch import extract_many
from blocks.file.extract_types import ExtractOptions
from blocks.file.file_processor import ExtractedText
from blocks.file.ocr_budget import OCRBudget
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from blocks.sdk.fileref import FileRef

__all__ = ["ExtractTextBlock"]


class ExtractTextBlock(Block):
    """Extract with `blocks.file.file_processor`; the first failing file fails the block."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        raw = inputs["files"]
        listed = isinstance(raw, list)
        refs = [FileRef.model_validate(item) for item in (raw if listed else [raw])]
        options = ExtractOptions(
            max_pages=inputs["max_pages"],
            max_chars=inputs["max_chars"],
            xlsx_max_rows=inputs["xlsx_max_rows"],
            xlsx_max_cols=inputs["xlsx_max_cols"],
            max_bytes=inputs["max_file_size"],
            ocr_budget=OCRBudget.for_run(ctx.run_id),
        )
        items = [(ctx.file_store.path(ref), ref.name) for ref in refs]
        results = extract_many(items, options, workers=min(inputs["workers"], len(items)))
        failed = [(i, r) for i, r in enumerate(results) if isinstance(r, BlockError)]
        if failed:
            index, first = failed[0]
            first.details["field"] = f"files[{index}]" if listed else "files"
            first.details["failed_files"] = [
                {"index": i, "name": refs[i].name, "code": e.code} for i, e in failed
            ]
            raise first
        texts = [r.to_dict() for r in results if isinstance(r, ExtractedText)]
        for text in texts:
            for finding in text["findings"]:
                ctx.emit("file_finding", node_id=ctx.node_id, path=text["name"], finding=finding)
        return {"texts": texts, "total_chars": sum(len(t["text"]) for t in texts)}
