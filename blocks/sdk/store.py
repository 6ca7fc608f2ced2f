"""Content-addressed local file store: the one place to swap for shared storage.

Objects live at `<store>/objects/<aa>/<sha256>`; writes go to a temporary file in the same
folder and are renamed into place, so a reader never sees a partial file and a crash leaves no
half-written object. Input files are copied in, never moved or modified.

Content is verified: an object whose bytes no longer hash to its name is refused on read
(FILE_INVALID "store object corrupted", naming it and its expected sha256), and storing the
right content again replaces it (atomically, by the same rename). Hashing a large file on every
read would cost as much as reading it again, so an object is verified once per process and
file version: the verdict is kept with the file's identity (inode, size, mtime and ctime), and
any change to the file — a rewrite, an edit in place, a replacement — changes its ctime, which
no one can set back, so the object is hashed again. A file changed less than `_RACY_NS` before
its verification is not remembered (file times tick coarsely; git's "racily clean" rule).
`bench/bench_store_verify.py` measures the cost.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from blocks.sdk.atomic_write import removed_on_failure, spool
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from keiri.base import settings
from keiri.base.catalog import t

__all__ = ["FileStore", "guess_media_type"]

_URI_PREFIX = "keiri://store/"
_CHUNK = 1 << 20
_VERIFIED_MAX = 100_000  # file identities remembered per process (then forgotten at once)
# File times come from a coarse clock (one tick: 1-10 ms): a change within the tick of a
# verification would keep the file's times, so a file changed this recently is not remembered.
_RACY_NS = 100_000_000

# object path -> the identity of the file version whose content was verified in this process
_verified: dict[str, tuple[int, int, int, int, int]] = {}
_verified_lock = threading.Lock()


def _identity(stat: os.stat_result) -> tuple[int, int, int, int, int]:
    return (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)


def _remember(path: Path, stat: os.stat_result) -> None:
    with _verified_lock:
        if len(_verified) >= _VERIFIED_MAX:
            _verified.clear()
        _verified[str(path)] = _identity(stat)


def _intact(path: Path, sha256: str, size: int | None = None) -> tuple[bool, str | None]:
    """Whether the object at `path` still holds the content named `sha256` (hashed once per
    file version per process); with the actual digest when it was hashed and differs."""
    if _verified.get(str(path)) == _identity(path.stat()):
        return True, None
    started = time.time_ns()
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        stat = os.fstat(handle.fileno())  # the version hashed below, not a later one
        if size is not None and stat.st_size != size:
            return False, None
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    actual = digest.hexdigest()
    if actual != sha256:
        return False, actual
    if stat.st_ctime_ns < started - _RACY_NS:
        _remember(path, stat)
    return True, None


mimetypes.add_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx")
mimetypes.add_type(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"
)
mimetypes.add_type("text/markdown", ".md")


def guess_media_type(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


class FileStore:
    """A content-addressed store rooted at `root` (default: `keiri.base.settings.store_dir()`)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or settings.store_dir()).resolve()

    def _object_path(self, sha256: str) -> Path:
        return self.root / "objects" / sha256[:2] / sha256

    def put_bytes(self, data: bytes, name: str, media_type: str | None = None) -> FileRef:
        return self.put_chunks([data], name, media_type)

    def put_file(
        self, path: Path, name: str | None = None, media_type: str | None = None
    ) -> FileRef:
        """Copy a file into the store (streaming; the source is only read)."""
        try:
            with path.open("rb") as src:
                return self.put_chunks(
                    iter(lambda: src.read(_CHUNK), b""), name or path.name, media_type
                )
        except FileNotFoundError as exc:
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("runtime.file.not_found", path=path),
                details={"path": str(path)},
                hint=t("runtime.store.path_hint"),
            ) from exc
        except PermissionError as exc:
            raise BlockError(
                ErrorCode.PERMISSION_DENIED,
                t("runtime.store.no_permission", path=path),
                details={"path": str(path)},
            ) from exc
        except OSError as exc:  # a folder, an unreadable device, a name too long, ...
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("runtime.store.unreadable", path=path, detail=exc.strerror or exc),
                details={"path": str(path)},
                hint=t("runtime.store.unreadable_hint"),
            ) from exc

    def put_chunks(
        self, chunks: Iterable[bytes], name: str, media_type: str | None = None
    ) -> FileRef:
        try:
            return self._put_chunks(chunks, name, media_type)
        except OSError as exc:  # the store is full, read-only, over a quota, ...
            raise BlockError(
                ErrorCode.STORAGE_ERROR,
                t(
                    "runtime.store.cannot_store",
                    name=repr(name),
                    store=self.root,
                    detail=exc.strerror or exc,
                ),
                details={"name": name, "store": str(self.root), "errno": exc.errno},
                hint=t("runtime.store.cannot_store_hint"),
                recoverable=True,
            ) from exc

    def _put_chunks(self, chunks: Iterable[bytes], name: str, media_type: str | None) -> FileRef:
        tmp_name, sha, size = spool(self.root / "tmp", chunks)
        with removed_on_failure(tmp_name):
            target = self._object_path(sha)
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.is_file() and _intact(target, sha, size)[0]:
                os.unlink(tmp_name)
            else:  # new, or corrupted: this content replaces it in one rename
                os.replace(tmp_name, target)
        return FileRef(
            uri=_URI_PREFIX + sha,
            name=name,
            size=size,
            sha256=sha,
            media_type=media_type or guess_media_type(name),
        )

    def path(self, ref: FileRef | dict[str, object]) -> Path:
        """The local path of a stored object (read it; never write to it)."""
        fileref = ref if isinstance(ref, FileRef) else FileRef.model_validate(ref)
        if (
            not fileref.uri.startswith(_URI_PREFIX)
            or fileref.uri[len(_URI_PREFIX) :] != fileref.sha256
        ):
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("runtime.store.not_ref", uri=fileref.uri),
                details={"uri": fileref.uri, "name": fileref.name},
                hint=t("runtime.store.not_ref_hint"),
            )
        target = self._object_path(fileref.sha256)
        if not target.is_file():
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                t("runtime.store.missing", name=repr(fileref.name), store=self.root),
                details={"uri": fileref.uri, "name": fileref.name, "store": str(self.root)},
                hint=t("runtime.store.missing_hint"),
            )
        intact, actual = _intact(target, fileref.sha256, fileref.size)
        if not intact:
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("store.corrupted", name=fileref.name, sha256=fileref.sha256),
                details={
                    "uri": fileref.uri,
                    "name": fileref.name,
                    "expected_sha256": fileref.sha256,
                    "actual_sha256": actual,
                    "expected_size": fileref.size,
                    "actual_size": target.stat().st_size,
                    "path": str(target),
                },
                hint=t("store.corrupted_hint", name=fileref.name),
            )
        return target

    def open(self, ref: FileRef | dict[str, object]) -> BinaryIO:
        return self.path(ref).open("rb")

    def read_bytes(self, ref: FileRef | dict[str, object]) -> bytes:
        return self.path(ref).read_bytes()
