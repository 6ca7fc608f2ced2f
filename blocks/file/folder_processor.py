"""The folder/ZIP processor (seed 000 §2 FolderProcessor): a ZIP's members into the file store.

    for member in read_zip(handle, store, ArchiveLimits(), name="証跡.zip"):
        member.path, member.folder, member.file  # "vendorA/inv1.pdf", "vendorA", FileRef

Nothing is extracted to disk except into the content-addressed store. Before anything is
read, every entry is checked: names (absolute, drive letter, `..`, control characters),
symbolic links, encryption (FILE_ENCRYPTED), member count and declared sizes/ratios
(UNSAFE_ARCHIVE). While streaming, the produced bytes are counted again. A `.zip` member that
is a ZIP is opened in turn, up to `max_depth` levels; its members get paths like
`vendorA/inner.zip/x/y.pdf`. The two tiers: `folder` is the first path segment ("" for a
file at the root).
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from blocks.file.archive_guard import ArchiveLimits, Budget, declared_entry_count, unsafe
from blocks.file.archive_names import (
    decode_member_name,
    is_os_metadata,
    is_symlink,
    unsafe_name_reason,
)
from blocks.file.file_processor import HEAD_BYTES, detect_media_type, sniff_media_type
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.fileref import FileRef
from blocks.sdk.store import FileStore
from keiri.base.catalog import t

__all__ = ["ArchiveLimits", "SkipHandler", "ZipMember", "folder_summary", "read_zip", "top_folder"]

SkipHandler = Callable[[str, str], None]
_ENCRYPTED_FLAG = 0x1
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")


@dataclass(frozen=True)
class ZipMember:
    """One file of the archive, stored; `file.media_type` is sniffed from the content."""

    path: str
    folder: str
    name: str
    size: int
    file: FileRef
    depth: int


def top_folder(path: str) -> str:
    """The first tier: the top folder of a member path, "" for a file at the root."""
    head, sep, _ = path.partition("/")
    return head if sep else ""


def folder_summary(members: Iterable[ZipMember]) -> list[dict[str, Any]]:
    """`[{"name", "file_count", "total_size"}]` per top folder, in order of appearance."""
    folders: dict[str, dict[str, Any]] = {}
    for member in members:
        entry = folders.setdefault(
            member.folder, {"name": member.folder, "file_count": 0, "total_size": 0}
        )
        entry["file_count"] += 1
        entry["total_size"] += member.size
    return list(folders.values())


def read_zip(
    source: BinaryIO | Path,
    store: FileStore,
    limits: ArchiveLimits | None = None,
    *,
    name: str | None = None,
    on_skip: SkipHandler | None = None,
) -> Iterator[ZipMember]:
    """Check the archive, then stream each member into `store` and yield it.

    Raises `BlockError`: UNSAFE_ARCHIVE, FILE_ENCRYPTED, FILE_INVALID (not a ZIP, truncated,
    corrupt member, undecodable name). `on_skip(path, reason)` hears about OS metadata
    entries (`__MACOSX/`, `.DS_Store`, `Thumbs.db`) that are left out.
    """
    archive = name or (source.name if isinstance(source, Path) else "archive.zip")
    budget = Budget(limits or ArchiveLimits(), archive)
    if isinstance(source, Path):
        with source.open("rb") as handle:
            yield from _read_level(handle, store, budget, prefix="", depth=1, on_skip=on_skip)
    else:
        yield from _read_level(source, store, budget, prefix="", depth=1, on_skip=on_skip)


def _open(handle: BinaryIO, budget: Budget, where: str) -> zipfile.ZipFile:
    archive = budget.archive
    handle.seek(0)
    head = handle.read(HEAD_BYTES)
    if not head:
        raise BlockError(
            ErrorCode.FILE_INVALID,
            t("runtime.zip.empty", archive=archive),
            details={"file": archive, "member": where},
            hint=t("runtime.zip.empty_hint"),
        )
    count = declared_entry_count(handle)
    if count is not None and budget.members + count > budget.limits.max_members:
        raise unsafe(
            archive,
            where,
            f"more than {budget.limits.max_members} members (the directory declares {count})",
            said=t("runtime.zip.too_many_declared", limit=budget.limits.max_members, count=count),
            limit=budget.limits.max_members,
        )
    handle.seek(0)
    try:
        return zipfile.ZipFile(handle)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        looks = sniff_media_type(head, where)
        what = (
            t("runtime.zip.corrupt", archive=archive)
            if head.startswith(b"PK")
            else t("runtime.zip.not_zip", archive=archive, looks=looks)
        )
        raise BlockError(
            ErrorCode.FILE_INVALID,
            f"{what}: {exc}",
            details={"file": archive, "member": where, "detected_media_type": looks},
            hint=t("runtime.zip.open_hint"),
        ) from exc


#: `unsafe_name_reason` (English, kept in the details) -> its catalog key.
_NAME_REASONS = {
    "absolute path": "runtime.zip.absolute",
    "drive letter in path": "runtime.zip.drive",
    "parent directory segment (..)": "runtime.zip.parent",
    "control character in name": "runtime.zip.control",
}


def _checked_entries(
    zf: zipfile.ZipFile, budget: Budget, prefix: str, on_skip: SkipHandler | None
) -> list[tuple[zipfile.ZipInfo, str]]:
    """Every entry checked before any is read; the files to extract, with their paths."""
    archive = budget.archive
    infos = zf.infolist()
    budget.add_members(len(infos), prefix.rstrip("/") or archive)
    entries: list[tuple[zipfile.ZipInfo, str]] = []
    seen: set[str] = set()
    for info in infos:
        raw = decode_member_name(info, archive)
        reason = unsafe_name_reason(raw)
        if reason:
            raise unsafe(archive, prefix + raw, reason, said=t(_NAME_REASONS.get(reason, "")))
        if is_symlink(info):
            raise unsafe(archive, prefix + raw, "symbolic link", said=t("runtime.zip.symlink"))
        if raw.endswith("/"):
            continue
        path = prefix + "/".join(p for p in raw.split("/") if p not in ("", "."))
        if path in seen:
            raise unsafe(archive, path, "duplicate member name", said=t("runtime.zip.duplicate"))
        seen.add(path)
        if info.flag_bits & _ENCRYPTED_FLAG:
            raise BlockError(
                ErrorCode.FILE_ENCRYPTED,
                t("runtime.zip.encrypted", archive=archive, member=path),
                details={"file": archive, "member": path},
                hint=t("runtime.zip.encrypted_hint"),
            )
        if is_os_metadata(path):
            if on_skip:
                on_skip(path, "operating-system metadata")
            continue
        entries.append((info, path))
    if entries:
        budget.check_declared([i for i, _ in entries], [p for _, p in entries])
    return entries


def _keep_head(chunks: Iterator[bytes], head: bytearray) -> Iterator[bytes]:
    """Pass the chunks through, keeping the first HEAD_BYTES for sniffing."""
    for chunk in chunks:
        if len(head) < HEAD_BYTES:
            head.extend(chunk[: HEAD_BYTES - len(head)])
        yield chunk


def _read_level(
    handle: BinaryIO,
    store: FileStore,
    budget: Budget,
    *,
    prefix: str,
    depth: int,
    on_skip: SkipHandler | None,
) -> Iterator[ZipMember]:
    with _open(handle, budget, prefix.rstrip("/") or budget.archive) as zf:
        for info, path in _checked_entries(zf, budget, prefix, on_skip):
            base = path.rsplit("/", 1)[-1]
            head = bytearray()
            ref = store.put_chunks(_keep_head(budget.stream(zf, info, path), head), base)
            is_zip = bytes(head[:4]) in _ZIP_MAGIC
            if is_zip and base.lower().endswith(".zip"):
                if depth >= budget.limits.max_depth:
                    raise unsafe(
                        budget.archive,
                        path,
                        f"nested archive deeper than {budget.limits.max_depth} levels",
                        said=t("runtime.zip.too_deep", limit=budget.limits.max_depth),
                        limit=budget.limits.max_depth,
                    )
                with store.open(ref) as inner:
                    yield from _read_level(
                        inner, store, budget, prefix=path + "/", depth=depth + 1, on_skip=on_skip
                    )
                continue
            # A ZIP container (DOCX/XLSX) needs its part names; anything else its first bytes.
            media_type = (
                detect_media_type(store.path(ref), base)
                if is_zip
                else sniff_media_type(bytes(head), base)
            )
            yield ZipMember(
                path,
                top_folder(path),
                base,
                ref.size,
                ref.model_copy(update={"media_type": media_type}),
                depth,
            )
