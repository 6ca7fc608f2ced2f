"""`write_bytes_atomic` / `write_text_atomic`: write a file through a temporary file and a rename, with the
permissions an ordinary write would give (0666 minus the umask).

`tempfile.mkstemp` creates 0600 files and a rename keeps them, so plans written by
`keiri generate`, the Design page and `keiri migrate` were unreadable by a worker account.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["current_umask", "write_bytes_atomic", "write_text_atomic"]


def current_umask() -> int:
    """The process umask (read from /proc when possible: setting it is process-wide)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_bytes_atomic(
    target: Path, data: bytes, prefix: str = ".keiri-", *, private: bool = False
) -> None:
    """Replace `target` with `data` at once; readers never see half a file, and a failed write
    leaves no temporary file. `private`: readable by this user only (0600, e.g. form drafts)."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if not private:
            os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text_atomic(
    target: Path, text: str, prefix: str = ".keiri-", *, private: bool = False
) -> None:
    """Replace `target` with `text` (UTF-8) at once; readers never see half a file."""
    write_bytes_atomic(target, text.encode("utf-8"), prefix, private=private)
