"""Benchmark: text of an evidence ZIP with 200 invoice PDFs.

    .venv/bin/python bench/bench_zip_extract.py [--count 200] [--repeat 5]

Times (median of --repeat runs, measured in this process):
  (1) baseline: a plain pypdf loop over the same PDFs on disk, all text of every page;
  (2) file.parse_zip_2tier, single process (ZIP checks, store, sniffing, extraction, output
      validation included);
  (3) the same with workers=2 (a process pool for extraction).
Targets: (2)/(1) <= 1.1 and (1)/(3) >= 1.6. Also printed: the median CPU time of this process
(for (1) and (2); robust to other load) and the fastest run of each variant.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import yaml
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blocks.file.parse_zip_2tier import ParseZip2TierBlock  # noqa: E402
from blocks.sdk.context import BlockContext  # noqa: E402
from blocks.sdk.spec import BlockSpec  # noqa: E402
from blocks.sdk.store import FileStore  # noqa: E402


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_evidence", ROOT / "samples/make_evidence.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_evidence"] = module
    spec.loader.exec_module(module)
    return module


def _build(folder: Path, count: int) -> tuple[list[Path], Path]:
    evidence = _generator()
    pdfs: list[Path] = []
    archive = folder / "evidence.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for inv in evidence.build_invoices(count):
            data = evidence.render_pdf(inv)
            path = folder / f"{inv.id}.pdf"
            path.write_bytes(data)
            pdfs.append(path)
            zf.writestr(f"{inv.issuer}/{inv.id}.pdf", data)
    return pdfs, archive


def _plain_pypdf(pdfs: list[Path]) -> Callable[[], list[str]]:
    """(1): every page's text of every PDF, nothing else."""

    def run() -> list[str]:
        return ["".join(page.extract_text() for page in PdfReader(path).pages) for path in pdfs]

    return run


def _block_run(archive: Path, scratch: Path, workers: int) -> Callable[[], list[str]]:
    """(2)/(3): set up a fresh store holding the ZIP (not timed); the callable runs the block
    through `Block.execute` (input/output validation included)."""
    spec_path = ROOT / "block_specs/file/file.parse_zip_2tier.yaml"
    block = ParseZip2TierBlock(BlockSpec.model_validate(yaml.safe_load(spec_path.read_text())))
    store = FileStore(Path(tempfile.mkdtemp(dir=scratch)))
    ref = store.put_file(archive)
    ctx = BlockContext(run_id="bench", plan_id="bench", node_id="parse", file_store=store)

    def run() -> list[str]:
        out = block.execute(ctx, {"zip_bytes": ref, "text_limit": 1_000_000, "workers": workers})
        if out["errors"]:
            raise RuntimeError(f"unexpected extraction errors: {out['errors'][:3]}")
        return [f["text"] for f in out["evidence_data"]["files"]]

    return run


def _chars(texts: list[str]) -> int:
    return sum(len("".join(text.split())) for text in texts)


def _cpu() -> float:
    """CPU seconds of this process (the pool's workers are the forkserver's children, so
    the CPU figure of (3) covers the parent only and is not compared)."""
    return time.process_time()


class Timing(NamedTuple):
    wall: float  # median wall seconds
    cpu: float  # median CPU seconds of this process
    best: float  # fastest wall run (least disturbed by other load on a shared machine)


def _interleaved(variants: dict[str, Callable[[], Callable[[], Any]]], repeat: int) -> list[Timing]:
    """Runs alternate (A B C A B C ...) so load drift on a shared machine hits every variant
    alike. Each run's setup is excluded."""
    walls: dict[str, list[float]] = {label: [] for label in variants}
    cpus: dict[str, list[float]] = {label: [] for label in variants}
    for _ in range(repeat):
        for label, prepare in variants.items():
            fn = prepare()
            cpu, start = _cpu(), time.perf_counter()
            fn()
            walls[label].append(time.perf_counter() - start)
            cpus[label].append(_cpu() - cpu)
    timings = []
    for label, runs in walls.items():
        timing = Timing(statistics.median(runs), statistics.median(cpus[label]), min(runs))
        timings.append(timing)
        shown = ", ".join(f"{s:.2f}" for s in runs)
        print(
            f"{label:<32} median {timing.wall:6.3f} s  cpu {timing.cpu:6.3f} s"
            f"  best {timing.best:6.3f} s   runs [{shown}]"
        )
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="keiri-bench-") as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        pdfs, archive = _build(folder, args.count)
        size = archive.stat().st_size
        print(
            f"built {len(pdfs)} PDFs, ZIP {size / 1e6:.1f} MB in {time.perf_counter() - start:.1f} s"
        )
        chars = _chars(_plain_pypdf(pdfs)())
        load = os.getloadavg()
        for workers in (1, 2):  # same text; the first workers=2 run starts the forkserver
            start = time.perf_counter()
            if _chars(_block_run(archive, folder, workers)()) != chars:
                raise RuntimeError(f"workers={workers} extracted other text than pypdf")
            print(f"warm-up, workers={workers}: {time.perf_counter() - start:.2f} s")
        plain, single, double = _interleaved(
            {
                "(1) plain pypdf loop": lambda: _plain_pypdf(pdfs),
                "(2) parse_zip_2tier, 1 process": lambda: _block_run(archive, folder, 1),
                "(3) parse_zip_2tier, workers=2": lambda: _block_run(archive, folder, 2),
            },
            args.repeat,
        )
    print(f"text: {chars:,} non-blank characters from {len(pdfs)} PDFs (same in (1)-(3))")
    print(f"load average before/after: {load[0]:.2f} / {os.getloadavg()[0]:.2f} (2 cores)")
    print(
        f"(2)/(1) = {single.wall / plain.wall:.2f} median wall, {single.cpu / plain.cpu:.2f} "
        f"median CPU, {single.best / plain.best:.2f} best wall  (target <= 1.10)"
    )
    print(
        f"(1)/(3) = {plain.wall / double.wall:.2f} median wall, {plain.best / double.best:.2f} "
        "best wall  (target >= 1.60; needs two idle cores)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
