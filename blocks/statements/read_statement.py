"""`table.read_statement`: a bank or card statement (CSV/TSV export, workbook or Zengin
fixed-length file) as transactions with the canonical columns 日付, 摘要, 出金, 入金, 残高.
Rows that are not transactions are listed in `skipped` with their reason; a running balance
that breaks is a finding (`findings`, and a `statement_finding` event)."""

from __future__ import annotations

from typing import Any

from blocks.excel.excel_manager import read_rows
from blocks.file.extract_types import file_error
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import ErrorCode
from blocks.sdk.fileref import FileRef
from blocks.statements.statements import Statement, read_statement
from blocks.statements.vocabulary import ROW
from keiri.base.catalog import t

__all__ = ["ReadStatementBlock"]

_MAX_BYTES = 200 * 1000 * 1000
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


class ReadStatementBlock(Block):
    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        ref = FileRef.model_validate(inputs["statement"])
        path = ctx.file_store.path(ref)
        header_row = inputs.get("header_row")
        max_rows = int(inputs["max_rows"])
        if ref.size > _MAX_BYTES:
            raise file_error(
                ErrorCode.FILE_TOO_LARGE,
                t("runtime.statement.too_large", size=f"{ref.size:,}", limit=f"{_MAX_BYTES:,}"),
                ref.name,
                hint=t("runtime.statement.too_large_hint"),
            )
        with path.open("rb") as handle:
            head = handle.read(8)
        if head.startswith((b"PK", _OLE_MAGIC)):
            _, rows = read_rows(path, ref.name, inputs.get("sheet"), max_row=max_rows)
            statement = read_statement(b"", ref.name, rows=rows, header_row=header_row)
        else:
            statement = read_statement(
                path.read_bytes(), ref.name, header_row=header_row, max_rows=max_rows
            )
        return self._out(ctx, statement)

    @staticmethod
    def _out(ctx: BlockContext, statement: Statement) -> dict[str, Any]:
        summary = statement.summary()
        if statement.skipped:
            ctx.emit(
                "statement_rows_skipped",
                node_id=ctx.node_id,
                count=len(statement.skipped),
                rows=[s[ROW] for s in statement.skipped[:20]],
            )
        for finding in statement.findings:
            ctx.emit(
                "statement_finding",
                node_id=ctx.node_id,
                code=finding["code"],
                row=finding[ROW],
                message=finding["message"],
            )
        return {
            "records": statement.records,
            "skipped": statement.skipped,
            "findings": statement.findings,
            "summary": summary,
        }
