"""A tenth held-out set for issue 25 (`heldout10`), made blind: written from the issue's list of
shapes, `make_heldout9_corpus.py`, `make_heldout8_corpus.py` and the shared generator parts
(`corpus_parts.py`), without reading the document readers (`blocks/`), their tests,
`docs/evidence.md` or the history of `blocks/` and `tests/`, and without running a reader on its
documents (only `bench_extraction.py --list`); nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together. Its table cells,
date texts, sums and the phone model are heldout8's, its document class and cached-formula sheet
heldout9's, imported.

Different from every other set in its companies, goods, amounts, dates (December 2031 to November
2032, 令和13–14年, after every date of heldout9), industries, layouts and wordings: the month of a
restaurant group (food and drink wholesalers, a produce market, linen, a delivery app, music,
gas, water, fit-out, design, cleaning, staffing, a 社会保険労務士, parking, a bank). Its fonts are
new to the sets: Sawarabi Mincho headings over Sawarabi Gothic tables, MigMix 1P for the modern
and bilingual pages, MigMix 2M for the register receipt, the Seto handwriting font for the filled-in
領収書, Takao P Mincho for letters and IPA Gothic for the coin-parking slip.

- HTML printed by Debian's Chromium (14 invoices and receipts): a food wholesaler's 御請求書
  (※8 % foods beside 10 % chopsticks and detergent, a negative 特売値引 at 8 %, a 税率 / 税抜 /
  消費税 / 税込 header row over one value row per rate, the issuer right-aligned beside a square
  seal, 「ご請求金額」, 「お支払期限」); a produce market 仲卸's 月末締め invoice (28 delivery rows
  by date at 8 % with a ※ column, 10 % 発泡スチロール箱 and 配達料, a negative 端数値引, 「今回ご請求
  額」); a linen rental's 20日締め invoice (おしぼり per 本, 白衣 per 着・月, a 不課税 紛失補償金,
  the issuer in a right-aligned block, 「ご請求金額（税込）」); a food-delivery app's bilingual
  手数料 invoice and payout statement (fees on the month's sales at percentages, a negative
  キャンペーン費用補填, the payout after fees and refunds in its own box, ISO dates, no due date);
  a city-gas bill (内税: 基本料金, 従量料金 m³ × 円 with two decimals, an alarm lease and a negative
  口座振替割引, 「うち消費税等相当額」, 検針日 and 使用期間 before the date, two columns); a city
  water bureau's two-month 上下水道料金 bill (内税, m³ × 円, 「お支払金額」, 「納期限」); an interior
  contractor's 出来高 invoice (契約金額 / 出来高率 / 出来高累計 / 前回迄請求額 / 今回請求額 per work,
  an added work, stamp boxes, 「今回ご請求金額」); a design office's bilingual invoice in two
  columns (design, photography and printing at 10 %, two non-taxable 立替金, 「お支払金額」, 登録番号
  「T-1234-5678-9012-3」); a cleaning company's invoice (ダクト, グリストラップ, ㎡ × 単価, a 深夜割増,
  a negative 出精値引, a 税抜 / 消費税 / 合計 header row over a value row, 令和 dates, hyphenated
  登録番号); a BGM service's monthly invoice billed ahead (stores × 月額, ISO dates, due the
  口座振替日 the 27th); a drinks wholesaler's invoice (10 % beer, shochu and sake beside 8 % soft
  drinks, a non-taxable keg 容器保証金 and its negative 返却, a negative 値引, slashed dates); a
  butcher's hand-filled 領収書 (Seto handwriting over printed labels, 「様」, 但し書き, per-rate
  内訳, a stamped 登録番号); a cash-and-carry store's register receipt with ※ marks (外税 per rate,
  a 値引 line, お預り / お釣り, no buyer); a coin-parking 領収証 (内税, 入庫 / 出庫 times, no buyer);
- printed non-invoices, kinds only (8): the contractor's 追加工事 御見積書, our 発注書 to the food
  wholesaler, the market's 納品書, our 支払通知書 to the design office, the 社会保険労務士's
  書類送付状 (a cover letter), the linen rental's 請求書再発行のご案内 (a cover letter naming the
  amount), the drinks wholesaler's 返品伝票 (赤伝, a credit note) and a bank's お振込受付のお知らせ
  with its 振込手数料 (a payment notice);
- Word (.docx, 3): a 社会保険労務士's invoice (源泉徴収 10.21 % on the fees, a non-taxable 立替,
  「差引お支払額」, 令和 dates); a POS lease company's リース料 invoice (第n回／60回, a non-taxable
  動産総合保険料, 「様」, slashed dates, due the 口座振替日); a staffing agency's invoice (hours ×
  rates, 深夜 125 %, taxable 交通費, 登録番号 「T 1234567890123」, dates with weekdays);
- Excel templates (openpyxl, 4, with formulas and their cached values as Excel saves them): a
  月極駐車場 invoice billed ahead (a 日割 line, a non-taxable 保証金, dates as `[$-411]ge.m.d`, due
  the month's end); a fish 仲卸's invoice (kg and 尾 at 8 %, 10 % boxes and cooling ice, a
  negative 端数値引, the buyer and 御中 in two cells, `#,##0;[Red]-#,##0`); a kitchen-equipment
  invoice with a 前受金 taken off (「差引ご請求額」, `#,##0;"△"#,##0`, merged cells); a coffee
  roaster's 内税 invoice (8 % beans beside a 10 % machine rental, 「8%対象 ¥x（内消費税 ¥y）」 per
  rate, `yyyy/mm/dd`);
- 12 scans of 12 of the printed invoices and receipts (not the market's or the contractor's):
  150–300 dpi, rotated 0.3–2.5° either way, one scanned sideways (the linen rental's), one
  phone-like (heldout8's keystone and corner shadow: the butcher's 領収書), punch holes on three, a
  支払済 stamp on three, a paper tone darker at the top, noise, dust, a slight blur, JPEG quality
  45–78; as image-only PDF, PNG or JPEG.

The expected values come from the generator's own data, with heldout9's conventions: `total` is
the amount to pay as printed (after 源泉徴収 for the 社会保険労務士, after the 前受金 for the kitchen
equipment; with 立替金, 保証金, 紛失補償金 and the negative 値引 / 返却 / 補填 / 割引 lines included;
for the delivery app the fees billed, not the payout); `tax_by_rate` is the consumption tax per
rate, rounded down once per rate (for the 内税 documents — the gas and water bills, the butcher's
and the parking receipts, the coffee roaster — the tax included); `due_date` is the due date
printed (口座振替日 and 納期限 included), null when none is printed (the delivery app's payout date
is not one); `transaction_date` is the document's date (請求日 / 発行日 / the receipt's date; never a
検針日, a 使用期間, a delivery row's date, a 締日 period or an 入庫 time); `buyer_name` is the
buyer's company without its store or department, null for the register and parking receipts;
`issuer_name` is the Japanese name; a registration number printed with hyphens or spaces is
expected as T and 13 digits; a receipt's `lines` are not compared.

    python samples/make_heldout10_corpus.py OUT_DIR     # writes the files and expected.json
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
    reiwa,
    run,
)
from make_corpus import Line
from make_heldout8_corpus import (
    _base,
    _due,
    _hy4,
    _hy_tail,
    _ja,
    _phone,
    _pretax,
    _put,
    _slash,
    _sums,
    _tax,
    _td,
    _th,
)
from make_heldout9_corpus import H9Doc, _head, _money, _Sheet

__all__ = ["FONTS", "H10Doc", "build_docs", "generate", "main"]

FONTS = {
    "swm": Path("/usr/share/fonts/truetype/sawarabi-mincho/sawarabi-mincho-medium.ttf"),
    "swg": Path("/usr/share/fonts/truetype/sawarabi-gothic/sawarabi-gothic-medium.ttf"),
    "mig1p": Path("/usr/share/fonts/truetype/migmix/migmix-1p-regular.ttf"),
    "mig1pb": Path("/usr/share/fonts/truetype/migmix/migmix-1p-bold.ttf"),
    "mig2m": Path("/usr/share/fonts/truetype/migmix/migmix-2m-regular.ttf"),
    "seto": Path("/usr/share/fonts/truetype/seto/setofont.ttf"),
    "ipag": Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
    "takaopm": Path("/usr/share/fonts/truetype/takao-mincho/TakaoPMincho.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
FOODS = (
    "株式会社あじさい業務食品",
    "埼玉県川口市領家5-12-8",
    "048-224-3197",
    "営業部 第三課 小野寺",
)
MARKET = ("株式会社ひがしの青果", "東京都大田区東海3-2-1 大田市場 仲卸棟 2-114", "03-5492-6018",
          "仲卸 売場番号 114")  # fmt: skip
LINEN = ("株式会社しろたえリネンサプライ", "千葉県船橋市習志野台8-44-3", "047-469-2275",
         "フードサービス営業所")  # fmt: skip
APP = ("株式会社ハコブネテクノロジーズ", "東京都渋谷区桜丘町22-14 桜丘スクエア12F", "03-6416-2290",
       "加盟店サポート Partner Support")  # fmt: skip
GAS = ("あけぼの瓦斯株式会社", "神奈川県川崎市川崎区宮本町9-2", "0120-418-552", "お客さまセンター")
WATER = ("あさなぎ市上下水道局", "千葉県あさなぎ市本町2-1-1 市役所第二庁舎", "0463-21-3150",
         "料金課 業務係")  # fmt: skip
FITOUT = ("株式会社こまち建装", "宮城県仙台市青葉区上杉3-8-22", "022-217-6630", "工事部 今野")
DESIGN = ("合同会社あおばデザイン室", "福岡県福岡市中央区今泉1-18-5 今泉テラス3F", "092-713-4480",
          "アートディレクター 青葉 澪")  # fmt: skip
CLEAN = (
    "株式会社きらら美装",
    "大阪府大阪市淀川区西中島6-2-9",
    "06-6305-7712",
    "店舗メンテナンス課 辻",
)
BGM = ("株式会社ねいろ音楽放送", "東京都中野区中央4-61-3 ねいろビル", "03-5340-8811",
       "法人契約センター")  # fmt: skip
DRINKS = ("株式会社たるや酒販", "兵庫県西宮市今津二葉町3-7", "0798-33-5164", "業務用営業課 森下")
BUTCHER = ("精肉 やまなか商店", "京都府京都市中京区錦小路通高倉西入ル西魚屋町605", "075-221-4486",
           "店主 山中 啓介")  # fmt: skip
CASH = (
    "株式会社ひなたマート",
    "大阪府東大阪市高井田元町1-3-9",
    "06-6788-3141",
    "業務用館 高井田店",
)
COIN = (
    "株式会社とめるパーク",
    "福岡県福岡市博多区祇園町4-22",
    "092-262-7715",
    "とめるパーク祇園第2",
)
SR = ("ささの社会保険労務士事務所", "静岡県静岡市葵区呉服町2-7-5 呉服町ビル3F", "054-251-8830",
      "特定社会保険労務士 笹野 真由美")  # fmt: skip
POS = ("レジナビ・リース株式会社", "東京都品川区大崎2-11-1 大崎ウエストビル7F", "03-5487-6120",
       "リース営業部 債権管理課")  # fmt: skip
TEMPS = ("株式会社てまりスタッフサービス", "愛知県名古屋市中村区名駅南1-19-27", "052-583-4418",
         "フード事業部 名駅オフィス")  # fmt: skip
PARK = (
    "有限会社ほしぞら駐車場",
    "北海道札幌市白石区菊水3条2-1-15",
    "011-812-5507",
    "月極担当 菅原",
)
FISH = ("株式会社うおいち水産", "石川県金沢市西念4-7-1 金沢市中央卸売市場内", "076-263-1942",
        "仲卸 第7号売場")  # fmt: skip
KITCHEN = ("株式会社ひょうが厨房設備", "広島県広島市西区商工センター6-3-20", "082-277-3051",
           "営業部 技術サービス課")  # fmt: skip
COFFEE = (
    "株式会社まめのき珈琲焙煎所",
    "兵庫県神戸市中央区栄町通3-1-7",
    "078-391-6624",
    "卸部 村瀬",
)
BANK = ("株式会社ひかり野銀行", "東京都千代田区内神田1-9-9", "0120-552-871", "内神田支店 法人窓口")
BUYERS = ["株式会社ことぶきダイニング", "株式会社ゆずりはフードサービス", "有限会社かわせみ亭",
          "株式会社あかつきキッチン", "株式会社なごみ食堂"]  # fmt: skip
STORES = ("はなみずき食堂 上杉店", "かわせみ 錦店", "あかつき亭 博多祇園店", "なごみ 西中島店")
WEEKDAYS = "月火水木金土日"
PRODUCE = (("キャベツ（愛知・10kg箱）", "箱", 1450), ("玉ねぎ（北海道・20kg箱）", "箱", 2980),
           ("トマト（熊本・4kg箱）", "箱", 2640), ("きゅうり（宮崎・5kg箱）", "箱", 2380),
           ("レタス（長野・10kg箱）", "箱", 2150), ("大葉（愛知・100枚束）", "束", 420),
           ("長ねぎ（埼玉・5kg箱）", "箱", 2200), ("じゃがいも（北海道・10kg箱）", "箱", 1980),
           ("にんじん（千葉・10kg箱）", "箱", 1760), ("しめじ（長野・100g）", "パック", 68),
           ("生しいたけ（徳島・1kg箱）", "箱", 1580), ("レモン（広島・1kg）", "袋", 720),
           ("万能ねぎ（福岡・100g）", "束", 98), ("パセリ（千葉・1kg）", "袋", 1240),
           ("しょうが（高知・1kg）", "袋", 880), ("にんにく（青森・1kg）", "袋", 2350),
           ("ミニトマト（熊本・1kg）", "袋", 960), ("バナナ（フィリピン・13kg箱）", "箱", 2890),
           ("グレープフルーツ（南アフリカ・40玉）", "箱", 4680), ("いちご（栃木・4パック）", "箱", 2120))  # fmt: skip
#: the unit printed beside a line's quantity, by its description
UNIT: dict[str, str] = {}


def item(description: str, quantity: int, unit_price: int, rate: int | None,
         unit: str = "式") -> Line:  # fmt: skip
    """A line, its unit kept for the layouts."""
    UNIT[description] = unit
    return Line(description, quantity, unit_price, rate)


def _u(line: Line) -> str:
    return UNIT.get(line.description, "式")


@dataclass
class H10Doc(H9Doc):
    """A document of the set: heldout9's (`extra` may carry a `withholding` or an `advance` —
    here a 前受金 — taken off the amount billed)."""

    @property
    def style(self) -> str:
        return f"h10-{self.layout}"


def build_docs(seed: int = 321203) -> list[H10Doc]:
    """14 printed invoices and receipts, 8 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H10Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Line], *,
            due: str | None = "date", buyer: str | None = "", inclusive: bool = False,
            month_end: bool = False, close: int = 0, **extra: Any) -> H10Doc:  # fmt: skip
        date = dt.date(2031, 12, 1) + dt.timedelta(days=rng.randint(0, 365))
        if month_end:  # the last day of one of the 12 months
            date = last_day_of_month(dt.date(2031, 12, 1), rng.randint(0, 11))
        elif close:
            date = date.replace(day=close)
        due_date = None
        if due == "date":
            due_date = date + dt.timedelta(days=rng.randint(14, 40))
        elif due == "next_eom":
            due_date = last_day_of_month(date, 1)
        elif due == "eom":
            due_date = last_day_of_month(date, 0)
        elif due == "next10":
            due_date = (last_day_of_month(date, 0) + dt.timedelta(days=1)).replace(day=10)
        elif due == "day27":  # the 口座振替日: the 27th, of the next month once it has passed
            due_date = date.replace(day=27)
            if date.day >= 27:
                due_date = (last_day_of_month(date, 0) + dt.timedelta(days=1)).replace(day=27)
        prefix = rng.choice(("No.", "INV-", "S", "B", ""))
        doc = H10Doc(
            id=f"h10_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=BUYERS[(len(docs) * 3 + 1) % len(BUYERS)] if buyer == "" else buyer,
            date=date,
            due=due_date,
            number=f"{prefix}{date:%y%m}{rng.randint(1, 999):03d}",
            lines=lines,
            inclusive=inclusive,
            extra={"due_form": due, **extra},
        )
        docs.append(doc)
        return doc

    # printed invoices and receipts (14)
    foods = [item("冷凍 若鶏唐揚げ（1kg）", rng.randint(6, 20), 1180, 8, "袋"),
             item("業務用マヨネーズ（1kg）", rng.randint(4, 12), 498, 8, "本"),
             item("薄力粉 特宝笠（25kg）", rng.randint(1, 3), 5850, 8, "袋"),
             item("キャノーラ油（16.5kg缶）", rng.randint(2, 5), 6980, 8, "缶"),
             item("冷凍 皮付きフライドポテト（2.5kg）", rng.randint(4, 10), 1320, 8, "袋"),
             item("本醸造しょうゆ（18L）", 1, 4260, 8, "缶"),
             item("割り箸 竹 元禄 9寸（5000膳）", 1, 6400, 10, "箱"),
             item("紙おしぼり 平型（1800本）", rng.randint(1, 2), 3960, 10, "箱"),
             item("食器用洗剤 業務用（18L）", 1, 5280, 10, "缶")]  # fmt: skip
    foods.append(item("特売値引 キャノーラ油", foods[3].quantity, -400, 8, "缶"))
    add("foods", "invoice", "pdf", FOODS, foods, month_end=True, due="next_eom")
    market_date = last_day_of_month(dt.date(2031, 12, 1), rng.randint(0, 11))
    days = sorted(rng.choices(range(1, market_date.day + 1), k=28))
    market: list[Line] = []
    for _ in days:
        name, unit, price = PRODUCE[rng.randrange(len(PRODUCE))]
        market.append(item(name, rng.randint(1, 6), price, 8, unit))
    trips = len(set(days))
    market += [item("発泡スチロール箱（回収なし）", rng.randint(10, 40), 88, 10, "個"),
               item("配達料（早朝便）", trips, 550, 10, "回")]  # fmt: skip
    market.append(
        item("端数値引", 1, -(sum(i.amount for i in market if i.rate == 8) % 1000 or 500), 8)
    )
    doc = add("market", "invoice", "pdf", MARKET, market, due="next10", days=days)
    doc.date = market_date
    doc.due = (market_date + dt.timedelta(days=1)).replace(day=10)
    linen = [item("おしぼり（布・丸）レンタル", rng.randint(20, 45) * 100, 9, 10, "本"),
             item("テーブルクロス（白 130×180）", rng.randint(40, 120), 180, 10, "枚"),
             item("調理白衣 レンタル（週2回交換）", rng.randint(8, 16), 1650, 10, "着・月"),
             item("サロン前掛け（黒）", rng.randint(8, 16), 550, 10, "枚・月"),
             item("和帽子", rng.randint(8, 16), 330, 10, "枚・月"),
             item("厨房用 吸水マット（90×150）", 4, 1100, 10, "枚・月"),
             item("配送料（週3回）", 1, 3300, 10),
             item("紛失補償金 おしぼり", rng.randint(10, 60), 45, None, "本")]  # fmt: skip
    add("linen", "invoice", "pdf", LINEN, linen, close=20, due="next_eom")
    sales = rng.randint(180, 360) * 10000 + rng.randint(0, 9999)
    orders = rng.randint(600, 1400)
    app = [item("サービス利用料 / Service fee", 1, sales * 28 // 100, 10),
           item("決済手数料 / Payment processing", 1, sales * 34 // 1000, 10),
           item("配達手数料 / Delivery fee", orders, 60, 10, "件"),
           item("おすすめ枠 掲載料 / Sponsored listing", 1, 33000, 10),
           item("キャンペーン費用補填 / Campaign subsidy", 1, -rng.choice((15000, 22000, 30000)), 10)]  # fmt: skip
    add("app", "invoice", "pdf", APP, app, due=None, close=5, sales=sales, orders=orders,
        refunds=rng.randint(50, 400) * 100 + rng.randint(0, 99))  # fmt: skip
    m3, unit = rng.randint(180, 420), rng.choice((15862, 16214, 15797))
    gas = [item("基本料金", 1, 4851, 10),
           item("従量料金", 1, m3 * unit // 100, 10),
           item("ガス警報器 リース料", 1, 330, 10),
           item("口座振替割引", 1, -55, 10)]  # fmt: skip
    start = rng.randint(4000, 9000)
    add("gas", "invoice", "pdf", GAS, gas, inclusive=True, m3=m3, unit=unit, meter=start)
    water_m3 = rng.randint(60, 140)
    water = [item("水道料金 基本料金（口径25mm・2か月）", 2, 2530, 10, "か月"),
             item("水道料金 従量料金", water_m3, 264, 10, "m³"),
             item("下水道使用料 基本使用料", 2, 1320, 10, "か月"),
             item("下水道使用料 従量使用料", water_m3, 198, 10, "m³")]  # fmt: skip
    add("water", "invoice", "pdf", WATER, water, inclusive=True, close=rng.randint(8, 14))
    works = (("解体・撤去工事", 680000, 70), ("軽鉄下地・ボード工事", 1240000, 50),
             ("内装仕上工事（クロス・床）", 1580000, 20), ("木工事・造作カウンター", 2150000, 30),
             ("電気設備工事", 960000, 40), ("給排水設備工事", 1120000, 40),
             ("厨房排気ダクト工事", 870000, 0), ("諸経費", 540000, 40),
             ("追加工事 客席カウンター延長", 286000, 0))  # fmt: skip
    progress = []
    fitout: list[Line] = []
    for name, contract, before in works:
        now = min(100, before + rng.choice((20, 30, 40, 50)))
        done, billed = contract * now // 100, contract * before // 100
        progress.append((contract, now, done, billed))
        fitout.append(item(name, 1, done - billed, 10))
    add("fitout", "invoice", "pdf", FITOUT, fitout, month_end=True, progress=progress,
        round_no=rng.randint(2, 3))  # fmt: skip
    design = [item("メニューブック デザイン（12ページ）", 1, 264000, 10),
              item("料理撮影（スタジオ・30カット）", 30, 4400, 10, "カット"),
              item("メニューブック 印刷・製本（A4）", rng.choice((30, 40, 60)), 1650, 10, "部"),
              item("卓上POP デザイン（3種）", 3, 16500, 10, "種"),
              item("ロゴデータ 修正・入稿", 1, 22000, 10),
              item("撮影用食材費（立替）", 1, rng.randint(12, 38) * 1000 + rng.randint(0, 999), None),
              item("レンタルスタジオ代（立替）", 1, 27500, None)]  # fmt: skip
    add("design", "invoice", "pdf", DESIGN, design, month_end=True)
    clean = [item("厨房排気ダクト・フード清掃", 1, 88000, 10),
             item("グリストラップ清掃（汚泥回収含む）", 2, 19800, 10, "槽"),
             item("客席フロア 洗浄・ワックス", rng.randint(60, 140), 440, 10, "㎡"),
             item("業務用エアコン分解洗浄（天井カセット）", rng.randint(2, 4), 26400, 10, "台"),
             item("深夜作業割増（22時以降・ダクト清掃の25%）", 1, 22000, 10)]  # fmt: skip
    clean.append(item("出精値引", 1, -(sum(i.amount for i in clean) % 10000 or 5000), 10))
    add("clean", "invoice", "pdf", CLEAN, clean)
    stores = rng.randint(6, 12)
    bgm = [item("業務用BGM 配信 スタンダードプラン（月額）", stores, 3300, 10, "店舗"),
           item("追加チャンネル（ジャズ・ボサノバ）", rng.randint(2, 5), 550, 10, "店舗"),
           item("専用チューナー レンタル", stores, 330, 10, "台"),
           item("店内アナウンス 録音・編集", 1, 16500, 10)]  # fmt: skip
    add("bgm", "invoice", "pdf", BGM, bgm, close=rng.randint(1, 10), due="day27")
    kegs, back = rng.randint(6, 14), rng.randint(4, 12)
    drinks = [item("生ビール 樽詰 10L", kegs, 6380, 10, "樽"),
              item("焼酎 甲類 25度 4L ペット", rng.randint(2, 6), 3280, 10, "本"),
              item("清酒 本醸造 1.8L", rng.randint(3, 12), 1880, 10, "本"),
              item("ウイスキー ハイボール用 2.7L", rng.randint(2, 4), 5450, 10, "本"),
              item("ウーロン茶 業務用 2L（6本）", rng.randint(3, 10), 1008, 8, "ケース"),
              item("強炭酸水 500ml（24本）", rng.randint(2, 8), 1920, 8, "ケース"),
              item("ジンジャーエール 1L（12本）", rng.randint(1, 4), 1680, 8, "ケース"),
              item("樽 容器保証金", kegs, 3000, None, "樽"),
              item("樽 容器保証金 返却", back, -3000, None, "樽"),
              item("値引（ハイボール キャンペーン）", 1, -2000, 10)]  # fmt: skip
    add("drinks", "invoice", "pdf", DRINKS, drinks, due="next_eom", close=25)
    meat = rng.randint(200, 450) * 100 + rng.choice((0, 40, 80))
    butcher = [item("精肉（和牛肩ロース・豚バラ ほか）", 1, meat, 8),
               item("保冷バッグ", 2, 220, 10)]  # fmt: skip
    add("butcher", "simplified_invoice", "pdf", BUTCHER, butcher, due=None, inclusive=True)
    cash = [item("強力粉 1kg", rng.randint(3, 8), 258, 8, "点"),
            item("無塩バター 450g", rng.randint(2, 5), 1080, 8, "点"),
            item("生クリーム 35% 1L", rng.randint(2, 6), 898, 8, "点"),
            item("値引 生クリーム", 1, -100, 8),
            item("グラニュー糖 1kg", rng.randint(2, 5), 238, 8, "点"),
            item("卵 Lサイズ 10個", rng.randint(2, 6), 298, 8, "点"),
            item("アルミホイル 業務用 30cm", 1, 698, 10, "点"),
            item("キッチンペーパー 4ロール", 2, 328, 10, "点"),
            item("ポリ袋 45L 50枚", 1, 398, 10, "点")]  # fmt: skip
    add("cash", "simplified_invoice", "pdf", CASH, cash, due=None, buyer=None)
    minutes = rng.randint(200, 900)
    fee = min(3300, -(-minutes // 30) * 200)
    add("coin", "simplified_invoice", "pdf", COIN, [item("駐車料金", 1, fee, 10)], due=None,
        buyer=None, inclusive=True, minutes=minutes, hour=rng.randint(8, 20))  # fmt: skip
    # printed non-invoices, kinds only (8)
    quote = [item("追加工事 個室間仕切り 造作（W3600）", 1, 420000, 10),
             item("建具（引戸）製作・取付", 2, 86000, 10, "本"),
             item("ダウンライト 増設（配線含む）", 6, 18500, 10, "台")]  # fmt: skip
    add("quote", "quotation", "pdf", FITOUT, quote, due=None)
    add("order", "purchase_order", "pdf", FOODS, foods[:6], due=None)
    add("delivery", "delivery_note", "pdf", MARKET, market[:9], due=None)
    add("paynotice", "payment_notice", "pdf", DESIGN, design)
    add("cover", "cover_letter", "pdf", SR, [], due=None)
    add("reissue", "cover_letter", "pdf", LINEN, linen, due="next_eom")
    credit = [item("返品 清酒 本醸造 1.8L（破損）", -rng.randint(1, 3), 1880, 10, "本"),
              item("返品 ウーロン茶 業務用 2L（6本）", -rng.randint(1, 4), 1008, 8, "ケース")]  # fmt: skip
    add("credit", "credit_note", "pdf", DRINKS, credit, due=None)
    paid = docs[0].total()
    add("bank", "payment_notice", "pdf", BANK,
        [item(f"お振込金額（{FOODS[0]} 宛）", 1, paid, None), item("振込手数料（他行宛・電信扱）", 1, 770, 10)],
        due=None, inclusive=True)  # fmt: skip
    # Word (3)
    hires = rng.randint(1, 4)
    payroll = rng.randint(18, 45)
    sr = [item("顧問報酬（月額）", 1, 33000, 10),
          item(f"給与計算 代行（{payroll}名）", 1, payroll * 880, 10),
          item("入社手続（資格取得届・雇用保険）", hires, 5500, 10, "名"),
          item("労働保険 年度更新 申告書作成", 1, 38500, 10),
          item("郵送料（簡易書留・立替）", 1, 1240, None)]  # fmt: skip
    doc = add("docx_sr", "invoice", "docx", SR, sr, month_end=True, due="next_eom")
    sr[0].description = f"顧問報酬（{doc.date.month}月分）"
    UNIT[sr[0].description] = "式"
    doc.extra["withholding"] = _base(doc) * 1021 // 10000
    pos = [item(f"リース料 POSレジ一式（タブレット3台・周辺機器） 第{rng.randint(8, 40)}回／60回", 1, 26400, 10),
           item("POSソフト 保守サポート料（月額）", 1, 8800, 10),
           item(f"キャッシュドロア 追加リース 第{rng.randint(2, 20)}回／36回", 1, 2200, 10),
           item("動産総合保険料（非課税）", 1, 1650, None)]  # fmt: skip
    add("docx_pos", "invoice", "docx", POS, pos, close=rng.randint(1, 12), due="day27")
    temps: list[Line] = []
    for person, rate in (("調理補助 佐藤", 1750), ("ホール 川口", 1600), ("ホール 李", 1600)):
        shifts = rng.randint(8, 16)
        temps += [item(f"派遣料 {person}（通常）", shifts * 6, rate, 10, "時間"),
                  item(f"派遣料 {person}（深夜 125%）", shifts * 2, rate * 5 // 4, 10, "時間")]  # fmt: skip
    temps.append(item("交通費（課税）", rng.randint(24, 40), 480, 10, "日"))
    add("docx_temps", "invoice", "docx", TEMPS, temps, month_end=True, due="next_eom")
    # Excel (4)
    start_day = rng.randint(10, 25)
    park = [item("月極駐車料（配送車 No.5・6・7）", 3, 11000, 10),
            item(f"月極駐車料 日割（No.8 {start_day}日～末日）", 1, 11000 * (31 - start_day) // 30, 10),
            item("リモコンキー 追加発行", 1, 3300, 10),
            item("保証金（No.8 新規契約・1か月分）", 1, 11000, None)]  # fmt: skip
    add("xl_park", "invoice", "xlsx", PARK, park, close=rng.randint(18, 24), due="eom")
    fish = [item("真鯛（養殖・1.5kg上）", rng.randint(4, 10), 1380, 8, "尾"),
            item("ぶり（天然・切身用）", rng.randint(6, 14), 1650, 8, "kg"),
            item("するめいか（生）", rng.randint(5, 15), 980, 8, "kg"),
            item("甘えび（生食用）", rng.randint(2, 6), 3200, 8, "kg"),
            item("のどぐろ（小）", rng.randint(3, 8), 1850, 8, "尾"),
            item("あさり（活）", rng.randint(3, 8), 1100, 8, "kg"),
            item("しめさば（自家製）", rng.randint(4, 12), 620, 8, "枚"),
            item("発泡箱（大）", rng.randint(3, 8), 132, 10, "個"),
            item("保冷用 砕氷（10kg）", rng.randint(2, 6), 440, 10, "袋")]  # fmt: skip
    fish.append(item("端数値引", 1, -(sum(i.amount for i in fish if i.rate == 8) % 100 or 50), 8))
    add("xl_fish", "invoice", "xlsx", FISH, fish, month_end=True, due="next10")
    kitchen = [item("全自動製氷機 キューブアイス 日産95kg", 1, 498000, 10, "台"),
               item("搬入・据付・給排水接続工事", 1, 55000, 10),
               item("既設製氷機 撤去・処分（リサイクル料含む）", 1, 22000, 10),
               item("延長保証（3年）", 1, 33000, 10),
               item("出張費", 1, 8800, 10)]  # fmt: skip
    add("xl_kitchen", "invoice", "xlsx", KITCHEN, kitchen,
        advance=rng.choice((200000, 250000, 300000)))  # fmt: skip
    coffee = [item("ハウスブレンド 焙煎豆（1kg）", rng.randint(4, 12), 3240, 8, "袋"),
              item("シングルオリジン エチオピア（500g）", rng.randint(2, 6), 2268, 8, "袋"),
              item("ドリップバッグ（50袋入）", rng.randint(1, 4), 4320, 8, "箱"),
              item("エスプレッソマシン レンタル（月額）", 1, 16500, 10, "台"),
              item("紙カップ 8oz（1000個）", rng.randint(1, 3), 7150, 10, "箱")]  # fmt: skip
    add("xl_coffee", "invoice", "xlsx", COFFEE, coffee, inclusive=True)
    # scans (12) of 12 of the 14 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for d in printed if d.layout not in ("market", "fitout")]
    formats = ("scan-jpg", "scan-pdf", "scan-png")
    for index, source in enumerate(sources):
        scan = H10Doc(**{**source.__dict__, "id": f"h10_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (220, 300, 150, 250, 200, 280)[index % 6]
        if source.layout in ("coin", "cash", "butcher"):  # small slips: never at 150 dpi
            scan.dpi = 300 if source.layout != "butcher" else 240
        scan.extra = {**source.extra, "source": source.id,
                      "sideways": source.layout == "linen", "phone": source.layout == "butcher",
                      "punch": source.layout in ("foods", "gas", "clean"),
                      "paid": source.layout in ("drinks", "bgm", "design")}  # fmt: skip
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _iso(day: dt.date) -> str:
    return day.isoformat()


def _yen(value: int) -> str:
    return f"¥{value:,}" if value >= 0 else f"-¥{-value:,}"


def _kakuin(text: str, size: int = 62) -> str:
    """A square red company seal."""
    return (f"<div style='width:{size}px;height:{size}px;border:3px solid #c0392b;color:#c0392b;"
            f"font-family:SawarabiMincho;font-size:10pt;line-height:1.15;text-align:center;"
            f"display:flex;align-items:center;justify-content:center;box-sizing:border-box;"
            f"transform:rotate(-3deg)'>{text}</div>")  # fmt: skip


def _boxes(labels: tuple[str, ...]) -> str:
    """Empty stamp boxes (承認 / 検印 / 担当)."""
    cells = "".join(
        f"<td style='border:1px solid #333;width:58px;height:52px;vertical-align:top;"
        f"text-align:center;font-size:7.5pt'>{label}</td>"
        for label in labels
    )
    return f"<table style='margin-left:auto'><tr>{cells}</tr></table>"


def _rate_table(doc: H10Doc, bg: str, rates: tuple[int, ...] = (10, 8)) -> str:
    """A 税率 / 税抜金額 / 消費税額 / 税込金額 header row over one value row per rate."""
    bases, taxes = doc.bases(), doc.taxes()
    rows = "".join(
        f"<tr>{_td(f'{r}%' + ('（軽減税率）' if r == 8 else ''))}{_td(f'{bases.get(r, 0):,}', num=True)}"
        f"{_td(f'{taxes.get(r, 0):,}', num=True)}{_td(f'{bases.get(r, 0) + taxes.get(r, 0):,}', num=True)}</tr>"
        for r in rates
    )
    head = _head(["税率", "税抜金額", "消費税額", "税込金額"], bg)
    return f"<table style='margin:8px 0 0 auto;min-width:56%'>{head}{rows}</table>"


# -- HTML layouts -------------------------------------------------------------------------------


def _foods(doc: H10Doc) -> str:
    """A food wholesaler's 御請求書: ※8 % foods and 10 % goods, a negative 特売値引, the rate table
    (header row over value rows), the issuer right-aligned beside a seal, 「ご請求金額」."""
    name, address, tel, staff = doc.issuer
    bg = "#f3eadb"
    first = doc.date.replace(day=1)
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td('※' if i.rate == 8 else '', 'text-align:center')}"
        f"{_td(i.quantity, num=True)}{_td(_u(i))}{_td(_money(i.unit_price, '△'), num=True)}"
        f"{_td(_money(i.amount, '△'), num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    return f"""
<div style="padding:40px 46px;font-family:SawarabiGothic;font-size:9.5pt">
 <div style="font-family:SawarabiMincho;font-size:23pt;letter-spacing:10px;text-align:center;border-bottom:2px solid #6b4a1b;padding-bottom:6px">御 請 求 書</div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:52%"><div style="font-size:14pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">{doc.date.year}年{doc.date.month}月分（{_ja(first)}～{_ja(doc.date)}）</div>
   <div style="margin-top:14px;border:2px solid #6b4a1b;padding:6px 12px"><span style="font-size:11pt">ご請求金額</span>
    <span style="font-size:19pt;margin-left:16px">¥{doc.total():,}</span><span style="font-size:9pt">（税込）</span></div>
   <div style="margin-top:6px">お支払期限　{_ja(_due(doc))}</div></div>
  <div style="width:42%;text-align:right;line-height:1.65">請求日　{_ja(doc.date)}<br>請求No.　{doc.number}
   <div style="display:flex;justify-content:flex-end;align-items:center;gap:8px;margin-top:8px">
    <div><span style="font-size:12.5pt">{name}</span><br>{address}<br>TEL {tel}<br>{staff}<br>登録番号 {doc.registration}</div>{_kakuin("あじさい<br>業務食品<br>之印")}</div></div></div>
 <table style="width:100%;margin-top:16px">{_head(["No.", "品名・規格", "軽減", "数量", "単位", "単価", "金額"], bg)}{rows}</table>
 {_rate_table(doc, bg)}
 <div style="margin-top:10px;font-size:8.5pt">※印は軽減税率（8%）対象品目です。値引は対象品目の税率で計算しています。<br>
  お振込先：かわぐち領家銀行 本店営業部 普通 5540219 カ）アジサイギヨウムシヨクヒン</div>
</div>"""


def _market(doc: H10Doc) -> str:
    """A produce market 仲卸's 月末締め invoice: 28 rows by delivery date at 8 % (a ※ column),
    10 % boxes and delivery, a negative 端数値引, 「今回ご請求額」."""
    name, address, tel, stall = doc.issuer
    bg = "#e3efdc"
    dates = [*doc.extra["days"], None, None, None]
    rows = ""
    for i, day in zip(doc.lines, dates, strict=True):
        when = f"{doc.date.month}/{day}" if day else ""
        rows += (f"<tr>{_td(when)}{_td(i.description)}{_td(_money(i.quantity, '▲'), num=True)}{_td(_u(i))}"
                 f"{_td(_money(i.unit_price, '▲'), num=True)}{_td(_money(i.amount, '▲'), num=True)}"
                 f"{_td('※' if i.rate == 8 else '', 'text-align:center')}</tr>")  # fmt: skip
    bases, taxes = doc.bases(), doc.taxes()
    return f"""
<div style="padding:26px 40px;font-family:SawarabiGothic;font-size:8pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div style="font-family:SawarabiMincho;font-size:19pt;letter-spacing:6px">請求書</div>
  <div style="text-align:right">締日 {_ja(doc.date)}（月末締め）<br>請求番号 {doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:10px">
  <div style="width:50%"><div style="font-size:12.5pt;border-bottom:1px solid #000">{doc.buyer} 御中</div>
   <div>納品先：{STORES[doc.date.month % len(STORES)]}（厨房口）</div>
   <table style="margin-top:8px">{_head(["前月ご請求額", "ご入金額", "今回お買上額", "消費税額", "今回ご請求額"], bg)}
    <tr>{_td("—")}{_td("—")}{_td(f"{_base(doc):,}", num=True)}{_td(f"{_tax(doc):,}", num=True)}{_td(f"{doc.total():,}", "font-weight:bold;font-size:10.5pt", True)}</tr></table>
   <div style="margin-top:4px">お支払期限：{_ja(_due(doc))}（翌月10日）</div></div>
  <div style="width:44%;line-height:1.5">{name}<br>{address}<br>TEL {tel}　FAX 03-5492-6019<br>{stall}<br>登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:10px">{_head(["月日", "品名（産地・規格）", "数量", "単位", "単価", "金額", "軽減"], bg)}{rows}</table>
 <div style="margin-top:6px;text-align:right">8%対象 {bases[8]:,}円　消費税 {taxes[8]:,}円　／　10%対象 {bases[10]:,}円　消費税 {taxes[10]:,}円</div>
 <div style="margin-top:6px;font-size:7.5pt">※は軽減税率（8%）対象です。青果の単価はセリ・相対の当日価格です。お振込先：おおた東海信用金庫 市場支店 当座 0071142 カ）ヒガシノセイカ</div>
</div>"""


def _linen(doc: H10Doc) -> str:
    """A linen rental's 20日締め invoice: おしぼり per 本, 白衣 per 着・月, a 不課税 紛失補償金, the
    issuer in a right-aligned block, 「ご請求金額（税込）」, due the end of the next month."""
    name, address, tel, office = doc.issuer
    bg = "#e8eef6"
    start = last_day_of_month(doc.date, -1).replace(day=21)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.quantity:,}', num=True)}{_td(_u(i))}{_td(f'{i.unit_price:,}', num=True)}"
        f"{_td(f'{i.amount:,}', num=True)}{_td('不課税' if i.rate is None else '10%')}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:44px 50px;font-family:SawarabiGothic;font-size:9.5pt">
 <div style="text-align:right;line-height:1.6"><div style="font-size:8pt;letter-spacing:3px;color:#35557f">SHIROTAE LINEN SUPPLY</div>
  <span style="font-size:13pt;font-family:SawarabiMincho">{name}</span><br>{office}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div style="font-family:SawarabiMincho;font-size:20pt;letter-spacing:8px;margin-top:14px">レンタル料 請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px;align-items:flex-end">
  <div style="width:54%"><div style="font-size:13.5pt;border-bottom:1.5px solid #35557f">{doc.buyer}　御中</div>
   <div style="margin-top:4px">ご利用店舗：{STORES[1]}・{STORES[3]}</div><div>対象期間：{_ja(start)}～{_ja(doc.date)}（20日締め）</div></div>
  <table>{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("請求日", _ja(doc.date)), ("請求番号", doc.number), ("お支払期限", _ja(_due(doc)))))}</table></div>
 <div style="margin-top:14px;font-size:12pt">ご請求金額（税込）　<span style="font-size:18pt;border-bottom:2px solid #35557f">¥{doc.total():,}</span></div>
 <table style="width:100%;margin-top:12px">{_head(["品目", "数量", "単位", "単価", "金額", "税区分"], bg)}{rows}</table>
 {_sums([("10%対象", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("不課税（紛失補償金）", f"{doc.non_taxable():,}"), ("ご請求金額（税込）", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※紛失補償金は損害の補填であり消費税の課税対象外です。おしぼりの回収本数は回収伝票をご確認ください。<br>
  お振込先：ふなばし習志野銀行 習志野台支店 普通 3301875 カ）シロタエリネンサプライ</div>
</div>"""


def _app(doc: H10Doc) -> str:
    """A delivery app's bilingual 手数料 invoice and payout statement: fees on the month's sales,
    a negative campaign subsidy, the payout in its own box, ISO dates, no due date."""
    name, address, tel, dept = doc.issuer
    bg = "#fde9e4"
    sales, orders, refunds = doc.extra["sales"], doc.extra["orders"], doc.extra["refunds"]
    end = doc.date.replace(day=1) - dt.timedelta(days=1)
    start = end.replace(day=1)
    basis = [(f"¥{sales:,}", "28%"), (f"¥{sales:,}", "3.4%"), (f"{orders:,}件", "¥60"), ("—", "—"),
             ("—", "—")]  # fmt: skip
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(b, num=True)}{_td(r, num=True)}{_td(_yen(i.amount), num=True)}</tr>"
        for i, (b, r) in zip(doc.lines, basis, strict=True)
    )
    payout = sales - refunds - doc.total()
    payday = doc.date + dt.timedelta(days=10)
    return f"""
<div style="padding:36px 44px;font-family:MigMix1P;font-size:9pt;color:#222">
 <div style="display:flex;justify-content:space-between;align-items:center">
  <div style="font-family:MigMix1P;font-weight:bold;font-size:22pt;color:#e8492e">hakobune<span style="color:#222">eats</span></div>
  <div style="text-align:right"><div style="font-size:15pt">請求書 兼 精算明細書</div><div>Invoice &amp; Payout Statement</div></div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:52%"><div style="color:#888">加盟店 / Partner</div><div style="font-size:13pt">{doc.buyer} 御中</div><div>{STORES[2]}（加盟店ID P-{doc.number[-5:]}）</div>
   <div style="margin-top:8px">対象期間 / Period：{_iso(start)} ～ {_iso(end)}</div></div>
  <div style="width:44%;line-height:1.55;font-size:8.5pt"><b>{name}</b><br>Hakobune Technologies Inc.<br>{address}<br>TEL {tel}　{dept}<br>
   登録番号 / Registration No.：{doc.registration}<br>発行日 / Issue date：{_iso(doc.date)}<br>請求書番号 / Invoice No.：{doc.number}</div></div>
 <table style="width:100%;margin-top:14px">{_head(["項目 / Item", "対象 / Basis", "料率・単価 / Rate", "金額 / Amount"], bg)}{rows}</table>
 {_sums([("小計 / Subtotal", _yen(_base(doc))), ("消費税 10% / Tax", _yen(_tax(doc))), ("ご請求金額（手数料合計・税込）/ Amount invoiced", _yen(doc.total()))], bg=bg)}
 <div style="margin-top:16px;border:1.5px solid #e8492e;padding:8px 14px;width:62%">
  <div style="font-size:10.5pt">精算 / Payout</div>
  <table style="width:100%">{"".join(f"<tr><td>{k}</td><td style='text-align:right'>{v}</td></tr>" for k, v in (("注文売上（税込）/ Gross sales", _yen(sales)), ("キャンセル返金負担 / Refunds", _yen(-refunds)), ("手数料合計（税込）/ Fees", _yen(-doc.total())), ("お振込予定額 / Payout", _yen(payout))))}</table>
  <div>お振込予定日 / Payout date：{_iso(payday)}</div></div>
 <div style="margin-top:10px;font-size:8pt">※手数料は売上金から相殺いたしますので、別途のお振込みは不要です。/ Fees are offset against your sales; no payment is required.</div>
</div>"""


def _gas(doc: H10Doc) -> str:
    """A city-gas bill in two columns: 内税 基本料金 and 従量料金 (m³ × 円 with two decimals), an
    alarm lease, a negative 口座振替割引, 「うち消費税等相当額」, 検針日 and 使用期間 first."""
    name, address, tel, centre = doc.issuer
    bg = "#eaf1fb"
    m3, unit, start = doc.extra["m3"], doc.extra["unit"], doc.extra["meter"]
    read = doc.date - dt.timedelta(days=3)
    before = read - dt.timedelta(days=_meter_days(doc))
    notes = ["", f"{m3}m³ × {unit / 100:.2f}円", "", ""]
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(n)}{_td(_money(i.amount, '-'), num=True)}</tr>"
        for i, n in zip(doc.lines, notes, strict=True)
    )
    return f"""
<div style="padding:36px 44px;font-family:SawarabiGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:center;border-bottom:3px solid #1d5fa8;padding-bottom:6px">
  <div style="font-size:19pt;color:#1d5fa8">ガス料金 ご請求書</div><div style="text-align:right">{name}<br>{centre} {tel}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:47%"><div style="font-size:13pt">{doc.buyer} 様</div><div>お客さま番号 2207-{doc.number[-4:]}-01</div><div>ご使用場所：{STORES[0]}</div>
   <table style="width:100%;margin-top:10px">{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("検針日", _ja(read)), ("ご使用期間", f"{before.month}月{before.day}日～{read.month}月{read.day}日"), ("今回指針", f"{start + m3:,}"), ("前回指針", f"{start:,}"), ("ご使用量", f"{m3}m³"), ("ご契約種別", "業務用季節別契約")))}</table></div>
  <div style="width:49%"><table style="width:100%">{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("ご請求日", _ja(doc.date)), ("ご請求番号", doc.number), ("お支払期限", _ja(_due(doc)))))}</table>
   <div style="margin-top:12px;border:2px solid #1d5fa8;padding:8px 12px">今月のご請求額<br><span style="font-size:19pt">{doc.total():,}円</span><br>（うち消費税等相当額 {_tax(doc):,}円）</div>
   <table style="width:100%;margin-top:12px">{_head(["料金内訳（税込）", "計算", "金額（円）"], bg)}{rows}
    <tr>{_td("合計")}{_td("")}{_td(f"{doc.total():,}", "font-weight:bold", True)}</tr></table></div></div>
 <div style="margin-top:14px;font-size:8.5pt;line-height:1.6">※従量単価には原料費調整額を含みます。料金はすべて消費税等相当額を含みます（10%）。<br>
  ※口座振替をご利用のお客さまは振替日にお引き落としいたします。　登録番号 {doc.registration}<br>{address}</div>
</div>"""


def _meter_days(doc: H10Doc) -> int:
    """The length of the gas meter's period (28–33 days), fixed by the document."""
    return 28 + doc.extra["meter"] % 6


def _water(doc: H10Doc) -> str:
    """A city water bureau's two-month 上下水道料金 bill: 内税, m³ × 円, 「お支払金額」, 「納期限」."""
    name, address, tel, section = doc.issuer
    bg = "#e2f2f4"
    read = doc.date - dt.timedelta(days=6)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.quantity}{_u(i)}', num=True)}{_td(f'{i.unit_price:,}円', num=True)}"
        f"{_td(f'{i.amount:,}円', num=True)}</tr>"
        for i in doc.lines
    )
    m3 = doc.lines[1].quantity
    return f"""
<div style="padding:40px 48px;font-family:SawarabiGothic;font-size:9.5pt">
 <div style="text-align:center;font-family:SawarabiMincho;font-size:18pt;letter-spacing:4px">上下水道料金 請求書（納入通知書）</div>
 <div style="text-align:center;margin-top:2px">{reiwa(read)} 検針分（2か月分）</div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:52%;border:1px solid #555;padding:8px 12px"><div style="font-size:12.5pt">{doc.buyer} 様</div>
   <div>水栓番号 31-{doc.number[-5:]}　口径 25mm</div><div>給水場所：あさなぎ市本町4-6-2（{STORES[3]}）</div>
   <div>今回使用水量 {m3}m³（2か月）</div></div>
  <div style="width:42%;line-height:1.6;text-align:right">発行日 {reiwa(doc.date)}<br>請求番号 {doc.number}<br><span style="font-size:12pt">{name}</span><br>{section}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:14px">{_head(["項目", "数量", "単価（税込）", "金額（税込）"], bg)}{rows}</table>
 <table style="width:60%;margin:12px 0 0 auto">{_head(["お支払金額", "うち消費税等相当額（10%）", "納期限"], bg)}
  <tr>{_td(f"{doc.total():,}円", "font-size:13pt;font-weight:bold", True)}{_td(f"{_tax(doc):,}円", num=True)}{_td(reiwa(_due(doc)))}</tr></table>
 <div style="margin-top:12px;font-size:8.5pt">※納期限までに指定金融機関またはコンビニエンスストアでお納めください。口座振替の方は納期限の日に振り替えます。<br>
  ※水道料金・下水道使用料はいずれも消費税等相当額を含みます。</div>
</div>"""


def _fitout(doc: H10Doc) -> str:
    """An interior contractor's 出来高 invoice: 契約金額 / 出来高率 / 出来高累計 / 前回迄請求額 /
    今回請求額 per work, an added work, stamp boxes, 「今回ご請求金額」."""
    name, address, tel, staff = doc.issuer
    bg = "#efe9f5"
    rows = ""
    for i, (contract, now, done, billed) in zip(doc.lines, doc.extra["progress"], strict=True):
        rows += (f"<tr>{_td(i.description)}{_td(f'{contract:,}', num=True)}{_td(f'{now}%', num=True)}"
                 f"{_td(f'{done:,}', num=True)}{_td(f'{billed:,}', num=True)}{_td(f'{i.amount:,}', num=True)}</tr>")  # fmt: skip
    totals = [sum(p[k] for p in doc.extra["progress"]) for k in (0, 2, 3)]
    return f"""
<div style="padding:34px 40px;font-family:SawarabiGothic;font-size:8.8pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="font-family:SawarabiMincho;font-size:20pt;letter-spacing:4px">工事代金 請求書（出来高）</div>
  <div style="text-align:right">請求日 {_ja(doc.date)}<br>請求No. {doc.number}<br>第{doc.extra["round_no"]}回 出来高請求</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:54%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">工事名称：{STORES[0]} 新装工事<br>工事場所：宮城県仙台市青葉区上杉1-7-3<br>工期：着工 {_ja(doc.date - dt.timedelta(days=62))}　竣工予定 {_ja(doc.date + dt.timedelta(days=45))}</div>
   <div style="margin-top:10px;font-size:12.5pt">今回ご請求金額　<b>¥{doc.total():,}</b>（税込）</div><div>お支払期限　{_ja(_due(doc))}</div></div>
  <div style="width:40%;line-height:1.6"><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}<br>担当 {staff}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:12px">{_head(["工事項目", "契約金額", "出来高率", "出来高累計", "前回迄請求額", "今回請求額"], bg)}{rows}
  <tr>{_td("計")}{_td(f"{totals[0]:,}", num=True)}{_td("")}{_td(f"{totals[1]:,}", num=True)}{_td(f"{totals[2]:,}", num=True)}{_td(f"{_base(doc):,}", num=True)}</tr></table>
 {_sums([("今回請求額（税抜）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("今回ご請求金額", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:8px;font-size:8pt">※契約金額・出来高累計・前回迄請求額は税抜です。出来高は{doc.date.month}月末日の査定によります。<br>お振込先：せんだい上杉銀行 北四番丁支店 普通 6620418 カ）コマチケンソウ</div>
 <div style="margin-top:10px">{_boxes(("承認", "検印", "担当"))}</div>
</div>"""


def _design(doc: H10Doc) -> str:
    """A design office's bilingual invoice in two columns: 10 % work, two non-taxable 立替金, the
    sums in the side column, 「お支払金額」, 登録番号 「T-1234-5678-9012-3」."""
    name, address, tel, person = doc.issuer
    bg = "#eef6ec"
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'{i.unit_price:,}', num=True)}{_td(f'{i.amount:,}', num=True)}"
        f"{_td('非' if i.rate is None else '10%')}</tr>"
        for i in doc.lines
    )
    side = "".join(
        f"<div style='display:flex;justify-content:space-between;border-bottom:1px dotted #777;padding:3px 0'><span>{k}</span><span>{v}</span></div>"
        for k, v in (
            ("小計 Subtotal（10%対象）", f"¥{_base(doc):,}"),
            ("消費税 Tax 10%", f"¥{_tax(doc):,}"),
            ("立替金 Reimbursements", f"¥{doc.non_taxable():,}"),
        )
    )
    return f"""
<div style="display:flex;font-family:MigMix1P;font-size:9pt;min-height:1050px">
 <div style="width:64%;padding:40px 22px 30px 42px">
  <div style="font-size:26pt;letter-spacing:6px;color:#3f6b3a">INVOICE</div><div style="font-size:12pt">請求書</div>
  <div style="margin-top:22px;color:#777">Bill to / ご請求先</div><div style="font-size:13pt;border-bottom:1px solid #3f6b3a">{doc.buyer} 御中</div>
  <div>販売促進部 ご担当者様</div>
  <div style="margin-top:10px">件名：グランドメニュー改定 制作一式（{STORES[1]} ほか全店）</div>
  <table style="width:100%;margin-top:14px;font-size:8.5pt">{_head(["内容 / Description", "数量", "単価", "金額", "税"], bg)}{rows}</table>
  <div style="margin-top:10px;font-size:8pt">※立替金は撮影時の実費で、領収書の写しを添付しています（消費税の対象外）。</div></div>
 <div style="width:36%;background:#f3f7f1;padding:40px 34px 30px 20px;line-height:1.6">
  <div>Date / 請求日<br><b>{_ja(doc.date)}</b></div><div style="margin-top:6px">Invoice No. / 請求番号<br><b>{doc.number}</b></div>
  <div style="margin-top:6px">Due / お支払期限<br><b>{_ja(_due(doc))}</b></div>
  <div style="margin-top:16px">{side}</div>
  <div style="margin-top:10px;font-size:10pt">お支払金額 Total</div><div style="font-size:18pt;color:#3f6b3a">¥{doc.total():,}</div>
  <div style="margin-top:20px;font-size:8.5pt"><b style="font-size:11pt">{name}</b><br>Aoba Design Office LLC<br>{address}<br>TEL {tel}<br>{person}<br>登録番号 {_hy_tail(doc.registration)}</div>
  <div style="margin-top:16px;font-size:8pt">お振込先 / Bank：ふくおか今泉銀行 天神支店 普通 2287401 ド）アオバデザインシツ</div></div>
</div>"""


def _clean(doc: H10Doc) -> str:
    """A cleaning company's invoice: ㎡ × 単価, a 深夜割増, a negative 出精値引, a 税抜 / 消費税 / 合計
    header row over a value row, 令和 dates, hyphenated 登録番号."""
    name, address, tel, staff = doc.issuer
    bg = "#fff2cc"
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(_u(i))}{_td(_money(i.unit_price, '▲'), num=True)}"
        f"{_td(_money(i.amount, '▲'), num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    work = doc.date - dt.timedelta(days=4)
    return f"""
<div style="padding:42px 48px;font-family:SawarabiGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="width:50%"><div style="font-size:8pt;letter-spacing:2px">KIRARA BISOU</div><div style="font-family:SawarabiMincho;font-size:22pt;letter-spacing:8px">請 求 書</div>
   <div style="margin-top:16px;font-size:13pt;border-bottom:1.5px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:4px">作業場所：{STORES[3]}　作業日：{reiwa(work)}（夜間）</div></div>
  <div style="width:44%;line-height:1.6;text-align:right">{reiwa(doc.date)}<br>No. {doc.number}<br><span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}　{staff}<br>登録番号 {_hy4(doc.registration)}</div></div>
 <p>平素は格別のお引き立てを賜り、誠にありがとうございます。下記のとおりご請求申し上げます。</p>
 <table style="width:78%;text-align:center">{_head(["税抜金額", "消費税額（10%）", "合計金額（税込）", "お支払期限"], bg)}
  <tr>{_td(f"¥{_base(doc):,}", num=True)}{_td(f"¥{_tax(doc):,}", num=True)}{_td(f"¥{doc.total():,}", "font-size:13pt;font-weight:bold", True)}{_td(reiwa(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:16px">{_head(["No.", "作業内容", "数量", "単位", "単価", "金額"], bg)}{rows}</table>
 <div style="margin-top:12px;font-size:8.5pt">※深夜作業割増は22時以降の作業分です。作業報告書（写真付き）を別途メールにてお送りしております。<br>
  お振込先：にしなかじま銀行 新大阪支店 普通 4418820 カ）キララビソウ</div>
</div>"""


