"""A sixth held-out set for issue 25 (`heldout6`), made blind: written from the issue's list of
shapes, `make_heldout5_corpus.py`, `make_heldout4_corpus.py`, `make_heldout3_corpus.py` and
the shared generator parts, without reading the document readers (`blocks/invoice/`,
`blocks/text/`, `blocks/file/`, `blocks/statements/`), their tests or `docs/evidence.md`, and
without running a reader on its documents (only `bench_extraction.py --list`); nobody tunes
on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py` and
`make_heldout3/4/5_corpus.py`) in its companies, goods, amounts, dates (September 2027 to
October 2028, 令和9–10年), industries, layouts and wordings: a mid-size company's month of
vendor paper. Its fonts pair IPA Mincho (fixed width) and VL Gothic (fixed width) with IPA
PGothic, IPAex Mincho and IPAex Gothic.

- HTML printed by Debian's Chromium (16 invoices and receipts): an IT vendor's 保守 invoice
  (a two-column header, 数量 / 単位 / 単価, ￥ amounts, 登録番号 only in the page footer); an
  advertising agency's invoice (dates 2028.3.31, the total in a box as 「￥1,234,567-」, a
  negative 出精値引 line, 運用代行手数料 as a percentage of the media cost); a cleaning
  company's 内税 invoice (every amount tax-included, 「内消費税等」, 令和 dates, 「…月末日」,
  the issuer at the bottom of the page); a security company's invoice (the issuer top left
  with its red seal and 登録番号 beside it, the buyer's box on the right, dates with weekdays
  「2028年2月29日(火)」, a 税抜合計 / 消費税等 / 税込合計 row); a tax accountant's 請求書
  (源泉徴収税額 10.21 % taken off, 差引ご請求額, 令和 dates); a law office's invoice (報酬 and
  non-taxable 実費 sections, 源泉徴収 on the fees only, 「金 359,284円」); a carrier's 運賃請求書
  (送り状 rows, 燃料サーチャージ, 高速道路料金, the label above the amount, due 「翌月末日」
  only); a printer's invoice (units 部 / 箱 / 枚 / 式, a 端数処理 note); a lease company's
  invoice (登録番号 in the page header above the title, 第n回／60回 lines, カウンター料金,
  お支払期日（口座振替日）); a mobile carrier's ご利用料金明細 (内税, per-line counts, a negative
  法人まとめ割, 「うち消費税等相当額」); a city waterworks bureau's 上下水道料金 notice (内税,
  検針日 and 使用期間 beside the 発行日, 使用者 | name | 様, 納付期限); a food wholesaler's
  一括請求書 (three 納品書 with their items, ※ for 8 %, the 8 % row before the 10 % row); a
  Japanese restaurant's 領収証 (a named buyer, 「金 86,900円也」, 但し書き, a 収入印紙 box, 税抜 /
  消費税 内訳); a taxi 領収書 (上様, 2028.02.14, 高速料金); a stationer's register receipt (a
  negative 会員割引, お買上点数, クレジット); a fuel station's receipt (軽油 with the
  non-taxable 軽油引取税, 洗車);
- printed non-invoices, kinds only (5): an IT 御見積書, a 注文書 to the printer, a food
  納品書, a buyer's 検収通知書 that says when it will pay (a payment notice) and a carrier's
  送付状 (「送付させていただきます」);
- Word (.docx, 3): a translation company's invoice typed in full-width digits (「１２，３４５円」,
  「２０２８年６月３０日」), a training company's invoice (研修 10 % and 弁当 / お茶 8 % in a
  区分 column, the 10 % row before the 8 % row, 令和 dates), an air-conditioning repairer's
  invoice (登録番号 in the header paragraph, a negative 端数値引, a date with its weekday);
- Excel templates (openpyxl, 4): a drinks wholesaler's 合計請求書 (a 前回御請求額 … 今回御請求額
  header row over values, beer 10 % and soft drinks 8 %, non-taxable P箱保証金 and its return,
  a 税抜 / 消費税 / 税込 table per rate, `"￥"#,##0`, `yyyy"年"m"月"d"日"(aaa)`, merged cells);
  a lift-maintenance invoice (`[$-ja-JP-x-gannen]ggge"年"m"月"d"日"`, `#,##0"円"`, the
  buyer and 御中 in two cells); a construction-equipment rental invoice (稼働期間 dates,
  a negative 長期割引 in `#,##0;[Red]-#,##0`, the amount formatted `[$￥-ja-JP]#,##0`); an
  industrial-waste collector's label-column invoice (収集運搬 / 処分費 by kg and ㎥, 電子マニフェスト);
- 12 scans of 12 of the printed invoices and receipts: 200–300 dpi, rotated 0.3–2.5° either
  way, a paper tone with a faint shadow at one edge, light noise and dust, a slight blur, JPEG
  quality 55–86; one phone-like (a keystone, uneven light, a little more blur: the restaurant's
  領収証), one binarised like a fax (halved vertical resolution, a header line: the carrier's
  invoice); as image-only PDF, PNG or JPEG.

The expected values come from the generator's own data, with heldout5's conventions: `total`
is the amount to pay (after 源泉徴収 for the tax accountant and the law office; with 実費 and
deposits included; for the 合計請求書 the 今回御請求額, the previous balance paid in full);
`tax_by_rate` is the consumption tax per rate, rounded down once per rate (for the 内税
documents — receipts, the cleaning company, the mobile carrier, the waterworks — the tax
included); `due_date` is the due date printed (「…月末日」 is that month's last day; 「翌月末日」
alone the last day of the month after the document's date; an お支払期日（口座振替日） or a
納付期限 is the due date), null when none is printed; `transaction_date` is the document's
date (請求日 / 発行日 / the receipt's date; never a 検針日, ご利用期間, 稼働期間 or a row's
date); `buyer_name` is null for receipts with no name or 上様; a receipt's `lines` are not
compared.

    python samples/make_heldout6_corpus.py OUT_DIR     # writes the files and expected.json
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

__all__ = ["FONTS", "H6Doc", "build_docs", "generate", "main"]

FONTS = {
    "ipam": Path("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"),
    "ipagp": Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"),
    "ipaexm": Path("/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf"),
    "vlg": Path("/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
IT = ("株式会社ソラリスシステムズ", "東京都千代田区神田須田町2-8-5 神田フロントビル6F",
      "03-5297-4418", "サービス管理部")  # fmt: skip
AGENCY = ("株式会社あさなぎエージェンシー", "大阪府大阪市北区梅田3-2-14 梅田ノースタワー12F",
          "06-6345-8820", "メディア局 営業二部 北村")  # fmt: skip
CLEANER = ("株式会社きらら美装", "千葉県船橋市本町6-3-21", "047-432-6619", "業務課 小倉")
GUARD = ("はやぶさ警備保障株式会社", "福島県郡山市駅前1-14-7", "024-932-5180", "営業本部")
TAXACC = ("はなぶさ税理士事務所", "兵庫県神戸市中央区栄町通3-1-9", "078-391-2254", "英 孝之")
LAWYER = ("みずほし法律事務所", "北海道札幌市中央区大通西10-4-1 南大通ビル5F", "011-231-7706",
          "星野 透")  # fmt: skip
CARRIER = ("しらさぎ陸運株式会社", "滋賀県草津市野路東4-3-8", "077-561-9034", "配車センター 辻村")
PRINTER = ("株式会社うたげ印刷", "新潟県新潟市中央区東大通1-6-2", "025-245-3371", "営業部 五十嵐")
LEASE = ("ときわリース株式会社", "東京都港区芝大門1-10-11", "03-3432-8850", "債権管理課")
MOBILE = ("株式会社あおぞらモバイル", "東京都新宿区西新宿6-12-1", "0120-310-477",
          "法人カスタマーセンター")  # fmt: skip
WATER = ("ひがし川市上下水道局", "栃木県ひがし川市本町1-1", "0285-22-4150", "料金課")
FOODS = ("株式会社うみねこ食品", "宮崎県宮崎市橘通東2-9-15", "0985-24-6630", "営業部 日高")
DINNER = ("日本料理 しのぶ", "京都府京都市中京区先斗町通四条上ル鍋屋町", "075-211-8846", "")
TAXI = ("やまばとタクシー株式会社", "広島県福山市三之丸町4-1", "084-922-3365", "")
STATIONER = ("文具のいろは堂", "山形県山形市香澄町1-8-10", "023-631-5527", "駅前店")
FUEL = ("あさま石油株式会社", "岐阜県大垣市林町5-12", "0584-78-3310", "セルフ大垣インターSS")
TRANSLATE = ("株式会社いとぐち翻訳", "神奈川県川崎市中原区小杉町1-403", "044-299-5183",
             "プロジェクト管理部 吉岡")  # fmt: skip
TRAINING = ("株式会社まなびや研修センター", "愛媛県松山市一番町3-2-6", "089-941-7724",
            "研修事業部 越智")  # fmt: skip
HVAC = ("有限会社かぜまち空調設備", "鹿児島県鹿児島市天文館通1-4-2", "099-226-8143",
        "サービス課 有村")  # fmt: skip
DRINKS = ("株式会社やまと酒販", "三重県津市羽所町700", "059-228-4410", "業務部 森下")
LIFT = ("みなと昇降機サービス株式会社", "山口県下関市竹崎町2-5-1", "083-232-6605", "保守管理課")
RENTAL = ("株式会社いぶき建機リース", "富山県富山市新富町1-2-3", "076-441-7720", "富山営業所 川原")
WASTE = ("株式会社みどり環境サービス", "茨城県つくば市研究学園5-9-1", "029-861-3382",
         "収集運搬課 飯田")  # fmt: skip
BUYERS = ["株式会社たちばな電装", "ひまわり精工株式会社", "株式会社あかね物流",
          "株式会社こもれび不動産", "さくらんぼ製薬株式会社", "株式会社ふじみ技研",
          "医療法人社団つばさ会"]  # fmt: skip
HOTEL = "ホテルみなづき株式会社"  # the drinks wholesaler's buyer

#: name, price, rate, quantity range, unit
Goods = list[tuple[str, int, int | None, tuple[int, int], str]]
GOODS: dict[str, Goods] = {
    "it": [("サーバー保守サービス（月額）", 88000, 10, (1, 1), "式"),
           ("クラウド基盤 利用料", 41800, 10, (1, 3), "契約"),
           ("ヘルプデスク超過対応", 2200, 10, (3, 28), "件"),
           ("SSL証明書 更新（1年）", 33000, 10, (1, 2), "枚"),
           ("ウイルス対策ライセンス（年額）", 4180, 10, (20, 85), "台"),
           ("ネットワーク機器 点検作業", 27500, 10, (1, 2), "回")],
    "cleaner": [("日常清掃", 7920, 10, (18, 23), "日"),
                ("定期清掃（床洗浄・ワックス）", 61600, 10, (1, 1), "回"),
                ("窓ガラス清掃（外面）", 48400, 10, (1, 1), "回"),
                ("玄関マット交換", 1430, 10, (4, 5), "枚"),
                ("トイレ消耗品補充", 3850, 10, (1, 1), "式"),
                ("空調フィルター清掃", 2750, 10, (6, 14), "台")],
    "guard": [("施設警備（常駐）", 3080, 10, (220, 320), "時間"),
              ("機械警備 月額基本料", 27500, 10, (1, 1), "式"),
              ("巡回警備（臨時）", 19800, 10, (1, 3), "回"),
              ("交通誘導警備員", 16500, 10, (2, 8), "人日"),
              ("防犯カメラ 保守点検", 13200, 10, (1, 1), "式")],
    "carrier": [("大口便 愛知県名古屋市港区", 1850, 10, (8, 40), "個"),
                ("路線便 大阪府茨木市", 1320, 10, (5, 30), "個"),
                ("チャーター便 4t 草津→福井県坂井市", 58300, 10, (1, 2), "台"),
                ("冷凍便 京都府宇治市", 2640, 10, (3, 15), "個"),
                ("引取便 三重県四日市市", 24200, 10, (1, 2), "台"),
                ("付帯作業料（棚入れ）", 3300, 10, (1, 4), "時間")],
    "printer": [("会社案内 A4 16P フルカラー", 186, 10, (5, 20), "部"),
                ("名刺 両面カラー 100枚", 1650, 10, (6, 20), "箱"),
                ("封筒 長3 1色刷", 14, 10, (10, 50), "枚"),
                ("チラシ B4 両面 4色", 7, 10, (50, 200), "枚"),
                ("デザイン・レイアウト料", 88000, 10, (1, 1), "式"),
                ("校正・版下修正", 11000, 10, (1, 2), "回")],
    "foods": [("冷凍むきえび 1kg", 2980, 8, (2, 6), "袋"), ("鶏もも肉 2kg", 1960, 8, (3, 10), "袋"),
              ("業務用精米 10kg", 5480, 8, (2, 6), "袋"),
              ("カット野菜ミックス 1kg", 640, 8, (5, 20), "袋"),
              ("だし醤油 1.8L", 1180, 8, (2, 6), "本"), ("割り箸 1000膳", 1650, 10, (1, 3), "箱"),
              ("食品用ラップ 30cm×50m", 380, 10, (4, 12), "本"),
              ("ゴム手袋 M 100枚", 990, 10, (2, 6), "箱")],
    "stationer": [("ゲルインクボールペン 0.5 黒", 165, 10, (2, 10), "本"),
                  ("クリアファイル A4 10枚", 330, 10, (1, 5), "袋"),
                  ("付箋 75×75", 264, 10, (2, 6), "冊"), ("ファイルボックス A4", 748, 10, (1, 4), "個"),
                  ("ホッチキス針 No.10", 110, 10, (2, 5), "箱"),
                  ("コピー用紙 A4 500枚", 528, 10, (1, 3), "冊")],
    "translate": [("和文英訳（業務委託契約書）", 14, 10, (9000, 26000), "字"),
                  ("英文和訳（製品マニュアル）", 18, 10, (4000, 15000), "ワード"),
                  ("ネイティブチェック", 22000, 10, (1, 1), "式"),
                  ("DTP作業", 3300, 10, (4, 24), "頁"), ("用語集作成", 16500, 10, (1, 1), "式")],
    "drinks": [("生ビール樽 10L", 6380, 10, (2, 6), "樽"), ("ビール 中瓶 20本", 7260, 10, (2, 8), "箱"),
               ("日本酒 純米 1.8L", 2530, 10, (2, 6), "本"),
               ("ウーロン茶 2L×6本", 1180, 8, (2, 10), "箱"),
               ("炭酸水 500ml×24本", 1790, 8, (1, 6), "箱"),
               ("オレンジジュース 1L×6本", 1560, 8, (1, 5), "箱")],
}  # fmt: skip
UNITS = {name: unit for goods in GOODS.values() for name, _, _, _, unit in goods}
#: the units of the lines not drawn from GOODS, by the start of their names
UNIT_PREFIXES = (("エレベーター保守料", "基"), ("遠隔監視", "基"), ("油圧ショベル", "日"),
                 ("発電機", "日"), ("敷鉄板", "枚"), ("損害補償料", "日"), ("収集運搬費", "台"),
                 ("廃プラスチック", "kg"), ("木くず", "㎥"), ("電子マニフェスト", "件"),
                 ("故障診断", "時間"), ("冷媒ガス", "kg"), ("研修テキスト", "冊"),
                 ("昼食弁当", "食"), ("お茶", "本"), ("複合機 カウンター", "枚"))  # fmt: skip
WEEKDAYS = "月火水木金土日"


@dataclass
class H6Doc(FreshDoc):
    """A document of the set: FreshDoc's fields; `extra` may carry a `withholding` (taken off
    the amount billed)."""

    @property
    def style(self) -> str:
        return f"h6-{self.layout}"

    def total(self) -> int:
        withholding = int(self.extra.get("withholding", 0))
        return Doc.total(self) - withholding  # type: ignore[arg-type]


def _pick(rng: random.Random, goods: Goods, count: int) -> list[Line]:
    picked = []
    for name, price, rate, quantities, unit in rng.sample(goods, k=min(count, len(goods))):
        quantity = rng.randint(*quantities)
        if unit in ("部", "枚") and price < 200:  # printed matter by the hundred
            quantity *= 100
        picked.append(Line(name, quantity, price, rate))
    return picked


def build_docs(seed: int = 280417) -> list[H6Doc]:
    """16 printed invoices and receipts, 5 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H6Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Line], *,
            due: str | None = "date", buyer: str | None = "", inclusive: bool = False,
            month_end: bool = False, close: int = 0, **extra: Any) -> H6Doc:  # fmt: skip
        date = dt.date(2027, 9, 1) + dt.timedelta(days=rng.randint(0, 410))
        if month_end:  # the last day of one of the 14 months
            date = last_day_of_month(dt.date(2027, 9, 1), rng.randint(0, 13))
        elif close:
            date = date.replace(day=close)
        due_date = None
        if due == "date":
            due_date = date + dt.timedelta(days=rng.randint(20, 45))
        elif due in ("eom", "next_eom"):
            due_date = last_day_of_month(date, 1)
        doc = H6Doc(
            id=f"h6_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=BUYERS[(len(docs) * 3 + 1) % len(BUYERS)] if buyer == "" else buyer,
            date=date,
            due=due_date,
            number=f"{rng.choice(('INV-', 'No.', 'R', ''))}{date:%y%m}-{rng.randint(100, 9999):04d}",
            lines=lines,
            inclusive=inclusive or kind == "simplified_invoice",
            extra={"due_form": due, **extra},
        )
        docs.append(doc)
        return doc

    # printed invoices and receipts (16)
    add("it", "invoice", "pdf", IT, _pick(rng, GOODS["it"], rng.randint(3, 5)), month_end=True)
    media = rng.randint(40, 120) * 10000
    agency = [Line("リスティング広告 媒体費", 1, media, 10),
              Line("運用代行手数料（媒体費の20%）", 1, media * 20 // 100, 10),
              Line("バナー制作費", rng.randint(2, 6), 55000, 10),
              Line("ランディングページ改修", 1, 198000, 10),
              Line("出精値引", 1, -rng.randint(1, 5) * 10000, 10)]  # fmt: skip
    add("agency", "invoice", "pdf", AGENCY, agency, month_end=True)
    add("cleaner", "invoice", "pdf", CLEANER, _pick(rng, GOODS["cleaner"], rng.randint(3, 5)),
        inclusive=True, due="eom", month_end=True)  # fmt: skip
    add("guard", "invoice", "pdf", GUARD, _pick(rng, GOODS["guard"], rng.randint(3, 4)))
    month, staff = rng.randint(1, 12), rng.randint(18, 60)
    fees = [Line(f"顧問報酬（{month}月分）", 1, 55000, 10),
            Line(f"記帳代行料（{month}月分）", 1, 22000, 10),
            Line(f"給与計算事務（{staff}名分）", 1, 1100 * staff, 10)]  # fmt: skip
    doc = add("taxacc", "invoice", "pdf", TAXACC, fees)
    doc.extra["withholding"] = sum(i.amount for i in doc.lines) * 1021 // 10000
    consulted = dt.date(2028, rng.randint(1, 9), rng.randint(1, 28))
    legal = [Line("着手金（売掛金請求事件）", 1, 330000, 10),
             Line(f"法律相談料（{consulted.month}月{consulted.day}日）", 1, 11000, 10),
             Line("実費 収入印紙代", 1, 13000, None), Line("実費 予納郵券", 1, 6000, None)]  # fmt: skip
    doc = add("lawyer", "invoice", "pdf", LAWYER, legal)
    doc.extra["withholding"] = sum(i.amount for i in doc.lines if i.rate) * 1021 // 10000
    freight = _pick(rng, GOODS["carrier"], rng.randint(3, 4))
    surcharge = sum(i.amount for i in freight) * 8 // 100
    freight += [Line("燃料サーチャージ（運賃の8%）", 1, surcharge, 10),
                Line("高速道路料金（実費）", 1, rng.randint(8, 40) * 110, 10)]  # fmt: skip
    add("carrier", "invoice", "pdf", CARRIER, freight, due="next_eom", close=20)
    add("printer", "invoice", "pdf", PRINTER, _pick(rng, GOODS["printer"], rng.randint(3, 5)))
    turns = (rng.randint(2, 58), rng.randint(2, 70), rng.randint(2, 46))
    lease = [Line(f"複合機 リース料（第{turns[0]}回／60回）", 1, 23760, 10),
             Line(f"ビジネスフォン リース料（第{turns[1]}回／72回）", 1, 9130, 10),
             Line(f"ノートPC 20台 リース料（第{turns[2]}回／48回）", 1, 62480, 10),
             Line("複合機 カウンター料金 モノクロ", rng.randint(3000, 12000), 2, 10),
             Line("複合機 カウンター料金 カラー", rng.randint(400, 2500), 15, 10)]  # fmt: skip
    add("lease", "invoice", "pdf", LEASE, lease, close=1, debit=True)
    phones = rng.randint(12, 40)
    mobile = [Line("基本使用料（ビジネスプラン）", phones, 3278, 10),
              Line("データ通信料（シェア 100GB）", 1, 21780, 10),
              Line("国内通話料", 1, rng.randint(4000, 30000), 10),
              Line("ユニバーサルサービス料", phones, 3, 10),
              Line("電話リレーサービス料", phones, 1, 10),
              Line("端末分割支払金", rng.randint(2, 6), 2695, 10),
              Line("法人まとめ割", phones, -550, 10)]  # fmt: skip
    add("mobile", "invoice", "pdf", MOBILE, mobile, inclusive=True, debit=True)
    used = rng.randint(80, 260)
    water = [Line("水道料金 基本料金（口径25mm・2か月）", 1, 7040, 10),
             Line("水道料金 従量料金", used, 264, 10),
             Line("下水道使用料 基本料金（2か月）", 1, 5720, 10),
             Line("下水道使用料 従量料金", used, 198, 10)]  # fmt: skip
    add("water", "invoice", "pdf", WATER, water, inclusive=True, used=used)
    slips = [_pick(rng, GOODS["foods"], rng.randint(2, 3)) for _ in range(3)]
    add("foods", "invoice", "pdf", FOODS, [i for slip in slips for i in slip], close=20,
        slips=[len(s) for s in slips])  # fmt: skip
    add("dinner", "simplified_invoice", "pdf", DINNER,
        [Line("御飲食代", 1, rng.randint(520, 980) * 100 + rng.choice((0, 10, 60)), 10)],
        due=None, buyer=BUYERS[4], guests=rng.randint(4, 9))  # fmt: skip
    add("taxi", "simplified_invoice", "pdf", TAXI,
        [Line("運賃", 1, rng.randint(14, 68) * 80 + 500, 10),
         Line("高速料金", 1, rng.choice((410, 620, 930)), 10)], due=None, buyer=None)  # fmt: skip
    goods = _pick(rng, GOODS["stationer"], rng.randint(3, 5))
    goods.append(Line("会員割引（5%）", 1, -(sum(i.amount for i in goods) * 5 // 100), 10))
    add("stationer", "simplified_invoice", "pdf", STATIONER, goods, due=None, buyer=None)
    liters = rng.randint(38, 70)
    fuel = [Line("軽油", liters, 168, 10), Line("軽油引取税", 1, liters * 321 // 10, None),
            Line("洗車（シャンプー）", 1, 700, 10)]  # fmt: skip
    add("fuel", "simplified_invoice", "pdf", FUEL, fuel, due=None, buyer=None)
    # printed non-invoices, kinds only (5)
    quote = [*_pick(rng, GOODS["it"], 3), Line("システム導入作業", 1, 385000, 10)]
    add("quote", "quotation", "pdf", IT, quote, due=None)
    add("order", "purchase_order", "pdf", PRINTER, _pick(rng, GOODS["printer"], 3), due=None)
    add("delivery", "delivery_note", "pdf", FOODS, _pick(rng, GOODS["foods"], 4), due=None)
    add("acceptance", "payment_notice", "pdf", IT, _pick(rng, GOODS["it"], 3))
    add("cover", "cover_letter", "pdf", CARRIER, [], due=None)
    # Word (3)
    add("docx_translate", "invoice", "docx", TRANSLATE,
        _pick(rng, GOODS["translate"], rng.randint(3, 4)), month_end=True)  # fmt: skip
    people = rng.randint(12, 36)
    training = [Line("新入社員研修（2日間）講師料", 1, 330000, 10),
                Line("研修テキスト", people, 2750, 10), Line("昼食弁当", people * 2, 972, 8),
                Line("お茶（ペットボトル）", people * 2, 140, 8), Line("会場使用料", 1, 44000, 10)]  # fmt: skip
    add("docx_training", "invoice", "docx", TRAINING, training, people=people)
    hours, gas = rng.randint(3, 6), rng.randint(2, 5)
    repair = [Line("出張費", 1, 5500, 10), Line("故障診断・修理作業費", hours, 6050, 10),
              Line("冷媒ガス R32 補充", gas, 4400, 10), Line("ドレンポンプ（交換部品）", 1, 18700, 10)]  # fmt: skip
    repair.append(Line("端数値引", 1, -(sum(i.amount for i in repair) % 1000), 10))
    add("docx_hvac", "invoice", "docx", HVAC, repair)
    # Excel (4)
    drinks = _pick(rng, GOODS["drinks"], 5)
    crates = rng.randint(6, 14)
    drinks += [Line("P箱保証金", crates, 200, None),
               Line("P箱保証金 返却", rng.randint(2, crates - 2), -200, None)]  # fmt: skip
    doc = add("xl_drinks", "invoice", "xlsx", DRINKS, drinks, buyer=HOTEL, due="eom", close=25)
    doc.extra["previous"] = 140_000 + 310 * (doc.lines[0].amount % 89)
    add("xl_lift", "invoice", "xlsx", LIFT,
        [Line(f"エレベーター保守料（POG契約・{rng.randint(1, 12)}月分）", 2, 52800, 10),
         Line("遠隔監視サービス料", 2, 5500, 10),
         Line("定期点検時 消耗品", 1, rng.randint(12, 60) * 110, 10),
         Line("建築基準法 定期検査 代行", 1, 33000, 10)], month_end=True)  # fmt: skip
    days, generator_days = rng.randint(9, 24), rng.randint(5, 20)
    rental = [Line("油圧ショベル 0.25㎥", days, 18700, 10),
              Line("発電機 25kVA", generator_days, 6600, 10),
              Line("敷鉄板 1.5m×3m", rng.randint(6, 20), 3300, 10),
              Line("往復運搬費", 1, 44000, 10), Line("損害補償料", days, 1100, 10)]  # fmt: skip
    rental.append(Line("長期割引", 1, -(days * 18700 // 10 // 1000 * 1000), 10))
    add("xl_rental", "invoice", "xlsx", RENTAL, rental, days=days)
    trips = rng.randint(3, 9)
    waste = [Line("収集運搬費（2tパッカー車）", trips, 27500, 10),
             Line("廃プラスチック類 処分費", rng.randint(400, 2600), 38, 10),
             Line("木くず 処分費", rng.randint(2, 12), 6600, 10),
             Line("電子マニフェスト登録料", trips, 220, 10)]  # fmt: skip
    add("xl_waste", "invoice", "xlsx", WASTE, waste, month_end=True, due="next_eom")
    # scans (12) of 12 of the 16 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for n, d in enumerate(printed) if n not in (2, 5, 9, 14)]
    formats = ("scan-pdf", "scan-jpg", "scan-png")
    for index, source in enumerate(sources):
        scan = H6Doc(**{**source.__dict__, "id": f"h6_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (300, 220, 260, 200, 240, 280)[index % 6]
        scan.extra = {**source.extra, "source": source.id, "fax": index == 4, "phone": index == 9}
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _ja(day: dt.date, weekday: bool = False) -> str:
    text = f"{day.year}年{day.month}月{day.day}日"
    return f"{text}({WEEKDAYS[day.weekday()]})" if weekday else text


def _dot(day: dt.date) -> str:
    return f"{day.year}.{day.month}.{day.day}"


def _base(doc: H6Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H6Doc) -> int:
    return sum(doc.taxes().values())


def _pretax(doc: H6Doc) -> int:
    """The amount before withholding: bases, tax, non-taxable."""
    return Doc.total(doc)  # type: ignore[arg-type]


def _due(doc: H6Doc) -> dt.date:
    assert doc.due is not None
    return doc.due


def _fw(text: str) -> str:
    """Digits and commas typed full-width, as in a Word document typed by hand."""
    return text.translate({ord(c): ord(c) + 0xFEE0 for c in "0123456789,"})


CELL = "border:1px solid #444;padding:3px 7px"


def _td(value: Any, style: str = "", num: bool = False) -> str:
    text = f"{value:,}" if isinstance(value, int) else html.escape(str(value))
    return f"<td style='{CELL}{';text-align:right' if num else ''};{style}'>{text}</td>"


def _th(value: str, style: str = "") -> str:
    return f"<th style='{CELL};background:#f0f0f0;{style}'>{value}</th>"


def _unit(line: Line) -> str:
    if line.description in UNITS:
        return UNITS[line.description]
    return next((u for p, u in UNIT_PREFIXES if line.description.startswith(p)), "式")


def _item_rows(doc: H6Doc, yen: str = "", units: bool = True, numbered: bool = False) -> str:
    rows = ""
    for n, i in enumerate(doc.lines, 1):
        rows += "<tr>" + (_td(n, num=True) if numbered else "") + _td(i.description)
        rows += _td(i.quantity, num=True) + (_td(_unit(i)) if units else "")
        rows += _td(f"{yen}{i.unit_price:,}", num=True) + _td(f"{yen}{i.amount:,}", num=True)
        rows += "</tr>"
    return rows


# -- HTML layouts -------------------------------------------------------------------------------


def _it(doc: H6Doc) -> str:
    """An IT vendor's 保守 invoice: a two-column header, ￥ amounts, 数量 / 単位 / 単価, the
    registration number only in the page footer."""
    name, address, tel, dept = doc.issuer
    return f"""
<div style="padding:40px 44px 0;font-family:IPAPGothic;font-size:9.5pt;min-height:1000px;position:relative">
 <div style="display:flex;justify-content:space-between;align-items:flex-end;border-bottom:3px solid #1d4e89;padding-bottom:6px">
  <div style="font-size:22pt;color:#1d4e89;letter-spacing:6px">請求書</div>
  <div style="text-align:right">請求日：{_ja(doc.date)}<br>請求書番号：{doc.number}<br>お客様コード：C{doc.total() % 90000 + 10000}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:48%;border:1px solid #1d4e89;padding:10px">
   <div style="font-size:14pt">{doc.buyer}　御中</div><div style="margin-top:4px">情報システム部 ご担当者様</div>
   <div style="margin-top:12px">下記のとおりご請求申し上げます。</div>
   <div style="margin-top:8px;font-size:11pt">ご請求金額（税込）</div>
   <div style="font-size:20pt;text-align:right;border-bottom:2px solid #1d4e89">￥{doc.total():,}</div>
   <div style="margin-top:6px">お支払期限：{_ja(_due(doc))}</div></div>
  <div style="width:44%;line-height:1.6"><div style="font-size:12pt">{name}</div>{address}<br>TEL {tel}<br>{dept}</div></div>
 <table style="width:100%;margin-top:20px"><tr>{_th("No.")}{_th("品目")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>
  {_item_rows(doc, "￥", numbered=True)}</table>
 <table style="margin-left:auto;margin-top:8px;width:40%"><tr>{_th("小計")}{_td(f"￥{_base(doc):,}", num=True)}</tr>
  <tr>{_th("消費税（10%）")}{_td(f"￥{_tax(doc):,}", num=True)}</tr>
  <tr>{_th("合計")}{_td(f"￥{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:18px">【お振込先】 さきがけ銀行 神田支店 普通預金 3318720 カ）ソラリスシステムズ<br>
  ※振込手数料は貴社にてご負担くださいますようお願いいたします。</div>
 <div style="position:absolute;bottom:0;left:44px;right:44px;border-top:1px solid #999;font-size:7.5pt;color:#555;padding-top:3px">
  {name}　適格請求書発行事業者登録番号：{doc.registration}　　1 / 1</div>
</div>"""


def _agency(doc: H6Doc) -> str:
    """An advertising agency's invoice: dotted dates, the total in a box as 「￥…-」, a negative
    出精値引, the issuer with a square seal."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'{i.unit_price:,}', num=True)}"
        f"{_td(f'{i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    start = doc.date.replace(day=1)
    return f"""
<div style="padding:44px 48px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="text-align:right">発行日 {_dot(doc.date)}<br>請求No. {doc.number}</div>
 <div style="font-size:20pt;text-align:center;margin:6px 0 16px">御 請 求 書</div>
 <div style="display:flex;justify-content:space-between">
  <div style="width:52%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">件名：Web広告運用（{_dot(start)}～{_dot(doc.date)} 掲載分）</div>
   <div style="border:2px solid #000;margin-top:12px;padding:6px 10px;display:flex;justify-content:space-between;align-items:center">
    <span>ご請求金額</span><span style="font-size:18pt">￥{doc.total():,}-</span></div>
   <div style="margin-top:6px">お支払期限　{_dot(_due(doc))}</div></div>
  <div style="width:42%;position:relative"><div style="font-size:11pt">{name}</div>{address}<br>TEL {tel}<br>担当：{staff}<br>
   登録番号　{doc.registration}
   <div style="position:absolute;right:4px;top:2px;width:50px;height:50px;border:2px solid #c22;color:#c22;font-family:IPAMincho;font-size:8pt;line-height:1.15;text-align:center;padding-top:4px">あさなぎ<br>エージェ<br>ンシー印</div></div></div>
 <table style="width:100%;margin-top:20px"><tr>{_th("摘要")}{_th("数量")}{_th("単価")}{_th("金額")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_td("10%対象 税抜金額")}{_td(f"{_base(doc):,}", num=True)}</tr>
  <tr>{_td("消費税額（10%）")}{_td(f"{_tax(doc):,}", num=True)}</tr>
  <tr>{_td("合計金額", "font-weight:bold")}{_td(f"{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:16px">振込先：なにわ中央銀行 梅田支店 当座預金 0071245 カ）アサナギエージェンシー</div>
</div>"""


def _cleaner(doc: H6Doc) -> str:
    """A cleaning company's 内税 invoice: tax-included amounts, 令和 dates, 「…月末日」, the
    issuer at the bottom of the page."""
    name, address, tel, staff = doc.issuer
    due = _due(doc)
    return f"""
<div style="padding:50px 54px;font-family:IPAMincho;font-size:10.5pt;line-height:1.6">
 <div style="text-align:right">{reiwa(doc.date)}</div>
 <div style="text-align:center;font-size:19pt;letter-spacing:8px;margin:8px 0 18px">御請求書</div>
 <div style="font-size:13pt;border-bottom:1px solid #000;width:55%">{doc.buyer}　様</div>
 <p>平素より格別のお引き立てを賜り、厚く御礼申し上げます。<br>{doc.date.month}月分の清掃業務につきまして、下記のとおりご請求申し上げます。</p>
 <div style="font-size:15pt">ご請求金額　¥{doc.total():,}<span style="font-size:10pt">（税込）</span></div>
 <div>お振込期限　令和{due.year - 2018}年{due.month}月末日</div>
 <table style="width:100%;margin-top:12px;font-family:VLGothic;font-size:9.5pt"><tr>{_th("作業内容")}{_th("数量")}{_th("単位")}{_th("単価（税込）")}{_th("金額（税込）")}</tr>
  {_item_rows(doc)}
  <tr>{_td("合計（税込）", "font-weight:bold")}<td style="{CELL}" colspan=3></td>{_td(doc.total(), "font-weight:bold", True)}</tr></table>
 <div style="text-align:right;font-size:9.5pt">（内消費税等 10%　¥{_tax(doc):,}）　※表示金額はすべて消費税込みです。</div>
 <div style="margin-top:20px">お振込先　ふなばし信用金庫 本町支店 普通 2207316 カ）キララビソウ</div>
 <div style="margin-top:150px;border-top:1px solid #000;padding-top:8px;display:flex;justify-content:space-between">
  <div>{name}<br>〒273-0005 {address}<br>TEL {tel}　担当 {staff}</div>
  <div style="text-align:right">適格請求書発行事業者<br>登録番号 {doc.registration}</div></div>
</div>"""


def _guard(doc: H6Doc) -> str:
    """A security company's invoice: the issuer top left with a round red seal and the
    registration number beside it, the buyer's box on the right, dates with weekdays."""
    name, address, tel, dept = doc.issuer
    return f"""
<div style="padding:40px 44px;font-family:VLGothic;font-size:9.5pt">
 <div style="text-align:center;font-size:21pt;font-family:IPAexGothic;margin-bottom:16px">請　求　書</div>
 <div style="display:flex;justify-content:space-between">
  <div style="width:50%;display:flex;gap:10px;align-items:flex-start">
   <div>{name}<br>{address}<br>TEL {tel}<br>{dept}</div>
   <div style="width:58px;height:58px;border:2px solid #c22;border-radius:50%;color:#c22;font-family:IPAMincho;font-size:8pt;line-height:1.1;text-align:center;padding-top:9px;box-sizing:border-box">はやぶさ<br>警備保障<br>之印</div>
   <div style="font-size:8.5pt">登録番号<br>{doc.registration}</div></div>
  <div style="width:42%;border:1px solid #000;padding:8px">
   <div style="font-size:8.5pt">請求先</div><div style="font-size:13pt">{doc.buyer}　御中</div>
   <div style="margin-top:6px">請求日　{_ja(doc.date, True)}<br>請求番号　{doc.number}</div></div></div>
 <p style="margin-top:18px">{doc.date.month}月度の警備業務につき、下記のとおりご請求いたします。</p>
 <table style="width:60%"><tr>{_th("税抜合計")}{_th("消費税等（10%）")}{_th("税込合計")}</tr>
  <tr>{_td(f"¥{_base(doc):,}", num=True)}{_td(f"¥{_tax(doc):,}", num=True)}{_td(f"¥{doc.total():,}", "font-size:13pt;font-weight:bold", True)}</tr></table>
 <div style="margin-top:8px">お支払期日　{_ja(_due(doc), True)}</div>
 <table style="width:100%;margin-top:14px"><tr>{_th("業務内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_item_rows(doc)}</table>
 <div style="margin-top:14px">お振込先：あさか銀行 郡山駅前支店 普通 5120983 ハヤブサケイビホショウ（カ</div>
</div>"""


def _taxacc(doc: H6Doc) -> str:
    """A tax accountant's 請求書: 源泉徴収税額 taken off, 差引ご請求額 in a box, 令和 dates."""
    name, address, tel, owner = doc.issuer
    withholding = doc.extra["withholding"]
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.amount:,}円', num=True)}</tr>" for i in doc.lines
    )
    sums = (("小計", _base(doc)), ("消費税（10%）", _tax(doc)), ("合計", _pretax(doc)),
            ("源泉徴収税額", -withholding))  # fmt: skip
    sum_rows = "".join(f"<tr>{_td(k)}{_td(f'{v:,}円', num=True)}</tr>" for k, v in sums)
    return f"""
<div style="padding:56px 60px;font-family:IPAMincho;font-size:10.5pt;line-height:1.55">
 <div style="text-align:center;font-size:18pt;letter-spacing:10px">請求書</div>
 <div style="text-align:right;margin-top:10px">{reiwa(doc.date)}</div>
 <div style="font-size:13pt;margin-top:6px">{doc.buyer}　御中</div>
 <div style="margin-left:56%;margin-top:10px">{name}<br>税理士　{owner}<br>{address}<br>TEL {tel}<br>登録番号　{doc.registration}</div>
 <p>下記の通りご請求申し上げます。</p>
 <table style="width:70%"><tr>{_th("摘要")}{_th("金額")}</tr>{rows}</table>
 <table style="width:70%;margin-top:8px">{sum_rows}
  <tr>{_td("差引ご請求額", "font-weight:bold;border:2px solid #000")}{_td(f"{doc.total():,}円", "font-weight:bold;border:2px solid #000;font-size:13pt", True)}</tr></table>
 <div style="margin-top:14px">お振込期日　{reiwa(_due(doc))}<br>お振込先　みなと神戸銀行 栄町支店 普通 1190432 ハナブサ タカユキ</div>
</div>"""


def _lawyer(doc: H6Doc) -> str:
    """A law office's invoice: 報酬 and non-taxable 実費 sections, 源泉徴収 on the fees,
    「金 …円」."""
    name, address, tel, owner = doc.issuer
    fees = [i for i in doc.lines if i.rate]
    costs = [i for i in doc.lines if not i.rate]
    fee_rows = "".join(f"<tr>{_td(i.description)}{_td(i.amount, num=True)}</tr>" for i in fees)
    cost_rows = "".join(f"<tr>{_td(i.description)}{_td(i.amount, num=True)}</tr>" for i in costs)
    return f"""
<div style="padding:56px 60px;font-family:IPAexMincho;font-size:10.5pt;line-height:1.6">
 <div style="text-align:right">{_ja(doc.date)}</div>
 <div style="font-size:13pt">{doc.buyer}　御中</div>
 <div style="text-align:right">{name}<br>弁護士　{owner}<br>{address}<br>電話 {tel}<br>登録番号 {doc.registration}</div>
 <div style="text-align:center;font-size:17pt;margin:16px 0">ご　請　求　書</div>
 <p>貴社よりご依頼の標記事件に関し、下記のとおり弁護士報酬及び実費をご請求申し上げます。</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:60%">御請求金額　金 {doc.total():,}円</div>
 <div style="margin-top:12px">1　弁護士報酬</div>
 <table style="width:75%">{fee_rows}<tr>{_td("消費税（10%）")}{_td(_tax(doc), num=True)}</tr>
  <tr>{_td("源泉徴収税額（10.21%）")}{_td(f"△{doc.extra['withholding']:,}", num=True)}</tr></table>
 <div style="margin-top:10px">2　実費（立替金・不課税）</div>
 <table style="width:75%">{cost_rows}<tr>{_td("実費 小計")}{_td(doc.non_taxable(), num=True)}</tr></table>
 <div style="margin-top:14px">お支払期限　{_ja(_due(doc))}<br>お振込先　さっぽろ北洋信用金庫 大通支店 普通 0653318 ミズホシホウリツジムショ</div>
</div>"""


def _carrier(doc: H6Doc) -> str:
    """A carrier's 運賃請求書: 送り状 rows, 燃料サーチャージ, the label above the amount, due
    「翌月末日」."""
    name, address, tel, staff = doc.issuer
    rows = "".join(
        f"<tr>{_td(f'{(doc.date - dt.timedelta(days=24 - 5 * n)):%m/%d}')}{_td(f'52{10 + n}-{3301 + 17 * n}')}"
        f"{_td(i.description)}{_td(i.quantity, num=True)}{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines)
    )
    return f"""
<div style="padding:36px 42px;font-family:VLGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="font-family:IPAexGothic;font-size:20pt;border-bottom:4px solid #2a6f3e">運賃請求書</div>
  <div style="text-align:right">請求日 {doc.date:%Y/%m/%d}<br>{doc.date.month}月{doc.date.day}日締切分<br>No. {doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:50%"><div style="font-size:13pt">{doc.buyer} 御中</div>
   <div style="margin-top:10px;width:75%"><div style="background:#2a6f3e;color:#fff;padding:2px 8px">今回ご請求金額（税込）</div>
    <div style="border:1px solid #2a6f3e;font-size:18pt;text-align:right;padding:2px 8px">¥{doc.total():,}</div></div>
   <div style="margin-top:6px">お支払期限：翌月末日</div></div>
  <div style="width:44%">{name}<br>{address}<br>TEL {tel}<br>{staff}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("集荷日")}{_th("送り状No.")}{_th("届け先・内容")}{_th("数量")}{_th("単価")}{_th("金額")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_td("運賃等合計（税抜）")}{_td(_base(doc), num=True)}</tr>
  <tr>{_td("消費税等（10%）")}{_td(_tax(doc), num=True)}</tr><tr>{_td("ご請求額")}{_td(doc.total(), num=True)}</tr></table>
 <div style="margin-top:10px">お振込先：びわこ湖南銀行 草津支店 普通 4470921</div>
</div>"""


def _printer(doc: H6Doc) -> str:
    """A printer's invoice: units 部 / 箱 / 枚 / 式, the registration number under the issuer in
    the header, a 端数処理 note."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="padding:40px 46px;font-family:IPAexMincho;font-size:10pt">
 <div style="display:flex;justify-content:space-between">
  <div style="font-size:22pt;font-family:IPAexGothic">ご請求書</div>
  <div style="text-align:right;font-size:9pt">{name}<br>登録番号 {doc.registration}<br>{address}<br>TEL {tel}　{staff}</div></div>
 <div style="margin-top:14px;font-size:13pt">{doc.buyer} 御中</div>
 <div style="display:flex;gap:40px;margin-top:8px"><div>請求日　{_ja(doc.date)}</div><div>請求番号　{doc.number}</div>
  <div>件名　販促物印刷一式</div></div>
 <table style="margin-top:12px"><tr>{_th("ご請求金額（税込）")}{_td(f"{doc.total():,}円", "font-size:15pt;min-width:200px", True)}</tr>
  <tr>{_th("お支払期限")}{_td(_ja(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:14px;font-family:IPAPGothic"><tr>{_th("品名・仕様")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_item_rows(doc)}</table>
 <table style="margin-left:auto;margin-top:8px;font-family:IPAPGothic"><tr>{_td("10%対象 小計")}{_td(_base(doc), num=True)}</tr>
  <tr>{_td("消費税（10%）")}{_td(_tax(doc), num=True)}</tr><tr>{_td("合計", "font-weight:bold")}{_td(doc.total(), "font-weight:bold", True)}</tr></table>
 <div style="margin-top:12px;font-size:9pt">※消費税は請求書ごとに税率別に合計して計算し、1円未満を切り捨てています。<br>
  お振込先：越後さくら銀行 東大通支店 普通 2645019 カ）ウタゲインサツ</div>
</div>"""


def _lease(doc: H6Doc) -> str:
    """A lease company's invoice: the registration number in the page header above the title,
    第n回 lines, カウンター料金, お支払期日（口座振替日）."""
    name, address, tel, dept = doc.issuer
    rows = "".join(
        f"<tr>{_td(f'L{doc.date:%y}-{4410 + 37 * n}')}{_td(i.description)}{_td(i.quantity, num=True)}"
        f"{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines)
    )
    return f"""
<div style="padding:26px 44px;font-family:IPAPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;font-size:8pt;color:#333;border-bottom:1px solid #999">
  <span>{name}</span><span>適格請求書発行事業者登録番号 {doc.registration}</span></div>
 <div style="font-size:19pt;text-align:center;margin:16px 0">リース料 ご請求書</div>
 <div style="display:flex;justify-content:space-between">
  <div><div style="font-size:13pt">{doc.buyer} 御中</div><div>ご契約者番号 K-{doc.total() % 700000 + 100000}</div></div>
  <div style="text-align:right">発行日 {_ja(doc.date)}<br>{name}<br>{address}<br>{dept}　TEL {tel}</div></div>
 <table style="margin-top:16px;width:70%"><tr>{_th("ご請求金額（税込）")}{_th("お支払期日（口座振替日）")}</tr>
  <tr>{_td(f"¥{doc.total():,}", "font-size:14pt", True)}{_td(_ja(_due(doc)), "font-size:12pt")}</tr></table>
 <table style="width:100%;margin-top:16px"><tr>{_th("契約番号")}{_th("物件名・内容")}{_th("数量")}{_th("単価")}{_th("金額（税抜）")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_td("課税対象額（10%）")}{_td(_base(doc), num=True)}</tr>
  <tr>{_td("消費税額（10%）")}{_td(_tax(doc), num=True)}</tr><tr>{_td("合計")}{_td(doc.total(), num=True)}</tr></table>
 <div style="margin-top:12px">ご登録口座（みなと芝信用金庫 大門支店）より振替日に自動引落しさせていただきます。</div>
</div>"""


def _mobile(doc: H6Doc) -> str:
    """A mobile carrier's ご利用料金明細 (内税): per-line counts, a negative 法人まとめ割,
    「うち消費税等相当額」."""
    name, address, tel, dept = doc.issuer
    start = (doc.date.replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    end = doc.date.replace(day=1) - dt.timedelta(days=1)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'{i.amount:,}円', num=True)}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:34px 40px;font-family:IPAexGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:center">
  <div style="font-size:15pt;color:#0a6aa1">{name}</div><div style="font-size:16pt">ご利用料金明細書</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div><div style="font-size:12pt">{doc.buyer} 御中</div><div>お客さま番号 {doc.number}</div>
   <div>ご利用期間 {_ja(start)}～{_ja(end)}</div></div>
  <div style="text-align:right">発行日 {_ja(doc.date)}<br>{address}<br>{dept} {tel}<br>登録番号 {doc.registration}</div></div>
 <div style="display:flex;gap:20px;margin-top:14px">
  <div style="background:#e7f2f9;padding:8px 16px"><div>ご請求金額（税込）</div><div style="font-size:20pt">{doc.total():,}円</div>
   <div style="font-size:8.5pt">うち消費税等相当額 {_tax(doc):,}円（10%対象額 {doc.total():,}円）</div></div>
  <div style="padding-top:8px">お支払期日（口座振替日）　{_ja(_due(doc))}<br>お支払方法　口座振替</div></div>
 <table style="width:100%;margin-top:14px"><tr>{_th("ご利用内訳")}{_th("回線数・数量")}{_th("金額（税込）")}</tr>{rows}
  <tr>{_td("合計", "font-weight:bold")}<td style="{CELL}"></td>{_td(f"{doc.total():,}円", "font-weight:bold", True)}</tr></table>
 <div style="font-size:8pt;margin-top:8px">※金額は税込です。回線ごとの明細は法人向けWebサービスでご確認いただけます。</div>
</div>"""


def _water(doc: H6Doc) -> str:
    """A waterworks bureau's 上下水道料金 notice (内税): 使用者 | name | 様, 検針日 and 使用期間,
    使用水量, 納付期限."""
    name, address, tel, dept = doc.issuer
    read = doc.date - dt.timedelta(days=4)
    start = read - dt.timedelta(days=61)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.amount:,}円', num=True)}</tr>" for i in doc.lines
    )
    return f"""
<div style="padding:38px 44px;font-family:IPAMincho;font-size:10pt">
 <div style="text-align:center;font-size:17pt;font-family:IPAexGothic">上下水道料金 納入通知書 兼 請求書</div>
 <div style="text-align:right;margin-top:8px">発行日 {reiwa(doc.date)}<br>{name}</div>
 <table style="margin-top:10px"><tr>{_td("使用者", "background:#eef")}{_td(doc.buyer, "min-width:240px;font-size:12pt")}{_td("様")}</tr>
  <tr>{_td("水栓番号", "background:#eef")}<td style="{CELL}" colspan=2>{doc.total() % 900000 + 100000}</td></tr>
  <tr>{_td("使用場所", "background:#eef")}<td style="{CELL}" colspan=2>ひがし川市工業団地3-12</td></tr></table>
 <table style="width:100%;margin-top:12px"><tr>{_th("検針日")}{_th("使用期間")}{_th("使用水量")}{_th("口径")}</tr>
  <tr>{_td(reiwa(read))}{_td(f"{start.month}月{start.day}日～{read.month}月{read.day}日")}{_td(f"{doc.extra['used']}㎥")}{_td("25mm")}</tr></table>
 <div style="display:flex;gap:30px;margin-top:14px">
  <div style="border:2px solid #000;padding:6px 14px"><div>請求金額</div><div style="font-size:18pt">{doc.total():,}円</div>
   <div style="font-size:8.5pt">（うち消費税相当額 {_tax(doc):,}円）</div></div>
  <div>納付期限　{reiwa(_due(doc))}<br>納付場所　指定金融機関・コンビニエンスストア</div></div>
 <table style="width:70%;margin-top:14px"><tr>{_th("料金内訳")}{_th("金額（税込）")}</tr>{rows}</table>
 <div style="margin-top:14px;font-size:9pt">{address}　{dept} TEL {tel}<br>適格請求書発行事業者 登録番号 {doc.registration}</div>
</div>"""


def _foods(doc: H6Doc) -> str:
    """A food wholesaler's 一括請求書: the items of three 納品書 with their slip numbers, ※ for
    8 %, the 8 % row before the 10 % row."""
    name, address, tel, staff = doc.issuer
    rows, start = "", 0
    for n, count in enumerate(doc.extra["slips"]):
        day = doc.date - dt.timedelta(days=18 - 7 * n)
        slip = doc.lines[start : start + count]
        start += count
        for k, i in enumerate(slip):
            mark = " ※" if i.rate == 8 else ""
            rows += (f"<tr>{_td(f'{day:%m/%d}' if k == 0 else '')}{_td(f'D{71024 + 9 * n}' if k == 0 else '')}"
                     f"{_td(i.description + mark)}{_td(i.quantity, num=True)}{_td(_unit(i))}"
                     f"{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>")  # fmt: skip
        rows += f"<tr>{_td('')}{_td('')}{_td('（伝票計）', 'text-align:right')}<td style='{CELL}' colspan=3></td>{_td(sum(i.amount for i in slip), num=True)}</tr>"
    per_rate = "".join(
        f"<tr>{_td(f'{r}%対象' + ('（軽減税率）' if r == 8 else ''))}{_td(b, num=True)}{_td(doc.taxes()[r], num=True)}</tr>"
        for r, b in sorted(doc.bases().items())
    )
    return f"""
<div style="padding:30px 36px;font-family:IPAPGothic;font-size:9pt">
 <div style="text-align:center;font-size:19pt;font-family:IPAexGothic">一 括 請 求 書</div>
 <div style="display:flex;justify-content:space-between;margin-top:12px">
  <div style="width:48%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">{doc.date.month}月{doc.date.day}日締切分の納品につき、下記のとおりご請求申し上げます。</div>
   <div style="margin-top:8px;font-size:14pt">ご請求金額　¥{doc.total():,}</div><div>お支払期限　{_ja(_due(doc))}</div></div>
  <div style="width:44%;text-align:right">請求日 {_ja(doc.date)}<br>請求No. {doc.number}<br>{name}<br>{address}<br>TEL {tel}　{staff}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:14px"><tr>{_th("納品日")}{_th("伝票No.")}{_th("品名")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{rows}</table>
 <table style="margin-left:auto;margin-top:8px"><tr>{_th("税率区分")}{_th("税抜金額")}{_th("消費税額")}</tr>{per_rate}
  <tr>{_td("合計")}{_td(_base(doc), num=True)}{_td(_tax(doc), num=True)}</tr></table>
 <div>※印は軽減税率（8%）対象品目です。</div>
 <div style="margin-top:8px">お振込先：ひむか銀行 橘通支店 普通 3081172 カ）ウミネコショクヒン</div>
</div>"""


def _dinner(doc: H6Doc) -> str:
    """A restaurant's 領収証: a named buyer, 「金 …円也」, 但し書き, a 収入印紙 box, 税抜 / 消費税
    内訳."""
    name, address, tel, _ = doc.issuer
    return f"""
<div style="padding:20px 26px;font-family:IPAMincho;font-size:10pt;border:1px solid #777;margin:8px;height:300px;position:relative">
 <div style="display:flex;justify-content:space-between"><span>No. {doc.number[-4:]}</span><span>{reiwa(doc.date)}</span></div>
 <div style="text-align:center;font-size:18pt;letter-spacing:12px;margin:6px 0">領収証</div>
 <div style="font-size:13pt;border-bottom:1px solid #000;width:70%">{doc.buyer}　様</div>
 <div style="font-size:17pt;margin:12px 0 4px 30px;border-bottom:2px solid #000;width:60%">金　{doc.total():,}円也</div>
 <div>但　御飲食代（{doc.extra["guests"]}名様）として<br>上記正に領収いたしました。</div>
 <table style="margin-top:8px;font-size:9pt"><tr>{_td("内訳")}{_td("税抜金額")}{_td(f"¥{_base(doc) - _tax(doc):,}", num=True)}</tr>
  <tr>{_td("")}{_td("消費税額等（10%）")}{_td(f"¥{_tax(doc):,}", num=True)}</tr></table>
 <div style="position:absolute;left:420px;top:150px;width:62px;height:74px;border:1px dashed #333;font-size:8pt;text-align:center;padding-top:6px;box-sizing:border-box">収入<br>印紙<br><span style="font-size:11pt">200</span></div>
 <div style="position:absolute;right:26px;bottom:18px;text-align:right;font-size:9pt">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
</div>"""


def _taxi(doc: H6Doc) -> str:
    """A taxi 領収書: 上様, a dotted date, 運賃 and 高速料金, 「うち消費税」."""
    name, address, tel, _ = doc.issuer
    fare, toll = (i.amount for i in doc.lines)
    return f"""
<div style="padding:12px 14px;font-family:VLGothic;font-size:9pt;line-height:1.5">
 <div style="text-align:center;font-size:14pt">領 収 書</div>
 <div style="border-bottom:1px solid #000;margin-top:4px">上様</div>
 <div style="margin-top:4px">{doc.date:%Y.%m.%d}　乗車 {10 + doc.total() % 9}:{doc.total() % 60:02d}</div>
 <div>福山駅前 → 福山東IC経由 → 笠岡市</div>
 <div>運賃　　　¥{fare:,}</div><div>高速料金　¥{toll:,}</div>
 <div style="font-size:13pt;border:1px solid #000;padding:2px 6px;margin-top:3px">金額　¥{doc.total():,}</div>
 <div>（うち消費税10%　¥{_tax(doc):,}）</div>
 <div>上記金額を領収いたしました。</div>
 <div style="margin-top:6px">{name}<br>{address}<br>TEL {tel}<br>登録番号 {doc.registration}<br>乗務員 No.{doc.number[-3:]}　車両 {doc.total() % 80 + 10}号車</div>
</div>"""


def _stationer(doc: H6Doc) -> str:
    """A stationer's register receipt: a negative 会員割引, お買上点数, クレジット."""
    name, address, tel, shop = doc.issuer
    moment = f"{_ja(doc.date, True)} {11 + doc.total() % 8}:{doc.total() % 60:02d}"
    rows = ""
    for i in doc.lines:
        rows += f"<div style='display:flex;justify-content:space-between'><span>{html.escape(i.description)}</span><span>¥{i.amount:,}</span></div>"
        if i.quantity > 1:
            rows += f"<div style='padding-left:12px'>{i.quantity}点 × @{i.unit_price:,}</div>"
    count = sum(i.quantity for i in doc.lines if i.amount > 0)
    return f"""
<div style="padding:8px 10px;font-family:VLGothic;font-size:8.5pt;line-height:1.4">
 <div style="text-align:center;font-size:12pt">{name}</div><div style="text-align:center">{shop}</div>
 <div style="text-align:center">{address}<br>TEL {tel}</div>
 <div style="text-align:center;font-size:11pt;margin:3px 0">領収書</div>
 <div>{moment}</div><div>レジ02 No.{doc.number[-4:]}</div>
 <div style="border-top:1px dashed #000;margin-top:3px"></div>{rows}
 <div style="border-top:1px dashed #000;margin-top:3px">お買上点数　{count}点</div>
 <div style="display:flex;justify-content:space-between;font-size:12pt"><span>合計</span><span>¥{doc.total():,}</span></div>
 <div>（10%対象 ¥{doc.total():,}　内消費税 ¥{_tax(doc):,}）</div>
 <div style="display:flex;justify-content:space-between"><span>クレジット</span><span>¥{doc.total():,}</span></div>
 <div style="margin-top:3px">登録番号 {doc.registration}</div>
</div>"""


def _fuel(doc: H6Doc) -> str:
    """A fuel station's receipt: 軽油 by the litre, the non-taxable 軽油引取税, 洗車."""
    name, address, tel, station = doc.issuer
    diesel, levy, wash = doc.lines
    return f"""
<div style="padding:8px 10px;font-family:IPAPGothic;font-size:8.5pt;line-height:1.45">
 <div style="text-align:center;font-size:11pt">{name}</div><div style="text-align:center">{station}</div>
 <div style="text-align:center">{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div>
 <div style="text-align:center;font-size:11pt;margin:3px 0">領収書</div>
 <div>{doc.date:%Y/%m/%d} {7 + doc.total() % 5}:{doc.total() % 60:02d}　給油機 {doc.total() % 8 + 1}番</div>
 <div style="border-top:1px dashed #000;margin-top:3px"></div>
 <div>軽油　{diesel.quantity}.00L × @{diesel.unit_price}</div>
 <div style="display:flex;justify-content:space-between"><span>　軽油</span><span>¥{diesel.amount:,}</span></div>
 <div style="display:flex;justify-content:space-between"><span>　軽油引取税（不課税）</span><span>¥{levy.amount:,}</span></div>
 <div style="display:flex;justify-content:space-between"><span>洗車（シャンプー）</span><span>¥{wash.amount:,}</span></div>
 <div style="border-top:1px dashed #000;margin-top:3px;display:flex;justify-content:space-between;font-size:12pt"><span>合計</span><span>¥{doc.total():,}</span></div>
 <div>（10%対象 ¥{_base(doc):,} 内消費税 ¥{_tax(doc):,}）</div><div>（不課税 ¥{levy.amount:,}）</div>
 <div style="display:flex;justify-content:space-between"><span>法人カード</span><span>¥{doc.total():,}</span></div>
</div>"""


def _non_invoice(doc: H6Doc) -> str:
    """A 御見積書, a 注文書, a 納品書, a 検収通知書 or a 送付状 (kinds only)."""
    name, _, _, staff = doc.issuer
    day = _ja(doc.date)
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table style='width:100%;margin-top:10px'><tr>{_th('No.')}{_th('品名・内容')}{_th('数量')}{_th('単価')}{_th('金額')}</tr>{rows}</table>"
    if doc.layout == "cover":
        return f"""
<div style="padding:60px;font-family:IPAMincho;font-size:11pt;line-height:1.8">
 <div style="text-align:center;font-size:20pt;letter-spacing:10px">送付状</div>
 <div style="text-align:right">{day}</div><div style="font-size:13pt">{doc.buyer}<br>経理部 ご担当者様</div>
 <div style="text-align:right">{name}<br>{staff}</div>
 <p>拝啓　貴社ますますご清祥のこととお喜び申し上げます。平素は格別のご高配を賜り、厚く御礼申し上げます。<br>
 下記の書類を送付させていただきますので、ご査収のほどよろしくお願い申し上げます。</p><div style="text-align:right">敬具</div>
 <div style="text-align:center">記</div><div>1．運賃請求書（{doc.date.month}月20日締切分）　1部<br>2．受領書（控）　3部</div>
 <div style="text-align:right">以上</div></div>"""
    if doc.layout == "acceptance":  # the buyer tells the vendor what it accepted and will pay
        return f"""
<div style="padding:44px;font-family:VLGothic">
 <div style="text-align:center;font-size:20pt">検収通知書</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{name} 御中</div><div style="text-align:right">{doc.buyer}<br>購買部</div>
 <p>貴社より納入いただきました下記の件につき、検収いたしましたのでご通知申し上げます。<br>検収金額は下記の支払予定日にお振込みいたします。</p>
 <table><tr>{_th("検収金額（税込）")}{_th("うち消費税")}{_th("お支払予定日")}</tr>
  <tr>{_td(_pretax(doc), num=True)}{_td(_tax(doc), num=True)}{_td(_ja(_due(doc)))}</tr></table>
 {table}</div>"""
    title, lead, label = {
        "quote": ("御見積書", "ご依頼の件、下記のとおりお見積り申し上げます。", "御見積金額"),
        "order": ("注文書", "下記のとおり注文いたします。", "注文金額"),
        "delivery": ("納品書", "下記のとおり納品いたしましたのでご査収ください。", "納品金額"),
    }[doc.layout]
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    tail = {
        "quote": "見積有効期限：発行日より30日間　納期：ご発注後 約3週間",
        "order": f"納期：{doc.date.month}月{min(28, doc.date.day + 10)}日　納品場所：本社 総務部",
        "delivery": "受領印：　　　　　　　※ご請求は20日締めの一括請求書にてお送りします。",
    }[doc.layout]
    return f"""
<div style="padding:44px;font-family:IPAPGothic">
 <div style="text-align:center;font-size:20pt;letter-spacing:6px">{title}</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to} 御中</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:55%">{label}　¥{_pretax(doc):,}（税込）</div>
 <div>{tail}</div>{table}
 <div style="text-align:right;margin-top:6px">小計 {_base(doc):,}円　消費税 {_tax(doc):,}円</div></div>"""


LAYOUTS: dict[str, Callable[[H6Doc], str]] = {
    "it": _it,
    "agency": _agency,
    "cleaner": _cleaner,
    "guard": _guard,
    "taxacc": _taxacc,
    "lawyer": _lawyer,
    "carrier": _carrier,
    "printer": _printer,
    "lease": _lease,
    "mobile": _mobile,
    "water": _water,
    "foods": _foods,
    "dinner": _dinner,
    "taxi": _taxi,
    "stationer": _stationer,
    "fuel": _fuel,
    "quote": _non_invoice,
    "order": _non_invoice,
    "delivery": _non_invoice,
    "acceptance": _non_invoice,
    "cover": _non_invoice,
}

CSS = """
@font-face { font-family: "IPAMincho"; src: url("ipam.ttf"); }
@font-face { font-family: "IPAPGothic"; src: url("ipagp.ttf"); }
@font-face { font-family: "IPAexMincho"; src: url("ipaexm.ttf"); }
@font-face { font-family: "VLGothic"; src: url("vlg.ttf"); }
@font-face { font-family: "IPAexGothic"; src: url("ipaexg.ttf"); }
body { font-family: "IPAPGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
"""


def _pdf_options(doc: H6Doc) -> dict[str, Any]:
    if doc.layout == "dinner":
        return {"width": "182mm", "height": "100mm", "print_background": True}
    if doc.layout == "taxi":
        return {"width": "80mm", "height": "94mm", "print_background": True}
    if doc.layout in ("stationer", "fuel"):
        rows = len(doc.lines) + sum(i.quantity > 1 for i in doc.lines)
        return {"width": "72mm" if doc.layout == "fuel" else "64mm",
                "height": f"{72 + 6 * rows}mm", "print_background": True}  # fmt: skip
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H6Doc) -> bytes:
    """A translation company's invoice in full-width digits, a training company's (区分 column,
    10 % before 8 %, 令和 dates) or an air-conditioning repairer's (登録番号 in the page header,
    a negative 端数値引, a date with its weekday)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    wide = _fw if layout == "docx_translate" else (lambda text: text)
    document = docx.Document()
    document.styles["Normal"].font.name = "IPAMincho"
    if layout == "docx_hvac":  # the letterhead in the page header
        header = document.sections[0].header.paragraphs[0]
        header.text = f"{name}　〒892-0842 {address}　TEL {tel}　登録番号 {doc.registration}"
        header.alignment = WD_ALIGN_PARAGRAPH.CENTER
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run_ = title.add_run({"docx_translate": "請　求　書", "docx_training": "ご請求書",
                          "docx_hvac": "修理代金 ご請求書"}[layout])  # fmt: skip
    run_.bold, run_.font.size = True, Pt(18)
    when = {"docx_translate": wide(_ja(doc.date)), "docx_training": reiwa(doc.date),
            "docx_hvac": _ja(doc.date, True)}[layout]  # fmt: skip
    head = document.add_paragraph(f"請求日：{when}\n請求番号：{wide(doc.number)}")
    head.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    document.add_paragraph(f"{doc.buyer}　御中").runs[0].font.size = Pt(13)
    if layout != "docx_hvac":
        registration = doc.registration
        if layout == "docx_translate":
            registration = "Ｔ" + _fw(registration[1:])
        issuer = document.add_paragraph(f"{name}\n{address}\nTEL {wide(tel)}\n担当：{staff}\n"
                                        f"登録番号：{registration}")  # fmt: skip
        issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    else:
        document.add_paragraph(f"担当：{staff}　作業場所：本社ビル 3階 空調機 PAC-3F-02")
    document.add_paragraph("下記のとおりご請求申し上げます。")
    amount = document.add_paragraph()
    amount.add_run(f"ご請求金額　{wide(f'{doc.total():,}')}円（税込）").font.size = Pt(15)
    if doc.due:
        due = {"docx_translate": wide(_ja(doc.due)), "docx_training": reiwa(doc.due),
               "docx_hvac": _ja(doc.due, True)}[layout]  # fmt: skip
        document.add_paragraph(f"お支払期限：{due}")
    training = layout == "docx_training"
    heads = ["品名", "数量", "単位", "単価", "金額"] + (["区分"] if training else [])
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for item in doc.lines:
        values = [item.description, wide(f"{item.quantity:,}"), _unit(item),
                  wide(f"{item.unit_price:,}"), wide(f"{item.amount:,}")]  # fmt: skip
        if training:
            values.append("8%※" if item.rate == 8 else "10%")
        add_row(table, values)
    sums = document.add_table(rows=0, cols=3 if training else 2)
    sums.style = "Table Grid"
    if training:  # the 10 % row before the 8 % row
        add_row(sums, ["税率区分", "対象金額（税抜）", "消費税額"])
        for rate, base in doc.bases().items():
            label = "10%対象" if rate == 10 else "8%対象（軽減税率）"
            add_row(sums, [label, f"{base:,}円", f"{doc.taxes()[rate]:,}円"])
        add_row(sums, ["合計（税込）", f"{doc.total():,}円", ""])
        document.add_paragraph("※印は軽減税率（8%）対象です。")
    else:
        for label, value in (
            ("小計", _base(doc)),
            ("消費税（10%）", _tax(doc)),
            ("合計", doc.total()),
        ):
            add_row(sums, [wide(label), f"{wide(f'{value:,}')}円"])
    bank = {"docx_translate": "かわさき中央銀行 武蔵小杉支店 普通 ７７０２４１８",
            "docx_training": "いよ城山銀行 一番町支店 普通 2290364 カ）マナビヤケンシュウセンター",
            "docx_hvac": "さつま南銀行 天文館支店 当座 0012785 ユ）カゼマチクウチョウセツビ"}[layout]  # fmt: skip
    document.add_paragraph(f"お振込先：{bank}")
    document.core_properties.created = dt.datetime(2028, 11, 2)
    document.core_properties.modified = dt.datetime(2028, 11, 2)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _xl_drinks(doc: H6Doc) -> bytes:
    """A drinks wholesaler's 合計請求書: the 前回御請求額 … 今回御請求額 header row over values,
    non-taxable P箱保証金, a 税抜 / 消費税 / 税込 table per rate, `"￥"#,##0`, merged cells."""
    book, sheet = new_book()
    sheet.title = "合計請求書"
    name, address, tel, staff = doc.issuer
    yen = '"￥"#,##0;"￥"-#,##0'
    previous = doc.extra["previous"]
    sheet.merge_cells("A1:H1")
    sheet["A1"] = "合 計 請 求 書"
    sheet.merge_cells("A3:D3")
    sheet["A3"], sheet["E3"] = doc.buyer, "御中"
    sheet["G3"], sheet["H3"] = "請求日", midnight(doc.date)
    sheet["H3"].number_format = 'yyyy"年"m"月"d"日"(aaa)'
    sheet["A4"] = f"{doc.date.month}月{doc.date.day}日締切分"
    sheet["G4"], sheet["H4"] = "請求No.", doc.number
    sheet["G5"], sheet["G6"], sheet["G7"] = name, address, f"TEL {tel}　{staff}"
    sheet["G8"] = f"登録番号 {doc.registration}"
    heads = ["前回御請求額", "御入金額", "繰越金額", "今回御買上額", "消費税額", "今回御請求額"]
    values = [previous, previous, 0, _base(doc) + doc.non_taxable(), _tax(doc), doc.total()]
    for column, head, value in zip("ABCDEF", heads, values, strict=True):
        sheet[f"{column}10"], sheet[f"{column}11"] = head, value
        sheet[f"{column}11"].number_format = yen
    due = _due(doc)
    sheet["A12"], sheet["B12"] = "お支払期限", f"{due.year}年{due.month}月末日"
    row = 14
    for column, head in zip(
        "ABCDEFG", ("日付", "伝票No.", "品名", "数量", "単価", "金額", "税区分"), strict=True
    ):
        sheet[f"{column}{row}"] = head
    for n, item in enumerate(doc.lines):
        row += 1
        day = doc.date - dt.timedelta(days=22 - 4 * n)
        mark = "非課税" if item.rate is None else "8%※" if item.rate == 8 else "10%"
        values = [midnight(day), f"Y{30511 + 7 * n}", item.description, item.quantity,
                  item.unit_price, item.amount, mark]  # fmt: skip
        for column, value in zip("ABCDEFG", values, strict=True):
            sheet[f"{column}{row}"] = value
        sheet[f"A{row}"].number_format = "m/d"
        sheet[f"E{row}"].number_format = sheet[f"F{row}"].number_format = yen
    row += 2
    for column, head in zip("CDEF", ("税率区分", "税抜金額", "消費税額", "税込金額"), strict=True):
        sheet[f"{column}{row}"] = head
    rates = [
        (f"{r}%対象" + ("（軽減）" if r == 8 else ""), b, doc.taxes()[r])
        for r, b in doc.bases().items()
    ]
    rates.append(("非課税（保証金）", doc.non_taxable(), 0))
    rates.append(("合計", _base(doc) + doc.non_taxable(), _tax(doc)))
    for label, base, tax in rates:
        row += 1
        sheet[f"C{row}"], sheet[f"D{row}"], sheet[f"E{row}"], sheet[f"F{row}"] = (
            label,
            base,
            tax,
            base + tax,
        )
        for column in "DEF":
            sheet[f"{column}{row}"].number_format = yen
    sheet[f"A{row + 2}"] = "※8%※は軽減税率対象。P箱保証金は返却時に精算いたします。"
    sheet[f"A{row + 3}"] = "お振込先：いせ津銀行 羽所支店 普通 1502276"
    return save_book(book)


def _xl_lift(doc: H6Doc) -> bytes:
    """A lift-maintenance invoice: a 和暦 date format with the 元年 locale tag, `#,##0"円"`, the
    buyer and 御中 in two cells."""
    book, sheet = new_book()
    name, address, tel, dept = doc.issuer
    money = '#,##0"円"'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "保守点検料 請求書"
    sheet.merge_cells("A3:C3")
    sheet["A3"], sheet["D3"] = doc.buyer, "御中"
    sheet["E3"], sheet["F3"] = "請求日", midnight(doc.date)
    sheet["F3"].number_format = '[$-ja-JP-x-gannen]ggge"年"m"月"d"日"'
    sheet["E4"], sheet["F4"] = "請求番号", doc.number
    sheet["A5"], sheet["B5"] = "ご請求金額", doc.total()
    sheet.merge_cells("B5:C5")
    sheet["B5"].number_format = money
    sheet["A6"], sheet["B6"] = "お支払期日", midnight(_due(doc))
    sheet["B6"].number_format = "yyyy/m/d"
    sheet["A7"] = "物件：本社ビル（乗用 2基）"
    sheet["E6"], sheet["E7"], sheet["E8"], sheet["E9"] = name, address, f"TEL {tel}", dept
    sheet["E10"], sheet["F10"] = "登録番号", doc.registration
    row = 12
    for column, head in zip("ABCDE", ("品目", "数量", "単位", "単価", "金額"), strict=True):
        sheet[f"{column}{row}"] = head
    for item in doc.lines:
        row += 1
        values = [item.description, item.quantity, _unit(item), item.unit_price, item.amount]
        for column, value in zip("ABCDE", values, strict=True):
            sheet[f"{column}{row}"] = value
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = money
    row += 2
    for label, value in (("小計", _base(doc)), ("消費税（10%）", _tax(doc)), ("合計", doc.total())):
        sheet[f"D{row}"], sheet[f"E{row}"] = label, value
        sheet[f"E{row}"].number_format = money
        row += 1
    sheet[f"A{row + 1}"] = "お振込先：関門みらい銀行 竹崎支店 普通 8830142"
    return save_book(book)


def _xl_rental(doc: H6Doc) -> bytes:
    """A construction-equipment rental invoice: 稼働期間 dates, a negative 長期割引 in
    `#,##0;[Red]-#,##0`, the amount formatted `[$￥-ja-JP]#,##0`."""
    book, sheet = new_book()
    name, address, tel, staff = doc.issuer
    numbers = "#,##0;[Red]-#,##0"
    end = doc.date - dt.timedelta(days=3)
    start = end - dt.timedelta(days=doc.extra["days"] - 1)
    sheet.merge_cells("A1:G1")
    sheet["A1"] = "御請求書（レンタル料）"
    sheet.merge_cells("A3:D3")
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["F3"], sheet["G3"] = "請求日", midnight(doc.date)
    sheet["F4"], sheet["G4"] = "請求No.", doc.number
    sheet["A5"], sheet["B5"] = "現場名", "（仮称）新工場造成工事"
    sheet["A6"], sheet["B6"], sheet["C6"], sheet["D6"] = (
        "稼働期間",
        midnight(start),
        "～",
        midnight(end),
    )
    sheet.merge_cells("A8:B8")
    sheet.merge_cells("C8:D8")
    sheet["A8"], sheet["C8"] = "ご請求金額", doc.total()
    sheet["C8"].number_format = "[$￥-ja-JP]#,##0"
    sheet["A9"], sheet["C9"] = "お支払期限", midnight(_due(doc))
    for cell in ("G3", "B6", "D6", "C9"):
        sheet[cell].number_format = "yyyy/mm/dd"
    sheet["F6"], sheet["F7"], sheet["F8"] = name, address, f"TEL {tel}"
    sheet["F9"], sheet["F10"] = staff, f"登録番号 {doc.registration}"
    row = 12
    for column, head in zip(
        "ABCDEF", ("品名・規格", "数量", "単位", "単価", "金額", "備考"), strict=True
    ):
        sheet[f"{column}{row}"] = head
    for item in doc.lines:
        row += 1
        note = "長期レンタル割引（10%）" if item.amount < 0 else ""
        values = [item.description, item.quantity, _unit(item), item.unit_price, item.amount, note]
        for column, value in zip("ABCDEF", values, strict=True):
            sheet[f"{column}{row}"] = value
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = numbers
    row += 2
    for label, value in (("小計", _base(doc)), ("消費税（10%）", _tax(doc)), ("合計", doc.total())):
        sheet[f"D{row}"], sheet[f"E{row}"] = label, value
        sheet[f"E{row}"].number_format = numbers
        row += 1
    sheet[f"A{row + 1}"] = "お振込先：立山とやま銀行 新富町支店 普通 6021437 カ）イブキケンキリース"
    return save_book(book)


def _xl_waste(doc: H6Doc) -> bytes:
    """An industrial-waste collector's label-column invoice: the labels in column A, 処分費 by
    kg and ㎥, 電子マニフェスト, due 「翌月末日」."""
    book, sheet = new_book()
    name, address, tel, staff = doc.issuer
    sheet["A1"] = "請求書（産業廃棄物 収集運搬・処分）"
    labels = [("請求先", f"{doc.buyer}　御中"), ("請求日", midnight(doc.date)), ("請求番号", doc.number),
              ("対象期間", f"{doc.date.year}年{doc.date.month}月1日～{doc.date.month}月{doc.date.day}日（月末締め）"),
              ("請求金額（税込）", doc.total()), ("お支払期限", "翌月末日"), ("請求元", name),
              ("所在地", address), ("電話", tel), ("担当", staff), ("登録番号", doc.registration)]  # fmt: skip
    for row, (label, value) in enumerate(labels, 3):
        sheet[f"A{row}"], sheet[f"B{row}"] = label, value
    sheet["B4"].number_format = 'yyyy"年"m"月"d"日"'
    sheet["B7"].number_format = '#,##0"円"'
    row = 16
    heads = ("日付", "マニフェスト番号", "品目", "数量", "単位", "単価", "金額")
    for column, head in zip("ABCDEFG", heads, strict=True):
        sheet[f"{column}{row}"] = head
    for n, item in enumerate(doc.lines):
        row += 1
        day = doc.date - dt.timedelta(days=25 - 6 * n)
        values = [midnight(day), f"E{880120 + 31 * n}", item.description, item.quantity, _unit(item),
                  item.unit_price, item.amount]  # fmt: skip
        for column, value in zip("ABCDEFG", values, strict=True):
            sheet[f"{column}{row}"] = value
        sheet[f"A{row}"].number_format = "m/d"
        sheet[f"F{row}"].number_format = sheet[f"G{row}"].number_format = "#,##0"
    row += 2
    for label, value in (("課税対象額（10%）", _base(doc)), ("消費税額（10%）", _tax(doc)),
                         ("合計", doc.total())):  # fmt: skip
        sheet[f"F{row}"], sheet[f"G{row}"] = label, value
        sheet[f"G{row}"].number_format = "#,##0"
        row += 1
    return save_book(book)


OFFICE_LAYOUTS: dict[str, Callable[[H6Doc], bytes]] = {
    "docx_translate": _docx,
    "docx_training": _docx,
    "docx_hvac": _docx,
    "xl_drinks": _xl_drinks,
    "xl_lift": _xl_lift,
    "xl_rental": _xl_rental,
    "xl_waste": _xl_waste,
}


# -- scans --------------------------------------------------------------------------------------


def _fax(image: Any, doc: H6Doc, rng: random.Random) -> Any:
    """Half the vertical resolution, a threshold, a fax header line at the top."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    width, height = image.size
    image = image.resize((width, height // 2)).resize((width, height))
    pixels = np.asarray(image, dtype=np.float64)
    pixels = np.where(pixels < rng.uniform(140, 168), 0.0, 255.0)
    image = Image.fromarray(pixels.astype(np.uint8))
    font = ImageFont.truetype(str(FONTS["vlg"]), max(14, doc.dpi // 13))
    sent = doc.date + dt.timedelta(days=2)
    ImageDraw.Draw(image).text(
        (30, 8), f"{sent:%Y/%m/%d} 16:{doc.total() % 60:02d}  {doc.issuer[2]}  {doc.issuer[0]}  P.01/01",
        font=font, fill=0,
    )  # fmt: skip
    return image


def _phone(image: Any, rng: random.Random) -> Any:
    """A phone-photo-like keystone (the bottom a little narrower), light falling off towards
    one corner."""
    import numpy as np
    from PIL import Image

    width, height = image.size
    inset = rng.uniform(0.015, 0.03) * width
    dst = [
        (0, rng.uniform(0, 0.01) * height),
        (width, 0),
        (width - inset, height),
        (inset * 0.7, height),
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
        fillcolor=190,
    )  # fmt: skip
    pixels = np.asarray(image, dtype=np.float64)
    across = np.linspace(1.0, rng.uniform(0.78, 0.86), width)[None, :]
    down = np.linspace(rng.uniform(0.9, 0.96), 1.0, height)[:, None]
    return Image.fromarray(np.clip(pixels * across * down, 0, 255).astype(np.uint8))


def _scan_page(image: Any, doc: H6Doc, rng: random.Random) -> Any:
    """Rotation, then the fax or the photo, or a flatbed's paper tone with a faint shadow at
    one edge, noise, dust and a slight blur."""
    import numpy as np
    from PIL import Image, ImageFilter

    angle = rng.uniform(0.3, 2.5) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("fax"):
        return _fax(image, doc, rng)
    blur = rng.uniform(0.25, 0.5)
    if doc.extra.get("phone"):
        image, blur = _phone(image, rng), rng.uniform(0.6, 0.9)
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    pixels = pixels * (rng.uniform(230, 246) / 255.0)  # the paper is not white
    width = pixels.shape[1]
    edge = np.clip(np.linspace(-1.0, 1.0, width) * rng.choice((-1, 1)) * 6 - 4.5, 0, None)
    pixels = pixels * (1 - 0.12 * edge / max(1.0, edge.max()))[None, :]  # a shadow at one edge
    pixels += generator.normal(0, rng.uniform(2.0, 5.0), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.0002] = rng.uniform(70, 130)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(blur))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout6",
    prefix="h6_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipafont-gothic fonts-ipafont-mincho fonts-ipaexfont-mincho fonts-vlgothic",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=6000,
    quality=(55, 86),
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
