"""Deterministic generator of a Japanese bank statement workbook (入出金明細) of the buyer
(株式会社サンプル商事, to whom the sample invoices are addressed): its transfers (出金) pay the
vendors' invoices — with the near misses a payables reconciliation must handle.

    python samples/make_bank_statement.py [--manifest samples/evidence/manifest.json]
                                          [--out samples/bank/bank_statement.xlsx]

The invoices come from `samples/evidence/manifest.json` when it exists (made by
`samples/make_evidence.py`), else from a built-in list with the same vendors. Each invoice but
one is paid a few days after its date; some payments deduct the transfer fee borne by the
vendor (先方負担, 440 or 660 yen); one transfer pays no invoice of the batch; rent,
electricity and bank fees are other withdrawals, and a customer's payment is the one deposit.
摘要 holds half-width kana names as banks print them (`ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼﾖｳﾃﾝ`).
Same input, same bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["KANA", "Entry", "build_entries", "load_invoices", "main", "render"]

ROOT = Path(__file__).resolve().parent
OPENING_BALANCE = 3_000_000
_FIXED_TIME = (2024, 10, 1, 9, 0, 0)

#: How the bank prints each vendor's name (legal form abbreviated, small kana enlarged).
KANA = {
    "株式会社山田商店": "ｶ)ﾔﾏﾀﾞｼﾖｳﾃﾝ",
    "有限会社みどり印刷": "ﾕ)ﾐﾄﾞﾘｲﾝｻﾂ",
    "合同会社ブルーオーシャン": "ﾄﾞ)ﾌﾞﾙ-ｵ-ｼﾔﾝ",
    "株式会社さくら運輸": "ｶ)ｻｸﾗｳﾝﾕ",
    "株式会社北斗システム": "ｶ)ﾎｸﾄｼｽﾃﾑ",
    "株式会社東京オフィスサプライ": "ｶ)ﾄｳｷﾖｳｵﾌｲｽｻﾌﾟﾗｲ",
    "株式会社ひまわり食品": "ｶ)ﾋﾏﾜﾘｼﾖｸﾋﾝ",
}
_BUILT_IN = [  # (id, issuer, date, total) used when the evidence manifest is absent
    ("inv_001", "株式会社山田商店", "2024-04-23", 35698),
    ("inv_002", "有限会社みどり印刷", "2024-05-15", 658678),
    ("inv_003", "合同会社ブルーオーシャン", "2024-06-25", 1300136),
    ("inv_004", "株式会社さくら運輸", "2024-07-18", 32314),
    ("inv_005", "株式会社北斗システム", "2024-08-21", 406477),
    ("inv_006", "株式会社東京オフィスサプライ", "2024-09-21", 2134517),
    ("inv_007", "株式会社ひまわり食品", "2024-04-25", 313449),
]
_FEES = (0, 440, 0, 660)
_UNKNOWN_PAYEE = ("ﾌﾘｺﾐ ｶ)ﾐﾂﾎﾞｼｼﾖｳｼﾞ", 88000, dt.date(2024, 6, 10))
_CUSTOMER_RECEIPT = ("ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ", 1650000, dt.date(2024, 5, 31))
_MONTHLY = (("ﾔﾁﾝ ｼﾞﾑｼﾖ", 275000, 27), ("ﾃﾞﾝｷﾀﾞｲ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", 18452, 12))


@dataclass(frozen=True)
class Entry:
    """One statement line; `invoice_id`/`fee` say which invoice a transfer pays (for tests)."""

    date: dt.date
    description: str
    deposit: int | None
    withdrawal: int | None
    invoice_id: str | None = None
    fee: int = 0


def load_invoices(manifest: Path | None) -> list[dict[str, Any]]:
    """(id, issuer, date, total) of every invoice: the manifest's, or the built-in list."""
    if manifest is not None and manifest.is_file():
        data = json.loads(manifest.read_text(encoding="utf-8"))
        invoices = [
            {"id": i["id"], "issuer": i["issuer"], "date": i["date"], "total": i["total"]}
            for i in data["invoices"]
        ]
    else:
        invoices = [{"id": a, "issuer": b, "date": c, "total": d} for a, b, c, d in _BUILT_IN]
    unknown = sorted({i["issuer"] for i in invoices} - set(KANA))
    if unknown:
        raise SystemExit(f"no bank kana name for {', '.join(unknown)}: add them to KANA")
    return invoices