def _bgm(doc: H10Doc) -> str:
    """A BGM service's monthly invoice billed ahead: stores × 月額, ISO dates, due the 口座振替日."""
    name, address, tel, centre = doc.issuer
    bg = "#ece8fb"
    ahead = last_day_of_month(doc.date, 1)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.quantity}{_u(i)}' if _u(i) != '式' else '1式', num=True)}"
        f"{_td(f'{i.unit_price:,}', num=True)}{_td(f'{i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:40px 48px;font-family:MigMix1P;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:center;background:#3b2f7a;color:#fff;padding:10px 16px">
  <div style="font-size:17pt;letter-spacing:3px">neiro BGM</div><div>ご利用料金のご請求</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:52%"><div style="font-size:13pt">{doc.buyer} 御中</div><div>ご契約番号 NB-{doc.number[-6:]}</div>
   <div style="margin-top:8px">{ahead.year}年{ahead.month}月ご利用分（前払い）</div></div>
  <div style="width:44%;line-height:1.55"><table>{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("発行日", _iso(doc.date)), ("請求番号", doc.number), ("口座振替日", _iso(_due(doc)))))}</table></div></div>
 <table style="width:100%;margin-top:16px">{_head(["ご利用内容", "数量", "単価（円）", "金額（円）"], bg)}{rows}</table>
 {_sums([("小計", f"{_base(doc):,}円"), ("消費税 10%", f"{_tax(doc):,}円"), ("ご請求金額", f"{doc.total():,}円")], bg=bg)}
 <div style="margin-top:14px;font-size:8.5pt;line-height:1.6">※音楽著作権使用料（演奏権）は月額料金に含まれています。<br>※{_iso(_due(doc))} にご指定の口座から振り替えます。<br>
  {name}　{address}　{centre} TEL {tel}<br>適格請求書発行事業者登録番号：{doc.registration}</div>
