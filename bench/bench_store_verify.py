"""Benchmark: what verifying the file store's content costs a reader (issue 11).

For objects of several sizes, the median time of one read of the whole object:
- `plain`: the object's bytes read directly (what a block reading the file does anyway; the
  baseline, measured in the same run),
- `every`: `FileStore.read_bytes` hashing the object on every read (the process's verdicts
  forgotten before each read): `plain` + the time of `FileStore.path` (the check) then,
- `once`: `FileStore.read_bytes` as shipped (hashed once per process and file version; the
  object is older than the racy window, so its first verdict is kept): `plain` + the time of
  the check (a stat and a lookup),
and the cost of storing content that is already stored (`put`: the first time in a process the
existing object is hashed to check it, `put again`: afterwards).

Run: .venv/bin/python bench/bench_store_verify.py [--sizes 4096,1048576,67108864] [--repeat 7]
Target: a verified object read again costs at most 0.1 ms + 5 % more than the plain read
(`once` - `plain`), for every size: verification must not tax repeated reads.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from blocks.sdk import store as store_module  # noqa: E402
from blocks.sdk.store import FileStore  # noqa: E402

FIXED_MS, SHARE = 0.1, 0.05


def median_ms(
    fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None
) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4096,1048576,67108864")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    ok = True
    with tempfile.TemporaryDirectory(prefix="keiri-bench-store-") as tmp:
        store = FileStore(Path(tmp) / "store")
        rows = []
        for size in sizes:
            data = os.urandom(size)
            ref = store.put_bytes(data, f"object-{size}.bin")
            path = store.root / "objects" / ref.sha256[:2] / ref.sha256
            time.sleep(store_module._RACY_NS / 1e9 + 0.05)  # older than the racy window
            store_module._verified.clear()
            put = partial(store.put_bytes, data, "again.bin")
            put_first = median_ms(put, args.repeat, before=store_module._verified.clear)
            put_again = median_ms(put, args.repeat)
            store.read_bytes(ref)  # the verdict of this process
            # `read_bytes` is `path(ref)` (the check) then the same read as `plain`: time the
            # check alone, which is not drowned by the read's noise on a shared machine.
            plain = median_ms(path.read_bytes, args.repeat)
            check = partial(store.path, ref)
            check_once = median_ms(check, args.repeat * 5)
            check_every = median_ms(check, args.repeat, before=store_module._verified.clear)
            store.read_bytes(ref)
            base, once, every = plain, plain + check_once, plain + check_every
            ok = ok and once - base <= FIXED_MS + SHARE * base
            rows.append((size, base, every, once, put_first, put_again))
    sys.stdout.write(
        f"{'size':>12} {'plain ms':>9} {'every ms':>9} {'every/plain':>11} "
        f"{'once ms':>8} {'once/plain':>10} {'put ms':>8} {'put again ms':>12}\n"
    )
    for size, base, every, once, put_first, put_again in rows:
        sys.stdout.write(
            f"{size:>12} {base:>9.3f} {every:>9.3f} {every / base:>11.2f} "
            f"{once:>8.3f} {once / base:>10.2f} {put_first:>8.3f} {put_again:>12.3f}\n"
        )
    verdict = "OK" if ok else "MISS"
    sys.stdout.write(
        f"target: once - plain <= {FIXED_MS} ms + {SHARE:.0%} of plain, every size: {verdict}\n"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
