"""The file store verifies content: a changed object is refused with FILE_INVALID naming it
and its expected sha256, and storing the right content again repairs it."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from blocks import BlockError, FileStore
from blocks.sdk.fileref import FileRef
from keiri.base.catalog import t

CONTENT = "%PDF-1.7 請求書 2026-11 ".encode() * 100


def _object(store: FileStore, ref: FileRef) -> Path:
    return store.root / "objects" / ref.sha256[:2] / ref.sha256


def _tamper_in_place(path: Path, data: bytes) -> None:
    """Overwrite the object's bytes in place (same inode), as an editor or a script would."""
    os.chmod(path, 0o644)
    with path.open("r+b") as handle:
        handle.write(data)


def _corrupted(store: FileStore, ref: FileRef) -> BlockError:
    with pytest.raises(BlockError) as exc:
        store.read_bytes(ref)
    return exc.value


def test_a_changed_object_is_refused_naming_it_and_its_hash(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "store")
    ref = store.put_bytes(CONTENT, "請求書.pdf")
    _tamper_in_place(_object(store, ref), b"%PDF-1.7 xxxxxx")  # same size, other bytes
    error = _corrupted(store, ref)
    assert error.code == "FILE_INVALID"
    assert error.message == t("store.corrupted", name="請求書.pdf", sha256=ref.sha256)
    assert error.details["expected_sha256"] == ref.sha256
    tampered = _object(store, ref).read_bytes()
    assert error.details["actual_sha256"] == hashlib.sha256(tampered).hexdigest()
    assert error.details["uri"] == ref.uri and error.details["path"] == str(_object(store, ref))
    assert error.hint == t("store.corrupted_hint", name="請求書.pdf")
    with pytest.raises(BlockError):  # every way in is checked, not only read_bytes
        store.path(ref)
    with pytest.raises(BlockError):
        store.open(ref)


def test_a_truncated_object_is_refused(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "store")
    ref = store.put_bytes(CONTENT, "a.pdf")
    _object(store, ref).write_bytes(CONTENT[:10])
    error = _corrupted(store, ref)
    assert error.code == "FILE_INVALID"
    assert error.details["actual_size"] == 10 and error.details["expected_size"] == len(CONTENT)


def test_storing_the_right_content_again_repairs_the_object(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "store")
    source = tmp_path / "請求書.pdf"
    source.write_bytes(CONTENT)
    ref = store.put_file(source)
    path = _object(store, ref)
    _tamper_in_place(path, b"garbage")
    assert _corrupted(store, ref).code == "FILE_INVALID"
    inode = path.stat().st_ino
    again = store.put_file(source)  # the same file stored again (e.g. the next --input @file)
    assert again == ref
    assert path.read_bytes() == CONTENT and store.read_bytes(ref) == CONTENT
    assert path.stat().st_ino != inode  # replaced by a rename, never rewritten in place
    assert not list((store.root / "tmp").iterdir())


def test_an_intact_object_is_kept_when_stored_again(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "store")
    ref = store.put_bytes(CONTENT, "a.pdf")
    inode = _object(store, ref).stat().st_ino
    store.put_bytes(CONTENT, "copy.pdf")
    assert _object(store, ref).stat().st_ino == inode


def test_a_change_after_a_verified_read_is_still_detected(tmp_path: Path) -> None:
    """An object is hashed once per process and file version: the verdict is kept with the
    file's identity (inode, size, mtime, ctime), and a later change alters its ctime."""
    store = FileStore(tmp_path / "store")
    ref = store.put_bytes(CONTENT, "a.pdf")
    time.sleep(0.15)  # older than the racy window: the verdict of the next read is kept
    assert store.read_bytes(ref) == CONTENT
    assert store.read_bytes(ref) == CONTENT  # served by the remembered verdict
    _tamper_in_place(_object(store, ref), b"%PDF-1.7 yyyyyy")  # same size, same inode
    assert _corrupted(store, ref).code == "FILE_INVALID"


def test_another_process_detects_a_changed_object(tmp_path: Path) -> None:
    store = FileStore(tmp_path / "store")
    ref = store.put_bytes(CONTENT, "a.pdf")
    _tamper_in_place(_object(store, ref), b"%PDF-1.7 zzzzzz")
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from blocks import BlockError, FileStore\n"
        "from blocks.sdk.fileref import FileRef\n"
        f"ref = FileRef.model_validate_json({ref.model_dump_json()!r})\n"
        "try:\n"
        f"    FileStore(Path({str(store.root)!r})).read_bytes(ref)\n"
        "except BlockError as exc:\n"
        "    sys.stdout.write(exc.code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout == "FILE_INVALID"
