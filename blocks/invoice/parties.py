"""The parties of an invoice from its cells: the issuer (name, registration number) and the
buyer (宛名: the name before 御中/様/殿).

The issuer is found by its cue, strongest first: a label (発行者: …, or a 発行者情報 heading
with the name under it), the name beside or above the 登録番号 or the address, else any
company name that is not the buyer's (a weak cue: 要確認). Label remnants such as
「適格請求書発行事業者」, section headings and a receipt's 収入印紙 box are never names; a buyer
whose 御中 stands in the next cell (「株式会社〇〇」|「御中」) is read, and that name is never
the issuer; neither is a department, a title or a payment term (「経理課 新井」, 「代表 税理士
…」, 「翌月末日」). With the layout's positions, the name above the 登録番号 or the address is looked
for in the same column (or row) first — a block of name, address, TEL and 登録番号 is aligned —
and only then in the cells read before it; the person named after a 担当 label is not the
issuer, nor the one after a professional title (「弁護士」 | 「星野 透」); a cell with an amount or
a count beside it is a label or an item (「クレジット ¥3,992」); within the cells searched from
one anchor a name with a legal form wins over a branch, a counter or a person nearer to it
(「あさま石油株式会社」 over 「セルフ大垣インターSS」), and without one the first line of a run of
names straight above one another is the name (a receipt's store over its branch); a cell that
holds the whole block on one line (「株式会社〇〇 千葉県… TEL … 登録番号 T…」, a Word table cell)
gives its leading name.
"""

from __future__ import annotations

import re

from blocks.invoice.doc_kinds import is_title_line
from blocks.invoice.layout_read import unspaced
from blocks.invoice.patterns import (
    ADDRESS,
    AMOUNT_CELL,
    BARRIER,
    BUYER,
    BUYER_LEAD,
    COMPANY,
    CONTACT_LABEL,
    CONTACT_WORD,
    COUNT,
    DEPARTMENT,
    HONORIFIC,
    ISSUER_LABEL,
    LABEL_ONLY,
    LATIN_NAME_AFTER,
    NAME_CHAR,
    NO_NAME,
    REG_LABEL,
    REG_LABEL_EN,
    REG_LABEL_HEAD,
    REG_STRICT,
    REGISTRATION_LABEL,
    ROLE,
    SENTENCE,
    SHOP_NAME,
    STRAY_LETTER_AFTER,
)
from blocks.invoice.vocabulary import (
    NO_NAME_BUYER,
)
from blocks.text.japanese import DATE_PATTERN

__all__ = ["Place", "buyer_of", "is_company", "issuer_of", "registration_of"]

#: Where a cell stands: (its row's index, its left edge) — points of a PDF's text layer or an
#: OCR box, the column index of a spreadsheet or table grid.
Place = tuple[int, float]
#: How far apart two left edges may be and still be one column (points; a grid's columns are
#: whole numbers apart).
_ALIGNED = 6.0
#: How many cells back from the 登録番号 or the address the name may stand in reading order,
#: and how many rows above it in its column.
_BACK = 4
_ROWS_UP = 6
#: How far the left edges of a right-aligned block's lines may stray from the 登録番号's
#: (points: about an inch; each line of such a block starts where its length puts it).
_RAGGED = 72.0
#: How far apart (points) the left edges of two lines of one block may be.
_ALIGNED = 2.0


def is_company(text: str) -> bool:
    """True when `text` carries a legal form or a business word (株式会社, 商店, …)."""
    return bool(COMPANY.search(text))


def registration_of(tokens: list[str]) -> tuple[str | None, str | None]:
    """ "T" + 13 digits in one cell (hyphens and single spaces allowed), else whatever follows
    the 登録番号 label (so a malformed number is reported, not dropped)."""
    for token in tokens:
        strict = REG_STRICT.search(token)
        if strict:
            return "T" + re.sub(r"[ -]", "", strict.group(1)), strict.group(0)
    for i, token in enumerate(tokens):
        label = REG_LABEL.search(token)
        if label:
            following = tokens[i + 1] if i + 1 < len(tokens) else ""
            value = label.group(1) or (following if re.match(r"[A-Za-z]?\d", following) else "")
            if value:
                return value.replace("-", "").upper(), f"{label.group(0)} {value}".strip()
    return None, None


def buyer_of(tokens: list[str], places: list[Place] | None = None) -> tuple[str | None, str | None]:
    """(name, text) of the 宛名: `name 御中` in one cell, or a name whose 御中/様 is the next
    cell — beside it or on the line under it when the layout is known. A 様 after a blank, as
    a receipt prints for the buyer to write in, names nobody: never the title above it. A
    label before the name (「お客様」) is read through, a department after its company dropped."""
    for i, token in enumerate(tokens):
        named = BUYER_LEAD.sub("", token)
        match = BUYER.match(named) if named else None  # 「お客様」 alone labels the next cells
        if match and not BARRIER.search(match.group(1)) and not LABEL_ONLY.match(match.group(1)):
            name = _company_of(match.group(1).strip())
            return (NO_NAME_BUYER if name == NO_NAME else name), token  # the no-name placeholder
        if HONORIFIC.match(token) and i > 0:
            name = tokens[i - 1].strip()
            beside = places is None or places[i][0] - places[i - 1][0] <= 1  # or just under
            if (
                name
                and beside
                and not BARRIER.search(name)
                and not DATE_PATTERN.search(name)
                and not is_title_line(name)
            ):
                return _company_of(name), f"{name} {token}"
    return None, None


