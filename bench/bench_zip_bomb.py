"""Benchmark: a ~1 GiB zip bomb is rejected by file.parse_zip_2tier with bounded memory.

    .venv/bin/python bench/bench_zip_bomb.py [--gib 1.0]

Writes the bomb in chunks (about 1 MB on disk), then runs each case in a fresh Python
process and prints its peak RSS (getrusage) next to the RSS of a process that only imported
the block (the baseline), and the peak of Python allocations during the call (tracemalloc).
Cases:
  default   one 1 GiB member, default limits              -> UNSAFE_ARCHIVE (total size)
  ratio     the same, total-size limit raised to 2x        -> UNSAFE_ARCHIVE (ratio)
  split     16 members of 1/16 GiB, ratio limit lifted     -> UNSAFE_ARCHIVE (total size)
  nested    the bomb inside another ZIP (opened: depth 2)  -> UNSAFE_ARCHIVE (inner level)
  streamed  16 members, limits raised so it is accepted: all 1 GiB is streamed through the
            file store (no text extraction) - shows that extraction itself is bounded too
Target: peak RSS <= 200 MB in every case.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CHUNK = bytes(1 << 20)

_CHILD = r"""
import json, resource, sys, time, tracemalloc
from pathlib import Path
sys.path.insert(0, {root!r})
import yaml
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError
from blocks.file.parse_zip_2tier import ParseZip2TierBlock
from blocks.sdk.spec import BlockSpec
from blocks.sdk.store import FileStore

spec = BlockSpec.model_validate(yaml.safe_load(
    Path({root!r}, "block_specs/file/file.parse_zip_2tier.yaml").read_text()))
block = ParseZip2TierBlock(spec)
store = FileStore(Path({store!r}))
ref = store.put_file(Path({bomb!r}))
ctx = BlockContext(run_id="bench", plan_id="bench", node_id="parse", file_store=store)
baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
start = time.perf_counter()
try:
    out = block.execute(ctx, dict(zip_bytes=ref, **{inputs}))
    result = "accepted: %d files" % out["evidence_data"]["total_files"]
except BlockError as exc:
    result = "%s: %s" % (exc.code, exc.details.get("reason"))
seconds = time.perf_counter() - start
_, traced = tracemalloc.get_traced_memory()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(dict(result=result, seconds=seconds, baseline_kb=baseline, peak_kb=peak,
                      traced=traced)))
"""


def _write_bomb(path: Path, total: int, members: int) -> None:
    size = total // members
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for index in range(members):
            info = zipfile.ZipInfo(
                f"取引先A/{index:02d}_請求書.bin", date_time=(2024, 4, 1, 0, 0, 0)
            )
            info.compress_type = zipfile.ZIP_DEFLATED
            with zf.open(info, "w", force_zip64=True) as member:
                left = size
                while left > 0:
                    member.write(_CHUNK[: min(left, len(_CHUNK))])
                    left -= len(_CHUNK)


def _run_case(bomb: Path, store: Path, inputs: dict[str, object]) -> dict[str, object]:
    code = _CHILD.format(root=str(ROOT), store=str(store), bomb=str(bomb), inputs=repr(inputs))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=1800
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gib", type=float, default=1.0, help="unpacked size of the bomb")
    args = parser.parse_args()
    total = int(args.gib * (1 << 30))
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="keiri-bomb-") as tmp:
        folder = Path(tmp)
        single, split = folder / "bomb.zip", folder / "bomb16.zip"
        start = time.perf_counter()
        _write_bomb(single, total, 1)
        _write_bomb(split, total, 16)
        nested = folder / "nested.zip"
        with zipfile.ZipFile(nested, "w") as zf:
            zf.write(single, "取引先A/証跡.zip")
        print(
            f"bombs of {total / (1 << 30):.2f} GiB unpacked: {single.stat().st_size:,} / "
            f"{split.stat().st_size:,} / {nested.stat().st_size:,} bytes on disk "
            f"(made in {time.perf_counter() - start:.1f} s)"
        )
        cases: list[tuple[str, Path, dict[str, object]]] = [
            ("default", single, {}),
            ("ratio", single, {"max_total_size": 2 * total}),
            ("split", split, {"max_ratio": 5000}),
            ("nested", nested, {}),
            (
                "streamed",
                split,
                {"max_ratio": 5000, "max_total_size": 2 * total, "extract_text": False},
            ),
        ]
        for label, bomb, inputs in cases:
            report = _run_case(bomb, folder / f"store-{label}", inputs)
            peak = float(report["peak_kb"]) / 1024  # type: ignore[arg-type]
            base = float(report["baseline_kb"]) / 1024  # type: ignore[arg-type]
            traced = float(report["traced"]) / 1e6  # type: ignore[arg-type]
            worst = max(worst, peak)
            print(
                f"{label:<9} {report['result']:<62} {float(report['seconds']):6.2f} s  "  # type: ignore[arg-type]
                f"peak RSS {peak:6.1f} MB (baseline {base:5.1f} MB, python allocs {traced:5.1f} MB)"
            )
    print(f"worst peak RSS {worst:.1f} MB (target <= 200 MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
