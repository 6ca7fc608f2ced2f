"""Atomic writes: the whole file or the old one, an ordinary file's permissions (or a private
one's), and no temporary file left behind when the rename fails."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from blocks.sdk.atomic_write import current_umask, write_bytes_atomic, write_text_atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_write_replaces_the_file_with_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "仕訳.csv"
    target.write_bytes(b"old")
    write_bytes_atomic(target, "借方,貸方\r\n".encode("cp932"))
    assert target.read_bytes().decode("cp932") == "借方,貸方\r\n"
    assert _mode(target) == 0o666 & ~current_umask()
    write_text_atomic(target, "摘要")
    assert target.read_text(encoding="utf-8") == "摘要"
    assert [p.name for p in tmp_path.iterdir()] == ["仕訳.csv"]


def test_a_private_write_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    target = tmp_path / "draft.json"
    write_text_atomic(target, "{}", ".draft-", private=True)
    assert _mode(target) == 0o600


def test_a_failed_rename_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()  # a folder where the file should go: os.replace refuses
    (target / "kept.txt").write_text("kept", encoding="utf-8")
    with pytest.raises(OSError):
        write_bytes_atomic(target, b"new")
    assert sorted(os.listdir(tmp_path)) == ["out"]
    assert (target / "kept.txt").read_text(encoding="utf-8") == "kept"
