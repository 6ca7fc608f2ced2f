"""The escapes of issue 23 as generated code would write them: each tries to change something
outside the workspace (`SITE` + `NAME`: a `.pth` in the virtual environment's site-packages;
`MARKER`: a file the sandbox sees read-only), defined once for the `Sandbox` API tests and the
`keiri analyze` end-to-end tests."""

from __future__ import annotations

from blocks.analysis.sandbox_kernel import INSIDE

__all__ = ["ESCAPES", "IMPORT", "OS"]

OS = "pd.io.common.os"  # the real `os` module, past the import guard
IMPORT = f"{OS}.sys.modules['importlib'].import_module"

ESCAPES = {
    "dir_fd_write": (
        f"os = {OS}\nfd = os.open(SITE, os.O_RDONLY)\n"
        "w = os.open(NAME, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)\n"
        "os.write(w, b'import os')\n"
    ),
    "fchdir_then_write": (
        f"os = {OS}\nfd = os.open(SITE, os.O_RDONLY)\nos.fchdir(fd)\n"
        "open(NAME, 'w').write('import os')\n"
    ),
    "fchdir_into_the_sandbox_source": (
        f"os = {OS}\nos.fchdir(os.open('{INSIDE}', os.O_RDONLY))\n"
        "open('_sandbox_child.py', 'a').write('\\nraise SystemExit')\n"
    ),
    "pathlib_os": (
        "import pathlib\nos = pathlib.os\n"
        "os.close(os.open(SITE + '/' + NAME, os.O_WRONLY | os.O_CREAT, 0o644))\n"
    ),
    "symlink_out": (
        f"os = {OS}\nos.symlink(SITE + '/' + NAME, 'link.pth')\n"
        "open('link.pth', 'w').write('import os')\n"
    ),
    "symlink_to_the_font_cache": (
        f"os = {OS}\nos.symlink(MARKER, 'marker-link')\nopen('marker-link', 'w').write('pwned')\n"
    ),
    "hard_link": (f"os = {OS}\nos.link(MARKER, 'hard')\nopen('hard', 'w').write('pwned')\n"),
    "proc_self_fd": (
        f"os = {OS}\nfd = os.open(SITE, os.O_RDONLY)\n"
        "open(f'/proc/self/fd/{fd}/' + NAME, 'w').write('import os')\n"
    ),
    "proc_self_root_and_cwd": (
        "import pathlib\n"
        "for p in ('/proc/self/root' + MARKER, '/proc/self/cwd/../escape.txt', '/proc/1/root' + MARKER):\n"
        "    try:\n        open(p, 'w').write('pwned')\n    except Exception as exc:\n"
        "        print(type(exc).__name__)\n"
        "raise PermissionError('every path refused')\n"
    ),
    "write_the_result_descriptor": (
        f"os = {OS}\ntry:\n    open('/etc/shadow').read()\nexcept Exception:\n    pass\n"
        'forged = b\'{"ok": true, "violations": [], "stdout": "fine"}\\n\'\n'
        "for fd in range(3, 64):\n    try:\n        os.write(fd, forged)\n"
        "    except OSError:\n        pass\nos._exit(0)\n"
    ),
    "exit_before_the_outcome": f"print('partial')\n{OS}._exit(0)\n",
    "multiprocessing_fork": (
        f"mp = {IMPORT}('multiprocessing')\n"
        "p = mp.get_context('fork').Process(target=lambda: open(SITE + '/' + NAME, 'w'))\n"
        "p.start()\np.join()\n"
    ),
    "ctypes_libc_open": (
        f"ct = {IMPORT}('ctypes')\nlibc = ct.CDLL(None, use_errno=True)\n"
        "fd = libc.open((SITE + '/' + NAME).encode(), 0o101, 0o644)\n"
        "if fd < 0:\n    raise OSError(ct.get_errno(), 'open refused')\n"
    ),
    "mmap_outside": (
        f"os = {OS}\nmm = {IMPORT}('mmap')\n"
        "try:\n    fd = os.open(MARKER, os.O_RDWR)\nexcept OSError:\n"
        "    fd = os.open(MARKER, os.O_RDONLY)\n"
        "m = mm.mmap(fd, 0, access=mm.ACCESS_WRITE)\nm[:5] = b'pwned'\nm.flush()\n"
    ),
    "socket_past_everything": (
        f"s = {IMPORT}('socket').socket()\ns.connect(('127.0.0.1', 4200))\n"
    ),
}
