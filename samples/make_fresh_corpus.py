"""A fresh held-out set for issue 25, written after the first held-out set (now `dev2`) had
been looked at and before any further rule was changed; nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

New layouts, wording and parameters, none of them in `make_corpus.py`,
`make_browser_corpus.py` or `make_heldout_corpus.py`:

- HTML printed by Debian's Chromium in two fonts the other sets do not use (IPA Mincho and
  VL Gothic, Debian's `fonts-ipafont-mincho` and `fonts-vlgothic`): a cloud-service invoice
  with a ご請求金額 box and a 税率 column, a formal Mincho invoice with お支払金額 and a
  内訳 block, a landscape invoice (a wide table with 規格 / 税区分 and a non-taxable line,
  税抜合計 / 消費税合計 / 税込合計), a two-page invoice (a long item list, the totals on page
  2), a 領収書 form (金額 ¥…-, 但し…, 内訳), and a quotation and a delivery note (kinds only);
- Excel templates written with openpyxl with merged cells: a title, a buyer cell and a
  ご請求金額 value merged over columns, item names merged over three columns, totals with their
  labels merged; and a label-column template with 税込合計;
- scans made from the printed PDFs: 150–300 dpi, rotated up to 2° either way, grey or yellowish
  paper, noise, blur, JPEG artefacts (quality 35–70), some with a phone-photo-like perspective
  skew; as JPEG, PNG or image-only PDF (the two-page invoices as two-page PDF scans).

    python samples/make_fresh_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

import datetime as dt
import html
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_parts import (
    items_only_html,
    print_html,
    registration,
    require_fonts,
    run,
    save_book,
    scan_pdf,
    write_documents,
)
from make_corpus import Doc, Line

__all__ = ["FONTS", "FreshDoc", "build_docs", "generate", "main"]

FONTS = {
    "mincho": Path("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"),
    "vlgothic": Path("/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf"),
}
ISSUERS = [
    ("株式会社あさひクラウド", "福岡県福岡市博多区博多駅前3-2-1", "092-415-3300", "松尾"),
    ("合同会社ことり印刷", "京都府京都市下京区四条通烏丸東入ル長刀鉾町20", "075-221-0450", "西田"),
    ("北斗運輸株式会社", "北海道札幌市白石区東札幌5条1-1-1", "011-820-7711", "佐々木"),
    ("有限会社いろは設備工業", "愛知県名古屋市中村区名駅南2-8-14", "052-581-6020", "伊藤"),
    ("丸山商店", "新潟県新潟市中央区古町通6番町970", "025-222-1384", "丸山"),  # no legal form
]
BUYERS = ["株式会社ミライ建設", "港南フーズ株式会社", "一般社団法人みどり会", "株式会社ソラノ薬局"]
GOODS10 = [("Webサイト保守 月額", 33000), ("クラウドストレージ 1TB", 1650),
           ("名刺印刷 100枚", 2200), ("チラシ A4 両面カラー 1000部", 18480),
           ("配管修理作業", 27500), ("出張費", 5500), ("ルーター設定作業", 8800),
           ("LED蛍光灯 40形", 2178), ("トナーカートリッジ", 12980), ("梱包資材一式", 4320),
           ("保守点検費（4月分）", 16500), ("コピー用紙 A4 5000枚", 3740)]  # fmt: skip
GOODS8 = [("緑茶 500ml×24本", 2592), ("弁当（会議用）", 864), ("菓子詰合せ", 3240),
          ("ミネラルウォーター 2L×6本", 1188)]  # fmt: skip
NON_TAXABLE = [("立替 高速道路料金", 3420), ("収入印紙代（立替）", 200)]
HTML_LAYOUTS = ("cloud", "formal", "landscape", "twopage", "ryoshu")


@dataclass
class FreshDoc:
    id: str
    layout: str
    kind: str
    fmt: str  # pdf | xlsx | scan-jpg | scan-png | scan-pdf
    issuer: tuple[str, str, str, str]
    registration: str
    buyer: str | None
    date: dt.date
    due: dt.date | None
    number: str
    lines: list[Line]
    inclusive: bool
    dpi: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def style(self) -> str:
        return f"fresh-{self.layout}"

    bases = Doc.bases
    taxes = Doc.taxes
    non_taxable = Doc.non_taxable
    total = Doc.total

    def expected(self, file: str) -> dict[str, Any]:
        out = Doc.expected(self, file)  # type: ignore[arg-type]
        out["due_date"] = self.due.isoformat() if self.due else None
        return out


def _items(rng: random.Random, count: int, reduced: int, non_taxable: bool) -> list[Line]:
    names = rng.sample(GOODS10, k=min(count, len(GOODS10)))
    while len(names) < count:  # the two-page invoice repeats goods with other quantities
        names.append(rng.choice(GOODS10))
    items = [Line(n, rng.randint(1, 20), p, 10) for n, p in names]
    for name, price in rng.sample(GOODS8, k=reduced):
        items.insert(rng.randrange(len(items) + 1), Line(name, rng.randint(1, 8), price, 8))
    if non_taxable:
        name, price = rng.choice(NON_TAXABLE)
        items.append(Line(name, 1, price, None))
    return items


def build_docs(seed: int = 7325) -> list[FreshDoc]:
    """15 printed invoices (3 per HTML layout), a quotation, a delivery note, 6 Excel
    templates, and 12 scans made from the printed invoices."""
    rng = random.Random(seed)
    docs: list[FreshDoc] = []

    def add(layout: str, kind: str, fmt: str, index: int) -> FreshDoc:
        receipt = layout == "ryoshu"
        count = {"twopage": rng.randint(34, 40), "ryoshu": 1}.get(layout, rng.randint(2, 6))
        date = dt.date(2026, 3 + index * 2 + rng.randint(0, 1), rng.randint(1, 28))
        doc = FreshDoc(
            id=f"fr_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=ISSUERS[(len(docs) * 2 + index) % len(ISSUERS)],
            registration=registration(rng),
            buyer=BUYERS[(len(docs) + index) % len(BUYERS)],
            date=date,
            due=None if receipt else date.replace(day=1) + dt.timedelta(days=rng.randint(35, 60)),
            number=f"{rng.choice('ABCINV')}{rng.randint(2026000, 2026999)}",
            lines=_items(
                rng,
                count,
                reduced=0 if receipt else rng.choice((0, 1, 1, 2)),
                non_taxable=layout == "landscape" and index != 1,
            ),
            inclusive=receipt,
        )
        docs.append(doc)
        return doc

    for index in range(3):
        for layout in HTML_LAYOUTS:
            kind = "simplified_invoice" if layout == "ryoshu" else "invoice"
            add(layout, kind, "pdf", index)
    add("quote", "quotation", "pdf", 0)
    add("delivery", "delivery_note", "pdf", 1)
    for index in range(3):
        add("xl_merged", "invoice", "xlsx", index)
        add("xl_labels", "invoice", "xlsx", index)
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    formats = ("scan-jpg", "scan-pdf", "scan-png", "scan-jpg")
    for index, source in enumerate(printed[:12]):
        scan = FreshDoc(**{**source.__dict__, "id": f"fr_{len(docs) + 1:03d}"})
        scan.fmt = "scan-pdf" if source.layout == "twopage" else formats[index % 4]
        scan.dpi = (150, 200, 250, 300)[index % 4]
        scan.extra = {"source": source.id, "perspective": index % 3 == 1}
        docs.append(scan)
    return docs


# -- HTML layouts -------------------------------------------------------------------------------


def _yen(value: int) -> str:
    return f"¥{value:,}"


def _jdate(day: dt.date) -> str:
    return f"{day.year}年{day.month}月{day.day}日"


def _reiwa(day: dt.date) -> str:
    return f"令和{day.year - 2018}年{day.month}月{day.day}日"


def _rate_cell(line: Line) -> str:
    return {None: "非課税", 8: "軽8%", 10: "10%"}[line.rate]


def _cloud(doc: FreshDoc) -> str:
    """A cloud-service invoice: a ご請求金額 box, a 税率 column, per-rate subtotals."""
    name, address, tel, staff = doc.issuer
    th = "background:#2d5d8a;color:#fff;padding:5px 8px"
    td = "padding:5px 8px;border-bottom:1px solid #ccc"
    rows = "".join(
        f"<tr><td style='{td}'>{html.escape(i.description)}</td>"
        f"<td style='{td}' class=num>{i.quantity}</td><td style='{td}' class=num>{i.unit_price:,}</td>"
        f"<td style='{td}'>{_rate_cell(i)}</td><td style='{td}' class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    sums = "".join(
        f"<tr><td>{r}%対象 小計</td><td class=num>{_yen(b)}</td></tr>"
        f"<tr><td>{r}%対象 消費税</td><td class=num>{_yen(doc.taxes()[r])}</td></tr>"
        for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:36px 44px">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div style="font-size:22pt;letter-spacing:4px">請求書</div>
  <div style="text-align:right">請求書番号：{doc.number}<br>発行日：{doc.date:%Y年%m月%d日}</div>
 </div>
 <hr style="border:0;border-top:3px solid #2d5d8a">
 <div style="display:flex;justify-content:space-between">
  <div style="width:52%"><div style="font-size:14pt">{doc.buyer} 御中</div>
   <p>下記の通りご請求いたします。</p>
   <div style="border:2px solid #2d5d8a;padding:8px;display:flex;justify-content:space-between">
    <span>ご請求金額（税込）</span><span style="font-size:16pt">{_yen(doc.total())}</span></div>
   <div style="margin-top:6px">お支払期限：{_jdate(doc.due) if doc.due else ""}</div></div>
  <div style="width:40%;font-size:9.5pt">{name}<br>{address}<br>TEL：{tel}<br>
   担当：{staff}<br>登録番号：{doc.registration}</div>
 </div>
 <table style="width:100%;margin-top:18px">
  <tr><th style='{th}'>品目</th><th style='{th}'>数量</th><th style='{th}'>単価</th>
   <th style='{th}'>税率</th><th style='{th}'>金額</th></tr>{rows}</table>
 <table style="margin-left:auto;margin-top:10px;width:45%">{sums}
  <tr><td style="border-top:2px solid #000">合計</td>
   <td class=num style="border-top:2px solid #000">{_yen(doc.total())}</td></tr></table>
 <p style="font-size:9pt">お振込先：みずなみ銀行 博多支店 普通 1234567 カ）アサヒクラウド</p>
</div>"""