</div>"""


def _drinks(doc: H10Doc) -> str:
    """A drinks wholesaler's invoice: 10 % alcohol beside 8 % soft drinks, a non-taxable keg
    deposit and its negative 返却, a negative 値引, slashed dates, 「今回ご請求額」."""
    name, address, tel, staff = doc.issuer
    bg = "#e6e6e6"
    start = last_day_of_month(doc.date, -1).replace(day=26)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(_u(i))}{_td(_money(i.unit_price, '-'), num=True)}"
        f"{_td(_money(i.amount, '-'), num=True)}{_td({None: '非', 8: '8%※', 10: '10%'}[i.rate])}</tr>"
        for i in doc.lines
    )
    bases, taxes = doc.bases(), doc.taxes()
    return f"""
<div style="padding:38px 46px;font-family:SawarabiGothic;font-size:9.2pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div><div style="font-family:SawarabiMincho;font-size:21pt">請求書</div><div>{_slash(start)} ～ {_slash(doc.date)}（25日締め）</div></div>
  <div style="text-align:right">請求日 {_slash(doc.date)}<br>伝票No. {doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:50%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div><div>得意先コード 30-{doc.number[-4:]}</div>
   <div style="margin-top:12px;font-size:12pt">今回ご請求額　¥{doc.total():,}</div><div>お支払期限 {_slash(_due(doc))}</div></div>
  <div style="width:44%;line-height:1.55">{name}<br>{address}<br>TEL {tel}　担当 {staff}<br>酒類販売業免許 西酒第118号<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:14px">{_head(["品名", "数量", "単位", "単価", "金額", "税率"], bg)}{rows}</table>
 {_sums([("10%対象", f"{bases[10]:,}"), ("消費税 10%", f"{taxes[10]:,}"), ("8%対象（※）", f"{bases[8]:,}"), ("消費税 8%", f"{taxes[8]:,}"), ("非課税（容器保証金）", _money(doc.non_taxable())), ("今回ご請求額", f"{doc.total():,}")], bg=bg)}
 <div style="margin-top:10px;font-size:8.5pt">※は軽減税率対象。容器保証金は空樽ご返却時に返金いたします（消費税の対象外）。<br>お振込先：にしのみや今津銀行 本店 普通 1182093 カ）タルヤシユハン</div>
</div>"""


def _butcher(doc: H10Doc) -> str:
    """A butcher's hand-filled 領収書: Seto handwriting over printed labels, 「様」, per-rate 内訳,
    a stamped 登録番号."""
    name, address, tel, owner = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    hand = "font-family:Seto;color:#1a2a6c"
    return f"""
<div style="padding:20px 30px;font-family:TakaoPMincho;font-size:10pt;line-height:1.5;border:1px solid #999;margin:8px;height:300px;position:relative">
 <div style="display:flex;justify-content:space-between"><span style="font-size:20pt;letter-spacing:14px">領収書</span>
  <span>No. {doc.number[-4:]}<br><span style="{hand};font-size:12pt">{doc.date.year}年 {doc.date.month}月 {doc.date.day}日</span></span></div>
 <div style="margin-top:8px;border-bottom:1px solid #000;width:58%"><span style="{hand};font-size:15pt">{doc.buyer}</span>　様</div>
 <div style="margin-top:10px;border:1px solid #000;width:54%;padding:4px 10px">金額 <span style="{hand};font-size:21pt;margin-left:18px">¥{doc.total():,}-</span></div>
 <div style="margin-top:6px">但し <span style="{hand};font-size:12pt">食材代として</span>　上記正に領収いたしました</div>
 <table style="margin-top:6px;font-size:9pt"><tr><td style="border:1px solid #000;padding:2px 6px">税率</td><td style="border:1px solid #000;padding:2px 6px">税込金額</td><td style="border:1px solid #000;padding:2px 6px">内消費税</td></tr>
  {"".join(f"<tr><td style='border:1px solid #000;padding:2px 6px'>{r}%{'（軽減）' if r == 8 else ''}</td><td style='border:1px solid #000;padding:2px 6px;{hand}'>¥{bases[r]:,}</td><td style='border:1px solid #000;padding:2px 6px;{hand}'>¥{taxes[r]:,}</td></tr>" for r in (8, 10))}</table>
 <div style="position:absolute;right:26px;top:96px;width:34%;text-align:right;font-size:9pt;line-height:1.55"><span style="font-size:13pt">{name}</span><br>{address}<br>TEL {tel}<br>{owner}
  <div style="border:1.5px solid #b03a2e;color:#b03a2e;padding:2px 6px;margin-top:6px;font-family:IPAGothic;font-size:8.5pt;display:inline-block">登録番号 {doc.registration}</div></div>
 <div style="position:absolute;left:30px;bottom:14px;font-size:8pt">収入印紙は5万円未満のため不要</div>
</div>"""


def _cash(doc: H10Doc) -> str:
    """A cash-and-carry store's register receipt: ※ marks, 外税 per rate, a 値引 line, お預り /
    お釣り, no buyer."""
    name, address, tel, shop = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = ""
    for i in doc.lines:
        mark = "※" if i.rate == 8 else "　"
        rows += f"<div style='display:flex;justify-content:space-between'><span>{mark}{i.description}</span><span>{_money(i.amount, '-', '¥')}</span></div>"
        if i.quantity > 1:
            rows += f"<div style='padding-left:16px'>@{i.unit_price:,} × {i.quantity}</div>"
    tendered = -(-doc.total() // 1000) * 1000 + (1000 if doc.total() % 1000 > 800 else 0)
    when = f"{doc.date:%Y/%m/%d}({WEEKDAYS[doc.date.weekday()]}) 10:{doc.total() % 50 + 10:02d}"

    def line(key: str, value: str, size: str = "") -> str:
        return f"<div style='display:flex;justify-content:space-between;{size}'><span>{key}</span><span>{value}</span></div>"

    return f"""
<div style="padding:10px 12px;font-family:MigMix2M;font-size:8.5pt;line-height:1.45">
 <div style="text-align:center;font-size:13pt">ひなたマート 業務用館</div>
 <div style="text-align:center">{shop}<br>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div style="margin-top:6px">{when}</div><div>レジ003 担当:ﾏﾂｲ　No.{doc.number[-4:]}</div>
 <div style="text-align:center;margin:4px 0;letter-spacing:4px">領 収 証</div>
 <div style="border-top:1px dashed #000;padding-top:4px">{rows}</div>
 <div style="border-top:1px dashed #000;margin-top:4px;padding-top:4px">
  {line("小計", f"¥{_base(doc):,}")}
  {line("(外税8%対象", f"¥{bases[8]:,})")}{line("(外税8%", f"¥{taxes[8]:,})")}
  {line("(外税10%対象", f"¥{bases[10]:,})")}{line("(外税10%", f"¥{taxes[10]:,})")}
  {line("合計", f"¥{doc.total():,}", "font-size:12pt")}
  {line("お預り", f"¥{tendered:,}")}{line("お釣り", f"¥{tendered - doc.total():,}")}</div>
 <div style="margin-top:6px">※印は軽減税率(8%)対象商品です。<br>お買上げありがとうございました。</div>
</div>"""


def _coin(doc: H10Doc) -> str:
    """A coin-parking 領収証: 内税, 入庫 / 出庫 times, no buyer."""
    name, address, tel, lot = doc.issuer
    minutes, hour = doc.extra["minutes"], doc.extra["hour"]
    out = dt.datetime.combine(doc.date, dt.time(hour, minutes % 60))
    came = out - dt.timedelta(minutes=minutes)
    fee = doc.total()
    return f"""
<div style="padding:8px 10px;font-family:IPAGothic;font-size:8pt;line-height:1.5">
 <div style="text-align:center;font-size:11pt;letter-spacing:3px">領収証</div>
 <div style="text-align:center">{lot}<br>精算機 No.2</div>
 <div style="border-top:1px solid #000;margin-top:4px;padding-top:4px">入庫 {came:%Y/%m/%d %H:%M}<br>出庫 {out:%Y/%m/%d %H:%M}<br>駐車時間 {minutes // 60}時間{minutes % 60:02d}分　車室 07</div>
 <div style="display:flex;justify-content:space-between;font-size:10.5pt;margin-top:4px"><span>駐車料金</span><span>¥{fee:,}</span></div>{"<div>（最大料金 ¥3,300 適用）</div>" if fee == 3300 else ""}
 <div style="display:flex;justify-content:space-between"><span>(内消費税10%</span><span>¥{_tax(doc):,})</span></div>
 <div style="display:flex;justify-content:space-between"><span>現金</span><span>¥{fee:,}</span></div>
 <div style="border-top:1px solid #000;margin-top:4px;padding-top:4px">発行日 {_slash(doc.date)}<br>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


def _non_invoice(doc: H10Doc) -> str:
    """The contractor's 御見積書, our 発注書, the market's 納品書, our 支払通知書, a 書類送付状, the
    linen rental's 請求書再発行のご案内, the drinks wholesaler's 返品伝票 and a bank's notice."""
    name, address, tel, staff = doc.issuer
    day = _ja(doc.date)
    bg = "#eeeeee"
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(_money(i.quantity, '△'), num=True)}{_td(_money(i.unit_price, '△'), num=True)}{_td(_money(i.amount, '△'), num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table style='width:100%;margin-top:10px'>{_head(['No.', '品名・内容', '数量', '単価', '金額'], bg)}{rows}</table>"
    letter = "padding:60px 64px;font-family:TakaoPMincho;font-size:11pt;line-height:1.9"
    if doc.layout == "cover":
        return f"""
<div style="{letter}">
 <div style="text-align:right">{reiwa(doc.date)}</div><div style="font-size:13pt">{doc.buyer}<br>総務部 御担当者様</div>
 <div style="text-align:right">{name}<br>{staff}<br>{address}<br>TEL {tel}</div>
 <div style="text-align:center;font-size:18pt;letter-spacing:8px;margin:18px 0">書類送付状</div>
 <p>拝啓　時下ますますご清栄のこととお喜び申し上げます。平素は格別のご高配を賜り、厚く御礼申し上げます。<br>
 下記の書類をご送付いたしますので、ご査収くださいますようお願い申し上げます。</p><div style="text-align:right">敬具</div>
 <div style="text-align:center">記</div><div>1．顧問報酬 請求書　1通<br>2．算定基礎届 控（電子申請 受付通知）　1通<br>3．就業規則 改定案（育児・介護休業規程）　1部</div>
 <div style="text-align:right">以上</div></div>"""
    if doc.layout == "reissue":
        return f"""
<div style="{letter}">
 <div style="text-align:right">{_ja(doc.date)}</div><div style="font-size:13pt">{doc.buyer}<br>経理ご担当者様</div>
 <div style="text-align:right">{name}<br>{staff}<br>TEL {tel}</div>
 <div style="text-align:center;font-size:17pt;letter-spacing:4px;margin:18px 0">請求書再発行のご案内</div>
 <p>拝啓　平素は格別のお引き立てを賜り、誠にありがとうございます。<br>
 先般お送りいたしました20日締め分の請求書につきまして、ご利用店舗名の記載に誤りがございました。
 大変お手数ですが、旧請求書（No.{doc.number}）を破棄いただき、同封の再発行分にてご処理くださいますようお願い申し上げます。
 なお、ご請求金額 ¥{doc.total():,}（税込）およびお支払期限 {_ja(_due(doc))} に変更はございません。</p>
 <div style="text-align:right">敬具</div><div>同封書類：請求書（再発行）1通</div></div>"""
    if doc.layout == "bank":
        paid, fee = doc.lines[0].amount, doc.lines[1].amount
        return f"""
<div style="padding:48px;font-family:SawarabiGothic;font-size:10pt">
 <div style="display:flex;justify-content:space-between"><span style="font-size:14pt">{name}</span><span>{staff}<br>TEL {tel}</span></div>
 <div style="text-align:center;font-size:18pt;letter-spacing:4px;margin:20px 0 10px">お振込受付のお知らせ</div>
 <div>{doc.buyer} 様</div><p>いつも{name}をご利用いただきありがとうございます。下記のとおりお振込みを受け付けました。</p>
 <table style="width:100%">{"".join(f"<tr>{_th(k, bg=bg)}{_td(v)}</tr>" for k, v in (("受付日", day), ("受付番号", doc.number), ("お振込先", f"かわぐち領家銀行 本店営業部 普通 5540219 {FOODS[0]}"), ("お振込金額", f"{paid:,}円"), ("振込手数料（消費税込）", f"{fee:,}円"), ("お引落し金額合計", f"{paid + fee:,}円"), ("お引落し口座", "内神田支店 当座 0024417")))}</table>
 <p style="font-size:9pt">※振込手数料の適格請求書（消費税額を記載したもの）は、毎月の「手数料明細」にてまとめて交付いたします。本書はお振込受付の控えです。</p></div>"""
    if doc.layout == "paynotice":
        return f"""
<div style="padding:48px;font-family:SawarabiGothic;font-size:10pt">
 <div style="text-align:center;font-size:19pt;letter-spacing:6px">支払通知書</div>
 <div style="text-align:right;margin-top:8px">{day}<br>通知No. PN-{doc.number[-5:]}</div>
 <div style="font-size:13pt">{name} 御中</div><div style="text-align:right">{doc.buyer}<br>経理部</div>
 <p>平素より大変お世話になっております。貴社ご請求分につきまして、下記のとおりお支払いいたしますのでご通知申し上げます。</p>
 <table>{_head(["お支払日", "お支払方法", "お支払金額", "うち消費税（10%）"], bg)}
  <tr>{_td(_ja(_due(doc)))}{_td("銀行振込（手数料当社負担）")}{_td(f"¥{doc.total():,}", "font-size:13pt", True)}{_td(f"¥{_tax(doc):,}", num=True)}</tr></table>
 {table}<div style="margin-top:8px;font-size:9pt">※本書は請求書ではありません。お支払金額に相違がございましたら経理部までご連絡ください。</div></div>"""
    if doc.layout == "credit":
        return f"""
<div style="padding:48px;font-family:SawarabiGothic;font-size:10pt;color:#a01818">
 <div style="text-align:center;font-size:18pt;letter-spacing:4px">返品伝票（赤伝）</div>
 <div style="text-align:right;margin-top:8px">発行日 {_slash(doc.date)}<br>伝票No. R{doc.number[-5:]}</div>
 <div style="font-size:13pt">{doc.buyer}　御中</div><div style="text-align:right">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <p>下記のとおり返品を承りました。返品額は次回ご請求より差し引かせていただきます。</p>
 <div style="font-size:14pt;border-bottom:1px solid #a01818;width:60%">返品合計（税込）　△¥{-doc.total():,}</div>
 {table}<div style="text-align:right;margin-top:6px">{"　".join(f"{r}%対象 △{-b:,}円 消費税 △{-doc.taxes()[r]:,}円" for r, b in doc.bases().items())}</div></div>"""
    title, lead, label = {
        "quote": ("御見積書", "追加工事につき、下記のとおりお見積り申し上げます。", "御見積金額"),
        "order": ("発注書", "下記のとおり発注いたします。ご手配のほどよろしくお願いいたします。", "発注金額"),
        "delivery": ("納品書", "毎度ありがとうございます。下記のとおり納品いたしました。", "納品金額"),
    }[doc.layout]  # fmt: skip
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    tail = {
        "quote": f"有効期限：{_ja(doc.date + dt.timedelta(days=30))}　工期：約5日（夜間作業）　※消防届出が必要な場合は別途",
        "order": f"納品希望日：{doc.date.month}月{min(28, doc.date.day + 3)}日 午前　納品場所：{STORES[2]}　支払条件：月末締め翌月末払い",
        "delivery": "※代金は月末締めにてまとめてご請求いたします。　受領印：",
    }[doc.layout]
    amount = _pretax(doc) if doc.layout != "delivery" else _base(doc)
    note = "（税込）" if doc.layout != "delivery" else "（税抜）"
    return f"""
<div style="padding:48px;font-family:SawarabiGothic;font-size:10pt">
 <div style="text-align:center;font-size:20pt;letter-spacing:6px;font-family:SawarabiMincho">{title}</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to} 御中</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:58%">{label}　¥{amount:,}{note}</div>
 <div>{tail}</div>{table}</div>"""


LAYOUTS: dict[str, Callable[[H10Doc], str]] = {
    "foods": _foods,
    "market": _market,
    "linen": _linen,
    "app": _app,
    "gas": _gas,
    "water": _water,
    "fitout": _fitout,
    "design": _design,
    "clean": _clean,
    "bgm": _bgm,
    "drinks": _drinks,
    "butcher": _butcher,
    "cash": _cash,
    "coin": _coin,
    **dict.fromkeys(
        ("quote", "order", "delivery", "paynotice", "cover", "reissue", "credit", "bank"),
        _non_invoice,
    ),
}

CSS = """
@font-face { font-family: "SawarabiMincho"; src: url("swm.ttf"); }
@font-face { font-family: "SawarabiGothic"; src: url("swg.ttf"); }
@font-face { font-family: "MigMix1P"; src: url("mig1p.ttf"); }
@font-face { font-family: "MigMix1P"; src: url("mig1pb.ttf"); font-weight: bold; }
@font-face { font-family: "MigMix2M"; src: url("mig2m.ttf"); }
@font-face { font-family: "Seto"; src: url("seto.ttf"); }
@font-face { font-family: "IPAGothic"; src: url("ipag.ttf"); }
@font-face { font-family: "TakaoPMincho"; src: url("takaopm.ttf"); }
body { font-family: "SawarabiGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
"""


def _pdf_options(doc: H10Doc) -> dict[str, Any]:
    if doc.layout == "cash":
        return {"width": "80mm", "height": "190mm", "print_background": True}
    if doc.layout == "coin":
        return {"width": "58mm", "height": "110mm", "print_background": True}
    if doc.layout == "butcher":
        return {"width": "182mm", "height": "100mm", "print_background": True}
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H10Doc) -> bytes:
    """A 社会保険労務士's invoice (源泉徴収, 令和 dates, 「差引お支払額」), a POS lease invoice
    (非課税 保険料, 「様」, slashed dates, the 口座振替日) or a staffing agency's invoice (深夜 125 %,
    登録番号 「T 1234567890123」, dates with weekdays)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    document = docx.Document()
    document.styles["Normal"].font.name = {"docx_sr": "Sawarabi Mincho", "docx_pos": "MigMix 1P",
                                           "docx_temps": "Sawarabi Gothic"}[layout]  # fmt: skip
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run_ = title.add_run({"docx_sr": "請　求　書", "docx_pos": "リース料 ご請求書",
                          "docx_temps": "派遣料金 請求書"}[layout])  # fmt: skip
    run_.bold, run_.font.size = True, Pt(18)
    when = {"docx_sr": reiwa(doc.date), "docx_pos": _slash(doc.date),
            "docx_temps": _ja(doc.date, weekday=True)}[layout]  # fmt: skip
    right = document.add_paragraph(f"請求日　{when}\n請求番号　{doc.number}")
    right.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    to = {"docx_sr": f"{doc.buyer}　御中\n代表取締役社長　様", "docx_pos": f"{doc.buyer}　様",
          "docx_temps": f"{doc.buyer}　御中\n店舗運営部 ご担当者様"}[layout]  # fmt: skip
    document.add_paragraph(to).runs[0].font.size = Pt(13)
    number = {"docx_sr": doc.registration, "docx_pos": _hy4(doc.registration),
              "docx_temps": f"T {doc.registration[1:]}"}[layout]  # fmt: skip
    issuer = document.add_paragraph(f"{name}\n{staff}\n{address}\nTEL {tel}\n登録番号　{number}")
    issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if layout == "docx_sr":
        document.add_paragraph("顧問契約および業務委託に基づき、下記のとおりご請求申し上げます。")
        label = "差引お支払額"
    elif layout == "docx_pos":
        document.add_paragraph(
            f"契約番号 RL-{doc.number[-5:]}　物件設置場所：{STORES[0]}\n"
            f"{doc.date.month}月分のリース料等を下記のとおりご請求いたします。"
        )
        label = "ご請求金額"
    else:
        first = doc.date.replace(day=1)
        document.add_paragraph(
            f"派遣期間　{_ja(first, weekday=True)} ～ {_ja(doc.date, weekday=True)}\n"
            f"就業場所　{STORES[2]}・{STORES[3]}"
        )
        label = "ご請求金額"
    document.add_paragraph().add_run(f"{label}　¥{doc.total():,}－").font.size = Pt(15)
    due = {"docx_sr": f"お支払期限：{reiwa(_due(doc))}",
           "docx_pos": f"口座振替日：{_slash(_due(doc))}（ご指定口座より自動引落し）",
           "docx_temps": f"お振込期限：{_ja(_due(doc), weekday=True)}"}[layout]  # fmt: skip
    document.add_paragraph(due)
    heads = {"docx_sr": ["摘要", "数量", "金額", "備考"], "docx_pos": ["内容", "金額", "税区分"],
             "docx_temps": ["区分・スタッフ", "時間・日数", "単価", "金額"]}[layout]  # fmt: skip
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for line in doc.lines:
        if layout == "docx_sr":
            note = "源泉対象外・実費" if line.rate is None else "源泉対象"
            add_row(table, [line.description, f"{line.quantity}", f"{line.amount:,}円", note])
        elif layout == "docx_pos":
            add_row(
                table,
                [
                    line.description,
                    f"¥{line.amount:,}",
                    "非課税" if line.rate is None else "課税10%",
                ],
            )
        else:
            add_row(
                table,
                [
                    line.description,
                    f"{line.quantity}{_u(line)}",
                    f"{line.unit_price:,}",
                    f"{line.amount:,}",
                ],
            )
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    if layout == "docx_sr":
        pairs = [("報酬額（税抜）", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                 ("立替金（郵送料）", f"{doc.non_taxable():,}円"), ("合計", f"{_pretax(doc):,}円"),
                 ("源泉徴収税額（報酬額×10.21%）", f"△{doc.extra['withholding']:,}円"),
                 ("差引お支払額", f"{doc.total():,}円")]  # fmt: skip
    elif layout == "docx_pos":
        pairs = [("課税対象（10%）", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"),
                 ("非課税（保険料）", f"¥{doc.non_taxable():,}"), ("ご請求金額", f"¥{doc.total():,}")]  # fmt: skip
    else:
        pairs = [("小計", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                 ("ご請求金額", f"{doc.total():,}円")]  # fmt: skip
    for key, value in pairs:
        add_row(sums, [key, value])
    tail = {"docx_sr": "お振込先：しずおか呉服町銀行 本店 普通 7120553 ササノ マユミ",
            "docx_pos": "※動産総合保険料は保険料のため非課税です。リース期間満了後は再リースのご案内をお送りします。",
            "docx_temps": "※深夜（22時～翌5時）は通常単価の125%です。交通費は派遣料金の一部として課税しています。\n"
                          "お振込先：めいえき南銀行 名駅支店 普通 3390851 カ）テマリスタツフサービス"}[layout]  # fmt: skip
    document.add_paragraph(tail)
    document.core_properties.created = dt.datetime(2032, 11, 5)
    document.core_properties.modified = dt.datetime(2032, 11, 5)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _issuer_cells(sheet: Any, column: str, row: int, texts: list[str]) -> None:
    for offset, text in enumerate(texts):
        sheet[f"{column}{row + offset}"] = text


def _xl_park(doc: H10Doc) -> bytes:
    """A 月極駐車場 invoice billed ahead: a 日割 line, a non-taxable 保証金, dates as
    `[$-411]ge.m.d`, due the month's end, amounts as formulas."""
    made = _Sheet()
    sheet = made.sheet
    sheet.title = "請求書"
    name, address, tel, staff = doc.issuer
    era = "[$-411]ge.m.d"
    ahead = last_day_of_month(doc.date, 1)
    sheet.merge_cells("A1:E1")
    sheet["A1"] = "月極駐車場 使用料 請求書"
    sheet["A3"] = f"{doc.buyer} 御中"
    sheet["A4"] = f"{ahead.month}月分（前払い）および新規契約分"
    sheet["D3"], sheet["E3"] = "請求日", midnight(doc.date)
    sheet["D4"], sheet["E4"] = "お支払期限", midnight(_due(doc))
    sheet["D5"], sheet["E5"] = "請求No.", doc.number
    sheet["E3"].number_format = sheet["E4"].number_format = era
    _issuer_cells(
        sheet, "D", 7, [name, address, f"TEL {tel}", staff, f"登録番号：{doc.registration}"]
    )
    row = 13
    _put(sheet, row, ["内容", "数量", "単価", "金額", "区分"])
    first = row + 1
    for line in doc.lines:
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit_price, None,
                          "不課税" if line.rate is None else "課税"])  # fmt: skip
        sheet[f"C{row}"].number_format = "#,##0"
        made.formula(f"D{row}", f"B{row}*C{row}", line.amount)
    last = row
    row += 2
    labels = ("課税対象額", "消費税（10%）", "不課税（保証金）", "合計ご請求額")
    for offset, label in enumerate(labels):
        sheet[f"C{row + offset}"] = label
    made.formula(f"D{row}", f'SUMIF(E{first}:E{last},"課税",D{first}:D{last})', _base(doc))
    made.formula(f"D{row + 1}", f"INT(D{row}*0.1)", _tax(doc))
    made.formula(
        f"D{row + 2}", f'SUMIF(E{first}:E{last},"不課税",D{first}:D{last})', doc.non_taxable()
    )
    made.formula(f"D{row + 3}", f"SUM(D{row}:D{row + 2})", doc.total(), '"¥"#,##0')
    sheet.merge_cells("A8:B8")
    sheet["A8"] = "ご請求金額"
    made.formula("A9", f"D{row + 3}", doc.total(), '"¥"#,##0"-"')
    sheet.merge_cells("A9:B9")
    sheet[f"A{row + 5}"] = "※保証金は解約時に返還いたします。日割は30日で計算しています。"
    sheet[f"A{row + 6}"] = (
        "お振込先：さっぽろ菊水信用金庫 白石支店 普通 0661824 ユ）ホシゾラチユウシヤジヨウ"
    )
    sheet.column_dimensions["A"].width = 36
    return made.save()


