"""The in-process layers of an analysis action: rlimits, seccomp and the audit hook.

Runs inside the bubblewrap sandbox (see `sandbox_kernel`), imported by `_sandbox_child` from
the sandbox's private folder: standard library only, never keiri. These layers come on top of
the kernel layer (the mount, network, PID and user namespaces), which alone decides what can
be written or reached; they add limits (memory, CPU, file size), refuse process creation and
sockets at the system-call level, and turn Python-level attempts into readable violations.

A violation is reported to the parent at once, on the record channel (`Channel`, fd 3), before
the exception reaches the code: code that catches the exception cannot take the record back.
seccomp keeps that descriptor in place (`close(3)`, `dup2(_, 3)`, `dup3(_, 3, _)` and
`close_range` fail), so later violations cannot be redirected into a file of the code's
choosing; a write that fails ends the process, which the parent reads as a failure.
"""

from __future__ import annotations

import ctypes
import json
import os
import platform
import resource
import signal
import sys
from typing import Any

__all__ = [
    "CHANNEL_FD",
    "Channel",
    "Policy",
    "SandboxViolation",
    "install_seccomp",
    "set_limits",
]

#: The record channel's descriptor in an action (a pipe whose read end only the parent holds).
CHANNEL_FD = 3
#: Exit status of an action whose record channel was closed or broken.
CHANNEL_LOST = 86
_RECORD_BYTES = 3800  # under PIPE_BUF (4096): one record is one atomic write
_CLONE_THREAD = 0x00010000
_S_ISUID_ISGID = 0o6000


class SandboxViolation(PermissionError):
    """Raised by the audit hook or the import guard for a forbidden operation."""


class Channel:
    """JSON lines to the parent on `CHANNEL_FD`; each record is one atomic pipe write."""

    def __init__(self, fd: int = CHANNEL_FD) -> None:
        self.fd = fd

    def send(self, record: dict[str, Any]) -> None:
        data = json.dumps(record, ensure_ascii=False, default=str).encode("utf-8")
        if len(data) >= _RECORD_BYTES:
            record = {k: (v[:300] if isinstance(v, str) else v) for k, v in record.items()}
            data = json.dumps(record, ensure_ascii=False, default=str).encode("utf-8")
            data = data[: _RECORD_BYTES - 1] if len(data) >= _RECORD_BYTES else data
        try:
            written = os.write(self.fd, data + b"\n")
        except OSError:
            os._exit(CHANNEL_LOST)
        if written != len(data) + 1:
            os._exit(CHANNEL_LOST)


# -- rlimits ------------------------------------------------------------------------------------


def set_limits(job: dict[str, Any]) -> None:
    """Address space, CPU seconds, file size and no core files (the seed's 1 GiB / 3 min)."""
    memory = int(job["memory_bytes"])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = int(job["cpu_seconds"])
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    size = int(job["file_bytes"])
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an oversized write raises EFBIG instead


# -- seccomp ------------------------------------------------------------------------------------

# arch: (AUDIT_ARCH_*, syscalls answered EPERM, {syscall: argument index that must not be fd 3},
#        {syscall: argument index of a mode without setuid/setgid}, clone, clone3)
_SYSCALLS: dict[str, tuple[int, dict[str, int], dict[int, int], dict[int, int], int, int]] = {
    "x86_64": (
        0xC000003E,
        {"socket": 41, "socketpair": 53, "fork": 57, "vfork": 58, "execve": 59,
         "execveat": 322, "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311,
         "close_range": 436},
        {3: 0, 33: 1, 292: 1},  # close(fd), dup2(_, fd), dup3(_, fd, _)
        {90: 1, 91: 1, 268: 2, 452: 2},  # chmod, fchmod, fchmodat, fchmodat2
        56, 435,
    ),
    "aarch64": (
        0xC00000B7,
        {"socket": 198, "socketpair": 199, "execve": 221, "execveat": 281, "ptrace": 117,
         "process_vm_readv": 270, "process_vm_writev": 271, "close_range": 436},
        {57: 0, 24: 1},  # close(fd), dup3(_, fd, _)
        {52: 1, 53: 2, 452: 2},  # fchmod, fchmodat, fchmodat2
        220, 435,
    ),
}  # fmt: skip


def _program(arch: str) -> list[tuple[int, int, int, int]] | None:
    table = _SYSCALLS.get(arch)
    if table is None:
        return None
    audit_arch, denied, keep_fd, modes, clone, clone3 = table
    ld, jeq, jset, ret = 0x20, 0x15, 0x45, 0x06
    allow, eperm, enosys = 0x7FFF0000, 0x00050000 | 1, 0x00050000 | 38
    nr, args = 0, 16  # offsets in struct seccomp_data (the low 32 bits of each argument)
    prog = [(ld, 0, 0, 4), (jeq, 1, 0, audit_arch), (ret, 0, 0, allow), (ld, 0, 0, nr)]
    for number in denied.values():
        prog += [(jeq, 0, 1, number), (ret, 0, 0, eperm)]
    prog += [(jeq, 0, 1, clone3), (ret, 0, 0, enosys)]
    # Each block below starts by loading the syscall number again.
    for number, index in keep_fd.items():
        prog += [(ld, 0, 0, nr), (jeq, 0, 3, number), (ld, 0, 0, args + 8 * index)]
        prog += [(jeq, 0, 1, CHANNEL_FD), (ret, 0, 0, eperm)]
    for number, index in modes.items():
        prog += [(ld, 0, 0, nr), (jeq, 0, 3, number), (ld, 0, 0, args + 8 * index)]
        prog += [(jset, 0, 1, _S_ISUID_ISGID), (ret, 0, 0, eperm)]
    prog += [(ld, 0, 0, nr), (jeq, 0, 3, clone), (ld, 0, 0, args)]
    prog += [(jset, 1, 0, _CLONE_THREAD), (ret, 0, 0, eperm)]
    prog.append((ret, 0, 0, allow))
    return prog


