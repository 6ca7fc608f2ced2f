"""Block errors people read come in their language: Japanese by default (`KEIRI_LANG`
unset), English with `KEIRI_LANG=en`; codes, details and file names are the same in both."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from blocks.file.file_processor import extract_text
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

Put = Callable[[bytes, str], dict[str, Any]]
Run = Callable[..., dict[str, Any]]


def _in(lang: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if lang is None:
        monkeypatch.delenv("KEIRI_LANG", raising=False)
    else:
        monkeypatch.setenv("KEIRI_LANG", lang)


def _extract_error(data: bytes, name: str, **limits: int) -> BlockError:
    with pytest.raises(BlockError) as info:
        extract_text(data, name, **limits)
    return info.value


def _corrupt_zip_error(run: Run, put: Put, invoice_pdfs: list[bytes]) -> BlockError:
    ref = put(b"PK\x03\x04" + invoice_pdfs[0][:200], "証跡.zip")  # a ZIP cut off early
    with pytest.raises(BlockError) as info:
        run("file.parse_zip_2tier", zip_bytes=ref)
    return info.value


def test_corrupt_zip_in_japanese_and_english(
    run: Run, put: Put, invoice_pdfs: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    _in(None, monkeypatch)
    ja = _corrupt_zip_error(run, put, invoice_pdfs)
    _in("en", monkeypatch)
    en = _corrupt_zip_error(run, put, invoice_pdfs)
    assert ja.code == en.code == ErrorCode.FILE_INVALID
    assert ja.details == en.details
    # the message ends with zipfile's own (English) words
    assert ja.message.startswith(t("runtime.zip.corrupt", "ja", archive="証跡.zip") + ": ")
    assert en.message.startswith(t("runtime.zip.corrupt", "en", archive="証跡.zip") + ": ")
    assert (ja.hint, en.hint) == (
        t("runtime.zip.open_hint", "ja"),
        t("runtime.zip.open_hint", "en"),
    )


def test_encrypted_pdf_in_japanese_and_english(
    encrypted_pdf: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    _in(None, monkeypatch)
    ja = _extract_error(encrypted_pdf, "保護.pdf")
    _in("en", monkeypatch)
    en = _extract_error(encrypted_pdf, "保護.pdf")
    assert ja.code == en.code == ErrorCode.FILE_ENCRYPTED
    assert ja.details == en.details == {"file": "保護.pdf", "media_type": "application/pdf"}
    assert ja.message == f"保護.pdf: {t('runtime.pdf.encrypted', 'ja')}"
    assert ja.hint == t("runtime.pdf.encrypted_hint", "ja")
    assert en.message == f"保護.pdf: {t('runtime.pdf.encrypted', 'en')}"
    assert en.hint == t("runtime.pdf.encrypted_hint", "en")
    assert not JAPANESE.search(en.hint)


def test_oversized_file_in_japanese_and_english(
    invoice_pdfs: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    _in(None, monkeypatch)
    ja = _extract_error(invoice_pdfs[0], "big.pdf", max_bytes=1000)
    _in("en", monkeypatch)
    en = _extract_error(invoice_pdfs[0], "big.pdf", max_bytes=1000)
    assert ja.code == en.code == ErrorCode.FILE_TOO_LARGE
    assert ja.details == en.details and ja.details["limit"] == 1000
    size = f"{ja.details['size']:,}"
    for error, lang in ((ja, "ja"), (en, "en")):
        too_large = t("runtime.file.too_large", lang, size=size, limit="1,000")
        assert error.message == f"big.pdf: {too_large}"
        assert error.hint == t("runtime.file.too_large_hint", lang)
    assert not JAPANESE.search(en.message + en.hint)


def test_unsafe_zip_keeps_its_reason_stable_and_says_it_in_the_language(
    run: Run, put: Put, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("../x.txt", "x")
    ref = put(out.getvalue(), "evil.zip")
    _in(None, monkeypatch)
    with pytest.raises(BlockError) as info:
        run("file.parse_zip_2tier", zip_bytes=ref)
    ja = info.value
    _in("en", monkeypatch)
    with pytest.raises(BlockError) as info:
        run("file.parse_zip_2tier", zip_bytes=ref)
    en = info.value
    assert ja.code == en.code == ErrorCode.UNSAFE_ARCHIVE
    assert ja.details["reason"] == en.details["reason"] == "parent directory segment (..)"
    for error, lang in ((ja, "ja"), (en, "en")):
        reason = t("runtime.zip.parent", lang)
        assert error.message == t(
            "runtime.zip.unsafe", lang, archive="evil.zip", reason=reason, member="../x.txt"
        )
