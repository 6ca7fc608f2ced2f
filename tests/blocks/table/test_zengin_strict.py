"""Zengin 入出金取引明細 files are money: read strictly (issue 23, item 7).

Amounts are ASCII digits of their exact width (`-00000050000` and `1_000_000_00` are not
amounts), 入払区分 is 1 or 2 (else the record is skipped with its reason), every record is 200
bytes (with or without line breaks), the trailer's counts and sums are checked against the data
records (FILE_INVALID naming each difference), and a missing trailer or end record is an error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.errors import BlockError
from blocks.statements.statements import read_statement
from keiri.base.catalog import t

Run = Callable[..., dict[str, Any]]
Put = Callable[[Path], dict[str, Any]]


def _record(kind: str, fields: dict[int, bytes]) -> bytes:
    """A 200-byte record: `fields` maps a 1-based position to the bytes written there."""
    record = bytearray(kind.encode() + b" " * 199)
    for position, value in fields.items():
        record[position - 1 : position - 1 + len(value)] = value
    assert len(record) == 200
    return bytes(record)


def _header() -> bytes:
    return _record("1", {2: b"03", 4: b"0", 5: b"060430", 11: b"060401", 17: b"060430"})


@dataclass(frozen=True)
class Tx:
    date: bytes = b"060405"
    in_out: bytes = b"1"
    amount: bytes = b"000000109560"
    payer: str = "ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ"

    def record(self) -> bytes:
        return _record(
            "2",
            {10: self.date, 22: self.in_out, 25: self.amount, 82: self.payer.encode("cp932")},
        )


def _trailer(deposits: tuple[int, int], withdrawals: tuple[int, int], records: int) -> bytes:
    (dn, ds), (wn, ws) = deposits, withdrawals
    fields = {2: b"%06d" % dn, 8: b"%013d" % ds, 21: b"%06d" % wn, 27: b"%013d" % ws}
    return _record("8", fields | {40: b"0", 41: b"%014d" % 0, 55: b"%07d" % records})


def _end() -> bytes:
    return _record("9", {})


GOOD = [Tx(), Tx(date=b"060410", in_out=b"2", amount=b"000000000440", payer="")]
GOOD_TRAILER = _trailer((1, 109560), (1, 440), 2)


def _file(records: list[bytes], sep: bytes = b"\r\n") -> bytes:
    return sep.join(records)


def _good(sep: bytes = b"\r\n") -> bytes:
    return _file([_header(), *(tx.record() for tx in GOOD), GOOD_TRAILER, _end()], sep)


def _message(key: str, **params: Any) -> str:
    """A message of the file `_invalid` reads, as the block gives it: after the file's name."""
    return f"zengin.txt: {t(key, **params)}"


def _difference(unit: str, field: str, expected: int, found: int) -> str:
    """One trailer figure that differs from the data records, as the message names it."""
    key = {
        "count": "runtime.statement.zengin.difference_count",
        "amount": "runtime.statement.zengin.difference_amount",
    }[unit]
    return t(key, field=field, expected=f"{expected:,}", found=f"{found:,}")


def _mismatch(line: int, *differences: str) -> str:
    joined = t("runtime.statement.zengin.separator").join(differences)
    return t("runtime.statement.zengin.trailer_mismatch", line=line, differences=joined)


def _invalid(data: bytes) -> BlockError:
    with pytest.raises(BlockError) as info:
        read_statement(data, "zengin.txt")
    assert info.value.code == "FILE_INVALID"
    assert info.value.hint
    return info.value


def _transactions(data: bytes) -> list[tuple[str, int | None, int | None]]:
    statement = read_statement(data, "zengin.txt")
    return [(r["日付"], r["入金"], r["出金"]) for r in statement.records]


EXPECTED = [("2024-04-05", 109560, None), ("2024-04-10", None, 440)]


@pytest.mark.parametrize(
    "data",
    [
        _good(b"\r\n"),
        _good(b"\n"),
        _good(b""),  # no line breaks: 200-byte records back to back
        _good(b"\r\n") + b"\r\n",  # a final line break
        _good(b"") + b"\r\n\x1a",  # records joined, a line break and a DOS end-of-file mark
    ],
    ids=["crlf", "lf", "no-breaks", "final-break", "eof-mark"],
)
def test_a_correct_file_reads_the_same_with_or_without_line_breaks(data: bytes) -> None:
    assert _transactions(data) == EXPECTED
    statement = read_statement(data, "zengin.txt")
    assert [s["reason"] for s in statement.skipped] == [
        t("runtime.statement.zengin.header"),
        t("runtime.statement.zengin.trailer"),
        t("runtime.statement.zengin.end"),
    ]


