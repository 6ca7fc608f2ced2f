"""Importing the published files: as-of-date answers for each case, idempotent and
order-independent difference files, encoding detection, ZIP inputs, notices about the data's
date, and a malformed file refused whole with its line."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from blocks.registration import numbers
from blocks.registration.database import registry_path
from blocks.registration.importer import ImportReport, import_files
from blocks.registration.layout import COLUMNS
from blocks.registration.lookup import Query, Registry
from blocks.registration.reader import detect_encoding
from blocks.sdk.errors import BlockError
from keiri.base.catalog import t
from samples.make_registry import CASES, row, write
from tests.conftest import ROOT

N = {key: case.number for key, case in CASES.items()}

# (case, transaction date, status, registered name in force that day, valid_to)
AS_OF = [
    ("registered", "2023-09-30", "not_yet_registered", "株式会社山田商事", None),
    ("registered", "2023-10-01", "registered", "株式会社山田商事", None),
    ("cancelled", "2025-05-31", "registered", "株式会社取消商会", "2025-05-31"),
    ("cancelled", "2025-06-01", "cancelled", "株式会社取消商会", "2025-05-31"),
    ("expired", "2025-08-31", "registered", "合同会社失効企画", "2025-08-31"),
    ("expired", "2025-09-01", "expired", "合同会社失効企画", "2025-08-31"),
    ("later", "2026-01-31", "not_yet_registered", "株式会社新規登録", None),
    ("later", "2026-02-01", "registered", "株式会社新規登録", None),
    ("individual", "2026-03-01", "registered", "鈴木 一郎", None),
    ("renamed", "2026-04-01", "registered", "株式会社旧名商事", None),
    ("renamed", "2026-04-02", "registered", "株式会社中間商事", None),
    ("renamed", "2026-04-03", "registered", "株式会社新名商事", None),
    ("new_in_diff", "2026-04-01", "not_yet_registered", "株式会社差分新規", None),
    ("new_in_diff", "2026-04-02", "registered", "株式会社差分新規", None),
    ("cancelled_in_diff", "2026-04-02", "registered", "株式会社後日取消", "2026-04-02"),
    ("cancelled_in_diff", "2026-04-03", "cancelled", "株式会社後日取消", "2026-04-02"),
    ("withdrawn", "2026-03-01", "unknown_number", None, None),
]


def answers(*queries: Query) -> list[dict[str, object]]:
    with Registry() as registry:
        return [a.model_dump(mode="json") for a in registry.check(queries)]


@pytest.mark.parametrize(("case", "day", "status", "name", "valid_to"), AS_OF)
def test_the_answer_on_a_transaction_date(
    loaded: ImportReport, case: str, day: str, status: str, name: str | None, valid_to: str | None
) -> None:
    [answer] = answers(Query(N[case], day))
    assert (answer["status"], answer["registered_name"], answer["valid_to"]) == (
        status,
        name,
        valid_to,
    )
    assert answer["source"] == {"kind": "local", "as_of": "2026-04-03", "stale": False}
    assert answer["attribution"] == t("registry.attribution.local")
    assert answer["reason"]


def test_cancellation_and_expiry_dates_and_kinds(loaded: ImportReport) -> None:
    cancelled, expired, person, unknown = answers(
        Query(N["cancelled"], "2025-07-01"),
        Query(N["expired"], "2025-10-01"),
        Query(N["individual"], "2026-03-01", "鈴木工務店"),
        Query(numbers.normalize("T" + "1" + "0" * 12)[:1] + "9" * 13, "2026-03-01"),
    )
    assert cancelled["cancelled_on"] == "2025-06-01" and cancelled["expired_on"] is None
    assert cancelled["reason"] == t("registry.reason.cancelled", on="2025-06-01", date="2025-07-01")
    assert expired["expired_on"] == "2025-09-01"
    assert expired["reason"] == t("registry.reason.expired", on="2025-09-01", date="2025-10-01")
    assert person["kind"] == "individual" and person["trade_name"] == "鈴木工務店"
    assert person["name_matches"] is True  # the trade name (屋号) on the invoice
    assert unknown["status"] in {"unknown_number", "invalid_format"}


def test_an_unknown_well_formed_number_and_malformed_numbers(loaded: ImportReport) -> None:
    unknown = numbers.as_text(123_456_789_012)
    unknown = f"T{numbers.check_digit(unknown[2:])}{unknown[2:]}"
    bad_digit = f"T{(numbers.check_digit(unknown[2:]) % 9) + 1}{unknown[2:]}"
    found = answers(Query(unknown, "2026-03-01"), Query(bad_digit), Query("T12345"))
    assert [a["status"] for a in found] == ["unknown_number", "invalid_format", "invalid_format"]
    assert found[0]["reason"] == t("registry.reason.unknown", number=unknown, as_of="2026-04-03")
    assert found[1]["reason"] == t("registry.reason.check_digit", number=bad_digit)
    assert found[1]["source"]["kind"] == "none"


@pytest.mark.parametrize(
    ("issuer", "matches"),
    [
        ("株式会社山田商事", True),
        ("(株)山田商事", True),
        ("㈱山田商事", True),
        ("山田商事株式会社", True),
        ("ｶﾌﾞｼｷｶﾞｲｼｬ山田商事", True),  # the legal form in half-width kana
        ("株式会社ﾔﾏﾀﾞ商事", False),  # kana and kanji spellings of a name stay different
        ("株式会社　山田商事 御中", True),
        ("山田商店", False),
        (None, None),
    ],
)
def test_the_issuer_name_is_matched_tolerantly(
    loaded: ImportReport, issuer: str | None, matches: bool | None
) -> None:
    [answer] = answers(Query(N["registered"], "2026-03-01", issuer))
    assert answer["name_matches"] is matches


def test_a_renamed_issuer_matches_the_name_of_the_day_or_the_latest(loaded: ImportReport) -> None:
    old, new, middle = answers(
        Query(N["renamed"], "2026-03-01", "株式会社旧名商事"),
        Query(N["renamed"], "2026-03-01", "株式会社新名商事"),  # a newer name: still the issuer
        Query(N["renamed"], "2026-04-03", "株式会社中間商事"),  # neither that day's nor latest
    )
    assert (old["name_matches"], new["name_matches"], middle["name_matches"]) == (
        True,
        True,
        False,
    )
    assert old["current_name"] == "株式会社新名商事"


def test_a_date_after_the_data_is_marked_stale(loaded: ImportReport) -> None:
    [answer] = answers(Query(N["registered"], "2026-05-01"))
    assert answer["status"] == "registered" and answer["source"]["stale"] is True


def _count() -> int:
    with sqlite3.connect(registry_path()) as conn:
        return int(conn.execute("SELECT count(*) FROM records").fetchone()[0])


def test_importing_again_changes_nothing(published: list[Path], loaded: ImportReport) -> None:
    before = _count()
    again = import_files(published)
    assert all(f.skipped for f in again.files) and _count() == before
    # the same file under another name: the same sha256, skipped
    copy = published[-1].with_name("sabun_copy_20260403.csv")
    shutil.copyfile(published[-1], copy)
    assert import_files([copy]).files[0].skipped
    # both days' records in one file, numbered anew and flagged not latest: all known already
    lines = [ln for p in published[-2:] for ln in p.read_text(encoding="utf-8").splitlines()]
    renumbered = []
    for sequence, line in enumerate(lines, start=1):
        fields = line.split(",")
        fields[0], fields[6] = str(sequence), "0"
        renumbered.append(",".join(fields))
    merged = published[-1].with_name("sabun_20260403_merged.csv")
    merged.write_text("\r\n".join(renumbered) + "\r\n", encoding="utf-8")
    [result] = import_files([merged]).files
    assert (result.skipped, result.rows, result.added) == (False, 5, 0)
    assert _count() == before


def test_difference_files_in_any_order_give_the_same_answers(tmp_path: Path) -> None:
    files = write(tmp_path / "p", count=50)
    snapshots = [p for p in files if p.name.startswith("zenken")]
    first, second = sorted(p for p in files if p.name.startswith("sabun"))
    import_files([*snapshots, second])
    import_files([first])  # the older day applied last
    cases = [Query(N[c], d) for c, d, *_ in AS_OF]
    in_order_home = tmp_path / "in-order.sqlite"
    import_files(files, db=in_order_home)
    with Registry() as reversed_, Registry(in_order_home) as ordered:
        assert reversed_.check(cases) == ordered.check(cases)


def test_cp932_files_and_a_zip_of_the_snapshot(tmp_path: Path) -> None:
    files = write(tmp_path / "sjis", count=200, encoding="cp932", zipped=True)
    assert files[0].suffix == ".zip"
    report = import_files(files)
    assert {f.encoding for f in report.files} == {"cp932"}
    assert [f.name for f in report.files][:3] == [
        "zenken_20260331.zip!zenken_hojin_20260331.csv",
        "zenken_20260331.zip!zenken_jinkakunashi_20260331.csv",
        "zenken_20260331.zip!zenken_kojin_20260331.csv",
    ]
    assert report.status is not None and report.status.snapshot_parts == [
        "association",
        "corporation",
        "individual",
    ]
    [answer] = answers(Query(N["renamed"], "2026-04-03"))
    assert answer["registered_name"] == "株式会社新名商事"


def test_encoding_detection() -> None:
    text = "1,T5582318564206,01,0,2,1,1,2023-10-01,2023-10-01,,,東京都千代田区,13,101"
    assert detect_encoding(text.encode("utf-8")) == "utf-8"
    assert detect_encoding(b"\xef\xbb\xbf" + text.encode("utf-8")) == "utf-8-sig"
    assert detect_encoding(text.encode("cp932")) == "cp932"
    # a UTF-8 character cut by the end of the sniffed head is still UTF-8
    assert detect_encoding(text.encode("utf-8")[:-1] + "区".encode()[:2]) == "utf-8"
    with pytest.raises(ValueError):
        detect_encoding(b"\xff\xfe\x00\x81\xff")


def test_a_file_neither_utf8_nor_cp932_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sabun_20260402.csv"
    path.write_bytes(b"\x81\xff\xfe\x00" * 10)
    with pytest.raises(BlockError) as caught:
        import_files([path])
    assert caught.value.code == "FILE_INVALID"
    assert caught.value.message == t("registry.file.encoding", path="sabun_20260402.csv")
    assert caught.value.hint == t("registry.file.layout_hint")


@pytest.mark.parametrize(
    ("line", "key", "params"),
    [
        ("登録番号,事業者処理区分", "registry.file.width", {"found": 2, "expected": len(COLUMNS)}),
        (",".join(row(1, "T12345", "x")), "registry.file.bad_number", {"value": "T12345"}),
        (
            ",".join(row(1, CASES["registered"].number, "x", process="07")),
            "registry.file.bad_process",
            {"value": "07"},
        ),
        (
            ",".join(row(1, CASES["registered"].number, "x", registered="2023-13-01")),
            "registry.file.bad_date",
            {"item": "登録年月日", "value": "2023-13-01"},
        ),
    ],
)
def test_a_malformed_line_refuses_the_whole_file(
    loaded: ImportReport, tmp_path: Path, line: str, key: str, params: dict[str, object]
) -> None:
    good = ",".join(row(1, CASES["new_in_diff"].number, "株式会社正常", updated="2026-04-04"))
    path = tmp_path / "sabun_20260404.csv"
    path.write_text(f"{good}\r\n{line}\r\n", encoding="utf-8")
    before = _count()
    with pytest.raises(BlockError) as caught:
        import_files([path])
    assert caught.value.code == "FILE_INVALID" and caught.value.details["line"] == 2
    assert caught.value.message == t(
        "registry.file.bad_row", path="sabun_20260404.csv", line=2, detail=t(key, **params)
    )
    assert _count() == before  # the first, good line was rolled back with the file
    again = import_files([]).status
    assert again is not None and again.diff_last == "2026-04-03"


def test_a_file_whose_kind_is_not_in_its_name_needs_kind(tmp_path: Path) -> None:
    path = tmp_path / "registry.csv"
    path.write_text(",".join(row(1, CASES["registered"].number, "株式会社山田商事")) + "\r\n")
    with pytest.raises(BlockError) as caught:
        import_files([path])
    assert caught.value.code == "FILE_INVALID"
    assert caught.value.message == t("registry.file.kind_unknown", path="registry.csv")
    assert caught.value.hint == t("registry.file.kind_hint")
    import datetime as dt

    [result] = import_files([path], kind="snapshot", data_date=dt.date(2026, 3, 31)).files
    assert (result.kind, result.data_date, result.added) == ("snapshot", "2026-03-31", 1)


def test_notices_say_how_current_the_data_is(tmp_path: Path) -> None:
    files = write(tmp_path / "p", count=20)
    diffs = [p for p in files if p.name.startswith("sabun")]
    only_diffs = import_files(diffs).status
    assert only_diffs is not None and [n.code for n in only_diffs.notices] == ["no_snapshot"]
    status = import_files(files).status
    assert status is not None and [n.code for n in status.notices] == ["snapshot_older"]
    assert status.notices[0].message == t(
        "registry.notice.snapshot_older",
        snapshot="2026-03-31",
        first=status.diff_first,
        last="2026-04-03",
        count=status.diff_files,
    )
    assert status.as_of == "2026-04-03"
    late = tmp_path / "sabun_20260420.csv"
    late.write_text(
        ",".join(row(1, CASES["registered"].number, "株式会社山田商事2", process="02",
                     updated="2026-04-20")) + "\r\n",
        encoding="utf-8",
    )  # fmt: skip
    status = import_files([late]).status
    assert status is not None and [n.code for n in status.notices] == ["snapshot_older", "gap"]
    assert status.notices[1].message == t(
        "registry.notice.gap", start="2026-04-03", end="2026-04-20", days=17
    )


def test_the_docs_show_the_column_table_of_the_code() -> None:
    text = (ROOT / "docs" / "registry.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \| ([^|]+) \| ([^|]+) \|$", text, re.MULTILINE)
    assert [(int(n), key, label.strip()) for n, key, label, _ in rows] == [
        (i, c.key, c.label) for i, c in enumerate(COLUMNS, start=1)
    ]


def test_the_check_digit_is_the_one_invoice_check_applies() -> None:
    from blocks.invoice.rules import registration_check_digit

    for base in ("000012050002", "123456789012", "582318564206", "999999999999"):
        assert numbers.check_digit(base) == registration_check_digit(base)
    assert numbers.normalize("Ｔ７０００ー０１２０５－０００２") == "T7000012050002"
    assert numbers.problem_of("T7000012050002") is None


def test_a_record_repeated_inside_a_bulk_loaded_file_is_kept_once(tmp_path: Path) -> None:
    first = row(1, CASES["registered"].number, "株式会社山田商事")
    again = row(2, CASES["registered"].number, "株式会社山田商事", latest="0")
    other = row(3, CASES["later"].number, "株式会社新規登録", registered="2026-02-01")
    path = tmp_path / "zenken_hojin_20260331.csv"
    path.write_text("\r\n".join(",".join(r) for r in (first, again, other)) + "\r\n", "utf-8")
    [result] = import_files([path]).files  # an empty registry: indexes built after the load
    assert (result.rows, result.added) == (3, 2) and _count() == 2
    with sqlite3.connect(registry_path()) as conn:
        indexes = {
            name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        }
    assert {"records_number", "records_digest"} <= indexes


def test_transaction_dates_as_people_write_them(loaded: ImportReport) -> None:
    iso, slashes, wareki = answers(
        Query(N["cancelled"], "2025-06-01"),
        Query(N["cancelled"], "2025/5/31"),
        Query(N["cancelled"], "令和7年6月1日"),
    )
    assert [a["status"] for a in (iso, slashes, wareki)] == ["cancelled", "registered", "cancelled"]
    assert slashes["date"] == "2025-05-31"
    with pytest.raises(BlockError) as caught:
        answers(Query(N["cancelled"], "来月"))
    assert caught.value.code == "INPUT_VALIDATION_FAILED"
    not_a_date = t("runtime.date.format")
    assert caught.value.message == t(
        "registry.bad_date", number=N["cancelled"], value="来月", reason=not_a_date
    )
