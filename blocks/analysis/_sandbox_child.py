"""The sandbox's child process: runs one action of generated code, then exits.

Started by `blocks.analysis.sandbox` as `python -I <this file>`; it reads one pickled job
from stdin (written by the parent: code, DataFrame, workspace, limits, import policy) and
writes one JSON result to its original stdout. Standard library and the allowed analysis
libraries only (it must run without keiri on `sys.path`). The order matters:

1. rlimits (address space, CPU seconds, file size, no core files);
2. a new network namespace (no interfaces: no network at all) where the kernel permits it;
3. the libraries the code imports are imported now, while imports may still read freely;
4. seccomp (x86_64/aarch64): socket, fork (clone without CLONE_THREAD), vfork, execve fail
   with EPERM, for root too; RLIMIT_NPROC=0 as a second fork guard for non-root users;
5. the audit hook (irremovable): files outside the workspace (writes) or outside the
   workspace and the Python installation (reads, listings), sockets, processes, ctypes,
   rlimit changes and denied imports raise `SandboxViolation`, and every violation is
   recorded even if the code catches the exception;
6. the code runs with `df` preloaded, an import allow-list on its `import` statements and a
   bounded stdout.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import json
import os
import pickle
import resource
import signal
import sys
import traceback
from pathlib import Path
from typing import Any

_CODE_NAME = "<analysis>"
_CLONE_NEWNET = 0x40000000
_CLONE_NEWUSER = 0x10000000
_CLONE_THREAD = 0x00010000


class SandboxViolation(PermissionError):
    """Raised by the audit hook or the import guard for a forbidden operation."""


class OutputLimitExceeded(RuntimeError):
    """The code printed more than the stdout limit."""


class _BoundedText(io.TextIOBase):
    """A stdout that keeps at most `limit` characters, then raises."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.size + len(text) > self.limit:
            room = max(0, self.limit - self.size)
            self.parts.append(text[:room])
            self.size = self.limit
            raise OutputLimitExceeded(
                f"標準出力が上限（{self.limit:,} 文字）を超えたため、実行を打ち切りました"
            )
        self.parts.append(text)
        self.size += len(text)
        return len(text)

    def getvalue(self) -> str:
        return "".join(self.parts)


# -- kernel layers -----------------------------------------------------------------------------


def _libc() -> Any:
    import ctypes

    return ctypes.CDLL(None, use_errno=True)


def _unshare_network() -> str | None:
    """A new, empty network namespace; None when the kernel refuses (e.g. no privileges)."""
    libc = _libc()
    if libc.unshare(_CLONE_NEWNET) == 0:
        return "netns"
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) == 0:
        return "userns+netns"
    return None


_SYSCALLS = {
    # arch (AUDIT_ARCH_*): syscalls answered EPERM, clone, clone3
    "x86_64": (0xC000003E, {"socket": 41, "socketpair": 53, "fork": 57, "vfork": 58,
                            "execve": 59, "execveat": 322}, 56, 435),
    "aarch64": (0xC00000B7, {"socket": 198, "socketpair": 199, "execve": 221,
                             "execveat": 281}, 220, 435),
}  # fmt: skip


def _seccomp() -> str | None:
    """A seccomp filter: no sockets, no new processes, no exec. None on other architectures."""
    import ctypes
    import platform

    table = _SYSCALLS.get(platform.machine())
    if table is None:
        return None
    arch, denied, clone, clone3 = table
    ld, jeq, jset, ret = 0x20, 0x15, 0x45, 0x06
    allow, eperm, enosys = 0x7FFF0000, 0x00050000 | 1, 0x00050000 | 38
    prog: list[tuple[int, int, int, int]] = [(ld, 0, 0, 4), (jeq, 1, 0, arch), (ret, 0, 0, allow)]
    prog.append((ld, 0, 0, 0))
    for number in denied.values():
        prog += [(jeq, 0, 1, number), (ret, 0, 0, eperm)]
    prog += [(jeq, 0, 1, clone3), (ret, 0, 0, enosys)]
    prog += [(jeq, 0, 3, clone), (ld, 0, 0, 16), (jset, 1, 0, _CLONE_THREAD), (ret, 0, 0, eperm)]
    prog.append((ret, 0, 0, allow))

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
    libc = _libc()
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        return None
    if libc.prctl(22, 2, ctypes.byref(program), 0, 0) != 0:  # PR_SET_SECCOMP, FILTER
        return None
    return "seccomp"


# -- the audit hook --------------------------------------------------------------------------