def _company_of(name: str) -> str:
    """The company of 「○○株式会社 経理部」: the words before a department, when they carry a
    legal form; else the name as printed (「総務部」 alone is all there is)."""
    words = name.split()
    while len(words) > 1 and DEPARTMENT.match(words[-1]) and is_company(" ".join(words[:-1])):
        words.pop()
    return " ".join(words) if len(words) < len(name.split()) else name


def _usable(token: str, buyer: str | None) -> bool:
    return not (
        ADDRESS.search(token)
        or BUYER.match(token)
        or HONORIFIC.match(token)
        or LABEL_ONLY.match(token)
        or (ROLE.match(token) and not is_company(token))
        or is_title_line(token)
        or DATE_PATTERN.search(token)
        or CONTACT_WORD in token
        or SENTENCE.search(token)
        or len(NAME_CHAR.findall(token)) < 2
        or (buyer is not None and (token == buyer or token.startswith(buyer)))
    )


def _labelled(tokens: list[str], buyer: str | None) -> tuple[str, str] | None:
    for i, token in enumerate(tokens):
        label = ISSUER_LABEL.match(token)
        if not label:
            continue
        name = label.group(1).strip()
        if name and not LABEL_ONLY.match(name):
            return name, token
        following = next(
            (t for t in tokens[i + 1 : i + 3] if _usable(t, buyer) and not BARRIER.search(t)),
            None,
        )
        if following:
            return following.strip(), f"{token} {following}"
    return None


def _lead_name(text: str, buyer: str | None) -> str | None:
    """The company name a cell starts with, before its address, phone or number."""
    words: list[str] = []
    for word in text.split():
        if ADDRESS.search(word) or BARRIER.search(word) or CONTACT_WORD in word:
            break
        if re.search(r"\d", word) or DATE_PATTERN.search(word):
            break
        words.append(word)
    lead = " ".join(words)
    return lead if lead and is_company(lead) and _usable(lead, buyer) else None


def _back(anchor: int, places: list[Place] | None) -> list[int]:
    """The cells before `anchor` where its name may stand, nearest first: those in its column
    or row first (with `places`), then the ones just before it."""
    near = list(range(anchor - 1, max(anchor - _BACK - 1, -1), -1))
    if not places:
        return near
    row, left = places[anchor]
    above = [back for back in range(anchor - 1, -1, -1) if places[back][0] >= row - _ROWS_UP]
    aligned = [
        back for back in above if places[back][0] == row or abs(places[back][1] - left) <= _ALIGNED
    ]
    # Then a right-aligned block's lines (name, address, TEL over the 登録番号), whose left
    # edges differ by their lengths.
    ragged = [back for back in above if abs(places[back][1] - left) <= _RAGGED]
    found = aligned + [back for back in near if back not in aligned]
    return found + [back for back in ragged if back not in found]


def _figure(cell: str) -> bool:
    """An amount or a count (「¥3,992」, 「23,562円」, 「11点」): what an item or a label has
    beside it, never a party's name."""
    return bool(AMOUNT_CELL.match(cell) or re.fullmatch(COUNT, cell.strip()))


def _name_cell(tokens: list[str], at: int, buyer: str | None, places: list[Place] | None) -> bool:
    """Whether cell `at` may be the issuer's name in its block: not a label or an item (an
    amount beside it on its row: 「クレジット ¥3,992」, 「従量料金 23,562円」), not the buyer (its
    御中 next), not the person after a 担当 label or a title (「弁護士」 | 「星野 透」)."""
    candidate = tokens[at]
    after = tokens[at + 1] if at + 1 < len(tokens) else ""
    before = tokens[at - 1] if at > 0 else ""
    beside_before = places is not None and at > 0 and places[at - 1][0] == places[at][0]
    beside_after = places is None or (at + 1 < len(tokens) and places[at + 1][0] == places[at][0])
    return (
        _usable(candidate, buyer)
        and not BARRIER.search(candidate)
        and not HONORIFIC.match(after)
        and not CONTACT_LABEL.match(before)  # 担当 | 今井
        # 「弁護士」 | 「星野 透」, not the buyer's 「海外営業部 ご担当者様」 in the column to the left
        and not (
            beside_before
            and ROLE.match(before)
            and not is_company(before)
            and not HONORIFIC.match(before.strip()[-1:])
        )
        and not (beside_after and _figure(after) and not is_company(candidate))
        and (is_company(candidate) or not re.search(r"\d", candidate))
    )


