"""Content-addressed local file store: the one place to swap for shared storage.

Objects live at `<store>/objects/<aa>/<sha256>`; writes go to a temporary file in the same
folder and are renamed into place, so a reader never sees a partial file and a crash leaves no
half-written object. Input files are copied in, never moved or modified.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from blocks.errors import BlockError, ErrorCode
from blocks.fileref import FileRef
from keiri import settings

__all__ = ["FileStore", "guess_media_type"]

_URI_PREFIX = "keiri://store/"
_CHUNK = 1 << 20

mimetypes.add_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx")
mimetypes.add_type(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"
)
mimetypes.add_type("text/markdown", ".md")


def guess_media_type(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


class FileStore:
    """A content-addressed store rooted at `root` (default: `keiri.settings.store_dir()`)."""

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
                f"file not found: {path}",
                details={"path": str(path)},
                hint="check the path; relative paths are read from the working directory",
            ) from exc
        except PermissionError as exc:
            raise BlockError(
                ErrorCode.PERMISSION_DENIED, f"cannot read {path}", details={"path": str(path)}
            ) from exc
        except OSError as exc:  # a folder, an unreadable device, a name too long, ...
            raise BlockError(
                ErrorCode.FILE_INVALID,
                f"cannot read {path}: {exc.strerror or exc}",
                details={"path": str(path)},
                hint="give the path of a readable file",
            ) from exc

    def put_chunks(
        self, chunks: Iterable[bytes], name: str, media_type: str | None = None
    ) -> FileRef:
        try:
            return self._put_chunks(chunks, name, media_type)
        except OSError as exc:  # the store is full, read-only, over a quota, ...
            raise BlockError(
                ErrorCode.STORAGE_ERROR,
                f"cannot store {name!r} in the file store at {self.root}: {exc.strerror or exc}",
                details={"name": name, "store": str(self.root), "errno": exc.errno},
                hint="free space in the store (KEIRI_STORE_DIR) or point it at a larger disk, "
                "then try again",
                recoverable=True,
            ) from exc

    def _put_chunks(self, chunks: Iterable[bytes], name: str, media_type: str | None) -> FileRef:
        tmp_dir = self.root / "tmp"
        tmp_dir.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        size = 0
        fd, tmp_name = tempfile.mkstemp(dir=tmp_dir, prefix="put-")
        try:
            with os.fdopen(fd, "wb") as out:
                for chunk in chunks:
                    digest.update(chunk)
                    size += len(chunk)
                    out.write(chunk)
            sha = digest.hexdigest()
            target = self._object_path(sha)
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists():
                os.unlink(tmp_name)
            else:
                os.replace(tmp_name, target)
        except BaseException:
            if os.path.exists(tmp_name):
                os.unlink(tmp_name)
            raise
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
                f"not a keiri store reference: {fileref.uri}",
                details={"uri": fileref.uri, "name": fileref.name},
                hint="files must enter a run through the keiri file store",
            )
        target = self._object_path(fileref.sha256)
        if not target.is_file():
            raise BlockError(
                ErrorCode.DEPENDENCY_NOT_FOUND,
                f"stored file {fileref.name!r} is missing from the store at {self.root}",
                details={"uri": fileref.uri, "name": fileref.name, "store": str(self.root)},
                hint="all workers must share the same KEIRI_STORE_DIR",
            )
        return target

    def open(self, ref: FileRef | dict[str, object]) -> BinaryIO:
        return self.path(ref).open("rb")

    def read_bytes(self, ref: FileRef | dict[str, object]) -> bytes:
        return self.path(ref).read_bytes()
