"""A second held-out set for issue 25 (`heldout2`), written after the fresh set had been looked
at and before any rule was changed for it; nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`) in its companies, goods, amounts, layouts,
fonts and scan noise:

- HTML printed by Debian's Chromium in fonts no other set prints with (the proportional
  VL PGothic and IPA P Mincho) and IPAex Gothic: an account-statement invoice whose summary is a
  header row above a value row (前回ご請求額 … 今回ご請求額), a modern invoice with a
  税率区分 table and お支払金額, a Mincho invoice with 御請求金額 金…円 and 税抜額計 / 消費税額計 /
  税込額計, and a register receipt (80 mm wide, お預り / お釣り below the total);
- a quotation and a purchase order (kinds only);
- an Excel template whose totals are a header row (小計 | 消費税 | 合計) above a value row and
  whose dates are text;
- scans of the printed invoices: 150–300 dpi, rotated 0.3–2.5° either way, one fed sideways (90°)
  and one upside down (180°), speckle noise, a shadow band at one edge, low contrast, blur, JPEG
  artefacts; as JPEG, PNG or image-only PDF.

    python samples/make_heldout2_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

import datetime as dt
import html
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_parts import (
    ipaex_font,
    items_only_html,
    print_html,
    registration,
    require_fonts,
    run,
    save_book,
    scan_pdf,
    write_documents,
)
from make_corpus import Line
from make_fresh_corpus import FreshDoc

__all__ = ["FONTS", "build_docs", "generate", "main"]

FONTS = {
    "pgothic": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
    "pmincho": Path("/usr/share/fonts/opentype/ipafont-mincho/ipamp.ttf"),
}
ISSUERS = [
    ("株式会社しおさい物産", "静岡県沼津市大手町4-3-12", "055-963-2210", "杉山"),
    ("東邦メンテナンス株式会社", "宮城県仙台市青葉区中央1-7-3", "022-266-5081", "高橋"),
    ("合同会社ひだまり工房", "岡山県岡山市北区表町2-5-7", "086-231-9904", "藤原"),
    ("有限会社やまと電設", "熊本県熊本市中央区水前寺6-18-1", "096-383-4417", "村上"),
    ("株式会社ノースリンク", "石川県金沢市広岡3-1-1", "076-204-8830", "宮本"),
]
BUYERS = ["株式会社テラス不動産", "大和精機株式会社", "医療法人さくら会", "有限会社カネコ商事"]
GOODS10 = [("エアコン分解洗浄", 19800), ("防犯カメラ設置工事", 148500), ("LANケーブル 20m", 1280),
           ("業務用ゴミ袋 90L 100枚", 3960), ("ホームページ更新作業", 44000),
           ("複合機リース料（6月分）", 12100), ("会議室使用料", 7700), ("作業着 上下", 6380),
           ("清掃業務委託料", 88000), ("USBメモリ 64GB", 1490), ("ウォーターサーバー保守", 2640),
           ("看板デザイン費", 55000), ("電気工事 一式", 231000), ("封筒 長3 500枚", 2750)]  # fmt: skip
GOODS8 = [("コーヒー豆 1kg", 3564), ("おにぎりセット", 648), ("牛乳 1L", 248),
          ("焼菓子アソート", 2160), ("ほうじ茶ティーバッグ", 972)]  # fmt: skip
HTML_LAYOUTS = ("statement", "modern", "mincho", "register")


def _items(rng: random.Random, count: int, reduced: int) -> list[Line]:
    names = rng.sample(GOODS10, k=min(count, len(GOODS10)))
    items = [Line(n, rng.randint(1, 12), p, 10) for n, p in names]
    for name, price in rng.sample(GOODS8, k=reduced):
        items.insert(rng.randrange(len(items) + 1), Line(name, rng.randint(1, 10), price, 8))
    return items


def build_docs(seed: int = 90417) -> list[FreshDoc]:
    """12 printed invoices (3 per HTML layout), a quotation, a purchase order, 3 Excel
    templates, and 12 scans made from the printed invoices."""
    rng = random.Random(seed)
    docs: list[FreshDoc] = []

    def add(layout: str, kind: str, fmt: str, index: int) -> FreshDoc:
        receipt = layout == "register"
        date = dt.date(2026, 4 + index * 2 + rng.randint(0, 1), rng.randint(1, 28))
        doc = FreshDoc(
            id=f"h2_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=ISSUERS[(len(docs) * 3 + index) % len(ISSUERS)],
            registration=registration(rng),
            buyer=None if receipt else BUYERS[(len(docs) + 2 * index) % len(BUYERS)],
            date=date,
            due=None if receipt else date.replace(day=1) + dt.timedelta(days=rng.randint(40, 70)),
            number=f"{rng.randint(10, 99)}-{rng.randint(100000, 999999)}",
            lines=_items(
                rng,
                rng.randint(1, 3) if receipt else rng.randint(2, 7),
                reduced=rng.choice((1, 2)) if receipt else rng.choice((0, 0, 1, 2)),
            ),
            inclusive=receipt,
        )
        docs.append(doc)
        return doc

    for index in range(3):
        for layout in HTML_LAYOUTS:
            kind = "simplified_invoice" if layout == "register" else "invoice"
            add(layout, kind, "pdf", index)
    add("quote", "quotation", "pdf", 0)
    add("order", "purchase_order", "pdf", 1)
    for index in range(3):
        add("xl_grid", "invoice", "xlsx", index)
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    formats = ("scan-png", "scan-jpg", "scan-pdf")
    for index, source in enumerate(printed):
        scan = FreshDoc(**{**source.__dict__, "id": f"h2_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (200, 150, 300, 240)[index % 4]
        turn = {4: 90, 9: 180}.get(index, 0)
        scan.extra = {"source": source.id, "turn": turn}
        docs.append(scan)
    return docs


# -- HTML layouts -------------------------------------------------------------------------------


def _yen(value: int) -> str:
    return f"￥{value:,}"


def _statement(doc: FreshDoc) -> str:
    """An account-statement invoice: a summary header row above its value row."""
    name, address, tel, staff = doc.issuer
    cell = "border:1px solid #333;padding:4px 7px"
    previous = 50_000 + 1_000 * (doc.total() % 97)
    rows = "".join(
        f"<tr><td style='{cell}'>{doc.date.month}/{min(28, n * 3)}</td>"
        f"<td style='{cell}'>{html.escape(i.description)}</td>"
        f"<td style='{cell}' class=num>{i.quantity}</td><td style='{cell}' class=num>{i.unit_price:,}</td>"
        f"<td style='{cell}' class=num>{i.amount:,}</td>"
        f"<td style='{cell}'>{'*8%' if i.rate == 8 else '10%'}</td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    heads = ["前回ご請求額", "ご入金額", "繰越金額", "今回お買上額", "消費税額", "今回ご請求額"]
    values = [previous, previous, 0, sum(doc.bases().values()), sum(doc.taxes().values()),
              doc.total()]  # fmt: skip
    per_rate = "　".join(
        f"{r}%対象 {b:,}円（税 {doc.taxes()[r]:,}円）" for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:34px 40px;font-family:PGothic">
 <div style="display:flex;justify-content:space-between">
  <div><div style="font-size:13pt">{doc.buyer} 御中</div>
   <div style="margin-top:6px">毎度ありがとうございます。下記の通りご請求申し上げます。</div></div>
  <div style="text-align:right"><div style="font-size:20pt">請求書</div>
   請求日 {doc.date:%Y/%m/%d}<br>請求No {doc.number}</div>
 </div>
 <div style="text-align:right;margin-top:8px">{name}<br>{address}<br>TEL {tel}（担当 {staff}）<br>
  登録番号 {doc.registration}</div>
 <table style="width:100%;margin-top:10px">
  <tr>{"".join(f"<th style='{cell}'>{h}</th>" for h in heads)}</tr>
  <tr>{"".join(f"<td style='{cell}' class=num>{v:,}</td>" for v in values)}</tr></table>
 <div style="margin-top:4px">お支払期限 {doc.due:%Y/%m/%d}</div>
 <table style="width:100%;margin-top:10px">
  <tr><th style='{cell}'>日付</th><th style='{cell}'>商品名</th><th style='{cell}'>数量</th>
   <th style='{cell}'>単価</th><th style='{cell}'>金額</th><th style='{cell}'>税率</th></tr>{rows}</table>
 <p>{per_rate}</p>
 <p style="font-size:9pt">*印は軽減税率対象です。</p>
</div>"""


