"""The folder/ZIP processor as a library, without a block context."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.file.folder_processor import ArchiveLimits, folder_summary, read_zip, top_folder
from blocks.sdk.store import FileStore

from .zipcraft import build_zip


def test_read_zip_from_a_path(store: FileStore, sandbox: Path, invoice_pdfs: list[bytes]) -> None:
    inner = build_zip([("a.txt", b"a")])
    archive = sandbox / "証跡.zip"
    archive.write_bytes(build_zip([("山田商店/請求書.pdf", invoice_pdfs[0]), ("x.zip", inner)]))
    members = list(read_zip(archive, store))
    archive.unlink()
    assert [(m.path, m.folder, m.name, m.depth) for m in members] == [
        ("山田商店/請求書.pdf", "山田商店", "請求書.pdf", 1),
        ("x.zip/a.txt", "x.zip", "a.txt", 2),
    ]
    assert members[0].file.media_type == "application/pdf"
    assert store.read_bytes(members[0].file) == invoice_pdfs[0]
    assert folder_summary(members) == [
        {"name": "山田商店", "file_count": 1, "total_size": len(invoice_pdfs[0])},
        {"name": "x.zip", "file_count": 1, "total_size": 1},
    ]


def test_top_folder() -> None:
    assert [top_folder(p) for p in ["a.pdf", "v/a.pdf", "v/w/a.pdf"]] == ["", "v", "v"]


@pytest.mark.parametrize("field", ["max_members", "max_total_size", "max_ratio", "max_depth"])
def test_limits_must_be_positive(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        ArchiveLimits(**{field: 0})
