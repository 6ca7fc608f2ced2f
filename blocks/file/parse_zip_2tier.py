"""`file.parse_zip_2tier`: an evidence ZIP (one top folder per vendor or month) as files and
folders, each file stored and its text extracted.

A whole-archive problem (unsafe, encrypted member, not a ZIP) fails the block. A file whose
text cannot be extracted keeps its entry with `error: {code, message}`, is listed in the
`errors` output and is reported as a `file_error` event — never silently empty. Pages OCR did
not read (over the run's OCR budget, blank, too slow) are the entry's `findings` and
`file_finding` events; the rest of the file's text is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from blocks.file.extract_batch import ExtractResult, extract_many
from blocks.file.extract_types import ExtractOptions
from blocks.file.folder_processor import ArchiveLimits, ZipMember, folder_summary, read_zip
from blocks.file.ocr_budget import OCRBudget
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from blocks.sdk.fileref import FileRef
from keiri.base.catalog import t

__all__ = ["ParseZip2TierBlock", "skip_reason"]


def _file_entry(member: ZipMember, result: ExtractResult | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "path": member.path,
        "folder": member.folder,
        "name": member.name,
        "size": member.size,
        "media_type": member.file.media_type,
        "file": member.file.model_dump(mode="json"),
        "text": None,
        "text_truncated": False,
        "pages": None,
        "error": None,
        "skipped": None,
        "ocr_pages": 0,
        "notes": [],
        "findings": [],
        "layout": [],
    }
    reason = skip_reason(member)
    if reason is not None:
        entry["skipped"] = reason
        return entry
    if isinstance(result, BlockError):
        entry["error"] = {"code": result.code, "message": result.message}
    elif result is not None:
        entry.update(
            text=result.text,
            text_truncated=result.truncated,
            pages=result.pages,
            ocr_pages=result.ocr_pages,
            notes=list(result.notes),
            findings=[finding.to_dict() for finding in result.findings],
            layout=list(result.layout),
        )
    return entry


def skip_reason(member: ZipMember) -> str | None:
    """Files that are not evidence: Office lock files (`~$請求書.xlsx`) and empty files."""
    if member.name.startswith("~$"):
        return t("runtime.zip.skip_lock_file")
    if member.size == 0:
        return t("runtime.zip.skip_empty")
    return None


class ParseZip2TierBlock(Block):
    """Read the ZIP with `blocks.file.folder_processor`, extract with `file_processor`."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        source = FileRef.model_validate(inputs["zip_bytes"])
        limits = ArchiveLimits(
            max_members=inputs["max_members"],
            max_total_size=inputs["max_total_size"],
            max_ratio=inputs["max_ratio"],
            max_depth=inputs["max_depth"],
        )

        def skipped(path: str, reason: str) -> None:
            ctx.logger.info("skipped %s in %s: %s", path, source.name, reason)
            ctx.emit("archive_member_skipped", node_id=ctx.node_id, path=path, reason=reason)

        members: list[ZipMember] = []
        results: list[ExtractResult | None] = []
        with ctx.open(source) as handle:
            unpacked = read_zip(handle, ctx.file_store, limits, name=source.name, on_skip=skipped)
            if inputs["extract_text"]:
                options = ExtractOptions(
                    max_pages=inputs["max_pages"],
                    max_chars=inputs["text_limit"],
                    xlsx_max_rows=inputs["xlsx_max_rows"],
                    xlsx_max_cols=inputs["xlsx_max_cols"],
                    ocr_budget=OCRBudget.for_run(ctx.run_id),
                )

                def stored() -> Iterator[tuple[Path | bytes, str]]:
                    for member in unpacked:
                        members.append(member)
                        yield ctx.file_store.path(member.file), member.name

                results.extend(extract_many(stored(), options, workers=inputs["workers"]))
            else:
                members.extend(unpacked)
                results.extend([None] * len(members))
        files = [_file_entry(m, r) for m, r in zip(members, results, strict=True)]
        errors = []
        for entry, result in zip(files, results, strict=True):
            if entry["skipped"]:
                skipped(entry["path"], entry["skipped"])
                continue
            for finding in entry["findings"]:
                ctx.emit("file_finding", node_id=ctx.node_id, path=entry["path"], finding=finding)
            if isinstance(result, BlockError):
                errors.append(
                    {
                        "path": entry["path"],
                        "code": result.code,
                        "message": result.message,
                        "hint": result.hint,
                    }
                )
                ctx.logger.warning("no text from %s: %s", entry["path"], result)
                ctx.emit(
                    "file_error",
                    node_id=ctx.node_id,
                    path=entry["path"],
                    error={"code": result.code, "message": result.message},
                )
        evidence = {
            "files": files,
            "folders": folder_summary(members),
            "total_files": len(files),
            "source": source.model_dump(mode="json"),
        }
        return {"evidence_data": evidence, "errors": errors}
