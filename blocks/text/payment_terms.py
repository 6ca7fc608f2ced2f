"""Payment terms (支払条件) as data: a small grammar, parsed once, and the due date of an
invoice under them.

    terms   := [close "締め"] (pay | after) ["払い" | "支払い" | "支払"]
    close   := "月末" | "末" | "末日" | DAY "日"              -- the closing day (締め日)
    pay     := month (DAY "日" | "末" | "末日")               -- the paying day
    month   := "当月" | "翌月" | "翌々月" | N ("ヶ月後" | "か月後" | "カ月後")
    after   := [("請求日" | "発行日" | "受領日") ("から" | "より")] N "日" ["後" | "以内"]

(an `after` term needs `後`, `以内` or its `から` so that `30日` alone stays an error).
Examples: `翌月末`, `翌々月10日`, `月末締め翌月25日払い`, `20日締め翌月10日払い`, `請求日から30日`.
Text is read after NFKC (full-width digits work) with spaces removed. A closing day of 31 or
`末` is the month's last day; a paying day past the month's end is its last day (`30日` in
February). Without a closing day, an invoice closes in its own month (`翌月末`). The due date is
a calendar date; the days a payment due on a bank holiday is made on are
`blocks.text.calendar.payment_days`. Used by the counterparty master (each counterparty's
terms) and by the reconciliation (a plan's default terms).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from blocks.sdk.errors import BlockError, ErrorCode
from blocks.text.japanese import nfkc
from keiri.base.catalog import t

__all__ = ["MONTH_END", "PaymentTerms", "leading_terms", "parse_terms"]

#: A day number meaning "the last day of the month".
MONTH_END = 31
_DAY = r"(?:[1-9]|[12]\d|3[01])"
_GRAMMAR = re.compile(
    rf"(?:(?P<close>月末|末日?|{_DAY}日)締め?)?"
    rf"(?:(?P<month>当月|翌月|翌々月|(?P<n>[1-9]|1[0-2])[ヶかカケ箇]月後)(?P<pay>末日?|{_DAY}日)"
    r"|(?:(?P<from>請求日?|発行日|受領日?)(?:から|より))?(?P<days>[1-9]\d{0,2})日(?P<after>後|以内)?)"
    r"(?:払い?|支払い?)?"
)
_MONTHS = {"当月": 0, "翌月": 1, "翌々月": 2}
_MONTH_WORDS = {0: "当月", 1: "翌月", 2: "翌々月"}


@dataclass(frozen=True)
class PaymentTerms:
    """Parsed terms: a closing day, a month offset and a paying day; or a number of days."""

    close_day: int | None = None
    months: int | None = None
    pay_day: int | None = None
    days: int | None = None

    def due_date(self, invoice_date: dt.date) -> dt.date:
        """The date an invoice of `invoice_date` is due under these terms."""
        if self.days is not None:
            return invoice_date + dt.timedelta(days=self.days)
        year, month = invoice_date.year, invoice_date.month
        if self.close_day is not None and invoice_date.day > _clamp(year, month, self.close_day):
            year, month = _add_months(year, month, 1)
        year, month = _add_months(year, month, self.months or 0)
        return dt.date(year, month, _clamp(year, month, self.pay_day or MONTH_END))

    def text(self) -> str:
        """The terms as an accountant writes them (`20日締め翌月10日払い`)."""
        if self.days is not None:
            return f"請求日から{self.days}日"
        months = self.months or 0
        month = _MONTH_WORDS.get(months, f"{months}ヶ月後")
        pay = "末" if (self.pay_day or MONTH_END) == MONTH_END else f"{self.pay_day}日"
        if self.close_day is None:
            return f"{month}{pay}"
        close = "月末" if self.close_day == MONTH_END else f"{self.close_day}日"
        return f"{close}締め{month}{pay}払い"


def _clamp(year: int, month: int, day: int) -> int:
    return min(day, calendar.monthrange(year, month)[1])


def _add_months(year: int, month: int, count: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + count
    return index // 12, index % 12 + 1


def _day(text: str) -> int:
    return MONTH_END if text.startswith(("末", "月末")) else int(text.removesuffix("日"))


def leading_terms(text: str) -> tuple[PaymentTerms, str] | None:
    """The month-based terms `text` starts with (「翌月末日」, 「翌々月10日払い」 after a due
    label) and the words they were read from; None when it starts with none (a count of days
    alone, 「30日」, is not terms)."""
    value = nfkc(text).lstrip(" :：")
    match = _GRAMMAR.match(value)
    if match is None or not match.group("month"):
        return None
    word = match.group("month")
    months = _MONTHS[word] if word in _MONTHS else int(match.group("n"))
    close = _day(match.group("close")) if match.group("close") else None
    return PaymentTerms(close_day=close, months=months, pay_day=_day(match.group("pay"))), (
        match.group(0)
    )


def parse_terms(text: str) -> PaymentTerms:
    """`PaymentTerms` of `text`; PAYMENT_TERMS_INVALID (with examples) when it does not parse."""
    value = re.sub(r"\s+", "", nfkc(text))
    match = _GRAMMAR.fullmatch(value)
    if match is None or (match.group("days") and not (match.group("after") or match.group("from"))):
        raise BlockError(
            ErrorCode.PAYMENT_TERMS_INVALID,
            t("counterparty.terms.invalid", text=text),
            details={"terms": text},
            hint=t("counterparty.terms.hint"),
        )
    close = _day(match.group("close")) if match.group("close") else None
    if match.group("days"):
        if close is not None:
            raise BlockError(
                ErrorCode.PAYMENT_TERMS_INVALID,
                t("counterparty.terms.close_with_days", text=text),
                details={"terms": text},
                hint=t("counterparty.terms.hint"),
            )
        return PaymentTerms(days=int(match.group("days")))
    word = match.group("month")
    months = _MONTHS[word] if word in _MONTHS else int(match.group("n"))
    return PaymentTerms(close_day=close, months=months, pay_day=_day(match.group("pay")))