def test_two_accounts_in_one_file_are_both_checked_and_read() -> None:
    second = Tx(date=b"060420", in_out=b"2", amount=b"000000001000")
    first = [_header(), *(tx.record() for tx in GOOD), GOOD_TRAILER]
    data = _file([*first, _header(), second.record(), _trailer((0, 0), (1, 1000), 1), _end()])
    assert _transactions(data) == [*EXPECTED, ("2024-04-20", None, 1000)]


@pytest.mark.parametrize(
    "amount", [b"-00000050000", b"1_000_000_00", b"   000050000", b"+00000050000"]
)
def test_an_amount_that_is_not_digits_is_never_money(amount: bytes) -> None:
    bad = Tx(in_out=b"2", amount=amount)
    # the trailer counts it as a withdrawal of 50,000: the figures cannot agree
    trailer = _trailer((1, 109560), (2, 440 + 50000), 3)
    error = _invalid(
        _file([_header(), *(tx.record() for tx in GOOD), bad.record(), trailer, _end()])
    )
    mismatch = _mismatch(
        5, _difference("count", "出金件数", 2, 1), _difference("amount", "出金額合計", 50440, 440)
    )
    unread = t("runtime.statement.zengin.unread_rows", rows="4")
    assert error.message == f"zengin.txt: {mismatch}{unread}"
    assert error.hint == t("runtime.statement.zengin.trailer_hint")
    differences = {d["field"]: (d["expected"], d["found"]) for d in error.details["differences"]}
    assert differences == {"出金件数": (2, 1), "出金額合計": (50440, 440)}
    not_digits = t(
        "runtime.statement.zengin.not_digits", field="取引金額", value=amount.decode(), width=12
    )
    assert error.details["unread"][0]["reason"] == t(
        "runtime.statement.zengin.unread", problems=not_digits
    )


def test_an_unreadable_amount_the_trailer_does_not_count_is_skipped_with_its_reason() -> None:
    bad = Tx(in_out=b"2", amount=b"-00000050000")
    trailer = _trailer((1, 109560), (1, 440), 3)  # 3 data records, two of them money
    data = _file([_header(), *(tx.record() for tx in GOOD), bad.record(), trailer, _end()])
    assert _transactions(data) == EXPECTED
    skipped = read_statement(data, "zengin.txt").skipped
    assert [s["行"] for s in skipped] == [1, 4, 5, 6]
    not_digits = t(
        "runtime.statement.zengin.not_digits", field="取引金額", value="-00000050000", width=12
    )
    assert skipped[1]["reason"] == t("runtime.statement.zengin.unread", problems=not_digits)


@pytest.mark.parametrize("in_out", [b"3", b"0", b" ", b"A"])
def test_an_in_out_code_other_than_1_or_2_is_skipped_with_a_reason(in_out: bytes) -> None:
    odd = Tx(in_out=in_out, amount=b"000000007777")
    trailer = _trailer((1, 109560), (1, 440), 3)
    data = _file([_header(), *(tx.record() for tx in GOOD), odd.record(), trailer, _end()])
    assert _transactions(data) == EXPECTED  # never a withdrawal of 7,777
    reasons = [s["reason"] for s in read_statement(data, "zengin.txt").skipped]
    bad_in_out = t("runtime.statement.zengin.bad_in_out", value=in_out.decode())
    assert reasons[1] == t("runtime.statement.zengin.unread", problems=bad_in_out)


def test_an_injected_record_makes_the_trailer_disagree() -> None:
    injected = Tx(date=b"060415", in_out=b"1", amount=b"000009999999")
    data = _file(
        [_header(), *(tx.record() for tx in GOOD), injected.record(), GOOD_TRAILER, _end()]
    )
    error = _invalid(data)
    assert error.message == _message(
        "runtime.statement.zengin.trailer_mismatch",
        line=5,
        differences=t("runtime.statement.zengin.separator").join(
            [
                _difference("count", "入金件数", 1, 2),
                _difference("amount", "入金額合計", 109560, 10109559),
                _difference("count", "データ・レコード件数", 2, 3),
            ]
        ),
    )
    assert error.details["file"] == "zengin.txt"


def test_an_altered_amount_makes_the_trailer_disagree() -> None:
    altered = Tx(amount=b"000000209560")
    data = _file([_header(), altered.record(), GOOD[1].record(), GOOD_TRAILER, _end()])
    error = _invalid(data)
    # only the sum differs
    sums = _difference("amount", "入金額合計", 109560, 209560)
    assert error.message == f"zengin.txt: {_mismatch(4, sums)}"


