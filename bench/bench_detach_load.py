"""Load (issue 11): N concurrent `keiri run --detach` on one local server (default: 50 on the
default SQLite server, loopback only).

Each CLI is a real `keiri run --detach --json` process started at the same moment on a
three-node plan. Measured per CLI: time to its run id (the line on stderr that names the run id),
its exit code and JSON outcome. Then, on the API: every run the CLIs created, and its final
state once all CLIs have returned (plus a grace period for runs still moving).

Counted:
- false failures: a CLI that exited non-zero (or printed no id) for a run that completed;
- lost: a CLI that printed no run id, or a printed run id the API does not know;
- ghosts: runs of the bench plan left Pending/Scheduled/Running (never started or never ended).

Targets: every CLI prints its run id within 10 s; 0 false failures, 0 lost, 0 ghosts.

The warm-up run (foreground, before the burst) validates the plan and leaves its start note, so
the burst's CLIs print their ids through the quick start (`flows.lifecycle.quick_start`), as a team's monthly
plan run again would; `quick_starts` counts them (the CLI log's adoption lines). `--cold`
removes the notes before the burst: every CLI then validates the plan before creating its run
(the figure to compare with).

Run: .venv/bin/python bench/bench_detach_load.py [--runs 50] [--postgres] [--api-url URL]
(`--postgres`: the local server on a throwaway PostgreSQL cluster, as in tests/ops and
docs/scale-out.md — e.g. `--runs 200 --postgres`; `--api-url`: an already running server).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KEIRI = Path(sys.executable).with_name("keiri")
STARTED = re.compile(
    r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
)  # the run id line
PLAN = """apiVersion: v1
id: bench_detach_load
version: 1.0.0
graph:
  - id: first
    block: test.record
    in: { value: 1, label: first }
  - id: middle
    block: test.record
    in: { value: "${first.value}", sleep_ms: 200, label: middle }
  - id: last
    block: test.record
    in: { value: "${middle.value}", label: last }