def _block_name(
    tokens: list[str], back: list[int], buyer: str | None, places: list[Place] | None
) -> str | None:
    """The issuer's name among the cells `back` from an anchor (nearest first): a name with a
    legal form wins over a branch, a person or a counter nearer to the anchor (「しらさぎ陸運株式
    会社」 above 「配車センター 辻村」, 「あさま石油株式会社」 above 「セルフ大垣インターSS」);
    without one, the first line of the nearest run of names straight above one another (a
    receipt's 「文具のいろは堂」 over 「駅前店」), or a shop's name by its trade above that run."""
    usable = [at for at in back if _name_cell(tokens, at, buyer, places)]
    company = next((at for at in usable if is_company(tokens[at])), None)
    if company is not None:
        return tokens[company]
    if not usable:
        return None
    first = usable[0]
    while (
        places is not None
        and first > 0
        and places[first][0] - places[first - 1][0] == 1
        # alone on its row, or starting where the name under it starts (a block's lines)
        and (
            first - 2 < 0
            or places[first - 2][0] != places[first - 1][0]
            or abs(places[first - 1][1] - places[first][1]) <= _ALIGNED
        )
        and _name_cell(tokens, first - 1, buyer, places)
        and not re.search(r"\d", tokens[first - 1])
    ):
        first -= 1
    # a shop's name by its trade above the run (「たかはし畳店」 over 「一級畳製作技能士 高橋 修」),
    # not a branch under it (「駅前店」)
    shop = next((at for at in usable if at < first and SHOP_NAME.match(tokens[at])), None)
    return tokens[first if shop is None else shop]


def issuer_of(
    tokens: list[str], buyer: str | None, places: list[Place] | None = None
) -> tuple[str | None, str | None, str | None]:
    """(name, text, cue): the cue is `label` (発行者: …), `registration` or `address` (the
    name beside the 登録番号 or the address, with a legal form), or `weak` (anything else).
    `places`: where each of `tokens` stands (`Place`), when the layout is known. A name
    printed with spaces between its letters is read without them; the name is given without
    the address printed after it on its line, nor its English form in brackets."""
    cells = [unspaced(t) for t in tokens]
    # A line that starts with the company and goes on with its address and phone (a Word
    # letterhead: 「株式会社… 宮城県… TEL …」) stands for the company.
    cells = [c if _usable(c, buyer) or _anchor(c) else (_lead_name(c, buyer) or c) for c in cells]
    name, text, cue = _issuer_of(cells, buyer, places)
    if name is None:
        return name, text, cue
    name = _lead_name(name, buyer) or name  # the company before its address on its line
    stray = STRAY_LETTER_AFTER.search(name)
    if stray is not None and is_company(name[: stray.start()]):
        name = name[: stray.start()]
    return LATIN_NAME_AFTER.sub("", name) or name, text, cue


def _anchor(cell: str) -> bool:
    """Whether `cell` holds a 登録番号 (its label or the number): an anchor of the issuer's name."""
    return REGISTRATION_LABEL in cell or bool(REG_STRICT.search(cell))


def _issuer_of(
    tokens: list[str], buyer: str | None, places: list[Place] | None
) -> tuple[str | None, str | None, str | None]:
    """`issuer_of` on cells as read; a name with a legal form found from any anchor (the
    登録番号, the address) wins over a name without one found from an earlier anchor."""
    labelled = _labelled(tokens, buyer)
    if labelled is not None:
        return labelled[0], labelled[1], "label"
    anchors = [i for i, t in enumerate(tokens) if _anchor(t)]
    anchors += [i for i, t in enumerate(tokens) if ADDRESS.match(t)]
    weak: str | None = None
    for anchor in anchors:
        kind = "registration" if _anchor(tokens[anchor]) else "address"
        head = REG_LABEL_HEAD.sub("", tokens[anchor].split(REGISTRATION_LABEL)[0]).strip()
        if REG_LABEL_EN.match(head):  # 「Registration No. / 登録番号 T…」: a label, no name
            head = ""
        if REGISTRATION_LABEL in tokens[anchor] and head and _usable(head, buyer):
            return head, tokens[anchor], kind if is_company(head) else "weak"
        lead = _lead_name(head, buyer) if REGISTRATION_LABEL in tokens[anchor] else None
        if lead:
            return lead, tokens[anchor], kind
        found = _block_name(tokens, _back(anchor, places), buyer, places)
        if found is not None and is_company(found):
            return found, found, kind
        weak = weak or found
    # Without a name with a legal form at an anchor: the first company name of the page (a
    # utility's 「あけぼの瓦斯株式会社」 under its title, the 登録番号 in the small print at the
    # foot) before a nameless cell near an anchor (「従量料金」); either is asked.
    for i, token in enumerate(tokens):
        if (
            is_company(token)
            and _usable(token, buyer)
            and not BARRIER.search(token)
            and not (i + 1 < len(tokens) and HONORIFIC.match(tokens[i + 1]))
        ):
            return token, token, "weak"
    if weak is not None:
        return weak, weak, "weak"
    return None, None, None