def install_seccomp() -> bool:
    """No sockets, no new processes, no exec, no ptrace, no setuid bits, the record channel
    kept in place. False on an architecture without a table (the kernel layer still holds)."""
    prog = _program(platform.machine())
    if prog is None:
        return False

    class Filter(ctypes.Structure):
        _fields_ = (
            ("code", ctypes.c_ushort),
            ("jt", ctypes.c_ubyte),
            ("jf", ctypes.c_ubyte),
            ("k", ctypes.c_uint),
        )

    class Program(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.POINTER(Filter)))

    filters = (Filter * len(prog))(*[Filter(*row) for row in prog])
    program = Program(len(prog), filters)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        return False
    return bool(libc.prctl(22, 2, ctypes.byref(program), 0, 0) == 0)  # PR_SET_SECCOMP, FILTER


# -- the audit hook -----------------------------------------------------------------------------


class Policy:
    """The audit hook: files outside the workspace (writes) or outside the workspace and the
    read roots (reads, listings), sockets, processes, ctypes, rlimit changes, `chdir` and denied
    imports raise `SandboxViolation`, each reported on the channel first."""

    def __init__(self, job: dict[str, Any], channel: Channel) -> None:
        self.workspace = os.path.realpath(job["workspace"])
        roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, *job["read_roots"]}
        roots.update(p for p in sys.path if p and os.path.isdir(p))
        self.read_roots = tuple(sorted({os.path.realpath(r) for r in roots}))
        self.denied_imports = frozenset(job["denied_imports"])
        self.ctypes_callers = tuple(job.get("ctypes_callers", ()))
        self.messages: dict[str, str] = job["messages"]
        self.channel = channel

    def inside(self, path: Any, roots: tuple[str, ...]) -> bool:
        if isinstance(path, int):
            return True  # an already open descriptor
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        real = os.path.realpath(os.path.join(self.workspace, os.fspath(path)))
        return any(real == root or real.startswith(root.rstrip("/") + "/") for root in roots)

    def deny(self, kind: str, **fields: str) -> None:
        """Report the violation to the parent, then raise it in the code."""
        fields = {k: str(v)[:300] for k, v in fields.items()}
        self.channel.send({"t": "violation", "kind": kind, "fields": fields})
        what = self.messages[kind].format(**fields)
        raise SandboxViolation(self.messages["wrapper"].format(what=what))

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            self._open(*args[:3])
        elif event in ("os.listdir", "os.scandir"):
            target = args[0] if args[0] is not None else "."
            if not self.inside(target, (self.workspace, *self.read_roots)):
                self.deny("listing", path=target)
        elif event in ("os.chdir", "os.fchdir"):
            self.deny("call", event=event)  # the code runs in the workspace and stays there
        elif event in _PATH_EVENTS:
            for path in args[: _PATH_EVENTS[event]]:
                if path is not None and not self.inside(path, (self.workspace,)):
                    self.deny("path_op", event=event, path=path)
        elif event.startswith(_NETWORK_EVENTS):
            self.deny("network", event=event)
        elif event.startswith(_PROCESS_EVENTS):
            self.deny("process", event=event)
        elif event.startswith("ctypes."):
            if not self._ctypes_caller_allowed():
                self.deny("ctypes", event=event)
        elif event in ("resource.setrlimit", "resource.prlimit", "sys.addaudithook"):
            self.deny("call", event=event)
        elif event == "import" and args[0].split(".")[0] in self.denied_imports:
            self.deny("denied_import", module=args[0])

    def _open(self, path: Any, mode: Any, flags: Any) -> None:
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int)
            and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND)
        )
        roots = (self.workspace,) if writing else (self.workspace, *self.read_roots)
        if not self.inside(path, roots):
            self.deny("write" if writing else "read", path=path)
        # A folder outside opened as a descriptor (for `dir_fd` or `fchdir`).
        if (
            not isinstance(path, int)
            and not self.inside(path, (self.workspace,))
            and os.path.isdir(os.path.join(self.workspace, os.fsdecode(path)))
        ):
            self.deny("listing", path=path)

    def _ctypes_caller_allowed(self) -> bool:
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen"):
            frame = frame.f_back  # type: ignore[assignment]
        return frame is not None and frame.f_code.co_filename.startswith(self.ctypes_callers)


_PATH_EVENTS = {  # event -> how many leading arguments are paths
    "os.remove": 1, "os.rmdir": 1, "os.mkdir": 1, "os.rename": 2, "os.replace": 2,
    "os.link": 2, "os.symlink": 2, "os.chmod": 1, "os.chown": 1, "os.truncate": 1,
    "os.utime": 1, "os.chflags": 1, "os.lchown": 1, "os.mkfifo": 1,
    "os.mknod": 1, "shutil.copyfile": 2, "shutil.copymode": 2, "shutil.copystat": 2,
    "shutil.copytree": 2, "shutil.rmtree": 1, "shutil.move": 2, "shutil.make_archive": 1,
    "shutil.unpack_archive": 2, "os.setxattr": 1, "os.removexattr": 1,
}  # fmt: skip
_NETWORK_EVENTS = (
    "socket.", "urllib.Request", "http.client.", "ftplib.", "smtplib.", "poplib.",
    "imaplib.", "nntplib.", "telnetlib.", "webbrowser.",
)  # fmt: skip
_PROCESS_EVENTS = (
    "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
    "os.startfile", "os.kill", "os.killpg", "subprocess.", "pty.spawn", "signal.pthread_kill",
)  # fmt: skip
