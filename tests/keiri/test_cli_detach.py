"""`keiri run --detach` (issue 11): the run id is printed, then the run completes; a server
that answers 503 (real HTTP, through a small local proxy in front of the real server) is
retried and still yields exactly one run — also when the first create reached the server and
only its answer was lost."""

from __future__ import annotations

import http.server
import json
import os
import re
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import ROOT, TEST_BLOCK_SPECS
from tests.support.catalog_text import shown
from tests.support.prefect_server import runs_of_plan

pytestmark = pytest.mark.prefect
KEIRI = Path(sys.executable).with_name("keiri")
STARTED = re.compile(
    r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
)  # the run id, in either language


def _plan(tmp_path: Path) -> tuple[Path, str]:
    plan_id = f"detach_{uuid.uuid4().hex[:12]}"  # its own plan id: its runs are counted exactly
    path = tmp_path / f"{plan_id}.yaml"
    path.write_text(
        f"""apiVersion: v1
id: {plan_id}
version: 1.0.0
graph:
  - id: first
    block: test.record
    in: {{ value: 7, label: first }}
  - id: last
    block: test.record
    in: {{ value: "${{first.value}}", label: last }}
""",
        encoding="utf-8",
    )
    return path, plan_id


def _keiri(args: list[str], tmp_path: Path, api_url: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(
        PREFECT_API_URL=api_url,
        KEIRI_BLOCK_SPECS=str(TEST_BLOCK_SPECS),
        KEIRI_TEST_JOURNAL=str(tmp_path / "journal.jsonl"),
        KEIRI_USER="yamada",
        PYTHONPATH=str(ROOT),
    )
    return subprocess.run(
        [str(KEIRI), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _started_by(api_url: str, run_id: str) -> Any:
    response = httpx.get(f"{api_url}/flow_runs/{run_id}/input/keiri-started-by", timeout=30)
    response.raise_for_status()
    return json.loads(response.text)


def test_detach_prints_the_run_id_then_the_run_completes(
    prefect_server: str, tmp_path: Path
) -> None:
    plan, plan_id = _plan(tmp_path)
    # A flow id cached for a server whose database was since replaced: looked up again.
    cache = Path(os.environ["KEIRI_HOME"]) / "prefect-client" / "flow-ids.json"
    cache.parent.mkdir(parents=True, exist_ok=True)
    stale = str(uuid.uuid4())
    cache.write_text(json.dumps({prefect_server.rstrip("/"): {plan_id: stale}}), encoding="utf-8")
    done = _keiri(["run", str(plan), "--detach", "--json"], tmp_path, prefect_server)
    assert done.returncode == 0, done.stderr[-3000:]
    cached = json.loads(cache.read_text(encoding="utf-8"))[prefect_server.rstrip("/")][plan_id]
    doc = json.loads(done.stdout)
    assert STARTED.search(done.stderr) and STARTED.search(done.stderr).group(1) == doc["run_id"]  # type: ignore[union-attr]
    assert doc["state"] == "completed" and doc["outputs"]["last"]["value"] == 7
    (run,) = runs_of_plan(prefect_server, plan_id)
    assert run["id"] == doc["run_id"] and run["state"]["type"] == "COMPLETED"
    assert run["flow_id"] == cached != stale
    assert run["parameters"]["plan"] == str(plan.resolve())  # handed over on the API, not argv
    assert _started_by(prefect_server, doc["run_id"])["by"] == "yamada"
    # Its runner was recorded by the CLI as soon as it started, then by itself: one record.
    runners = httpx.post(
        f"{prefect_server}/flow_runs/{doc['run_id']}/input/filter",
        json={"prefix": "keiri-runner-", "limit": 10, "exclude_keys": []},
        timeout=30,
    ).json()
    assert len(runners) == 1 and json.loads(runners[0]["value"])["pid"] > 0
    journal = [json.loads(line) for line in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert [e["label"] for e in journal if "label" in e] == ["first", "last"]


@dataclass
class _Proxy:
    """Forwards every request to the real server, except the first `failures` creations of a
    flow run: the first is forwarded and its answer replaced by a 503 (created, answer lost),
    the others answer 503 without reaching the server."""

    upstream: str
    failures: int
    creates: list[int] = field(default_factory=list)  # status answered to each POST /flow_runs/
    lock: threading.Lock = field(default_factory=threading.Lock)

    def handle(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> httpx.Response:
        create = method == "POST" and path.rstrip("/").endswith("/api/flow_runs")
        if create:
            with self.lock:
                attempt = len(self.creates)
                failing = attempt < self.failures
                self.creates.append(503 if failing else 0)
            if failing and attempt > 0:
                return httpx.Response(503, json={"exception_message": "Service Unavailable"})
        forwarded = httpx.request(
            method,
            self.upstream + path.removeprefix("/api"),
            headers={
                k: v for k, v in headers.items() if k.lower() not in {"host", "content-length"}
            },
            content=body,
            timeout=60,
        )
        if create:
            with self.lock:
                if self.creates[attempt] == 503:  # the run was created; its answer is lost
                    return httpx.Response(503, json={"exception_message": "Service Unavailable"})
                self.creates[attempt] = forwarded.status_code
        return forwarded


@pytest.fixture
def flaky_api(prefect_server: str) -> Iterator[tuple[str, _Proxy]]:
    proxy = _Proxy(upstream=prefect_server, failures=3)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            response = proxy.handle(self.command, self.path, dict(self.headers), body)
            content = response.content
            self.send_response(response.status_code)
            for name, value in response.headers.items():
                if name.lower() not in {
                    "content-length",
                    "transfer-encoding",
                    "connection",
                    "content-encoding",
                }:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _any

        def log_message(self, *_args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api", proxy
    finally:
        server.shutdown()
        server.server_close()


def test_a_busy_server_is_retried_and_yields_exactly_one_run(
    prefect_server: str, flaky_api: tuple[str, _Proxy], tmp_path: Path
) -> None:
    api_url, proxy = flaky_api
    plan, plan_id = _plan(tmp_path)
    done = _keiri(["run", str(plan), "--detach", "--json"], tmp_path, api_url)
    assert done.returncode == 0, done.stderr[-3000:]
    doc = json.loads(done.stdout)
    assert doc["state"] == "completed"
    # Three 503s (the first after the run was created), then the same run answered.
    assert proxy.creates[:3] == [503, 503, 503] and proxy.creates[3] in (200, 201), proxy.creates
    (run,) = runs_of_plan(prefect_server, plan_id)  # exactly one run, the one printed
    assert run["id"] == doc["run_id"] and run["state"]["type"] == "COMPLETED"
    assert STARTED.search(done.stderr).group(1) == doc["run_id"]  # type: ignore[union-attr]
    log = (Path(os.environ["KEIRI_HOME"]) / "logs" / "cli.log").read_text(encoding="utf-8")
    retried = "| WARNING | keiri.api"  # one line per retry, in the reader's language
    assert log.count(retried) >= 3  # the retries are logged, not shown on the terminal
    assert "Service Unavailable" not in done.stderr
    assert not shown("cli.api.retrying", done.stderr)


def test_detach_on_a_fresh_home_starts_the_local_server(tmp_path: Path) -> None:
    """No `PREFECT_API_URL`, no server: the first create is refused, so the CLI starts the
    home's local server and creates the run there (the URL it put into its own environment
    before trying is not an operator's configured server that is down)."""
    from tests.support.prefect_server import free_port

    plan, _plan_id = _plan(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(
        KEIRI_HOME=str(tmp_path / "home"),
        KEIRI_SERVER_PORT=str(free_port()),
        KEIRI_BLOCK_SPECS=str(TEST_BLOCK_SPECS),
        KEIRI_TEST_JOURNAL=str(tmp_path / "journal.jsonl"),
        PYTHONPATH=str(ROOT),
    )
    try:
        done = subprocess.run(
            [str(KEIRI), "run", str(plan), "--detach", "--json"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
        doc = json.loads(done.stdout)
        assert doc["state"] == "completed" and doc["outputs"]["last"]["value"] == 7, doc
        assert doc["ui_url"].startswith(f"http://127.0.0.1:{env['KEIRI_SERVER_PORT']}/")
    finally:
        subprocess.run(
            [str(KEIRI), "server", "stop"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            timeout=120,
            check=False,
        )
