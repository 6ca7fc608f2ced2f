"""The dates of an invoice from its flat text: the transaction date (発行日/請求日 ranked by its
label, a due date's label excluded) and the due date (支払期限 / お支払期日 / 振込期限; 「7月末日」
and 「令和9年4月末日」 are the month's last day; 「翌月末日」 counts from the document's date, as
`blocks.text.payment_terms` counts an invoice without a closing day, from its printed closing
date or its 請求日 / 発行日). A date that does not exist is a note, never a guess."""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Sequence

from blocks.invoice.patterns import (
    CLOSING_DATE,
    DATE_LABELS,
    DATE_RANGE,
    DATE_RANGE_END,
    DUE_LABELS,
    DUE_QUALIFIER,
    ENGLISH_LABEL_TAIL,
    LATIN_DATE,
    LATIN_MONTHS,
    MONTH_END,
    PAYMENT_DUE,
    PERIOD_MONTH,
    YEARLESS_DATE,
)
from blocks.text.japanese import DATE_PATTERN, date_from_match, gregorian_year
from blocks.text.payment_terms import leading_terms

__all__ = ["RIVAL_DATE", "YEAR_INFERRED", "due_date", "transaction_date"]

#: The note of a 請求日 beside a different 取引日 / 利用日 taken (`evidence` asks which).
RIVAL_DATE = "transaction_date_rival"
#: The note of a date printed without its year (「請求日 5月31日」), the year taken from the
#: document (`evidence` asks to check it): {"field": YEAR_INFERRED, "name": the field}.
YEAR_INFERRED = "date_year_inferred"


def transaction_date(flat: str, notes: list[dict[str, str]]) -> tuple[str | None, str | None]:
    found: list[tuple[int, int, re.Match[str]]] = []
    for order, match in enumerate(DATE_PATTERN.finditer(flat)):
        # the label before the date, past the English half of a bilingual one (「発行日 / Issue
        # date:」)
        before = ENGLISH_LABEL_TAIL.sub("", flat[max(0, match.start() - 40) : match.start()])[-12:]
        if any(label in before for label in DUE_LABELS) or DATE_RANGE_END.search(before):
            continue  # a due date, or the end of a period (「2032-07-01 ~ 2032-07-31」)
        rank = next(
            (r for r, group in enumerate(DATE_LABELS) if any(g in before for g in group)), 2
        )
        if rank == 2 and DATE_RANGE.match(flat, match.end()):
            continue  # the start of a period (対象期間), not the document's date
        found.append((rank, order, match))
    if not found:
        return _yearless_issued(flat, notes)
    rank, _, match = min(found, key=lambda f: (f[0], f[1]))
    try:
        value = date_from_match(match).isoformat()
        issued = _issued_other(found, value) if rank != 1 else None
        if issued is not None:  # a 取引日 / 利用日 beside another 請求日: which one is asked
            notes.append({"field": RIVAL_DATE, "value": issued[0], "text": issued[1]})
        return value, match.group(0).strip()
    except ValueError as exc:
        notes.append({"field": "transaction_date", "message": str(exc)})
        return None, match.group(0).strip()


def _yearless_issued(flat: str, notes: list[dict[str, str]]) -> tuple[str | None, str | None]:
    """A 請求日 / 発行日 printed without its year (「請求日 5月31日」) in a document for a month
    of a year (「2029年5月度」): that year when the day falls in that month or the next (the
    month after a December, the next year); else none. Asked at 要確認 (`YEAR_INFERRED`)."""
    period = PERIOD_MONTH.search(flat)
    if period is None:
        return None, None
    year = (
        gregorian_year(period.group("era"), period.group("eyear"))
        if period.group("era")
        else int(period.group("year"))
    )
    month = int(period.group("month"))
    for match in YEARLESS_DATE.finditer(flat):
        before = flat[max(0, match.start() - 12) : match.start()]
        if match.group("day") is None or not any(g in before for g in DATE_LABELS[1]):
            continue
        day_month = int(match.group("month"))
        if day_month not in (month, month % 12 + 1):
            continue
        on = year + 1 if day_month < month else year
        try:
            value = dt.date(on, day_month, int(match.group("day"))).isoformat()
        except ValueError as exc:
            notes.append({"field": "transaction_date", "message": str(exc)})
            return None, match.group(0)
        notes.append({"field": YEAR_INFERRED, "name": "transaction_date", "text": period.group(0)})
        return value, match.group(0)
    return None, None


def _yearless_due(
    window: str, notes: list[dict[str, str]], anchor: str | None
) -> tuple[str, str] | None:
    """A due date printed without its year (「お支払期限 7月4日」, 「11月末日」) right after its
    label: the first such day on or after `anchor` (the document's date); asked at 要確認."""
    match = YEARLESS_DATE.match(window.lstrip(" :：\t"))
    if match is None or anchor is None:
        return None
    base = dt.date.fromisoformat(anchor)
    month = int(match.group("month"))
    if not 1 <= month <= 12:
        return None
    for year in (base.year, base.year + 1):
        last = calendar.monthrange(year, month)[1]
        day = last if match.group("end") else int(match.group("day"))
        if day > last:
            return None
        if (due := dt.date(year, month, day)) >= base:
            notes.append({"field": YEAR_INFERRED, "name": "due_date", "text": anchor})
            return due.isoformat(), match.group(0)
    return None