def _formal(doc: FreshDoc) -> str:
    """A formal Mincho invoice: 御請求書, お支払金額, 摘要 table, a 内訳 block."""
    name, address, tel, _staff = doc.issuer
    cell = "border:1px solid #000;padding:4px 6px"
    rows = "".join(
        f"<tr><td style='{cell}' class=num>{n}</td><td style='{cell}'>"
        f"{html.escape(i.description)}{'※' if i.rate == 8 else ''}</td>"
        f"<td style='{cell}' class=num>{i.quantity:,}</td><td style='{cell}' class=num>"
        f"{i.unit_price:,}</td><td style='{cell}' class=num>{i.amount:,}</td>"
        f"<td style='{cell}'></td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    blanks = "".join(
        f"<tr>{''.join(f'<td style={chr(39)}{cell}{chr(39)}>&nbsp;</td>' for _ in range(6))}</tr>"
        for _ in range(max(0, 8 - len(doc.lines)))
    )
    breakdown = " ".join(
        f"{r}%対象 {_yen(b)}（消費税 {_yen(doc.taxes()[r])}）" for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:48px 56px;font-family:Mincho">
 <div style="text-align:center;font-size:24pt;letter-spacing:12px;text-decoration:underline">御請求書</div>
 <div style="text-align:right;margin-top:8px">{_reiwa(doc.date)}<br>No. {doc.number}</div>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">{doc.buyer}　御中</div>
 <div style="display:flex;justify-content:space-between;margin-top:12px">
  <div style="width:50%"><p>毎々格別のお引立てを賜り厚く御礼申し上げます。<br>
   下記の通り御請求申し上げます。</p>
   <div style="font-size:15pt;border-bottom:3px double #000">お支払金額　{_yen(doc.total())}－</div>
   <div>お支払期日　{_reiwa(doc.due) if doc.due else ""}</div></div>
  <div style="width:42%">{name}<br>〒000-0000 {address}<br>電話 {tel}<br>
   登録番号 {doc.registration}</div>
 </div>
 <table style="width:100%;margin-top:16px">
  <tr><th style='{cell}'>No.</th><th style='{cell}'>摘要</th><th style='{cell}'>数量</th>
   <th style='{cell}'>単価</th><th style='{cell}'>金額</th><th style='{cell}'>備考</th></tr>
  {rows}{blanks}
  <tr><td style='{cell}' colspan=4 class=num>小計</td>
   <td style='{cell}' class=num>{sum(doc.bases().values()):,}</td><td style='{cell}'></td></tr>
  <tr><td style='{cell}' colspan=4 class=num>消費税</td>
   <td style='{cell}' class=num>{sum(doc.taxes().values()):,}</td><td style='{cell}'></td></tr>
  <tr><td style='{cell}' colspan=4 class=num>合計</td>
   <td style='{cell}' class=num>{doc.total():,}</td><td style='{cell}'></td></tr>
 </table>
 <p>内訳　{breakdown}</p>
 {"<p>※印は軽減税率（8%）対象品目です。</p>" if 8 in doc.bases() else ""}
</div>"""


def _landscape(doc: FreshDoc) -> str:
    """A4 landscape: a wide table (日付, 伝票No, 品名, 規格, 数量, 単位, 単価, 金額, 税区分),
    税抜合計 / 消費税合計 / 税込合計 side by side under it."""
    name, address, tel, staff = doc.issuer
    cell = "border:1px solid #555;padding:3px 6px"
    rows = "".join(
        f"<tr><td style='{cell}'>{doc.date.month}/{min(28, 2 + n * 2)}</td>"
        f"<td style='{cell}'>{4100 + n * 13}</td><td style='{cell}'>{html.escape(i.description)}</td>"
        f"<td style='{cell}'>{'-' if i.rate is None else 'STD'}</td>"
        f"<td style='{cell}' class=num>{i.quantity}</td><td style='{cell}'>式</td>"
        f"<td style='{cell}' class=num>{i.unit_price:,}</td><td style='{cell}' class=num>{i.amount:,}</td>"
        f"<td style='{cell}'>{_rate_cell(i)}</td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    base = sum(doc.bases().values()) + doc.non_taxable()
    per_rate = "　".join(
        f"{r}%対象額 {b:,}円 消費税 {doc.taxes()[r]:,}円" for r, b in doc.bases().items()
    )
    sums = ["税抜合計", "消費税合計", "税込合計"]
    values = [base, sum(doc.taxes().values()), doc.total()]
    return f"""
<div style="padding:28px 40px;font-family:VLGothic">
 <div style="display:flex;justify-content:space-between">
  <div><div style="font-size:20pt">請 求 書</div><div style="font-size:13pt;margin-top:8px">
   {doc.buyer} 御中</div><div>請求日 {doc.date:%Y/%m/%d}　請求No. {doc.number}</div>
   <div>振込期限 {doc.due:%Y/%m/%d}</div></div>
  <div>{name}　登録番号：{doc.registration}<br>{address}<br>TEL {tel}　担当 {staff}</div>
 </div>
 <table style="width:100%;margin-top:12px">
  <tr><th style='{cell}'>日付</th><th style='{cell}'>伝票No</th><th style='{cell}'>品名</th>
   <th style='{cell}'>規格</th><th style='{cell}'>数量</th><th style='{cell}'>単位</th>
   <th style='{cell}'>単価</th><th style='{cell}'>金額</th><th style='{cell}'>税区分</th></tr>
  {rows}</table>
 <table style="margin-top:10px;margin-left:auto">
  <tr>{"".join(f"<th style='{cell}'>{s}</th>" for s in sums)}</tr>
  <tr>{"".join(f"<td style='{cell}' class=num>{v:,}</td>" for v in values)}</tr></table>
 <p>{per_rate}</p>
</div>"""


def _twopage(doc: FreshDoc) -> str:
    """A long item list that runs onto page 2 (the table head repeats), totals at the end."""
    name, address, tel, _staff = doc.issuer
    cell = "border:1px solid #777;padding:4px 6px"
    rows = "".join(
        f"<tr><td style='{cell}' class=num>{n}</td><td style='{cell}'>{html.escape(i.description)}"
        f"{' ※' if i.rate == 8 else ''}</td><td style='{cell}' class=num>{i.quantity}</td>"
        f"<td style='{cell}' class=num>{i.unit_price:,}</td><td style='{cell}' class=num>{i.amount:,}</td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    per_rate = "".join(
        f"<tr><td style='{cell}'>{r}%対象</td><td style='{cell}' class=num>{b:,}</td>"
        f"<td style='{cell}' class=num>{doc.taxes()[r]:,}</td></tr>"
        for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:30px 44px">
 <div style="font-size:19pt;text-align:center">請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:10px">
  <div><div style="font-size:13pt">{doc.buyer} 御中</div><div>請求日付 {_jdate(doc.date)}</div>
   <div>請求番号 {doc.number}</div><div>お支払期限 {_jdate(doc.due) if doc.due else ""}</div>
   <div style="font-size:14pt;margin-top:6px">今回ご請求額　{_yen(doc.total())}</div></div>
  <div>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 </div>
 <table style="width:100%;margin-top:12px">
  <thead><tr><th style='{cell}'>No</th><th style='{cell}'>品名</th><th style='{cell}'>数量</th>
   <th style='{cell}'>単価</th><th style='{cell}'>金額</th></tr></thead><tbody>{rows}</tbody></table>
 <table style="margin-top:10px;margin-left:auto">
  <tr><th style='{cell}'>区分</th><th style='{cell}'>税抜金額</th><th style='{cell}'>消費税額</th></tr>
  {per_rate}<tr><td style='{cell}'>税込合計</td><td style='{cell}' colspan=2 class=num>
  {_yen(doc.total())}</td></tr></table>
 {"<p>※は軽減税率対象</p>" if 8 in doc.bases() else ""}
</div>"""


def _ryoshu(doc: FreshDoc) -> str:
    """A 領収書 form: 金額 ¥…-, 但し…, 上記正に領収いたしました, a 内訳 box."""
    name, address, tel, _staff = doc.issuer
    rate = next(iter(doc.bases()))
    return f"""
<div style="margin:60px auto;width:620px;border:2px solid #8a2d2d;padding:18px;font-family:Mincho">
 <div style="display:flex;justify-content:space-between"><div style="font-size:22pt;
  letter-spacing:10px">領収書</div><div>No.{doc.number}<br>{_jdate(doc.date)}</div></div>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:60%;margin-top:10px">{doc.buyer} 様</div>
 <div style="font-size:20pt;background:#f3e9e9;margin:14px 40px;text-align:center">
  金額　{_yen(doc.total())}－</div>
 <div>但し　{html.escape(doc.lines[0].description)}代として</div>
 <div>上記正に領収いたしました</div>
 <div style="display:flex;justify-content:space-between;margin-top:12px">
  <table style="border:1px solid #000"><tr><td colspan=2>内訳</td></tr>
   <tr><td>税抜金額</td><td class=num>{_yen(doc.total() - doc.taxes()[rate])}</td></tr>
   <tr><td>消費税額（{rate}%）</td><td class=num>{_yen(doc.taxes()[rate])}</td></tr></table>
  <div>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 </div>
</div>"""


def _other(doc: FreshDoc) -> str:
    """A quotation or a delivery note (kinds only): 御見積金額 / 納品明細."""
    title, label = {"quote": ("御見積書", "御見積金額"), "delivery": ("納品書", "納品金額")}[
        doc.layout
    ]
    return items_only_html(
        doc, title=title, label=label, day=_jdate(doc.date), amount=_yen(doc.total()),
        style="padding:48px",
    )  # fmt: skip


LAYOUTS = {
    "cloud": _cloud,
    "formal": _formal,
    "landscape": _landscape,
    "twopage": _twopage,
    "ryoshu": _ryoshu,
    "quote": _other,
    "delivery": _other,
}

CSS = """
@font-face { font-family: "Mincho"; src: url("mincho.ttf"); }
@font-face { font-family: "VLGothic"; src: url("vlgothic.ttf"); }
body { font-family: "VLGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
.num { text-align: right; }
"""


# -- Excel templates with merged cells ----------------------------------------------------------


def _xl_merged(doc: FreshDoc) -> bytes:
    """Merged title, buyer, ご請求金額 value, item names over B:D, totals' labels over E:F."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    sheet.merge_cells("A1:H1")
    sheet["A1"] = "御　請　求　書"
    sheet.merge_cells("A3:D3")
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["F3"], sheet["G3"] = "発行日", doc.date
    sheet["G3"].number_format = 'yyyy"年"m"月"d"日"'
    sheet["F4"], sheet["G4"] = "請求書No.", doc.number
    sheet.merge_cells("F6:H6")
    sheet["F6"] = name
    sheet.merge_cells("F7:H7")
    sheet["F7"] = address
    sheet["F8"] = f"TEL：{tel}　担当：{staff}"
    sheet["F9"] = f"登録番号：{doc.registration}"
    sheet.merge_cells("A6:B6")
    sheet["A6"] = "ご請求金額"
    sheet.merge_cells("C6:D6")
    sheet["C6"] = doc.total()
    sheet["C6"].number_format = '"¥"#,##0"-"'
    sheet["A7"] = "お支払期限"
    sheet["C7"] = doc.due
    sheet["C7"].number_format = "yyyy/mm/dd"
    row = 12
    for col, head in zip(
        "ABEFGH", ("No.", "品名・摘要", "数量", "単価", "金額", "税率"), strict=True
    ):
        sheet[f"{col}{row}"] = head
    sheet.merge_cells(f"B{row}:D{row}")
    for n, item in enumerate(doc.lines, 1):
        row += 1
        sheet.merge_cells(f"B{row}:D{row}")
        sheet[f"A{row}"], sheet[f"B{row}"] = n, item.description
        sheet[f"E{row}"], sheet[f"F{row}"], sheet[f"G{row}"] = (
            item.quantity,
            item.unit_price,
            item.amount,
        )
        sheet[f"H{row}"] = f"{item.rate}%"
        for col in "FG":
            sheet[f"{col}{row}"].number_format = "#,##0"
    labels = [("小計", sum(doc.bases().values()))]
    for rate, tax in doc.taxes().items():
        labels.append((f"消費税（{rate}%）", tax))
    labels.append(("合計", doc.total()))
    for label, value in labels:
        row += 1
        sheet.merge_cells(f"E{row}:F{row}")
        sheet[f"E{row}"], sheet[f"G{row}"] = label, value
        sheet[f"G{row}"].number_format = "#,##0"
    if len(doc.bases()) > 1:
        row += 2
        for rate, base in doc.bases().items():
            sheet[f"B{row}"], sheet[f"E{row}"] = f"{rate}%対象", base
            row += 1
    return save_book(book)


def _xl_labels(doc: FreshDoc) -> bytes:
    """A label column (請求日, 請求番号, お支払期限), 税込合計 on top, a tax table with one row
    per rate (税率 | 税抜金額 | 消費税額 | 税込金額)."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, _staff = doc.issuer
    sheet["A1"] = "請求書"
    sheet["A3"], sheet["B3"] = "宛先", f"{doc.buyer} 御中"
    sheet["A4"], sheet["B4"] = "請求日", doc.date
    sheet["B4"].number_format = "yyyy/m/d"
    sheet["A5"], sheet["B5"] = "請求番号", doc.number
    sheet["A6"], sheet["B6"] = "お支払期限", doc.due
    sheet["B6"].number_format = "yyyy/m/d"
    sheet["A7"], sheet["B7"] = "税込合計", doc.total()
    sheet["B7"].number_format = "#,##0"
    sheet["D3"], sheet["D4"], sheet["D5"] = name, address, tel
    sheet["D6"] = f"適格請求書発行事業者登録番号 {doc.registration}"
    sheet.append([])
    sheet.append(["品名", "単価", "数量", "金額", "備考"])
    for item in doc.lines:
        sheet.append([item.description, item.unit_price, item.quantity, item.amount,
                      "軽減税率" if item.rate == 8 else None])  # fmt: skip
    sheet.append([])
    sheet.append(["税率", "税抜金額", "消費税額", "税込金額"])
    for rate, base in doc.bases().items():
        tax = doc.taxes()[rate]
        sheet.append([f"{rate}%", base, tax, base + tax])
    return save_book(book)


# -- scans --------------------------------------------------------------------------------------


def _perspective(image: Any, rng: random.Random) -> Any:
    """A phone-photo-like keystone: the top edge a few percent narrower than the bottom."""
    import numpy as np
    from PIL import Image

    width, height = image.size
    inset = rng.uniform(0.01, 0.03) * width
    drop = rng.uniform(0.0, 0.01) * height
    # target corners (where the page's corners land) -> source corners
    dst = [(inset, drop), (width - inset, 0), (width, height), (0, height - drop)]
    src = [(0, 0), (width, 0), (width, height), (0, height)]
    rows = []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    coeffs = np.linalg.solve(np.array(rows, float), np.array([c for p in src for c in p], float))
    return image.transform(
        image.size, Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.BICUBIC,
        fillcolor=235,
    )  # fmt: skip


def _scan_page(image: Any, doc: FreshDoc, rng: random.Random) -> Any:
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.2, 2.0) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=250, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("perspective"):
        image = _perspective(image, rng)
    pixels = np.asarray(image, dtype=np.float32)
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 9, pixels.shape)
    paper = rng.choice((228.0, 238.0, 244.0))
    gradient = np.linspace(0, rng.uniform(0, 18), pixels.shape[1])[None, :]
    pixels = pixels * (paper / 255.0) - gradient + noise
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.8)))


