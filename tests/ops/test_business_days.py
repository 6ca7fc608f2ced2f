"""Business-day schedules against a table written by hand from the 2026-2027 calendar.

The holidays (内閣府の「国民の祝日」): 2026 — 1/1, 1/12, 2/11, 2/23, 3/20, 4/29, 5/3-5/5 and
5/6 (振替休日), 7/20, 8/11, 9/21, 9/22 (国民の休日), 9/23, 10/12, 11/3, 11/23; 2027 — 1/1,
1/11, 2/11, 2/23, 3/21 and 3/22 (振替休日), 4/29, 5/3-5/5, 7/19, 8/11, 9/20, 9/23, 10/11,
11/3, 11/23. The company calendar closes 12/29-1/3. 2026-01-01 is a Thursday, 2027-01-01 a
Friday. Dates are computed by Prefect's own schedule model from the rendered RDATE rrule (what
its scheduler creates), and a real server's scheduler is checked to create those runs.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from blocks.text.calendar import (
    ClosedDays,
    business_days_of_month,
    holiday_name,
    is_business_day,
    load_closed_days,
    next_business_day,
    payment_days,
    previous_business_day,
    shift_to_business_day,
)
from flows.deploy.schedules import Schedule, next_times, render_schedule
from keiri.base.errors import ConfigError
from tests.ops.conftest import PLANS, Ops, eventually

TOKYO = ZoneInfo("Asia/Tokyo")
START = datetime(2026, 1, 1, tzinfo=TOKYO)
COMPANY = ClosedDays(
    yearly=frozenset({(12, 29), (12, 30), (12, 31), (1, 1), (1, 2), (1, 3)}), source="test"
)

# month -> the day, by hand (the reasoning in the comment).
THIRD_BUSINESS_DAY = {
    "2026-01": "2026-01-07",  # 1/1 祝日, 1/2 会社休業, 1/3-4 週末: 5, 6, 7
    "2026-02": "2026-02-04",  # Mon 2, Tue 3, Wed 4
    "2026-05": "2026-05-08",  # GW: 5/1 (1), 5/4-5/5 祝日, 5/6 振替休日, 5/7 (2), 5/8 (3)
    "2026-09": "2026-09-03",
    "2026-10": "2026-10-05",  # Thu 1, Fri 2, Mon 5
    "2026-11": "2026-11-05",  # Mon 2, 11/3 文化の日, Wed 4, Thu 5
    "2027-01": "2027-01-06",  # 1/1 祝日, 1/2-3 週末: 4, 5, 6
    "2027-05": "2027-05-10",  # 5/3-5/5 祝日 (Mon-Wed): Thu 6, Fri 7, Mon 10
}
LAST_BUSINESS_DAY = {
    "2026-05": "2026-05-29",  # 5/30-31 週末
    "2026-12": "2026-12-28",  # 12/29-31 会社休業
    "2027-02": "2027-02-26",  # 2/27-28 週末
    "2027-04": "2027-04-30",
    "2027-12": "2027-12-28",  # 12/29-31 会社休業
}
ON_OR_BEFORE_25 = {
    "2026-04": "2026-04-24",  # 4/25 Sat
    "2026-10": "2026-10-23",  # 10/25 Sun
    "2026-12": "2026-12-25",  # Fri
    "2027-04": "2027-04-23",  # 4/25 Sun, 4/24 Sat
    "2027-07": "2027-07-23",  # 7/25 Sun
}


def _by_month(schedule: Schedule, count: int = 24) -> dict[str, str]:
    times = next_times(schedule, count, START, COMPANY)
    assert all(t.hour == schedule.time_of_day.hour and t.tzinfo for t in times)
    return {t.strftime("%Y-%m"): t.date().isoformat() for t in times}


@pytest.mark.parametrize(
    ("rule", "table"),
    [(3, THIRD_BUSINESS_DAY), ("last", LAST_BUSINESS_DAY), ({"on_or_before": 25}, ON_OR_BEFORE_25)],
    ids=["3rd", "last", "on_or_before_25"],
)
def test_dates_2026_2027_match_the_hand_checked_table(rule: Any, table: dict[str, str]) -> None:
    found = _by_month(Schedule(business_day=rule, at="09:00"))
    assert len(found) == 24 and min(found) == "2026-01" and max(found) == "2027-12"
    assert {month: found[month] for month in table} == table


def test_substitute_holidays_and_the_national_holiday_are_closed() -> None:
    assert not is_business_day(date(2026, 5, 6))  # 振替休日 (5/3 was a Sunday)
    assert not is_business_day(date(2027, 3, 22))  # 振替休日 (3/21 was a Sunday)
    assert not is_business_day(date(2026, 9, 22))  # 国民の休日 (between two holidays)
    assert is_business_day(date(2026, 12, 29)) and not is_business_day(date(2026, 12, 29), COMPANY)
    # the business day on or before the 22nd of March 2027: 3/22 振替休日, 3/20-21 週末
    found = _by_month(Schedule(business_day={"on_or_before": 22}))
    assert found["2027-03"] == "2027-03-19"
    after = _by_month(Schedule(business_day={"on_or_after": 6}))
    assert after["2026-05"] == "2026-05-07"  # 5/6 振替休日 -> Thu 5/7
    assert shift_to_business_day(date(2027, 1, 1), "after", COMPANY) == date(2027, 1, 4)
    assert len(business_days_of_month(2026, 5, COMPANY)) == 18


def test_one_calendar_for_schedules_and_payment_days() -> None:
    """The banks' 12/31 and 1/2-1/3 are closed with no company calendar (a payment due then
    is made the business day before or after); the company calendar closes 12/29-30 too."""
    assert not is_business_day(date(2026, 12, 31)) and holiday_name(date(2026, 12, 31))
    assert holiday_name(date(2026, 5, 6)) == "振替休日"
    assert payment_days(date(2026, 12, 31)) == (date(2026, 12, 30), date(2027, 1, 4))
    assert payment_days(date(2026, 12, 31), COMPANY) == (date(2026, 12, 28), date(2027, 1, 4))
    assert previous_business_day(date(2026, 5, 31)) == date(2026, 5, 29)
    assert next_business_day(date(2026, 5, 31)) == date(2026, 6, 1)


def test_rendered_rrule_lists_three_calendar_years_in_tokyo_time() -> None:
    entry = render_schedule(Schedule(business_day=3, at="09:30"), date(2026, 6, 1), COMPANY)
    assert entry["timezone"] == "Asia/Tokyo" and entry["active"] is True
    rdates = entry["rrule"].removeprefix("RDATE:").split(",")
    assert len(rdates) == 36 and rdates[0] == "20260107T093000" and rdates[-1].startswith("2028")
    assert "20260508T093000" in rdates
    cron = render_schedule(Schedule(cron="0 9 3 * *"))
    assert cron == {"cron": "0 9 3 * *", "timezone": "Asia/Tokyo", "active": True}


def test_schedule_model_refuses_mixed_and_bad_rules() -> None:
    from pydantic import ValidationError

    for bad in (
        {"cron": "0 9 * * *", "business_day": 3},
        {},
        {"business_day": 0},
        {"business_day": 30},
        {"business_day": 3, "at": "9am"},
        {"cron": "0 9 * * *", "at": "09:00"},
        {"business_day": {"on_or_before": 25, "on_or_after": 1}},
    ):
        with pytest.raises(ValidationError):
            Schedule.model_validate(bad)


def test_company_calendar_file(tmp_path: Path) -> None:
    good = tmp_path / "calendar.yaml"
    good.write_text(
        'closed:\n  - "12-29..01-03"\n  - 2026-08-14\n  - "2026-08-12..2026-08-13"\n  - "05-01"\n',
        encoding="utf-8",
    )
    closed = load_closed_days(good)
    assert date(2027, 1, 2) in closed and date(2026, 12, 30) in closed
    assert date(2026, 8, 12) in closed and date(2026, 8, 14) in closed
    assert date(2027, 5, 1) in closed and date(2026, 8, 15) not in closed
    bad = tmp_path / "bad.yaml"
    bad.write_text('closed:\n  - "13-01"\n  - "tomorrow"\n  - 2026-01-05\n', encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_closed_days(bad)
    assert len(caught.value.problems) == 2 and "'13-01'" in caught.value.problems[0]


@pytest.mark.prefect
def test_the_server_schedules_the_business_days(ops: Ops, prefect_server: str) -> None:
    """`keiri deploy` applies the rrule; Prefect's scheduler creates runs on those days."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterDeploymentId

    name = f"third-bd-{ops.pool}"
    ops.write(
        name,
        design=str(PLANS / "record_chain.yaml"),
        schedules=[{"business_day": 3, "at": "09:00"}],
    )
    code, doc = ops.deploy()
    assert code == 0, doc
    expected = [datetime.fromisoformat(t) for t in doc["deployments"][0]["schedules"][0]["next"]]
    assert len(expected) == 12 and all(is_business_day(t.date()) for t in expected)
    with get_client(sync_client=True) as client:
        deployment = client.read_deployment_by_name(f"run_plan/{name}")

        def scheduled() -> list[Any]:
            return list(
                client.read_flow_runs(
                    flow_run_filter=FlowRunFilter(
                        deployment_id=FlowRunFilterDeploymentId(any_=[deployment.id])
                    )
                )
            )

        runs = eventually(scheduled, lambda r: len(r) >= 3, timeout=60)
    starts = sorted(r.expected_start_time.astimezone(TOKYO) for r in runs)
    assert starts[:3] == expected[:3]
