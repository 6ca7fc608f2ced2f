"""The embedded local Prefect server: start, stop, status, and the environment clients need.

One Prefect server per keiri home: SQLite and logs under `<keiri home>/prefect`, the UI
included, run as a detached background process so it outlives the CLI that started it.
`ensure_api_url` is what `keiri run` calls: it uses a configured `PREFECT_API_URL`, or starts
(or reuses) the local server. `prefect_env` is the environment a client process needs.

This module must not import prefect (so `keiri validate` stays free of it): the server runs
as `python -m keiri.server.sqlite_server server start` of this interpreter (Prefect's
`prefect server start` with one SQLite connection, see that module) and health checks use urllib.

Over 400 lines: start, stop and status share one server's lock, port and child-process table.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from keiri.base import processes, settings
from keiri.base.catalog import t
from keiri.base.errors import ErrorCode, KeiriError
from keiri.base.settings import keiri_home

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "ServerConfig",
    "ServerError",
    "ServerStatus",
    "api_healthy",
    "connect",
    "ensure_api_url",
    "export_prefect_env",
    "prefect_env",
    "restore_env",
    "server_config",
    "start",
    "status",
    "stop",
]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 4200
_LOG_TAIL_LINES = 25
_POLL_SECONDS = 0.2
# A starting server that neither uses CPU nor logs for this long is stuck (killed at timeout).
_STUCK_SECONDS = 10.0
# Health checks of a configured PREFECT_API_URL before it counts as not answering.
_CONFIGURED_CHECKS = 3
# Servers this process spawned: polled (and so reaped) instead of probed by pid.
_CHILDREN: dict[int, subprocess.Popen[bytes]] = {}


class ServerError(KeiriError):
    """The local Prefect server could not be started, stopped or reached."""

    def __init__(self, message: str, *, hint: str = "", log_file: Path | None = None) -> None:
        super().__init__(ErrorCode.SERVER_UNAVAILABLE, message, hint=hint)
        self.log_file = log_file


@dataclass(frozen=True)
class ServerConfig:
    """Where the local server lives and listens; `server_config()` reads it from the env."""

    keiri_home: Path
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT

    @property
    def home(self) -> Path:
        """The server's `PREFECT_HOME`: database, server log, pid file."""
        return self.keiri_home / "prefect"

    @property
    def pid_file(self) -> Path:
        return self.home / "keiri-server.json"

    @property
    def log_file(self) -> Path:
        return self.home / "server.log"

    @property
    def lock_file(self) -> Path:
        return self.home / "server.lock"

    @property
    def connect_host(self) -> str:
        """The address clients dial: a server bound to every interface via the loopback."""
        return "127.0.0.1" if self.host in {"0.0.0.0", "::", ""} else self.host

    @property
    def ui_url(self) -> str:
        host = self.connect_host
        return f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.ui_url}/api"


@dataclass(frozen=True)
class ServerStatus:
    """What `keiri server status` shows. `running`: keiri's server process is alive;
    `healthy`: `api_url` answers `/health`."""

    running: bool
    pid: int | None
    api_url: str
    ui_url: str
    home: Path
    healthy: bool
    log_file: Path


def server_config() -> ServerConfig:
    """The configuration from `KEIRI_HOME`, `KEIRI_SERVER_HOST` and `KEIRI_SERVER_PORT`."""
    configured = settings.get().server
    return ServerConfig(keiri_home=keiri_home(), host=configured.host, port=configured.port)


