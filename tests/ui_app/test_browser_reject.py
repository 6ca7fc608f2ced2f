"""In Debian's headless Chromium: a person rejects in the form (承認する left unticked, a
comment written); the run completes with `approved=false` and the next node sees the comment.
The fixtures (`keiri ui` on a free port, Chromium with the app's Japanese font) are those of
`test_browser.py`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.support.catalog_text import message
from tests.ui_app.test_browser import CHROMIUM, browser_page, form_app

__all__ = ["browser_page", "form_app"]  # fixtures used here

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


@pytest.fixture
def reject_run(paused_run: Callable[[str], str]) -> str:
    """Started before the browser (Playwright keeps an event loop running)."""
    return paused_run("reject_then_branch")


def test_reject_in_the_browser_completes_and_the_next_node_sees_the_comment(
    reject_run: str,
    form_app: tuple[str, Callable[[], str]],
    browser_page: Any,
    tmp_path: Path,
) -> None:
    from flows.lifecycle.control import wait_for_run
    from flows.lifecycle.runs import outcome

    url, read_log = form_app
    page = browser_page
    run_id = reject_run
    page.goto(url)
    page.get_by_role("heading", name=t("inbox.title")).wait_for()
    page.locator(f'a[href*="run={run_id}"]').first.click()
    page.get_by_role("heading", name=t("form.title")).wait_for()
    page.get_by_text("支払一覧を確認してください").first.wait_for()
    # Exact: a step's name may contain 承認する too (「入力して承認する」).
    approve = page.get_by_role("checkbox", name=t("form.approved"), exact=True)
    if approve.is_checked():
        page.get_by_text(t("form.approved"), exact=True).click()
    assert not approve.is_checked()
    page.get_by_label(t("form.response")).fill("3行目の金額が違います")
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text(message("form.submitted", by="yamada")).first.wait_for()
    page.screenshot(path=str(tmp_path / "rejected.png"), full_page=True)

    view = wait_for_run(run_id, since_pause_key="confirm", timeout=90)
    assert view.state_type == "COMPLETED", (view, read_log())
    outputs = outcome(run_id).outputs
    assert outputs["confirm"]["approved"] is False
    assert outputs["on_rejected"]["value"] == "3行目の金額が違います"
    assert outputs["on_approved"] is None
