"""An eighth held-out set for issue 25 (`heldout8`), made blind: written from the issue's list
of shapes, `make_heldout7_corpus.py`, `make_heldout6_corpus.py`, `make_heldout5_corpus.py` and
the shared generator parts (`corpus_parts.py`), without reading the document readers
(`blocks/invoice/`, `blocks/text/`, `blocks/file/`, `blocks/statements/`), their tests,
`docs/evidence.md` or the history of `blocks/`, and without running a reader on its documents
(only `bench_extraction.py --list`); nobody tunes on it.

Over 400 lines: one generator, its layouts and its scan model belong together.

Different from every other set (`make_corpus.py`, `make_browser_corpus.py`,
`make_heldout_corpus.py`, `make_fresh_corpus.py`, `make_heldout2_corpus.py` and
`make_heldout3/4/5/6/7_corpus.py`) in its companies, goods, amounts, dates (November 2029 to
October 2030, 令和11–12年, after every date of heldout7), industries, layouts and wordings: the
contractors, rentals and professionals a company pays in a year. Its fonts pair IPAex Mincho
headings with IPA PGothic tables, VL PGothic and VL Gothic for the bilingual pages and IPA
Gothic / IPA Mincho for the slips (no IPAex Gothic).

- HTML printed by Debian's Chromium (14 invoices and receipts): a cleaning contractor's 定期清掃
  invoice (the issuer as a logo band at the top, a negative 年間契約割引, the total with
  「（税抜 ¥x　消費税 10% ¥y）」); a print shop's 印刷代 invoice (版代 and 送料, a 小計 / 消費税 /
  合計 header row over a value row, 「○○株式会社 総務部 御中」, a 端数処理 note, dates
  2030/02/15); a software vendor's bilingual MAINTENANCE INVOICE / 年間保守料 請求書 (ISO dates,
  保守期間, a negative 早期更新割引, 「適格請求書発行事業者登録番号」); an IT lease company's
  invoice (リース料 物件No. 第n回／60回 and a 再リース, the issuer top right, 登録番号 with
  hyphens 「T1-2345-6789-0123」, due 「口座振替日」, 令和 dates); a taxi company's monthly
  チケット利用 invoice (内税, rides by date and チケットNo., 「うち消費税額（10%）」); a law
  office's 着手金 invoice (non-taxable 印紙代 / 郵券 実費, 源泉徴収 10.21 % on the fees,
  「振込期限」, 令和 dates); a conference venue's 会場費 invoice (a 前受金 already paid taken off,
  「差引ご請求額」, the issuer in the seal area at the bottom, 登録番号 split by spaces); a
  uniform rental (「20日締め」, 登録番号 「T-1234567890123」, the issuer at the foot); a pest
  control 点検 invoice (点検実施日 beside the 請求日, 「適格請求書発行事業者 登録番号：」); a car
  dealer's 車検 invoice (taxed 整備費 and the non-taxable 法定費用 自賠責保険料 / 重量税 / 印紙代,
  a negative 早期予約割引); a florist's 領収書 (flowers 10 % and a 焼き菓子 gift ※8 %, a named
  buyer, 「10%対象」 lines, 登録番号 「T 1234567890123」); a bento caterer's register receipt
  (内税, 弁当 8 % and a 配達料 10 %, 上様, お預り / お釣り, 「登録番号:T…」); a translation
  agency's invoice per 文字数 / ワード (a 特急料金 of 25 %, 登録番号 「T-1234-5678-9012-3」,
  「お振込期日」); a cloud hosting bill in English and Japanese with yen amounts (usage × unit
  prices, a negative promotional credit, the date the 1st of the month after the billing
  period);
- printed non-invoices, kinds only (7): the print shop's 御見積書, our 発注書 to the uniform
  rental, the caterer's 納品書, our お支払のご案内 to the translation agency (a payment notice),
  the law office's 送付状 (「ご送付申し上げます」), the cloud vendor's CREDIT NOTE / クレジット
  ノート (an SLA credit, a credit note) and the car dealer's 車検 御見積書;
- Word (.docx, 3): a 社会保険労務士's 顧問料 invoice (源泉徴収 10.21 %, 差引ご請求額, 令和
  dates); a photo studio's 撮影料 invoice (カット数, a negative リピート割引, 登録番号
  「T-1234567890123」, slashed dates); a property manager's 賃料等 invoice billed in advance
  (the non-taxable 社宅家賃 and 共益費 beside a taxed 月極駐車場, a 課税区分 column, due the
  口座振替日 the 27th);
- Excel templates (openpyxl, 4): an industrial gas supplier's invoice (ボンベ 本数 and 容器賃貸料
  in 本日, units in number formats, the date as `[$-411]ggge"年"m"月"d"日"`, the buyer and 御中 in
  two cells, merged cells); a health-check clinic's 健診料 invoice (コース × 人数, a 団体割引 in
  `#,##0;"▲ "#,##0;"-"`, dates `yyyy/mm/dd`); an office-supply mail-order invoice (8 % drinks
  beside 10 % stationery, a クーポン値引 in `"¥"#,##0_);("¥"#,##0)`, the per-rate figures in four
  rows, the 10 % rows first); a plant rental's 内税 invoice (`[$-411]gggee"年"mm"月"dd"日"`,
  「（うち消費税等 10% ¥x）」 in one cell);
- 12 scans of 12 of the printed invoices and receipts: 200–300 dpi, rotated 0.2–2.8° either
  way, a paper tone, the creases of a letter folded in three, a staple at the top left or a
  shadow along the left or bottom edge, light noise and dust, a slight blur, JPEG quality 50–82;
  one phone-like (a keystone narrower at the bottom, a shadow in one corner, more blur: the
  florist's 領収書), one binarised like a fax (halved vertical resolution, a transmission line:
  the pest control invoice); as image-only PDF, PNG or JPEG.

The expected values come from the generator's own data, with heldout7's conventions: `total` is
the amount to pay (after 源泉徴収 for the law office and the 社会保険労務士; after the venue's
前受金; with 法定費用, 実費, 社宅家賃 and the negative 値引 / クレジット lines included);
`tax_by_rate` is the consumption tax per rate, rounded down once per rate (for the 内税
documents — the taxi, the receipts, the plant rental — the tax included); `due_date` is the due
date printed (口座振替日 included; 「翌月末日」 alone the last day of the month after the
document's date), null when none is printed; `transaction_date` is the document's date (請求日 /
発行日 / the receipt's date; never a ride's date, a 点検実施日, a 保守期間 or a billing period);
`buyer_name` is the buyer's company without its department, null for 上様; `issuer_name` is the
Japanese name (on the bilingual documents too); a registration number printed with hyphens or
spaces is expected without them; a receipt's `lines` are not compared.

    python samples/make_heldout8_corpus.py OUT_DIR     # writes the files and expected.json
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
    new_book,
    registration,
    reiwa,
    run,
    save_book,
)
from make_corpus import Doc, Line
from make_fresh_corpus import FreshDoc

__all__ = ["FONTS", "H8Doc", "build_docs", "generate", "main"]

FONTS = {
    "ipaexm": Path("/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf"),
    "ipagp": Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"),
    "ipag": Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
    "ipam": Path("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"),
    "vlg": Path("/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf"),
    "vlpg": Path("/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf"),
}
Issuer = tuple[str, str, str, str]  # name, address, telephone, department or person
CLEAN = ("株式会社きらり美装", "神奈川県川崎市川崎区駅前本町11-2 川崎フロンティアビル4F",
         "044-211-6083", "営業管理課 前田")  # fmt: skip
PRINT = ("株式会社あかつき印刷", "京都府京都市南区東九条西山王町31", "075-691-2408", "営業部 西村")
SOFT = ("みなとソフトウェア株式会社", "兵庫県神戸市中央区京町72 新クレセントビル6F",
        "078-331-5570", "Customer Success / カスタマーサクセス部")  # fmt: skip
LEASE = (
    "しののめリース株式会社",
    "広島県広島市中区紙屋町1-3-2",
    "082-247-9136",
    "業務部 契約管理課",
)
TAXI = ("ひまわり交通株式会社", "愛知県名古屋市熱田区神宮3-7-18", "052-682-4411", "法人営業課")
LAW = ("みさき総合法律事務所", "福岡県福岡市中央区赤坂1-12-15 赤坂門ビル3F", "092-731-8824",
       "弁護士 岬 直樹")  # fmt: skip
VENUE = ("株式会社かがやきコンベンション", "新潟県新潟市中央区万代島6-1", "025-246-7730",
         "催事営業部 渡辺")  # fmt: skip
UNIFORM = ("株式会社さくらリネンサプライ", "埼玉県所沢市東住吉7-5", "04-2924-3381", "ルート営業課")
PEST = ("株式会社まもり環境衛生", "栃木県宇都宮市大通り2-1-5", "028-622-0917", "技術部 点検課")
CAR = (
    "株式会社つばさモータース",
    "熊本県熊本市東区東町4-6-21",
    "096-367-2250",
    "サービス工場 松永",
)
FLOWER = ("花工房すみれ草", "香川県高松市丸亀町8-23", "087-851-3318", "")
BENTO = ("有限会社まごころ弁当", "岐阜県岐阜市金町5-14", "058-262-7041", "配達専用ダイヤル")
TRANS = ("株式会社ことだま翻訳", "東京都千代田区神田錦町3-17-11 錦町MKビル5F", "03-5283-9960",
         "プロジェクト管理部 小林")  # fmt: skip
CLOUD = ("株式会社そらいろクラウド", "北海道札幌市中央区北五条西2-5 JRタワー18F",
         "011-209-4475", "Billing / 請求窓口")  # fmt: skip
SHAROU = ("あさぎ社会保険労務士事務所", "宮城県仙台市青葉区一番町2-10-26", "022-227-5163",
          "特定社会保険労務士 浅黄 陽子")  # fmt: skip
PHOTO = ("株式会社ひだまりフォトスタジオ", "静岡県静岡市葵区呉服町1-30", "054-253-8802",
         "撮影部 望月")  # fmt: skip
ESTATE = ("株式会社みどりが丘不動産管理", "千葉県船橋市本町4-41-19", "047-433-2206", "賃貸管理課")
GAS = ("やまびこ産業ガス株式会社", "三重県四日市市浜田町12-8", "059-352-4471", "配送センター 伊藤")
CLINIC = ("医療法人社団すこやか会", "茨城県水戸市南町3-4-10", "029-224-6688",
          "すこやか健診クリニック 法人健診課")  # fmt: skip
OFFICE = (
    "株式会社オフィスまどか",
    "大阪府大阪市西区靱本町1-8-2",
    "06-6443-7120",
    "法人通販センター",
)
GREEN = ("株式会社もえぎグリーン", "長崎県長崎市浜町7-14", "095-823-1559", "レンタル管理課 山口")
BUYERS = ["株式会社こがね食品工業", "ひばり精密株式会社", "株式会社あけぼの物産",
          "しらさぎ化学株式会社", "株式会社つばき電機", "くれない商事株式会社",
          "よつば樹脂株式会社"]  # fmt: skip
ENGLISH = dict(zip([SOFT[0], CLOUD[0], *BUYERS], [
    "Minato Software Co., Ltd.", "Sorairo Cloud K.K.", "Kogane Food Industries Co., Ltd.",
    "Hibari Precision Co., Ltd.", "Akebono Bussan Co., Ltd.", "Shirasagi Chemical Co., Ltd.",
    "Tsubaki Electric Co., Ltd.", "Kurenai Shoji Co., Ltd.", "Yotsuba Jushi Co., Ltd."],
    strict=True))  # fmt: skip
WEEKDAYS = "月火水木金土日"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
ROUTES = ("本社 → 名古屋駅", "名古屋駅 → 本社", "本社 → 中部国際空港", "金山駅 → 熱田工場",
          "熱田工場 → 本社", "本社 → 栄（取引先）", "名古屋港 → 本社", "本社 → 千種駅",
          "鶴舞 → 金山駅")  # fmt: skip
#: the unit of a line, by the start of its description
UNITS = (("日常清掃", "日"), ("ガラス", "面"), ("エアコン", "台"), ("会社案内", "部"),
         ("製品チラシ", "枚"), ("封筒", "枚"), ("版代", "版"), ("送料", "箇所"),
         ("作業服", "着"), ("防寒", "着"), ("名入れ", "着"), ("サイズ", "件"), ("捕獲", "個"),
         ("エンジンオイル", "L"), ("ワイパー", "本"), ("和文英訳", "文字"), ("英文和訳", "ワード"),
         ("ネイティブ", "ワード"), ("DTP", "頁"), ("分科会", "室"), ("同時通訳", "ブース"),
         ("控室", "室"), ("ケータリング", "名"), ("追加ライセンス", "ライセンス"))  # fmt: skip


@dataclass
class H8Doc(FreshDoc):
    """A document of the set: FreshDoc's fields; `extra` may carry a `withholding` or an
    `advance` (a 前受金 already paid), taken off the amount billed."""

    @property
    def style(self) -> str:
        return f"h8-{self.layout}"

    def total(self) -> int:
        off = int(self.extra.get("withholding", 0)) + int(self.extra.get("advance", 0))
        return Doc.total(self) - off  # type: ignore[arg-type]


def build_docs(seed: int = 300812) -> list[H8Doc]:
    """14 printed invoices and receipts, 7 printed non-invoices, 3 Word invoices, 4 Excel
    invoices, and 12 scans made from 12 of the printed invoices and receipts."""
    rng = random.Random(seed)
    docs: list[H8Doc] = []

    def add(layout: str, kind: str, fmt: str, issuer: Issuer, lines: list[Line], *,
            due: str | None = "date", buyer: str | None = "", inclusive: bool = False,
            month_end: bool = False, close: int = 0, **extra: Any) -> H8Doc:  # fmt: skip
        date = dt.date(2029, 11, 1) + dt.timedelta(days=rng.randint(0, 355))
        if month_end:  # the last day of one of the 12 months
            date = last_day_of_month(dt.date(2029, 11, 1), rng.randint(0, 11))
        elif close:
            date = date.replace(day=close)
        due_date = None
        if due == "date":
            due_date = date + dt.timedelta(days=rng.randint(12, 45))
        elif due in ("eom", "next_eom"):  # 「…月末日」 or 「翌月末日」: the next month's end
            due_date = last_day_of_month(date, 1)
        elif due == "debit27":  # the 口座振替日: the 27th of the next month
            due_date = last_day_of_month(date, 1).replace(day=27)
        elif due == "same27":  # billed in advance, debited on the 27th of the same month
            due_date = date.replace(day=27)
        doc = H8Doc(
            id=f"h8_{len(docs) + 1:03d}",
            layout=layout,
            kind=kind,
            fmt=fmt,
            issuer=issuer,
            registration=registration(rng),
            buyer=BUYERS[(len(docs) * 3 + 1) % len(BUYERS)] if buyer == "" else buyer,
            date=date,
            due=due_date,
            number=f"{rng.choice(('INV-', 'S', 'K', 'B'))}{date:%Y%m}{rng.randint(100, 9999):04d}",
            lines=lines,
            inclusive=inclusive or kind == "simplified_invoice",
            extra={"due_form": due, **extra},
        )
        docs.append(doc)
        return doc

    # printed invoices and receipts (14)
    days = rng.randint(19, 23)
    clean = [Line("定期清掃（床面洗浄・樹脂ワックス仕上げ）", 1, rng.choice((96800, 118800)), 10),
             Line(f"日常清掃（{days}日稼働・2名）", days, 15400, 10),
             Line("ガラス清掃（外面・ゴンドラ作業）", rng.randint(24, 80), 1320, 10),
             Line("エアコンフィルター洗浄", rng.randint(6, 18), 3850, 10),
             Line("トイレ衛生消耗品 補充（月額）", 1, 12100, 10)]  # fmt: skip
    clean.append(Line("年間契約割引", 1, -(sum(i.amount for i in clean) // 2000 * 100), 10))
    add("clean", "invoice", "pdf", CLEAN, clean, month_end=True, due="next_eom")
    copies = rng.randint(10, 40) * 100
    printing = [Line("会社案内 A4 16頁 フルカラー（マットコート135kg・中綴じ）", copies, 182, 10),
                Line("製品チラシ A4 両面カラー", rng.randint(5, 20) * 1000, 11, 10),
                Line("封筒 長3 1色刷（社名入り）", rng.randint(3, 10) * 1000, 9, 10),
                Line("版代（CTP刷版）", rng.choice((16, 20, 24)), 3300, 10),
                Line("データ修正・校正（2回）", 1, 22000, 10),
                Line("送料（本社・大阪営業所 2箇所納品）", 2, 1870, 10)]  # fmt: skip
    add("print", "invoice", "pdf", PRINT, printing, close=20)
    licences = rng.randint(5, 25)
    soft = [Line("年間保守料 Asset Manager Enterprise（基本ライセンス）", 1, 1320000, 10),
            Line(f"追加ライセンス保守（{licences}ライセンス）", licences, 26400, 10),
            Line("オンサイト保守オプション（年4回）", 1, 198000, 10)]  # fmt: skip
    soft.append(Line("早期更新割引（基本ライセンスの5%）", 1, -66000, 10))
    add("soft", "invoice", "pdf", SOFT, soft, close=15, term=rng.randint(1, 12))
    lease = [Line(f"リース料 物件No.L28-{rng.randint(1000, 9999)} ノートPC（40台） "
                  f"第{rng.randint(13, 40)}回／60回", 1, 184800, 10),
             Line(f"リース料 物件No.L29-{rng.randint(1000, 9999)} ファイルサーバー一式 "
                  f"第{rng.randint(2, 12)}回／60回", 1, 96250, 10),
             Line(f"再リース料 物件No.L23-{rng.randint(1000, 9999)} 複合機 再リース第2年（月額）", 1, 3850, 10)]  # fmt: skip
    add("lease", "invoice", "pdf", LEASE, lease, close=5, due="debit27")
    rides = rng.randint(6, 9)
    taxi = [Line(route, 1, rng.randint(110, 780) * 10, 10)
            for route in rng.sample(ROUTES, k=rides)]  # fmt: skip
    add("taxi", "invoice", "pdf", TAXI, taxi, inclusive=True, month_end=True,
        tickets=[rng.randint(100000, 999999) for _ in taxi],
        days=sorted(rng.sample(range(1, 28), k=rides)))  # fmt: skip
    law = [Line("着手金（売掛金請求訴訟事件）", 1, rng.choice((200000, 300000, 400000)), 10),
           Line("法律相談料（30分×2回）", 2, 5500, 10),
           Line("収入印紙代（訴状貼用・立替）", 1, rng.randint(13, 34) * 1000, None),
           Line("郵便切手代（予納郵券・立替）", 1, 6000, None)]  # fmt: skip
    doc = add("law", "invoice", "pdf", LAW, law)
    doc.extra["withholding"] = sum(i.amount for i in law if i.rate) * 1021 // 10000
    guests = rng.randint(60, 180)
    venue = [Line("会場使用料（万代ホール 終日）", 1, 880000, 10),
             Line("分科会室（半日）", 3, 66000, 10),
             Line("音響・照明設備一式", 1, 165000, 10),
             Line("同時通訳ブース", 2, 55000, 10),
             Line("控室（終日）", 2, 22000, 10),
             Line("ケータリング（立食・1名あたり）", guests, 4400, 10)]  # fmt: skip
    add("venue", "invoice", "pdf", VENUE, venue, advance=rng.choice((300000, 400000, 500000)))
    people = rng.randint(18, 60)
    uniform = [Line(f"作業服 上下セット レンタル（{people}名×4週交換）", people * 4, 385, 10),
               Line("防寒ジャンパー レンタル", rng.randint(10, 40), 440, 10),
               Line("名入れ刺繍 加工（新規入社分）", rng.randint(2, 8), 1100, 10),
               Line("サイズ交換 手数料", rng.randint(1, 6), 550, 10),
               Line("紛失弁償（作業服 上下 1着）", 1, 6600, 10)]  # fmt: skip
    add("uniform", "invoice", "pdf", UNIFORM, uniform, close=20)
    pest = [Line("定期点検（ねずみ・昆虫 モニタリング）", 1, 27500, 10),
            Line("捕獲トラップ 交換", rng.randint(12, 48), 880, 10),
            Line("ベイト剤処理（ゴキブリ）", 1, 8800, 10),
            Line("点検報告書（HACCP対応）作成", 1, 5500, 10)]  # fmt: skip
    add("pest", "invoice", "pdf", PEST, pest, month_end=True)
    car = [Line("24ヶ月定期点検整備", 1, 29700, 10),
           Line("エンジンオイル交換（0W-20）", 4, 1320, 10),
           Line("オイルエレメント", 1, 1650, 10),
           Line("ブレーキフルード交換", 1, 4950, 10),
           Line("ワイパーゴム", 2, 1210, 10),
           Line("車検代行手数料", 1, 11000, 10),
           Line("早期予約割引", 1, -3300, 10),
           Line("自賠責保険料（24ヶ月）", 1, 17650, None),
           Line("自動車重量税", 1, rng.choice((16400, 24600, 32800)), None),
           Line("検査手数料（印紙代）", 1, 1800, None)]  # fmt: skip
    add(
        "car",
        "invoice",
        "pdf",
        CAR,
        car,
        plate=f"熊本 3{rng.randint(10, 99)} ね {rng.randint(10, 99)}-{rng.randint(10, 99)}",
    )
    flower = [Line("スタンド花 2段（開店祝い・木札付き）", 1, rng.choice((22000, 33000)), 10),
              Line("焼き菓子ギフト（添え）", 1, 3240, 8),
              Line("配達料（市内）", 1, 1100, 10)]  # fmt: skip
    add("flower", "simplified_invoice", "pdf", FLOWER, flower, due=None, buyer=BUYERS[4])
    boxes = rng.randint(12, 40)
    bento = [Line("幕の内弁当", boxes, 864, 8), Line("鶏めし弁当", rng.randint(4, 15), 756, 8),
             Line("緑茶 350ml", boxes + rng.randint(0, 10), 140, 8), Line("配達料", 1, 550, 10)]  # fmt: skip
    add("bento", "simplified_invoice", "pdf", BENTO, bento, due=None, buyer=None)
    chars = rng.randint(80, 400) * 100
    trans = [Line("和文英訳（取扱説明書・技術文書）", chars, 15, 10),
             Line("英文和訳（販売代理店契約書）", rng.randint(20, 90) * 100, 24, 10),
             Line("ネイティブチェック（英文）", rng.randint(40, 160) * 100, 6, 10),
             Line("DTP・レイアウト調整", rng.randint(8, 40), 2200, 10)]  # fmt: skip
    trans.insert(1, Line("特急料金（和文英訳の25%）", 1, chars * 15 // 4, 10))
    add("trans", "invoice", "pdf", TRANS, trans)
    hours = rng.choice((720, 744))
    cloud = [Line("Compute instances (vCPU-hours) / 仮想サーバー", hours * 4, 6, 10),
             Line("Managed database (instance-hours) / マネージドDB", hours, 48, 10),
             Line("Block storage (GB-month) / ブロックストレージ", rng.randint(8, 30) * 100, 11, 10),
             Line("Object storage (GB-month) / オブジェクトストレージ", rng.randint(10, 60) * 100, 3, 10),
             Line("Data transfer out (GB) / データ転送量", rng.randint(300, 1500), 14, 10),
             Line("Business support plan / ビジネスサポート", 1, 22000, 10),
             Line("Promotional credit / プロモーションクレジット", 1, -10000, 10)]  # fmt: skip
    add("cloud", "invoice", "pdf", CLOUD, cloud, close=1)
    # printed non-invoices, kinds only (7)
    add("quote", "quotation", "pdf", PRINT, printing[:4], due=None)
    add("order", "purchase_order", "pdf", UNIFORM, uniform[:3], due=None)
    add("delivery", "delivery_note", "pdf", BENTO, bento[:3], due=None)
    add("paynotice", "payment_notice", "pdf", TRANS, trans[:3])
    add("cover", "cover_letter", "pdf", LAW, [], due=None)
    credit = [Line("SLA credit (availability below 99.9%) / SLAクレジット", 1, -8800, 10),
              Line("Overcharge correction / 過請求分の訂正", 1, -3300, 10)]  # fmt: skip
    add("credit", "credit_note", "pdf", CLOUD, credit, due=None)
    add("carquote", "quotation", "pdf", CAR, car, due=None)
    # Word (3)
    staff = rng.randint(30, 120)
    month = rng.randint(1, 12)
    sharou = [Line(f"労務顧問料（{month}月分）", 1, 44000, 10),
              Line(f"給与計算代行（{staff}名）", staff, 1100, 10),
              Line("算定基礎届 作成・提出代行", 1, 33000, 10),
              Line("就業規則 改定相談", 2, 11000, 10)]  # fmt: skip
    doc = add("docx_sharou", "invoice", "docx", SHAROU, sharou, month_end=True)
    doc.extra["withholding"] = sum(i.amount for i in sharou) * 1021 // 10000
    cuts = rng.randint(40, 160)
    photo = [Line("商品撮影（白背景・物撮り）", cuts, 2750, 10),
             Line("スタジオ使用料（半日）", 1, 33000, 10),
             Line("レタッチ（切り抜き・色調補正）", cuts, 880, 10),
             Line("出張撮影費（交通費込み）", 1, 16500, 10)]  # fmt: skip
    photo.append(Line("リピート割引（撮影料の10%）", 1, -(cuts * 2750 // 10), 10))
    add("docx_photo", "invoice", "docx", PHOTO, photo)
    estate = [Line("社宅家賃（みどりが丘ハイツ 201号室）", 1, rng.choice((86000, 92000)), None),
              Line("社宅家賃（みどりが丘ハイツ 305号室）", 1, rng.choice((78000, 84000)), None),
              Line("共益費（2戸分）", 2, 5500, None),
              Line("月極駐車場（区画No.14・No.15）", 2, 13200, 10),
              Line("駐輪場", 3, 550, 10)]  # fmt: skip
    add("docx_estate", "invoice", "docx", ESTATE, estate, close=10, due="same27")
    # Excel (4)
    gas = [Line("酸素ガス 7㎥（容器入）", rng.randint(4, 20), 2860, 10),
           Line("窒素ガス 7㎥（容器入）", rng.randint(4, 30), 2420, 10),
           Line("アルゴンガス 7㎥（容器入）", rng.randint(2, 12), 5940, 10),
           Line("炭酸ガス 30kg", rng.randint(1, 6), 7480, 10),
           Line("容器賃貸料", rng.randint(300, 900), 33, 10),
           Line("配送料", rng.randint(2, 8), 1650, 10)]  # fmt: skip
    add("xl_gas", "invoice", "xlsx", GAS, gas, month_end=True, due="next_eom")
    checkup = [Line("定期健康診断 Aコース（法定項目）", rng.randint(40, 160), 8800, 10),
               Line("生活習慣病予防健診 Bコース", rng.randint(10, 60), 19800, 10),
               Line("オプション 腫瘍マーカー", rng.randint(5, 30), 3300, 10),
               Line("特殊健康診断（有機溶剤）", rng.randint(4, 20), 6600, 10),
               Line("健診車 派遣料", 1, 55000, 10)]  # fmt: skip
    checkup.append(Line("団体割引", 1, -(checkup[0].amount // 20 // 100 * 100), 10))
    add("xl_checkup", "invoice", "xlsx", CLINIC, checkup)
    office = [Line("コピー用紙 A4（500枚×5冊）", rng.randint(10, 40), 2398, 10),
              Line("ボールペン 0.5mm 黒（10本入）", rng.randint(2, 10), 968, 10),
              Line("クリアファイル A4（100枚入）", rng.randint(1, 6), 1738, 10),
              Line("ミネラルウォーター 500ml（24本）", rng.randint(2, 12), 1728, 8),
              Line("緑茶ティーバッグ（100袋）", rng.randint(1, 6), 1296, 8),
              Line("クーポン値引", 1, -1000, 10)]  # fmt: skip
    add("xl_office", "invoice", "xlsx", OFFICE, office, close=25, due="eom")
    green = [Line("観葉植物 大鉢（パキラ 8号）", rng.randint(3, 12), 4400, 10),
             Line("観葉植物 中鉢（ポトス 6号）", rng.randint(4, 16), 2200, 10),
             Line("卓上植物（サンスベリア 4号）", rng.randint(5, 20), 1100, 10),
             Line("季節の寄せ植え 入替", 1, 5500, 10)]  # fmt: skip
    add("xl_green", "invoice", "xlsx", GREEN, green, inclusive=True, month_end=True)
    # scans (12) of 12 of the 14 printed invoices and receipts
    printed = [d for d in docs if d.fmt == "pdf" and d.kind in ("invoice", "simplified_invoice")]
    sources = [d for d in printed if d.layout not in ("law", "venue")]
    formats = ("scan-pdf", "scan-png", "scan-jpg")
    for index, source in enumerate(sources):
        scan = H8Doc(**{**source.__dict__, "id": f"h8_{len(docs) + 1:03d}"})
        scan.fmt = formats[index % 3]
        scan.dpi = (250, 210, 300, 230, 200, 280)[index % 6]
        scan.extra = {**source.extra, "source": source.id, "fax": source.layout == "pest",
                      "phone": source.layout == "flower"}  # fmt: skip
        docs.append(scan)
    return docs


# -- text helpers -------------------------------------------------------------------------------


def _ja(day: dt.date, weekday: bool = False) -> str:
    text = f"{day.year}年{day.month}月{day.day}日"
    return f"{text}（{WEEKDAYS[day.weekday()]}）" if weekday else text


def _slash(day: dt.date) -> str:
    """「2030/02/15」."""
    return f"{day:%Y/%m/%d}"


def _en(day: dt.date) -> str:
    """「Dec 1, 2029」."""
    return f"{MONTHS[day.month - 1]} {day.day}, {day.year}"


def _base(doc: H8Doc) -> int:
    return sum(doc.bases().values())


def _tax(doc: H8Doc) -> int:
    return sum(doc.taxes().values())


def _pretax(doc: H8Doc) -> int:
    """The amount before withholding and advances: bases, tax, non-taxable."""
    return Doc.total(doc)  # type: ignore[arg-type]


def _due(doc: H8Doc) -> dt.date:
    assert doc.due is not None
    return doc.due


def _hy4(number: str) -> str:
    """「T1-2345-6789-0123」."""
    d = number[1:]
    return f"T{d[0]}-{d[1:5]}-{d[5:9]}-{d[9:]}"


def _hy_tail(number: str) -> str:
    """「T-1234-5678-9012-3」."""
    d = number[1:]
    return f"T-{d[:4]}-{d[4:8]}-{d[8:12]}-{d[12:]}"


def _sp4(number: str) -> str:
    """「T1 2345 6789 0123」."""
    d = number[1:]
    return f"T{d[0]} {d[1:5]} {d[5:9]} {d[9:]}"


def _unit(line: Line) -> str:
    return next((u for p, u in UNITS if line.description.startswith(p)), "式")


CELL = "border:1px solid #444;padding:3px 7px"


def _td(value: Any, style: str = "", num: bool = False) -> str:
    text = f"{value:,}" if isinstance(value, int) else html.escape(str(value))
    return f"<td style='{CELL}{';text-align:right' if num else ''};{style}'>{text}</td>"


def _th(value: str, style: str = "", bg: str = "#eef0ea") -> str:
    return f"<th style='{CELL};background:{bg};font-weight:normal;{style}'>{value}</th>"


def _rows(doc: H8Doc, yen: str = "", units: bool = True, mark: bool = False) -> str:
    rows = ""
    for i in doc.lines:
        name = i.description + (" ※" if mark and i.rate == 8 else "")
        rows += "<tr>" + _td(name) + _td(i.quantity, num=True) + (_td(_unit(i)) if units else "")
        rows += _td(f"{yen}{i.unit_price:,}", num=True) + _td(f"{yen}{i.amount:,}", num=True)
        rows += "</tr>"
    return rows


def _sums(
    pairs: list[tuple[str, str]], style: str = "margin-left:auto", bg: str = "#eef0ea"
) -> str:
    rows = "".join(f"<tr>{_th(k, bg=bg)}{_td(v, num=True)}</tr>" for k, v in pairs)
    return f"<table style='margin-top:8px;{style}'>{rows}</table>"


def _targets(doc: H8Doc, rates: list[int] | None = None, inner: str = "内消費税") -> str:
    """「10%対象 ¥x（内消費税 ¥y）」 per rate, one line each."""
    bases, taxes = doc.bases(), doc.taxes()
    return "<br>".join(
        f"{r}%対象 ¥{bases[r]:,}（{inner} ¥{taxes[r]:,}）" for r in rates or list(bases)
    )


# -- HTML layouts -------------------------------------------------------------------------------


def _clean(doc: H8Doc) -> str:
    """A cleaning contractor's 定期清掃 invoice: the issuer as a logo band at the top, a negative
    年間契約割引, 「（税抜 ¥x　消費税 10% ¥y）」 beside the total, due 「翌月末日」."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="font-family:IPAPGothic;font-size:9.5pt">
 <div style="background:#1f6e8c;color:#fff;padding:14px 44px;display:flex;justify-content:space-between;align-items:center">
  <div><div style="font-family:IPAexMincho;font-size:20pt;letter-spacing:3px">{name}</div>
   <div style="font-size:8pt">ビルメンテナンス・定期清掃・衛生管理</div></div>
  <div style="text-align:right;font-size:8.5pt;line-height:1.5">{address}<br>TEL {tel}<br>登録番号 {doc.registration}</div></div>
 <div style="padding:20px 44px">
 <div style="text-align:center;font-family:IPAexMincho;font-size:19pt;letter-spacing:10px">請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:52%"><div style="font-size:13pt;border-bottom:1px solid #1f6e8c">{doc.buyer}　御中</div>
   <div style="margin-top:4px">物件名：本社ビル（地上8階）清掃業務</div>
   <div style="margin-top:4px">対象期間：{doc.date.year}年{doc.date.month}月1日～{doc.date.month}月{doc.date.day}日</div></div>
  <table><tr>{_th("請求日")}{_td(_ja(doc.date))}</tr><tr>{_th("請求番号")}{_td(doc.number)}</tr>
   <tr>{_th("担当")}{_td(staff)}</tr></table></div>
 <p>平素より格別のご高配を賜り厚く御礼申し上げます。下記のとおりご請求申し上げます。</p>
 <div style="border:2px solid #1f6e8c;padding:8px 14px;width:70%">
  <span style="font-size:11pt">ご請求金額</span>　<span style="font-size:18pt">¥{doc.total():,}</span>
  <span>（税抜 ¥{_base(doc):,}　消費税 10% ¥{_tax(doc):,}）</span></div>
 <div style="margin-top:4px">お支払期限：翌月末日</div>
 <table style="width:100%;margin-top:14px"><tr>{_th("作業内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}
  <tr>{_td("合計（税抜）")}<td style="{CELL}" colspan=3></td>{_td(_base(doc), num=True)}</tr></table>
 <div style="margin-top:12px">お振込先　かわさき港銀行 駅前本町支店 普通 5530218 カ）キラリビソウ<br>※振込手数料は貴社にてご負担願います。</div>
 </div></div>"""


def _print(doc: H8Doc) -> str:
    """A print shop's 印刷代 invoice: 版代 and 送料, a 小計 / 消費税 / 合計 header row over a
    value row, the buyer's department and 御中, a 端数処理 note, dates 2030/02/15."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="padding:42px 48px;font-family:IPAPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div style="font-family:IPAexMincho;font-size:24pt;letter-spacing:16px">御請求書</div>
  <div style="text-align:right">発行日 {_slash(doc.date)}<br>伝票番号 {doc.number}</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="width:50%"><div style="font-size:13pt;border-bottom:2px solid #000">{doc.buyer} 総務部 御中</div>
   <p>毎度お引き立ていただきありがとうございます。<br>{doc.date.month}月20日締め分を下記の通りご請求いたします。</p></div>
  <div style="width:40%;line-height:1.6;font-family:IPAexMincho"><span style="font-size:12pt">{name}</span><br>〒601-8022 {address}<br>TEL {tel}　担当 {staff}<br>登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:10px;text-align:center"><tr>{_th("小計")}{_th("消費税（10%）")}{_th("合計金額")}{_th("お支払期限")}</tr>
  <tr>{_td(f"{_base(doc):,}", num=True)}{_td(f"{_tax(doc):,}", num=True)}{_td(f"¥{doc.total():,}", "font-size:13pt;font-weight:bold", True)}{_td(_slash(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:14px"><tr>{_th("品名・仕様")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 <div style="margin-top:8px;font-size:8.5pt">※消費税は請求書ごとに税率別に合計して計算し、1円未満の端数を切り捨てております。</div>
 <div style="margin-top:10px">お振込先：らくなん信用金庫 東九条支店 普通 0082916 カ）アカツキインサツ</div>
</div>"""


def _soft(doc: H8Doc) -> str:
    """A software vendor's bilingual MAINTENANCE INVOICE: ISO dates, 保守期間, a negative 早期更新
    割引, 「適格請求書発行事業者登録番号」."""
    name, address, tel, dept = doc.issuer
    start = dt.date(doc.date.year + (doc.date.month >= doc.extra["term"]), doc.extra["term"], 1)
    end = start.replace(year=start.year + 1) - dt.timedelta(days=1)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'JPY {i.unit_price:,}', num=True)}"
        f"{_td(f'JPY {i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:40px 46px;font-family:VLPGothic;font-size:9pt;color:#1d2a22">
 <div style="display:flex;justify-content:space-between;border-bottom:3px solid #2f7d4f;padding-bottom:8px">
  <div><div style="font-size:20pt;color:#2f7d4f">MAINTENANCE INVOICE</div><div style="font-size:12pt">年間保守料 請求書</div></div>
  <div style="text-align:right;line-height:1.55"><b>{name}</b><br>{ENGLISH[name]}<br>{address}<br>TEL {tel}<br>{dept}</div></div>
 <div style="margin-top:6px;text-align:right;font-size:8.5pt">Qualified Invoice Issuer No. / 適格請求書発行事業者登録番号　{doc.registration}</div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:52%"><div style="color:#667">Customer / お客様</div><div style="font-size:13pt">{doc.buyer} 御中</div>
   <div>{ENGLISH.get(doc.buyer or "", "")}</div>
   <div style="margin-top:8px">Maintenance term / 保守期間：{start.isoformat()} ～ {end.isoformat()}</div></div>
  <table style="width:42%"><tr>{_th("Issue date / 発行日")}{_td(doc.date.isoformat())}</tr>
   <tr>{_th("Invoice No. / 請求番号")}{_td(doc.number)}</tr>
   <tr>{_th("Due date / お支払期限")}{_td(_due(doc).isoformat())}</tr></table></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("Item / 品目")}{_th("Qty / 数量")}{_th("Unit price / 単価")}{_th("Amount / 金額")}</tr>{rows}</table>
 {_sums([("Subtotal / 小計", f"JPY {_base(doc):,}"), ("Consumption tax (10%) / 消費税", f"JPY {_tax(doc):,}"), ("Total (tax incl.) / 税込合計", f"JPY {doc.total():,}")])}
 <div style="margin-top:14px">Remit to / お振込先：こうべ元町銀行 京町支店 普通 7166034 ミナトソフトウエア（カ<br>
  The maintenance covers version upgrades and help-desk support during the term. / 保守期間中のバージョンアップ及びヘルプデスクを含みます。</div>
</div>"""


def _lease(doc: H8Doc) -> str:
    """An IT lease company's invoice: リース料 第n回／60回 lines, the issuer top right, 登録番号
    with hyphens, due 「口座振替日」, 令和 dates."""
    name, address, tel, dept = doc.issuer
    return f"""
<div style="padding:44px 50px;font-family:IPAexMincho;font-size:10pt">
 <div style="display:flex;justify-content:space-between">
  <div style="width:50%;padding-top:40px"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">契約番号　LC-{doc.number[-4:]}-{doc.date.year}</div></div>
  <div style="width:42%;text-align:right;line-height:1.6;font-family:IPAPGothic">{reiwa(doc.date)}<br>
   <span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}<br>{dept}<br>登録番号：{_hy4(doc.registration)}</div></div>
 <div style="text-align:center;font-size:19pt;letter-spacing:6px;margin:20px 0 10px">リース料 ご請求書</div>
 <p>リース契約に基づき、{last_day_of_month(doc.date, 1).month}月分のリース料を下記のとおりご請求申し上げます。</p>
 <table style="width:64%;font-family:IPAPGothic"><tr>{_th("ご請求金額（税込）")}{_td(f"¥{doc.total():,}", "font-size:15pt", True)}</tr>
  <tr>{_th("口座振替日")}{_td(reiwa(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:16px;font-family:IPAPGothic"><tr>{_th("物件・回数")}{_th("数量")}{_th("単位")}{_th("月額")}{_th("金額")}</tr>{_rows(doc)}</table>
 <div style="margin-top:8px;text-align:right;font-family:IPAPGothic">{_targets(doc, inner="消費税")}</div>
 <div style="margin-top:12px;font-size:9pt">※ご指定の口座（ひろしま紙屋町銀行 本店 普通 口座番号末尾318）より振替させていただきます。前日までにご入金ください。</div>
</div>"""


def _taxi(doc: H8Doc) -> str:
    """A taxi company's monthly チケット利用 invoice: 内税, rides by date and チケットNo.,
    「うち消費税額（10%）」, 「お支払期日」."""
    name, address, tel, dept = doc.issuer
    rows = ""
    for day, ticket, item in zip(doc.extra["days"], doc.extra["tickets"], doc.lines, strict=True):
        rows += (f"<tr>{_td(f'{doc.date.month}/{day}')}{_td(f'H{ticket}')}{_td(item.description)}"
                 f"{_td(f'{item.amount:,}', num=True)}</tr>")  # fmt: skip
    return f"""
<div style="padding:40px 46px;font-family:VLGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:flex-start">
  <div><div style="font-size:15pt;color:#c77800">{name}</div><div style="font-size:8.5pt">{address}　TEL {tel}<br>{dept}　登録番号 {doc.registration}</div></div>
  <div style="text-align:right">請求日 {_ja(doc.date)}<br>No. {doc.number}</div></div>
 <div style="text-align:center;font-size:18pt;margin:18px 0 12px;letter-spacing:4px">タクシーチケット ご利用代金 請求書</div>
 <div style="font-size:13pt">{doc.buyer}　御中</div>
 <div>ご利用期間　{doc.date.month}月1日～{doc.date.month}月{doc.date.day}日　（ご利用 {len(doc.lines)} 件）</div>
 <table style="margin-top:12px"><tr>{_th("ご請求金額（税込）")}{_td(f"¥{doc.total():,}", "font-size:15pt", True)}</tr>
  <tr>{_th("うち消費税額（10%）")}{_td(f"¥{_tax(doc):,}", num=True)}</tr>
  <tr>{_th("お支払期日")}{_td(_ja(_due(doc)))}</tr></table>
 <table style="width:100%;margin-top:14px"><tr>{_th("ご利用日")}{_th("チケットNo.")}{_th("乗車 → 降車")}{_th("運賃（税込）")}</tr>{rows}
  <tr>{_td("合計")}<td style="{CELL}" colspan=2></td>{_td(f"{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:8px;font-size:8.5pt">※運賃には迎車料金・高速道路料金を含みます。金額はすべて消費税込みです。</div>
 <div style="margin-top:8px">お振込先　あつた中央銀行 神宮前支店 普通 3340871 ヒマワリコウツウ（カ</div>
</div>"""


def _law(doc: H8Doc) -> str:
    """A law office's 着手金 invoice: non-taxable 実費, 源泉徴収 10.21 % on the fees, 「振込期限」,
    令和 dates."""
    name, address, tel, lawyer = doc.issuer
    fees = [i for i in doc.lines if i.rate]
    costs = [i for i in doc.lines if not i.rate]
    fee_rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.amount:,}円', num=True)}</tr>" for i in fees
    )
    cost_rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.amount:,}円', num=True)}</tr>" for i in costs
    )
    return f"""
<div style="padding:58px 62px;font-family:IPAexMincho;font-size:10.5pt;line-height:1.65">
 <div style="text-align:right">{reiwa(doc.date)}</div>
 <div style="font-size:13pt;margin-top:6px">{doc.buyer}　御中</div><div>代表取締役　様</div>
 <div style="text-align:right;margin-top:6px">{name}<br>{lawyer}<br>{address}<br>TEL {tel}<br>適格請求書発行事業者登録番号 {doc.registration}</div>
 <div style="text-align:center;font-size:18pt;letter-spacing:12px;margin:16px 0">請 求 書</div>
 <p>貴社よりご依頼の事件につき、委任契約書に基づき下記のとおりご請求申し上げます。</p>
 <div style="font-size:14pt;border-bottom:2px solid #000;width:62%">ご請求金額　金{doc.total():,}円</div>
 <table style="width:80%;margin-top:14px"><tr>{_th("弁護士報酬等", bg="#f3f0e8")}{_th("金額", bg="#f3f0e8")}</tr>{fee_rows}
  <tr>{_td("消費税（10%）")}{_td(f"{_tax(doc):,}円", num=True)}</tr>
  <tr>{_td("源泉徴収税額（報酬×10.21%）")}{_td(f"－{doc.extra['withholding']:,}円", num=True)}</tr></table>
 <table style="width:80%;margin-top:10px"><tr>{_th("実費（立替金・非課税）", bg="#f3f0e8")}{_th("金額", bg="#f3f0e8")}</tr>{cost_rows}</table>
 <div style="margin-top:14px">振込期限　{reiwa(_due(doc))}<br>振込先　ふくおか赤坂銀行 赤坂門支店 普通 1203947 ミサキソウゴウホウリツジムショ</div>
</div>"""


def _venue(doc: H8Doc) -> str:
    """A conference venue's 会場費 invoice: a 前受金 already paid taken off, 「差引ご請求額」, the
    issuer in the seal area at the bottom, 登録番号 split by spaces."""
    name, address, tel, staff = doc.issuer
    advance = doc.extra["advance"]
    event = doc.date - dt.timedelta(days=6)
    return f"""
<div style="padding:46px 52px;font-family:IPAPGothic;font-size:9.5pt;min-height:1010px;position:relative">
 <div style="text-align:center;font-family:IPAexMincho;font-size:21pt;letter-spacing:8px;border-top:2px solid #5b3a87;border-bottom:2px solid #5b3a87;padding:4px 0">会場ご利用料金 御請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:18px">
  <div style="font-size:13pt">{doc.buyer}　御中</div><div style="text-align:right">請求日　{_ja(doc.date)}<br>請求番号　{doc.number}</div></div>
 <p>催事名：第12回 先端材料技術フォーラム　　開催日：{_ja(event, True)}　　参加予定 {doc.lines[-1].quantity}名</p>
 <table style="width:100%;margin-top:8px"><tr>{_th("ご利用内容")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 {_sums([("ご利用料金 計（税抜）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("合計（税込）", f"{_pretax(doc):,}"), ("前受金（お申込金・ご入金済）", f"△{advance:,}"), ("差引ご請求額", f"¥{doc.total():,}")], bg="#efeaf5")}
 <div style="margin-top:10px">お支払期限　{_ja(_due(doc))}<br>お振込先　えちご万代銀行 万代島支店 普通 6618840 カ）カガヤキコンベンション</div>
 <div style="position:absolute;left:52px;right:52px;bottom:36px;border-top:1px solid #999;padding-top:10px;display:flex;justify-content:flex-end;align-items:center">
  <div style="text-align:right;line-height:1.55;margin-right:14px">{name}<br>〒950-0078 {address}<br>TEL {tel}　{staff}<br>登録番号 {_sp4(doc.registration)}</div>
  <div style="width:64px;height:64px;border:3px solid #c22;color:#c22;font-family:IPAexMincho;font-size:10pt;text-align:center;line-height:1.25;padding-top:9px;box-sizing:border-box">株式会社<br>かがやき<br>之印</div></div>
</div>"""


def _uniform(doc: H8Doc) -> str:
    """A uniform rental: 20日締め, 登録番号 「T-1234567890123」, the issuer at the foot."""
    name, address, tel, dept = doc.issuer
    start = last_day_of_month(doc.date, -1).replace(day=21)
    return f"""
<div style="padding:40px 46px;font-family:VLPGothic;font-size:9.5pt;min-height:1000px;position:relative">
 <div style="display:flex;justify-content:space-between;align-items:flex-end;border-bottom:1px solid #333;padding-bottom:6px">
  <div style="font-size:20pt">ご請求明細書</div><div>{_slash(doc.date)}　No.{doc.number}</div></div>
 <div style="margin-top:16px;font-size:13pt">{doc.buyer} 様</div>
 <div>ご契約：ユニフォームレンタル（週1回 回収・配達）　締日：毎月20日</div>
 <div>対象期間：{_slash(start)} ～ {_slash(doc.date)}</div>
 <table style="margin-top:12px;width:100%"><tr>{_th("前回ご請求額")}{_th("ご入金額")}{_th("繰越額")}{_th("今回お買上額")}{_th("消費税")}{_th("今回ご請求額")}</tr>
  <tr>{_td("0", num=True)}{_td("0", num=True)}{_td("0", num=True)}{_td(f"{_base(doc):,}", num=True)}{_td(f"{_tax(doc):,}", num=True)}{_td(f"{doc.total():,}", "font-weight:bold", True)}</tr></table>
 <div style="margin-top:6px">お支払期限　{_ja(_due(doc))}</div>
 <table style="width:100%;margin-top:14px"><tr>{_th("品名")}{_th("数量")}{_th("単位")}{_th("単価")}{_th("金額")}</tr>{_rows(doc)}</table>
 <div style="margin-top:8px">（10%対象 {_base(doc):,}円　消費税 {_tax(doc):,}円）</div>
 <div style="margin-top:8px">お振込先：ところざわ銀行 東住吉支店 普通 2277046 カ）サクラリネンサプライ</div>
 <div style="position:absolute;left:46px;right:46px;bottom:34px;border-top:3px solid #d46a8c;padding-top:8px;display:flex;justify-content:space-between">
  <span style="font-size:12pt">{name}</span><span>{address}　TEL {tel}　{dept}</span><span>T-{doc.registration[1:]}</span></div>
</div>"""


def _pest(doc: H8Doc) -> str:
    """A pest control 点検 invoice: 点検実施日 beside the 請求日, 「適格請求書発行事業者 登録番号：」,
    令和 dates."""
    name, address, tel, dept = doc.issuer
    checked = doc.date - dt.timedelta(days=11)
    return f"""
<div style="padding:44px 48px;font-family:IPAGothic;font-size:9.5pt">
 <div style="text-align:center;font-size:19pt;letter-spacing:6px">防除作業 御請求書</div>
 <div style="display:flex;justify-content:space-between;margin-top:20px">
  <div style="width:50%"><div style="font-size:13pt;border-bottom:1px solid #000">{doc.buyer}　御中</div>
   <div style="margin-top:6px">施設：第二工場（食品製造棟）</div>
   <table style="margin-top:12px;width:100%"><tr>{_th("御請求金額", "font-size:11pt", "#e8f0e8")}{_td(f"¥{doc.total():,}-", "font-size:15pt", True)}</tr>
    <tr>{_th("支払期限", bg="#e8f0e8")}{_td(reiwa(_due(doc)))}</tr></table></div>
  <div style="width:42%;line-height:1.6">請求日　{reiwa(doc.date)}<br>点検実施日　{reiwa(checked)}<br>請求No.　{doc.number}<br>
   <span style="font-size:11.5pt">{name}</span><br>{address}<br>TEL {tel}　{dept}<br>適格請求書発行事業者 登録番号：{doc.registration}</div></div>
 <table style="width:100%;margin-top:16px"><tr>{_th("作業項目", bg="#e8f0e8")}{_th("数量", bg="#e8f0e8")}{_th("単位", bg="#e8f0e8")}{_th("単価", bg="#e8f0e8")}{_th("金額", bg="#e8f0e8")}</tr>{_rows(doc)}</table>
 {_sums([("小計", f"{_base(doc):,}"), ("消費税等（10%）", f"{_tax(doc):,}"), ("合計", f"{doc.total():,}")], bg="#e8f0e8")}
 <div style="margin-top:10px;font-size:9pt">※点検結果の詳細は別添の点検報告書をご確認ください。<br>お振込先　とちぎ大通り銀行 本店営業部 普通 4410923</div>
</div>"""


def _car(doc: H8Doc) -> str:
    """A car dealer's 車検 invoice: taxed 整備費 and the non-taxable 法定費用, a negative 早期予約
    割引, the 整備費 / 消費税 / 法定費用 / 合計 summary."""
    name, address, tel, staff = doc.issuer
    work = [i for i in doc.lines if i.rate]
    legal = [i for i in doc.lines if not i.rate]

    def rows(items: list[Line]) -> str:
        return "".join(
            f"<tr>{_td(i.description)}{_td(i.quantity, num=True)}{_td(f'{i.unit_price:,}', num=True)}{_td(f'{i.amount:,}', num=True)}</tr>"
            for i in items
        )

    return f"""
<div style="padding:38px 44px;font-family:IPAPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between;align-items:center;border-bottom:4px solid #b71c1c;padding-bottom:6px">
  <div style="font-size:16pt;font-style:italic;color:#b71c1c">TSUBASA MOTORS</div><div style="font-size:18pt">車検整備 御請求書</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:14px">
  <div style="width:52%"><div style="font-size:13pt">{doc.buyer}　御中</div>
   <table style="margin-top:8px;width:100%"><tr>{_th("車名")}{_td("ハイエースバン（社用車）")}</tr><tr>{_th("車両ナンバー")}{_td(doc.extra["plate"])}</tr>
    <tr>{_th("入庫日")}{_td(_ja(doc.date - dt.timedelta(days=2)))}</tr></table></div>
  <div style="width:42%;text-align:right;line-height:1.55">請求日 {_ja(doc.date)}<br>伝票No. {doc.number}<br>{name}<br>{address}<br>TEL {tel}<br>{staff}<br>登録番号 {doc.registration}</div></div>
 <table style="width:100%;margin-top:14px"><tr>{_th("整備・部品（課税）")}{_th("数量")}{_th("単価")}{_th("金額")}</tr>{rows(work)}</table>
 <table style="width:100%;margin-top:8px"><tr>{_th("法定費用（非課税）")}{_th("数量")}{_th("単価")}{_th("金額")}</tr>{rows(legal)}</table>
 {_sums([("整備費計（税抜）", f"{_base(doc):,}"), ("消費税（10%）", f"{_tax(doc):,}"), ("法定費用計（非課税）", f"{doc.non_taxable():,}"), ("御請求金額", f"¥{doc.total():,}")])}
 <div style="margin-top:8px">お支払期日　{_ja(_due(doc))}<br>お振込先　ひのくに銀行 東町支店 当座 0091245 カ）ツバサモータース</div>
 <div style="font-size:8.5pt;margin-top:4px">※自賠責保険料・自動車重量税・検査手数料は法定費用のため消費税の対象外です。</div>
</div>"""


def _flower(doc: H8Doc) -> str:
    """A florist's 領収書: flowers 10 % and a ※8 % 焼き菓子 gift, a named buyer, 「10%対象」."""
    name, address, tel, _ = doc.issuer
    rows = "".join(
        f"<tr>{_td(i.description + (' ※' if i.rate == 8 else ''))}{_td(f'¥{i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:26px 30px;font-family:IPAMincho;font-size:10pt;line-height:1.55">
 <div style="text-align:center;font-size:20pt;letter-spacing:14px;color:#6b3f7a">領収書</div>
 <div style="display:flex;justify-content:space-between;margin-top:6px"><span>No. {doc.number[-4:]}</span><span>{_ja(doc.date)}</span></div>
 <div style="font-size:13pt;border-bottom:1px solid #000;margin-top:8px">{doc.buyer}　様</div>
 <div style="font-size:18pt;text-align:center;margin:12px 0;background:#f4eef6;padding:4px">¥{doc.total():,}－</div>
 <div>但し　お花代として（開店祝い・お届け）<br>上記正に領収いたしました。</div>
 <table style="width:100%;margin-top:8px;font-family:IPAGothic;font-size:9pt">{rows}</table>
 <div style="font-family:IPAGothic;font-size:9pt;margin-top:4px">{_targets(doc, [10, 8])}<br>※は軽減税率（8%）対象商品です。</div>
 <div style="margin-top:14px;text-align:right">{name}<br>{address}<br>TEL {tel}<br>登録番号 T {doc.registration[1:]}</div>
</div>"""


def _bento(doc: H8Doc) -> str:
    """A bento caterer's register receipt: 内税, 弁当 8 % and a 配達料 10 %, 上様, お預り / お釣り."""
    name, address, tel, dial = doc.issuer
    paid = (doc.total() // 10000 + 1) * 10000
    rows = "".join(
        f"<div style='display:flex;justify-content:space-between'><span>{i.description}{'※' if i.rate == 8 else ''}</span>"
        f"<span>{i.quantity}×{i.unit_price:,}</span><span>¥{i.amount:,}</span></div>"
        for i in doc.lines
    )
    return f"""
<div style="padding:14px 16px;font-family:IPAGothic;font-size:9pt;line-height:1.5">
 <div style="text-align:center;font-size:12pt">{name}</div>
 <div style="text-align:center;font-size:8pt">{address}<br>TEL {tel}（{dial}）<br>登録番号:{doc.registration}</div>
 <div style="text-align:center;font-size:14pt;margin:8px 0;letter-spacing:6px">領 収 証</div>
 <div style="font-size:11pt;border-bottom:1px solid #000">上様</div>
 <div style="margin-top:4px">{doc.date:%Y年%m月%d日} {11 + doc.total() % 2}:{doc.total() % 60:02d}　レジ02　No.{doc.number[-4:]}</div>
 <div style="border-top:1px dashed #000;margin-top:4px;padding-top:4px">{rows}</div>
 <div style="border-top:1px dashed #000;margin-top:4px;padding-top:4px;display:flex;justify-content:space-between;font-size:13pt"><span>合計</span><span>¥{doc.total():,}</span></div>
 <div>{_targets(doc, [8, 10], "内消費税等")}</div>
 <div style="display:flex;justify-content:space-between"><span>お預り</span><span>¥{paid:,}</span></div>
 <div style="display:flex;justify-content:space-between"><span>お釣り</span><span>¥{paid - doc.total():,}</span></div>
 <div style="margin-top:6px;font-size:8pt">※印は軽減税率（8%）適用商品です。<br>上記正に領収いたしました。</div>
</div>"""


def _trans(doc: H8Doc) -> str:
    """A translation agency's invoice per 文字数 / ワード: a 特急料金 of 25 %, 登録番号
    「T-1234-5678-9012-3」, 「お振込期日」, the issuer top right."""
    name, address, tel, staff = doc.issuer
    return f"""
<div style="padding:42px 48px;font-family:VLPGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between">
  <div style="width:50%"><div style="font-size:21pt;letter-spacing:4px;color:#7a4b12">ご請求書</div>
   <div style="margin-top:20px;font-size:13pt;border-bottom:1px solid #7a4b12">{doc.buyer}　御中</div>
   <div style="margin-top:4px">海外営業部 ご担当者様</div>
   <div style="margin-top:8px">案件名：製品マニュアル英訳・代理店契約書和訳</div></div>
  <div style="width:42%;line-height:1.6;font-size:9pt">請求日：{_ja(doc.date)}<br>請求番号：{doc.number}<br><br>
   <span style="font-size:12pt">{name}</span><br>{address}<br>TEL {tel}<br>{staff}<br>登録番号 {_hy_tail(doc.registration)}</div></div>
 <table style="margin-top:16px;width:60%"><tr>{_th("ご請求金額（税込）", bg="#f6efe4")}{_td(f"¥{doc.total():,}", "font-size:15pt", True)}</tr>
  <tr>{_th("お振込期日", bg="#f6efe4")}{_td(_ja(_due(doc), True))}</tr></table>
 <table style="width:100%;margin-top:14px"><tr>{_th("内容", bg="#f6efe4")}{_th("文字数・数量", bg="#f6efe4")}{_th("単位", bg="#f6efe4")}{_th("単価", bg="#f6efe4")}{_th("金額", bg="#f6efe4")}</tr>{_rows(doc)}</table>
 {_sums([("小計（税抜）", f"{_base(doc):,}円"), ("消費税 10%", f"{_tax(doc):,}円"), ("合計", f"{doc.total():,}円")], bg="#f6efe4")}
 <div style="margin-top:10px;font-size:8.5pt">※文字数は原文（和文）の文字数、ワード数は原文（英文）の語数で計算しています。<br>お振込先：かんだ錦町銀行 神保町支店 普通 8821540 カ）コトダマホンヤク</div>
</div>"""


def _cloud(doc: H8Doc) -> str:
    """A cloud hosting bill in English and Japanese with yen amounts: usage × unit prices, a
    negative promotional credit, the billing period before the date."""
    name, address, tel, dept = doc.issuer
    end = doc.date - dt.timedelta(days=1)
    start = end.replace(day=1)
    rows = "".join(
        f"<tr>{_td(i.description)}{_td(f'{i.quantity:,}', num=True)}{_td(f'¥{i.unit_price:,}', num=True)}{_td(f'¥{i.amount:,}', num=True)}</tr>"
        for i in doc.lines
    )
    return f"""
<div style="padding:36px 42px;font-family:VLGothic;font-size:9pt;color:#10243e">
 <div style="display:flex;justify-content:space-between;align-items:center">
  <div style="font-size:17pt;color:#1e88e5">sorairo cloud</div>
  <div style="text-align:right"><div style="font-size:16pt">Invoice / ご請求書</div>{_en(doc.date)}（{_ja(doc.date)}）</div></div>
 <div style="display:flex;justify-content:space-between;margin-top:16px">
  <div style="width:50%"><div style="color:#678">Billed to / ご請求先</div><div style="font-size:12.5pt">{doc.buyer} 御中</div>
   <div>{ENGLISH.get(doc.buyer or "", "")}</div><div>Account ID: 4410-{doc.number[-4:]}-77</div></div>
  <div style="width:44%;line-height:1.55;font-size:8.5pt">{name}（{ENGLISH[name]}）<br>{address}<br>TEL {tel}　{dept}<br>Registration No. {doc.registration}</div></div>
 <table style="width:100%;margin-top:12px"><tr>{_th("Invoice No. / 請求書番号", bg="#e3eefa")}{_th("Billing period / ご利用期間", bg="#e3eefa")}{_th("Due date / お支払期限", bg="#e3eefa")}{_th("Amount due / ご請求額", bg="#e3eefa")}</tr>
  <tr>{_td(doc.number)}{_td(f"{_en(start)} – {_en(end)}")}{_td(f"{_en(_due(doc))}（{_ja(_due(doc))}）")}{_td(f"¥{doc.total():,}", "font-size:12pt;font-weight:bold", True)}</tr></table>
 <table style="width:100%;margin-top:14px"><tr>{_th("Service / サービス", bg="#e3eefa")}{_th("Usage / 使用量", bg="#e3eefa")}{_th("Rate / 単価", bg="#e3eefa")}{_th("Charge / 料金", bg="#e3eefa")}</tr>{rows}</table>
 {_sums([("Subtotal / 小計", f"¥{_base(doc):,}"), ("Tax 10% / 消費税（10%）", f"¥{_tax(doc):,}"), ("Total (JPY) / 合計", f"¥{doc.total():,}")], bg="#e3eefa")}
 <div style="margin-top:12px;font-size:8.5pt">All amounts in Japanese yen. / 金額はすべて日本円です。Payment by bank transfer: さっぽろ北五条銀行 本店 普通 6094412 カ）ソライロクラウド</div>
</div>"""


def _non_invoice(doc: H8Doc) -> str:
    """A 御見積書, a 発注書, a 納品書, an お支払のご案内, a 送付状, a CREDIT NOTE or a 車検 御見積書."""
    name, _, tel, staff = doc.issuer
    day = _ja(doc.date)
    rows = "".join(
        f"<tr>{_td(n)}{_td(i.description)}{_td(i.quantity, num=True)}{_td(i.unit_price, num=True)}{_td(i.amount, num=True)}</tr>"
        for n, i in enumerate(doc.lines, 1)
    )
    table = f"<table style='width:100%;margin-top:10px'><tr>{_th('No.')}{_th('品名・内容')}{_th('数量')}{_th('単価')}{_th('金額')}</tr>{rows}</table>"
    if doc.layout == "cover":
        return f"""
<div style="padding:66px;font-family:IPAexMincho;font-size:11pt;line-height:1.85">
 <div style="text-align:right">{reiwa(doc.date)}</div><div style="font-size:13pt">{doc.buyer}<br>法務部 御担当者様</div>
 <div style="text-align:right">{name}<br>{staff}<br>TEL {tel}</div>
 <div style="text-align:center;font-size:19pt;letter-spacing:10px;margin:16px 0">送 付 状</div>
 <p>拝啓　時下ますますご清祥のこととお喜び申し上げます。<br>
 先般ご依頼をいただきました事件につき、下記の書類をご送付申し上げます。ご査収くださいますようお願い申し上げます。</p><div style="text-align:right">敬具</div>
 <div style="text-align:center">記</div><div>1. 請求書（着手金）　1通<br>2. 委任契約書（写）　1通<br>3. 訴状（案）　1通</div>
 <div style="text-align:right">以上</div></div>"""
    if doc.layout == "paynotice":  # our notice of a payment to the agency
        return f"""
<div style="padding:48px;font-family:IPAPGothic;font-size:10pt">
 <div style="text-align:center;font-size:19pt;letter-spacing:4px">お支払のご案内</div>
 <div style="text-align:right;margin-top:8px">{day}<br>支払番号 {doc.number}</div>
 <div style="font-size:13pt">{name} 御中</div><div style="text-align:right">{doc.buyer}<br>経理部 支払担当</div>
 <p>毎度お世話になっております。貴社ご請求分につき、下記のとおりお支払いいたしますのでご案内申し上げます。</p>
 <table><tr>{_th("お支払金額（税込）")}{_th("うち消費税（10%）")}{_th("お支払予定日")}{_th("お支払方法")}</tr>
  <tr>{_td(_pretax(doc), "font-size:13pt", True)}{_td(_tax(doc), num=True)}{_td(_ja(_due(doc)))}{_td("貴社ご指定口座へ振込")}</tr></table>
 {table}<div style="margin-top:8px;font-size:9pt">※振込手数料は当社にて負担いたします。本書に関するお問い合わせは経理部までお願いいたします。</div></div>"""
    if doc.layout == "credit":
        return f"""
<div style="padding:46px;font-family:VLGothic;font-size:9.5pt">
 <div style="display:flex;justify-content:space-between"><span style="font-size:16pt;color:#1e88e5">sorairo cloud</span>
  <span style="font-size:18pt">CREDIT NOTE / クレジットノート</span></div>
 <div style="text-align:right;margin-top:8px">Issue date / 発行日 {_en(doc.date)}（{day}）<br>Credit note No. / 番号 CN-{doc.number[-6:]}</div>
 <div style="font-size:13pt">{doc.buyer} 御中</div><div style="text-align:right">{name}<br>{staff}<br>Registration No. {doc.registration}</div>
 <p>We have credited your account as follows (a qualified return invoice). The credit is applied to your next invoice.<br>
 下記のとおり貴社アカウントへクレジットいたしました（適格返還請求書）。次回ご請求額から差し引きます。</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:60%">Credit total / 返還額　－¥{-_pretax(doc):,}（税込）</div>
 {table}<div style="text-align:right;margin-top:6px">Subtotal / 税抜 －¥{-_base(doc):,}　Tax 10% / 消費税 －¥{-_tax(doc):,}</div></div>"""
    title, lead, label = {
        "quote": ("御見積書", "ご依頼の印刷物につき、下記のとおりお見積り申し上げます。", "御見積金額"),
        "order": ("発注書", "下記のとおり発注いたします。ご手配のほどお願いいたします。", "発注金額"),
        "delivery": ("納品書", "毎度ありがとうございます。下記のとおり納品いたしました。", "納品金額"),
        "carquote": ("車検整備 御見積書", "ご入庫予定のお車につき、車検整備費用を下記のとおりお見積りいたします。", "御見積総額"),
    }[doc.layout]  # fmt: skip
    to, sender = (name, doc.buyer) if doc.layout == "order" else (doc.buyer, name)
    tail = {
        "quote": "有効期限：発行日より30日間　納期：校了後 7営業日　※版代は初回のみ",
        "order": f"納入開始：{doc.date.month}月{min(28, doc.date.day + 10)}日より　納入場所：本社工場 更衣室",
        "delivery": "※代金は月末締めにてまとめてご請求いたします。受領印：",
        "carquote": "※法定費用（自賠責保険料・重量税・印紙代）は非課税です。追加整備は事前にご連絡いたします。",
    }[doc.layout]
    amount = _pretax(doc) if doc.layout != "delivery" else sum(i.amount for i in doc.lines)
    note = "（税込）" if doc.layout != "delivery" else "（税込・軽減税率8%対象）"
    return f"""
<div style="padding:48px;font-family:IPAPGothic">
 <div style="text-align:center;font-size:20pt;letter-spacing:6px;font-family:IPAexMincho">{title}</div>
 <div style="text-align:right">{day}<br>No. {doc.number}</div>
 <div style="font-size:13pt">{to} 御中</div><div style="text-align:right">{sender}</div><p>{lead}</p>
 <div style="font-size:14pt;border-bottom:1px solid #000;width:58%">{label}　¥{amount:,}{note}</div>
 <div>{tail}</div>{table}</div>"""


LAYOUTS: dict[str, Callable[[H8Doc], str]] = {
    "clean": _clean,
    "print": _print,
    "soft": _soft,
    "lease": _lease,
    "taxi": _taxi,
    "law": _law,
    "venue": _venue,
    "uniform": _uniform,
    "pest": _pest,
    "car": _car,
    "flower": _flower,
    "bento": _bento,
    "trans": _trans,
    "cloud": _cloud,
    **dict.fromkeys(
        ("quote", "order", "delivery", "paynotice", "cover", "credit", "carquote"), _non_invoice
    ),
}

CSS = """
@font-face { font-family: "IPAexMincho"; src: url("ipaexm.ttf"); }
@font-face { font-family: "IPAPGothic"; src: url("ipagp.ttf"); }
@font-face { font-family: "IPAGothic"; src: url("ipag.ttf"); }
@font-face { font-family: "IPAMincho"; src: url("ipam.ttf"); }
@font-face { font-family: "VLGothic"; src: url("vlg.ttf"); }
@font-face { font-family: "VLPGothic"; src: url("vlpg.ttf"); }
body { font-family: "IPAPGothic"; font-size: 10pt; color: #111; margin: 0; }
table { border-collapse: collapse; }
"""


def _pdf_options(doc: H8Doc) -> dict[str, Any]:
    if doc.layout == "flower":
        return {"width": "148mm", "height": "190mm", "print_background": True}
    if doc.layout == "bento":
        return {"width": "80mm", "height": "150mm", "print_background": True}
    return {"format": "A4", "print_background": True}


# -- Word -----------------------------------------------------------------------------------------


def _docx(doc: H8Doc) -> bytes:
    """A 社会保険労務士's 顧問料 invoice (源泉徴収, 令和 dates), a photo studio's 撮影料 invoice
    (カット数, a negative リピート割引, 登録番号 「T-…」, slashed dates) or a property manager's
    賃料等 invoice (non-taxable 社宅家賃 and 共益費, a taxed 駐車場, a 課税区分 column)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    name, address, tel, staff = doc.issuer
    layout = doc.layout
    document = docx.Document()
    document.styles["Normal"].font.name = "IPAexMincho"
    if layout == "docx_estate":
        head = document.add_paragraph(
            f"{name}\n{address}\nTEL {tel}　{staff}\n登録番号 {doc.registration}"
        )
        head.alignment = WD_ALIGN_PARAGRAPH.LEFT
    title = document.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    rent_month = last_day_of_month(doc.date, 1).month
    run_ = title.add_run({"docx_sharou": "御　請　求　書", "docx_photo": "撮影料 ご請求書",
                          "docx_estate": f"{rent_month}月分 賃料等ご請求書"}[layout])  # fmt: skip
    run_.bold, run_.font.size = True, Pt(18)
    when = (
        reiwa(doc.date)
        if layout == "docx_sharou"
        else _slash(doc.date)
        if layout == "docx_photo"
        else _ja(doc.date)
    )
    label = "請求日" if layout != "docx_estate" else "発行日"
    right = document.add_paragraph(f"{label}：{when}\n請求番号：{doc.number}")
    right.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    to = {"docx_sharou": f"{doc.buyer}　御中", "docx_photo": f"{doc.buyer} 販売促進部 御中",
          "docx_estate": f"{doc.buyer}　御中（総務部 社宅ご担当）"}[layout]  # fmt: skip
    document.add_paragraph(to).runs[0].font.size = Pt(13)
    if layout != "docx_estate":
        number = f"T-{doc.registration[1:]}" if layout == "docx_photo" else doc.registration
        issuer = document.add_paragraph(
            f"{name}\n{staff}\n{address}\nTEL {tel}\n登録番号：{number}"
        )
        issuer.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if layout == "docx_sharou":
        document.add_paragraph(
            "社会保険労務士業務委託契約に基づき、下記のとおりご請求申し上げます。"
        )
        label = "差引ご請求金額"
    elif layout == "docx_photo":
        shot = doc.date - dt.timedelta(days=8)
        document.add_paragraph(
            f"撮影日：{_slash(shot)}　撮影内容：{doc.date.year}年 秋冬カタログ 商品撮影\n下記のとおりご請求申し上げます。"
        )
        label = "ご請求金額（税込）"
    else:
        document.add_paragraph(
            f"{rent_month}月分の社宅家賃・駐車場料金等を下記のとおりご請求申し上げます（前払い）。"
        )
        label = "ご請求金額"
    document.add_paragraph().add_run(f"{label}　¥{doc.total():,}－").font.size = Pt(15)
    if layout == "docx_sharou":
        document.add_paragraph(f"お支払期限：{reiwa(_due(doc))}")
    elif layout == "docx_photo":
        document.add_paragraph(f"お支払期日：{_slash(_due(doc))}")
    else:
        document.add_paragraph(f"お支払期日（口座振替日）：{_ja(_due(doc))}")
    if layout == "docx_estate":
        heads = ["項目", "数量", "単価", "金額", "課税区分"]
    elif layout == "docx_photo":
        heads = ["内容", "カット数・数量", "単価", "金額"]
    else:
        heads = ["業務内容", "数量", "単価", "金額"]
    table = document.add_table(rows=1, cols=len(heads))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, heads, strict=True):
        cell.text = text
    for item in doc.lines:
        values = [
            item.description,
            f"{item.quantity:,}",
            f"{item.unit_price:,}",
            f"{item.amount:,}",
        ]
        if layout == "docx_estate":
            values.append("課税（10%）" if item.rate else "非課税")
        add_row(table, values)
    sums = document.add_table(rows=0, cols=2)
    sums.style = "Table Grid"
    if layout == "docx_sharou":
        pairs = [("報酬額（税抜）", f"{_base(doc):,}円"), ("消費税（10%）", f"{_tax(doc):,}円"),
                 ("源泉所得税（10.21%）", f"△{doc.extra['withholding']:,}円"),
                 ("差引ご請求金額", f"{doc.total():,}円")]  # fmt: skip
    elif layout == "docx_photo":
        pairs = [("小計", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"),
                 ("合計", f"¥{doc.total():,}")]  # fmt: skip
    else:
        pairs = [("課税対象（10%）", f"¥{_base(doc):,}"), ("消費税（10%）", f"¥{_tax(doc):,}"),
                 ("非課税（家賃・共益費）", f"¥{doc.non_taxable():,}"), ("合計", f"¥{doc.total():,}")]  # fmt: skip
    for key, value in pairs:
        add_row(sums, [key, value])
    bank = {"docx_sharou": "せんだい一番町銀行 本店 普通 2201954 アサギ ヨウコ",
            "docx_photo": "するが呉服町銀行 本店 普通 5519203 カ）ヒダマリフオトスタジオ",
            "docx_estate": "ご登録口座より毎月27日に振替（ふなばし本町銀行 取扱）"}[layout]  # fmt: skip
    document.add_paragraph(f"お振込先：{bank}" if layout != "docx_estate" else bank)
    document.core_properties.created = dt.datetime(2030, 10, 8)
    document.core_properties.modified = dt.datetime(2030, 10, 8)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


# -- Excel ----------------------------------------------------------------------------------------


def _put(sheet: Any, row: int, values: list[Any], columns: str = "ABCDEFGH") -> None:
    for column, value in zip(columns, values, strict=False):
        sheet[f"{column}{row}"] = value


def _xl_gas(doc: H8Doc) -> bytes:
    """An industrial gas supplier's invoice: ボンベ 本数 and 容器賃貸料 in 本日, units in the
    number formats, the date as 「令和11年12月31日」 (`[$-411]`), the buyer and 御中 in two cells,
    merged cells, due 「翌月末日」."""
    book, sheet = new_book()
    sheet.title = "請求書"
    name, address, tel, staff = doc.issuer
    sheet.merge_cells("A1:G1")
    sheet["A1"] = "高圧ガス・容器 御請求書"
    sheet.merge_cells("A3:C3")
    sheet["A3"], sheet["D3"] = doc.buyer, "御中"
    sheet["F3"], sheet["G3"] = "請求日", midnight(doc.date)
    sheet["G3"].number_format = '[$-411]ggge"年"m"月"d"日"'
    sheet["F4"], sheet["G4"] = "請求No.", doc.number
    sheet["A5"] = f"{doc.date.month}月末締め　ご納品分を下記のとおりご請求申し上げます。"
    for row, text in enumerate(
        (name, address, f"TEL {tel}", staff, f"登録番号 {doc.registration}"), 5
    ):
        sheet[f"F{row}"] = text
    sheet.merge_cells("A7:B7")
    sheet["A7"], sheet["C7"] = "今回御請求額", doc.total()
    sheet["C7"].number_format = '"¥"#,##0"-"'
    sheet["A8"], sheet["C8"] = "お支払期限", "翌月末日"
    row = 11
    _put(sheet, row, ["品名", "", "数量", "単価", "金額", "備考"])
    sheet.merge_cells(f"A{row}:B{row}")
    for item in doc.lines:
        row += 1
        unit = ("本日" if item.description.startswith("容器") else "回"
                if item.description.startswith("配送") else "本")  # fmt: skip
        note = "保有本数×日数" if unit == "本日" else ""
        _put(sheet, row, [item.description, "", item.quantity, item.unit_price, item.amount, note])
        sheet.merge_cells(f"A{row}:B{row}")
        sheet[f"C{row}"].number_format = f'#,##0"{unit}"'
        sheet[f"D{row}"].number_format = sheet[f"E{row}"].number_format = "#,##0"
    row += 2
    for label, value in (
        ("税抜金額", _base(doc)),
        ("消費税額（10%）", _tax(doc)),
        ("税込合計", doc.total()),
    ):
        sheet[f"D{row}"], sheet[f"E{row}"] = label, value
        sheet[f"E{row}"].number_format = "#,##0"
        row += 1
    sheet[f"A{row + 1}"] = (
        "お振込先：よっかいち浜田銀行 本店 普通 3308176 ヤマビコサンギヨウガス（カ"
    )
    sheet.column_dimensions["A"].width = 22
    return save_book(book)


def _xl_checkup(doc: H8Doc) -> bytes:
    """A health-check clinic's 健診料 invoice: コース × 人数, a 団体割引 in
    `#,##0;"▲ "#,##0;"-"`, dates `yyyy/mm/dd`."""
    book, sheet = new_book()
    name, address, tel, dept = doc.issuer
    numbers = '#,##0;"▲ "#,##0;"-"'
    sheet.merge_cells("A1:E1")
    sheet["A1"] = "健康診断料 請求書"
    sheet["A3"] = f"{doc.buyer} 御中"
    sheet["A4"] = "人事部 健康管理ご担当 様"
    sheet["D3"], sheet["E3"] = "請求日", midnight(doc.date)
    sheet["D4"], sheet["E4"] = "請求番号", doc.number
    sheet["D5"], sheet["E5"] = "お支払期日", midnight(_due(doc))
    for cell in ("E3", "E5"):
        sheet[cell].number_format = "yyyy/mm/dd"
    sheet["A6"] = f"{doc.date.year}年度 定期健康診断（出張健診）実施分"
    sheet["A8"], sheet["B8"] = "ご請求金額（税込）", doc.total()
    sheet["B8"].number_format = '"¥"#,##0'
    row = 10
    _put(sheet, row, ["健診コース・項目", "受診者数", "単価", "金額"])
    for item in doc.lines:
        row += 1
        _put(sheet, row, [item.description, item.quantity, item.unit_price, item.amount])
        sheet[f"B{row}"].number_format = (
            '#,##0"名"' if item.amount > 0 and item.quantity > 1 else "#,##0"
        )
        sheet[f"C{row}"].number_format = sheet[f"D{row}"].number_format = numbers
    row += 1
    for label, value in (("小計", _base(doc)), ("消費税（10%）", _tax(doc)), ("合計", doc.total())):
        row += 1
        sheet[f"C{row}"], sheet[f"D{row}"] = label, value
        sheet[f"D{row}"].number_format = numbers
    for offset, text in enumerate(
        (name, dept, address, f"TEL {tel}", f"適格請求書発行事業者登録番号 {doc.registration}"), 2
    ):
        sheet[f"A{row + offset}"] = text
    sheet[f"A{row + 8}"] = (
        "お振込先：みと南町銀行 本店 普通 0721358 イリヨウホウジンシヤダンスコヤカカイ"
    )
    sheet.column_dimensions["A"].width = 36
    return save_book(book)


def _xl_office(doc: H8Doc) -> bytes:
    """An office-supply mail-order invoice: 8 % drinks beside 10 % stationery, a クーポン値引 in
    `"¥"#,##0_);("¥"#,##0)`, the per-rate figures in four rows (10 % first), due 「…月末日」."""
    book, sheet = new_book()
    name, address, tel, dept = doc.issuer
    yen = '"¥"#,##0_);("¥"#,##0)'
    sheet.merge_cells("A1:F1")
    sheet["A1"] = "ご請求書（月締め）"
    sheet.merge_cells("A3:C3")
    sheet["A3"] = f"{doc.buyer}　御中"
    sheet["E3"], sheet["F3"] = "締日", midnight(doc.date)
    sheet["F3"].number_format = 'yyyy"年"mm"月"dd"日"'
    sheet["E4"], sheet["F4"] = "お客様コード", f"C-{doc.total() % 90000 + 10000}"
    sheet["E5"], sheet["F5"] = "請求書No.", doc.number
    due = _due(doc)
    sheet["A5"], sheet["B5"] = "今回ご請求額", doc.total()
    sheet["B5"].number_format = yen
    sheet["A6"], sheet["B6"] = "お支払期限", f"{due.year}年{due.month}月末日"
    for row, text in enumerate(
        (name, dept, address, f"TEL {tel}", f"登録番号：{doc.registration}"), 7
    ):
        sheet[f"E{row}"] = text
    row = 13
    _put(sheet, row, ["ご注文日", "商品名", "税率", "数量", "単価", "金額"])
    for n, item in enumerate(doc.lines):
        row += 1
        day = doc.date - dt.timedelta(days=24 - 3 * n)
        rate = "8%※" if item.rate == 8 else "10%"
        _put(
            sheet,
            row,
            [midnight(day), item.description, rate, item.quantity, item.unit_price, item.amount],
        )
        sheet[f"A{row}"].number_format = "m/d"
        sheet[f"E{row}"].number_format = sheet[f"F{row}"].number_format = yen
    row += 2
    bases, taxes = doc.bases(), doc.taxes()
    for label, value in (("10%対象 合計（税抜）", bases[10]), ("消費税（10%）", taxes[10]),
                         ("8%対象 合計（税抜）", bases[8]), ("消費税（8%）", taxes[8]),
                         ("ご請求額（税込）", doc.total())):  # fmt: skip
        sheet[f"D{row}"], sheet[f"F{row}"] = label, value
        sheet[f"F{row}"].number_format = yen
        row += 1
    sheet[f"A{row + 1}"] = (
        "※は軽減税率（8%）対象商品です。消費税は税率ごとに合計して計算しています。"
    )
    sheet[f"A{row + 2}"] = "お振込先：なにわ靱銀行 本町支店 普通 6650133 カ）オフイスマドカ"
    sheet.column_dimensions["B"].width = 34
    return save_book(book)


def _xl_green(doc: H8Doc) -> bytes:
    """A plant rental's 内税 invoice: `[$-411]gggee"年"mm"月"dd"日"`, 「（うち消費税等 10% ¥x）」 in
    one cell, the issuer at the top left."""
    book, sheet = new_book()
    name, address, tel, staff = doc.issuer
    sheet["A1"], sheet["A2"], sheet["A3"] = name, address, f"TEL {tel}　{staff}"
    sheet["A4"] = f"登録番号 {doc.registration}"
    sheet.merge_cells("A6:E6")
    sheet["A6"] = "グリーンレンタル ご利用料金 請求書"
    sheet["A8"] = f"{doc.buyer} 御中"
    sheet["D8"], sheet["E8"] = "請求日", midnight(doc.date)
    sheet["D9"], sheet["E9"] = "お支払期限", midnight(_due(doc))
    for cell in ("E8", "E9"):
        sheet[cell].number_format = '[$-411]gggee"年"mm"月"dd"日"'
    sheet["D10"], sheet["E10"] = "No.", doc.number
    sheet["A10"], sheet["B10"] = "ご請求金額（税込）", doc.total()
    sheet["B10"].number_format = '#,##0"円"'
    sheet["A11"] = f"（うち消費税等 10% ¥{doc.taxes()[10]:,}）"
    row = 13
    _put(
        sheet,
        row,
        ["品目（設置場所：本社 1F受付・3F会議室）", "鉢数", "月額（税込）", "金額（税込）"],
    )
    for item in doc.lines:
        row += 1
        _put(sheet, row, [item.description, item.quantity, item.unit_price, item.amount])
        sheet[f"B{row}"].number_format = '#,##0"鉢"' if item.quantity > 1 else "#,##0"
        sheet[f"C{row}"].number_format = sheet[f"D{row}"].number_format = "#,##0"
    row += 1
    _put(sheet, row, ["合計（税込）", "", "", doc.total()])
    sheet[f"D{row}"].number_format = "#,##0"
    sheet[f"A{row + 2}"] = "お振込先：ながさき浜町銀行 本店 普通 1457720 カ）モエギグリーン"
    sheet.column_dimensions["A"].width = 40
    return save_book(book)


OFFICE_LAYOUTS: dict[str, Callable[[H8Doc], bytes]] = {
    "docx_sharou": _docx,
    "docx_photo": _docx,
    "docx_estate": _docx,
    "xl_gas": _xl_gas,
    "xl_checkup": _xl_checkup,
    "xl_office": _xl_office,
    "xl_green": _xl_green,
}


# -- scans --------------------------------------------------------------------------------------


def _fax(image: Any, doc: H8Doc, rng: random.Random) -> Any:
    """Half the vertical resolution, a threshold, a transmission line at the top."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    width, height = image.size
    image = image.resize((width, height // 2)).resize((width, height))
    pixels = np.asarray(image, dtype=np.float64)
    pixels = np.where(pixels < rng.uniform(128, 158), 0.0, 255.0)
    image = Image.fromarray(pixels.astype(np.uint8))
    font = ImageFont.truetype(str(FONTS["ipag"]), max(14, doc.dpi // 13))
    sent = doc.date + dt.timedelta(days=2)
    ImageDraw.Draw(image).text(
        (40, 12), f"{sent:%Y/%m/%d} {13 + doc.total() % 5}:{doc.total() % 60:02d}  {doc.issuer[2]}  {doc.issuer[0]}  P.001/001",
        font=font, fill=0,
    )  # fmt: skip
    return image


def _phone(image: Any, rng: random.Random) -> Any:
    """A phone-photo-like keystone (the bottom a little narrower) and a shadow in one corner."""
    import numpy as np
    from PIL import Image

    width, height = image.size
    inset = rng.uniform(0.018, 0.03) * width
    dst = [(0, 0), (width, rng.uniform(0, 0.01) * height), (width - inset, height),
           (inset * 0.7, height)]  # fmt: skip
    src = [(0, 0), (width, 0), (width, height), (0, height)]
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    coeffs = np.linalg.solve(np.array(rows, dtype=float), np.array(rhs, dtype=float))
    image = image.transform(
        image.size, Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.BICUBIC,
        fillcolor=150,
    )  # fmt: skip
    pixels = np.asarray(image, dtype=np.float64)
    ys, xs = np.mgrid[0:height, 0:width]
    distance = np.hypot((xs - width) / width, (ys - height) / height)  # from the bottom right
    shade = 1.0 - rng.uniform(0.18, 0.26) * np.clip(1.0 - distance / 0.7, 0, 1)
    return Image.fromarray(np.clip(pixels * shade, 0, 255).astype(np.uint8))


def _scan_page(image: Any, doc: H8Doc, rng: random.Random) -> Any:
    """Rotation, then the fax or the photo, or a flatbed's paper tone with the creases of a
    letter folded in three, a staple or a shadow along one edge, noise, dust and a slight
    blur."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter

    angle = rng.uniform(0.2, 2.8) * rng.choice((-1, 1))
    image = image.rotate(angle, expand=True, fillcolor=255, resample=Image.Resampling.BICUBIC)
    if doc.extra.get("fax"):
        return _fax(image, doc, rng)
    blur = rng.uniform(0.25, 0.5)
    if doc.extra.get("phone"):
        image, blur = _phone(image, rng), rng.uniform(0.75, 1.05)
    elif rng.random() < 0.5:  # a staple at the top left
        draw = ImageDraw.Draw(image)
        x, y, size = doc.dpi // 5, doc.dpi // 6, doc.dpi // 4
        draw.line((x, y + size, x + size, y), fill=rng.randint(50, 90), width=max(2, doc.dpi // 90))
    pixels = np.asarray(image, dtype=np.float64)
    generator = np.random.default_rng(rng.randrange(2**32))
    pixels = pixels * (rng.uniform(222, 242) / 255.0)  # the paper is not white
    height = pixels.shape[0]
    if not doc.extra.get("phone"):
        for third in (1, 2):  # the creases of a letter folded in three
            y = height * third // 3 + rng.randint(-8, 8)
            pixels[y : y + 2, :] *= rng.uniform(0.84, 0.92)
            pixels[y + 2 : y + 5, :] = np.minimum(pixels[y + 2 : y + 5, :] * 1.04, 255)
        if rng.random() < 0.55:  # a shadow along the left or the bottom edge
            band = max(8, doc.dpi // 16)
            if rng.random() < 0.5:
                pixels[:, :band] *= np.linspace(0.4, 1.0, band)[None, :]
            else:
                pixels[-band:, :] *= np.linspace(1.0, 0.4, band)[:, None]
    pixels += generator.normal(0, rng.uniform(2.0, 5.0), pixels.shape)
    pixels[generator.random(pixels.shape) < 0.0002] = rng.uniform(50, 110)  # dust
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(blur))


#: How the set is made (`corpus_parts.generate_printed`).
SET = PrintedSet(
    name="heldout8",
    prefix="h8_",
    build_docs=build_docs,
    fonts=FONTS,
    packages="fonts-ipaexfont-mincho fonts-ipafont-gothic fonts-ipafont-mincho fonts-vlgothic",
    css=CSS,
    layouts=LAYOUTS,
    office_layouts=OFFICE_LAYOUTS,
    pdf_options=_pdf_options,
    scan_seed=8000,
    quality=(50, 82),
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
