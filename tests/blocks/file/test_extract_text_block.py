"""`file.extract_text` as a block: one or many FileRefs, input order, failures by index."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from blocks.file.extract_types import DOCX, MARKDOWN, PDF, XLSX
from blocks.sdk.errors import BlockError, ErrorCode

Put = Callable[[bytes, str], dict[str, Any]]
Run = Callable[..., dict[str, Any]]


def test_single_file_and_list_in_input_order(
    run: Run, put: Put, invoice_pdfs: list[bytes], office_files: dict[str, bytes]
) -> None:
    pdf = put(invoice_pdfs[0], "請求書.pdf")
    single = run("file.extract_text", files=pdf)
    assert [t["name"] for t in single["texts"]] == ["請求書.pdf"]
    assert single["texts"][0]["pages"] == 1
    refs = [
        put(office_files["xlsx"], "明細.xlsx"),
        pdf,
        put(office_files["docx"], "請求書.docx"),
        put("メモ\r\n".encode("cp932"), "メモ.md"),
    ]
    out = run("file.extract_text", files=refs, max_chars=200)
    texts = out["texts"]
    assert [t["name"] for t in texts] == ["明細.xlsx", "請求書.pdf", "請求書.docx", "メモ.md"]
    assert [t["media_type"] for t in texts] == [XLSX, PDF, DOCX, MARKDOWN]
    assert texts[3]["text"] == "メモ\n"
    assert out["total_chars"] == sum(len(t["text"]) for t in texts)
    assert all(len(t["text"]) <= 200 for t in texts)


def test_workers_keep_the_order(run: Run, put: Put, invoice_pdfs: list[bytes]) -> None:
    refs = [put(pdf, f"{i}.pdf") for i, pdf in enumerate(invoice_pdfs)]
    assert run("file.extract_text", files=refs, workers=2) == run("file.extract_text", files=refs)


def test_a_failing_file_fails_the_block_and_names_it(
    run: Run, put: Put, invoice_pdfs: list[bytes], encrypted_pdf: bytes
) -> None:
    refs = [put(invoice_pdfs[0], "ok.pdf"), put(encrypted_pdf, "保護.pdf"), put(b"", "空.txt")]
    with pytest.raises(BlockError) as info:
        run("file.extract_text", files=refs)
    error = info.value
    assert error.code == ErrorCode.FILE_ENCRYPTED
    assert error.details["field"] == "files[1]"
    assert error.details["failed_files"] == [
        {"index": 1, "name": "保護.pdf", "code": "FILE_ENCRYPTED"},
        {"index": 2, "name": "空.txt", "code": "FILE_INVALID"},
    ]


def test_file_size_limit(run: Run, put: Put, invoice_pdfs: list[bytes]) -> None:
    with pytest.raises(BlockError) as info:
        run("file.extract_text", files=put(invoice_pdfs[0], "a.pdf"), max_file_size=100)
    assert info.value.code == ErrorCode.FILE_TOO_LARGE and info.value.details["field"] == "files"


def test_a_non_file_input_is_rejected(run: Run) -> None:
    with pytest.raises(BlockError) as info:
        run("file.extract_text", files="/etc/passwd")
    assert info.value.code == ErrorCode.INPUT_VALIDATION_FAILED
