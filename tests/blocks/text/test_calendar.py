"""The banking calendar: weekends, national holidays (振替休日 included) and the bank holidays
of 年末年始 are closed; a payment due on a closed day may be made the business day before or
after."""

from __future__ import annotations

import datetime as dt

import pytest

from blocks.text.calendar import (
    holiday_name,
    is_business_day,
    next_business_day,
    payment_days,
    previous_business_day,
)

D = dt.date


@pytest.mark.parametrize(
    ("day", "open_"),
    [
        (D(2026, 5, 1), True),  # a Friday
        (D(2026, 5, 2), False),  # a Saturday
        (D(2026, 5, 4), False),  # みどりの日
        (D(2026, 5, 6), False),  # 振替休日 (憲法記念日 on a Sunday)
        (D(2025, 12, 31), False),  # bank holiday
        (D(2026, 1, 2), False),  # bank holiday
        (D(2026, 1, 5), True),
        (D(2024, 9, 23), False),  # 振替休日 of 秋分の日
    ],
)
def test_business_days_follow_the_japanese_bank_calendar(day: dt.date, open_: bool) -> None:
    assert is_business_day(day) is open_


def test_holidays_are_named_in_japanese() -> None:
    assert holiday_name(D(2026, 5, 4)) == "みどりの日"
    assert "銀行休業日" in str(holiday_name(D(2025, 12, 31)))
    assert holiday_name(D(2026, 5, 2)) is None  # a plain Saturday


def test_a_due_date_on_a_closed_day_is_paid_the_business_day_before_or_after() -> None:
    # 2026-05-31 is a Sunday: the Friday before, the Monday after
    assert payment_days(D(2026, 5, 31)) == (D(2026, 5, 29), D(2026, 6, 1))
    # 年末年始: 12/31 to 1/4 are closed (1/3 and 1/4 2026 are a weekend)
    assert previous_business_day(D(2025, 12, 31)) == D(2025, 12, 30)
    assert next_business_day(D(2025, 12, 31)) == D(2026, 1, 5)
    # a business day is its own payment day
    assert payment_days(D(2026, 6, 30)) == (D(2026, 6, 30), D(2026, 6, 30))
