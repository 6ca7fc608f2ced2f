"""Hostile and broken archives: each is rejected with its specific code, nothing is written
outside the store, and no partial object is left behind."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.store import FileStore

from .zipcraft import (
    RawNameInfo,
    build_zip,
    nested_zip,
    set_flag_bits,
    symlink_info,
    write_bomb,
    zipcrypto_zip,
)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English wording of the errors (the catalog's `en`)."""
    monkeypatch.setenv("KEIRI_LANG", "en")


Put = Callable[[bytes, str], dict[str, Any]]
Run = Callable[..., dict[str, Any]]
PDF_TEXT = "請求書".encode()


def _bomb(size: int, members: int = 1) -> bytes:
    out = io.BytesIO()
    write_bomb(out, size, members=members)
    return out.getvalue()


def _reject(run: Run, put: Put, data: bytes, **limits: Any) -> BlockError:
    ref = put(data, "証跡.zip")
    with pytest.raises(BlockError) as info:
        run("file.parse_zip_2tier", zip_bytes=ref, **limits)
    error = info.value
    assert error.details["node_id"] == "n" and error.hint
    return error


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("../x.txt", "parent directory segment"),
        ("vendorA/../../x.txt", "parent directory segment"),
        ("..\\..\\x.txt", "parent directory segment"),
        ("/etc/cron.d/x", "absolute path"),
        ("\\Windows\\x.txt", "absolute path"),
        ("C:/Windows/x.txt", "drive letter"),
        ("C:\\Users\\x.txt", "drive letter"),
        ("vendor/a\x01b.txt", "control character"),
    ],
)
def test_path_escapes_are_unsafe(run: Run, put: Put, name: str, reason: str) -> None:
    data = build_zip([("vendorA/ok.txt", b"ok"), (RawNameInfo(name.encode()), b"pwned")])
    error = _reject(run, put, data)
    assert error.code == ErrorCode.UNSAFE_ARCHIVE
    assert reason in error.details["reason"]
    assert error.details["member"] == name.replace("\\", "/")


def test_symlink_member_is_unsafe(run: Run, put: Put) -> None:
    error = _reject(run, put, build_zip([(symlink_info("vendorA/passwd"), b"/etc/passwd")]))
    assert (error.code, error.details["reason"]) == (ErrorCode.UNSAFE_ARCHIVE, "symbolic link")


def test_bomb_by_ratio_is_unsafe_with_default_limits(run: Run, put: Put, store: FileStore) -> None:
    data = _bomb(3 << 20)
    assert len(data) < 10_000
    error = _reject(run, put, data)
    assert error.code == ErrorCode.UNSAFE_ARCHIVE
    assert "compression ratio" in error.details["reason"]
    stored = [p for p in (store.root / "objects").rglob("*") if p.is_file()]
    assert len(stored) == 1  # the uploaded zip only: nothing was extracted


def test_bomb_by_total_size_is_unsafe(run: Run, put: Put) -> None:
    stored = build_zip([(f"v/{i}.bin", bytes(800)) for i in range(3)], zipfile.ZIP_STORED)
    error = _reject(run, put, stored, max_total_size=2000)
    assert error.code == ErrorCode.UNSAFE_ARCHIVE
    assert "unpacked size" in error.details["reason"] and error.details["limit"] == 2000
    many = _reject(run, put, _bomb(1 << 20, members=4), max_total_size=3 << 20, max_ratio=5000)
    assert "unpacked size" in many.details["reason"]


def test_too_many_members_is_unsafe(run: Run, put: Put) -> None:
    data = build_zip([(f"vendor/{i}.txt", b"x") for i in range(30)])
    error = _reject(run, put, data, max_members=10)
    assert error.code == ErrorCode.UNSAFE_ARCHIVE and "more than 10 members" in error.message


