"""What one sandboxed action did, decided by the parent from what it observes.

The parent holds the read ends of two pipes — the action's stdout and its record channel —
the action's exit status (from the fork server or from `bwrap`), and the workspace on disk.
The outcome is built here from those alone; nothing the action writes is taken as the
outcome itself:

- `ok` only when the action exited 0 *and* reported `done` (the sentinel written after the
  code returned), reported `armed` first, raised nothing, broke no rule, wrote well-formed
  records only, and stayed within its limits. An action that exits before `done`
  (`os._exit`, a signal, a crash) has failed, whatever it printed.
- Violations are the records the audit hook sent *before* raising (the code can add
  records, never remove one), plus what the parent finds in the workspace afterwards:
  symbolic links, FIFOs, sockets or devices are removed, setuid/setgid bits cleared — the
  parent and people read these files later, outside the sandbox.
- Every sentence comes from the catalog (`runtime.sandbox.*`) in the reader's language.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from keiri.base.catalog import CATALOG, language, t

__all__ = [
    "VIOLATION_KEYS",
    "Action",
    "Observation",
    "SandboxLimits",
    "SandboxRun",
    "decide",
    "observe",
    "scrub_workspace",
]

#: Violation kinds the child reports -> the catalog key of their sentence.
VIOLATION_KEYS = {
    "read": "runtime.sandbox.read_outside",
    "write": "runtime.sandbox.write_outside",
    "listing": "runtime.sandbox.listing_outside",
    "path_op": "runtime.sandbox.path_outside",
    "network": "runtime.sandbox.network",
    "process": "runtime.sandbox.process",
    "ctypes": "runtime.sandbox.ctypes",
    "call": "runtime.sandbox.call",
    "denied_import": "runtime.sandbox.denied_import",
    "import": "runtime.sandbox.import_not_allowed",
}
_CHANNEL_LOST = 86  # `_sandbox_guard.CHANNEL_LOST`
_RECORDS_BYTES = 1 << 20
_MAX_VIOLATIONS = 100


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


class Action(Protocol):
    """A started action: its exit code (negative: the signal) and a way to stop it."""

    def wait(self, timeout: float) -> int | None: ...

    def kill(self) -> None: ...


@dataclass
class Observation:
    """The raw facts: bytes of stdout and records, the exit code, what the parent cut."""

    stdout: bytes = b""
    records: bytes = b""
    returncode: int | None = None
    timed_out: bool = False
    stdout_overflow: bool = False
    records_overflow: bool = False
    stderr_tail: str = ""


def observe(action: Action, stdout_fd: int, records_fd: int, limits: SandboxLimits) -> Observation:
    """Read both pipes to their end (or the wall clock), then the exit code."""
    seen = Observation()
    out, records = bytearray(), bytearray()
    caps = {stdout_fd: limits.stdout_chars * 4 + 16, records_fd: _RECORDS_BYTES}
    buffers = {stdout_fd: out, records_fd: records}
    deadline = time.monotonic() + limits.wall_seconds
    with selectors.DefaultSelector() as selector:
        for fd in (stdout_fd, records_fd):
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                if not (seen.stdout_overflow or seen.records_overflow):
                    seen.timed_out = True
                action.kill()
                break
            for key, _ in selector.select(min(remaining, 1.0)):
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    selector.unregister(key.fd)
                    continue
                buffer = buffers[key.fd]
                room = caps[key.fd] - len(buffer)
                buffer.extend(chunk[: max(room, 0)])
                if len(chunk) > room >= 0:
                    caps[key.fd] = -1  # cut once: stop the action, keep draining to the end
                    seen.stdout_overflow |= key.fd == stdout_fd
                    seen.records_overflow |= key.fd == records_fd
                    action.kill()
                    deadline = min(deadline, time.monotonic() + 10)
    seen.stdout, seen.records = bytes(out), bytes(records)
    seen.returncode = action.wait(0 if seen.timed_out else 30)
    return seen


@dataclass
class _Records:
    layers: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    error: dict[str, Any] | None = None
    armed: bool = False
    done: bool = False
    tampered: bool = False


def _parse(data: bytes) -> _Records:
    """The channel's records, checked for shape and order; anything else marks tampering."""
    parsed = _Records()
    lines = data.split(b"\n")
    if lines[-1]:
        parsed.tampered = True  # a record cut in the middle
    for index, raw in enumerate(lines[:-1]):
        try:
            record = json.loads(raw)
            kind = record["t"] if isinstance(record, dict) else None
        except (ValueError, KeyError, TypeError):
            parsed.tampered = True
            continue
        if parsed.done:
            parsed.tampered = True  # nothing comes after the sentinel
        elif kind == "armed" and index == 0 and isinstance(record.get("layers"), list):
            parsed.armed = True
            parsed.layers = [str(layer) for layer in record["layers"]]
        elif kind == "violation" and len(parsed.violations) < _MAX_VIOLATIONS:
            text = _violation_text(record)
            if text is None:
                parsed.tampered = True
            else:
                parsed.violations.append(text)
        elif kind == "violation":
            continue
        elif kind == "error" and parsed.error is None:
            parsed.error = record
        elif kind == "done":
            parsed.done = True
        else:
            parsed.tampered = True
    return parsed


