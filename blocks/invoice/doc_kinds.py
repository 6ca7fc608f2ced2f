"""The kind of a business document from its title: invoice, receipt (simplified invoice),
quotation, purchase order, delivery note, payment notice, credit note, cover letter.

Titles live in `doc_kinds.yaml` (a team adds its own). A title is looked for in the first
lines of the text, after NFKC and with spaces removed, so `御 請 求 書` and `【請求書】` are
recognised. Returns the kind, the matched title and the line it came from.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, get_args

import yaml

__all__ = ["INVOICE_KINDS", "KINDS", "Kind", "KindMatch", "classify", "is_title_line"]

_FIRST_LINES = 25
_BRACKETS = re.compile(r"[【】\[\]「」『』()〔〕<>《》◆■□●○]")
# A title is followed by nothing, a document number or a date, not by more words.
_AFTER = re.compile(r"^(?:$|NO|№|#|\d|控|兼)")
#: A remark in brackets after a title (「マイナス請求書(赤伝)」, 「請求書(控)」): not part of it.
_REMARK = re.compile(r"\s*[(〔][^()〔〕]{1,10}[)〕]\s*$")
#: A polite prefix a title may carry beyond the table's own forms (お支払明細書).
_POLITE = frozenset("おご御")
#: What a title may bill in front of it: a short word of kanji or katakana (not 兼, not a sentence).
_SUBJECT = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ff]{1,6}")


_CUES = (
    ("上記正に領収", "simplified_invoice"),
    ("領収", "simplified_invoice"),
    ("お釣り", "simplified_invoice"),  # a till's change: only a receipt gives it
    ("お預り", "simplified_invoice"),
    ("御見積金額", "quotation"),
    ("お支払通知", "payment_notice"),
    ("御請求額", "invoice"),
    ("ご請求額", "invoice"),
    ("ご請求金額", "invoice"),
    ("請求日", "invoice"),
    ("請求番号", "invoice"),
)


@dataclass(frozen=True)
class KindMatch:
    kind: str | None
    title: str | None
    line: str | None


@cache
def _table() -> tuple[list[tuple[str, str]], tuple[str, ...], frozenset[str]]:
    raw = yaml.safe_load(Path(__file__).with_name("doc_kinds.yaml").read_text(encoding="utf-8"))
    titles = [(t.upper(), kind) for kind, names in raw["kinds"].items() for t in names]
    titles.sort(key=lambda pair: -len(pair[0]))
    return titles, tuple(raw["cover_letter_phrases"]), frozenset(raw["invoice_kinds"])


def _squeeze(line: str) -> str:
    text = unicodedata.normalize("NFKC", line)
    return _BRACKETS.sub("", "".join(text.split())).upper()


def is_title_line(line: str) -> bool:
    """True when the cell/line is a document title (so it is never taken as a party)."""
    return _title(line) is not None


def _title(line: str) -> tuple[str, str] | None:
    """The title a line starts with, as the table names it or with a polite prefix the table
    does not list (「お支払明細書」 for 支払明細書, 「ご納品書」 for 納品書)."""
    # the remark is measured without the spaces a letter-spaced title is printed with
    squeezed = _squeeze(_REMARK.sub("", "".join(unicodedata.normalize("NFKC", line).split())))
    if len(squeezed) > 24:
        return _bilingual_title(line) if "/" in line else None
    for form in (squeezed, squeezed[1:] if squeezed[:1] in _POLITE else ""):
        for title, kind in _table()[0] if form else ():
            if form.startswith(title) and _AFTER.match(form[len(title) :]):
                return _combined(form, title, kind)
    return (
        _subject_title(squeezed)
        or _also_invoice(squeezed)
        or _spaced_title(line)
        or _bilingual_title(line)
        or _remark_title(line)
    )


def _also_invoice(squeezed: str) -> tuple[str, str] | None:
    """A statement that is also an invoice, whatever it is called and whoever's brand is in
    front (「StayLink ご利用明細書 兼 請求書」, 「工事代金内訳書兼請求書」): a document's name
    (…書) then 兼 and an invoice's title at the end of the line."""
    for title, kind in _table()[0]:
        if kind != "invoice" or not squeezed.endswith("兼" + title):
            continue
        before = squeezed[: -len(title) - 1]
        if before.endswith("書") and "兼" not in before:
            return before + "兼" + title, kind
    return None


