"""`invoice.triage` and `invoice.account_files`: which evidence files go to reconciliation,
and the outcome of every file (logic in `blocks.invoice.file_outcomes`). `account_files` lists
the operating system's files of the evidence ZIP (`archive`) too: the ZIP reader leaves them
out, the report does not."""

from __future__ import annotations

import zipfile
from typing import Any

from blocks.file.archive_names import decode_member_name, is_os_metadata
from blocks.invoice.file_outcomes import account_files, triage
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.fileref import FileRef

__all__ = ["AccountFilesBlock", "TriageBlock"]


class TriageBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        result = triage(inputs["fields"])
        for row in result["set_aside"]:
            ctx.emit("evidence_set_aside", node_id=ctx.node_id, file=row["file"],
                     outcome=row["outcome"], reason=row["reason"])  # fmt: skip
        return result


def os_files(ctx: BlockContext, archive: dict[str, Any] | None) -> list[str]:
    """The operating system's files among the members of the evidence ZIP (its first level;
    the ZIP was checked by `file.parse_zip_2tier`, only its directory is read here)."""
    if not archive:
        return []
    ref = FileRef.model_validate(archive)
    with ctx.open(ref) as handle, zipfile.ZipFile(handle) as zf:
        names = [decode_member_name(info, ref.name) for info in zf.infolist()]
    return [name for name in names if not name.endswith("/") and is_os_metadata(name)]


class AccountFilesBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        result = account_files(
            inputs["fields"],
            inputs.get("matched") or [],
            inputs.get("skipped_left") or [],
            inputs.get("rejected") or [],
            os_files(ctx, inputs.get("archive")),
        )
        ctx.emit("files_accounted", node_id=ctx.node_id, **result["summary"])
        return result
