"""The parties of an invoice from its cells: the issuer (name, registration number) and the
buyer (宛名: the name before 御中/様/殿).

The issuer is found by its cue, strongest first: a label (発行者: …, or a 発行者情報 heading
with the name under it), the name beside or above the 登録番号 or the address, else any
company name that is not the buyer's (a weak cue: 要確認). Label remnants such as
「適格請求書発行事業者」 and section headings are never names; a buyer whose 御中 stands in
the next cell (「株式会社〇〇」|「御中」) is read, and that name is never the issuer.
"""

from __future__ import annotations

import re

from blocks.invoice.doc_kinds import is_title_line
from blocks.invoice.lines import BARRIER
from blocks.text.japanese import DATE_PATTERN

__all__ = ["buyer_of", "is_company", "issuer_of", "registration_of"]

_ADDRESS = re.compile(r"^(?:〒|\d{3}-\d{4}|東京都|北海道|大阪府|京都府|\S{2,3}県)|TEL|FAX|電話|@")
_COMPANY = re.compile(
    r"株式会社|有限会社|合同会社|合資会社|合名会社|\(株\)|\(有\)|法人|商店|事務所|商会"
)
_REG_STRICT = re.compile(r"(?<![A-Za-z0-9])T ?-? ?(\d(?:[ -]?\d){12})(?![\d-])")
# The words of a registration label before 登録番号 (適格請求書発行事業者登録番号): not a name.
_REG_LABEL_HEAD = re.compile(
    r"(?:適格請求書発行事業者|適格請求書発行業者|適格請求書発行|適格事業者|インボイス|事業者)"
    r"[:：]?\s*$"
)
# A cell that is only a label: never a party's name.
_LABEL_ONLY = re.compile(
    r"^(?:適格請求書発行(?:事)?業者|適格(?:請求書)?事業者|登録事業者|インボイス登録|"
    r"(?:発行者|発行元|請求元|販売者|事業者)(?:情報|欄|名)?|ご?請求先|お?取引先|宛先)\s*[:：]?$"
)
_REG_LABEL = re.compile(r"登録番号\s*[:：]?\s*(\S*)")
_BUYER = re.compile(r"^(.+?)\s*(御中|様|殿|宛)(?:\s|$)")
_HONORIFIC = re.compile(r"^(?:御中|様|殿|宛)$")
_ISSUER_LABEL = re.compile(
    r"^(?:発行者|発行元|販売者|事業者名|請求元)(?:情報|欄)?\s*[:：]?\s*(.*)$"
)


def is_company(text: str) -> bool:
    """True when `text` carries a legal form or a business word (株式会社, 商店, …)."""
    return bool(_COMPANY.search(text))


def registration_of(tokens: list[str]) -> tuple[str | None, str | None]:
    """ "T" + 13 digits in one cell (hyphens and single spaces allowed), else whatever follows
    the 登録番号 label (so a malformed number is reported, not dropped)."""
    for token in tokens:
        strict = _REG_STRICT.search(token)
        if strict:
            return "T" + re.sub(r"[ -]", "", strict.group(1)), strict.group(0)
    for i, token in enumerate(tokens):
        label = _REG_LABEL.search(token)
        if label:
            following = tokens[i + 1] if i + 1 < len(tokens) else ""
            value = label.group(1) or (following if re.match(r"[A-Za-z]?\d", following) else "")
            if value:
                return value.replace("-", "").upper(), f"{label.group(0)} {value}".strip()
    return None, None


def buyer_of(tokens: list[str]) -> tuple[str | None, str | None]:
    """(name, text) of the 宛名: `name 御中` in one cell, or a name whose 御中/様 is the next
    cell."""
    for i, token in enumerate(tokens):
        match = _BUYER.match(token)
        if match and not BARRIER.search(match.group(1)) and not _LABEL_ONLY.match(match.group(1)):
            name = match.group(1).strip()
            return ("上様" if name == "上" else name), token  # 上様: the no-name placeholder
        if _HONORIFIC.match(token) and i > 0:
            name = tokens[i - 1].strip()
            if name and not BARRIER.search(name) and not DATE_PATTERN.search(name):
                return name, f"{name} {token}"
    return None, None


def _usable(token: str, buyer: str | None) -> bool:
    return not (
        _ADDRESS.search(token)
        or _BUYER.match(token)
        or _HONORIFIC.match(token)
        or _LABEL_ONLY.match(token)
        or is_title_line(token)
        or DATE_PATTERN.search(token)
        or "担当" in token
        or (buyer is not None and (token == buyer or token.startswith(buyer)))
    )


def _labelled(tokens: list[str], buyer: str | None) -> tuple[str, str] | None:
    for i, token in enumerate(tokens):
        label = _ISSUER_LABEL.match(token)
        if not label:
            continue
        name = label.group(1).strip()
        if name and not _LABEL_ONLY.match(name):
            return name, token
        following = next(
            (t for t in tokens[i + 1 : i + 3] if _usable(t, buyer) and not BARRIER.search(t)),
            None,
        )
        if following:
            return following.strip(), f"{token} {following}"
    return None


def issuer_of(tokens: list[str], buyer: str | None) -> tuple[str | None, str | None, str | None]:
    """(name, text, cue): the cue is `label` (発行者: …), `registration` or `address` (the
    name beside the 登録番号 or the address, with a legal form), or `weak` (anything else)."""
    labelled = _labelled(tokens, buyer)
    if labelled is not None:
        return labelled[0], labelled[1], "label"
    anchors = [i for i, t in enumerate(tokens) if "登録番号" in t or _REG_STRICT.search(t)]
    anchors += [i for i, t in enumerate(tokens) if _ADDRESS.match(t)]
    for anchor in anchors:
        kind = (
            "registration"
            if "登録番号" in tokens[anchor] or _REG_STRICT.search(tokens[anchor])
            else "address"
        )
        head = _REG_LABEL_HEAD.sub("", tokens[anchor].split("登録番号")[0]).strip()
        if "登録番号" in tokens[anchor] and head and _usable(head, buyer):
            return head, tokens[anchor], kind if is_company(head) else "weak"
        for back in range(anchor - 1, max(anchor - 5, -1), -1):
            candidate = tokens[back]
            if (
                _usable(candidate, buyer)
                and not BARRIER.search(candidate)
                and not (back + 1 < len(tokens) and _HONORIFIC.match(tokens[back + 1]))
                and (is_company(candidate) or not re.search(r"\d", candidate))
            ):
                return candidate, candidate, kind if is_company(candidate) else "weak"
    for i, token in enumerate(tokens):
        if (
            is_company(token)
            and _usable(token, buyer)
            and not BARRIER.search(token)
            and not (i + 1 < len(tokens) and _HONORIFIC.match(tokens[i + 1]))
        ):
            return token, token, "weak"
    return None, None, None