def _modern(doc: FreshDoc) -> str:
    """A modern invoice: お支払金額 box, 税区分 column, a 税率区分 table, 合計(税込)."""
    name, address, tel, _staff = doc.issuer
    rows = "".join(
        f"<tr style='border-bottom:1px solid #ddd'><td>{html.escape(i.description)}</td>"
        f"<td class=num>{i.quantity}</td><td class=num>{_yen(i.unit_price)}</td>"
        f"<td>{'軽減8%' if i.rate == 8 else '標準10%'}</td><td class=num>{_yen(i.amount)}</td></tr>"
        for i in doc.lines
    )
    taxes = "".join(
        f"<tr><td>消費税（{r}%）</td><td class=num>{_yen(t)}</td></tr>"
        for r, t in doc.taxes().items()
    )
    by_rate = "".join(
        f"<tr><td>{r}%対象</td><td class=num>{_yen(b)}</td><td class=num>{_yen(doc.taxes()[r])}</td></tr>"
        for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:40px 48px;font-family:IPAexGothic">
 <div style="font-size:11pt;color:#666">INVOICE</div><div style="font-size:24pt">請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:50%"><div style="font-size:14pt;border-bottom:2px solid #444">{doc.buyer} 御中</div>
   <div style="margin-top:10px;background:#eef3f7;padding:10px">お支払金額
    <span style="font-size:18pt;margin-left:20px">{_yen(doc.total())}</span>（税込）</div>
   <div>お支払期日　{doc.due.year}年{doc.due.month}月{doc.due.day}日</div></div>
  <div style="width:42%;font-size:9.5pt">発行日　{doc.date.year}年{doc.date.month}月{doc.date.day}日<br>
   請求書番号　{doc.number}<br><br><b>{name}</b><br>{address}<br>{tel}<br>
   適格請求書発行事業者登録番号：{doc.registration}</div>
 </div>
 <table style="width:100%;margin-top:18px;border-top:2px solid #444">
  <tr><th>内容</th><th>数量</th><th>単価</th><th>税区分</th><th>金額</th></tr>{rows}</table>
 <table style="margin-left:auto;margin-top:10px;width:40%">
  <tr><td>小計（税抜）</td><td class=num>{_yen(sum(doc.bases().values()))}</td></tr>{taxes}
  <tr><td style="border-top:2px solid #444">合計（税込）</td>
   <td class=num style="border-top:2px solid #444">{_yen(doc.total())}</td></tr></table>
 <table style="margin-top:12px"><tr><th>税率区分</th><th>対象金額</th><th>消費税</th></tr>{by_rate}</table>
 <p style="font-size:9pt">振込先：北陸さくら銀行 金沢駅前支店 当座 0081234</p>
</div>"""


def _mincho(doc: FreshDoc) -> str:
    """A Mincho invoice: 御請求金額 金…円, 摘要 table, 税抜額計 / 消費税額計 / 税込額計."""
    name, address, tel, _staff = doc.issuer
    cell = "border:1px solid #000;padding:3px 6px"
    rows = "".join(
        f"<tr><td style='{cell}'>{html.escape(i.description)}</td>"
        f"<td style='{cell}' class=num>{i.quantity}</td><td style='{cell}'>式</td>"
        f"<td style='{cell}' class=num>{i.unit_price:,}</td><td style='{cell}' class=num>{i.amount:,}</td>"
        f"<td style='{cell}'>{'軽' if i.rate == 8 else ''}</td></tr>"
        for i in doc.lines
    )
    per_rate = "、".join(
        f"{r}%対象 {b:,}円 消費税 {doc.taxes()[r]:,}円" for r, b in doc.bases().items()
    )
    sums = [("税抜額計", sum(doc.bases().values())), ("消費税額計", sum(doc.taxes().values())),
            ("税込額計", doc.total())]  # fmt: skip
    sum_rows = "".join(
        f"<tr><td style='{cell}' colspan=4 class=num>{label}</td>"
        f"<td style='{cell}' class=num>{value:,}</td><td style='{cell}'></td></tr>"
        for label, value in sums
    )
    return f"""
<div style="padding:50px 56px;font-family:PMincho">
 <div style="text-align:center;font-size:22pt;letter-spacing:14px">請　求　書</div>
 <div style="text-align:right">令和{doc.date.year - 2018}年{doc.date.month}月{doc.date.day}日<br>
  請求番号 {doc.number}</div>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">{doc.buyer}　御中</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:52%">下記の通り御請求申し上げます。
   <div style="font-size:16pt;border:1px solid #000;padding:6px;margin-top:8px">
    御請求金額　金 {doc.total():,} 円</div>
   <div>お支払期限　令和{doc.due.year - 2018}年{doc.due.month}月{doc.due.day}日</div></div>
  <div style="width:42%">{name}<br>{address}<br>電話 {tel}<br>登録番号 {doc.registration}</div>
 </div>
 <table style="width:100%;margin-top:16px">
  <tr><th style='{cell}'>摘要</th><th style='{cell}'>数量</th><th style='{cell}'>単位</th>
   <th style='{cell}'>単価</th><th style='{cell}'>金額</th><th style='{cell}'>軽減</th></tr>
  {rows}{sum_rows}</table>
 <p>（{per_rate}）</p>
 {"<p>「軽」は軽減税率（8%）対象品目</p>" if 8 in doc.bases() else ""}
</div>"""


def _register(doc: FreshDoc) -> str:
    """A register receipt 80 mm wide: items, 小計, 合計, お預り and お釣り under it."""
    name, address, tel, _staff = doc.issuer
    rows = "".join(
        f"<tr><td>{html.escape(i.description)}{'※' if i.rate == 8 else ''}</td>"
        f"<td class=num>{_yen(i.amount)}</td></tr>"
        + (
            f"<tr><td style='padding-left:12px'>{i.quantity}点 × @{i.unit_price:,}</td><td></td></tr>"
            if i.quantity > 1
            else ""
        )
        for i in doc.lines
    )
    by_rate = "".join(
        f"<tr><td>（{r}%対象</td><td class=num>{_yen(b)}）</td></tr>"
        f"<tr><td>（内消費税等</td><td class=num>{_yen(doc.taxes()[r])}）</td></tr>"
        for r, b in doc.bases().items()
    )
    paid = (doc.total() // 1000 + 1) * 1000 + (5000 if doc.total() % 2 else 0)
    return f"""
<div style="padding:14px 16px;font-family:PGothic;font-size:9.5pt">
 <div style="text-align:center;font-size:13pt">{name}</div>
 <div style="text-align:center">{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div style="text-align:center;font-size:12pt;margin:8px 0">領収書</div>
 <div>{doc.date:%Y年%m月%d日} 14:{doc.total() % 60:02d}　No.{doc.number}</div>
 <table style="width:100%;margin-top:6px">{rows}
  <tr><td style="border-top:1px dashed #000">小計</td>
   <td class=num style="border-top:1px dashed #000">{_yen(doc.total())}</td></tr>
  <tr><td style="font-size:12pt">合計</td><td class=num style="font-size:12pt">{_yen(doc.total())}</td></tr>
  {by_rate}
  <tr><td>お預り</td><td class=num>{_yen(paid)}</td></tr>
  <tr><td>お釣り</td><td class=num>{_yen(paid - doc.total())}</td></tr></table>
 <div style="margin-top:6px">※印は軽減税率対象商品です。</div>
</div>"""


def _other(doc: FreshDoc) -> str:
    """A quotation or a purchase order (kinds only)."""
    title, label = {"quote": ("お見積書", "お見積金額"), "order": ("注文書", "ご注文金額")}[
        doc.layout
    ]
    return items_only_html(
        doc, title=title, label=label, day=f"{doc.date:%Y/%m/%d}", amount=_yen(doc.total()),
        style="padding:44px;font-family:PGothic",
    )  # fmt: skip


LAYOUTS = {
    "statement": _statement,
    "modern": _modern,
    "mincho": _mincho,
    "register": _register,
    "quote": _other,
    "order": _other,
}

CSS = """
@font-face { font-family: "PGothic"; src: url("pgothic.ttf"); }
@font-face { font-family: "PMincho"; src: url("pmincho.ttf"); }
@font-face { font-family: "IPAexGothic"; src: url("ipaexg.ttf"); }
body { font-family: "PGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
.num { text-align: right; }
"""


# -- Excel: totals as a header row above a value row, dates as text ----------------------------


def _xl_grid(doc: FreshDoc) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    sheet["A1"] = "請求書"
    sheet["F1"] = f"{doc.date.year}年{doc.date.month}月{doc.date.day}日"
    sheet["F2"] = f"No. {doc.number}"
    sheet.merge_cells("A3:C3")
    sheet["A3"] = f"{doc.buyer} 御中"
    sheet["E4"], sheet["E5"], sheet["E6"] = name, address, f"TEL {tel} 担当 {staff}"
    sheet["E7"] = f"登録番号 {doc.registration}"
    sheet["A5"], sheet["B5"] = "お振込期限", f"{doc.due.year}年{doc.due.month}月{doc.due.day}日"
    sheet.append([])
    sheet.append(["品名", None, "数量", "単価", "金額", "税率"])
    for item in doc.lines:
        sheet.append([item.description, None, item.quantity, item.unit_price, item.amount,
                      "8%※" if item.rate == 8 else "10%"])  # fmt: skip
    sheet.append([])
    sheet.append([None, None, None, "小計", "消費税", "合計"])
    sheet.append([None, None, None, sum(doc.bases().values()), sum(doc.taxes().values()),
                  doc.total()])  # fmt: skip
    sheet.append([])
    for rate, base in doc.bases().items():
        sheet.append([f"{rate}%対象", base, "消費税", doc.taxes()[rate]])
    return save_book(book)


# -- scans --------------------------------------------------------------------------------------


def _scan_page(image: Any, doc: FreshDoc, rng: random.Random) -> Any:
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.3, 2.5) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=245, resample=Image.Resampling.BICUBIC)
    turn = doc.extra.get("turn", 0)
    if turn:
        image = image.rotate(turn, expand=True)
    pixels = np.asarray(image, dtype=np.float32)
    generator = np.random.default_rng(rng.randrange(2**32))
    contrast = rng.uniform(0.75, 0.92)
    pixels = 255 - (255 - pixels) * contrast  # faded toner
    pixels += generator.normal(0, 7, pixels.shape)
    speckle = generator.random(pixels.shape)
    pixels[speckle < 0.0015] = 40  # dust
    band = max(8, pixels.shape[1] // 25)
    pixels[:, :band] *= np.linspace(0.55, 1.0, band)[None, :]  # a shadow at the binding edge
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.9)))


def _scan(pdf: bytes, doc: FreshDoc, seed: int) -> bytes:
    return scan_pdf(pdf, doc, seed, quality=(40, 75), effects=_scan_page)


def _render(printed: dict[str, bytes]) -> Callable[[FreshDoc, int], tuple[bytes, str]]:
    def render(doc: FreshDoc, index: int) -> tuple[bytes, str]:
        if doc.fmt == "pdf":
            return printed[doc.id], "pdf"
        if doc.fmt == "xlsx":
            return _xl_grid(doc), "xlsx"
        ext = {"scan-jpg": "jpg", "scan-png": "png", "scan-pdf": "pdf"}[doc.fmt]
        return _scan(printed[doc.extra["source"]], doc, 1000 + index), ext

    return render


def _pdf_options(doc: FreshDoc) -> dict[str, Any]:
    if doc.layout == "register":
        return {"width": "80mm", "height": "150mm", "print_background": True}
    return {"format": "A4", "print_background": True}


def generate(out: Path) -> list[dict[str, Any]]:
    """Write every document into `out`; write and return expected.json."""
    require_fonts(FONTS)
    out.mkdir(parents=True, exist_ok=True)
    docs = build_docs()
    printed = print_html(
        [doc for doc in docs if doc.fmt == "pdf"],
        prefix="keiri-heldout2-",
        fonts={**{f"{name}.ttf": path for name, path in FONTS.items()}, "ipaexg.ttf": ipaex_font()},
        css=CSS,
        body=lambda doc: LAYOUTS[doc.layout](doc),
        pdf_options=_pdf_options,
    )
    return write_documents(out, docs, _render(printed))


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, generate, argv)


if __name__ == "__main__":
    raise SystemExit(main())
