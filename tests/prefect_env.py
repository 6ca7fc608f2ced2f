"""One local Prefect server per test process, started on first use.

`configure()` runs from `pytest_configure`, before any test module imports prefect: it points
Prefect's settings at this process's own server (a free port, a temporary home) so nothing
can fall back to an ephemeral server or to a developer's profile.
"""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

from keiri.server import ServerConfig, prefect_env, start, stop

__all__ = ["configure", "ensure_started", "shutdown"]

_STATE: dict[str, object] = {}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def configure() -> None:
    base = Path(tempfile.mkdtemp(prefix="keiri-test-prefect-"))
    config = ServerConfig(keiri_home=base, port=_free_port())
    _STATE["config"] = config
    os.environ.update(prefect_env(config.api_url, home=base))
    os.environ["PREFECT_SERVER_API_PORT"] = str(config.port)
    os.environ["KEIRI_TEST_PREFECT_HOME"] = str(base)


def ensure_started() -> ServerConfig:
    config = _STATE["config"]
    assert isinstance(config, ServerConfig)
    if not _STATE.get("started"):
        start(120, config=config)
        _STATE["started"] = True
    return config


def shutdown() -> None:
    config = _STATE.get("config")
    if _STATE.get("started") and isinstance(config, ServerConfig):
        stop(config=config)
        _STATE["started"] = False
