"""The words and patterns invoices print, as data: what extraction looks for in a document's
text (合計, 消費税, 10%対象, 御中, 登録番号, 品名/数量/単価/金額 …). Moved here verbatim from the
modules that use them (`lines`, `extract`, `layout_read`, `parties`), so that those hold no
Japanese: a change here changes what is extracted, and `bench/bench_extraction.py` measures it.

Nothing here is a message (none is translated); the sentences people read come from the
catalog (`invoice.*`).

Over 400 lines: one vocabulary of what invoices print, kept in one place (one definition each).
"""

from __future__ import annotations

import re

from blocks.text.japanese import amount_pattern

__all__ = [
    "ADDRESS",
    "ADVANCE",
    "AMOUNT",
    "AMOUNT_AFTER",
    "AMOUNT_CELL",
    "AMOUNT_HEAD",
    "AMOUNT_THEN_MARK",
    "BALANCE_ROW",
    "BARRIER",
    "BASE_LABEL",
    "BASE_WITH_RATE",
    "BASE_WORDS",
    "BRACKET_BASE",
    "BRACKET_TAX",
    "BUYER",
    "BUYER_LEAD",
    "CARRY",
    "CJK_SPACE",
    "CLOSING_DATE",
    "COLUMN_HEADS",
    "COMPANY",
    "CONSUMPTION_TAX_WORD",
    "CONTACT_LABEL",
    "CONTACT_WORD",
    "COUNT",
    "DATE_LABELS",
    "DATE_RANGE",
    "DATE_RANGE_END",
    "DEPARTMENT",
    "DUE_CELL",
    "DUE_LABELS",
    "DUE_QUALIFIER",
    "ENGLISH_LABEL_TAIL",
    "EXCLUSIVE_WORDS",
    "EXEMPT",
    "FEE_ITEM",
    "HEADER_BEFORE",
    "HEAD_ENGLISH_AFTER",
    "HEAD_JOINER",
    "HEAD_QUALIFIER",
    "HONORIFIC",
    "INCLUSIVE_WORDS",
    "ISSUER_LABEL",
    "ITEM_HEAD",
    "ITEM_HEADS",
    "ITEM_HEAD_NAME",
    "JAPANESE_THEN_ENGLISH",
    "LABEL_ONLY",
    "LATIN_DATE",
    "LATIN_MONTHS",
    "LETTER_SPACED",
    "MARKERS",
    "MERGED_RATE",
    "MINUS_SIGN",
    "MONEY_LABEL",
    "MONEY_MARK",
    "MONEY_PREFIX",
    "MONTH_END",
    "NAME_CHAR",
    "NET_LABEL",
    "NON_TAXABLE",
    "NOTE_CELL",
    "NOT_ITEM",
    "NOT_ONLY_NUMBERS",
    "NOT_RATE",
    "NO_NAME",
    "NUMERIC_HEADS",
    "NUM_WORD",
    "OCR_LABEL_REPAIRS",
    "PAID",
    "PAYMENT_DUE",
    "PERIOD_MONTH",
    "PLAIN_NUMBER",
    "PREVIOUS",
    "QTY_CELL",
    "QTY_PRICE",
    "QTY_WITH_UNIT",
    "RATE",
    "RATE_HEAD",
    "RATE_IN_BRACKETS",
    "RATE_LABEL",
    "RATE_LEAD",
    "RATE_ROW_LABEL",
    "RATE_WORD",
    "REDUCED_CELL",
    "REDUCED_CELL_RATE",
    "REDUCED_MARK",
    "REDUCED_NOTE",
    "REDUCED_WORD",
    "REGISTRATION_LABEL",
    "REG_LABEL",
    "REG_LABEL_HEAD",
    "REG_STRICT",
    "ROLE",
    "ROW_NUMBER",
    "SEGMENT_END",
    "SENTENCE",
    "SHOP_NAME",
    "SIMPLIFIED_GLYPHS",
    "SINGLE_EXCLUSIVE_WORDS",
    "SINGLE_RATE_TOTAL",
    "SPECK",
    "STRAY_LETTER_AFTER",
    "SUBTOTAL",
    "SUMMARY_HEAD",
    "SUM_NAME",
    "TABLE_HEADS",
    "TAX",
    "TAXABLE_WORD",
    "TAX_AMOUNT_WORD",
    "TAX_INCLUDED",
    "TAX_IN_ROW",
    "TAX_LABEL",
    "TAX_THEN_RATE",
    "TAX_WITH_RATE",
    "TAX_WORD",
    "TOTAL_LABELS",
    "UNIT_AFTER",
    "UNIT_HEAD",
    "UNIT_WORD",
    "WITHHOLDING",
    "YEARLESS_DATE",
    "YEN_MARK",
]

# -- line items (`lines`): number cells, units, the item table's header words, the barrier

AMOUNT = amount_pattern()

