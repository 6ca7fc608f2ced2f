"""Limits that keep a hostile ZIP from exhausting memory, disk or time.

Checked twice: on the declared sizes in the central directory before anything is read, and
again on the bytes actually produced while streaming (a member is read in chunks and
dropped as soon as a limit is passed, so a bomb is rejected with bounded memory).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = ["CHUNK_SIZE", "ArchiveLimits", "Budget", "declared_entry_count", "unsafe"]

CHUNK_SIZE = 1 << 16
_EOCD = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_EOCD = b"PK\x06\x06"
_MAX_COMMENT = 0xFFFF


@dataclass(frozen=True)
class ArchiveLimits:
    """Safe defaults; every limit is also a block input.

    `max_members` counts entries of all nesting levels together; `max_total_size` the
    unpacked bytes of all levels; `max_ratio` the unpacked/packed ratio of one member, checked
    once the member has produced `ratio_min_size` bytes (tiny, very repetitive files are
    normal); `max_depth` how many archive levels are opened, the outer archive counting as 1
    (2 = a ZIP inside the ZIP is opened, a ZIP inside that one is rejected).
    """

    max_members: int = 2000
    max_total_size: int = 500 * 1000 * 1000
    max_ratio: float = 100.0
    ratio_min_size: int = 1 << 20
    max_depth: int = 2

    def __post_init__(self) -> None:
        for key in ("max_members", "max_total_size", "max_ratio", "max_depth"):
            if getattr(self, key) < 1:
                raise ValueError(f"ArchiveLimits.{key} must be >= 1")
        if self.ratio_min_size < 0:
            raise ValueError("ArchiveLimits.ratio_min_size must be >= 0")


def unsafe(
    archive: str, member: str, reason: str, *, said: str = "", **details: object
) -> BlockError:
    """UNSAFE_ARCHIVE: `reason` (English, stable) goes to the details, `said` (the same in
    the reader's language, from the catalog) into the message."""
    return BlockError(
        ErrorCode.UNSAFE_ARCHIVE,
        t("runtime.zip.unsafe", archive=archive, reason=said or reason, member=member),
        details={"file": archive, "member": member, "reason": reason, **details},
        hint=t("runtime.zip.unsafe_hint"),
    )


def declared_entry_count(handle: BinaryIO) -> int | None:
    """Entry count from the end-of-central-directory record, read before zipfile parses the
    directory (so a ZIP claiming millions of entries costs no memory). None if not found."""
    handle.seek(0, 2)
    size = handle.tell()
    tail_size = min(size, 22 + _MAX_COMMENT + 20)
    handle.seek(size - tail_size)
    tail = handle.read(tail_size)
    pos = tail.rfind(_EOCD)
    if pos < 0 or pos + 22 > len(tail):
        return None
    count = int(struct.unpack_from("<H", tail, pos + 10)[0])
    if count != 0xFFFF or pos < 20 or tail[pos - 20 : pos - 16] != _ZIP64_LOCATOR:
        return count
    (zip64_offset,) = struct.unpack_from("<Q", tail, pos - 20 + 8)
    handle.seek(zip64_offset)
    record = handle.read(56)
    if len(record) < 56 or record[:4] != _ZIP64_EOCD:
        return None
    return int(struct.unpack_from("<Q", record, 32)[0])


class Budget:
    """What all levels of one archive may still use: entries and unpacked bytes."""

    def __init__(self, limits: ArchiveLimits, archive: str) -> None:
        self.limits = limits
        self.archive = archive
        self.members = 0
        self.total = 0

    def add_members(self, count: int, where: str) -> None:
        self.members += count
        if self.members > self.limits.max_members:
            raise unsafe(
                self.archive,
                where,
                f"more than {self.limits.max_members} members",
                said=t("runtime.zip.too_many", limit=self.limits.max_members),
                limit=self.limits.max_members,
                members=self.members,
            )

    def check_declared(self, infos: list[zipfile.ZipInfo], names: list[str]) -> None:
        """Sizes and ratios as the central directory declares them (nothing read yet)."""
        limits = self.limits
        declared = self.total + sum(info.file_size for info in infos)
        if declared > limits.max_total_size:
            raise unsafe(
                self.archive,
                names[0] if len(names) == 1 else t("runtime.zip.all_members"),
                f"declared unpacked size {declared:,} bytes exceeds {limits.max_total_size:,}",
                said=t(
                    "runtime.zip.declared_size",
                    size=f"{declared:,}",
                    limit=f"{limits.max_total_size:,}",
                ),
                limit=limits.max_total_size,
            )
        for info, name in zip(infos, names, strict=True):
            ratio = info.file_size / max(info.compress_size, 1)
            if info.file_size > limits.ratio_min_size and ratio > limits.max_ratio:
                raise unsafe(
                    self.archive,
                    name,
                    f"compression ratio {ratio:,.0f}:1 exceeds {limits.max_ratio:g}:1",
                    said=t(
                        "runtime.zip.ratio", ratio=f"{ratio:,.0f}", limit=f"{limits.max_ratio:g}"
                    ),
                    limit=limits.max_ratio,
                )

    def stream(self, archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> Iterator[bytes]:
        """The member's bytes in chunks, counted against the limits as they are produced."""
        limits = self.limits
        produced = 0
        packed = max(info.compress_size, 1)
        try:
            with archive.open(info) as member:
                while chunk := member.read(CHUNK_SIZE):
                    produced += len(chunk)
                    self.total += len(chunk)
                    if self.total > limits.max_total_size:
                        raise unsafe(
                            self.archive,
                            name,
                            f"unpacked size exceeds "
                            f"{limits.max_total_size:,} bytes while extracting",
                            said=t(
                                "runtime.zip.size_streaming", limit=f"{limits.max_total_size:,}"
                            ),
                            limit=limits.max_total_size,
                        )
                    if produced > limits.ratio_min_size and produced / packed > limits.max_ratio:
                        raise unsafe(
                            self.archive,
                            name,
                            f"compression ratio exceeds {limits.max_ratio:g}:1 while extracting",
                            said=t("runtime.zip.ratio_streaming", limit=f"{limits.max_ratio:g}"),
                            limit=limits.max_ratio,
                        )
                    yield chunk
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as exc:
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("runtime.zip.member_corrupt", archive=self.archive, member=name, detail=exc),
                details={"file": self.archive, "member": name},
                hint=t("runtime.zip.member_corrupt_hint"),
            ) from exc
        except NotImplementedError as exc:
            raise BlockError(
                ErrorCode.FILE_INVALID,
                t("runtime.zip.compression", archive=self.archive, member=name, detail=exc),
                details={"file": self.archive, "member": name, "compress_type": info.compress_type},
                hint=t("runtime.zip.compression_hint"),
            ) from exc
