"""The dates of an invoice from its flat text: the transaction date (発行日/請求日 ranked by its
label, a due date's label excluded) and the due date (支払期限 / お支払期日 / 振込期限; 「7月末日」
is the month's last day). A date that does not exist is a note, never a guess."""

from __future__ import annotations

import calendar
import datetime as dt
import re

from blocks.invoice.patterns import DATE_LABELS, DUE_LABELS, MONTH_END, PAYMENT_DUE
from blocks.text.japanese import DATE_PATTERN, date_from_match

__all__ = ["due_date", "transaction_date"]


def transaction_date(flat: str, notes: list[dict[str, str]]) -> tuple[str | None, str | None]:
    found: list[tuple[int, int, re.Match[str]]] = []
    for order, match in enumerate(DATE_PATTERN.finditer(flat)):
        before = flat[max(0, match.start() - 12) : match.start()]
        if any(label in before for label in DUE_LABELS):
            continue
        rank = next(
            (r for r, group in enumerate(DATE_LABELS) if any(g in before for g in group)), 2
        )
        found.append((rank, order, match))
    if not found:
        return None, None
    _, _, match = min(found, key=lambda f: (f[0], f[1]))
    try:
        return date_from_match(match).isoformat(), match.group(0).strip()
    except ValueError as exc:
        notes.append({"field": "transaction_date", "message": str(exc)})
        return None, match.group(0).strip()


def due_date(flat: str, notes: list[dict[str, str]]) -> tuple[str | None, str | None]:
    """支払期限 / お支払期日 / 振込期限: the first date right after such a label (「7月末日」 is
    the month's last day)."""
    for label in PAYMENT_DUE.finditer(flat):
        window = flat[label.end() : label.end() + 24]
        date = DATE_PATTERN.search(window)
        month_end = MONTH_END.search(window)
        if month_end is not None and (date is None or month_end.start() <= date.start()):
            year, month = int(month_end.group("year")), int(month_end.group("month"))
            if 1 <= month <= 12:
                last = calendar.monthrange(year, month)[1]
                return dt.date(year, month, last).isoformat(), (
                    label.group(0) + window[: month_end.end()]
                ).strip()
        if date is not None and not window[: date.start()].strip(" :：\t"):
            quote = (label.group(0) + window[: date.end()]).strip()
            try:
                return date_from_match(date).isoformat(), quote
            except ValueError as exc:
                notes.append({"field": "due_date", "message": str(exc)})
                return None, quote
    return None, None
