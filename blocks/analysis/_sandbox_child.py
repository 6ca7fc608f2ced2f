"""The sandbox's inside: the fork server and one action of generated code.

Runs only inside the bubblewrap sandbox (`sandbox_kernel` builds the command), as
`python -I /keiri-sandbox/_sandbox_child.py MODE`, standard library and the allowed analysis
libraries only (keiri is not even mounted). Modes:

- `--server`: imports pandas and matplotlib once, makes itself non-dumpable (no other process
  of the sandbox may trace it or open its descriptors), then forks one action per `RUN <id>`
  packet on its control socket (fd 0, a SOCK_SEQPACKET pair with the parent). A packet brings
  four descriptors: the job (a file), stdout (a pipe), stderr (a file) and the record channel
  (a pipe). It answers `EXIT <id> <wait status>`. The server never runs generated code.
- `--action FD`: one action in a fresh interpreter (the job on stdin, the channel on FD).
- `--prime`: builds matplotlib's font cache in the (then writable) cache folder, nothing else.

An action: closes every descriptor but stdin (/dev/null), stdout, stderr and the channel (fd 3);
applies rlimits; imports what the code imports; chdir to the workspace; seccomp; the audit hook;
reports `armed` with its layers; runs the code with `df` preloaded and a bounded stdout; reports
the code's exception (`error`) if any, then `done`, and exits 0. The parent reads everything —
the records, stdout, the exit status — and decides the outcome (`sandbox_outcome`): the code
can add records, never take one back, and an action that exits without `done` has failed.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import os
import pickle
import shutil
import signal
import socket
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blocks.analysis._sandbox_guard import (
        CHANNEL_FD,
        Channel,
        Policy,
        install_seccomp,
        set_limits,
    )
else:  # inside the sandbox: the private folder holds both files, keiri is not there
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _sandbox_guard import CHANNEL_FD, Channel, Policy, install_seccomp, set_limits

__all__ = ["main", "run_action", "serve"]

_CODE_NAME = "<analysis>"
_PR_SET_DUMPABLE = 4
_MPL_SEED = "KEIRI_SANDBOX_MPL_SEED"


class OutputLimitExceeded(RuntimeError):
    """The code printed more than the stdout limit."""


class _BoundedText(io.TextIOBase):
    """The code's stdout: written through to fd 1 (a pipe the parent reads), at most `limit`
    characters, then it raises."""

    def __init__(self, limit: int, message: str) -> None:
        self.limit = limit
        self.message = message
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.size + len(text) > self.limit:
            room = max(0, self.limit - self.size)
            self._out(text[:room])
            self.size = self.limit
            raise OutputLimitExceeded(self.message)
        self._out(text)
        self.size += len(text)
        return len(text)

    @staticmethod
    def _out(text: str) -> None:
        view = memoryview(text.encode("utf-8", "replace"))
        while view:
            view = view[os.write(1, view) :]


# -- the code's namespace ----------------------------------------------------------------------


def _guarded_import(allowed: frozenset[str], policy: Policy) -> Any:
    real_import = builtins.__import__

    def guarded(
        name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0
    ) -> Any:
        if level == 0 and name.split(".", maxsplit=1)[0] not in allowed:
            policy.deny("import", module=name)
        return real_import(name, globals, locals, fromlist, level)

    return guarded


def _matplotlib_cache() -> None:
    """Matplotlib's font cache, copied from the read-only seed into the private /tmp (a cache
    folder matplotlib cannot write makes it rebuild the cache at every start)."""
    seed = os.environ.get(_MPL_SEED)
    target = os.environ.get("MPLCONFIGDIR")
    if not seed or not target or seed == target or not os.path.isdir(seed):
        return
    if os.path.isdir(target) and any(n.endswith(".json") for n in os.listdir(target)):
        return  # copied already (the fork server did, before this action was forked)
    os.makedirs(target, exist_ok=True)
    for name in os.listdir(seed):
        if name.endswith(".json"):
            shutil.copyfile(os.path.join(seed, name), os.path.join(target, name))


def _import_libraries() -> None:
    _matplotlib_cache()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot
    import matplotlib_fontja
    import pandas

    del matplotlib_fontja, pandas


def _preload(code: str, allowed: frozenset[str]) -> None:
    """Import what the code imports (allowed names only) before the sandbox is armed."""
    _import_libraries()
    import matplotlib.pyplot as plt

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


def _error_record(exc: BaseException, source: str) -> dict[str, Any]:
    """The code's exception: type, message, and the line of the code it came from. Frames are
    walked without reading any source file (a file read here would be a false violation)."""
    frames = traceback.StackSummary.extract(
        traceback.walk_tb(exc.__traceback__), lookup_lines=False
    )
    ours = [f for f in frames if f.filename == _CODE_NAME]
    record: dict[str, Any] = {"t": "error", "type": type(exc).__name__, "message": str(exc)[:1000]}
    if ours and ours[-1].lineno:
        lines = source.splitlines()
        line_no = ours[-1].lineno
        record["line"] = line_no
        record["source"] = lines[line_no - 1].strip()[:200] if 0 < line_no <= len(lines) else ""
    return record


# -- one action ----------------------------------------------------------------------------------


def run_action(job: dict[str, Any], channel: Channel) -> None:
    """Arm the sandbox, run the job's code, report `error` (if any) and `done`."""
    sys.dont_write_bytecode = True
    set_limits(job)
    layers = ["rlimit"]
    allowed = frozenset(job["allowed_imports"])
    policy = Policy(job, channel)
    limit = int(job["stdout_chars"])
    stdout = _BoundedText(limit, job["messages"]["output"].format(limit=limit))
    source: str = job["code"]
    try:
        _preload(source, allowed)
        import matplotlib.pyplot as plt
        import numpy as np
        import pandas as pd

        df = job.pop("df")
        os.chdir(policy.workspace)
        os.umask(0o077)
        if install_seccomp():
            layers.append("seccomp")
        import resource

        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
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

        linecache.cache[_CODE_NAME] = (len(source), None, source.splitlines(True), _CODE_NAME)
        compiled = compile(source, _CODE_NAME, "exec")
        if job["audit_hook"]:
            sys.addaudithook(policy.hook)
            layers.append("audit")
        channel.send({"t": "armed", "layers": layers})
        with contextlib.redirect_stdout(stdout):
            exec(compiled, namespace)
    except MemoryError:
        channel.send({"t": "error", "kind": "memory"})
    except OutputLimitExceeded:
        channel.send({"t": "error", "kind": "output"})
    except BaseException as exc:
        channel.send(_error_record(exc, source))
    channel.send({"t": "done"})


