"""Matching keys of counterparty names: the 漢字 name on an invoice and the カナ name a bank
prints on a statement (`ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ`).

`name_key` is `blocks.text.japanese.normalize_name` (NFKC, legal forms such as 株式会社 /
(株) / ｶ) / カブシキガイシャ removed, small kana enlarged, dashes unified, spaces and honorifics
dropped). `kana_key` also turns hiragana into katakana (jaconv), drops the 長音 (banks print
`ｰ`, `-` or nothing) and the transfer words a statement puts before the name (`ﾌﾘｺﾐ`).
Kanji and kana spellings of a name never compare equal: the master keeps both.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

import jaconv

from blocks.text.japanese import nfkc, normalize_name

__all__ = ["bare_name", "is_kana_name", "kana_key", "key_similarity", "name_key"]

# Words a bank statement puts before the payee (振込, 振込手数料 are not names).
_TRANSFER_WORDS = re.compile(r"^(?:フリコミ(?:キン|シキン)?|振込み?|ソウキン)")
_KANA_NAME = re.compile(r"^[\u30a0-\u30ffA-Z0-9&.\-()/ ]+$")


def name_key(text: str) -> str:
    """The key of a name as written (漢字, カナ or Latin): `株式会社山田商事` -> `山田商事`."""
    return normalize_name(text)


_FORMS = re.compile(
    r"株式会社|有限会社|合同会社|合資会社|合名会社|[(（](?:株|有|同|資|名)[)）]|[㈱㈲]"
)


def bare_name(text: str) -> str:
    """A name as people read it without its legal form: `株式会社モバイルネット` ->
    `モバイルネット` (NFKC; kana and spelling kept, unlike `name_key`)."""
    return _FORMS.sub("", nfkc(text)).strip()


def kana_key(text: str) -> str:
    """The key of a kana (bank) name: `ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ` and `やまだしょうじ` -> `ヤマダシヨウジ`."""
    value = jaconv.hira2kata(nfkc(text)).strip()
    value = _TRANSFER_WORDS.sub("", value).strip()
    return normalize_name(value).replace("ー", "")


def is_kana_name(text: str) -> bool:
    """Whether `text` is written in katakana (or Latin) only, as bank names are."""
    value = jaconv.hira2kata(nfkc(text)).upper()
    return bool(value.strip()) and bool(_KANA_NAME.match(value))


def key_similarity(left: str, right: str) -> float:
    """1.0 for equal keys, 0.9 when one holds the other (a statement cuts long names at its
    column width), else difflib's ratio; 0.0 when either key is empty. Deterministic."""
    if not left or not right:
        return 0.0
    if left == right:
        return 1.0
    shorter, longer = sorted((left, right), key=len)
    if len(shorter) >= 3 and shorter in longer:
        return 0.9
    return round(SequenceMatcher(None, left, right, autojunk=False).ratio(), 4)