def test_members_of_nested_archives_count_together(run: Run, put: Put) -> None:
    inner = build_zip([(f"{i}.txt", b"x") for i in range(8)])
    data = build_zip([("a/inner.zip", inner), ("a/b.txt", b"y")])
    error = _reject(run, put, data, max_members=9)
    assert error.code == ErrorCode.UNSAFE_ARCHIVE
    assert error.details["member"] == "a/inner.zip"


def test_nesting_deeper_than_the_limit_is_unsafe(run: Run, put: Put) -> None:
    error = _reject(run, put, nested_zip(3), max_depth=2)
    assert error.code == ErrorCode.UNSAFE_ARCHIVE
    assert error.details["member"] == "vendor/level2.zip/level3.zip"
    assert "nested archive deeper than 2" in error.details["reason"]


def test_duplicate_member_names_are_unsafe(run: Run, put: Put) -> None:
    data = build_zip([("v/a.txt", b"1"), ("v/./a.txt", b"2")])
    assert _reject(run, put, data).details["reason"] == "duplicate member name"


def test_zipcrypto_member_is_file_encrypted(run: Run, put: Put) -> None:
    data = zipcrypto_zip("vendorA/請求書.pdf", PDF_TEXT, b"secret")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:  # a genuine ZipCrypto archive
        assert zf.read("vendorA/請求書.pdf", pwd=b"secret") == PDF_TEXT
    error = _reject(run, put, data)
    assert error.code == ErrorCode.FILE_ENCRYPTED
    assert error.details["member"] == "vendorA/請求書.pdf"


def test_encryption_flag_is_file_encrypted(run: Run, put: Put) -> None:
    data = set_flag_bits(build_zip([("a.txt", b"x"), ("v/b.txt", b"y")]), 1, 0x1)
    error = _reject(run, put, data)
    assert (error.code, error.details["member"]) == (ErrorCode.FILE_ENCRYPTED, "v/b.txt")


def test_not_a_zip_truncated_and_empty_are_file_invalid(
    run: Run, put: Put, invoice_pdfs: list[bytes]
) -> None:
    pdf = _reject(run, put, invoice_pdfs[0])
    assert pdf.code == ErrorCode.FILE_INVALID
    assert pdf.details["detected_media_type"] == "application/pdf"
    good = build_zip([("v/a.txt", b"x" * 1000), ("v/b.txt", b"y" * 1000)])
    cut = _reject(run, put, good[: len(good) - 30])
    assert cut.code == ErrorCode.FILE_INVALID and "truncated or corrupt" in cut.message
    empty = _reject(run, put, b"")
    assert empty.code == ErrorCode.FILE_INVALID and "empty" in empty.message


def test_corrupt_member_data_is_file_invalid(run: Run, put: Put) -> None:
    data = bytearray(build_zip([("v/a.txt", "請求書の本文".encode() * 50)]))
    data[40:60] = bytes(20)  # inside the compressed stream of the first member
    error = _reject(run, put, bytes(data))
    assert error.code == ErrorCode.FILE_INVALID and error.details["member"] == "v/a.txt"


def test_undecodable_member_name_is_file_invalid(run: Run, put: Put) -> None:
    error = _reject(run, put, build_zip([(RawNameInfo(b"v/\x81 bad.txt"), b"x")]))
    assert error.code == ErrorCode.FILE_INVALID
    assert error.details["tried_encodings"] == ["utf-8", "cp932"]


def test_streaming_guard_stops_a_member_early(tmp_path: Path) -> None:
    """The bytes actually produced are counted while reading, not only the declared sizes."""
    from blocks.file.archive_guard import ArchiveLimits, Budget

    data = _bomb(8 << 20)
    budget = Budget(ArchiveLimits(max_total_size=2 << 20, max_ratio=10_000), "bomb.zip")
    produced = 0
    with zipfile.ZipFile(io.BytesIO(data)) as zf, pytest.raises(BlockError) as info:
        for chunk in budget.stream(zf, zf.infolist()[0], "bomb.bin"):
            produced += len(chunk)
    assert info.value.code == ErrorCode.UNSAFE_ARCHIVE
    assert "while extracting" in info.value.details["reason"]
    assert produced <= 2 << 20
