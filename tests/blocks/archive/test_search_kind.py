"""The document kind as a search filter (the 証憑検索 page and `keiri evidence search --kind`),
alone and combined with a date range and a counterparty."""

from __future__ import annotations

from blocks.archive.archive import EvidenceArchive
from blocks.archive.search import Filters, search
from tests.blocks.archive.conftest import DOCS


def test_kind_alone_and_combined(shared_month: EvidenceArchive) -> None:
    with shared_month.connect() as conn:
        receipts = [r.file_name for r in search(conn, Filters(kind="simplified_invoice"))]
        yamada = [r.file_name for r in search(conn, Filters(party="山田商事", kind="quotation"))]
        march = search(conn, Filters("2026-03-01", "2026-03-31", kind="invoice"))
        nothing = search(conn, Filters(kind="contract"))
    assert receipts == ["領収書_ひまわり_0315.pdf"]
    assert yamada == ["見積書_山田商事_0320.pdf"]
    expected = {d.name for d in DOCS if d.kind == "invoice" and d.date and "2026-03" in d.date}
    assert {r.file_name for r in march} == expected and len(expected) == 5
    assert nothing == []
    assert not Filters(kind="invoice").is_empty()
