"""How an action is started: forked from a fork server inside the sandbox, or a fresh one.

`ForkServer`: one `bwrap … python -I _sandbox_child.py --server` per workspace (an analysis
session), started on its first action; it imports pandas and matplotlib once and forks one
action per request, so the session's later actions do not pay the imports. The parent sends
`RUN <id>` over a SOCK_SEQPACKET pair with four descriptors (job file, stdout pipe, stderr
file, record pipe) and keeps the read ends; the server answers `EXIT <id> <status>`. A wall
clock or an output flood kills the whole server sandbox (the next action starts a new one).
At most `MAX_SERVERS` idle servers are kept (least recently used closed first).

`FreshAction`: `bwrap … python -I _sandbox_child.py --action 3` per action (slower: the
imports every time; `Sandbox(fork_server=False)`).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import tempfile
import threading
import uuid
from collections import OrderedDict
from pathlib import Path
from typing import IO, ClassVar

from blocks.analysis.sandbox_kernel import Kernel, start_failed

__all__ = ["MAX_SERVERS", "ForkServer", "FreshAction", "Pipes"]

MAX_SERVERS = 4
_START_SECONDS = 120.0


class Pipes:
    """The descriptors of one action: the child's ends and the parent's read ends."""

    def __init__(self, job: IO[bytes], stderr: IO[bytes]) -> None:
        self.job, self.stderr = job, stderr
        self.stdout_r, self.stdout_w = os.pipe()
        self.records_r, self.records_w = os.pipe()

    def child_ends(self) -> list[int]:
        return [self.job.fileno(), self.stdout_w, self.stderr.fileno(), self.records_w]

    def started(self) -> None:
        """The child holds its ends now: close ours, so EOF means the action ended."""
        for fd in (self.stdout_w, self.records_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.stdout_w = self.records_w = -1

    def close(self) -> None:
        for fd in (self.stdout_r, self.records_r, self.stdout_w, self.records_w):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)


class _Jail:
    """One `bwrap` process. `kill()` kills the sandbox's init (PID 1 of its namespace, through
    a pidfd), so the kernel kills everything inside, then reaps bwrap: when it returns, no
    process of the sandbox is left."""

    def __init__(
        self,
        kernel: Kernel,
        workspace: Path,
        font_cache: Path,
        tail: list[str],
        *,
        stdin: IO[bytes] | int,
        stdout: int,
        stderr: IO[bytes],
        pass_fds: tuple[int, ...] = (),
    ) -> None:
        info_r, info_w = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [*kernel.command(workspace, font_cache, info_fd=info_w), kernel.python, "-I",
                 kernel.child, *tail],
                stdin=stdin,
                stdout=stdout,
                stderr=stderr,
                pass_fds=(*pass_fds, info_w),
                env=kernel.environment(),
                start_new_session=True,
            )  # fmt: skip
        except OSError as exc:
            os.close(info_r)
            raise start_failed(repr(exc)) from exc
        finally:
            os.close(info_w)
        self._init = self._pidfd(info_r)

    def _pidfd(self, info_r: int) -> int | None:
        """A pidfd of the sandbox's init, read from bwrap's info (None if bwrap died first)."""
        with os.fdopen(info_r, "rb") as info:
            ready, _, _ = select.select([info], [], [], _START_SECONDS)
            raw = info.read() if ready else b""
        try:
            pid = int(json.loads(raw or b"{}").get("child-pid", 0))
            return os.pidfd_open(pid) if pid > 0 else None
        except (ValueError, OSError, AttributeError):
            return None

    def kill(self) -> None:
        if self._init is not None:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self._init, signal.SIGKILL)
                # Readable once the init has exited, which the kernel lets happen only after
                # every other process of its PID namespace is gone.
                select.select([self._init], [], [], 30)
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.close()

    def close(self) -> None:
        if self._init is not None:
            with contextlib.suppress(OSError):
                os.close(self._init)
            self._init = None


class FreshAction:
    """One action in a fresh sandbox and interpreter."""

    def __init__(self, kernel: Kernel, workspace: Path, font_cache: Path, pipes: Pipes) -> None:
        os.set_inheritable(pipes.records_w, True)
        self._jail = _Jail(
            kernel,
            workspace,
            font_cache,
            ["--action", str(pipes.records_w)],
            stdin=pipes.job,
            stdout=pipes.stdout_w,
            stderr=pipes.stderr,
            pass_fds=(pipes.records_w,),
        )

    def wait(self, timeout: float) -> int | None:
        try:
            code = self._jail.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None
        self._jail.close()
        return -(code - 128) if code > 128 else code  # bwrap: 128 + the child's signal

    def kill(self) -> None:
        self._jail.kill()


class _ForkedAction:
    def __init__(self, server: ForkServer, request: str) -> None:
        self.server, self.request = server, request

    def wait(self, timeout: float) -> int | None:
        return self.server.exit_code(self.request, timeout)

    def kill(self) -> None:
        self.server.close()


class ForkServer:
    """A fork server in its own sandbox around one workspace (see the module docstring)."""

    _servers: ClassVar[OrderedDict[str, ForkServer]] = OrderedDict()
    _servers_lock = threading.Lock()

    def __init__(self, kernel: Kernel, workspace: Path, font_cache: Path) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (the server's log, kept for its life)
        try:
            self._jail = _Jail(
                kernel,
                workspace,
                font_cache,
                ["--server"],
                stdin=theirs.fileno(),
                stdout=subprocess.DEVNULL,
                stderr=self._log,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self._control = ours
        self._send_lock = threading.Lock()
        self._changed = threading.Condition()
        self._exits: dict[str, int] = {}
        self._running: set[str] = set()
        self._ready = False
        self.dead = False
        threading.Thread(target=self._read, name="keiri-sandbox-server", daemon=True).start()

    @classmethod
    def get(cls, kernel: Kernel, workspace: Path, font_cache: Path) -> ForkServer:
        """The live server of `workspace` (started on first use); closes the least recently
        used idle servers beyond `MAX_SERVERS`."""
        key = str(workspace)
        with cls._servers_lock:
            server = cls._servers.get(key)
            if server is None or server.dead:
                server = cls._servers[key] = cls(kernel, workspace, font_cache)
                atexit.register(server.close)
            cls._servers.move_to_end(key)
            idle = [k for k, s in cls._servers.items() if k != key and not s.busy]
            for stale in idle[: max(0, len(cls._servers) - MAX_SERVERS)]:
                cls._servers.pop(stale).close()
            return server

    @property
    def busy(self) -> bool:
        with self._changed:
            return bool(self._running)

    def _read(self) -> None:
        while True:
            try:
                packet = self._control.recv(256)
            except OSError:
                packet = b""
            if not packet:
                break
            words = packet.decode("ascii", "replace").split()
            with self._changed:
                if words == ["READY"]:
                    self._ready = True
                elif len(words) == 3 and words[0] == "EXIT" and words[2].isdigit():
                    self._exits[words[1]] = os.waitstatus_to_exitcode(int(words[2]))
                self._changed.notify_all()
        with self._changed:
            self.dead = True
            self._changed.notify_all()
        self._control.close()

    def start(self, pipes: Pipes) -> _ForkedAction:
        """Fork one action with the pipes' child ends."""
        with self._changed:
            ready = self._changed.wait_for(lambda: self._ready or self.dead, _START_SECONDS)
            if not ready or self.dead:
                self.close()
                self._log.seek(0)
                raise start_failed(self._log.read()[-500:].decode("utf-8", "replace").strip())
        request = uuid.uuid4().hex
        with self._send_lock:
            try:
                socket.send_fds(self._control, [f"RUN {request}".encode()], pipes.child_ends())
            except OSError as exc:
                self.close()
                raise start_failed(repr(exc)) from exc
        with self._changed:
            self._running.add(request)
        return _ForkedAction(self, request)

    def exit_code(self, request: str, timeout: float) -> int | None:
        """The action's exit code; None when it did not end in time or the server died."""
        with self._changed:
            self._changed.wait_for(lambda: request in self._exits or self.dead, timeout)
            self._running.discard(request)
            return self._exits.pop(request, None)

    def close(self) -> None:
        """Kill the server's sandbox (every action in it) and reap it (idempotent)."""
        with self._changed:
            self.dead = True
            self._changed.notify_all()
        self._jail.kill()
        with contextlib.suppress(OSError):
            self._control.shutdown(socket.SHUT_RDWR)