NUM_WORD = re.compile(
    r"^(?:[△▲]?[¥]?[-△▲]?\d[\d,]*(?:\.\d+)?円?-?|(?:(?:軽減|標準)(?:税率)?)?\d+(?:\.\d+)?%(?:\(軽減税率\)|※|\*)?"
    r"|[×xX*@]|\d+\s*[×xX*]\s*[¥]?\d[\d,]*円?|非課税|不課税|対象外|免税|課税|非"
    r"|課税\s*\(?\s*\d+(?:\.\d+)?\s*%\s*\)?)$"  # a 課税区分 cell: 「課税(10%)」
)
#: Outside the tax (免税: an export or an international transport, at 0 %).
EXEMPT = re.compile(r"非課税|不課税|対象外|免税|(?<!\S)非(?!\S)")  # 「非」: a 税 column's 非課税
#: The rate cell of an item outside the tax (a row under a 「…(非課税)」 section's head).
EXEMPT_WORD = "非課税"
#: A row of the item table that bills the transfer fee paid on the buyer's behalf
#: (「振込手数料（立替）」): an item, though 振込 elsewhere starts the bank details.
FEE_ITEM = re.compile(r"^振込手数料")
# A unit price and its tax category printed close enough to share one cell
# (「¥44,000標準10%」, 「¥648軽減8%」): split into the two columns' texts.
MERGED_RATE = re.compile(
    r"^(?P<amount>[¥￥]?\d[\d,]*(?:\.\d+)?円?)\s*"
    r"(?P<rate>(?:標準|軽減|軽)(?:税率)?\s*\d+(?:\.\d+)?\s*%\S*)$"
)
# An advance paid for the buyer (立替金: stamps, fares) is outside the tax: non-taxable.
ADVANCE = re.compile(r"立替")
# The counters every unit pattern knows (a unit cell, a quantity with its unit, a count after a
# total label); each pattern adds the ones of its own place (「泊」 in a quantity cell, 「単位」 after
# a total, 「ライセンス」 as a unit cell).
_COUNTERS = "個|本|件|点|枚|名|人|回|台|箱|冊|式|袋|缶|組|セット|ケース|kg|時間|日"
# A unit cell (数量 5, 単位 式): only read as such under a table header with a 単位 column.
UNIT_WORD = re.compile(
    rf"^(?:{_COUNTERS}|h|H|ヶ月|か月|カ月|月|g|m|部|食|"
    r"ロール|枚組|ライセンス|アカウント|人日|人月|樽|尾|束|玉|丁|瓶|槽|着|脚|基|坪|m2|㎡)$"
)
#: A cell under an item table's quantity head, a number and any unit (「83m3」, 「2か月」,
#: 「1,216件」): the number.
QTY_CELL = re.compile(r"^(?P<qty>\d[\d,]*(?:\.\d+)?)\s*[^\d\s,.%]\S*$")
#: A cell of a quantity with its unit (「78時間」, 「25日」): the quantity.
QTY_WITH_UNIT = re.compile(
    rf"^(?P<qty>\d[\d,]*(?:\.\d+)?)\s*(?:{_COUNTERS}"
    r"|通|室|施設|部|パック|帖|丁|着|脚|基|食|泊|ステージ)$"
)
SPECK = re.compile(r"^[\s.。、・'\"]+|[\s.。、・'\"]+$")  # OCR specks around a row
ROW_NUMBER = re.compile(r"^\d{1,3}\s+(?=\D)")
# Header cells of a line-item table: a description column and the amount column at least.
ITEM_HEADS = frozenset(
    {"品名", "品目", "摘要", "内容", "商品名", "項目", "明細", "品名・規格", "品番・品名",
     "作業内容", "件名", "商品", "品名/内容", "工種", "物件", "氏名", "スタッフ"}
)  # fmt: skip
TABLE_HEADS = ITEM_HEADS | {"No", "No.", "NO", "#", "番号", "数量", "単価", "月額", "金額", "税率",
                              "単位", "税区分", "課税区分", "区分", "備考", "消費税",
                              "軽減", "軽減税率", "軽減対象", "時間", "日数", "時間・日数"}  # fmt: skip
# (時間・日数: a staffing bill's quantity column, hours or days)
NUMERIC_HEADS = frozenset(
    {"数量", "単価", "月額", "金額", "税率", "税区分", "課税区分", "時間", "日数", "時間・日数"}
)
QTY_PRICE = re.compile(r"(\d[\d,]*)\s*[×xX*]\s*[¥]?(\d[\d,]*)円?")
RATE_WORD = re.compile(r"(軽減(?:税率)?)?\s*(\d+(?:\.\d+)?)\s*%(\s*\(軽減税率\))?")
MARKERS = "※*☆★◎"
# 「(軽減)」「(軽減税率)」「(軽)」 after a description: the item is taxed at the reduced rate.
REDUCED_WORD = re.compile(r"\s*[(（]\s*軽(?:減)?(?:税率)?(?:対象)?\s*[)）]")
# 「計」 closing a sum's name (「立替金 計」, 「工事費計」), not a word ending in 計 (設計, 会計)
_SUM_WORD = r"(?:\s|[費金額料賃代])計"
BARRIER = re.compile(
    r"登録番号|御中|様$|様\s|請求日|発行日|取引日|納品日|日付|請求書番号|請求No|^No\.|"
    r"ご請求|請求金額|請求額|対象|小計|消費税|税額|合計|総額|内訳|お支払|振込|支払期限|期日|"
    # 電話 as a label (「電話 011-…」, 「電話番号」), not a phone service billed (電話リレーサービス料);
    # 口座 as a bank account's, not a utility's discount for paying by it (口座振替割引)
    r"銀行|口座(?!振替割引)|TEL|FAX|電話(?=\s*(?:番号)?\s*[:：(（]?\s*\d|\s*$)|〒|^\d+\s*/\s*\d+|発行者|備考|本体価格|課税対象|課税標準|"
    r"税抜金額|税込金額|総計|請求番号|伝票番号|預金|"
    # a document's or a contract's number label (明細番号 35090734, 契約番号, お客様番号)
    r"(?:明細|契約|管理|顧客|お客様|注文|受付|照会|会員)番号|(?:普通|当座)\s*(?:口座)?\s*\d{5,8}|"
    r"お預[りか]|お釣り?|釣銭|額計|"
    # a tax category's subtotal (「免税 計(国際輸送)」, 「立替金 計(不課税)」), not 計算/計測
    r"(?:免税|非課税|不課税|課税|立替金?)\s*計(?![算器測画量])|"
    # a subtotal of fees before tax (「ご利用料金(税抜)」, 「作業料金計(税抜)」, 「報酬額(税抜)」): the summary
    r"(?:料金|金額|報酬額?)計?\s*[(（]税抜[)）](?!\S)|"
    # a named sum before tax (「報酬額 計(税抜)」, 「工事費計(税抜)」): the summary too
    rf"{_SUM_WORD}\s*[(（]税抜[)）]$|"
    # a page marker (「1 / 2 ページ」, 「ページ 2」), not a word with ページ in it (ホームページ)
    r"^[(\-\s]*(?:\d+\s*/\s*)?\d+\s*ページ(?:目)?[)\-\s]*$|^ページ\s*[:：]?\s*\d+(?:\s*/\s*\d+)?$|^ページ$"
)


