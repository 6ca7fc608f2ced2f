"""Japanese business text normalisation shared by invoice extraction and reconciliation:
NFKC text, yen amounts (`１２，３４５円`, `¥12,345`, `△500`), dates in 西暦 and 和暦
(`2024年4月1日`, `2024/04/01`, `令和6年4月1日`, `R6.4.1`, `令和元年`), and counterpart names
(`株式会社`/`(株)`/`ｶ)` removed, half-width kana widened) for matching.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from decimal import Decimal

from blocks.text.amounts import parse_amount

__all__ = [
    "ABSENT_WORDS",
    "DATE_PATTERN",
    "ERAS",
    "EXAMPLE_PREFIX",
    "MINUS_LIKE",
    "NOT_TRANSACTION",
    "NO_WORDS",
    "PRESENT_WORDS",
    "REVIEW_MARK",
    "ROW_AMOUNT_KEYS",
    "ROW_DATE_KEYS",
    "ROW_NAME_KEYS",
    "YES_WORDS",
    "amount_pattern",
    "date_from_match",
    "gregorian_year",
    "name_similarity",
    "nfkc",
    "normalize_name",
    "parse_amount_text",
    "parse_date_text",
]

# Era name -> (first Gregorian year, first day of the era, single-letter abbreviation).
ERAS: dict[str, tuple[int, dt.date, str]] = {
    "令和": (2019, dt.date(2019, 5, 1), "R"),
    "平成": (1989, dt.date(1989, 1, 8), "H"),
    "昭和": (1926, dt.date(1926, 12, 25), "S"),
}
_ERA_BY_LETTER = {letter: name for name, (_, _, letter) in ERAS.items()}

# -- words people type and documents print -------------------------------------------------

#: Yes and no as people type them in a form's answer (with the English words beside).
YES_WORDS = frozenset({"true", "yes", "y", "1", "on", "はい"})
NO_WORDS = frozenset({"false", "no", "n", "0", "off", "いいえ"})
#: ... and as a setting's value is written in a request (有/無, あり/なし).
PRESENT_WORDS = frozenset({"true", "yes", "1", "はい", "有", "あり"})
ABSENT_WORDS = frozenset({"false", "no", "0", "いいえ", "無", "なし"})
#: How a hint marks its example (`例: 2024-04`, `入力例：…`).
EXAMPLE_PREFIX = re.compile(r"^(例|入力例|e\.g\.)\s*[:：]?\s*")
#: What a Japanese keyboard types for a minus sign (the long vowel mark, the full-width minus).
MINUS_LIKE = ("ー", "−")
#: The value an extraction writes for a figure a person must check (`blocks.invoice.evidence`).
REVIEW_MARK = "要確認"
#: The labels of statement rows that are not transactions (carry-overs and totals).
NOT_TRANSACTION = ("前月繰越", "前日繰越", "次月繰越", "繰越", "合計", "小計", "総計")
#: The keys that name a row (an invoice, a statement line) for people, by preference: who or
#: what, the date, the amount (`flows.backend.attention_points`).
ROW_NAME_KEYS = ("issuer_name", "counterparty", "取引先", "摘要", "name", "file", "path")
ROW_DATE_KEYS = ("日付", "transaction_date", "date")
ROW_AMOUNT_KEYS = ("total", "出金", "入金", "amount")

# One date anywhere in NFKC text: 西暦 (年月日, / . -) or 和暦 (kanji era or R/H/S letter).
DATE_PATTERN = re.compile(
    r"(?P<era>令和|平成|昭和|(?<![A-Za-z])[RHS](?=\s*\d{1,2}\s*[./年]))?\s*"
    r"(?P<year>(?(era)(?:\d{1,2}|元)|\d{4}))\s*(?P<sep>[年/.\-])"
    # the year in the other calendar in brackets (「2033年(令和15年)12月20日」, 「令和15年(2033年)…」)
    r"(?:(?<=年)\s*[(（]\s*(?:令和|平成|昭和)?\s*(?:\d{1,4}|元)\s*年?\s*[)）])?\s*"
    r"(?P<month>\d{1,2})\s*(?:月|(?P=sep))\s*(?P<day>\d{1,2})(?!\d)\s*日?"
)
# 「△¥5,000」 and 「-¥15,000」 as 「¥△5,000」 (a minus only right before the ¥: 「- ¥…」 is a dash)
_SIGN_YEN = r"(?:(?:[△▲]\s*|-)[¥￥]\s*|(?:[¥￥]\s*)?[-△▲]?\s*)"
_AMOUNT = rf"{_SIGN_YEN}\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|{_SIGN_YEN}\d+(?:\.\d+)?"


def nfkc(text: str) -> str:
    """NFKC: full-width digits/letters/commas become ASCII, half-width kana become full."""
    return unicodedata.normalize("NFKC", text)


def amount_pattern() -> str:
    """The regex source of one yen amount in NFKC text (`¥12,345`, `12345`, `△500`)."""
    return _AMOUNT


def parse_amount_text(text: str) -> Decimal | None:
    """`"１２，３４５円"` -> 12345; `"△500"` -> -500; `""` -> None; raises ValueError
    (`AmountError`) for anything outside the bounded grammar of `blocks.text.amounts`."""
    cleaned = nfkc(text)
    for noise in ("(税込)", "(税抜)", "税込", "税抜"):
        cleaned = cleaned.replace(noise, "")
    return parse_amount(cleaned)


def gregorian_year(era: str, year: str) -> int:
    """The Western year of a Japanese era year (令和9 → 2027; 元 is the first; R, H, S)."""
    name = _ERA_BY_LETTER.get(era.upper(), era)
    first_year = ERAS[name][0]
    return first_year + (1 if year == "元" else int(year)) - 1


def parse_date_text(text: str) -> dt.date | None:
    """The first date in `text` (西暦 or 和暦) or None; an impossible date raises ValueError."""
    match = DATE_PATTERN.search(nfkc(text))
    if match is None:
        return None
    return date_from_match(match)


def date_from_match(match: re.Match[str]) -> dt.date:
    era, year = match.group("era"), match.group("year")
    gregorian = gregorian_year(era, year) if era else int(year)
    try:
        return dt.date(gregorian, int(match.group("month")), int(match.group("day")))
    except ValueError as exc:
        raise ValueError(f"{match.group(0).strip()!r} is not a valid date") from exc


# -- counterpart names ---------------------------------------------------------------------

_LEGAL_FORMS = (
    "特定非営利活動法人", "一般社団法人", "一般財団法人", "公益社団法人", "公益財団法人",
    "社会福祉法人", "株式会社", "有限会社", "合同会社", "合資会社", "合名会社", "医療法人",
    "学校法人", "NPO法人",
    "カブシキガイシヤ", "カブシキカイシヤ", "ユウゲンガイシヤ", "ゴウドウガイシヤ",
    "(株)", "(有)", "(同)", "(資)", "(名)", "(医)", "(社)", "(財)", "(福)", "(学)",
)  # fmt: skip
# Bank transfer abbreviations of the legal form, before (`カ)`) or after (`(カ`) the name.
_BANK_FORMS = re.compile(
    r"^(?:カ|ユ|ド|シ|メ|イ|ザ|フク|ガク|トクヒ)\)|\((?:カ|ユ|ド|シ|メ|イ|ザ)$"
)
_SMALL_KANA = str.maketrans("ァィゥェォッャュョヮヵヶ", "アイウエオツヤユヨワカケ")
_DASHES = re.compile(r"[-‐‑‒–—―−ｰ]")
_NOISE = re.compile(r"[\s・.,、。'\"「」『』()（）]|御中$|様$|殿$")


def normalize_name(text: str) -> str:
    """A deterministic matching key for a company or person name.

    `株式会社サンプル商事` / `(株)サンプル商事` / `サンプル商事㈱` -> `サンプル商事`;
    `ｶ)ｻﾝﾌﾟﾙｼｮｳｼﾞ` -> `サンプルシヨウジ` (kana widened, small kana enlarged as banks do).
    Kanji and kana spellings of one name stay different: compare like with like.
    """
    value = nfkc(text).upper().translate(_SMALL_KANA)
    value = _DASHES.sub("ー", value)
    value = re.sub(r"\s+", "", value)
    value = _BANK_FORMS.sub("", value)
    for form in _LEGAL_FORMS:
        value = value.replace(form, "")
    return _NOISE.sub("", value)


def name_similarity(left: str, right: str) -> float:
    """1.0 for equal normalised names, 0.95 when one contains the other (bank descriptions add
    `フリコミ` or cut long names), else difflib's ratio. Deterministic."""
    from difflib import SequenceMatcher

    a, b = normalize_name(left), normalize_name(right)
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    shorter, longer = sorted((a, b), key=len)
    if len(shorter) >= 3 and shorter in longer:
        return 0.95
    return round(SequenceMatcher(None, a, b, autojunk=False).ratio(), 4)
