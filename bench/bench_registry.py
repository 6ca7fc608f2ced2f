"""Benchmark: the registration-number registry (issue 28).

1. Import: a synthetic full snapshot of `--records` (default 1,000,000) records in the NTA's
   published layout (`samples/make_registry.py`, UTF-8 CSV) imported into an empty registry
   by `blocks.registration.importer.import_files`, in a child process so its peak memory is
   its own: wall time, records per second, database size, peak RSS.
2. Import again: next month's snapshot of the same records (renumbered; nothing to add) over
   the loaded registry, with its indexes in place: wall time (skip with `--no-again`).
3. Lookups: `--lookups` (default 10,000) answers through `Registry.check` (one number and a
   transaction date each, issuer name compared; 9 in 10 known numbers, 1 in 10 unknown), one
   connection: p50 / p95 / p99 per lookup.

Run: .venv/bin/python bench/bench_registry.py [--records 1000000] [--lookups 10000] [--keep DIR]
Target: import under 120 s, a lookup under 1 ms at p95 (on this machine: 2 shared cores).
"""

from __future__ import annotations

import argparse
import json
import os
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
    usage = resource.getrusage(resource.RUSAGE_SELF)
    rows = sum(f.rows for f in report.files)
    cpu = usage.ru_utime + usage.ru_stime  # the whole child, Python start included
    print(
        json.dumps(
            {"seconds": seconds, "cpu": cpu, "rows": rows, "peak_mib": usage.ru_maxrss / 1024}
        )
    )


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--lookups", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, help="work in DIR and keep the files")
    parser.add_argument("--no-again", action="store_true", help="skip the second import")
    parser.add_argument("--child-import", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_import:
        _child_import(*args.child_import)
        return 0

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} CPUs, load average {load} (wall times grow with load)")
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
        f"({figures['rows'] / figures['seconds']:,.0f}/s; CPU {figures['cpu']:.1f} s), "
        f"database {db_mib:.1f} MiB, peak RSS {figures['peak_mib']:.0f} MiB "
        f"(target < {IMPORT_TARGET_S:.0f} s)"
    )

    if not args.no_again:
        again = work / "zenken_hojin_20260430.csv"
        write_snapshot(again, args.records, renumber=7)
        child = subprocess.run(
            [sys.executable, __file__, "--child-import", str(again), str(db)],
            check=True,
            capture_output=True,
            text=True,
        )
        second = json.loads(child.stdout.strip().splitlines()[-1])
        print(
            f"import again (next month's snapshot, {second['rows']:,} records, none new): "
            f"{second['seconds']:.1f} s (CPU {second['cpu']:.1f} s), "
            f"database {db.stat().st_size / 2**20:.1f} MiB, "
            f"peak RSS {second['peak_mib']:.0f} MiB"
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
    cpu_times: list[float] = []
    statuses: dict[str, int] = {}
    with Registry(db) as registry:
        registry.check(queries[:100])  # warm the page cache
        for query in queries:
            start, cpu_start = time.perf_counter(), time.thread_time()
            [answer] = registry.check([query])
            cpu_times.append((time.thread_time() - cpu_start) * 1000)
            times.append((time.perf_counter() - start) * 1000)
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
    p50, p95, p99 = (_percentile(times, s) for s in (0.5, 0.95, 0.99))
    print(
        f"lookups: {len(times):,}  p50 {p50:.3f} ms  p95 {p95:.3f} ms  p99 {p99:.3f} ms  "
        f"mean {statistics.fmean(times):.3f} ms (target p95 < {LOOKUP_TARGET_MS} ms)"
    )
    c50, c95 = (_percentile(cpu_times, s) for s in (0.5, 0.95))
    print(f"lookups, CPU time of this thread: p50 {c50:.3f} ms  p95 {c95:.3f} ms")
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