def _xl_fish(doc: H10Doc) -> bytes:
    """A fish 仲卸's invoice: kg and 尾 at 8 %, 10 % boxes and cooling ice, a negative 端数値引,
    the buyer and 御中 in two cells, `#,##0;[Red]-#,##0`, per-rate totals by SUMIF."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, stall = doc.issuer
    numbers = "#,##0;[Red]-#,##0"
    bases, taxes = doc.bases(), doc.taxes()
    sheet.merge_cells("A1:G1")
    sheet["A1"] = "御　請　求　書"
    sheet.merge_cells("A3:C3")
    sheet["A3"], sheet["D3"] = doc.buyer, "御中"
    sheet["A4"] = f"{doc.date.month}月分（月末締め）"
    sheet["F3"], sheet["G3"] = "請求日", midnight(doc.date)
    sheet["F4"], sheet["G4"] = "お支払期限", midnight(_due(doc))
    sheet["G3"].number_format = sheet["G4"].number_format = 'yyyy"年"m"月"d"日"'
    sheet["F5"], sheet["G5"] = "請求番号", doc.number
    _issuer_cells(
        sheet, "F", 6, [name, stall, address, f"TEL {tel}", f"登録番号 {doc.registration}"]
    )
    row = 13
    _put(sheet, row, ["品名", "", "", "数量", "単位", "単価", "金額", "税率"])
    sheet.merge_cells(f"A{row}:C{row}")
    first = row + 1
    for line in doc.lines:
        row += 1
        rate = "8%※" if line.rate == 8 else "10%"
        _put(
            sheet,
            row,
            [line.description, "", "", line.quantity, _u(line), line.unit_price, None, rate],
        )
        sheet.merge_cells(f"A{row}:C{row}")
        sheet[f"F{row}"].number_format = numbers
        made.formula(f"G{row}", f"D{row}*F{row}", line.amount, numbers)
    last = row
    row += 2
    for rate, label in ((8, "8%※"), (10, "10%")):
        sheet[f"E{row}"], sheet[f"F{row}"] = f"{rate}%対象", "消費税"
        made.formula(
            f"D{row}", f'SUMIF(H{first}:H{last},"{label}",G{first}:G{last})', bases[rate], numbers
        )
        made.formula(f"G{row}", f"ROUNDDOWN(D{row}*{rate}/100,0)", taxes[rate], numbers)
        row += 1
    sheet[f"F{row}"] = "今回ご請求額"
    made.formula(f"G{row}", f"D{row - 2}+G{row - 2}+D{row - 1}+G{row - 1}", doc.total(), '"¥"#,##0')
    sheet["A8"] = "今回ご請求額"
    made.formula("B8", f"G{row}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 2}"] = "※は軽減税率（8%）対象。発泡箱・保冷用の氷は10%です。"
    sheet[f"A{row + 3}"] = "お振込先：かなざわ西念銀行 市場出張所 普通 2219470 カ）ウオイチスイサン"
    sheet.column_dimensions["A"].width = 26
    return made.save()


def _xl_kitchen(doc: H10Doc) -> bytes:
    """A kitchen-equipment invoice with a 前受金 taken off: 「差引ご請求額」, `#,##0;"△"#,##0`,
    merged cells, the issuer at the top."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, dept = doc.issuer
    numbers = '#,##0;"△"#,##0'
    sheet.merge_cells("A1:E1")
    sheet["A1"] = name
    sheet.merge_cells("A2:E2")
    sheet["A2"] = f"{address}　TEL {tel}　{dept}　登録番号 {_hy4(doc.registration)}"
    sheet.merge_cells("A4:E4")
    sheet["A4"] = "請 求 書"
    sheet["A6"] = f"{doc.buyer}　御中"
    sheet["A7"] = f"納入場所：{STORES[1]} 厨房"
    sheet["D6"], sheet["E6"] = "請求日", midnight(doc.date)
    sheet["D7"], sheet["E7"] = "お支払期限", midnight(_due(doc))
    sheet["E6"].number_format = sheet["E7"].number_format = '[$-ja-JP]ggge"年"m"月"d"日"'
    sheet["D8"], sheet["E8"] = "請求番号", doc.number
    row = 12
    _put(sheet, row, ["品名・内容", "数量", "単価", "金額", "備考"])
    first = row + 1
    for line in doc.lines:
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit_price])
        sheet[f"C{row}"].number_format = numbers
        made.formula(f"D{row}", f"B{row}*C{row}", line.amount, numbers)
    last = row
    row += 2
    advance = int(doc.extra["advance"])
    labels = (
        "小計（税抜）",
        "消費税（10%）",
        "合計（税込）",
        "前受金（ご発注時ご入金済）",
        "差引ご請求額",
    )
    for offset, label in enumerate(labels):
        sheet.merge_cells(f"B{row + offset}:C{row + offset}")
        sheet[f"B{row + offset}"] = label
    made.formula(f"D{row}", f"SUM(D{first}:D{last})", _base(doc), numbers)
    made.formula(f"D{row + 1}", f"ROUNDDOWN(D{row}*10%,0)", _tax(doc), numbers)
    made.formula(f"D{row + 2}", f"D{row}+D{row + 1}", _pretax(doc), numbers)
    sheet[f"D{row + 3}"] = -advance
    sheet[f"D{row + 3}"].number_format = numbers
    made.formula(f"D{row + 4}", f"D{row + 2}+D{row + 3}", doc.total(), '"¥"#,##0')
    sheet["A9"] = "差引ご請求額"
    made.formula("B9", f"D{row + 4}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 6}"] = (
        "お振込先：ひろしま商工センター銀行 西支店 普通 5582107 カ）ヒヨウガチユウボウセツビ"
    )
    sheet.column_dimensions["A"].width = 38
    return made.save()


