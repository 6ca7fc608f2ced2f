"""Benchmark: the registration-number registry (issue 28).

1. Import: a synthetic full snapshot of `--records` (default 1,000,000) records in the NTA's
   published layout (`samples/make_registry.py`, UTF-8 CSV) imported into an empty registry
   by `blocks.registration.importer.import_files`, in a child process so its peak memory is
   its own: wall time, records per second, database size, peak RSS.
2. Lookups: `--lookups` (default 10,000) answers through `Registry.check` (one number and a
   transaction date each, issuer name compared; 9 in 10 known numbers, 1 in 10 unknown), one
   connection: p50 / p95 / p99 per lookup.

Run: .venv/bin/python bench/bench_registry.py [--records 1000000] [--lookups 10000] [--keep DIR]
Target: import under 120 s, a lookup under 1 ms at p95 (on this machine: 2 shared cores).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from samples.make_registry import number_for, write_snapshot  # noqa: E402

IMPORT_TARGET_S, LOOKUP_TARGET_MS = 120.0, 1.0


def _child_import(csv_path: Path, db: Path) -> None:
    """Import in this (child) process and print one JSON line with its figures."""
    from blocks.registration.importer import import_files

    started = time.perf_counter()
    report = import_files([csv_path], kind="snapshot", db=db)
    seconds = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rows = sum(f.rows for f in report.files)
    print(json.dumps({"seconds": seconds, "rows": rows, "peak_mib": peak_kib / 1024}))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--lookups", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, help="work in DIR and keep the files")
    parser.add_argument("--child-import", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_import:
        _child_import(*args.child_import)
        return 0

    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-registry-"))
    work.mkdir(parents=True, exist_ok=True)
    csv_path = work / "zenken_hojin_20260331.csv"
    db = work / "registry.sqlite"
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)

    started = time.perf_counter()
    size = write_snapshot(csv_path, args.records)
    print(
        f"generated {args.records:,} records: {size / 2**20:.1f} MiB CSV "
        f"in {time.perf_counter() - started:.1f} s"
    )

    child = subprocess.run(
        [sys.executable, __file__, "--child-import", str(csv_path), str(db)],
        check=True,
        capture_output=True,
        text=True,
    )
    figures = json.loads(child.stdout.strip().splitlines()[-1])
    db_mib = db.stat().st_size / 2**20
    print(
        f"import: {figures['rows']:,} records in {figures['seconds']:.1f} s "
        f"({figures['rows'] / figures['seconds']:,.0f}/s), database {db_mib:.1f} MiB, "
        f"peak RSS {figures['peak_mib']:.0f} MiB (target < {IMPORT_TARGET_S:.0f} s)"
    )

    from blocks.registration.lookup import Query, Registry

    rng = random.Random(28)
    serials = [rng.randint(1, args.records) for _ in range(args.lookups)]
    queries = [
        Query(
            number_for(s * 7919 % 10**12) if i % 10 else number_for(10**12 - 1 - s),
            rng.choice(("2023-09-30", "2024-03-31", "2026-03-15")),
            "株式会社山田商事",
        )
        for i, s in enumerate(serials)
    ]
    times: list[float] = []
    statuses: dict[str, int] = {}
    with Registry(db) as registry:
        registry.check(queries[:100])  # warm the page cache
        for query in queries:
            start = time.perf_counter()
            [answer] = registry.check([query])
            times.append((time.perf_counter() - start) * 1000)
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
    p50, p95, p99 = (_percentile(times, s) for s in (0.5, 0.95, 0.99))
    print(
        f"lookups: {len(times):,}  p50 {p50:.3f} ms  p95 {p95:.3f} ms  p99 {p99:.3f} ms  "
        f"mean {statistics.fmean(times):.3f} ms (target p95 < {LOOKUP_TARGET_MS} ms)"
    )
    print("statuses: " + ", ".join(f"{k} {v:,}" for k, v in sorted(statuses.items())))
    ok = figures["seconds"] < IMPORT_TARGET_S and p95 < LOOKUP_TARGET_MS
    print("targets met" if ok else "TARGETS MISSED")
    if args.keep is None:
        for path in work.iterdir():
            path.unlink()
        work.rmdir()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