# -- figures and dates (`extract`): per-rate totals and tax, the grand total, carried balances, due dates

# 「8%対象 7,776円」; not the note 「(8%)対象品目」 / 「8%対象商品です」 (no figure follows it).
RATE_LABEL = re.compile(r"(\d+(?:\.\d+)?)\s*%(?:(?!課税|額)[^\d%。]){0,12}?対象(?!\s*(?:品|商品))")
SEGMENT_END = re.compile(r"税込合計|税込金額合計|合計|総額|ご請求|請求金額|請求額|お支払|[※]")
NOT_RATE = r"(?![\d,.]|\s*%)"  # an amount is not the "10" of "(10%)"
SUBTOTAL = re.compile(
    rf"(?:小計|対象額|対象金額|課税対象額|税抜金額|税込金額|本体価格|計)\s*[:：]?\s*({AMOUNT}){NOT_RATE}"
)
# 「(税 71,610円)」 after a rate's base: 税 alone in a bracket is that rate's tax; 税額 is not the
# amount outside the tax (不課税額, 非課税額, 免税額).
TAX = re.compile(
    rf"(?:(?:内|うち)?消費税(?:等?相当額|等額?|額等?)?|(?<![課免])税額|内税|[(（]\s*税)\s*[:：]?\s*\(?\s*"
    rf"({AMOUNT}){NOT_RATE}"
)
# 「消費税(10%) 5,347」, 「(内消費税等10% ¥175)」, 「うち消費税等相当額(10%)」, a receipt's 「(外税8%
# ¥835)」: the rate after the label, bracketed or not.
TAX_WITH_RATE = re.compile(
    rf"(?:(?:内|うち)?消費税(?:等?相当額|等額?|額等?)?|外税)\s*[(（]?\s*(\d+)\s*%\s*[)）]?\s*[:：]?\s*({AMOUNT}){NOT_RATE}"
)
# 「うち消費税等相当額 12,275円(10%対象額 135,026円)」: a utility's tax, its rate's base after it.
TAX_THEN_RATE = re.compile(
    rf"(?:内|うち)?消費税等?(?:相当)?額?\s*[:：]?\s*(?P<amount>{AMOUNT}){NOT_RATE}\s*円?\s*"
    r"[(（]\s*(?P<rate>\d+)\s*%\s*対象"
)
# 「(消費税 10%) 5,000」: the rate inside the bracket with the label.
BRACKET_TAX = re.compile(
    rf"[(（]\s*(?:内)?消費税(?:等額?|額等?)?\s*(\d+)\s*%\s*[)）]\s*[:：]?\s*({AMOUNT}){NOT_RATE}"
)
BRACKET_BASE = re.compile(
    rf"[(（]\s*(\d+)\s*%\s*対象(?:額|金額)?\s*[)）]\s*[:：]?\s*({AMOUNT}){NOT_RATE}"
)
BASE_WITH_RATE = re.compile(
    rf"(?:課税対象(?:額)?|対象額|対象金額|本体価格|税抜金額|小計|課税標準額)\s*[(（]\s*(\d+)\s*%\s*"
    rf"(?:対象)?[)）]\s*[:：]?\s*({AMOUNT}){NOT_RATE}"
)
SINGLE_RATE_TOTAL = re.compile(
    rf"(?:税抜合計|税抜金額|合計\(税抜\)|小計\(税抜\)|課税対象額|本体価格|小計)\s*[:：]?\s*"
    rf"({AMOUNT}){NOT_RATE}"
)
#: 「ご請求額（税込） 257,730」: a total label may say that it includes the tax.
TAX_INCLUDED = r"(?:\s*\((?:[^()]{0,12}・)?税込\))?"  # 「(税込)」, 「(手数料合計・税込)」
# Total labels, strongest first; each group's matches are candidates of the grand total.
#: The characters before 金 in the words that end in it (料金, 代金, 前受金, 立替金, 預り金, 保証金,
#: 敷金, 賃金, 現金, 入金, 返金, 残金, 税金, 送金, 課金, 借入金, 売掛金, 未払金, 頭金, …).
_MONEY_WORD_HEADS = "料代受替預り証敷礼賃現入出返残税基年送課借付掛払頭内集拠献賞罰会元"
TOTAL_LABELS = (
    r"(?:税込)?合計(?:金額)?\s*\(税込\)|税込合計(?:金額)?|税込(?:金)?額(?:合計|計)|(?<!前回)(?<!前月)(?:今回(?:ご|御)?|ご|御)請求(?:金)?額(?:合計)?"
    r"|請求金額(?:合計)?|お支払(?:い)?金額|お支払額|総額|総計|領収金額"
    r"|差引(?:お|ご)?(?:振込|支払|請求)(?:金)?額"  # after 源泉徴収: 差引お振込額
    r"|(?=金\s*[¥￥]?\s*\d[\d,]*\s*円也)"  # a receipt's 「金 60,300円也」
    # 「金 ¥132,340 —」, not a word ending in 金 (料金, 代金, 立替金, …; the text is squeezed, so
    # 「上様 金」 reads 「上様金」)
    rf"|(?<![{_MONEY_WORD_HEADS}])(?=金\s*[¥￥]\s*\d[\d,]*(?![\d,]))",
    r"(?<![小対象抜税])合計(?:金額)?(?!\s*\(税抜)",  # not 税抜合計, 消費税合計
    r"(?<![単抜体象価])金額(?=\s*[:：]?\s*[¥￥])",
)
NON_TAXABLE = re.compile(
    rf"(?:非課税|不課税|対象外|立替金)(?:\s*\((?:立替金|非課税|対象外)\))?(?:分|額|対象|合計)?\s*[:：]?\s*"
    rf"({AMOUNT})(?![\d,]|\s*%)"
    # 「不課税(キャンセル料) 17,600」: a bracket naming what is outside the tax, then one amount
    # (an item row 「非課税(印紙代) 1 400 400」 gives its quantity, then more numbers)
    rf"|(?:非課税|不課税|対象外)\s*\([^()]{{1,12}}\)\s*[:：]?\s*"
    rf"({AMOUNT})(?![\d,]|\s*%)(?!\s+[\d¥￥△▲-])"
)
CJK_SPACE = re.compile(
    r"(?<=[\u3040-\u30ff\u4e00-\u9fff【(])\s+(?=[\u3040-\u30ff\u4e00-\u9fff】)])"
)
REDUCED_NOTE = re.compile(rf"[{MARKERS}]\s*印?\s*(?:は|の|:|=)?[^。\d]{{0,15}}?(?:軽減|8\s*%)")
DATE_LABELS = (
    ("取引日", "取引年月日", "納品日", "売上日", "ご利用日", "利用日", "お買上日"),
    ("請求日", "発行日", "日付", "作成日"),
)
#: The English half of a bilingual label between its Japanese half and the value (「発行日 /
#: Issue date:」).
ENGLISH_LABEL_TAIL = re.compile(r"\s*/\s*[A-Za-z][A-Za-z .]*[:：]?\s*$")
#: After a date: the rest of a period (「~ 2032-07-31」, 「〜 7月31日」).
DATE_RANGE = re.compile(r"\s*[~〜～\-−–]\s*(?:\d|令和|平成|R\d)")
#: Before a date: the start of a period and its dash (「2032-07-01 ~」).
DATE_RANGE_END = re.compile(r"\d\s*日?\s*\)?\s*[~〜～–]\s*$")
DUE_LABELS = (
    "支払期限",
    "振込期限",
    "お支払期日",
    "お支払期限",
    "支払期日",
    "期日",
    "有効期限",
    "納付期限",
    "納入期限",
    "納期限",  # a public body's 納入通知書
    # paid by direct debit: the day the amount is taken from the buyer's account
    "口座振替日",
    "振替日",
    "引落日",
    "お引落日",
)

