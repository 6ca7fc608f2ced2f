"""A third held-out set for issue 25 (`heldout3`), made blind: written from the issue's list
of shapes and the generator parts, without reading the invoice readers or their tests; nobody
tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py`) in its
companies, goods, amounts, dates, layouts, wordings and scan noise. The machine has no
Japanese font the other sets do not already use, so the fonts are used in new ways: synthetic
bold headings, horizontally condensed tables (as Excel's "shrink to fit" prints), Mincho
numbers under Gothic labels, and a red seal (角印) drawn as an image over the issuer's name.

- HTML printed by Debian's Chromium: a produce wholesaler's 納品書兼請求書 (品番 / 入数
  columns, a 税率区分 table with a header row, 今回ご請求額, 登録番号 in the footer); a sole
  proprietor's 御請求書 with 源泉徴収税額 (10.21 %) taken off, a 振込先 block, the buyer and
  its 御中 on two lines and お支払期限 「…月末日」; an office-supply invoice with the issuer
  top left, a ★ column for 8 %, a 値引 line, 合計金額（税込） in 円 and 登録番号 beside the
  title; a 領収書 form (￥…※, 但し書き, 上様 or 様, 内訳 per rate, 収入印紙 box);
  a quotation, a payment notice, a delivery note and a cover letter (kinds only);
- Word (.docx): a building-management invoice with full-width digits (￥１２３，４５６－,
  令和８年…, Ｔ１２３…), the parties in a two-cell table and the totals inside the item table
  (今回ご請求額); a quotation;
- Excel templates (openpyxl): a logistics invoice whose buyer and 御中 are separate cells, the
  登録番号 label and value in separate cells, date cells with a number format, amounts as
  numbers with a ¥ number format and a 税率 / 税抜金額 / 消費税額 / 税込金額 table; a label-
  column invoice with 和暦 date formats, 円 number formats, 様, 消費税等 per rate and a
  non-taxable 立替 line; a liquor wholesaler's 納品書兼請求書 (alcohol at 10 %, food at 8 %)
  whose totals are a header row above a value row; a quotation;
- 12 scans of the printed invoices and receipts: 180–300 dpi, rotated 0.5–3° either way,
  Gaussian and salt-and-pepper noise, uneven lighting, two of them binarised like a fax,
  JPEG artefacts (quality 45–85); as JPEG, PNG or image-only PDF.

The expected values come from the generator's own data: `total` is the amount billed (for a
源泉徴収 invoice, after the withholding; `total_before_withholding` and `withholding` say how
it was reached), `tax_by_rate` the consumption tax per rate (one rounding down per rate),
`due_date` the printed due date (null when none is printed), `transaction_date` the
document's date (発行日 / 請求日; never a row's 納品日).

    python samples/make_heldout3_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

import base64
import datetime as dt
import html
import io
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_parts import (
    PrintedSet,
    generate_printed,
    image_bytes,
    ipaex_font,
    registration,
    run,
    save_book,
)
from make_corpus import Doc, Line
from make_fresh_corpus import FreshDoc

__all__ = ["FONTS", "H3Doc", "build_docs", "generate", "main"]

FONTS = {
    "vlgothic": Path("/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf"),
    "pgothic": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
    "mincho": Path("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"),
    "pmincho": Path("/usr/share/fonts/opentype/ipafont-mincho/ipamp.ttf"),
}
PRODUCE = ("株式会社みなと青果", "神奈川県横浜市神奈川区山内町1-2", "045-441-3086", "小野")
FREELANCERS = [
    ("アトリエ青葉", "東京都世田谷区三軒茶屋2-14-5 サンハイツ302", "03-6805-2741", "青木 真理"),
    ("翻訳工房ことのは", "大阪府豊中市新千里東町1-4-2", "06-6836-9120", "森下 彩"),
]
OFFICE = ("株式会社瀬戸内オフィスサプライ", "広島県広島市中区紙屋町2-2-2", "082-247-6630", "岡田")
SHOPS = [
    ("みちのく珈琲焙煎所", "岩手県盛岡市大通2-8-14", "019-654-3321", "佐藤"),
    ("有限会社ふくしま酒販", "福島県郡山市駅前2-6-3", "024-932-1148", "渡辺"),
]
MANAGEMENT = ("株式会社アルファビル管理", "千葉県千葉市中央区富士見2-3-1", "043-202-7781", "石井")
LOGISTICS = ("株式会社リンクス・ロジ", "埼玉県戸田市美女木東1-3-1", "048-421-5563", "加藤")
TECHNO = ("北陸テクノサービス株式会社", "富山県富山市桜町1-1-36", "076-432-7750", "中川")
BUYERS = ["株式会社グランツ", "しらかば食品株式会社", "有限会社オーシャン企画",
          "株式会社ヤマセ工務店", "社会福祉法人ひかり福祉会", "合同会社ネクストビジョン"]  # fmt: skip

Goods = list[tuple[str, int, int | None]]
GOODS: dict[str, Goods] = {
    "produce": [("キャベツ 10kg", 1980, 8), ("玉ねぎ 20kg", 3240, 8), ("トマト 4kg箱", 2860, 8),
                ("国産レモン 5kg", 4150, 8), ("じゃがいも 10kg", 2310, 8), ("青ねぎ 1kg", 1120, 8),
                ("発泡スチロール箱", 165, 10), ("保冷剤 1kg", 242, 10)],
    "design": [("ロゴデザイン制作", 88000, 10), ("名刺デザイン", 16500, 10),
               ("イラスト制作 3点", 45000, 10), ("修正対応（2回目）", 15000, 10)],
    "translate": [("翻訳料 英文契約書 12頁", 60000, 10), ("校正作業", 12000, 10),
                  ("翻訳料 製品マニュアル 8頁", 38400, 10), ("特急料金", 9000, 10)],
    "office": [("コピー用紙 A3 1500枚", 4840, 10), ("ボールペン 黒 10本入", 1078, 10),
               ("ファイルボックス", 638, 10), ("乾電池 単3 20本", 1980, 10),
               ("来客用 緑茶ティーバッグ", 1296, 8), ("ミネラルウォーター 500ml×24", 2376, 8)],
    "coffee": [("ブレンド豆 200g", 1620, 8), ("ドリップバッグ 10袋", 1296, 8),
               ("マグカップ", 2750, 10), ("ペーパーフィルター", 440, 10)],
    "liquor": [("純米吟醸 720ml", 1980, 10), ("生ビール 10L樽", 8360, 10),
               ("梅酒 1.8L", 2640, 10), ("珍味セット", 864, 8), ("地サイダー 24本", 3600, 8),
               ("炭酸水 500ml×24", 1920, 8)],
    "building": [("共用部清掃（月額）", 33000, 10), ("エレベーター保守点検", 52800, 10),
                 ("植栽管理", 19800, 10), ("消防設備点検", 27500, 10), ("排水管高圧洗浄", 66000, 10)],
    "logistics": [("チャーター便 横浜→厚木", 38500, 10), ("保管料（月額）", 22000, 10),
                  ("入出庫作業料", 8250, 10), ("梱包作業", 6600, 10), ("燃料サーチャージ", 3850, 10)],
    "techno": [("空調設備点検", 41800, 10), ("フィルター交換", 12540, 10),
               ("出張費", 4400, 10), ("部品代 ドレンポンプ", 18700, 10)],
}  # fmt: skip
NON_TAXABLE = ("振込手数料（立替）", 440)


@dataclass
class H3Doc(FreshDoc):
    """A document of the set; `withholding` takes 源泉徴収税 (10.21 % of the fees) off."""

    withholding: bool = False

    def bases(self) -> dict[int, int]:
        return Doc.bases(self)  # type: ignore[arg-type]

    def taxes(self) -> dict[int, int]:
        return Doc.taxes(self)  # type: ignore[arg-type]

    def non_taxable(self) -> int:
        return Doc.non_taxable(self)  # type: ignore[arg-type]

    def withheld(self) -> int:
        return sum(self.bases().values()) * 1021 // 10000 if self.withholding else 0

    def total(self) -> int:
        return Doc.total(self) - self.withheld()  # type: ignore[arg-type]

    def expected(self, file: str) -> dict[str, Any]:
        out = FreshDoc.expected(self, file)
        out["total"] = self.total()
        if self.withholding:
            out["total_before_withholding"] = Doc.total(self)  # type: ignore[arg-type]
            out["withholding"] = self.withheld()
        return out


def _items(rng: random.Random, goods: Goods, count: int, discount: bool = False) -> list[Line]:
    picked = rng.sample(goods, k=min(count, len(goods)))
    items = [Line(n, rng.randint(1, 9) if p < 20000 else 1, p, r) for n, p, r in picked]
    standard = sum(i.amount for i in items if i.rate == 10)
    fits = [off for off in (500, 1000, 1500) if 2 * off < standard]
    if discount and fits:  # a discount on the standard-rate goods, never more than half
        items.append(Line("値引き", 1, -rng.choice(fits), 10))
    return items


def build_docs(seed: int = 51123) -> list[H3Doc]:
    """12 printed invoices and receipts (3 per HTML layout), 4 printed non-invoices, 3 Word
    invoices and a Word quotation, 9 Excel invoices and an Excel quotation, and 12 scans made
    from the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H3Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: tuple[str, str, str, str],
            goods: str, **options: Any) -> H3Doc:  # fmt: skip
        receipt = kind == "simplified_invoice"
        date = dt.date(2026, rng.randint(1, 11), rng.randint(1, 28))
        due_kind = options.pop("due", "date")
        due = None
        if due_kind == "date":
            due = date.replace(day=1) + dt.timedelta(days=rng.randint(38, 58))
        elif due_kind == "month_end":
            due = (date.replace(day=1) + dt.timedelta(days=62)).replace(day=1) - dt.timedelta(
                days=1
            )
        doc = H3Doc(
            id=f"h3_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=options.pop("buyer", BUYERS[(len(docs) * 5 + 1) % len(BUYERS)]),
            date=date,
            due=None if receipt else due,
            number=f"{rng.choice(('S', 'A-', ''))}{rng.randint(1000, 98765):05d}",
            lines=_items(
                rng,
                GOODS[goods],
                options.pop("count", rng.randint(2, 6)),
                options.pop("discount", False),
            ),
            inclusive=receipt,
            **options,
        )
        docs.append(doc)
        return doc

    for index in range(3):
        add("kenseikyu", "invoice", "pdf", PRODUCE, "produce", due=("date", "none")[index % 2])
        add("freelance", "invoice", "pdf", FREELANCERS[index % 2],
            ("design", "translate")[index % 2], withholding=True, due="month_end")  # fmt: skip
        add("office", "invoice", "pdf", OFFICE, "office", discount=index == 1)
        receipt = add("ryoshu", "simplified_invoice", "pdf", SHOPS[index % 2],
                      ("coffee", "liquor")[index % 2], count=rng.randint(1, 4),
                      buyer=None if index == 1 else BUYERS[index + 2])  # fmt: skip
        receipt.extra = {"proviso": ("お品代", "飲食代", "贈答品代")[index]}
    add("quote", "quotation", "pdf", FREELANCERS[0], "design", due="none")
    add("notice", "payment_notice", "pdf", TECHNO, "techno", due="date")
    add("delivery", "delivery_note", "pdf", PRODUCE, "produce", due="none")
    add("cover", "cover_letter", "pdf", LOGISTICS, "logistics", due="none")
    for index in range(3):
        add("docx_mgmt", "invoice", "docx", MANAGEMENT, "building", due=("date", "none")[index % 2])
    add("docx_quote", "quotation", "docx", MANAGEMENT, "building", due="none")
    for index in range(3):
        add("xl_split", "invoice", "xlsx", LOGISTICS, "logistics")
        add("xl_labels", "invoice", "xlsx", TECHNO, "techno", due=("date", "none")[index % 2])
        add("xl_liquor", "invoice", "xlsx", SHOPS[1], "liquor")
        if index == 1:
            docs[-2].lines.append(Line(NON_TAXABLE[0], 1, NON_TAXABLE[1], None))
    add("xl_quote", "quotation", "xlsx", LOGISTICS, "logistics", due="none")
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    formats = ("scan-jpg", "scan-png", "scan-pdf")
    for index, source in enumerate(printed):
        scan = H3Doc(**{**source.__dict__, "id": f"h3_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (200, 300, 240, 180)[index % 4]
        scan.extra = {**source.extra, "source": source.id, "fax": index in (5, 10)}
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------

_WIDE = str.maketrans("0123456789,-%", "０１２３４５６７８９，－％")


def _wide(text: str) -> str:
    """Full-width digits, commas, minus and percent (as a Word user types them)."""
    return text.translate(_WIDE)


def _reiwa(day: dt.date) -> str:
    return f"令和{day.year - 2018}年{day.month}月{day.day}日"


def _rate_rows(doc: H3Doc) -> list[tuple[int, int, int]]:
    """(rate, base, tax) per rate, 8 % first as the tables of this set print them."""
    return [(r, b, doc.taxes()[r]) for r, b in sorted(doc.bases().items())]


def _seal(name: str, size: int = 180) -> str:
    """A red square seal (角印) as a PNG data URI: pixels only, no text in the text layer."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    red = (200, 30, 40, 170)
    draw.rectangle((6, 6, size - 6, size - 6), outline=red, width=8)
    chars = name.replace("株式会社", "").replace("有限会社", "")[:6] + "之印"
    if len(chars) % 2:
        chars = "印" + chars
    rows = 2 if len(chars) <= 4 else len(chars) // 2
    font = ImageFont.truetype(str(ipaex_font()), (size - 30) // rows)
    step = (size - 24) // rows
    for i, char in enumerate(chars):  # vertical columns, right to left
        column, row = divmod(i, rows)
        x = size - 18 - (column + 1) * (size - 36) // 2
        draw.text((x, 14 + row * step), char, font=font, fill=red)
    data = image_bytes(image, "PNG")
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


# -- HTML layouts -------------------------------------------------------------------------------


def _kenseikyu(doc: H3Doc, title: str = "納品書兼請求書") -> str:
    """A produce wholesaler: 品番 / 入数 columns, a 税率区分 table, 今回ご請求額 at the top."""
    name, address, tel, staff = doc.issuer
    cell = "border:1px solid #555;padding:3px 5px"
    rows = "".join(
        f"<tr><td style='{cell}'>{doc.date.month}/{max(1, doc.date.day - n)}</td>"
        f"<td style='{cell}'>{4100 + n * 37}</td><td style='{cell}'>{html.escape(i.description)}</td>"
        f"<td style='{cell}' class=num>{(6, 10, 12, 1)[n % 4]}</td>"
        f"<td style='{cell}' class=num>{i.quantity}</td><td style='{cell}' class=num>{i.unit_price:,}</td>"
        f"<td style='{cell}' class=num>{i.amount:,}</td><td style='{cell}'>{i.rate}%</td></tr>"
        for n, i in enumerate(doc.lines)
    )
    table = "".join(
        f"<tr><td style='{cell}'>{'8%（軽減税率）' if r == 8 else '10%'}</td>"
        f"<td style='{cell}' class=num>{b:,}</td><td style='{cell}' class=num>{t:,}</td>"
        f"<td style='{cell}' class=num>{b + t:,}</td></tr>"
        for r, b, t in _rate_rows(doc)
    )
    billed = ""
    if title != "納品書":
        billed = (
            f"<div style='border:2px solid #222;padding:6px 10px;margin-top:10px;width:48%'>"
            f"今回ご請求額<span style='font-size:17pt;margin-left:18px;font-family:Mincho'>"
            f"¥{doc.total():,}-</span></div>"
        )
        table = (
            f"<table style='margin-top:10px;margin-left:auto'><tr><th style='{cell}'>税率区分</th>"
            f"<th style='{cell}'>税抜金額</th><th style='{cell}'>消費税額</th>"
            f"<th style='{cell}'>税込金額</th></tr>{table}"
            f"<tr><td style='{cell}'>合計</td><td style='{cell}' class=num>{sum(doc.bases().values()):,}</td>"
            f"<td style='{cell}' class=num>{sum(doc.taxes().values()):,}</td>"
            f"<td style='{cell}' class=num>{doc.total():,}</td></tr></table>"
        )
    else:
        table = ""
    due = f"<div>お支払期限　{doc.due:%Y年%m月%d日}</div>" if doc.due else ""
    return f"""
<div style="padding:30px 36px;font-family:VLGothic">
 <div style="font-size:19pt;font-weight:bold;text-align:center;letter-spacing:3px">{title}</div>
 <div style="display:flex;justify-content:space-between;margin-top:12px">
  <div style="width:50%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">いつもお引き立てありがとうございます。</div>{billed}{due}</div>
  <div style="width:40%;text-align:right">発行日 {doc.date:%Y.%m.%d}<br>伝票No. {doc.number}<br>
   <b>{name}</b><br>{address}<br>TEL {tel}　担当：{staff}</div>
 </div>
 <table style="width:100%;margin-top:14px"><tr><th style='{cell}'>納品日</th><th style='{cell}'>品番</th>
  <th style='{cell}'>品名</th><th style='{cell}'>入数</th><th style='{cell}'>数量</th>
  <th style='{cell}'>単価</th><th style='{cell}'>金額</th><th style='{cell}'>税率</th></tr>{rows}</table>
 {table}
 <div style="margin-top:40px;border-top:1px solid #999;font-size:8.5pt;color:#333">
  {name}　適格請求書発行事業者 登録番号 {doc.registration}　／　お問い合わせ {tel}</div>
</div>"""


def _freelance(doc: H3Doc) -> str:
    """A sole proprietor's 御請求書 with 源泉徴収税額 taken off and a 振込先 block."""
    name, address, tel, person = doc.issuer
    due = doc.due or doc.date
    cell = "border-bottom:1px solid #777;padding:4px 6px"
    rows = "".join(
        f"<tr><td style='{cell}'>{html.escape(i.description)}</td><td style='{cell}' class=num>{i.quantity}</td>"
        f"<td style='{cell}'>{'式' if i.quantity == 1 else '件'}</td>"
        f"<td style='{cell}' class=num>{i.unit_price:,}</td><td style='{cell}' class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    base, tax = sum(doc.bases().values()), sum(doc.taxes().values())
    sums = [("小計", f"{base:,}"), ("消費税（10%）", f"{tax:,}"), ("合計", f"{base + tax:,}"),
            ("源泉徴収税額（10.21%）", f"△{doc.withheld():,}"), ("ご請求金額", f"{doc.total():,}")]  # fmt: skip
    sum_rows = "".join(
        f"<tr><td colspan=4 class=num style='{cell}'>{label}</td><td class=num style='{cell}'>{value}</td></tr>"
        for label, value in sums
    )
    return f"""
<div style="padding:56px 60px;font-family:PMincho;font-size:10.5pt">
 <div style="text-align:right">{_reiwa(doc.date)}</div>
 <div style="text-align:center;font-size:21pt;margin:10px 0 18px">御請求書</div>
 <div style="font-size:13pt">{doc.buyer}</div><div style="font-size:13pt;margin-left:9em">御中</div>
 <div style="position:relative;margin-left:55%;margin-top:-20px">{name}<br>{person}<br>
  〒{address}<br>TEL {tel}<br>登録番号 {doc.registration}
  <img src="{_seal(name)}" style="position:absolute;left:90px;top:-24px;width:52px"></div>
 <p>平素より格別のお引き立てを賜り、厚く御礼申し上げます。<br>下記のとおりご請求申し上げます。</p>
 <div style="font-size:15pt;border-bottom:3px double #000;width:60%">ご請求金額　¥{doc.total():,}</div>
 <div style="margin-top:4px">お支払期限　{due.year}年{due.month}月末日</div>
 <table style="width:100%;margin-top:14px"><tr><th style='{cell}'>内容</th><th style='{cell}'>数量</th>
  <th style='{cell}'>単位</th><th style='{cell}'>単価</th><th style='{cell}'>金額</th></tr>{rows}{sum_rows}</table>
 <div style="margin-top:18px;border:1px solid #000;padding:8px;width:70%">【お振込先】<br>
  ゆうちょ銀行 〇一八店（ゼロイチハチ） 普通預金 3719204<br>口座名義 {person}<br>
  ※恐れ入りますが振込手数料は貴社にてご負担ください。</div>
</div>"""


def _office(doc: H3Doc) -> str:
    """Office supplies: the issuer top left, 登録番号 beside the title, a ★ column, 円 amounts."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        f"<tr><td>{'★' if i.rate == 8 else ''}</td><td>{html.escape(i.description)}</td>"
        f"<td class=num>{i.quantity}</td><td class=num>{i.unit_price:,}円</td>"
        f"<td class=num>{i.amount:,}円</td></tr>"
        for i in doc.lines
    )
    per_rate = "　／　".join(
        f"{r}%対象計 {b:,}円　消費税 {t:,}円" for r, b, t in reversed(_rate_rows(doc))
    )
    marks = (
        "<div style='font-size:8.5pt'>★印は軽減税率（8%）適用商品です。</div>"
        if 8 in doc.bases()
        else ""
    )
    return f"""
<div style="padding:32px 40px;font-family:PGothic">
 <div style="display:flex;justify-content:space-between">
  <div><div style="font-size:15pt;font-weight:bold">{name}</div>{address}<br>TEL {tel} / 営業担当 {staff}</div>
  <div style="text-align:right"><div style="font-size:22pt;letter-spacing:8px">請求書</div>
   <div style="font-size:8.5pt">登録番号：{doc.registration}</div></div></div>
 <div style="margin-top:16px;font-size:12pt">{doc.buyer} 御中</div>
 <div style="display:flex;justify-content:space-between;margin-top:8px">
  <div style="font-size:14pt;background:#f0f0f0;padding:6px 12px">合計金額（税込）　{doc.total():,}円</div>
  <div>請求日：{doc.date.year}年 {doc.date.month}月 {doc.date.day}日<br>請求番号：{doc.number}<br>
   お支払期日：{doc.due:%Y/%m/%d}</div></div>
 <table style="width:100%;margin-top:14px;transform:scaleX(0.94);transform-origin:left">
  <tr style="background:#333;color:#fff"><th></th><th>商品名</th><th>数量</th><th>単価</th><th>金額</th></tr>
  {rows}</table>
 {marks}
 <div style="margin-top:10px;text-align:right">{per_rate}</div>
 <div style="margin-top:6px;text-align:right;font-size:12pt">合計金額（税込）　{doc.total():,}円</div>
</div>"""


def _ryoshu(doc: H3Doc) -> str:
    """A 領収書 form: ￥…※, 但し書き, 内訳 per rate, a 収入印紙 box, the shop and its seal."""
    name, address, tel, _staff = doc.issuer
    buyer = f"{doc.buyer}　様" if doc.buyer else "上様"
    rates = "".join(
        f"<div>{r}%対象　￥{b:,}（内消費税 ￥{t:,}）</div>" for r, b, t in reversed(_rate_rows(doc))
    )
    return f"""
<div style="margin:10px;border:3px double #444;padding:14px 20px;height:400px;font-family:Mincho;position:relative">
 <div style="display:flex;justify-content:space-between"><div>No. {doc.number}</div>
  <div>{doc.date.year}年{doc.date.month}月{doc.date.day}日</div></div>
 <div style="text-align:center;font-size:20pt;letter-spacing:18px;font-family:VLGothic">領収書</div>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%;margin-top:6px">{buyer}</div>
 <div style="font-size:20pt;margin:12px 0 4px 60px;background:#eee;width:60%;padding:4px 12px">
  金額　￥{doc.total():,}※</div>
 <div style="margin-left:60px">但　{doc.extra.get("proviso", "お品代")}として　上記正に領収いたしました</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="border:1px dashed #777;width:70px;height:70px;font-size:8pt;text-align:center">収入<br>印紙</div>
  <div style="font-size:9.5pt">【内訳】{rates}</div>
  <div style="position:relative;font-size:9.5pt">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}
   <img src="{_seal(name)}" style="position:absolute;right:-6px;top:-40px;width:54px"></div></div>
</div>"""


def _non_invoice(doc: H3Doc) -> str:
    """A quotation, a payment notice, a delivery note or a cover letter (kinds only)."""
    name, address, tel, staff = doc.issuer
    if doc.layout == "delivery":
        return _kenseikyu(doc, title="納品書")
    if doc.layout == "cover":
        return f"""
<div style="padding:60px;font-family:Mincho;font-size:11pt">
 <div style="text-align:right">{doc.date:%Y年%m月%d日}</div><div>{doc.buyer}<br>経理ご担当者様</div>
 <div style="text-align:right">{name}<br>{address}<br>TEL {tel}　{staff}</div>
 <div style="text-align:center;font-size:16pt;margin:24px 0">書類送付のご案内</div>
 <p>拝啓　時下ますますご清祥のこととお慶び申し上げます。平素は格別のご高配を賜り、厚く御礼申し上げます。</p>
 <p>さて、下記の書類を送付いたしますので、ご査収のほどよろしくお願い申し上げます。</p>
 <div style="text-align:center">記</div><p>・請求書（{doc.date.month}月分）　1部<br>・作業報告書　1部</p>
 <div style="text-align:right">以上</div></div>"""
    rows = "".join(
        f"<tr><td>{html.escape(i.description)}</td><td class=num>{i.quantity}</td>"
        f"<td class=num>{i.unit_price:,}</td><td class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    if doc.layout == "quote":
        head = f"<div>{doc.buyer} 御中</div><p>下記のとおりお見積り申し上げます。</p>"
        title, label, tail = "御見積書", "御見積金額", "有効期限：発行日より30日"
        party = f"{name}<br>{address}<br>TEL {tel}"
    else:  # a payment notice from the buyer to its supplier
        head = (
            f"<div>{name} 御中</div><p>下記のとおりお支払いいたしますのでご通知申し上げます。</p>"
        )
        title, label, tail = "お支払通知書", "お支払金額", f"お支払予定日：{doc.due:%Y年%m月%d日}"
        party = f"{doc.buyer}<br>経理部"
    return f"""
<div style="padding:48px;font-family:PGothic">
 <div style="text-align:center;font-size:20pt;font-weight:bold">{title}</div>
 <div style="text-align:right">{doc.date:%Y年%m月%d日}<br>{party}</div>{head}
 <div style="font-size:14pt">{label}　¥{doc.total():,}（税込）</div><div>{tail}</div>
 <table style="width:100%;margin-top:10px"><tr><th>品名</th><th>数量</th><th>単価</th><th>金額</th></tr>{rows}</table>
</div>"""


LAYOUTS: dict[str, Callable[[H3Doc], str]] = {
    "kenseikyu": _kenseikyu,
    "freelance": _freelance,
    "office": _office,
    "ryoshu": _ryoshu,
    "quote": _non_invoice,
    "notice": _non_invoice,
    "delivery": _non_invoice,
    "cover": _non_invoice,
}

CSS = """
@font-face { font-family: "VLGothic"; src: url("vlgothic.ttf"); }
@font-face { font-family: "PGothic"; src: url("pgothic.ttf"); }
@font-face { font-family: "Mincho"; src: url("mincho.ttf"); }
@font-face { font-family: "PMincho"; src: url("pmincho.ttf"); }
body { font-family: "VLGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
.num { text-align: right; font-family: "Mincho"; }
"""


def _pdf_options(doc: H3Doc) -> dict[str, Any]:
    if doc.layout == "ryoshu":
        return {"width": "182mm", "height": "128mm", "print_background": True}
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H3Doc) -> bytes:
    """Building management in Word: full-width digits, parties in a two-cell table, the totals
    inside the item table."""
    import docx

    name, address, tel, staff = doc.issuer
    document = docx.Document()
    quote = doc.kind == "quotation"
    document.add_heading("御　見　積　書" if quote else "請　求　書", level=1)
    document.add_paragraph(_wide(f"{_reiwa(doc.date)}　No.{doc.number}"))
    parties = document.add_table(rows=1, cols=2)
    parties.rows[0].cells[0].text = f"{doc.buyer}　御中\n\n下記のとおり"
    parties.rows[0].cells[0].text += "お見積り申し上げます。" if quote else "ご請求申し上げます。"
    parties.rows[0].cells[1].text = (
        _wide(f"{name}\n{address}\nTEL {tel}（担当：{staff}）\n")
        + "インボイス登録番号 "
        + _wide(doc.registration.replace("T", "Ｔ"))
    )
    label = "御見積金額" if quote else "今回ご請求額"
    document.add_paragraph(_wide(f"{label}　￥{doc.total():,}-（税込）"))
    if doc.due:
        document.add_paragraph(_wide(f"お振込期限　{_reiwa(doc.due)}"))
    table = document.add_table(rows=1, cols=5)
    for cell, head in zip(
        table.rows[0].cells, ["作業内容", "数量", "単価", "金額", "備考"], strict=True
    ):
        cell.text = head
    for item in doc.lines:
        values = [item.description, _wide(str(item.quantity)), _wide(f"{item.unit_price:,}"),
                  _wide(f"{item.amount:,}"), ""]  # fmt: skip
        for cell, text in zip(table.add_row().cells, values, strict=True):
            cell.text = text
    base, tax = sum(doc.bases().values()), sum(doc.taxes().values())
    for label_text, amount in (("小計", base), ("消費税（10%）", tax), (label, doc.total())):
        row = table.add_row().cells
        row[0].text, row[3].text = _wide(label_text), _wide(f"{amount:,}")
    document.add_paragraph(_wide(f"（10%対象 {base:,}円　消費税 {tax:,}円）"))
    if not quote:
        document.add_paragraph(
            "振込先：千葉みなと銀行 本店営業部 普通 0456789 カ）アルファビルカンリ"
        )
    document.core_properties.created = dt.datetime(2026, 11, 27)
    document.core_properties.modified = dt.datetime(2026, 11, 27)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _xl_split(doc: H3Doc) -> bytes:
    """Logistics: buyer | 御中 and 登録番号 | value in separate cells, date cells, ¥ formats,
    a 税率 / 税抜金額 / 消費税額 / 税込金額 table; also the quotation's shape."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    quote = doc.kind == "quotation"
    yen = '"¥"#,##0'
    sheet.merge_cells("A1:H1")
    sheet["A1"] = "御見積書" if quote else "請求書"
    sheet["G3"], sheet["H3"] = (
        ("見積日" if quote else "請求日"),
        dt.datetime.combine(doc.date, dt.time()),
    )
    sheet["H3"].number_format = "yyyy/m/d"
    sheet["G4"], sheet["H4"] = ("見積番号" if quote else "請求番号"), doc.number
    sheet["A4"], sheet["D4"] = doc.buyer, "御中"
    sheet["F6"], sheet["F7"], sheet["F8"] = name, address, f"TEL {tel}　担当 {staff}"
    sheet["F9"], sheet["G9"] = "登録番号", doc.registration
    sheet.merge_cells("A11:B11")
    sheet["A11"], sheet["C11"] = ("御見積金額" if quote else "今回ご請求額"), doc.total()
    sheet["C11"].number_format = yen
    if doc.due:
        sheet["A12"], sheet["C12"] = "お支払期限", dt.datetime.combine(doc.due, dt.time())
        sheet["C12"].number_format = 'yyyy"年"m"月"d"日"'
    sheet.append([])
    sheet.append(["No", "品名", None, "数量", "単位", "単価", "金額", "税率"])
    for n, item in enumerate(doc.lines, 1):
        sheet.append([n, item.description, None, item.quantity, "式" if item.quantity == 1 else "回",
                      item.unit_price, item.amount, f"{item.rate}%"])  # fmt: skip
        for column in "FG":
            sheet[f"{column}{sheet.max_row}"].number_format = "#,##0"
    sheet.append([])
    sheet.append([None, None, None, None, "税率", "税抜金額", "消費税額", "税込金額"])
    for rate, base, tax in _rate_rows(doc):
        sheet.append([None, None, None, None, f"{rate}%", base, tax, base + tax])
    sheet.append([None, None, None, None, "合計", sum(doc.bases().values()),
                  sum(doc.taxes().values()), doc.total()])  # fmt: skip
    for row in sheet.iter_rows(min_row=sheet.max_row - len(doc.bases()), min_col=6, max_col=8):
        for cell in row:
            cell.number_format = yen
    return save_book(book)


def _xl_labels(doc: H3Doc) -> bytes:
    """Maintenance: a label column, 和暦 date formats, 円 formats, 様, 消費税等 per rate."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    era = '[$-ja-JP-x-gannen]ggge"年"m"月"d"日";@'
    yen = '#,##0"円"'
    sheet["B2"] = "ご　請　求　書"
    sheet["B4"] = f"{doc.buyer}　様"
    sheet["E4"], sheet["F4"] = "発行日", dt.datetime.combine(doc.date, dt.time())
    sheet["F4"].number_format = era
    sheet["E5"], sheet["F5"] = "No.", doc.number
    sheet["E7"], sheet["E8"], sheet["E9"] = name, address, f"電話 {tel}（{staff}）"
    sheet["E10"] = f"適格請求書発行事業者登録番号 {doc.registration}"
    sheet["B7"], sheet["C7"] = "ご請求金額", doc.total()
    sheet["C7"].number_format = yen
    row = 12
    for head, column in zip(("項目", "数量", "単価", "金額", "区分"), "BCDEF", strict=True):
        sheet[f"{column}{row}"] = head
    for item in doc.lines:
        row += 1
        sheet[f"B{row}"], sheet[f"C{row}"] = item.description, item.quantity
        sheet[f"D{row}"], sheet[f"E{row}"] = item.unit_price, item.amount
        sheet[f"F{row}"] = "非課税" if item.rate is None else "課税10%"
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = yen
    row += 2
    totals = [("小計（税抜）", sum(doc.bases().values()))]
    totals += [(f"消費税等（{r}%）", t) for r, _b, t in _rate_rows(doc)]
    if doc.non_taxable():
        totals.append(("非課税（立替金）", doc.non_taxable()))
    totals.append(("合計金額（税込）", doc.total()))
    for label, value in totals:
        sheet[f"D{row}"], sheet[f"E{row}"] = label, value
        sheet[f"E{row}"].number_format = yen
        row += 1
    if doc.due:
        sheet[f"B{row + 1}"], sheet[f"C{row + 1}"] = (
            "お支払期日",
            dt.datetime.combine(doc.due, dt.time()),
        )
        sheet[f"C{row + 1}"].number_format = era
    return save_book(book)


def _xl_liquor(doc: H3Doc) -> bytes:
    """A liquor wholesaler's 納品書兼請求書: the totals a header row above a value row."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    sheet["A1"] = "納品書兼請求書"
    sheet["G1"] = f"{doc.date.year}年{doc.date.month:02d}月{doc.date.day:02d}日締切分"
    sheet["A3"], sheet["C3"] = doc.buyer, "御中"
    sheet["F3"], sheet["F4"], sheet["F5"] = name, address, f"TEL {tel} 担当 {staff}"
    sheet["F6"] = f"登録番号：{doc.registration}"
    sheet["A5"] = f"請求日 {doc.date:%Y/%m/%d}"
    if doc.due:
        sheet["A6"] = f"お支払期限 {doc.due:%Y/%m/%d}"
    previous = 30_000 + 1_000 * (doc.total() % 53)
    sheet.append([])
    sheet.append(
        ["前回御請求額", "御入金額", "差引繰越額", "今回御買上額", "消費税額", "今回御請求額"]
    )
    sheet.append([previous, previous, 0, sum(doc.bases().values()), sum(doc.taxes().values()),
                  doc.total()])  # fmt: skip
    sheet.append([])
    sheet.append(["伝票日付", "商品コード", "商品名", "数量", "単価", "金額", "税区分"])
    for n, item in enumerate(doc.lines):
        sheet.append([f"{doc.date.month}/{max(1, doc.date.day - 2 * n)}", f"L-{210 + n * 13}",
                      item.description, item.quantity, item.unit_price, item.amount,
                      "軽8%" if item.rate == 8 else "10%"])  # fmt: skip
    sheet.append([])
    sheet.append([None, None, "税率別内訳", "対象額", "消費税"])
    for rate, base, tax in _rate_rows(doc):
        sheet.append([None, None, f"{rate}%対象", base, tax])
    for row in sheet.iter_rows(min_col=1, max_col=7):
        for cell in row:
            if isinstance(cell.value, int):
                cell.number_format = "#,##0"
    return save_book(book)


OFFICE_LAYOUTS: dict[str, Callable[[H3Doc], bytes]] = {
    "docx_mgmt": _docx,
    "docx_quote": _docx,
    "xl_split": _xl_split,
    "xl_quote": _xl_split,
    "xl_labels": _xl_labels,
    "xl_liquor": _xl_liquor,
}


# -- scans --------------------------------------------------------------------------------------


def _scan_page(image: Any, doc: H3Doc, rng: random.Random) -> Any:
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.5, 3.0) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=250, resample=Image.Resampling.BICUBIC)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    height, width = pixels.shape
    light = np.linspace(1.0, rng.uniform(0.78, 0.9), width)[None, :]  # uneven lighting
    light = light * np.linspace(rng.uniform(0.9, 1.0), 1.0, height)[:, None]
    pixels = pixels * light
    pixels += generator.normal(0, rng.uniform(5, 11), pixels.shape)
    salt = generator.random(pixels.shape)
    pixels[salt < 0.0008] = 30
    pixels[salt > 0.9992] = 255
    if doc.extra.get("fax"):
        pixels = np.where(pixels < rng.uniform(135, 165), 0.0, 255.0)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.8)))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout3",
    prefix="h3_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipafont-mincho fonts-vlgothic",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=3000,
    quality=(45, 85),
    effects=_scan_page,
)


def generate(out: Path, only: set[str] | None = None) -> list[dict[str, Any]]:
    """Write every document into `out` (or only the ids in `only`, with the printed sources
    their scans need); write and return expected.json."""
    return generate_printed(SET, out, only)


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, generate, argv)


if __name__ == "__main__":
    raise SystemExit(main())
