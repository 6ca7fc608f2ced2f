"""`archive.add`: a run's evidence into the archive — each file with the fields extracted from
it (取引年月日, 合計, 発行者と登録番号, 書類の種類), the run, who added it. Meant to run after a
person confirmed the month, so the archive holds only what was checked."""

from __future__ import annotations

import re
from typing import Any

from blocks.archive.archive import EvidenceArchive, default_actor
from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.fileref import FileRef
from blocks.text.japanese import nfkc

__all__ = ["ArchiveAddBlock", "index_fields"]

_NUMBER = re.compile(r"T?(\d{13})")


def _party_number(value: Any) -> str | None:
    if not value:
        return None
    folded = re.sub(r"[\s\-‐−ー]", "", nfkc(str(value))).upper()
    match = _NUMBER.fullmatch(folded)
    return f"T{match.group(1)}" if match else folded


def _amount(value: Any) -> int | float | None:
    if value is None or isinstance(value, bool):
        return None
    number = float(value)
    return int(number) if number.is_integer() else number


def index_fields(fields: dict[str, Any] | None) -> dict[str, Any]:
    """The archive's index fields from `invoice.extract_fields`' fields (or {})."""
    fields = fields or {}
    return {
        "transaction_date": fields.get("transaction_date") or None,
        "amount": _amount(fields.get("total")),
        "party_name": fields.get("issuer_name") or None,
        "party_number": _party_number(fields.get("registration_number")),
        "kind": fields.get("document_type") or None,
    }


def _document(item: dict[str, Any]) -> tuple[FileRef, str]:
    """(the file, its path in the evidence) of a document: an evidence item or a FileRef."""
    if FileRef.is_fileref(item):
        ref = FileRef.model_validate(item)
        return ref, ref.name
    ref = FileRef.model_validate(item["file"])
    return ref, str(item.get("path") or item.get("name") or ref.name)


def _fields_for(
    path: str, name: str, index: int, fields: list[dict[str, Any]], same_length: bool
) -> dict[str, Any] | None:
    for candidate in fields:
        source = candidate.get("source") if isinstance(candidate, dict) else None
        if isinstance(source, dict) and path in (source.get("path"), source.get("name")):
            return candidate
    by_name = [
        c
        for c in fields
        if isinstance(c, dict)
        and isinstance(c.get("source"), dict)
        and c["source"].get("name") == name
    ]
    if len(by_name) == 1:
        return by_name[0]
    return fields[index] if same_length else None


class ArchiveAddBlock(Block):
    """Outputs `records` (one per archived document) and a `summary`."""

    def run(self, ctx: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
        documents = [d for d in inputs["documents"] if isinstance(d, dict)]
        raw_fields = inputs.get("fields")
        fields = raw_fields if isinstance(raw_fields, list) else [raw_fields] if raw_fields else []
        journals: dict[str, list[str]] = inputs.get("journal_entries") or {}
        kinds = set(inputs.get("kinds") or [])
        who = inputs.get("added_by") or default_actor()
        archive = EvidenceArchive()
        records: list[dict[str, Any]] = []
        skipped = 0
        for index, item in enumerate(documents):
            ctx.check_deadline()
            if item.get("skipped") or (not FileRef.is_fileref(item) and not item.get("file")):
                skipped += 1
                continue
            ref, path = _document(item)
            found = _fields_for(path, ref.name, index, fields, len(fields) == len(documents))
            values = index_fields(found)
            if kinds and values["kind"] not in kinds:
                skipped += 1
                continue
            with ctx.open(ref) as handle:
                result = archive.add(
                    iter(lambda: handle.read(1 << 20), b""),
                    file_name=ref.name,
                    media_type=ref.media_type,
                    fields=values,
                    who=who,
                    runs=[ctx.run_id],
                    journal_entries=journals.get(path, []),
                )
            record = result.record
            records.append(
                {
                    "id": record.id,
                    "path": path,
                    "file_name": record.file_name,
                    "sha256": record.sha256,
                    "transaction_date": record.transaction_date,
                    "amount": record.amount,
                    "party_name": record.party_name,
                    "party_number": record.party_number,
                    "kind": record.kind,
                    "new": result.new,
                    "deleted": record.deleted,
                }
            )
        added = sum(1 for r in records if r["new"])
        ctx.emit("evidence_archived", added=added, already=len(records) - added)
        summary = {
            "documents": len(documents),
            "added": added,
            "already_archived": len(records) - added,
            "skipped": skipped,
            "archive": str(archive.root),
        }
        return {"records": records, "summary": summary}
