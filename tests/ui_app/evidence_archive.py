"""A kept month for the 証憑検索 page's tests: the sample invoices (real PDFs), a Word file, a
cover letter (text) and a receipt photo (PNG) in the archive of the keiri home, and the
registry loaded from the synthetic published files (the receipt's issuer is registered)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from blocks.archive.archive import EvidenceArchive
from blocks.registration.database import registry_path
from blocks.registration.importer import import_files
from samples.make_registry import CASES, write
from tests.conftest import ROOT

SAMPLES = ROOT / "samples" / "evidence"
MANIFEST = json.loads((SAMPLES / "manifest.json").read_text(encoding="utf-8"))
INVOICES = [i for i in MANIFEST["invoices"] if i["format"] in ("pdf", "docx")][:4]
RECEIPT_NUMBER = CASES["registered"].number
RECEIPT = "領収書_2024年04月_喫茶みどり.png"
LETTER = "送付状.txt"
LETTER_TEXT = "株式会社サンプル商事 御中\n\n請求書を送付いたします。ご査収ください。\n"


def _photo() -> bytes:
    image = Image.new("RGB", (360, 240), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 350, 230), outline="black", width=3)
    draw.text((30, 40), "RECEIPT  2024-04-12  3,300 JPY", fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def keep_month(tmp_path: Path) -> dict[str, Any]:
    """Archive the month (as yamada) and load the registry; file name -> its fields."""
    import_files(write(tmp_path / "published", count=50), db=registry_path())
    archive = EvidenceArchive()
    kept: dict[str, Any] = {}
    for invoice in INVOICES:
        name = invoice["zip_path"].rsplit("/", 1)[-1]
        fields = {
            "transaction_date": invoice["date"],
            "amount": invoice["total"],
            "party_name": invoice["issuer"],
            "party_number": invoice["registration_number"],
            "kind": "invoice",
        }
        archive.add(SAMPLES / invoice["file"], file_name=name, fields=fields, who="yamada",
                    runs=["run-0001"], journal_entries=[f"P-{len(kept) + 1:04d}"])  # fmt: skip
        kept[name] = fields
    receipt = {"transaction_date": "2024-04-12", "amount": 3300, "party_name": "喫茶みどり",
               "party_number": RECEIPT_NUMBER, "kind": "simplified_invoice"}  # fmt: skip
    archive.add(_photo(), file_name=RECEIPT, fields=receipt, who="yamada")
    kept[RECEIPT] = receipt
    letter = {"transaction_date": None, "amount": None, "party_name": None,
              "party_number": None, "kind": "cover_letter"}  # fmt: skip
    archive.add(LETTER_TEXT.encode("utf-8"), file_name=LETTER, fields=letter, who="yamada")
    kept[LETTER] = letter
    return kept