UNIT_AFTER = re.compile(rf"^\s*(?:{_COUNTERS}|単位|g|m|ヶ月|か月)")

# 「合計 11点 ¥172,875」: a count of pieces between the label and an amount with ¥.
COUNT = r"\d{1,4}\s*(?:点|個|品|件|枚|本|コ)"
# 「御請求金額 金 2,467,723 円」: the formal 金 written before an amount.
MONEY_PREFIX = r"(?:金\s*(?=[¥￥]?\d))?"

# A total label right after other labels and followed by a run of amounts: a table's header
# row and value row read in reading order, where the first amount belongs to the first label.
HEADER_BEFORE = re.compile(r"(?:額|税|計|金)\s*$")
AMOUNT_AFTER = re.compile(rf"\s+(?:{AMOUNT})(?![\d,]|\s*%)")

CARRY = re.compile(rf"繰越(?:金額|額|残高)?\s*[:：]?\s*({AMOUNT})")
PREVIOUS = re.compile(rf"前回(?:ご|御)?請求(?:金)?額\s*[:：]?\s*({AMOUNT})")
#: 源泉徴収税額 / 源泉所得税 (a fee's income tax the payer withholds: the payment is the total less
#: it), with an optional rate in brackets and a minus mark (△, ▲, -) before the amount; OCR
#: reads 徴 as its older form 徵 (a distinct character that NFKC keeps).
# A total label that names the amount after deductions (差引お振込額): with 源泉徴収 it is the net.
NET_LABEL = re.compile(r"差引")
WITHHOLDING = re.compile(
    rf"源泉(?:[徴徵]収)?(?:所得)?税(?:額)?(?:\s*[(（][^)）]{{0,24}}[)）])?\s*[:：]?\s*[△▲\-−]?\s*"
    rf"({AMOUNT})(?![\d,]|\s*%)"
)
PAID = re.compile(rf"(?:今回|前回)?(?:ご|御)?入金(?:額)?\s*[:：]?\s*({AMOUNT})")
#: An advance already paid, printed as a deduction before the amount to pay (「前受金(お申込金・
#: ご入金済) △500,000」 over 「差引ご請求額」): the minus mark is required.
ADVANCE_DEDUCTED = re.compile(
    # 前回過入金 調整 ▲…: what the buyer overpaid last time, taken off this invoice
    rf"(?:前受金|内金|手付金|申込金|前払金|既入金額?|(?:前回)?過入金(?:額|分)?)(?:\s*調整(?:額)?)?"
    rf"(?:\s*[(（][^)）]{{0,20}}[)）])?\s*[:：]?\s*"
    rf"[△▲\-−]\s*({AMOUNT})"
)

