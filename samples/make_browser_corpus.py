"""Invoices printed to PDF by a real browser (Debian's Chromium, through Playwright), in four
HTML layouts written apart from the rules — a cloud-invoicing service, a Word-style letter, an
Excel-style grid and a shop receipt — with their expected fields.

This set is a held-out check of the extraction rules: its parties, goods, labels and layouts
are not the ones `make_corpus.py` uses (on which the rules were tuned), and its PDFs come from
Chromium's Skia/PDF backend (font subsets, ToUnicode maps, reading order as Chrome lays it
out), not from our generator.

    python samples/make_browser_corpus.py OUT_DIR     # writes the PDFs and expected.json

Chromium renders Japanese with the IPAex Gothic font that `matplotlib-fontja` ships, loaded
with @font-face (no CJK font needs to be installed). Never `playwright install`: the browser
is /usr/bin/chromium (`scripts/system-deps.sh`).
"""

from __future__ import annotations

import datetime as dt
import html
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_parts import CHROMIUM, ipaex_font, print_html, registration, run, write_documents
from make_corpus import Doc, Line

__all__ = ["CHROMIUM", "BrowserDoc", "build_docs", "generate", "main"]

ISSUERS = [
    ("株式会社あおば企画", "宮城県仙台市青葉区一番町1-9-1", "022-711-0401", "佐々木"),
    ("株式会社かもめ電機", "広島県広島市中区紙屋町2-2-2", "082-240-1122", "井上"),
    ("合同会社つばさデザイン", "京都府京都市下京区烏丸通七条下ル", "075-365-7788", "中村"),
    ("有限会社いろは工務店", "静岡県静岡市葵区追手町9-6", "054-221-3344", "松本"),
]
BUYERS = ["株式会社ミライ商会", "東和産業株式会社", "株式会社ことぶき物産", "合同会社ひかり総研"]
GOODS10 = [("Webサイト保守（5月分）", 38500), ("クラウドストレージ利用料", 12100),
           ("出張作業費", 27500), ("ノートPCスタンド", 4980), ("LANケーブル 5m", 880),
           ("デザイン制作費", 165000)]  # fmt: skip
GOODS8 = [("ミネラルウォーター 500ml×24本", 2180), ("お弁当（幕の内）", 1080),
          ("ドリップコーヒー 100袋", 3240)]  # fmt: skip
ADVANCES = [("立替金（収入印紙）", 200), ("立替金（交通費）", 1360)]


@dataclass
class BrowserDoc:
    id: str
    layout: str
    kind: str
    issuer: tuple[str, str, str, str]
    registration: str
    buyer: str | None
    date: dt.date
    number: str
    lines: list[Line]
    inclusive: bool

    fmt = "pdf"
    dpi = 0

    @property
    def style(self) -> str:
        return f"chromium-{self.layout}"

    # The amounts and the expected fields are the generated corpus's own (one definition).
    bases = Doc.bases
    taxes = Doc.taxes
    non_taxable = Doc.non_taxable
    total = Doc.total
    expected = Doc.expected


