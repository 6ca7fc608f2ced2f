"""The kernel layer of the analysis sandbox: bubblewrap (`bwrap`) namespaces and mounts.

Every action runs inside `bwrap` with a new user, mount, PID, network, IPC, UTS and cgroup
namespace (`--unshare-all --unshare-user`), as uid/gid 65534 with every capability dropped
and `no_new_privs`, `--die-with-parent` and `--new-session`. Its file system is built from
nothing (a tmpfs root, remounted read-only):

- read-only: `/usr` (and the `/bin`, `/lib*` links), the dynamic loader's cache, fonts and
  their configuration, the time zone, the CPU topology in `/sys`, the Python installation and
  the virtual environment (their folders only, never the project or the keiri home), the
  sandbox's own two files, and matplotlib's font cache;
- read-write: the workspace (at its own path), and a private tmpfs `/tmp`;
- a fresh `/proc` of the sandbox's PID namespace and a minimal `/dev`.

So the workspace is the only host path that can be written, by any means (`dir_fd`, `fchdir`,
`/proc/self/fd`, links, ctypes, `mmap`), and no network interface exists but the sandbox's
own loopback. Where bubblewrap is missing or the kernel refuses the namespaces (user namespaces
disabled for unprivileged users, a container without them), `require()` raises a
`BlockError` that says why and how to fix it: analysis code never runs without this layer.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import sysconfig
import threading
from dataclasses import dataclass
from pathlib import Path

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["INSIDE", "Kernel", "python_roots", "require", "start_failed"]

#: The sandbox's private folder (on its tmpfs root): the child's two files, the font cache seed.
INSIDE = "/keiri-sandbox"
_HERE = Path(__file__).resolve().parent
_FILES = (_HERE / "_sandbox_child.py", _HERE / "_sandbox_guard.py")
_SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_SYSTEM_FILES = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/fonts",
    "/etc/localtime",
    "/var/cache/fontconfig",
    "/sys/devices/system/cpu",
)
_prime_lock = threading.Lock()


@dataclass(frozen=True)
class Kernel:
    """A working `bwrap`: builds the command of a sandbox around one workspace."""

    bwrap: str

    @property
    def python(self) -> str:
        return sys.executable

    @property
    def child(self) -> str:
        return f"{INSIDE}/_sandbox_child.py"

    def command(
        self,
        workspace: Path | None,
        font_cache: Path | None,
        *,
        prime: bool = False,
        info_fd: int | None = None,
    ) -> list[str]:
        """The `bwrap` argument list up to `--` (the caller appends the Python command).
        `info_fd`: where bwrap writes `{"child-pid": N}` (the sandbox's init, host PID)."""
        args = [self.bwrap, "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534"]
        if info_fd is not None:
            args += ["--info-fd", str(info_fd)]
        args += ["--cap-drop", "ALL", "--die-with-parent", "--new-session"]
        args += ["--hostname", "keiri-sandbox", "--ro-bind", "/usr", "/usr"]
        for name in _SYSTEM_LINKS:
            path = Path(name)
            if path.is_symlink():
                args += ["--symlink", os.readlink(path), name]
            elif path.is_dir():
                args += ["--ro-bind", name, name]
        for name in _SYSTEM_FILES:
            args += ["--ro-bind-try", name, name]
        # The private /tmp first: a Python or venv that lives under /tmp (a checkout there) is
        # then bound over it instead of being hidden by it.
        args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
        for root in python_roots():
            args += ["--ro-bind", root, root]
        for path in _FILES:
            args += ["--ro-bind", str(path), f"{INSIDE}/{path.name}"]
        if font_cache is not None:
            args += ["--bind" if prime else "--ro-bind", str(font_cache), f"{INSIDE}/matplotlib"]
        if workspace is not None:
            args += ["--bind", str(workspace), str(workspace)]
        args += ["--chdir", "/", "--remount-ro", "/", "--"]  # an action moves into the workspace
        return args

    def environment(self, *, prime: bool = False) -> dict[str, str]:
        """The sandbox's whole environment: no API key, no keiri setting, one BLAS thread."""
        cache = f"{INSIDE}/matplotlib" if prime else "/tmp/matplotlib"
        return {
            "PATH": "/usr/bin:/bin",
            "HOME": "/tmp",
            "TMPDIR": "/tmp",
            "LANG": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "MPLBACKEND": "Agg",
            "MPLCONFIGDIR": cache,
            "KEIRI_SANDBOX_MPL_SEED": f"{INSIDE}/matplotlib",
            "XDG_CACHE_HOME": "/tmp/.cache",
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
            "NUMEXPR_MAX_THREADS": "1",
        }

    def prime(self, font_cache: Path) -> None:
        """Build matplotlib's font cache once (a sandbox that runs no generated code, with the
        cache folder writable); later sandboxes mount it read-only and copy it to /tmp."""
        with _prime_lock:
            if any(font_cache.glob("fontlist-*.json")):
                return
            font_cache.mkdir(parents=True, exist_ok=True)
            done = subprocess.run(
                [*self.command(None, font_cache, prime=True), self.python, "-I", self.child,
                 "--prime"],
                env=self.environment(prime=True),
                capture_output=True,
                timeout=300,
                check=False,
            )  # fmt: skip
            if done.returncode != 0:
                raise start_failed(done.stderr.decode("utf-8", "replace").strip()[-500:])


def python_roots() -> list[str]:
    """The Python installation and the virtual environment (real paths, outermost only)."""
    names = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    paths = sysconfig.get_paths()
    names.update(paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib"))
    roots = sorted({os.path.realpath(n) for n in names if os.path.isdir(n)})
    kept: list[str] = []
    for root in roots:
        if root == "/usr" or root.startswith("/usr/"):
            continue  # already mounted
        if not any(root.startswith(k.rstrip("/") + "/") for k in kept):
            kept.append(root)
    return kept


@functools.cache
def _probe(bwrap: str) -> str | None:
    """None when `bwrap` can build the sandbox here; otherwise what it said."""
    try:
        done = subprocess.run(
            [*Kernel(bwrap).command(None, None), "/bin/true"],
            capture_output=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return repr(exc)
    if done.returncode == 0:
        return None
    return done.stderr.decode("utf-8", "replace").strip()[-500:] or f"exit {done.returncode}"


def require() -> Kernel:
    """The kernel layer, or a `BlockError` saying why analysis code cannot run here."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise _unavailable(t("runtime.sandbox.no_bwrap"), "")
    refused = _probe(bwrap)
    if refused is not None:
        _probe.cache_clear()  # a later call may succeed once the administrator fixed it
        raise _unavailable(t("runtime.sandbox.bwrap_refused", detail=refused), refused)
    return Kernel(bwrap)


def _unavailable(reason: str, detail: str) -> BlockError:
    return BlockError(
        ErrorCode.DEPENDENCY_NOT_FOUND,
        t("runtime.sandbox.unavailable", reason=reason),
        details={"reason": "sandbox_unavailable", "detail": detail},
        hint=t("runtime.sandbox.unavailable_hint"),
    )


def start_failed(detail: str) -> BlockError:
    return BlockError(
        ErrorCode.DEPENDENCY_NOT_FOUND,
        t("runtime.sandbox.start_failed", detail=detail),
        details={"reason": "sandbox_start", "detail": detail},
        hint=t("runtime.sandbox.start_failed_hint"),
        recoverable=True,
    )
