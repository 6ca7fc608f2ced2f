"""The archive's originals: each file kept once under its sha256, read-only on disk.

`<archive>/files/<aa>/<sha256>`; a file is written to a temporary name in the same folder,
made read-only (0444) and renamed into place, so a reader never sees half a file and an
original is never opened for writing again. The only removal is a purge after the retention
period (`EvidenceArchive.purge`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from blocks.sdk.atomic_write import spool
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["CHUNK", "Vault"]

CHUNK = 1 << 20
_READ_ONLY = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH


class Vault:
    """Content-addressed, read-only storage of originals under `root`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / sha256

    def has(self, sha256: str) -> bool:
        return self.path(sha256).is_file()

    def put(self, chunks: Iterable[bytes]) -> tuple[str, int]:
        """Store the bytes of `chunks` (once: content already kept is not written again);
        returns (sha256, size)."""
        tmp: str | None = None
        try:
            tmp, sha, size = spool(self.root / "tmp", chunks, durable=True)
            target = self.path(sha)
            if target.is_file() and self.intact(sha, size):
                os.unlink(tmp)
                return sha, size
            target.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(tmp, _READ_ONLY)
            os.replace(tmp, target)  # new, or a damaged copy replaced by the original bytes
        except OSError as exc:
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)
            raise BlockError(
                ErrorCode.STORAGE_ERROR,
                t("archive.vault.cannot_store", root=self.root, detail=exc.strerror or exc),
                details={"root": str(self.root), "errno": exc.errno},
                hint=t("archive.vault.cannot_store_hint"),
                recoverable=True,
            ) from exc
        return sha, size

    def put_file(self, path: Path) -> tuple[str, int]:
        with path.open("rb") as handle:
            return self.put(iter(lambda: handle.read(CHUNK), b""))

    def digest(self, sha256: str) -> tuple[str, int] | None:
        """(actual sha256, size) of the kept file, None when it is missing."""
        target = self.path(sha256)
        if not target.is_file():
            return None
        digest, size = hashlib.sha256(), 0
        with target.open("rb") as handle:
            while chunk := handle.read(CHUNK):
                digest.update(chunk)
                size += len(chunk)
        return digest.hexdigest(), size

    def intact(self, sha256: str, size: int | None = None) -> bool:
        found = self.digest(sha256)
        return found is not None and found[0] == sha256 and size in (None, found[1])

    def remove(self, sha256: str) -> None:
        """Delete a kept file (a purge after retention; nothing else removes originals)."""
        self.path(sha256).unlink(missing_ok=True)
