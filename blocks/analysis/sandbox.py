"""Sandboxed execution of generated analysis code: one child process per action.

`Sandbox.run(code, df, workspace)` runs the code in a new process — forked from a long-lived
fork server (`_sandbox_child.py --server`, which imported pandas and matplotlib once and runs
no generated code itself), or with `fork_server=False` a fresh `python -I _sandbox_child.py`
— waits at most `limits.wall_seconds` (the parent kills the action's process group on
expiry) and returns a `SandboxRun`. The action sandboxes itself before the code runs. Every violation comes back as a
readable Japanese error (and in `violations`, even when the code swallowed the exception);
the parent never raises for what the code did, only when the child cannot start at all.

What protects what (the child applies them in this order; see `_sandbox_child`):

| threat | layer |
| --- | --- |
| memory (1 GiB), CPU, huge files, core dumps | rlimits: AS, CPU, FSIZE, CORE (kernel) |
| running forever | the parent's wall clock (3 min) + RLIMIT_CPU (kernel) |
| network | a new, empty network namespace (kernel; where unshare is permitted), seccomp on `socket` (kernel), audit hook on `socket.*`, `http.client.*`, `urllib.Request` |
| subprocesses, fork, exec | seccomp on fork/vfork/clone without CLONE_THREAD/execve (kernel, root too), RLIMIT_NPROC=0 (kernel, non-root), audit hook on `os.system`, `os.exec*`, `os.fork`, `os.posix_spawn`, `subprocess.Popen` |
| files outside the workspace | audit hook on `open` (writes: workspace only; reads: workspace and the Python installation, fonts, time zones), listings, rename/remove/chmod/... |
| native code | audit hook on `ctypes.*` (only threadpoolctl, which scikit-learn uses, may call it) |
| libraries | an import allow-list on the code's own `import` statements (pandas, numpy, sklearn, matplotlib, seaborn, harmless stdlib) and a deny-list on every import (socket, subprocess, ctypes, requests, ...) |
| secrets | the child's environment is built from scratch: no API key, no keiri settings |
| output floods | stdout kept up to 1,000,000 characters, then the action is cut with an error |

What it does NOT protect against: the audit hook and the import guard are Python-level, so
code that reaches native memory without ctypes (a bug in a C extension) is stopped only by
the kernel layers; C extensions that open files themselves (not through Python's `open`)
are not seen by the hook (numpy/pandas/matplotlib read and write through Python); reads of
world-readable files inside the Python installation are allowed; `os.stat` raises no audit
event, so whether an outside path exists can be learnt (not its content); CPU and memory exhaustion
of the machine by many concurrent actions is not limited across actions (one action: 1 GiB,
3 min); timing side channels. Without unshare or seccomp permission (some containers) the
network and process guards rest on the audit hook alone — `SandboxRun.layers` says which
layers were active.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NoReturn

import pandas as pd

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings

__all__ = [
    "ALLOWED_IMPORTS",
    "DENIED_IMPORTS",
    "Sandbox",
    "SandboxLimits",
    "SandboxRun",
]

_CHILD = Path(__file__).resolve().parent / "_sandbox_child.py"

#: Top-level modules the generated code may import.
ALLOWED_IMPORTS = frozenset(
    {
        "pandas", "numpy", "sklearn", "matplotlib", "seaborn", "mpl_toolkits",
        "matplotlib_fontja", "math", "cmath", "statistics", "datetime", "calendar", "time",
        "zoneinfo", "json", "csv", "re", "string", "textwrap", "unicodedata", "collections",
        "itertools", "functools", "operator", "heapq", "bisect", "decimal", "fractions",
        "random", "typing", "dataclasses", "enum", "copy", "pprint", "warnings", "pathlib",
        "io",
    }
)  # fmt: skip
#: Modules nobody in the child may load (checked on every import, libraries' too).
DENIED_IMPORTS = frozenset(
    {
        "socket", "_socket", "ssl", "_ssl", "subprocess", "_posixsubprocess", "ctypes",
        "_ctypes", "multiprocessing", "requests", "urllib3", "httpx", "httpx2", "aiohttp",
        "ftplib", "smtplib", "telnetlib", "pty", "openai", "keiri", "blocks",
    }
)  # fmt: skip
# Read-only extras: fonts, time zones, and the CPU quota files libraries probe for core counts.
_READ_ROOTS = (
    "/usr/share/fonts",
    "/usr/share/zoneinfo",
    "/usr/share/matplotlib",
    "/sys/fs/cgroup",
    "/sys/devices/system/cpu",
)


@dataclass(frozen=True)
class SandboxLimits:
    """Per-action limits (the seed: 3 minutes / 1 GiB per analysis action)."""

    wall_seconds: float = 180.0
    memory_bytes: int = 1 << 30
    cpu_seconds: int = 180
    file_bytes: int = 256 << 20
    stdout_chars: int = 1_000_000


@dataclass(frozen=True)
class SandboxRun:
    """What one action did: success, captured stdout, the error, violations and timing."""

    ok: bool
    stdout: str
    error: str | None
    violations: list[str] = field(default_factory=list)
    layers: list[str] = field(default_factory=list)
    seconds: float = 0.0
    exit_code: int | None = None


class Sandbox:
    """Runs generated code in a fresh, limited child process (see the module docstring)."""

    def __init__(
        self,
        limits: SandboxLimits | None = None,
        *,
        isolate_network: bool = True,
        seccomp: bool = True,
        fork_server: bool = True,
    ) -> None:
        self.limits = limits or SandboxLimits()
        self.isolate_network = isolate_network
        self.seccomp = seccomp
        self.fork_server = fork_server

    def run(self, code: str, df: pd.DataFrame | None, workspace: Path) -> SandboxRun:
        workspace = workspace.resolve()
        job = pickle.dumps(self._job(code, df, workspace), protocol=pickle.HIGHEST_PROTOCOL)
        if self.fork_server:
            return self._run_forked(job)
        started = time.monotonic()
        with tempfile.TemporaryFile() as log:
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-I", str(_CHILD)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=log,
                    cwd=workspace,
                    env=self._env(),
                    start_new_session=True,
                    close_fds=True,
                )
            except OSError as exc:
                raise BlockError(
                    ErrorCode.DEPENDENCY_NOT_FOUND,
                    f"分析コードの実行環境を起動できませんでした: {exc}",
                    details={"reason": "sandbox_start", "error": repr(exc)},
                    hint="Python の実行ファイルとワークスペースの権限を確認してください",
                ) from exc
            try:
                out, _ = proc.communicate(job, timeout=self.limits.wall_seconds)
            except subprocess.TimeoutExpired:
                _kill(proc)
                return SandboxRun(
                    ok=False,
                    stdout="",
                    error=(
                        f"TimeoutError: 実行時間の上限（{self.limits.wall_seconds:g} 秒）を"
                        "超えたため、処理を停止しました"
                    ),
                    seconds=time.monotonic() - started,
                    exit_code=proc.returncode,
                )
            finally:
                _kill(proc)
            seconds = time.monotonic() - started
            log.seek(0)
            tail = log.read()[-2000:].decode("utf-8", "replace")
        return self._result(out, proc.returncode, seconds, tail)

    def _run_forked(self, job: bytes) -> SandboxRun:
        """The same action forked from the fork server (libraries already imported)."""
        server = _ForkServer.get(self._env())
        job_dir = Path(tempfile.mkdtemp(prefix="keiri-sandbox-"))
        try:
            (job_dir / "job.pkl").write_bytes(job)
            started = time.monotonic()
            returncode = server.run(job_dir, self.limits.wall_seconds)
            seconds = time.monotonic() - started
            if returncode is None:
                return SandboxRun(
                    ok=False,
                    stdout="",
                    error=(
                        f"TimeoutError: 実行時間の上限（{self.limits.wall_seconds:g} 秒）を"
                        "超えたため、処理を停止しました"
                    ),
                    seconds=seconds,
                )
            result = job_dir / "result.json"
            out = result.read_bytes() if result.is_file() else b""
            log = job_dir / "log"
            tail = log.read_bytes()[-2000:].decode("utf-8", "replace") if log.is_file() else ""
            return self._result(out, returncode, seconds, tail)
        finally:
            shutil.rmtree(job_dir, ignore_errors=True)

    # -- helpers ------------------------------------------------------------------------------

    def _job(self, code: str, df: pd.DataFrame | None, workspace: Path) -> dict[str, Any]:
        spec = importlib.util.find_spec("threadpoolctl")
        callers = [spec.origin] if spec is not None and spec.origin else []
        return {
            "code": code,
            "df": df,
            "workspace": str(workspace),
            "memory_bytes": self.limits.memory_bytes,
            "cpu_seconds": self.limits.cpu_seconds,
            "file_bytes": self.limits.file_bytes,
            "stdout_chars": self.limits.stdout_chars,
            "allowed_imports": sorted(ALLOWED_IMPORTS),
            "denied_imports": sorted(DENIED_IMPORTS),
            "read_roots": [*_READ_ROOTS, str(_mpl_config_dir())],
            "ctypes_callers": callers,
            "isolate_network": self.isolate_network,
            "seccomp": self.seccomp,
        }

    @staticmethod
    def _env() -> dict[str, str]:
        """A clean environment: no API keys, no keiri settings, one BLAS thread."""
        mpl = _mpl_config_dir()
        mpl.mkdir(parents=True, exist_ok=True)
        return {
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "MPLBACKEND": "Agg",
            "MPLCONFIGDIR": str(mpl),
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
            "NUMEXPR_MAX_THREADS": "1",
        }

    def _result(self, out: bytes, returncode: int, seconds: float, tail: str) -> SandboxRun:
        try:
            data = json.loads(out.decode("utf-8")) if out else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return SandboxRun(
                ok=False,
                stdout="",
                error=_death(returncode, tail, self.limits),
                seconds=seconds,
                exit_code=returncode,
            )
        return SandboxRun(
            ok=bool(data.get("ok")),
            stdout=str(data.get("stdout") or ""),
            error=data.get("error"),
            violations=[str(v) for v in data.get("violations") or []],
            layers=[str(v) for v in data.get("layers") or []],
            seconds=seconds,
            exit_code=returncode,
        )


class _ForkServer:
    """One long-lived `_sandbox_child.py --server` per environment: it imports pandas and
    matplotlib once and forks one action per request, so an action does not pay the imports.
    The parent keeps the wall clock: it kills an action's process group on expiry."""

    _servers: ClassVar[dict[tuple[tuple[str, str], ...], _ForkServer]] = {}
    _servers_lock = threading.Lock()

    def __init__(self, env: dict[str, str]) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-I", str(_CHILD), "--server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd="/",
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        self._write_lock = threading.Lock()
        self._changed = threading.Condition()
        self._pids: dict[str, int] = {}
        self._exits: dict[int, int] = {}
        self._ready = False
        self._dead = False
        threading.Thread(target=self._read, name="keiri-sandbox-server", daemon=True).start()

    @classmethod
    def get(cls, env: dict[str, str]) -> _ForkServer:
        key = tuple(sorted(env.items()))
        with cls._servers_lock:
            server = cls._servers.get(key)
            if server is None or server._dead:
                server = cls._servers[key] = cls(env)
                atexit.register(server.close)
            return server

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for raw in self._proc.stdout:
            parts = raw.decode("ascii", "replace").split()
            with self._changed:
                if parts[:1] == ["READY"]:
                    self._ready = True
                elif parts[:1] == ["PID"] and len(parts) == 3:
                    self._pids[parts[1]] = int(parts[2])
                elif parts[:1] == ["EXIT"] and len(parts) == 3:
                    self._exits[int(parts[1])] = os.waitstatus_to_exitcode(int(parts[2]))
                self._changed.notify_all()
        with self._changed:
            self._dead = True
            self._changed.notify_all()

    def _wait(self, done: Callable[[], bool], timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: done() or self._dead, timeout) and done()

    def run(self, job_dir: Path, wall_seconds: float) -> int | None:
        """The action's exit code, or None when the wall clock killed it."""
        request = uuid.uuid4().hex
        if not self._wait(lambda: self._ready, 120):
            self._failed("the fork server did not start")
        with self._write_lock:
            assert self._proc.stdin is not None
            try:
                self._proc.stdin.write(f"RUN {request} {job_dir}\n".encode())
                self._proc.stdin.flush()
            except OSError:
                self._failed("the fork server is gone")
        if not self._wait(lambda: request in self._pids, 30):
            self._failed("the fork server did not start the action")
        pid = self._pids.pop(request)
        if self._wait(lambda: pid in self._exits, wall_seconds):
            return self._exits.pop(pid)
        if self._dead:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
            self._failed("the fork server stopped during the action")
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)  # the action runs in its own session
        self._wait(lambda: pid in self._exits, 30)
        self._exits.pop(pid, None)
        return None

    def _failed(self, why: str) -> NoReturn:
        self.close()
        raise BlockError(
            ErrorCode.DEPENDENCY_NOT_FOUND,
            f"分析コードの実行環境を起動できませんでした（{why}）",
            details={"reason": "sandbox_start"},
            hint="もう一度実行してください。繰り返す場合は Python 環境（pandas, matplotlib）を確認してください",
            recoverable=True,
        )

    def close(self) -> None:
        self._dead = True
        if self._proc.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._proc.pid, signal.SIGKILL)
        self._proc.wait()


def _mpl_config_dir() -> Path:
    return settings.keiri_home() / "cache" / "matplotlib"


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the child's whole process group and reap it (idempotent)."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _death(returncode: int, tail: str, limits: SandboxLimits) -> str:
    """The error of a child that died without a result (a kernel limit or a crash)."""
    if returncode == -signal.SIGXCPU:
        return f"TimeoutError: CPU 時間の上限（{limits.cpu_seconds} 秒）を超えました"
    if returncode == -signal.SIGKILL:
        mib = limits.memory_bytes // (1024 * 1024)
        return f"MemoryError: プロセスが強制終了されました（メモリ上限 {mib:,} MiB の超過など）"
    last = tail.strip().splitlines()[-1] if tail.strip() else ""
    return (
        f"RuntimeError: 分析コードのプロセスが結果を返さずに終了しました（終了コード {returncode}）"
        + (f": {last}" if last else "")
    )