def _isolate_descriptors(stdout: int, stderr: int, records: int) -> None:
    """Only stdin (/dev/null), stdout, stderr and the channel stay open: not the control
    socket, not the job file, nothing inherited."""
    null = os.open(os.devnull, os.O_RDONLY)
    moved = [os.dup(fd) for fd in (stdout, stderr, records)]
    os.dup2(null, 0)
    for target, fd in zip((1, 2, CHANNEL_FD), moved, strict=True):
        os.dup2(fd, target)
    os.closerange(CHANNEL_FD + 1, os.sysconf("SC_OPEN_MAX"))


def _action(job_fd: int, stdout: int, stderr: int, records: int) -> None:
    with os.fdopen(os.dup(job_fd), "rb") as handle:
        job: dict[str, Any] = pickle.load(handle)
    _isolate_descriptors(stdout, stderr, records)
    run_action(job, Channel(CHANNEL_FD))


def main(argv: list[str]) -> int:
    """`--action FD`: one action in this interpreter (the job on stdin)."""
    code = 70
    try:
        _action(0, 1, 2, int(argv[1]))
        code = 0
    finally:
        os._exit(code)


# -- the fork server -----------------------------------------------------------------------------


def _reap(control: socket.socket, running: dict[int, str]) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        request = running.pop(pid, None)
        if request is not None:
            control.send(f"EXIT {request} {status}".encode("ascii"))


def _non_dumpable() -> None:
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)


def serve() -> int:
    """Import the libraries once, then fork one action per `RUN <id>` packet."""
    _import_libraries()
    _non_dumpable()
    control = socket.socket(fileno=os.dup(0))
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    running: dict[int, str] = {}
    signal.signal(signal.SIGCHLD, lambda signum, frame: _reap(control, running))
    control.send(b"READY")
    while True:
        message, fds, _, _ = socket.recv_fds(control, 256, 4)
        if not message:
            return 0  # the parent is gone
        words = message.decode("ascii", "replace").split()
        if words[:1] != ["RUN"] or len(words) != 2 or len(fds) != 4:
            for fd in fds:
                os.close(fd)
            continue
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        try:
            pid = os.fork()
            if pid == 0:
                code = 70
                try:
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
                    _action(*fds)
                    code = 0
                finally:
                    os._exit(code)
            running[pid] = words[1]
        finally:
            for fd in fds:
                os.close(fd)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})


def prime() -> int:
    """Build matplotlib's font cache (run with a writable cache folder, no generated code)."""
    _import_libraries()
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--server"]:
        sys.exit(serve())
    if sys.argv[1:] == ["--prime"]:
        sys.exit(prime())
    if len(sys.argv) == 3 and sys.argv[1] == "--action":
        sys.exit(main(sys.argv[1:]))
    sys.exit(2)
