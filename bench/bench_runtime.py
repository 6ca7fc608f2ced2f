"""Runtime benchmarks on one warm local Prefect server, every ratio measured in the same run
(issues 10 and 29). Medians of `--repeat` runs (at least 3), the variants interleaved run by
run so a change of load on a shared machine hits them alike.

(a) a 40-node chain of 10 ms blocks: `keiri run` whole process / the same chain as a
    hand-written raw-Prefect script, whole process (target <= 1.10);
(b) a 1,000-item foreach of 10 ms steps, cap 8, written without `batch_size`: keiri flow call
    / a raw-Prefect flow mapping the task with 8 threads (`task.map`, target <= 1.0), and
    / a plain thread pool of 8 (printed);
(c) `keiri run` of a one-node plan, whole process / a one-task raw-Prefect flow script, whole
    process (target <= 1.0: keiri costs no more than the substrate it adds to), and the
    difference in seconds.

Beside them: this machine's `import prefect` (seconds, in a fresh process: figures from
machines of other speeds compare through it) and the load average before and after.

Run: .venv/bin/python bench/bench_runtime.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = Path(tempfile.mkdtemp(prefix="keiri-bench-runtime-"))
os.environ["KEIRI_HOME"] = str(HOME / "home")
os.environ["KEIRI_SERVER_PORT"] = os.environ.get("KEIRI_BENCH_PORT", "4391")
os.environ["KEIRI_BLOCK_SPECS"] = str(ROOT / "tests" / "fixtures" / "blocks" / "specs")
os.environ["KEIRI_TEST_JOURNAL"] = str(HOME / "journal.jsonl")
os.environ["PYTHONPATH"] = str(ROOT)
# Python's default: the `keiri` processes write and reuse bytecode caches, as on a user's
# machine (a sandbox's PYTHONDONTWRITEBYTECODE=1 makes every process compile keiri's
# sources again: ~0.15 s of a one-node run). The warm-up runs below write them.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from keiri.server import client_env  # noqa: E402
from keiri.server import supervisor as server  # noqa: E402

API = client_env.connect(timeout=300)

from flows.run_plan import run_local  # noqa: E402

N_CHAIN = 40
N_ITEMS = 1000
STEP_S = 0.01
CAP = 8

# The same chain in raw Prefect. Each task gets its node's name as an input, as keiri's block
# gets its label: with Prefect's default cache policy (inputs + task source + run id), 40 calls
# with the same inputs in one run would run the first and take the other 39 from its cache —
# a baseline doing 1/40 of the work. The script prints how many tasks ran.
RAW_SCRIPT = """
import time
from prefect import flow, task

RAN = []

@task
def step(value, sleep_ms, label):
    RAN.append(label)
    time.sleep(sleep_ms / 1000)
    return value

@flow(name="raw_{n}")
def chain():
    value = 0
    for i in range({n}):
        value = step.with_options(task_run_name=f"n{{i}}")(value, 10, f"n{{i}}")
    return value

chain()
print(f"ran {{len(RAN)}}")
"""


def chain_plan(n: int, plan_id: str = "bench_chain") -> str:
    lines = ["apiVersion: v1", f"id: {plan_id}", "graph:"]
    for i in range(n):
        value = "0" if i == 0 else f'"${{n{i - 1}.value}}"'
        lines += [
            f"  - id: n{i}",
            "    block: test.record",
            f"    in: {{value: {value}, sleep_ms: 10}}",
        ]
    return "\n".join(lines) + "\n"


def foreach_plan(n: int) -> str:
    return f"""apiVersion: v1
id: bench_foreach
vars:
  items: {list(range(n))}