def build_entries(invoices: list[dict[str, Any]]) -> list[Entry]:
    """Transfers paying every invoice but the last (never paid), a transfer without an
    invoice, a customer's deposit, monthly withdrawals; sorted by date (stable)."""
    entries: list[Entry] = []
    for index, invoice in enumerate(invoices[:-1]):
        fee = _FEES[index % len(_FEES)]
        paid_on = dt.date.fromisoformat(invoice["date"]) + dt.timedelta(days=3 + index % 5)
        entries.append(
            Entry(
                paid_on,
                f"ﾌﾘｺﾐ {KANA[invoice['issuer']]}",
                None,
                invoice["total"] - fee,
                invoice["id"],
                fee,
            )
        )
    entries.append(Entry(_UNKNOWN_PAYEE[2], _UNKNOWN_PAYEE[0], None, _UNKNOWN_PAYEE[1]))
    entries.append(Entry(_CUSTOMER_RECEIPT[2], _CUSTOMER_RECEIPT[0], _CUSTOMER_RECEIPT[1], None))
    months = sorted({dt.date.fromisoformat(i["date"]).replace(day=1) for i in invoices})
    for month in months:
        for text, amount, day in _MONTHLY:
            entries.append(Entry(month.replace(day=day), text, None, amount))
        entries.append(Entry(month.replace(day=25), "ﾌﾘｺﾐﾃｽｳﾘﾖｳ", None, 660))
    return sorted(entries, key=lambda e: e.date)


def render(entries: list[Entry]) -> bytes:
    """The workbook: a title block, the table header on row 5, one row per entry."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    workbook = Workbook()
    stamp = dt.datetime(*_FIXED_TIME)
    workbook.properties.created = workbook.properties.modified = stamp
    workbook.properties.creator = workbook.properties.lastModifiedBy = "サンプル銀行"
    sheet = workbook.active
    sheet.title = "入出金明細"
    sheet["A1"] = "入出金明細"
    sheet["A1"].font = Font(bold=True, size=14)
    sheet["A2"] = "サンプル銀行 本店営業部 普通預金 1234567"
    first, last = entries[0].date, entries[-1].date
    sheet["A3"] = f"照会期間 {first:%Y年%m月%d日} ～ {last:%Y年%m月%d日}"
    header = ["日付", "摘要", "入金", "出金", "残高"]
    thin = Side(style="thin", color="999999")
    for col, label in enumerate(header, start=1):
        cell = sheet.cell(5, col, label)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDEBF7")
        cell.alignment = Alignment(horizontal="center")
        cell.border = Border(bottom=thin)
    balance = OPENING_BALANCE
    for row, entry in enumerate(entries, start=6):
        balance += (entry.deposit or 0) - (entry.withdrawal or 0)
        values = [entry.date, entry.description, entry.deposit, entry.withdrawal, balance]
        for col, value in enumerate(values, start=1):
            cell = sheet.cell(row, col, value)
            cell.number_format = "yyyy/mm/dd" if col == 1 else "#,##0"
    for letter, width in zip("ABCDE", (12, 34, 14, 14, 16), strict=True):
        sheet.column_dimensions[letter].width = width
    sheet.freeze_panes = "A6"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return _fixed_zip(buffer.getvalue())


def _fixed_zip(data: bytes) -> bytes:
    """Rewrite the package with fixed timestamps so the same input gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            part = src.read(info)
            if info.filename == "docProps/core.xml":  # openpyxl stamps `modified` on save
                part = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-10-01T09:00:00Z", part
                )
            fixed = zipfile.ZipInfo(info.filename, date_time=_FIXED_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(fixed, part)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", type=Path, default=ROOT / "evidence" / "manifest.json")
    parser.add_argument("--out", type=Path, default=ROOT / "bank" / "bank_statement.xlsx")
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(render(build_entries(load_invoices(args.manifest))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
