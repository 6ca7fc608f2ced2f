"""Deterministic generator of synthetic registration-number registry files in the NTA's
published layout (CSV, no header, the columns of `blocks.registration.layout.COLUMNS`).

    python samples/make_registry.py OUT_DIR [--count 3000] [--encoding utf-8|cp932] [--zip]

Writes a full snapshot as of 2026-03-31 split into 法人 / 人格のない社団等 / 個人
(`zenken_hojin_20260331.csv`, `zenken_jinkakunashi_20260331.csv`, `zenken_kojin_20260331.csv`)
and two daily difference files (`sabun_20260402.csv`, `sabun_20260403.csv`). Every number has
a valid check digit. Besides `count` ordinary registrants, the cases of `CASES` are always
there: registered, cancelled (取消), expired (失効), registered later, an individual with a trade
name, a name changed in each difference file, a registration new in the first difference file,
a cancellation published in the second, and a withdrawn publication. `write_snapshot` streams a
large snapshot (the benchmark's 1,000,000 records). Same arguments, same bytes.
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "CASES",
    "DIFF_DATES",
    "SNAPSHOT_DATE",
    "Case",
    "build",
    "main",
    "number_for",
    "row",
    "write",
    "write_snapshot",
]

SNAPSHOT_DATE = "2026-03-31"
DIFF_DATES = ("2026-04-02", "2026-04-03")
_WIDTH = 24
_STEMS = (
    "山田", "みどり", "ブルー", "さくら", "北斗", "東京", "ひまわり", "大和", "富士", "青葉",
    "光", "中央", "日本", "新星", "朝日", "若葉", "丸の内", "港", "城南", "つばさ",
)  # fmt: skip
_TRADES = ("商事", "商店", "印刷", "運輸", "システム", "食品", "工業", "物産", "企画", "産業")
_FORMS = ("株式会社", "有限会社", "合同会社")
_CITIES = (
    "東京都千代田区",
    "東京都港区",
    "大阪府大阪市北区",
    "愛知県名古屋市中区",
    "福岡県福岡市博多区",
)


def _check_digit(base12: str) -> int:
    total = sum(int(d) * (1 if i % 2 == 0 else 2) for i, d in enumerate(reversed(base12)))
    return 9 - total % 9


def number_for(serial: int) -> str:
    """The registration number of a serial (`T` + check digit + 12 digits)."""
    base = f"{serial:012d}"
    return f"T{_check_digit(base)}{base}"


def row(
    sequence: int,
    number: str,
    name: str,
    *,
    process: str = "01",
    kind: str = "2",
    registered: str = "2023-10-01",
    updated: str | None = None,
    cancelled: str = "",
    expired: str = "",
    trade_name: str = "",
    other_name: str = "",
    address: str = "東京都千代田区丸の内1-1-1",
    latest: str = "1",
    correct: str = "0",
) -> list[str]:
    """One record in the published column order."""
    fields = [""] * _WIDTH
    fields[0], fields[1], fields[2], fields[3] = str(sequence), number, process, correct
    fields[4], fields[5], fields[6] = kind, "1", latest
    fields[7], fields[8] = registered, updated or registered
    fields[9], fields[10] = cancelled, expired
    if kind == "1":
        fields[14] = address  # an individual's address is published only on request
    else:
        fields[11], fields[12], fields[13] = address, "13", "101"
    fields[17], fields[18] = "", name
    fields[22], fields[23] = trade_name, other_name
    return fields


@dataclass(frozen=True)
class Case:
    """A number with a known history; `names` maps a day to the name in force on it."""

    key: str
    number: str
    kind: str


#: The special cases, by key (their serials sit above every ordinary one).
CASES: dict[str, Case] = {
    key: Case(key, number_for(900_000_000 + i), "1" if key == "individual" else "2")
    for i, key in enumerate(
        (
            "registered",
            "cancelled",
            "expired",
            "later",
            "individual",
            "renamed",
            "new_in_diff",
            "cancelled_in_diff",
            "withdrawn",
        )
    )
}


def _name(rng: random.Random) -> str:
    return f"{rng.choice(_FORMS)}{rng.choice(_STEMS)}{rng.choice(_STEMS)}{rng.choice(_TRADES)}"


def _ordinary(count: int, seed: int) -> Iterator[tuple[str, list[str]]]:
    """(part, record) of `count` ordinary registrants; 1 in 40 is an individual."""
    rng = random.Random(seed)
    for serial in range(1, count + 1):
        number = number_for(serial * 7919 % 10**12)
        individual = serial % 40 == 0
        association = not individual and serial % 97 == 0
        name = (
            f"{rng.choice(_STEMS)} {rng.choice('太郎花子一郎美咲健')}" if individual else _name(rng)
        )
        registered = rng.choice(("2023-10-01", "2023-10-01", "2024-01-15", "2024-07-01"))
        record = row(
            serial,
            number,
            name,
            kind="1" if individual else "2",
            registered=registered,
            address=f"{rng.choice(_CITIES)}{rng.randint(1, 9)}-{rng.randint(1, 30)}",
        )
        yield (
            ("individual" if individual else "association" if association else "corporation"),
            record,
        )


def _snapshot_cases() -> list[tuple[str, list[str]]]:
    c = {key: case.number for key, case in CASES.items()}
    return [
        ("corporation", row(0, c["registered"], "株式会社山田商事")),
        (
            "corporation",
            row(0, c["cancelled"], "株式会社取消商会", process="04", updated="2025-06-01",
                cancelled="2025-06-01"),
        ),
        (
            "corporation",
            row(0, c["expired"], "合同会社失効企画", process="03", updated="2025-09-01",
                expired="2025-09-01"),
        ),
        ("corporation", row(0, c["later"], "株式会社新規登録", registered="2026-02-01")),
        (
            "individual",
            row(0, c["individual"], "鈴木 一郎", kind="1", trade_name="鈴木工務店",
                address="神奈川県横浜市中区1-2-3"),
        ),
        ("corporation", row(0, c["renamed"], "株式会社旧名商事")),
        ("corporation", row(0, c["cancelled_in_diff"], "株式会社後日取消")),
        ("association", row(0, c["withdrawn"], "取下げ協会")),
    ]  # fmt: skip


def _diff_rows(day: str) -> list[list[str]]:
    c = {key: case.number for key, case in CASES.items()}
    if day == DIFF_DATES[0]:
        return [
            row(1, c["renamed"], "株式会社中間商事", process="02", updated=day),
            row(2, c["new_in_diff"], "株式会社差分新規", registered=day),
        ]
    return [
        row(1, c["renamed"], "株式会社新名商事", process="02", updated=day),
        row(2, c["cancelled_in_diff"], "株式会社後日取消", process="04", updated=day,
            cancelled=day),
        row(3, c["withdrawn"], "取下げ協会", process="99", updated=day),
    ]  # fmt: skip


def _csv(rows: list[list[str]], encoding: str) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerows(rows)
    return buffer.getvalue().encode(encoding)


_PART_FILES = {"corporation": "hojin", "association": "jinkakunashi", "individual": "kojin"}


def build(count: int = 3000, seed: int = 28) -> dict[str, list[list[str]]]:
    """File name -> records of the snapshot parts and the two difference files."""
    parts: dict[str, list[list[str]]] = {part: [] for part in _PART_FILES}
    for part, record in [*_ordinary(count, seed), *_snapshot_cases()]:
        parts[part].append(record)
    stamp = SNAPSHOT_DATE.replace("-", "")
    files: dict[str, list[list[str]]] = {}
    for part, records in parts.items():
        for sequence, record in enumerate(records, start=1):
            record[0] = str(sequence)
        files[f"zenken_{_PART_FILES[part]}_{stamp}.csv"] = records
    for day in DIFF_DATES:
        files[f"sabun_{day.replace('-', '')}.csv"] = _diff_rows(day)
    return files


def write(
    out: Path, *, count: int = 3000, encoding: str = "utf-8", zipped: bool = False
) -> list[Path]:
    """Write the files of `build` into `out` (the snapshot as one ZIP when `zipped`)."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    files = build(count)
    if zipped:
        target = out / f"zenken_{SNAPSHOT_DATE.replace('-', '')}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, records in files.items():
                if name.startswith("zenken_"):
                    info = zipfile.ZipInfo(name, date_time=(2026, 4, 1, 0, 0, 0))
                    archive.writestr(info, _csv(records, encoding), zipfile.ZIP_DEFLATED)
        written.append(target)
        files = {n: r for n, r in files.items() if not n.startswith("zenken_")}
    for name, records in files.items():
        path = out / name
        path.write_bytes(_csv(records, encoding))
        written.append(path)
    return written


def write_snapshot(
    path: Path, count: int, *, encoding: str = "utf-8", seed: int = 28, renumber: int = 0
) -> int:
    """Stream a snapshot of `count` ordinary records to `path`; returns its size in bytes.
    `renumber` shifts the sequence numbers (next month's snapshot of the same records)."""
    with path.open("w", encoding=encoding, newline="") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")
        for _part, record in _ordinary(count, seed):
            if renumber:
                record[0] = str(int(record[0]) + renumber)
            writer.writerow(record)
    return path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--encoding", choices=("utf-8", "cp932"), default="utf-8")
    parser.add_argument("--zip", action="store_true", help="the snapshot parts in one ZIP")
    args = parser.parse_args(argv)
    write(args.out, count=args.count, encoding=args.encoding, zipped=args.zip)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
