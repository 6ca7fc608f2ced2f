"""Supervision of the embedded local Prefect server: start, stop and status.

One Prefect server per keiri home: SQLite and logs under `<keiri home>/prefect`, the UI
included, run as a detached background process so it outlives the CLI that started it.
`start` starts it (or reuses the one running) and waits until it answers, `stop` ends it,
`status` reads its pid file; `api_healthy` checks any Prefect API. How a client process finds
its API and points Prefect at it (`connect`, `prefect_env`) is `keiri.server.client_env`,
which builds on this module (never the other way round).

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
    "Progress",
    "ServerConfig",
    "ServerError",
    "ServerStatus",
    "api_healthy",
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
