"""`file.parse_zip_2tier` on real archives: the two tiers, names in every encoding, text,
per-file errors, nesting, workers."""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Callable
from typing import Any

import pytest

from blocks.sdk.store import FileStore
from keiri.base.catalog import t

from .conftest import SAMPLES
from .zipcraft import RawNameInfo, build_zip, nested_zip

Put = Callable[[bytes, str], dict[str, Any]]
Run = Callable[..., dict[str, Any]]


def _parse(run: Run, put: Put, data: bytes, **inputs: Any) -> dict[str, Any]:
    return run("file.parse_zip_2tier", zip_bytes=put(data, "証跡.zip"), **inputs)


def test_committed_evidence_zip(run: Run, put: Put, store: FileStore) -> None:
    manifest = json.loads((SAMPLES / "manifest.json").read_text(encoding="utf-8"))
    data = (SAMPLES / "evidence.zip").read_bytes()
    with zipfile.ZipFile(SAMPLES / "evidence.zip") as zf:
        assert all(not info.flag_bits & 0x800 for info in zf.infolist())  # cp932, no flag
    out = _parse(run, put, data)
    evidence = out["evidence_data"]
    assert out["errors"] == []
    by_path = {f["path"]: f for f in evidence["files"]}
    assert list(by_path) == manifest["zip"]["members"]
    assert evidence["total_files"] == len(manifest["zip"]["members"])
    assert evidence["source"]["sha256"] == hashlib.sha256(data).hexdigest()
    for invoice in manifest["invoices"]:
        entry = by_path[invoice["zip_path"]]
        assert entry["folder"] == invoice["issuer"]
        assert entry["name"] == invoice["zip_path"].split("/")[-1]
        assert entry["error"] is None and invoice["issuer"] in entry["text"]
        assert entry["pages"] == invoice["pages"]
        assert entry["file"]["media_type"] == entry["media_type"]
        stored = store.read_bytes(entry["file"])
        assert (SAMPLES / invoice["file"]).read_bytes() == stored
    letter = by_path["送付状.txt"]
    assert (letter["folder"], letter["media_type"]) == ("", "text/plain")
    assert "請求書一式を送付いたします" in letter["text"]
    folders = {f["name"]: f for f in evidence["folders"]}
    assert folders[""]["file_count"] == 1
    assert folders["株式会社山田商店"]["file_count"] == 2
    total = sum(f["size"] for f in evidence["files"] if f["folder"] == "株式会社山田商店")
    assert folders["株式会社山田商店"]["total_size"] == total


def test_name_encodings_mixed_in_one_archive(run: Run, put: Put) -> None:
    data = build_zip(
        [
            ("株式会社山田商店/請求書_UTF8フラグ.txt", b"a"),  # stdlib: UTF-8 + flag
            (RawNameInfo("有限会社みどり印刷/請求書_cp932.txt".encode("cp932")), b"b"),
            (RawNameInfo("合同会社ブルー/請求書_utf8フラグなし.txt".encode()), b"c"),
            (
                RawNameInfo("表計算ソフト\\ソース\\能率表.txt".encode("cp932")),
                b"d",
            ),  # 0x5C trail bytes
            ("root.txt", b"e"),
        ]
    )
    files = _parse(run, put, data)["evidence_data"]["files"]
    assert [(f["folder"], f["path"]) for f in files] == [
        ("株式会社山田商店", "株式会社山田商店/請求書_UTF8フラグ.txt"),
        ("有限会社みどり印刷", "有限会社みどり印刷/請求書_cp932.txt"),
        ("合同会社ブルー", "合同会社ブルー/請求書_utf8フラグなし.txt"),
        ("表計算ソフト", "表計算ソフト/ソース/能率表.txt"),
        ("", "root.txt"),
    ]
    assert [f["text"] for f in files] == ["a", "b", "c", "d", "e"]


def test_decomposed_macos_names_become_nfc(run: Run, put: Put) -> None:
    import unicodedata

    nfd = unicodedata.normalize("NFD", "株式会社ガス/請求書.pdf")
    assert nfd != "株式会社ガス/請求書.pdf"
    files = _parse(run, put, build_zip([(nfd, b"x")]), extract_text=False)
    assert files["evidence_data"]["files"][0]["path"] == "株式会社ガス/請求書.pdf"


def test_unicode_path_extra_field_wins(run: Run, put: Put) -> None:
    import struct
    import zlib

    raw = "請求書.txt".encode("cp932")
    info = RawNameInfo(raw)
    utf8 = "請求書（正式名）.txt".encode()
    body = b"\x01" + struct.pack("<L", zlib.crc32(raw)) + utf8
    info.extra = struct.pack("<HH", 0x7075, len(body)) + body
    files = _parse(run, put, build_zip([(info, b"x")]))["evidence_data"]["files"]
    assert files[0]["path"] == "請求書（正式名）.txt"


def test_deep_paths_keep_the_top_folder(run: Run, put: Put) -> None:
    data = build_zip(
        [("2024年4月/山田商店/明細/a.csv", "品名,金額\n".encode()), ("2024年4月/", b"")]
    )
    (entry,) = _parse(run, put, data)["evidence_data"]["files"]
    assert (entry["folder"], entry["name"]) == ("2024年4月", "a.csv")
    assert entry["path"] == "2024年4月/山田商店/明細/a.csv"
    assert entry["media_type"] == "text/csv"