def _xl_coffee(doc: H10Doc) -> bytes:
    """A coffee roaster's 内税 invoice: 8 % beans beside a 10 % machine rental, 「8%対象 ¥x（内消費税
    ¥y）」 per rate in one cell, `yyyy/mm/dd`."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, staff = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    yen = '"¥"#,##0'
    sheet["A1"] = "請求書（納品明細）"
    sheet["A3"] = f"{doc.buyer} 御中"
    sheet["A4"] = "カフェ事業部 仕入ご担当 様"
    sheet["D1"], sheet["E1"] = "請求日", midnight(doc.date)
    sheet["D2"], sheet["E2"] = "お支払期限", midnight(_due(doc))
    sheet["E1"].number_format = sheet["E2"].number_format = "yyyy/mm/dd"
    sheet["D3"], sheet["E3"] = "No.", doc.number
    _issuer_cells(
        sheet, "D", 5, [name, address, f"TEL {tel}", staff, f"登録番号 {doc.registration}"]
    )
    row = 12
    _put(sheet, row, ["商品名", "数量", "単価（税込）", "金額（税込）", "税率"])
    first = row + 1
    for line in doc.lines:
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit_price, None,
                          "※8%" if line.rate == 8 else "10%"])  # fmt: skip
        sheet[f"C{row}"].number_format = yen
        made.formula(f"D{row}", f"B{row}*C{row}", line.amount, yen)
    last = row
    row += 2
    sheet[f"C{row}"] = "合計（税込）"
    made.formula(f"D{row}", f"SUM(D{first}:D{last})", doc.total(), yen)
    for offset, rate in enumerate((8, 10), 1):
        sheet[f"A{row + offset}"] = f"{rate}%対象 ¥{bases[rate]:,}（内消費税 ¥{taxes[rate]:,}）"
    sheet["A8"], sheet["B8"] = "ご請求金額（税込）", None
    made.formula("B8", f"D{row}", doc.total(), yen)
    sheet[f"A{row + 4}"] = "※は軽減税率（8%）対象商品です。価格はすべて税込です。"
    sheet[f"A{row + 5}"] = (
        "お振込先：こうべ栄町銀行 元町支店 普通 6240175 カ）マメノキコーヒーバイセンジヨ"
    )
    sheet.column_dimensions["A"].width = 38
    return made.save()


OFFICE_LAYOUTS: dict[str, Callable[[H10Doc], bytes]] = {
    "docx_sr": _docx,
    "docx_pos": _docx,
    "docx_temps": _docx,
    "xl_park": _xl_park,
    "xl_fish": _xl_fish,
    "xl_kitchen": _xl_kitchen,
    "xl_coffee": _xl_coffee,
}


# -- scans --------------------------------------------------------------------------------------


def _punch(image: Any, doc: H10Doc, rng: random.Random) -> Any:
    """Two punched holes 80 mm apart near the left edge, dark where the scanner lid shows."""
    from PIL import ImageDraw

    height = image.size[1]
    mm = doc.dpi / 25.4
    x = 12 * mm + rng.uniform(-1.5, 1.5) * mm
    radius = 3 * mm
    draw = ImageDraw.Draw(image)
    for y in (height / 2 - 40 * mm, height / 2 + 40 * mm):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=rng.randint(55, 85))
    return image


def _paid(image: Any, doc: H10Doc, rng: random.Random) -> Any:
    """A 支払済 stamp with a date in grey ink near the bottom left."""
    from PIL import ImageDraw, ImageFont

    width, height = image.size
    mm = doc.dpi / 25.4
    x, y = width * rng.uniform(0.08, 0.16), height * rng.uniform(0.86, 0.9)
    ink = rng.randint(95, 135)
    draw = ImageDraw.Draw(image)
    draw.rectangle((x, y, x + 34 * mm, y + 15 * mm), outline=ink, width=max(2, doc.dpi // 90))
    font = ImageFont.truetype(str(FONTS["ipag"]), int(5 * mm))
    small = ImageFont.truetype(str(FONTS["ipag"]), int(3.2 * mm))
    paid_on = doc.due or doc.date + dt.timedelta(days=20)
    draw.text((x + 17 * mm, y + 4.5 * mm), "支 払 済", font=font, fill=ink, anchor="mm")
    draw.text((x + 17 * mm, y + 11 * mm), f"{paid_on:%Y.%m.%d} 経理", font=small, fill=ink,
              anchor="mm")  # fmt: skip
    return image


def _scan_page(image: Any, doc: H10Doc, rng: random.Random) -> Any:
    """A stamp or punch holes on the paper, a rotation (sideways for one), heldout8's phone
    model for one, a paper tone darker towards the top, noise, dust and a slight blur."""
    import numpy as np
    from PIL import Image, ImageFilter

    if doc.extra.get("paid"):
        image = _paid(image, doc, rng)
    if doc.extra.get("punch"):
        image = _punch(image, doc, rng)
    angle = rng.uniform(0.3, 2.5) * rng.choice((-1, 1))
    if doc.extra.get("sideways"):
        angle += 90
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    blur = rng.uniform(0.3, 0.65)
    if doc.extra.get("phone"):
        image, blur = _phone(image, rng), rng.uniform(0.85, 1.15)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    height = pixels.shape[0]
    tone = np.linspace(rng.uniform(0.86, 0.92), 1.0, height)  # darker towards the lid's hinge
    pixels = pixels * (rng.uniform(222, 242) / 255.0) * tone[:, None]
    pixels += generator.normal(0, rng.uniform(2.5, 6.0), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.0003] = rng.uniform(30, 90)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(blur))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout10",
    prefix="h10_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-sawarabi-mincho fonts-sawarabi-gothic fonts-migmix fonts-seto "
    "fonts-ipafont-gothic fonts-takao-mincho",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=10000,
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