def _scan(pdf: bytes, doc: FreshDoc, seed: int) -> bytes:
    """Every page at the doc's dpi, rotated, paper tone, noise, blur, JPEG artefacts."""
    return scan_pdf(pdf, doc, seed, quality=(35, 70), effects=_scan_page)


def _render(printed: dict[str, bytes]) -> Callable[[FreshDoc, int], tuple[bytes, str]]:
    def render(doc: FreshDoc, index: int) -> tuple[bytes, str]:
        if doc.fmt == "pdf":
            return printed[doc.id], "pdf"
        if doc.fmt == "xlsx":
            return (_xl_merged if doc.layout == "xl_merged" else _xl_labels)(doc), "xlsx"
        ext = {"scan-jpg": "jpg", "scan-png": "png", "scan-pdf": "pdf"}[doc.fmt]
        return _scan(printed[doc.extra["source"]], doc, index), ext

    return render


def generate(out: Path) -> list[dict[str, Any]]:
    """Write every document into `out`; write and return expected.json."""
    require_fonts(FONTS)
    out.mkdir(parents=True, exist_ok=True)
    docs = build_docs()
    printed = print_html(
        [doc for doc in docs if doc.fmt == "pdf"],
        prefix="keiri-fresh-",
        fonts={f"{name}.ttf": path for name, path in FONTS.items()},
        css=CSS,
        body=lambda doc: LAYOUTS[doc.layout](doc),
        pdf_options=lambda doc: {
            "format": "A4",
            "landscape": doc.layout == "landscape",
            "print_background": True,
        },
    )
    return write_documents(out, docs, _render(printed))


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, generate, argv)


if __name__ == "__main__":
    raise SystemExit(main())
