"""The copilot's one gate to the Prefect server.

The copilot uses the Prefect API this process was pointed at — `PREFECT_API_URL` in the
environment, as the surfaces set it with `keiri.server.client_env.connect()` (which starts the
local keiri server on demand). Without it, Prefect's client would silently start a temporary
server of its own on a random port (seconds, ~200 MB, no UI, runs nobody can find later), so
every run tool and the TaskLoop call `require_server()` first: not connected → `NoServer`
(`SERVER_UNAVAILABLE`) telling the person what to do, in their language. Nothing here imports
Prefect.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

from keiri.base.catalog import t
from keiri.copilot.errors import NoServer

__all__ = ["api_url", "reachable", "require_server"]


def api_url() -> str | None:
    """The Prefect API this process talks to, or None when it is not connected to one."""
    return os.environ.get("PREFECT_API_URL") or None


def require_server() -> str:
    """The API URL; `NoServer` when this process is not connected to a Prefect server."""
    url = api_url()
    if url is None:
        raise NoServer(
            t("copilot.error.no_server"),
            hint=t("copilot.hint.no_server"),
            details={"variable": "PREFECT_API_URL"},
        )
    return url


def reachable(timeout: float = 0.5) -> bool:
    """A quick look at the API's port, so a stopped server costs no client retries."""
    url = api_url()
    if url is None:
        return False
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False
