"""A twelfth held-out set for issue 25 (`heldout12`), made blind: written from the issue's list
of shapes, `make_heldout11_corpus.py`, `make_heldout10_corpus.py`, `make_heldout9_corpus.py` and
the shared generator parts (`corpus_parts.py`), without reading the document readers (`blocks/`),
their tests, `docs/evidence.md` or the history of `blocks/` and `tests/`, and without running a
reader on its documents (only `bench_extraction.py --list`); nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together. Its document
class is heldout11's (a tax rounded up added), its line heldout11's (with the quantity and unit
price as printed when they are not whole numbers), its cached-formula sheet heldout9's and its
sheet rows heldout8's, imported with a few of heldout11's cell helpers; its layouts, date texts,
registration forms and scan model are its own.

Different from every other set in its companies, goods, amounts, dates (April 2035 to March 2036,
令和17–18年, after every date of heldout11), industries, layouts and wordings: the month of a hot-spring
ryokan (株式会社みやま温泉旅館, its sister 有限会社こだま観光 that runs the annex, the day spa and the
shuttle, and 株式会社みやまフードサービス that runs the kitchen and the shop) — a sake brewery (a
合名会社), an amenity supplier, futon and yukata linen, the hot-spring 協同組合's 引湯料, an online
travel agency's commission, heating oil, a charter bus, the bath filters' maintenance, a souvenir
confectioner, a booking SaaS, the 観光協会, a tatami maker, a farmers' market, a locksmith, a
行政書士, a 和太鼓 troupe (源泉徴収), a hospitality trainer, a tofu maker, fire-equipment checks, lift
maintenance, bath chemicals and a 信用組合. Its fonts are new to the sets or new in their place:
Migu 1M tables (no set used it), MigMix 1P for the modern pages, Sawarabi Mincho headings, VL
PGothic for the craftsmen, IPA P Mincho for the association, IPAex Mincho letters, MigMix 2M for the
register slip.

- HTML printed by Debian's Chromium (14 invoices and receipts): a sake brewery's 月末締め 御請求書
  (品番 / 税率 columns, 「8%軽」 for 酒粕, あま酒 and bottled water beside 10 % sake, a negative
  特約店値引 per bottle, a 10%対象 / 8%対象 table beside a 御請求金額 / お支払期日 box, 令和 dates); an
  amenity supplier's 月末締め 請求書 (a 前回ご請求額 / ご入金額 / 繰越金額 / 今回お買上額 / 消費税額 /
  今回ご請求額 header row over its values at the top, a nonzero 繰越 billed again, rows by delivery
  date with 品番 / 入数, ※ after the 8 % tea and crackers, a negative キャンペーン値引, dates
  2035/06/30); a futon and yukata linen's 20日締め invoice (枚 / 組 counts, the sums and the
  口座振替日 in a box right of the buyer, dotted dates, 登録番号 with spaces); the hot-spring
  協同組合's 温泉使用料 invoice (引湯権 口数, m³ × 円, a 前回指針 / 今回指針 / ご使用量 header row over
  its values, a 不課税 組合費, the amount and 振込期限 in a header row over a value row above the
  items, 「様」, 令和 dates with weekdays); an online travel agency's bilingual 手数料 invoice
  (percentages of the month's bookings, a 不課税 ポイント原資, a negative キャンペーン割引, ISO dates,
  set off against the payout: no due date, 「T-」 registration); a heating-oil dealer's 月末締め
  invoice (A重油 and 灯油 deliveries in litres × 円 with two decimals, a negative 数量値引, the
  carried-forward box and お支払期日 in a column right of the items); a charter bus's 運賃・料金
  invoice (時間制 and キロ制 fares, 交替運転者 and 深夜早朝 charges, the 高速道路料金 and 駐車場代 立替 not
  taxed, 「合計金額（税込）」 right of the buyer, dates with weekdays); a water-treatment company's
  ろ過装置 保守 invoice (レジオネラ検査 per 検体, a negative 年間契約値引, tax rounded up with a note,
  dates printed 「2035年 9月 5日」, 登録番号 「T1234-5678-9012-3」); a confectioner's 御請求書（納品書
  兼用） (入数, 8%※ sweets beside 10 % bath salts and goods, 「8%対象 ¥x（消費税 ¥y）」 lines, dates
  R17.11.15); a booking SaaS's ご利用明細書 兼 請求書 (施設 × 月額, rooms, SMS per 通, a negative
  年間契約割引, paid by card: no due date); the 観光協会's 請求書 (a 不課税 年会費 and 協賛金 beside a 10 %
  広告掲載料, 「様」, 令和 dates, 「納入期限」); a tatami maker's (an individual's) 御請求書 (帖 and 枚,
  a negative 出精値引, slashed dates without zeros); a farmers' market's register 領収証 (内税, 8 %
  produce, 10 % flowers and charcoal, 「軽」 marks, お預り / お釣り, no buyer); a locksmith's carbon-copy
  領収書 (内税, 「様」, 但し書き, a 収入印紙 box, 令和 dates in carbon ink);
- printed non-invoices, kinds only (8): the fire-equipment company's 御見積書, our 注文書 to the
  amenity supplier, the brewery's 納品書, the annex's お支払通知書 to the bus company, the 観光協会's
  送付状 (a cover letter), the oil dealer's 請求書ご送付のお知らせ naming the amount (a cover letter),
  the confectioner's 返品受領書 (適格返還請求書, a credit note) and the 信用組合's 振込入金のお知らせ of
  the travel agency's payout (a payment notice);
- Word (.docx, 3): a 行政書士's invoice (許可申請 fees, non-taxable 収入証紙 and 証明書 立替, 令和 dates
  and the registration number in full-width digits, no withholding); a 和太鼓 troupe's invoice
  (源泉徴収 10.21 % on the 出演料 and 講師料 only, 「差引ご請求額」, dates with weekdays); a trainer's
  研修費 invoice (講師料, テキスト per 冊, taxable 交通費, 「様」, slashed dates, 登録番号
  「T1234-5678-9012-3」);
- Excel templates (openpyxl, 4, with formulas and their cached values as Excel saves them): a tofu
  maker's 20日締め invoice (delivery dates as date cells formatted `m/d`, 8 % tofu and yuba beside a
  10 % 配達料, one ROUNDDOWN per rate by SUMIF, `#,##0;[Red]-#,##0`, `yyyy"年"m"月"d"日"`); a
  fire-equipment company's 点検 invoice (the amount in a merged cell at the top, `[$-411]ge.m.d`,
  `#,##0"円"`); a lift company's POG 保守 invoice (a non-taxable 定期検査報告 手数料, the accounting
  format, `yyyy"年"mm"月"dd"日"`, due the 口座振替日); a bath-chemicals invoice (a non-taxable 容器保証金
  and its negative 返却, `#,##0;"△"#,##0`, `yyyy/m/d`);
- 12 scans of 12 of the printed invoices and receipts (not the travel agency's or the 観光協会's):
  200 dpi, rotated 0.4–2.2° either way, a round 受付 date stamp on four, a staple on three, the
  crease of a sheet folded in half on three, a sticky note on two, the scanner lid's shadow on one
  edge of some, a paper tone, noise, dust, a slight blur, JPEG quality 45–78; as image-only PDF (8),
  PNG (2) or JPEG (2).

The expected values come from the generator's own data, with heldout11's conventions: `total` is
the amount to pay as printed (after 源泉徴収 for the 和太鼓 troupe; with the amenity supplier's 繰越
included; with 立替 / 組合費 / 年会費 / 協賛金 / ポイント原資 / 保証金 and the negative 値引 / 割引 / 返却
lines included); `tax_by_rate` is the consumption tax per rate, rounded down once per rate (up for
the water-treatment company, as its note says; for the 内税 receipts — the farmers' market and the
locksmith — the tax included); `due_date` is the due date printed (口座振替日 and 納入期限 included),
null when none is printed (the travel agency's set-off is not one); `transaction_date` is the
document's date (請求日 / 発行日 / the receipt's date; never a delivery row's date, a 運行日, a 作業日,
a 検針 period or a 締日 period); `buyer_name` is the buyer's corporation without its inn, shop or
department, null for the register receipt; `issuer_name` is the Japanese name; a registration number
printed with hyphens, spaces or full-width digits is expected as T and 13 digits; `lines` are the
item rows of this period (never a 繰越 or a subtotal); a receipt's `lines` are not compared.

    python samples/make_heldout12_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

import datetime as dt
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
    add_row,
    generate_printed,
    last_day_of_month,
    midnight,
    registration,
    run,
)
from make_heldout8_corpus import _put
from make_heldout9_corpus import _Sheet
from make_heldout11_corpus import H11Doc, _due_from, _e, _font, _lines_to, _n, _pairs, _td, _ths
from make_heldout11_corpus import Item as H11Item

__all__ = ["FONTS", "H12Doc", "build_docs", "generate", "main"]

FONTS = {
    "migu1m": Path("/usr/share/fonts/truetype/migmix/migu-1m-regular.ttf"),
    "migu1mb": Path("/usr/share/fonts/truetype/migmix/migu-1m-bold.ttf"),
    "mig1p": Path("/usr/share/fonts/truetype/migmix/migmix-1p-regular.ttf"),
    "mig1pb": Path("/usr/share/fonts/truetype/migmix/migmix-1p-bold.ttf"),
    "mig2m": Path("/usr/share/fonts/truetype/migmix/migmix-2m-regular.ttf"),
    "sawam": Path("/usr/share/fonts/truetype/sawarabi-mincho/sawarabi-mincho-medium.ttf"),
    "vlpg": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
    "ipapm": Path("/usr/share/fonts/opentype/ipafont-mincho/ipamp.ttf"),
    "ipaexm": Path("/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
SAKE = ("合名会社ゆきしずく酒造", "群馬県沼田市上之町2-14", "0278-22-4061", "営業部 本田")
AMENITY = ("株式会社はなみずきホテルサプライ", "大阪府大阪市西区靱本町1-9-15 靱本町ビル4F",
           "06-6443-2190", "関東営業所 旅館課 杉浦")  # fmt: skip
LINEN = ("株式会社あおぞら寝具リネン", "群馬県前橋市問屋町2-7-5", "027-251-3318", "北毛営業所")
ONSEN = ("湯原温泉協同組合", "群馬県利根郡みなかみ町湯原1-1 湯原温泉会館", "0278-72-3105",
         "事務局 源泉管理係")  # fmt: skip
OTA = ("株式会社たびまくらネット", "東京都港区芝公園2-6-3 芝パークタワー19F", "03-5405-7718",
       "宿泊施設パートナー事業部 / Tabimakura Net Inc.")  # fmt: skip
FUEL = ("株式会社ぬまた石油", "群馬県沼田市戸鹿野町1120", "0278-23-5511", "燃料課 配送係 星野")
BUS = ("かたくり観光バス株式会社", "群馬県渋川市石原188-2", "0279-22-6230", "貸切営業課 田村")
FILTER = ("株式会社せせらぎ水処理サービス", "埼玉県熊谷市久下1830-6", "048-526-7714",
          "浴場設備メンテナンス課")  # fmt: skip
SWEETS = ("株式会社こまくさ製菓", "群馬県高崎市問屋町西1-3-6", "027-362-8845",
          "卸営業部 観光土産課")  # fmt: skip
SAAS = ("株式会社ステイリンク", "福岡県福岡市中央区天神2-8-41 天神プライムビル12F",
        "092-737-4460", "カスタマーサポート")  # fmt: skip
KANKO = ("一般社団法人湯原温泉観光協会", "群馬県利根郡みなかみ町湯原2-5 湯原観光センター内",
         "0278-72-2201", "事務局 会計担当 木暮")  # fmt: skip
TATAMI = ("たかはし畳店", "群馬県利根郡みなかみ町月夜野1745-3", "0278-62-4417",
          "一級畳製作技能士 高橋 修")  # fmt: skip
MARKET = ("株式会社あぐりの里みなかみ", "群馬県利根郡みなかみ町後閑318-1", "0278-62-0881",
          "農産物直売所 あぐりの里")  # fmt: skip
LOCK = ("有限会社ぬまたロックサービス", "群馬県沼田市西倉内町622-5", "0278-24-0119",
        "鍵の出張サービス 沼田店")  # fmt: skip
GYOSEI = ("宮下千尋行政書士事務所", "群馬県前橋市大手町3-12-7 大手町ビル2F", "027-289-4426",
          "行政書士 宮下 千尋")  # fmt: skip
TAIKO = ("和太鼓ひびき座", "群馬県渋川市伊香保町伊香保41-6", "0279-72-5308", "代表 森田 剛")
TRAINER = ("株式会社おもてなしラボ", "東京都台東区浅草橋5-2-3 浅草橋ファーストビル6F",
           "03-5829-6641", "研修事業部 講師派遣課")  # fmt: skip
TOFU = ("ささき豆腐店", "群馬県利根郡みなかみ町下牧902", "0278-64-1130", "店主 佐々木 和夫")
FIRE = ("株式会社あかぎ防災", "群馬県前橋市上小出町3-21-8", "027-233-9102", "点検工事部")
LIFT = ("みどりエレベーターサービス株式会社", "埼玉県さいたま市北区宮原町4-135-2",
        "048-652-7730", "北関東サービスセンター")  # fmt: skip
CHEM = ("株式会社しずくケミカル", "栃木県宇都宮市平出工業団地38-12", "028-664-3357",
        "水処理薬剤課")  # fmt: skip
BANK = ("ほくもう信用組合", "群馬県沼田市下之町888", "0278-23-1200", "本店営業部")
RYOKAN = "株式会社みやま温泉旅館"
KODAMA = "有限会社こだま観光"
FOODS = "株式会社みやまフードサービス"
ANNEX = (KODAMA, "群馬県利根郡みなかみ町湯原3-8", "0278-72-4410", "みやま別邸 こだま 事務所")
HOUSES = ("湯宿 みやま", "みやま別邸 こだま", "売店 みやま屋", "日帰り温泉 みやまの湯")
WEEKDAYS = "月火水木金土日"
START = dt.date(2035, 4, 1)
ZENKAKU = str.maketrans("0123456789T", "０１２３４５６７８９Ｔ")


@dataclass
class Item(H11Item):
    """heldout11's line, with its quantity and unit price as printed when they are not whole
    numbers (litres × 102.40円: the line is then 1 × its amount)."""

    qty: str = ""
    price: str = ""


def item(description: str, quantity: int, unit_price: int, rate: int | None,
         unit: str = "式", **more: str) -> Item:  # fmt: skip
    return Item(description, quantity, unit_price, rate, unit, **more)


def _items(doc: Any) -> list[Item]:
    return list(doc.lines)


@dataclass
class H12Doc(H11Doc):
    """A document of the set: heldout11's (`extra` may carry a `withholding`, a `carry` and a
    `rounding` of the tax per rate: "down" (the default), "half" or "up")."""

    @property
    def style(self) -> str:
        return f"h12-{self.layout}"

    def taxes(self) -> dict[int, int]:
        if self.extra.get("rounding") != "up":
            return H11Doc.taxes(self)
        out = {}
        for rate, base in self.bases().items():
            whole = 100 + rate if self.inclusive else 100
            tax = -(-abs(base) * rate // whole)
            out[rate] = tax if base >= 0 else -tax
        return out


def build_docs(seed: int = 351204) -> list[H12Doc]:
    """14 printed invoices and receipts, 8 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H12Doc] = []
    numbers: dict[str, str] = {}  # one registration number per issuer

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Item], buyer: str | None,
            *, due: str | None = "days", inclusive: bool = False, month_end: bool = False,
            close: int = 0, date: dt.date | None = None, **extra: Any) -> H12Doc:  # fmt: skip
        if date is None:
            date = START + dt.timedelta(days=rng.randint(0, 364))
            if month_end:
                date = last_day_of_month(START, rng.randint(0, 11))
            elif close:
                date = date.replace(day=close)
        if issuer[0] not in numbers:
            numbers[issuer[0]] = registration(rng)
        prefix = rng.choice(("No.", "SE", "B-", "", "K", "MY", "25"))
        doc = H12Doc(
            id=f"h12_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=numbers[issuer[0]],
            buyer=buyer,
            date=date,
            due=_due_from(date, due, rng),
            number=f"{prefix}{date:%y%m}{rng.randint(1, 9999):04d}",
            lines=list(lines),
            inclusive=inclusive,
            extra=dict(extra),
        )
        docs.append(doc)
        return doc

    # -- printed invoices and receipts (14)
    large = [rng.randint(12, 30), rng.randint(18, 40)]
    sake = [
        item("純米吟醸 雪しずく 1.8L", large[0], 3520, 10, "本", code="YS-G18"),
        item("特別本醸造 谷川おろし 1.8L", large[1], 2420, 10, "本", code="TO-H18"),
        item("純米大吟醸 雪しずく 極 720mL", rng.randint(6, 18), 4180, 10, "本", code="YS-D72"),
        item("にごり酒 冬季限定 720mL", rng.randint(6, 12), 1650, 10, "本", code="NG-072"),
        item("特約店値引（1.8L @110円）", sum(large), -110, 10, "本"),
        item("酒粕（板粕）1kg", rng.randint(4, 10), 880, 8, "袋", code="SK-010"),
        item("あま酒（ノンアルコール）500mL", rng.randint(12, 36), 385, 8, "本", code="AM-500"),
        item("仕込み水 500mL（客室用）", rng.randint(2, 6) * 24, 95, 8, "本", code="SW-500"),
        item("名入れラベル 版代", 1, 13200, 10, code="LB-001"),
        item("運賃（チャーター便）", 1, 2750, 10),
    ]  # fmt: skip
    brewery = add("sake", "invoice", "pdf", SAKE, sake, RYOKAN, due="eom+1", month_end=True)
    amenity_date = last_day_of_month(START, rng.randint(0, 11))
    shampoo, soap = rng.randint(3, 8), rng.randint(3, 8)
    amenity = [
        item("歯ブラシセット 竹柄 個包装", rng.randint(4, 10), 6600, 10, "箱", code="HB-B20",
             pack="500本"),
        item("ヘアブラシ 木製 個包装", rng.randint(2, 5), 4950, 10, "箱", code="BR-W10",
             pack="300本"),
        item("綿棒・コットンセット", rng.randint(2, 6), 3850, 10, "箱", code="CS-110",
             pack="500組"),
        item("シャンプー 詰替 5L（柚子）", shampoo, 5280, 10, "本", code="SP-Y05", pack="1本"),
        item("ボディソープ 詰替 5L（檜）", soap, 4620, 10, "本", code="BS-H05", pack="1本"),
        item("客室用 緑茶ティーバッグ", rng.randint(3, 8), 2980, 8, "箱", code="TE-G100",
             pack="100袋"),
        item("お茶請け 温泉せんべい 個包装", rng.randint(4, 12), 3240, 8, "箱", code="SW-S120",
             pack="120枚"),
        item("足袋ソックス 使い捨て（M/L）", rng.randint(2, 5), 5500, 10, "箱", code="TB-ML",
             pack="200足"),
    ]  # fmt: skip
    runs = sorted(rng.sample(range(3, 27), 3))
    for line in amenity:
        line.day = f"{amenity_date.month}/{rng.choice(runs)}"
    off = -((shampoo * 5280 + soap * 4620) * 5 // 100)
    later = max(amenity[3:5], key=lambda i: int(i.day.split("/")[1]))
    amenity.append(item("キャンペーン値引（シャンプー類 5%）", 1, off, 10, day=later.day))
    amenity.sort(key=lambda i: int(i.day.split("/")[1]))
    previous = rng.randint(280, 520) * 1000 + rng.randint(0, 999)
    carry = rng.randint(20, 90) * 1000 + rng.randint(0, 999)
    add("amenity", "invoice", "pdf", AMENITY, amenity, RYOKAN, due="eom+1", date=amenity_date,
        previous=previous, paid=previous - carry, carry=carry)  # fmt: skip
    linen = [
        item("浴衣 レンタル（大人）", rng.randint(600, 1100), 132, 10, "枚"),
        item("浴衣 レンタル（子供）", rng.randint(60, 160), 110, 10, "枚"),
        item("丹前 レンタル", rng.randint(80, 260), 198, 10, "枚"),
        item("敷布（シーツ）", rng.randint(700, 1300), 66, 10, "枚"),
        item("掛布団カバー", rng.randint(600, 1200), 88, 10, "枚"),
        item("枕カバー", rng.randint(700, 1300), 33, 10, "枚"),
        item("バスタオル", rng.randint(800, 1500), 44, 10, "枚"),
        item("フェイスタオル（名入れ）", rng.randint(800, 1500), 22, 10, "枚"),
        item("布団丸洗い（敷・掛 1組）", rng.randint(10, 30), 3300, 10, "組"),
        item("紛失品 補償（浴衣・大人）", rng.randint(1, 4), 2200, 10, "枚"),
    ]
    add("linen", "invoice", "pdf", LINEN, linen, RYOKAN, due="27+1", close=20)
    reading = rng.randint(41000, 68000)
    used = rng.randint(820, 1460)
    onsen = [
        item("引湯権 使用料（基本料金）", 2, 27500, 10, "口"),
        item("温泉 従量料金", used, 132, 10, "m³"),
        item("源泉 維持管理費（月額）", 1, 16500, 10),
        item(f"配湯管 更新工事 負担金（第{rng.randint(2, 5)}回／全6回）", 1, 38500, 10),
        item("温泉成分分析 更新費用（按分）", 1, 7700, 10),
        item("組合費（月額）", 1, 5000, None),
    ]  # fmt: skip
    add("onsen", "invoice", "pdf", ONSEN, onsen, RYOKAN, due="days", reading=reading, used=used)
    ota_date = last_day_of_month(START, rng.randint(0, 10)) + dt.timedelta(days=1)
    sales = rng.randint(38, 72) * 100000 + rng.randint(0, 99999)
    card = sales * rng.randint(55, 75) // 100
    points = sales * 2 // 100
    ota = [
        item(f"送客手数料（宿泊料金 {sales:,}円 × 10%）", 1, sales * 10 // 100, 10),
        item(f"事前カード決済 手数料（決済額 {card:,}円 × 3.2%）", 1, card * 32 // 1000, 10),
        item("広告オプション「おすすめ枠」掲載料", 1, 33000, 10),
        item(f"ポイント原資（付与 {points:,}pt）", 1, points, None),
        item("キャンペーン割引（送客手数料の2%相当）", 1, -(sales * 2 // 100), 10),
    ]  # fmt: skip
    agency = add("ota", "invoice", "pdf", OTA, ota, RYOKAN, due=None, date=ota_date, sales=sales,
                 card=card)  # fmt: skip
    fuel_date = last_day_of_month(START, rng.randint(0, 11))
    a_price, k_price = rng.choice((10240, 10385, 9960)), rng.choice((11250, 11480, 10930))
    fuel: list[Item] = []
    heavy = 0
    for day in sorted(rng.sample(range(2, 28), 3)):
        litres = rng.randint(18, 36) * 100
        heavy += litres
        fuel.append(item("A重油", 1, litres * a_price // 100, 10, "L", day=f"{fuel_date.month}/{day}",
                         qty=f"{litres:,}", price=f"{a_price // 100}.{a_price % 100:02d}"))  # fmt: skip
    for day in sorted(rng.sample(range(2, 28), 2)):
        litres = rng.randint(3, 9) * 100
        fuel.append(item("灯油（ホームタンク）", 1, litres * k_price // 100, 10, "L",
                         day=f"{fuel_date.month}/{day}", qty=f"{litres:,}",
                         price=f"{k_price // 100}.{k_price % 100:02d}"))  # fmt: skip
    fuel.sort(key=lambda i: int(i.day.split("/")[1]))
    fuel += [
        item("ボイラー燃焼点検・ノズル清掃", 1, 19800, 10, day=fuel[-1].day),
        item("数量値引（A重油 @1.50円）", 1, -(heavy * 150 // 100), 10, "L", qty=f"{heavy:,}",
             price="-1.50"),
    ]  # fmt: skip
    previous = rng.randint(300, 700) * 1000 + rng.randint(0, 999)
    oil = add("fuel", "invoice", "pdf", FUEL, fuel, RYOKAN, due="eom+1", date=fuel_date,
              previous=previous, paid=previous)  # fmt: skip
    hours, km = rng.randint(6, 10), rng.randint(120, 260)
    bus = [
        item("時間制運賃（大型車）", hours, 7480, 10, "時間"),
        item("キロ制運賃（大型車）", km, 170, 10, "km"),
        item("交替運転者配置料金（時間制）", hours, 2470, 10, "時間"),
        item("深夜早朝運行料金", rng.randint(1, 2), 2240, 10, "時間"),
        item("乗務員宿泊費", 1, 9900, 10, "泊"),
        item("高速道路料金（立替）", 1, rng.randint(60, 140) * 100 + rng.choice((0, 30, 70)), None),
        item("駐車場代（立替）", 1, rng.choice((1000, 1500, 2000)), None),
    ]  # fmt: skip
    charter = add("bus", "invoice", "pdf", BUS, bus, KODAMA, due="days", hours=hours, km=km,
                  ride=rng.randint(3, 12))  # fmt: skip
    filters = [
        item("ろ過装置 定期保守点検（大浴場・露天 2系統）", 2, 27500, 10, "系統"),
        item("レジオネラ属菌検査（浴槽水）", 4, 8250, 10, "検体"),
        item("遊離残留塩素計 校正", 1, 6600, 10, "台"),
        item("ろ材（ろ過砂）補充 25kg", rng.randint(4, 10), 3186, 10, "袋"),
        item("ヘアキャッチャー パッキン交換", rng.randint(1, 4), 1287, 10, "個"),
        item("循環配管 高濃度塩素洗浄", 1, rng.choice((88000, 99000, 121000)), 10),
        item("技術員 出張費（熊谷→みなかみ）", 1, 16500, 10),
        item("年間保守契約 値引", 1, -8800, 10),
    ]  # fmt: skip
    add("filter", "invoice", "pdf", FILTER, filters, KODAMA, due="eom+1", rounding="up",
        work=rng.randint(2, 9))  # fmt: skip
    sweets = [
        item("湯けむり温泉まんじゅう", rng.randint(20, 60), 780, 8, "箱", pack="12個"),
        item("湯もみせんべい", rng.randint(10, 40), 650, 8, "箱", pack="18枚"),
        item("りんごラスク", rng.randint(10, 30), 540, 8, "箱", pack="10袋"),
        item("こんにゃくゼリー 詰合せ", rng.randint(10, 24), 720, 8, "箱", pack="15個"),
        item("入浴剤 湯の花", rng.randint(10, 30), 462, 10, "袋", pack="5包"),
        item("手ぬぐい 湯原温泉柄", rng.randint(10, 30), 528, 10, "枚", pack="1枚"),
        item("ご当地キーホルダー", rng.randint(10, 40), 297, 10, "個", pack="1個"),
        item("手提げ紙袋（小）", rng.randint(1, 3), 2200, 10, "束", pack="100枚"),
    ]
    confection = add("sweets", "invoice", "pdf", SWEETS, sweets, FOODS, due="days")
    saas_date = last_day_of_month(START, rng.randint(0, 11)) + dt.timedelta(days=1)
    saas = [
        item("予約管理システム StayLink Pro（基本料）", 2, 22000, 10, "施設"),
        item("客室数 従量料金", 50, 330, 10, "室"),
        item("サイトコントローラー連携（OTA 5サイト）", 2, 5500, 10, "施設"),
        item("SMS送信料（予約確認・前日案内）", rng.randint(300, 900), 11, 10, "通"),
        item("オンライン決済オプション", 1, 3300, 10),
        item("年間契約割引", 1, -4400, 10),
    ]
    add("saas", "invoice", "pdf", SAAS, saas, RYOKAN, due=None, date=saas_date)
    kanko_date = START + dt.timedelta(days=rng.randint(0, 364))
    year = kanko_date.year - 2018 - (kanko_date.month < 4)
    kanko = [
        item(f"令和{year}年度 正会員 年会費", 1, 60000, None),
        item("観光パンフレット 広告掲載料（1/4頁・カラー）", 1, 55000, 10),
        item("湯原温泉 花火大会 協賛金", 1, 30000, None),
        item("共同宣伝ポスター 追加印刷（B2）", rng.randint(2, 6) * 10, 440, 10, "枚"),
        item("観光センター 特産品コーナー 出品料（半期）", 1, 13200, 10),
    ]  # fmt: skip
    add("kanko", "invoice", "pdf", KANKO, kanko, RYOKAN, due="days", date=kanko_date)
    new = rng.randint(4, 12)
    tatami = [
        item("畳 表替え（熊本産い草・特上）", rng.randint(24, 48), 9900, 10, "帖",
             spec="縁：紺無地"),
        item("畳 裏返し", rng.randint(6, 16), 5500, 10, "帖", spec="縁付け替え共"),
        item("新畳 琉球風 縁なし半畳", new, 16500, 10, "枚", spec="和紙表・銀白"),
        item("襖 張替え（鳥の子・両面）", rng.randint(4, 12), 6380, 10, "枚", spec="引手交換共"),
        item("障子 張替え（強化和紙）", rng.randint(4, 12), 3520, 10, "枚", spec=""),
        item("古畳 処分費", new, 1650, 10, "枚", spec=""),
        item("運搬・出張費", 1, 5500, 10, spec=""),
    ]  # fmt: skip
    tatami.append(item("出精値引", 1, -(sum(i.amount for i in tatami) % 5000 or 3000), 10))
    add("tatami", "invoice", "pdf", TATAMI, tatami, KODAMA, due="eom+1")
    market = [
        item("トマト（大玉）", rng.randint(2, 4), 398, 8, "点"),
        item("まいたけ", rng.randint(2, 5), 248, 8, "点"),
        item("手作りこんにゃく", rng.randint(2, 6), 180, 8, "点"),
        item("コシヒカリ 5kg", 1, 2680, 8, "点"),
        item("切り花 りんどう", rng.randint(2, 5), 330, 10, "点"),
        item("木炭（囲炉裏用）3kg", rng.randint(1, 3), 1280, 10, "点"),
    ]
    add("market", "simplified_invoice", "pdf", MARKET, market, None, due=None, inclusive=True,
        minute=rng.randint(0, 59), hour=rng.randint(8, 16))  # fmt: skip
    rooms = rng.randint(3, 7)
    lock = [item(f"客室錠 シリンダー交換（{rooms}室）", rooms, 14300, 10, "室"),
            item("出張費", 1, 5500, 10)]  # fmt: skip
    add("lock", "simplified_invoice", "pdf", LOCK, lock, RYOKAN, due=None, inclusive=True)
    # -- printed non-invoices, kinds only (8)
    smoke, heat = rng.randint(10, 30), rng.randint(4, 12)
    quote = [
        item("光電式スポット型煙感知器 交換", smoke, 12100, 10, "個"),
        item("定温式スポット型熱感知器 交換", heat, 8800, 10, "個"),
        item("感知器交換 工事費（夜間作業）", 1, 66000, 10),
        item("試験・調整・報告書作成", 1, 22000, 10),
    ]
    add("quote", "quotation", "pdf", FIRE, quote, RYOKAN, due=None)
    order = [item(i.description, i.quantity, i.unit_price, i.rate, i.unit, code=i.code)
             for i in amenity if i.amount > 0][:5]  # fmt: skip
    add("order", "purchase_order", "pdf", AMENITY, order, RYOKAN, due=None,
        date=amenity_date - dt.timedelta(days=rng.randint(20, 26)))  # fmt: skip
    add("delivery", "delivery_note", "pdf", SAKE, sake[:4], RYOKAN, due=None,
        date=brewery.date - dt.timedelta(days=rng.randint(6, 20)))  # fmt: skip
    notice = add("paynotice", "payment_notice", "pdf", ANNEX, bus, BUS[0], due=None,
                 date=charter.date + dt.timedelta(days=rng.randint(6, 12)), billed=charter.number)  # fmt: skip
    notice.due = charter.due  # the day the invoice falls due
    add("cover", "cover_letter", "pdf", KANKO, [], RYOKAN, due=None)
    letter = add("cover2", "cover_letter", "pdf", FUEL, fuel, RYOKAN, due=None, date=oil.date)
    letter.due = oil.due  # sent with the invoice, naming its amount and due date
    credit = [
        item("湯けむり温泉まんじゅう（返品・賞味期限）", -rng.randint(2, 6), 780, 8, "箱"),
        item("ご当地キーホルダー（破損・値引）", 1, -1485, 10, "式"),
    ]
    add("credit", "credit_note", "pdf", SWEETS, credit, FOODS, due=None,
        date=confection.date + dt.timedelta(days=rng.randint(5, 15)))  # fmt: skip
    payout = agency.extra["card"] - agency.total()
    add("bank", "payment_notice", "pdf", BANK, [item("振込入金 カ）タビマクラネット", 1, payout, None)],
        RYOKAN, due=None, date=last_day_of_month(agency.date, 0).replace(day=25))  # fmt: skip
    # -- Word (3)
    gyosei = [
        item("飲食店営業許可 更新申請 書類作成・提出代行", 1, 33000, 10),
        item("菓子製造業許可 新規申請 書類作成・提出代行", 1, 44000, 10),
        item("食品衛生責任者 変更届 作成", 1, 5500, 10),
        item("申請手数料 飲食店営業（群馬県収入証紙・立替）", 1, 9600, None),
        item("申請手数料 菓子製造業（群馬県収入証紙・立替）", 1, 16000, None),
        item("登記事項証明書 取得実費（立替）", 2, 600, None, "通"),
    ]  # fmt: skip
    add("docx_gyosei", "invoice", "docx", GYOSEI, gyosei, FOODS, due="days")
    stages = rng.randint(1, 3)
    taiko = [
        item("和太鼓 演奏 出演料（宴会場）", stages, 55000, 10, "ステージ"),
        item("太鼓体験ワークショップ 講師料", 1, 33000, 10, "回"),
        item("楽器運搬費（2tトラック）", 1, 16500, 10),
    ]
    show = add("docx_taiko", "invoice", "docx", TAIKO, taiko, RYOKAN, due="eom+1")
    show.extra["withholding"] = (stages * 55000 + 33000) * 1021 // 10000
    trainees = rng.randint(18, 40)
    trainer = [
        item("接客・おもてなし研修 講師料（半日）", 2, 110000, 10, "回"),
        item("研修テキスト・ワークシート", trainees, 1650, 10, "冊"),
        item("覆面調査（1泊2名・報告書共）", 1, 88000, 10),
        item("講師 交通費（東京⇔上毛高原 新幹線往復）", 2, 11340, 10, "名"),
        item("講師 宿泊費", 2, 14300, 10, "泊"),
    ]  # fmt: skip
    add("docx_trainer", "invoice", "docx", TRAINER, trainer, RYOKAN, due="days")
    # -- Excel (4)
    tofu_date = (START + dt.timedelta(days=rng.randint(0, 364))).replace(day=20)
    first = last_day_of_month(tofu_date, -1).replace(day=21)
    products = (("木綿豆腐", 160, "丁"), ("絹ごし豆腐", 160, "丁"), ("汲み上げ湯葉", 540, "パック"),
                ("油揚げ", 70, "枚"), ("厚揚げ", 120, "枚"), ("豆乳 1L", 380, "本"))  # fmt: skip
    tofu: list[Item] = []
    for when in sorted(rng.sample(range((tofu_date - first).days + 1), 5)):
        day = first + dt.timedelta(days=when)
        for name, price, unit in rng.sample(products, 2):
            tofu.append(item(name, rng.randint(10, 60), price, 8, unit, day=day.isoformat()))
    tofu += [item("配達料（月額）", 1, 1100, 10), item("保冷箱 レンタル", 2, 550, 10, "箱")]
    add("xl_tofu", "invoice", "xlsx", TOFU, tofu, FOODS, due="10+1", date=tofu_date)
    swap = rng.randint(2, 6)
    fire = [
        item("消防用設備等 機器点検（自動火災報知設備）", 1, 38500, 10),
        item("消防用設備等 機器点検（屋内消火栓・誘導灯）", 1, 27500, 10),
        item("誘導灯 バッテリー交換", rng.randint(3, 9), 6820, 10, "個"),
        item("消火器 交換（ABC粉末 10型）", swap, 8360, 10, "本"),
        item("消火器 リサイクルシール", swap, 550, 10, "枚"),
        item("点検結果報告書 作成・届出代行", 1, 11000, 10),
    ]  # fmt: skip
    add("xl_fire", "invoice", "xlsx", FIRE, fire, RYOKAN, due="eom+1", month_end=True)
    lift = [
        item("エレベーター保守料 POG契約（本館 1号機）", 1, 35200, 10),
        item("エレベーター保守料 POG契約（別館 2号機）", 1, 30800, 10),
        item("遠隔監視・緊急通報サービス", 2, 4400, 10, "基"),
        item("部品交換 ドアスイッチ（1号機）", 1, 18700, 10),
        item("定期検査報告 手数料（立替）", 2, 2500, None, "基"),
    ]  # fmt: skip
    add("xl_lift", "invoice", "xlsx", LIFT, lift, RYOKAN, due="27+1", close=rng.randint(1, 5))
    cans = rng.randint(6, 14)
    chem = [
        item("次亜塩素酸ナトリウム 12% 20kg", cans, 2860, 10, "缶"),
        item("pH調整剤（炭酸ナトリウム）20kg", rng.randint(1, 3), 6930, 10, "袋"),
        item("DPD試薬（残留塩素測定用）100回分", rng.randint(1, 3), 3080, 10, "箱"),
        item("容器保証金（20kgポリ缶）", cans, 500, None, "缶"),
        item("容器保証金 返却（空缶回収）", -rng.randint(4, cans), 500, None, "缶"),
        item("配送料", 1, 1650, 10),
    ]  # fmt: skip
    add("xl_chem", "invoice", "xlsx", CHEM, chem, KODAMA, due="days")
    # -- scans (12) of 12 of the 14 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for d in printed if d.layout not in ("ota", "kanko")]
    formats = ("scan-pdf", "scan-jpg", "scan-pdf", "scan-png", "scan-pdf", "scan-pdf")
    for index, source in enumerate(sources):
        scan = H12Doc(**{**source.__dict__, "id": f"h12_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % len(formats)]
        scan.dpi = 200
        scan.extra = {**source.extra, "source": source.id,
                      "received": source.layout in ("amenity", "fuel", "sweets", "tatami"),
                      "staple": source.layout in ("sake", "bus", "linen"),
                      "fold": source.layout in ("onsen", "saas", "filter"),
                      "note": source.layout in ("amenity", "bus"),
                      "shadow": index % 3 == 1}  # fmt: skip
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _ja(day: dt.date, weekday: bool = False, pad: bool = False) -> str:
    """「2035年6月30日」, 「2035年06月30日」 or 「2035年6月30日(土)」."""
    text = (
        f"{day.year}年{day.month:02d}月{day.day:02d}日"
        if pad
        else f"{day.year}年{day.month}月{day.day}日"
    )
    return f"{text}({WEEKDAYS[day.weekday()]})" if weekday else text


def _rw(day: dt.date, weekday: bool = False) -> str:
    """「令和17年6月30日」 or 「令和17年6月30日（土）」."""
    text = f"令和{day.year - 2018}年{day.month}月{day.day}日"
    return f"{text}（{WEEKDAYS[day.weekday()]}）" if weekday else text


def _spaced(day: dt.date) -> str:
    """「2035年 9月 5日」: a form's fixed-width month and day."""
    return f"{day.year}年{day.month:>2}月{day.day:>2}日"


def _slash(day: dt.date, pad: bool = True) -> str:
    """「2035/06/30」 or 「2035/6/30」."""
    return f"{day:%Y/%m/%d}" if pad else f"{day.year}/{day.month}/{day.day}"


def _dots(day: dt.date) -> str:
    """「2035.7.20」."""
    return f"{day.year}.{day.month}.{day.day}"


def _era(day: dt.date) -> str:
    """「R17.11.15」."""
    return f"R{day.year - 2018}.{day.month}.{day.day}"


def _base(doc: H12Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H12Doc) -> int:
    return sum(doc.taxes().values())


def _due(doc: H12Doc) -> dt.date:
    assert doc.due is not None
    return doc.due


def _reg(number: str, form: str = "") -> str:
    """The registration number as a vendor prints it: plain, 「T-1234567890123」, 「T 1234 5678 9012
    3」, 「T1234-5678-9012-3」 or in full-width digits."""
    d = number[1:]
    if form == "dash":
        return f"T-{d}"
    if form == "spaces":
        return f"T {d[:4]} {d[4:8]} {d[8:12]} {d[12:]}"
    if form == "four":
        return f"T{d[:4]}-{d[4:8]}-{d[8:12]}-{d[12:]}"
    if form == "wide":
        return number.translate(ZENKAKU)
    return number


def _qty(line: Item) -> str:
    return line.qty or _n(line.quantity, "△")


def _price(line: Item) -> str:
    return line.price or _n(line.unit_price, "△")


def _hanko(text: str, size: int = 56, square: bool = False) -> str:
    """A red seal: round (a person's) or square (a company's)."""
    radius = "4px" if square else "50%"
    return (f"<div class='hanko' style='width:{size}px;height:{size}px;border-radius:{radius}'>"
            f"{text}</div>")  # fmt: skip


# -- HTML layouts -------------------------------------------------------------------------------


def _sake(doc: H12Doc) -> str:
    """A sake brewery's 月末締め 御請求書: 品番 and 税率 columns, 「8%軽」 for the foods and water, a
    negative 特約店値引 per bottle, a per-rate table beside a 御請求金額 / お支払期日 box, 令和 dates."""
    name, address, tel, staff = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = "".join(
        "<tr>"
        + _td(i.code, "c")
        + _td(i.description)
        + _td(_qty(i), "r")
        + _td(i.unit, "c")
        + _td(_price(i), "r")
        + _td(_n(i.amount, "△"), "r")
        + _td("8%軽" if i.rate == 8 else "10%", "c")
        + "</tr>"
        for i in _items(doc)
    )
    split = "".join(
        f"<tr><th>{label}</th>{_td(f'{bases[r]:,}円', 'r')}<th>消費税額</th>{_td(f'{taxes[r]:,}円', 'r')}</tr>"
        for r, label in ((10, "10%対象"), (8, "8%対象（軽減税率）"))
    )
    return f"""
<div class="page sak">
 <div class="flex" style="align-items:center"><div class="mark">雪<br>しずく</div><div class="title">御 請 求 書</div>
  <div class="right">{_rw(doc.date)}<br>No. {doc.number}<br>（{doc.date.month}月末日締）</div></div>
 <div class="flex" style="margin-top:18px">
  <div style="width:50%"><div class="buyer">{doc.buyer}　御中</div><div>{HOUSES[0]}　料飲部 ご担当様</div>
   <p>平素は格別のご愛顧を賜り厚く御礼申し上げます。{doc.date.month}月分の御買上代金を下記の通り御請求申し上げます。</p></div>
  <div style="width:44%;line-height:1.6"><span class="big">{name}</span><br>{address}<br>TEL {tel}　FAX 0278-22-4062<br>{staff}<br>
   酒類製造免許 沼田税務署<br>登録番号 {doc.registration}</div></div>
 <table class="g items" style="margin-top:12px">{_ths("品番", "品名", "数量", "単位", "単価", "金額", "税率")}{rows}</table>
 <div class="small">※「8%軽」は軽減税率（8%）対象の飲食料品です。酒類は標準税率（10%）、単価は酒税込みです。</div>
 <div class="flex" style="margin-top:12px;align-items:flex-end">
  <table class="g">{split}</table>
  <table class="g grand"><tr><th>御請求金額</th><td class="r">¥{doc.total():,}</td></tr><tr><th>お支払期日</th><td class="r">{_rw(_due(doc))}</td></tr></table></div>
 <div class="small" style="margin-top:12px">お振込先：ぬまた信用金庫 本店 普通 0412377 メ）ユキシズクシユゾウ（振込手数料はご負担願います）</div>
</div>"""


def _amenity(doc: H12Doc) -> str:
    """An amenity supplier's 月末締め 請求書: the carried-forward header row over its values at the
    top, rows by delivery date with 品番 / 入数, ※ after the 8 % names, slashed dates."""
    name, address, tel, staff = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    prev, paid, carry = doc.extra["previous"], doc.extra["paid"], doc.extra["carry"]
    heads = ("前回ご請求額", "ご入金額", "繰越金額", "今回お買上額", "消費税額", "今回ご請求額")
    values = (prev, paid, carry, _base(doc), _tax(doc), doc.total())
    summary = "<tr>" + "".join(_td(f"{v:,}", "r") for v in values) + "</tr>"
    rows = "".join(
        "<tr>"
        + _td(i.day, "c")
        + _td(i.code)
        + _td(i.description + (" ※" if i.rate == 8 else ""))
        + _td(i.pack, "c")
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount, "-"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    rates = "".join(
        f"<tr>{_td(label)}{_td(f'{bases[r]:,}', 'r')}{_td(f'{taxes[r]:,}', 'r')}</tr>"
        for r, label in ((10, "10%対象"), (8, "8%対象 ※"))
    )
    return f"""
<div class="page amn">
 <div class="flex"><div class="title2">請　求　書</div>
  <div class="right">請求日　{_slash(doc.date)}<br>請求書番号　{doc.number}<br>締日　{doc.date.month}月末日</div></div>
 <div class="flex" style="margin-top:12px">
  <div style="width:50%"><div class="buyer">{doc.buyer}　御中</div><div>総務部 購買ご担当 様</div><div class="small">お客様コード H-{doc.number[-4:]}</div></div>
  <div style="width:46%" class="flex"><div style="line-height:1.55">{name}<br>{address}<br>TEL {tel}<br>{staff}<br>登録番号：{doc.registration}</div>{_hanko("はなみずき<br>サプライ", 54, True)}</div></div>
 <table class="g wide c" style="margin-top:14px">{_ths(*heads)}{summary}</table>
 <div style="margin-top:6px">お支払期限：<b>{_slash(_due(doc))}</b>　（繰越金額は前月までの未入金分です）</div>
 <table class="g items" style="margin-top:10px">{_ths("納品日", "品番", "品名", "入数", "数量", "単位", "単価", "金額")}{rows}</table>
 <div class="flex" style="margin-top:10px"><table class="g">{_ths("税率", "税抜金額", "消費税額")}{rates}</table>
  <div class="small" style="width:52%">※印は軽減税率（8%）対象商品です。<br>消費税は税率ごとに合計して計算し、1円未満を切り捨てております。<br>
   お振込先：なにわ中央銀行 靱支店 普通 1184620 カ）ハナミズキホテルサプライ</div></div>
</div>"""


def _linen(doc: H12Doc) -> str:
    """A futon and yukata linen's 20日締め invoice: 枚 / 組 counts, the sums and the 口座振替日 in a
    box right of the buyer, dotted dates, 登録番号 with spaces."""
    name, address, tel, office = doc.issuer
    start = last_day_of_month(doc.date, -1).replace(day=21)
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + "</tr>"
        for n, i in enumerate(_items(doc), 1)
    )
    box = _pairs([("今回ご利用額（税抜）", f"{_base(doc):,}円"), ("消費税額（10%）", f"{_tax(doc):,}円"),
                  ("今回ご請求額", f"<b>{doc.total():,}円</b>"), ("口座振替日", _dots(_due(doc)))],
                 "g box")  # fmt: skip
    return f"""
<div class="page lin">
 <div class="band2">寝具・浴衣 リネンサプライ　ご請求書</div>
 <div class="flex" style="margin-top:14px">
  <div style="width:48%"><div class="buyer">{doc.buyer}　御中</div><div>{HOUSES[0]}・{HOUSES[1]}</div>
   <div style="margin-top:8px">請求日　{_dots(doc.date)}<br>請求書No.　{doc.number}<br>ご利用期間　{_dots(start)}〜{_dots(doc.date)}（20日締）</div></div>
  <div style="width:48%">{box}</div></div>
 <div class="right" style="margin-top:10px;line-height:1.55">{name}　{office}<br>{address}　TEL {tel}<br>登録番号 {_reg(doc.registration, "spaces")}</div>
 <table class="g items" style="margin-top:10px">{_ths("No.", "品目", "数量", "単位", "単価", "金額")}{rows}</table>
 <div class="small" style="margin-top:10px">※数量は当社検品数（汚損・破損品を除く）です。紛失品は規定の補償額をご請求いたします。<br>
  ※ご請求額は{_dots(_due(doc))}にご指定の口座より振替させていただきます。</div>
</div>"""


def _onsen(doc: H12Doc) -> str:
    """The hot-spring 協同組合's 温泉使用料 invoice: the amount and 振込期限 header row above the items,
    a meter header row over its values, a 不課税 組合費, 「様」, 令和 dates with weekdays."""
    name, address, tel, office = doc.issuer
    reading, used = doc.extra["reading"], doc.extra["used"]
    month = last_day_of_month(doc.date, -1)
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + _td("不課税" if i.rate is None else "課税", "c")
        + "</tr>"
        for i in _items(doc)
    )
    sums = _pairs([("課税対象額（10%）", f"{_base(doc):,}円"), ("消費税額（10%）", f"{_tax(doc):,}円"),
                   ("不課税（組合費）", f"{doc.non_taxable():,}円"), ("合計", f"{doc.total():,}円")],
                  "g box2")  # fmt: skip
    return f"""
<div class="page ons">
 <div class="c title3">温泉使用料 請求書</div>
 <div class="flex" style="margin-top:14px">
  <div style="width:52%"><div class="buyer">{doc.buyer}　様</div><div>引湯先：{HOUSES[0]}（湯原温泉 第2源泉 配湯）</div><div class="small">組合員番号 0{doc.number[-3:]}</div></div>
  <div style="width:44%;line-height:1.6">請求日　{_rw(doc.date, weekday=True)}<br>請求番号　{doc.number}<br>{name}<br>{office}<br>{address}<br>TEL {tel}</div></div>
 <table class="g wide c" style="margin-top:14px">{_ths("ご請求金額", "振込期限", "対象月")}
  <tr>{_td(f"¥{doc.total():,}", "em")}{_td(_rw(_due(doc), weekday=True))}{_td(f"{month.year}年{month.month}月分")}</tr></table>
 <table class="g wide c" style="margin-top:10px">{_ths("前回指針（m³）", "今回指針（m³）", "ご使用量（m³）")}
  <tr>{_td(f"{reading - used:,}")}{_td(f"{reading:,}")}{_td(f"{used:,}")}</tr></table>
 <table class="g items" style="margin-top:12px">{_ths("項目", "数量", "単位", "単価", "金額", "区分")}{rows}</table>
 {sums}
 <div class="small" style="margin-top:12px">※組合費は組合員の会費であり、消費税の課税対象外です。<br>
  お振込先：ほくもう信用組合 みなかみ支店 普通 0022915 ユハラオンセンキヨウドウクミアイ</div>
 <div class="foot">適格請求書発行事業者 登録番号 {doc.registration}</div>
</div>"""


def _ota(doc: H12Doc) -> str:
    """An online travel agency's bilingual 手数料 invoice: percentages of the month's bookings, a
    不課税 ポイント原資, a negative キャンペーン割引, ISO dates, set off against the payout."""
    name, address, tel, dept = doc.issuer
    period = last_day_of_month(doc.date, -1)
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td("不課税 Non-taxable" if i.rate is None else "10%", "c")
        + _td(_n(i.amount, "-", "¥"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    kv = _pairs([("請求日 Issue date", doc.date.isoformat()), ("請求番号 Invoice No.", doc.number),
                 ("対象期間 Period", f"{period.replace(day=1).isoformat()} – {period.isoformat()}")],
                "kv")  # fmt: skip
    totals = _pairs([("課税対象 Taxable（10%）", f"¥{_base(doc):,}"), ("消費税 Tax（10%）", f"¥{_tax(doc):,}"),
                     ("不課税 Non-taxable", f"¥{doc.non_taxable():,}"), ("ご請求金額 Total", f"¥{doc.total():,}")],
                    "kv total")  # fmt: skip
    return f"""
<div class="page ota">
 <div class="flex" style="align-items:center"><div><span class="brand">tabimakura</span><br><span class="small">宿泊予約サイト「たびまくら」</span></div>
  <div class="right"><span class="title4">手数料ご請求書</span><br>COMMISSION INVOICE</div></div>
 <div class="flex" style="margin-top:22px">
  <div style="width:50%"><div class="small">請求先 / Bill to</div><div class="buyer">{doc.buyer} 御中</div><div>{HOUSES[0]}　施設ID：TM-{doc.number[-4:]}</div></div>
  <div style="width:46%">{kv}</div></div>
 <table class="items lines" style="margin-top:18px">{_ths("内容 Description", "税区分 Tax", "金額 Amount")}{rows}</table>
 <div class="flex" style="justify-content:flex-end;margin-top:10px">{totals}</div>
 <div class="note">精算方法：本請求額は、翌月の宿泊代金精算（事前カード決済分）より差し引いてお支払いいたします。別途のお振込は不要です。<br>
  Settlement: this amount is deducted from next month's payout of prepaid bookings.</div>
 <div class="foot">{name}　{address}　{dept}　TEL {tel}<br>登録番号 Registration No. {_reg(doc.registration, "dash")}</div>
</div>"""


def _fuel(doc: H12Doc) -> str:
    """A heating-oil dealer's 月末締め invoice: deliveries in litres × 円 with two decimals, a
    negative 数量値引, the carried-forward box and お支払期日 in a column right of the items."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.day, "c")
        + _td(i.description)
        + _td(_qty(i), "r")
        + _td(i.unit, "c")
        + _td(_price(i), "r")
        + _td(_n(i.amount, "-"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    prev, paid = doc.extra["previous"], doc.extra["paid"]
    side = _pairs([("前回御請求額", f"{prev:,}"), ("御入金額", f"{paid:,}"), ("差引繰越額", f"{prev - paid:,}"),
                   ("今回御買上額", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"),
                   ("今回御請求額", f"<b>{doc.total():,}</b>")], "g side")  # fmt: skip
    return f"""
<div class="page ful">
 <div class="flex"><div class="title2">請求書</div><div class="right">{_ja(doc.date)}<br>請求No. {doc.number}<br>{doc.date.month}月末締</div></div>
 <div class="flex" style="margin-top:12px">
  <div style="width:54%"><div class="buyer">{doc.buyer} 御中</div><div>納入先：{HOUSES[0]} ボイラー室（地下タンク 10kL）</div></div>
  <div style="width:42%;line-height:1.55"><span class="big">{name}</span><br>{address}<br>TEL {tel}<br>{staff}<br>登録番号 {doc.registration}</div></div>
 <div class="flex" style="margin-top:14px;align-items:flex-start">
  <table class="g items" style="width:74%">{_ths("月日", "品名", "数量", "単位", "単価", "金額")}{rows}</table>
  <div style="width:24%">{side}<div style="margin-top:10px">お支払期日<br><b>{_ja(_due(doc))}</b></div>
   <div class="small" style="margin-top:8px">振込先<br>ぬまた信用金庫 戸鹿野支店<br>当座 0030581<br>カ）ヌマタセキユ</div></div></div>
 <div class="small" style="margin-top:14px">※A重油・灯油の単価には石油石炭税を含みます。数量はローリー流量計の計量値です。</div>
</div>"""


def _bus(doc: H12Doc) -> str:
    """A charter bus's 運賃・料金 invoice: 時間制 and キロ制 fares, 立替 tolls and parking not taxed,
    「合計金額（税込）」 right of the buyer, dates with weekdays."""
    name, address, tel, staff = doc.issuer
    ride = doc.date - dt.timedelta(days=doc.extra["ride"])
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + _td("立替・不課税" if i.rate is None else "10%", "c")
        + "</tr>"
        for i in _items(doc)
    )
    sums = _pairs([("運賃・料金 計（10%対象）", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                   ("立替金 計", f"{doc.non_taxable():,}円"), ("合計", f"{doc.total():,}円")], "g box2")  # fmt: skip
    return f"""
<div class="page bus">
 <div class="title2">貸切バス 運賃・料金 請求書</div>
 <div class="flex" style="margin-top:14px">
  <div style="width:50%"><div class="buyer">{doc.buyer}　御中</div><div>{HOUSES[1]}　送迎ご担当 様</div>
   <div style="margin-top:6px">請求日：{_ja(doc.date, weekday=True)}<br>請求書番号：{doc.number}</div></div>
  <div style="width:46%"><table class="g grand"><tr><th>合計金額（税込）</th><td class="r">¥{doc.total():,}</td></tr></table>
   <div style="margin-top:6px">お振込期限：{_ja(_due(doc), weekday=True)}</div></div></div>
 <div class="right" style="margin-top:8px;line-height:1.55">{name}<br>{address}<br>TEL {tel}　{staff}<br>一般貸切旅客自動車運送事業 関自旅二第3187号<br>登録番号 {doc.registration}</div>
 {_pairs([("運行日", _ja(ride, weekday=True)), ("車両", "大型観光バス（正席49・補助11）1台"), ("行程", f"{HOUSES[1]} → 上毛高原駅 → 谷川岳ロープウェイ → 宝台樹 → {HOUSES[1]}"), ("走行距離・拘束時間", f"{doc.extra['km']}km ／ {doc.extra['hours']}時間")], "g kv2")}
 <table class="g items" style="margin-top:12px">{_ths("項目", "数量", "単位", "単価", "金額", "税区分")}{rows}</table>
 {sums}
 <div class="small" style="margin-top:10px">※運賃・料金は国土交通大臣に届け出た運賃・料金によります。高速道路料金・駐車場代は実費を立替えたもので、消費税の対象外として計上しています。<br>
  お振込先：しぶかわ銀行 石原支店 普通 2250917 カタクリカンコウバス（カ</div>
</div>"""


def _filter(doc: H12Doc) -> str:
    """A water-treatment company's ろ過装置 保守 invoice: レジオネラ検査 per 検体, a negative 年間
    契約値引, tax rounded up with a note, dates 「2035年 9月 5日」, 登録番号 「T1234-5678-9012-3」."""
    name, address, tel, dept = doc.issuer
    work = doc.date - dt.timedelta(days=doc.extra["work"])
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price, "▲"), "r")
        + _td(_n(i.amount, "▲"), "r")
        + "</tr>"
        for n, i in enumerate(_items(doc), 1)
    )
    return f"""
<div class="page flt">
 <div class="band3"><span>SESERAGI WATER</span><span>御 請 求 書</span></div>
 <div class="flex" style="margin-top:14px">
  <div style="width:52%"><div class="buyer">{doc.buyer}　御中</div><div>施設：{HOUSES[3]}（大浴場・露天風呂）</div>
   <div style="margin-top:6px" class="pre">作業実施日　{_spaced(work)}</div></div>
  <div style="width:44%;line-height:1.6"><span class="pre">発行日　{_spaced(doc.date)}</span><br>請求書No.　{doc.number}<br>{name}<br>{dept}<br>{address}<br>TEL {tel}<br>登録番号　{_reg(doc.registration, "four")}</div></div>
 <table class="g items" style="margin-top:14px">{_ths("No.", "作業・品目", "数量", "単位", "単価", "金額")}{rows}</table>
 <div class="flex" style="margin-top:10px;align-items:flex-start">
  <div class="small" style="width:54%">※消費税は本請求書の合計額に対して計算し、1円未満を切り上げております。<br>※レジオネラ属菌検査の結果報告書は別途送付いたします。<br>
   <span class="pre">お支払期日　{_spaced(_due(doc))}</span><br>お振込先：くまがや商工銀行 久下支店 普通 6610248 カ）セセラギミズシヨリサービス</div>
  {_pairs([("小計", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"), ("ご請求金額", f"<b>¥{doc.total():,}</b>")], "g side2")}</div>
</div>"""


def _sweets(doc: H12Doc) -> str:
    """A confectioner's 御請求書（納品書兼用）: 入数, 8%※ sweets beside 10 % goods, 「8%対象 ¥x（消費税
    ¥y）」 lines, dates R17.11.15."""
    name, address, tel, dept = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(i.pack, "c")
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + _td("8%※" if i.rate == 8 else "10%", "c")
        + "</tr>"
        for n, i in enumerate(_items(doc), 1)
    )
    lines = "".join(f"<div>{r}%対象　¥{bases[r]:,}（消費税　¥{taxes[r]:,}）</div>" for r in (8, 10))
    return f"""
<div class="page swt">
 <div class="c title">御請求書<span class="small" style="letter-spacing:1px">（納品書兼用）</span></div>
 <div class="flex" style="margin-top:12px">
  <div style="width:50%"><div class="buyer">{doc.buyer}　御中</div><div>{HOUSES[2]}　店長 様</div>
   <div style="margin-top:6px">納品日・請求日　{_era(doc.date)}<br>伝票No.　{doc.number}</div></div>
  <div style="width:46%" class="flex"><div style="line-height:1.55">{name}<br>{dept}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>{_hanko("こまくさ<br>製菓", 52, True)}</div></div>
 <table class="g items" style="margin-top:12px">{_ths("No.", "商品名", "入数", "数量", "単位", "単価", "金額", "税率")}{rows}</table>
 <div class="flex" style="margin-top:10px">
  <div class="small" style="width:50%">※は軽減税率（8%）対象商品です。<br>お支払期限　{_era(_due(doc))}<br>お振込先：たかさき中央銀行 問屋町支店 普通 3307715</div>
  <div style="width:44%;line-height:1.7">{lines}<div class="big" style="border-top:1.5px solid #333">合計金額　¥{doc.total():,}</div></div></div>
</div>"""


def _saas(doc: H12Doc) -> str:
    """A booking SaaS's ご利用明細書 兼 請求書: 施設 × 月額, rooms, SMS per 通, a negative 年間契約割引,
    paid by card (no due date)."""
    name, address, tel, desk = doc.issuer
    end = last_day_of_month(doc.date, 0)
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(f"{i.quantity:,} {i.unit}" if i.unit != "式" else "1", "r")
        + _td(_n(i.unit_price, "−", "¥"), "r")
        + _td(_n(i.amount, "−", "¥"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    return f"""
<div class="page sas">
 <div class="flex" style="align-items:center"><span class="brand">StayLink</span><span class="title4">ご利用明細書 兼 請求書</span></div>
 <div class="flex" style="margin-top:20px">
  <div style="width:50%"><div class="buyer">{doc.buyer} 御中</div><div>ご契約施設：{HOUSES[0]}／{HOUSES[1]}</div><div class="small">契約番号 SL-{doc.number[-4:]}</div></div>
  <div style="width:44%">{_pairs([("発行日", _ja(doc.date)), ("明細番号", doc.number), ("ご利用期間", f"{_ja(doc.date)}〜{_ja(end)}")], "kv")}</div></div>
 <table class="items lines" style="margin-top:18px">{_ths("サービス", "数量", "単価", "金額")}{rows}</table>
 <div class="flex" style="justify-content:flex-end;margin-top:10px">{_pairs([("小計（10%対象）", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"), ("合計（税込）", f"¥{doc.total():,}")], "kv total")}</div>
 <div class="note">お支払方法：ご登録のクレジットカード（Mastercard 末尾 2291）にて自動決済いたします。お振込の必要はございません。</div>
 <div class="foot">{name}　{address}　{desk} TEL {tel}<br>適格請求書発行事業者登録番号 {doc.registration}</div>
</div>"""


def _kanko(doc: H12Doc) -> str:
    """The 観光協会's 請求書: a 不課税 年会費 and 協賛金 beside a 10 % 広告掲載料, 「様」, 令和 dates,
    「納入期限」, the registration number boxed beside the seal."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(_n(i.quantity), "r")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + _td("不課税" if i.rate is None else "10%", "c")
        + "</tr>"
        for i in _items(doc)
    )
    sums = _pairs([("10%対象額", f"{_base(doc):,}円"), ("消費税額（10%）", f"{_tax(doc):,}円"),
                   ("不課税額", f"{doc.non_taxable():,}円"), ("合計金額", f"{doc.total():,}円")], "g box2")  # fmt: skip
    return f"""
<div class="page knk">
 <div class="right">{_rw(doc.date)}<br>第 {doc.number} 号</div>
 <div class="c title">請 求 書</div>
 <div class="buyer" style="width:56%;margin-top:12px">{doc.buyer}　様</div><div>（{HOUSES[0]}）</div>
 <div class="flex" style="justify-content:flex-end;gap:12px;margin-top:8px"><div style="line-height:1.6">{name}<br>{address}<br>TEL {tel}<br>{staff}</div>
  <div>{_hanko("観光<br>協会", 60, True)}<div class="regbox">登録番号<br>{doc.registration}</div></div></div>
 <p>下記のとおりご請求申し上げます。納入期限までにお納めくださいますようお願い申し上げます。</p>
 {_pairs([("ご請求金額", f"金 {doc.total():,} 円"), ("納入期限", _rw(_due(doc)))], "g grand")}
 <table class="g items" style="margin-top:14px">{_ths("摘要", "数量", "単価", "金額", "税区分")}{rows}</table>
 {sums}
 <div class="small" style="margin-top:10px">※年会費及び協賛金は対価性のない会費・寄附的性格のものであり、消費税の課税対象外（不課税）です。<br>
  納入先：ほくもう信用組合 みなかみ支店 普通 0041176 シヤ）ユハラオンセンカンコウキヨウカイ</div>
</div>"""


def _tatami(doc: H12Doc) -> str:
    """A tatami maker's (an individual's) 御請求書: 帖 and 枚, a negative 出精値引, slashed dates without
    zeros, a round seal."""
    name, address, tel, person = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(i.spec)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price, "-"), "r")
        + _td(_n(i.amount, "-"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    filler = "".join("<tr>" + "<td>&nbsp;</td>" * 6 + "</tr>" for _ in range(3))
    return f"""
<div class="page tat">
 <div class="c title">御 請 求 書</div>
 <div class="flex" style="margin-top:16px">
  <div style="width:50%"><div class="buyer">{doc.buyer}　御中</div><div>施工場所：{HOUSES[1]} 客室（桔梗・竜胆・山吹）</div>
   <div style="margin-top:8px">{_slash(doc.date, pad=False)}</div></div>
  <div style="width:44%" class="flex"><div style="line-height:1.6">{name}<br>{person}<br>{address}<br>TEL/FAX {tel}<br>登録番号 {doc.registration}</div>{_hanko("高橋", 48)}</div></div>
 {_pairs([("ご請求金額（税込）", f"¥{doc.total():,}-"), ("お支払期限", _slash(_due(doc), pad=False))], "g grand")}
 <table class="g items" style="margin-top:12px">{_ths("品名", "仕様", "数量", "単位", "単価", "金額")}{rows}{filler}</table>
 {_pairs([("小計", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("合計", f"{doc.total():,}")], "g box2")}
 <div class="small" style="margin-top:10px">毎度ありがとうございます。お振込先：利根沼田農協 月夜野支所 普通 0117342 タカハシ オサム</div>
</div>"""


def _market(doc: H12Doc) -> str:
    """A farmers' market's register 領収証: 内税, 「軽」 marks on the produce, a per-rate 内消費税
    line, お預り / お釣り, no buyer."""
    name, address, tel, shop = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = ""
    for i in _items(doc):
        mark = "軽" if i.rate == 8 else "　"
        rows += f"<div class='flex'><span>{_e(i.description)} {mark}</span><span>¥{i.amount:,}</span></div>"
        if i.quantity > 1:
            rows += f"<div style='padding-left:12px'>@{i.unit_price:,} × {i.quantity}</div>"
    total = doc.total()
    paid = (total // 1000 + 1) * 1000 if total % 1000 else total
    when = f"{_ja(doc.date, pad=True)}({WEEKDAYS[doc.date.weekday()]}) {doc.extra['hour']:02d}:{doc.extra['minute']:02d}"
    split = "".join(
        f"<div class='flex'><span>{r}%対象 ¥{bases[r]:,}</span><span>(内消費税 ¥{taxes[r]:,})</span></div>"
        for r in (8, 10)
    )
    return f"""
<div class="slip mkt">
 <div class="c big">あぐりの里みなかみ</div>
 <div class="c">{shop}<br>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div class="line">{when}<br>レジ01　担当 ハラ　No.{doc.number[-4:]}</div>
 <div class="c" style="letter-spacing:6px;margin:4px 0">領 収 証</div>
 <div class="line">{rows}</div>
 <div class="line"><div class="flex big"><span>合計</span><span>¥{total:,}</span></div>{split}
  <div class="flex"><span>お預り</span><span>¥{paid:,}</span></div><div class="flex"><span>お釣り</span><span>¥{paid - total:,}</span></div></div>
 <div class="line">「軽」は軽減税率（8%）対象商品です。<br>表示価格は税込です。生産者の顔が見える直売所</div>
</div>"""


def _lock(doc: H12Doc) -> str:
    """A locksmith's carbon-copy 領収書: the form printed, the values in blue carbon ink, 内税, 「様」,
    但し書き, a 収入印紙 box, the date in 令和."""
    name, address, tel, shop = doc.issuer
    total, tax = doc.total(), _tax(doc)
    return f"""
<div class="rcp">
 <div class="flex"><span class="small">No. {doc.number[-5:]}</span><span class="rt">領 収 書</span><span class="small">（お客様控）</span></div>
 <div class="flex" style="margin-top:10px">
  <div style="width:66%">
   <div class="uline"><span class="ink big">{doc.buyer}</span><span class="right">様</span></div>
   <div class="amt">金額 <span class="ink">¥{total:,}-</span></div>
   <div class="uline">但 <span class="ink">客室錠前の交換作業代として</span></div>
   <div class="small">上記正に領収いたしました</div>
   <table class="g mini2"><tr><th>税抜金額</th><td class="ink r">¥{total - tax:,}</td><th>消費税額等（10%）</th><td class="ink r">¥{tax:,}</td></tr></table></div>
  <div style="width:30%">
   <div class="stampbox">収入<br>印紙</div>
   <div style="margin-top:6px"><span class="ink">{_rw(doc.date)}</span></div>
   <div class="small" style="margin-top:6px;line-height:1.45">{name}<br>{shop}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div></div></div>
</div>"""


def _non_invoice(doc: H12Doc) -> str:
    """The fire-equipment company's 御見積書, our 注文書, the brewery's 納品書, the annex's お支払
    通知書, the 観光協会's 送付状, the oil dealer's 請求書ご送付のお知らせ, the confectioner's 返品受領書
    and the 信用組合's 振込入金のお知らせ."""
    name, address, tel, staff = doc.issuer
    if doc.layout == "cover":
        return f"""
<div class="page letter">
 <div class="lt">送　付　状</div>
 <table class="g wide"><tr><th>送付先</th><td>{doc.buyer}　総務部 御中</td><th>日付</th><td>{_rw(doc.date)}</td></tr>
  <tr><th>発信元</th><td>{name}<br>{staff}</td><th>TEL</th><td>{tel}</td></tr>
  <tr><th>件名</th><td colspan=3>令和{doc.date.year - 2018}年度 会費・広告掲載料のご案内</td></tr><tr><th>枚数</th><td colspan=3>本状を含め 4 枚</td></tr></table>
 <p>いつも大変お世話になっております。下記の書類をお送りいたします。ご査収のほど、よろしくお願い申し上げます。</p>
 <div class="c">記</div><div>・ご請求書　1枚<br>・観光パンフレット 広告原稿（校正刷）　1枚<br>・花火大会 協賛のお願い　1枚</div>
 <div class="right">以上</div></div>"""
    if doc.layout == "cover2":
        return f"""
<div class="page letter">
 <div class="right">{_ja(doc.date)}</div><div class="buyer">{doc.buyer}<br>経理ご担当　様</div>
 <div class="right">{name}<br>{staff}<br>TEL {tel}</div>
 <div class="lt">請求書ご送付のお知らせ</div>
 <p>拝啓　時下ますますご清祥のこととお喜び申し上げます。毎々格別のお引き立てを賜り、誠にありがとうございます。<br>
 {doc.date.month}月分の燃料代につきまして、請求書を同封いたしました。ご請求金額は{doc.total():,}円（税込）、お支払期日は{_ja(_due(doc))}でございます。
 お手数ながら期日までにお振込みくださいますようお願い申し上げます。</p>
 <div class="right">敬具</div><div>同封書類：請求書 1通／納品伝票（控）{len(doc.lines) - 2}枚</div></div>"""
    if doc.layout == "bank":
        received = doc.lines[0]
        return f"""
<div class="page bnk">
 <div class="flex"><span class="big">{name}</span><span class="right">{staff}<br>TEL {tel}</span></div>
 <div class="lt">振込入金のお知らせ</div>
 <div>{doc.buyer}　様</div><p>いつも{name}をご利用いただきありがとうございます。お客様の口座に下記のとおりお振込みがありましたのでお知らせいたします。</p>
 {_pairs([("入金日", _ja(doc.date)), ("お預り口座", "本店営業部 普通 0583316"), ("振込依頼人", received.description.removeprefix("振込入金 ")), ("仕向銀行", "みずなみ銀行 本店"), ("入金額", f"{received.amount:,}円"), ("照会番号", doc.number)], "g kv2")}
 <p class="small">※本書は入金の事実をお知らせするもので、領収書・請求書ではありません。</p></div>"""
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(_qty(i), "r")
        + _td(_price(i), "r")
        + _td(_n(i.amount, "△"), "r")
        + "</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table class='g items' style='margin-top:10px'>{_ths('No.', '品名・内容', '数量', '単価', '金額')}{rows}</table>"
    if doc.layout == "credit":
        bases, taxes = doc.bases(), doc.taxes()
        split = "　".join(f"{r}%対象 △{-bases[r]:,}円（消費税 △{-taxes[r]:,}円）" for r in bases)
        return f"""
<div class="page cre">
 <div class="lt">返品受領書（適格返還請求書）</div>
 <div class="right">発行日 {_era(doc.date)}<br>No. RT{doc.number[-4:]}</div>
 <div class="buyer">{doc.buyer}　御中</div><div class="right">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <p>下記商品の返品を受領いたしました。返還額は次回ご請求額より差し引かせていただきます。</p>
 <div class="duebox3">返還額合計（税込）　△¥{-doc.total():,}</div>{table}<div class="right" style="margin-top:6px">{split}</div></div>"""
    if doc.layout == "paynotice":
        return f"""
<div class="page pay">
 <div class="lt">お支払通知書</div>
 <div class="right">{_ja(doc.date)}<br>通知No. P{doc.number[-4:]}</div>
 <div class="buyer">{doc.buyer}　御中</div><div class="right">{name}<br>{address}<br>経理 担当</div>
 <p>平素より大変お世話になっております。貴社ご請求書（No.{doc.extra["billed"]}）につきまして、下記のとおりお支払いいたします。</p>
 {_pairs([("お支払予定日", _ja(_due(doc))), ("お支払方法", "銀行振込（振込手数料 当方負担）"), ("お支払金額", f"¥{doc.total():,}"), ("うち消費税額（10%）", f"¥{_tax(doc):,}"), ("うち立替金", f"¥{doc.non_taxable():,}")], "g kv2")}
 {table}<p class="small">※本書は請求書ではありません。ご不明の点は{HOUSES[1]} 事務所までお問い合わせください。</p></div>"""
    title, lead, label, tail = {
        "quote": ("御 見 積 書", "下記のとおりお見積り申し上げます。", "御見積金額（税込）",
                  f"件名：自動火災報知設備 感知器更新工事（{HOUSES[0]} 本館）　有効期限：{_ja(doc.date + dt.timedelta(days=60))}"),
        "order": ("注 文 書", "下記のとおり注文いたします。納期までにご手配願います。", "注文金額（税込）",
                  f"納入場所：{HOUSES[0]} 備品庫　納期：{_ja(doc.date + dt.timedelta(days=7))}　支払条件：月末締め翌月末払い"),
        "delivery": ("納 品 書", "毎度ありがとうございます。下記のとおり納品いたしました。", "納品金額（税抜）",
                     "※本書は請求書ではありません。代金は月末締めにて御請求申し上げます。"),
    }[doc.layout]  # fmt: skip
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    amount = _base(doc) if doc.layout == "delivery" else doc.total()
    stamp = (
        "<table class='g' style='margin:10px 0 0 auto'><tr><th>検収印</th><th>受領印</th></tr><tr><td style='height:50px;width:64px'></td><td style='width:64px'></td></tr></table>"
        if doc.layout == "delivery"
        else ""
    )
    return f"""
<div class="page ni">
 <div class="lt">{title}</div>
 <div class="right">{_ja(doc.date)}<br>No. {doc.number}</div>
 <div class="buyer">{to} 御中</div><div class="right">{sender}</div><p>{lead}</p>
 <div class="duebox3">{label}　¥{amount:,}</div>
 <div>{tail}</div>{table}{stamp}</div>"""


LAYOUTS: dict[str, Callable[[H12Doc], str]] = {
    "sake": _sake,
    "amenity": _amenity,
    "linen": _linen,
    "onsen": _onsen,
    "ota": _ota,
    "fuel": _fuel,
    "bus": _bus,
    "filter": _filter,
    "sweets": _sweets,
    "saas": _saas,
    "kanko": _kanko,
    "tatami": _tatami,
    "market": _market,
    "lock": _lock,
    **dict.fromkeys(
        ("quote", "order", "delivery", "paynotice", "cover", "cover2", "credit", "bank"),
        _non_invoice,
    ),
}

CSS = """
@font-face { font-family: "Migu1M"; src: url("migu1m.ttf"); }
@font-face { font-family: "Migu1M"; src: url("migu1mb.ttf"); font-weight: bold; }
@font-face { font-family: "MigMix1P"; src: url("mig1p.ttf"); }
@font-face { font-family: "MigMix1P"; src: url("mig1pb.ttf"); font-weight: bold; }
@font-face { font-family: "MigMix2M"; src: url("mig2m.ttf"); }
@font-face { font-family: "SawarabiMincho"; src: url("sawam.ttf"); }
@font-face { font-family: "VLPGothic"; src: url("vlpg.ttf"); }
@font-face { font-family: "IPAPMincho"; src: url("ipapm.ttf"); }
@font-face { font-family: "IPAexMincho"; src: url("ipaexm.ttf"); }
body { font-family: "Migu1M"; font-size: 9.2pt; color: #1b1b1b; margin: 0; }
table { border-collapse: collapse; }
.page { padding: 42px 44px; }
.flex { display: flex; justify-content: space-between; }
.right { text-align: right; } .c { text-align: center; } .r { text-align: right; }
.small { font-size: 7.8pt; } .big { font-size: 12pt; } .pre { white-space: pre; }
.title { font-family: "SawarabiMincho"; font-size: 21pt; letter-spacing: 8px; }
.title2 { font-family: "SawarabiMincho"; font-size: 17pt; letter-spacing: 3px; }
.title3 { font-family: "SawarabiMincho"; font-size: 18pt; letter-spacing: 4px; border-bottom: 3px double #444; padding-bottom: 4px; }
.title4 { font-family: "MigMix1P"; font-weight: bold; font-size: 15pt; }
.buyer { font-size: 12.5pt; border-bottom: 1.5px solid #222; padding-bottom: 2px; }
.g td, .g th { border: 1px solid #555; padding: 3px 6px; }
.g th { font-weight: normal; background: #eeeeea; }
.items { width: 100%; } .wide { width: 100%; }
.box { width: 100%; } .box th { text-align: left; width: 50%; }
.box2 { margin: 8px 0 0 auto; min-width: 42%; } .box2 th { text-align: left; }
.grand { margin-top: 10px; } .grand th { font-size: 11pt; } .grand td { font-size: 14pt; min-width: 150px; }
td.em { font-size: 14pt; font-weight: bold; }
.hanko { border: 2.5px solid #c8372d; color: #c8372d; font-family: "SawarabiMincho"; font-size: 9.5pt;
         line-height: 1.15; display: flex; align-items: center; justify-content: center;
         text-align: center; box-sizing: border-box; transform: rotate(-5deg); flex: none; }
.sak { font-family: "VLPGothic"; } .sak th { background: #e8eef5; }
.mark { font-family: "SawarabiMincho"; border: 2px solid #294a70; color: #294a70; padding: 6px 8px; text-align: center; font-size: 11pt; }
.amn th { background: #f2ece0; } .amn .items { font-size: 8.4pt; } .amn .items td { white-space: nowrap; }
.lin th { background: #e2efe9; }
.band2 { background: #2d6a57; color: #fff; padding: 8px 14px; font-size: 13pt; font-family: "SawarabiMincho"; letter-spacing: 2px; }
.ons th { background: #f6e9e4; }
.ota, .sas { font-family: "MigMix1P"; }
.brand { font-size: 22pt; font-weight: bold; color: #b3462e; letter-spacing: 1px; }
.sas .brand { color: #1d6fa5; }
.kv th { text-align: left; font-weight: normal; color: #555; padding: 2px 10px 2px 0; }
.kv td { padding: 2px 0; text-align: right; } .total td, .total th { font-size: 11pt; }
.lines th { border-bottom: 2px solid #b3462e; text-align: left; padding: 5px; font-weight: normal; }
.sas .lines th { border-bottom-color: #1d6fa5; }
.lines td { border-bottom: 1px solid #ccc; padding: 5px; }
.note { margin-top: 14px; background: #f6f3ef; padding: 8px 12px; font-size: 8.4pt; }
.foot { margin-top: 24px; border-top: 1px solid #888; padding-top: 6px; font-size: 8.2pt; }
.ful th { background: #fbf1d9; } .side { width: 100%; } .side th { text-align: left; font-size: 8.4pt; }
.bus th { background: #e6e9f4; } .kv2 { width: 100%; margin-top: 12px; } .kv2 th { text-align: left; width: 30%; }
.flt th { background: #e3f0f6; }
.band3 { display: flex; justify-content: space-between; background: #2a7ca8; color: #fff; padding: 8px 14px;
         font-size: 13pt; } .band3 span:last-child { font-family: "SawarabiMincho"; letter-spacing: 6px; }
.side2 { min-width: 40%; } .side2 th { text-align: left; }
.swt th { background: #f4e4ea; }
.knk { font-family: "IPAPMincho"; font-size: 10pt; } .knk th { background: #f1f1f1; }
.regbox { border: 1px solid #333; font-size: 7.8pt; padding: 2px 4px; margin-top: 6px; text-align: center; }
.tat { font-family: "VLPGothic"; } .tat th { background: #ecf1e2; }
.slip { padding: 10px 12px; font-family: "MigMix2M"; font-size: 8.4pt; line-height: 1.45; }
.slip .line { border-top: 1px dashed #000; margin-top: 5px; padding-top: 5px; }
.rcp { padding: 18px 24px; font-family: "IPAexMincho"; font-size: 10pt; border: 2px solid #5e7ea6; margin: 8px; height: 88mm; box-sizing: border-box; }
.rt { font-size: 20pt; letter-spacing: 10px; color: #2f4f7a; }
.uline { border-bottom: 1px solid #2f4f7a; margin-top: 12px; display: flex; justify-content: space-between; align-items: flex-end; }
.amt { font-size: 15pt; margin-top: 12px; border: 1.5px solid #2f4f7a; padding: 4px 10px; }
.ink { font-family: "Migu1M"; color: #2a3f9e; text-shadow: 0.4px 0.3px 0 #6f7fd0; }
.mini2 { margin-top: 10px; font-size: 8.5pt; }
.stampbox { border: 1px dashed #777; width: 60px; height: 60px; display: flex; align-items: center; justify-content: center; text-align: center; font-size: 8pt; color: #777; margin-left: auto; }
.letter { padding: 64px 66px; font-family: "IPAexMincho"; font-size: 11pt; line-height: 1.9; }
.lt { text-align: center; font-family: "IPAexMincho"; font-size: 18pt; letter-spacing: 5px; margin: 16px 0; }
.duebox3 { font-size: 13pt; border-bottom: 2px solid #333; padding: 6px 0; margin: 10px 0; width: 86%; }
.ni th, .cre th, .pay th, .bnk th { background: #efefef; }
.cre { color: #8c1d1d; }
"""


def _pdf_options(doc: H12Doc) -> dict[str, Any]:
    if doc.layout == "market":
        return {"width": "72mm", "height": "158mm", "print_background": True}
    if doc.layout == "lock":
        return {"width": "190mm", "height": "100mm", "print_background": True}
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H12Doc) -> bytes:
    """A 行政書士's invoice (立替 収入証紙, full-width 令和 dates and registration), a 和太鼓 troupe's
    invoice (源泉徴収 on the fees, 「差引ご請求額」, dates with weekdays) or a trainer's 研修費 invoice
    (「様」, slashed dates, 「T1234-5678-9012-3」)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    document = docx.Document()
    _font(document, {"docx_gyosei": "IPAexMincho", "docx_taiko": "Migu 1M",
                     "docx_trainer": "VL PGothic"}[layout])  # fmt: skip
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    heading = {"docx_gyosei": "報酬額 請求書", "docx_taiko": "御　請　求　書",
               "docx_trainer": "研修費用 ご請求書"}[layout]  # fmt: skip
    run_ = title.add_run(heading)
    run_.bold, run_.font.size = True, Pt(18)
    if layout == "docx_gyosei":
        when, due = _rw(doc.date).translate(ZENKAKU), _rw(_due(doc)).translate(ZENKAKU)
        to = f"{doc.buyer}　御中\n代表取締役　様"
    elif layout == "docx_taiko":
        when, due = _ja(doc.date, weekday=True), _ja(_due(doc), weekday=True)
        to = f"{doc.buyer}　御中\n{HOUSES[0]}　宴会ご担当 様"
    else:
        when, due = _slash(doc.date), _slash(_due(doc))
        to = f"{doc.buyer}　様\n{HOUSES[0]}　支配人"
    right = document.add_paragraph(f"請求日　{when}\n請求番号　{doc.number}")
    right.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    document.add_paragraph(to).runs[0].font.size = Pt(13)
    lines = [name, staff, address, f"TEL {tel}"]
    if layout == "docx_gyosei":
        lines.append(f"登録番号　{_reg(doc.registration, 'wide')}")
    elif layout == "docx_trainer":
        lines.append(f"適格請求書発行事業者登録番号：{_reg(doc.registration, 'four')}")
    issuer = document.add_paragraph("\n".join(lines))
    issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if layout == "docx_taiko":
        ids = document.add_table(rows=0, cols=2)
        ids.style = "Table Grid"
        add_row(ids, ["登録番号", doc.registration])
        add_row(ids, ["公演日", _ja(doc.date - dt.timedelta(days=3), weekday=True)])
        label = "差引ご請求額"
    elif layout == "docx_gyosei":
        document.add_paragraph("下記業務の報酬及び立替金をご請求申し上げます。")
        label = "ご請求金額"
    else:
        document.add_paragraph(
            f"研修実施日：{_slash(doc.date - dt.timedelta(days=9))}・{_slash(doc.date - dt.timedelta(days=8))}"
            f"　会場：{HOUSES[0]} 大広間「谷川」"
        )
        label = "ご請求金額（税込）"
    document.add_paragraph().add_run(f"{label}　¥{doc.total():,}－").font.size = Pt(15)
    document.add_paragraph(f"お支払期限：{due}")
    heads = {"docx_gyosei": ["業務内容", "数量", "金額", "区分"],
             "docx_taiko": ["内容", "数量", "単価", "金額"],
             "docx_trainer": ["No.", "項目", "数量", "単価", "金額"]}[layout]  # fmt: skip
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for n, line in enumerate(_items(doc), 1):
        if layout == "docx_gyosei":
            note = "立替金（不課税）" if line.rate is None else "報酬（課税10%）"
            add_row(
                table, [line.description, f"{line.quantity}{line.unit}", f"{line.amount:,}円", note]
            )
        elif layout == "docx_taiko":
            add_row(table, [line.description, f"{line.quantity}{line.unit}",
                            f"{line.unit_price:,}", f"{line.amount:,}"])  # fmt: skip
        else:
            add_row(table, [str(n), line.description, f"{line.quantity}{line.unit}",
                            f"{line.unit_price:,}", f"{line.amount:,}"])  # fmt: skip
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    if layout == "docx_gyosei":
        pairs = [("報酬額 計（税抜）", f"{_base(doc):,}円"), ("消費税額（10%）", f"{_tax(doc):,}円"),
                 ("立替金 計", f"{doc.non_taxable():,}円"), ("ご請求金額", f"{doc.total():,}円")]  # fmt: skip
    elif layout == "docx_taiko":
        pairs = [("小計（税抜）", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                 ("合計", f"{_base(doc) + _tax(doc):,}円"),
                 ("源泉所得税（出演料・講師料×10.21%）", f"△{doc.extra['withholding']:,}円"),
                 ("差引ご請求額", f"{doc.total():,}円")]  # fmt: skip
    else:
        pairs = [("小計（10%対象）", f"¥{_base(doc):,}"), ("消費税等（10%）", f"¥{_tax(doc):,}"),
                 ("合計金額", f"¥{doc.total():,}")]  # fmt: skip
    for key, value in pairs:
        add_row(sums, [key, value])
    tail = {"docx_gyosei": "※申請手数料（収入証紙代）及び証明書の取得実費は立替金のため消費税の対象外です。\n"
                           "お振込先：まえばし大手銀行 県庁前支店 普通 4471902 ミヤシタ チヒロ",
            "docx_taiko": "※楽器運搬費は源泉徴収の対象外としております。\n"
                          "お振込先：しぶかわ銀行 伊香保支店 普通 1093374 ワダイコヒビキザ モリタ ツヨシ",
            "docx_trainer": "※講師の交通費・宿泊費は研修費用の一部として課税取引に含めております。\n"
                            "お振込先：あさくさばし銀行 本店 普通 8820461 カ）オモテナシラボ"}[layout]  # fmt: skip
    document.add_paragraph(tail)
    document.core_properties.created = dt.datetime(2036, 3, 31)
    document.core_properties.modified = dt.datetime(2036, 3, 31)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _xl_tofu(doc: H12Doc) -> bytes:
    """A tofu maker's 20日締め invoice: delivery dates as date cells formatted `m/d`, 8 % tofu beside
    a 10 % 配達料, one ROUNDDOWN per rate by SUMIF, `#,##0;[Red]-#,##0`, `yyyy"年"m"月"d"日"`."""
    made = _Sheet()
    sheet = made.sheet
    sheet.title = "請求書"
    name, address, tel, person = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    money = "#,##0;[Red]-#,##0"
    day = 'yyyy"年"m"月"d"日"'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "請　求　書"
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["A4"] = f"{HOUSES[0]} 調理場"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["E4"], sheet["F4"] = "お支払期限", midnight(_due(doc))
    sheet["E5"], sheet["F5"] = "No.", doc.number
    sheet["F3"].number_format = sheet["F4"].number_format = day
    _lines_to(sheet, "E", 6, [name, person, address, f"TEL {tel}", f"登録番号 {doc.registration}"])
    first_day = last_day_of_month(doc.date, -1).replace(day=21)
    sheet["A6"] = f"{first_day.month}月21日〜{doc.date.month}月20日 納品分（20日締め）"
    row = 13
    _put(sheet, row, ["納品日", "品名", "数量", "単位", "単価", "金額", "税率"])
    first = row + 1
    for line in _items(doc):
        row += 1
        when = midnight(dt.date.fromisoformat(line.day)) if line.day else None
        _put(sheet, row, [when, line.description, line.quantity, line.unit, line.unit_price, None,
                          f"{line.rate}%"])  # fmt: skip
        if when is not None:
            sheet[f"A{row}"].number_format = "m/d"
        sheet[f"E{row}"].number_format = money
        made.formula(f"F{row}", f"C{row}*E{row}", line.amount, money)
    last = row
    row += 2
    for rate in (8, 10):
        sheet[f"B{row}"], sheet[f"D{row}"] = f"{rate}%対象", "消費税"
        made.formula(
            f"C{row}", f'SUMIF(G{first}:G{last},"{rate}%",F{first}:F{last})', bases[rate], money
        )
        made.formula(f"E{row}", f"ROUNDDOWN(C{row}*{rate}/100,0)", taxes[rate], money)
        row += 1
    sheet[f"E{row}"] = "ご請求金額"
    made.formula(f"F{row}", f"C{row - 2}+E{row - 2}+C{row - 1}+E{row - 1}", doc.total(), '"¥"#,##0')
    sheet["A8"] = "ご請求金額"
    made.formula("B8", f"F{row}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 2}"] = "※豆腐・湯葉等の食品は軽減税率（8%）、配達料・保冷箱レンタルは10%です。"
    sheet[f"A{row + 3}"] = "お振込先：利根沼田農協 水上支所 普通 0203318 ササキ カズオ"
    sheet.column_dimensions["B"].width = 28
    return made.save()


def _xl_fire(doc: H12Doc) -> bytes:
    """A fire-equipment company's 点検 invoice: the amount in a merged cell at the top,
    `[$-411]ge.m.d` dates, `#,##0"円"` amounts."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, dept = doc.issuer
    yen = '#,##0"円"'
    era = "[$-411]ge.m.d"
    sheet.merge_cells("A1:E1")
    sheet["A1"] = "消防用設備等 点検料金 請求書"
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["A4"] = f"点検対象：{HOUSES[0]} 本館・別館"
    sheet.merge_cells("A6:B7")
    sheet["A6"] = "ご請求金額（税込）"
    sheet.merge_cells("C6:D7")
    sheet["F1"], sheet["G1"] = "請求日", midnight(doc.date)
    sheet["F2"], sheet["G2"] = "請求番号", doc.number
    sheet["F3"], sheet["G3"] = "支払期日", midnight(_due(doc))
    sheet["G1"].number_format = sheet["G3"].number_format = era
    _lines_to(sheet, "F", 5, [name, dept, address, f"TEL {tel}"])
    sheet["F9"], sheet["G9"] = "登録番号", doc.registration
    row = 12
    _put(sheet, row, ["点検・作業内容", "数量", "単位", "単価", "金額"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit, line.unit_price])
        sheet[f"D{row}"].number_format = yen
        made.formula(f"E{row}", f"B{row}*D{row}", line.amount, yen)
    last = row
    row += 2
    for offset, label in enumerate(("小計", "消費税（10%）", "合計")):
        sheet[f"D{row + offset}"] = label
    made.formula(f"E{row}", f"SUM(E{first}:E{last})", _base(doc), yen)
    made.formula(f"E{row + 1}", f"ROUNDDOWN(E{row}*0.1,0)", _tax(doc), yen)
    made.formula(f"E{row + 2}", f"E{row}+E{row + 1}", doc.total(), yen)
    made.formula("C6", f"E{row + 2}", doc.total(), yen)
    sheet[f"A{row + 4}"] = "※点検結果報告書は利根沼田広域消防本部へ提出済みです（控を同封）。"
    sheet[f"A{row + 5}"] = "お振込先：あかぎ銀行 前橋北支店 普通 5128804 カ）アカギボウサイ"
    sheet.column_dimensions["A"].width = 42
    return made.save()


def _xl_lift(doc: H12Doc) -> bytes:
    """A lift company's POG 保守 invoice: a non-taxable 定期検査報告 手数料, the accounting format,
    `yyyy"年"mm"月"dd"日"`, due the 口座振替日."""
    made = _Sheet()
    sheet = made.sheet
    sheet.title = "保守料請求書"
    name, address, tel, centre = doc.issuer
    accounting = '_ * #,##0_ ;_ * -#,##0_ ;_ * "-"_ ;_ @_ '
    day = 'yyyy"年"mm"月"dd"日"'
    sheet["A1"] = "エレベーター保守料 ご請求書"
    sheet["A3"] = doc.buyer
    sheet["C3"] = "御中"
    sheet["A4"] = f"設置場所：{HOUSES[0]}"
    sheet["E2"], sheet["F2"] = "発行日", midnight(doc.date)
    sheet["E3"], sheet["F3"] = "口座振替日", midnight(_due(doc))
    sheet["E4"], sheet["F4"] = "請求番号", doc.number
    sheet["F2"].number_format = sheet["F3"].number_format = day
    _lines_to(sheet, "E", 6, [name, centre, address, f"TEL {tel}", f"登録番号：{doc.registration}"])
    row = 13
    _put(sheet, row, ["内容", "数量", "単価", "金額", "区分"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit_price, None,
                          "非課税" if line.rate is None else "課税"])  # fmt: skip
        sheet[f"C{row}"].number_format = accounting
        made.formula(f"D{row}", f"B{row}*C{row}", line.amount, accounting)
    last = row
    row += 2
    for offset, label in enumerate(
        ("課税対象額", "消費税（10%）", "立替金（非課税）", "ご請求金額")
    ):
        sheet[f"C{row + offset}"] = label
    made.formula(
        f"D{row}", f'SUMIF(E{first}:E{last},"課税",D{first}:D{last})', _base(doc), accounting
    )
    made.formula(f"D{row + 1}", f"INT(D{row}*10/100)", _tax(doc), accounting)
    made.formula(f"D{row + 2}", f'SUMIF(E{first}:E{last},"非課税",D{first}:D{last})',
                 doc.non_taxable(), accounting)  # fmt: skip
    made.formula(f"D{row + 3}", f"SUM(D{row}:D{row + 2})", doc.total(), '"¥"#,##0')
    sheet["A8"] = "ご請求金額"
    made.formula("B8", f"D{row + 3}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 5}"] = "※ご請求金額は口座振替日にご指定口座より自動引落しとなります。"
    sheet[f"A{row + 6}"] = "※定期検査報告手数料は特定行政庁への納付代行分（立替）です。"
    sheet.column_dimensions["A"].width = 40
    return made.save()


def _xl_chem(doc: H12Doc) -> bytes:
    """A bath-chemicals invoice: a non-taxable 容器保証金 and its negative 返却, `#,##0;"△"#,##0`,
    `yyyy/m/d`."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, dept = doc.issuer
    money = '#,##0;"△"#,##0'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "御 請 求 書"
    sheet.merge_cells("A3:B3")
    sheet["A3"], sheet["C3"] = doc.buyer, "御中"
    sheet["A4"] = f"納品先：{HOUSES[3]} 機械室"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["E4"], sheet["F4"] = "お支払期限", midnight(_due(doc))
    sheet["E5"], sheet["F5"] = "伝票番号", doc.number
    sheet["F3"].number_format = sheet["F4"].number_format = "yyyy/m/d"
    _lines_to(sheet, "E", 6, [name, dept, address, f"TEL {tel}", f"登録番号 {doc.registration}"])
    row = 13
    _put(sheet, row, ["品名", "数量", "単位", "単価", "金額", "税区分"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit, line.unit_price, None,
                          "対象外" if line.rate is None else "10%"])  # fmt: skip
        sheet[f"B{row}"].number_format = money
        sheet[f"D{row}"].number_format = money
        made.formula(f"E{row}", f"B{row}*D{row}", line.amount, money)
    last = row
    row += 2
    for offset, label in enumerate(
        ("10%対象 小計", "消費税（10%）", "容器保証金（対象外）", "合計")
    ):
        sheet[f"D{row + offset}"] = label
    made.formula(f"E{row}", f'SUMIF(F{first}:F{last},"10%",E{first}:E{last})', _base(doc), money)
    made.formula(f"E{row + 1}", f"ROUNDDOWN(E{row}*0.1,0)", _tax(doc), money)
    made.formula(f"E{row + 2}", f'SUMIF(F{first}:F{last},"対象外",E{first}:E{last})',
                 doc.non_taxable(), money)  # fmt: skip
    made.formula(f"E{row + 3}", f"SUM(E{row}:E{row + 2})", doc.total(), '"¥"#,##0')
    sheet["A8"] = "ご請求金額"
    made.formula("B8", f"E{row + 3}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 5}"] = "※容器保証金は空缶ご返却時に返金（相殺）いたします。消費税の対象外です。"
    sheet[f"A{row + 6}"] = (
        "お振込先：うつのみや平出銀行 工業団地支店 普通 7730125 カ）シズクケミカル"
    )
    sheet.column_dimensions["A"].width = 36
    return made.save()


OFFICE_LAYOUTS: dict[str, Callable[[H12Doc], bytes]] = {
    "docx_gyosei": _docx,
    "docx_taiko": _docx,
    "docx_trainer": _docx,
    "xl_tofu": _xl_tofu,
    "xl_fire": _xl_fire,
    "xl_lift": _xl_lift,
    "xl_chem": _xl_chem,
}


# -- scans --------------------------------------------------------------------------------------


def _received(image: Any, doc: H12Doc, rng: random.Random) -> Any:
    """A round 受付 date stamp (a few days after the document's date) in grey ink, low on the
    page's right."""
    from PIL import ImageDraw, ImageFont

    width, height = image.size
    mm = doc.dpi / 25.4
    r = 10 * mm
    x, y = width * rng.uniform(0.74, 0.82), height * rng.uniform(0.86, 0.9)
    ink = rng.randint(95, 135)
    draw = ImageDraw.Draw(image)
    line = max(2, doc.dpi // 90)
    draw.ellipse((x - r, y - r, x + r, y + r), outline=ink, width=line)
    draw.line(
        (x - r * 0.94, y - r * 0.34, x + r * 0.94, y - r * 0.34), fill=ink, width=line // 2 + 1
    )
    draw.line(
        (x - r * 0.94, y + r * 0.34, x + r * 0.94, y + r * 0.34), fill=ink, width=line // 2 + 1
    )
    font = ImageFont.truetype(str(FONTS["migu1m"]), int(3.2 * mm))
    on = doc.date + dt.timedelta(days=rng.randint(1, 5))
    draw.text((x, y - r * 0.64), "受付", font=font, fill=ink, anchor="mm")
    draw.text((x, y), f"{on:%y.%m.%d}", font=font, fill=ink, anchor="mm")
    draw.text((x, y + r * 0.64), "みやま", font=font, fill=ink, anchor="mm")
    return image


def _staple(image: Any, doc: H12Doc, rng: random.Random) -> Any:
    """A staple across the top left corner, with its shadow."""
    from PIL import ImageDraw

    mm = doc.dpi / 25.4
    x, y = 6 * mm + rng.uniform(-1, 1) * mm, 11 * mm + rng.uniform(-1, 1) * mm
    draw = ImageDraw.Draw(image)
    end = (x + 10 * mm, y - 8 * mm)
    draw.line((x + 0.5 * mm, y + 0.7 * mm, end[0] + 0.5 * mm, end[1] + 0.7 * mm), fill=175,
              width=int(1.2 * mm))  # fmt: skip
    draw.line((x, y, *end), fill=rng.randint(55, 85), width=int(0.8 * mm))
    return image


def _sticky(image: Any, doc: H12Doc, rng: random.Random) -> Any:
    """A sticky note at the bottom right corner with a few pencilled words."""
    from PIL import ImageDraw, ImageFont

    width, height = image.size
    mm = doc.dpi / 25.4
    x, y = width - 34 * mm - rng.uniform(0, 3) * mm, height - 26 * mm - rng.uniform(0, 3) * mm
    draw = ImageDraw.Draw(image)
    draw.rectangle((x + 0.8 * mm, y + 0.8 * mm, x + 30.8 * mm, y + 22.8 * mm), fill=200)
    draw.rectangle((x, y, x + 30 * mm, y + 22 * mm), fill=rng.randint(222, 232))
    font = ImageFont.truetype(str(FONTS["mig2m"]), int(3.6 * mm))
    draw.text((x + 3 * mm, y + 4 * mm), "経理へ回付", font=font, fill=110)
    draw.text((x + 3 * mm, y + 11 * mm), "確認済 ハラ", font=font, fill=110)
    return image


def _scan_page(image: Any, doc: H12Doc, rng: random.Random) -> Any:
    """A 受付 stamp, a staple or a sticky note on some, a rotation, the crease of a sheet folded in
    half on some, the scanner lid's shadow on one edge of some, a paper tone, noise, dust and a
    slight blur."""
    import numpy as np
    from PIL import Image, ImageFilter

    if doc.extra.get("received"):
        image = _received(image, doc, rng)
    if doc.extra.get("staple"):
        image = _staple(image, doc, rng)
    if doc.extra.get("note"):
        image = _sticky(image, doc, rng)
    angle = rng.uniform(0.4, 2.2) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    height, width = pixels.shape
    pixels = pixels * (rng.uniform(222, 240) / 255.0)
    if doc.extra.get("fold"):
        rows = np.arange(height, dtype=np.float64)
        y = height * (0.5 + rng.uniform(-0.012, 0.012))
        crease = np.exp(-(((rows - y) / (height * 0.0035)) ** 2)) * rng.uniform(18, 30)
        pixels -= crease[:, None]
    if doc.extra.get("shadow"):
        cols = np.arange(width, dtype=np.float64)
        edge = np.exp(-cols / (width * 0.018)) * rng.uniform(40, 70)
        pixels -= (edge if rng.random() < 0.5 else edge[::-1])[None, :]
    pixels += generator.normal(0, rng.uniform(2.5, 5.0), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.00025] = rng.uniform(40, 100)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.35, 0.6)))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout12",
    prefix="h12_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-migmix fonts-sawarabi-mincho fonts-vlgothic fonts-ipafont-mincho "
    "fonts-ipaexfont-mincho",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=12000,
    quality=(45, 78),
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
