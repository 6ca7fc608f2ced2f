"""The evidence archive: kept once, read-only, every change logged in a hash chain; deletion
hides but keeps; purges refused inside retention; the integrity check finds a changed file, an
edited log entry and an index edited behind the log's back."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import sqlite3
import stat
from pathlib import Path

import pytest

from blocks.archive import ledger
from blocks.archive.archive import EvidenceArchive
from blocks.archive.index import keep_until
from blocks.archive.integrity import verify
from blocks.archive.search import Filters, search
from blocks.sdk.errors import BlockError
from keiri.base.catalog import t
from tests.blocks.archive.conftest import DOCS, content, fields


def kinds(archive: EvidenceArchive) -> list[str]:
    return [p.kind for p in verify(archive).problems]


def test_the_same_file_twice_is_kept_once_and_the_run_linked(
    archive: EvidenceArchive, tmp_path: Path
) -> None:
    doc = DOCS[0]
    first = archive.add(
        content(doc), file_name=doc.name, fields=fields(doc), who="yamada", runs=["run-1"]
    )
    copy = tmp_path / "copy.pdf"
    copy.write_bytes(content(doc))
    again = archive.add(copy, file_name="copy.pdf", fields={}, who="sato", runs=["run-2"])
    assert (first.new, again.new) == (True, False)
    assert again.record.id == first.record.id and again.record.runs == ["run-1", "run-2"]
    assert again.record.file_name == doc.name  # the first name and fields stay
    kept = [p for p in (archive.root / "files").rglob("*") if p.is_file()]
    assert kept == [archive.vault.path(first.record.sha256)]
    assert [e.action for e in archive.history(first.record.id)] == ["add", "link"]
    # a third time with nothing new: no log entry
    archive.add(copy, file_name="copy.pdf", fields={}, who="sato", runs=["run-2"])
    assert len(archive.history(first.record.id)) == 2


def test_originals_are_read_only_and_hash_to_their_name(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    record = archive.get(month[DOCS[0].name])
    path = archive.file_path(record)
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    assert path.read_bytes() == content(DOCS[0]) and path.name == record.sha256
    assert record.added_by == "yamada" and record.runs == ["run-1"]
    report = verify(archive)
    assert report.ok and (report.files, report.records) == (len(DOCS), len(DOCS))


def test_a_modified_or_missing_file_is_found_by_the_integrity_check(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    changed = archive.get(month[DOCS[1].name])
    path = archive.file_path(changed)
    path.chmod(0o644)
    path.write_bytes(content(DOCS[1]).replace(b"98000", b"89000"))
    archive.file_path(archive.get(month[DOCS[2].name])).unlink()
    problems = verify(archive).problems
    assert [(p.kind, p.record_id) for p in problems] == [
        ("file_changed", changed.id),
        ("file_missing", month[DOCS[2].name]),
    ]
    actual = hashlib.sha256(path.read_bytes()).hexdigest()
    assert problems[0].message == t(
        "archive.verify.changed", id=changed.id, sha256=changed.sha256, actual=actual
    )


def test_deletion_is_logged_and_hidden_but_the_bytes_remain(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    record_id = month[DOCS[0].name]
    deleted = archive.delete(record_id, who="sato", why="二重登録")
    assert deleted.deleted and archive.file_path(deleted).read_bytes() == content(DOCS[0])
    *_, entry = archive.history(record_id)
    assert (entry.action, entry.who, entry.why) == ("delete", "sato", "二重登録")
    with archive.connect() as conn:
        visible = {r.id for r in search(conn, Filters(party="山田商事"))}
        everything = {r.id for r in search(conn, Filters(party="山田商事", include_deleted=True))}
    assert record_id not in visible and record_id in everything
    with pytest.raises(BlockError) as caught:
        archive.delete(record_id, who="sato", why="もう一度")
    assert caught.value.code == "EVIDENCE_NOT_FOUND"
    assert caught.value.message == t("archive.gone.deleted", id=record_id)
    with pytest.raises(BlockError) as caught:
        archive.delete(month[DOCS[1].name], who="sato", why="  ")
    assert caught.value.code == "INPUT_VALIDATION_FAILED"
    assert caught.value.message == t("archive.reason_required")
    assert caught.value.hint == t("archive.reason_required_hint")
    assert verify(archive).ok


def test_an_early_purge_is_refused_and_a_late_one_keeps_the_log(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    record = archive.get(month[DOCS[0].name])
    assert record.keep_until == "2034-05-05"  # 7 years after 14 months after 2026-03-05
    with pytest.raises(BlockError) as caught:
        archive.purge(record.id, who="sato", why="不要")
    assert caught.value.code == "RETENTION_ACTIVE"
    assert caught.value.message == t("archive.purge.refused", id=record.id, until="2034-05-05")
    with pytest.raises(BlockError):
        archive.purge(record.id, who="sato", why="不要", today=dt.date(2034, 5, 5))  # the last day
    purged = archive.purge(record.id, who="sato", why="保存期間満了", today=dt.date(2034, 5, 6))
    assert purged.purged and not archive.file_path(purged).exists()
    assert [e.action for e in archive.history(record.id)] == ["add", "purge"]
    assert verify(archive).ok  # a purged file is not expected on disk
    with archive.connect() as conn:
        assert record.id not in {r.id for r in search(conn, Filters())}
    # the same file again is stored again, and the record comes back
    doc = DOCS[0]
    again = archive.add(content(doc), file_name=doc.name, fields=fields(doc), who="yamada")
    assert again.record.id == record.id and not again.record.purged
    assert archive.history(record.id)[-1].action == "restore" and verify(archive).ok


def test_retention_counts_from_the_filing_deadline_and_the_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert keep_until("2026-03-31", "2026-04-10T00:00:00+00:00", 7) == "2034-05-31"
    assert keep_until("2026-12-31", "2027-01-05T00:00:00+00:00", 7) == "2035-02-28"
    assert keep_until(None, "2026-04-10T09:00:00+00:00", 10) == "2037-06-10"
    monkeypatch.setenv("KEIRI_ARCHIVE_RETENTION_YEARS", "10")
    record = (
        EvidenceArchive()
        .add(b"x", file_name="x.pdf", fields={"transaction_date": "2026-03-31"}, who="a")
        .record
    )
    assert record.keep_until == "2037-05-31"


def test_corrections_are_logged_with_before_and_after(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    record_id = month[DOCS[1].name]
    corrected = archive.correct(
        record_id, {"amount": 89_000, "party_name": "株式会社山田商事"}, who="sato", why="読み違い"
    )
    assert (corrected.amount, corrected.party_name) == (89_000, "株式会社山田商事")
    entry = archive.history(record_id)[-1]
    assert entry.data == {
        "changes": {"amount": 89_000, "party_name": "株式会社山田商事"},
        "before": {"amount": 98_000, "party_name": "(株)山田商事"},
    }
    # retention may grow with a later date, never shrink with an earlier one
    later = archive.correct(record_id, {"transaction_date": "2026-06-30"}, who="sato", why="日付")
    earlier = archive.correct(record_id, {"transaction_date": "2020-01-01"}, who="sato", why="日付")
    assert later.keep_until == "2034-08-30" and earlier.keep_until == "2034-08-30"
    for bad, expected in (
        ({"sha256": "0" * 64}, t("archive.correct.fields", fields="sha256")),
        ({"transaction_date": "2026-02-30"}, t("archive.correct.bad_date", value="2026-02-30")),
        ({"amount": "たくさん"}, t("archive.correct.bad_amount", value="たくさん")),
    ):
        with pytest.raises(BlockError) as caught:
            archive.correct(record_id, bad, who="sato", why="x")
        assert caught.value.code == "INPUT_VALIDATION_FAILED"
        assert caught.value.message == expected
    assert verify(archive).ok


def _edit(archive: EvidenceArchive, sql: str, *params: object) -> None:
    with sqlite3.connect(archive.db) as conn:
        conn.execute(sql, params)


def test_the_log_chain_detects_an_edited_entry(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    record_id = month[DOCS[0].name]
    [(seq, data)] = (
        sqlite3.connect(archive.db)
        .execute("SELECT seq, data FROM log WHERE record_id = ? AND action = 'add'", (record_id,))
        .fetchall()
    )
    edited = json.loads(data)
    edited["fields"]["amount"] = 11_000
    _edit(
        archive,
        "UPDATE log SET data = ? WHERE seq = ?",
        json.dumps(edited, ensure_ascii=False),
        seq,
    )
    _edit(archive, "UPDATE records SET amount = 11000 WHERE id = ?", record_id)  # both, in step
    problems = verify(archive).problems
    assert [(p.kind, p.seq) for p in problems] == [("chain_broken", seq)]
    assert problems[0].message == t("archive.verify.chain", seq=seq, id=record_id)


def test_an_edited_entry_with_its_hash_recomputed_breaks_the_next_link(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    entries = ledger.entries(sqlite3.connect(archive.db))
    target = entries[2]
    data = {**target.data, "file_name": "差し替え.pdf"}
    forged = ledger.entry_hash(
        target.seq,
        target.at,
        target.who,
        target.action,
        target.record_id,
        target.why,
        data,
        target.prev,
    )
    _edit(
        archive,
        "UPDATE log SET data = ?, hash = ? WHERE seq = ?",
        json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
        forged,
        target.seq,
    )
    _edit(archive, "UPDATE records SET file_name = '差し替え.pdf' WHERE id = ?", target.record_id)
    assert [(p.kind, p.seq) for p in verify(archive).problems] == [("chain_broken", target.seq + 1)]


def test_the_newest_entry_rewritten_with_its_hash_is_seen_by_the_head(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    last = ledger.entries(sqlite3.connect(archive.db))[-1]
    forged = ledger.entry_hash(
        last.seq, last.at, "someone", last.action, last.record_id, last.why, last.data, last.prev
    )
    _edit(archive, "UPDATE log SET who = 'someone', hash = ? WHERE seq = ?", forged, last.seq)
    _edit(archive, "UPDATE records SET added_by = 'someone' WHERE id = ?", last.record_id)
    assert kinds(archive) == ["head_mismatch"]


def test_an_index_edited_behind_the_logs_back_is_found(
    archive: EvidenceArchive, month: dict[str, int]
) -> None:
    record_id = month[DOCS[3].name]
    _edit(archive, "UPDATE records SET amount = 1000, deleted = 1 WHERE id = ?", record_id)
    _edit(archive, "DELETE FROM records WHERE id = ?", month[DOCS[4].name])
    problems = verify(archive).problems
    assert [(p.kind, p.record_id) for p in problems] == [
        ("index_mismatch", record_id),
        ("index_mismatch", month[DOCS[4].name]),
    ]
    assert problems[0].message == t("archive.verify.index", id=record_id, fields="amount, deleted")


def test_an_unknown_record_suggests_search(archive: EvidenceArchive) -> None:
    with pytest.raises(BlockError) as caught:
        archive.get(99)
    assert (
        caught.value.code == "EVIDENCE_NOT_FOUND" and "keiri evidence search" in caught.value.hint
    )
