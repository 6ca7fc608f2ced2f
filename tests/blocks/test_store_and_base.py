"""File store (content addressing, atomicity, never touching inputs) and the block base."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blocks import BlockContext, BlockError, FileStore
from blocks.sdk.registry import BlockRegistry


def test_put_file_copies_and_never_modifies(tmp_path: Path) -> None:
    source = tmp_path / "請求書.pdf"
    source.write_bytes(b"%PDF-1.7 sample")
    store = FileStore(tmp_path / "store")
    ref = store.put_file(source)
    assert ref.name == "請求書.pdf" and ref.size == 15 and ref.media_type == "application/pdf"
    assert store.read_bytes(ref) == b"%PDF-1.7 sample"
    assert source.read_bytes() == b"%PDF-1.7 sample"
    again = store.put_bytes(b"%PDF-1.7 sample", "copy.pdf")
    assert again.sha256 == ref.sha256 and again.uri == ref.uri
    assert not list((tmp_path / "store" / "tmp").iterdir())


def test_missing_object_is_dependency_not_found(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "a")
    ref = store.put_bytes(b"x", "x.txt")
    with pytest.raises(BlockError) as exc:
        FileStore(tmp_path / "b").path(ref)
    assert exc.value.code == "DEPENDENCY_NOT_FOUND" and "KEIRI_STORE_DIR" in exc.value.hint


def test_missing_source_file(tmp_path: Path) -> None:
    with pytest.raises(BlockError) as exc:
        FileStore(tmp_path).put_file(tmp_path / "nope.xlsx")
    assert exc.value.code == "FILE_INVALID"


def ctx(tmp_path: Path) -> BlockContext:
    return BlockContext(run_id="r", plan_id="p", node_id="n", file_store=FileStore(tmp_path))


def test_base_validates_inputs_and_applies_nothing_silently(
    tmp_path: Path, registry: BlockRegistry
) -> None:
    block = registry.create(registry.get("data.aggregate"))
    with pytest.raises(BlockError) as exc:
        block.execute(ctx(tmp_path), {"records": "not a list", "sum_fields": ["amount"]})
    assert exc.value.code == "INPUT_VALIDATION_FAILED" and exc.value.details["field"] == "records"
    with pytest.raises(BlockError) as exc:
        block.execute(ctx(tmp_path), {"sum_fields": ["amount"]})
    problems = exc.value.details["problems"]
    assert [p["code"] for p in problems] == ["MISSING_REQUIRED_INPUT"]
    assert problems[0]["message"] in exc.value.message


def test_base_checks_outputs(tmp_path: Path, registry: BlockRegistry) -> None:
    spec = registry.get("data.aggregate")
    cls = registry.load_class(spec)

    class Broken(cls):  # type: ignore[misc, valid-type]
        def run(self, c: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
            return {"totals": {}, "count": "three", "groups": []}

    with pytest.raises(BlockError) as exc:
        Broken(spec).execute(ctx(tmp_path), {"records": [], "sum_fields": ["a"]})
    assert exc.value.code == "OUTPUT_SCHEMA_MISMATCH" and exc.value.details["field"] == "count"


def test_unexpected_exception_is_wrapped(tmp_path: Path, registry: BlockRegistry) -> None:
    spec = registry.get("data.aggregate")
    cls = registry.load_class(spec)

    class Crashing(cls):  # type: ignore[misc, valid-type]
        def run(self, c: BlockContext, inputs: dict[str, Any]) -> dict[str, Any]:
            raise ZeroDivisionError("boom")

    with pytest.raises(BlockError) as exc:
        Crashing(spec).execute(ctx(tmp_path), {"records": [], "sum_fields": ["a"]})
    assert (
        exc.value.code == "BLOCK_FAILED"
        and exc.value.node_id == "n"
        and "boom" in exc.value.message
    )


def test_block_error_pickles() -> None:
    import pickle

    err = BlockError("API_ERROR", "rate limited", hint="wait", recoverable=True, node_id="llm")
    back = pickle.loads(pickle.dumps(err))
    assert back.to_dict() == err.to_dict()
