"""Batch extraction: order and per-file errors in place, in one process and with workers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from blocks.file.extract_batch import extract_many
from blocks.file.extract_types import ExtractOptions
from blocks.sdk.errors import BlockError, ErrorCode


def test_results_in_input_order_with_errors_in_place() -> None:
    items = [(f"テキスト{i}".encode(), f"{i}.txt") for i in range(5)]
    items.insert(2, (b"", "empty.txt"))
    results = extract_many(iter(items), ExtractOptions())
    assert isinstance(results[2], BlockError) and results[2].code == ErrorCode.FILE_INVALID
    texts = [r.text for r in results if not isinstance(r, BlockError)]
    assert texts == [f"テキスト{i}" for i in range(5)]


def test_a_failing_producer_stops_the_workers() -> None:
    def produce() -> Iterator[tuple[bytes, str]]:
        yield b"a", "a.txt"
        raise BlockError(ErrorCode.UNSAFE_ARCHIVE, "stop here")

    with pytest.raises(BlockError, match="stop here"):
        extract_many(produce(), ExtractOptions(), workers=2)


def test_the_pool_is_reused_and_replaced_when_broken() -> None:
    import os
    import signal

    from blocks.file import extract_batch

    items = [(b"a", "a.txt"), (b"b", "b.txt")]
    extract_many(items, ExtractOptions(), workers=2)
    pool = extract_batch._pool(2)
    extract_many(items, ExtractOptions(), workers=2)
    assert extract_batch._pool(2) is pool
    for pid in list(pool._processes):  # the workers this test started
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(BlockError) as info:
        for _ in range(50):  # the pool notices the dead workers within a few calls
            extract_many(items, ExtractOptions(), workers=2)
    assert info.value.code == ErrorCode.BLOCK_FAILED and info.value.recoverable
    results = extract_many(items, ExtractOptions(), workers=2)
    assert [r.text for r in results if not isinstance(r, BlockError)] == ["a", "b"]
    extract_batch.shutdown_pools()