def _violation_text(record: dict[str, Any]) -> str | None:
    key = VIOLATION_KEYS.get(str(record.get("kind")))
    fields = record.get("fields")
    if key is None or not isinstance(fields, dict):
        return None
    try:
        what = CATALOG[key][language()].format(**{str(k): str(v) for k, v in fields.items()})
    except (KeyError, IndexError, ValueError):
        return None
    return t("runtime.sandbox.violation", what=what)


def _error_text(record: dict[str, Any], limits: SandboxLimits) -> str:
    if record.get("kind") == "memory":
        return t("runtime.sandbox.memory", mib=f"{limits.memory_bytes // (1024 * 1024):,}")
    if record.get("kind") == "output":
        return t("runtime.sandbox.output_limit", limit=f"{limits.stdout_chars:,}")
    name = str(record.get("type") or "Error")[:100]
    message = str(record.get("message") or "")[:1000]
    line = record.get("line")
    if isinstance(line, int):
        source = str(record.get("source") or "")[:200]
        if source:
            return t("runtime.sandbox.error_at_source", type=name, message=message, line=line,
                     source=source)  # fmt: skip
        return t("runtime.sandbox.error_at", type=name, message=message, line=line)
    return t("runtime.sandbox.error", type=name, message=message)


def _death(returncode: int | None, tail: str, limits: SandboxLimits) -> str:
    """The error of an action that ended without its sentinel."""
    if returncode == -signal.SIGXCPU:
        return t("runtime.sandbox.cpu", seconds=limits.cpu_seconds)
    if returncode == -signal.SIGKILL:
        return t("runtime.sandbox.killed", mib=f"{limits.memory_bytes // (1024 * 1024):,}")
    if returncode == _CHANNEL_LOST:
        return t("runtime.sandbox.channel_lost")
    last = tail.strip().splitlines()[-1][:300] if tail.strip() else ""
    code = "?" if returncode is None else str(returncode)
    if last:
        return t("runtime.sandbox.no_sentinel_detail", code=code, detail=last)
    return t("runtime.sandbox.no_sentinel", code=code)


def decide(
    seen: Observation, limits: SandboxLimits, *, found: list[str], seconds: float
) -> SandboxRun:
    """The outcome (see the module docstring). `found`: what `scrub_workspace` reported."""
    parsed = _parse(seen.records)
    violations = list(parsed.violations)
    if parsed.tampered or seen.records_overflow:
        violations.append(t("runtime.sandbox.violation", what=t("runtime.sandbox.channel_forged")))
    violations += [t("runtime.sandbox.violation", what=text) for text in found]
    stdout = seen.stdout.decode("utf-8", "replace")[: limits.stdout_chars]
    error: str | None
    if seen.timed_out:
        error = t("runtime.sandbox.timeout", seconds=f"{limits.wall_seconds:g}")
    elif seen.stdout_overflow:
        error = t("runtime.sandbox.output_limit", limit=f"{limits.stdout_chars:,}")
    elif parsed.error is not None:
        error = _error_text(parsed.error, limits)
    elif not parsed.done or seen.returncode != 0:
        error = _death(seen.returncode, seen.stderr_tail, limits)
    elif not parsed.armed:
        error = t("runtime.sandbox.no_sentinel", code=str(seen.returncode))
    else:
        error = violations[0] if violations else None
    if error is not None and violations and violations[0] not in error:
        error = t("runtime.sandbox.violation_and_error", violation=violations[0], error=error)
    return SandboxRun(
        ok=error is None and not violations,
        stdout=stdout,
        error=error,
        violations=violations,
        layers=["bwrap", *parsed.layers],
        seconds=seconds,
        exit_code=seen.returncode,
    )


def scrub_workspace(workspace: Path) -> list[str]:
    """Remove what is not a plain file or folder from the workspace and clear setuid/setgid
    bits; one sentence per finding (the parent reads these files outside the sandbox)."""
    found: list[str] = []
    pending = [workspace]
    while pending:
        folder = pending.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            info = entry.stat(follow_symlinks=False)
            shown = os.path.relpath(entry.path, workspace)
            if stat.S_ISDIR(info.st_mode):
                pending.append(Path(entry.path))
            elif not stat.S_ISREG(info.st_mode):
                os.unlink(entry.path)
                found.append(t("runtime.sandbox.special_file", path=shown))
            elif info.st_mode & (stat.S_ISUID | stat.S_ISGID):
                os.chmod(entry.path, stat.S_IMODE(info.st_mode) & 0o777)
                found.append(t("runtime.sandbox.setuid", path=shown))
    return found