def build_docs(seed: int = 20261125) -> list[BrowserDoc]:
    """16 documents: four of each layout (receipts for the `receipt` layout)."""
    rng = random.Random(seed)
    docs: list[BrowserDoc] = []
    for index in range(16):
        layout = ("cloud", "letter", "grid", "receipt")[index % 4]
        receipt = layout == "receipt"
        count = rng.randint(1, 3) if receipt else rng.randint(2, 6)
        items = [Line(n, rng.randint(1, 5), p, 10) for n, p in rng.sample(GOODS10, k=count)]
        if index % 3 == 0 or receipt:
            name, price = rng.choice(GOODS8)
            items.insert(rng.randrange(len(items) + 1), Line(name, rng.randint(1, 9), price, 8))
        if layout == "cloud" and index % 8 == 0:
            name, price = rng.choice(ADVANCES)
            items.append(Line(name, 1, price, None))
        docs.append(
            BrowserDoc(
                id=f"web_{index + 1:03d}",
                layout=layout,
                kind="simplified_invoice" if receipt else "invoice",
                issuer=ISSUERS[index % len(ISSUERS)],
                registration=registration(rng),
                buyer=None if receipt else BUYERS[(index // 4) % len(BUYERS)],
                date=dt.date(2026, 5 + index % 5, rng.randint(1, 28)),
                number=f"{rng.randint(2026000, 2026999)}",
                lines=items,
                inclusive=receipt,
            )
        )
    return docs


# -- HTML layouts -------------------------------------------------------------------------------

CSS = """
@font-face { font-family: "IPAexGothic"; src: url("ipaexg.ttf"); }
body { font-family: "IPAexGothic"; font-size: 10.5pt; color: #222; margin: 0; }
table { border-collapse: collapse; }
.num { text-align: right; }
"""


def _yen(value: int) -> str:
    return f"¥{value:,}"


def _rate_label(item: Line) -> str:
    return {10: "10%", 8: "8%※", None: "非課税"}[item.rate]


def _cloud(doc: BrowserDoc) -> str:
    """A cloud invoicing service: title on top, buyer left, issuer right with 担当, a boxed
    ご請求金額, a meta table, the items table, the per-rate breakdown and bank details."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        f"<tr><td>{html.escape(i.description)}{' ※' if i.rate == 8 else ''}</td>"
        f"<td class=num>{i.quantity}</td><td>式</td><td class=num>{i.unit_price:,}</td>"
        f"<td class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    breakdown = "".join(
        f"<tr><td>{r}%対象</td><td class=num>{_yen(b)}</td><td>消費税</td>"
        f"<td class=num>{_yen(doc.taxes()[r])}</td></tr>"
        for r, b in doc.bases().items()
    )
    if doc.non_taxable():
        breakdown += f"<tr><td>非課税</td><td class=num>{_yen(doc.non_taxable())}</td></tr>"
    return f"""
<div style="padding:36px 44px">
 <div style="text-align:center;font-size:22pt;letter-spacing:6px;border-bottom:3px double #333;
   margin-bottom:18px">請求書</div>
 <div style="display:flex;justify-content:space-between">
  <div style="width:55%">
   <div style="font-size:14pt;border-bottom:1px solid #333">{doc.buyer} 御中</div>
   <p>件名：{doc.date.month}月分 ご利用料金</p>
   <p>下記のとおりご請求申し上げます。</p>
   <table style="border:2px solid #333;margin-top:8px"><tr>
    <td style="background:#eee;padding:6px 12px">ご請求金額</td>
    <td style="padding:6px 16px;font-size:16pt">{_yen(doc.total())}-</td>
    <td style="padding:6px">（税込）</td></tr></table>
  </div>
  <div style="width:40%;font-size:9.5pt">
   <table style="margin-bottom:8px">
    <tr><td>請求日</td><td>{doc.date.year}年{doc.date.month}月{doc.date.day}日</td></tr>
    <tr><td>請求番号</td><td>INV-{doc.number}</td></tr>
    <tr><td>お支払期限</td><td>{doc.date.year}年{doc.date.month + 1}月末日</td></tr>
   </table>
   <div style="font-size:12pt">{name}</div>
   <div>〒000-0000 {address}</div><div>TEL {tel}</div>
   <div>登録番号：{doc.registration}</div><div>担当：{staff}</div>
  </div>
 </div>
 <table style="width:100%;margin-top:18px" border=1 cellpadding=4>
  <tr style="background:#eee"><th>品目</th><th>数量</th><th>単位</th><th>単価</th><th>金額</th></tr>
  {rows}
 </table>
 <div style="display:flex;justify-content:space-between;margin-top:10px">
  <table style="font-size:9.5pt" cellpadding=3>{breakdown}</table>
  <table border=1 cellpadding=4 style="width:38%">
   <tr><td>小計</td><td class=num>{_yen(sum(doc.bases().values()) + doc.non_taxable())}</td></tr>
   <tr><td>消費税</td><td class=num>{_yen(sum(doc.taxes().values()))}</td></tr>
   <tr><td>合計</td><td class=num>{_yen(doc.total())}</td></tr>
  </table>
 </div>
 <p style="font-size:9pt">※印は軽減税率（8%）対象です。</p>
 <div style="border:1px solid #999;padding:6px;font-size:9pt;margin-top:14px">
  お振込先：みずなら銀行 本店営業部 普通 4417820 カ）{name[2:5]}<br>
  恐れ入りますが振込手数料はご負担ください。</div>
</div>"""


def _letter(doc: BrowserDoc) -> str:
    """A Word-style letter: date right, buyer 様 left, spaced title, greeting, a table,
    税抜合計 / 消費税等 / 税込合計金額."""
    name, address, tel, _staff = doc.issuer
    era = f"令和{doc.date.year - 2018}年{doc.date.month}月{doc.date.day}日"
    rows = "".join(
        f"<tr><td>{n}</td><td>{html.escape(i.description)}</td><td class=num>{i.quantity}</td>"
        f"<td class=num>{i.unit_price:,}円</td><td class=num>{i.amount:,}円</td>"
        f"<td>{_rate_label(i)}</td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    taxes = "".join(
        f"<tr><td colspan=4 class=num>消費税等（{r}%）</td><td class=num>{t:,}円</td><td></td></tr>"
        for r, t in doc.taxes().items()
    )
    return f"""
<div style="padding:56px 64px;line-height:1.6">
 <div style="text-align:right">No. {doc.number}<br>{era}</div>
 <div style="font-size:13pt;margin-top:10px">{doc.buyer}　様</div>
 <div style="text-align:center;font-size:20pt;margin:22px 0">御　請　求　書</div>
 <div style="text-align:right">{name}<br>{address}<br>電話 {tel}<br>
  適格請求書発行事業者登録番号 {doc.registration}</div>
 <p>拝啓 時下ますますご清栄のこととお慶び申し上げます。下記のとおりご請求申し上げます。</p>
 <table border=1 cellpadding=5 style="width:100%">
  <tr><th>No.</th><th>品名</th><th>数量</th><th>単価</th><th>金額</th><th>税率</th></tr>
  {rows}
  <tr><td colspan=4 class=num>税抜合計</td>
   <td class=num>{sum(doc.bases().values()):,}円</td><td></td></tr>
  {taxes}
  <tr><td colspan=4 class=num>税込合計金額</td><td class=num>{doc.total():,}円</td><td></td></tr>
 </table>
 <p style="font-size:9pt">※は軽減税率対象品目</p>
 <p style="text-align:right">敬具</p>
</div>"""


def _grid(doc: BrowserDoc) -> str:
    """An Excel-style grid: every label in a cell, a 税率 column, 課税対象額/消費税 per rate."""
    name, address, tel, staff = doc.issuer
    cell = "border:1px solid #555;padding:3px 6px"
    rows = "".join(
        f"<tr><td style='{cell}'>{html.escape(i.description)}</td>"
        f"<td style='{cell}' class=num>{i.quantity}</td>"
        f"<td style='{cell}' class=num>{i.unit_price:,}</td>"
        f"<td style='{cell}'>{_rate_label(i)}</td>"
        f"<td style='{cell}' class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    per_rate = "".join(
        f"<tr><td style='{cell}' colspan=4>課税対象額({r}%)</td>"
        f"<td style='{cell}' class=num>{b:,}</td></tr>"
        f"<tr><td style='{cell}' colspan=4>消費税({r}%)</td>"
        f"<td style='{cell}' class=num>{doc.taxes()[r]:,}</td></tr>"
        for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:30px 40px;font-size:10pt">
 <table style="width:100%">
  <tr><td style="font-size:18pt" colspan=2>請 求 書</td>
   <td style="{cell}">請求書番号</td><td style="{cell}">{doc.number}</td></tr>
  <tr><td colspan=2></td><td style="{cell}">発行日</td>
   <td style="{cell}">{doc.date.strftime("%Y/%m/%d")}</td></tr>
  <tr><td style="font-size:12pt" colspan=2>{doc.buyer}　御中</td>
   <td colspan=2>{name}<br>{address}<br>TEL:{tel}<br>登録番号 {doc.registration}<br>
   担当 {staff}</td></tr>
 </table>
 <table style="width:100%;margin-top:12px">
  <tr><th style="{cell}">品名</th><th style="{cell}">数量</th><th style="{cell}">単価</th>
   <th style="{cell}">税率</th><th style="{cell}">金額</th></tr>
  {rows}
  {per_rate}
  <tr><td style="{cell}" colspan=4>合計</td>
   <td style="{cell}" class=num>{doc.total():,}</td></tr>
 </table>
 <p>※は軽減税率対象</p>
</div>"""


def _receipt(doc: BrowserDoc) -> str:
    """A shop receipt: 領 収 書, 上様, 金額 ¥x-, 但し書き, 内訳 per rate (tax included)."""
    name, address, tel, _staff = doc.issuer
    rows = "".join(
        f"<tr><td>{html.escape(i.description)}{' ※' if i.rate == 8 else ''}</td>"
        f"<td class=num>{i.quantity}</td><td class=num>{_yen(i.amount)}</td></tr>"
        for i in doc.lines
    )
    breakdown = "".join(
        f"<div>{r}%対象 {_yen(b)}（内消費税 {_yen(doc.taxes()[r])}）</div>"
        for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:40px;width:360px;margin:auto">
 <div style="text-align:center;font-size:20pt;letter-spacing:8px">領 収 書</div>
 <div style="margin-top:12px;border-bottom:1px solid #333">上様</div>
 <div style="font-size:16pt;text-align:center;margin:14px 0">金額 {_yen(doc.total())}-</div>
 <div>但し お品代として</div>
 <div style="text-align:right">{doc.date.year}年{doc.date.month}月{doc.date.day}日</div>
 <table style="width:100%;margin-top:10px">{rows}</table>
 <div style="margin-top:8px;font-size:9pt">{breakdown}※は軽減税率対象</div>
 <div style="margin-top:14px">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


LAYOUTS = {"cloud": _cloud, "letter": _letter, "grid": _grid, "receipt": _receipt}


def generate(out: Path) -> list[dict[str, Any]]:
    """Print every document with Chromium into `out`; write and return expected.json."""
    out.mkdir(parents=True, exist_ok=True)
    docs = build_docs()
    printed = print_html(
        docs,
        prefix="keiri-web-",
        fonts={"ipaexg.ttf": ipaex_font()},
        css=CSS,
        body=lambda doc: LAYOUTS[doc.layout](doc),
        pdf_options=lambda doc: {"format": "A4", "print_background": True},
    )
    return write_documents(out, docs, lambda doc, _index: (printed[doc.id], "pdf"))


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, generate, argv)


if __name__ == "__main__":
    raise SystemExit(main())
