"""Fixtures of the block tests: a file store in tmp_path and the blocks from
their shipped specs (through the registry, as a plan run builds them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.context import BlockContext
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore


@pytest.fixture
def store(tmp_path: Path) -> FileStore:
    return FileStore(tmp_path / "store")


@pytest.fixture
def run(registry: BlockRegistry, store: FileStore) -> Callable[..., dict[str, Any]]:
    """Execute a block (input/output validation included) with a fresh context."""

    def _run(block_id: str, **inputs: Any) -> dict[str, Any]:
        ctx = BlockContext(run_id="t", plan_id="t", node_id="n", file_store=store)
        return registry.create(registry.get(block_id)).execute(ctx, inputs)

    return _run


@pytest.fixture
def put(store: FileStore) -> Callable[[Path], dict[str, Any]]:
    """Copy a file made by a test into the store; returns its FileRef as a dict."""

    def _put(path: Path) -> dict[str, Any]:
        return store.put_file(path).model_dump(mode="json")

    return _put
