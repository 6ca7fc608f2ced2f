"""Builders of real ZIP files for the tests, hostile ones included.

The stdlib writes honest archives only; these helpers write what attackers and odd tools
produce: raw (cp932, UTF-8 without flag, undecodable) names, symlinks, bombs, deep nesting,
a genuine ZipCrypto-encrypted member, patched header flags.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Iterable
from typing import BinaryIO

__all__ = [
    "RawNameInfo",
    "build_zip",
    "nested_zip",
    "set_flag_bits",
    "symlink_info",
    "write_bomb",
    "zipcrypto_zip",
]

_FIXED = (2024, 4, 30, 9, 0, 0)


class RawNameInfo(zipfile.ZipInfo):
    """A member whose name is written as the given bytes, with or without the UTF-8 flag."""

    __slots__ = ("raw", "utf8_flag")

    def __init__(self, raw: bytes, *, utf8_flag: bool = False) -> None:
        super().__init__(raw.decode("utf-8" if utf8_flag else "cp437"), date_time=_FIXED)
        self.raw = raw
        self.utf8_flag = utf8_flag
        self.compress_type = zipfile.ZIP_DEFLATED

    def _encodeFilenameFlags(self) -> tuple[bytes, int]:
        flags = self.flag_bits | 0x800 if self.utf8_flag else self.flag_bits & ~0x800
        return self.raw, flags


def build_zip(
    entries: Iterable[tuple[str | zipfile.ZipInfo, bytes]],
    compression: int = zipfile.ZIP_DEFLATED,
) -> bytes:
    """A ZIP of `(name or ZipInfo, data)`; str names follow the stdlib (UTF-8 flag if needed)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=compression) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return out.getvalue()


def symlink_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=_FIXED)
    info.create_system = 3
    info.external_attr = (0o120777 & 0xFFFF) << 16
    return info


def write_bomb(target: BinaryIO, size: int, name: str = "bomb.bin", members: int = 1) -> None:
    """`members` entries of `size` zero bytes each, written in chunks (small on disk)."""
    chunk = bytes(1 << 20)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for index in range(members):
            member = name if members == 1 else f"{index:03d}_{name}"
            info = zipfile.ZipInfo(member, date_time=_FIXED)
            info.compress_type = zipfile.ZIP_DEFLATED
            with zf.open(info, "w", force_zip64=True) as fh:
                left = size
                while left > 0:
                    fh.write(chunk[: min(left, len(chunk))])
                    left -= len(chunk)


def nested_zip(levels: int, leaf: tuple[str, bytes] = ("leaf.txt", "最深部".encode())) -> bytes:
    """`levels` archives inside each other: vendor/level2.zip -> level3.zip ... -> leaf."""
    data = build_zip([leaf])
    for level in range(levels, 1, -1):
        folder = "vendor/" if level == 2 else ""
        data = build_zip([(f"{folder}level{level}.zip", data)])
    return data


def set_flag_bits(data: bytes, index: int, bits: int) -> bytes:
    """OR `bits` into the general-purpose flags of member `index` (local and central header)."""
    buf = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        local = zf.infolist()[index].header_offset
        pos = zf.start_dir
    struct.pack_into("<H", buf, local + 6, struct.unpack_from("<H", buf, local + 6)[0] | bits)
    for _ in range(index):
        sizes = struct.unpack_from("<3H", buf, pos + 28)
        pos += 46 + sum(sizes)
    struct.pack_into("<H", buf, pos + 8, struct.unpack_from("<H", buf, pos + 8)[0] | bits)
    return bytes(buf)


def _crc_byte(key: int, byte: int) -> int:
    return zlib.crc32(bytes([byte]), key ^ 0xFFFFFFFF) ^ 0xFFFFFFFF


class _ZipCrypto:
    """Traditional PKWARE encryption (what Windows Explorer and `zip -e` write)."""

    def __init__(self, password: bytes) -> None:
        self.keys = [0x12345678, 0x23456789, 0x34567890]
        for byte in password:
            self._update(byte)

    def _update(self, byte: int) -> None:
        k0, k1, k2 = self.keys
        k0 = _crc_byte(k0, byte)
        k1 = ((k1 + (k0 & 0xFF)) * 134775813 + 1) & 0xFFFFFFFF
        k2 = _crc_byte(k2, k1 >> 24)
        self.keys = [k0, k1, k2]

    def encrypt(self, data: bytes) -> bytes:
        out = bytearray()
        for byte in data:
            temp = (self.keys[2] | 2) & 0xFFFF
            out.append(byte ^ (((temp * (temp ^ 1)) >> 8) & 0xFF))
            self._update(byte)
        return bytes(out)


def zipcrypto_zip(name: str, data: bytes, password: bytes) -> bytes:
    """One stored member encrypted with ZipCrypto (readable by zipfile with the password)."""
    crc = zlib.crc32(data)
    header = bytes(range(1, 12)) + bytes([crc >> 24])
    body = _ZipCrypto(password).encrypt(header + data)
    raw = name.encode()
    flags, method, dos_time, dos_date = 0x1 | 0x800, 0, 0x4800, 0x589E
    local = (
        struct.pack(
            "<4s5H3L2H",
            b"PK\x03\x04",
            20,
            flags,
            method,
            dos_time,
            dos_date,
            crc,
            len(body),
            len(data),
            len(raw),
            0,
        )
        + raw
    )
    central = (
        struct.pack(
            "<4s6H3L5H2L",
            b"PK\x01\x02",
            20,
            20,
            flags,
            method,
            dos_time,
            dos_date,
            crc,
            len(body),
            len(data),
            len(raw),
            0,
            0,
            0,
            0,
            0,
            0,
        )
        + raw
    )
    end = struct.pack(
        "<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, len(central), len(local) + len(body), 0
    )
    return local + body + central + end