# 納付期限 / 納入期限: a public body's (a waterworks bureau's 納入通知書).
PAYMENT_DUE = re.compile(
    r"(?:お?支払(?:い)?|お?振込)(?:期限|期日|予定日)|お支払日|振込日|支払日|納付期限|納入期限|納期限"
    r"|(?:口座)?振替日|お?引落(?:予定)?日"
)
# How the due date is paid, in brackets after its label: 「お支払期日(口座振替日)」.
# An English date before its Japanese form on a bilingual page (「Aug 27, 2030(2030年8月27日)」,
# 「27 Aug 2030」): its month by `LATIN_MONTHS`.
LATIN_DATE = re.compile(
    r"^\s*(?:(?P<month>[A-Za-z]{3,9})\.?\s+(?P<day>\d{1,2}),?|(?P<day2>\d{1,2})\s+(?P<month2>[A-Za-z]{3,9})\.?)"
    r"\s+(?P<year>\d{4})\s*[(（]?"
)
LATIN_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
DUE_QUALIFIER = re.compile(r"^\s*[(（](?:口座)?(?:振替|引落し?|引き落とし|振込)(?:予定)?日?[)）]")
# 「5月20日締め分」, 「11月14日締切分」: the closing date a bill's 「翌月末日」 counts from.
CLOSING_DATE = re.compile(r"(?P<month>\d{1,2})\s*月\s*(?P<day>\d{1,2})\s*日\s*(?:締め?|締切)")
# A cell that is only a due label (a header row's 「お支払期限」 over its value row).
DUE_CELL = re.compile(
    rf"[【(]?(?:{PAYMENT_DUE.pattern})(?:{DUE_QUALIFIER.pattern[1:]})?[】)]?[:：]?"
)
# 「2027年7月末日」, 「令和9年4月末日」, 「2027/7末」: a month's last day, 西暦 or 和暦.
MONTH_END = re.compile(
    r"(?P<era>令和|平成|(?<![A-Za-z])R(?=\s*\d{1,2}\s*[./年]))?\s*"
    r"(?P<year>(?(era)(?:\d{1,2}|元)|\d{4}))\s*[年/.\-]\s*(?P<month>\d{1,2})\s*月?\s*末(?:日)?"
)


#: A month and day with no year in front (「5月31日」, 「11月末日」, 「11月末」).
YEARLESS_DATE = re.compile(
    r"(?<![\d年/.\-])(?P<month>\d{1,2})\s*月\s*(?:(?P<day>\d{1,2})\s*日|(?P<end>末日?))"
)
#: The month a document is for: 「2029年5月度」, 「令和11年5月分」.
PERIOD_MONTH = re.compile(
    r"(?:(?P<era>令和|平成)\s*(?P<eyear>\d{1,2}|元)|(?P<year>\d{4}))\s*年\s*"
    r"(?P<month>\d{1,2})\s*月\s*(?:度|分)"
)
#: A row named as a sum: 「立替金 計」, 「工事費計(税抜)」, 「運賃計」 (not 「設計」, 「会計」).
SUM_NAME = re.compile(rf"{_SUM_WORD}\s*(?:[(（](?:税抜|税込)[)）])?$")


# -- tables read by position (`layout_read`): money labels, item and rate heads

AMOUNT_CELL = re.compile(rf"^[(（]?\s*(?:{amount_pattern()})\s*円?\s*[-)）]?$")
PLAIN_NUMBER = re.compile(r"^\d{1,3}$")  # a count or a row number, not money by its looks
MONEY_LABEL = re.compile(
    r"請求|合計|消費税|税額|対象|小計|金額|入金|繰越|買上|税抜|税込|本体|総額|残高|値引"
)
ITEM_HEAD = re.compile(
    r"^(?:品名|品目|摘要|内容|商品名|明細|品名・規格|作業内容|件名|商品|項目|工種|物件(?:名)?|区間|経路|費目"
    r"|乗車→降車|発→着"
    r"|(?:業務|作業|サービス|ご?利用|料金)(?:内容|内訳)|(?:ご利用)?サービス(?:名)?|プラン(?:名)?"
    r"|(?:(?!税|金|額|計)[一-龥ァ-ヶー]){1,4}(?:内容|内訳|項目)|(?:(?!税|金|額|計)[一-龥]){1,3}物)$"
)  # 工種: a construction bill's work item (出来高請求書); 物件: a lease's leased item (物件・回数);
# ご利用内訳 / 料金内訳: a utility's; 区間, 経路, 乗車 → 降車: a fare's route (taxi, freight); 費目:
# a rent's (賃料, 共益費), left of its 摘要;
# 工事内容, 掲載内容, 業務内容, 工事項目, 技工物: what was done or made, by its trade's word
# (not a summary's 税率別内訳, 金額内訳)
#: The item head a trade's own word for it (`ITEM_HEAD`) stands for in a header read in order.
ITEM_HEAD_NAME = "品名"
#: One label of a summary header row; a cell that OCR ran several together in
#: (「税抜合計消費税合計税込合計」) is a run of these (`flat_tables`).
SUMMARY_HEAD = re.compile(
    r"(?:前回|今回|前月|当月|差引)?(?:ご|御|お)?"
    r"(?:請求(?:金)?額|支払い?(?:金)?額|入金(?:額)?|買上げ?(?:金)?額|繰越(?:金)?額|繰越残高"
    r"|値引(?:額)?)"
    r"|(?:税抜|税込|消費税|総)?合計(?:金額)?(?:\((?:税抜|税込)\))?"
    r"|(?:消費税|課税)?対象(?:金)?額|(?:税抜|税込)(?:金)?額(?:計)?|消費税等?(?:額)?(?:計)?"
    r"|小計|本体(?:価格|金額)|税額|内税(?:額)?|総額|非課税(?:額)?"
)  # 内税額: a receipt's tax inside its prices
#: One letter after a company's name on its line, a space apart: a seal's (角印) letter printed
#: beside it (「株式会社あさひな医療器材 ひ」), not part of the name.
STRAY_LETTER_AFTER = re.compile(r"\s+[\u3040-\u30ff\u4e00-\u9fff]$")
#: A column head's English after it (「数量 Qty」, 「単価 Unit price」): not part of its name.
HEAD_ENGLISH_AFTER = re.compile(r"(?<=[^\x00-\x7f])\s+[A-Za-z][A-Za-z .#]*$")
#: A column head's qualifier in brackets after it (「品名(産地・規格)」, 「料金内訳(税込)」, 「数量(kg)」).
HEAD_QUALIFIER = re.compile(r"\([^()]*\)$")
#: The head of a summary table's column of rate labels, longest first: at the start of a
#: header cell OCR ran together (「税率区分税抜金額…」) as `RATE_LEAD`, a whole cell as `RATE_HEAD`.
RATE_LEAD = re.compile(r"(?:税率区分|課税区分|税区分|適用税率|税率|区分)")
RATE_HEAD = re.compile(rf"^{RATE_LEAD.pattern}$")
RATE = re.compile(r"(\d{1,2})\s*%")
NOT_ITEM = re.compile(
    r"^(?:小計|合計|総計|計|消費税|税額|内消費税|対象|\d+\s*%\s*対象|値引|振込|お支払|備考)"
)

