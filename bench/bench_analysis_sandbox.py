"""Benchmark: the analysis sandbox's start overhead per action. The same generated code (a
monthly aggregation of 10,000 rows) runs in the sandbox — each action inside bubblewrap
(user, mount, PID, network namespaces) with rlimits, seccomp and the audit hook — and
in-process (`exec`), in the same run:

- the session's first action: a new workspace, so its fork server starts (imports pandas and
  matplotlib inside the sandbox) — what the first action of an analysis pays at most (the
  agent starts the server while the model writes the code, `Sandbox.prepare`);
- the session's next actions: forked from the session's running fork server (the default);
- a fresh interpreter per action (`fork_server=False`).

Prints the medians, the start overhead per action (median minus the in-process median) and
the ratios.

Run: .venv/bin/python bench/bench_analysis_sandbox.py [--repeat 5] [--rows 10000]
No target: the overhead is the price of isolation (one process per action, the seed's
3 min / 1 GiB per action), paid once per action, next to an LLM call that takes seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import tempfile
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import matplotlib_fontja  # noqa: F401  (the sandbox's font, for a fair in-process run)
import numpy as np
import pandas as pd

from blocks.analysis import Sandbox

CODE = """
df["日付"] = pd.to_datetime(df["日付"])
monthly = df.groupby(df["日付"].dt.strftime("%Y-%m"))["売上"].sum().reset_index()
monthly.to_csv("monthly.csv", index=False)
print(len(monthly))
"""


def make_frame(rows: int) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    days = pd.date_range("2024-01-01", periods=366, freq="D")
    return pd.DataFrame(
        {
            "日付": rng.choice(days, rows).astype("datetime64[ns]").astype(str),
            "部門": rng.choice(["営業部", "管理部", "開発部"], rows),
            "売上": rng.integers(1_000, 500_000, rows),
        }
    )


def in_process(df: pd.DataFrame, workspace: Path) -> float:
    before = Path.cwd()
    os.chdir(workspace)
    try:
        started = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            exec(CODE, {"df": df.copy(), "pd": pd, "np": np, "plt": plt})  # the baseline
        return time.perf_counter() - started
    finally:
        os.chdir(before)


def sandboxed(sandbox: Sandbox, df: pd.DataFrame, workspace: Path) -> tuple[float, list[str]]:
    started = time.perf_counter()
    run = sandbox.run(CODE, df, workspace)
    seconds = time.perf_counter() - started
    if not run.ok:
        raise SystemExit(f"sandbox run failed: {run.error}")
    return seconds, run.layers


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rows", type=int, default=10_000)
    args = parser.parse_args()
    df = make_frame(args.rows)
    forked, spawned = Sandbox(), Sandbox(fork_server=False)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("KEIRI_HOME", str(Path(tmp) / "home"))
        workspace = Path(tmp) / "ws"
        workspace.mkdir()
        # Warm-up: the font cache (built once per keiri home), the OS file cache.
        sandboxed(forked, df, workspace)
        sandboxed(spawned, df, workspace)
        in_process(df, workspace)
        inline = [in_process(df, workspace) for _ in range(args.repeat)]
        runs: dict[str, list[float]] = {
            "fork server, first action": [],
            "fork server, next actions": [],
            "fresh interpreter": [],
        }
        layers: list[str] = []
        for n in range(args.repeat):
            session = Path(tmp) / f"session-{n}"
            session.mkdir()
            runs["fork server, first action"].append(sandboxed(forked, df, session)[0])
            seconds, layers = sandboxed(forked, df, workspace)
            runs["fork server, next actions"].append(seconds)
            runs["fresh interpreter"].append(sandboxed(spawned, df, workspace)[0])
    base = statistics.median(inline)
    print(f"rows: {args.rows:,}  repeat: {args.repeat}  cores: {os.cpu_count()}")
    print(f"load average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print(f"sandbox layers: {', '.join(layers)}")
    print(f"{'in-process exec':34s} median {base * 1000:8.1f} ms")
    for label, seconds in runs.items():
        med = statistics.median(seconds)
        print(
            f"{'sandbox, ' + label:34s} median {med * 1000:8.1f} ms   "
            f"start overhead per action {(med - base) * 1000:8.1f} ms   ratio {med / base:5.1f}x"
        )


if __name__ == "__main__":
    main()
