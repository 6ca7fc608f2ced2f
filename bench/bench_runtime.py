"""Runtime benchmarks on a warm local Prefect server (issue 3).

(a) a 40-node sequential chain of 10 ms blocks: wall time of the flow call (target <= 1.2 s),
    with the inline backend as baseline (ideal ~0.4 s);
(b) a 1,000-item foreach of 10 ms blocks with max_concurrency 8: Prefect wall / inline wall
    (target <= 1.5x), run with batch_size 25 (40 task runs) as plans should for large loops;
(c) `keiri run` of a one-node plan, whole process (target <= 2.5 s).

Run: .venv/bin/python bench/bench_runtime.py [--repeat 5]
Medians are printed; the machine is shared, so compare ratios measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = Path(tempfile.mkdtemp(prefix="keiri-bench-runtime-"))
os.environ["KEIRI_HOME"] = str(HOME / "home")
os.environ["KEIRI_SERVER_PORT"] = os.environ.get("KEIRI_BENCH_PORT", "4391")
os.environ["KEIRI_BLOCK_SPECS"] = str(ROOT / "tests" / "fixtures" / "blocks" / "specs")
os.environ["KEIRI_TEST_JOURNAL"] = str(HOME / "journal.jsonl")
os.environ["PYTHONPATH"] = str(ROOT)

from keiri import server  # noqa: E402

API = server.connect(timeout=120)

from blocks.registry import BlockRegistry  # noqa: E402
from compiler.backend import Backend  # noqa: E402
from compiler.compile import compile_file  # noqa: E402
from compiler.engine import run_compiled  # noqa: E402
from compiler.events import EventLog  # noqa: E402
from flows.run_plan import run_local  # noqa: E402


def chain(n: int) -> str:
    lines = ["apiVersion: v1", "id: bench_chain", "graph:"]
    for i in range(n):
        value = "0" if i == 0 else f'"${{n{i - 1}.value}}"'
        lines += [
            f"  - id: n{i}",
            "    block: test.record",
            f"    in: {{value: {value}, sleep_ms: 10}}",
        ]
    return "\n".join(lines) + "\n"


def foreach(n: int, batch: int | None) -> str:
    batch_text = f", batch_size: {batch}" if batch else ""
    return f"""apiVersion: v1
id: bench_foreach
vars:
  items: {list(range(n))}
graph:
  - id: each
    type: loop
    foreach: {{input: "${{vars.items}}", itemVar: x, max_concurrency: 8{batch_text}}}
    body:
      plan:
        graph:
          - id: work
            block: test.record
            in: {{value: "${{x}}", sleep_ms: 10}}
        exports:
          - {{from: work.value, as: value}}
    out: {{collect: value}}
"""


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    registry = BlockRegistry()
    plans = HOME / "plans"
    plans.mkdir()
    (plans / "chain.yaml").write_text(chain(40), encoding="utf-8")
    (plans / "foreach.yaml").write_text(foreach(1000, 25), encoding="utf-8")
    (plans / "one.yaml").write_text(chain(1).replace("bench_chain", "bench_one"), encoding="utf-8")

    def inline(path: Path) -> None:
        compiled, _ = compile_file(path, registry)
        result = run_compiled(compiled, Backend(), run_id="inline", events=EventLog(None))
        assert result.error is None, result.error

    def prefect(path: Path) -> None:
        state = run_local(
            str(path),
            None,
            None,
            flow_name=path.stem,
            run_name=f"bench-{time.time()}",
            tags=[f"plan:{path.stem}"],
        )
        assert state.is_completed(), state.message

    prefect(plans / "one.yaml")  # warm the server and imports
    a_inline = timed(lambda: inline(plans / "chain.yaml"), args.repeat)
    a_prefect = timed(lambda: prefect(plans / "chain.yaml"), args.repeat)
    b_inline = timed(lambda: inline(plans / "foreach.yaml"), max(2, args.repeat // 2))
    b_prefect = timed(lambda: prefect(plans / "foreach.yaml"), max(2, args.repeat // 2))
    keiri = str(Path(sys.executable).parent / "keiri")
    c_cli = timed(
        lambda: subprocess.run(
            [keiri, "run", str(plans / "one.yaml"), "--json"],
            check=True,
            capture_output=True,
            cwd=ROOT,
        ),
        args.repeat,
    )
    print(
        f"(a) 40-node chain of 10 ms blocks: prefect {a_prefect:.2f} s, inline {a_inline:.2f} s, "
        f"ratio {a_prefect / a_inline:.2f}  (target prefect <= 1.20 s)"
    )
    print(
        f"(b) 1,000-item foreach, cap 8, batch 25: prefect {b_prefect:.2f} s, inline {b_inline:.2f} s, "
        f"ratio {b_prefect / b_inline:.2f}  (target <= 1.5)"
    )
    print(f"(c) `keiri run` of a one-node plan, whole process: {c_cli:.2f} s  (target <= 2.5 s)")
    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
