"""A fifth held-out set for issue 25 (`heldout5`), made blind: written from the issue's list of
shapes, `make_heldout4_corpus.py`, `make_heldout3_corpus.py` and the shared generator parts,
without reading the document readers (`blocks/invoice/`, `blocks/text/`, `blocks/file/`,
`blocks/statements/`) or their tests, and without running a reader on its documents (only
`bench_extraction.py --list`); nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py`,
`make_heldout3_corpus.py`, `make_heldout4_corpus.py`) in its companies, goods, amounts, dates
(2027, 令和9年), layouts and wordings. Every Japanese font on this machine is used by some
other set already, so this one mixes them in new pairings (IPAex Gothic headings over VL
PGothic tables, IPA P Mincho letters with IPAex Mincho figures, IPA Gothic register slips).

- HTML printed by Debian's Chromium: an electricity bill and an LP-gas bill (tax included,
  お客さま名 | name | 様 in three cells, a 検針日 / ご使用期間 / ご使用量 header row over its
  values, the ご請求金額 label above the amount, 「うち消費税等相当額」, a negative 燃料費等調整額,
  meter readings that are not money); two SaaS invoices with usage lines (bilingual headings,
  a ご請求金額 / 小計 / 消費税 / お支払期限 header row over a value row that holds a date, dated
  the last day of the month they bill; one due 「翌月末日」 only); two construction 出来高請求書
  (契約金額 / 前回迄出来高 / 今回出来高 / 累計出来高 / 出来高率 columns, 殿 or 御中, a 査定日,
  支払期日 「…月末日」); a 社労士's 報酬請求書 (源泉所得税 10.21 % taken off, 差引お振込額); two
  confectionery-wholesale 御請求明細書 (a 前月御請求額 … 今月御請求額 header row, 前月繰越 and
  入金 rows in the ledger, 8 %/10 %; one with a balance carried over); two taxi 領収書, a
  parking 領収証, a bakery receipt (店内 10 % beside 持ち帰り 8 %) and a convenience-store
  receipt (非課税 stamps, お預り / お釣り); two freight 運賃請求書 (the ご請求金額 label above the
  amount in a box, a 税抜合計 / 消費税 / 税込合計 header row; one due 「翌月末日」 only); a
  支払通知書 (振込手数料 差引), a 御見積書, a 発注書, a 納品書 and a 書類送付のご案内
  (「送付いたします」), kinds only;
- Word (.docx): a management consultant's invoice (源泉徴収税額 in the totals table, the buyer
  and 御中 in two cells), a garage's 車検 invoice (法定費用 — 自賠責, 重量税, 印紙 — non-taxable,
  登録番号 beside the issuer in a table), a caterer's invoice (8 % food, 10 % service, no legal
  form, お支払期限 in 令和);
- Excel templates (openpyxl): a construction 出来高 sheet (merged cells, the buyer formatted
  `@"　御中"`, `[$-411]gggee"年"mm"月"dd"日"`, a due cell formatted `…m"月末日"`, `"¥"#,##0"-"`,
  `0.0%`); a flower wholesaler's ledger (前月繰越 / 入金 rows, `\\¥#,##0`, `yyyy/m/d(aaa)`,
  振込期日 「翌月末」 in words); an office landlord's label-above-amount invoice (buyer | 様, a
  non-taxable 火災保険料, `ggge"年"m"月"d"日"`, `#,##0"円";△#,##0"円"`); a staffing agency's
  invoice (a 請求金額 / 税抜金額 / 消費税額 header row over values, the accounting `¥` format);
- 12 scans of 12 of the printed invoices and receipts: 200–300 dpi, rotated 0.3–2.5° either
  way, paper tone, light noise, a slight blur, JPEG quality 58–88; one phone-like (a keystone,
  uneven light), one binarised like a fax (halved vertical resolution, a header line); as
  image-only PDF, PNG or JPEG.

The expected values come from the generator's own data: `total` is the amount to pay — for a
源泉徴収 invoice the amount after the withholding; for the billing statements the 今月御請求額
(the previous balance paid in full, except in one whose unpaid rest is carried into it);
`tax_by_rate` is the consumption tax per rate (rounded down once per rate; for receipts and
utility bills, which print tax-included amounts, the tax included); `due_date` is the due date
printed (「7月末日」 is 7/31; 「翌月末日」 alone is the last day of the month after the
document's date), null when none is printed; `transaction_date` is the document's date
(請求日 / 発行日 / the receipt's date; never a 検針日, 査定日, ご利用期間 or a row's date);
`buyer_name` is null for receipts with no name; a receipt's `lines` are not compared.

    python samples/make_heldout5_corpus.py OUT_DIR     # writes the files and expected.json
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
    generate_printed,
    ipaex_font,
    last_day_of_month,
    midnight,
    registration,
    reiwa,
    run,
    save_book,
)
from make_corpus import Doc, Line
from make_fresh_corpus import FreshDoc

__all__ = ["FONTS", "H5Doc", "build_docs", "generate", "main"]

FONTS = {
    "ipag": Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
    "ipamp": Path("/usr/share/fonts/opentype/ipafont-mincho/ipamp.ttf"),
    "ipaexm": Path("/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf"),
    "vlpg": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
}
ELECTRIC = (
    "あおばでんき株式会社",
    "宮城県仙台市青葉区一番町2-5-11",
    "022-797-3150",
    "料金センター",
)
GAS = ("株式会社ひだまりガス", "静岡県浜松市中央区鍛冶町140", "053-453-2761", "浜松営業所")
SAAS = (
    "株式会社クラウドレーン",
    "東京都渋谷区道玄坂1-19-2 スプラインビル9F",
    "03-6416-2290",
    "カスタマーサクセス部",
)
BUILDER = ("株式会社まつかぜ工務店", "石川県金沢市西念3-4-27", "076-263-8104", "工事部 宮下")
SHAROUSHI = (
    "おおとり社会保険労務士事務所",
    "岡山県岡山市北区磨屋町7-12",
    "086-231-4490",
    "鳳 美咲",
)
CONFECT = ("株式会社みかわ製菓材料", "愛知県岡崎市康生通西3-22", "0564-23-7716", "営業二課 杉浦")
TAXI = ("みさき交通株式会社", "神奈川県横須賀市若松町2-30", "046-822-5173", "")
TAXI2 = ("株式会社つばめタクシー", "熊本県熊本市中央区新市街8-4", "096-352-1180", "")
PARKING = ("株式会社パークフィールド", "埼玉県さいたま市大宮区桜木町1-10-3", "048-641-0932", "")
BAKERY = ("ブーランジェリー こむぎの丘", "長野県松本市中央2-6-14", "0263-32-5518", "")
MART = ("まちかどマート 日吉本町店", "神奈川県横浜市港北区日吉本町1-4-8", "045-563-2207", "")
FREIGHT = ("ひばり運輸株式会社", "群馬県高崎市問屋町2-7-1", "027-361-4420", "経理課 新井")
CONSULT = ("水城経営研究所", "福井県福井市大手2-4-19", "0776-22-8053", "中小企業診断士 水城 拓真")
GARAGE = ("有限会社あかつき自動車整備", "青森県八戸市城下4-15-2", "0178-43-6271", "工場長 三浦")
CATERER = ("仕出し料理 なごみ庵", "奈良県奈良市三条町511", "0742-22-3968", "辻 和代")
FLOWER = ("株式会社はなみずき花卉", "福岡県久留米市六ツ門町9-30", "0942-32-1045", "大塚")
LANDLORD = ("株式会社えびす地所", "大分県大分市府内町3-6-8", "097-534-2176", "管理部 首藤")
STAFFING = ("株式会社ワークブリッジ", "広島県広島市中区紙屋町1-3-22", "082-246-7130", "営業部 田原")
BUYERS = ["株式会社しろがね精機", "あけぼの食品株式会社", "社会福祉法人ひいらぎ会",
          "株式会社ルリカケ商会", "みなせ物産株式会社", "税理士法人こだま会計",
          "株式会社やまびこ設計"]  # fmt: skip
PATISSERIE = ["パティスリー ラ・ポム", "洋菓子工房 ミルフィーユ岡崎"]  # the wholesaler's buyers
FLORISTS = ["株式会社フローラルいずみ"]

Goods = list[tuple[str, int, int | None, tuple[int, int]]]  # name, price, rate, quantity range
GOODS: dict[str, Goods] = {
    "saas": [("追加ストレージ 100GB", 880, 10, (1, 4)),
             ("API従量課金（1,000リクエスト単位）", 22, 10, (15, 95)),
             ("SMS通知 送信料", 9, 10, (180, 960)), ("優先サポートオプション", 16500, 10, (1, 1)),
             ("電子署名 追加送信", 110, 10, (12, 70))],
    "sharoushi": [("算定基礎届 作成・提出代行", 38500, 10, (1, 1)),
                  ("就業規則 改定業務", 165000, 10, (1, 1)),
                  ("労働保険 年度更新手続", 27500, 10, (1, 1)),
                  ("給与計算代行（従業員1名あたり）", 1100, 10, (12, 31))],
    "confect": [("強力粉 25kg", 7180, 8, (1, 4)), ("発酵バター 450g×10", 16420, 8, (1, 3)),
                ("製菓用チョコレート 2kg", 5940, 8, (1, 5)), ("グラニュー糖 20kg", 6370, 8, (1, 3)),
                ("アーモンドプードル 1kg", 3260, 8, (2, 6)),
                ("ケーキ箱 6号 100枚", 4180, 10, (1, 3)), ("保冷剤 小 200個", 2750, 10, (1, 2))],
    "freight": [("チャーター便 4t 高崎→東大阪", 68200, 10, (1, 2)),
                ("チャーター便 2t 高崎→新潟", 41800, 10, (1, 3)),
                ("路線便 ケース品（関東一円）", 1130, 10, (6, 40)),
                ("冷蔵車 割増料金", 8800, 10, (1, 2)),
                ("荷役作業料（フォークリフト）", 4950, 10, (1, 4)),
                ("待機料 30分単位", 2750, 10, (1, 3))],
    "mart": [("おにぎり 紅しゃけ", 162, 8, (1, 2)), ("緑茶 600ml", 149, 8, (1, 2)),
             ("ボールペン 黒 0.5", 165, 10, (1, 2)), ("乾電池 単4 4本", 528, 10, (1, 1)),
             ("のど飴", 238, 8, (1, 1)), ("修正テープ", 297, 10, (1, 1))],
    "bakery": [("クロワッサン", 240, 8, (1, 4)), ("カンパーニュ 1/2", 430, 8, (1, 2)),
               ("あんバターサンド", 320, 8, (1, 3)), ("季節のタルト", 480, 8, (1, 2)),
               ("ブレンドコーヒー（店内）", 380, 10, (1, 2)), ("カフェラテ（店内）", 450, 10, (1, 2)),
               ("クロックムッシュ（店内）", 620, 10, (1, 2))],
    "consult": [("経営改善計画 策定支援", 132000, 10, (1, 1)),
                ("事業計画書 作成指導", 88000, 10, (1, 1)),
                ("月次経営相談", 27500, 10, (1, 2)),
                ("補助金申請書類 確認・助言", 55000, 10, (1, 1))],
    "garage": [("車検整備 基本料", 19800, 10, (1, 1)), ("エンジンオイル 0W-20", 1320, 10, (3, 4)),
               ("オイルエレメント", 1650, 10, (1, 1)), ("ブレーキフルード交換", 4400, 10, (1, 1)),
               ("ワイパーゴム", 1210, 10, (2, 2)), ("バッテリー 60B24L", 15180, 10, (1, 1))],
    "caterer": [("会議弁当 松花堂", 1620, 8, (10, 40)), ("お吸い物", 216, 8, (10, 40)),
                ("ペットボトル茶 500ml", 162, 8, (10, 40)), ("配膳サービス料", 13200, 10, (1, 1)),
                ("食器・器材レンタル", 5500, 10, (1, 1)), ("配達料", 2200, 10, (1, 1))],
    "flower": [("バラ ローテローゼ 50cm 10本束", 1650, 10, (5, 20)),
               ("カーネーション ミックス 20本", 2420, 10, (3, 12)),
               ("かすみ草 大束", 1870, 10, (2, 10)), ("ユリ カサブランカ 5本", 4730, 10, (1, 6)),
               ("スプレーマム 10本", 1210, 10, (3, 15)),
               ("資材 ラッピングフィルム", 990, 10, (1, 5))],
    "staffing": [("経理事務 基本時間（h）", 2310, 10, (96, 160)),
                 ("一般事務 基本時間（h）", 1980, 10, (120, 168)),
                 ("一般事務 時間外 25%増（h）", 2475, 10, (4, 22)),
                 ("交通費（日額）", 540, 10, (16, 22))],
}  # fmt: skip
LEGAL_FEES = [("自賠責保険料（24か月）", 17650), ("自動車重量税", 16400), ("検査登録印紙代", 1800)]
STAMPS = [("普通切手 110円", 110, (2, 10)), ("収入印紙 200円", 200, (1, 5))]
WORKS = [("仮設工事", 3_200_000), ("基礎工事", 8_700_000), ("鉄骨工事", 14_600_000),
         ("屋根・外壁工事", 9_300_000), ("電気設備工事", 5_400_000), ("諸経費", 2_800_000)]  # fmt: skip
WEEKDAYS = "月火水木金土日"


@dataclass
class H5Doc(FreshDoc):
    """A document of the set: FreshDoc's fields; `extra` may carry a `withholding` (taken off
    the amount billed) and a `carry` (an unpaid balance billed again)."""

    @property
    def style(self) -> str:
        return f"h5-{self.layout}"

    def total(self) -> int:
        return Doc.total(self) + self.extra.get("carry", 0) - self.extra.get("withholding", 0)  # type: ignore[arg-type]


def _pick(rng: random.Random, goods: Goods, count: int) -> list[Line]:
    return [
        Line(name, rng.randint(*quantities), price, rate)
        for name, price, rate, quantities in rng.sample(goods, k=min(count, len(goods)))
    ]


def _utility_lines(rng: random.Random, electric: bool) -> tuple[list[Line], dict[str, Any]]:
    """Tax-included charges and what the bill prints beside them (usage, unit price)."""
    if electric:
        kw, kwh = rng.randint(6, 30), rng.randint(900, 4200)
        rows = [("基本料金", f"{kw}kW", "1,144.00", kw * 1144),
                ("電力量料金", f"{kwh:,}kWh", "30.74", kwh * 3074 // 100),
                ("燃料費等調整額", f"{kwh:,}kWh", "-2.16", -(kwh * 216 // 100)),
                ("再生可能エネルギー発電促進賦課金", f"{kwh:,}kWh", "3.49", kwh * 349 // 100)]  # fmt: skip
        meter = {"usage": f"{kwh:,}kWh", "contract": f"{kw}kW"}
    else:
        used = rng.randint(12, 64)
        start = rng.randint(1200, 8800) + rng.randint(0, 9) / 10
        rows = [("基本料金", "1か月", "1,958", 1958),
                ("従量料金", f"{used}.0㎥", "627", used * 627),
                ("設備使用料", "1式", "715", 715)]  # fmt: skip
        meter = {
            "usage": f"{used}.0㎥",
            "previous": f"{start:.1f}",
            "current": f"{start + used:.1f}",
        }
    lines = [Line(name, 1, amount, 10) for name, _, _, amount in rows]
    meter["rows"] = {name: (usage, unit) for name, usage, unit, _ in rows}
    return lines, meter


def build_docs(seed: int = 270913) -> list[H5Doc]:
    """16 printed invoices and receipts, 5 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H5Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: tuple[str, str, str, str],
            lines: list[Line], *, due: str | None = "date", buyer: str | None = "",
            inclusive: bool = False, month_end: bool = False, **extra: Any) -> H5Doc:  # fmt: skip
        date = dt.date(2027, rng.randint(1, 12), rng.randint(1, 28))
        if month_end:
            date = last_day_of_month(date, 0)
        due_date = None
        if due == "date":
            due_date = date + dt.timedelta(days=rng.randint(18, 48))
        elif due in ("eom", "next_eom"):
            due_date = last_day_of_month(date, 2 if due == "eom" and rng.random() < 0.3 else 1)
        doc = H5Doc(
            id=f"h5_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=BUYERS[(len(docs) * 5 + 2) % len(BUYERS)] if buyer == "" else buyer,
            date=date,
            due=due_date,
            number=f"{rng.choice(('', 'No.', 'BL-', 'S'))}{2027}{rng.randint(1000, 9999)}",
            lines=lines,
            inclusive=inclusive or kind == "simplified_invoice",
            extra={"due_form": due, **extra},
        )
        docs.append(doc)
        return doc

    # printed invoices and receipts (16)
    for electric in (True, False):
        lines, meter = _utility_lines(rng, electric)
        add("utility", "invoice", "pdf", ELECTRIC if electric else GAS, lines,
            inclusive=True, meter=meter, electric=electric)  # fmt: skip
    for index in range(2):
        users = rng.randint(8, 45)
        plan = Line(f"ビジネスプラン 月額利用料（{users}ユーザー）", users, 1320, 10)
        add("saas", "invoice", "pdf", SAAS, [plan, *_pick(rng, GOODS["saas"], rng.randint(2, 4))],
            due=("date", "next_eom")[index], month_end=True)  # fmt: skip
    for index in range(2):
        works = rng.sample(WORKS, k=rng.randint(3, 5))
        progress, lines = [], []
        for name, contract in works:
            before = rng.choice((0, 10, 20, 35, 50))
            now = rng.choice((10, 15, 20, 25, 30))
            progress.append((name, contract, before, now))
            lines.append(Line(name, 1, contract * now // 100, 10))
        add("dekidaka", "invoice", "pdf", BUILDER, lines, due="eom", progress=progress,
            honorific=("殿", "御中")[index])  # fmt: skip
    fee = Line(f"顧問報酬（{rng.randint(4, 9)}月分）", 1, 44000, 10)
    doc = add("gensen", "invoice", "pdf", SHAROUSHI, [fee, *_pick(rng, GOODS["sharoushi"], 2)])
    doc.extra["withholding"] = sum(i.amount for i in doc.lines) * 1021 // 10000
    for index in range(2):
        lines = _pick(rng, GOODS["confect"], rng.randint(4, 6))
        doc = add("ledger", "invoice", "pdf", CONFECT, lines, due="eom", buyer=PATISSERIE[index])
        previous = 60_000 + 1_700 * (doc.lines[0].amount % 83)
        paid = previous if index == 0 else previous - 12_000 - 100 * (previous % 37)
        doc.extra.update(previous=previous, paid=paid, carry=previous - paid)
    for issuer in (TAXI, TAXI2):
        fare = rng.randint(8, 64) * 100 + rng.choice((0, 40, 80))
        lines = [Line("運賃", 1, fare, 10), Line("迎車料金", 1, rng.choice((300, 420, 500)), 10)]
        if issuer == TAXI:
            lines.append(Line("有料道路料金", 1, rng.choice((650, 1030, 1320)), 10))
        add("taxi", "simplified_invoice", "pdf", issuer, lines, due=None, buyer=None,
            rides=(rng.randint(6, 21), rng.randint(0, 59), rng.randint(12, 55)))  # fmt: skip
    minutes = rng.randint(70, 400)
    add("parking", "simplified_invoice", "pdf", PARKING,
        [Line("駐車料金", 1, 330 * -(-minutes // 30), 10)], due=None, buyer=None,
        park=(rng.randint(7, 12), rng.randint(0, 59), minutes))  # fmt: skip
    add("bakery", "simplified_invoice", "pdf", BAKERY, _pick(rng, GOODS["bakery"], 5),
        due=None, buyer=None)  # fmt: skip
    stamps = [Line(n, rng.randint(*q), p, None) for n, p, q in STAMPS]
    add("mart", "simplified_invoice", "pdf", MART, [*_pick(rng, GOODS["mart"], 4), *stamps],
        due=None, buyer=None)  # fmt: skip
    for due in ("date", "next_eom"):
        add("freight", "invoice", "pdf", FREIGHT, _pick(rng, GOODS["freight"], rng.randint(3, 5)),
            due=due)  # fmt: skip
    # printed non-invoices, kinds only (5)
    add("notice", "payment_notice", "pdf", FREIGHT, _pick(rng, GOODS["freight"], 3))
    add("quote", "quotation", "pdf", BUILDER, [Line(n, 1, c, 10) for n, c in WORKS[:4]], due=None)
    add("order", "purchase_order", "pdf", CONFECT, _pick(rng, GOODS["confect"], 4), due=None,
        buyer=PATISSERIE[1])  # fmt: skip
    add("delivery", "delivery_note", "pdf", FLOWER, _pick(rng, GOODS["flower"], 4), due=None,
        buyer=FLORISTS[0])  # fmt: skip
    add("cover", "cover_letter", "pdf", SAAS, [], due=None)
    # Word (3)
    doc = add("docx_consult", "invoice", "docx", CONSULT, _pick(rng, GOODS["consult"], 3))
    doc.extra["withholding"] = sum(i.amount for i in doc.lines) * 1021 // 10000
    legal = [Line(n, 1, p, None) for n, p in LEGAL_FEES]
    add("docx_garage", "invoice", "docx", GARAGE, [*_pick(rng, GOODS["garage"], 4), *legal],
        due="eom")  # fmt: skip
    guests = rng.randint(12, 38)
    food = [Line(n, guests, p, r) for n, p, r, _ in GOODS["caterer"][:3]]
    add("docx_caterer", "invoice", "docx", CATERER,
        [*food, *_pick(rng, GOODS["caterer"][3:], 2)], buyer=BUYERS[2])  # fmt: skip
    # Excel (4)
    works = rng.sample(WORKS, k=4)
    progress = [
        (n, c, b, x) for (n, c), b, x in zip(works, (20, 0, 45, 10), (25, 15, 30, 20), strict=True)
    ]
    add("xl_dekidaka", "invoice", "xlsx", BUILDER,
        [Line(n, 1, c * x // 100, 10) for n, c, _, x in progress], due="eom", progress=progress)  # fmt: skip
    doc = add("xl_ledger", "invoice", "xlsx", FLOWER, _pick(rng, GOODS["flower"], 5),
              due="next_eom", buyer=FLORISTS[0])  # fmt: skip
    previous = 88_000 + 130 * (doc.lines[0].amount % 97)
    doc.extra.update(previous=previous, paid=previous)
    rent = [Line("賃料 3階301号室", 1, 286000, 10), Line("共益費", 1, 33000, 10),
            Line("駐車場使用料", 2, 16500, 10),
            Line("水道光熱費（実費）", 1, rng.randint(12000, 29000), 10),
            Line("火災保険料（立替）", 1, 12400, None)]  # fmt: skip
    add("xl_rent", "invoice", "xlsx", LANDLORD, rent, buyer=BUYERS[5])
    add("xl_staffing", "invoice", "xlsx", STAFFING, _pick(rng, GOODS["staffing"], 3),
        month_end=True)  # fmt: skip
    # scans (12) of 12 of the 16 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for n, d in enumerate(printed) if n not in (3, 5, 10, 15)]
    formats = ("scan-jpg", "scan-pdf", "scan-png")
    for index, source in enumerate(sources):
        scan = H5Doc(**{**source.__dict__, "id": f"h5_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (240, 300, 200, 260, 220, 280)[index % 6]
        scan.extra = {**source.extra, "source": source.id, "fax": index == 4, "phone": index == 9}
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _base(doc: H5Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H5Doc) -> int:
    return sum(doc.taxes().values())


def _pretax(doc: H5Doc) -> int:
    """The amount before withholding and carry-over: bases, tax, non-taxable."""
    return Doc.total(doc)  # type: ignore[arg-type]


def _due(doc: H5Doc, style: str = "ja") -> str:
    """The printed due date in the form the document's `due_form` asks for."""
    due = doc.due
    assert due is not None
    if doc.extra["due_form"] == "next_eom":
        return "翌月末日"
    if doc.extra["due_form"] == "eom":
        return (
            f"令和{due.year - 2018}年{due.month}月末日"
            if style == "reiwa"
            else f"{due.year}年{due.month}月末日"
        )
    return {"ja": f"{due.year}年{due.month}月{due.day}日", "iso": due.isoformat(),
            "slash": f"{due:%Y/%m/%d}", "reiwa": reiwa(due)}[style]  # fmt: skip


def _td(value: Any, style: str = "", num: bool = False) -> str:
    text = f"{value:,}" if isinstance(value, int) else html.escape(str(value))
    return f"<td style='{CELL}{';text-align:right' if num else ''};{style}'>{text}</td>"


def _th(value: str, style: str = "") -> str:
    return f"<th style='{CELL};{style}'>{value}</th>"


# -- HTML layouts -------------------------------------------------------------------------------

CELL = "border:1px solid #555;padding:3px 7px"


def _utility(doc: H5Doc) -> str:
    """An electricity or LP-gas bill: name | 様 cells, a meter header row over its values, the
    ご請求金額 label above the amount, 「うち消費税等相当額」."""
    name, address, tel, office = doc.issuer
    meter, electric = doc.extra["meter"], doc.extra["electric"]
    read = doc.date - dt.timedelta(days=3)
    start = read - dt.timedelta(days=30)
    period = f"{start.month}月{start.day}日～{read.month}月{read.day}日（31日間）"
    if electric:
        heads = ("検針日", "ご使用期間", "ご使用量", "契約電力")
        values = (f"{read.month}月{read.day}日", period, meter["usage"], meter["contract"])
        title, customer = "電気料金 ご請求書", "低圧電力・業務用"
    else:
        heads = ("検針日", "前回指針", "今回指針", "ご使用量")
        values = (
            f"{read.month}月{read.day}日",
            meter["previous"],
            meter["current"],
            meter["usage"],
        )
        title, customer = "LPガス ご使用量・ご請求金額のお知らせ", "業務用（集合装置）"
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(meter['rows'][i.description][0], num=True)}"
        f"{_td(meter['rows'][i.description][1], num=True)}{_td(i.amount, num=True)}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:30px 38px;font-family:VLPGothic;font-size:10pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div><div style="font-family:IPAexGothic;font-size:13pt;color:#0b6b3a">{name}</div>
   <div style="font-size:8.5pt">{address}　{office}　TEL {tel}</div>
   <div style="font-size:8.5pt">適格請求書発行事業者登録番号 {doc.registration}</div></div>
  <div style="text-align:right;font-size:9pt">発行日 {doc.date.year}年{doc.date.month}月{doc.date.day}日<br>
   お客さま番号 {doc.number}-{doc.total() % 89:02d}</div></div>
 <div style="font-family:IPAexGothic;font-size:18pt;margin-top:14px;text-align:center">{title}</div>
 <table style="margin-top:10px"><tr><td style="{CELL};background:#e9f3ec">お客さま名</td>
  <td style="{CELL};font-size:13pt;min-width:260px">{doc.buyer}</td><td style="{CELL}">様</td></tr>
  <tr><td style="{CELL};background:#e9f3ec">ご契約種別</td><td style="{CELL}" colspan=2>{customer}</td></tr></table>
 <table style="width:100%;margin-top:12px"><tr>{"".join(_th(h, "background:#e9f3ec") for h in heads)}</tr>
  <tr>{"".join(_td(v) for v in values)}</tr></table>
 <div style="display:flex;gap:24px;margin-top:14px">
  <div style="border:2px solid #0b6b3a;padding:8px 18px;width:38%">
   <div style="font-size:10pt">ご請求金額</div>
   <div style="font-family:IPAexMincho;font-size:22pt;text-align:right">{doc.total():,}<span style="font-size:11pt">円</span></div>
   <div style="font-size:8.5pt;text-align:right">（うち消費税等相当額 {_tax(doc):,}円）</div></div>
  <div style="font-size:9.5pt">お支払期限　{_due(doc)}<br>お支払方法　払込票（コンビニエンスストア・金融機関）<br>
   ※期限を過ぎますと延滞利息を申し受けることがあります。</div></div>
 <div style="margin-top:14px;font-weight:bold">ご請求内訳（税込）</div>
 <table style="width:100%"><tr>{_th("項目")}{_th("ご使用量等")}{_th("単価（円）")}{_th("料金（円）")}</tr>{rows}
  <tr>{_td("合計", "font-weight:bold")}<td style="{CELL}"></td><td style="{CELL}"></td>{_td(doc.total(), "font-weight:bold", True)}</tr></table>
 <div style="font-size:8pt;margin-top:10px;color:#333">10%対象 {doc.total():,}円（うち消費税等 {_tax(doc):,}円）</div>
</div>"""


def _saas(doc: H5Doc) -> str:
    """A SaaS monthly invoice: bilingual headings, a header row over a value row that ends in
    the due date, usage lines."""
    name, address, tel, dept = doc.issuer
    period = f"{doc.date:%Y/%m}/01 - {doc.date:%Y/%m/%d}"
    due = _due(doc, "iso")
    heads = ("ご請求金額（税込）", "小計（税抜）", "消費税（10%）", "お支払期限")
    values = (f"¥{doc.total():,}", f"¥{_base(doc):,}", f"¥{_tax(doc):,}", due)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'¥{i.unit_price:,}', num=True)}"
        f"{_td(f'¥{i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    terms = "月末締め・翌月末日払い" if doc.extra["due_form"] == "next_eom" else f"{due} まで"
    return f"""
<div style="padding:40px 46px;font-family:IPAexGothic;font-size:9.5pt;color:#222">
 <div style="display:flex;justify-content:space-between"><div style="font-size:24pt;color:#3b4cca">INVOICE<span style="font-size:12pt"> / ご請求書</span></div>
  <div style="text-align:right">Invoice No. / 請求書番号　{doc.number}<br>Issue date / 発行日　{doc.date.isoformat()}<br>
   Billing period / ご利用期間　{period}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:22px">
  <div style="width:50%"><div style="color:#777">Bill to / ご請求先</div>
   <div style="font-size:13pt;margin-top:4px">{doc.buyer} 御中</div><div>ご契約ID　C-{doc.total() % 100000:05d}</div></div>
  <div style="width:42%"><div style="color:#777">From / 発行元</div><div style="font-size:11pt">{name}</div>
   <div>{address}</div><div>{dept}　{tel}</div><div>登録番号: {doc.registration}</div></div></div>
 <table style="width:100%;margin-top:20px"><tr>{"".join(_th(h, "background:#eef0fb") for h in heads)}</tr>
  <tr>{"".join(_td(v, "font-size:12pt;text-align:center") for v in values)}</tr></table>
 <table style="width:100%;margin-top:18px"><tr>{_th("Description / 品目", "text-align:left")}{_th("Qty / 数量")}
  {_th("Unit price / 単価")}{_th("Amount / 金額")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_td("Subtotal 小計")}{_td(f"¥{_base(doc):,}", num=True)}</tr>
  <tr>{_td("Tax 消費税 10%")}{_td(f"¥{_tax(doc):,}", num=True)}</tr>
  <tr>{_td("Total 合計", "font-weight:bold")}{_td(f"¥{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:20px">お支払条件：{terms}<br>お振込先：みずなみ銀行 デジタル営業部 普通 7720418 カ）クラウドレーン<br>
  ※クレジットカード払いのお客さまはお振込不要です。</div>
</div>"""


def _dekidaka(doc: H5Doc) -> str:
    """A builder's 出来高請求書: 契約金額 / 前回迄 / 今回 / 累計 / 出来高率 per 工種, 殿 or 御中,
    a 査定日, 支払期日 「…月末日」, 登録番号 on the issuer's line."""
    name, address, tel, staff = doc.issuer
    rows, contract_sum = "", 0
    for work, contract, before, now in doc.extra["progress"]:
        contract_sum += contract
        rows += (
            f"<tr>{_td(work)}{_td(contract, num=True)}{_td(contract * before // 100, num=True)}"
            f"{_td(contract * now // 100, num=True)}{_td(contract * (before + now) // 100, num=True)}"
            f"{_td(f'{before + now}%', num=True)}</tr>"
        )
    assessed = doc.date - dt.timedelta(days=5)
    return f"""
<div style="padding:36px 40px;font-family:IPAPMincho;font-size:10pt">
 <div style="text-align:center;font-size:20pt;letter-spacing:4px;border-bottom:3px double #000;width:50%;margin:0 auto">出来高請求書</div>
 <div style="text-align:right;margin-top:10px">請求日　{reiwa(doc.date)}<br>請求No.　{doc.number}</div>
 <div style="font-size:14pt;margin-top:4px">{doc.buyer}　{doc.extra["honorific"]}</div>
 <div style="text-align:right;margin-top:6px">{name}　登録番号 {doc.registration}<br>{address}　TEL {tel}<br>担当　{staff}</div>
 <table style="margin-top:12px;width:70%"><tr>{_td("工事名")}{_td(f"（仮称）{doc.buyer.removeprefix('株式会社').removesuffix('株式会社')} 第二倉庫新築工事")}</tr>
  <tr>{_td("工事場所")}{_td("石川県白山市松本町2710番地")}</tr>
  <tr>{_td("請負金額（税抜）")}{_td(f"{contract_sum:,}円")}</tr>
  <tr>{_td("出来高査定日")}{_td(reiwa(assessed))}</tr></table>
 <div style="margin-top:12px">今回ご請求額</div>
 <div style="font-size:17pt;border-bottom:1px solid #000;width:45%;font-family:IPAexMincho">¥{doc.total():,}-<span style="font-size:10pt">（消費税込）</span></div>
 <table style="width:100%;margin-top:14px;font-family:VLPGothic"><tr>{_th("工種")}{_th("契約金額")}{_th("前回迄出来高")}
  {_th("今回出来高")}{_th("累計出来高")}{_th("出来高率")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px;font-family:VLPGothic"><tr>{_td("今回出来高金額（税抜）")}{_td(_base(doc), num=True)}</tr>
  <tr>{_td("消費税額（10%）")}{_td(_tax(doc), num=True)}</tr><tr>{_td("今回請求金額")}{_td(doc.total(), num=True)}</tr></table>
 <div style="margin-top:12px">支払期日　{_due(doc, "reiwa")}<br>振込先　北陸はくさん銀行 西念支店 当座 0038821</div>
</div>"""


def _gensen(doc: H5Doc) -> str:
    """A 社労士's 報酬請求書: 報酬額, 消費税, 源泉所得税 taken off, 差引お振込額, 振込期日."""
    name, address, tel, owner = doc.issuer
    withholding = doc.extra["withholding"]
    rows = "".join(f"<tr>{_td(i.description)}{_td(i.amount, num=True)}</tr>" for i in doc.lines)
    sums = (("報酬額（税抜）", f"{_base(doc):,}"), ("消費税額（10%）", f"{_tax(doc):,}"),
            ("報酬額（税込）", f"{_pretax(doc):,}"), ("源泉所得税（10.21%）", f"△{withholding:,}"),
            ("差引お振込額", f"{doc.total():,}"))  # fmt: skip
    return f"""
<div style="padding:52px 56px;font-family:IPAPMincho;font-size:10.5pt">
 <div style="text-align:right">{doc.date.year}年{doc.date.month}月{doc.date.day}日</div>
 <div style="font-size:19pt;text-align:center;margin:10px 0 18px">報 酬 請 求 書</div>
 <div style="font-size:13pt">{doc.buyer} 御中</div>
 <div style="margin-left:55%;margin-top:8px">{name}<br>特定社会保険労務士　{owner}<br>〒{address}<br>TEL {tel}<br>
  登録番号 {doc.registration}</div>
 <p>平素は格別のご高配を賜り、誠にありがとうございます。<br>下記のとおり報酬をご請求申し上げます。</p>
 <table style="width:75%"><tr>{_th("内容")}{_th("金額（円）")}</tr>{rows}</table>
 <table style="width:75%;margin-top:10px">{"".join(f"<tr>{_td(k)}{_td(v, num=True)}</tr>" for k, v in sums)}</table>
 <div style="margin-top:14px">振込期日　{_due(doc)}<br>お振込先　しまなみ信用金庫 本店 普通 0412778 オオトリ ミサキ</div>
</div>"""


def _ledger(doc: H5Doc) -> str:
    """A confectionery wholesaler's 御請求明細書: the 前月御請求額 … 今月御請求額 header row,
    前月繰越 and 入金 rows in the ledger, 8 %/10 % totals."""
    name, address, tel, staff = doc.issuer
    previous, paid = doc.extra["previous"], doc.extra["paid"]
    heads = ("前月御請求額", "御入金額", "差引繰越額", "今月御買上額", "消費税額", "今月御請求額")
    values = (previous, paid, previous - paid, _base(doc), _tax(doc), doc.total())
    close = doc.date
    rows = (
        f"<tr>{_td(f'{(close - dt.timedelta(days=30)):%m/%d}')}{_td('')}{_td('前月繰越')}{_td('')}{_td('')}"
        f"{_td(previous, num=True)}{_td('')}{_td('')}</tr>"
        f"<tr>{_td(f'{(close - dt.timedelta(days=28)):%m/%d}')}{_td('')}{_td('御入金（お振込）')}{_td('')}{_td('')}"
        f"{_td('')}{_td(paid, num=True)}{_td('')}</tr>"
    )
    for n, i in enumerate(doc.lines):
        day = close - dt.timedelta(days=26 - 5 * n)
        rows += (
            f"<tr>{_td(f'{day:%m/%d}')}{_td(f'{31800 + 37 * n + close.day}')}{_td(i.description)}"
            f"{_td(i.quantity, num=True)}{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}{_td('')}"
            f"{_td('軽8%' if i.rate == 8 else '10%')}</tr>"
        )
    per_rate = "".join(
        f"<tr>{_td(f'{r}%対象計')}{_td(b, num=True)}{_td('消費税')}{_td(doc.taxes()[r], num=True)}</tr>"
        for r, b in doc.bases().items()
    )
    return f"""
<div style="padding:28px 32px;font-family:VLPGothic;font-size:9pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-end">
  <div style="font-family:IPAexGothic;font-size:19pt">御請求明細書</div>
  <div style="text-align:right">請求日 {close.year}年{close.month}月{close.day}日（{close.day}日締切分）<br>No. {doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:12px">
  <div style="width:46%;font-size:13pt;border-bottom:1px solid #000">{doc.buyer} 様</div>
  <div style="width:46%">{name}<br>{address}<br>TEL {tel}　{staff}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:12px"><tr>{"".join(_th(h, "background:#f4ead8") for h in heads)}</tr>
  <tr>{"".join(_td(v, "font-size:11pt", True) for v in values)}</tr></table>
 <table style="width:100%;margin-top:12px"><tr>{_th("日付")}{_th("伝票No.")}{_th("品名")}{_th("数量")}{_th("単価")}
  {_th("金額")}{_th("御入金")}{_th("税区分")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px">{per_rate}</table>
 <div style="margin-top:10px">お支払期限　{_due(doc)}　お振込先　三河ひかり銀行 康生支店 普通 2284109</div>
</div>"""


def _taxi(doc: H5Doc) -> str:
    """A taxi 領収書 (76 mm): ride time, car and driver numbers, fare lines, 内消費税等."""
    name, address, tel, _ = doc.issuer
    hour, minute, ride = doc.extra["rides"]
    off = dt.datetime.combine(doc.date, dt.time(hour, minute)) + dt.timedelta(minutes=ride)
    rows = "".join(
        f"<div style='display:flex;justify-content:space-between'><span>{i.description}</span><span>¥{i.amount:,}</span></div>"
        for i in doc.lines
    )
    return f"""
<div style="padding:10px 12px;font-family:IPAGothic;font-size:8.5pt;line-height:1.45">
 <div style="text-align:center;font-size:14pt;letter-spacing:6px">領収書</div>
 <div style="margin-top:6px;border-bottom:1px solid #000">　　　　　　　　　　　様</div>
 <div style="margin-top:4px">{doc.date.year}年{doc.date.month:02d}月{doc.date.day:02d}日</div>
 <div>乗車 {hour:02d}:{minute:02d}　降車 {off:%H:%M}</div>
 <div>車番 {doc.total() % 9000 + 1000}　乗務員No. {doc.number[-4:]}</div>{rows}
 <div style="display:flex;justify-content:space-between;font-size:12pt;border-top:1px dashed #000;margin-top:3px">
  <span>合計</span><span>¥{doc.total():,}</span></div>
 <div style="text-align:right">（内消費税等10% ¥{_tax(doc):,}）</div>
 <div>お支払　現金</div>
 <div style="margin-top:6px">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


def _parking(doc: H5Doc) -> str:
    """A parking 領収証: 入庫 / 出庫 times, 駐車時間, 駐車料金, 内消費税."""
    name, address, tel, _ = doc.issuer
    hour, minute, minutes = doc.extra["park"]
    enter = dt.datetime.combine(doc.date, dt.time(hour, minute))
    leave = enter + dt.timedelta(minutes=minutes)
    return f"""
<div style="padding:12px 14px;font-family:IPAGothic;font-size:9pt;line-height:1.5">
 <div style="text-align:center;font-size:13pt">駐車料金 領収証</div>
 <div style="text-align:center">パークフィールド大宮桜木町第3</div>
 <div>入庫　{enter:%Y/%m/%d %H:%M}</div><div>出庫　{leave:%Y/%m/%d %H:%M}</div>
 <div>駐車時間　{minutes // 60}時間{minutes % 60:02d}分</div><div>車室番号　{doc.total() % 40 + 1:03d}</div>
 <div style="font-size:12pt;margin-top:4px">駐車料金　¥{doc.total():,}</div>
 <div>（内消費税 10%　¥{_tax(doc):,}）</div><div>精算　交通系IC</div>
 <div style="margin-top:6px">上記金額正に領収いたしました。</div>
 <div>{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


def _register(doc: H5Doc) -> str:
    """A bakery or convenience-store receipt: marks for 8 %, per-rate 対象 lines, 非課税,
    お預り / お釣り."""
    name, address, tel, _ = doc.issuer
    bakery = doc.layout == "bakery"
    moment = f"{doc.date.year}年{doc.date.month}月{doc.date.day}日（{WEEKDAYS[doc.date.weekday()]}）{10 + doc.total() % 9}:{doc.total() % 60:02d}"
    rows = ""
    for i in doc.lines:
        mark = (
            "軽"
            if i.rate == 8 and bakery
            else "※"
            if i.rate == 8
            else "非"
            if i.rate is None
            else ""
        )
        count = (
            f"<div style='padding-left:12px'>@{i.unit_price:,} × {i.quantity}</div>"
            if i.quantity > 1
            else ""
        )
        rows += (
            f"<div style='display:flex;justify-content:space-between'><span>{mark} {html.escape(i.description)}</span>"
            f"<span>¥{i.amount:,}</span></div>{count}"
        )
    sums = "".join(
        f"<div style='display:flex;justify-content:space-between'><span>({r}%対象 ¥{b:,}</span><span>内税 ¥{doc.taxes()[r]:,})</span></div>"
        for r, b in sorted(doc.bases().items())
    )
    if doc.non_taxable():
        sums += f"<div style='display:flex;justify-content:space-between'><span>(非課税対象</span><span>¥{doc.non_taxable():,})</span></div>"
    tendered = -(-doc.total() // 1000) * 1000 + (1000 if doc.total() % 1000 > 700 else 0)
    note = "軽印は軽減税率(8%)対象商品です" if bakery else "※印は軽減税率(8%)対象商品"
    return f"""
<div style="padding:8px 10px;font-family:IPAGothic;font-size:8.5pt;line-height:1.4">
 <div style="text-align:center;font-size:11pt">{name}</div>
 <div style="text-align:center">{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 {"<div style='text-align:center;font-size:12pt;margin:4px 0'>領 収 証</div>" if bakery else ""}
 <div>{moment}　レジ{doc.total() % 4 + 1:02d}</div><div>No.{doc.number[-4:]}　責:{doc.total() % 700 + 100}</div>
 <div style="border-top:1px dashed #000;margin-top:3px"></div>{rows}
 <div style="border-top:1px dashed #000;margin-top:3px;display:flex;justify-content:space-between"><span>小計</span><span>¥{doc.total():,}</span></div>
 {sums}
 <div style="display:flex;justify-content:space-between;font-size:12pt"><span>合　計</span><span>¥{doc.total():,}</span></div>
 <div style="display:flex;justify-content:space-between"><span>お預り</span><span>¥{tendered:,}</span></div>
 <div style="display:flex;justify-content:space-between"><span>お釣り</span><span>¥{tendered - doc.total():,}</span></div>
 <div>{note}</div>
</div>"""


def _freight(doc: H5Doc) -> str:
    """A freight 運賃請求書: the ご請求金額 label above the amount in a box, shipment rows."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        f"<tr>{_td(f'{(doc.date - dt.timedelta(days=25 - 6 * n)):%m/%d}')}{_td(f'44{71 + n}-{2208 + doc.date.day * n}')}"
        f"{_td(i.description)}{_td(i.quantity, num=True)}{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines)
    )
    return f"""
<div style="padding:34px 40px;font-family:VLPGothic;font-size:9.5pt">
 <div style="font-family:IPAexGothic;font-size:20pt;text-align:center;background:#1f3b5a;color:#fff;padding:4px">運賃請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:50%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">{doc.date.month}月{doc.date.day}日締め分の運賃を下記の通りご請求いたします。</div>
   <div style="border:2px solid #1f3b5a;margin-top:10px;width:70%">
    <div style="background:#dde6f0;padding:2px 8px">ご請求金額</div>
    <div style="font-size:18pt;text-align:right;padding:2px 8px">¥{doc.total():,}</div></div></div>
  <div style="width:42%;text-align:right">請求日 {doc.date:%Y/%m/%d}<br>請求書No. {doc.number}<br><br>{name}<br>
   {address}<br>TEL {tel}　{staff}<br>適格請求書発行事業者登録番号<br>{doc.registration}</div></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("発送日")}{_th("送り状番号")}{_th("内容")}{_th("数量")}
  {_th("単価")}{_th("運賃")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_th("税抜合計")}{_th("消費税（10%）")}{_th("税込合計")}</tr>
  <tr>{_td(_base(doc), num=True)}{_td(_tax(doc), num=True)}{_td(doc.total(), num=True)}</tr></table>
 <div style="margin-top:10px">お支払期日　{_due(doc, "slash")}<br>お振込先　上州みらい銀行 問屋町支店 普通 1047736</div>
</div>"""


def _non_invoice(doc: H5Doc) -> str:
    """A 支払通知書, a 御見積書, a 発注書, a 納品書 or a 書類送付のご案内 (kinds only)."""
    name = doc.issuer[0]
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table style='width:100%;margin-top:10px'><tr>{_th('No.')}{_th('品名・内容')}{_th('数量')}{_th('金額')}</tr>{rows}</table>"
    day = f"{doc.date.year}年{doc.date.month}月{doc.date.day}日"
    if doc.layout == "cover":
        return f"""
<div style="padding:60px;font-family:IPAPMincho;font-size:11pt;line-height:1.8">
 <div style="text-align:right">{day}</div><div style="font-size:13pt">{doc.buyer}<br>経理ご担当者様</div>
 <div style="text-align:right">{name}<br>{doc.issuer[3]}</div>
 <div style="text-align:center;font-size:17pt;margin:20px 0">書類送付のご案内</div>
 <p>拝啓　時下ますますご清栄のこととお慶び申し上げます。平素は格別のお引き立てを賜り、厚く御礼申し上げます。<br>
 さて、下記の書類を送付いたしますので、ご査収くださいますようお願い申し上げます。</p><div style="text-align:right">敬具</div>
 <div style="text-align:center">記</div><div>・ご請求書（{doc.date.month}月ご利用分）　1通<br>・ご利用明細　1通</div>
 <div style="text-align:right">以上</div></div>"""
    if doc.layout == "notice":  # the buyer tells the carrier what it will pay
        fee = 660
        return f"""
<div style="padding:44px;font-family:VLPGothic">
 <div style="text-align:center;font-size:20pt">支払通知書</div>
 <div style="text-align:right">通知日 {day}<br>通知No. {doc.number}</div>
 <div style="font-size:13pt">{name} 御中</div><div style="text-align:right">{doc.buyer}<br>財務部 出納課</div>
 <p>毎度お引き立ていただきありがとうございます。下記のとおりお支払いいたします。</p>
 <table><tr>{_th("ご請求額")}{_th("振込手数料（貴社負担）")}{_th("お振込額")}{_th("支払予定日")}</tr>
  <tr>{_td(_pretax(doc), num=True)}{_td(f"△{fee}", num=True)}{_td(_pretax(doc) - fee, num=True)}{_td(_due(doc, "slash"))}</tr></table>
 {table}</div>"""
    title, lead, label = {
        "quote": ("御見積書", "ご照会の件、下記の通りお見積り申し上げます。", "御見積金額"),
        "order": ("発注書", "下記の通り発注いたします。納期厳守にてお願いいたします。", "発注金額"),
        "delivery": (
            "納品書",
            "毎度ありがとうございます。下記の通り納品いたしました。",
            "納品金額",
        ),
    }[doc.layout]
    to, sender = (
        (f"{name} 御中", doc.buyer) if doc.layout == "order" else (f"{doc.buyer} 御中", name)
    )
    tail = {
        "quote": "有効期限：発行日より90日　工期：契約後約7か月　支払条件：出来高払い（毎月末締め）",
        "order": f"納期：{doc.date.month}月{min(28, doc.date.day + 6)}日　納品場所：本店工房",
        "delivery": "受領印欄：＿＿＿＿＿＿　※ご請求は月末締めにて別途お送りします。",
    }[doc.layout]
    return f"""
<div style="padding:44px;font-family:VLPGothic">
 <div style="text-align:center;font-size:20pt;letter-spacing:5px">{title}</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to}</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">{label}　¥{_pretax(doc):,}（税込）</div>
 <div>{tail}</div>{table}
 <div style="text-align:right;margin-top:6px">小計 {_base(doc):,}円　消費税 {_tax(doc):,}円</div></div>"""


LAYOUTS: dict[str, Callable[[H5Doc], str]] = {
    "utility": _utility,
    "saas": _saas,
    "dekidaka": _dekidaka,
    "gensen": _gensen,
    "ledger": _ledger,
    "taxi": _taxi,
    "parking": _parking,
    "bakery": _register,
    "mart": _register,
    "freight": _freight,
    "notice": _non_invoice,
    "quote": _non_invoice,
    "order": _non_invoice,
    "delivery": _non_invoice,
    "cover": _non_invoice,
}

CSS = """
@font-face { font-family: "IPAGothic"; src: url("ipag.ttf"); }
@font-face { font-family: "IPAPMincho"; src: url("ipamp.ttf"); }
@font-face { font-family: "IPAexMincho"; src: url("ipaexm.ttf"); }
@font-face { font-family: "VLPGothic"; src: url("vlpg.ttf"); }
@font-face { font-family: "IPAexGothic"; src: url("ipaexg.ttf"); }
body { font-family: "VLPGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
"""


def _pdf_options(doc: H5Doc) -> dict[str, Any]:
    if doc.layout == "taxi":
        return {
            "width": "76mm",
            "height": f"{96 + 6 * len(doc.lines)}mm",
            "print_background": True,
        }
    if doc.layout == "parking":
        return {"width": "80mm", "height": "102mm", "print_background": True}
    if doc.layout in ("bakery", "mart"):
        height = 104 + 5 * len(doc.lines) + 4 * sum(i.quantity > 1 for i in doc.lines)
        return {"width": "72mm" if doc.layout == "bakery" else "80mm", "height": f"{height}mm",
                "print_background": True}  # fmt: skip
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H5Doc) -> bytes:
    """A consultant's (源泉徴収), a garage's (法定費用 non-taxable) or a caterer's (8 %/10 %)
    Word invoice."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    document = docx.Document()
    style = document.styles["Normal"]
    style.font.name = "IPAPMincho"  # type: ignore[attr-defined]
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    heading = title.add_run({"docx_consult": "御 請 求 書", "docx_garage": "ご請求書（車検整備）",
                             "docx_caterer": "請求書"}[doc.layout])  # fmt: skip
    heading.bold = True
    heading.font.size = Pt(18)
    when = (
        reiwa(doc.date)
        if doc.layout == "docx_caterer"
        else f"{doc.date.year}年{doc.date.month}月{doc.date.day}日"
    )
    head = document.add_paragraph(f"請求日　{when}\n請求番号　{doc.number}")
    head.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if doc.layout == "docx_garage":  # the buyer on a line; the issuer with 登録番号 beside it
        document.add_paragraph(f"{doc.buyer}　御中").runs[0].font.size = Pt(13)
        issuer = document.add_table(rows=3, cols=2)
        issuer.style = "Table Grid"
        cells = [(name, f"登録番号 {doc.registration}"), (address, f"TEL {tel}"),
                 (staff, "認証工場 第4-1186号")]  # fmt: skip
        for row, (left, right) in zip(issuer.rows, cells, strict=True):
            row.cells[0].text, row.cells[1].text = left, right
        document.add_paragraph(
            f"車両：ノア 八戸 330 さ {doc.total() % 90 + 10}-{doc.total() % 73 + 11}　走行距離 48,213km"
        )
    else:  # the buyer | 御中 in two cells; the issuer below with 登録番号 under it
        parties = document.add_table(rows=1, cols=2)
        parties.rows[0].cells[0].text = doc.buyer or ""
        parties.rows[0].cells[1].text = "御中"
        owner = f"代表　{staff}" if doc.layout == "docx_consult" else f"担当　{staff}"
        right = document.add_paragraph(
            f"{name}\n{owner}\n〒{address}\nTEL {tel}\n登録番号：{doc.registration}"
        )
        right.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    document.add_paragraph("下記の通りご請求申し上げます。")
    amount = document.add_paragraph()
    amount.add_run(f"ご請求金額　¥{doc.total():,}-").font.size = Pt(15)
    heads = ["品目", "数量", "単価", "金額", "区分"]
    table = document.add_table(rows=1, cols=5)
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for item in doc.lines:
        mark = "非課税" if item.rate is None else "8%軽減" if item.rate == 8 else "10%"
        values = [
            item.description,
            str(item.quantity),
            f"{item.unit_price:,}",
            f"{item.amount:,}",
            mark,
        ]
        for cell, text in zip(table.add_row().cells, values, strict=True):
            cell.text = text
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    totals: list[tuple[str, str]] = []
    for rate, base in doc.bases().items():
        totals += [
            (f"{rate}%対象 税抜金額", f"{base:,}円"),
            (f"{rate}%対象 消費税額", f"{doc.taxes()[rate]:,}円"),
        ]
    if doc.non_taxable():
        totals.append(("非課税（法定費用）", f"{doc.non_taxable():,}円"))
    if "withholding" in doc.extra:
        totals += [("合計（税込）", f"{_pretax(doc):,}円"),
                   ("源泉徴収税額（10.21%）", f"-{doc.extra['withholding']:,}円")]  # fmt: skip
    totals.append(("ご請求金額", f"{doc.total():,}円"))
    for label, value in totals:
        row = sums.add_row().cells
        row[0].text, row[1].text = label, value
    if doc.due:
        due = _due(doc, "reiwa") if doc.layout == "docx_caterer" else _due(doc)
        document.add_paragraph(
            f"{'お支払期限' if doc.layout != 'docx_garage' else 'お支払期日'}：{due}"
        )
    bank = {"docx_consult": "越前つるぎ銀行 大手支店 普通 5501832 ミズキ タクマ",
            "docx_garage": "はちのへ信用金庫 城下支店 普通 0832147",
            "docx_caterer": "大和まほろば銀行 三条支店 普通 3390175 ナゴミアン ツジ カズヨ"}[doc.layout]  # fmt: skip
    document.add_paragraph(f"お振込先：{bank}")
    document.core_properties.created = dt.datetime(2027, 12, 2)
    document.core_properties.modified = dt.datetime(2027, 12, 2)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _xl_dekidaka(doc: H5Doc) -> bytes:
    """A builder's 出来高 sheet: merged cells, `@"　御中"`, 和暦 formats, a `m"月末日"` due cell,
    `"¥"#,##0"-"`, a 0.0 % column."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "出来高請求"
    name, address, tel, staff = doc.issuer
    sheet.merge_cells("A1:H1")
    sheet["A1"] = "出 来 高 請 求 書"
    sheet.merge_cells("A3:D3")
    sheet["A3"], sheet["A3"].number_format = doc.buyer, '@"　御中"'
    sheet["G3"], sheet["H3"] = "請求日", midnight(doc.date)
    sheet["H3"].number_format = '[$-411]gggee"年"mm"月"dd"日"'
    sheet["G4"], sheet["H4"] = "No.", doc.number
    sheet["A5"], sheet["C5"] = "工事名", "（仮称）本社工場 増築工事（第2期）"
    sheet.merge_cells("C5:E5")
    sheet["A6"], sheet["C6"] = "今回請求額", doc.total()
    sheet.merge_cells("A6:B6")
    sheet.merge_cells("C6:E6")
    sheet["C6"].number_format = '"¥"#,##0"-"'
    sheet["A7"], sheet["C7"] = "支払期日", midnight(doc.due) if doc.due else None
    sheet["C7"].number_format = '[$-411]ggge"年"m"月末日"'
    sheet["G6"], sheet["G7"], sheet["G8"] = name, address, f"TEL {tel}　{staff}"
    sheet["G9"], sheet["H9"] = "登録番号", doc.registration
    heads = ["工種", None, "契約金額", "前回迄出来高", "今回出来高", "累計出来高", "出来高率"]
    for column, head in zip("ABCDEFG", heads, strict=True):
        sheet[f"{column}11"] = head
    row = 11
    for work, contract, before, now in doc.extra["progress"]:
        row += 1
        sheet.merge_cells(f"A{row}:B{row}")
        values = [work, None, contract, contract * before // 100, contract * now // 100,
                  contract * (before + now) // 100, (before + now) / 100]  # fmt: skip
        for column, value in zip("ABCDEFG", values, strict=True):
            if isinstance(value, str):
                sheet[f"{column}{row}"] = value
            elif value is not None:
                sheet[f"{column}{row}"] = value
                sheet[f"{column}{row}"].number_format = "#,##0" if column != "G" else "0.0%"
    row += 2
    for label, value in (("今回出来高（税抜）", _base(doc)), ("消費税等（10%）", _tax(doc)),
                         ("今回請求額（税込）", doc.total())):  # fmt: skip
        sheet.merge_cells(f"D{row}:E{row}")
        sheet[f"D{row}"], sheet[f"F{row}"] = label, value
        sheet[f"F{row}"].number_format = "#,##0"
        row += 1
    sheet[f"A{row + 1}"] = "振込先：北陸はくさん銀行 西念支店 当座 0038821"
    return save_book(book)


def _xl_ledger(doc: H5Doc) -> bytes:
    """A flower wholesaler's ledger: 前月繰越 / 入金 rows among the sales, `\\¥#,##0`,
    `yyyy/m/d(aaa)`, 振込期日 「翌月末」 in words."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = f"{doc.date.month}月"
    name, address, tel, staff = doc.issuer
    yen = "\\¥#,##0;\\¥-#,##0"
    previous, paid = doc.extra["previous"], doc.extra["paid"]
    sheet["A1"] = "請求書"
    sheet["F1"], sheet["G1"] = "請求日", midnight(doc.date)
    sheet["G1"].number_format = "yyyy/m/d(aaa)"
    sheet["A3"], sheet["C3"] = doc.buyer, "様"
    sheet["A4"] = f"{doc.date.month}月{doc.date.day}日締切分"
    sheet["A5"], sheet["B5"] = "振込期日", "翌月末日"
    sheet["E3"], sheet["E4"], sheet["E5"] = name, address, f"TEL {tel} 担当 {staff}"
    sheet["E6"] = f"登録番号：{doc.registration}"
    sheet.append([])
    sheet.append(["月日", "伝票No.", "品名", "数量", "単価", "売上金額", "入金金額"])
    start = doc.date - dt.timedelta(days=28)
    sheet.append([midnight(start), None, "前月繰越", None, None, previous, None])
    sheet.append(
        [midnight(start + dt.timedelta(days=1)), None, "入金 振込", None, None, None, paid]
    )
    for n, item in enumerate(doc.lines):
        day = start + dt.timedelta(days=3 + 5 * n)
        sheet.append([midnight(day), f"H{5120 + 13 * n}", item.description, item.quantity,
                      item.unit_price, item.amount, None])  # fmt: skip
    sheet.append([])
    for label, value in (("今月売上計（税抜）", _base(doc)), ("消費税（10%）", _tax(doc)),
                         ("前月繰越残高", previous - paid), ("今回ご請求額", doc.total())):  # fmt: skip
        sheet.append([None, None, None, None, label, value])
    for row in sheet.iter_rows(min_row=8):
        for cell in row:
            if isinstance(cell.value, dt.datetime):
                cell.number_format = "m/d"
            elif isinstance(cell.value, int) and cell.column in (5, 6, 7):
                cell.number_format = yen
    sheet["G1"].number_format = "yyyy/m/d(aaa)"
    sheet.append([])
    sheet.append(["振込先：筑後川銀行 六ツ門支店 普通 6120934"])
    return save_book(book)


def _xl_rent(doc: H5Doc) -> bytes:
    """A landlord's invoice: the ご請求金額 label above the amount (merged), buyer | 様, a
    non-taxable 火災保険料, `ggge"年"m"月"d"日"`, `#,##0"円";△#,##0"円"`."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    yen = '#,##0"円";△#,##0"円"'
    era = 'ggge"年"m"月"d"日"'
    month = last_day_of_month(doc.date, 1)
    sheet.merge_cells("A1:F1")
    sheet["A1"] = f"御請求書（{month.month}月分 賃料等）"
    sheet["E3"], sheet["F3"] = "発行日", midnight(doc.date)
    sheet["F3"].number_format = era
    sheet["A4"], sheet["D4"] = doc.buyer, "様"
    sheet.merge_cells("A4:C4")
    sheet["A5"] = "物件：えびす府内ビル 3階301号室"
    sheet["A7"] = "ご請求金額（税込）"
    sheet.merge_cells("A7:C7")
    sheet["A8"] = doc.total()
    sheet.merge_cells("A8:C8")
    sheet["A8"].number_format = yen
    sheet["A9"], sheet["B9"] = "お支払期日", midnight(doc.due) if doc.due else None
    sheet["B9"].number_format = era
    sheet["E5"], sheet["E6"], sheet["E7"] = name, address, f"TEL {tel}"
    sheet["E8"], sheet["E9"] = staff, "適格請求書発行事業者登録番号"
    sheet["E10"] = doc.registration
    row = 12
    for column, head in zip("ABCDE", ("項目", "数量", "単価", "金額", "税区分"), strict=True):
        sheet[f"{column}{row}"] = head
    for item in doc.lines:
        row += 1
        sheet[f"A{row}"], sheet[f"B{row}"], sheet[f"C{row}"] = (
            item.description,
            item.quantity,
            item.unit_price,
        )
        sheet[f"D{row}"] = item.amount
        sheet[f"E{row}"] = "非課税" if item.rate is None else "課税10%"
        sheet[f"C{row}"].number_format = sheet[f"D{row}"].number_format = yen
    row += 2
    for label, value in (("課税対象額（10%）", _base(doc)), ("消費税額（10%）", _tax(doc)),
                         ("非課税額", doc.non_taxable()), ("合計", doc.total())):  # fmt: skip
        sheet[f"C{row}"], sheet[f"D{row}"] = label, value
        sheet[f"D{row}"].number_format = yen
        row += 1
    sheet[f"A{row + 1}"] = "お振込先：豊後ひので銀行 府内支店 普通 4408216 カ）エビスジショ"
    return save_book(book)


def _xl_staffing(doc: H5Doc) -> bytes:
    """A staffing agency's invoice: a 請求金額 / 税抜金額 / 消費税額 / 支払期日 header row over
    values, hours × rates, the accounting ¥ format, yyyy/mm/dd dates."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    name, address, tel, staff = doc.issuer
    money = '_ ¥* #,##0_ ;_ ¥* -#,##0_ ;_ ¥* "-"_ ;_ @_ '
    sheet["A1"] = "派遣料金 請求書"
    sheet["E1"], sheet["F1"] = "請求日", midnight(doc.date)
    sheet["A3"], sheet["B3"] = doc.buyer, "御中"
    sheet["A4"] = (
        f"対象期間：{doc.date.year}年{doc.date.month}月1日～{doc.date.month}月末日（末締め）"
    )
    sheet["D3"], sheet["D4"], sheet["D5"] = name, address, f"TEL {tel}　{staff}"
    sheet["D6"] = f"登録番号 {doc.registration}"
    sheet.append([])
    sheet.append(["請求金額", "税抜金額", "消費税額", "支払期日"])
    sheet.append([doc.total(), _base(doc), _tax(doc), midnight(doc.due) if doc.due else None])
    sheet.append([])
    sheet.append(["就業者", "内容", "数量", "単価", "金額"])
    people = ("山本 彩花", "岩崎 怜", "中原 悠斗", "森 千尋")
    for n, item in enumerate(doc.lines):
        sheet.append([people[n % 4], item.description, item.quantity, item.unit_price, item.amount])
    sheet.append([])
    sheet.append([None, None, None, "小計", _base(doc)])
    sheet.append([None, None, None, "消費税（10%）", _tax(doc)])
    sheet.append([None, None, None, "合計", doc.total()])
    for row in sheet.iter_rows(min_row=9):
        for cell in row:
            if isinstance(cell.value, dt.datetime):
                cell.number_format = "yyyy/mm/dd"
            elif isinstance(cell.value, int) and (cell.row == 9 or cell.column in (4, 5)):
                cell.number_format = money
    sheet["F1"].number_format = "yyyy/mm/dd"
    return save_book(book)


OFFICE_LAYOUTS: dict[str, Callable[[H5Doc], bytes]] = {
    "docx_consult": _docx,
    "docx_garage": _docx,
    "docx_caterer": _docx,
    "xl_dekidaka": _xl_dekidaka,
    "xl_ledger": _xl_ledger,
    "xl_rent": _xl_rent,
    "xl_staffing": _xl_staffing,
}


# -- scans --------------------------------------------------------------------------------------


def _fax(image: Any, doc: H5Doc, rng: random.Random) -> Any:
    """Half the vertical resolution, a threshold, a fax header line at the top."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    width, height = image.size
    image = image.resize((width, height // 2)).resize((width, height))
    pixels = np.asarray(image, dtype=np.float64)
    pixels = np.where(pixels < rng.uniform(145, 170), 0.0, 255.0)
    image = Image.fromarray(pixels.astype(np.uint8))
    font = ImageFont.truetype(str(FONTS["vlpg"]), max(14, doc.dpi // 13))
    sent = doc.date + dt.timedelta(days=1)
    ImageDraw.Draw(image).text(
        (36, 10), f"{sent:%Y-%m-%d} 09:{doc.total() % 60:02d}  FROM {doc.issuer[2]}  #{doc.total() % 900 + 100}  P. 1",
        font=font, fill=0,
    )  # fmt: skip
    return image


def _phone(image: Any, rng: random.Random) -> Any:
    """A phone-photo-like keystone (the top a little narrower) and light falling off to one
    side."""
    import numpy as np
    from PIL import Image

    width, height = image.size
    inset = rng.uniform(0.012, 0.028) * width
    dst = [
        (inset, 0),
        (width - inset * 0.6, rng.uniform(0, 0.008) * height),
        (width, height),
        (0, height),
    ]
    src = [(0, 0), (width, 0), (width, height), (0, height)]
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    coeffs = np.linalg.solve(np.array(rows, dtype=float), np.array(rhs, dtype=float))
    image = image.transform(
        image.size, Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.BICUBIC,
        fillcolor=205,
    )  # fmt: skip
    pixels = np.asarray(image, dtype=np.float64)
    light = np.linspace(1.0, rng.uniform(0.8, 0.88), width)[None, :]
    return Image.fromarray(np.clip(pixels * light, 0, 255).astype(np.uint8))


def _scan_page(image: Any, doc: H5Doc, rng: random.Random) -> Any:
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.3, 2.5) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("fax"):
        return _fax(image, doc, rng)
    if doc.extra.get("phone"):
        image = _phone(image, rng)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    pixels = pixels * (rng.uniform(232, 247) / 255.0)  # the paper is not white
    pixels += generator.normal(0, rng.uniform(2.0, 5.5), pixels.shape)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.25, 0.55)))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout5",
    prefix="h5_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipafont-gothic fonts-ipafont-mincho fonts-ipaexfont-mincho fonts-vlgothic",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=5000,
    quality=(58, 88),
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
