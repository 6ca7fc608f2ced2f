"""A fourth held-out set for issue 25 (`heldout4`), made blind: written from the issue's list
of shapes, `make_heldout3_corpus.py` and the shared generator parts, without reading the
document readers (`blocks/invoice/`, `blocks/text/`, `blocks/file/`, `blocks/statements/`) or
their tests, and without running a reader on its documents; nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py`,
`make_heldout3_corpus.py`) in its companies, goods, amounts, dates (2025, 令和7年), layouts
and wordings, and printed in fonts no other set uses (IPA Gothic, IPA PGothic, IPAex Mincho:
Debian's fonts-ipafont-gothic and fonts-ipaexfont-mincho).

- HTML printed by Debian's Chromium: a furniture maker's account-style 請求書 (a header row
  前回ご請求額 / 今回ご入金額 / 今回お買上額 / 消費税 / 今回ご請求額 above a row of five
  amounts, 請求番号 and a 当座預金 line right under the items, お支払期限, one with a 出精値引き
  line); a seafood wholesaler's 請求書兼納品書 (the buyer and 御中 in two table cells, a ※
  column for 8 %, a 区分 / 消費税額 / 消費税対象額 table with 「8%対象 …」 rows, 振込期限);
  an IT company's ご請求書 in sections (請求先情報 / 発行者情報 / ご請求内容 / お振込先, the
  item table's last header 合計 over row numbers, 普通預金); an event-equipment rental's
  letter 御請求書 (the buyer and 御中 in two cells, 令和 dates, a 「合計 …点」 count row
  under the items, 「(消費税 10%) 5,000」 and 「(消費税 8%) …」 lines, お支払期限 with a
  weekday, one with a 立替金); a restaurant's 領収証 (A6, a 税率 / 対象金額 / 消費税等 table,
  上様 or 様, no legal form) and a hardware store's 58 mm register receipt (「小計 …点 ¥…」,
  クレジット); a お見積書, a 注文書, a お支払明細書 and a 送付状 (「送付します」), kinds only;
- Word (.docx): a stationer with no legal form billing companies, and a cleaning company:
  the buyer | 御中 in a two-cell table, 「適格請求書発行事業者 登録番号」, a totals table per
  rate, お支払期日, 普通預金;
- Excel templates (openpyxl): a printer's and a landscaper's invoice (merged cells, the buyer
  cell formatted `@\\ "御中"`, 和暦 date formats `[$-411]ggge"年"m"月"d"日"` and `ge.m.d`,
  `[$¥-411]#,##0` and `#,##0"円"` formats, 登録番号 label and value in separate cells, a
  non-taxable 立替 line); an office-coffee service's 納品書 兼 請求書 (buyer | 御中 split,
  the five-amount header row, 「消費税額 消費税対象額」 with 「10%対象」 rows); a security
  company's label-column invoice (the buyer formatted `@"　様"`, `"¥"#,##0` amounts);
- 12 scans of the printed invoices and receipts: 200–300 dpi, rotated 0.4–2.5° either way,
  a paper tone, light Gaussian noise and dust, a slight blur, JPEG quality 60–90, one
  binarised like a fax (halved vertical resolution, a streak, a fax header line); as image-only
  PDF, PNG or JPEG.

The expected values come from the generator's own data: `total` is the amount billed (for the
account-style invoices the 今回ご請求額, the previous balance having been paid in full),
`tax_by_rate` the consumption tax per rate (rounded down once per rate; for receipts the tax
included), `due_date` the printed due date (null when none is printed), `transaction_date`
the document's date (請求日 / 発行日 / the receipt's date; never a row's 伝票日付), and
`buyer_name` null for 上様 and register receipts.

    python samples/make_heldout4_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

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
    registration,
    run,
    save_book,
)
from make_corpus import Line
from make_fresh_corpus import FreshDoc

__all__ = ["FONTS", "H4Doc", "build_docs", "generate", "main"]

FONTS = {
    "ipag": Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
    "ipagp": Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"),
    "ipaexm": Path("/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf"),
}
FURNITURE = ("株式会社ひのき家具製作所", "岐阜県高山市花里町4-118", "0577-32-6614", "今井")
SEAFOOD = ("株式会社とさ湾水産", "高知県高知市弘化台12-9", "088-882-4170", "浜口")
SYSTEMS = (
    "株式会社ミナモトシステムズ",
    "栃木県宇都宮市馬場通り3-2-15 MKビル5F",
    "028-612-3380",
    "大森",
)
RENTAL = ("合同会社ひびき音響", "長崎県長崎市万才町6-27", "095-827-5012", "古賀")
IZAKAYA = ("炭火やきとり とり善", "鹿児島県鹿児島市東千石町11-7", "099-224-8153", "")
HARDWARE = ("くろがね金物店", "山形県山形市十日町2-3-40", "023-631-2285", "")
STATIONER = ("たけうち文具店", "三重県津市大門19-3", "059-225-7461", "竹内 和也")
CLEANING = ("株式会社アオイ清掃サービス", "兵庫県姫路市西駅前町73", "079-281-9320", "三木")
PRINTER = ("株式会社かなえ印刷", "徳島県徳島市南末広町2-61", "088-654-2207", "吉成")
GARDENER = ("有限会社みずほ造園", "滋賀県大津市におの浜1-8-20", "077-526-3318", "北村")
COFFEE = ("株式会社せせらぎオフィスサービス", "茨城県水戸市南町1-4-9", "029-221-6705", "坂本")
SECURITY = ("株式会社あまね警備保障", "山口県山口市中河原町2-17", "083-932-4458", "河野")
BUYERS = ["株式会社ゆずりは不動産", "こまち観光株式会社", "一般財団法人あかね文化財団",
          "株式会社トキワ建工", "医療法人社団つむぎ会", "株式会社かささぎ出版"]  # fmt: skip

Goods = list[tuple[str, int, int | None]]
GOODS: dict[str, Goods] = {
    "furniture": [("ダイニングチェア ナラ無垢", 41690, 10), ("ローテーブル W1200", 64900, 10),
                  ("スツール 座面張替え", 9680, 10), ("木製ブックシェルフ 3段", 27280, 10),
                  ("オイル仕上げメンテナンス", 6270, 10), ("配送設置料", 8470, 10),
                  ("ウォールナット天板 特注", 118800, 10)],
    "seafood": [("真鯛 活〆 2kg", 6480, 8), ("するめいか 5kg", 7350, 8),
                ("かつおたたき 冷凍 1kg", 3980, 8), ("ちりめんじゃこ 1kg", 4620, 8),
                ("あおさのり 500g", 2870, 8), ("うるめいわし丸干し 20尾", 1760, 8),
                ("発泡スチロール箱 大", 187, 10), ("冷蔵便 配送料", 1870, 10)],
    "systems": [("社内ネットワーク保守 月額", 46750, 10), ("ノートPC キッティング作業", 7040, 10),
                ("グループウェア導入支援", 93500, 10), ("UTM機器 年間ライセンス", 79200, 10),
                ("リモートサポート 3時間", 21780, 10), ("データ移行作業", 35200, 10)],
    "rental": [("PAスピーカーセット レンタル", 36300, 10), ("ワイヤレスマイク 4本", 9240, 10),
               ("照明機材一式", 29150, 10), ("音響オペレーター 1名", 42350, 10),
               ("機材運搬費", 17930, 10), ("スタッフ弁当", 918, 8), ("ペットボトル緑茶", 151, 8)],
    "izakaya": [("ご飲食代", 4730, 10)],  # the lines are set per receipt
    "hardware": [("コーススレッド 65mm", 748, 10), ("養生テープ 緑", 308, 10),
                 ("防水スプレー", 1298, 10), ("作業手袋 10双", 657, 10),
                 ("ブルーシート #3000", 1680, 10), ("単3電池 8本", 858, 10), ("缶コーヒー", 118, 8)],
    "stationery": [("油性ボールペン 0.7mm 10本", 1067, 10), ("付箋 75×75 20冊", 2596, 10),
                   ("ホッチキス針 No.10 20箱", 1760, 10), ("A4ファイル 背幅5cm", 737, 10),
                   ("朱肉 速乾", 1034, 10), ("来客用 ドリップコーヒー 50袋", 2214, 8)],
    "cleaning": [("定期清掃 月額", 57420, 10), ("床ワックス塗布", 40370, 10),
                 ("窓ガラス清掃", 23870, 10), ("玄関マット交換", 4950, 10)],
    "printing": [("会社案内パンフレット A4 8P", 132000, 10), ("封筒 角2 印刷 500枚", 24750, 10),
                 ("名入れカレンダー 300部", 89100, 10), ("ポスター B2 50枚", 20460, 10),
                 ("版代", 11000, 10)],
    "garden": [("庭木剪定 高木3本", 46200, 10), ("芝刈り・除草作業", 19470, 10),
               ("消毒散布", 9900, 10), ("剪定枝処分費", 9570, 10)],
    "coffee": [("コーヒーマシン レンタル料", 4730, 10), ("ドリップコーヒー豆 1kg", 3402, 8),
               ("スティックシュガー 500本", 1404, 8), ("ミルクポーション 100個", 1350, 8),
               ("紙コップ 7oz 1000個", 2739, 10), ("マドラー 1000本", 693, 10)],
    "security": [("施設警備 月額", 264000, 10), ("臨時警備員 2名", 39600, 10),
                 ("機械警備 月額", 17380, 10), ("鍵預り管理料", 3520, 10)],
}  # fmt: skip
ADVANCES = {"rental": ("立替金（会場駐車場代）", 2400), "garden": ("立替 駐車料金", 1200)}
WEEKDAYS = "月火水木金土日"


@dataclass
class H4Doc(FreshDoc):
    """A document of the set (FreshDoc's fields and expected values, its own style name)."""

    @property
    def style(self) -> str:
        return f"h4-{self.layout}"


def _items(
    rng: random.Random, goods: Goods, count: int, inclusive: bool, discount: bool
) -> list[Line]:
    picked = rng.sample(goods, k=min(count, len(goods)))
    items = []
    for name, price, rate in picked:
        top = 1 if price >= 60000 else 3 if price >= 10000 or inclusive else 12
        items.append(Line(name, rng.randint(1, top), price, rate))
    if discount:  # a 出精値引き on the standard-rate goods, far below their sum
        standard = sum(i.amount for i in items if i.rate == 10)
        items.append(Line("出精値引き", 1, -(standard // 20 // 100 * 100 or 100), 10))
    if inclusive:
        items.sort(key=lambda i: i.rate or 0, reverse=True)
    return items


def build_docs(seed: int = 250725) -> list[H4Doc]:
    """16 printed invoices and receipts, 4 printed non-invoices, 3 Word invoices, 5 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H4Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: tuple[str, str, str, str],
            goods: str, **options: Any) -> H4Doc:  # fmt: skip
        receipt = kind == "simplified_invoice"
        date = dt.date(2025, rng.randint(1, 12), rng.randint(1, 28))
        due = None
        if options.pop("due", True) and not receipt:
            due = (date.replace(day=1) + dt.timedelta(days=rng.randint(35, 60))).replace(
                day=rng.choice((10, 15, 20, 25))
            )
        buyer = options.pop("buyer", BUYERS[(len(docs) * 7 + 3) % len(BUYERS)])
        advance = options.pop("advance", False)
        doc = H4Doc(
            id=f"h4_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=buyer,
            date=date,
            due=due,
            number=f"{rng.choice(('No.', 'INV-', 'R'))}{rng.randint(2500, 25999):05d}",
            lines=_items(
                rng,
                GOODS[goods],
                options.pop("count", rng.randint(2, 5)),
                receipt,
                options.pop("discount", False),
            ),
            inclusive=receipt,
            **options,
        )
        if advance:
            name, price = ADVANCES[goods]
            doc.lines.append(Line(name, 1, price, None))
        docs.append(doc)
        return doc

    for index in range(3):
        add("account", "invoice", "pdf", FURNITURE, "furniture", discount=index == 2)
        add("kennohin", "invoice", "pdf", SEAFOOD, "seafood", due=index != 1,
            count=rng.randint(3, 6))  # fmt: skip
        add("sections", "invoice", "pdf", SYSTEMS, "systems")
        add("letter", "invoice", "pdf", RENTAL, "rental", count=rng.randint(3, 6),
            advance=index == 1)  # fmt: skip
    for index in range(2):
        receipt = add("ryoshusho", "simplified_invoice", "pdf", IZAKAYA, "izakaya",
                      buyer=None if index else BUYERS[1])  # fmt: skip
        dinner = Line("ご飲食代", 1, rng.randint(30, 160) * 110, 10)
        receipt.lines = [dinner, *([Line("焼き鳥たれ お持ち帰り", 2, 1080, 8)] if index else [])]
        add("register", "simplified_invoice", "pdf", HARDWARE, "hardware",
            count=rng.randint(3, 6), buyer=None)  # fmt: skip
    add("quote", "quotation", "pdf", FURNITURE, "furniture", due=False)
    add("order", "purchase_order", "pdf", SEAFOOD, "seafood", due=False)
    add("notice", "payment_notice", "pdf", SYSTEMS, "systems")
    add("cover", "cover_letter", "pdf", PRINTER, "printing", due=False)
    for index, issuer in enumerate((STATIONER, CLEANING, STATIONER)):
        add("docx", "invoice", "docx", issuer, ("stationery", "cleaning")[index % 2],
            due=index != 2)  # fmt: skip
    add("xl_template", "invoice", "xlsx", PRINTER, "printing")
    add("xl_template", "invoice", "xlsx", GARDENER, "garden", advance=True)
    add("xl_account", "invoice", "xlsx", COFFEE, "coffee", count=rng.randint(3, 5))
    add("xl_account", "invoice", "xlsx", COFFEE, "coffee", count=rng.randint(3, 5), due=False)
    add("xl_labels", "invoice", "xlsx", SECURITY, "security")
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for n, d in enumerate(printed) if n not in (9, 10, 12, 15)]  # 12 of 16
    formats = ("scan-pdf", "scan-png", "scan-jpg")
    for index, source in enumerate(sources):
        scan = H4Doc(**{**source.__dict__, "id": f"h4_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (200, 300, 250, 220, 280, 240)[index % 6]
        scan.extra = {**source.extra, "source": source.id, "fax": index == 7}
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _reiwa(day: dt.date) -> str:
    return f"令和{day.year - 2018}年{day.month}月{day.day}日"


def _weekday(day: dt.date) -> str:
    return f"{day.year}年{day.month}月{day.day}日（{WEEKDAYS[day.weekday()]}）"


def _rate_rows(doc: H4Doc) -> list[tuple[int, int, int]]:
    """(rate, base, tax) per rate, 10 % first."""
    return [(r, b, doc.taxes()[r]) for r, b in doc.bases().items()]


def _base(doc: H4Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H4Doc) -> int:
    return sum(doc.taxes().values())


def _previous(doc: H4Doc) -> int:
    """Last month's bill, paid in full this month (so 今回ご請求額 is this month's total)."""
    return 41_000 + 1_300 * (doc.total() % 71)


# -- HTML layouts -------------------------------------------------------------------------------

CELL = "border:1px solid #444;padding:3px 6px"


def _account(doc: H4Doc) -> str:
    """A furniture maker's account-style invoice: five amounts under a header row, 請求番号
    and the 当座預金 line right under the items."""
    name, address, tel, staff = doc.issuer
    heads = ("前回ご請求額", "今回ご入金額", "今回お買上額", "消費税", "今回ご請求額")
    values = (_previous(doc), _previous(doc), _base(doc), _tax(doc), doc.total())
    summary = (
        "<tr>" + "".join(f"<th style='{CELL};background:#e8e4da'>{h}</th>" for h in heads) + "</tr>"
        "<tr>" + "".join(f"<td style='{CELL}' class=num>{v:,}</td>" for v in values) + "</tr>"
    )
    rows = "".join(
        f"<tr><td style='{CELL}'>{doc.date.month}/{max(1, doc.date.day - 3 * n)}</td>"
        f"<td style='{CELL}'>{7310 + 17 * n}</td><td style='{CELL}'>{html.escape(i.description)}</td>"
        f"<td style='{CELL}' class=num>{i.quantity}</td><td style='{CELL}' class=num>{i.unit_price:,}</td>"
        f"<td style='{CELL}' class=num>{i.amount:,}</td></tr>"
        for n, i in enumerate(doc.lines)
    )
    return f"""
<div style="padding:34px 40px;font-family:IPAGothic">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div style="font-size:24pt;letter-spacing:10px">請求書</div>
  <div style="text-align:right">請求日　{doc.date.year}年{doc.date.month:02d}月{doc.date.day:02d}日<br>
   お客様コード　{4000 + doc.total() % 997}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:48%"><div style="font-size:14pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <p>毎度格別のお引き立てにあずかり厚く御礼申し上げます。<br>下記の通りご請求申し上げます。</p></div>
  <div style="width:44%;font-size:9.5pt"><div style="font-size:12.5pt">{name}</div>
   〒{address}<br>TEL {tel}　FAX {tel[:-4]}6615<br>担当　{staff}<br>登録番号　{doc.registration}</div></div>
 <table style="width:100%;margin-top:10px">{summary}</table>
 <table style="width:100%;margin-top:16px"><tr><th style='{CELL}'>日付</th><th style='{CELL}'>伝票番号</th>
  <th style='{CELL}'>品名</th><th style='{CELL}'>数量</th><th style='{CELL}'>単価</th>
  <th style='{CELL}'>金額</th></tr>{rows}</table>
 <div style="margin-top:6px">請求番号　{doc.number}-{doc.date:%m%d}</div>
 <div>お振込先　ひだ中央銀行 本店営業部 当座預金 0214473　カ）ヒノキカグセイサクショ</div>
 <div style="margin-top:8px;font-size:11pt">お支払期限　{doc.due:%Y年%m月%d日}</div>
 <div style="margin-top:30px;font-size:8.5pt;color:#444">※振込手数料は貴社にてご負担くださいますようお願い申し上げます。</div>
</div>"""


def _kennohin(doc: H4Doc) -> str:
    """A seafood wholesaler's 請求書兼納品書: buyer | 御中 cells, a ※ column, a 区分 /
    消費税額 / 消費税対象額 table."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        f"<tr><td style='{CELL}'>{html.escape(i.description)}</td>"
        f"<td style='{CELL}'>{'高知県' if i.rate == 8 else ''}</td>"
        f"<td style='{CELL}' class=num>{i.quantity}</td><td style='{CELL}'>{'ケース' if i.rate == 8 else '個'}</td>"
        f"<td style='{CELL}' class=num>{i.unit_price:,}</td><td style='{CELL}' class=num>{i.amount:,}</td>"
        f"<td style='{CELL};text-align:center'>{'※' if i.rate == 8 else ''}</td></tr>"
        for i in doc.lines
    )
    taxes = "".join(
        f"<tr><td style='{CELL}'>{r}%対象</td><td style='{CELL}' class=num>{t:,}</td>"
        f"<td style='{CELL}' class=num>{b:,}</td></tr>"
        for r, b, t in sorted(_rate_rows(doc))
    )
    due = f"<div style='margin-top:6px'>振込期限：{doc.due:%Y/%m/%d}</div>" if doc.due else ""
    return f"""
<div style="padding:30px 34px;font-family:IPAPGothic">
 <div style="text-align:center;font-size:19pt;border:2px solid #225;padding:4px;width:40%;margin:0 auto">請求書兼納品書</div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:52%"><table><tr><td style="font-size:14pt;border-bottom:1px solid #000;padding-right:20px">{doc.buyer}</td>
   <td style="font-size:12pt;border-bottom:1px solid #000">御中</td></tr></table>
   <div style="margin-top:10px">下記の通り納品し、ご請求申し上げます。</div>
   <div style="margin-top:8px;font-size:14pt">ご請求金額　<span style="font-family:IPAexMincho">¥{doc.total():,}</span>（税込）</div>{due}</div>
  <div style="width:42%;font-size:9.5pt">発行日：{doc.date:%Y/%m/%d}<br>伝票番号：{doc.number}<br><br>
   <span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}（担当 {staff}）<br>
   適格請求書発行事業者登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:14px"><tr><th style='{CELL}'>品名</th><th style='{CELL}'>産地</th>
  <th style='{CELL}'>数量</th><th style='{CELL}'>単位</th><th style='{CELL}'>単価</th><th style='{CELL}'>金額</th>
  <th style='{CELL}'>軽減</th></tr>{rows}</table>
 <div style="font-size:8.5pt">※印は軽減税率（8%）対象品目です。</div>
 <table style="margin-top:10px;margin-left:auto"><tr><th style='{CELL}'>区分</th><th style='{CELL}'>消費税額</th>
  <th style='{CELL}'>消費税対象額</th></tr>{taxes}</table>
 <div style="text-align:right;margin-top:6px;font-size:12pt">税込合計　{doc.total():,}円</div>
</div>"""


def _sections(doc: H4Doc) -> str:
    """An IT company's invoice in sections: 請求先情報 / 発行者情報 / ご請求内容 / お振込先,
    the item table's 合計 header over row numbers."""
    name, address, tel, staff = doc.issuer
    head = "font-size:11pt;font-weight:bold;border-left:6px solid #2a5d8f;padding-left:8px;margin-top:14px"
    rows = "".join(
        f"<tr><td style='{CELL};text-align:center'>{n}</td><td style='{CELL}'>{html.escape(i.description)}</td>"
        f"<td style='{CELL}' class=num>{i.quantity}</td><td style='{CELL}'>{'式' if i.unit_price > 30000 else '回'}</td>"
        f"<td style='{CELL}' class=num>{i.unit_price:,}</td><td style='{CELL}' class=num>{i.amount:,}</td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    sums = "".join(
        f"<tr><td style='{CELL};background:#eef3f8'>{label}</td><td style='{CELL}' class=num>{value}</td></tr>"
        for label, value in (("小計", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                             ("合計金額（税込）", f"{doc.total():,}円"))
    )  # fmt: skip
    return f"""
<div style="padding:36px 44px;font-family:IPAPGothic;font-size:10pt">
 <div style="text-align:center;font-size:22pt;color:#2a5d8f">ご請求書</div>
 <div style="{head}">請求先情報</div>
 <div style="margin:4px 0 0 14px;font-size:12pt">{doc.buyer} 御中</div>
 <div style="{head}">発行者情報</div>
 <div style="margin:4px 0 0 14px">{name}<br>〒{address}<br>TEL：{tel}　担当：{staff}<br>
  登録番号：{doc.registration}</div>
 <div style="{head}">ご請求内容</div>
 <div style="margin:4px 0 0 14px">請求日：{doc.date.year}年{doc.date.month}月{doc.date.day}日
  　請求番号：{doc.number}<br>振込期限：{doc.due.year}年{doc.due.month}月{doc.due.day}日<br>
  <span style="font-size:14pt">ご請求金額　<span style="font-family:IPAexMincho">¥{doc.total():,}</span></span></div>
 <table style="width:100%;margin-top:10px"><tr><th style='{CELL}'>No.</th><th style='{CELL}'>品目</th>
  <th style='{CELL}'>数量</th><th style='{CELL}'>単位</th><th style='{CELL}'>単価</th><th style='{CELL}'>合計</th></tr>
  {rows}</table>
 <table style="margin-top:8px;margin-left:auto;width:40%">{sums}</table>
 <div style="{head}">お振込先</div>
 <div style="margin:4px 0 0 14px">とちぎ未来銀行　宇都宮駅前支店　普通預金　7730218<br>
  口座名義　カ）ミナモトシステムズ</div>
</div>"""


def _letter(doc: H4Doc) -> str:
    """An event-equipment rental's letter: buyer | 御中 cells, 「合計 n点」 under the items,
    「(消費税 10%) …」 lines, お支払期限 with a weekday."""
    name, address, tel, staff = doc.issuer
    cell = "border-bottom:1px solid #666;padding:4px 6px"
    rows = "".join(
        f"<tr><td style='{cell}'>{html.escape(i.description)}{' ※' if i.rate == 8 else ''}</td>"
        f"<td style='{cell}' class=num>{i.quantity}</td><td style='{cell}'>{'点' if i.rate else '件'}</td>"
        f"<td style='{cell}' class=num>{i.unit_price:,}</td><td style='{cell}' class=num>{i.amount:,}</td></tr>"
        for i in doc.lines
    )
    count = sum(i.quantity for i in doc.lines if i.rate is not None)
    sums = [("小計", _base(doc))]
    sums += [(f"(消費税 {r}%)", t) for r, _b, t in _rate_rows(doc)]
    if doc.non_taxable():
        sums.append(("立替金（非課税）", doc.non_taxable()))
    sums.append(("合計", doc.total()))
    sum_rows = "".join(
        f"<tr><td style='padding:2px 10px'>{label}</td><td class=num style='padding:2px 6px'>{value:,}</td></tr>"
        for label, value in sums
    )
    note = (
        "<div style='font-size:8.5pt'>※は軽減税率（8%）対象です。</div>" if 8 in doc.bases() else ""
    )
    return f"""
<div style="padding:58px 62px;font-family:IPAexMincho;font-size:10.5pt">
 <div style="text-align:center;font-size:22pt;letter-spacing:14px">御請求書</div>
 <div style="text-align:right;margin-top:8px">{_reiwa(doc.date)}<br>請求No. {doc.number}</div>
 <table style="margin-top:6px"><tr><td style="font-size:14pt;border-bottom:1px solid #000;padding:0 24px 0 0">{doc.buyer}</td>
  <td style="font-size:14pt;border-bottom:1px solid #000">御中</td></tr></table>
 <div style="margin-top:10px">件名　イベント音響・照明機材一式</div>
 <p>拝啓　平素は格別のご高配を賜り厚く御礼申し上げます。<br>下記の通りご請求申し上げます。</p>
 <div style="font-size:15pt;border-bottom:3px double #000;width:55%">ご請求金額　¥{doc.total():,}-</div>
 <table style="width:100%;margin-top:14px"><tr><th style='{cell}'>品目</th><th style='{cell}'>数量</th>
  <th style='{cell}'>単位</th><th style='{cell}'>単価</th><th style='{cell}'>金額</th></tr>{rows}
  <tr><td style='{cell}'>合計</td><td style='{cell}' class=num>{count}点</td><td style='{cell}'></td>
  <td style='{cell}'></td><td style='{cell}'></td></tr></table>
 {note}
 <table style="margin-top:8px;margin-left:auto">{sum_rows}</table>
 <div style="margin-top:10px">お支払期限：{_weekday(doc.due)}</div>
 <div style="margin-left:52%;margin-top:26px">{name}<br>{address}<br>TEL {tel}　担当 {staff}<br>
  適格請求書発行事業者 登録番号<br>{doc.registration}</div>
</div>"""


def _ryoshusho(doc: H4Doc) -> str:
    """A restaurant's 領収証 (A6 landscape): ¥…-, 但し書き, a 税率 / 対象金額 / 消費税等 table."""
    name, address, tel, _staff = doc.issuer
    buyer = f"{doc.buyer}　様" if doc.buyer else "上様"
    proviso = "ご飲食代・お土産代" if 8 in doc.bases() else "ご飲食代"
    taxes = "".join(
        f"<tr><td style='{CELL}'>{r}%{'（軽減）' if r == 8 else ''}</td><td style='{CELL}' class=num>¥{b:,}</td>"
        f"<td style='{CELL}' class=num>¥{t:,}</td></tr>"
        for r, b, t in _rate_rows(doc)
    )
    return f"""
<div style="margin:8px;border:1px solid #333;padding:10px 16px;height:355px;font-family:IPAexMincho">
 <div style="display:flex;justify-content:space-between"><div>No.{doc.number}</div>
  <div>{doc.date.year}年{doc.date.month}月{doc.date.day}日</div></div>
 <div style="text-align:center;font-size:18pt;letter-spacing:12px;font-family:IPAGothic">領収証</div>
 <div style="font-size:13pt;border-bottom:1px solid #000;width:60%">{buyer}</div>
 <div style="font-size:19pt;margin:10px 0 2px 70px;border-bottom:2px solid #000;width:50%">¥{doc.total():,}-</div>
 <div style="margin-left:70px">但　{proviso}として<br>上記正に領収致しました</div>
 <div style="display:flex;justify-content:space-between;margin-top:8px">
  <table style="font-size:9pt"><tr><th style='{CELL}'>税率</th><th style='{CELL}'>対象金額（税込）</th>
   <th style='{CELL}'>消費税等</th></tr>{taxes}</table>
  <div style="font-size:9pt;text-align:right"><span style="font-size:12pt">{name}</span><br>{address}<br>
   TEL {tel}<br>登録番号 {doc.registration}</div></div>
</div>"""


def _register(doc: H4Doc) -> str:
    """A hardware store's 58 mm register receipt: 「小計 n点 ¥…」, 内消費税 per rate, クレジット."""
    name, address, tel, _staff = doc.issuer
    clock = f"{9 + doc.total() % 9:02d}:{doc.total() % 60:02d}"
    lines = ""
    for item in doc.lines:
        mark = "※" if item.rate == 8 else ""
        if item.quantity > 1:
            lines += f"<div>{html.escape(item.description)}</div>"
            lines += f"<div class=row><span>　{item.quantity}個×@{item.unit_price:,}</span><span>¥{item.amount:,}{mark}</span></div>"
        else:
            lines += f"<div class=row><span>{html.escape(item.description)}</span><span>¥{item.amount:,}{mark}</span></div>"
    count = sum(i.quantity for i in doc.lines)
    taxes = "".join(
        f"<div class=row><span>({r}%対象</span><span>¥{b:,})</span></div>"
        f"<div class=row><span>(内消費税等</span><span>¥{t:,})</span></div>"
        for r, b, t in _rate_rows(doc)
    )
    return f"""
<style>.row {{ display:flex; justify-content:space-between }}</style>
<div style="padding:10px 8px;font-family:IPAGothic;font-size:8.5pt;line-height:1.35">
 <div style="text-align:center;font-size:12pt">{name}</div>
 <div style="text-align:center">{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div style="margin-top:6px">{doc.date.year}年{doc.date.month:02d}月{doc.date.day:02d}日({WEEKDAYS[doc.date.weekday()]}) {clock}</div>
 <div class=row><span>レジ02</span><span>責No.{doc.number[-4:]}</span></div>
 <div style="text-align:center;font-size:11pt;margin:4px 0">領　収　証</div>
 {lines}
 <div style="border-top:1px dashed #000;margin-top:4px"></div>
 <div class=row><span>小計　{count}点</span><span>¥{doc.total():,}</span></div>
 <div class=row style="font-size:12pt"><span>合計</span><span>¥{doc.total():,}</span></div>
 {taxes}
 <div class=row><span>クレジット</span><span>¥{doc.total():,}</span></div>
 <div style="margin-top:4px">※印は軽減税率対象商品です</div>
 <div style="text-align:center;margin-top:6px">毎度ありがとうございます</div>
</div>"""


def _non_invoice(doc: H4Doc) -> str:
    """A quotation, a purchase order, a payment statement or a cover letter (kinds only)."""
    name, address, tel, staff = doc.issuer
    if doc.layout == "cover":
        return f"""
<div style="padding:64px;font-family:IPAexMincho;font-size:11pt">
 <div style="text-align:center;font-size:20pt;letter-spacing:20px;margin-bottom:20px">送付状</div>
 <div style="text-align:right">{doc.date.year}年{doc.date.month}月{doc.date.day}日</div>
 <div>{doc.buyer}<br>総務部　ご担当者様</div>
 <div style="text-align:right">{name}<br>{address}<br>TEL {tel}<br>担当　{staff}</div>
 <p>いつもお世話になっております。<br>下記の書類を送付します。ご確認のほどよろしくお願いいたします。</p>
 <table style="margin:10px auto;width:70%"><tr><th style='{CELL}'>書類名</th><th style='{CELL}'>部数</th></tr>
  <tr><td style='{CELL}'>請求書（{doc.date.month}月納品分）</td><td style='{CELL}'>1部</td></tr>
  <tr><td style='{CELL}'>納品書控え</td><td style='{CELL}'>1部</td></tr></table>
 <p>ご不明な点がございましたら、担当までご連絡ください。</p><div style="text-align:right">以上</div></div>"""
    rows = "".join(
        f"<tr><td style='{CELL}'>{n}</td><td style='{CELL}'>{html.escape(i.description)}</td>"
        f"<td style='{CELL}' class=num>{i.quantity}</td><td style='{CELL}' class=num>{i.unit_price:,}</td>"
        f"<td style='{CELL}' class=num>{i.amount:,}</td></tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    if doc.layout == "quote":
        title, to, sender = "お見積書", f"{doc.buyer} 御中", f"{name}<br>{address}<br>TEL {tel}"
        lead = (
            "このたびはお問い合わせいただきありがとうございます。下記の通りお見積り申し上げます。"
        )
        label, tail = "お見積金額", "見積有効期限：発行日より60日間　納期：ご注文後約6週間"
    elif doc.layout == "order":  # the buyer orders from the wholesaler
        title, to, sender = "注文書", f"{name} 御中", f"{doc.buyer}<br>購買部　発注担当"
        lead = "下記の通り注文いたします。"
        label, tail = (
            "ご注文金額",
            f"納品希望日：{doc.date.month}月{min(28, doc.date.day + 3)}日　納品場所：弊社厨房",
        )
    else:  # the buyer tells the IT company what it will pay
        title, to, sender = "お支払明細書", f"{name} 御中", f"{doc.buyer}<br>経理課"
        lead = "平素より大変お世話になっております。下記の通りお支払いいたしますのでご案内申し上げます。"
        label, tail = "お支払金額", f"お支払日：{doc.due:%Y年%m月%d日}　お振込にて"
    return f"""
<div style="padding:46px;font-family:IPAPGothic">
 <div style="text-align:center;font-size:21pt;letter-spacing:6px">{title}</div>
 <div style="text-align:right;margin-top:8px">{doc.date.year}年{doc.date.month}月{doc.date.day}日<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to}</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">{label}　¥{doc.total():,}（税込）</div>
 <div>{tail}</div>
 <table style="width:100%;margin-top:10px"><tr><th style='{CELL}'>No.</th><th style='{CELL}'>品名</th>
  <th style='{CELL}'>数量</th><th style='{CELL}'>単価</th><th style='{CELL}'>金額</th></tr>{rows}</table>
 <div style="text-align:right;margin-top:6px">小計 {_base(doc):,}円　消費税 {_tax(doc):,}円</div>
</div>"""


LAYOUTS: dict[str, Callable[[H4Doc], str]] = {
    "account": _account,
    "kennohin": _kennohin,
    "sections": _sections,
    "letter": _letter,
    "ryoshusho": _ryoshusho,
    "register": _register,
    "quote": _non_invoice,
    "order": _non_invoice,
    "notice": _non_invoice,
    "cover": _non_invoice,
}

CSS = """
@font-face { font-family: "IPAGothic"; src: url("ipag.ttf"); }
@font-face { font-family: "IPAPGothic"; src: url("ipagp.ttf"); }
@font-face { font-family: "IPAexMincho"; src: url("ipaexm.ttf"); }
body { font-family: "IPAGothic"; font-size: 10pt; color: #1a1a1a; margin: 0; }
table { border-collapse: collapse; }
.num { text-align: right; }
"""


def _pdf_options(doc: H4Doc) -> dict[str, Any]:
    if doc.layout == "ryoshusho":
        return {"width": "148mm", "height": "105mm", "print_background": True}
    if doc.layout == "register":
        return {
            "width": "58mm",
            "height": f"{120 + 9 * len(doc.lines)}mm",
            "print_background": True,
        }
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H4Doc) -> bytes:
    """A stationer's or a cleaning company's Word invoice: buyer | 御中 in a two-cell table,
    a totals table per rate, お支払期日 and 普通預金."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    document = docx.Document()
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    heading = title.add_run("請　求　書")
    heading.bold = True
    heading.font.size = Pt(20)
    head = document.add_paragraph(
        f"発行日：{doc.date.year}年{doc.date.month}月{doc.date.day}日\n請求書番号：{doc.number}"
    )
    head.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    parties = document.add_table(rows=1, cols=2)
    parties.rows[0].cells[0].text = doc.buyer or ""
    parties.rows[0].cells[1].text = "御中"
    issuer = document.add_paragraph(
        f"{name}\n〒{address}\nTEL {tel}\n担当：{staff}\n適格請求書発行事業者 登録番号：{doc.registration}"
    )
    issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    document.add_paragraph("下記の通りご請求申し上げます。")
    amount = document.add_paragraph()
    amount.add_run(f"ご請求金額　¥{doc.total():,}（税込）").font.size = Pt(14)
    table = document.add_table(rows=1, cols=5)
    table.style = "Table Grid"
    for cell, text in zip(
        table.rows[0].cells, ["品名", "数量", "単価", "金額", "税率"], strict=True
    ):
        cell.text = text
    for item in doc.lines:
        values = [item.description, str(item.quantity), f"{item.unit_price:,}", f"{item.amount:,}",
                  "8%※" if item.rate == 8 else "10%"]  # fmt: skip
        for cell, text in zip(table.add_row().cells, values, strict=True):
            cell.text = text
    if 8 in doc.bases():
        document.add_paragraph("※は軽減税率対象")
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    totals = []
    for rate, base, tax in _rate_rows(doc):
        totals += [(f"{rate}%対象 小計", base), (f"消費税（{rate}%）", tax)]
    totals.append(("合計", doc.total()))
    for label, value in totals:
        row = sums.add_row().cells
        row[0].text, row[1].text = label, f"¥{value:,}"
    if doc.due:
        document.add_paragraph(f"お支払期日：{doc.due.year}年{doc.due.month}月{doc.due.day}日")
    document.add_paragraph("お振込先：みえ東海銀行 津支店 普通預金 1180452")
    document.core_properties.created = dt.datetime(2025, 12, 26)
    document.core_properties.modified = dt.datetime(2025, 12, 26)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------

ERA = '[$-411]ggge"年"m"月"d"日"'


def _xl_template(doc: H4Doc) -> bytes:
    """A printer's / landscaper's template: merged cells, the buyer cell formatted
    `@\\ "御中"`, 和暦 dates, [$¥-411] and 円 formats, 登録番号 label | value."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "請求書"
    name, address, tel, staff = doc.issuer
    sheet.merge_cells("A1:G1")
    sheet["A1"] = "請　求　書"
    sheet["F3"], sheet["G3"] = "請求日", dt.datetime.combine(doc.date, dt.time())
    sheet["G3"].number_format = ERA
    sheet["F4"], sheet["G4"] = "請求No.", doc.number
    sheet.merge_cells("A4:D4")
    sheet["A4"] = doc.buyer
    sheet["A4"].number_format = '@\\ "御中"'
    sheet["A6"] = "下記の通りご請求申し上げます。"
    sheet["E6"], sheet["E7"], sheet["E8"] = name, address, f"TEL {tel}　担当：{staff}"
    sheet["E9"], sheet["F9"] = "登録番号", doc.registration
    sheet.merge_cells("F9:G9")
    sheet.merge_cells("A8:B8")
    sheet["A8"], sheet["C8"] = "ご請求金額", doc.total()
    sheet["C8"].number_format = "[$¥-411]#,##0"
    if doc.due:
        sheet["A9"], sheet["C9"] = "お支払期限", dt.datetime.combine(doc.due, dt.time())
        sheet["C9"].number_format = "[$-411]ge.m.d"
    row = 11
    for column, head in zip(
        "ABCDEFG", ["No.", "品名", None, "数量", "単位", "単価", "金額"], strict=True
    ):
        sheet[f"{column}{row}"] = head
    for n, item in enumerate(doc.lines, 1):
        row += 1
        sheet.merge_cells(f"B{row}:C{row}")
        sheet[f"A{row}"], sheet[f"B{row}"], sheet[f"D{row}"] = n, item.description, item.quantity
        sheet[f"E{row}"] = "式" if item.quantity == 1 else "部" if doc.issuer == PRINTER else "回"
        sheet[f"F{row}"], sheet[f"G{row}"] = item.unit_price, item.amount
        sheet[f"F{row}"].number_format = sheet[f"G{row}"].number_format = "#,##0"
        if item.rate is None:
            sheet[f"H{row}"] = "非課税"
    row += 2
    totals = [("小計", _base(doc)), ("消費税（10%）", _tax(doc))]
    if doc.non_taxable():
        totals.append(("非課税 立替分", doc.non_taxable()))
    totals.append(("合計", doc.total()))
    for label, value in totals:
        sheet[f"F{row}"], sheet[f"G{row}"] = label, value
        sheet[f"G{row}"].number_format = '#,##0"円"'
        row += 1
    sheet[f"A{row + 1}"] = "振込先：阿波かがやき銀行 本店 普通 3021987"
    return save_book(book)


def _xl_account(doc: H4Doc) -> bytes:
    """An office-coffee service's 納品書 兼 請求書: buyer | 御中 cells, the five-amount header
    row above its values, 「消費税額 消費税対象額」 with 「10%対象」 rows."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    sheet["A1"] = "納品書 兼 請求書"
    sheet["F1"] = "発行日"
    sheet["G1"] = dt.datetime.combine(doc.date, dt.time())
    sheet["G1"].number_format = 'yyyy"年"m"月"d"日"'
    sheet["A3"], sheet["C3"] = doc.buyer, "御中"
    sheet["E3"], sheet["E4"] = name, address
    sheet["E5"], sheet["E6"] = f"TEL {tel}（{staff}）", f"登録番号 {doc.registration}"
    sheet["A5"] = f"伝票No. {doc.number}"
    if doc.due:
        sheet["A6"] = f"振込期限 {doc.due.year}年{doc.due.month}月{doc.due.day}日"
    sheet.append([])
    sheet.append(["前回ご請求額", "今回ご入金額", "今回お買上額", "消費税", "今回ご請求額"])
    sheet.append([_previous(doc), _previous(doc), _base(doc), _tax(doc), doc.total()])
    sheet.append([])
    sheet.append(["月日", "品番", "品名", "数量", "単価", "金額", "税率"])
    for n, item in enumerate(doc.lines):
        sheet.append([f"{doc.date.month}/{max(1, doc.date.day - 4 * n)}", f"C{620 + 11 * n}",
                      item.description, item.quantity, item.unit_price, item.amount,
                      "*8%" if item.rate == 8 else "10%"])  # fmt: skip
    sheet.append([])
    sheet.append([None, None, None, None, "消費税額", "消費税対象額"])
    for rate, base, tax in _rate_rows(doc):
        sheet.append([None, None, None, f"{rate}%対象", tax, base])
    sheet.append([None, None, None, None, None, None, "*は軽減税率8%対象"])
    for row in sheet.iter_rows(min_col=1, max_col=7):
        for cell in row:
            if isinstance(cell.value, int):
                cell.number_format = "#,##0"
    return save_book(book)


def _xl_labels(doc: H4Doc) -> bytes:
    """A security company's label-column invoice: the buyer formatted `@"　様"`, "¥" formats,
    請求日 and 振込期限 as 和暦 date cells."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    yen = '"¥"#,##0;"¥"-#,##0'
    sheet["B2"] = "御請求書"
    pairs: list[tuple[str, Any, str | None]] = [
        ("請求先", doc.buyer, '@"　様"'),
        ("請求日", dt.datetime.combine(doc.date, dt.time()), ERA),
        ("請求番号", doc.number, None),
        ("ご請求額", doc.total(), yen),
        ("振込期限", dt.datetime.combine(doc.due, dt.time()) if doc.due else "別途ご案内", ERA),
    ]
    for row, (label, value, fmt) in enumerate(pairs, 4):
        sheet[f"B{row}"], sheet[f"C{row}"] = label, value
        if fmt:
            sheet[f"C{row}"].number_format = fmt
    sheet["F4"], sheet["F5"], sheet["F6"] = name, address, f"TEL {tel}"
    sheet["F7"], sheet["F8"] = f"担当 {staff}", f"適格請求書発行事業者 {doc.registration}"
    row = 11
    for column, head in zip("BCDEF", ("内容", "数量", "単価", "金額", "備考"), strict=True):
        sheet[f"{column}{row}"] = head
    for item in doc.lines:
        row += 1
        sheet[f"B{row}"], sheet[f"C{row}"] = item.description, item.quantity
        sheet[f"D{row}"], sheet[f"E{row}"] = item.unit_price, item.amount
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = yen
    row += 1
    for label, value in (("税抜合計", _base(doc)), ("消費税等(10%)", _tax(doc)),
                         ("税込合計", doc.total())):  # fmt: skip
        row += 1
        sheet[f"D{row}"], sheet[f"E{row}"] = label, value
        sheet[f"E{row}"].number_format = yen
    return save_book(book)


OFFICE_LAYOUTS: dict[str, Callable[[H4Doc], bytes]] = {
    "docx": _docx,
    "xl_template": _xl_template,
    "xl_account": _xl_account,
    "xl_labels": _xl_labels,
}


# -- scans --------------------------------------------------------------------------------------


def _fax(image: Any, doc: H4Doc, rng: random.Random) -> Any:
    """Half the vertical resolution, a threshold, a streak and a fax header line."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    width, height = image.size
    image = image.resize((width, height // 2)).resize((width, height))
    pixels = np.asarray(image, dtype=np.float64)
    pixels = np.where(pixels < rng.uniform(150, 175), 0.0, 255.0)
    streak = rng.randrange(height // 3, height - 20)
    pixels[streak : streak + 2, :] = 0
    image = Image.fromarray(pixels.astype(np.uint8))
    font = ImageFont.truetype(str(FONTS["ipag"]), max(14, doc.dpi // 12))
    sent = doc.date + dt.timedelta(days=1)
    ImageDraw.Draw(image).text(
        (40, 12), f"{sent:%y/%m/%d} 10:{doc.total() % 60:02d}  FAX {doc.issuer[2]}  P.001/001",
        font=font, fill=0,
    )  # fmt: skip
    return image


def _scan_page(image: Any, doc: H4Doc, rng: random.Random) -> Any:
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.4, 2.5) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("fax"):
        return _fax(image, doc, rng)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    tone = rng.uniform(236, 248)  # the paper is not white
    pixels = pixels * (tone / 255.0)
    pixels += generator.normal(0, rng.uniform(2.5, 6.0), pixels.shape)
    dust = generator.random(pixels.shape)
    pixels[dust < 0.0003] = rng.uniform(60, 120)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.6)))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout4",
    prefix="h4_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipafont-gothic fonts-ipaexfont-mincho",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=4000,
    quality=(60, 90),
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
