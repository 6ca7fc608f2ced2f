"""Payment terms as a grammar with due dates, and the name keys that link 漢字 and カナ."""

from __future__ import annotations

import datetime as dt

import pytest

from blocks.counterparties.names import is_kana_name, kana_key, key_similarity, name_key
from blocks.sdk.errors import BlockError
from blocks.text.payment_terms import PaymentTerms, parse_terms
from keiri.base.catalog import t


@pytest.mark.parametrize(
    ("text", "invoice", "due", "canonical"),
    [
        ("翌月末", "2026-01-25", "2026-02-28", "翌月末"),
        ("翌月末払い", "2024-01-31", "2024-02-29", "翌月末"),
        ("翌々月10日", "2026-09-30", "2026-11-10", "翌々月10日"),
        ("月末締め翌月25日払い", "2026-09-01", "2026-10-25", "月末締め翌月25日払い"),
        ("末締め翌月末払い", "2026-12-15", "2027-01-31", "月末締め翌月末払い"),
        ("20日締め翌月10日払い", "2026-09-20", "2026-10-10", "20日締め翌月10日払い"),
        ("20日締め翌月10日払い", "2026-09-21", "2026-11-10", "20日締め翌月10日払い"),
        ("２０日締め　翌月１０日払い", "2026-12-25", "2027-02-10", "20日締め翌月10日払い"),
        ("翌月30日", "2026-01-10", "2026-02-28", "翌月30日"),
        ("3ヶ月後末", "2026-11-05", "2027-02-28", "3ヶ月後末"),
        ("当月末", "2026-04-03", "2026-04-30", "当月末"),
        ("請求日から30日", "2026-09-15", "2026-10-15", "請求日から30日"),
        ("45日後", "2026-09-15", "2026-10-30", "請求日から45日"),
    ],
)
def test_terms_give_the_due_date(text: str, invoice: str, due: str, canonical: str) -> None:
    terms = parse_terms(text)
    assert terms.due_date(dt.date.fromisoformat(invoice)) == dt.date.fromisoformat(due)
    assert terms.text() == canonical
    assert parse_terms(terms.text()) == terms  # the canonical text reads back the same


@pytest.mark.parametrize(
    "text", ["30日", "来月払い", "20日締め30日後", "翌月32日", "13ヶ月後末", ""]
)
def test_terms_that_do_not_parse_are_refused_with_examples(text: str) -> None:
    with pytest.raises(BlockError) as caught:
        parse_terms(text)
    assert caught.value.code == "PAYMENT_TERMS_INVALID"
    assert caught.value.hint == t("counterparty.terms.hint")


def test_terms_are_data() -> None:
    assert parse_terms("20日締め翌月10日払い") == PaymentTerms(close_day=20, months=1, pay_day=10)


@pytest.mark.parametrize(
    "bank",
    [
        "ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ",
        "ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ",
        "ﾔﾏﾀﾞｼｮｳｼﾞ(ｶ",
        "カブシキガイシャ ヤマダショウジ",
        "やまだしょうじ",
    ],
)
def test_kana_spellings_of_one_name_share_a_key(bank: str) -> None:
    assert kana_key(bank) == "ヤマダシヨウジ"
    assert is_kana_name(bank)


def test_long_vowels_widths_and_legal_forms() -> None:
    assert kana_key("ｺｰﾋｰﾄﾞｳ") == kana_key("ｺ-ﾋ-ﾄﾞｳ") == kana_key("コーヒードウ")
    assert name_key("株式会社山田商事") == name_key("(株)山田商事") == name_key("山田商事㈱")
    assert not is_kana_name("株式会社山田商事")
    assert key_similarity("ヤマダシヨウジ", "ヤマダシヨウジ") == 1.0
    assert key_similarity("ヤマダシヨウ", "ヤマダシヨウジ") == 0.9  # a statement cut the name
    assert key_similarity("", "ヤマダ") == 0.0
