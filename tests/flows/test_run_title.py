"""A run's title (`flows.lifecycle.run_title`): the plan's description, the period in words
(a deployment's `period:` tag, else the run's `period` var), the first file or counterparty of
its answers; the same text everywhere it is shown."""

from __future__ import annotations

from flows.lifecycle import run_title
from flows.lifecycle.run_title import RunTitle
from keiri.base.catalog import t

FILE = {"uri": "keiri://sha256/ab", "name": "請求書_4月.zip", "size": 3, "sha256": "ab"}


def test_the_period_comes_from_the_tag_else_the_var_and_reads_as_a_month() -> None:
    april = t("runs.period.month", year="2026", month=4)
    assert run_title.period_of(["plan:x", "period:2026-04"], {}) == april
    assert run_title.period_of([], {"vars": {"period": "2026-04"}}) == april
    assert run_title.period_of([], {"vars": {"period": "2024-04-01..2024-09-30"}}) == (
        "2024-04-01..2024-09-30"
    )
    assert run_title.period_of([], {"vars": {}}) is None


def test_the_first_file_else_the_counterparty_names_the_run() -> None:
    assert run_title._first_file([None, {"evidence": FILE}]) == "請求書_4月.zip"
    assert (
        run_title._counterparty({"answers": [None, {"counterparty": "株式会社A"}]}) == "株式会社A"
    )


def test_the_title_joins_what_is_known() -> None:
    title = RunTitle("月次の支払確認", "2026年4月分", "請求書_4月.zip", "yamada", None)
    sep = t("display.sep")
    assert title.text() == sep.join(["月次の支払確認", "2026年4月分", "請求書_4月.zip"])
    assert title.started() == t("runs.started_by", by="yamada", at=t("time.unknown"))
    assert RunTitle("月次の支払確認").text() == "月次の支払確認"


def test_the_plan_is_named_by_its_description() -> None:
    assert (
        run_title.plan_title({"plan": "monthly_invoice_check"}, "x")
        == "月次の請求書チェックと入金照合"
    )
    assert run_title.plan_title({}, "some_plan") == "some_plan"
