"""The committed sample invoices (samples/evidence, made by samples/make_evidence.py): the
fields extracted from each file's text equal the manifest's true fields, and invoice.check
finds exactly the defects the generator put in."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from blocks.file.file_processor import extract_text

Run = Callable[..., dict[str, Any]]

EVIDENCE = Path(__file__).resolve().parents[3] / "samples" / "evidence"
MANIFEST = EVIDENCE / "manifest.json"
INVOICES: list[dict[str, Any]] = (
    json.loads(MANIFEST.read_text(encoding="utf-8"))["invoices"] if MANIFEST.is_file() else []
)
DEFECT_RULES = {
    "missing_registration_number": "registration_number_missing",
    "invalid_check_digit": "registration_number_check_digit",
    "per_line_tax_rounding": "tax_amount_mismatch",
    "missing_buyer": "buyer_name_missing",
}

pytestmark = pytest.mark.skipif(not INVOICES, reason="samples/evidence/manifest.json is absent")


def _text(invoice: dict[str, Any]) -> str:
    path = EVIDENCE / invoice["file"]
    if invoice["format"] == "pdf":
        return "\n".join(page.extract_text() for page in PdfReader(path).pages)
    return extract_text(path).text


def _document(invoice: dict[str, Any]) -> dict[str, Any]:
    return {
        "path": invoice["zip_path"],
        "name": Path(invoice["zip_path"]).name,
        "text": _text(invoice),
    }


@pytest.mark.parametrize("invoice", INVOICES, ids=[i["id"] for i in INVOICES])
def test_extracted_fields_equal_the_manifest(run: Run, invoice: dict[str, Any]) -> None:
    fields = run("invoice.extract_fields", document=_document(invoice))["fields"]
    assert fields["source"]["path"] == invoice["zip_path"]
    assert fields["issuer_name"] == invoice["issuer"]
    assert fields["registration_number"] == invoice["registration_number"]
    assert fields["transaction_date"] == invoice["date"]
    assert fields["buyer_name"] == invoice["buyer"]
    assert fields["totals_by_rate"] == invoice["subtotal_by_rate"]
    assert fields["tax_by_rate"] == invoice["tax_by_rate"]
    assert fields["total"] == invoice["total"]
    assert [
        (ln["description"], ln["quantity"], ln["unit_price"], ln["amount"], ln["rate"])
        for ln in fields["lines"]
    ] == [
        (i["description"], i["quantity"], i["unit_price"], i["amount"], i["rate"])
        for i in invoice["items"]
    ]
    assert [ln["reduced_rate"] for ln in fields["lines"]] == [
        i["rate"] == 8 for i in invoice["items"]
    ]


def test_check_finds_exactly_the_planted_defects(run: Run) -> None:
    documents = [_document(i) for i in INVOICES]
    fields = run("invoice.extract_fields", documents=documents)["fields_list"]
    out = run("invoice.check", fields=fields)
    found: dict[str, set[str]] = {}
    for finding in out["findings"]:
        found.setdefault(finding["file"], set()).add(finding["rule"])
    for invoice in INVOICES:
        expected = {DEFECT_RULES[d] for d in invoice["defects"]}
        assert found.get(invoice["zip_path"], set()) == expected, invoice["id"]
    results = {r["file"]: r["passed"] for r in out["summary"]["results"]}
    assert results == {i["zip_path"]: not i["defects"] for i in INVOICES}