class _Policy:
    def __init__(self, job: dict[str, Any], violations: list[str]) -> None:
        self.workspace = os.path.realpath(job["workspace"])
        roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, *job["read_roots"]}
        roots.update(p for p in sys.path if p and os.path.isdir(p))
        self.read_roots = tuple(sorted({os.path.realpath(r) for r in roots}))
        self.denied_imports = frozenset(job["denied_imports"])
        self.violations = violations
        self.ctypes_callers = tuple(job.get("ctypes_callers", ()))

    def inside(self, path: Any, roots: tuple[str, ...]) -> bool:
        if isinstance(path, int):
            return True  # an already open descriptor
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        real = os.path.realpath(os.path.join(self.workspace, os.fspath(path)))
        return any(real == root or real.startswith(root.rstrip("/") + "/") for root in roots)

    def deny(self, what: str) -> None:
        message = f"サンドボックス違反: {what}"
        self.violations.append(message)
        raise SandboxViolation(message)

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int)
                and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND)
            )
            roots = (self.workspace,) if writing else (self.workspace, *self.read_roots)
            if not self.inside(path, roots):
                verb = "書き込み" if writing else "読み取り"
                self.deny(f"ワークスペース外のファイルの{verb}は許可されていません（{path}）")
        elif event in ("os.listdir", "os.scandir"):
            if not self.inside(
                args[0] if args[0] is not None else ".", (self.workspace, *self.read_roots)
            ):
                self.deny(f"ワークスペース外のフォルダの一覧は許可されていません（{args[0]}）")
        elif event in _PATH_EVENTS:
            for path in args[: _PATH_EVENTS[event]]:
                if path is not None and not self.inside(path, (self.workspace,)):
                    self.deny(
                        f"ワークスペース外のファイル操作（{event}）は許可されていません（{path}）"
                    )
        elif event.startswith(_NETWORK_EVENTS):
            self.deny(f"ネットワーク接続（{event}）は許可されていません")
        elif event.startswith(_PROCESS_EVENTS):
            self.deny(f"プロセスの起動（{event}）は許可されていません")
        elif event.startswith("ctypes."):
            if not self._ctypes_caller_allowed():
                self.deny(f"ctypes（{event}）は許可されていません")
        elif event in ("resource.setrlimit", "resource.prlimit", "sys.addaudithook"):
            self.deny(f"{event} は許可されていません")
        elif event == "import" and args[0].split(".")[0] in self.denied_imports:
            self.deny(f"モジュール {args[0]} の読み込みは許可されていません")

    def _ctypes_caller_allowed(self) -> bool:
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen"):
            frame = frame.f_back  # type: ignore[assignment]
        return frame is not None and frame.f_code.co_filename.startswith(self.ctypes_callers)