graph:
  - id: each
    type: loop
    foreach: {{input: "${{vars.items}}", itemVar: x, max_concurrency: {CAP}}}
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


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def medians(variants: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The median time of each variant over `repeat` rounds, the variants interleaved."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(repeat):
        for name, fn in variants.items():
            times[name].append(timed(fn))
    return {name: statistics.median(values) for name, values in times.items()}


def import_prefect_s() -> float:
    """Seconds `import prefect` takes in a fresh process on this machine."""
    code = "import time; s = time.perf_counter(); import prefect; print(time.perf_counter() - s)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return float(done.stdout.strip())


def process(*argv: str, expect: str | None = None) -> None:
    done = subprocess.run(argv, capture_output=True, cwd=ROOT, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr[-3000:]}")
    if expect is not None and expect not in done.stdout:
        raise SystemExit(f"{' '.join(argv)}: expected {expect!r}, got {done.stdout[-300:]!r}")


def raw_map_flow() -> Callable[[], object]:
    from prefect import flow, task
    from prefect.task_runners import ThreadPoolTaskRunner

    @task
    def work(value: int) -> int:
        time.sleep(STEP_S)
        return value

    @flow(name="raw_foreach", task_runner=ThreadPoolTaskRunner(max_workers=CAP))
    def raw_foreach(items: list[int]) -> list[int]:
        return [future.result() for future in work.map(items)]

    return lambda: raw_foreach(list(range(N_ITEMS)))


def thread_pool() -> None:
    def work(value: int) -> int:
        time.sleep(STEP_S)
        return value

    with ThreadPoolExecutor(CAP) as pool:
        list(pool.map(work, range(N_ITEMS)))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    repeat = max(3, args.repeat)
    load_before = os.getloadavg()
    plans = HOME / "plans"
    plans.mkdir()
    (plans / "chain.yaml").write_text(chain_plan(N_CHAIN), encoding="utf-8")
    (plans / "foreach.yaml").write_text(foreach_plan(N_ITEMS), encoding="utf-8")
    (plans / "one.yaml").write_text(chain_plan(1, "bench_one"), encoding="utf-8")
    raw_chain, raw_one = HOME / "raw_chain.py", HOME / "raw_one.py"
    raw_chain.write_text(RAW_SCRIPT.format(n=N_CHAIN), encoding="utf-8")
    raw_one.write_text(RAW_SCRIPT.format(n=1), encoding="utf-8")
    keiri = str(Path(sys.executable).parent / "keiri")

    def keiri_flow(path: Path) -> None:
        state = run_local(
            str(path),
            None,
            None,
            flow_name=path.stem,
            run_name=f"bench-{time.time()}",
            tags=[f"plan:{path.stem}"],
        )
        assert state.is_completed(), state.message

    raw_foreach = raw_map_flow()
    # Warm the server, the imports and the file caches once for every variant.
    process(keiri, "run", str(plans / "one.yaml"), "--json")
    process(keiri, "run", str(plans / "chain.yaml"), "--json")
    process(sys.executable, str(raw_chain), expect=f"ran {N_CHAIN}")  # every task ran
    process(sys.executable, str(raw_one), expect="ran 1")
    keiri_flow(plans / "one.yaml")
    raw_foreach()

    prefect_s = statistics.median(import_prefect_s() for _ in range(repeat))
    a = medians(
        {
            "keiri": lambda: process(keiri, "run", str(plans / "chain.yaml"), "--json"),
            "raw": lambda: process(sys.executable, str(raw_chain)),
        },
        repeat,
    )
    b = medians(
        {
            "keiri": lambda: keiri_flow(plans / "foreach.yaml"),
            "raw": raw_foreach,
            "pool": thread_pool,
        },
        repeat,
    )
    c = medians(
        {
            "keiri": lambda: process(keiri, "run", str(plans / "one.yaml"), "--json"),
            "raw": lambda: process(sys.executable, str(raw_one)),
        },
        repeat,
    )
    load_after = os.getloadavg()

    print(f"medians of {repeat} runs, one warm server ({API})")
    print(
        f"this machine: import prefect {prefect_s:.2f} s; load average "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after ({os.cpu_count()} CPUs)"
    )
    print(
        f"(a) {N_CHAIN}-node chain of 10 ms blocks, whole process: keiri run {a['keiri']:.2f} s, "
        f"raw Prefect script {a['raw']:.2f} s, ratio {a['keiri'] / a['raw']:.2f}  "
        "(target <= 1.10)"
    )
    print(
        f"(b) {N_ITEMS:,}-item foreach of 10 ms steps, cap {CAP}, no batch_size: keiri "
        f"{b['keiri']:.2f} s, raw Prefect task.map (8 threads) {b['raw']:.2f} s, ratio "
        f"{b['keiri'] / b['raw']:.2f}  (target <= 1.0); plain thread pool {b['pool']:.2f} s, "
        f"ratio {b['keiri'] / b['pool']:.2f}"
    )
    print(
        f"(c) one node, whole process: keiri run {c['keiri']:.2f} s, one-task raw Prefect "
        f"script {c['raw']:.2f} s, ratio {c['keiri'] / c['raw']:.2f}, difference "
        f"{c['keiri'] - c['raw']:+.2f} s  (target <= 1.0)"
    )
    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