def _issued_other(
    found: list[tuple[int, int, re.Match[str]]], value: str
) -> tuple[str, str] | None:
    """(ISO, text) of the first 請求日 / 発行日 that is another day than `value` (a 利用日 or a
    納品日 ranked first): the document's date, its rival (both asked at 要確認). Without a
    請求日 / 発行日, an unlabelled date that is another day is the rival (「作業日 9月12日」 and a
    bare 「9月16日」 under the title: which is the document's date is not printed)."""
    ranked = sorted(found, key=lambda f: (f[0], f[1]))
    wanted = 1 if any(rank == 1 for rank, _, _ in ranked) else 2
    for rank, _, match in ranked:
        if rank != wanted:
            continue
        try:
            issued = date_from_match(match).isoformat()
        except ValueError:
            continue
        if issued != value:
            return issued, match.group(0).strip()
    return None


def due_date(
    flat: str,
    notes: list[dict[str, str]],
    anchor: str | None = None,
    under: Sequence[str] = (),
) -> tuple[str | None, str | None]:
    """支払期限 / お支払期日 / 振込期限: the first date right after such a label in `flat`, else
    in `under` (`label value` of a due label whose value stands under it in a header row);
    「7月末日」 is the month's last day, 「翌月末日」 the last day of the month after the printed
    closing date, else the 請求日 / 発行日, else `anchor` (the transaction date, ISO); none
    without any of them."""
    anchor = _anchor(flat, anchor)
    for text in (flat, *under):
        for label in PAYMENT_DUE.finditer(text):
            window = text[label.end() : label.end() + _WINDOW + _LATIN_ROOM]
            found = _due_after(label, window, notes, anchor)
            if found is not None:
                return found
    return None, None


def _anchor(flat: str, date: str | None) -> str | None:
    """The date terms count from: a printed closing date (「5月20日締め分」, in the year of the
    document's date, or the year before when its month is later), else the 請求日 / 発行日, else
    `date` (the transaction date)."""
    issued = next(
        (
            m
            for m in DATE_PATTERN.finditer(flat)
            if any(g in flat[max(0, m.start() - 12) : m.start()] for g in DATE_LABELS[1])
        ),
        None,
    )
    try:
        base = date_from_match(issued) if issued else dt.date.fromisoformat(date) if date else None
    except ValueError:
        base = None
    closing = CLOSING_DATE.search(flat)
    if base is None or closing is None:
        return base.isoformat() if base else None
    month, day = int(closing.group("month")), int(closing.group("day"))
    year = base.year - 1 if month > base.month else base.year
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return base.isoformat()


#: How far after a due label its date is looked for (characters), and the room an English date
#: before its Japanese form takes beyond that.
_WINDOW = 24
_LATIN_ROOM = 24


def _latin_date(match: re.Match[str]) -> str | None:
    """An English date (`LATIN_DATE`) in ISO form; None when its month or day is not one."""
    month = (match["month"] or match["month2"]).lower()[:3]
    if month not in LATIN_MONTHS:
        return None
    try:
        day = int(match["day"] or match["day2"])
        return dt.date(int(match["year"]), LATIN_MONTHS.index(month) + 1, day).isoformat()
    except ValueError:
        return None


def _due_after(
    label: re.Match[str], window: str, notes: list[dict[str, str]], anchor: str | None
) -> tuple[str | None, str | None] | None:
    qualifier = DUE_QUALIFIER.match(window)  # 「(口座振替日)」: how it is paid, not a term
    head = label.group(0) + (window[: qualifier.end()] if qualifier else "")
    room = _WINDOW - (qualifier.end() if qualifier else 0)
    window = window[qualifier.end() :] if qualifier else window
    latin = LATIN_DATE.match(window)  # a bilingual page's English date first
    english = _latin_date(latin) if latin is not None else None
    if latin is not None and english is not None:
        head, window = head + window[: latin.end()], window[latin.end() :]
    window = window[:room]
    date = DATE_PATTERN.search(window)
    month_end = MONTH_END.search(window)
    if month_end is not None and (date is None or month_end.start() <= date.start()):
        era, year = month_end.group("era"), month_end.group("year")
        western, month = (
            gregorian_year(era, year) if era else int(year),
            int(month_end.group("month")),
        )
        if 1 <= month <= 12:
            last = calendar.monthrange(western, month)[1]
            return dt.date(western, month, last).isoformat(), (
                head + window[: month_end.end()]
            ).strip()
    if date is not None and not window[: date.start()].strip(" :：\t"):
        quote = (head + window[: date.end()]).strip()
        try:
            found = date_from_match(date).isoformat()
        except ValueError as exc:
            notes.append({"field": "due_date", "message": str(exc)})
            return None, quote
        # the two forms of a bilingual date disagree: neither is taken
        return (found if english in (None, found) else None), quote
    if english is not None:  # no Japanese form after it: the English date itself
        return english, head.rstrip(" (（")
    yearless = _yearless_due(window, notes, anchor)  # at the window's start: before any date
    if yearless is not None:
        return yearless[0], f"{head} {yearless[1]}"
    terms = leading_terms(window)
    if terms is not None and anchor is not None:
        due = terms[0].due_date(dt.date.fromisoformat(anchor))
        return due.isoformat(), f"{head} {terms[1]}"
    return None