"""


@dataclass
class Cli:
    index: int
    started: float = 0.0
    id_after: float | None = None
    run_id: str | None = None
    code: int | None = None
    ended: float = 0.0
    stdout: str = ""
    stderr: list[str] = field(default_factory=list)


def launch(cli: Cli, plan: Path, env: dict[str, str], barrier: threading.Barrier) -> None:
    barrier.wait()
    cli.started = time.monotonic()
    process = subprocess.Popen(
        [str(KEIRI), "run", str(plan), "--detach", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
        text=True,
    )
    assert process.stderr is not None and process.stdout is not None
    stdout = process.stdout
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.append(stdout.read()), daemon=True)
    reader.start()
    for line in process.stderr:
        cli.stderr.append(line)
        match = STARTED.search(line)
        if match and cli.run_id is None:
            cli.run_id = match.group(1)
            cli.id_after = time.monotonic() - cli.started
    cli.code = process.wait()
    reader.join()
    cli.stdout = "".join(out)
    cli.ended = time.monotonic()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--api-url", default=None, help="use this server instead of a new one")
    parser.add_argument("--grace", type=float, default=60.0, help="seconds for runs to settle")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL-backed server")
    parser.add_argument("--cold", action="store_true", help="no start notes: full CLI starts")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if not args.postgres:
        return bench(args)
    from tests.ops.postgres import postgres_cluster
    from tests.support.prefect_server import free_port

    with postgres_cluster(free_port()) as url:
        os.environ["PREFECT_API_DATABASE_CONNECTION_URL"] = url
        return bench(args)


def bench(args: argparse.Namespace) -> int:

    work = Path(tempfile.mkdtemp(prefix="keiri-bench-detach-"))
    env = dict(os.environ)
    env.update(
        KEIRI_HOME=str(work / "home"),
        KEIRI_RUNS_DIR=str(work / "runs"),
        KEIRI_SERVER_PORT=os.environ.get("KEIRI_BENCH_PORT", "4394"),
        KEIRI_BLOCK_SPECS=str(ROOT / "tests" / "fixtures" / "blocks" / "specs"),
        KEIRI_TEST_JOURNAL=str(work / "journal.jsonl"),
        PYTHONPATH=str(ROOT),
    )
    if args.api_url:
        env["PREFECT_API_URL"] = args.api_url
    os.environ.update(env)
    from keiri.server import client_env
    from keiri.server import supervisor as server

    client_env.connect(timeout=180)
    try:
        return warm_then_burst(args, env, work)
    finally:
        if not args.api_url:
            server.stop()


def warm_then_burst(args: argparse.Namespace, env: dict[str, str], work: Path) -> int:
    env.update({k: v for k, v in os.environ.items() if k.startswith("PREFECT_")})
    plan = work / "bench_detach_load.yaml"
    plan.write_text(PLAN, encoding="utf-8")
    # One run first: the server, its database and the plan's flow exist before the burst.
    warm = subprocess.run(
        [str(KEIRI), "run", str(plan), "--json"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if warm.returncode != 0:
        sys.stderr.write(warm.stdout.decode() + warm.stderr.decode())
        return 1

    if args.cold:
        shutil.rmtree(work / "home" / "cache" / "start-notes", ignore_errors=True)
    return burst(args, plan, env, work, str(json.loads(warm.stdout)["run_id"]))


def burst(
    args: argparse.Namespace, plan: Path, env: dict[str, str], work: Path, warm_id: str
) -> int:
    clis = [Cli(i) for i in range(args.runs)]
    barrier = threading.Barrier(args.runs + 1)
    threads = [
        threading.Thread(target=launch, args=(c, plan, env, barrier), daemon=True) for c in clis
    ]
    for thread in threads:
        thread.start()
    barrier.wait()
    began = time.monotonic()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - began

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterTags

    def bench_runs() -> list[Any]:
        found: list[Any] = []
        with get_client(sync_client=True) as client:
            while True:
                page = client.read_flow_runs(
                    flow_run_filter=FlowRunFilter(
                        tags=FlowRunFilterTags(all_=["plan:bench_detach_load"])
                    ),
                    limit=200,
                    offset=len(found),
                )
                found.extend(page)
                if len(page) < 200:
                    break
        return [r for r in found if r.parent_task_run_id is None]

    settle = time.monotonic() + args.grace
    moving = {"PENDING", "SCHEDULED", "RUNNING"}
    runs = bench_runs()
    while any(r.state.type.value in moving for r in runs) and time.monotonic() < settle:
        time.sleep(1)
        runs = bench_runs()
    by_id = {str(r.id): r for r in runs}
    state_of = {rid: r.state.type.value for rid, r in by_id.items()}
    printed = {c.run_id for c in clis if c.run_id}
    ids = [c.id_after for c in clis if c.id_after is not None]
    lost = [c.index for c in clis if c.run_id is None or c.run_id not in by_id]
    false_failures = [
        c.index
        for c in clis
        if c.code != 0 and (c.run_id is None or state_of.get(c.run_id) == "COMPLETED")
    ]
    ghosts = [rid for rid, s in state_of.items() if s in moving]
    unclaimed = sorted(set(by_id) - printed - {warm_id})
    completed = sum(1 for rid in printed if state_of.get(rid) == "COMPLETED")
    journal = work / "journal.jsonl"
    executions = len(journal.read_text().splitlines()) if journal.exists() else 0
    late = [c.index for c in clis if c.id_after is None or c.id_after > 10]
    cli_log = work / "home" / "logs" / "cli.log"
    quick = (
        cli_log.read_text(encoding="utf-8").count("created by the quick start")
        if cli_log.exists()
        else 0
    )
    report = {
        "runs": args.runs,
        "server": args.api_url
        or ("local PostgreSQL (keiri server)" if args.postgres else "local SQLite (keiri server)"),
        "time_to_run_id_p50_s": round(percentile(ids, 0.5), 2),
        "time_to_run_id_p95_s": round(percentile(ids, 0.95), 2),
        "time_to_run_id_max_s": round(max(ids), 2) if ids else None,
        "over_10s": len(late),
        "quick_starts": quick,
        "wall_s": round(wall, 1),
        "runs_per_minute": round(completed / wall * 60, 1) if wall else None,
        "completed": completed,
        "exit_codes": {str(k): sum(1 for c in clis if c.code == k) for k in {c.code for c in clis}},
        "false_failures": len(false_failures),
        "lost": len(lost),
        "ghosts": len(ghosts),
        "runs_without_a_cli": len(unclaimed),
        "states": {s: sum(1 for v in state_of.values() if v == s) for s in set(state_of.values())},
        "node_executions": executions,
        "work_dir": str(work),
    }
    print(json.dumps(report, indent=2))
    for c in clis:
        if c.index in false_failures or c.index in lost:
            tail = "".join(c.stderr)[-600:]
            sys.stderr.write(f"--- cli {c.index} exit {c.code} run {c.run_id}:\n{tail}\n")
    ok = not (late or false_failures or lost or ghosts)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
