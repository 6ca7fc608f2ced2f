"""ZIP member names: decoding (UTF-8 flag, UTF-8, cp932) and the safety rules for paths.

Archives made by Windows Explorer on a Japanese system store names in cp932 without the
UTF-8 flag (bit 11); other tools write UTF-8 with or without the flag, or add an Info-ZIP
Unicode Path extra field. Each entry is decoded on its own, strictly.
"""

from __future__ import annotations

import re
import stat
import struct
import unicodedata
import zipfile
import zlib

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

__all__ = [
    "NAME_ENCODINGS",
    "decode_member_name",
    "is_os_metadata",
    "is_symlink",
    "unsafe_name_reason",
]

NAME_ENCODINGS = ("utf-8", "cp932")
_UTF8_FLAG = 0x800
_UNICODE_PATH_EXTRA = 0x7075
_DRIVE = re.compile(r"^[A-Za-z]:")
_OS_METADATA = {".DS_Store", "Thumbs.db", "desktop.ini"}


def _raw_name(info: zipfile.ZipInfo) -> bytes:
    # zipfile decoded a name without the UTF-8 flag as cp437, a lossless byte mapping.
    return info.orig_filename.encode("cp437")


def _unicode_path_extra(info: zipfile.ZipInfo, raw: bytes) -> str | None:
    """The Info-ZIP Unicode Path (0x7075) name, if present and made for this raw name."""
    extra = info.extra
    offset = 0
    while offset + 4 <= len(extra):
        tag, size = struct.unpack_from("<HH", extra, offset)
        body = extra[offset + 4 : offset + 4 + size]
        offset += 4 + size
        if tag == _UNICODE_PATH_EXTRA and len(body) > 5 and body[0] == 1:
            (crc,) = struct.unpack_from("<L", body, 1)
            if crc == zlib.crc32(raw):
                try:
                    return body[5:].decode("utf-8")
                except UnicodeDecodeError:
                    return None
    return None


def decode_member_name(info: zipfile.ZipInfo, archive: str) -> str:
    """The member's real name, NFC-normalised; backslashes (Windows tools) become `/`.

    UTF-8 flag set -> UTF-8; else a valid Unicode Path extra field; else strict UTF-8, then
    strict cp932. A name that is none of these is FILE_INVALID.
    """
    if info.flag_bits & _UTF8_FLAG:
        name = info.orig_filename
    else:
        raw = _raw_name(info)
        name = _unicode_path_extra(info, raw) or _decode_raw(raw, archive)
    # macOS writes decomposed (NFD) names: "ガ" as "カ" + "゛"; compare and show them as NFC.
    return unicodedata.normalize("NFC", name.replace("\\", "/"))


def _decode_raw(raw: bytes, archive: str) -> str:
    for encoding in NAME_ENCODINGS:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise BlockError(
        ErrorCode.FILE_INVALID,
        t("runtime.zip.bad_name", archive=archive, raw=repr(raw)),
        details={"file": archive, "member": repr(raw), "tried_encodings": list(NAME_ENCODINGS)},
        hint=t("runtime.zip.bad_name_hint"),
    )


def unsafe_name_reason(name: str) -> str | None:
    """Why a decoded member name could escape the extraction root, or None if it is safe."""
    if name.startswith("/"):
        return "absolute path"
    if _DRIVE.match(name):
        return "drive letter in path"
    if any(part == ".." for part in name.split("/")):
        return "parent directory segment (..)"
    if any(ord(ch) < 0x20 for ch in name):
        return "control character in name"
    return None


def is_symlink(info: zipfile.ZipInfo) -> bool:
    """True for a Unix symbolic link entry (mode bits in the high half of external_attr)."""
    return stat.S_ISLNK(info.external_attr >> 16)


def is_os_metadata(path: str) -> bool:
    """macOS resource forks (`__MACOSX/`, `._x`) and Finder/Explorer thumbnails files."""
    parts = path.split("/")
    return parts[0] == "__MACOSX" or parts[-1] in _OS_METADATA or parts[-1].startswith("._")
