"""A month of evidence for the journal tests (period 2026-09-21..2026-10-20, 20日締め): the
counterparty master, six bookable invoices (single-rate, two-rate, a non-registered vendor
before and after 2026-10-01, a non-taxable part, a long description), two that must not be
booked (要確認, a quotation), and three matched payments (a fee deducted by the vendor, paid
in full, a fee paid by us). The golden files under tests/fixtures/journals/ were written by
hand from this data."""

from __future__ import annotations

from typing import Any

from blocks.counterparties.models import Counterparty

RUN_ID = "golden-run"
PERIOD = "2026-09-21..2026-10-20"
MASTER = [
    Counterparty(code="C001", name="株式会社山田商事", kana="ﾔﾏﾀﾞｼｮｳｼﾞ",
                 registration_number="T7010001000000", default_account="消耗品費",
                 payment_terms="月末締め翌月末払い"),
    Counterparty(code="C002", name="さくら運輸株式会社", kana="ｻｸﾗｳﾝﾕ",
                 registration_number="T6010001000001", default_account="荷造運賃",
                 payment_terms="翌月末"),
    Counterparty(code="C003", name="有限会社みどり商店", kana="ﾐﾄﾞﾘｼｮｳﾃﾝ",
                 default_account="会議費"),
    Counterparty(code="C004", name="株式会社ひかり通信", kana="ﾋｶﾘﾂｳｼﾝ",
                 registration_number="T5010001000002", default_account="通信費",
                 payment_terms="翌月25日"),
]  # fmt: skip
REGISTRY = {
    "T7010001000000": "registered",
    "T6010001000001": "registered",
    "T5010001000002": "registered",
}
LONG = (
    "配送料 9月分（東京都千代田区丸の内一丁目から大阪府大阪市北区梅田三丁目までの混載便・時間指定）"
)
_OK = {"total": "確定", "transaction_date": "確定", "totals_by_rate": "確定", "tax_by_rate": "確定"}


def _invoice(path: str, kind: str, issuer: str, number: str | None, date: str,
             lines: list[tuple[str, int, int]], totals: dict[str, int], taxes: dict[str, int],
             inclusive: bool, total: int, **more: Any) -> dict[str, Any]:  # fmt: skip
    return {
        "source": {"name": path.rsplit("/", 1)[-1], "path": path},
        "document_type": kind,
        "issuer_name": issuer,
        "registration_number": number,
        "transaction_date": date,
        "lines": [{"description": d, "amount": a, "rate": r} for d, a, r in lines],
        "totals_by_rate": totals,
        "tax_by_rate": taxes,
        "amounts_include_tax": inclusive,
        "total": total,
        "status": dict(_OK),
        **more,
    }


INVOICES = [
    _invoice("山田商事/請求書_0925.pdf", "invoice", "株式会社山田商事", "T7010001000000",
             "2026-09-25", [("コピー用紙 A4 500枚", 20000, 10)], {"10": 20000}, {"10": 2000},
             False, 22000),
    _invoice("山田商事/請求書_1005.pdf", "invoice", "株式会社山田商事", "T7010001000000",
             "2026-10-05", [("コピー用紙 A4", 10558, 10), ("緑茶 500ml×24本", 22301, 8)],
             {"10": 10558, "8": 22301}, {"10": 1055, "8": 1784}, False, 35698),
    _invoice("みどり商店/領収書_0928.pdf", "simplified_invoice", "有限会社みどり商店", None,
             "2026-09-28", [("お茶菓子", 5400, 8)], {"8": 5400}, {"8": 400}, True, 5400),
    _invoice("みどり商店/領収書_1008.pdf", "simplified_invoice", "有限会社みどり商店", None,
             "2026-10-08", [("紙コップ", 3300, 10)], {"10": 3300}, {"10": 300}, True, 3300),
    _invoice("さくら運輸/請求書_1002.pdf", "invoice", "さくら運輸株式会社", "T6010001000001",
             "2026-10-02", [(LONG, 8000, 10)], {"10": 8000}, {"10": 800}, False, 8800),
    _invoice("ひかり通信/請求書_1010.pdf", "invoice", "株式会社ひかり通信", "T5010001000002",
             "2026-10-10", [("インターネット回線 10月分", 6000, 10), ("収入印紙代（立替）", 200, 0)],
             {"10": 6000}, {"10": 600}, False, 6800, non_taxable=200),
    _invoice("さくら運輸/請求書_1015.pdf", "invoice", "さくら運輸株式会社", "T6010001000001",
             "2026-10-15", [("配送料", 5000, 10)], {"10": 5000}, {"10": 500}, False, 5500,
             status={**_OK, "total": "要確認"}, review_reasons={"total": "合計の候補が食い違う"}),
    _invoice("山田商事/見積書_1001.pdf", "quotation", "株式会社山田商事", "T7010001000000",
             "2026-10-01", [("棚", 50000, 10)], {"10": 50000}, {"10": 5000}, False, 55000),
]  # fmt: skip
#: The stored evidence files (file.parse_zip_2tier's evidence_data.files, trimmed).
EVIDENCE = [
    {"path": inv["source"]["path"],
     "file": {"uri": f"keiri://store/{c * 64}", "name": inv["source"]["name"], "size": 100,
              "sha256": c * 64, "media_type": "application/pdf"}}
    for inv, c in zip(INVOICES, "abcdef01", strict=True)
]  # fmt: skip
STATEMENT = [
    {"日付": "2026-09-30", "摘要": "ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ", "出金": 21560},
    {"日付": "2026-10-15", "摘要": "ﾌﾘｺﾐ ｻｸﾗｳﾝﾕ(ｶ", "出金": 8800},
    {"日付": "2026-10-20", "摘要": "ﾌﾘｺﾐ ﾕ)ﾐﾄﾞﾘｼｮｳﾃﾝ", "出金": 5840},
    {"日付": "2026-10-25", "摘要": "ﾌﾘｺﾐﾃｽｳﾘﾖｳ", "出金": 660},
]
STATEMENT_FILE = {"uri": f"keiri://store/{'9' * 64}", "name": "入出金明細.xlsx", "size": 2048,
                  "sha256": "9" * 64, "media_type": "application/octet-stream"}  # fmt: skip
MATCHED = [
    {"left_index": 0, "right_index": 0, "left": INVOICES[0], "right": STATEMENT[0], "amount_diff": -440},
    {"left_index": 4, "right_index": 1, "left": INVOICES[4], "right": STATEMENT[1], "amount_diff": 0},
    {"left_index": 2, "right_index": 2, "left": INVOICES[2], "right": STATEMENT[2], "amount_diff": 440},
]  # fmt: skip
