"""Search by every combination of date range, amount range and counterparty (each against a
plain filter over the known month), and the export: a ZIP of the files plus an index CSV that
reads back complete, written at once."""

from __future__ import annotations

import csv
import hashlib
import io
import itertools
import zipfile
from pathlib import Path

import pytest

from blocks.archive.archive import EvidenceArchive
from blocks.archive.export import INDEX_HEADER, INDEX_NAME, export_zip
from blocks.archive.search import Filters, search
from blocks.sdk.errors import BlockError
from blocks.text.japanese import normalize_name
from keiri.base.catalog import t
from tests.blocks.archive.conftest import DOCS, Doc, content

DATES = [None, ("2026-03-01", "2026-03-31"), ("2026-03-10", None), (None, "2026-03-05")]
AMOUNTS = [None, (100_000, 120_000), (110_000, None), (None, 100_000)]
PARTIES = [None, "山田", "(株)山田商事", "ﾐﾄﾞﾘ", "T5582318564206", "5582-3185", "７００００１２"]


def expected(doc: Doc, dates: object, amounts: object, party: str | None) -> bool:
    if dates is not None:
        low, high = dates  # type: ignore[misc]
        if doc.date is None or (low and doc.date < low) or (high and doc.date > high):
            return False
    if amounts is not None:
        low, high = amounts  # type: ignore[misc]
        if doc.amount is None or (low and doc.amount < low) or (high and doc.amount > high):
            return False
    if party is not None:
        digits = "".join(ch for ch in normalize_name(party) if ch.isdigit())
        by_name = bool(normalize_name(party)) and normalize_name(party) in normalize_name(
            doc.party or ""
        )
        by_number = len(digits) >= 4 and digits in (doc.number or "")
        return by_name or by_number
    return True


@pytest.mark.parametrize(
    ("dates", "amounts", "party"),
    list(itertools.product(DATES, AMOUNTS, PARTIES)),
)
def test_every_combination_of_date_amount_and_party(
    shared_month: EvidenceArchive,
    dates: tuple[str | None, str | None] | None,
    amounts: tuple[int | None, int | None] | None,
    party: str | None,
) -> None:
    filters = Filters(
        date_from=dates[0] if dates else None,
        date_to=dates[1] if dates else None,
        amount_min=amounts[0] if amounts else None,
        amount_max=amounts[1] if amounts else None,
        party=party,
    )
    with shared_month.connect() as conn:
        found = {r.file_name for r in search(conn, filters)}
    assert found == {d.name for d in DOCS if expected(d, dates, amounts, party)}


def test_the_issue_example_finds_the_yamada_invoice_of_about_110000_in_march(
    shared_month: EvidenceArchive,
) -> None:
    filters = Filters("2026-03-01", "2026-03-31", 100_000, 120_000, "山田")
    with shared_month.connect() as conn:
        found = [r.file_name for r in search(conn, filters)]
    assert found == ["請求書_山田商事_0305.pdf", "請求書_山田運輸_0310.pdf"]  # by date
    with shared_month.connect() as conn:
        assert search(conn, Filters(party="株式会社")) == []  # a legal form names nobody


def test_the_export_holds_every_file_and_an_index_that_reads_back(
    archive: EvidenceArchive, month: dict[str, int], tmp_path: Path
) -> None:
    archive.delete(month["請求書_みどり印刷_0331.pdf"], who="sato", why="重複")
    target = tmp_path / "out" / "2026年3月.zip"
    report = export_zip(archive, Filters("2026-03-01", "2026-03-31"), target)
    march = [
        d
        for d in DOCS
        if d.date
        and "2026-03-01" <= d.date <= "2026-03-31"
        and d.name != "請求書_みどり印刷_0331.pdf"
    ]
    assert report.files == len(march) == 6
    with zipfile.ZipFile(target) as archive_zip:
        names = archive_zip.namelist()
        rows = list(csv.reader(io.StringIO(archive_zip.read(INDEX_NAME).decode("utf-8-sig"))))
        assert rows[0] == list(INDEX_HEADER)
        assert len(rows) - 1 == len(march) and len(names) == len(march) + 1
        by_file = {row[6]: row for row in rows[1:]}
        for doc in march:
            [(member, row)] = [(m, r) for m, r in by_file.items() if m.endswith(doc.name)]
            data = archive_zip.read(member)
            assert data == content(doc) and row[7] == hashlib.sha256(data).hexdigest()
            assert row[1:6] == [
                doc.date,
                str(doc.amount) if doc.amount is not None else "",
                doc.party or "",
                doc.number or "",
                {"invoice": "請求書", "simplified_invoice": "領収書", "quotation": "見積書"}[
                    doc.kind
                ],
            ]
    assert [row[0] for row in rows[1:]] == [str(n) for n in range(1, len(march) + 1)]
    assert [row[1] for row in rows[1:]] == sorted(row[1] for row in rows[1:])
    assert list(target.parent.iterdir()) == [target]  # no temporary file left


def test_an_export_stops_at_a_changed_file_and_leaves_nothing(
    archive: EvidenceArchive, month: dict[str, int], tmp_path: Path
) -> None:
    record = archive.get(month["請求書_山田商事_0305.pdf"])
    path = archive.file_path(record)
    path.chmod(0o644)
    path.write_bytes(b"forged")
    target = tmp_path / "out" / "export.zip"
    target.parent.mkdir()
    target.write_bytes(b"the previous export")
    with pytest.raises(BlockError) as caught:
        export_zip(archive, Filters(party="山田"), target)
    assert caught.value.code == "FILE_INVALID"
    assert caught.value.message == t(
        "archive.export.changed", id=record.id, name="請求書_山田商事_0305.pdf"
    )
    assert caught.value.hint == t("archive.export.changed_hint")
    assert target.read_bytes() == b"the previous export"
    assert list(target.parent.iterdir()) == [target]
