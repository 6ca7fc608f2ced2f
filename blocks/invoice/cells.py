"""How the rules read one cell of a document (or one tab-separated part of a line): the
currency code as the yen mark, and a label printed in two languages as its Japanese half."""

from __future__ import annotations

from blocks.invoice.patterns import (
    BILINGUAL_LABEL,
    JAPANESE_THEN_ENGLISH,
    JPY_AFTER,
    JPY_BEFORE,
    MINUS_SIGN,
    RATE_IN_BRACKETS,
)

__all__ = ["cell_as_read"]


def cell_as_read(text: str) -> str:
    """A cell (or a line's tab-separated part) as the rules read it: amounts marked by the
    currency code (「JPY 1,320,000」, 「110,371 JPY」) as with ¥, a typeset minus sign
    (「−¥4,400」) as the hyphen, a bilingual label as its
    Japanese half (「Consumption tax (10%) / 消費税」 as 「消費税(10%)」), a Japanese label with
    its English after it as the Japanese one (「消費税 Tax 10%」 as 「消費税 10%」)."""
    text = JPY_AFTER.sub(r"¥\1", JPY_BEFORE.sub("¥", MINUS_SIGN.sub("-", text)))
    text = JAPANESE_THEN_ENGLISH.sub(
        lambda m: (
            m["label"]
            + (m["note"] or "")
            + (" " if m.end() < len(text) and text[m.end()] not in "(（" else "")
        ),
        text,
        count=1,
    )
    label = BILINGUAL_LABEL.match(text)
    if label is None:
        return text
    given = label["rate"] or label["bare_rate"]
    rest = text[label.end() :]
    # 「Tax 10% / 消費税(10%)」: the Japanese half gives the rate itself
    rate = f"({given})" if given and not RATE_IN_BRACKETS.match(rest) else ""
    return f"{label['label']}{rate}{rest}"
