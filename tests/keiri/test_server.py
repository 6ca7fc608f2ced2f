"""The embedded local Prefect server: start, reuse, status, a real flow run, stop, and the
failures a user meets (stale pid file, busy port, unreachable PREFECT_API_URL)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from keiri.base.errors import ConfigError
from keiri.server.client_env import ensure_api_url, prefect_env
from keiri.server.supervisor import (
    ServerConfig,
    ServerError,
    ServerStatus,
    start,
    status,
    stop,
)
from tests.support.catalog_text import shown
from tests.support.prefect_server import free_port
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect


@dataclass
class Started:
    config: ServerConfig
    status: ServerStatus
    stale_pid: int


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def _write_pid_file(config: ServerConfig, pid: int) -> None:
    config.home.mkdir(parents=True, exist_ok=True)
    record = {"pid": pid, "api_url": config.api_url, "ui_url": config.ui_url}
    config.pid_file.write_text(json.dumps(record), encoding="utf-8")


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return int(response.status), response.read()


def _post_json(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    """A server started over a stale pid file (a crashed earlier server)."""
    config = ServerConfig(keiri_home=tmp_path_factory.mktemp("server") / "home", port=free_port())
    stale = _dead_pid()
    _write_pid_file(config, stale)
    try:
        began = start(120, config=config)
        yield Started(config=config, status=began, stale_pid=stale)
    finally:
        stop(config=config)  # also a server left starting at the timeout


def test_start_replaces_a_stale_pid_file_and_answers(server: Started) -> None:
    began = server.status
    assert began.running and began.healthy
    assert began.pid is not None and began.pid != server.stale_pid
    assert began.api_url == f"http://127.0.0.1:{server.config.port}/api"
    assert json.loads(server.config.pid_file.read_text())["pid"] == began.pid
    assert _get(began.api_url + "/health") == (200, b"true")
    code, page = _get(began.ui_url)
    assert code == 200 and b"<html" in page.lower()
    assert began.home == server.config.keiri_home / "prefect"
    assert (began.home / "prefect.db").is_file()


def test_ui_calls_the_api_on_its_own_port(server: Started) -> None:
    _code, body = _get(server.config.ui_url + "/ui-settings")
    assert json.loads(body)["api_url"] == server.config.api_url


def test_status_reports_the_running_server(server: Started) -> None:
    now = status(config=server.config)
    assert now.running and now.healthy
    assert now.pid == json.loads(server.config.pid_file.read_text())["pid"]
    assert now.ui_url == server.config.ui_url
    assert now.log_file == server.config.home / "server.log"


def test_second_start_reuses_the_running_server(server: Started) -> None:
    before = status(config=server.config)
    began = time.monotonic()
    again = start(config=server.config)
    assert again.pid == before.pid
    assert again.healthy
    assert time.monotonic() - began < 5


def test_ensure_api_url_reuses_the_local_server(
    server: Started, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    monkeypatch.setenv("KEIRI_HOME", str(server.config.keiri_home))
    monkeypatch.setenv("KEIRI_SERVER_PORT", str(server.config.port))
    assert ensure_api_url() == server.config.api_url
    monkeypatch.setenv("PREFECT_API_URL", server.config.api_url)
    assert ensure_api_url() == server.config.api_url


def test_a_flow_runs_against_the_server(server: Started, tmp_path: Path) -> None:
    api_url = status(config=server.config).api_url
    code = textwrap.dedent(
        """
        from prefect import flow, task

        @task
        def double(x: int) -> int:
            return 2 * x

        @flow(flow_run_name="keiri-server-smoke")
        def smoke(x: int) -> int:
            return double.with_options(task_run_name="double")(x)

        assert smoke(21) == 42
        """
    )
    env = {**os.environ, **prefect_env(api_url, home=tmp_path / "client")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    runs = _post_json(
        api_url + "/flow_runs/filter",
        {"flow_runs": {"name": {"any_": ["keiri-server-smoke"]}}},
    )
    assert [r["state_type"] for r in runs] == ["COMPLETED"]
    # Task runs reach the server as events and are recorded in batches, the first (PENDING, under
    # Prefect's generated name) possibly before the last: wait until the run's task has ended.
    deadline = time.monotonic() + scaled(15)
    task_runs: list[Any] = []
    while time.monotonic() < deadline:
        task_runs = _post_json(
            api_url + "/task_runs/filter", {"flow_runs": {"id": {"any_": [runs[0]["id"]]}}}
        )
        if task_runs and all(t["state_type"] == "COMPLETED" for t in task_runs):
            break
        time.sleep(0.3)
    assert [(t["name"], t["state_type"]) for t in task_runs] == [("double", "COMPLETED")]
    assert list((tmp_path / "client" / "results").iterdir())  # results persisted by default


def test_concurrent_writes_queue_for_the_one_connection_and_all_succeed(server: Started) -> None:
    """The server is keiri's entry (`keiri.server.sqlite_server`: one SQLite connection); 40 flow
    runs created at once are all created, none answered 503 for a locked database."""
    running = status(config=server.config)
    assert running.pid is not None
    cmdline = Path(f"/proc/{running.pid}/cmdline").read_bytes().split(b"\0")
    assert b"keiri.server.sqlite_server" in cmdline
    api_url = running.api_url
    flow_id = _post_json(api_url + "/flows/", {"name": "keiri-burst"})["id"]
    answers: list[int] = []

    def create(i: int) -> None:
        request = urllib.request.Request(
            api_url + "/flow_runs/",
            data=json.dumps({"flow_id": flow_id, "name": f"burst-{i}"}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                answers.append(int(response.status))
        except urllib.error.HTTPError as exc:
            answers.append(exc.code)

    threads = [threading.Thread(target=create, args=(i,)) for i in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [201] * 40
    runs = _post_json(api_url + "/flow_runs/filter", {"flows": {"id": {"any_": [flow_id]}}})
    assert len(runs) == 40


def test_stop_ends_the_server_and_a_restart_keeps_the_database(server: Started) -> None:
    pid = status(config=server.config).pid
    assert stop(config=server.config) is True
    after = status(config=server.config)
    assert not after.running and not after.healthy and after.pid is None
    assert not server.config.pid_file.exists()
    assert stop(config=server.config) is False
    with pytest.raises(ProcessLookupError):
        os.kill(pid or 0, 0)
    again = start(120, config=server.config)  # leaves the module's server running
    assert again.healthy and again.pid != pid


def test_stale_pid_file_is_reported_and_removed(tmp_path: Path) -> None:
    config = ServerConfig(keiri_home=tmp_path, port=free_port())
    _write_pid_file(config, _dead_pid())
    now = status(config=config)
    assert not now.running and not now.healthy and now.pid is None
    assert not config.pid_file.exists()
    _write_pid_file(config, _dead_pid())
    assert stop(config=config) is False
    assert not config.pid_file.exists()


def test_port_used_by_another_program_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        config = ServerConfig(keiri_home=tmp_path, port=busy.getsockname()[1])
        with pytest.raises(ServerError) as caught:
            start(10, config=config)
    assert shown("cli.server.port_busy", caught.value.message, port=config.port)
    assert "KEIRI_SERVER_PORT" in caught.value.hint
    assert not config.pid_file.exists()


def test_server_exiting_at_start_shows_the_log_tail(tmp_path: Path) -> None:
    config = ServerConfig(keiri_home=tmp_path, host="256.0.0.1", port=free_port())
    with pytest.raises(ServerError) as caught:
        start(60, config=config)
    assert shown("cli.server.exited", caught.value.message)
    assert "Invalid host" in caught.value.message  # the tail of the server log
    assert caught.value.log_file == config.log_file
    assert not config.pid_file.exists()


def test_unreachable_configured_api_url_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"http://127.0.0.1:{free_port()}/api"
    monkeypatch.setenv("PREFECT_API_URL", url)
    with pytest.raises(ServerError) as caught:
        ensure_api_url()
    assert url in caught.value.message
    assert caught.value.hint == t("cli.hint.server_no_answer")


def test_bad_port_setting_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    monkeypatch.setenv("KEIRI_SERVER_PORT", "forty-two")
    with pytest.raises(ConfigError) as caught:
        ensure_api_url()
    not_int = t("issue.pydantic.int_type", actual="'forty-two'")
    assert caught.value.message == t(
        "runtime.settings.problem", name="KEIRI_SERVER_PORT", message=not_int
    )
    assert caught.value.fields == ["KEIRI_SERVER_PORT"] and caught.value.exit_code == 2


def test_prefect_env_points_clients_away_from_the_server_home(tmp_path: Path) -> None:
    env = prefect_env("http://127.0.0.1:4999/api", home=tmp_path)
    assert env["PREFECT_API_URL"] == "http://127.0.0.1:4999/api"
    assert env["PREFECT_HOME"] == str(tmp_path / "prefect-client")
    assert env["PREFECT_RESULTS_PERSIST_BY_DEFAULT"] == "true"
    assert env["PREFECT_RESULTS_LOCAL_STORAGE_PATH"] == str(tmp_path / "results")
    assert env["PREFECT_SERVER_ANALYTICS_ENABLED"] == "false"
    assert env["PREFECT_SERVER_EPHEMERAL_ENABLED"] == "false"
    assert env["PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL"] == "WARNING"
    assert (tmp_path / "results").is_dir() and (tmp_path / "prefect-client").is_dir()


def _fake_server(tmp_path: Path, code: str) -> tuple[ServerConfig, subprocess.Popen[bytes]]:
    """A process that never answers /health: busy (CPU) or silent, standing in for a slow or
    a stuck server start."""
    from keiri.server import supervisor as server_module

    config = ServerConfig(keiri_home=tmp_path, port=free_port())
    config.home.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    server_module._CHILDREN[process.pid] = process
    return config, process


def test_a_slow_server_still_starting_is_never_killed(tmp_path: Path) -> None:
    from keiri.server.supervisor import _wait_healthy

    config, process = _fake_server(tmp_path, "while True: pass")
    waited: list[float] = []
    try:
        with pytest.raises(ServerError) as caught:
            _wait_healthy(
                config,
                process.pid,
                config.api_url,
                2.5,
                kill_on_failure=True,
                progress=waited.append,
            )
        assert shown("cli.server.timeout_starting", caught.value.message)
        assert "--server-timeout" in caught.value.hint
        assert process.poll() is None  # left running: the next run reuses it
        assert waited and waited[0] >= 1.0  # the progress line was shown
    finally:
        process.kill()
        process.wait()


def test_a_stuck_server_start_is_stopped_at_the_timeout(tmp_path: Path) -> None:
    from keiri.server.supervisor import _wait_healthy

    config, process = _fake_server(
        tmp_path, "import time; print('ready', flush=True); time.sleep(60)"
    )
    # past the interpreter's own start-up, however long a loaded machine takes for it: from
    # here on the process does nothing
    assert process.stdout is not None and process.stdout.readline().strip() == b"ready"
    try:
        with pytest.raises(ServerError) as caught:
            _wait_healthy(config, process.pid, config.api_url, 1.5, kill_on_failure=True)
        assert shown("cli.server.timeout_stuck", caught.value.message)
        process.wait(timeout=10)  # terminated
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_server_start_timeout_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from keiri.base import settings

    monkeypatch.setenv("KEIRI_SERVER_START_TIMEOUT", "300")
    assert settings.server_start_timeout() == 300.0
    monkeypatch.setenv("KEIRI_SERVER_START_TIMEOUT", "soon")
    with pytest.raises(ValueError, match="KEIRI_SERVER_START_TIMEOUT"):
        settings.server_start_timeout()