#: A ledger's row that is no item: the balance carried in (前月繰越) or a payment (御入金).
BALANCE_ROW = re.compile(r"^(?:前月|前回)?(?:残高)?繰越|^(?:お|ご|御)?入金")
#: A cell of its own marking the row's item as reduced-rate (a 備考 or 軽減 column).
REDUCED_CELL = re.compile(r"^(?:軽減税率|軽減|軽|軽減税率対象|軽減対象|軽減税率適用)$")
COLUMN_HEADS = (
    ("description", ITEM_HEAD),
    (
        "amount",
        # 料金(円): a utility bill's; 売上金額: a ledger's beside 入金金額; 今回出来高: a 出来高
        # sheet's amount billed this time, beside 契約金額 / 前回迄 / 累計
        # 今回請求額: the same sheet's column of what is billed this time, when so headed;
        # 運賃: a fare's; リース料, 利用料: a lease's or a service's charge
        re.compile(
            r"^(?:金額|料金|運賃|(?:リース|レンタル|ご?利用|使用)料|税抜金額|税込金額|小計|価格|合計|合計金額|売上金額"
            r"|今回出来高(?:金額)?|今回(?:ご)?請求(?:金)?額)(?:\((?:税抜|税込|円)\))?$"
        ),
    ),
    # 使用量: a utility's or a cloud bill's usage (kWh, GB, vCPU-hours) times its 単価
    ("quantity", re.compile(r"^(?:数量|数|個数|件数|台数|本数|枚数|回数|人数|口数|ご?使用量)$")),
    # 月額: a lease's or a rent's price per month (「数量 単位 月額 金額」)
    ("unit_price", re.compile(r"^(?:単価|月額)(?:\((?:税抜|税込|円)\))?$")),
    # 「税」: an item table's column of each row's rate (10%, 8%, 非); its cells are read as
    # rates only (`layout_read.item_rows`), so a column of tax amounts is not taken for one
    ("rate", re.compile(rf"^(?:{RATE_LEAD.pattern}|税)$")),
    # a column headed 軽減 whose cells mark the reduced-rate rows (※, ○, ★): `REDUCED_MARK`
    ("reduced", REDUCED_CELL),
)
#: A mark in the 軽減 column: the row is at the reduced rate.
REDUCED_MARK = re.compile(r"^(?:[※*＊○〇●◎✓✔★☆]|軽|8\s*%)$")


# -- the parties (`parties`): addresses, legal forms, registration labels, honorifics

