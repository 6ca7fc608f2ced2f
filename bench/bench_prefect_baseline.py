"""Prefect baseline: a chain of 40 tasks of 10 ms each, run as one flow, in several setups.

Run: `.venv/bin/python bench/bench_prefect_baseline.py [--reps 7] [--api-url URL]`

Without `--api-url` it starts a throwaway local server (keiri.server.supervisor, temporary keiri home,
free port) and stops it at the end. Each variant runs in a fresh process with the client
environment of `keiri.server.client_env.prefect_env` plus the variant's settings (prefect reads its
settings at import). Printed per variant: import time, first flow call, medians of the time
inside the flow body and of the whole flow call, the whole process, and the ratio of the
median flow call to the plain-Python chain measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

N_TASKS = 40
TASK_SECONDS = 0.01

# Prefect's own task-run recorder settings (keiri.server.supervisor batches the recorder instead).
PREFECT_RECORDER_DEFAULTS = {
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_BATCH_SIZE": "1",
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_FLUSH_INTERVAL": "5",
}

# name -> (description, extra client environment, server: "keiri" or "prefect-default")
VARIANTS: dict[str, tuple[str, dict[str, str], str]] = {
    "direct": ("direct calls, Prefect defaults (heartbeat on)", {}, "keiri"),
    "direct-nohb": ("direct calls, heartbeat off", {"BENCH_NO_HEARTBEAT": "1"}, "keiri"),
    "direct-nohb-prefectsrv": (
        "as direct-nohb, server with Prefect's default task-run recorder",
        {"BENCH_NO_HEARTBEAT": "1"}, "prefect-default",
    ),
    "direct-nohb-nodekey": (
        "direct calls, heartbeat off, cache key = flow run/node/iteration",
        {"BENCH_NO_HEARTBEAT": "1", "BENCH_NODE_KEY": "1"}, "keiri",
    ),
    "submit-nohb": (
        "task.submit chain on ThreadPoolTaskRunner, heartbeat off",
        {"BENCH_NO_HEARTBEAT": "1", "BENCH_SUBMIT": "1"}, "keiri",
    ),
    "direct-nohb-nopersist": (
        "direct calls, heartbeat off, no result persistence, NO_CACHE",
        {"BENCH_NO_HEARTBEAT": "1", "PREFECT_RESULTS_PERSIST_BY_DEFAULT": "false",
         "BENCH_NO_CACHE": "1"}, "keiri",
    ),
    "direct-nohb-nologapi": (
        "direct calls, heartbeat off, logs not sent to the API",
        {"BENCH_NO_HEARTBEAT": "1", "PREFECT_LOGGING_TO_API_ENABLED": "false"}, "keiri",
    ),
}  # fmt: skip


def _child(reps: int) -> None:
    """Runs in a fresh process: time the flow `reps + 1` times and print JSON."""
    t0 = time.perf_counter()
    import contextlib

    from prefect import flow, task
    from prefect.cache_policies import NO_CACHE
    from prefect.context import TaskRunContext
    from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings
    from prefect.task_runners import ThreadPoolTaskRunner

    import_s = time.perf_counter() - t0

    def node_key(ctx: TaskRunContext, params: dict[str, Any]) -> str:
        return f"{ctx.task_run.flow_run_id}/{params['node']}/0"

    options: dict[str, Any] = {}
    if os.environ.get("BENCH_NODE_KEY"):
        options["cache_key_fn"] = node_key
    if os.environ.get("BENCH_NO_CACHE"):
        options["cache_policy"] = NO_CACHE

    @task(**options)
    def step(node: str, x: int) -> int:
        time.sleep(TASK_SECONDS)
        return x + 1

    submit = bool(os.environ.get("BENCH_SUBMIT"))
    inflow: list[float] = []

    @flow(task_runner=ThreadPoolTaskRunner(max_workers=4))
    def chain() -> int:
        start = time.perf_counter()
        if submit:
            future: Any = 0
            for i in range(N_TASKS):
                future = step.submit(f"n{i}", future)
            value = int(future.result())
        else:
            value = 0
            for i in range(N_TASKS):
                value = step(f"n{i}", value)
        inflow.append(time.perf_counter() - start)
        return value

    calls: list[float] = []
    no_heartbeat = {PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}
    context = (
        temporary_settings(updates=no_heartbeat)
        if os.environ.get("BENCH_NO_HEARTBEAT")
        else contextlib.nullcontext()
    )
    with context:
        for _ in range(reps + 1):
            start = time.perf_counter()
            if chain() != N_TASKS:
                raise RuntimeError("the chain returned a wrong value")
            calls.append(time.perf_counter() - start)
    result = {"import": import_s, "first": calls[0], "calls": calls[1:], "inflow": inflow[1:]}
    print(json.dumps(result))


def _plain_chain() -> float:
    start = time.perf_counter()
    for _ in range(N_TASKS):
        time.sleep(TASK_SECONDS)
    return time.perf_counter() - start


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--api-url", default=None, help="use this server (skips *-prefectsrv)")
    parser.add_argument("--only", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.reps)
        return

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from keiri.server.client_env import prefect_env
    from keiri.server.supervisor import ServerConfig, start, stop

    names = args.only or list(VARIANTS)
    servers: dict[str, str] = {}
    configs: list[ServerConfig] = []
    with tempfile.TemporaryDirectory(prefix="keiri-bench-") as tmp:
        try:
            if args.api_url:
                servers["keiri"] = args.api_url
                names = [n for n in names if VARIANTS[n][2] == "keiri"]
            for kind in sorted({VARIANTS[n][2] for n in names} - set(servers)):
                config = ServerConfig(keiri_home=Path(tmp) / kind, port=_free_port())
                extra = PREFECT_RECORDER_DEFAULTS if kind == "prefect-default" else {}
                saved = {k: os.environ.get(k) for k in extra}
                os.environ.update(extra)
                began = time.perf_counter()
                try:
                    servers[kind] = start(config=config).api_url
                finally:
                    for key, value in saved.items():
                        if value is None:
                            os.environ.pop(key, None)
                        else:
                            os.environ[key] = value
                configs.append(config)
                print(
                    f"{kind} server, fresh database: started in {time.perf_counter() - began:.1f} s"
                )
            envs = {kind: prefect_env(url, home=Path(tmp) / kind) for kind, url in servers.items()}
            _run_variants(args, names, servers, envs)
        finally:
            for config in configs:
                stop(config=config)


def _run_variants(
    args: argparse.Namespace,
    names: list[str],
    servers: dict[str, str],
    envs: dict[str, dict[str, str]],
) -> None:
    plain = statistics.median(_plain_chain() for _ in range(args.reps))
    print(f"servers {servers}; {N_TASKS} tasks x {TASK_SECONDS * 1000:.0f} ms; reps={args.reps}")
    print(f"plain Python chain: median {plain:.3f} s (baseline)\n")
    columns = ("import", "first", "in-flow", "call", "process", "x plain")
    print(f"{'variant':24} " + " ".join(f"{c:>8}" for c in columns))
    for name in names:
        description, extra, kind = VARIANTS[name]
        env = {**os.environ, **envs[kind], **extra}
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, __file__, "--child", "--reps", str(args.reps)],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        process = time.perf_counter() - began
        if done.returncode != 0:
            print(f"{name}: failed\n{done.stderr[-2000:]}")
            continue
        data = json.loads(done.stdout.strip().splitlines()[-1])
        call = statistics.median(data["calls"])
        inflow = statistics.median(data["inflow"])
        print(
            f"{name:24} {data['import']:8.2f} {data['first']:8.2f} {inflow:8.2f} "
            f"{call:8.2f} {process:8.2f} {call / plain:8.1f}   {description}"
        )


if __name__ == "__main__":
    main()