def api_healthy(api_url: str, timeout: float = 2.0) -> bool:
    """True when `GET <api_url>/health` answers 200 (sends `PREFECT_API_KEY` if set)."""
    request = urllib.request.Request(api_url.rstrip("/") + "/health")
    api_key = settings.get().server.api_key
    if api_key is not None:
        request.add_header("Authorization", f"Bearer {api_key.get_secret_value()}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def status(*, config: ServerConfig | None = None) -> ServerStatus:
    """The local server as recorded in its pid file; a stale pid file is removed."""
    cfg = config or server_config()
    record = _read_record(cfg)
    if record is not None and not _is_server_process(record.pid):
        cfg.pid_file.unlink(missing_ok=True)
        record = None
    if record is None:
        return _status(cfg, None, cfg.api_url, cfg.ui_url, api_healthy(cfg.api_url, 1.0))
    return _status(cfg, record.pid, record.api_url, record.ui_url, api_healthy(record.api_url))


Progress = Callable[[float], None]  # called with the seconds waited so far, while starting


def start(
    timeout: float | None = None,
    *,
    config: ServerConfig | None = None,
    progress: Progress | None = None,
) -> ServerStatus:
    """Start the local server in the background, or reuse the one already running.

    Returns once `/api/health` answers; raises `ServerError` (with the tail of the server log)
    when the server exits or is not healthy after `timeout` seconds (default:
    `settings.server_start_timeout()`). At the timeout a server that is still progressing (its
    process uses CPU or writes its log) is left running — never killed while starting — and
    only a stuck one is stopped. `progress` is called about once a second while waiting.
    Concurrent callers serialise on a lock file, so two `keiri run` never start two servers.
    """
    timeout = timeout if timeout is not None else settings.server_start_timeout()
    cfg = config or server_config()
    cfg.home.mkdir(parents=True, exist_ok=True)
    with _locked(cfg.lock_file):
        record = _read_record(cfg)
        if record is not None and _is_server_process(record.pid):
            _wait_healthy(
                cfg, record.pid, record.api_url, timeout, kill_on_failure=False, progress=progress
            )
            return _status(cfg, record.pid, record.api_url, record.ui_url, True)
        cfg.pid_file.unlink(missing_ok=True)
        _check_port_free(cfg)
        pid = _spawn(cfg)
        _write_record(cfg, pid)
        _wait_healthy(cfg, pid, cfg.api_url, timeout, kill_on_failure=True, progress=progress)
        return _status(cfg, pid, cfg.api_url, cfg.ui_url, True)


def stop(timeout: float = 15, *, config: ServerConfig | None = None) -> bool:
    """Stop the local server (SIGTERM, then SIGKILL after `timeout`). False if none was running."""
    cfg = config or server_config()
    with _locked(cfg.lock_file):
        record = _read_record(cfg)
        if record is None:
            return False
        if not _is_server_process(record.pid):
            cfg.pid_file.unlink(missing_ok=True)
            return False
        _terminate(record.pid, timeout)
        cfg.pid_file.unlink(missing_ok=True)
        return True


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


def _status(
    cfg: ServerConfig, pid: int | None, api_url: str, ui_url: str, healthy: bool
) -> ServerStatus:
    return ServerStatus(pid is not None, pid, api_url, ui_url, cfg.home, healthy, cfg.log_file)


@dataclass(frozen=True)
class _Record:
    """The pid file: which process serves which URLs."""

    pid: int
    api_url: str
    ui_url: str


def _refresh_prefect_settings() -> None:
    context = sys.modules.get("prefect.context")
    if context is not None:
        context.refresh_global_settings_context()


def _read_record(cfg: ServerConfig) -> _Record | None:
    """The pid file's content, or None when absent or unreadable (a torn write is stale)."""
    try:
        data = json.loads(cfg.pid_file.read_text(encoding="utf-8"))
        return _Record(
            pid=int(data["pid"]), api_url=str(data["api_url"]), ui_url=str(data["ui_url"])
        )
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _write_record(cfg: ServerConfig, pid: int) -> None:
    record = {
        "pid": pid,
        "host": cfg.host,
        "port": cfg.port,
        "api_url": cfg.api_url,
        "ui_url": cfg.ui_url,
        "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    tmp = cfg.pid_file.with_suffix(".tmp")
    tmp.write_text(json.dumps(record), encoding="utf-8")
    os.replace(tmp, cfg.pid_file)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive inter-process lock held for the duration of the block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        _lock(handle.fileno(), True)
        try:
            yield
        finally:
            _lock(handle.fileno(), False)


def _lock(fd: int, acquire: bool) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_LOCK if acquire else msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX if acquire else fcntl.LOCK_UN)


def _check_port_free(cfg: ServerConfig) -> None:
    try:
        with socket.create_connection((cfg.connect_host, cfg.port), timeout=1.0):
            pass
    except OSError:
        return
    if api_healthy(cfg.api_url):
        raise ServerError(
            t("cli.server.foreign", url=cfg.api_url),
            hint=t("cli.hint.server_foreign", url=cfg.api_url),
        )
    raise ServerError(
        t("cli.server.port_busy", port=cfg.port, host=cfg.host),
        hint=t("cli.hint.server_port_busy"),
    )


def _server_command(cfg: ServerConfig) -> list[str]:
    return [
        sys.executable, "-m", "keiri.server.sqlite_server", "server", "start",
        "--host", cfg.host, "--port", str(cfg.port), "--analytics-off", "--no-prompt",
    ]  # fmt: skip


def _server_environment(cfg: ServerConfig) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "PREFECT_HOME": str(cfg.home),
            "PREFECT_PROFILES_PATH": str(cfg.home / "profiles.toml"),
            "PREFECT_API_URL": cfg.api_url,
            "PREFECT_SERVER_API_HOST": cfg.host,
            "PREFECT_SERVER_API_PORT": str(cfg.port),
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
            "PREFECT_SERVER_LOGGING_LEVEL": "WARNING",
            "PREFECT_LOGGING_LEVEL": "WARNING",
            "PREFECT_SERVER_UI_SHOW_PROMOTIONAL_CONTENT": "false",
            "PREFECT_CLI_COLORS": "false",
            "PYTHONUNBUFFERED": "1",
        }
    )
    # Without this the UI of a server on another port calls the API on :4200.
    if "PREFECT_UI_API_URL" not in os.environ:
        env.setdefault("PREFECT_SERVER_UI_API_URL", cfg.api_url)
    # Task runs arrive as events; recorded one transaction per event (Prefect's default),
    # they keep SQLite's write lock busy and the next flow run's creation gets a 503 and a
    # 2 s client back-off. Batched once a second, flow calls are ~3x faster (see bench/).
    env.setdefault("PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_BATCH_SIZE", "1000")
    env.setdefault("PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_FLUSH_INTERVAL", "1")
    return env