ADDRESS = re.compile(r"^(?:〒|\d{3}-\d{4}|東京都|北海道|大阪府|京都府|\S{2,3}県)|TEL|FAX|電話|@")
COMPANY = re.compile(
    # 事務所: a firm's (法律事務所, 設計事務所), not a building's 管理事務所
    r"株式会社|有限会社|合同会社|合資会社|合名会社|\(株\)|\(有\)|\w法人|商店|(?<!管理)事務所|商会"
    # a sole trader's house name by its trade (ふじた歯科技工所, 翻訳工房…, …工務店)
    r"|技工所|研究所|製作所|工房|工務店"
    # a public body that bills (a city's waterworks bureau, a cooperative)
    r"|(?:水道|交通|郵便)局|役所|役場|組合"
)
#: A shop's name by its trade (ささき豆腐店, たかはし畳店), not a bank's 本店 / 支店: a weak cue,
#: since a branch is named so too (「駅前店」 under its company's name).
SHOP_NAME = re.compile(r"^\S*[一-龥ぁ-んァ-ヶー](?<![本支来])店$")
REG_STRICT = re.compile(r"(?<![A-Za-z0-9])T ?-? ?(\d(?:[ -]?\d){12})(?![\d-])")
# The words of a registration label before 登録番号 (適格請求書発行事業者登録番号): not a name.
# The English half of a bilingual registration label (「Registration No. / 登録番号」,
# 「Qualified Invoice Issuer No. / 適格請求書発行事業者登録番号」): not a name.
REG_LABEL_EN = re.compile(r"(?i)^[A-Za-z .]*\b(?:no|number|registration|issuer)\b\.?\s*/?$")
# A name's English form in brackets after it (「株式会社そらいろクラウド（Sorairo Cloud K.K.）」).
LATIN_NAME_AFTER = re.compile(r"\s*[(（][A-Za-z][A-Za-z0-9 .,&'\-]*[)）]$")
REG_LABEL_HEAD = re.compile(
    r"(?:適格請求書発行事業者|適格請求書発行業者|適格請求書発行|適格事業者|インボイス|事業者)"
    r"[:：]?\s*$"
)
# A cell that is only a label: never a party's name.
LABEL_ONLY = re.compile(
    r"^(?:適格請求書発行(?:事)?業者|適格(?:請求書)?事業者|登録事業者|インボイス登録|"
    r"(?:発行者|発行元|請求元|販売者|事業者)(?:情報|欄|名)?|ご?請求先|お?取引先|宛先|"
    # a number's label (契約番号, 伝票番号, お客様番号): its value stands beside it
    r"\S{0,6}番号|"
    # a receipt's stamp box (収入印紙, often on two lines: 「収入」 above 「印紙」)
    r"(?:収入)?印紙|収入)\s*[:：]?$"
)
REG_LABEL = re.compile(r"登録番号\s*[:：]?\s*(\S*)")
BUYER = re.compile(r"^(.+?)\s*(御中|様|殿|宛)(?:\s|$|[(（])")  # 「御中（Suzuran Giken）」
HONORIFIC = re.compile(r"^(?:御中|様|殿|宛)$")
#: A label before the buyer's name in its cell (「お客様　○○株式会社　御中」, 「ご請求先: …」):
#: read through, never the name (「お客」 before 様).
BUYER_LEAD = re.compile(
    r"^(?:[A-Za-z][A-Za-z .]{0,20}/\s*)?(?:お客様|顧客|宛名|宛先|ご?請求先)(?:名)?\s*[:：]?\s*"
)  # a bilingual label: 「Bill To / ご請求先：」
#: A department after the buyer's company (「○○株式会社 経理部」, 「… 物流センター」): the party
#: is the company. A branch (支店, 営業所) is named with it as it is printed.
DEPARTMENT = re.compile(r"^\S+?(?:部|課|室|係|センター|グループ|チーム)$")
ISSUER_LABEL = re.compile(r"^(?:発行者|発行元|販売者|事業者名|請求元)(?:情報|欄)?\s*[:：]?\s*(.*)$")


# -- words the code above them compares cells and labels with ---------------------------------

