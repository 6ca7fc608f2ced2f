"""Local Prefect servers for tests (keiri.server.supervisor on a free port): the session server every
test process uses (`configure_session_server` at pytest_configure, started on first use), and
`start_test_server` / `prefect_test_server` for tests that need a server of their own.

The server lives under a temporary keiri home; its client environment (`PREFECT_API_URL`,
`PREFECT_HOME`, result storage, ...) is exported to `os.environ` (`keiri.server.client_env`) so
both this process and the subprocesses tests start (the CLI, `flows.run_plan`) use it. Prefect
reads its settings at import; if it is already imported its global settings are refreshed. A
fresh database costs ~10 s to migrate on the first start; later flow runs are fast.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from keiri.server.client_env import export_prefect_env, restore_env
from keiri.server.supervisor import ServerConfig, ServerError, start, stop
from tests.support.timing import scaled

__all__ = [
    "configure_session_server",
    "ensure_session_server",
    "free_port",
    "prefect_test_server",
    "runs_of_plan",
    "start_test_server",
    "stop_session_server",
]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def start_test_server(tmp_dir: Path, *, timeout: float = 120) -> tuple[str, Callable[[], None]]:
    """Start a server under `tmp_dir` and export its client environment.

    Returns the API URL and a callable that restores the environment and stops the server.
    """
    config = ServerConfig(keiri_home=tmp_dir / "keiri-home", port=free_port())
    api_url = _start_or_stop(scaled(timeout), config)
    previous = export_prefect_env(api_url, home=config.keiri_home)

    def stop_server() -> None:
        _drain_prefect_workers()
        restore_env(previous)
        stop(config=config)

    return api_url, stop_server


def _start_or_stop(timeout: float, config: ServerConfig) -> str:
    """Start a test server; one still starting at the timeout is left running by
    `keiri.server.supervisor.start` (never killed while starting): a test stops it."""
    try:
        return start(timeout, config=config).api_url
    except ServerError:
        stop(config=config)
        raise


def _drain_prefect_workers() -> None:
    """Flush the logs and events this process still holds while the server still answers
    (otherwise Prefect prints "Error logging to API" at interpreter exit)."""
    if "prefect.logging.handlers" in sys.modules:
        from prefect.logging.handlers import APILogWorker

        APILogWorker.drain_all(timeout=10, at_exit=False)
    if "prefect.events.worker" in sys.modules:
        from prefect.events.worker import EventsWorker

        EventsWorker.drain_all(timeout=10, at_exit=False)


@contextmanager
def prefect_test_server(tmp_dir: Path, *, timeout: float = 120) -> Iterator[str]:
    """`start_test_server` as a context manager yielding the API URL."""
    api_url, stop_server = start_test_server(tmp_dir, timeout=timeout)
    try:
        yield api_url
    finally:
        stop_server()


# -- the test session's server: configured before prefect is imported, started on first use --

_SESSION: dict[str, object] = {}


def configure_session_server() -> None:
    """From `pytest_configure`: point Prefect's settings at this process's own server (a free
    port, a temporary home) before any test module imports prefect, so nothing can fall back to
    an ephemeral server or to a developer's profile. Nothing is started yet."""
    base = Path(tempfile.mkdtemp(prefix="keiri-test-prefect-"))
    config = ServerConfig(keiri_home=base, port=free_port())
    _SESSION["config"] = config
    export_prefect_env(config.api_url, home=base)
    os.environ["PREFECT_SERVER_API_PORT"] = str(config.port)


def ensure_session_server() -> ServerConfig:
    config = _SESSION["config"]
    assert isinstance(config, ServerConfig)
    if not _SESSION.get("started"):
        _start_or_stop(scaled(120), config)
        _SESSION["started"] = True
    return config


def stop_session_server() -> None:
    config = _SESSION.get("config")
    if _SESSION.get("started") and isinstance(config, ServerConfig):
        _drain_prefect_workers()
        stop(config=config)
        _SESSION["started"] = False


def runs_of_plan(api_url: str, plan_id: str) -> list[dict[str, Any]]:
    """The flow runs tagged `plan:<plan_id>` on the API at `api_url` (JSON, up to 50)."""
    import httpx

    response = httpx.post(
        f"{api_url}/flow_runs/filter",
        json={"flow_runs": {"tags": {"all_": [f"plan:{plan_id}"]}}, "limit": 50},
        timeout=scaled(30),
    )
    response.raise_for_status()
    runs: list[dict[str, Any]] = response.json()
    return runs
