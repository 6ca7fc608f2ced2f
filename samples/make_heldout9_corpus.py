"""A ninth held-out set for issue 25 (`heldout9`), made blind: written from the issue's list of
shapes, `make_heldout8_corpus.py`, `make_heldout7_corpus.py`, `make_heldout6_corpus.py`,
`make_heldout5_corpus.py` and the shared generator parts (`corpus_parts.py`), without reading the
document readers (`blocks/invoice/`, `blocks/text/`, `blocks/file/`, `blocks/statements/`), their
tests, `docs/evidence.md` or the history of `blocks/`, and without running a reader on its
documents (only `bench_extraction.py --list`); nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together. Its table cells,
date texts and the fax and phone models are heldout8's, imported.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py` and
`make_heldout3/4/5/6/7/8_corpus.py`) in its companies, goods, amounts, dates (December 2030 to
November 2031, 令和12–13年, after every date of heldout8), industries, layouts and wordings: the
suppliers a manufacturer and its logistics arm pay in a year (raw materials, parts, freight,
storage, people, waste, power, calibration). Its fonts pair IPA P Mincho headings with IPAex
Gothic tables, VL P Gothic for the logistics and bilingual pages and IPA Gothic / IPA Mincho for
the slips.

- HTML printed by Debian's Chromium (14 invoices and receipts): a steel stockist's 納品書兼請求書
  (kg × 円/kg, 切断加工 and a 4t truck, a negative 鉄スクラップ引取, the issuer top right beside a
  square seal, 「ご請求金額」); a freight forwarder's import invoice (海上運賃 and BAF in USD at a
  rate, 免税 THC, taxed 通関手数料 and 国内配送, the non-taxable 関税 / 輸入消費税 立替 — a
  「消費税」 that is not the invoice's tax —, ISO dates, an ETA, 「インボイス登録番号」, 「振込期日」);
  a warehouse's 保管料 invoice (パレット・期 in 上期 / 下期, 入庫料 / 出庫料, the buyer and 御中 in two
  cells, the issuer as a left block with its address and telephone after the name, 登録番号 with
  hyphens, 「お支払日」, dates 2031/01/31); a staffing agency's 派遣料 invoice (時間 × 単価 per
  worker, 時間外 125 %, 交通費 実費 non-taxable, 「○○株式会社 製造部 御中」, 「T-1234567890123」,
  「振込期日」); an industrial-waste hauler's 収集運搬・処分 invoice (マニフェスト番号, kg × 単価,
  the issuer in the seal area at the bottom, 登録番号 split by spaces, due 「翌月末日」 alone,
  令和 dates); a security company's 機械警備 invoice billed a month ahead (a 前回過入金 taken off,
  「差引ご請求額」, 「○○株式会社 様」, a page header and a footer with 「1 / 1」, 令和 dates); a power
  company's 電気料金 bill (内税: 基本料金 per kW, 電力量料金 per kWh, a negative 燃料費調整額 and the
  再エネ賦課金 at rates with two decimals, 「うち消費税等相当額」, a 使用期間 and a 検針日 before the
  date); a calibration lab's two-page invoice (34 instruments by 管理No., a negative 年間契約割引,
  Chromium's own page header and 「n / m ページ」 footer, 「合計金額(税込)」); a foreign-affiliated
  parts maker's bilingual INVOICE / 請求書 in yen (part numbers, a negative Volume rebate, a
  Subtotal / Tax / Total header row over a value row, Net 30 with the date printed); a
  convenience store's register 領収書 (内税, ※8 % food and 10 % goods, no buyer, 「(8%対象 ¥x
  内消費税等 ¥y)」, paid by 交通系IC); a restaurant's 領収書 (上様, 会席 10 % and an お土産 折詰 ※8 %,
  「但し 御飲食代として」, 令和 date); a screw maker's 20日締め invoice (deliveries by date and
  伝票No., a 返品 line with a ▲ quantity, a 出精値引, a 前回御請求額 / 御入金額 / 繰越 / 今回 header
  row over a value row, due 「…月末日」); a mould-repair shop's invoice (工賃 by the hour, parts,
  a negative 出精値引, 「10%対象 ¥x 消費税 ¥y」, 令和 dates); an export packer's invoice (木枠梱包 in
  才, 燻蒸, バンニング, dotted dates 2031.09.12, Chromium's page header and footer);
- printed non-invoices, kinds only (7): the mould shop's 御見積書, our 発注書 to the steel
  stockist, the screw maker's 納品書, our 支払通知書 to the staffing agency (a payment notice), the
  tax accountant's 書類送付のご案内 (a cover letter), the steel stockist's 返品・値引 明細書
  (適格返還請求書, a credit note) and our 検収書 to the calibration lab naming the 支払予定日 (a
  payment notice);
- Word (.docx, 3): a tax accountant's 顧問料 invoice (源泉徴収 10.21 %, 差引ご請求金額, 登録番号
  in full-width digits 「Ｔ１２３…」, 令和 dates); a trucking partner's チャーター便 運賃 invoice (待機料,
  a 燃料サーチャージ, 高速道路料金 立替 non-taxable, 「○○株式会社 様」, slashed dates, 「お支払日」);
  a forklift service's 特定自主検査 請求書兼領収書 (paid on the day: no due date, 登録番号 with
  hyphens);
- Excel templates (openpyxl, 4, with formulas and their cached values as Excel saves them): a
  parking operator's 月極駐車場 invoice billed ahead (the buyer and 御中 in two cells, the dates
  as `[$-ja-JP-x-gannen]ggge"年"m"月"d"日";@`, `[$¥-ja-JP]#,##0`, due the 27th); a resin
  supplier's invoice (kg × 単価, a 数量値引 and a non-taxable フレコン保証金 返金 in
  `#,##0;[Red]"▲"#,##0`, per category by SUMIF, the registration label and number in two cells,
  ISO dates); an industrial-supply invoice (8 % drinks and salt tablets beside 10 % gloves and
  masks, 「10%対象 x 消費税 y」 on one row per rate, `[$-411]ggge"年"m"月"d"日"(aaa)`, due
  「…月末日」); a recruiting-ad agency's 内税 invoice (掲載料 and 原稿作成費, a negative キャンペーン値引,
  「うち消費税（10%）」 in its own cell, `yyyy/m/d`);
- 12 scans of 12 of the printed invoices and receipts (not the two with Chromium's page
  header): 200–300 dpi, rotated 0.2–2.8° either way, a paper tone with the light falling off
  towards one side, a 受付 date stamp on four of them, light noise and dust, a slight blur, JPEG
  quality 48–80; one phone-like (heldout8's keystone and corner shadow, more blur: the
  restaurant's 領収書), one binarised like a fax (heldout8's: the waste hauler's invoice); as
  image-only PDF, PNG or JPEG.

The expected values come from the generator's own data, with heldout8's conventions: `total` is
the amount to pay (after 源泉徴収 for the tax accountant; after the security company's 前回過入金;
with the 免税 freight, 立替 duties, 交通費 実費, 高速道路料金 and deposit refunds included, and the
negative 値引 / 返品 / 燃料費調整額 lines); `tax_by_rate` is the consumption tax per rate, rounded
down once per rate (for the 内税 documents — the power bill, the receipts, the recruiting ads —
the tax included); `due_date` is the due date printed (「…月末日」 that month's last day; 「翌月末日」
alone the last day of the month after the document's date; Net 30 the date printed beside it),
null when none is printed; `transaction_date` is the document's date (請求日 / 発行日 / the
receipt's date; never a 納品日, an ETA, a 使用期間 or 検針日, a 就業期間, a delivery row's date or a
受付 stamp); `buyer_name` is the buyer's company without its department, null for 上様 and for
the register receipt; `issuer_name` is the Japanese name (on the bilingual invoice too); a
registration number printed with hyphens, spaces or full-width digits is expected as T and 13
half-width digits; a receipt's `lines` are not compared.

    python samples/make_heldout9_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

import datetime as dt
import html
import io
import random
import re
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_parts import (
    PrintedSet,
    add_row,
    generate_printed,
    ipaex_font,
    last_day_of_month,
    midnight,
    new_book,
    registration,
    reiwa,
    run,
    save_book,
)
from make_corpus import Line
from make_heldout8_corpus import (
    H8Doc,
    _base,
    _due,
    _fax,
    _hy4,
    _hy_tail,
    _ja,
    _phone,
    _pretax,
    _put,
    _slash,
    _sp4,
    _sums,
    _targets,
    _tax,
    _td,
    _th,
)

__all__ = ["FONTS", "H9Doc", "build_docs", "generate", "main"]

FONTS = {
    "ipamp": Path("/usr/share/fonts/opentype/ipafont-mincho/ipamp.ttf"),
    "ipam": Path("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"),
    "ipag": Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
    "ipagp": Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"),
    "vlpg": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
STEEL = ("いわお鋼業株式会社", "大阪府堺市堺区築港八幡町1-5", "072-245-3318", "営業二課 吉川")
FORWARD = ("あおなみ国際物流株式会社", "東京都港区海岸3-9-15 芝浦ベイサイドビル8F",
           "03-5445-2270", "輸入通関課 Import Desk")  # fmt: skip
STORE = ("株式会社ひがた倉庫", "愛知県弥富市楠3-14", "0567-68-2205", "弥富第二センター 業務課")
STAFF = ("株式会社はばたきワークス", "静岡県浜松市中央区砂山町325-6 砂山センタービル4F",
         "053-457-1186", "派遣事業部 浜松営業所")  # fmt: skip
WASTE = ("有限会社しろかね環境", "群馬県太田市清原町4-2", "0276-37-8810", "収集運搬課 新井")
GUARD = ("株式会社みはりセキュリティ", "岡山県倉敷市水島東栄町8-3", "086-446-2271", "機械警備課")
POWER = ("株式会社あさつゆ電力", "東京都中央区日本橋堀留町2-4-3", "0120-281-664",
         "法人料金センター")  # fmt: skip
CALIB = ("株式会社はかりや計測技研", "埼玉県入間市狭山ケ原1-22", "04-2934-5517",
         "校正課 品質保証グループ")  # fmt: skip
NORD = ("ノルドベルク・ジャパン株式会社", "神奈川県横浜市港北区新横浜2-5-11 新横浜スクエア11F",
        "045-470-8812", "Sales Administration / 営業管理部")  # fmt: skip
MART = ("株式会社あさひマート", "栃木県小山市城東3-11-2", "0285-22-7740", "小山工業団地前店")
DINING = ("割烹いさり火", "新潟県長岡市殿町1-4-8", "0258-33-6120", "")
SCREW = ("株式会社ひのえねじ製作所", "大阪府八尾市北亀井町2-8-30", "072-992-4415", "営業課 中谷")
MOULD = ("株式会社かたどり金型サービス", "岐阜県関市小屋名1440-3", "0575-28-6601",
         "メンテナンス課 林")  # fmt: skip
CRATE = ("株式会社きざはし梱包", "愛知県東海市新宝町31-7", "052-689-3350", "輸出梱包課 杉浦")
TAXACC = ("よしずみ税理士事務所", "長野県長野市南千歳1-15-3 千歳ビル2F", "026-228-3391",
          "税理士 吉住 和彦")  # fmt: skip
TRUCK = ("株式会社やまぶき運輸", "宮城県名取市下余田字鹿島48", "022-382-6419", "配車課 佐々木")
FORK = ("株式会社ちからもちリフト", "兵庫県尼崎市東初島町1-12", "06-6416-7725", "サービス課 岡本")
PARK = ("株式会社とまりぎパーキング", "福岡県北九州市小倉北区浅野1-2-39", "093-521-6604",
        "月極管理課")  # fmt: skip
RESIN = ("もりのは化成株式会社", "千葉県市原市五井南海岸8-1", "0436-21-4458", "樹脂原料部 斉藤")
SUPPLY = ("株式会社いなほ工業用品", "福島県いわき市小名浜花畑町3-5", "0246-53-2281", "外商部")
RECRUIT = ("株式会社あしたば求人社", "北海道苫小牧市表町5-4-1", "0144-32-8820",
           "営業部 求人広告課")  # fmt: skip
BUYERS = ["株式会社みずかね工業", "うしお物流株式会社", "株式会社あまぎ製作所",
          "ほくせつ機工株式会社", "株式会社ゆうなぎ化工", "かすみ電装株式会社",
          "株式会社たかせ鋳造"]  # fmt: skip
ENGLISH = dict(zip([NORD[0], *BUYERS], [
    "Nordberg Japan K.K.", "Mizukane Industries Co., Ltd.", "Ushio Logistics Co., Ltd.",
    "Amagi Seisakusho Co., Ltd.", "Hokusetsu Kiko Co., Ltd.", "Yunagi Kako Co., Ltd.",
    "Kasumi Denso Co., Ltd.", "Takase Casting Co., Ltd."], strict=True))  # fmt: skip
WEEKDAYS = "月火水木金土日"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")  # fmt: skip
WORKERS = ("山口 太一", "佐野 美樹", "グエン・ヴァン・ミン", "大石 健吾")
INSTRUMENTS = (("デジタルノギス 150mm", 3300), ("デジタルノギス 300mm", 4400),
               ("外側マイクロメータ 0-25mm", 3850), ("外側マイクロメータ 25-50mm", 3850),
               ("ダイヤルゲージ 10mm", 3300), ("てこ式ダイヤルゲージ", 3630),
               ("ハイトゲージ 300mm", 8800), ("ピンゲージ（10本組）", 5500),
               ("トルクレンチ 5-25N·m", 4950), ("デジタルマルチメータ", 7700),
               ("クランプメータ", 6600), ("絶縁抵抗計", 6050), ("温度記録計（4ch）", 9900),
               ("電子天びん 220g", 11000), ("台はかり 150kg", 13200), ("圧力計 1MPa", 4400),
               ("シリンダゲージ 18-35mm", 5280), ("デプスゲージ 200mm", 4180))  # fmt: skip
#: the unit of a line, by the start of its description
UNITS = (("SS400", "kg"), ("SPHC", "kg"), ("SGCC", "kg"), ("レーザー", "式"), ("運搬費", "台"),
         ("鉄スクラップ", "kg"), ("保管料", "パレット・期"), ("定温", "パレット・期"),
         ("入庫料", "パレット"), ("出庫料", "パレット"), ("ラベル", "枚"), ("ラップ", "パレット"),
         ("廃プラ", "kg"), ("汚泥", "kg"), ("廃油", "kg"), ("廃アルカリ", "kg"), ("収集運搬", "台"),
         ("電子マニフェスト", "件"), ("機械警備", "ヶ月"), ("緊急対処", "回"), ("カード", "枚"),
         ("六角", "本"), ("ナット", "個"), ("平座金", "個"), ("ばね座金", "個"), ("返品", "個"),
         ("止めねじ", "本"), ("金型修理工賃", "時間"), ("エジェクター", "本"), ("木枠梱包", "才"),
         ("燻蒸", "件"), ("バンニング", "本"), ("会席", "名"), ("飲み放題", "名"))  # fmt: skip
ZENKAKU = str.maketrans("T0123456789", "Ｔ０１２３４５６７８９")


@dataclass
class H9Doc(H8Doc):
    """A document of the set: heldout8's (FreshDoc's fields; `extra` may carry a `withholding`
    or an `advance` — here a 前回過入金 — taken off the amount billed)."""

    @property
    def style(self) -> str:
        return f"h9-{self.layout}"

    def taxes(self) -> dict[int, int]:
        """Per rate, rounded down once; a negative base's tax (a credit note's) towards zero."""
        out = {}
        for rate, base in self.bases().items():
            tax = abs(base) * rate // (100 + rate if self.inclusive else 100)
            out[rate] = tax if base >= 0 else -tax
        return out


def build_docs(seed: int = 311209) -> list[H9Doc]:
    """14 printed invoices and receipts, 7 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H9Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Line], *,
            due: str | None = "date", buyer: str | None = "", inclusive: bool = False,
            month_end: bool = False, close: int = 0, **extra: Any) -> H9Doc:  # fmt: skip
        date = dt.date(2030, 12, 1) + dt.timedelta(days=rng.randint(0, 364))
        if month_end:  # the last day of one of the 12 months
            date = last_day_of_month(dt.date(2030, 12, 1), rng.randint(0, 11))
        elif close:
            date = date.replace(day=close)
        due_date = None
        if due == "date":
            due_date = date + dt.timedelta(days=rng.randint(14, 42))
        elif due == "net30":
            due_date = date + dt.timedelta(days=30)
        elif due in ("eom", "next_eom"):  # 「…月末日」 or 「翌月末日」: the next month's end
            due_date = last_day_of_month(date, 1)
        elif due == "same27":  # billed ahead, paid by the 27th of the same month
            due_date = date.replace(day=27)
        doc = H9Doc(
            id=f"h9_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=BUYERS[(len(docs) * 5 + 2) % len(BUYERS)] if buyer == "" else buyer,
            date=date,
            due=due_date,
            number=f"{rng.choice(('No.', 'SI', 'R', 'H'))}{date:%y%m}-{rng.randint(1, 9999):04d}",
            lines=lines,
            inclusive=inclusive or kind == "simplified_invoice",
            extra={"due_form": due, **extra},
        )
        docs.append(doc)
        return doc

    # printed invoices and receipts (14)
    plate = rng.randint(1800, 4200)
    steel = [Line("SS400 黒皮鋼板 t9×1524×3048（4枚）", plate, 168, 10),
             Line("SPHC 酸洗鋼板 t2.3×1219×2438", rng.randint(600, 1800), 182, 10),
             Line("SGCC 溶融亜鉛めっき鋼板 t1.6×914×1829", rng.randint(300, 1200), 196, 10),
             Line("レーザー切断加工（図番 MK-2207 外形・穴あけ）", 1, rng.choice((48400, 63800)), 10),
             Line("運搬費（4t ユニック車）", 1, 16500, 10),
             Line("鉄スクラップ 引取（端材・買取）", rng.randint(200, 900), -38, 10)]  # fmt: skip
    add("steel", "invoice", "pdf", STEEL, steel)
    usd, fx = rng.choice((1850, 2120, 2460)), rng.choice((14862, 15107, 14395))
    freight = [Line(f"海上運賃 O/F（40'HC×1　USD {usd:,}.00 @{fx / 100:.2f}）", 1, usd * fx // 100, None),
               Line(f"燃料サーチャージ BAF（USD 320.00 @{fx / 100:.2f}）", 1, 320 * fx // 100, None),
               Line("THC（ターミナルハンドリングチャージ）", 1, 46000, None),
               Line("D/O FEE（荷渡指図書発行料）", 1, 7500, 10),
               Line("通関手数料（輸入申告）", 1, 11800, 10),
               Line("輸入申告 追加欄（3欄目以降）", rng.randint(2, 6), 2900, 10),
               Line("国内配送（東京港 → 本社工場　トレーラー）", 1, rng.choice((68000, 74000)), 10),
               Line("関税（立替）", 1, rng.randint(40, 180) * 100, None),
               Line("輸入消費税・地方消費税（立替）", 1, rng.randint(150, 600) * 100, None)]  # fmt: skip
    add("forward", "invoice", "pdf", FORWARD, freight, usd=usd, fx=fx,
        bl=f"NYKS{rng.randint(100000000, 999999999)}")  # fmt: skip
    pallets = rng.randint(80, 240)
    store = [Line("保管料 上期（1日～15日）", pallets, 1100, 10),
             Line("保管料 下期（16日～末日）", pallets + rng.randint(-30, 30), 1100, 10),
             Line("定温保管 加算（15℃管理）", rng.randint(20, 60), 330, 10),
             Line("入庫料（荷役・格納）", rng.randint(40, 160), 440, 10),
             Line("出庫料（ピッキング・積込）", rng.randint(40, 160), 440, 10),
             Line("ラベル貼付作業", rng.randint(10, 60) * 100, 16, 10),
             Line("ラップ巻き直し", rng.randint(5, 30), 275, 10)]  # fmt: skip
    add("store", "invoice", "pdf", STORE, store, month_end=True)
    workers = rng.sample(WORKERS, k=3)
    staff: list[Line] = []
    for person, rate in zip(workers, (1980, 2080, 2120), strict=True):
        days = rng.randint(18, 22)
        staff += [Line(f"派遣料（通常）{person}", days * 8, rate, 10),
                  Line(f"時間外（125%）{person}", rng.randint(4, 24), rate * 5 // 4, 10),
                  Line(f"交通費（実費）{person}", days, rng.choice((440, 620, 780)), None)]  # fmt: skip
    add("staff", "invoice", "pdf", STAFF, staff, month_end=True)
    waste = [Line("廃プラスチック類（梱包材・PPバンド）処分", rng.randint(40, 160) * 10, 42, 10),
             Line("汚泥（研磨スラッジ）処分", rng.randint(20, 90) * 10, 55, 10),
             Line("廃油（水溶性切削油）処分", rng.randint(30, 120) * 10, 38, 10),
             Line("廃アルカリ（洗浄廃液）処分", rng.randint(10, 50) * 10, 64, 10),
             Line("収集運搬（4t 深ダンプ車）", rng.randint(2, 5), 22000, 10),
             Line("電子マニフェスト 登録手数料", 4, 330, 10)]  # fmt: skip
    add("waste", "invoice", "pdf", WASTE, waste, due="next_eom", close=25,
        manifests=[f"2{rng.randint(1000000000, 9999999999)}" for _ in range(4)])  # fmt: skip
    calls = rng.randint(1, 4)
    guard = [Line("機械警備料（本社工場）", 1, 38500, 10),
             Line("機械警備料（第二倉庫）", 1, 22000, 10),
             Line(f"緊急対処員 出動（{calls}回・うち誤報1回）", calls, 5500, 10),
             Line("防犯カメラ 保守点検（8台）", 1, 8800, 10),
             Line("入退室カード 追加発行", rng.randint(2, 12), 1650, 10)]  # fmt: skip
    add("guard", "invoice", "pdf", GUARD, guard, close=15,
        advance=rng.choice((22000, 38500, 60500)))  # fmt: skip
    kw, kwh = rng.choice((150, 180, 220)), rng.randint(28000, 52000)
    power = [Line("基本料金", 1, kw * 171600 // 100, 10),
             Line("電力量料金", 1, kwh * 2247 // 100, 10),
             Line("燃料費調整額", 1, -(kwh * 186 // 100), 10),
             Line("再生可能エネルギー発電促進賦課金", 1, kwh * 398 // 100, 10)]  # fmt: skip
    meter = [(f"{kw:,}kW", "1,716.00"), (f"{kwh:,}kWh", "22.47"), (f"{kwh:,}kWh", "▲1.86"),
             (f"{kwh:,}kWh", "3.98")]  # fmt: skip
    add("power", "invoice", "pdf", POWER, power, inclusive=True, close=8, meter=meter, kw=kw,
        kwh=kwh)  # fmt: skip
    calib: list[Line] = []
    for n in range(34):
        name, price = INSTRUMENTS[rng.randrange(len(INSTRUMENTS))]
        calib.append(Line(f"{name}（管理No.QA-{n * 7 + rng.randint(1, 6):03d}）", 1, price, 10))
    calib += [Line("JCSS校正 追加料金（ノギス・マイクロメータ）", rng.randint(4, 10), 2200, 10),
              Line("校正証明書・トレーサビリティ体系図 発行", 34, 550, 10),
              Line("引取・返送料（専用便）", 2, 5500, 10)]  # fmt: skip
    calib.append(
        Line("年間契約割引（校正料の5%）", 1, -(sum(i.amount for i in calib[:34]) // 20), 10)
    )
    add("calib", "invoice", "pdf", CALIB, calib, month_end=True)
    nord = [Line("Linear guide rail LGR-25 L=1000 / リニアガイドレール", rng.randint(4, 16), 18400, 10),
            Line("Carriage block LGB-25 / キャリッジブロック", rng.randint(8, 32), 9850, 10),
            Line("Ball screw BS-2010 C7 / ボールねじ", rng.randint(2, 8), 42600, 10),
            Line("Coupling CPL-19 / カップリング", rng.randint(4, 20), 3120, 10),
            Line("Freight & packing / 運賃・梱包費", 1, 4400, 10)]  # fmt: skip
    nord.append(Line("Volume rebate 3% / 数量リベート", 1, -(sum(i.amount for i in nord[:4]) * 3 // 100), 10))  # fmt: skip
    add("nord", "invoice", "pdf", NORD, nord, due="net30")
    mart = [Line("おにぎり 紅しゃけ", rng.randint(1, 3), 162, 8),
            Line("幕の内弁当", 1, 598, 8),
            Line("緑茶 600ml", rng.randint(2, 5), 151, 8),
            Line("単3アルカリ乾電池 4本", 1, 528, 10),
            Line("軍手 10双組", 1, 880, 10),
            Line("油性ペン 黒 太字", 2, 176, 10),
            Line("コピー 白黒 A4", rng.randint(10, 40), 10, 10)]  # fmt: skip
    add("mart", "simplified_invoice", "pdf", MART, mart, due=None, buyer=None)
    guests = rng.randint(6, 14)
    dining = [Line("会席料理（雪見コース）", guests, 6600, 10),
              Line("飲み放題（2時間）", guests, 2200, 10),
              Line("別注 のどぐろ塩焼き", 2, 3300, 10),
              Line("お土産 折詰（笹寿司）", rng.randint(3, 8), 1620, 8)]  # fmt: skip
    add("dining", "simplified_invoice", "pdf", DINING, dining, due=None, buyer=None)
    screw = [Line("六角穴付ボルト M8×25 SUS304", rng.randint(10, 40) * 100, 14, 10),
             Line("六角ボルト M10×40 SCM435 三価クロメート", rng.randint(5, 20) * 100, 23, 10),
             Line("ナット M10 SUS304", rng.randint(10, 40) * 100, 9, 10),
             Line("平座金 M10 SUS304", rng.randint(10, 40) * 100, 4, 10),
             Line("ばね座金 M8 SWRH", rng.randint(10, 40) * 100, 3, 10),
             Line("止めねじ（くぼみ先）M6×8 SCM", rng.randint(5, 30) * 100, 7, 10),
             Line("六角穴付ボルト M12×50 SCM435 特注（全ねじ）", rng.randint(2, 8) * 100, 68, 10),
             Line("返品 ナット M10 SUS304（ねじ山不良）", -rng.randint(2, 6) * 100, 9, 10)]  # fmt: skip
    screw.append(Line("出精値引", 1, -(sum(i.amount for i in screw) % 1000) - 1000, 10))
    add("screw", "invoice", "pdf", SCREW, screw, close=20, due="eom",
        previous=rng.randint(300, 900) * 1000 + rng.randint(0, 999),
        days=sorted(rng.sample(range(1, 28), k=len(screw) - 1)))  # fmt: skip
    mould = [Line("金型修理工賃（パーティング面 肉盛溶接・仕上げ）", rng.randint(6, 20), 8800, 10),
             Line("エジェクターピン 交換 φ6×150 SKD61", rng.randint(6, 24), 1540, 10),
             Line("スライドコア 摩耗部 補修", 1, 66000, 10),
             Line("冷却回路 洗浄（スケール除去）", 1, 27500, 10),
             Line("試打ち立会い（出張・半日）", 1, 22000, 10)]  # fmt: skip
    mould.append(Line("出精値引", 1, -(sum(i.amount for i in mould) % 10000), 10))
    add("mould", "invoice", "pdf", MOULD, mould)
    crate = [Line(f"木枠梱包（合板・スキッド付　{rng.randint(3, 8)}ケース）", rng.randint(180, 640), 165, 10),
             Line("燻蒸処理（ISPM No.15 熱処理・証明書）", rng.randint(1, 3), 13200, 10),
             Line("防錆処理（VCIフィルム・乾燥剤）", 1, 18700, 10),
             Line("バンニング作業（40'HC）", 1, 41800, 10),
             Line("ショアリング・ラッシング資材", 1, 12100, 10),
             Line("写真付き梱包明細書 作成", 1, 3300, 10)]  # fmt: skip
    add("crate", "invoice", "pdf", CRATE, crate)
    # printed non-invoices, kinds only (7)
    add("quote", "quotation", "pdf", MOULD, mould[:4], due=None)
    add("order", "purchase_order", "pdf", STEEL, steel[:3], due=None)
    add("delivery", "delivery_note", "pdf", SCREW, screw[:5], due=None)
    add("paynotice", "payment_notice", "pdf", STAFF, staff[:6])
    add("cover", "cover_letter", "pdf", TAXACC, [], due=None)
    credit = [Line("返品 SPHC 酸洗鋼板 t2.3（表面キズ）", -rng.randint(100, 400), 182, 10),
              Line("値引（納期遅延分）", 1, -5000, 10)]  # fmt: skip
    add("credit", "credit_note", "pdf", STEEL, credit, due=None)
    add("accept", "payment_notice", "pdf", CALIB, calib[:6])
    # Word (3)
    people = rng.randint(20, 60)
    tax = [Line("月額顧問料", 1, 44000, 10),
           Line("記帳代行料（仕訳 500件まで）", 1, 27500, 10),
           Line(f"給与計算 代行（{people}名）", people, 1100, 10),
           Line("月次決算 打合せ（貴社訪問・2時間）", 1, 22000, 10)]  # fmt: skip
    doc = add("docx_tax", "invoice", "docx", TAXACC, tax, month_end=True)
    tax[0].description = f"月額顧問料（{doc.date.month}月分）"
    doc.extra["withholding"] = sum(i.amount for i in tax) * 1021 // 10000
    trips = rng.randint(2, 6)
    truck = [Line("チャーター便 10t ウイング（名古屋 → 仙台）", trips, 168000, 10),
             Line("チャーター便 4t ウイング（仙台 → 郡山）", rng.randint(1, 4), 52800, 10),
             Line("待機料（荷待ち・30分単位）", rng.randint(2, 10), 2200, 10),
             Line("附帯作業（手積み・手降ろし）", rng.randint(1, 4), 11000, 10)]  # fmt: skip
    truck.append(Line("燃料サーチャージ（運賃の8%）", 1, (truck[0].amount + truck[1].amount) * 8 // 100, 10))  # fmt: skip
    truck.append(Line("高速道路料金（立替・実費）", 1, rng.randint(18000, 64000), None))
    add("docx_truck", "invoice", "docx", TRUCK, truck, close=10)
    lifts = rng.randint(3, 9)
    fork = [Line("特定自主検査（年次）フォークリフト 1.5t", lifts, 19800, 10),
            Line("ブレーキシュー 交換（部品）", rng.randint(1, 3), 8250, 10),
            Line("作業工賃（部品交換）", rng.randint(2, 6), 7700, 10),
            Line("出張費（尼崎市内）", 1, 5500, 10),
            Line("検査標章 発行", lifts, 550, 10)]  # fmt: skip
    add("docx_fork", "invoice", "docx", FORK, fork, due=None)
    # Excel (4)
    park = [Line("月極駐車料（第3駐車場 No.11～No.18）", 8, 14300, 10),
            Line("月極駐車料（屋根付き No.A2・A3）", 2, 19800, 10),
            Line("時間貸し 回数券（24枚綴）", rng.randint(1, 5), 11000, 10),
            Line("車庫証明 保管場所使用承諾書 発行", rng.randint(1, 3), 3300, 10)]  # fmt: skip
    add("xl_park", "invoice", "xlsx", PARK, park, close=10, due="same27")
    resin = [Line("PP ペレット BC03B（25kg袋）", rng.randint(40, 120) * 25, 248, 10),
             Line("ABS 樹脂 GR-2000 ナチュラル", rng.randint(20, 80) * 25, 412, 10),
             Line("マスターバッチ 黒 MB-K40", rng.randint(2, 8) * 25, 980, 10),
             Line("チャーター配送料（市原 → 本社工場）", 1, 16500, 10)]  # fmt: skip
    resin.append(Line("数量値引（PP 1t以上 ¥6/kg）", 1, -(resin[0].quantity * 6), 10))
    resin.append(Line("フレコンバッグ 保証金 返金", rng.randint(2, 6), -5500, None))
    add("xl_resin", "invoice", "xlsx", RESIN, resin)
    supply = [Line("ニトリル手袋 M（100枚入）", rng.randint(10, 40), 1298, 10),
              Line("防じんマスク DS2（20枚入）", rng.randint(5, 20), 2640, 10),
              Line("ウエス 白 10kg", rng.randint(2, 8), 3850, 10),
              Line("経口補水液 500ml（24本入）", rng.randint(4, 12), 4536, 8),
              Line("塩分補給タブレット（100粒）", rng.randint(4, 20), 864, 8),
              Line("スポーツドリンク 2L（6本入）", rng.randint(4, 16), 1490, 8)]  # fmt: skip
    add("xl_supply", "invoice", "xlsx", SUPPLY, supply, due="eom", close=25)
    recruit = [Line("求人サイト掲載料（4週間・Aプラン）", 1, 198000, 10),
               Line("求人誌 掲載（1/4ページ）", 2, 44000, 10),
               Line("原稿作成・写真撮影", 1, 33000, 10),
               Line("応募者管理ツール 月額", 1, 5500, 10),
               Line("キャンペーン値引（継続掲載）", 1, -19800, 10)]  # fmt: skip
    add("xl_recruit", "invoice", "xlsx", RECRUIT, recruit, inclusive=True)
    # scans (12) of 12 of the 14 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for d in printed if d.layout not in ("calib", "crate")]
    formats = ("scan-pdf", "scan-png", "scan-jpg")
    for index, source in enumerate(sources):
        scan = H9Doc(**{**source.__dict__, "id": f"h9_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (240, 300, 200, 270, 220, 250)[index % 6]
        scan.extra = {**source.extra, "source": source.id, "fax": source.layout == "waste",
                      "phone": source.layout == "dining",
                      "stamp": source.layout in ("steel", "store", "screw", "mould")}  # fmt: skip
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _dot(day: dt.date) -> str:
    """「2031.09.12」."""
    return f"{day:%Y.%m.%d}"


def _long_en(day: dt.date) -> str:
    """「15 March 2031」."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def _sp_tail(number: str) -> str:
    """「T 1234 5678 9012 3」."""
    d = number[1:]
    return f"T {d[:4]} {d[4:8]} {d[8:12]} {d[12:]}"


def _money(value: int, minus: str = "-", yen: str = "") -> str:
    return f"{yen}{value:,}" if value >= 0 else f"{minus}{yen}{-value:,}"


def _unit(line: Line) -> str:
    return next((u for p, u in UNITS if line.description.startswith(p)), "式")


def _rows(doc: H9Doc, minus: str = "-", yen: str = "", units: bool = True) -> str:
    """The item rows: description, quantity, unit, unit price, amount."""
    rows = ""
    for i in doc.lines:
        rows += "<tr>" + _td(i.description) + _td(_money(i.quantity, minus), num=True)
        rows += _td(_unit(i)) if units else ""
        rows += _td(_money(i.unit_price, minus, yen), num=True)
        rows += _td(_money(i.amount, minus, yen), num=True) + "</tr>"
    return rows


def _head(names: list[str], bg: str) -> str:
    return "<tr>" + "".join(_th(n, bg=bg) for n in names) + "</tr>"


def _seal(text: str, round_: bool = False) -> str:
    radius = "50%" if round_ else "4px"
    return (f"<div style='width:60px;height:60px;border:2.5px solid #c8332b;color:#c8332b;"
            f"border-radius:{radius};font-family:IPAPMincho;font-size:9.5pt;line-height:1.2;"
            f"text-align:center;padding-top:8px;box-sizing:border-box'>{text}</div>")  # fmt: skip


# -- HTML layouts -------------------------------------------------------------------------------


def _steel(doc: H9Doc) -> str:
    """A steel stockist's 納品書兼請求書: kg × 円/kg, 切断加工, a 4t truck, a negative 鉄スクラップ
    引取, the issuer top right beside a square seal, 「ご請求金額」, dates 2031年1月23日."""
    name, address, tel, staff = doc.issuer
    bg = "#e9ecf2"
    return f"""
<div style="padding:40px 46px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="width:54%">
   <div style="font-family:IPAPMincho;font-size:22pt;letter-spacing:6px;border-bottom:3px double #333">納品書 兼 請求書</div>
   <div style="margin-top:20px;font-size:13.5pt">{doc.buyer}　御中</div>
   <div style="margin-top:4px">納入場所：本社工場 第2製缶棟（荷受 9:00～16:00）</div>
   <div style="margin-top:10px">毎度格別のお引立てを賜り厚く御礼申し上げます。<br>下記のとおり納品いたしましたので、ご請求申し上げます。</div></div>
  <div style="width:42%;font-size:9pt;line-height:1.6">
   <table style="margin-left:auto"><tr>{_th("発行日", bg=bg)}{_td(_ja(doc.date))}</tr><tr>{_th("伝票番号", bg=bg)}{_td(doc.number)}</tr>
    <tr>{_th("納品日", bg=bg)}{_td(_ja(doc.date))}</tr></table>
   <div style="display:flex;justify-content:space-between;margin-top:10px"><div><span style="font-family:IPAPMincho;font-size:12.5pt">{name}</span><br>
    {address}<br>TEL {tel}　FAX 072-245-3319<br>担当 {staff}<br>登録番号：{doc.registration}</div>{_seal("いわお<br>鋼業<br>之印")}</div></div></div>
 <div style="border:1.5px solid #333;padding:6px 14px;width:62%;margin-top:12px;display:flex;justify-content:space-between;align-items:baseline">
  <span style="font-size:11.5pt">ご請求金額</span><span style="font-size:18pt">¥{doc.total():,}－</span><span>（税込）</span></div>
 <div style="margin-top:4px">お支払期限　{_ja(_due(doc))}</div>
 <table style="width:100%;margin-top:12px">{_head(["品名・規格", "数量", "単位", "単価（円）", "金額（円）"], bg)}{_rows(doc, "▲")}</table>
 {_sums([("小計", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("合計", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※鋼板は実測重量による計算です。鉄スクラップは当日相場（38円/kg）にて引取り、本請求額より差し引いております。<br>
  お振込先：さかい築港銀行 八幡町支店 当座 0017723 イワオコウギヨウ（カ</div>
</div>"""


def _forward(doc: H9Doc) -> str:
    """A freight forwarder's import invoice: USD freight at a rate (免税), taxed 通関 and 配送,
    non-taxable 立替 duties and 輸入消費税, ISO dates, an ETA, 「インボイス登録番号」, 「振込期日」."""
    name, address, tel, dept = doc.issuer
    bg = "#dfeaf3"
    eta = doc.date - dt.timedelta(days=9)
    rows = ""
    for i in doc.lines:
        kind = "立替" if "立替" in i.description else "免税" if i.rate is None else "課税10%"
        rows += f"<tr>{_td(i.description)}{_td(kind)}{_td(i.quantity, num=True)}{_td(f'{i.unit_price:,}', num=True)}{_td(f'{i.amount:,}', num=True)}</tr>"
    exempt = sum(i.amount for i in doc.lines if i.rate is None and "立替" not in i.description)
    advanced = doc.non_taxable() - exempt
    return f"""
<div style="font-family:VLPGothic;font-size:9pt;color:#0d2438">
 <div style="background:#0b4f7c;color:#fff;padding:12px 40px;display:flex;justify-content:space-between;align-items:center">
  <div><div style="font-size:19pt;letter-spacing:2px">AONAMI LOGISTICS</div><div style="font-size:10.5pt">{name}</div></div>
  <div style="text-align:right;font-size:8.5pt;line-height:1.5">{address}<br>TEL {tel}　{dept}<br>インボイス登録番号 {doc.registration}</div></div>
 <div style="padding:16px 40px">
 <div style="text-align:center;font-size:17pt;letter-spacing:4px">ご請求書（輸入）</div>
 <div style="display:flex;justify-content:space-between;margin-top:12px">
  <div style="width:50%"><div style="color:#567">ご請求先</div><div style="font-size:13pt;border-bottom:1px solid #0b4f7c">{doc.buyer} 御中</div>
   <div style="margin-top:6px">荷受人（Consignee）：同上　　品名：工作機械部品</div></div>
  <table style="width:44%"><tr>{_th("請求日", bg=bg)}{_td(doc.date.isoformat())}</tr><tr>{_th("請求番号", bg=bg)}{_td(doc.number)}</tr>
   <tr>{_th("B/L No.", bg=bg)}{_td(doc.extra["bl"])}</tr><tr>{_th("本船 / 入港日（ETA）", bg=bg)}{_td(f"ONE HARMONY 118E / {eta.isoformat()}")}</tr>
   <tr>{_th("積地 → 揚地", bg=bg)}{_td("BUSAN → TOKYO")}</tr></table></div>
 <table style="width:100%;margin-top:14px">{_head(["費目", "税区分", "数量", "単価（円）", "金額（円）"], bg)}{rows}</table>
 {_sums([("免税 計（国際輸送）", f"{exempt:,}"), ("課税対象 計（10%）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("立替金 計（不課税）", f"{advanced:,}"), ("ご請求金額", f"¥{doc.total():,}")], bg=bg)}
 <div style="margin-top:8px;font-size:10.5pt">振込期日　{_due(doc).isoformat()}</div>
 <div style="margin-top:8px;font-size:8.5pt">※外貨建て費用は請求日の当社適用レート（USD 1 = {doc.extra["fx"] / 100:.2f}円）で換算しています。関税・輸入消費税は税関へ立替納付した金額です（輸入許可通知書の写しを添付）。<br>
  お振込先：しばうら海岸銀行 本店営業部 普通 3390127 アオナミコクサイブツリユウ（カ</div>
 </div></div>"""


def _store(doc: H9Doc) -> str:
    """A warehouse's 保管料 invoice: パレット・期, the buyer and 御中 in two cells, the issuer as a
    left block (address and telephone after the name), hyphenated 登録番号, 「お支払日」."""
    name, address, tel, dept = doc.issuer
    bg = "#eef3e6"
    month = f"{doc.date.year}年{doc.date.month}月"
    return f"""
<div style="padding:40px 46px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="font-size:10pt;line-height:1.55;border-left:5px solid #5a7d2a;padding-left:10px">
  <span style="font-size:13pt;font-family:IPAPMincho">{name}</span>　{address}　TEL {tel}<br>{dept}　適格請求書発行事業者登録番号 {_hy4(doc.registration)}</div>
 <div style="text-align:center;font-family:IPAPMincho;font-size:20pt;letter-spacing:8px;margin:22px 0 14px">保管料・荷役料 請求書</div>
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <table style="width:56%"><tr><td style="font-size:13.5pt;border-bottom:1.5px solid #000;padding:2px 4px">{doc.buyer}</td><td style="font-size:13.5pt;border-bottom:1.5px solid #000;width:48px">御中</td></tr>
   <tr><td colspan=2 style="padding-top:6px">寄託者コード　K-{doc.number[-4:]}　　対象：{month}分（{doc.date.month}月1日～{doc.date.day}日）</td></tr></table>
  <table>{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("請求日", _slash(doc.date)), ("請求番号", doc.number), ("お支払日", _slash(_due(doc)))))}</table></div>
 <div style="margin-top:14px;font-size:12pt">今回ご請求額　<span style="font-size:17pt;border-bottom:2px solid #5a7d2a">¥{doc.total():,}</span>　<span style="font-size:9pt">（うち消費税 ¥{_tax(doc):,}）</span></div>
 <table style="width:100%;margin-top:12px">{_head(["内容", "数量", "単位", "単価", "金額"], bg)}{_rows(doc)}</table>
 {_sums([("税抜合計", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("今回ご請求額", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※保管料は2期制（上期：1日～15日、下期：16日～末日）、各期の最大保管パレット数で計算しています。<br>
  お振込先：あいち弥富銀行 楠支店 普通 2210564 カ）ヒガタソウコ</div>
</div>"""


def _staff(doc: H9Doc) -> str:
    """A staffing agency's 派遣料 invoice: hours × rates per worker, 時間外 125 %, 交通費 実費
    non-taxable, 「○○株式会社 製造部 御中」, 「T-1234567890123」, 「振込期日」."""
    name, address, tel, dept = doc.issuer
    bg = "#f5ebe0"
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td('日' if i.rate is None else '時間')}"
        f"{_td(f'{i.unit_price:,}', num=True)}{_td(f'{i.amount:,}', num=True)}{_td('非課税' if i.rate is None else '課税')}</tr>"
        for i in doc.lines
    )
    start = doc.date.replace(day=1)
    return f"""
<div style="padding:38px 44px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div style="font-family:IPAPMincho;font-size:21pt;letter-spacing:5px;color:#8a4b12">人材派遣料金 ご請求書</div>
  <div style="text-align:right">請求日：{_ja(doc.date)}<br>請求No.：{doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:52%"><div style="font-size:13pt;border-bottom:1px solid #8a4b12">{doc.buyer} 製造部 御中</div>
   <div style="margin-top:6px">就業場所：本社工場 組立ライン</div><div>就業期間：{_ja(start)} ～ {_ja(doc.date)}</div>
   <table style="margin-top:10px"><tr>{_th("ご請求金額", "font-size:11pt", bg)}{_td(f"¥{doc.total():,}", "font-size:15pt", True)}</tr>
    <tr>{_th("振込期日", bg=bg)}{_td(_ja(_due(doc)))}</tr></table></div>
  <div style="width:42%;line-height:1.6;font-size:9pt"><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}<br>{dept}<br>
   労働者派遣事業 派22-300417<br>登録番号 T-{doc.registration[1:]}</div></div>
 <table style="width:100%;margin-top:14px">{_head(["区分・氏名", "時間・日数", "単位", "単価", "金額", "税区分"], bg)}{rows}</table>
 {_sums([("課税対象額（10%）", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"), ("交通費 実費（非課税）", f"{doc.non_taxable():,}円"), ("合計", f"{doc.total():,}円")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※時間外は通常単価の125%で計算しています（1分単位・月末締め）。交通費は通勤定期代相当の実費精算です。<br>お振込先：はままつ砂山銀行 駅南支店 普通 4471209 カ）ハバタキワークス</div>
</div>"""


def _waste(doc: H9Doc) -> str:
    """An industrial-waste hauler's 収集運搬・処分 invoice: マニフェスト番号 per line, kg × 単価, the
    issuer in the seal area at the bottom, 登録番号 split by spaces, due 「翌月末日」, 令和 dates."""
    name, address, tel, staff = doc.issuer
    bg = "#e4e4e4"
    manifests = [*doc.extra["manifests"], "-", "-"]
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(m)}{_td(f'{i.quantity:,}', num=True)}{_td(_unit(i))}"
        f"{_td(f'{i.unit_price:,}', num=True)}{_td(f'{i.amount:,}', num=True)}</tr>"
        for i, m in zip(doc.lines, manifests, strict=True)
    )
    return f"""
<div style="padding:46px 50px;font-family:IPAGothic;font-size:9.5pt;min-height:1000px;position:relative">
 <div style="text-align:center;font-size:19pt;letter-spacing:6px;border-bottom:2px solid #000;padding-bottom:4px">産業廃棄物 収集運搬・処分 委託料 請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:56%"><div style="font-size:13pt">{doc.buyer}　御中</div>
   <div style="margin-top:6px">排出事業場：太田第二工場（群馬県太田市西新町）</div><div>契約番号：SK-{doc.number[-4:]}（収集運搬・処分 一括契約）</div></div>
  <div style="text-align:right;line-height:1.7">請求日　{reiwa(doc.date)}<br>請求番号　{doc.number}<br>締日　毎月25日</div></div>
 <table style="margin-top:14px;width:66%"><tr>{_th("今回御請求金額", "font-size:11pt", bg)}{_td(f"¥{doc.total():,}", "font-size:15pt", True)}</tr>
  <tr>{_th("お支払期限", bg=bg)}{_td("翌月末日")}</tr></table>
 <table style="width:100%;margin-top:14px">{_head(["品目・作業", "マニフェスト番号", "数量", "単位", "単価", "金額"], bg)}{rows}</table>
 {_sums([("小計", f"{_base(doc):,}"), ("消費税等（10%）", f"{_tax(doc):,}"), ("合計", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※数量は計量伝票（処分場トラックスケール）による実測重量です。マニフェストE票の返送をもって処分完了といたします。</div>
 <div style="position:absolute;left:50px;right:50px;bottom:40px;border-top:1px solid #666;padding-top:10px;display:flex;justify-content:space-between;align-items:center">
  <div style="font-size:8.5pt">お振込先：おおた清原信用金庫 本店 普通 0934471 ユ）シロカネカンキヨウ<br>産業廃棄物収集運搬業許可 第01000123456号</div>
  <div style="display:flex;align-items:center"><div style="text-align:right;line-height:1.55;margin-right:12px"><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}　{staff}<br>登録番号 {_sp4(doc.registration)}</div>{_seal("有限会社<br>しろかね<br>環境", True)}</div></div>
</div>"""


def _guard(doc: H9Doc) -> str:
    """A security company's 機械警備 invoice billed a month ahead: a 前回過入金 taken off,
    「差引ご請求額」, 「様」, a page header and a footer with 「1 / 1」, 令和 dates."""
    name, address, tel, dept = doc.issuer
    bg = "#e8e6f0"
    ahead = last_day_of_month(doc.date, 1)
    over = doc.extra["advance"]
    return f"""
<div style="padding:26px 46px;font-family:IPAexGothic;font-size:9.5pt;min-height:1060px;position:relative">
 <div style="display:flex;justify-content:space-between;font-size:8pt;color:#555;border-bottom:1px solid #aaa;padding-bottom:3px"><span>MIHARI SECURITY　{name}</span><span>お客様番号 G-{doc.number[-4:]}-01</span></div>
 <div style="text-align:center;font-family:IPAPMincho;font-size:20pt;letter-spacing:10px;margin:26px 0 16px">ご 請 求 書</div>
 <div style="display:flex;justify-content:space-between">
  <div style="width:54%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　様</div>
   <div style="margin-top:6px">警備対象：本社工場・第二倉庫（岡山県倉敷市）</div><div>{ahead.year}年{ahead.month}月分 警備料（前月請求）ほか</div></div>
  <div style="width:40%;line-height:1.6">発行日　{reiwa(doc.date)}<br>請求書番号　{doc.number}<br><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}（{dept}）<br>
   適格請求書発行事業者登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:14px">{_head(["ご契約・作業内容", "数量", "単位", "単価", "金額"], bg)}{_rows(doc)}</table>
 {_sums([("ご利用料金（税抜）", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"), ("合計", f"{_pretax(doc):,}円"), ("前回過入金 調整", f"▲{over:,}円"), ("差引ご請求額", f"{doc.total():,}円")], bg=bg)}
 <div style="margin-top:8px;font-size:11pt">お支払期限　{reiwa(_due(doc))}</div>
 <div style="margin-top:10px;font-size:8.5pt">備考：前回（{last_day_of_month(doc.date, -1).month}月分）のお振込が重複しておりましたため、過入金分を本請求にて調整させていただきました。<br>
  お振込先：くらしき水島銀行 東栄町支店 普通 5503318 カ）ミハリセキユリテイ</div>
 <div style="position:absolute;left:46px;right:46px;bottom:20px;border-top:1px solid #aaa;padding-top:3px;display:flex;justify-content:space-between;font-size:8pt;color:#555">
  <span>警備業認定 岡山県公安委員会 第71000345号</span><span>1 / 1</span></div>
</div>"""


def _power(doc: H9Doc) -> str:
    """A power company's 電気料金 bill: 内税, rates with two decimals, a negative 燃料費調整額,
    「うち消費税等相当額」, a 使用期間 and a 検針日 before the date, 「様」."""
    name, address, tel, dept = doc.issuer
    bg = "#fdf1d8"
    end = last_day_of_month(doc.date, -1)
    start = end.replace(day=1)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(q, num=True)}{_td(r, num=True)}{_td(_money(i.amount, '▲'), num=True)}</tr>"
        for i, (q, r) in zip(doc.lines, doc.extra["meter"], strict=True)
    )
    return f"""
<div style="padding:34px 44px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:center;border-bottom:4px solid #e39b0b;padding-bottom:6px">
  <div><span style="font-size:18pt;color:#c27c00">あさつゆ電力</span><br><span style="font-size:9pt">{name}　{address}　{dept} TEL {tel}</span></div>
  <div style="text-align:right;font-size:8.5pt">登録番号 {doc.registration}</div></div>
 <div style="text-align:center;font-size:18pt;margin:18px 0 10px;letter-spacing:3px">電気料金 ご請求書（高圧）</div>
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="width:52%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　様</div>
   <table style="margin-top:8px;width:100%">{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("需要場所", "本社工場（受電 6.6kV）"), ("供給地点特定番号", f"03 0021 {doc.number[-4:]} 1187 0000"), ("ご契約電力", f"{doc.extra['kw']}kW"), ("ご使用期間", f"{_ja(start)} ～ {_ja(end)}"), ("検針日", _ja(end))))}</table></div>
  <table style="width:42%">{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("ご請求日", _ja(doc.date)), ("ご請求番号", doc.number), ("お支払期限", _ja(_due(doc)))))}</table></div>
 <div style="margin-top:14px;border:2px solid #e39b0b;padding:8px 14px;width:66%"><span style="font-size:11pt">ご請求金額（税込）</span>　<span style="font-size:18pt">{doc.total():,}円</span><br>
  （うち消費税等相当額 {_tax(doc):,}円）</div>
 <div style="margin-top:6px">ご使用量　{doc.extra["kwh"]:,}kWh　（前年同月 {doc.extra["kwh"] * 96 // 100:,}kWh）</div>
 <table style="width:100%;margin-top:12px">{_head(["料金内訳", "使用量・契約電力", "単価（円）", "金額（円・税込）"], bg)}{rows}
  <tr>{_td("合計")}{_td("")}{_td("")}{_td(f"{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:10px;font-size:8.5pt">※単価はすべて消費税等相当額を含みます。燃料費調整単価は▲1.86円/kWh、再生可能エネルギー発電促進賦課金単価は3.98円/kWhです。<br>
  ※お支払期限までにお振込みください（ご指定口座からの振替の場合は振替日にお引き落としいたします）。</div>
</div>"""


def _calib(doc: H9Doc) -> str:
    """A calibration lab's two-page invoice: 34 instruments by 管理No., a negative 年間契約割引,
    「合計金額(税込)」, Chromium's own page header and footer (`_pdf_options`)."""
    name, address, tel, dept = doc.issuer
    bg = "#e6f0ef"
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(_money(i.unit_price, '△'), num=True)}{_td(_money(i.amount, '△'), num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    return f"""
<div style="padding:6px 44px;font-family:IPAexGothic;font-size:9pt">
 <div style="text-align:center;font-family:IPAPMincho;font-size:20pt;letter-spacing:6px">校正料金 御請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:54%"><div style="font-size:13pt;border-bottom:1px solid #2b6f6a">{doc.buyer} 品質保証部 御中</div>
   <div style="margin-top:6px">{doc.date.month}月度 定期校正（受付番号 CR-{doc.number[-4:]}）</div>
   <div style="margin-top:8px;font-size:12pt">合計金額(税込)　<b>¥{doc.total():,}</b></div><div>お支払期限：{_ja(_due(doc))}</div></div>
  <div style="width:42%;line-height:1.6">請求日：{_ja(doc.date)}<br>請求書番号：{doc.number}<br><span style="font-size:11.5pt">{name}</span><br>{address}<br>TEL {tel}　{dept}<br>
   適格請求書発行事業者 登録番号 <span style="white-space:nowrap">{_hy_tail(doc.registration)}</span></div></div>
 <table style="width:100%;margin-top:12px">{_head(["No.", "品名・管理番号", "数量", "単価", "金額"], bg)}{rows}</table>
 {_sums([("小計（税抜）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("合計金額(税込)", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※校正結果は別添の校正証明書をご確認ください。不合格品（調整不可）は別途ご連絡いたします。<br>お振込先：いるま狭山銀行 狭山ケ原支店 普通 1183307 カ）ハカリヤケイソクギケン</div>
</div>"""


def _nord(doc: H9Doc) -> str:
    """A foreign-affiliated parts maker's bilingual INVOICE in yen: part numbers, a negative
    Volume rebate, a Subtotal / Tax / Total header row over a value row, Net 30."""
    name, address, tel, dept = doc.issuer
    bg = "#e9e9e9"
    rows = "".join(
        f"<tr>{_td(n * 10)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'{i.unit_price:,}', num=True)}{_td(_money(i.amount), num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    due = _due(doc)
    return f"""
<div style="padding:38px 44px;font-family:VLPGothic;font-size:9pt;color:#1b1b1b">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div><div style="font-size:22pt;font-weight:bold;letter-spacing:3px;color:#b3121b">NORDBERG</div><div style="font-size:8pt">Motion &amp; Linear Components</div></div>
  <div style="text-align:right"><div style="font-size:18pt">INVOICE / 請求書</div><div>Invoice No. / 請求書番号　{doc.number}</div></div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:50%"><div style="color:#666">Bill to / ご請求先</div><div style="font-size:13pt">{doc.buyer}　御中</div><div>{ENGLISH.get(doc.buyer or "", "")}</div>
   <div>調達部 購買グループ / Procurement Dept.</div><div style="margin-top:8px">Customer PO / 貴社注文番号：PO-{doc.date:%y}{doc.number[-4:]}</div></div>
  <div style="width:46%;line-height:1.55;font-size:8.5pt"><b>{name}</b><br>{ENGLISH[name]}<br>{address}<br>TEL {tel}　{dept}<br>Registration No. / 登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:12px"><tr>{_th("Invoice date / 請求日", bg=bg)}{_th("Payment terms / お支払条件", bg=bg)}{_th("Due date / お支払期日", bg=bg)}{_th("Currency / 通貨", bg=bg)}</tr>
  <tr>{_td(f"{_long_en(doc.date)}（{_ja(doc.date)}）")}{_td("Net 30 days / 請求日より30日")}{_td(f"{_long_en(due)}（{_ja(due)}）")}{_td("JPY / 円")}</tr></table>
 <table style="width:100%;margin-top:14px">{_head(["Item", "Description / 品名", "Qty / 数量", "Unit price / 単価", "Amount / 金額"], bg)}{rows}</table>
 <table style="width:70%;margin:10px 0 0 auto;text-align:center"><tr>{_th("Subtotal / 小計", bg=bg)}{_th("Consumption tax 10% / 消費税", bg=bg)}{_th("Total / 合計（税込）", bg=bg)}</tr>
  <tr>{_td(f"¥{_base(doc):,}", num=True)}{_td(f"¥{_tax(doc):,}", num=True)}{_td(f"¥{doc.total():,}", "font-size:12pt;font-weight:bold", True)}</tr></table>
 <div style="margin-top:12px;font-size:8.5pt">Please remit to / お振込先：しんよこはま銀行 新横浜支店 普通 7720415 ノルドベルクジヤパン（カ<br>
  Bank charges are borne by the remitter. / 振込手数料は貴社にてご負担ください。</div>
</div>"""


def _mart(doc: H9Doc) -> str:
    """A convenience store's register 領収書: 内税, ※8 % food and 10 % goods, no buyer, per rate
    「(8%対象 ¥x 内消費税等 ¥y)」, paid by 交通系IC."""
    name, address, tel, shop = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = "".join(
        f"<div style='display:flex;justify-content:space-between'><span>{i.description}{' ※' if i.rate == 8 else ''}</span><span>¥{i.amount:,}</span></div>"
        + (
            f"<div style='padding-left:12px'>{i.quantity}個 × @{i.unit_price:,}</div>"
            if i.quantity > 1
            else ""
        )
        for i in doc.lines
    )
    count = sum(i.quantity for i in doc.lines)
    balance = 3000 + doc.total() * 7 % 5000
    when = f"{doc.date.year}年{doc.date.month:2d}月{doc.date.day:2d}日({WEEKDAYS[doc.date.weekday()]}) 12:{doc.total() % 60:02d}"
    per_rate = "".join(
        f"<div style='display:flex;justify-content:space-between'><span>({r}%対象</span><span>¥{bases[r]:,})</span></div>"
        f"<div style='display:flex;justify-content:space-between'><span>(内消費税等</span><span>¥{taxes[r]:,})</span></div>"
        for r in (10, 8)
    )
    return f"""
<div style="padding:12px 14px;font-family:IPAGothic;font-size:8.5pt;line-height:1.45">
 <div style="text-align:center;font-size:14pt;letter-spacing:2px">あさひマート</div>
 <div style="text-align:center">{shop}<br>{name}<br>{address}<br>電話：{tel}<br>登録番号 {doc.registration}</div>
 <div style="text-align:center;font-size:12pt;margin:6px 0;letter-spacing:6px">領 収 書</div>
 <div>{when}</div><div>レジ#2　責No.{doc.number[-3:]}</div>
 <div style="border-top:1px dashed #000;margin-top:4px;padding-top:4px">{rows}</div>
 <div style="border-top:1px dashed #000;margin-top:4px;padding-top:4px;display:flex;justify-content:space-between"><span>小計（{count}点）</span><span>¥{doc.total():,}</span></div>
 <div style="display:flex;justify-content:space-between;font-size:12pt"><span>合　計</span><span>¥{doc.total():,}</span></div>
 {per_rate}
 <div style="display:flex;justify-content:space-between"><span>交通系IC支払</span><span>¥{doc.total():,}</span></div>
 <div style="display:flex;justify-content:space-between"><span>IC残高</span><span>¥{balance:,}</span></div>
 <div style="margin-top:6px">※印は軽減税率(8%)適用商品です。<br>上記正に領収いたしました。</div>
</div>"""


def _dining(doc: H9Doc) -> str:
    """A restaurant's 領収書: 上様, 会席 10 % and an お土産 折詰 ※8 %, 「但し 御飲食代として」, 令和."""
    name, address, tel, _ = doc.issuer
    return f"""
<div style="padding:22px 30px;font-family:IPAMincho;font-size:10pt;line-height:1.55">
 <div style="display:flex;justify-content:space-between;align-items:flex-end"><span style="font-size:22pt;letter-spacing:16px">領収書</span><span>No. {doc.number[-4:]}<br>{reiwa(doc.date)}</span></div>
 <div style="display:flex;justify-content:space-between;margin-top:10px">
  <div style="width:60%"><div style="font-size:14pt;border-bottom:1px solid #000">上様</div>
   <div style="font-size:19pt;margin:10px 0;border:1px solid #555;padding:2px 10px;text-align:center">金 ¥{doc.total():,} ―</div>
   <div>但し　御飲食代として（{doc.lines[0].quantity}名様 ご宴会・お土産を含む）<br>上記正に領収いたしました。</div>
   <div style="font-family:IPAGothic;font-size:9pt;margin-top:6px">{_targets(doc, [10, 8])}<br>※お土産（折詰）は軽減税率8%対象です。</div></div>
  <div style="width:36%;text-align:right;font-size:9pt;line-height:1.6"><span style="font-size:13pt">{name}</span><br>{address}<br>TEL {tel}<br>適格請求書発行事業者登録番号<br>{doc.registration}
   <div style="display:flex;justify-content:flex-end;margin-top:6px">{_seal("割烹<br>いさり<br>火", True)}</div></div></div>
</div>"""


def _screw(doc: H9Doc) -> str:
    """A screw maker's 20日締め invoice: deliveries by date and 伝票No., a 返品 line with a ▲
    quantity, a 出精値引, a 前回 / 御入金 / 繰越 / 今回 header row over a value row, due 「…月末日」."""
    name, address, tel, staff = doc.issuer
    bg = "#ece4f2"
    previous = doc.extra["previous"]
    start = last_day_of_month(doc.date, -1).replace(day=21)
    days = [*doc.extra["days"], None]
    rows = ""
    for n, (i, day) in enumerate(zip(doc.lines, days, strict=True)):
        when = start + dt.timedelta(days=day) if day is not None else doc.date
        slip = f"D{doc.number[-4:]}{n + 1:02d}" if day is not None else ""
        rows += (f"<tr>{_td(f'{when.month}/{when.day}')}{_td(slip)}{_td(i.description)}{_td(_money(i.quantity, '▲'), num=True)}"
                 f"{_td(f'{i.unit_price:,}', num=True)}{_td(_money(i.amount, '▲'), num=True)}</tr>")  # fmt: skip
    due = _due(doc)
    return f"""
<div style="padding:36px 42px;font-family:IPAexGothic;font-size:9pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="width:52%"><div style="font-family:IPAPMincho;font-size:21pt;letter-spacing:8px">御 請 求 書</div>
   <div style="margin-top:16px;font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div><div>資材課 御担当者様</div>
   <div style="margin-top:6px">{doc.date.year}年{doc.date.month}月20日締切分（{_slash(start)}～{_slash(doc.date)}）</div></div>
  <div style="width:42%;line-height:1.6">請求日 {_ja(doc.date)}<br>請求No. {doc.number}<br><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}　担当 {staff}<br>
   インボイス登録番号：T {doc.registration[1:]}</div></div>
 <table style="width:100%;margin-top:14px;text-align:center">{_head(["前回御請求額", "御入金額", "差引繰越額", "今回御買上額", "消費税額", "今回御請求額"], bg)}
  <tr>{_td(f"{previous:,}", num=True)}{_td(f"{previous:,}", num=True)}{_td("0", num=True)}{_td(f"{_base(doc):,}", num=True)}{_td(f"{_tax(doc):,}", num=True)}{_td(f"{doc.total():,}", "font-weight:bold;font-size:12pt", True)}</tr></table>
 <div style="margin-top:6px">振込期日：{due.year}年{due.month}月末日</div>
 <table style="width:100%;margin-top:12px">{_head(["日付", "伝票No.", "品名・規格", "数量", "単価", "金額"], bg)}{rows}</table>
 <div style="margin-top:6px;text-align:right">10%対象 {_base(doc):,}円　消費税 {_tax(doc):,}円</div>
 <div style="margin-top:8px;font-size:8.5pt">※返品は数量・金額を▲で表示しています。単価は銭以下切捨て。<br>お振込先：やお北亀井信用金庫 本店 普通 6617230 カ）ヒノエネジセイサクシヨ</div>
</div>"""


def _mould(doc: H9Doc) -> str:
    """A mould-repair shop's invoice: 工賃 by the hour, parts, a negative 出精値引, 「10%対象 ¥x
    消費税 ¥y」 on one line, 「合計金額（税込）」, 令和 dates, hyphenated 登録番号, the issuer top right."""
    name, address, tel, staff = doc.issuer
    bg = "#f0ece2"
    return f"""
<div style="padding:40px 48px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between">
  <div style="width:50%;padding-top:30px"><div style="font-size:13pt;border-bottom:1.5px solid #000">{doc.buyer}　御中</div><div>生産技術課 ご担当 様</div>
   <div style="margin-top:8px">金型：MD-{doc.number[-4:]} フロントカバー 2キャビ（PP）</div></div>
  <div style="width:42%;text-align:right;line-height:1.6"><span style="font-size:8pt;letter-spacing:2px">KATADORI MOLD SERVICE</span><br><span style="font-size:12.5pt;font-family:IPAPMincho">{name}</span><br>{address}<br>TEL {tel}<br>{staff}<br>登録番号 {_hy4(doc.registration)}</div></div>
 <div style="text-align:center;font-family:IPAPMincho;font-size:19pt;letter-spacing:10px;margin:20px 0 12px">請求書</div>
 <div style="display:flex;justify-content:space-between"><span>請求日　{reiwa(doc.date)}　　請求番号　{doc.number}</span><span>お支払期限　{reiwa(_due(doc))}</span></div>
 <div style="margin-top:10px;font-size:13pt;border-bottom:2px solid #7a5c1e;width:60%">合計金額（税込）　¥{doc.total():,}</div>
 <table style="width:100%;margin-top:14px">{_head(["作業・部品", "数量", "単位", "単価", "金額"], bg)}{_rows(doc, "△")}</table>
 <div style="margin-top:8px;text-align:right;font-size:10pt">10%対象 ¥{_base(doc):,}　消費税 ¥{_tax(doc):,}　合計 ¥{doc.total():,}</div>
 <div style="margin-top:10px;font-size:8.5pt">※修理前後の写真と作業報告書を添付いたします。<br>お振込先：せき小屋名信用金庫 本店 普通 0451189 カ）カタドリカナガタサービス</div>
</div>"""


def _crate(doc: H9Doc) -> str:
    """An export packer's invoice: 木枠梱包 in 才, 燻蒸, バンニング, a 税抜 / 消費税 / 税込 header
    row over a value row, dotted dates, Chromium's page header and footer (`_pdf_options`)."""
    name, address, tel, staff = doc.issuer
    bg = "#e7eef6"
    return f"""
<div style="padding:4px 46px;font-family:VLPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-end;border-bottom:2px solid #274b74;padding-bottom:6px">
  <div style="font-size:20pt;letter-spacing:4px">輸出梱包 ご請求書</div><div style="text-align:right">発行日 {_dot(doc.date)}<br>No. {doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:52%"><div style="font-size:13pt">{doc.buyer}　御中</div><div style="margin-top:6px">仕向地：HAMBURG（ドイツ）　出荷品：射出成形機 部品一式<br>搬入日：{_dot(doc.date - dt.timedelta(days=5))}　CY カット：{_dot(doc.date - dt.timedelta(days=2))}</div></div>
  <div style="width:42%;line-height:1.6"><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}　{staff}<br>登録番号 {_sp_tail(doc.registration)}</div></div>
 <table style="width:100%;margin-top:14px;text-align:center">{_head(["税抜金額", "消費税額（10%）", "今回ご請求額（税込）", "振込期日"], bg)}
  <tr>{_td(f"{_base(doc):,}円", num=True)}{_td(f"{_tax(doc):,}円", num=True)}{_td(f"{doc.total():,}円", "font-weight:bold;font-size:12.5pt", True)}{_td(_dot(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:14px">{_head(["作業内容", "数量", "単位", "単価", "金額"], bg)}{_rows(doc)}</table>
 <div style="margin-top:10px;font-size:8.5pt">※木枠の容積は才（1才＝30.3cm角）で計算しています。燻蒸証明書（ISPM No.15）は船積書類に同封いたします。<br>
  お振込先：ちた新宝銀行 東海支店 普通 3328814 カ）キザハシコンポウ</div>
</div>"""


def _non_invoice(doc: H9Doc) -> str:
    """A 御見積書, a 発注書, a 納品書, a 支払通知書, a 書類送付のご案内, a 返品・値引 明細書 or a 検収書."""
    name, address, tel, staff = doc.issuer
    day = _ja(doc.date)
    bg = "#ececec"
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(_money(i.quantity, '▲'), num=True)}{_td(_money(i.unit_price, '▲'), num=True)}{_td(_money(i.amount, '▲'), num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table style='width:100%;margin-top:10px'>{_head(['No.', '品名・内容', '数量', '単価', '金額'], bg)}{rows}</table>"
    if doc.layout == "cover":
        return f"""
<div style="padding:64px;font-family:IPAPMincho;font-size:11pt;line-height:1.9">
 <div style="text-align:right">{reiwa(doc.date)}</div><div style="font-size:13pt">{doc.buyer}<br>経理部 御担当者様</div>
 <div style="text-align:right">{name}<br>{staff}<br>{address}<br>TEL {tel}</div>
 <div style="text-align:center;font-size:18pt;letter-spacing:6px;margin:16px 0">書類送付のご案内</div>
 <p>拝啓　貴社ますますご隆盛のこととお慶び申し上げます。平素は格別のお引き立てを賜り、厚く御礼申し上げます。<br>
 さて、下記の書類をお送りいたしますので、ご確認のほどよろしくお願い申し上げます。</p><div style="text-align:right">敬具</div>
 <div style="text-align:center">記</div><div>一、顧問料 御請求書　1部<br>一、月次試算表（損益計算書・貸借対照表）　1部<br>一、源泉所得税 納付書（控）　1部</div>
 <div style="text-align:right">以上</div></div>"""
    if doc.layout in ("paynotice", "accept"):  # our notices to a supplier
        accept = doc.layout == "accept"
        title = "検収書（兼 お支払予定のご連絡）" if accept else "支払通知書"
        lead = ("下記のとおり検収いたしましたのでご通知申し上げます。代金は下記の予定日にお支払いいたします。" if accept
                else "毎度お世話になっております。貴社ご請求分につき、下記のとおりお支払いいたします。")  # fmt: skip
        first = ("検収日", day) if accept else ("支払日", _ja(_due(doc)))
        return f"""
<div style="padding:48px;font-family:IPAexGothic;font-size:10pt">
 <div style="text-align:center;font-size:19pt;letter-spacing:3px">{title}</div>
 <div style="text-align:right;margin-top:8px">{day}<br>通知番号 {doc.number}</div>
 <div style="font-size:13pt">{name} 御中</div><div style="text-align:right">{doc.buyer}<br>経理部 支払グループ</div>
 <p>{lead}</p>
 <table>{_head([first[0], "支払予定日" if accept else "支払方法", "お支払金額（税込）", "うち消費税（10%）"], bg)}
  <tr>{_td(first[1])}{_td(_ja(_due(doc)) if accept else "総合振込（振込手数料当社負担）")}{_td(f"¥{_pretax(doc):,}", "font-size:13pt", True)}{_td(f"¥{_tax(doc):,}", num=True)}</tr></table>
 {table}<div style="margin-top:8px;font-size:9pt">※本書は請求書ではありません。ご不明の点は経理部（内線 215）までお問い合わせください。</div></div>"""
    if doc.layout == "credit":
        return f"""
<div style="padding:48px;font-family:IPAexGothic;font-size:10pt">
 <div style="text-align:center;font-size:18pt;letter-spacing:3px">返品・値引 明細書<br><span style="font-size:11pt">（適格返還請求書）</span></div>
 <div style="text-align:right;margin-top:8px">発行日 {day}<br>No. RV-{doc.number[-4:]}</div>
 <div style="font-size:13pt">{doc.buyer}　御中</div><div style="text-align:right">{name}<br>{address}<br>TEL {tel}<br>登録番号：{doc.registration}</div>
 <p>下記のとおり返品・値引をお受けいたしました。返還額は次回ご請求額より差し引かせていただきます。</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:60%">返還額合計（税込）　▲¥{-_pretax(doc):,}</div>
 {table}<div style="text-align:right;margin-top:6px">10%対象 ▲{-_base(doc):,}円　消費税 ▲{-_tax(doc):,}円</div></div>"""
    title, lead, label = {
        "quote": ("御見積書", "金型修理につき、下記のとおりお見積り申し上げます。", "御見積金額"),
        "order": ("発注書", "下記のとおり発注いたします。納期厳守にてお願いいたします。", "発注金額"),
        "delivery": ("納品書", "毎度ありがとうございます。下記のとおり納品いたしました。", "納品金額"),
    }[doc.layout]  # fmt: skip
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    tail = {
        "quote": "見積有効期限：発行日より1ヶ月　納期：金型ご入庫後 10営業日　※追加不具合は別途お見積り",
        "order": f"納期：{doc.date.month}月{min(28, doc.date.day + 7)}日　納入場所：本社工場 第2製缶棟　支払条件：月末締め翌月末払い",
        "delivery": "※代金は20日締めにてまとめてご請求いたします。　受領印：",
    }[doc.layout]
    amount = _pretax(doc) if doc.layout != "delivery" else _base(doc)
    note = "（税込）" if doc.layout != "delivery" else "（税抜）"
    return f"""
<div style="padding:48px;font-family:IPAexGothic">
 <div style="text-align:center;font-size:20pt;letter-spacing:6px;font-family:IPAPMincho">{title}</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to} 御中</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:58%">{label}　¥{amount:,}{note}</div>
 <div>{tail}</div>{table}</div>"""


LAYOUTS: dict[str, Callable[[H9Doc], str]] = {
    "steel": _steel,
    "forward": _forward,
    "store": _store,
    "staff": _staff,
    "waste": _waste,
    "guard": _guard,
    "power": _power,
    "calib": _calib,
    "nord": _nord,
    "mart": _mart,
    "dining": _dining,
    "screw": _screw,
    "mould": _mould,
    "crate": _crate,
    **dict.fromkeys(
        ("quote", "order", "delivery", "paynotice", "cover", "credit", "accept"), _non_invoice
    ),
}

CSS = """
@font-face { font-family: "IPAPMincho"; src: url("ipamp.ttf"); }
@font-face { font-family: "IPAMincho"; src: url("ipam.ttf"); }
@font-face { font-family: "IPAGothic"; src: url("ipag.ttf"); }
@font-face { font-family: "IPAPGothic"; src: url("ipagp.ttf"); }
@font-face { font-family: "VLPGothic"; src: url("vlpg.ttf"); }
@font-face { font-family: "IPAexGothic"; src: url("ipaexg.ttf"); }
body { font-family: "IPAexGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
"""


def _pdf_options(doc: H9Doc) -> dict[str, Any]:
    if doc.layout == "mart":
        return {"width": "80mm", "height": "175mm", "print_background": True}
    if doc.layout == "dining":
        return {"width": "182mm", "height": "128mm", "print_background": True}
    if doc.layout in ("calib", "crate"):  # Chromium's own page header and numbered footer
        name = doc.issuer[0]
        title = "校正料金 御請求書" if doc.layout == "calib" else "輸出梱包 ご請求書"
        header = (f"<div style='font-size:7.5pt;width:100%;margin:0 16mm;display:flex;"
                  f"justify-content:space-between;font-family:IPAPGothic'><span>{html.escape(name)}</span>"
                  f"<span>{title}　No.{doc.number}</span></div>")  # fmt: skip
        footer = ("<div style='font-size:7.5pt;width:100%;text-align:center;font-family:IPAPGothic'>"
                  "<span class=pageNumber></span> / <span class=totalPages></span> ページ</div>")  # fmt: skip
        return {"format": "A4", "print_background": True, "display_header_footer": True,
                "header_template": header, "footer_template": footer,
                "margin": {"top": "16mm", "bottom": "14mm", "left": "0mm", "right": "0mm"}}  # fmt: skip
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H9Doc) -> bytes:
    """A tax accountant's 顧問料 invoice (源泉徴収, full-width 登録番号, 令和 dates), a trucking
    partner's チャーター便 運賃 invoice (高速道路料金 立替, 「様」, slashed dates, 「お支払日」) or a
    forklift service's 請求書兼領収書 (no due date, hyphenated 登録番号)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    document = docx.Document()
    document.styles["Normal"].font.name = "IPAPMincho" if layout == "docx_tax" else "IPAexGothic"
    if layout == "docx_truck":  # the issuer on top, its address and telephone after the name
        document.add_paragraph(
            f"{name}　{address}　TEL {tel}\n{staff}　インボイス登録番号 T-{doc.registration[1:]}"
        )
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run_ = title.add_run({"docx_tax": "御　請　求　書", "docx_truck": "運 賃 請 求 書",
                          "docx_fork": "請求書 兼 領収書"}[layout])  # fmt: skip
    run_.bold, run_.font.size = True, Pt(18)
    when = _slash(doc.date) if layout == "docx_truck" else reiwa(doc.date)
    right = document.add_paragraph(f"請求日：{when}\n請求書番号：{doc.number}")
    right.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    to = {"docx_tax": f"{doc.buyer}　御中\n代表取締役　様", "docx_truck": f"{doc.buyer}　様",
          "docx_fork": f"{doc.buyer}　御中"}[layout]  # fmt: skip
    document.add_paragraph(to).runs[0].font.size = Pt(13)
    if layout != "docx_truck":
        number = (doc.registration.translate(ZENKAKU) if layout == "docx_tax"
                  else _hy4(doc.registration))  # fmt: skip
        issuer = document.add_paragraph(
            f"{name}\n{staff}\n{address}\nTEL {tel}\n登録番号　{number}"
        )
        issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if layout == "docx_tax":
        document.add_paragraph("顧問契約に基づき、下記のとおりご請求申し上げます。")
        label = "差引ご請求金額"
    elif layout == "docx_truck":
        first = doc.date - dt.timedelta(days=doc.date.day - 1)
        document.add_paragraph(
            f"{first.month}月運行分（{_slash(last_day_of_month(doc.date, -1).replace(day=11))} ～ {_slash(doc.date)}　10日締め）の運賃を下記のとおりご請求いたします。"
        )
        label = "ご請求金額"
    else:
        document.add_paragraph(
            f"{doc.buyer} 本社倉庫にて特定自主検査を実施いたしました。下記のとおりご請求申し上げます。"
        )
        label = "合計金額（税込）"
    document.add_paragraph().add_run(f"{label}　¥{doc.total():,}－").font.size = Pt(15)
    if layout == "docx_tax":
        document.add_paragraph(f"お支払期限：{reiwa(_due(doc))}")
    elif layout == "docx_truck":
        document.add_paragraph(f"お支払日：{_slash(_due(doc))}")
    heads = {"docx_tax": ["摘要", "金額"], "docx_truck": ["内容", "数量", "単価", "金額", "税区分"],
             "docx_fork": ["作業・部品", "数量", "単価", "金額"]}[layout]  # fmt: skip
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for item in doc.lines:
        if layout == "docx_tax":
            add_row(table, [item.description, f"{item.amount:,}円"])
            continue
        values = [
            item.description,
            f"{item.quantity:,}",
            f"{item.unit_price:,}",
            f"{item.amount:,}",
        ]
        if layout == "docx_truck":
            values.append("10%" if item.rate else "非課税（立替）")
        add_row(table, values)
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    if layout == "docx_tax":
        pairs = [("報酬額 計", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                 ("合計", f"{_pretax(doc):,}円"),
                 ("源泉徴収税額（10.21%）", f"▲{doc.extra['withholding']:,}円"),
                 ("差引ご請求金額", f"{doc.total():,}円")]  # fmt: skip
    elif layout == "docx_truck":
        pairs = [("課税対象額（10%）", f"¥{_base(doc):,}"), ("消費税額（10%）", f"¥{_tax(doc):,}"),
                 ("立替金（非課税）", f"¥{doc.non_taxable():,}"), ("ご請求金額", f"¥{doc.total():,}")]  # fmt: skip
    else:
        pairs = [("小計", f"¥{_base(doc):,}"), ("10%対象", f"¥{_base(doc):,}　消費税 ¥{_tax(doc):,}"),
                 ("合計金額（税込）", f"¥{doc.total():,}")]  # fmt: skip
    for key, value in pairs:
        add_row(sums, [key, value])
    if layout == "docx_fork":
        document.add_paragraph(
            "上記金額を正に領収いたしました（作業完了時 現金にて）。　領収印\n"
            "※本書は請求書と領収書を兼ねております。次回の特定自主検査は1年後です。"
        )
    else:
        bank = {"docx_tax": "ながの南千歳銀行 本店 普通 3318820 ヨシズミ カズヒコ",
                "docx_truck": "なとり下余田銀行 本店 普通 6402271 カ）ヤマブキウンユ"}[layout]  # fmt: skip
        document.add_paragraph(f"お振込先：{bank}")
    document.core_properties.created = dt.datetime(2031, 11, 2)
    document.core_properties.modified = dt.datetime(2031, 11, 2)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _cached(data: bytes, values: dict[str, int]) -> bytes:
    """The workbook with each formula's value cached, as Excel saves it (openpyxl writes the
    formula with an empty value)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    filled: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        filled.add(match.group(2))
        return f"{match.group(1)}<v>{values[match.group(2)]}</v></c>"

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                text = re.sub(r'(<c r="([A-Z]+[0-9]+)"[^>]*><f>[^<]*</f>)<v\s*/?>(?:</v>)?</c>',
                              fill, body.decode("utf-8"))  # fmt: skip
                body = text.encode("utf-8")
            target.writestr(info, body)
    assert filled == set(values), sorted(set(values) - filled)
    return out.getvalue()


class _Sheet:
    """A sheet with formulas whose values are kept for `_cached`."""

    def __init__(self) -> None:
        self.book, self.sheet = new_book()
        self.values: dict[str, int] = {}

    def formula(self, ref: str, formula: str, value: int, fmt: str = "#,##0") -> None:
        self.sheet[ref] = f"={formula}"
        self.sheet[ref].number_format = fmt
        self.values[ref] = value

    def save(self) -> bytes:
        return _cached(save_book(self.book), self.values)


def _xl_park(doc: H9Doc) -> bytes:
    """A parking operator's 月極駐車場 invoice billed ahead: the buyer and 御中 in two cells, the
    dates in `[$-ja-JP-x-gannen]` 和暦, `[$¥-ja-JP]#,##0`, amounts as formulas, due the 27th."""
    made = _Sheet()
    sheet = made.sheet
    sheet.title = "請求書"
    name, address, tel, dept = doc.issuer
    wareki = '[$-ja-JP-x-gannen]ggge"年"m"月"d"日";@'
    yen = "[$¥-ja-JP]#,##0"
    ahead = last_day_of_month(doc.date, 1)
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "月極駐車場 ご利用料金 請求書"
    sheet.merge_cells("A3:B3")
    sheet["A3"], sheet["C3"] = doc.buyer, "御中"
    sheet["A4"] = "総務部 車両管理ご担当 様"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["E4"], sheet["F4"] = "請求書番号", doc.number
    sheet["E5"], sheet["F5"] = "振込期日", midnight(_due(doc))
    sheet["F3"].number_format = sheet["F5"].number_format = wareki
    sheet["A6"] = f"{ahead.month}月分（前払い）の月極駐車料金等を下記のとおりご請求いたします。"
    for row, text in enumerate(
        (name, dept, address, f"TEL {tel}", f"登録番号 {doc.registration}"), 7
    ):
        sheet[f"E{row}"] = text
    row = 13
    _put(sheet, row, ["区画・内容", "", "台数・数量", "月額・単価", "金額", "備考"])
    sheet.merge_cells(f"A{row}:B{row}")
    first = row + 1
    for item in doc.lines:
        row += 1
        _put(sheet, row, [item.description, "", item.quantity, item.unit_price])
        sheet.merge_cells(f"A{row}:B{row}")
        sheet[f"D{row}"].number_format = "#,##0"
        made.formula(f"E{row}", f"C{row}*D{row}", item.amount)
    sheet[f"F{first}"] = f"{ahead.year}年{ahead.month}月分"
    last = row
    row += 2
    sheet[f"D{row}"], sheet[f"D{row + 1}"], sheet[f"D{row + 2}"] = "小計", "消費税（10%）", "合計"
    made.formula(f"E{row}", f"SUM(E{first}:E{last})", _base(doc))
    made.formula(f"E{row + 1}", f"ROUNDDOWN(E{row}*0.1,0)", _tax(doc))
    made.formula(f"E{row + 2}", f"E{row}+E{row + 1}", doc.total(), yen)
    sheet.merge_cells("A9:B9")
    sheet["A9"] = "ご請求金額（税込）"
    made.formula("C9", f"E{row + 2}", doc.total(), yen)
    sheet[f"A{row + 4}"] = "お振込先：こくら浅野銀行 駅北口支店 普通 2280417 カ）トマリギパーキング"
    sheet.column_dimensions["A"].width = 24
    return made.save()


def _xl_resin(doc: H9Doc) -> bytes:
    """A resin supplier's invoice: kg × 単価, a 数量値引 and a non-taxable フレコン保証金 返金 in
    `#,##0;[Red]"▲"#,##0`, totals per category by SUMIF, the registration label and number in
    two cells, ISO dates."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, staff = doc.issuer
    numbers = '#,##0;[Red]"▲"#,##0'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "請　求　書"
    sheet["A3"], sheet["B3"] = doc.buyer, "御中"
    sheet["A4"] = "購買課 御中"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["E4"], sheet["F4"] = "お支払期日", midnight(_due(doc))
    sheet["F3"].number_format = sheet["F4"].number_format = "yyyy-mm-dd"
    sheet["E5"], sheet["F5"] = "請求番号", doc.number
    for row, text in enumerate((name, address, f"TEL {tel}", staff), 6):
        sheet[f"E{row}"] = text
    sheet["E10"], sheet["F10"] = "適格請求書発行事業者登録番号", doc.registration
    row = 13
    _put(sheet, row, ["品名", "数量", "単価", "金額", "税区分"])
    first = row + 1
    for item in doc.lines:
        row += 1
        rate = "10%" if item.rate else "対象外"
        _put(sheet, row, [item.description, item.quantity, item.unit_price, None, rate])
        sheet[f"B{row}"].number_format = '#,##0"kg"' if item.quantity > 100 else numbers
        sheet[f"C{row}"].number_format = numbers
        made.formula(f"D{row}", f"B{row}*C{row}", item.amount, numbers)
    last = row
    row += 2
    labels = ("10%対象 計", "消費税（10%）", "対象外（保証金）", "ご請求金額")
    for offset, label in enumerate(labels):
        sheet[f"C{row + offset}"] = label
    span = f'E{first}:E{last},"{{}}",D{first}:D{last}'
    made.formula(f"D{row}", f"SUMIF({span.format('10%')})", _base(doc), numbers)
    made.formula(f"D{row + 1}", f"ROUNDDOWN(D{row}*10%,0)", _tax(doc), numbers)
    made.formula(f"D{row + 2}", f"SUMIF({span.format('対象外')})", doc.non_taxable(), numbers)
    made.formula(f"D{row + 3}", f"SUM(D{row}:D{row + 2})", doc.total(), '"¥"#,##0')
    sheet["A8"] = "ご請求金額"
    made.formula("B8", f"D{row + 3}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 5}"] = "お振込先：いちはら五井銀行 南海岸支店 普通 1027734 モリノハカセイ（カ"
    sheet.column_dimensions["A"].width = 34
    return made.save()


def _xl_supply(doc: H9Doc) -> bytes:
    """An industrial-supply invoice: 8 % drinks beside 10 % gloves and masks, 「10%対象 x 消費税
    y」 on one row per rate, `[$-411]ggge"年"m"月"d"日"(aaa)`, due 「…月末日」."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, dept = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    sheet.merge_cells("A1:G1")
    sheet["A1"] = "御請求書"
    sheet.merge_cells("A3:D3")
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["F3"], sheet["G3"] = "請求日", midnight(doc.date)
    sheet["G3"].number_format = '[$-411]ggge"年"m"月"d"日"(aaa)'
    sheet["F4"], sheet["G4"] = "請求No.", doc.number
    due = _due(doc)
    sheet["F5"], sheet["G5"] = "お支払期限", f"{due.year}年{due.month}月末日"
    for row, text in enumerate(
        (name, dept, address, f"TEL {tel}", f"インボイス登録番号 {doc.registration}"), 6
    ):
        sheet[f"F{row}"] = text
    sheet["A5"] = f"{doc.date.month}月25日締め　ご注文分"
    row = 13
    _put(sheet, row, ["品番", "品名", "", "数量", "単価", "金額", "税率"])
    sheet.merge_cells(f"B{row}:C{row}")
    first = row + 1
    for n, item in enumerate(doc.lines):
        row += 1
        rate = "※8%" if item.rate == 8 else "10%"
        _put(sheet, row, [f"IN-{4100 + n * 37}", item.description, "", item.quantity,
                          item.unit_price, None, rate])  # fmt: skip
        sheet.merge_cells(f"B{row}:C{row}")
        sheet[f"E{row}"].number_format = "#,##0"
        made.formula(f"F{row}", f"D{row}*E{row}", item.amount)
    last = row
    row += 2
    for rate in (10, 8):
        label = "10%" if rate == 10 else "※8%"
        sheet[f"B{row}"], sheet[f"D{row}"] = f"{rate}%対象", "消費税"
        made.formula(f"C{row}", f'SUMIF(G{first}:G{last},"{label}",F{first}:F{last})', bases[rate])
        made.formula(f"E{row}", f"ROUNDDOWN(C{row}*{rate}/100,0)", taxes[rate])
        row += 1
    sheet[f"D{row}"] = "合計金額(税込)"
    made.formula(f"F{row}", f"C{row - 2}+E{row - 2}+C{row - 1}+E{row - 1}", doc.total(),
                 '"¥"#,##0;[Red]"¥"\\-#,##0')  # fmt: skip
    sheet["A8"] = "今回ご請求額"
    made.formula("B8", f"F{row}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 2}"] = "※印は軽減税率（8%）対象商品です。"
    sheet[f"A{row + 3}"] = (
        "お振込先：おなはま花畑銀行 本店 普通 8810462 カ）イナホコウギヨウヨウヒン"
    )
    sheet.column_dimensions["B"].width = 30
    return made.save()


def _xl_recruit(doc: H9Doc) -> bytes:
    """A recruiting-ad agency's 内税 invoice: 掲載料 and 原稿作成費, a negative キャンペーン値引,
    「うち消費税（10%）」 in its own cell, `yyyy/m/d`, the issuer at the top left."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, staff = doc.issuer
    yen = '"¥"#,##0;[Red]"-¥"#,##0'
    sheet["A1"], sheet["A2"] = name, f"{address}　TEL {tel}"
    sheet["A3"], sheet["A4"] = staff, f"登録番号：T-{doc.registration[1:]}"
    sheet.merge_cells("A6:E6")
    sheet["A6"] = "求人広告掲載料 ご請求書"
    sheet["A8"] = f"{doc.buyer} 御中"
    sheet["A9"] = "人事部 採用ご担当 様"
    sheet["D8"], sheet["E8"] = "請求日", midnight(doc.date)
    sheet["E8"].number_format = "yyyy/m/d"
    sheet["D9"], sheet["E9"] = "お支払期限", midnight(_due(doc))
    sheet["E9"].number_format = 'yyyy"年"m"月"d"日"'
    sheet["D10"], sheet["E10"] = "請求番号", doc.number
    row = 14
    _put(sheet, row, ["掲載内容（掲載開始 " + _slash(doc.date - dt.timedelta(days=20)) + "）",
                      "数量", "単価（税込）", "金額（税込）"])  # fmt: skip
    first = row + 1
    for item in doc.lines:
        row += 1
        _put(sheet, row, [item.description, item.quantity, item.unit_price])
        sheet[f"C{row}"].number_format = yen
        made.formula(f"D{row}", f"B{row}*C{row}", item.amount, yen)
    last = row
    row += 1
    sheet[f"C{row}"] = "合計（税込）"
    made.formula(f"D{row}", f"SUM(D{first}:D{last})", doc.total(), yen)
    sheet["A11"], sheet["C11"] = "ご請求金額（税込）", "うち消費税（10%）"
    made.formula("B11", f"D{row}", doc.total(), yen)
    made.formula("D11", f"ROUNDDOWN(D{row}*10/110,0)", _tax(doc), yen)
    sheet[f"A{row + 2}"] = (
        "お振込先：とまこまい表町銀行 本店 普通 5529018 カ）アシタバキユウジンシヤ"
    )
    sheet.column_dimensions["A"].width = 40
    return made.save()


OFFICE_LAYOUTS: dict[str, Callable[[H9Doc], bytes]] = {
    "docx_tax": _docx,
    "docx_truck": _docx,
    "docx_fork": _docx,
    "xl_park": _xl_park,
    "xl_resin": _xl_resin,
    "xl_supply": _xl_supply,
    "xl_recruit": _xl_recruit,
}


# -- scans --------------------------------------------------------------------------------------


def _stamp(image: Any, doc: H9Doc, rng: random.Random) -> Any:
    """A grey 受付 date stamp (a few days after the document's date) near the bottom right."""
    from PIL import ImageDraw, ImageFont

    width, height = image.size
    radius = doc.dpi * 0.33
    x = width * rng.uniform(0.70, 0.78)
    y = height * rng.uniform(0.82, 0.88)
    ink = rng.randint(90, 130)
    draw = ImageDraw.Draw(image)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=ink,
                 width=max(2, doc.dpi // 80))  # fmt: skip
    draw.line((x - radius * 0.9, y - radius * 0.3, x + radius * 0.9, y - radius * 0.3), fill=ink,
              width=max(1, doc.dpi // 120))  # fmt: skip
    draw.line((x - radius * 0.9, y + radius * 0.3, x + radius * 0.9, y + radius * 0.3), fill=ink,
              width=max(1, doc.dpi // 120))  # fmt: skip
    received = doc.date + dt.timedelta(days=rng.randint(2, 5))
    font = ImageFont.truetype(str(FONTS["ipag"]), int(radius * 0.36))
    texts = ("受付", f"R{received.year - 2018}.{received.month}.{received.day}", "経理部")
    for text, dy in zip(texts, (-0.62, 0.0, 0.62), strict=True):
        draw.text((x, y + radius * dy), text, font=font, fill=ink, anchor="mm")
    return image


def _scan_page(image: Any, doc: H9Doc, rng: random.Random) -> Any:
    """Rotation, then heldout8's fax or phone, or a flatbed's paper tone with the light falling
    off towards one side and a 受付 stamp on some, noise, dust and a slight blur."""
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.2, 2.8) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("fax"):
        return _fax(image, doc, rng)
    blur = rng.uniform(0.3, 0.55)
    if doc.extra.get("stamp"):
        image = _stamp(image, doc, rng)
    if doc.extra.get("phone"):
        image, blur = _phone(image, rng), rng.uniform(0.8, 1.1)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    width = pixels.shape[1]
    light = np.linspace(1.0, rng.uniform(0.84, 0.93), width)  # the light falls off to one side
    if rng.random() < 0.5:
        light = light[::-1]
    pixels = pixels * (rng.uniform(220, 240) / 255.0) * light[None, :]
    pixels += generator.normal(0, rng.uniform(2.0, 5.0), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.00025] = rng.uniform(40, 100)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(blur))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout9",
    prefix="h9_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipafont-mincho fonts-ipafont-gothic fonts-vlgothic",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=9000,
    quality=(48, 80),
    effects=_scan_page,
    extra_fonts={"ipaexg.ttf": ipaex_font()},
)


def generate(out: Path, only: set[str] | None = None) -> list[dict[str, Any]]:
    """Write every document into `out` (or only the ids in `only`, with the printed sources
    their scans need); write and return expected.json."""
    return generate_printed(SET, out, only)


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, generate, argv)


if __name__ == "__main__":
    raise SystemExit(main())