#: A per-rate segment naming these states tax-inclusive amounts (`extract._rates`) ...
INCLUSIVE_WORDS = ("税込", "内消費税", "内税")
#: ... and these tax-exclusive ones.
EXCLUSIVE_WORDS = ("税抜", "外税")
#: A single rate's total labelled with one of these is tax-exclusive.
SINGLE_EXCLUSIVE_WORDS = ("税抜", "課税")
#: The words of a summary header (`layout_read._canonical`): a tax column, a base column.
TAX_AMOUNT_WORD = "税額"
CONSUMPTION_TAX_WORD = "消費税"
TAX_WORD = "税"
TAXABLE_WORD = "対象"
BASE_WORDS = re.compile(r"対象|税抜|本体|小計|金額|課税")
#: The labels the rules read a summary row under when the row gives the rate.
TAX_LABEL = "消費税額"
BASE_LABEL = "対象額"
#: A value row whose own label names a tax amount is not a rate's row.
TAX_IN_ROW = re.compile(r"(?<![課免])税額|消費税(?!対象)")
#: A value row's own label when it names a rate (「10%」 → 「10%対象」).
RATE_ROW_LABEL = "{rate}%対象"
#: Two heads in one cell (品名・摘要, 品名・規格).
HEAD_JOINER = "・"
#: The item table's amount and unit heads (`lines._table_start`).
AMOUNT_HEAD = "金額"
UNIT_HEAD = "単位"
#: A candidate total written as money (¥, 円, a thousands separator), not a count.
MONEY_MARK = re.compile(r"[¥￥円,]")
#: A rate in brackets right after a label (「(10%)」, 「（10％）」).
RATE_IN_BRACKETS = re.compile(r"\s*[(（]\s*\d+(?:\.\d+)?\s*[%％]")
#: A label printed in English, then in Japanese (「Consumption tax (10%) / 消費税」, 「Consumption
#: tax 10% / 消費税」, 「Due date / お支払期限」, 「Total (tax incl.) / 税込合計」): read as the
#: Japanese one, with the rate the English gave in brackets after it.
BILINGUAL_LABEL = re.compile(
    r"^[A-Za-z][A-Za-z .,&'-]*(?:\((?P<rate>\d+(?:\.\d+)?\s*%)\)|(?P<bare_rate>\d+(?:\.\d+)?\s*%)"
    r"|\([A-Za-z .]+\))?[A-Za-z .]*"
    r"\s*/\s*(?P<label>(?:お|ご|御)?(?:消費税(?:等|額)?|小計|合計|税込合計|請求(?:金)?額"
    r"|支払(?:い)?(?:期限|期日|金額)|振込期限|請求日|発行日|取引日|請求書?番号)(?![^\s(（:：]))"
)
#: A label printed in Japanese, then in English (「消費税 Tax 10%」, 「小計 Subtotal(10%対象)」,
#: 「お支払金額 Total」, 「小計 / Subtotal」, 「消費税 10% / Tax」, 「ご請求金額(税込)/ Amount
#: invoiced」): read as the Japanese one, with its note or rate.
JAPANESE_THEN_ENGLISH = re.compile(
    r"^(?P<label>(?:お|ご|御)?(?:消費税(?:等|額)?|小計|合計(?:金額)?|税込合計|請求(?:金)?額"
    r"|支払(?:い)?(?:期限|期日|金額)|振込期限|請求日|発行日|取引日|請求書?番号|立替金?|非課税"
    r"|値引き?|割引))(?P<note>\s*[(（][^)）]{0,20}[)）]|\s*\d+(?:\.\d+)?\s*%)?"
    r"\s*(?:/\s*)?[A-Za-z]{2,}(?:[ .&'-]+[A-Za-z]+)*\.?\s*(?=[(（\d¥￥]|$)"  # not 「R11.5.31」
)
#: An amount in yen marked by its currency code (「JPY 1,320,000」, 「110,371 JPY」): read as
#: with ¥ before it.
JPY_BEFORE = re.compile(r"\bJPY\s*(?=[-△▲]?\s*\d)")
JPY_AFTER = re.compile(r"([-△▲]?\d[\d,]*(?:\.\d+)?)\s*JPY\b")
#: A minus sign other than the hyphen (U+2212 −, as typeset pages print it; a dash) before an
#: amount (「−¥4,400」): read as the hyphen.
MINUS_SIGN = re.compile(r"[\u2212\u2012\u2013\uFE63](?=\s*[¥￥]?\s*\d)")
#: A number cell marked as money (a unit price rather than a quantity).
YEN_MARK = re.compile(r"[¥円]")
#: A description with something other than numbers in it.
NOT_ONLY_NUMBERS = re.compile(r"[^\d\s,.%¥円×xX*-]")
#: A buyer written 「上」 (様): the no-name placeholder (`vocabulary.NO_NAME_BUYER`).
NO_NAME = "上"
#: A cell naming a person in charge (担当: …), never the issuer.
CONTACT_WORD = "担当"
#: A department, a person with it or with a branch, a title or a payment term: never the
#: issuer's name (unless it carries a legal form): 「カスタマーサクセス部」, 「経理課 新井」,
#: 「富山営業所 川原」, 「代表 中小企業診断士 …」, 「翌月末日」.
ROLE = re.compile(
    r"^(?:\S+?(?:部|課|係)(?:\s+\S{1,6})?|\S+?(?:営業所|支店|出張所|センター)\s+\S{1,6}"
    r"|(?:代表(?:取締役|者)?|取締役|所長|院長|特定?社会保険労務士|中小企業診断士|税理士"
    r"|公認会計士|行政書士|司法書士|弁護士)(?:\s.*)?"
    r"|(?:当月|翌月|翌々月)(?:末日?|\d{1,2}日)(?:払い?)?)$"
)
#: A cell that only labels the person in charge: the cell after it is a person's name.
CONTACT_LABEL = re.compile(r"^(?:ご|御)?担当(?:者)?(?:名)?\s*[:：]?$")
#: The label of the registration number.
REGISTRATION_LABEL = "登録番号"
#: The rate such a cell stands for, in the words `RATE_WORD` reads.
REDUCED_CELL_RATE = "軽減8%"
#: A sentence (a greeting, 「下記の通り御請求申し上げます。」): never a party's name.
#: An amount run into the reduced-rate mark of the column beside it (「19,680 軽」).
AMOUNT_THEN_MARK = re.compile(rf"^(?P<amount>{AMOUNT})\s*(?P<mark>軽|※|＊|\*)$")
#: A note printed on a table's lines (「※印は軽減税率(8%)対象商品です。…」): no head of it.
NOTE_CELL = re.compile(r"^[※*＊]|。")
SENTENCE = re.compile(r"[。！？!?]$|(?:ます|ません|ください|下さい)$")
#: A cell of three or more characters each standing apart (「8 % 対 象」).
LETTER_SPACED = re.compile(r"\S(?: \S){2,}")
#: OCR misreadings of labels and rates (`ocr_repair`): 合計 read as 台計/含計/合言十, ご請求金額
#: without its 求, 消費税 with a look-alike, a rate of 11–19% (no such rate: 10%), and a speck
#: between a label and its amount (「税込額計。 2,467,723」).
OCR_LABEL_REPAIRS = (
    (re.compile(r"[台含]計|合言十"), "合計"),
    (re.compile(r"(?<=[ご御])請金額"), "請求金額"),
    (re.compile(r"消[費貨貿][税稅祝]|消[貨貿]税"), "消費税"),
    (re.compile(r"(?<![\d.,])1[1-9Oo](?=\s*%)"), "10"),
    (re.compile(r"(?<=[計額])\s*[。、]+\s*(?=[¥￥]?\s*\d)"), " "),
)
#: Simplified Chinese glyphs an OCR model trained on Chinese and Japanese reads for the
#: Japanese ones of the labels (「軽减税率」, 「金额」, 「合计」): forms Japanese never prints, so
#: mapping them back in OCR text cannot change a Japanese word.
SIMPLIFIED_GLYPHS = str.maketrans("减额计费请发单价项", "減額計費請発単価項")
#: A party's name has at least two of these (not 「|」, 「-」 or one stray glyph of OCR).
NAME_CHAR = re.compile(r"\w")
