"""Sandboxed execution of generated analysis code: one isolated process per action.

`Sandbox.run(code, df, workspace)` runs the code inside a bubblewrap sandbox around the
workspace (`sandbox_kernel`), forked from the session's fork server or, with
`fork_server=False`, in a fresh interpreter (`sandbox_server`); waits at most
`limits.wall_seconds`; and returns a `SandboxRun` that the parent decides from what it
observes (`sandbox_outcome`). Every violation comes back as a readable sentence from the
catalog; the parent never raises for what the code did, only when the sandbox cannot be
built (`BlockError` `DEPENDENCY_NOT_FOUND`, with the reason and the fix) or started.

What protects what (see docs/analysis.md for the full table):

| threat | layer |
| --- | --- |
| files outside the workspace (write), any path | bwrap mount namespace: the workspace is the only writable host path (kernel) |
| secrets on the machine (read) | bwrap: only the system, Python and fonts are mounted; no keiri home, no project, no `/root` (kernel) |
| network | bwrap network namespace: its own loopback only (kernel); seccomp on `socket` |
| subprocesses, fork, exec, ptrace | seccomp (kernel); RLIMIT_NPROC=0; PID namespace; the audit hook |
| forged outcome | the parent decides from exit status, the `done` sentinel, records sent before each violation is raised, and the workspace on disk |
| memory, CPU, file size, core dumps | rlimits AS, CPU, FSIZE, CORE (kernel); the parent's wall clock |
| readable errors, libraries | the audit hook and the import allow-list (Python level, extra) |
| secrets in the environment | the environment is built from scratch |
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import tempfile
import time
from pathlib import Path
from typing import Any

import pandas as pd

from blocks.analysis.sandbox_kernel import require
from blocks.analysis.sandbox_outcome import (
    VIOLATION_KEYS,
    Action,
    SandboxLimits,
    SandboxRun,
    decide,
    observe,
    scrub_workspace,
)
from blocks.analysis.sandbox_server import ForkServer, FreshAction, Pipes
from keiri.base import settings
from keiri.base.catalog import CATALOG, language

__all__ = [
    "ALLOWED_IMPORTS",
    "DENIED_IMPORTS",
    "TEST_WITHOUT_AUDIT_HOOK",
    "Sandbox",
    "SandboxLimits",
    "SandboxRun",
]

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
#: Read-only extras the audit hook allows besides the workspace and the Python installation.
_READ_ROOTS = ("/usr/share/fonts", "/usr/share/zoneinfo", "/usr/share/matplotlib",
               "/sys/devices/system/cpu", "/sys/fs/cgroup", "/keiri-sandbox")  # fmt: skip
#: Test-only: set in the *parent's* environment to run without the audit hook, so tests show
#: the kernel layer alone blocks each escape. Generated code cannot reach the parent's
#: environment (the sandbox's is built from scratch) and plans only read `KEIRI_VAR_*`.
TEST_WITHOUT_AUDIT_HOOK = "KEIRI_TEST_SANDBOX_WITHOUT_AUDIT_HOOK"
#: Catalog templates the child formats itself (its exceptions read like the parent's records).
_CHILD_MESSAGES = {
    **VIOLATION_KEYS,
    "wrapper": "runtime.sandbox.violation",
    "output": "runtime.sandbox.output_limit",
}


class Sandbox:
    """Runs generated code in a kernel-isolated, limited child (see the module docstring)."""

    def __init__(self, limits: SandboxLimits | None = None, *, fork_server: bool = True) -> None:
        self.limits = limits or SandboxLimits()
        self.fork_server = fork_server

    def prepare(self, workspace: Path) -> None:
        """Start the workspace's fork server now (it imports the libraries while the model is
        still writing the code); raises like `run` when the sandbox cannot be built."""
        kernel = require()
        font_cache = _font_cache()
        kernel.prime(font_cache)
        if self.fork_server:
            ForkServer.get(kernel, workspace.resolve(), font_cache)

    def run(self, code: str, df: pd.DataFrame | None, workspace: Path) -> SandboxRun:
        kernel = require()
        workspace = workspace.resolve()
        font_cache = _font_cache()
        kernel.prime(font_cache)
        job = pickle.dumps(self._job(code, df, workspace), protocol=pickle.HIGHEST_PROTOCOL)
        with tempfile.TemporaryFile() as job_file, tempfile.TemporaryFile() as stderr:
            job_file.write(job)
            job_file.flush()
            job_file.seek(0)
            pipes = Pipes(job_file, stderr)
            try:
                started = time.monotonic()
                action: Action
                if self.fork_server:
                    action = ForkServer.get(kernel, workspace, font_cache).start(pipes)
                else:
                    action = FreshAction(kernel, workspace, font_cache, pipes)
                pipes.started()
                seen = observe(action, pipes.stdout_r, pipes.records_r, self.limits)
                seconds = time.monotonic() - started
            finally:
                pipes.close()
            stderr.seek(0, os.SEEK_END)
            stderr.seek(max(0, stderr.tell() - 2000))
            seen.stderr_tail = stderr.read().decode("utf-8", "replace")
        found = scrub_workspace(workspace)
        return decide(seen, self.limits, found=found, seconds=seconds)

    def _job(self, code: str, df: pd.DataFrame | None, workspace: Path) -> dict[str, Any]:
        spec = importlib.util.find_spec("threadpoolctl")
        callers = [spec.origin] if spec is not None and spec.origin else []
        lang = language()
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
            "read_roots": list(_READ_ROOTS),
            "ctypes_callers": callers,
            "audit_hook": os.environ.get(TEST_WITHOUT_AUDIT_HOOK) != "1",
            "messages": {kind: CATALOG[key][lang] for kind, key in _CHILD_MESSAGES.items()},
        }


def _font_cache() -> Path:
    return settings.keiri_home() / "cache" / "matplotlib"
