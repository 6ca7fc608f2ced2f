"""Text of many files at once, in one process or in a pool of worker processes.

Per-file failures come back in place as `BlockError` values (never dropped), so a caller can
report each file's error next to the others' text. With workers, items are submitted as
they are produced (a ZIP is still being unpacked while the first files are extracted).

Workers receive paths, not bytes. They are forked from a `forkserver` that has already
imported the extractors (fork-safe even when the caller runs threads, as Prefect does), and
the pool is kept for the life of the process: each new worker re-imports the calling
program's main module (multiprocessing does this for every non-fork start method; under
Prefect that is its engine, seconds of imports), so that cost is paid once, not per call.
A program that uses `workers > 1` must guard its entry point with `if __name__ == "__main__":`.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from blocks.file.extract_types import ExtractOptions
from blocks.file.file_processor import ExtractedText, extract_with
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["ExtractResult", "extract_many", "shutdown_pools"]

ExtractResult = ExtractedText | BlockError
_PRELOAD = ["blocks.file.extract_batch", "pypdf", "docx", "python_calamine"]
_BATCH = 4
_POOLS: dict[int, ProcessPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def _extract_one(item: tuple[Path | bytes, str], options: ExtractOptions) -> ExtractResult:
    source, name = item
    try:
        return extract_with(source, name, options)
    except BlockError as exc:
        return exc


def _extract_batch(
    batch: list[tuple[Path | bytes, str]], options: ExtractOptions
) -> list[ExtractResult]:
    return [_extract_one(item, options) for item in batch]


def _pool(workers: int) -> ProcessPoolExecutor:
    """The process's pool with `workers` processes, created on first use."""
    with _POOLS_LOCK:
        pool = _POOLS.get(workers)
        if pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(_PRELOAD)
            pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        return pool


def _discard(workers: int, pool: ProcessPoolExecutor) -> None:
    with _POOLS_LOCK:
        if _POOLS.get(workers) is pool:
            del _POOLS[workers]


def shutdown_pools() -> None:
    """Stop the worker processes kept for `extract_many` (they also stop at exit)."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


def extract_many(
    items: Iterable[tuple[Path | bytes, str]],
    options: ExtractOptions,
    *,
    workers: int = 1,
) -> list[ExtractResult]:
    """`(source, name)` pairs to results in the same order; `workers > 1` uses processes.

    With workers, items are submitted as the iterable yields them, so a caller that is
    still producing files (unpacking a ZIP) overlaps with the extraction of the first ones.
    """
    if workers <= 1:
        # Produce everything first: interleaving unzipping with pypdf in one thread measured
        # ~10% slower (bench/bench_zip_extract.py) than two separate passes.
        return [_extract_one(item, options) for item in list(items)]
    pool = _pool(workers)
    futures = []
    batch: list[tuple[Path | bytes, str]] = []
    try:
        for item in items:
            batch.append(item)
            if len(batch) == _BATCH:  # a few files per task: less IPC per file
                futures.append(pool.submit(_extract_batch, batch, options))
                batch = []
        if batch:
            futures.append(pool.submit(_extract_batch, batch, options))
        return [result for future in futures for result in future.result()]
    except BrokenProcessPool as exc:
        _discard(workers, pool)  # the next call starts a fresh pool
        raise BlockError(
            ErrorCode.BLOCK_FAILED,
            t("runtime.extract.worker_died", detail=exc),
            details={"workers": workers},
            hint=t("runtime.extract.worker_died_hint"),
            recoverable=True,
        ) from exc
    finally:
        for future in futures:
            future.cancel()  # only the not-yet-started ones, when the producer failed
