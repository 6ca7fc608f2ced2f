"""Reference documents: real PDF/DOCX/XLSX/MD/TXT files, failures kept, ~4,000-char prompt text."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest
from pypdf import PdfWriter

from designer.documents import (
    NO_DOCUMENTS,
    DocumentSet,
    extract_documents,
    normalize_documents,
)
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def evidence() -> ModuleType:
    """samples/make_evidence.py (renders real invoices as PDF/DOCX/XLSX)."""
    spec = importlib.util.spec_from_file_location(
        "make_evidence", ROOT / "samples" / "make_evidence.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_evidence"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def files(evidence: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("docs")
    invoices = evidence.build_invoices(3)
    out = {
        "pdf": folder / "請求書_001.pdf",
        "docx": folder / "請求書_002.docx",
        "xlsx": folder / "請求書_003.xlsx",
        "md": folder / "経理規程.md",
        "txt": folder / "メモ.txt",
    }
    out["pdf"].write_bytes(evidence.render_pdf(invoices[0]))
    out["docx"].write_bytes(evidence.render_docx(invoices[1]))
    out["xlsx"].write_bytes(evidence.render_xlsx(invoices[2]))
    out["md"].write_text(
        "# 経費精算規程\n\n- 1件あたりの上限は 50,000 円\n- 勘定科目は 旅費交通費 / 会議費 / 交際費\n"
        + "\n".join(["| 項目 | 内容 |"] * 30),
        encoding="utf-8",
    )
    out["txt"].write_text("入金消込は毎月5営業日までに完了する。\n" * 3, encoding="utf-8")
    return out


def test_extracts_every_supported_format(files: dict[str, Path]) -> None:
    docs = extract_documents(list(files.values()))
    assert docs.failures == []
    by_name = {d.name: d for d in docs.documents}
    assert by_name["請求書_001.pdf"].media_type == "application/pdf"
    assert by_name["請求書_001.pdf"].pages is not None
    assert "請求書" in by_name["請求書_001.pdf"].text
    assert "登録番号" in by_name["請求書_002.docx"].text
    assert by_name["請求書_003.xlsx"].text.strip()
    assert "50,000" in by_name["経理規程.md"].text


def test_failures_are_kept_with_codes_and_named_in_the_prompt(
    files: dict[str, Path], tmp_path: Path
) -> None:
    broken = tmp_path / "壊れた.pdf"
    broken.write_bytes(b"%PDF-1.7\nthis is not really a pdf")
    writer = PdfWriter(clone_from=io.BytesIO(files["pdf"].read_bytes()))
    writer.encrypt(user_password="secret", algorithm="AES-128")
    locked = io.BytesIO()
    writer.write(locked)
    docs = extract_documents(
        [
            broken,
            ("保護.pdf", locked.getvalue()),
            ("slides.pptx", b"PK\x03\x04"),
            files["txt"],
        ]
    )
    codes = {f.name: f.code for f in docs.failures}
    assert codes["壊れた.pdf"] == "FILE_INVALID"
    assert codes["保護.pdf"] == "FILE_ENCRYPTED"
    assert codes["slides.pptx"] == "FILE_INVALID"
    assert [d.name for d in docs.documents] == ["メモ.txt"]
    text = normalize_documents(docs)
    assert "入金消込は毎月5営業日" in text
    assert "壊れた.pdf (FILE_INVALID)" in text and "保護.pdf (FILE_ENCRYPTED)" in text
    assert docs.to_json()["failures"][1]["hint"]


def test_nothing_readable_is_signalled_not_silent(tmp_path: Path) -> None:
    empty = tmp_path / "空.txt"
    empty.write_bytes(b"")
    docs = extract_documents([empty])
    assert docs.documents == [] and docs.failures[0].code == "FILE_INVALID"
    text = normalize_documents(docs)
    assert text.startswith(NO_DOCUMENTS) and "空.txt" in text
    assert normalize_documents(None) == NO_DOCUMENTS
    assert normalize_documents(["  \n\t "]) == NO_DOCUMENTS


def test_total_budget_caps_extraction(files: dict[str, Path]) -> None:
    docs = extract_documents([files["md"], files["txt"], files["pdf"]], max_total_chars=120)
    assert docs.total_chars <= 120
    assert docs.documents[0].truncated
    assert [f.code for f in docs.failures] == ["SKIPPED_BUDGET"] * (3 - len(docs.documents))


def test_normalisation_compresses_and_shares_the_budget(files: dict[str, Path]) -> None:
    docs = extract_documents(list(files.values()))
    text = normalize_documents(docs, max_chars=4000)
    assert len(text) <= 4200
    assert text.count("| 項目 | 内容 |") == 1  # repeated lines kept once
    assert text.count("入金消込は毎月5営業日までに完了する。") == 1
    assert "  " not in text.replace("\n", "")
    for doc in docs.documents:
        assert f"【{doc.name}】" in text  # every document keeps a share
    long = DocumentSet.from_texts(["あ" * 10_000 + "\n" + "い" * 50, "短い文書"])
    shared = normalize_documents(long, max_chars=1000)
    assert "短い文書" in shared and len(shared) <= 1100