def _remark_title(line: str) -> tuple[str, str] | None:
    """A title the table does not list with the one it is in law in brackets after it
    (「返品受領書(適格返還請求書)」): the bracketed title tells the kind."""
    text = "".join(unicodedata.normalize("NFKC", line).split())
    remark = _REMARK.search(text)
    if remark is None or not text[: remark.start()].endswith("書"):
        return None
    inner = _squeeze(remark.group())
    found = next(((t, k) for t, k in _table()[0] if inner == t), None)
    return (_squeeze(text), found[1]) if found is not None else None


def _bilingual_title(line: str) -> tuple[str, str] | None:
    """A title after its English form (「CREDIT NOTE / クレジットノート」, 「Invoice / 請求書」)."""
    parts = line.split("/")
    return next((found for part in parts[1:] if (found := _title(part)) is not None), None)


def _subject_title(squeezed: str) -> tuple[str, str] | None:
    """A title with what it bills in front (報酬請求書, 運賃請求書, 工事代金請求書, 駐車料金領収証):
    a short word of kanji or katakana, then a title of the table of three characters or more,
    then nothing or 兼 another title."""
    for title, kind in _table()[0]:
        subject = squeezed[: -len(title)]
        if (
            len(title) >= 3
            and squeezed.endswith(title)
            and _SUBJECT.fullmatch(subject)
            and "兼" not in subject
        ):
            return squeezed, kind
    for title, kind in _table()[0]:  # … then 兼 another (上下水道料金納入通知書兼請求書)
        at = squeezed.find(title + "兼")
        if len(title) >= 3 and at > 0 and _SUBJECT.fullmatch(squeezed[:at]):
            return _combined(squeezed[at:], title, kind)
    return None


def _combined(squeezed: str, title: str, kind: str) -> tuple[str, str]:
    """A 兼 title (納品書兼請求書, 請求書兼領収書): one that is also an invoice is an invoice,
    else the first title's kind; a title of its own in the table (検収兼お支払通知書) wins."""
    rest = squeezed[len(title) :]
    if not rest.startswith("兼"):
        return title, kind
    second = next(((t, k) for t, k in _table()[0] if rest[1:].startswith(t)), None)
    if second is None:
        return title, kind
    whole = squeezed[: len(title) + 1 + len(second[0])]
    if kind in _table()[2]:
        return whole, kind
    return (whole, second[1]) if second[1] in _table()[2] else (whole, kind)


def _spaced_title(line: str) -> tuple[str, str] | None:
    """A letter-spaced title beside other cells on the same line, as a browser prints a heading
    beside a table (`請 求 書 請求書番号 2026117`) or after a logo's words: the title is whole
    words of one character each, so `請求書 送付のご案内` (a cover letter) is not read as one."""
    words = unicodedata.normalize("NFKC", line).split()
    # the runs of one-character words: the title may follow a logo's words (「しずく 御 請 求 書」)
    runs = [
        list(run)
        for single, run in itertools.groupby(words, key=lambda word: len(word) == 1)
        if single
    ]
    for chars in runs:
        if len(chars) < 2 or len(chars) == len(words):
            continue
        spaced = _squeeze("".join(chars))
        found = next(((t, kind) for t, kind in _table()[0] if spaced == t), None)
        if found is not None:
            return found
    return None


def classify(text: str) -> KindMatch:
    """The kind of the document whose (extracted) text is `text`."""
    lines = [c for raw in text.splitlines() for c in raw.split("\t") if c.strip()]
    for line in lines[:_FIRST_LINES]:
        found = _title(line)
        if found is not None:
            return KindMatch(found[1], found[0], line.strip())
    _, phrases, _ = _table()
    flat = unicodedata.normalize("NFKC", text)
    phrase = next((p for p in phrases if p in flat), None)
    if phrase is not None:
        return KindMatch("cover_letter", None, phrase)
    squeezed = "".join(flat.split())
    for cue, kind in _CUES:  # no readable title (an OCR'd scan): the labels tell the kind
        if cue in squeezed:
            return KindMatch(kind, None, cue)
    return KindMatch(None, None, None)


#: The document kinds, in the order they are tried (a model's answer is typed by it too).
Kind = Literal[
    "invoice",
    "simplified_invoice",
    "quotation",
    "purchase_order",
    "delivery_note",
    "payment_notice",
    "credit_note",
    "cover_letter",
]
KINDS: tuple[str, ...] = get_args(Kind)
INVOICE_KINDS = _table()[2]
