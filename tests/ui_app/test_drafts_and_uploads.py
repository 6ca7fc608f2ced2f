"""Drafts on the server (atomic, per run/node/user) and the checks on an uploaded file."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from blocks.forms.form import Requirement
from keiri.base.catalog import t
from tests.ui_app.samples import evidence_zip
from ui_app import drafts
from ui_app.upload_checks import check_upload


@pytest.fixture(autouse=True)
def _home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "home"))


def test_a_draft_is_kept_per_run_node_and_user_until_deleted() -> None:
    fields = {"period": "text", "evidence": "file"}
    values = {"period": "2024-04", "evidence": {"name": "証跡.zip", "sha256": "ab"}}
    assert drafts.save("run-1", "upload", "yamada", fields, values)
    assert not drafts.save("run-1", "upload", "yamada", fields, values)  # unchanged: no write
    draft = drafts.load("run-1", "upload", "yamada")
    assert draft is not None and draft["values"] == values and draft["fields"] == fields
    assert drafts.load("run-1", "upload", "suzuki") is None  # another person's form is theirs
    assert drafts.load("run-1", "confirm", "yamada") is None
    assert drafts.load("run-2", "upload", "yamada") is None
    folder = drafts.draft_dir()
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []  # no temp left
    drafts.draft_path("run-1", "upload", "yamada").write_text("{broken", encoding="utf-8")
    assert drafts.load("run-1", "upload", "yamada") is None  # unreadable: as if absent
    drafts.delete("run-1", "upload", "yamada")
    drafts.delete("run-1", "upload", "yamada")  # twice is fine
    assert drafts.load("run-1", "upload", "yamada") is None


ZIP_REQ = Requirement(id="evidence", type="file", label="証跡 ZIP", accept=".zip")
ANY_REQ = Requirement(id="doc", type="file", label="書類")


def _office(kind: str) -> bytes:
    buffer = io.BytesIO()
    main = "xl/workbook.xml" if kind == "xlsx" else "word/document.xml"
    with zipfile.ZipFile(buffer, "w") as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        package.writestr(main, "<x/>")
    return buffer.getvalue()


def test_uploads_are_checked_by_content_with_a_specific_reason() -> None:
    assert check_upload(ZIP_REQ, "証跡.zip", evidence_zip()) is None
    assert check_upload(ZIP_REQ, "memo.txt", b"hello") == (
        t("upload.wrong_extension", name="memo.txt", extensions=".zip")
    )
    corrupt = evidence_zip()[:200]
    reason = check_upload(ZIP_REQ, "証跡.zip", corrupt)
    assert reason == t("upload.zip_corrupt", name="証跡.zip")
    assert check_upload(ZIP_REQ, "fake.zip", b"just text, not a zip") == (
        t("upload.content_mismatch", name="fake.zip", expected="ZIP", actual=t("upload.kind.text"))
    )
    assert check_upload(ZIP_REQ, "empty.zip", b"") is not None
    assert check_upload(ANY_REQ, "請求書.pdf", b"%PDF-1.4\n garbage") == (
        t("upload.cannot_open", name="請求書.pdf", kind="PDF")
    )
    assert check_upload(ANY_REQ, "明細.xlsx", _office("xlsx")[:60]) is not None
    assert check_upload(ANY_REQ, "明細.xlsx", _office("xlsx")) is None
    assert check_upload(ANY_REQ, "契約.docx", _office("docx")) is None
    assert check_upload(ANY_REQ, "メモ.txt", "日本語のメモ".encode()) is None
