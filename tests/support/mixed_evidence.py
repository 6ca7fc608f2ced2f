"""An evidence ZIP mixing invoices, a receipt, a quotation, a payment notice, a cover letter, a
scan without text, an unreadable file, a lock file and an empty file, and a cp932 bank CSV
holding 前月繰越 and 合計 rows: shared by the block-level and the end-to-end tests of "the
report accounts for every file"."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from pypdf import PdfWriter

__all__ = ["CONTRADICTED", "MEMBERS_OUTCOME", "STATEMENT", "mixed_zip"]

EVIDENCE = Path(__file__).resolve().parents[2] / "samples" / "evidence" / "invoices"

RECEIPT = "領 収 書\n上様\n2024年4月8日\nカフェ・テスト株式会社\n登録番号 T1234567890123\nコーヒー ※ 2 ¥330 ¥660\n8%対象 ¥660 内消費税 ¥48\n合計 ¥660\n※は軽減税率対象"
QUOTE = "御 見 積 書\n株式会社サンプル商事 御中\n2024年4月2日\n株式会社山田商店\n御見積金額 ¥110,000\n有効期限 2024年5月1日"
NOTICE = "検収兼お支払通知書\n株式会社山田商店 御中\n支払日 2024年4月30日\n合計\n1\n¥5,500"
CONTRADICTED = "請求書\n株式会社サンプル商事 御中\n請求日 2024年4月3日\n有限会社テスト\n登録番号 T1234567890123\n作業費 1 ¥10,000 ¥10,000 10%\n10%対象 ¥10,000 消費税 ¥1,000\nご請求金額 ¥12,000"
STATEMENT = (
    "日付,摘要,お引出し,お預入れ,差引残高\r\n"
    '2024/04/01,前月繰越,,,"1,000,000"\r\n'
    '2024/04/30,ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ,"35,698",,"964,302"\r\n'
    '2024/04/10,ｶﾌｴ ﾃｽﾄ,660,,"963,642"\r\n'
    ',合計,"36,358",,\r\n'
)


def _blank_pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(595, 842)  # what a scan without a text layer yields without OCR
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def mixed_zip(extra: dict[str, bytes] | None = None) -> bytes:
    """The mixed ZIP; `extra` adds members."""
    members = {
        "株式会社山田商店/請求書_2024年04月_001.pdf": (
            EVIDENCE / "inv_001_yamada.pdf"
        ).read_bytes(),
        "カフェ/領収書.txt": RECEIPT.encode(),
        "株式会社山田商店/見積書.txt": QUOTE.encode(),
        "支払通知/通知.txt": NOTICE.encode(),
        "有限会社テスト/請求書.txt": CONTRADICTED.encode(),
        "送付状.txt": "株式会社サンプル商事 御中\n請求書一式を送付いたします。".encode(),
        "スキャン/請求書_scan.pdf": _blank_pdf(),
        "壊れた/請求書.pdf": b"%PDF-1.4\n garbage",
        "有限会社みどり印刷/~$請求書.xlsx": b"\x05owner" + b"\x00" * 50,
        "有限会社みどり印刷/空.pdf": b"",
    }
    members.update(extra or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


MEMBERS_OUTCOME = {
    "株式会社山田商店/請求書_2024年04月_001.pdf": "照合済",
    "カフェ/領収書.txt": "照合済",
    "株式会社山田商店/見積書.txt": "請求書以外",
    "支払通知/通知.txt": "請求書以外",
    "送付状.txt": "請求書以外",
    "有限会社テスト/請求書.txt": "要確認",
    "スキャン/請求書_scan.pdf": "読取不可",
    "壊れた/請求書.pdf": "読取不可",
    "有限会社みどり印刷/~$請求書.xlsx": "除外",
    "有限会社みどり印刷/空.pdf": "除外",
}
"""The outcome of each member of `mixed_zip()` against `STATEMENT`."""
