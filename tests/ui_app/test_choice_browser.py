"""The choice form in Debian's headless Chromium (issue 14): a reconcile run paused on two
candidate payments; a person opens the form, sees both (amount, date, 摘要), chooses the
second and submits; the run completes with the second payment matched."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from keiri.base.catalog import t
from tests.support.catalog_text import message
from tests.ui_app.test_browser import (  # noqa: F401 - fixtures
    CHROMIUM,
    browser_page,
    form_app,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


@pytest.fixture
def reconcile_run(paused_run: Callable[[str], str]) -> str:
    """Started before the browser (see `tests.ui_app.test_browser.zip_run`)."""
    return paused_run("reconcile_two_candidates")


def test_choose_the_second_payment_in_the_browser(
    reconcile_run: str,
    form_app: tuple[str, Callable[[], str]],  # noqa: F811
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    from flows.lifecycle.control import wait_for_run
    from flows.lifecycle.runs import outcome

    url, read_log = form_app
    page = browser_page
    page.goto(f"{url}/?run={reconcile_run}")
    page.get_by_role("heading", name=t("form.title")).wait_for()
    page.get_by_text(message("runtime.reconcile.question", row=1, count=2)).first.wait_for()
    sep = t("display.sep")  # the payment's columns and values are the plan's data
    page.get_by_text(sep.join(["日付: 2024-04-20", "摘要: ﾔﾏﾀﾞｼｮｳｼﾞ", "入金: 110,000"])).wait_for()
    page.get_by_text(
        sep.join(["日付: 2024-04-26", "摘要: ﾔﾏﾀﾞｼｮｳｼﾞ 4ｶﾞﾂﾌﾞﾝ", "入金: 110,000"])
    ).wait_for()
    expect(page.get_by_role("button", name=t("confirm.cancel"))).to_have_count(1)
    second = t("runtime.reconcile.option", row=2, text="日付: 2024-04-26")
    page.get_by_text(second, exact=False).first.click()
    page.screenshot(path=str(tmp_path / "choice.png"), full_page=True)
    page.get_by_role("button", name=t("form.submit")).click()
    view = wait_for_run(reconcile_run, since_pause_key="match-confirm-1", timeout=90)
    assert view.state_type == "COMPLETED", (view, read_log())
    done = outcome(reconcile_run).to_json()
    [pair] = done["outputs"]["match"]["matched"]
    assert pair["right_index"] == 1 and pair["right"]["日付"] == "2024-04-26"
    assert done["outputs"]["report"]["value"] == [pair]
