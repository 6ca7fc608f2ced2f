"""Workers sharing a pool (issue 24): 40 deployment runs over 2 `keiri worker`s on a Prefect
server backed by PostgreSQL.

Printed: how the runs split between the workers (from Prefect's own
`prefect.worker.executed-flow-run` events), p50/p95 of the time from a run's scheduled time to
its start (Running) — all runs are created at once, so this is mostly the wait for a free
slot (`--limit` x workers) — and of one run's own duration (Running to its end), duplicates
(a run executed more than once, or by two workers), lost runs (not completed) and the load
average. `--limit` is passed to each worker (default: `keiri worker`'s own, 2 x the CPUs).

Run: .venv/bin/python bench/bench_workers.py [--runs 40] [--workers 2] [--limit N] [--sqlite]

PostgreSQL is a throwaway cluster the bench creates itself (`tests/ops/postgres.py`: initdb in
a temporary folder, a free port on 127.0.0.1, trust authentication, removed afterwards) from
the PostgreSQL binaries on PATH (`initdb`, `pg_ctl`, `createdb`; e.g. Debian's
`postgresql-15`); Prefect reaches it through `asyncpg`, a dependency of `prefect` itself, so
no extra is needed. The Prefect server listens on a free port too (`KEIRI_BENCH_PORT` to
choose one). The machine is shared and noisy: the seconds are indicative; the counts are
exact.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _free_port() -> int:
    with contextlib.closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


HOME = Path(tempfile.mkdtemp(prefix="keiri-bench-workers-"))
os.environ["KEIRI_HOME"] = str(HOME / "home")
os.environ["KEIRI_RUNS_DIR"] = str(HOME / "runs")
os.environ["KEIRI_SERVER_PORT"] = os.environ.get("KEIRI_BENCH_PORT") or str(_free_port())
os.environ["KEIRI_PROJECT_ROOT"] = str(ROOT)
os.environ["KEIRI_CRASH_AFTER"] = "off"
os.environ["PYTHONPATH"] = str(ROOT)
os.environ.pop("PREFECT_API_URL", None)
KEIRI = Path(sys.executable).with_name("keiri")
PLAN = ROOT / "tests" / "fixtures" / "plans" / "valid" / "linear_chain.yaml"
POOL = "bench-workers"
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
        [str(KEIRI), "deploy", "--dir", str(folder), "--prefect-file", str(HOME / "prefect.yaml")],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"keiri deploy failed:\n{done.stdout}\n{done.stderr}")


def start_workers(count: int, limit: int | None) -> list[subprocess.Popen[bytes]]:
    env = dict(os.environ, PREFECT_WORKER_QUERY_SECONDS="2", PREFECT_WORKER_PREFETCH_SECONDS="5")
    workers = []
    for i in range(count):
        command = [str(KEIRI), "worker", "--pool", POOL, "--name", f"w{i + 1}"]
        if limit is not None:
            command += ["--limit", str(limit)]
        log = (HOME / f"worker-{i}.log").open("wb")
        workers.append(
            subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )
    return workers


def trigger(count: int) -> list[str]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        deployment = client.read_deployment_by_name("run_plan/bench")
        return [str(client.create_flow_run_from_deployment(deployment.id).id) for _ in range(count)]


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
        if len(runs) == len(ids) and all(r.state and r.state.type.value in TERMINAL for r in runs):
            return list(runs)
        if time.monotonic() > deadline:
            return list(runs)
        time.sleep(2)


def executions(run_ids: list[str]) -> dict[str, list[str]]:
    """Run id -> the workers that executed it (one entry per execution)."""
    from prefect.client.orchestration import get_client
    from prefect.events.filters import EventFilter, EventNameFilter

    wanted = set(run_ids)
    found: dict[str, list[str]] = {}
    with get_client(sync_client=True) as client:
        page: Any = client.read_events(
            EventFilter(event=EventNameFilter(name=["prefect.worker.executed-flow-run"])),
            limit=50,
        )
        events = list(page.events)
        while page.next_page:
            page = client.read_events_page(page.next_page)
            events += page.events
    for event in events:
        for related in event.related:
            if related.role == "flow-run":
                run_id = related.id.removeprefix("prefect.flow-run.")
                if run_id in wanted:
                    found.setdefault(run_id, []).append(event.resource.name or "")
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None, help="flow runs at once per worker")
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    parser.add_argument("--keep", action="store_true", help=f"keep {HOME} (worker logs)")
    args = parser.parse_args()

    from keiri.server import client_env
    from keiri.server import supervisor as server

    with database(not args.sqlite):
        status = server.start(300)
        os.environ.pop("PREFECT_API_DATABASE_CONNECTION_URL", None)
        os.environ.update(client_env.prefect_env(status.api_url))
        try:
            run_bench(args)
        finally:
            server.stop()
            if not args.keep:
                shutil.rmtree(HOME, ignore_errors=True)


def run_bench(args: argparse.Namespace) -> None:
    from flows.deploy.worker import default_limit

    workers: list[subprocess.Popen[bytes]] = []
    try:
        deploy()
        workers = start_workers(args.workers, args.limit)
        run_ids = trigger(args.runs)
        runs = wait_all(run_ids, 2400)
        seen: dict[str, list[str]] = {}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # events arrive a little after the states
            seen = executions(run_ids)
            if len(seen) >= len(run_ids):
                break
            time.sleep(2)
        completed = [r for r in runs if r.state and r.state.type.value == "COMPLETED"]
        waits = [
            (r.start_time - r.expected_start_time).total_seconds()
            for r in completed
            if r.start_time and r.expected_start_time
        ]
        durations = [
            (r.end_time - r.start_time).total_seconds()
            for r in completed
            if r.start_time and r.end_time
        ]
        split = Counter(names[0] for names in seen.values() if names)
        duplicates = sum(1 for r in runs if r.run_count > 1) + sum(
            1 for names in seen.values() if len(names) > 1
        )
        report = {
            "runs": args.runs,
            "workers": args.workers,
            "limit_per_worker": args.limit or default_limit(),
            "database": "sqlite" if args.sqlite else "postgresql",
            "split": dict(sorted(split.items())),
            "largest_share": round(max(split.values()) / args.runs, 2) if split else None,
            "scheduled_to_running_p50_s": round(percentile(waits, 0.5), 2) if waits else None,
            "scheduled_to_running_p95_s": round(percentile(waits, 0.95), 2) if waits else None,
            "run_duration_p50_s": round(percentile(durations, 0.5), 2) if durations else None,
            "run_duration_p95_s": round(percentile(durations, 0.95), 2) if durations else None,
            "duplicates": duplicates,
            "lost": args.runs - len(completed),
            "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
            "cpus": os.cpu_count(),
        }
        print(json.dumps(report, indent=2))
    finally:
        for worker in workers:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(worker.pid, 15)
        for worker in workers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                worker.wait(timeout=30)


if __name__ == "__main__":
    main()
