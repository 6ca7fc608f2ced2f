"""Resume latency (issue 4): from the submit (`flows.lifecycle.control.resume_run`, which the form app's
送信 button and `keiri resume` both call) to the next node starting, over N resumes.

One detached run of a generated plan pauses N times (`ask{i}` -> `rec{i}` -> `hop{i}` -> ...).
For each pause the clock starts just before `resume_run` and stops at the `node_start` event of
`rec{i}` in the run's JSONL log; `node_resumed` shows where the time goes. Baseline, measured in
the same run: `rec{i}` start -> `hop{i}` start (one ordinary node, a 0 ms block, and the next
task). A person submits at a random moment of the pause's 1 s poll, so each resume waits a
seeded random 1-2 s "think time" first (`--think 0` resumes at once, the worst case: the flow
polled just before). Target: median resume latency <= 1.5 s.

Run: .venv/bin/python bench/bench_resume.py [--resumes 10] [--think 1]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = Path(tempfile.mkdtemp(prefix="keiri-bench-resume-"))
os.environ["KEIRI_HOME"] = str(HOME / "home")
os.environ["KEIRI_RUNS_DIR"] = str(HOME / "runs")
os.environ["KEIRI_SERVER_PORT"] = os.environ.get("KEIRI_BENCH_PORT", "4393")
os.environ["KEIRI_BLOCK_SPECS"] = str(ROOT / "tests" / "fixtures" / "blocks" / "specs")
os.environ["KEIRI_TEST_JOURNAL"] = str(HOME / "journal.jsonl")
os.environ["PYTHONPATH"] = str(ROOT)

from keiri.server import client_env  # noqa: E402
from keiri.server import supervisor as server  # noqa: E402

API = client_env.connect(timeout=120)

from flows.lifecycle.control import resume_run, wait_for_run  # noqa: E402
from keiri.cli import main as keiri  # noqa: E402


def plan(n: int) -> str:
    lines = ["apiVersion: v1", "id: bench_resume", "graph:"]
    for i in range(n):
        after = f" (前回: ${{hop{i - 1}.value}})" if i else ""
        lines += [
            f"  - id: ask{i}",
            "    block: ui.interactive_input",
            "    in:",
            f'      message: "{i + 1} 回目の確認{after}"',
            "      requirements:",
            "        - { id: amount, type: number, label: 金額 }",
            f"  - id: rec{i}",
            "    block: test.record",
            f'    in: {{ value: "${{ask{i}.collected_data.amount}}" }}',
            f"  - id: hop{i}",
            "    block: test.record",
            f'    in: {{ value: "${{rec{i}.value}}" }}',
        ]
    return "\n".join(lines) + "\n"


def events() -> list[dict[str, Any]]:
    logs = sorted((HOME / "runs" / "bench_resume").glob("*.jsonl"))
    if not logs:
        return []
    return [json.loads(line) for line in logs[-1].read_text(encoding="utf-8").splitlines()]


def stamp(value: str) -> float:
    return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()


def first(kind: str, node: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for event in events():
            if event["event"] == kind and event.get("node_id") == node:
                return event
            if event["event"] == "plan_complete":
                raise SystemExit(f"the run ended before {kind} of {node}: {event}")
        time.sleep(0.05)
    raise SystemExit(f"no {kind} event for {node} within {timeout} s")


def main() -> int:
    try:
        return measure()
    finally:
        server.stop()


def measure() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--resumes", type=int, default=10)
    parser.add_argument("--think", type=float, default=1.0, help="max extra think time, s")
    args = parser.parse_args()
    rng = random.Random(4)
    path = HOME / "bench_resume.yaml"
    path.write_text(plan(args.resumes), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = keiri(["run", str(path), "--detach", "--json"])
    doc = json.loads(out.getvalue())
    if code != 3:
        raise SystemExit(f"the run did not pause: {doc}")
    run_id = doc["run_id"]
    latency, resumed, call, hops = [], [], [], []
    key: str | None = None
    for i in range(args.resumes):
        view = wait_for_run(run_id, since_pause_key=key, poll=0.05, timeout=60)
        if view.state_type != "PAUSED":
            raise SystemExit(f"expected a pause at ask{i}, got {view.state}")
        key = view.pause_key
        time.sleep(1.0 + rng.uniform(0, args.think) if args.think else 0)
        start = datetime.now(UTC).timestamp()
        resume_run(run_id, {"amount": i}, "bench")
        call.append(datetime.now(UTC).timestamp() - start)
        latency.append(stamp(first("node_start", f"rec{i}")["timestamp"]) - start)
        resumed.append(stamp(first("node_resumed", f"ask{i}")["timestamp"]) - start)
        rec = stamp(first("node_start", f"rec{i}")["timestamp"])
        hops.append(stamp(first("node_start", f"hop{i}")["timestamp"]) - rec)
    final = wait_for_run(run_id, since_pause_key=key, timeout=60)
    med, base = statistics.median(latency), statistics.median(hops)
    print(f"run {run_id}: {final.state} after {args.resumes} resumes")
    print(
        f"  resume_run call (validate + once-gate + resume): median {statistics.median(call):.3f} s"
    )
    print(
        f"  submit -> node_resumed (flow sees the answer):   median {statistics.median(resumed):.3f} s"
    )
    print(
        f"  submit -> next node_start:  median {med:.3f} s  "
        f"(min {min(latency):.3f}, max {max(latency):.3f})  target <= 1.5 s"
    )
    print(
        f"  baseline, one ordinary node (rec start -> hop start): median {base:.3f} s; "
        f"resume / baseline {med / max(base, 0.001):.1f}x"
    )
    return 0 if med <= 1.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
