"""`write_bytes_atomic` / `write_text_atomic`: write a file through a temporary file and a rename, with the
permissions an ordinary write would give (0666 minus the umask). `spool`: the temporary file of
content-addressed stores (the file store, the evidence vault), hashed as it is written.

`tempfile.mkstemp` creates 0600 files and a rename keeps them, so plans written by
`keiri generate`, the Design page and `keiri migrate` were unreadable by a worker account.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "current_umask",
    "removed_on_failure",
    "spool",
    "write_bytes_atomic",
    "write_text_atomic",
]


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


@contextmanager
def removed_on_failure(tmp: str) -> Iterator[None]:
    """Remove the temporary file `tmp` (if it is there) when the body raises, then re-raise."""
    try:
        yield
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_bytes_atomic(
    target: Path, data: bytes, prefix: str = ".keiri-", *, private: bool = False
) -> None:
    """Replace `target` with `data` at once; readers never see half a file, and a failed write
    leaves no temporary file. `private`: readable by this user only (0600, e.g. form drafts)."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
    with removed_on_failure(tmp):
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if not private:
            os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, target)


def write_text_atomic(
    target: Path, text: str, prefix: str = ".keiri-", *, private: bool = False
) -> None:
    """Replace `target` with `text` (UTF-8) at once; readers never see half a file."""
    write_bytes_atomic(target, text.encode("utf-8"), prefix, private=private)


def spool(folder: Path, chunks: Iterable[bytes], *, durable: bool = False) -> tuple[str, str, int]:
    """Write `chunks` to a new temporary file in `folder` (created if needed), hashing them as
    they pass: (its path, sha256, size). `durable`: on disk before this returns (fsync). A
    failed write leaves no temporary file; the caller renames or removes the one returned."""
    folder.mkdir(parents=True, exist_ok=True)
    digest, size = hashlib.sha256(), 0
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="put-")
    with removed_on_failure(tmp), os.fdopen(fd, "wb") as out:
        for chunk in chunks:
            digest.update(chunk)
            size += len(chunk)
            out.write(chunk)
        if durable:
            out.flush()
            os.fsync(out.fileno())
    return tmp, digest.hexdigest(), size