def test_a_truncated_last_record_is_not_a_transaction() -> None:
    whole = _good(b"")
    cut = whole[: 3 * 200 + 40]  # header, one transaction, then 40 bytes of the next
    error = _invalid(cut)
    assert error.message == _message("runtime.statement.zengin.size", size="640", rest=40)
    assert error.hint == t("runtime.statement.zengin.length_hint")
    assert error.details["last_record"] == 40
    lines = _good(b"\r\n").split(b"\r\n")
    error = _invalid(b"\r\n".join([*lines[:2], lines[2][:40]]))
    assert error.message == _message("runtime.statement.zengin.line_length", line=3, length=40)
    assert (error.details["line"], error.details["length"]) == (3, 40)


def test_a_line_with_its_trailing_spaces_trimmed_is_not_200_bytes() -> None:
    lines = _good(b"\r\n").split(b"\r\n")
    lines[2] = lines[2].rstrip()
    error = _invalid(b"\r\n".join(lines))
    assert error.details["line"] == 3 and error.details["length"] < 200


@pytest.mark.parametrize(
    ("records", "expected"),
    [
        (
            lambda: [_header(), *(tx.record() for tx in GOOD)],
            lambda: _message("runtime.statement.zengin.no_trailer_eof", line=3),
        ),
        (
            lambda: [_header(), *(tx.record() for tx in GOOD), GOOD_TRAILER],
            lambda: _message("runtime.statement.zengin.no_end", line=4),
        ),
        (
            lambda: [_header(), *(tx.record() for tx in GOOD), _end()],
            lambda: _message("runtime.statement.zengin.no_trailer", line=4),
        ),
        (
            lambda: [_header(), GOOD[0].record(), _header(), GOOD_TRAILER, _end()],
            lambda: _message("runtime.statement.zengin.no_trailer", line=3),
        ),
        (
            lambda: [
                _header(),
                *(tx.record() for tx in GOOD),
                GOOD_TRAILER,
                GOOD[0].record(),
                _end(),
            ],
            lambda: _message(
                "runtime.statement.zengin.before_header",
                line=5,
                record=t("runtime.statement.zengin.data"),
            ),
        ),
        (
            lambda: [*_good().split(b"\r\n"), GOOD[0].record()],
            lambda: _message("runtime.statement.zengin.after_end", line=6, end=5),
        ),
        (
            lambda: [_header(), _record("5", {}), _end()],
            lambda: _message("runtime.statement.zengin.unknown_kind", line=2, kind="5"),
        ),
    ],
    ids=[
        "no-trailer",
        "no-end",
        "end-before-trailer",
        "header-before-trailer",
        "data-outside-an-account",
        "record-after-end",
        "unknown-kind",
    ],
)
def test_a_broken_structure_is_file_invalid(
    records: Callable[[], list[bytes]], expected: Callable[[], str]
) -> None:
    error = _invalid(_file(records()))
    assert error.message == expected()
    assert error.hint == t("runtime.statement.zengin.structure_hint")


def test_trailer_figures_must_be_digits() -> None:
    trailer = bytearray(GOOD_TRAILER)
    trailer[7:20] = b"-000000109560"
    data = _file([_header(), *(tx.record() for tx in GOOD), bytes(trailer), _end()])
    error = _invalid(data)
    assert error.message == _message(
        "runtime.statement.zengin.trailer_not_digits",
        line=4,
        field="入金額合計",
        value="-000000109560",
        width=13,
    )


def test_full_width_digits_in_an_amount_are_not_read() -> None:
    record = bytearray(Tx().record())
    record[24:36] = "１０９５６０".encode("cp932")  # 12 bytes of full-width digits
    trailer = _trailer((0, 0), (1, 440), 2)
    data = _file([_header(), bytes(record), GOOD[1].record(), trailer, _end()])
    assert _transactions(data) == EXPECTED[1:]


def test_the_block_reports_a_malformed_file_with_its_name(
    run: Run, put: Put, tmp_path: Path
) -> None:
    path = tmp_path / "入出金明細.txt"
    path.write_bytes(_good(b"")[: 3 * 200 + 40])
    with pytest.raises(BlockError) as info:
        run("table.read_statement", statement=put(path))
    assert info.value.code == "FILE_INVALID"
    assert info.value.message.startswith("入出金明細.txt: ")
    assert info.value.hint == t("runtime.statement.zengin.length_hint")


def test_messages_follow_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")
    data = _file([_header(), *(tx.record() for tx in GOOD), Tx().record(), GOOD_TRAILER, _end()])
    error = _invalid(data)
    differences = (
        _difference("count", "入金件数", 1, 2),
        _difference("amount", "入金額合計", 109560, 219120),
        _difference("count", "データ・レコード件数", 2, 3),
    )
    # t reads KEIRI_LANG: the English entries
    assert error.message == f"zengin.txt: {_mismatch(5, *differences)}"
    assert error.hint == t("runtime.statement.zengin.trailer_hint", lang="en")
