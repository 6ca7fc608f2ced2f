"""Text of many files at once, in one process or in a pool of worker processes.

Per-file failures come back in place as `BlockError` values (never dropped), so a caller can
report each file's error next to the others' text. With workers, items are submitted as
they are produced (a ZIP is still being unpacked while the first files are extracted).
Workers receive paths, not bytes, and are forked from a `forkserver` that has already
imported the extractors (fork-safe even when the caller runs threads, as Prefect does, and
cheap to start). A program that calls this with `workers > 1` must guard
its entry point with `if __name__ == "__main__":`, as for any multiprocessing use.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from blocks.core.extract_types import ExtractOptions
from blocks.core.file_processor import ExtractedText, extract_with
from blocks.errors import BlockError

__all__ = ["ExtractResult", "extract_many"]

ExtractResult = ExtractedText | BlockError
_PRELOAD = ["blocks.core.extract_batch", "pypdf", "docx", "python_calamine"]


def _extract_one(item: tuple[Path | bytes, str], options: ExtractOptions) -> ExtractResult:
    source, name = item
    try:
        return extract_with(source, name, options)
    except BlockError as exc:
        return exc


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
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = []
        try:
            for item in items:
                futures.append(pool.submit(_extract_one, item, options))
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)  # the producer failed: stop early
            raise
        return [future.result() for future in futures]
