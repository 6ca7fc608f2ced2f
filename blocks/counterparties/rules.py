"""Account rules (like freee's 自動登録ルール): which rule applies to a piece of evidence, and
the rule a person's correction teaches.

A rule applies when its counterparty is the evidence's (or it names none) and its keyword is
found in the evidence's text (or it has none). The most specific rule wins — counterparty and
keyword, then counterparty, then keyword — and among equals the newest. Keywords compare after
NFKC, in upper case, small kana enlarged, without spaces, so `ＮＴＴ ドコモ` finds `NTTドコモ`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import jaconv

from blocks.counterparties.models import Rule
from blocks.counterparties.names import bare_name
from blocks.text.japanese import nfkc

__all__ = ["keyword_key", "learned_rule", "match_rule"]


def keyword_key(text: str) -> str:
    """NFKC, upper case, small kana enlarged (as banks print them), no spaces."""
    return jaconv.enlarge_smallkana(re.sub(r"\s+", "", nfkc(text)).upper())


def match_rule(rules: Sequence[Rule], counterparty_code: str | None, text: str) -> Rule | None:
    """The rule for evidence of `counterparty_code` whose words are `text`, or None."""
    haystack = keyword_key(text)
    best: tuple[int, int, Rule] | None = None
    for rule in rules:
        if rule.counterparty_code is not None and rule.counterparty_code != counterparty_code:
            continue
        if rule.keyword and keyword_key(rule.keyword) not in haystack:
            continue
        rank = (rule.specificity, rule.id or 0)
        if best is None or rank > best[:2]:
            best = (*rank, rule)
    return best[2] if best else None


def learned_rule(
    counterparty_code: str | None,
    issuer_name: str | None,
    account: str,
    tax_category: str | None,
    note: str = "",
) -> Rule | None:
    """The rule a correction to `account` teaches: for the counterparty when it is in the
    master, else for the issuer's name as a keyword; None when there is neither."""
    keyword = None if counterparty_code else bare_name(issuer_name or "")
    if not counterparty_code and not keyword:
        return None
    return Rule(
        counterparty_code=counterparty_code or None,
        keyword=keyword or None,
        action="suggest",
        account=account,
        tax_category=tax_category,
        origin="learned",
        note=note,
    )
