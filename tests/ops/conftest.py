"""Ops tests: deployments applied to real Prefect servers, run by real process workers
(`keiri worker` subprocesses), notifications posted to a real local webhook receiver, and a
PostgreSQL cluster from Debian's packages for the scale-out test."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT, TEST_BLOCK_SPECS

OPS = Path(__file__).resolve().parent
PLANS = OPS / "plans"
KEIRI = Path(sys.executable).with_name("keiri")
TERMINAL = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long end-to-end ops test (workers, servers)")


# --- waiting --------------------------------------------------------------------------------


def eventually(fetch: Callable[[], Any], check: Callable[[Any], bool], timeout: float) -> Any:
    """Poll `fetch` until `check(value)`; returns the last value (the caller asserts)."""
    deadline = time.monotonic() + timeout
    while True:
        value = fetch()
        if check(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.5)


def flow_run(run_id: str) -> Any:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        return client.read_flow_run(uuid.UUID(run_id))


def wait_state(run_id: str, states: set[str], timeout: float) -> Any:
    """Wait until the run's state type is one of `states` (e.g. {"PAUSED"})."""
    return eventually(
        lambda: flow_run(run_id),
        lambda r: r.state is not None and r.state.type.value in states,
        timeout,
    )


def read_journal(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


# --- workers --------------------------------------------------------------------------------


@dataclass
class Worker:
    """A `keiri worker` subprocess in its own process group (so a kill takes its runs too)."""

    name: str
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """What a lost machine looks like: the worker and its flow run processes vanish
        (Prefect starts each run's process in a session of its own, so kill the tree)."""
        for pid in [self.process.pid, *_descendants(self.process.pid)]:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if not self.alive():
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()
        except ProcessLookupError:
            pass


def _descendants(root: int) -> list[int]:
    """Every process below `root` (from /proc: Linux, where these tests run)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def start_keiri(
    args: list[str], name: str, log_dir: Path, env: dict[str, str] | None = None
) -> Worker:
    """`keiri <args>` in a process group of its own, with the test's environment."""
    return start_command([str(KEIRI), *args], name, log_dir, env)


def start_command(
    command: list[str], name: str, log_dir: Path, env: dict[str, str] | None = None
) -> Worker:
    """`command` (a `keiri`, `prefect` or wrapped one) in a process group of its own, with the
    test's environment and quick worker polling."""
    environment = dict(os.environ)
    environment.update(
        {
            "PREFECT_WORKER_QUERY_SECONDS": "1",
            "PREFECT_WORKER_PREFETCH_SECONDS": "5",
            "PREFECT_RUNNER_POLL_FREQUENCY": "1",
            "PYTHONPATH": str(ROOT),
        }
    )
    environment.update(env or {})
    log = log_dir / f"{name}.log"
    with log.open("wb") as handle:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=environment,
            stdout=handle,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    return Worker(name, process, log)


def start_worker(
    pool: str,
    name: str,
    log_dir: Path,
    *,
    limit: int | None = None,
    env: dict[str, str] | None = None,
) -> Worker:
    args = ["worker", "--pool", pool, "--name", name]
    if limit is not None:
        args += ["--limit", str(limit)]
    return start_keiri(args, name, log_dir, env)


# --- the deployments of one test ------------------------------------------------------------


@dataclass
class Ops:
    """Deployment files, `keiri deploy`, workers and runs for one test (own pool, own files)."""

    tmp: Path
    pool: str
    journal: Path
    capsys: pytest.CaptureFixture[str]
    workers: list[Worker] = field(default_factory=list)

    @property
    def folder(self) -> Path:
        return self.tmp / "deployments"

    @property
    def prefect_file(self) -> Path:
        return self.tmp / "prefect.yaml"

    def write(self, name: str, **content: Any) -> Path:
        content.setdefault("work_pool", self.pool)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.yaml"
        path.write_text(yaml.safe_dump(content, allow_unicode=True, sort_keys=False), "utf-8")
        return path

    def deploy(self, *args: str) -> tuple[int, dict[str, Any]]:
        from keiri.cli import main

        self.capsys.readouterr()
        code = main(
            [
                "deploy",
                "--dir",
                str(self.folder),
                "--prefect-file",
                str(self.prefect_file),
                "--json",
                *args,
            ]
        )
        out = self.capsys.readouterr().out
        return code, json.loads(out)

    def deployments(self, *args: str) -> tuple[int, dict[str, Any]]:
        """`keiri deployments ARGS --json` through the CLI's entry point (the command is
        added to the group here until the command table lists it)."""
        from keiri.cli import main
        from keiri.cli.deployments import command
        from keiri.cli.main import cli

        cli.add_command(command)
        self.capsys.readouterr()
        code = main(["deployments", *args, "--json"])
        out = self.capsys.readouterr().out
        return code, json.loads(out)

    def worker(self, name: str, **kwargs: Any) -> Worker:
        worker = start_worker(self.pool, name, self.tmp, **kwargs)
        self.workers.append(worker)
        return worker

    def trigger(
        self,
        deployment: str,
        vars: dict[str, Any] | None = None,
        inputs: dict[str, dict[str, Any]] | None = None,
    ) -> str:
        from flows.lifecycle.runs import start_deployment

        return start_deployment(deployment, answers=inputs, vars=vars)

    def labels(self) -> list[str]:
        return [e["label"] for e in read_journal(self.journal)]

    def close(self) -> None:
        for worker in self.workers:
            worker.stop()


@pytest.fixture
def ops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Iterator[Ops]:
    journal = tmp_path / "journal.jsonl"
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(journal))
    monkeypatch.setenv("KEIRI_PROJECT_ROOT", str(ROOT))
    for name in ("KEIRI_NOTIFY_WEBHOOK_URL", "KEIRI_NOTIFY_REMIND_AFTER", "KEIRI_UI_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KEIRI_CRASH_AFTER", "off")
    helper = Ops(tmp_path, f"ops-{uuid.uuid4().hex[:8]}", journal, capsys)
    try:
        yield helper
    finally:
        helper.close()


