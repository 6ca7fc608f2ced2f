"""`archive.add` as a plan runs it: evidence items (FileRefs in the run's store) with their
extracted fields into the archive, once; the run, the journal entries and who added them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from blocks.archive.archive import EvidenceArchive
from blocks.sdk.context import BlockContext
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore

Run = Callable[..., dict[str, Any]]


def evidence(store: FileStore) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(documents as file.parse_zip_2tier lists them, fields as invoice.extract_fields gives)."""
    files = {
        "株式会社山田商事/請求書_202603.pdf": b"%PDF yamada 110000",
        "有限会社みどり印刷/請求書_202603.pdf": b"%PDF midori 98000",
        "送付状.txt": b"cover letter",
        "~$lock.xlsx": b"",
    }
    documents = []
    for path, data in files.items():
        ref = store.put_bytes(data, path.rsplit("/", 1)[-1]).model_dump(mode="json")
        item = {"path": path, "name": ref["name"], "file": ref}
        if path.startswith("~$"):
            item["skipped"] = "lock file"
        documents.append(item)
    fields = [
        {
            "source": {"name": "請求書_202603.pdf", "path": "有限会社みどり印刷/請求書_202603.pdf"},
            "document_type": "invoice",
            "issuer_name": "有限会社みどり印刷",
            "registration_number": "Ｔ１２３４５６７８９０１２３",
            "transaction_date": "2026-03-31",
            "total": 98000.0,
        },
        {
            "source": {"name": "請求書_202603.pdf", "path": "株式会社山田商事/請求書_202603.pdf"},
            "document_type": "invoice",
            "issuer_name": "株式会社山田商事",
            "registration_number": "T5582318564206",
            "transaction_date": "2026-03-05",
            "total": 110000,
        },
        {"source": {"name": "送付状.txt", "path": "送付状.txt"}, "document_type": "cover_letter"},
    ]
    return documents, fields


def run_add(
    registry: BlockRegistry, store: FileStore, run_id: str, **inputs: Any
) -> dict[str, Any]:
    ctx = BlockContext(run_id=run_id, plan_id="p", node_id="archive", file_store=store)
    return registry.create(registry.get("archive.add")).execute(ctx, inputs)


def test_evidence_goes_in_once_with_its_fields_run_and_adder(
    registry: BlockRegistry, store: FileStore
) -> None:
    documents, fields = evidence(store)
    out = run_add(
        registry,
        store,
        "run-1",
        documents=documents,
        fields=fields,
        added_by="yamada",
        journal_entries={"株式会社山田商事/請求書_202603.pdf": ["JE-2026-03-0001"]},
    )
    records = {r["path"]: r for r in out["records"]}
    assert out["summary"]["documents"] == 4 and out["summary"]["added"] == 3
    assert out["summary"]["skipped"] == 1 and out["summary"]["already_archived"] == 0
    yamada = records["株式会社山田商事/請求書_202603.pdf"]
    assert (yamada["transaction_date"], yamada["amount"], yamada["party_number"]) == (
        "2026-03-05",
        110000,
        "T5582318564206",
    )
    midori = records["有限会社みどり印刷/請求書_202603.pdf"]
    assert (midori["amount"], midori["party_number"]) == (98000, "T1234567890123")
    assert records["送付状.txt"]["kind"] == "cover_letter"
    archive = EvidenceArchive()
    kept = archive.get(yamada["id"])
    assert kept.added_by == "yamada" and kept.runs == ["run-1"]
    assert kept.journal_entries == ["JE-2026-03-0001"]
    assert archive.file_path(kept).read_bytes() == b"%PDF yamada 110000"
    # the same evidence in another run: linked, not stored again
    again = run_add(registry, store, "run-2", documents=documents, fields=fields)
    assert again["summary"]["added"] == 0 and again["summary"]["already_archived"] == 3
    assert archive.get(yamada["id"]).runs == ["run-1", "run-2"]


def test_only_the_kinds_asked_for_and_the_default_adder(
    registry: BlockRegistry, store: FileStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_USER", "経理 花子")
    documents, fields = evidence(store)
    out = run_add(registry, store, "run-1", documents=documents, fields=fields, kinds=["invoice"])
    assert sorted(r["path"] for r in out["records"]) == [
        "有限会社みどり印刷/請求書_202603.pdf",
        "株式会社山田商事/請求書_202603.pdf",
    ]
    assert out["summary"]["skipped"] == 2
    assert EvidenceArchive().get(out["records"][0]["id"]).added_by == "経理 花子"


def test_bare_filerefs_without_fields(registry: BlockRegistry, store: FileStore) -> None:
    ref = store.put_bytes(b"scan", "scan.pdf").model_dump(mode="json")
    [record] = run_add(registry, store, "run-1", documents=[ref])["records"]
    assert (record["file_name"], record["transaction_date"], record["amount"]) == (
        "scan.pdf",
        None,
        None,
    )
