"""Deployment throughput: N plan runs started at once on one local Prefect server, two
process workers on one pool (issue 6).

Baseline (same run): one deployment run alone on the idle workers, measured 3 times.
Then N runs (default 50) are triggered at once; every run must complete. Printed: p50/p95
of the time from the run's creation to its completion (queueing included) and of its own
run time, runs per minute, and p50 against the single-run baseline.

Run: .venv/bin/python bench/bench_throughput.py [--runs 50] [--limit 4] [--postgres]
(--postgres backs the server with a throwaway PostgreSQL cluster, as in tests/ops).
The machine is shared and noisy: compare the ratio, not the absolute seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOME = Path(tempfile.mkdtemp(prefix="keiri-bench-throughput-"))
os.environ["KEIRI_HOME"] = str(HOME / "home")
os.environ["KEIRI_RUNS_DIR"] = str(HOME / "runs")
os.environ["KEIRI_SERVER_PORT"] = os.environ.get("KEIRI_BENCH_PORT", "4392")
os.environ["KEIRI_PROJECT_ROOT"] = str(ROOT)
os.environ["KEIRI_CRASH_AFTER"] = "off"
os.environ["PYTHONPATH"] = str(ROOT)
os.environ.pop("PREFECT_API_URL", None)
KEIRI = Path(sys.executable).with_name("keiri")
PLAN = ROOT / "tests" / "fixtures" / "plans" / "valid" / "linear_chain.yaml"
POOL = "bench"
TERMINAL = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


@contextlib.contextmanager
def database(postgres: bool) -> Iterator[None]:
    if not postgres:
        yield
        return
    from tests.ops.postgres import postgres_cluster
    from tests.support.prefect_server import free_port

    with postgres_cluster(free_port()) as url:
        os.environ["PREFECT_API_DATABASE_CONNECTION_URL"] = url
        yield


def deploy() -> None:
    folder = HOME / "deployments"
    folder.mkdir()
    (folder / "bench.yaml").write_text(
        f"design: {PLAN}\nwork_pool: {POOL}\nconcurrency: null\n", encoding="utf-8"
    )
    done = subprocess.run(
        [
            str(KEIRI),
            "deploy",
            "--dir",
            str(folder),
            "--prefect-file",
            str(HOME / "prefect.yaml"),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"keiri deploy failed:\n{done.stdout}\n{done.stderr}")


def start_workers(count: int, limit: int) -> list[subprocess.Popen[bytes]]:
    env = dict(os.environ, PREFECT_WORKER_QUERY_SECONDS="1", PREFECT_WORKER_PREFETCH_SECONDS="5")
    workers = []
    for i in range(count):
        log = (HOME / f"worker-{i}.log").open("wb")
        workers.append(
            subprocess.Popen(
                [
                    str(KEIRI),
                    "worker",
                    "--pool",
                    POOL,
                    "--name",
                    f"w{i + 1}",
                    "--limit",
                    str(limit),
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )
    return workers


def trigger(count: int) -> list[str]:
    from prefect.deployments import run_deployment

    return [str(run_deployment("run_plan/bench", timeout=0).id) for _ in range(count)]


def wait_all(run_ids: list[str], timeout: float) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    ids = [uuid.UUID(r) for r in run_ids]
    deadline = time.monotonic() + timeout
    while True:
        with get_client(sync_client=True) as client:
            runs = client.read_flow_runs(
                flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=ids)), limit=len(ids)
            )
        if all(r.state and r.state.type.value in TERMINAL for r in runs) and len(runs) == len(ids):
            return list(runs)
        if time.monotonic() > deadline:
            raise SystemExit(f"runs still unfinished after {timeout} s")
        time.sleep(1)


def latency(run: Any) -> float:
    return float((run.end_time - run.created).total_seconds())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, default=4, help="flow runs at once per worker")
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--dump", help="write each run's created/start/end seconds to this file")
    args = parser.parse_args()

    from keiri.server import client_env
    from keiri.server import supervisor as server

    with database(args.postgres):  # the cluster lives until the end of the bench
        status = server.start(120)
        os.environ.pop("PREFECT_API_DATABASE_CONNECTION_URL", None)
        os.environ.update(client_env.prefect_env(status.api_url))
        run_bench(args)


def run_bench(args: argparse.Namespace) -> None:
    from keiri.server import supervisor as server

    workers: list[subprocess.Popen[bytes]] = []
    try:
        deploy()
        workers = start_workers(args.workers, args.limit)
        baseline = []
        for _ in range(3):
            (run,) = wait_all(trigger(1), 180)
            baseline.append(latency(run))
        started = time.monotonic()
        runs = wait_all(trigger(args.runs), 1800)
        wall = time.monotonic() - started
        states = [r.state.type.value for r in runs]
        if states.count("COMPLETED") != args.runs:
            raise SystemExit(f"not all runs completed: {sorted(set(states))}")
        queued = [latency(r) for r in runs]
        own = [float(r.total_run_time.total_seconds()) for r in runs]
        span = max(r.end_time for r in runs) - min(r.created for r in runs)
        base = statistics.median(baseline)
        report = {
            "runs": args.runs,
            "workers": args.workers,
            "limit_per_worker": args.limit,
            "database": "postgresql" if args.postgres else "sqlite",
            "baseline_single_run_s": round(base, 2),
            "start_to_completion_p50_s": round(percentile(queued, 0.5), 2),
            "start_to_completion_p95_s": round(percentile(queued, 0.95), 2),
            "run_time_p50_s": round(percentile(own, 0.5), 2),
            "run_time_p95_s": round(percentile(own, 0.95), 2),
            "runs_per_minute": round(args.runs / span.total_seconds() * 60, 1),
            "wall_s": round(wall, 1),
            "p50_vs_single_run": round(percentile(queued, 0.5) / base, 2),
        }
        print(json.dumps(report, indent=2))
        if args.dump:
            first = min(r.created for r in runs)
            rows = [
                {
                    "created": round((r.created - first).total_seconds(), 2),
                    "start": round((r.start_time - first).total_seconds(), 2),
                    "end": round((r.end_time - first).total_seconds(), 2),
                }
                for r in sorted(runs, key=lambda r: r.end_time)
            ]
            Path(args.dump).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            try:
                worker.wait(timeout=15)
            except subprocess.TimeoutExpired:
                worker.kill()
        server.stop()


if __name__ == "__main__":
    main()
