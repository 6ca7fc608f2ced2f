"""How a client process finds its Prefect API and points Prefect at it.

`ensure_api_url` is what `keiri run` calls: it uses a configured `PREFECT_API_URL` (which must
answer), or starts (or reuses) the local server of `keiri.server.supervisor`. `prefect_env` is
the environment a client process needs to run flows against an API; `connect` puts it into this
process's environment (for the processes it starts too), `export_prefect_env` and `restore_env`
borrow it for a while (tests and tools). A `PREFECT_API_URL` keiri exported itself is told
apart from one the operator configured (`_operator_url`).

This module builds on the supervisor (never the other way round) and, like it, must not import
prefect (so `keiri validate` stays free of it): when prefect is already imported, its global
settings are refreshed through `sys.modules`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.settings import keiri_home
from keiri.server.supervisor import Progress, ServerError, api_healthy, server_config, start

__all__ = [
    "connect",
    "ensure_api_url",
    "export_prefect_env",
    "prefect_env",
    "restore_env",
]

# Health checks of a configured PREFECT_API_URL before it counts as not answering.
_CONFIGURED_CHECKS = 3


def ensure_api_url(timeout: float | None = None, progress: Progress | None = None) -> str:
    """The Prefect API to run against.

    A configured `PREFECT_API_URL` is used when it answers and is an error when it does not
    (keiri never silently starts another server); otherwise the local server is started or
    reused.
    """
    configured = _operator_url()
    if configured:
        # A busy server (a loaded machine, a burst of task run events) may miss one check.
        for _attempt in range(_CONFIGURED_CHECKS):
            if api_healthy(configured, timeout=5.0):
                return configured
        raise ServerError(
            t(
                "cli.server.no_answer",
                url=configured,
                health=f"{configured.rstrip('/')}/health",
            ),
            hint=t("cli.hint.server_no_answer"),
        )
    return start(timeout, progress=progress).api_url


def prefect_env(api_url: str, *, home: Path | None = None) -> dict[str, str]:
    """The environment a process needs to run flows against `api_url`.

    Merge it over `os.environ` before prefect is imported (prefect reads its settings once,
    at import). The client gets its own `PREFECT_HOME` (`<keiri home>/prefect-client`): it
    never writes into the server's folder, and a user's `~/.prefect` profile (Prefect Cloud,
    another API URL) cannot leak in. Results persist under `<keiri home>/results`.
    Creates both folders.
    """
    base = (home or keiri_home()).resolve()
    client_home = base / "prefect-client"
    results = base / "results"
    client_home.mkdir(parents=True, exist_ok=True)
    results.mkdir(parents=True, exist_ok=True)
    return {
        "PREFECT_API_URL": api_url,
        "PREFECT_HOME": str(client_home),
        "PREFECT_PROFILES_PATH": str(client_home / "profiles.toml"),
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        # Without an API the client would start a throwaway per-process server: forbid it.
        "PREFECT_SERVER_EPHEMERAL_ENABLED": "false",
        # Run logs at INFO reach the Prefect UI; the terminal shows only warnings and errors.
        "PREFECT_LOGGING_LEVEL": "INFO",
        "PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL": "WARNING",
        "PREFECT_RESULTS_PERSIST_BY_DEFAULT": "true",
        "PREFECT_RESULTS_LOCAL_STORAGE_PATH": str(results),
    }


def export_prefect_env(api_url: str, *, home: Path | None = None) -> dict[str, str | None]:
    """Put `prefect_env(api_url)` into `os.environ`; returns the previous values (None: unset).

    Prefect reads its settings once, when imported; if it already is, its global settings are
    refreshed so this process talks to `api_url` too (no ephemeral server).
    """
    env = prefect_env(api_url, home=home)
    previous = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    _refresh_prefect_settings()
    return previous


class _Exported:
    """The API URL this process put into `PREFECT_API_URL` itself (`connect`)."""

    url: str | None = None


def _operator_url() -> str | None:
    """The `PREFECT_API_URL` the operator configured: not the local server's URL that `connect`
    exported without starting it (`keiri run --detach` tries the create first), which must not
    turn a server keiri may start into a configured one that is down."""
    configured = settings.get().server.api_url
    return None if configured is not None and configured == _Exported.url else configured


# Result storage the operator configured (shared storage for several machines) wins.
_OPERATOR_KEYS = ("PREFECT_RESULTS_LOCAL_STORAGE_PATH",)
# Prefect reads these once, at import; a process that already imported it keeps its own.
_IMPORT_TIME_KEYS = ("PREFECT_HOME", "PREFECT_PROFILES_PATH")


def connect(
    *, start_server: bool = True, timeout: float | None = None, progress: Progress | None = None
) -> str:
    """Point this process, and the processes it starts, at the Prefect API; return its URL.

    With `start_server`, the API is `ensure_api_url()` (a configured, healthy
    `PREFECT_API_URL`, or the local server started or reused); without, nothing is started
    (e.g. `keiri deploy --check`). If prefect is already imported, its settings are refreshed.
    """
    if start_server:
        api_url = ensure_api_url(timeout, progress)
    else:
        api_url = settings.get().server.api_url or server_config().api_url
    if not _operator_url():
        _Exported.url = api_url  # keiri's own choice, not the operator's: see `_operator_url`
    env = prefect_env(api_url)
    for key in _OPERATOR_KEYS:
        if os.environ.get(key):
            env.pop(key)
    if "prefect" in sys.modules:
        for key in _IMPORT_TIME_KEYS:
            env.pop(key)
    os.environ.update(env)
    _refresh_prefect_settings()
    return api_url


def restore_env(previous: dict[str, str | None]) -> None:
    """Undo `export_prefect_env` (for tests and tools that borrow a server)."""
    for key, value in previous.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    _refresh_prefect_settings()


# --- internals ----------------------------------------------------------------------------


def _refresh_prefect_settings() -> None:
    """Prefect, when this process already imported it, reads the environment again."""
    context = sys.modules.get("prefect.context")
    if context is not None:
        context.refresh_global_settings_context()
