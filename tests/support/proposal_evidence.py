"""A month whose invoices have 要確認 totals that are in fact right, and the bank CSV that paid
them: shared by the CLI and the browser tests of "every payment paired" (issue 25).

- 株式会社山田商店 (a real sample PDF): 確定, paid 35,698 → matched by keiri.
- 有限会社テスト: the stated total ¥12,000 contradicts its lines (10,000 + 10% = 11,000) → 要確認;
  paid 11,000 → a proposal (candidate 11,000).
- 株式会社みなと商会: ¥45,000 stated, 40,000 + 10% = 44,000 → 要確認; paid 44,000 → a proposal.
- the operating system's files (`.DS_Store`, `__MACOSX/._…`, `Thumbs.db`) the ZIP reader leaves
  out, listed by the report as 除外; a customer's deposit the payables reconciliation skips.
"""

from __future__ import annotations

import io
import zipfile

from tests.support.mixed_evidence import CONTRADICTED, EVIDENCE

__all__ = ["MINATO", "PROPOSAL_STATEMENT", "TEST", "YAMADA", "proposal_zip", "zip_members"]

YAMADA = "株式会社山田商店/請求書_2024年04月_001.pdf"
TEST = "有限会社テスト/請求書.txt"
MINATO = "株式会社みなと商会/請求書.txt"
_MINATO_TEXT = (
    "請求書\n株式会社サンプル商事 御中\n請求日 2024年4月12日\n株式会社みなと商会\n"
    "登録番号 T2234567890123\n梱包資材 1 ¥40,000 ¥40,000 10%\n10%対象 ¥40,000 消費税 ¥4,000\n"
    "ご請求金額 ¥45,000"
)
PROPOSAL_STATEMENT = (
    "日付,摘要,お引出し,お預入れ,差引残高\r\n"
    '2024/04/01,前月繰越,,,"1,000,000"\r\n'
    '2024/04/10,ﾌﾘｺﾐ ﾕ)ﾃｽﾄ,"11,000",,"989,000"\r\n'
    '2024/04/20,ﾌﾘｺﾐ ｶ)ﾐﾅﾄｼﾖｳｶｲ,"44,000",,"945,000"\r\n'
    '2024/04/25,ﾌﾘｺﾐ ｶ)ｻﾝﾌﾟﾙｺｳｷﾞﾖｳ,,"200,000","1,145,000"\r\n'
    '2024/04/30,ﾌﾘｺﾐ ﾔﾏﾀﾞｼﾖｳﾃﾝ,"35,698",,"1,109,302"\r\n'
)


def proposal_zip() -> bytes:
    members = {
        YAMADA: (EVIDENCE / "inv_001_yamada.pdf").read_bytes(),
        TEST: CONTRADICTED.encode(),
        MINATO: _MINATO_TEXT.encode(),
        "有限会社テスト/.DS_Store": b"\x00\x00\x00\x01Bud1",
        "__MACOSX/有限会社テスト/._請求書.txt": b"\x00\x05\x16\x07",
        "Thumbs.db": b"\xd0\xcf\x11\xe0",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("__MACOSX/", b"")  # a folder entry, not a member file
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def zip_members(data: bytes) -> list[str]:
    """The member files of a ZIP (folder entries are not files)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [info.filename for info in archive.infolist() if not info.is_dir()]
