"""Files the form-app tests upload, generated here (a real ZIP with Japanese member names)."""

from __future__ import annotations

import io
import zipfile

__all__ = ["INVOICE_TEXT", "evidence_zip"]

INVOICE_TEXT = "請求書\n株式会社サンプル商事 御中\n株式会社山田商店\nご請求金額 ¥35,698-\n"
COVER_TEXT = "株式会社サンプル商事 経理部 御中\n請求書一式を送付いたします。\n"


def evidence_zip() -> bytes:
    """証跡 ZIP: one vendor folder with an invoice, and a cover letter at the root."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("株式会社山田商店/請求書_2024年04月_001.txt", INVOICE_TEXT)
        archive.writestr("送付状.txt", COVER_TEXT)
    return buffer.getvalue()
