"""Fixtures of the archive tests: an archive in the test's keiri home and a month of evidence
(distinct files with known dates, amounts and counterparties)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from blocks.archive.archive import EvidenceArchive


class Doc(NamedTuple):
    name: str
    date: str | None
    amount: int | None
    party: str | None
    number: str | None
    kind: str = "invoice"


#: A month of evidence and its neighbours: names written as people write them.
DOCS = [
    Doc("請求書_山田商事_0305.pdf", "2026-03-05", 110_000, "株式会社山田商事", "T5582318564206"),
    Doc("請求書_山田商事_0325.pdf", "2026-03-25", 98_000, "(株)山田商事", "T5582318564206"),
    Doc("請求書_山田運輸_0310.pdf", "2026-03-10", 115_500, "山田運輸株式会社", "T7000012050002"),
    Doc("請求書_みどり印刷_0301.pdf", "2026-03-01", 100_000, "有限会社みどり印刷", "T1234567890123"),
    Doc("請求書_みどり印刷_0331.pdf", "2026-03-31", 120_000, "有限会社みどり印刷", "T1234567890123"),
    Doc("領収書_ひまわり_0315.pdf", "2026-03-15", 3_300, "株式会社ひまわり食品", None, "simplified_invoice"),
    Doc("請求書_北斗_0228.pdf", "2026-02-28", 110_000, "株式会社北斗システム", "T9876543210987"),
    Doc("請求書_北斗_0401.pdf", "2026-04-01", 110_000, "株式会社北斗システム", "T9876543210987"),
    Doc("見積書_山田商事_0320.pdf", "2026-03-20", None, "株式会社山田商事", "T5582318564206", "quotation"),
    Doc("送付状.txt", None, None, None, None, "cover_letter"),
]  # fmt: skip


def content(doc: Doc) -> bytes:
    return f"%PDF-1.4 test evidence {doc.name} {doc.date} {doc.amount}\n".encode()


def fields(doc: Doc) -> dict[str, Any]:
    return {
        "transaction_date": doc.date,
        "amount": doc.amount,
        "party_name": doc.party,
        "party_number": doc.number,
        "kind": doc.kind,
    }


@pytest.fixture
def archive() -> EvidenceArchive:
    return EvidenceArchive()


def archive_month(archive: EvidenceArchive, folder: Path) -> dict[str, int]:
    """Every doc of DOCS archived (from files in `folder`); file name -> record id."""
    ids = {}
    folder.mkdir(parents=True, exist_ok=True)
    for doc in DOCS:
        path = folder / doc.name
        path.write_bytes(content(doc))
        result = archive.add(
            path, file_name=doc.name, fields=fields(doc), who="yamada", runs=["run-1"]
        )
        ids[doc.name] = result.record.id
    return ids


@pytest.fixture
def month(archive: EvidenceArchive, tmp_path: Path) -> dict[str, int]:
    """Every doc of DOCS archived in the test's own archive; file name -> record id."""
    return archive_month(archive, tmp_path / "in")


@pytest.fixture(scope="module")
def shared_month(tmp_path_factory: pytest.TempPathFactory) -> EvidenceArchive:
    """DOCS archived once for the module's read-only tests (an archive of its own root)."""
    root = tmp_path_factory.mktemp("shared")
    archive = EvidenceArchive(root / "archive", years=7)
    archive_month(archive, root / "in")
    return archive
