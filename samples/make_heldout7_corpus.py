"""A seventh held-out set for issue 25 (`heldout7`), made blind: written from the issue's list of
shapes, `make_heldout6_corpus.py`, `make_heldout5_corpus.py` and the shared generator parts
(`corpus_parts.py`), without reading the document readers (`blocks/invoice/`, `blocks/text/`,
`blocks/file/`, `blocks/statements/`), their tests, `docs/evidence.md` or the history of
`blocks/`, and without running a reader on its documents (only `bench_extraction.py --list`);
nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py` and
`make_heldout3/4/5/6_corpus.py`) in its companies, goods, amounts, dates (November 2028 to
October 2029, 令和10–11年, after every date of heldout6), industries, layouts and wordings: the
other half of a Japanese company's month (services, facilities, people, postage). Every Japanese
font on this machine is used by some other set already, so it pairs them anew (IPA P Mincho
headings over VL Gothic tables, IPA Gothic slips, IPAex Gothic for the bilingual pages).

- HTML printed by Debian's Chromium (14 invoices and receipts): a SaaS vendor's bilingual
  INVOICE / 請求書 (an annual licence, added users charged 日割り 「n日／365日」, dates
  2028/12/31, 「Amount Due / ご請求金額」); an advertising agency's 広告出稿 invoice (媒体費 and a
  取扱手数料 of 15 %, 「今回御請求金額」, the date 「1月31日」 with the year only in the header
  「2029年1月度」); an electrical contractor's 御請求書 (the issuer named only in the seal area at
  the bottom right, 登録番号 「T 1234-5678-9012-3」, 「○○株式会社 経理部 御中」, a negative
  出精値引, a 端数処理 note, 令和 dates); a staff canteen's 内税 invoice (食堂内 10 %, 持ち帰り ※8 %,
  per rate only 「10%対象 ¥x（内消費税 ¥y）」, 「ご請求額（税込）」); a hotel 領収書 (宿泊税
  non-taxable, a named buyer, 「お支払金額」); an expressway company's 利用証明書 (trips by IC,
  内税, no buyer, 令和 dates); a rental meeting room's invoice (a non-taxable キャンセル料, 登録番号
  split by spaces, dates R11.5.31, the issuer at the bottom right, 「お支払金額」); a monthly
  保守 invoice billed in advance (「…月分・前払い」) with a negative 赤伝 correction line, the
  issuer top left; a parcel carrier's 個建て invoice (サイズ × 地帯 × 個数, 代引手数料,
  「ご請求額（税込）」); an occupational physician's 報酬 invoice (源泉徴収 10.21 % taken off,
  差引ご請求金額); a water-server invoice (bottled water ※8 % and the rental 10 %, the 8 % row
  before the 10 % row); a newspaper shop's 領収書 (a daily paper 8 % beside a weekly trade paper
  10 %, a named buyer); a staffing agency's 人材派遣 invoice (hours × rates per person, 時間外
  125 %, 「○○株式会社 経理部 御中」, 登録番号 with hyphens); a 司法書士's invoice (報酬, the
  non-taxable 登録免許税 and 登記事項証明書 立替, 源泉徴収 on (報酬 − 1万円));
- printed non-invoices, kinds only (7): an electrical 御見積書, our 発注書 for packing
  materials, a water-server 納品書, our 検収書 that names the 支払予定日 (a payment notice), a
  staffing agency's 送付状 (「お送りいたします」), a vending operator's 自動販売機 設置手数料
  お支払通知書 (a payment to us) and a packing wholesaler's マイナス請求書 (赤伝, a credit note);
- Word (.docx, 3): an architect's 出来高請求書 (契約金額 × 累計出来高 % less the 既請求額, 令和
  dates), a landscaper's 植栽管理 invoice (登録番号 split by spaces, 「○○株式会社 経理部 御中」),
  a consultancy's bilingual INVOICE / 請求書 (a non-taxable 立替実費, 「Total Amount Due」);
- Excel templates (openpyxl, 4): a warehouse's 保管料 請求書 (3期制 ケース保管 and 坪保管, units
  in number formats `#,##0"坪"` / `#,##0"ケース"`, the date as `[$-ja-JP]ge.m.d` 「R10.12.31」,
  merged cells, due 「翌月末日」); a packing wholesaler's invoice (返品 lines in
  `#,##0;"▲"#,##0`, the buyer and 御中 in two cells, a 端数処理 note); an office snack and coffee
  service (菓子 ※8 % and the machine rental 10 %, the 8 % row first, `"¥"#,##0`,
  `ggge"年"m"月"d"日"`, due 「…月末日」); a mail service's 料金後納 invoice (内税, 通数 × 料金, per
  rate only 「10%対象 ¥x（内消費税 ¥y）」 in one cell);
- 12 scans of 12 of the printed invoices and receipts: 200–300 dpi, rotated 0.3–2.5° either way,
  a paper tone, a dark scanner-lid band at one edge or two punch holes, light noise and dust, a
  slight blur, JPEG quality 52–84; one phone-like (a keystone, light falling off, more blur: the
  hotel 領収書), one binarised like a fax (halved vertical resolution, a header line: the parcel
  carrier's invoice); as image-only PDF, PNG or JPEG.

The expected values come from the generator's own data, with heldout6's conventions: `total` is
the amount to pay (after 源泉徴収 for the physician and the 司法書士; with 立替 and 宿泊税
included; with the negative 値引 / 返品 / 赤伝 lines and the 既請求額 taken off); `tax_by_rate` is
the consumption tax per rate, rounded down once per rate (for the 内税 documents — receipts, the
canteen, the expressway, the newspaper, the mail service — the tax included); `due_date` is the
due date printed (「…月末日」 is that month's last day; 「翌月末日」 alone the last day of the month
after the document's date), null when none is printed; `transaction_date` is the document's date
(請求日 / 発行日 / the receipt's date; never a row's date, a 利用日 or a 作業期間); `buyer_name` is
the buyer's company without its department (「○○株式会社 経理部 御中」 is 「○○株式会社」), null for
receipts with no name; `issuer_name` is the Japanese name (on the bilingual documents too); a
registration number printed with hyphens or spaces is expected without them; a receipt's `lines`
are not compared.

    python samples/make_heldout7_corpus.py OUT_DIR     # writes the files and expected.json
"""

from __future__ import annotations

import datetime as dt
import html
import io
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
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
from make_corpus import Doc, Line
from make_fresh_corpus import FreshDoc

__all__ = ["FONTS", "H7Doc", "build_docs", "generate", "main"]

