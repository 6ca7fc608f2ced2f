"""The evidence generator: valid invoice arithmetic, the promised defects, extractable text,
and committed samples that match a fresh run."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from blocks.file.file_processor import extract_text

from .conftest import SAMPLES

MANIFEST = json.loads((SAMPLES / "manifest.json").read_text(encoding="utf-8"))


def test_check_digit_matches_a_real_corporate_number(evidence: ModuleType) -> None:
    assert evidence.check_digit("000012050002") == 7  # 国税庁: 7000012050002


def test_registration_numbers_and_defects(evidence: ModuleType) -> None:
    invoices = MANIFEST["invoices"]
    defects = {d for inv in invoices for d in inv["defects"]}
    assert defects == {
        "missing_registration_number",
        "invalid_check_digit",
        "per_line_tax_rounding",
        "missing_buyer",
    }
    assert {inv["layout"] for inv in invoices} >= {"standard", "compact", "statement"}
    assert {inv["format"] for inv in invoices} == {"pdf", "docx", "xlsx"}
    for inv in invoices:
        number = inv["registration_number"]
        if "missing_registration_number" in inv["defects"]:
            assert number is None
            continue
        assert number.startswith("T") and len(number) == 14
        valid = evidence.check_digit(number[2:]) == int(number[1])
        assert valid == inv["registration_number_valid"]
        assert valid == ("invalid_check_digit" not in inv["defects"])


def test_invoice_arithmetic(evidence: ModuleType) -> None:
    for inv in MANIFEST["invoices"]:
        subtotals: dict[str, int] = {}
        for item in inv["items"]:
            assert item["amount"] == item["quantity"] * item["unit_price"]
            subtotals[str(item["rate"])] = subtotals.get(str(item["rate"]), 0) + item["amount"]
        assert subtotals == inv["subtotal_by_rate"]
        once = {rate: amount * int(rate) // 100 for rate, amount in subtotals.items()}
        assert once == inv["expected_tax_by_rate"]
        per_line = "per_line_tax_rounding" in inv["defects"]
        assert (inv["tax_by_rate"] != once) == per_line
        assert inv["total"] == sum(subtotals.values()) + sum(inv["tax_by_rate"].values())


@pytest.mark.parametrize("invoice", MANIFEST["invoices"], ids=lambda inv: inv["id"])
def test_printed_fields_are_in_the_extracted_text(invoice: dict[str, object]) -> None:
    text = extract_text(SAMPLES / str(invoice["file"]), max_chars=10**6, xlsx_max_rows=200).text
    assert str(invoice["issuer"]) in text
    assert f"{invoice['total']:,}" in text or str(invoice["total"]) in text
    if invoice["format"] == "pdf":
        assert str(invoice["date_text"]) in text
    if invoice["registration_number"]:
        assert str(invoice["registration_number"]) in text
    assert (f"{invoice['buyer']} 御中" in text) == (invoice["buyer"] is not None)


def test_zip_names_are_cp932_without_the_utf8_flag() -> None:
    with zipfile.ZipFile(SAMPLES / "evidence.zip") as zf:
        infos = zf.infolist()
    assert [i.orig_filename.encode("cp437").decode("cp932") for i in infos] == MANIFEST["zip"][
        "members"
    ]
    assert not any(i.flag_bits & 0x800 for i in infos)
    assert any(not i.orig_filename.isascii() for i in infos)


def test_committed_samples_match_a_fresh_run(evidence: ModuleType, tmp_path: Path) -> None:
    evidence.main(["--out", str(tmp_path), "--count", str(MANIFEST["count"])])
    fresh = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert fresh == MANIFEST
    assert sum(p.stat().st_size for p in SAMPLES.rglob("*") if p.is_file()) < 1_000_000