def test_text_limit_and_extract_text_switch(run: Run, put: Put, invoice_pdfs: list[bytes]) -> None:
    data = build_zip([("v/a.pdf", invoice_pdfs[2])])
    (cut,) = _parse(run, put, data, text_limit=30)["evidence_data"]["files"]
    assert len(cut["text"]) == 30 and cut["text_truncated"] and cut["pages"] == 2
    (bare,) = _parse(run, put, data, extract_text=False)["evidence_data"]["files"]
    assert bare["text"] is None and bare["pages"] is None and bare["error"] is None
    assert bare["media_type"] == "application/pdf"


def test_per_file_errors_are_reported_not_silent(
    run: Run,
    put: Put,
    events: list[tuple[str, dict[str, Any]]],
    invoice_pdfs: list[bytes],
    encrypted_pdf: bytes,
) -> None:
    data = build_zip(
        [
            ("みどり印刷/保護.pdf", encrypted_pdf),
            ("みどり印刷/実はPDF.xlsx", invoice_pdfs[0]),
            ("みどり印刷/空.txt", b""),
            ("山田商店/請求書.pdf", invoice_pdfs[0]),
        ]
    )
    out = _parse(run, put, data)
    files = out["evidence_data"]["files"]
    codes = [f["error"]["code"] if f["error"] else None for f in files]
    assert codes == ["FILE_ENCRYPTED", "FILE_INVALID", None, None]
    assert all(f["text"] is None for f in files[:3]) and "請求書" in files[3]["text"]
    assert files[1]["media_type"] == "application/pdf"  # the content, not the name
    assert [e["path"] for e in out["errors"]] == [f["path"] for f in files[:2]]
    assert all(e["hint"] for e in out["errors"])
    reported = [(f["path"], f["error"]["code"]) for e, f in events if e == "file_error"]
    assert reported == [(f["path"], f["error"]["code"]) for f in files[:2]]
    # an empty file is not evidence: kept in the list, skipped with its reason and an event
    assert files[2]["media_type"] == "application/octet-stream"  # empty: nothing to sniff
    assert files[2]["skipped"] == t("runtime.zip.skip_empty")
    skipped = [(f["path"], f["reason"]) for e, f in events if e == "archive_member_skipped"]
    assert skipped == [("みどり印刷/空.txt", t("runtime.zip.skip_empty"))]


def test_nested_zip_is_opened_to_the_depth_limit(run: Run, put: Put) -> None:
    inner = build_zip([("x/明細.txt", "内側".encode()), ("y.txt", b"y")])
    data = build_zip([("vendorA/inner.zip", inner), ("vendorA/a.txt", b"a")])
    files = _parse(run, put, data)["evidence_data"]["files"]
    assert [(f["folder"], f["path"], f["text"]) for f in files] == [
        ("vendorA", "vendorA/inner.zip/x/明細.txt", "内側"),
        ("vendorA", "vendorA/inner.zip/y.txt", "y"),
        ("vendorA", "vendorA/a.txt", "a"),
    ]
    deep = _parse(run, put, nested_zip(3), max_depth=3)["evidence_data"]["files"]
    assert [f["path"] for f in deep] == ["vendor/level2.zip/level3.zip/leaf.txt"]


def test_os_metadata_is_skipped_and_reported(
    run: Run, put: Put, events: list[tuple[str, dict[str, Any]]]
) -> None:
    data = build_zip(
        [("v/a.txt", b"a"), ("__MACOSX/v/._a.txt", b"\x00\x05"), ("v/.DS_Store", b"\x00")]
    )
    files = _parse(run, put, data)["evidence_data"]["files"]
    assert [f["path"] for f in files] == ["v/a.txt"]
    skipped = [f["path"] for e, f in events if e == "archive_member_skipped"]
    assert skipped == ["__MACOSX/v/._a.txt", "v/.DS_Store"]


def test_workers_give_the_same_result(
    run: Run, put: Put, invoice_pdfs: list[bytes], encrypted_pdf: bytes
) -> None:
    entries = [(f"v{i % 2}/{i}.pdf", pdf) for i, pdf in enumerate(invoice_pdfs * 2)]
    data = build_zip([*entries, ("v0/保護.pdf", encrypted_pdf)])
    single = _parse(run, put, data)
    double = _parse(run, put, data, workers=2)
    assert single == double
    assert single["errors"][0]["code"] == "FILE_ENCRYPTED"


def test_the_input_archive_is_not_modified(run: Run, put: Put, store: FileStore) -> None:
    data = build_zip([("v/a.txt", b"a")])
    ref = put(data, "証跡.zip")
    run("file.parse_zip_2tier", zip_bytes=ref)
    assert store.read_bytes(ref) == data


@pytest.mark.parametrize("bad", [{"max_depth": 0}, {"max_ratio": 0.5}, {"workers": 0}])
def test_limit_inputs_are_validated(run: Run, put: Put, bad: dict[str, Any]) -> None:
    from blocks.sdk.errors import BlockError, ErrorCode

    with pytest.raises(BlockError) as info:
        _parse(run, put, build_zip([("a.txt", b"a")]), **bad)
    assert info.value.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert info.value.details["field"] == next(iter(bad))
