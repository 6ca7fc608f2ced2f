"""An eleventh held-out set for issue 25 (`heldout11`), made blind: written from the issue's list
of shapes, `make_heldout10_corpus.py`, `make_heldout9_corpus.py`, `make_heldout8_corpus.py` and
the shared generator parts (`corpus_parts.py`), without reading the document readers (`blocks/`),
their tests, `docs/evidence.md` or the history of `blocks/` and `tests/`, and without running a
reader on its documents (only `bench_extraction.py --list`); nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together. Its document
class is heldout9's (a per-document rounding and a carried-forward balance added), its
cached-formula sheet heldout9's and its sheet rows heldout8's, imported; its layouts, cells, date
texts and scan model are its own.

Different from every other set in its companies, goods, amounts, dates (July 2033 to June 2034,
令和15–16年, after every date of heldout10), industries, layouts and wordings: the month of a
medical and dental clinic group (医療法人社団こもれび会, 医療法人つむぎ会 and their management
company) — a medical-supplies wholesaler, a dental dealer, a clinical laboratory, medical waste,
equipment leases, an electronic-records SaaS, a receipt-paper and printing shop, uniforms, a
security company, the medical mall's 管理費・共益費, electricity, telephone and fibre, medical
interpreting, an advertising agency, a 税理士 (源泉徴収), a nurse staffing agency, a dental
technician, staff health checks, a water-server company, a taxi, a drugstore and a bank. Its fonts
are new to the sets: Migu 1P and Migu 1C tables, MigMix 2P for the modern pages, Takao Mincho
headings and letters, MigMix 1M and Migu 2M for the slips.

- HTML printed by Debian's Chromium (14 invoices and receipts): a medical-supplies wholesaler's
  月末締め invoice (品番 / 規格 / 入数 columns, rows by delivery date, ※ after the reduced-rate
  names, a negative 特別値引, a vertical 前回ご請求額 / ご入金額 / 繰越金額 / 今回 box right of the
  buyer, a 税率区分 table); a dental dealer's 20日締め invoice (伝票No. and 商品コード per row,
  8 % xylitol gum for resale, a ▲ 返品, a nonzero 繰越 billed again, 「今回御請求額」 in a box
  under the items, 「先生」 under the buyer); a clinical laboratory's 検査料 invoice (検査コード,
  件数, a negative ボリュームディスカウント, tax rounded half up with a note, the amount due in a
  box above the items, 令和 dates, 「合計金額(税込)」); a medical-waste 収集運搬・処分 invoice from a
  合同会社 (回収日 and マニフェストNo. per row, the sums in a column right of the items, dotted
  dates, 登録番号 with spaces); an EMR SaaS invoice (licences × 月額, a negative 長期契約割引, ISO
  dates, paid by card: no due date, 「T-」 registration); a printing shop's 納品書兼請求書 (用紙・
  規格 column, 診察券 per 枚, 版代, 運送料, 「合計金額（税込）」 right of the buyer, slashed dates);
  a uniform rental's 20日締め invoice (着・月, クリーニング per 枚, a 税抜 / 消費税 / 今回ご請求額 box
  above the items, the date printed 「2033年(令和15年)12月20日」, 登録番号 「T1-2345-6789-0123」,
  due the 口座振替日); the medical
  mall's 賃料・共益費・管理費 invoice billed ahead (「様」, a 子メーター electricity line in kWh, a
  不課税 町内会費, the registration label and number on two lines, 令和 dates); a power company's
  内税 bill (three 段階 of 電力量料金, a negative 燃料費調整額, the 賦課金, 「うち消費税等相当額」, a
  usage chart, 検針日 and 使用期間 before the 発行日); a telecom bill (lines grouped by 回線 with
  their subtotals, ユニバーサルサービス料, a negative セット割引, 外税, due the 口座振替日); an
  一般社団法人's medical-interpreting invoice (hours, 30-minute units and 文字 counts, a non-taxable
  交通費 実費, dates with weekdays); an advertising agency's invoice (媒体費 and a 20 % 運用手数料, a
  negative 出精値引, 「T-1234567890123」, the amount due above the items); a taxi 領収書 (内税,
  「上様」, 乗車 / 降車 times); a drugstore's register 領収証 (内税, ※8 % drinks, a 税率 / 対象額 /
  内税額 table, paid by card, no buyer);
- printed non-invoices, kinds only (8): the lease company's リース料 御見積書, our 注文書 to the
  supplies wholesaler, the dental dealer's 納品書 (with a 受領印 box), our 支払通知書 to the
  advertising agency, the 税理士's 書類送付状 (a cover letter), the interpreting association's
  請求書送付のご案内 naming the amount (a cover letter), the wholesaler's 返品・値引 明細書
  (適格返還請求書, a credit note) and a bank's 総合振込 受付結果のお知らせ (a payment notice);
- Word (.docx, 3): a 税理士's monthly invoice (源泉徴収 10.21 % on the fees, a non-taxable 立替,
  「差引ご請求額」, dates in full-width digits); a nurse staffing agency's invoice (hours × rates,
  時間外 125 %, taxable 交通費, dates with weekdays, the registration number inside a sentence);
  a 医療法人社団's 職員健康診断 invoice (受診者数 × 単価, 「様」, 令和 dates);
- Excel templates (openpyxl, 4, with formulas and their cached values as Excel saves them): an
  equipment lease's リース料 invoice (契約番号 and 回次 columns, a non-taxable 保険料, dates as
  `[$-ja-JP]ggge"年"m"月"d"日"`, due the 口座振替日); a security company's invoice (three sites'
  月額, a 緊急出動料, the amount in a merged cell at the top, `yyyy/m/d`); a dental technician's
  (an individual's) 技工料 invoice (patients' initials, 技工物 and 部位, the dates typed as text,
  「10%対象 x 消費税 y」 on one row, 「今月ご請求額」); a water-server invoice (8 % water beside
  10 % rental and maintenance, one ROUNDDOWN per rate, `yyyy/mm/dd`);
- 12 scans of 12 of the printed invoices and receipts (not the telecom bill's or the
  interpreting invoice's): 200 dpi, rotated 0.4–2.2° either way, a 受領 stamp on four, a staple
  on three, the creases of a letter folded in three on three, a paper tone, noise, dust, a slight
  blur, JPEG quality 50–80; as image-only PDF (8), PNG (2) or JPEG (2).

The expected values come from the generator's own data, with heldout10's conventions: `total` is
the amount to pay as printed (after 源泉徴収 for the 税理士; with the dental dealer's 繰越 included;
with 立替 / 実費 / 町内会費 / 保険料 and the negative 値引 / 割引 / 返品 / 燃料費調整額 lines included);
`tax_by_rate` is the consumption tax per rate, rounded down once per rate (half up for the
laboratory, as its note says; for the 内税 documents — the power bill, the taxi and the drugstore —
the tax included); `due_date` is the due date printed (口座振替日 included), null when none is
printed; `transaction_date` is the document's date (請求日 / 発行日 / the receipt's date; never a
delivery row's date, a 検針日, a 使用期間, a 回収日 or a 締日 period); `buyer_name` is the buyer's
corporation without its clinic or department, null for 上様 and the register receipt;
`issuer_name` is the Japanese name; a registration number printed with hyphens or spaces is
expected as T and 13 digits; `lines` are the item rows of this period (never a 繰越 or a subtotal);
a receipt's `lines` are not compared.

    python samples/make_heldout11_corpus.py OUT_DIR     # writes the files and expected.json
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
    add_row,
    generate_printed,
    last_day_of_month,
    midnight,
    registration,
    run,
)
from make_corpus import Line
from make_heldout8_corpus import _put
from make_heldout9_corpus import H9Doc, _Sheet

__all__ = ["FONTS", "H11Doc", "build_docs", "generate", "main"]

FONTS = {
    "migu1p": Path("/usr/share/fonts/truetype/migmix/migu-1p-regular.ttf"),
    "migu1pb": Path("/usr/share/fonts/truetype/migmix/migu-1p-bold.ttf"),
    "migu1c": Path("/usr/share/fonts/truetype/migmix/migu-1c-regular.ttf"),
    "mig2p": Path("/usr/share/fonts/truetype/migmix/migmix-2p-regular.ttf"),
    "mig2pb": Path("/usr/share/fonts/truetype/migmix/migmix-2p-bold.ttf"),
    "mig1m": Path("/usr/share/fonts/truetype/migmix/migmix-1m-regular.ttf"),
    "migu2m": Path("/usr/share/fonts/truetype/migmix/migu-2m-regular.ttf"),
    "takaom": Path("/usr/share/fonts/truetype/takao-mincho/TakaoMincho.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
SUPPLIES = ("株式会社あさひな医療器材", "埼玉県さいたま市大宮区桜木町4-218-3 大宮メディカルビル5F",
            "048-644-7125", "第二営業部 クリニック課 高森")  # fmt: skip
DENTAL = ("有限会社しののめ歯科商会", "神奈川県横浜市港北区新横浜3-6-12", "045-472-3381",
          "営業 久保田")  # fmt: skip
LAB = ("株式会社みずほし臨床検査研究所", "東京都八王子市明神町2-26-9", "042-646-2018",
       "営業推進部 クリニック営業課")  # fmt: skip
WASTE = ("合同会社くすのきメディエコ", "千葉県市川市二俣新町19-4", "047-327-6640",
         "収集運搬部 配車係")  # fmt: skip
LEASE = ("つばさメディカルリース株式会社", "大阪府大阪市中央区北浜2-3-10 北浜プラザ9F",
         "06-6221-4870", "医療機器営業部 管理課")  # fmt: skip
EMR = ("株式会社メディノート", "東京都品川区西五反田7-22-17 TOCビル11F", "03-6417-5520",
       "カスタマーサクセス部 / MediNote Inc.")  # fmt: skip
PAPER = ("有限会社ふたば紙工", "静岡県富士市今泉5-14-2", "0545-52-3907", "営業 望月")
UNIFORM = ("株式会社しらなみユニフォームサービス", "愛知県名古屋市中川区富田町千音寺3811",
           "052-439-6615", "メディカル営業所")  # fmt: skip
SECURITY = ("株式会社ともしびセキュリティ", "東京都立川市曙町2-34-7 立川ファーストビル3F",
            "042-548-1190", "法人警備課")  # fmt: skip
MALL = ("株式会社みなせビルマネジメント", "東京都武蔵野市吉祥寺本町1-20-1", "0422-21-6504",
        "みなせメディカルモール 管理事務所")  # fmt: skip
POWER = ("いぶき電力株式会社", "東京都港区芝浦3-4-1 グランパークタワー20F", "0120-334-810",
         "法人お客さまセンター")  # fmt: skip
TELECOM = ("株式会社そよかぜ光通信", "東京都新宿区西新宿6-14-1 新宿グリーンタワー15F",
           "0120-770-318", "ビジネスサポートセンター")  # fmt: skip
INTERP = ("一般社団法人やまと医療通訳協会", "東京都文京区本郷3-38-1 本郷信徳ビル6F",
          "03-5802-7716", "通訳派遣コーディネーター 李 美玲")  # fmt: skip
ADS = ("株式会社ひろめ堂エージェンシー", "東京都渋谷区道玄坂1-12-1 渋谷マークシティW22F",
       "03-6455-2280", "メディカル事業部 アカウント担当 真田")  # fmt: skip
TAXACC = ("大場恭子税理士事務所", "東京都三鷹市下連雀3-35-1 三鷹中央ビル4F", "0422-47-5533",
          "税理士 大場 恭子")  # fmt: skip
NURSE = ("株式会社ゆいナースパートナーズ", "東京都豊島区東池袋1-25-9 タカセビル7F",
         "03-5957-2241", "医療人材派遣部 多摩オフィス")  # fmt: skip
KENSHIN = ("医療法人社団あさぎり会", "東京都府中市府中町1-9-1 あさぎり健診センター",
           "042-368-3310", "あさぎり健診センター 企業健診課")  # fmt: skip
GIKO = ("ふじた歯科技工所", "東京都調布市布田4-18-6", "042-482-7790", "歯科技工士 藤田 誠")
AQUA = ("株式会社きよせアクア", "山梨県南都留郡富士河口湖町船津6713-2", "0555-72-8814",
        "法人営業課")  # fmt: skip
TAXI = ("株式会社すずらん交通", "東京都小金井市東町4-11-3", "042-381-2255", "配車センター")
DRUG = ("株式会社ハートフルドラッグ", "東京都小金井市本町6-5-3", "042-385-1173",
        "ハートフルドラッグ 武蔵小金井駅前店")  # fmt: skip
BANK = ("株式会社ひので中央銀行", "東京都千代田区丸の内2-7-3", "0120-245-119",
        "吉祥寺支店 法人営業課")  # fmt: skip
MEDICAL = "医療法人社団こもれび会"
DENTAL_CORP = "医療法人つむぎ会"
MS = "株式会社こもれびメディカルサービス"
CLINICS = ("こもれび内科クリニック", "こもれび小児科・アレルギー科", "つむぎ歯科 駅前院",
           "つむぎ歯科 みなと院")  # fmt: skip
WEEKDAYS = "月火水木金土日"
START = dt.date(2033, 7, 1)
ZENKAKU = str.maketrans("0123456789", "０１２３４５６７８９")


@dataclass
class Item(Line):
    """A line with what its row prints beside the description."""

    unit: str = "式"
    code: str = ""  # 品番 / 商品コード / 検査コード / 契約番号
    spec: str = ""  # 規格 / 容器 / 部位
    pack: str = ""  # 入数
    day: str = ""  # the row's date (a delivery, a pickup)
    ref: str = ""  # 伝票No. / マニフェストNo. / 回次 / patient
    calc: str = ""  # how an amount was computed (a meter's kWh × 円)


def item(description: str, quantity: int, unit_price: int, rate: int | None,
         unit: str = "式", **more: str) -> Item:  # fmt: skip
    return Item(description, quantity, unit_price, rate, unit, **more)


def _items(doc: Any) -> list[Item]:
    return list(doc.lines)


@dataclass
class H11Doc(H9Doc):
    """A document of the set: heldout9's (`extra` may carry a `withholding` taken off the amount
    billed, a `carry` — an unpaid balance billed again — added to it, and a `rounding` of the
    tax per rate: "down" (the default) or "half")."""

    @property
    def style(self) -> str:
        return f"h11-{self.layout}"

    def taxes(self) -> dict[int, int]:
        out = {}
        for rate, base in self.bases().items():
            share = abs(base) * rate
            whole = 100 + rate if self.inclusive else 100
            if self.extra.get("rounding") == "half":
                tax = (share * 2 + whole) // (whole * 2)
            else:
                tax = share // whole
            out[rate] = tax if base >= 0 else -tax
        return out

    def total(self) -> int:
        return H9Doc.total(self) + int(self.extra.get("carry", 0))


def _due_from(date: dt.date, form: str | None, rng: random.Random) -> dt.date | None:
    """None; "days" (14–40 days on); "eom+N" (the last day N months on); "D+N" (day D, N months
    on)."""
    if form is None:
        return None
    if form == "days":
        return date + dt.timedelta(days=rng.randint(14, 40))
    day, ahead = form.split("+")
    if day == "eom":
        return last_day_of_month(date, int(ahead))
    return (last_day_of_month(date, int(ahead) - 1) + dt.timedelta(days=1)).replace(day=int(day))


def build_docs(seed: int = 330617) -> list[H11Doc]:
    """14 printed invoices and receipts, 8 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H11Doc] = []
    numbers: dict[str, str] = {}  # one registration number per issuer

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Item], buyer: str | None,
            *, due: str | None = "days", inclusive: bool = False, month_end: bool = False,
            close: int = 0, date: dt.date | None = None, **extra: Any) -> H11Doc:  # fmt: skip
        if date is None:
            date = START + dt.timedelta(days=rng.randint(0, 364))
            if month_end:
                date = last_day_of_month(START, rng.randint(0, 11))
            elif close:
                date = date.replace(day=close)
        if issuer[0] not in numbers:
            numbers[issuer[0]] = registration(rng)
        prefix = rng.choice(("No.", "INV", "S-", "KB", "", "R"))
        doc = H11Doc(
            id=f"h11_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=numbers[issuer[0]],
            buyer=buyer,
            date=date,
            due=_due_from(date, due, rng),
            number=f"{prefix}{date:%y%m}-{rng.randint(1, 9999):04d}",
            lines=list(lines),
            inclusive=inclusive,
            extra=dict(extra),
        )
        docs.append(doc)
        return doc

    # -- printed invoices and receipts (14)
    gloves = rng.randint(10, 20)
    supplies = [
        item("ディスポ注射筒 2.5mL", rng.randint(2, 6), 1680, 10, "箱", code="SY-2500",
             spec="ルアーチップ・針なし", pack="100本"),
        item("翼付静注針 23G", rng.randint(2, 5), 2450, 10, "箱", code="WN-2319",
             spec="チューブ19cm", pack="50本"),
        item("単包アルコール綿", rng.randint(3, 8), 1120, 10, "箱", code="AC-0340",
             spec="3×4cm", pack="300包"),
        item("ニトリル検査用グローブ", gloves, 980, 10, "箱", code="GL-N02M",
             spec="M・パウダーフリー", pack="200枚"),
        item("特別値引（グローブ10箱以上）", gloves, -50, 10, "箱"),
        item("サージカルマスク レベル2", rng.randint(4, 12), 760, 10, "箱", code="MK-L2B",
             spec="175×95mm・ブルー", pack="50枚"),
        item("真空採血管 EDTA-2K", rng.randint(1, 4), 3300, 10, "箱", code="BT-E2K",
             spec="2mL・13×75mm", pack="100本"),
        item("滅菌ガーゼ 8折", rng.randint(2, 6), 2860, 10, "箱", code="GZ-0804",
             spec="7.5×7.5cm", pack="4枚×50袋"),
        item("経口補水液 500mL", rng.randint(2, 5), 3480, 8, "ケース", code="FD-OS500",
             spec="ペットボトル", pack="24本"),
        item("天然水 2L（待合室用）", rng.randint(2, 6), 720, 8, "ケース", code="FD-WT2L",
             spec="ペットボトル", pack="6本"),
        item("運賃（臨時便）", 1, 3300, 10),
    ]  # fmt: skip
    supplies_date = last_day_of_month(START, rng.randint(0, 11))
    runs = sorted(rng.sample(range(2, 27), 3))
    for line in supplies:
        line.day = f"{supplies_date.month}/{rng.choice(runs)}"
    supplies[4].day = supplies[3].day
    supplies.sort(key=lambda i: int(i.day.split("/")[1]))
    previous = rng.randint(150, 320) * 1000 + rng.randint(0, 999)
    add("supplies", "invoice", "pdf", SUPPLIES, supplies, MEDICAL, due="eom+1",
        date=supplies_date, previous=previous, paid=previous)  # fmt: skip
    dental_date = (START + dt.timedelta(days=rng.randint(0, 364))).replace(day=20)
    dental = [
        item("コンポジットレジン ユニバーサル", rng.randint(2, 6), 3960, 10, "本",
             code="CR-U4A2", spec="A2・シリンジ4g"),
        item("ボンディング材 1ステップ", rng.randint(1, 2), 5720, 10, "本", code="BD-1S05",
             spec="5mL"),
        item("アルジネート印象材", rng.randint(2, 6), 1650, 10, "袋", code="IM-AL500",
             spec="普通硬化・500g"),
        item("付加型シリコーン印象材", rng.randint(1, 3), 6380, 10, "箱", code="IM-SIRS",
             spec="レギュラー 50mL×2"),
        item("歯科用麻酔カートリッジ", rng.randint(2, 4), 4290, 10, "箱", code="AN-C18",
             spec="1.8mL×50本"),
        item("グラスアイオノマーセメント", 1, 7150, 10, "セット", code="CE-GI15",
             spec="粉15g・液8g"),
        item("キシリトールガム（販売用）", rng.randint(2, 4) * 12, 820, 8, "個", code="XY-G90",
             spec="ボトル90粒"),
        item("歯ブラシ（販売用）", 1, 6600, 10, "箱", code="TB-S050", spec="S・やわらかめ 50本"),
        item("付加型シリコーン印象材（返品）", -1, 6380, 10, "箱", code="IM-SIRS",
             spec="レギュラー 50mL×2"),
    ]  # fmt: skip
    first = last_day_of_month(dental_date, -1).replace(day=21)
    span = (dental_date - first).days
    days = sorted(first + dt.timedelta(days=rng.randint(0, span)) for _ in dental)
    for n, (line, day) in enumerate(zip(dental, days, strict=True)):
        line.day = f"{day.month}/{day.day}"
        line.ref = f"{dental_date:%m}{n * 7 + 31:03d}"
    previous = rng.randint(220, 420) * 1000 + rng.randint(0, 999)
    carry = rng.randint(18, 64) * 1000 + rng.randint(0, 999)
    add("dental", "invoice", "pdf", DENTAL, dental, DENTAL_CORP, due="eom+1", date=dental_date,
        previous=previous, paid=previous - carry, carry=carry)  # fmt: skip
    tests = [
        item("末梢血液一般検査（CBC）", rng.randint(60, 140), 210, 10, "件", code="00101"),
        item("生化学検査（12項目）", rng.randint(50, 120), 520, 10, "件", code="01230"),
        item("HbA1c", rng.randint(30, 80), 240, 10, "件", code="01402"),
        item("CRP定量", rng.randint(40, 100), 150, 10, "件", code="01511"),
        item("尿一般検査（定性・沈渣）", rng.randint(20, 60), 110, 10, "件", code="02001"),
        item("細菌培養同定検査（咽頭）", rng.randint(5, 20), 1480, 10, "件", code="05120"),
        item("特異的IgE 39項目（View39）", rng.randint(3, 12), 6900, 10, "件", code="07839"),
        item("病理組織診断（生検）", rng.randint(1, 4), 8800, 10, "件", code="09010"),
    ]  # fmt: skip
    volume = sum(i.amount for i in tests) * 5 // 100
    tests += [item("検体集配料（月額・2拠点）", 1, 11000, 10, code="90001"),
              item("ボリュームディスカウント（検査料の5%）", 1, -volume, 10, code="99005")]  # fmt: skip
    add("lab", "invoice", "pdf", LAB, tests, MEDICAL, due="eom+1", month_end=True,
        rounding="half")  # fmt: skip
    waste_date = last_day_of_month(START, rng.randint(0, 11))
    pickups = sorted(rng.sample(range(3, 28), 2))
    manifests = [f"{rng.randint(10**10, 10**11 - 1)}" for _ in pickups]
    sharp, solid = rng.randint(2, 6), rng.randint(5, 14)
    waste = []
    for day, manifest in zip(pickups, manifests, strict=True):
        waste += [
            item("感染性廃棄物（鋭利物） 処分費", sharp, 1980, 10, "箱", spec="プラ容器20L",
                 day=f"{waste_date.month}/{day}", ref=manifest),
            item("感染性廃棄物（非鋭利・固形） 処分費", solid, 1320, 10, "箱",
                 spec="段ボール50L", day=f"{waste_date.month}/{day}", ref=manifest),
        ]  # fmt: skip
        sharp, solid = rng.randint(2, 6), rng.randint(5, 14)
    waste += [
        item("感染性廃棄物（液状・血液等） 処分費", rng.randint(1, 3), 2200, 10, "缶",
             spec="密閉容器10L", day=f"{waste_date.month}/{pickups[1]}", ref=manifests[1]),
        item("収集運搬費（定期回収）", 2, 6600, 10, "回"),
        item("専用容器 販売（ハザードマーク付）", rng.randint(10, 30), 330, 10, "個",
             spec="段ボール50L"),
        item("電子マニフェスト登録料", 6, 55, 10, "件"),
    ]  # fmt: skip
    add("waste", "invoice", "pdf", WASTE, waste, MEDICAL, due="eom+1", date=waste_date)
    emr_date = last_day_of_month(START, rng.randint(0, 11)) + dt.timedelta(days=1)
    users = rng.randint(4, 10)
    emr = [
        item("クラウド電子カルテ Proプラン（基本料金）", 3, 38500, 10, "医療機関"),
        item("追加ユーザーライセンス", users, 2200, 10, "ID"),
        item("Web問診・予約オプション", 3, 8800, 10, "医療機関"),
        item("オンライン資格確認 連携オプション", 3, 3300, 10, "医療機関"),
        item("データ保管容量 追加（100GB単位）", rng.randint(1, 4), 1100, 10, "単位"),
        item("長期契約割引（基本料金の10%）", 1, -11550, 10),
    ]  # fmt: skip
    add("emr", "invoice", "pdf", EMR, emr, MS, due=None, date=emr_date, users=users)
    cards = rng.choice((1000, 2000, 3000))
    paper = [
        item("サーマルロール紙（レシートプリンタ用）", rng.randint(2, 5), 2640, 10, "箱",
             spec="58mm×40m 紙管12mm・20巻入"),
        item("領収書・診療明細書 連続用紙", rng.randint(1, 3), 6050, 10, "箱",
             spec="A4 ミシン目2本・2,500枚"),
        item("診察券 印刷（PETカード）", cards, 24, 10, "枚", spec="0.25mm 両面4色"),
        item("診察券 版代・データ作成", 1, 16500, 10, spec="初回のみ"),
        item("予約票 印刷", rng.randint(3, 8) * 10, 220, 10, "冊", spec="B7 上質紙 100枚綴"),
        item("薬袋 印刷（院内処方用）", rng.randint(2, 5) * 1000, 6, 10, "枚",
             spec="内服 白 100×165mm"),
        item("運送料", 1, 1320, 10),
    ]  # fmt: skip
    add("paper", "invoice", "pdf", PAPER, paper, DENTAL_CORP, due="eom+1")
    uniform = [
        item("スクラブ上下 レンタル", rng.randint(10, 18), 1320, 10, "着・月",
             spec="ネイビー S〜LL"),
        item("ドクターコート レンタル", rng.randint(3, 6), 1650, 10, "着・月", spec="白 長袖"),
        item("ケーシー白衣 レンタル", rng.randint(4, 8), 1430, 10, "着・月",
             spec="歯科衛生士用 ピンク"),
        item("交換クリーニング（週2回）", rng.randint(80, 140), 165, 10, "枚",
             spec="上記レンタル品"),
        item("持込品 クリーニング", rng.randint(2, 8), 440, 10, "枚", spec="白衣・ガウン"),
        item("名入れ刺繍（新規入職者）", rng.randint(1, 3), 880, 10, "着", spec="胸元 漢字6字迄"),
        item("紛失品 買取（スクラブ上）", 1, 4950, 10, "着", spec="ネイビー M"),
    ]  # fmt: skip
    add("uniform", "invoice", "pdf", UNIFORM, uniform, MS, due="27+1", close=20)
    mall_date = (START + dt.timedelta(days=rng.randint(0, 364))).replace(day=25)
    ahead = last_day_of_month(mall_date, 1)
    kwh = rng.randint(380, 760)
    mall = [
        item(f"賃料（{ahead.month}月分）", 1, 412500, 10, spec="2F 201号室 125.4㎡"),
        item(f"共益費（{ahead.month}月分）", 1, 69850, 10, spec="2F 201号室"),
        item(f"管理費（{ahead.month}月分）", 1, 27500, 10, spec="医療モール共用部・清掃・点検"),
        item("看板使用料", 1, 8800, 10, spec="袖看板・モール案内板"),
        item("駐車場使用料", 3, 6600, 10, "台", spec="P-12〜14"),
        item(f"専有部 電気料金（{mall_date.month}月分）", kwh, 31, 10, "kWh",
             spec="子メーター検針"),
        item(f"町内会費（{ahead.month}月分・立替）", 1, 500, None, spec="吉祥寺本町一丁目会"),
    ]  # fmt: skip
    add("mall", "invoice", "pdf", MALL, mall, MEDICAL, due="eom+0", date=mall_date)
    used = rng.randint(900, 1800)
    power = [
        item("基本料金（従量電灯C 10kVA）", 1, 3117, 10, calc="10kVA × 311.75円"),
        item("電力量料金 第1段（〜120kWh）", 1, 3576, 10, calc="120kWh × 29.80円"),
        item("電力量料金 第2段（120〜300kWh）", 1, 6552, 10, calc="180kWh × 36.40円"),
        item("電力量料金 第3段（300kWh超）", 1, (used - 300) * 4049 // 100, 10,
             calc=f"{used - 300:,}kWh × 40.49円"),
        item("燃料費調整額", 1, -(used * 214 // 100), 10, calc=f"{used:,}kWh × −2.14円"),
        item("再生可能エネルギー発電促進賦課金", 1, used * 398 // 100, 10,
             calc=f"{used:,}kWh × 3.98円"),
    ]  # fmt: skip
    add("power", "invoice", "pdf", POWER, power, MEDICAL, inclusive=True, used=used,
        history=[rng.randint(800, 1900) for _ in range(11)])  # fmt: skip
    calls = rng.randint(1800, 4200)
    mobile = rng.randint(900, 2600)
    telecom = [
        item("光ビジネス回線 月額基本料（1Gbps）", 1, 5700, 10, ref="光回線"),
        item("プロバイダ料（固定IPアドレス1個）", 1, 4500, 10, ref="光回線"),
        item("光セット割引", 1, -1000, 10, ref="光回線"),
        item("ひかり電話オフィス 基本料", 1, 1300, 10, ref="電話"),
        item("追加チャネル", 2, 400, 10, "ch", ref="電話"),
        item("追加番号", 3, 100, 10, "番号", ref="電話"),
        item("ナンバー・ディスプレイ", 1, 1200, 10, ref="電話"),
        item("通話料（固定電話宛）", 1, calls, 10, ref="電話"),
        item("通話料（携帯電話宛）", 1, mobile, 10, ref="電話"),
        item("ユニバーサルサービス料", 4, 2, 10, "番号", ref="電話"),
        item("電話リレーサービス料", 4, 1, 10, "番号", ref="電話"),
        item("請求書発行手数料", 1, 200, 10, ref="その他"),
    ]  # fmt: skip
    add("telecom", "invoice", "pdf", TELECOM, telecom, MS, due="26+0", close=rng.randint(8, 12))
    interp = [
        item("医療通訳（対面・英語）", rng.randint(2, 6), 6600, 10, "時間"),
        item("医療通訳（対面・中国語）", rng.randint(1, 4), 7150, 10, "時間"),
        item("遠隔ビデオ通訳（ベトナム語）", rng.randint(2, 8), 2200, 10, "30分"),
        item("翻訳 診療情報提供書（日→英）", rng.randint(1800, 3600), 16, 10, "文字"),
        item("翻訳 問診票・同意書（日→ベトナム語）", rng.randint(1200, 2600), 24, 10, "文字"),
        item("通訳者 交通費（実費）", 1, rng.randint(12, 39) * 100 + rng.choice((0, 40, 80)),
             None),
    ]  # fmt: skip
    billed = add("interp", "invoice", "pdf", INTERP, interp, MEDICAL, due="eom+1", month_end=True)
    media = rng.randint(180, 260) * 1000 + rng.randint(0, 999)
    ads = [
        item("リスティング広告 媒体費（Google 広告）", 1, media, 10),
        item("リスティング広告 運用代行手数料（媒体費の20%）", 1, media * 20 // 100, 10),
        item("MEO対策（Googleビジネスプロフィール運用）", 1, 33000, 10),
        item(f"駅看板 掲出料（6か月契約 第{rng.randint(2, 5)}回）", 1, 55000, 10),
        item("院内ポスター デザイン・印刷（B2・5枚）", 1, 38500, 10),
    ]
    ads.append(item("出精値引", 1, -(sum(i.amount for i in ads) % 10000 or 5000), 10))
    agency = add("ads", "invoice", "pdf", ADS, ads, MS, due="eom+1", month_end=True)
    minutes = rng.randint(14, 48)
    fare = 500 + 100 * (minutes * rng.randint(8, 11) // 10)
    taxi = [item("運賃", 1, fare, 10), item("迎車料金", 1, 420, 10)]
    add("taxi", "simplified_invoice", "pdf", TAXI, taxi, None, due=None, inclusive=True,
        minutes=minutes, hour=rng.randint(9, 19))  # fmt: skip
    drug = [
        item("緑茶 2L", rng.randint(2, 6), 158, 8, "点"),
        item("ミネラルウォーター 500ml", 24, 58, 8, "点"),
        item("のど飴 袋", rng.randint(1, 3), 248, 8, "点"),
        item("手指消毒用アルコール 1L", rng.randint(2, 5), 1078, 10, "点"),
        item("ペーパータオル 200枚×5", rng.randint(1, 3), 498, 10, "点"),
        item("ポリ袋 45L 50枚", 2, 398, 10, "点"),
    ]
    add("drug", "simplified_invoice", "pdf", DRUG, drug, None, due=None, inclusive=True)
    # -- printed non-invoices, kinds only (8)
    quote = [
        item("歯科用CT・パノラマX線複合機 月額リース料（60回）", 60, 98340, 10, "回"),
        item("動産総合保険料（月額・概算）", 60, 1210, None, "回"),
    ]  # fmt: skip
    add("quote", "quotation", "pdf", LEASE, quote, DENTAL_CORP, due=None)
    add("order", "purchase_order", "pdf", SUPPLIES, supplies[:6], MEDICAL, due=None)
    add("delivery", "delivery_note", "pdf", DENTAL, dental[:6], DENTAL_CORP, due=None)
    notice = add(
        "paynotice",
        "payment_notice",
        "pdf",
        ADS,
        ads,
        MS,
        due=None,
        date=agency.date + dt.timedelta(days=rng.randint(8, 14)),
        billed=agency.number,
    )
    notice.due = agency.due  # the day the invoice falls due
    add("cover", "cover_letter", "pdf", TAXACC, [], MEDICAL, due=None)
    letter = add(
        "cover2", "cover_letter", "pdf", INTERP, interp, MEDICAL, due=None, date=billed.date
    )  # sent with the invoice
    letter.due = billed.due
    credit = [
        item("真空採血管 EDTA-2K（返品・有効期限間近）", -1, 3300, 10, "箱", code="BT-E2K"),
        item("経口補水液 500mL（破損・値引）", 1, -1200, 8, "ケース", code="FD-OS500"),
    ]  # fmt: skip
    add("credit", "credit_note", "pdf", SUPPLIES, credit, MEDICAL, due=None)
    paid = [doc for doc in docs if doc.layout in ("supplies", "lab", "waste", "ads")]
    bank = [item(f"振込 {doc.issuer[0]}", 1, doc.total(), None) for doc in paid]
    bank.append(item("振込手数料（4件）", 4, 440, 10, "件"))
    add(
        "bank",
        "payment_notice",
        "pdf",
        BANK,
        bank,
        MS,
        due=None,
        inclusive=True,
        date=max(doc.date for doc in paid) + dt.timedelta(days=rng.randint(20, 26)),
    )
    # -- Word (3)
    entries = rng.randint(260, 520)
    tax_acc = [
        item("月次顧問報酬", 1, 55000, 10),
        item(f"記帳代行（仕訳{entries}件）", entries, 44, 10, "件"),
        item("電子申告 代行手数料", 1, 5500, 10),
        item("登記事項証明書 取得費用（立替）", 2, 600, None, "通"),
    ]  # fmt: skip
    doc = add("docx_tax", "invoice", "docx", TAXACC, tax_acc, MEDICAL, due="eom+1",
              month_end=True)  # fmt: skip
    tax_acc[0].description = f"月次顧問報酬（{doc.date.month}月分）"
    doc.extra["withholding"] = sum(i.amount for i in tax_acc if i.rate) * 1021 // 10000
    nurse: list[Item] = []
    for person, rate in (("看護師 山下", 2450), ("看護師 金城", 2450), ("歯科衛生士 新垣", 2200)):
        hours = rng.randint(40, 96)
        nurse += [item(f"派遣料 {person}（通常）", hours, rate, 10, "時間"),
                  item(f"派遣料 {person}（時間外 125%）", rng.randint(2, 10), rate * 5 // 4, 10,
                       "時間")]  # fmt: skip
    nurse.append(item("交通費（課税）", rng.randint(24, 40), 620, 10, "日"))
    add("docx_nurse", "invoice", "docx", NURSE, nurse, MEDICAL, due="eom+1", month_end=True)
    kenshin = [
        item("定期健康診断（法定項目）", rng.randint(12, 30), 8800, 10, "名"),
        item("雇入時健康診断", rng.randint(1, 5), 9900, 10, "名"),
        item("電離放射線健康診断", rng.randint(3, 8), 5500, 10, "名"),
        item("胃部X線検査（オプション）", rng.randint(4, 12), 6600, 10, "名"),
        item("B型肝炎ウイルス抗体検査", rng.randint(3, 10), 2750, 10, "名"),
        item("出張健診 車両派遣料", 1, 33000, 10, "回"),
    ]  # fmt: skip
    add("docx_kenshin", "invoice", "docx", KENSHIN, kenshin, DENTAL_CORP, due="days")
    # -- Excel (4)
    lease = [
        item("歯科用チェアユニット 2台", 1, 64900, 10, code="TM-2031-0418",
             ref=f"第{rng.randint(10, 60)}回／84回"),
        item("歯科用CT・パノラマX線複合機", 1, 102300, 10, code="TM-2030-1102",
             ref=f"第{rng.randint(20, 60)}回／72回"),
        item("口腔内スキャナー", 1, 28600, 10, code="TM-2032-0207",
             ref=f"第{rng.randint(5, 40)}回／60回"),
        item("電子カルテ端末一式（再リース）", 1, 3960, 10, code="TM-2026-0815", ref="再リース2年目"),
        item("動産総合保険料（再リース物件）", 1, 880, None, code="TM-2026-0815", ref="—"),
    ]  # fmt: skip
    add("xl_lease", "invoice", "xlsx", LEASE, lease, DENTAL_CORP, due="27+1",
        close=rng.randint(1, 10))  # fmt: skip
    call_day = rng.randint(1, 28)
    guard = [
        item(f"機械警備 月額料金（{CLINICS[0]}）", 1, 16500, 10),
        item(f"機械警備 月額料金（{CLINICS[1]}）", 1, 13200, 10),
        item(f"機械警備 月額料金（{CLINICS[2]}）", 1, 14300, 10),
        item(f"異常発報 緊急出動料（{call_day}日 23時台）", 1, 5500, 10, "回"),
        item("非接触ICカードキー 追加発行", rng.randint(2, 6), 1100, 10, "枚"),
        item("防犯カメラ 遠隔監視サービス", 2, 2200, 10, "台"),
    ]  # fmt: skip
    add("xl_security", "invoice", "xlsx", SECURITY, guard, MS, due="eom+0",
        close=rng.randint(1, 5), call_day=call_day)  # fmt: skip
    works = (("CAD/CAM冠", "6", 13200), ("メタルボンドクラウン", "1", 38500),
             ("全部床義歯（上顎）", "上顎", 46200), ("インレー（金銀パラジウム）", "4", 8800),
             ("ジルコニアクラウン", "7", 33000), ("CAD/CAM冠", "5", 13200),
             ("ナイトガード", "上顎", 9900), ("仮歯（テンポラリークラウン）", "2", 2750))  # fmt: skip
    giko_date = last_day_of_month(START, rng.randint(0, 11))
    giko = []
    for n, (work, tooth, price) in enumerate(rng.sample(works, 6)):
        day = rng.randint(2, giko_date.day - 1)
        patient = "".join(rng.choice("AIKMNSTY") for _ in range(2))
        giko.append(item(work, 1, price, 10, "本" if tooth.isdigit() else "床",
                         spec=tooth, day=f"{giko_date.month}/{day}",
                         ref=f"{patient[0]}.{patient[1]} 様（No.{n + 101}）"))  # fmt: skip
    giko.sort(key=lambda i: int(i.day.split("/")[1]))
    giko.append(item("宅配便 送料（往復）", 1, 1760, 10))
    add("xl_giko", "invoice", "xlsx", GIKO, giko, DENTAL_CORP, due="eom+1", date=giko_date)
    aqua = [
        item("天然水 富士の湧水 12L ボトル", rng.randint(6, 16), 1350, 8, "本"),
        item("ウォーターサーバー レンタル料（月額）", 3, 1100, 10, "台"),
        item("サーバー除菌メンテナンス（年1回）", rng.randint(1, 3), 3300, 10, "台"),
        item("配送料（定期配送 月2回）", 1, 880, 10, "式"),
    ]  # fmt: skip
    add("xl_aqua", "invoice", "xlsx", AQUA, aqua, MEDICAL, due="10+1", month_end=True)
    # -- scans (12) of 12 of the 14 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for d in printed if d.layout not in ("telecom", "interp")]
    formats = ("scan-pdf", "scan-pdf", "scan-png", "scan-pdf", "scan-pdf", "scan-jpg")
    for index, source in enumerate(sources):
        scan = H11Doc(**{**source.__dict__, "id": f"h11_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % len(formats)]
        scan.dpi = 200
        scan.extra = {**source.extra, "source": source.id,
                      "received": source.layout in ("supplies", "lab", "mall", "ads"),
                      "staple": source.layout in ("dental", "waste", "paper"),
                      "folds": source.layout in ("power", "uniform", "emr")}  # fmt: skip
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _ja(day: dt.date, weekday: bool = False, pad: bool = False) -> str:
    """「2033年7月31日」, 「2033年07月31日」 or 「2033年7月31日（日）」."""
    text = (
        f"{day.year}年{day.month:02d}月{day.day:02d}日"
        if pad
        else f"{day.year}年{day.month}月{day.day}日"
    )
    return f"{text}（{WEEKDAYS[day.weekday()]}）" if weekday else text


def _rw(day: dt.date) -> str:
    """「令和15年7月31日」."""
    return f"令和{day.year - 2018}年{day.month}月{day.day}日"


def _both(day: dt.date) -> str:
    """「2033年(令和15年)12月20日」."""
    return f"{day.year}年(令和{day.year - 2018}年){day.month}月{day.day}日"


def _slash(day: dt.date) -> str:
    return f"{day:%Y/%m/%d}"


def _dots(day: dt.date) -> str:
    """「2033.11.30」."""
    return f"{day.year}.{day.month}.{day.day}"


def _base(doc: H11Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H11Doc) -> int:
    return sum(doc.taxes().values())


def _due(doc: H11Doc) -> dt.date:
    assert doc.due is not None
    return doc.due


def _reg(number: str, form: str = "") -> str:
    """The registration number as a vendor prints it: plain, 「T-1234567890123」, 「T 1234 5678 9012
    3」 or 「T1-2345-6789-0123」."""
    d = number[1:]
    if form == "dash":
        return f"T-{d}"
    if form == "spaces":
        return f"T {d[:4]} {d[4:8]} {d[8:12]} {d[12:]}"
    if form == "groups":
        return f"T{d[0]}-{d[1:5]}-{d[5:9]}-{d[9:]}"
    return number


def _n(value: int, minus: str = "△", yen: str = "") -> str:
    return f"{yen}{value:,}" if value >= 0 else f"{minus}{yen}{-value:,}"


def _e(text: Any) -> str:
    return html.escape(str(text))


def _td(text: Any, cls: str = "") -> str:
    value = f"{text:,}" if isinstance(text, int) else _e(text)
    return f"<td class='{cls}'>{value}</td>" if cls else f"<td>{value}</td>"


def _ths(*names: str) -> str:
    return "<tr>" + "".join(f"<th>{name}</th>" for name in names) + "</tr>"


def _pairs(pairs: list[tuple[str, str]], cls: str = "g") -> str:
    """A two-column table of labels and values."""
    rows = "".join(f"<tr><th>{k}</th><td class='r'>{v}</td></tr>" for k, v in pairs)
    return f"<table class='{cls}'>{rows}</table>"


def _seal(text: str, round_: bool = True, size: int = 58) -> str:
    radius = "50%" if round_ else "3px"
    return (f"<div class='seal' style='width:{size}px;height:{size}px;border-radius:{radius}'>"
            f"{text}</div>")  # fmt: skip


# -- HTML layouts -------------------------------------------------------------------------------


def _supplies(doc: H11Doc) -> str:
    """A medical-supplies wholesaler's 月末締め invoice: rows by delivery date with 品番 / 規格 /
    入数, ※ after the reduced-rate names, a vertical carried-forward box right of the buyer, a
    税率区分 table."""
    name, address, tel, staff = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = "".join(
        "<tr>"
        + _td(i.day, "c")
        + _td(i.code)
        + _td(i.description + (" ※" if i.rate == 8 else ""))
        + _td(i.spec)
        + _td(i.pack, "c")
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + "</tr>"
        for i in _items(doc)
    )
    prev, paid = doc.extra["previous"], doc.extra["paid"]
    box = _pairs([("前回ご請求額", f"{prev:,}"), ("ご入金額", f"{paid:,}"),
                  ("繰越金額", f"{prev - paid:,}"), ("今回お買上額", f"{_base(doc):,}"),
                  ("消費税額", f"{_tax(doc):,}"), ("今回ご請求額", f"<b>¥{doc.total():,}</b>")],
                 "g box")  # fmt: skip
    rates = "".join(
        f"<tr>{_td(label)}{_td(f'{bases[r]:,}', 'r')}{_td(f'{taxes[r]:,}', 'r')}</tr>"
        for r, label in ((10, "10%対象"), (8, "8%対象（※軽減税率）"))
    )
    return f"""
<div class="page sup">
 <div class="flex"><div><div class="title">請 求 書</div><div class="small">（{doc.date.month}月末締）</div></div>
  <div class="right">請求日　{_ja(doc.date)}<br>請求No.　{doc.number}<br>1 / 1 頁</div></div>
 <div class="flex" style="margin-top:14px">
  <div style="width:52%"><div class="buyer">{doc.buyer}　御中</div><div>{CLINICS[0]}　事務長 様</div><div class="small">得意先コード 40-{doc.number[-4:]}</div>
   <p>毎度格別のお引立てを賜り厚く御礼申し上げます。<br>下記の通りご請求申し上げます。</p>
   <div>お支払期限　<b>{_ja(_due(doc))}</b></div></div>
  <div style="width:44%"><div class="flex" style="justify-content:flex-end;gap:10px"><div class="right">
   <span class="big">{name}</span><br>{address}<br>TEL {tel}　FAX 048-644-7126<br>{staff}<br>登録番号　{doc.registration}</div>{_seal("あさひな<br>之　印", False)}</div>
   <div style="margin-top:8px">{box}</div></div></div>
 <table class="g items" style="margin-top:12px">{_ths("納品日", "品番", "品名", "規格", "入数", "数量", "単位", "単価", "金額")}{rows}</table>
 <div class="flex" style="margin-top:10px"><table class="g">{_ths("税率区分", "税抜金額", "消費税額")}{rates}</table>
  <div class="small" style="width:48%">※印は軽減税率（8%）対象商品です。消費税は税率ごとに合計して計算し、円未満を切り捨てております。<br>
   お振込先：ひので中央銀行 大宮支店 普通 3318207 カ）アサヒナイリヨウキザイ</div></div>
</div>"""


def _dental(doc: H11Doc) -> str:
    """A dental dealer's 20日締め invoice: 伝票No. and 商品コード per row, xylitol gum at 8 %, a ▲
    返品, a nonzero 繰越 billed again, the carried-forward box under the items, 「先生」."""
    name, address, tel, staff = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = "".join(
        "<tr>"
        + _td(i.day, "c")
        + _td(i.ref, "c")
        + _td(i.code)
        + _td(i.description)
        + _td(i.spec)
        + _td(_n(i.quantity, "▲"), "r")
        + _td(_n(i.unit_price, "▲"), "r")
        + _td(_n(i.amount, "▲"), "r")
        + _td("軽" if i.rate == 8 else "", "c")
        + "</tr>"
        for i in _items(doc)
    )
    prev, paid, carry = doc.extra["previous"], doc.extra["paid"], doc.extra["carry"]
    start = last_day_of_month(doc.date, -1).replace(day=21)
    heads = ("前回御請求額", "御入金額", "差引繰越額", "今回御買上額", "消費税額", "今回御請求額")
    values = (prev, paid, carry, _base(doc), _tax(doc), doc.total())
    summary = "<tr>" + "".join(_td(f"{v:,}", "r") for v in values) + "</tr>"
    inner = "".join(
        f"<tr>{_td(label)}{_td(f'{bases[r]:,}円', 'r')}{_td(f'{taxes[r]:,}円', 'r')}</tr>"
        for r, label in ((10, "10%"), (8, "8%（軽減）"))
    )
    return f"""
<div class="page den">
 <div class="framed">御　請　求　書</div>
 <div class="flex" style="margin-top:14px">
  <div style="width:50%"><div class="buyer">{doc.buyer}　御中</div><div>{CLINICS[2]}　院長　先生</div>
   <div style="margin-top:8px">締切日　{doc.date.year}年{doc.date.month}月20日（{_slash(start)}〜{_slash(doc.date)}ご納品分）</div></div>
  <div style="width:44%;line-height:1.6">発行日　{_ja(doc.date)}<br>請求番号　{doc.number}<br><span class="big">{name}</span><br>{address}<br>TEL {tel}　担当：{staff}<br>登録番号：{doc.registration}</div></div>
 <table class="g items" style="margin-top:12px">{_ths("日付", "伝票No.", "商品コード", "商品名", "規格・色", "数量", "単価", "金額", "税")}{rows}</table>
 <div class="small">※税欄「軽」は軽減税率（8%）対象。▲は返品です。</div>
 <table class="g wide c" style="margin-top:12px">{_ths(*heads)}{summary}</table>
 <div class="flex" style="margin-top:10px"><div style="width:50%">
  <table class="g">{_ths("税率別内訳", "対象金額", "消費税額")}{inner}</table></div>
  <div style="width:46%" class="small">お支払期限：{_ja(_due(doc), pad=True)}<br>※差引繰越額は前回ご請求分の未入金額です。今回分と合わせてお振込みください。<br>
   お振込先：はまかぜ銀行 新横浜支店 当座 0082145 ユ）シノノメシカシヨウカイ</div></div>
</div>"""


def _lab(doc: H11Doc) -> str:
    """A clinical laboratory's 検査料 invoice: 検査コード / 検査項目 / 件数 / 単価, a negative
    ボリュームディスカウント, the amount due in a box above the items, tax rounded half up (a note),
    令和 dates, 「合計金額(税込)」."""
    name, address, tel, dept = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.code, "c")
        + _td(i.description)
        + _td(_n(i.quantity, "-"), "r")
        + _td(_n(i.unit_price, "-"), "r")
        + _td(_n(i.amount, "-"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    first = doc.date.replace(day=1)
    return f"""
<div class="page lab">
 <div class="band"><span class="logo">MIZUHOSHI LAB</span><span>{name}</span></div>
 <div class="flex" style="margin-top:16px">
  <div style="width:50%"><div class="title2">検査料 御請求書</div>
   <div class="buyer" style="margin-top:10px">{doc.buyer}　様</div><div>{CLINICS[1]}</div>
   <div class="small">ご施設コード　M-{doc.number[-4:]}</div></div>
  <div style="width:44%;line-height:1.65">請求日：{_rw(doc.date)}<br>請求番号：{doc.number}<br>対象期間：{_rw(first)}〜{_rw(doc.date)}受付分<br>
   {address}<br>TEL {tel}<br>{dept}<br>登録番号：{doc.registration}</div></div>
 <div class="duebox"><div><div class="small">合計金額(税込)</div><div class="amount">¥{doc.total():,}</div></div>
  <div>検査料等（税抜）　¥{_base(doc):,}<br>消費税（10%）　¥{_tax(doc):,}<br>お振込期限　{_rw(_due(doc))}</div></div>
 <table class="g items" style="margin-top:14px">{_ths("検査コード", "検査項目", "件数", "単価", "金額")}{rows}</table>
 {_pairs([("小計（10%対象）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("合計金額(税込)", f"{doc.total():,}")], "g box2")}
 <div class="small" style="margin-top:10px">※消費税は本請求書ごとに税率別に合計し、1円未満を四捨五入しております。<br>
  ※検査料は貴院との検査委託契約に基づく契約単価です（保険点数とは異なります）。<br>
  お振込先：たま信用金庫 八王子支店 普通 1120954 カ）ミズホシリンシヨウケンサケンキユウジヨ</div>
</div>"""


def _waste(doc: H11Doc) -> str:
    """A medical-waste 収集運搬・処分 invoice: 回収日 and マニフェストNo. per row, the sums in a
    column right of the items, dotted dates, 登録番号 with spaces."""
    name, address, tel, dept = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.day, "c")
        + _td(i.ref)
        + _td(i.description)
        + _td(i.spec)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + "</tr>"
        for i in _items(doc)
    )
    side = _pairs([("小計", f"¥{_base(doc):,}"), ("消費税 10%", f"¥{_tax(doc):,}"),
                   ("ご請求額", f"<b>¥{doc.total():,}</b>")], "g side")  # fmt: skip
    return f"""
<div class="page wst">
 <div class="flex"><div class="title2">収集運搬・処分料 請求書</div><div class="right">{_dots(doc.date)}<br>No. {doc.number}</div></div>
 <div class="small">特別管理産業廃棄物（感染性廃棄物）</div>
 <div class="flex" style="margin-top:12px">
  <div style="width:54%"><div class="buyer">{doc.buyer} 御中</div><div>排出事業場：{CLINICS[0]}（東京都武蔵野市吉祥寺本町1-20-1 みなせメディカルモール2F）</div></div>
  <div style="width:42%;line-height:1.55">{name}<br>{address}<br>TEL {tel}　{dept}<br>特別管理産業廃棄物収集運搬業 許可番号 01351208814</div></div>
 <div class="flex" style="margin-top:12px;align-items:flex-start">
  <table class="g items" style="width:78%">{_ths("回収日", "マニフェストNo.", "品目・内容", "容器", "数量", "単位", "単価", "金額")}{rows}</table>
  <div style="width:20%">{side}<div class="small" style="margin-top:8px">お支払期日<br><b>{_dots(_due(doc))}</b></div>
   <div class="small" style="margin-top:8px">振込先<br>いちかわ湾岸銀行<br>二俣支店 普通<br>2271834<br>ド）クスノキメディエコ</div></div></div>
 <div class="small" style="margin-top:14px">※マニフェスト（電子）の登録は当社にて代行しております。処分は中間処理施設（焼却）にて行いました。</div>
 <div class="foot">{name}　適格請求書発行事業者 登録番号 {_reg(doc.registration, "spaces")}</div>
</div>"""


def _emr(doc: H11Doc) -> str:
    """An EMR SaaS invoice: licences × 月額, a negative 長期契約割引, ISO dates, paid by card
    (no due date), 「T-」 registration."""
    name, address, tel, dept = doc.issuer
    end = last_day_of_month(doc.date, 0)
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(f"{i.quantity} {i.unit}" if i.unit != "式" else "1", "r")
        + _td(_n(i.unit_price, "-", "¥"), "r")
        + _td(_n(i.amount, "-", "¥"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    return f"""
<div class="page emr">
 <div class="flex" style="align-items:center"><div><span class="brand">MediNote</span><br><span class="small">クラウド電子カルテ</span></div>
  <div class="right"><span class="title3">ご利用料金 請求書</span><br>INVOICE</div></div>
 <div class="flex" style="margin-top:22px">
  <div style="width:50%"><div class="small">請求先 / Bill to</div><div class="buyer">{doc.buyer} 御中</div><div>契約ID：MN-{doc.number[-4:]}-{doc.date:%y}</div></div>
  <div style="width:44%">{_pairs([("請求日 Issue date", doc.date.isoformat()), ("請求番号 Invoice No.", doc.number), ("ご利用期間 Period", f"{doc.date.isoformat()} – {end.isoformat()}")], "kv")}</div></div>
 <table class="items lines" style="margin-top:18px">{_ths("内容 Description", "数量 Qty", "単価 Unit price", "金額 Amount")}{rows}</table>
 <div class="flex" style="justify-content:flex-end;margin-top:10px">{_pairs([("小計 Subtotal（10%対象）", f"¥{_base(doc):,}"), ("消費税 Tax（10%）", f"¥{_tax(doc):,}"), ("ご請求金額 Total", f"¥{doc.total():,}")], "kv total")}</div>
 <div class="note">お支払方法：ご登録のクレジットカード（VISA 末尾 4410）にて自動決済いたします。本書の発行をもって決済のご案内に代えさせていただきます。</div>
 <div class="foot">{name}　{address}　{dept}　TEL {tel}<br>登録番号 {_reg(doc.registration, "dash")}</div>
</div>"""


def _paper(doc: H11Doc) -> str:
    """A printing shop's 納品書兼請求書: a 用紙・規格 column, 診察券 per 枚, 版代, 運送料,
    「合計金額（税込）」 right of the buyer, slashed dates."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(i.spec)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + "</tr>"
        for n, i in enumerate(_items(doc), 1)
    )
    filler = "".join("<tr>" + "<td>&nbsp;</td>" * 7 + "</tr>" for _ in range(4))
    return f"""
<div class="page pap">
 <div class="title" style="text-align:center">納品書 兼 請求書</div>
 <div class="flex" style="margin-top:16px">
  <div style="width:48%"><div class="buyer">{doc.buyer}　御中</div><div>{CLINICS[3]} 受付ご担当 様</div>
   <div style="margin-top:6px">納品日　{_slash(doc.date)}</div></div>
  <div style="width:48%"><table class="g grand"><tr><th>合計金額（税込）</th><td class="r">¥{doc.total():,}-</td></tr></table>
   <div style="margin-top:6px">発行日　{_slash(doc.date)}　伝票番号　{doc.number}</div></div></div>
 <div class="flex" style="margin-top:10px;justify-content:flex-end"><div style="line-height:1.55">{name}<br>{address}<br>TEL {tel}　{staff}<br>登録番号 {doc.registration}</div></div>
 <table class="g items" style="margin-top:10px">{_ths("No.", "品名", "用紙・規格", "数量", "単位", "単価", "金額")}{rows}{filler}</table>
 {_pairs([("小計", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("合計金額（税込）", f"{doc.total():,}")], "g box2")}
 <div class="small" style="margin-top:10px">お支払期限　{_slash(_due(doc))}　／　お振込先：ふじ富士銀行 今泉支店 普通 0471126 ユ）フタバシコウ<br>※診察券のデータは次回ご注文に備え当社にて保管いたします。</div>
</div>"""


def _uniform(doc: H11Doc) -> str:
    """A uniform rental's 20日締め invoice: 着・月 and クリーニング per 枚, a 税抜 / 消費税 / 今回ご請求額
    box above the items, the date with 西暦 and 令和, due the 口座振替日."""
    name, address, tel, office = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(i.spec)
        + _td(_n(i.quantity), "r")
        + _td(i.unit, "c")
        + _td(_n(i.unit_price), "r")
        + _td(_n(i.amount), "r")
        + "</tr>"
        for i in _items(doc)
    )
    start = last_day_of_month(doc.date, -1).replace(day=21)
    return f"""
<div class="page uni">
 <div class="flex"><div class="title2">ユニフォーム レンタル・クリーニング 御請求書</div><div class="right small">{office}</div></div>
 <div class="flex" style="margin-top:14px">
  <div style="width:52%"><div class="buyer">{doc.buyer}　御中</div><div>ご利用施設：{CLINICS[0]}・{CLINICS[2]}</div>
   <div>ご利用期間：{start.month}月21日〜{doc.date.month}月20日（20日締）</div></div>
  <div style="width:44%;line-height:1.6">{_both(doc.date)}<br>請求書No. {doc.number}<br><span class="big">{name}</span><br>{address}<br>TEL {tel}<br>登録番号 {_reg(doc.registration, "groups")}</div></div>
 <table class="g wide c" style="margin-top:14px">{_ths("今回お取引額（税抜）", "消費税額（10%）", "今回ご請求額", "お引落日")}
  <tr>{_td(f"¥{_base(doc):,}", "r")}{_td(f"¥{_tax(doc):,}", "r")}{_td(f"¥{doc.total():,}", "r em")}{_td(_ja(_due(doc)))}</tr></table>
 <table class="g items" style="margin-top:14px">{_ths("品名", "仕様", "数量", "単位", "単価", "金額")}{rows}</table>
 <div class="small" style="margin-top:10px">※ご請求金額は{_ja(_due(doc))}にご指定口座より引き落とさせていただきます（口座振替）。<br>※退職者のユニフォームは回収袋にてご返却ください。未返却品は買取となります。</div>
</div>"""


def _mall(doc: H11Doc) -> str:
    """The medical mall's 賃料・共益費・管理費 invoice billed ahead: 「様」, a 子メーター kWh line, a
    不課税 町内会費, the registration label and number on two lines, 令和 dates."""
    name, address, tel, office = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(i.spec)
        + _td(f"{i.quantity:,}{i.unit}" if i.unit != "式" else "1", "r")
        + _td(f"{i.unit_price:,}", "r")
        + _td(f"{i.amount:,}", "r")
        + _td("不課税" if i.rate is None else "課税10%", "c")
        + "</tr>"
        for i in _items(doc)
    )
    return f"""
<div class="page mal">
 <div class="title" style="text-align:center">賃料等 ご請求書</div>
 <div class="right" style="margin-top:8px">{_rw(doc.date)}<br>請求番号 {doc.number}</div>
 <div class="flex" style="margin-top:8px">
  <div style="width:52%"><div class="buyer">{doc.buyer}　様</div><div>物件：みなせメディカルモール 2F 201号室（{CLINICS[0]}）</div>
   <p>平素は格別のご高配を賜り誠にありがとうございます。翌月分賃料等を下記のとおりご請求申し上げます。</p></div>
  <div style="width:42%;line-height:1.6">{name}<br>{office}<br>{address}<br>TEL {tel}<br>適格請求書発行事業者登録番号<br>{doc.registration}</div></div>
 {_pairs([("ご請求金額", f"<b>{doc.total():,}円</b>"), ("お支払期限", _rw(_due(doc)))], "g grand")}
 <table class="g items" style="margin-top:14px">{_ths("費目", "摘要", "数量", "単価（円）", "金額（円）", "税区分")}{rows}</table>
 {_pairs([("課税対象額（10%）", f"{_base(doc):,}円"), ("消費税額（10%）", f"{_tax(doc):,}円"), ("不課税", f"{doc.non_taxable():,}円"), ("合計", f"{doc.total():,}円")], "g box2")}
 <div class="small" style="margin-top:10px">※専有部電気料金は子メーター検針値（{doc.date.month}月度）×31円/kWhにて算定しております。町内会費は町会へのお預り金で消費税の対象外です。<br>
  お振込先：ひので中央銀行 吉祥寺支店 普通 6640813 カ）ミナセビルマネジメント（振込手数料は貴社にてご負担願います）</div>
</div>"""


def _power(doc: H11Doc) -> str:
    """A power company's 内税 bill: three 段階 of 電力量料金, a negative 燃料費調整額, the 賦課金,
    「うち消費税等相当額」, a usage chart, 検針日 and 使用期間 before the 発行日."""
    name, address, tel, centre = doc.issuer
    used, history = doc.extra["used"], doc.extra["history"]
    read = doc.date - dt.timedelta(days=5)
    since = read - dt.timedelta(days=30)
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(i.calc.replace("−", "-"), "r")
        + _td(_n(i.amount, "-"), "r")
        + "</tr>"
        for i in _items(doc)
    )
    peak = max([*history, used])
    bars = "".join(
        f"<div class='bar' style='height:{int(70 * v / peak)}px'></div>" for v in [*history, used]
    )
    return f"""
<div class="page pow">
 <div class="flex" style="align-items:flex-end"><div><span class="brand2">いぶき電力</span><div class="title3">電気料金 ご請求書</div></div>
  <div class="right small">{centre}<br>{tel}（平日 9:00〜18:00）</div></div>
 <div class="flex" style="margin-top:16px;align-items:flex-start">
  <div style="width:48%">
   <div class="buyer">{doc.buyer} 様</div><div>ご使用場所：東京都武蔵野市吉祥寺本町1-20-1 2F（{CLINICS[0]}）</div>
   <div>お客さま番号 08-{doc.number[-4:]}-3317-02　契約種別 従量電灯C</div>
   <div class="duebox2"><div class="small">ご請求金額</div><div class="amount">{doc.total():,}円</div>
    <div>（うち消費税等相当額　{_tax(doc):,}円）</div><div>お支払期限　{_ja(_due(doc))}</div></div>
   <div class="small" style="margin-top:8px">ご使用量の推移（kWh）</div><div class="chart">{bars}</div></div>
  <div style="width:48%">{_pairs([("ご使用期間", f"{since.month}月{since.day}日〜{read.month}月{read.day}日（31日間）"), ("検針日", _ja(read)), ("今回ご使用量", f"{used:,} kWh"), ("発行日", _ja(doc.date)), ("請求番号", doc.number)], "g kv2")}</div></div>
 <table class="g items" style="margin-top:16px">{_ths("料金内訳", "計算", "金額（円・税込）")}{rows}
  <tr><td>合計</td><td></td><td class="r"><b>{doc.total():,}</b></td></tr></table>
 <div class="small" style="margin-top:16px">※料金はすべて消費税等相当額（10%）を含みます。燃料費調整単価は当月の平均燃料価格により算定しています。<br>
  ※再生可能エネルギー発電促進賦課金は国が定める単価により算定しています。<br>{name}　{address}　登録番号 {doc.registration}</div>
</div>"""


def _telecom(doc: H11Doc) -> str:
    """A telecom bill: lines grouped by 回線 with their subtotals, ユニバーサルサービス料, a negative
    セット割引, 外税, due the 口座振替日."""
    name, address, tel, centre = doc.issuer
    groups = {"光回線": "光ビジネス回線　ご契約ID CAF-{0}", "電話": "ひかり電話オフィス　0422-21-{0}",
              "その他": "その他"}  # fmt: skip
    rows = ""
    for key, title in groups.items():
        members = [i for i in _items(doc) if i.ref == key]
        rows += f"<tr class='grp'><td colspan=4>{title.format(doc.number[-4:])}</td></tr>"
        for i in members:
            count = f"{i.quantity}{i.unit}" if i.unit != "式" else ""
            rows += (
                "<tr>"
                + _td(i.description)
                + _td(count, "r")
                + _td("10%", "c")
                + _td(_n(i.amount, "-"), "r")
                + "</tr>"
            )
        rows += f"<tr class='sub'><td colspan=3>小計</td>{_td(f'{sum(i.amount for i in members):,}', 'r')}</tr>"
    billed = last_day_of_month(doc.date, -1)
    return f"""
<div class="page tel">
 <div class="flex"><div class="title3">ご請求書（ご利用料金明細）</div><div class="right">発行日 {_ja(doc.date)}<br>ご請求番号 {doc.number}</div></div>
 <div class="flex" style="margin-top:14px">
  <div style="width:52%"><div class="buyer">{doc.buyer} 御中</div><div>{billed.year}年{billed.month}月ご利用分</div></div>
  <div style="width:44%;line-height:1.55">{name}<br>{centre}　{tel}<br>{address}<br>登録番号 {doc.registration}</div></div>
 {_pairs([("ご請求金額（税込）", f"<b>{doc.total():,}円</b>"), ("口座振替日", _ja(_due(doc)))], "g grand")}
 <table class="g items" style="margin-top:14px">{_ths("ご利用内容", "数量", "税率", "金額（円・税抜）")}{rows}</table>
 {_pairs([("税抜合計（10%対象）", f"{_base(doc):,}円"), ("消費税等相当額（10%）", f"{_tax(doc):,}円"), ("ご請求金額", f"{doc.total():,}円")], "g box2")}
 <div class="small" style="margin-top:10px">※ユニバーサルサービス料・電話リレーサービス料は電話番号ごとに請求しています。<br>※口座振替日が金融機関休業日の場合は翌営業日の振替となります。</div>
</div>"""


def _interp(doc: H11Doc) -> str:
    """An 一般社団法人's medical-interpreting invoice: hours, 30-minute units and 文字 counts, a
    non-taxable 交通費 実費, dates with weekdays, 登録番号 with spaces."""
    name, address, tel, person = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(i.description)
        + _td(f"{i.quantity:,}", "r")
        + _td(i.unit, "c")
        + _td(f"{i.unit_price:,}", "r")
        + _td(f"{i.amount:,}", "r")
        + _td("対象外" if i.rate is None else "10%", "c")
        + "</tr>"
        for i in _items(doc)
    )
    return f"""
<div class="page int">
 <div class="flex" style="align-items:flex-start">
  <div style="width:56%"><div class="title2">ご請求書</div><div class="small">医療通訳・翻訳サービス</div>
   <div class="buyer" style="margin-top:14px">{doc.buyer}　御中</div><div>{CLINICS[1]}　外来ご担当者様</div>
   <p>このたびは当協会の医療通訳サービスをご利用いただき、誠にありがとうございました。</p></div>
  <div style="width:40%">{_pairs([("ご請求金額", f"<b>¥{doc.total():,}</b>"), ("請求日", _ja(doc.date, weekday=True)), ("お振込期限", _ja(_due(doc), weekday=True)), ("請求番号", doc.number)], "g kv2")}
   <div style="margin-top:10px;line-height:1.55">{name}<br>{address}<br>TEL {tel}<br>{person}<br>登録番号 {_reg(doc.registration, "spaces")}</div></div></div>
 <table class="g items" style="margin-top:14px">{_ths("内容", "数量", "単位", "単価", "金額", "税率")}{rows}</table>
 {_pairs([("10%対象 計", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"), ("対象外（交通費実費）", f"¥{doc.non_taxable():,}"), ("ご請求金額", f"¥{doc.total():,}")], "g box2")}
 <div class="small" style="margin-top:10px">※遠隔ビデオ通訳は30分単位での計算です。翻訳料は原文の文字数によります。交通費は実費精算のため消費税の対象外としております。<br>
  お振込先：ほんごう信用組合 本店 普通 0390218 シヤ）ヤマトイリヨウツウヤクキヨウカイ</div>
</div>"""


def _ads(doc: H11Doc) -> str:
    """An advertising agency's invoice: 媒体費 and a 20 % 運用手数料, a negative 出精値引,
    「T-1234567890123」, the amount due above the items."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(i.quantity, "r")
        + _td(_n(i.unit_price, "▲"), "r")
        + _td(_n(i.amount, "▲"), "r")
        + "</tr>"
        for n, i in enumerate(_items(doc), 1)
    )
    return f"""
<div class="page ads">
 <div class="title" style="letter-spacing:6px">御請求書</div>
 <div class="flex" style="margin-top:12px">
  <div style="width:54%"><div class="buyer">{doc.buyer}　御中</div>
   <div>件名：{doc.date.year}年{doc.date.month}月度 集患プロモーション費用</div>
   <div class="duebox3">ご請求金額　<span class="amount">¥{doc.total():,}</span>（税込）</div>
   <div>お支払期限：{_ja(_due(doc))}</div></div>
  <div style="width:42%;line-height:1.6">請求日：{_ja(doc.date)}<br>請求書番号：{doc.number}<br><span class="big">{name}</span><br>{address}<br>TEL {tel}<br>{staff}<br>登録番号：{_reg(doc.registration, "dash")}</div></div>
 <table class="g items" style="margin-top:14px">{_ths("No.", "項目", "数量", "単価", "金額")}{rows}</table>
 {_pairs([("小計（税抜）", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"), ("合計", f"¥{doc.total():,}")], "g box2")}
 <div class="small" style="margin-top:10px">※媒体費は{doc.date.month}月1日〜{doc.date.day}日の配信実績（Google 広告 管理画面の請求額）です。運用代行手数料は媒体費の20%です。<br>
  お振込先：ひので中央銀行 渋谷支店 普通 7781023 カ）ヒロメドウエージエンシー</div>
</div>"""


def _taxi(doc: H11Doc) -> str:
    """A taxi 領収書: 内税, 「上様」, 乗車 / 降車 times."""
    name, address, tel, centre = doc.issuer
    minutes, hour = doc.extra["minutes"], doc.extra["hour"]
    came = dt.datetime.combine(doc.date, dt.time(hour, (minutes * 7) % 60))
    left = came + dt.timedelta(minutes=minutes)
    fare, pickup = doc.lines[0].amount, doc.lines[1].amount
    return f"""
<div class="slip taxi">
 <div class="c big">領 収 書</div>
 <div class="c small">{name}<br>{address}<br>{centre} TEL {tel}<br>登録番号 {doc.registration}</div>
 <div class="line">{_ja(doc.date)}<br>乗車 {came:%H:%M}　降車 {left:%H:%M}<br>車番 多摩500 あ {doc.number[-4:]}　乗務員 No.318</div>
 <div class="line"><div class="flex"><span>運賃</span><span>¥{fare:,}</span></div><div class="flex"><span>迎車料金</span><span>¥{pickup:,}</span></div>
  <div class="flex big"><span>合計</span><span>¥{doc.total():,}</span></div><div class="flex"><span>(内消費税等 10%</span><span>¥{_tax(doc):,})</span></div>
  <div class="flex"><span>現金</span><span>¥{doc.total():,}</span></div></div>
 <div class="line">上様<br>但 乗車料金として<br>上記正に領収いたしました。</div>
</div>"""


def _drug(doc: H11Doc) -> str:
    """A drugstore's register 領収証: 内税, ※8 % drinks, a 税率 / 対象額 / 内税額 table, paid by
    card, no buyer."""
    name, address, tel, shop = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    rows = ""
    for i in _items(doc):
        mark = "※" if i.rate == 8 else "　"
        rows += f"<div class='flex'><span>{mark}{_e(i.description)}</span><span>¥{i.amount:,}</span></div>"
        if i.quantity > 1:
            rows += f"<div style='padding-left:14px'>{i.quantity}点 × 単{i.unit_price:,}</div>"
    count = sum(i.quantity for i in _items(doc))
    when = f"{doc.date:%Y年%m月%d日}({WEEKDAYS[doc.date.weekday()]}) 17:{doc.total() % 60:02d}"
    table = "".join(
        f"<tr><td>{r}%{'※' if r == 8 else ''}</td><td class='r'>¥{bases[r]:,}</td><td class='r'>¥{taxes[r]:,}</td></tr>"
        for r in (10, 8)
    )
    return f"""
<div class="slip drug">
 <div class="c big">Heartful Drug</div>
 <div class="c">{shop}<br>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div class="line">{when}<br>レジ02　責No.{doc.number[-4:]}</div>
 <div class="c" style="letter-spacing:6px;margin:4px 0">領収証</div>
 <div class="line">{rows}</div>
 <div class="line"><div class="flex"><span>小計（{count}点）</span><span>¥{doc.total():,}</span></div>
  <div class="flex big"><span>合計</span><span>¥{doc.total():,}</span></div>
  <table class="mini"><tr><td>税率</td><td>対象額</td><td>内税額</td></tr>{table}</table>
  <div class="flex"><span>クレジット</span><span>¥{doc.total():,}</span></div><div>VISA ************4410 一括</div></div>
 <div class="line">※印は軽減税率（8%）適用商品です。<br>表示価格はすべて税込です。</div>
</div>"""


def _non_invoice(doc: H11Doc) -> str:
    """The lease company's 御見積書, our 注文書, the dental dealer's 納品書, our 支払通知書, the
    税理士's 送付状, the interpreting association's 送付のご案内, the wholesaler's 返品・値引 明細書 and
    the bank's 総合振込 受付結果のお知らせ."""
    name, address, tel, staff = doc.issuer
    letter = "page letter"
    if doc.layout == "cover":
        return f"""
<div class="{letter}">
 <div class="right">{_rw(doc.date)}</div><div class="buyer">{doc.buyer}<br>事務局長　様</div>
 <div class="right">{name}<br>{staff}<br>{address}<br>TEL {tel}</div>
 <div class="lt">書類送付状</div>
 <p>拝啓　時下ますますご清栄のこととお慶び申し上げます。平素は格別のお引立てを賜り、厚く御礼申し上げます。<br>
 さて、下記の書類をお送りいたしますので、ご査収のほどよろしくお願い申し上げます。</p><div class="right">敬具</div>
 <div class="c">記</div><div>1．{doc.date.month}月分 顧問報酬 請求書　1通<br>2．月次試算表（{doc.date.month}月度）　1部<br>3．源泉所得税 納付書（納期の特例分）　1通<br>4．償却資産 申告書 控　1部</div>
 <div class="right">以上</div></div>"""
    if doc.layout == "cover2":
        return f"""
<div class="{letter}">
 <div class="right">{_ja(doc.date)}</div><div class="buyer">{doc.buyer}<br>{CLINICS[1]}　御中</div>
 <div class="right">{name}<br>{staff}<br>TEL {tel}</div>
 <div class="lt">ご請求書送付のご案内</div>
 <p>拝啓　平素より当協会の医療通訳サービスをご利用いただき、誠にありがとうございます。<br>
 {doc.date.month}月分のご利用につきまして、ご請求書を同封いたしました。ご請求金額は{doc.total():,}円（税込）、お振込期限は{_ja(_due(doc))}でございます。
 ご確認のうえ、期日までにお手続きくださいますようお願い申し上げます。</p>
 <div class="right">敬具</div><div>同封書類：ご請求書 1通／通訳実施報告書 {len(doc.lines) - 1}通</div></div>"""
    if doc.layout == "bank":
        rows = "".join(
            "<tr>"
            + _td(n, "c")
            + _td(i.description.removeprefix("振込 "))
            + _td("普通", "c")
            + _td(f"{i.amount:,}", "r")
            + _td("受付済", "c")
            + "</tr>"
            for n, i in enumerate(doc.lines[:-1], 1)
        )
        fee = doc.lines[-1].amount
        paid = sum(i.amount for i in doc.lines[:-1])
        return f"""
<div class="page bnk">
 <div class="flex"><span class="big">{name}</span><span class="right">{staff}<br>TEL {tel}</span></div>
 <div class="lt">総合振込 受付結果のお知らせ</div>
 <div>{doc.buyer} 様</div><p>下記のとおり総合振込のご依頼を受け付けました。指定日に各お振込先へお振込みいたします。</p>
 {_pairs([("受付日", _ja(doc.date)), ("受付番号", doc.number), ("振込指定日", _ja(doc.date + dt.timedelta(days=3))), ("ご依頼件数", f"{len(doc.lines) - 1}件"), ("振込金額合計", f"{paid:,}円"), ("振込手数料合計（税込）", f"{fee:,}円"), ("お引落し金額", f"{paid + fee:,}円")], "g kv2")}
 <table class="g items" style="margin-top:12px">{_ths("No.", "お振込先（受取人）", "科目", "金額（円）", "状態")}{rows}</table>
 <p class="small">※本書はお振込依頼の受付結果をお知らせするもので、領収書・適格請求書ではありません。振込手数料の適格請求書は「手数料明細書」として月末に交付いたします。</p></div>"""
    rows = "".join(
        "<tr>"
        + _td(n, "c")
        + _td(i.description)
        + _td(_n(i.quantity, "△"), "r")
        + _td(_n(i.unit_price, "△"), "r")
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
 <div class="lt">返品・値引 明細書（適格返還請求書）</div>
 <div class="right">発行日 {_ja(doc.date)}<br>No. RT-{doc.number[-4:]}</div>
 <div class="buyer">{doc.buyer}　御中</div><div class="right">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <p>下記のとおり返品・値引を承りました。金額は次回ご請求額より差し引かせていただきます。</p>
 <div class="duebox3">返還額合計（税込）　△¥{-doc.total():,}</div>{table}<div class="right" style="margin-top:6px">{split}</div>
 <div class="small">対象取引：{doc.date.month}月ご納品分（納品書 No.{doc.number[-4:]}）</div></div>"""
    if doc.layout == "paynotice":
        return f"""
<div class="page pay">
 <div class="lt">支払通知書</div>
 <div class="right">{_ja(doc.date)}<br>通知番号 PN-{doc.number[-4:]}</div>
 <div class="buyer">{name}　御中</div><div class="right">{doc.buyer}<br>経理部 支払担当</div>
 <p>いつもお世話になっております。貴社ご請求書（No.{doc.extra["billed"]}）につき、下記のとおりお支払いいたしますのでご通知申し上げます。</p>
 {_pairs([("お支払予定日", _ja(_due(doc))), ("お支払方法", "総合振込（振込手数料 当社負担）"), ("お支払金額", f"¥{doc.total():,}"), ("うち消費税額（10%）", f"¥{_tax(doc):,}")], "g kv2")}
 {table}<p class="small">※本書は請求書ではございません。内容に相違がございましたら5営業日以内にご連絡ください。</p></div>"""
    title, lead, label, tail = {
        "quote": ("リース料 御見積書", "下記物件のリースにつき、お見積り申し上げます。", "月額リース料（税込・保険料含む）",
                  f"リース期間：60か月　物件価格：¥5,280,000（税抜）　月額料率：1.862%　有効期限：{_ja(doc.date + dt.timedelta(days=30))}"),
        "order": ("注 文 書", "下記のとおり注文いたします。ご手配くださいますようお願いいたします。", "注文金額（税込）",
                  f"納入場所：{CLINICS[0]} 処置室　納期：{(doc.date + dt.timedelta(days=5)).month}月{(doc.date + dt.timedelta(days=5)).day}日　支払条件：月末締め翌月末払い"),
        "delivery": ("納 品 書", "毎度ありがとうございます。下記のとおり納品いたしました。", "納品金額（税抜）",
                     "※代金は20日締めにてご請求申し上げます。"),
    }[doc.layout]  # fmt: skip
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    if doc.layout == "quote":
        amount = doc.lines[0].unit_price * 11 // 10 + doc.lines[1].unit_price
    elif doc.layout == "delivery":
        amount = _base(doc)
    else:
        amount = doc.total()
    stamp = (
        "<table class='g' style='margin:10px 0 0 auto'><tr><th>受領印</th></tr><tr><td style='height:54px;width:70px'></td></tr></table>"
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


LAYOUTS: dict[str, Callable[[H11Doc], str]] = {
    "supplies": _supplies,
    "dental": _dental,
    "lab": _lab,
    "waste": _waste,
    "emr": _emr,
    "paper": _paper,
    "uniform": _uniform,
    "mall": _mall,
    "power": _power,
    "telecom": _telecom,
    "interp": _interp,
    "ads": _ads,
    "taxi": _taxi,
    "drug": _drug,
    **dict.fromkeys(
        ("quote", "order", "delivery", "paynotice", "cover", "cover2", "credit", "bank"),
        _non_invoice,
    ),
}

CSS = """
@font-face { font-family: "Migu1P"; src: url("migu1p.ttf"); }
@font-face { font-family: "Migu1P"; src: url("migu1pb.ttf"); font-weight: bold; }
@font-face { font-family: "Migu1C"; src: url("migu1c.ttf"); }
@font-face { font-family: "MigMix2P"; src: url("mig2p.ttf"); }
@font-face { font-family: "MigMix2P"; src: url("mig2pb.ttf"); font-weight: bold; }
@font-face { font-family: "MigMix1M"; src: url("mig1m.ttf"); }
@font-face { font-family: "Migu2M"; src: url("migu2m.ttf"); }
@font-face { font-family: "TakaoMincho"; src: url("takaom.ttf"); }
body { font-family: "Migu1P"; font-size: 9.5pt; color: #161616; margin: 0; }
table { border-collapse: collapse; }
.page { padding: 40px 46px; }
.flex { display: flex; justify-content: space-between; }
.right { text-align: right; } .c { text-align: center; } .r { text-align: right; }
.small { font-size: 8pt; } .big { font-size: 12.5pt; }
.title { font-family: "TakaoMincho"; font-size: 22pt; letter-spacing: 10px; }
.title2 { font-family: "TakaoMincho"; font-size: 17pt; letter-spacing: 2px; }
.title3 { font-family: "MigMix2P"; font-weight: bold; font-size: 16pt; }
.buyer { font-size: 13pt; border-bottom: 1.5px solid #222; padding-bottom: 2px; }
.g td, .g th { border: 1px solid #5a5a5a; padding: 3px 6px; }
.g th { font-weight: normal; background: #eceff3; }
.items { width: 100%; }
.wide { width: 100%; }
.box th { text-align: left; width: 48%; } .box td { width: 52%; }
.box2 { margin: 8px 0 0 auto; min-width: 40%; } .box2 th { text-align: left; }
.grand { margin-top: 10px; } .grand th { font-size: 11pt; } .grand td { font-size: 15pt; min-width: 150px; }
td.em { font-size: 13pt; font-weight: bold; }
.seal { border: 2.5px solid #c23b2c; color: #c23b2c; font-family: "TakaoMincho"; font-size: 10pt;
        line-height: 1.2; display: flex; align-items: center; justify-content: center;
        text-align: center; box-sizing: border-box; transform: rotate(4deg); }
.sup th { background: #dfe9f4; } .sup .items { font-size: 8.6pt; } .sup .items th, .sup .items td { white-space: nowrap; }
.den { font-family: "Migu1C"; } .den th { background: #f4ebdc; }
.framed { text-align: center; font-family: "TakaoMincho"; font-size: 20pt; letter-spacing: 8px;
          border: 3px double #6b4e16; padding: 6px; width: 56%; margin: 0 auto; }
.lab th { background: #e3f1ee; }
.band { display: flex; justify-content: space-between; background: #1f6f64; color: #fff;
        padding: 8px 14px; font-size: 12pt; } .logo { letter-spacing: 3px; font-weight: bold; }
.duebox { display: flex; gap: 40px; align-items: center; border: 2px solid #1f6f64; padding: 8px 16px;
          margin-top: 14px; } .amount { font-size: 20pt; }
.wst { font-family: "Migu1C"; } .wst th { background: #e9f0df; } .wst .items { font-size: 8.2pt; }
.wst .items th, .wst .items td:not(:nth-child(3)) { white-space: nowrap; }
.side { width: 100%; } .side th { text-align: left; }
.foot { margin-top: 26px; border-top: 1px solid #888; padding-top: 6px; font-size: 8.5pt; }
.emr { font-family: "MigMix2P"; } .brand { font-size: 22pt; font-weight: bold; color: #2b59c3; }
.kv th { text-align: left; font-weight: normal; color: #555; padding: 2px 10px 2px 0; }
.kv td { padding: 2px 0; text-align: right; } .total td, .total th { font-size: 11pt; }
.lines th { border-bottom: 2px solid #2b59c3; text-align: left; padding: 5px; font-weight: normal; }
.lines td { border-bottom: 1px solid #ccd; padding: 5px; }
.note { margin-top: 14px; background: #f1f4fb; padding: 8px 12px; font-size: 8.5pt; }
.pap th { background: #fdf3d7; }
.uni th { background: #e6e3f3; }
.mal { font-family: "Migu1C"; } .mal th { background: #efe7e1; }
.pow { font-family: "MigMix2P"; } .pow th { background: #fff1d6; }
.brand2 { color: #d9822b; font-weight: bold; font-size: 13pt; }
.duebox2 { border: 2px solid #d9822b; padding: 8px 14px; margin-top: 12px; }
.kv2 { width: 100%; } .kv2 th { text-align: left; width: 42%; }
.chart { display: flex; align-items: flex-end; gap: 4px; height: 74px; border-bottom: 1px solid #777; }
.bar { width: 16px; background: #f0b46a; } .bar:last-child { background: #d9822b; }
.tel th { background: #e4eef8; } .grp td { background: #f4f7fa; font-weight: bold; }
.sub td { text-align: right; color: #444; }
.int { font-family: "MigMix2P"; } .int th { background: #f3e6ec; }
.ads th { background: #e9e9e9; }
.duebox3 { font-size: 13pt; border-bottom: 2px solid #333; padding: 6px 0; margin: 10px 0; width: 88%; }
.slip { padding: 10px 12px; font-family: "MigMix1M"; font-size: 8.5pt; line-height: 1.45; }
.slip .line { border-top: 1px dashed #000; margin-top: 5px; padding-top: 5px; }
.taxi { font-family: "Migu2M"; }
.mini td { border: 1px solid #000; padding: 1px 5px; }
.letter { padding: 64px 66px; font-family: "TakaoMincho"; font-size: 11pt; line-height: 1.9; }
.lt { text-align: center; font-family: "TakaoMincho"; font-size: 18pt; letter-spacing: 6px; margin: 16px 0; }
.ni th, .cre th, .pay th, .bnk th { background: #eeeeee; }
.cre { color: #9b1c1c; }
"""


def _pdf_options(doc: H11Doc) -> dict[str, Any]:
    if doc.layout == "taxi":
        return {"width": "62mm", "height": "104mm", "print_background": True}
    if doc.layout == "drug":
        return {"width": "80mm", "height": "156mm", "print_background": True}
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _font(document: Any, name: str) -> None:
    """The document's Normal style in `name`, the East Asian font too."""
    from docx.oxml.ns import qn

    style = document.styles["Normal"]
    style.font.name = name
    style.element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), name)


def _docx(doc: H11Doc) -> bytes:
    """A 税理士's invoice (源泉徴収, full-width dates, 「差引ご請求額」), a nurse staffing agency's
    invoice (時間外 125 %, dates with weekdays, the registration number in a sentence) or a
    医療法人社団's 職員健康診断 invoice (「様」, 令和 dates)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    document = docx.Document()
    _font(document, {"docx_tax": "TakaoMincho", "docx_nurse": "Migu 1P",
                     "docx_kenshin": "MigMix 2P"}[layout])  # fmt: skip
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    heading = {"docx_tax": "御　請　求　書", "docx_nurse": "人材派遣料金 ご請求書",
               "docx_kenshin": "健康診断料 請求書"}[layout]  # fmt: skip
    run_ = title.add_run(heading)
    run_.bold, run_.font.size = True, Pt(18)
    if layout == "docx_tax":
        when, due = _ja(doc.date).translate(ZENKAKU), _ja(_due(doc)).translate(ZENKAKU)
        to = f"{doc.buyer}　御中\n理事長　様"
    elif layout == "docx_nurse":
        when, due = _ja(doc.date, weekday=True), _ja(_due(doc), weekday=True)
        to = f"{doc.buyer}　御中\n{CLINICS[0]}　看護部 ご担当者様"
    else:
        when, due = _rw(doc.date), _rw(_due(doc))
        to = f"{doc.buyer}　様\n{CLINICS[2]}・{CLINICS[3]} 職員ご担当"
    right = document.add_paragraph(f"請求日：{when}\n請求書番号：{doc.number}")
    right.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    document.add_paragraph(to).runs[0].font.size = Pt(13)
    lines = [name, staff, address, f"TEL {tel}"]
    if layout == "docx_tax":
        lines.append(f"適格請求書発行事業者登録番号：{doc.registration}")
    elif layout == "docx_kenshin":
        lines.append(f"登録番号　{_reg(doc.registration, 'groups')}")
    issuer = document.add_paragraph("\n".join(lines))
    issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if layout == "docx_tax":
        document.add_paragraph("顧問契約に基づき、下記のとおりご請求申し上げます。")
        label = "差引ご請求額"
    elif layout == "docx_nurse":
        first = doc.date.replace(day=1)
        document.add_paragraph(
            f"派遣期間：{_ja(first, weekday=True)}〜{_ja(doc.date, weekday=True)}\n"
            f"就業場所：{CLINICS[0]}・{CLINICS[2]}"
        )
        label = "ご請求金額（税込）"
    else:
        document.add_paragraph(
            f"実施日：{_rw(doc.date - dt.timedelta(days=12))}（出張健診）　実施場所：{CLINICS[2]}\n"
            "職員健康診断を下記のとおり実施いたしましたので、ご請求申し上げます。"
        )
        label = "ご請求金額"
    document.add_paragraph().add_run(f"{label}　¥{doc.total():,}－").font.size = Pt(15)
    document.add_paragraph(f"お振込期限：{due}")
    heads = {"docx_tax": ["摘要", "数量", "金額", "備考"],
             "docx_nurse": ["内容", "時間・日数", "単価", "金額"],
             "docx_kenshin": ["No.", "健診項目", "受診者数", "単価", "金額"]}[layout]  # fmt: skip
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for n, line in enumerate(_items(doc), 1):
        if layout == "docx_tax":
            note = "立替金（不課税）" if line.rate is None else "課税・源泉対象"
            add_row(
                table, [line.description, f"{line.quantity}{line.unit}", f"{line.amount:,}円", note]
            )
        elif layout == "docx_nurse":
            add_row(table, [line.description, f"{line.quantity}{line.unit}",
                            f"{line.unit_price:,}", f"{line.amount:,}"])  # fmt: skip
        else:
            add_row(table, [str(n), line.description, f"{line.quantity}{line.unit}",
                            f"{line.unit_price:,}", f"{line.amount:,}"])  # fmt: skip
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    if layout == "docx_tax":
        base = _base(doc)
        pairs = [("報酬額 計（税抜）", f"{base:,}円"), ("消費税額（10%）", f"{_tax(doc):,}円"),
                 ("立替金", f"{doc.non_taxable():,}円"),
                 ("合計", f"{base + _tax(doc) + doc.non_taxable():,}円"),
                 ("源泉所得税（報酬額×10.21%）", f"△{doc.extra['withholding']:,}円"),
                 ("差引ご請求額", f"{doc.total():,}円")]  # fmt: skip
    elif layout == "docx_nurse":
        pairs = [("小計", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                 ("ご請求金額（税込）", f"{doc.total():,}円")]  # fmt: skip
    else:
        pairs = [("小計（10%対象）", f"¥{_base(doc):,}"), ("消費税等（10%）", f"¥{_tax(doc):,}"),
                 ("合計金額", f"¥{doc.total():,}")]  # fmt: skip
    for key, value in pairs:
        add_row(sums, [key, value])
    tail = {"docx_tax": "お振込先：みたか中央銀行 三鷹駅前支店 普通 2270391 オオバ キヨウコ",
            "docx_nurse": "※時間外は通常単価の125%です。交通費は派遣料金の一部として課税しております。\n"
                          f"当社の適格請求書発行事業者登録番号は {doc.registration} です。\n"
                          "お振込先：いけぶくろ信用金庫 東口支店 普通 5530178 カ）ユイナースパートナーズ",
            "docx_kenshin": "※健康診断結果は個人票にて受診者ご本人へ、事業者控は別途簡易書留にてお送りします。\n"
                            "お振込先：ふちゅう府中銀行 本店営業部 普通 1048822 イ）アサギリカイ"}[layout]  # fmt: skip
    document.add_paragraph(tail)
    document.core_properties.created = dt.datetime(2034, 6, 30)
    document.core_properties.modified = dt.datetime(2034, 6, 30)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _lines_to(sheet: Any, column: str, row: int, texts: list[str]) -> None:
    for offset, text in enumerate(texts):
        sheet[f"{column}{row + offset}"] = text


def _xl_lease(doc: H11Doc) -> bytes:
    """An equipment lease's リース料 invoice: 契約番号 and 回次 columns, a non-taxable 保険料, dates
    as `[$-ja-JP]ggge"年"m"月"d"日"`, due the 口座振替日, sums by SUMIF."""
    made = _Sheet()
    sheet = made.sheet
    sheet.title = "リース料請求書"
    name, address, tel, dept = doc.issuer
    era = '[$-ja-JP]ggge"年"m"月"d"日"'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "リース料 ご請求書"
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["A4"] = f"{CLINICS[2]}・{CLINICS[3]}"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["E4"], sheet["F4"] = "口座振替日", midnight(_due(doc))
    sheet["E5"], sheet["F5"] = "請求番号", doc.number
    sheet["F3"].number_format = sheet["F4"].number_format = era
    _lines_to(sheet, "E", 7, [name, address, f"TEL {tel}", dept, f"登録番号 {doc.registration}"])
    row = 14
    _put(sheet, row, ["契約番号", "物件名", "回次", "リース料", "税区分"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.code, line.description, line.ref, line.amount,
                          "非課税" if line.rate is None else "課税"])  # fmt: skip
        sheet[f"D{row}"].number_format = "#,##0"
    last = row
    row += 2
    for offset, label in enumerate(
        ("課税対象額", "消費税（10%）", "非課税（保険料）", "ご請求金額")
    ):
        sheet[f"C{row + offset}"] = label
    made.formula(f"D{row}", f'SUMIF(E{first}:E{last},"課税",D{first}:D{last})', _base(doc))
    made.formula(f"D{row + 1}", f"ROUNDDOWN(D{row}*0.1,0)", _tax(doc))
    made.formula(f"D{row + 2}", f'SUMIF(E{first}:E{last},"非課税",D{first}:D{last})',
                 doc.non_taxable())  # fmt: skip
    made.formula(f"D{row + 3}", f"SUM(D{row}:D{row + 2})", doc.total(), '"¥"#,##0')
    sheet["A9"] = "ご請求金額"
    made.formula("B9", f"D{row + 3}", doc.total(), '"¥"#,##0"-"')
    sheet[f"A{row + 5}"] = (
        "※ご請求金額は口座振替日にご指定口座より引き落とします。保険料は非課税です。"
    )
    sheet.column_dimensions["A"].width = 16
    sheet.column_dimensions["B"].width = 34
    return made.save()


def _xl_security(doc: H11Doc) -> bytes:
    """A security company's invoice: three sites' 月額, a 緊急出動料, the amount in a merged cell
    at the top, `yyyy/m/d`."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, dept = doc.issuer
    sheet.merge_cells("A1:C1")
    sheet["A1"] = "警備料金 請求書"
    sheet["A3"] = f"{doc.buyer} 御中"
    sheet.merge_cells("A5:B6")
    sheet["A5"] = "ご請求金額（税込）"
    sheet.merge_cells("C5:D6")
    sheet["D1"], sheet["E1"] = "発行日", midnight(doc.date)
    sheet["D2"], sheet["E2"] = "請求No.", doc.number
    sheet["D3"], sheet["E3"] = "お支払期限", midnight(_due(doc))
    sheet["E1"].number_format = sheet["E3"].number_format = "yyyy/m/d"
    _lines_to(sheet, "D", 8, [name, dept, address, f"TEL {tel}", f"登録番号：{_reg(doc.registration, 'dash')}"])  # fmt: skip
    row = 14
    _put(sheet, row, ["項目", "数量", "単価", "金額"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit_price])
        sheet[f"C{row}"].number_format = "#,##0"
        made.formula(f"D{row}", f"B{row}*C{row}", line.amount)
    last = row
    row += 2
    for offset, label in enumerate(("小計", "消費税（10%）", "合計")):
        sheet[f"C{row + offset}"] = label
    made.formula(f"D{row}", f"SUM(D{first}:D{last})", _base(doc))
    made.formula(f"D{row + 1}", f"INT(D{row}*10/100)", _tax(doc))
    made.formula(f"D{row + 2}", f"D{row}+D{row + 1}", doc.total(), '"¥"#,##0')
    made.formula("C5", f"D{row + 2}", doc.total(), '"¥"#,##0"-"')
    nxt = last_day_of_month(doc.date, 0)
    sheet[f"A{row + 4}"] = (
        f"※機械警備料金は{nxt.month}月分です。緊急出動は{doc.extra['call_day']}日の異常発報（誤報）によるものです。"
    )
    sheet[f"A{row + 5}"] = "お振込先：たちかわ曙銀行 立川支店 普通 4401285 カ）トモシビセキユリテイ"
    sheet.column_dimensions["A"].width = 44
    return made.save()


def _xl_giko(doc: H11Doc) -> bytes:
    """A dental technician's 技工料 invoice: patients' initials, 技工物 and 部位, the dates typed as
    text, 「10%対象 x 消費税 y」 on one row, 「今月ご請求額」."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, person = doc.issuer
    sheet["A1"] = "技工料 請求書"
    sheet["A3"], sheet["C3"] = doc.buyer, "御中"
    sheet["A4"] = f"{CLINICS[3]} 院長 先生"
    sheet["F1"], sheet["G1"] = "請求日", _ja(doc.date)
    sheet["F2"], sheet["G2"] = "お支払期限", _ja(_due(doc))
    sheet["F3"], sheet["G3"] = "No.", doc.number
    _lines_to(sheet, "F", 5, [name, person, address, f"TEL {tel}"])
    sheet["F9"], sheet["G9"] = "登録番号", doc.registration
    row = 12
    _put(sheet, row, ["納品日", "患者名", "技工物", "部位", "数量", "単価", "金額"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.day, line.ref, line.description, line.spec, line.quantity,
                          line.unit_price])  # fmt: skip
        sheet[f"F{row}"].number_format = "#,##0"
        made.formula(f"G{row}", f"E{row}*F{row}", line.amount)
    last = row
    row += 2
    sheet[f"A{row}"], sheet[f"C{row}"] = "10%対象", "消費税"
    made.formula(f"B{row}", f"SUM(G{first}:G{last})", _base(doc))
    made.formula(f"D{row}", f"ROUNDDOWN(B{row}*0.1,0)", _tax(doc))
    sheet[f"F{row + 1}"] = "今月ご請求額"
    made.formula(f"G{row + 1}", f"B{row}+D{row}", doc.total(), '"¥"#,##0')
    sheet["A7"] = "今月ご請求額"
    made.formula("B7", f"G{row + 1}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 3}"] = (
        "※月末締め翌月末払い。お振込先：ちょうふ布田銀行 調布支店 普通 3381207 フジタ マコト"
    )
    sheet.column_dimensions["B"].width = 20
    sheet.column_dimensions["C"].width = 28
    return made.save()


def _xl_aqua(doc: H11Doc) -> bytes:
    """A water-server invoice: 8 % water beside 10 % rental and maintenance, one ROUNDDOWN per
    rate (by SUMIF on a 税率 column), `yyyy/mm/dd`."""
    made = _Sheet()
    sheet = made.sheet
    name, address, tel, dept = doc.issuer
    bases, taxes = doc.bases(), doc.taxes()
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "御請求書"
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["A4"] = f"設置先：{CLINICS[0]}／{CLINICS[1]}"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["E4"], sheet["F4"] = "お支払期限", midnight(_due(doc))
    sheet["E5"], sheet["F5"] = "請求番号", doc.number
    sheet["F3"].number_format = sheet["F4"].number_format = "yyyy/mm/dd"
    _lines_to(sheet, "E", 6, [name, address, f"TEL {tel}　{dept}", f"登録番号 {doc.registration}"])
    row = 12
    _put(sheet, row, ["品名", "数量", "単位", "単価", "金額", "税率"])
    first = row + 1
    for line in _items(doc):
        row += 1
        _put(sheet, row, [line.description, line.quantity, line.unit, line.unit_price, None,
                          "8%※" if line.rate == 8 else "10%"])  # fmt: skip
        sheet[f"D{row}"].number_format = "#,##0"
        made.formula(f"E{row}", f"B{row}*D{row}", line.amount)
    last = row
    row += 2
    for rate, label in ((10, "10%"), (8, "8%※")):
        sheet[f"A{row}"], sheet[f"C{row}"] = f"{rate}%対象", "消費税"
        made.formula(f"B{row}", f'SUMIF(F{first}:F{last},"{label}",E{first}:E{last})', bases[rate])
        made.formula(f"D{row}", f"ROUNDDOWN(B{row}*{rate}/100,0)", taxes[rate])
        row += 1
    sheet[f"D{row}"] = "合計金額（税込）"
    made.formula(f"E{row}", f"B{row - 2}+D{row - 2}+B{row - 1}+D{row - 1}", doc.total(), '"¥"#,##0')
    sheet["A8"] = "ご請求金額"
    made.formula("B8", f"E{row}", doc.total(), '"¥"#,##0')
    sheet[f"A{row + 2}"] = (
        "※は軽減税率（8%）対象（飲料水）。サーバーレンタル・メンテナンス・配送料は10%です。"
    )
    sheet[f"A{row + 3}"] = "お振込先：ふじかわぐち銀行 船津支店 普通 0871163 カ）キヨセアクア"
    sheet.column_dimensions["A"].width = 38
    return made.save()


OFFICE_LAYOUTS: dict[str, Callable[[H11Doc], bytes]] = {
    "docx_tax": _docx,
    "docx_nurse": _docx,
    "docx_kenshin": _docx,
    "xl_lease": _xl_lease,
    "xl_security": _xl_security,
    "xl_giko": _xl_giko,
    "xl_aqua": _xl_aqua,
}


# -- scans --------------------------------------------------------------------------------------


def _received(image: Any, doc: H11Doc, rng: random.Random) -> Any:
    """A rectangular 受領 stamp (a few days after the document's date) in grey ink, low on the
    page's left."""
    from PIL import ImageDraw, ImageFont

    width, height = image.size
    mm = doc.dpi / 25.4
    x, y = width * rng.uniform(0.06, 0.12), height * rng.uniform(0.9, 0.93)
    ink = rng.randint(100, 140)
    draw = ImageDraw.Draw(image)
    draw.rectangle((x, y, x + 30 * mm, y + 13 * mm), outline=ink, width=max(2, doc.dpi // 90))
    draw.line((x, y + 5.5 * mm, x + 30 * mm, y + 5.5 * mm), fill=ink, width=max(1, doc.dpi // 120))
    big = ImageFont.truetype(str(FONTS["migu1p"]), int(4 * mm))
    small = ImageFont.truetype(str(FONTS["migu1p"]), int(3 * mm))
    on = doc.date + dt.timedelta(days=rng.randint(2, 6))
    draw.text((x + 15 * mm, y + 2.8 * mm), "受　領", font=big, fill=ink, anchor="mm")
    draw.text((x + 15 * mm, y + 9.3 * mm), f"{on:%Y.%m.%d} 事務局", font=small, fill=ink,
              anchor="mm")  # fmt: skip
    return image


def _staple(image: Any, doc: H11Doc, rng: random.Random) -> Any:
    """A staple at the top left corner, slanted, with its shadow."""
    from PIL import ImageDraw

    mm = doc.dpi / 25.4
    x, y = 7 * mm + rng.uniform(-1, 1) * mm, 9 * mm + rng.uniform(-1, 1) * mm
    draw = ImageDraw.Draw(image)
    end = (x + 11 * mm, y - 7 * mm)
    draw.line((x + 0.6 * mm, y + 0.6 * mm, end[0] + 0.6 * mm, end[1] + 0.6 * mm), fill=170,
              width=int(1.3 * mm))  # fmt: skip
    draw.line((x, y, *end), fill=rng.randint(60, 90), width=int(0.9 * mm))
    return image


def _scan_page(image: Any, doc: H11Doc, rng: random.Random) -> Any:
    """A 受領 stamp or a staple on some, a rotation, the creases of a letter folded in three on
    some, a paper tone, noise, dust and a slight blur."""
    import numpy as np
    from PIL import Image, ImageFilter

    if doc.extra.get("received"):
        image = _received(image, doc, rng)
    if doc.extra.get("staple"):
        image = _staple(image, doc, rng)
    angle = rng.uniform(0.4, 2.2) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    height = pixels.shape[0]
    pixels = pixels * (rng.uniform(224, 242) / 255.0)
    if doc.extra.get("folds"):
        rows = np.arange(height, dtype=np.float64)
        for third in (1 / 3, 2 / 3):
            y = height * (third + rng.uniform(-0.01, 0.01))
            pixels -= (np.exp(-(((rows - y) / (height * 0.003)) ** 2)) * rng.uniform(16, 28))[
                :, None
            ]
    pixels += generator.normal(0, rng.uniform(2.5, 5.5), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.0002] = rng.uniform(40, 100)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.35, 0.6)))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout11",
    prefix="h11_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-migmix fonts-takao-mincho",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=11000,
    quality=(50, 80),
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