_PATH_EVENTS = {  # event -> how many leading arguments are paths
    "os.remove": 1, "os.rmdir": 1, "os.mkdir": 1, "os.rename": 2, "os.replace": 2,
    "os.link": 2, "os.symlink": 2, "os.chmod": 1, "os.chown": 1, "os.truncate": 1,
    "os.utime": 1, "os.chdir": 1, "os.chflags": 1, "os.lchown": 1, "os.mkfifo": 1,
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


# -- the code's namespace ----------------------------------------------------------------------


def _guarded_import(allowed: frozenset[str], policy: _Policy) -> Any:
    real_import = builtins.__import__

    def guarded(
        name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0
    ) -> Any:
        if level == 0 and name.split(".", maxsplit=1)[0] not in allowed:
            policy.deny(
                f"import {name} は許可されていません（使えるのは pandas, numpy, sklearn, "
                "matplotlib, seaborn と安全な標準モジュールのみ）"
            )
        return real_import(name, globals, locals, fromlist, level)

    return guarded


def _preload(code: str, allowed: frozenset[str]) -> None:
    """Import what the code imports (allowed names only) before the sandbox is armed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib_fontja

    with contextlib.suppress(SyntaxError):
        for node in ast.walk(ast.parse(code)):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in allowed:
                    with contextlib.suppress(Exception):
                        __import__(name)
    if "seaborn" in sys.modules:
        _keep_japanese_font_under_seaborn()
    plt.rcParams["font.sans-serif"] = ["IPAexGothic", *plt.rcParams["font.sans-serif"]]
    plt.rcParams["axes.unicode_minus"] = False
    del matplotlib_fontja


def _keep_japanese_font_under_seaborn() -> None:
    """seaborn's themes reset the font to Arial/DejaVu (tofu): re-apply the Japanese font."""
    import functools

    import matplotlib.pyplot as plt
    import seaborn

    def wrap(fn: Any) -> Any:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            result = fn(*args, **kwargs)
            plt.rcParams["font.family"] = ["IPAexGothic"]
            plt.rcParams["font.sans-serif"] = ["IPAexGothic", *plt.rcParams["font.sans-serif"]]
            return result

        return call

    for name in ("set_theme", "set", "set_style", "set_context"):
        setattr(seaborn, name, wrap(getattr(seaborn, name)))


def _error_text(exc: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == _CODE_NAME]
    where = ""
    if frames:
        line = (frames[-1].line or "").strip()
        where = f"（{frames[-1].lineno} 行目" + (f": {line}" if line else "") + "）"
    return f"{type(exc).__name__}: {exc}{where}"


def _set_limits(job: dict[str, Any]) -> None:
    memory = int(job["memory_bytes"])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = int(job["cpu_seconds"])
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    size = int(job["file_bytes"])
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an oversized write raises EFBIG instead


def run_job(job: dict[str, Any], result_fd: int) -> None:
    """Apply the sandbox, run the job's code, write the JSON outcome to `result_fd`."""
    sys.dont_write_bytecode = True
    _set_limits(job)
    layers = ["rlimit"]
    net = _unshare_network() if job["isolate_network"] else None
    if net:
        layers.append(net)
    allowed = frozenset(job["allowed_imports"])
    stdout = _BoundedText(int(job["stdout_chars"]))
    violations: list[str] = []
    policy = _Policy(job, violations)
    outcome: dict[str, Any] = {"ok": False, "stdout": "", "error": None, "violations": violations}
    try:
        _preload(job["code"], allowed)
        import matplotlib.pyplot as plt
        import numpy as np
        import pandas as pd

        df = job["df"]
        os.chdir(policy.workspace)
        if job["seccomp"] and _seccomp():
            layers.append("seccomp")
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
        sys.addaudithook(policy.hook)
        layers.append("audit")
        safe_builtins = dict(vars(builtins))
        safe_builtins["__import__"] = _guarded_import(allowed, policy)
        namespace: dict[str, Any] = {
            "__builtins__": safe_builtins,
            "__name__": "__analysis__",
            "df": df,
            "pd": pd,
            "np": np,
            "plt": plt,
            "WORKSPACE": Path(policy.workspace),
        }
        import linecache

        source = job["code"]
        linecache.cache[_CODE_NAME] = (len(source), None, source.splitlines(True), _CODE_NAME)
        compiled = compile(source, _CODE_NAME, "exec")
        with contextlib.redirect_stdout(stdout):
            exec(compiled, namespace)
        outcome["ok"] = not violations
    except MemoryError:
        mib = int(job["memory_bytes"]) // (1024 * 1024)
        outcome["error"] = f"MemoryError: メモリ上限（{mib:,} MiB）を超えました"
    except BaseException as exc:
        outcome["error"] = _error_text(exc)
    outcome["stdout"] = stdout.getvalue()
    outcome["layers"] = layers
    if violations and not outcome["error"]:
        outcome["error"] = violations[0]
    data = json.dumps(outcome, ensure_ascii=False, default=str).encode("utf-8")
    view = memoryview(data)
    while view:
        written = os.write(result_fd, view)
        view = view[written:]


def main() -> int:
    """One action: the job on stdin, the outcome on the original stdout."""
    job: dict[str, Any] = pickle.loads(sys.stdin.buffer.read())
    result_fd = os.dup(1)
    os.dup2(2, 1)  # stray C-level output goes to the (size-limited) log, not the result
    run_job(job, result_fd)
    return 0


# -- the fork server -------------------------------------------------------------------------


def _reap(signum: int, frame: Any) -> None:
    """SIGCHLD: report every finished action as `EXIT <pid> <wait status>`."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        os.write(1, f"EXIT {pid} {status}\n".encode())


def _forked(job_dir: str) -> None:
    """In the forked action: own session, files of the job folder, then `run_job`."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.setsid()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    log = os.open(os.path.join(job_dir, "log"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    result_fd = os.open(
        os.path.join(job_dir, "result.json"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600
    )
    with open(os.path.join(job_dir, "job.pkl"), "rb") as handle:
        job = pickle.load(handle)
    run_job(job, result_fd)


def serve() -> int:
    """Import the libraries once, then fork one action per `RUN <id> <job folder>` line.

    Answers `PID <id> <pid>` at once and `EXIT <pid> <status>` when the action ends. The
    server itself runs no generated code; each forked action sandboxes itself before it runs.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot
    import matplotlib_fontja
    import pandas

    del matplotlib_fontja, pandas
    signal.signal(signal.SIGCHLD, _reap)
    os.write(1, b"READY\n")
    for line in sys.stdin:
        command, request, job_dir = [*line.split(" ", 2), "", ""][:3]
        if command != "RUN":
            continue
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                _forked(job_dir.strip())
                code = 0
            finally:
                os._exit(code)
        os.write(1, f"PID {request} {pid}\n".encode())
    return 0


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["--server"] else main())
