"""Held-out invoices printed to PDF by Chromium (samples/make_browser_corpus.py): layouts,
parties, goods and labels the rules were not tuned on, text as Chrome's PDF backend writes it
(Kangxi-radical look-alikes such as ⽉ ⾦ ⽇ included). The reader gets the document kind and
the fields right, and never confirms a wrong value."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest

from blocks.file.file_processor import extract_text
from blocks.invoice.extract import extract_invoice_fields
from samples.make_browser_corpus import CHROMIUM, generate

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium: scripts/system-deps.sh"),
]
SCALARS = ("total", "transaction_date", "issuer_name", "registration_number", "buyer_name")


def _line_items(fields: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    return [
        (line["description"], line["amount"], None if line.get("non_taxable") else line["rate"])
        for line in fields["lines"]
    ]


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("browser-printed")
    return folder, generate(folder)


def test_browser_printed_invoices_are_read_and_nothing_wrong_is_confirmed(
    corpus: tuple[Path, list[dict[str, Any]]],
) -> None:
    folder, expected = corpus
    assert len(expected) == 16
    hits: list[bool] = []
    confident_wrong: list[str] = []
    for item in expected:
        extracted = extract_text(folder / item["file"], max_chars=200_000)
        assert "⽉" not in extracted.text and "⾦" not in extracted.text  # NFKC'd in the text
        fields = extract_invoice_fields(extracted.text)
        assert fields["document_type"] == item["kind"], item["file"]
        got: dict[str, Any] = {name: fields[name] for name in SCALARS}
        got["tax_by_rate"] = fields["tax_by_rate"]
        want: dict[str, Any] = {name: item[name] for name in SCALARS}
        want["tax_by_rate"] = item["tax_by_rate"]
        if item["kind"] == "simplified_invoice":
            got["buyer_name"] = None if got["buyer_name"] == "上様" else got["buyer_name"]
        else:
            got["lines"] = _line_items(fields)
            want["lines"] = [
                (_nfkc(i["description"]), i["amount"], i["rate"]) for i in item["lines"]
            ]
        for name, value in want.items():
            hits.append(got[name] == value)
            if got[name] != value and fields["status"].get(name) == "確定":
                confident_wrong.append(f"{item['file']} {name}: {got[name]!r} != {value!r}")
    assert confident_wrong == []
    assert sum(hits) / len(hits) >= 0.95, f"{sum(hits)}/{len(hits)}"