FONTS = {
    "ipamp": Path("/usr/share/fonts/opentype/ipafont-mincho/ipamp.ttf"),
    "ipag": Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
    "vlg": Path("/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf"),
    "vlpg": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
    "ipam": Path("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
SAAS = ("株式会社くもじクラウド", "東京都渋谷区桜丘町22-14 桜丘NSビル9F", "03-6416-2287",
        "Billing Team / 請求担当")  # fmt: skip
ADV = ("株式会社ひかり坂広告社", "愛知県名古屋市中区栄4-16-33 栄スクエア7F", "052-261-4093",
       "交通媒体部 杉浦")  # fmt: skip
ELEC = ("株式会社とうま電設", "埼玉県さいたま市大宮区桜木町2-277", "048-643-1526", "工事課 当麻")
CANTEEN = ("株式会社はなまる給食サービス", "静岡県浜松市中央区旭町11-1", "053-455-2871",
           "食堂運営部 鈴木")  # fmt: skip
HOTEL = ("株式会社ホテルあさひな", "宮城県仙台市宮城野区榴岡1-6-30", "022-298-5511", "仙台駅東口")
EXPRESS = ("ほくりく高速道路株式会社", "石川県金沢市広岡3-1-1", "076-234-8800", "料金センター")
MEETING = ("株式会社そよかぜスペース", "福岡県福岡市博多区博多駅前3-19-5 博多そよかぜビル",
           "092-483-7716", "会議室予約センター")  # fmt: skip
MAINT = ("株式会社ほくとネットワークサービス", "北海道旭川市宮下通8-2-5", "0166-26-3390",
         "カスタマーサポート部")  # fmt: skip
PARCEL = ("こまどり運輸株式会社", "埼玉県川口市領家5-14-2", "048-229-7734", "営業所 経理係")
DOCTOR = ("さかき労働衛生コンサルタント事務所", "大阪府吹田市江坂町1-23-5", "06-6338-4402",
          "医師・労働衛生コンサルタント 榊 真理子")  # fmt: skip
WATER = ("株式会社いずみの郷ウォーター", "長野県松本市中央2-5-40", "0263-35-8127", "配送センター")
NEWS = ("有限会社ちとせ新聞店", "青森県八戸市番町9-3", "0178-44-2106", "")
STAFF = ("株式会社ゆいまーるスタッフ", "沖縄県那覇市久茂地3-21-1 久茂地スクエア5F", "098-862-4450",
         "営業課 比嘉")  # fmt: skip
SCRIV = ("桐生司法書士事務所", "群馬県前橋市大手町2-9-7", "027-223-6185", "司法書士 桐生 亮介")
DESIGN = ("株式会社ほたる設計", "石川県金沢市香林坊2-4-30", "076-263-5520", "設計部 一色")
GARDEN = ("有限会社このは造園", "奈良県奈良市三条大路1-2-9", "0742-33-6071", "管理課 辰巳")
CONSULT = ("ノースブリッジ・アドバイザリー株式会社", "東京都港区虎ノ門4-1-28 虎ノ門タワーズ17F",
           "03-5402-9911", "Finance / 経理")  # fmt: skip
WAREHOUSE = ("すばる倉庫株式会社", "神奈川県横浜市鶴見区大黒町7-41", "045-504-3318", "業務課 戸田")
PACK = ("株式会社まるいち梱包資材", "大阪府東大阪市高井田元町2-8-14", "06-6787-2240", "営業部 辻")
SNACK = (
    "株式会社ぽかぽかオフィスフーズ",
    "兵庫県姫路市北条口3-27",
    "079-286-7150",
    "ルート課 三木",
)
POSTAL = ("株式会社はとぶみ郵便サービス", "千葉県千葉市中央区富士見2-11-1", "043-225-9904",
          "後納料金係")  # fmt: skip
VENDING = ("ほしぞらベンディング株式会社", "岡山県岡山市北区駅元町15-1", "086-256-3318", "管理部")
BUYERS = ["株式会社さざなみ化成", "はるかぜ薬品株式会社", "株式会社ふたば精機", "みなも電子株式会社",
          "株式会社いろどり商会", "株式会社すずらん技研", "かざぐるま工業株式会社"]  # fmt: skip
ENGLISH = dict(zip([SAAS[0], CONSULT[0], *BUYERS], [
    "Kumoji Cloud K.K.", "Northbridge Advisory K.K.", "Sazanami Kasei Co., Ltd.",
    "Harukaze Pharmaceutical Co., Ltd.", "Futaba Seiki Co., Ltd.", "Minamo Electronics Co., Ltd.",
    "Irodori Shokai Co., Ltd.", "Suzuran Giken Co., Ltd.", "Kazaguruma Industries Co., Ltd."],
    strict=True))  # fmt: skip
WEEKDAYS = "月火水木金土日"
STAFF_NAMES = ("金城 さやか", "宮城 大樹", "新垣 真奈", "大城 翔太", "仲村 美咲")
#: the unit of a line, by the start of its description
UNITS = (("駅貼り", "面"), ("地方紙", "回"), ("飲料", "名"), ("サーバー衛生", "回"), ("派遣料", "時間"), ("時間外", "時間"), ("交通費", "式"), ("LED", "台"), ("コンセント", "箇所"),
         ("定食", "食"), ("麺類", "食"), ("お弁当", "食"), ("ペットボトル", "本"), ("仕出し", "食"),
         ("天然水", "本"), ("サーバー", "台"), ("高木", "本"), ("低木", "㎡"), ("除草", "㎡"),
         ("60サイズ", "個"), ("80サイズ", "個"), ("100サイズ", "個"), ("120サイズ", "個"),
         ("代引", "件"), ("オンサイト", "回"), ("長時間", "名"), ("高ストレス", "名"),
         ("段ボール", "枚"), ("緩衝材", "巻"), ("ストレッチ", "本"), ("OPP", "巻"),
         ("会議室", "時間"), ("追加ユーザー", "ユーザー"), ("年間ライセンス", "ユーザー"))  # fmt: skip


@dataclass
class H7Doc(FreshDoc):
    """A document of the set: FreshDoc's fields; `extra` may carry a `withholding` (taken off
    the amount billed)."""

    @property
    def style(self) -> str:
        return f"h7-{self.layout}"

    def total(self) -> int:
        withholding = int(self.extra.get("withholding", 0))
        return Doc.total(self) - withholding  # type: ignore[arg-type]


def build_docs(seed: int = 290731) -> list[H7Doc]:
    """14 printed invoices and receipts, 7 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H7Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Line], *,
            due: str | None = "date", buyer: str | None = "", inclusive: bool = False,
            month_end: bool = False, close: int = 0, **extra: Any) -> H7Doc:  # fmt: skip
        date = dt.date(2028, 11, 1) + dt.timedelta(days=rng.randint(0, 360))
        if month_end:  # the last day of one of the 12 months
            date = last_day_of_month(dt.date(2028, 11, 1), rng.randint(0, 11))
        elif close:
            date = date.replace(day=close)
        due_date = None
        if due == "date":
            due_date = date + dt.timedelta(days=rng.randint(14, 40))
        elif due in ("eom", "next_eom"):  # 「…月末日」 or 「翌月末日」: the next month's end
            due_date = last_day_of_month(date, 1)
        doc = H7Doc(
            id=f"h7_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=BUYERS[(len(docs) * 5 + 2) % len(BUYERS)] if buyer == "" else buyer,
            date=date,
            due=due_date,
            number=f"{rng.choice(('SV', 'No.', 'B-', ''))}{date:%y%m%d}-{rng.randint(10, 999):03d}",
            lines=lines,
            inclusive=inclusive or kind == "simplified_invoice",
            extra={"due_form": due, **extra},
        )
        docs.append(doc)
        return doc

    # printed invoices and receipts (14)
    users, added, per_user = rng.randint(25, 80), rng.randint(3, 12), 19800
    days = rng.randint(40, 300)
    saas = [Line(f"年間ライセンス Business（{users}ユーザー）", users, per_user, 10),
            Line(f"追加ユーザー 日割り（{days}日／365日）", added, per_user * days // 365, 10),
            Line("ストレージ追加 500GB（年額）", 1, 66000, 10),
            Line("初期設定・データ移行支援", 1, rng.choice((55000, 88000)), 10)]  # fmt: skip
    add("saas", "invoice", "pdf", SAAS, saas, month_end=True, days=days)
    media = rng.randint(6, 18) * 50000
    adv = [Line("駅貼りポスター B0 2連（7日間）", rng.randint(2, 6), 88000, 10),
           Line("車内中吊りポスター B3（7日間）", 1, media, 10),
           Line("地方紙 朝刊 全5段 カラー", 1, rng.choice((385000, 462000)), 10),
           Line("ポスター制作・印刷費", 1, rng.randint(8, 20) * 11000, 10)]  # fmt: skip
    fee = sum(i.amount for i in adv[:3]) * 15 // 100
    adv.append(Line("広告取扱手数料（媒体費の15%）", 1, fee, 10))
    add("adv", "invoice", "pdf", ADV, adv, month_end=True)
    elec = [Line("分電盤 増設工事", 1, rng.randint(18, 40) * 5500, 10),
            Line("LED照明器具 交換（40W形）", rng.randint(12, 60), 7480, 10),
            Line("コンセント増設", rng.randint(4, 16), 12100, 10),
            Line("配線材料費（VVF・配管）", 1, rng.randint(30, 90) * 1100, 10),
            Line("撤去品 産業廃棄物処分費", 1, 22000, 10)]  # fmt: skip
    elec.append(Line("出精値引", 1, -(sum(i.amount for i in elec) % 10000 + 10000), 10))
    add("elec", "invoice", "pdf", ELEC, elec)
    meals = rng.randint(380, 900)
    canteen = [Line("定食A（食堂内）", meals, 560, 10),
               Line("麺類（食堂内）", rng.randint(120, 400), 480, 10),
               Line("お弁当（持ち帰り）", rng.randint(60, 240), 540, 8),
               Line("ペットボトル茶 500ml（持ち帰り）", rng.randint(50, 300), 130, 8),
               Line("仕出し弁当（会議用・配達）", rng.randint(10, 60), 1296, 8),
               Line("食堂運営管理費（月額）", 1, 165000, 10)]  # fmt: skip
    add("canteen", "invoice", "pdf", CANTEEN, canteen, inclusive=True, month_end=True)
    nights = rng.randint(2, 4)
    hotel = [Line(f"宿泊料（シングル・{nights}泊）", nights, rng.choice((11800, 13200, 16500)), 10),
             Line("朝食", nights, 1980, 10), Line("宿泊税", nights, 200, None)]  # fmt: skip
    add("hotel", "simplified_invoice", "pdf", HOTEL, hotel, due=None, buyer=BUYERS[1],
        guest="石田 健一", nights=nights)  # fmt: skip
    trips = [("金沢東", "小松", 1070), ("小松", "金沢西", 860), ("金沢森本", "富山", 1850),
             ("富山", "砺波", 960), ("砺波", "金沢東", 1540), ("福井北", "加賀", 1280)]  # fmt: skip
    picked = rng.sample(trips, k=rng.randint(4, 6))
    express = [Line(f"{a}IC → {b}IC", 1, fare, 10) for a, b, fare in picked]
    add("express", "simplified_invoice", "pdf", EXPRESS, express, due=None, buyer=None)
    hours = rng.randint(4, 9)
    meeting = [Line(f"会議室 利用料（大会議室A・{hours}時間）", hours, 8800, 10),
               Line("プロジェクター・マイクセット", 1, 5500, 10),
               Line("飲料サービス（ホット・アイス）", rng.randint(20, 60), 330, 10),
               Line("キャンセル料（中会議室B・3日前・50%）", 1, rng.randint(3, 9) * 2200, None)]  # fmt: skip
    add("meeting", "invoice", "pdf", MEETING, meeting, month_end=True)
    nxt = rng.randint(1, 12)
    maint = [Line(f"システム保守料（{nxt}月分・前払い）", 1, 132000, 10),
             Line(f"リモート監視サービス（{nxt}月分・前払い）", 1, 33000, 10),
             Line("オンサイト対応（前月実績）", rng.randint(1, 4), 16500, 10),
             Line("前月分 過請求 訂正（赤伝 No.R-0417）", 1, -16500, 10)]  # fmt: skip
    add("maint", "invoice", "pdf", MAINT, maint, close=25)
    sizes = [("60サイズ 関東→関西", 980), ("80サイズ 関東→関西", 1210), ("100サイズ 関東→東北", 1430),
             ("120サイズ 関東→九州", 2090), ("80サイズ 関東→北海道", 1980)]  # fmt: skip
    parcel = [Line(n, rng.randint(15, 260), p, 10) for n, p in rng.sample(sizes, k=4)]
    parcel.append(Line("代引手数料", rng.randint(5, 40), 330, 10))
    add("parcel", "invoice", "pdf", PARCEL, parcel, month_end=True)
    month = rng.randint(1, 12)
    doctor = [Line(f"産業医 嘱託報酬（{month}月分）", 1, 110000, 10),
              Line("衛生委員会 出席", 1, 22000, 10),
              Line("長時間労働者 面接指導", rng.randint(1, 5), 16500, 10),
              Line("高ストレス者 面談", rng.randint(1, 4), 11000, 10)]  # fmt: skip
    doc = add("doctor", "invoice", "pdf", DOCTOR, doctor, month_end=True)
    doc.extra["withholding"] = sum(i.amount for i in doc.lines) * 1021 // 10000
    water = [Line("天然水 12Lボトル", rng.randint(8, 30), 1404, 8),
             Line("サーバーレンタル料（温冷水タイプ）", rng.randint(2, 5), 1100, 10),
             Line("サーバー衛生メンテナンス", 1, 3300, 10)]  # fmt: skip
    add("water", "invoice", "pdf", WATER, water, due="eom", close=20)
    copies = rng.randint(2, 4)
    news = [Line(f"日刊 朝夕刊セット（{copies}部）", copies, 4400, 8),
            Line("週刊 業界専門紙", 1, 3520, 10)]  # fmt: skip
    add("news", "simplified_invoice", "pdf", NEWS, news, due=None, buyer=BUYERS[3])
    staff: list[Line] = []
    for person in rng.sample(STAFF_NAMES, k=3):
        rate = rng.choice((1980, 2150, 2420))
        staff.append(Line(f"派遣料 一般事務 {person}", rng.randint(120, 168), rate, 10))
        staff.append(Line(f"時間外（125%） {person}", rng.randint(2, 24), rate * 125 // 100, 10))
    staff.append(Line("交通費（実費精算分）", 1, rng.randint(20, 60) * 420, 10))
    add("staff", "invoice", "pdf", STAFF, staff, month_end=True, due="date")
    fees = rng.choice((55000, 66000, 77000))
    scriv = [Line("所有権移転登記 報酬", 1, fees, 10), Line("登記原因証明情報 作成", 1, 11000, 10),
             Line("登録免許税（立替金）", 1, rng.randint(12, 60) * 10000, None),
             Line("登記事項証明書 交付手数料（立替金）", 2, 600, None)]  # fmt: skip
    doc = add("scriv", "invoice", "pdf", SCRIV, scriv)
    doc.extra["withholding"] = (sum(i.amount for i in doc.lines if i.rate) - 10000) * 1021 // 10000
    # printed non-invoices, kinds only (7)
    add("quote", "quotation", "pdf", ELEC, elec[:4], due=None)
    packing = [Line("段ボール A式 600×400×400", 500, 168, 10), Line("緩衝材 エアキャップ 1200mm", 10, 2860, 10),
               Line("ストレッチフィルム 500mm", 24, 1320, 10)]  # fmt: skip
    add("order", "purchase_order", "pdf", PACK, packing, due=None)
    add("delivery", "delivery_note", "pdf", WATER, water[:2], due=None)
    add("acceptance", "payment_notice", "pdf", ELEC, elec[:3])
    add("cover", "cover_letter", "pdf", STAFF, [], due=None)
    sales = rng.randint(180, 640) * 1000
    vending = [Line(f"販売手数料（売上 ¥{sales:,} × 20%）", 1, sales // 5, 10),
               Line("電気代 補填", 1, rng.randint(30, 90) * 110, 10)]  # fmt: skip
    add("vending", "payment_notice", "pdf", VENDING, vending)
    credit = [Line("返品 段ボール A式 600×400×400（破損）", 1, -16800, 10),
              Line("値引 ストレッチフィルム 500mm（納期遅延）", 1, -5280, 10)]  # fmt: skip
    add("credit", "credit_note", "pdf", PACK, credit, due=None)
    # Word (3)
    contract = rng.randint(30, 90) * 100000
    done, before = rng.choice(((60, 30), (80, 50), (100, 70), (45, 20)))
    design = [Line(f"実施設計業務 累計出来高{done}%", 1, contract * done // 100, 10),
              Line(f"既請求額（出来高{before}%）", 1, -(contract * before // 100), 10)]  # fmt: skip
    add("docx_design", "invoice", "docx", DESIGN, design, month_end=True, contract=contract,
        done=done, before=before)  # fmt: skip
    garden = [Line("高木剪定（H5m未満）", rng.randint(6, 30), 8800, 10),
              Line("低木刈込", rng.randint(80, 400), 330, 10),
              Line("除草作業（手取り）", rng.randint(100, 900), 110, 10),
              Line("発生材 運搬処分費", 1, 27500, 10), Line("害虫防除 薬剤散布", 1, 16500, 10)]  # fmt: skip
    add("docx_garden", "invoice", "docx", GARDEN, garden, month_end=True)
    consult = [Line("Advisory fee / アドバイザリー報酬", 1, rng.choice((880000, 1100000)), 10),
               Line("Due diligence support / 財務調査支援", rng.randint(6, 30), 27500, 10),
               Line("Travel expenses / 立替実費（交通費）", 1, rng.randint(20, 90) * 530, None)]  # fmt: skip
    add("docx_consult", "invoice", "docx", CONSULT, consult, month_end=True)
    # Excel (4)
    cases = [rng.randint(300, 1800) for _ in range(3)]
    tsubo = rng.randint(20, 90)
    store = [Line("ケース保管料 1期（1日～10日）", cases[0], 22, 10),
             Line("ケース保管料 2期（11日～20日）", cases[1], 22, 10),
             Line("ケース保管料 3期（21日～末日）", cases[2], 22, 10),
             Line("坪保管料（定温庫）", tsubo, 5280, 10),
             Line("入庫料", rng.randint(200, 1500), 55, 10),
             Line("出庫料", rng.randint(200, 1500), 66, 10),
             Line("荷役料（フォークリフト作業）", rng.randint(2, 12), 4400, 10)]  # fmt: skip
    add("xl_warehouse", "invoice", "xlsx", WAREHOUSE, store, month_end=True, due="next_eom")
    boxes = rng.randint(5, 20) * 100
    pack = [Line("段ボール A式 600×400×400", boxes, 168, 10),
            Line("段ボール A式 450×350×300", rng.randint(3, 12) * 100, 121, 10),
            Line("緩衝材 エアキャップ 1200mm", rng.randint(5, 30), 2860, 10),
            Line("OPPテープ 48mm×100m", rng.randint(5, 20) * 10, 154, 10),
            Line("返品 段ボール A式 600×400×400", rng.randint(1, 4) * 20, -168, 10),
            Line("返品 OPPテープ 48mm×100m", 10, -154, 10)]  # fmt: skip
    add("xl_pack", "invoice", "xlsx", PACK, pack, close=20)
    snack = [Line("焼き菓子 詰め合わせ", rng.randint(4, 20), 1620, 8),
             Line("ドリップコーヒー 100袋", rng.randint(2, 10), 2376, 8),
             Line("ナッツ・ドライフルーツ", rng.randint(20, 90), 151, 8),
             Line("コーヒーマシン レンタル料", 1, 6600, 10),
             Line("補充・清掃サービス料", 4, 1650, 10)]  # fmt: skip
    add("xl_snack", "invoice", "xlsx", SNACK, snack, month_end=True, due="eom")
    postal = [Line("定形郵便（25gまで）", rng.randint(200, 1500), 110, 10),
              Line("定形外郵便 規格内（50gまで）", rng.randint(50, 400), 140, 10),
              Line("速達 加算料金", rng.randint(5, 60), 300, 10),
              Line("簡易書留 加算料金", rng.randint(5, 40), 350, 10),
              Line("料金後納 取扱手数料", 1, 1100, 10)]  # fmt: skip
    add("xl_postal", "invoice", "xlsx", POSTAL, postal, inclusive=True, month_end=True)
    # scans (12) of 12 of the 14 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for d in printed if d.layout not in ("meeting", "scriv")]
    formats = ("scan-jpg", "scan-pdf", "scan-png")
    for index, source in enumerate(sources):
        scan = H7Doc(**{**source.__dict__, "id": f"h7_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (240, 300, 200, 260, 220, 280)[index % 6]
        scan.extra = {**source.extra, "source": source.id, "fax": source.layout == "parcel",
                      "phone": source.layout == "hotel"}  # fmt: skip
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _ja(day: dt.date, weekday: bool = False) -> str:
    text = f"{day.year}年{day.month}月{day.day}日"
    return f"{text}（{WEEKDAYS[day.weekday()]}）" if weekday else text


def _slash(day: dt.date) -> str:
    return f"{day.year}/{day.month}/{day.day}"


def _r(day: dt.date) -> str:
    """「R10.12.31」."""
    return f"R{day.year - 2018}.{day.month}.{day.day}"


def _base(doc: H7Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H7Doc) -> int:
    return sum(doc.taxes().values())


def _pretax(doc: H7Doc) -> int:
    """The amount before withholding: bases, tax, non-taxable."""
    return Doc.total(doc)  # type: ignore[arg-type]


def _due(doc: H7Doc) -> dt.date:
    assert doc.due is not None
    return doc.due


def _hyphens(number: str) -> str:
    """「T 1234-5678-9012-3」."""
    d = number[1:]
    return f"T {d[:4]}-{d[4:8]}-{d[8:12]}-{d[12:]}"


def _spaces(number: str) -> str:
    """「T 1234 5678 9012 3」."""
    d = number[1:]
    return f"T {d[:4]} {d[4:8]} {d[8:12]} {d[12:]}"


def _unit(line: Line) -> str:
    return next((u for p, u in UNITS if line.description.startswith(p)), "式")


CELL = "border:1px solid #333;padding:3px 6px"


def _td(value: Any, style: str = "", num: bool = False) -> str:
    text = f"{value:,}" if isinstance(value, int) else html.escape(str(value))
    return f"<td style='{CELL}{';text-align:right' if num else ''};{style}'>{text}</td>"


def _th(value: str, style: str = "") -> str:
    return f"<th style='{CELL};background:#e9eef2;font-weight:normal;{style}'>{value}</th>"


def _rows(doc: H7Doc, yen: str = "", units: bool = True, mark: bool = False) -> str:
    rows = ""
    for i in doc.lines:
        name = i.description + (" ※" if mark and i.rate == 8 else "")
        rows += "<tr>" + _td(name) + _td(i.quantity, num=True) + (_td(_unit(i)) if units else "")
        rows += _td(f"{yen}{i.unit_price:,}", num=True) + _td(f"{yen}{i.amount:,}", num=True)
        rows += "</tr>"
    return rows


def _sums(pairs: list[tuple[str, str]], style: str = "margin-left:auto") -> str:
    rows = "".join(f"<tr>{_th(k)}{_td(v, num=True)}</tr>" for k, v in pairs)
    return f"<table style='margin-top:8px;{style}'>{rows}</table>"


def _included(doc: H7Doc, rates: list[int] | None = None) -> str:
    """「10%対象 ¥x（内消費税 ¥y）」 per rate: the only per-rate figures of a 内税 document."""
    bases, taxes = doc.bases(), doc.taxes()
    return "<br>".join(
        f"{r}%対象 ¥{bases[r]:,}（内消費税 ¥{taxes[r]:,}）" for r in rates or list(bases)
    )


# -- HTML layouts -------------------------------------------------------------------------------


def _saas(doc: H7Doc) -> str:
    """A SaaS vendor's bilingual INVOICE / 請求書: an annual licence, users added 日割り, slashed
    dates, 「Amount Due / ご請求金額」."""
    name, address, tel, dept = doc.issuer
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'¥{i.unit_price:,}', num=True)}"
        f"{_td(f'¥{i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    start = doc.date + dt.timedelta(days=1)
    return f"""
<div style="padding:42px 46px;font-family:IPAexGothic;font-size:9pt;color:#1b2330">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div><div style="font-size:24pt;letter-spacing:2px;color:#3557a8">INVOICE</div><div style="font-size:12pt">請求書</div></div>
  <div style="text-align:right;line-height:1.6">{ENGLISH[name]}<br>{name}<br>{address}<br>TEL {tel}<br>{dept}<br>
   Registration No. / 登録番号: {doc.registration}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:50%"><div style="font-size:8pt;color:#667">Bill To / ご請求先</div>
   <div style="font-size:13pt">{doc.buyer} 御中</div><div>{ENGLISH.get(doc.buyer or "", "")}</div></div>
  <table style="width:44%"><tr>{_th("Invoice No. / 請求書番号")}{_td(doc.number)}</tr>
   <tr>{_th("Invoice Date / 請求日")}{_td(_slash(doc.date))}</tr>
   <tr>{_th("Payment Due / お支払期限")}{_td(_slash(_due(doc)))}</tr></table></div>
 <div style="margin-top:14px;background:#eef2fb;padding:8px 12px;display:flex;justify-content:space-between;align-items:center">
  <span>Amount Due / ご請求金額（税込）</span><span style="font-size:19pt">¥{doc.total():,}</span></div>
 <div style="margin-top:8px">Subscription term / 契約期間: {_slash(start)} – {_slash(start.replace(year=start.year + 1) - dt.timedelta(days=1))}
  （追加ユーザーは利用開始日から契約満了日までの日数で日割り計算しています）</div>
 <table style="width:100%;margin-top:10px"><tr>{_th("Description / 品目")}{_th("Qty / 数量")}{_th("Unit Price / 単価")}{_th("Amount / 金額")}</tr>{rows}</table>
 {_sums([("Subtotal / 小計", f"¥{_base(doc):,}"), ("Consumption Tax 10% / 消費税（10%）", f"¥{_tax(doc):,}"), ("Total / 合計", f"¥{doc.total():,}")])}
 <div style="margin-top:14px">Bank / お振込先: しぶや中央銀行 桜丘支店 普通 4471902 カ）クモジクラウド<br>
  Please pay by the due date. Bank charges are borne by the customer. / 振込手数料はお客様のご負担となります。</div>
</div>"""


def _adv(doc: H7Doc) -> str:
    """An advertising agency's 広告出稿 invoice: 媒体費 and a 15 % 取扱手数料, 「今回御請求金額」,
    the date 「m月d日」 with the year only in the header."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="padding:0 0 30px;font-family:VLGothic;font-size:9.5pt">
 <div style="background:#7a1f2b;color:#fff;padding:8px 46px;font-size:11pt">{doc.date.year}年{doc.date.month}月度　広告掲載料 御請求書</div>
 <div style="padding:16px 46px 0">
 <div style="display:flex;justify-content:space-between">
  <div style="width:54%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:4px">宣伝部 ご担当者様</div>
   <p>毎度格別のお引立てを賜り、誠にありがとうございます。<br>下記のとおりご請求申し上げます。</p>
   <div style="display:flex;border:2px solid #7a1f2b"><div style="background:#7a1f2b;color:#fff;padding:6px 10px">今回御請求金額</div>
    <div style="flex:1;text-align:right;font-size:17pt;padding:2px 10px">¥{doc.total():,}</div></div>
   <div style="margin-top:6px">お支払期限　{_due(doc).month}月{_due(doc).day}日</div></div>
  <div style="width:40%;line-height:1.6">請求日　{doc.date.month}月{doc.date.day}日<br>請求No.　{doc.number}<br>
   <span style="font-size:11pt">{name}</span><br>{address}<br>TEL {tel}<br>担当 {staff}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("掲載内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 {_sums([("課税対象額（10%）", f"{_base(doc):,}"), ("消費税額（10%）", f"{_tax(doc):,}"), ("今回御請求金額", f"{doc.total():,}")])}
 <div style="margin-top:12px;font-size:8.5pt">※掲出期間・掲出駅は別紙掲出報告書をご参照ください。<br>お振込先：なごや栄銀行 本店営業部 普通 2718804 カ）ヒカリザカコウコクシャ</div>
 </div></div>"""


def _elec(doc: H7Doc) -> str:
    """An electrical contractor's 御請求書: the issuer only in the seal area at the bottom right,
    登録番号 with hyphens, 「○○株式会社 経理部 御中」, a negative 出精値引, a 端数処理 note."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="padding:50px 52px;font-family:IPAPMincho;font-size:10pt;min-height:1010px;position:relative">
 <div style="text-align:center;font-size:22pt;letter-spacing:14px;border-bottom:3px double #000;width:50%;margin:0 auto">御請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:22px">
  <div style="font-size:13pt;border-bottom:1px solid #000;padding-right:30px">{doc.buyer} 経理部 御中</div>
  <div style="text-align:right">{reiwa(doc.date)}<br>No. {doc.number}</div></div>
 <p>件名：本社工場 照明LED化及び電源増設工事<br>工期：{reiwa(doc.date - dt.timedelta(days=24))} ～ {reiwa(doc.date - dt.timedelta(days=3))}</p>
 <p>下記の通り御請求申し上げます。</p>
 <table style="width:62%"><tr>{_th("御請求金額", "font-size:12pt")}{_td(f"¥{doc.total():,}-", "font-size:16pt", True)}</tr>
  <tr>{_th("お支払期日")}{_td(reiwa(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:16px;font-family:VLGothic;font-size:9pt"><tr>{_th("工事内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 {_sums([("工事費計（税抜）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("御請求金額", f"{doc.total():,}")])}
 <div style="font-size:8.5pt;margin-top:6px">※消費税は税率ごとに合計した金額に対して計算し、円未満は切り捨てております。</div>
 <div style="margin-top:10px">振込先　むさし大宮銀行 桜木町支店 当座 0338127</div>
 <div style="position:absolute;right:52px;bottom:40px;width:330px;border:2px solid #b22;color:#b22;padding:8px 12px;font-family:IPAMincho;line-height:1.5">
  <div style="position:absolute;right:-26px;top:-30px;width:60px;height:60px;border:3px solid #c33;color:#c33;opacity:0.8;font-size:10pt;line-height:1.2;text-align:center;padding-top:8px;box-sizing:border-box;background:rgba(255,255,255,0.3)">電設<br>之印</div>
  <div style="font-size:12pt">{name}</div>〒330-0854 {address}<br>TEL {tel}<br>担当 {staff}<br>登録番号 {_hyphens(doc.registration)}</div>
</div>"""


def _canteen(doc: H7Doc) -> str:
    """A staff canteen's 内税 invoice: 食堂内 10 % and 持ち帰り ※8 %, per rate only
    「10%対象 ¥x（内消費税 ¥y）」, 「ご請求額（税込）」."""
    name, address, tel, staff = doc.issuer
    start = doc.date.replace(day=1)
    return f"""
<div style="padding:40px 46px;font-family:IPAGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div style="font-size:19pt">社員食堂 ご利用料金 ご請求書</div><div>請求日 {_ja(doc.date)}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div><div style="font-size:13pt">{doc.buyer}　御中</div><div>ご利用期間　{start.month}月1日～{doc.date.month}月{doc.date.day}日</div>
   <div style="margin-top:10px;border:1px solid #000;padding:6px 10px;font-size:14pt">ご請求額（税込）　¥{doc.total():,}</div>
   <div style="margin-top:6px;line-height:1.6">{_included(doc)}</div>
   <div>お支払期限　{_ja(_due(doc))}</div></div>
  <div style="text-align:right;line-height:1.6">{name}<br>{address}<br>TEL {tel}<br>{staff}<br>登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("品目")}{_th("食数・数量")}{_th("単位")}{_th("単価（税込）")}{_th("金額（税込）")}</tr>{_rows(doc, mark=True)}
  <tr>{_td("合計", "font-weight:bold")}<td style="{CELL}" colspan=3></td>{_td(doc.total(), "font-weight:bold", True)}</tr></table>
 <div style="margin-top:6px">※印は軽減税率（8%）対象（持ち帰り・配達）です。表示金額はすべて税込です。</div>
 <div style="margin-top:10px">お振込先　はままつ遠州銀行 旭町支店 普通 6120479 カ）ハナマルキュウショクサービス</div>
</div>"""


def _hotel(doc: H7Doc) -> str:
    """A hotel 領収書: 宿泊税 non-taxable, a named buyer, 「お支払金額」."""
    name, address, tel, branch = doc.issuer
    room, breakfast, levy = doc.lines
    arrive = doc.date - dt.timedelta(days=doc.extra["nights"])
    return f"""
<div style="padding:22px 26px;font-family:IPAPMincho;font-size:9.5pt;line-height:1.55">
 <div style="text-align:center;font-size:11pt">{name}</div><div style="text-align:center">{branch}</div>
 <div style="text-align:center;font-size:18pt;letter-spacing:10px;margin:8px 0">領収書</div>
 <div style="display:flex;justify-content:space-between"><span>No. {doc.number}</span><span>発行日 {doc.date:%Y/%m/%d}</span></div>
 <div style="font-size:12pt;border-bottom:1px solid #000;margin-top:6px">{doc.buyer}　様</div>
 <div>ご宿泊者　{doc.extra["guest"]} 様　　ご宿泊 {arrive:%Y/%m/%d}～{doc.date:%Y/%m/%d}（{doc.extra["nights"]}泊）　客室 {doc.total() % 600 + 301}号室</div>
 <table style="width:100%;margin-top:8px;font-family:VLGothic"><tr>{_th("ご利用内容")}{_th("数量")}{_th("金額（税込）")}</tr>
  <tr>{_td(room.description)}{_td(room.quantity, num=True)}{_td(f"¥{room.amount:,}", num=True)}</tr>
  <tr>{_td(breakfast.description)}{_td(breakfast.quantity, num=True)}{_td(f"¥{breakfast.amount:,}", num=True)}</tr>
  <tr>{_td("宿泊税（非課税）")}{_td(levy.quantity, num=True)}{_td(f"¥{levy.amount:,}", num=True)}</tr></table>
 <div style="display:flex;justify-content:space-between;font-size:15pt;border-top:2px solid #000;border-bottom:2px solid #000;margin-top:8px;padding:3px 0">
  <span>お支払金額</span><span>¥{doc.total():,}</span></div>
 <div>（{_included(doc)}　非課税 ¥{levy.amount:,}）</div>
 <div>お支払方法　クレジットカード（VISA ****{doc.total() % 9000 + 1000}）</div>
 <div>但し　ご宿泊代として　上記正に領収いたしました。</div>
 <div style="margin-top:10px;text-align:right">{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


def _express(doc: H7Doc) -> str:
    """An expressway company's 利用証明書: trips by IC, 内税, no buyer, 令和 dates."""
    name, address, tel, dept = doc.issuer
    rows = ""
    for n, i in enumerate(doc.lines):
        day = doc.date - dt.timedelta(days=34 - 6 * n)
        rows += (f"<tr>{_td(reiwa(day))}{_td(f'{8 + n}:{(n * 17) % 60:02d}')}{_td(i.description)}"
                 f"{_td('普通車')}{_td(f'¥{i.amount:,}', num=True)}</tr>")  # fmt: skip
    return f"""
<div style="padding:44px 48px;font-family:VLPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between"><span style="font-size:12pt;color:#0a5c36">{name}</span><span>発行日　{reiwa(doc.date)}</span></div>
 <div style="text-align:center;font-size:18pt;margin:18px 0 6px">高速道路 利用証明書</div>
 <div style="text-align:center;margin-bottom:12px">（ETC 利用分）</div>
 <table><tr>{_th("ETCカード番号")}{_td("**** **** **** " + str(doc.total() % 9000 + 1000))}</tr>
  <tr>{_th("車両番号")}{_td("金沢 300 ね " + f"{doc.total() % 90 + 10}-{doc.total() % 89 + 10}")}</tr></table>
 <table style="width:100%;margin-top:14px"><tr>{_th("利用日")}{_th("時刻")}{_th("利用区間")}{_th("車種")}{_th("通行料金")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:10px"><tr>{_th("利用料金合計（税込）")}{_td(f"¥{doc.total():,}", "font-size:13pt", True)}</tr>
  <tr>{_th("うち消費税等（10%）")}{_td(f"¥{_tax(doc):,}", num=True)}</tr></table>
 <p>上記のとおり通行料金を収受したことを証明します。</p>
 <div style="margin-top:20px;font-size:9pt">{name}　{dept}<br>{address}　TEL {tel}<br>適格請求書発行事業者登録番号　{doc.registration}</div>
</div>"""


def _meeting(doc: H7Doc) -> str:
    """A rental meeting room's invoice: a non-taxable キャンセル料, 登録番号 split by spaces, dates
    R11.5.31, the buyer on the left and the issuer at the bottom right, 「お支払金額」."""
    name, address, tel, dept = doc.issuer
    used = doc.date - dt.timedelta(days=9)
    return f"""
<div style="padding:46px 50px;font-family:IPAGothic;font-size:9.5pt;min-height:1000px;position:relative">
 <div style="font-size:20pt;border-left:8px solid #3d7d7a;padding-left:10px">ご利用料金 請求書</div>
 <div style="margin-top:22px;font-size:13pt">{doc.buyer}　御中</div>
 <div style="margin-top:4px">請求日　{_r(doc.date)}　　請求番号　{doc.number}</div>
 <div style="margin-top:4px">ご利用日　{_r(used)}　　ご利用施設　博多そよかぜビル 8F 大会議室A</div>
 <table style="margin-top:14px;width:60%"><tr>{_th("お支払金額", "font-size:12pt")}{_td(f"¥{doc.total():,}", "font-size:16pt", True)}</tr>
  <tr>{_th("お支払期限")}{_td(_r(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:16px"><tr>{_th("内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 {_sums([("課税対象（10%）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("不課税（キャンセル料）", f"{doc.non_taxable():,}"), ("お支払金額", f"{doc.total():,}")])}
 <div style="margin-top:10px;font-size:8.5pt">※キャンセル料は役務の対価ではないため消費税の対象外です。</div>
 <div style="position:absolute;right:50px;bottom:40px;text-align:right;line-height:1.6">{name}<br>{address}<br>{dept}　TEL {tel}<br>登録番号　{_spaces(doc.registration)}</div>
</div>"""


def _maint(doc: H7Doc) -> str:
    """A monthly 保守 invoice billed in advance with a negative 赤伝 correction line, the issuer
    top left and the buyer on the right, 登録番号 split by spaces."""
    name, address, tel, dept = doc.issuer
    return f"""
<div style="padding:38px 44px;font-family:VLGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between">
  <div style="line-height:1.55"><div style="font-size:13pt;color:#223f7a">{name}</div>{address}<br>TEL {tel}　{dept}<br>登録番号 {_spaces(doc.registration)}</div>
  <div style="text-align:right">発行日　{_ja(doc.date)}<br>請求書No.　{doc.number}</div></div>
 <div style="text-align:center;font-size:20pt;margin:20px 0;letter-spacing:8px;font-family:IPAPMincho">請求書</div>
 <div style="display:flex;justify-content:flex-end"><div style="width:48%;border-bottom:1px solid #000;font-size:13pt;text-align:right">{doc.buyer}　御中</div></div>
 <p>保守契約に基づき、翌月分の保守料を前払いにてご請求申し上げます。前月分の過請求は本書にて相殺いたします。</p>
 <table style="width:56%"><tr>{_th("ご請求金額（税込）")}{_th("お支払期限")}</tr>
  <tr>{_td(f"¥{doc.total():,}", "font-size:15pt", True)}{_td(_ja(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:16px"><tr>{_th("内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc, "¥")}</table>
 {_sums([("小計", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"), ("合計", f"¥{doc.total():,}")])}
 <div style="margin-top:12px">お振込先：あさひかわ北星銀行 宮下通支店 普通 7702185</div>
</div>"""


def _parcel(doc: H7Doc) -> str:
    """A parcel carrier's 個建て invoice: size × zone × count, 代引手数料, 「ご請求額（税込）」."""
    name, address, tel, dept = doc.issuer
    return f"""
<div style="padding:36px 42px;font-family:IPAGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="line-height:1.55"><div style="font-size:14pt">{name}</div>{address}<br>TEL {tel}<br>{dept}<br>登録番号：{doc.registration}</div>
  <div style="font-size:19pt;border:2px solid #000;padding:4px 16px">運賃ご請求書</div></div>
 <div style="margin-top:16px;display:flex;justify-content:space-between">
  <div style="font-size:13pt">お客様　{doc.buyer}　御中</div><div>請求日　{_ja(doc.date)}（月末締）　請求書番号　{doc.number}</div></div>
 <table style="width:100%;margin-top:12px"><tr>{_th("前回ご請求額")}{_th("ご入金額")}{_th("今回お取扱額")}{_th("消費税額")}{_th("ご請求額（税込）")}</tr>
  <tr>{_td("0", num=True)}{_td("0", num=True)}{_td(f"{_base(doc):,}", num=True)}{_td(f"{_tax(doc):,}", num=True)}{_td(f"{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:6px">お支払期日　{_ja(_due(doc))}（口座振込）</div>
 <table style="width:100%;margin-top:12px"><tr>{_th("サイズ・地帯")}{_th("個数")}{_th("単位")}{_th("単価")}{_th("運賃")}</tr>{_rows(doc)}</table>
 {_sums([("運賃計（税抜）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("ご請求額（税込）", f"{doc.total():,}")])}
 <div style="margin-top:10px">お振込先　かわぐち信用金庫 領家支店 普通 1184520 コマドリウンユ（カ</div>
</div>"""


def _doctor(doc: H7Doc) -> str:
    """An occupational physician's 報酬 invoice: 源泉徴収 10.21 % off, 差引ご請求金額."""
    name, address, tel, owner = doc.issuer
    withholding = doc.extra["withholding"]
    rows = "".join(f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'{i.amount:,}円', num=True)}</tr>"
                   for i in doc.lines)  # fmt: skip
    return f"""
<div style="padding:56px 60px;font-family:IPAMincho;font-size:10.5pt;line-height:1.6">
 <div style="text-align:right">{reiwa(doc.date)}</div>
 <div style="text-align:center;font-size:18pt;letter-spacing:6px;margin:8px 0 14px">産業医報酬 請求書</div>
 <div style="font-size:13pt">{doc.buyer}　御中</div><div>人事部 安全衛生ご担当 様</div>
 <div style="margin-left:52%">{name}<br>{owner}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <p>産業医業務委託契約に基づき、{doc.date.month}月分の報酬を下記のとおりご請求申し上げます。</p>
 <table style="width:78%"><tr>{_th("業務内容")}{_th("回数・人数")}{_th("金額")}</tr>{rows}
  <tr>{_td("報酬 小計")}{_td("")}{_td(f"{_base(doc):,}円", num=True)}</tr>
  <tr>{_td("消費税（10%）")}{_td("")}{_td(f"{_tax(doc):,}円", num=True)}</tr>
  <tr>{_td("源泉徴収税額（10.21%）")}{_td("")}{_td(f"▲{withholding:,}円", num=True)}</tr>
  <tr>{_td("差引ご請求金額", "font-weight:bold")}{_td("")}{_td(f"{doc.total():,}円", "font-weight:bold;font-size:13pt", True)}</tr></table>
 <div style="margin-top:12px">お振込期限　{reiwa(_due(doc))}<br>お振込先　なにわ江坂銀行 江坂支店 普通 3307761 サカキ マリコ</div>
</div>"""


def _water(doc: H7Doc) -> str:
    """A water-server invoice: bottled water ※8 % and the rental 10 %, the 8 % row first."""
    name, address, tel, dept = doc.issuer
    per_rate = "".join(
        f"<tr>{_td(f'{r}%対象' + ('（軽減税率）' if r == 8 else ''))}{_td(doc.bases()[r], num=True)}{_td(doc.taxes()[r], num=True)}</tr>"
        for r in (8, 10)
    )
    due = _due(doc)
    return f"""
<div style="padding:40px 46px;font-family:VLPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:center;border-bottom:2px solid #2a7ab8;padding-bottom:6px">
  <div style="font-size:13pt;color:#2a7ab8">{name}</div><div style="font-size:18pt">ご請求書</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:50%"><div style="font-size:13pt">{doc.buyer}　御中</div><div>お客様番号　W-{doc.total() % 80000 + 10000}</div>
   <div style="margin-top:10px">今月のご請求額　<span style="font-size:17pt">¥{doc.total():,}</span></div>
   <div>お支払期限　{due.month}月末日</div></div>
  <div style="width:42%;text-align:right;line-height:1.6">請求日　{_slash(doc.date)}<br>{address}<br>TEL {tel}　{dept}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("品名")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc, mark=True)}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_th("税率")}{_th("税抜金額")}{_th("消費税")}</tr>{per_rate}
  <tr>{_td("合計（税込）")}<td style="{CELL}" colspan=2 align=right>{doc.total():,}</td></tr></table>
 <div>※は軽減税率（8%）対象品目です。</div>
 <div style="margin-top:10px">お振込先　まつもと安曇野銀行 中央支店 普通 0451873</div>
</div>"""


def _news(doc: H7Doc) -> str:
    """A newspaper shop's 領収書: a daily paper 8 % beside a weekly trade paper 10 %, a named
    buyer, 令和 dates."""
    name, address, tel, _ = doc.issuer
    daily, weekly = doc.lines
    return f"""
<div style="padding:18px 24px;font-family:IPAMincho;font-size:10pt;border:1px solid #555;margin:8px;height:300px;position:relative">
 <div style="display:flex;justify-content:space-between"><span>No. {doc.number[-3:]}</span><span>{reiwa(doc.date)}</span></div>
 <div style="text-align:center;font-size:17pt;letter-spacing:10px">領 収 書</div>
 <div style="font-size:12pt;border-bottom:1px solid #000;width:62%;margin-top:6px">{doc.buyer}　様</div>
 <div style="font-size:16pt;margin:10px 0 4px 30px">金額　¥{doc.total():,}－</div>
 <div>但し　新聞購読料（{doc.date.month}月分）として　上記正に領収いたしました。</div>
 <table style="margin-top:6px;font-size:9pt"><tr>{_td(daily.description)}{_td(f"¥{daily.amount:,}", num=True)}{_td("8%※")}</tr>
  <tr>{_td(weekly.description)}{_td(f"¥{weekly.amount:,}", num=True)}{_td("10%")}</tr></table>
 <div style="font-size:9pt">{_included(doc, [8, 10])}<br>※は軽減税率対象</div>
 <div style="position:absolute;right:24px;bottom:14px;text-align:right;font-size:9pt">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


def _staff(doc: H7Doc) -> str:
    """A staffing agency's 人材派遣 invoice: hours × rates per person, 時間外 125 %, the buyer's
    department and 御中, 登録番号 with hyphens, 「ご請求額（税込）」."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="padding:40px 46px;font-family:IPAPMincho;font-size:9.5pt">
 <div style="text-align:center;font-size:20pt;letter-spacing:6px">派遣料金 ご請求書</div>
 <div style="text-align:right;margin-top:6px">請求日　{_ja(doc.date)}<br>請求番号　{doc.number}</div>
 <div style="display:flex;justify-content:space-between;margin-top:10px">
  <div style="width:50%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer} 経理部 御中</div>
   <div style="margin-top:6px">派遣期間　{doc.date.month}月1日～{doc.date.month}月{doc.date.day}日（月末締め）</div>
   <table style="margin-top:10px;width:100%"><tr>{_th("ご請求額（税込）", "font-size:11pt")}{_td(f"¥{doc.total():,}", "font-size:16pt", True)}</tr></table>
   <div style="margin-top:4px">お支払期限　{_ja(_due(doc))}</div></div>
  <div style="width:44%;line-height:1.6;font-family:VLGothic">{name}<br>{address}<br>TEL {tel}<br>担当 {staff}<br>
   労働者派遣事業 派47-300218<br>登録番号 {_hyphens(doc.registration)}</div></div>
 <table style="width:100%;margin-top:14px;font-family:VLGothic"><tr>{_th("項目・派遣スタッフ")}{_th("時間")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 {_sums([("税抜合計", f"{_base(doc):,}"), ("消費税等（10%）", f"{_tax(doc):,}"), ("ご請求額（税込）", f"{doc.total():,}")])}
 <div style="margin-top:10px">※勤務時間は貴社ご承認済みのタイムシートに基づきます。<br>お振込先　りゅうきゅう久茂地銀行 本店 普通 5502913 カ）ユイマールスタッフ</div>
</div>"""


def _scriv(doc: H7Doc) -> str:
    """A 司法書士's invoice: 報酬, the non-taxable 登録免許税 and 証明書 立替, 源泉徴収 on
    (報酬 − 1万円)."""
    name, address, tel, owner = doc.issuer
    fees = [i for i in doc.lines if i.rate]
    costs = [i for i in doc.lines if not i.rate]
    fee_rows = "".join(f"<tr>{_td(i.description)}{_td(i.amount, num=True)}</tr>" for i in fees)
    cost_rows = "".join(f"<tr>{_td(i.description)}{_td(i.amount, num=True)}</tr>" for i in costs)
    return f"""
<div style="padding:56px 60px;font-family:IPAPMincho;font-size:10.5pt;line-height:1.6">
 <div style="text-align:center;font-size:18pt;letter-spacing:10px">御 請 求 書</div>
 <div style="text-align:right;margin-top:10px">{_ja(doc.date)}</div>
 <div style="font-size:13pt">{doc.buyer}　御中</div>
 <div style="text-align:right">{name}<br>{owner}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <p>件名：本社土地 所有権移転登記申請<br>上記登記手続きにつき、下記のとおりご請求申し上げます。</p>
 <div style="font-size:14pt;border-bottom:2px solid #000;width:60%">御請求金額　{doc.total():,}円</div>
 <table style="width:76%;margin-top:12px"><tr>{_th("報酬")}{_th("金額（円）")}</tr>{fee_rows}
  <tr>{_td("消費税（10%）")}{_td(_tax(doc), num=True)}</tr>
  <tr>{_td("源泉徴収税額（(報酬−10,000円)×10.21%）")}{_td(f"△{doc.extra['withholding']:,}", num=True)}</tr></table>
 <table style="width:76%;margin-top:10px"><tr>{_th("立替金（非課税）")}{_th("金額（円）")}</tr>{cost_rows}
  <tr>{_td("立替金 計")}{_td(doc.non_taxable(), num=True)}</tr></table>
 <div style="margin-top:12px">お支払期限　{_ja(_due(doc))}<br>お振込先　ぐんま大手町銀行 県庁前支店 普通 2093371 キリュウ リョウスケ</div>
</div>"""


def _non_invoice(doc: H7Doc) -> str:
    """A 御見積書, a 発注書, a 納品書, a 検収書, a 送付状, a 支払通知書 or a マイナス請求書."""
    name, _, tel, staff = doc.issuer
    day = _ja(doc.date)
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table style='width:100%;margin-top:10px'><tr>{_th('No.')}{_th('品名・内容')}{_th('数量')}{_th('単価')}{_th('金額')}</tr>{rows}</table>"
    if doc.layout == "cover":
        return f"""
<div style="padding:64px;font-family:IPAPMincho;font-size:11pt;line-height:1.8">
 <div style="text-align:right">{day}</div><div style="font-size:13pt">{doc.buyer}<br>経理部 御担当者様</div>
 <div style="text-align:right">{name}<br>{staff}<br>TEL {tel}</div>
 <div style="text-align:center;font-size:19pt;letter-spacing:8px;margin:14px 0">書類送付状</div>
 <p>拝啓　時下ますますご清栄のこととお慶び申し上げます。平素は格別のお引き立てを賜り、誠にありがとうございます。<br>
 さて、下記の書類をお送りいたしますので、ご査収のほどよろしくお願い申し上げます。</p><div style="text-align:right">敬具</div>
 <div style="text-align:center">記</div><div>・派遣料金 ご請求書（{doc.date.month}月分）　1通<br>・タイムシート（写）　3通</div>
 <div style="text-align:right">以上</div></div>"""
    if doc.layout == "acceptance":  # our acceptance, with the day we will pay
        return f"""
<div style="padding:46px;font-family:VLGothic">
 <div style="text-align:center;font-size:20pt;letter-spacing:8px">検収書</div>
 <div style="text-align:right">{day}<br>検収番号 {doc.number}</div>
 <div style="font-size:13pt">{name} 御中</div><div style="text-align:right">{doc.buyer}<br>施設管理部</div>
 <p>下記工事の完了を確認し、検収いたしました。検収金額は下記のお支払予定日にお振込みいたします。</p>
 <table><tr>{_th("検収金額（税込）")}{_th("うち消費税")}{_th("お支払予定日")}</tr>
  <tr>{_td(_pretax(doc), num=True)}{_td(_tax(doc), num=True)}{_td(_ja(_due(doc)))}</tr></table>
 {table}</div>"""
    if doc.layout == "vending":  # a payment to us
        return f"""
<div style="padding:46px;font-family:IPAGothic;font-size:10pt">
 <div style="text-align:center;font-size:18pt">自動販売機 設置手数料 お支払通知書</div>
 <div style="text-align:right;margin-top:8px">{day}<br>通知番号 {doc.number}</div>
 <div style="font-size:13pt">{doc.buyer} 御中</div><div style="text-align:right">{name}<br>{staff}　TEL {tel}<br>登録番号 {doc.registration}</div>
 <p>平素より弊社自動販売機の設置にご協力を賜り、厚く御礼申し上げます。<br>{doc.date.month}月分の設置手数料を下記のとおりお支払いいたします。</p>
 <table><tr>{_th("お支払金額（税込）")}{_th("うち消費税（10%）")}{_th("お支払日")}</tr>
  <tr>{_td(_pretax(doc), "font-size:13pt", True)}{_td(_tax(doc), num=True)}{_td(_ja(_due(doc)))}</tr></table>
 {table}<div style="margin-top:8px">設置場所：本社1階 休憩室（2台）　お振込先：貴社ご指定口座</div></div>"""
    if doc.layout == "credit":
        return f"""
<div style="padding:46px;font-family:IPAPMincho;font-size:10pt">
 <div style="text-align:center;font-size:20pt;color:#c00">マイナス請求書（赤伝）</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{doc.buyer} 御中</div><div style="text-align:right">{name}<br>{staff}<br>登録番号 {doc.registration}</div>
 <p>下記の返品・値引につき、ご請求金額から差し引かせていただきます（適格返還請求書）。<br>次回ご請求時に相殺いたします。</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">返還金額　△{-_pretax(doc):,}円（税込）</div>
 {table}<div style="text-align:right;margin-top:6px">返還額（税抜） △{-_base(doc):,}円　消費税（10%） △{-_tax(doc):,}円</div></div>"""
    title, lead, label = {
        "quote": (
            "御見積書",
            "ご照会の工事につき、下記のとおりお見積り申し上げます。",
            "御見積金額",
        ),
        "order": (
            "発注書",
            "下記のとおり発注いたします。納期までに納品をお願いいたします。",
            "発注金額",
        ),
        "delivery": (
            "納品書",
            "毎度ありがとうございます。下記のとおり納品いたしました。",
            "納品金額",
        ),
    }[doc.layout]
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    tail = {
        "quote": "有効期限：御見積日より60日　工期：ご発注後 約2週間（休日施工可）",
        "order": f"納期：{doc.date.month}月{min(28, doc.date.day + 7)}日　納入場所：第二倉庫 荷受場",
        "delivery": "受領印：　　　　　　※代金は20日締めのご請求書にてご請求いたします。",
    }[doc.layout]
    return f"""
<div style="padding:46px;font-family:VLPGothic">
 <div style="text-align:center;font-size:20pt;letter-spacing:6px">{title}</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to} 御中</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">{label}　¥{_pretax(doc):,}（税込）</div>
 <div>{tail}</div>{table}
 <div style="text-align:right;margin-top:6px">税抜計 {_base(doc):,}円　消費税（10%） {_tax(doc):,}円</div></div>"""


LAYOUTS: dict[str, Callable[[H7Doc], str]] = {
    "saas": _saas,
    "adv": _adv,
    "elec": _elec,
    "canteen": _canteen,
    "hotel": _hotel,
    "express": _express,
    "meeting": _meeting,
    "maint": _maint,
    "parcel": _parcel,
    "doctor": _doctor,
    "water": _water,
    "news": _news,
    "staff": _staff,
    "scriv": _scriv,
    **dict.fromkeys(
        ("quote", "order", "delivery", "acceptance", "cover", "vending", "credit"), _non_invoice
    ),
}

CSS = """
@font-face { font-family: "IPAPMincho"; src: url("ipamp.ttf"); }
@font-face { font-family: "IPAGothic"; src: url("ipag.ttf"); }
@font-face { font-family: "VLGothic"; src: url("vlg.ttf"); }
@font-face { font-family: "VLPGothic"; src: url("vlpg.ttf"); }
@font-face { font-family: "IPAMincho"; src: url("ipam.ttf"); }
@font-face { font-family: "IPAexGothic"; src: url("ipaexg.ttf"); }
body { font-family: "VLPGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
"""


def _pdf_options(doc: H7Doc) -> dict[str, Any]:
    if doc.layout == "hotel":
        return {"width": "128mm", "height": "168mm", "print_background": True}
    if doc.layout == "news":
        return {"width": "182mm", "height": "100mm", "print_background": True}
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H7Doc) -> bytes:
    """An architect's 出来高請求書 (契約金額 × 累計出来高 % less the 既請求額, 令和 dates), a
    landscaper's 植栽管理 invoice (登録番号 split by spaces, the buyer's department and 御中) or a
    consultancy's bilingual INVOICE / 請求書 (a non-taxable 立替実費)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    document = docx.Document()
    document.styles["Normal"].font.name = "IPAPMincho"
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run_ = title.add_run({"docx_design": "設計監理業務 出来高請求書", "docx_garden": "御 請 求 書",
                          "docx_consult": "INVOICE / 請求書"}[layout])  # fmt: skip
    run_.bold, run_.font.size = True, Pt(18)
    if layout == "docx_consult":
        when = f"{_ja(doc.date)}（{doc.date:%d %b %Y}）"
        head = document.add_paragraph(
            f"Invoice Date / 請求日：{when}\nInvoice No. / 請求番号：{doc.number}"
        )
    else:
        when = reiwa(doc.date) if layout == "docx_design" else _ja(doc.date)
        head = document.add_paragraph(f"請求日　{when}\n請求番号　{doc.number}")
    head.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    to = {"docx_design": f"{doc.buyer}　御中", "docx_garden": f"{doc.buyer} 経理部 御中",
          "docx_consult": f"Bill To / ご請求先：{doc.buyer} 御中（{ENGLISH[doc.buyer or '']}）"}[layout]  # fmt: skip
    document.add_paragraph(to).runs[0].font.size = Pt(13)
    number = _spaces(doc.registration) if layout == "docx_garden" else doc.registration
    english = f"{ENGLISH[name]}\n" if layout == "docx_consult" else ""
    issuer = document.add_paragraph(
        f"{english}{name}\n{address}\nTEL {tel}\n{staff}\n登録番号　{number}"
    )
    issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if layout == "docx_design":
        document.add_paragraph("件名：（仮称）本社新社屋 新築工事 設計監理業務\n"
                               f"契約金額：{doc.extra['contract']:,}円（税抜）")  # fmt: skip
        lead, label = "下記のとおり出来高に応じてご請求申し上げます。", "今回御請求金額"
    elif layout == "docx_garden":
        document.add_paragraph(
            f"作業場所：本社 外構・緑地帯　作業期間：{doc.date.month}月1日～{doc.date.month}月{doc.date.day - 3}日"
        )
        lead, label = "下記のとおりご請求申し上げます。", "御請求金額（税込）"
    else:
        lead, label = (
            "We hereby invoice you as follows. / 下記のとおりご請求申し上げます。",
            "Total Amount Due / ご請求金額",
        )
    document.add_paragraph(lead)
    document.add_paragraph().add_run(f"{label}　¥{doc.total():,}").font.size = Pt(15)
    due = reiwa(_due(doc)) if layout == "docx_design" else _ja(_due(doc))
    document.add_paragraph(
        ("Payment Due / お支払期限：" if layout == "docx_consult" else "お支払期限：") + due
    )
    if layout == "docx_design":
        heads = ["業務内容", "契約金額", "出来高", "金額"]
    elif layout == "docx_consult":
        heads = ["Description / 内容", "Qty / 数量", "Unit Price / 単価", "Amount / 金額"]
    else:
        heads = ["作業内容", "数量", "単位", "単価", "金額"]
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for n, item in enumerate(doc.lines):
        if layout == "docx_design":
            share = (doc.extra["done"], doc.extra["before"])[n]
            values = [
                item.description,
                f"{doc.extra['contract']:,}",
                f"{share}%",
                f"{item.amount:,}",
            ]
        elif layout == "docx_consult":
            values = [
                item.description,
                str(item.quantity),
                f"¥{item.unit_price:,}",
                f"¥{item.amount:,}",
            ]
        else:
            values = [item.description, f"{item.quantity:,}", _unit(item), f"{item.unit_price:,}",
                      f"{item.amount:,}"]  # fmt: skip
        add_row(table, values)
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    if layout == "docx_consult":
        pairs = [("Subtotal (taxable) / 課税対象額", _base(doc)),
                 ("Consumption Tax 10% / 消費税（10%）", _tax(doc)),
                 ("Reimbursable (non-taxable) / 立替実費（不課税）", doc.non_taxable()),
                 ("Total Amount Due / ご請求金額", doc.total())]  # fmt: skip
    else:
        pairs = [("今回出来高（税抜）" if layout == "docx_design" else "小計", _base(doc)),
                 ("消費税（10%）", _tax(doc)), (label, doc.total())]  # fmt: skip
    for key, value in pairs:
        add_row(sums, [key, f"¥{value:,}"])
    bank = {"docx_design": "かなざわ香林坊銀行 本店 普通 3390125 カ）ホタルセッケイ",
            "docx_garden": "やまと三条銀行 大路支店 普通 1172604 ユ）コノハゾウエン",
            "docx_consult": "とらのもん信託銀行 本店 普通 8801233 ノースブリッジアドバイザリー（カ"}[layout]  # fmt: skip
    document.add_paragraph(f"お振込先：{bank}")
    document.core_properties.created = dt.datetime(2029, 10, 4)
    document.core_properties.modified = dt.datetime(2029, 10, 4)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _put(sheet: Any, row: int, values: list[Any], columns: str = "ABCDEFGH") -> None:
    for column, value in zip(columns, values, strict=False):
        sheet[f"{column}{row}"] = value


def _xl_warehouse(doc: H7Doc) -> bytes:
    """A warehouse's 保管料 請求書: 3期制 ケース保管 and 坪保管, units in the number formats, the
    date as 「R10.12.31」, merged cells, due 「翌月末日」, the issuer bottom right."""
    book, sheet = new_book()
    sheet.title = "保管料請求書"
    name, address, tel, staff = doc.issuer
    sheet.merge_cells("A1:G1")
    sheet["A1"] = "保管料・荷役料 御請求書"
    sheet.merge_cells("A3:D3")
    sheet["A3"] = f"{doc.buyer} 物流部 御中"
    sheet["F3"], sheet["G3"] = "請求日", midnight(doc.date)
    sheet["G3"].number_format = "[$-ja-JP]ge.m.d"
    sheet["F4"], sheet["G4"] = "請求No.", doc.number
    sheet["A5"] = (
        f"{doc.date.month}月分（3期制・月末締め）の保管料及び荷役料を下記のとおりご請求申し上げます。"
    )
    sheet.merge_cells("A7:B7")
    sheet.merge_cells("C7:D7")
    sheet["A7"], sheet["C7"] = "今回御請求金額", doc.total()
    sheet["C7"].number_format = '"¥"#,##0'
    sheet["A8"], sheet["C8"] = "お支払期限", "翌月末日"
    _put(sheet, 10, ["作業・保管内容", "数量", "単価", "金額", "備考"])
    row = 10
    for item in doc.lines:
        row += 1
        text = item.description
        unit = ("ケース" if text.startswith(("ケース", "入庫", "出庫")) else "坪"
                if text.startswith("坪") else "時間" if "荷役" in text else "")  # fmt: skip
        note = "期首在庫＋当期入庫" if text.startswith("ケース") else ""
        _put(sheet, row, [text, item.quantity, item.unit_price, item.amount, note])
        sheet[f"B{row}"].number_format = f'#,##0"{unit}"' if unit else "#,##0"
        sheet[f"C{row}"].number_format = sheet[f"D{row}"].number_format = "#,##0"
    row += 2
    for label, value in (
        ("小計（税抜）", _base(doc)),
        ("消費税（10%）", _tax(doc)),
        ("合計", doc.total()),
    ):
        sheet[f"C{row}"], sheet[f"D{row}"] = label, value
        sheet[f"D{row}"].number_format = "#,##0"
        row += 1
    row += 1
    for text in (name, address, f"TEL {tel}　{staff}", f"登録番号 {doc.registration}"):
        sheet[f"E{row}"] = text
        row += 1
    sheet[f"A{row + 1}"] = "お振込先：はま鶴見銀行 大黒町支店 普通 6610394 スバルソウコ（カ"
    sheet.column_dimensions["A"].width = 34
    return save_book(book)


def _xl_pack(doc: H7Doc) -> bytes:
    """A packing wholesaler's invoice: 返品 lines in `#,##0;"▲"#,##0`, the buyer and 御中 in two
    cells, 登録番号 split by spaces, a 端数処理 note, 「ご請求額（税込）」."""
    book, sheet = new_book()
    name, address, tel, staff = doc.issuer
    numbers = '#,##0;"▲"#,##0'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "請　求　書"
    sheet.merge_cells("A3:C3")
    sheet["A3"], sheet["D3"] = doc.buyer, "御中"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["F3"].number_format = "yyyy/m/d"
    sheet["E4"], sheet["F4"] = "請求番号", doc.number
    sheet["A5"] = f"{doc.date.month}月{doc.date.day}日締切分"
    sheet["E6"], sheet["E7"], sheet["E8"] = name, address, f"TEL {tel}　担当 {staff}"
    sheet["E9"] = f"登録番号：{_spaces(doc.registration)}"
    sheet["A7"], sheet["B7"] = "ご請求額（税込）", doc.total()
    sheet["B7"].number_format = '"¥"#,##0'
    sheet["A8"], sheet["B8"] = "お支払期限", midnight(_due(doc))
    sheet["B8"].number_format = 'yyyy"年"m"月"d"日"'
    row = 11
    _put(sheet, row, ["日付", "品名", "数量", "単価", "金額", "摘要"])
    for n, item in enumerate(doc.lines):
        row += 1
        day = doc.date - dt.timedelta(days=26 - 4 * n)
        note = "返品" if item.amount < 0 else ""
        quantity = -item.quantity if item.amount < 0 else item.quantity
        price = -item.unit_price if item.amount < 0 else item.unit_price
        _put(sheet, row, [midnight(day), item.description, quantity, price, item.amount, note])
        sheet[f"A{row}"].number_format = "m/d"
        for column in "CDE":
            sheet[f"{column}{row}"].number_format = numbers
    row += 2
    for label, value in (
        ("税抜合計（10%対象）", _base(doc)),
        ("消費税（10%）", _tax(doc)),
        ("ご請求額（税込）", doc.total()),
    ):
        sheet[f"D{row}"], sheet[f"E{row}"] = label, value
        sheet[f"E{row}"].number_format = numbers
        row += 1
    sheet[f"A{row + 1}"] = (
        "※消費税は請求書単位で税率ごとに計算し、1円未満の端数は切り捨てています。返品は▲で表示しています。"
    )
    sheet[f"A{row + 2}"] = "お振込先：ひがしおおさか銀行 高井田支店 普通 4028817"
    return save_book(book)


def _xl_snack(doc: H7Doc) -> bytes:
    """An office snack and coffee service: ※8 % snacks and the 10 % rental, the 8 % row first,
    `"¥"#,##0`, `ggge"年"m"月"d"日"`, due 「…月末日」."""
    book, sheet = new_book()
    name, address, tel, staff = doc.issuer
    yen = '"¥"#,##0'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "オフィスおやつ便 ご利用代金 請求書"
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["E3"], sheet["F3"] = "発行日", midnight(doc.date)
    sheet["F3"].number_format = 'ggge"年"m"月"d"日"'
    sheet["E4"], sheet["F4"] = "No.", doc.number
    sheet["A5"], sheet["B5"] = "ご請求金額", doc.total()
    sheet["B5"].number_format = yen
    due = _due(doc)
    sheet["A6"], sheet["B6"] = "お支払期限", f"令和{due.year - 2018}年{due.month}月末日"
    for row, text in enumerate(
        (name, address, f"TEL {tel}", staff, f"登録番号 {doc.registration}"), 6
    ):
        sheet[f"E{row}"] = text
    row = 12
    _put(sheet, row, ["品名", "軽減", "数量", "単価", "金額"])
    for item in doc.lines:
        row += 1
        _put(sheet, row, [item.description, "※" if item.rate == 8 else "", item.quantity,
                          item.unit_price, item.amount])  # fmt: skip
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = yen
    row += 2
    _put(sheet, row, ["", "", "税率", "対象額（税抜）", "消費税額"])
    for rate in (8, 10):
        row += 1
        label = "8%（軽減）" if rate == 8 else "10%"
        _put(sheet, row, ["", "", label, doc.bases()[rate], doc.taxes()[rate]])
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = yen
    row += 1
    _put(sheet, row, ["", "", "合計（税込）", doc.total()])
    sheet[f"D{row}"].number_format = yen
    sheet[f"A{row + 2}"] = "※印は軽減税率（8%）対象品目です。"
    sheet[f"A{row + 3}"] = "お振込先：ひめじ北条銀行 駅前支店 普通 2739506"
    return save_book(book)


def _xl_postal(doc: H7Doc) -> bytes:
    """A mail service's 料金後納 invoice: 内税, 通数 × 料金, per rate only
    「10%対象 ¥x（内消費税 ¥y）」 in one cell."""
    book, sheet = new_book()
    name, address, tel, dept = doc.issuer
    sheet.merge_cells("A1:E1")
    sheet["A1"] = "料金後納 ご利用料金 請求書"
    sheet.merge_cells("A3:C3")
    sheet["A3"] = f"{doc.buyer} 御中"
    sheet["D3"], sheet["E3"] = "請求日", midnight(doc.date)
    sheet["E3"].number_format = 'yyyy"年"m"月"d"日"'
    sheet["D4"], sheet["E4"] = "お客様番号", f"K{doc.total() % 900000 + 100000}"
    sheet["A5"] = f"{doc.date.month}月1日～{doc.date.month}月{doc.date.day}日 差出分"
    sheet["A7"], sheet["B7"] = "ご請求金額（税込）", doc.total()
    sheet["B7"].number_format = '#,##0"円"'
    sheet["A8"] = _included(doc)
    sheet["A9"], sheet["B9"] = "お支払期限", midnight(_due(doc))
    sheet["B9"].number_format = 'yyyy"年"m"月"d"日"'
    row = 11
    _put(sheet, row, ["種別", "通数", "料金（税込）", "金額（税込）"])
    for item in doc.lines:
        row += 1
        _put(sheet, row, [item.description, item.quantity, item.unit_price, item.amount])
        sheet[f"B{row}"].number_format = '#,##0"通"' if item.unit_price < 1000 else "#,##0"
        sheet[f"C{row}"].number_format = sheet[f"D{row}"].number_format = "#,##0"
    row += 1
    _put(sheet, row, ["合計", "", "", doc.total()])
    sheet[f"D{row}"].number_format = "#,##0"
    for offset, text in enumerate(
        (name, address, f"{dept} TEL {tel}", f"登録番号 {doc.registration}"), 2
    ):
        sheet[f"C{row + offset}"] = text
    return save_book(book)


OFFICE_LAYOUTS: dict[str, Callable[[H7Doc], bytes]] = {
    "docx_design": _docx,
    "docx_garden": _docx,
    "docx_consult": _docx,
    "xl_warehouse": _xl_warehouse,
    "xl_pack": _xl_pack,
    "xl_snack": _xl_snack,
    "xl_postal": _xl_postal,
}


# -- scans --------------------------------------------------------------------------------------


def _fax(image: Any, doc: H7Doc, rng: random.Random) -> Any:
    """Half the vertical resolution, a threshold, a fax header line at the top."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    width, height = image.size
    image = image.resize((width, height // 2)).resize((width, height))
    pixels = np.asarray(image, dtype=np.float64)
    pixels = np.where(pixels < rng.uniform(135, 165), 0.0, 255.0)
    image = Image.fromarray(pixels.astype(np.uint8))
    font = ImageFont.truetype(str(FONTS["ipag"]), max(14, doc.dpi // 12))
    sent = doc.date + dt.timedelta(days=1)
    ImageDraw.Draw(image).text(
        (36, 10), f"FROM: {doc.issuer[2]}  {sent:%y-%m-%d} 09:{doc.total() % 60:02d}  #{doc.total() % 900 + 100}  1/1",
        font=font, fill=0,
    )  # fmt: skip
    return image


def _phone(image: Any, rng: random.Random) -> Any:
    """A phone-photo-like keystone (the top a little narrower), light falling off towards one
    corner."""
    import numpy as np
    from PIL import Image

    width, height = image.size
    inset = rng.uniform(0.02, 0.035) * width
    dst = [(inset, rng.uniform(0, 0.012) * height), (width - inset * 0.8, 0), (width, height),
           (0, height)]  # fmt: skip
    src = [(0, 0), (width, 0), (width, height), (0, height)]
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    coeffs = np.linalg.solve(np.array(rows, dtype=float), np.array(rhs, dtype=float))
    image = image.transform(
        image.size, Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.BICUBIC,
        fillcolor=170,
    )  # fmt: skip
    pixels = np.asarray(image, dtype=np.float64)
    across = np.linspace(rng.uniform(0.8, 0.88), 1.0, width)[None, :]
    down = np.linspace(1.0, rng.uniform(0.86, 0.93), height)[:, None]
    return Image.fromarray(np.clip(pixels * across * down, 0, 255).astype(np.uint8))


def _scan_page(image: Any, doc: H7Doc, rng: random.Random) -> Any:
    """Rotation, then the fax or the photo, or a flatbed's paper tone with a dark lid band at
    one edge or two punch holes, noise, dust and a slight blur."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter

    angle = rng.uniform(0.3, 2.5) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("fax"):
        return _fax(image, doc, rng)
    blur = rng.uniform(0.3, 0.55)
    if doc.extra.get("phone"):
        image, blur = _phone(image, rng), rng.uniform(0.7, 1.0)
    elif rng.random() < 0.5:  # two punch holes in the left margin
        draw = ImageDraw.Draw(image)
        radius, middle = doc.dpi // 10, image.size[1] // 2
        for y in (middle - doc.dpi * 4 // 10, middle + doc.dpi * 4 // 10):
            x = doc.dpi // 4
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=rng.randint(40, 90))
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    pixels = pixels * (rng.uniform(226, 244) / 255.0)  # the paper is not white
    if not doc.extra.get("phone") and rng.random() < 0.6:  # the lid's shadow along one edge
        band = max(6, doc.dpi // 20)
        side = rng.choice(("top", "right"))
        if side == "top":
            pixels[:band, :] *= np.linspace(0.35, 1.0, band)[:, None]
        else:
            pixels[:, -band:] *= np.linspace(1.0, 0.35, band)[None, :]
    pixels += generator.normal(0, rng.uniform(2.5, 5.5), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.00025] = rng.uniform(60, 120)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(blur))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout7",
    prefix="h7_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipafont-gothic fonts-ipafont-mincho fonts-vlgothic",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=7000,
    quality=(52, 84),
    effects=_scan_page,
)


def generate(out: Path, only: set[str] | None = None) -> list[dict[str, Any]]:
    """Write every document into `out` (or only the ids in `only`, with the printed sources
    their scans need); write and return expected.json."""
    # IPAex Gothic is found (matplotlib-fontja ships it) when the set is made, not imported
    return generate_printed(replace(SET, extra_fonts={"ipaexg.ttf": ipaex_font()}), out, only)


def main(argv: list[str] | None = None) -> int:
    return run(__doc__, generate, argv)


if __name__ == "__main__":
    raise SystemExit(main())