# --- a webhook receiver ---------------------------------------------------------------------


@dataclass
class Receiver:
    url: str
    messages: list[dict[str, Any]]

    def wait_for(self, check: Callable[[dict[str, Any]], bool], timeout: float) -> dict[str, Any]:
        found = eventually(lambda: [m for m in list(self.messages) if check(m)], bool, timeout)
        assert found, f"no matching webhook message within {timeout} s; got {self.messages}"
        return dict(found[0])


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    messages: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            messages.append(
                {"path": self.path, "content_type": self.headers.get("Content-Type")}
                | json.loads(body)
            )
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, format: str, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Receiver(f"http://127.0.0.1:{server.server_address[1]}/hooks/keiri", messages)
    finally:
        server.shutdown()
        server.server_close()


# --- servers of their own (the faults stop them; scale-out uses PostgreSQL) ------------------


@dataclass
class OwnServer:
    """A keiri-managed Prefect server under `home` (SQLite, or `database_url`)."""

    config: Any
    env: dict[str, str] = field(default_factory=dict)

    def start(self) -> None:
        from keiri.server.supervisor import start
        from tests.support.timing import scaled

        saved = {key: os.environ.get(key) for key in self.env}
        os.environ.update(self.env)
        try:
            start(scaled(120), config=self.config)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value

    def stop(self) -> bool:
        from keiri.server.supervisor import stop

        return bool(stop(config=self.config))

    @contextmanager
    def connected(self) -> Iterator[OwnServer]:
        """This process talks to this server meanwhile; keiri's automations are removed
        afterwards so one test's webhook or crash rule never reaches the next test."""
        from keiri.server.client_env import export_prefect_env, restore_env

        previous = export_prefect_env(self.config.api_url, home=self.config.keiri_home)
        try:
            yield self
        finally:
            from flows.backend.notify import NotifyConfig, apply_automations

            with suppress(Exception):
                apply_automations(NotifyConfig(webhook_url="off", crash_after=None))
            restore_env(previous)


def make_server(home: Path, database_url: str | None = None) -> OwnServer:
    from keiri.server.supervisor import ServerConfig
    from tests.support.prefect_server import free_port

    env = {
        # Prefect re-checks a deployment's concurrency slot every 30 s by default; tests
        # should not idle that long. Its scheduler looks every 60 s: every 5 s here.
        "PREFECT_SERVER_DEPLOYMENTS_CONCURRENCY_SLOT_WAIT_SECONDS": "2",
        "PREFECT_SERVER_SERVICES_SCHEDULER_LOOP_SECONDS": "5",
    }
    if database_url:
        env["PREFECT_API_DATABASE_CONNECTION_URL"] = database_url
    return OwnServer(ServerConfig(keiri_home=home, port=free_port()), env)


@contextmanager
def own_server(home: Path, database_url: str | None = None) -> Iterator[OwnServer]:
    server = make_server(home, database_url)
    server.start()
    try:
        with server.connected():
            yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def ops_server_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OwnServer]:
    """One SQLite server for the worker tests of this test process (they stop it, change
    its automations): started on first use, stopped at the end."""
    server = make_server(tmp_path_factory.mktemp("ops-server"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def ops_server(ops_server_session: OwnServer) -> Iterator[OwnServer]:
    from keiri.server.supervisor import api_healthy

    if not api_healthy(ops_server_session.config.api_url, timeout=2):
        ops_server_session.start()  # a fault test left it stopped
    with ops_server_session.connected() as server:
        yield server


@contextmanager
def watching(interval_s: float = 1.0) -> Iterator[None]:
    """The operations watcher (`keiri deployments watch`) in a thread of this process."""
    from flows.deploy.watch import watch_forever

    stop = threading.Event()
    thread = threading.Thread(target=watch_forever, args=(interval_s, stop), daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=60)


__all__ = [
    "KEIRI",
    "PLANS",
    "Ops",
    "OwnServer",
    "Receiver",
    "Worker",
    "eventually",
    "flow_run",
    "make_server",
    "own_server",
    "read_journal",
    "start_command",
    "start_keiri",
    "start_worker",
    "wait_state",
    "watching",
]