def _spawn(cfg: ServerConfig) -> int:
    """Start the server detached from this process (own session) with output to its log."""
    if cfg.log_file.exists():
        os.replace(cfg.log_file, cfg.log_file.with_suffix(".log.1"))
    detach: dict[str, object] = {}
    if sys.platform == "win32":
        detach["creationflags"] = (
            subprocess.CREATE_NEW_PROCESS_GROUP
            | subprocess.DETACHED_PROCESS
            | subprocess.CREATE_NO_WINDOW
        )
    else:
        detach["start_new_session"] = True
    with open(cfg.log_file, "wb") as log:
        process = subprocess.Popen(  # type: ignore[call-overload]
            _server_command(cfg),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=cfg.home,
            env=_server_environment(cfg),
            **detach,
        )
    _CHILDREN[process.pid] = process
    return int(process.pid)


def _activity(pid: int, log_file: Path) -> tuple[int, int]:
    """(CPU ticks of the process, size of its log): either growing means it is starting."""
    ticks = 0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])  # utime + stime
    except (OSError, IndexError, ValueError):
        pass  # no /proc (macOS, Windows): the log alone shows progress
    try:
        size = log_file.stat().st_size
    except OSError:
        size = 0
    return ticks, size


def _wait_healthy(
    cfg: ServerConfig,
    pid: int,
    api_url: str,
    timeout: float,
    *,
    kill_on_failure: bool,
    progress: Progress | None = None,
) -> None:
    started = time.monotonic()
    last_activity, last_change = _activity(pid, cfg.log_file), started
    last_report = started
    while True:
        if api_healthy(api_url, timeout=2.0):
            return
        if not _is_server_process(pid):
            cfg.pid_file.unlink(missing_ok=True)
            raise ServerError(
                t("cli.server.exited", pid=pid) + _log_tail(cfg.log_file),
                hint=t("cli.hint.server_exited", log=cfg.log_file),
                log_file=cfg.log_file,
            )
        now = time.monotonic()
        activity = _activity(pid, cfg.log_file)
        if activity != last_activity:
            last_activity, last_change = activity, now
        if now - started >= timeout:
            stuck = now - last_change >= min(_STUCK_SECONDS, timeout)
            if stuck and kill_on_failure:
                _terminate(pid, 5.0)
                cfg.pid_file.unlink(missing_ok=True)
            key = "cli.server.timeout_stuck" if stuck else "cli.server.timeout_starting"
            raise ServerError(
                t(key, health=f"{api_url}/health", timeout=f"{timeout:g}")
                + _log_tail(cfg.log_file),
                hint=t("cli.hint.server_timeout", log=cfg.log_file),
                log_file=cfg.log_file,
            )
        if progress is not None and now - last_report >= 1.0:
            last_report = now
            progress(now - started)
        time.sleep(_POLL_SECONDS)


def _log_tail(log_file: Path) -> str:
    try:
        lines = log_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    tail = [line for line in lines if line.strip()][-_LOG_TAIL_LINES:]
    if not tail:
        return ""
    return (
        "\n"
        + t("cli.server.log_tail", log=log_file)
        + "\n"
        + "\n".join(f"  {line}" for line in tail)
    )


def _is_server_process(pid: int) -> bool:
    """True if `pid` is alive and (where the OS tells) a Prefect server, not a reused pid."""
    child = _CHILDREN.get(pid)
    if child is not None:
        return child.poll() is None
    if not processes.pid_alive(pid):
        return False
    if sys.platform == "win32" or not (Path("/proc") / str(pid)).is_dir():
        return True  # the OS tells no more
    cmdline = processes.command_line(pid)
    if cmdline is None:
        return False
    # keiri's own server entry, or Prefect's (a server started by an older keiri).
    entry = b"keiri.server.sqlite_server" in cmdline or b"prefect" in cmdline
    return entry and b"server" in cmdline


def _terminate(pid: int, timeout: float) -> None:
    ended = processes.terminate(pid, timeout, running=_is_server_process, poll=_POLL_SECONDS)
    child = _CHILDREN.get(pid)
    if not ended and child is not None:
        child.wait(timeout=5)
    _CHILDREN.pop(pid, None)
