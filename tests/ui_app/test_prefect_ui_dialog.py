"""The Prefect UI's own resume dialog on a keiri pause (issue 12 item 15), in Debian's headless
Chromium: the dialog shows the form's message, the required field is marked required, the
optional comment needs no extra click, and the resumed run sees the comment."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.ui_app.test_browser import CHROMIUM, CHROMIUM_ARGS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


@pytest.fixture
def confirm_run(paused_run: Callable[[str], str]) -> str:
    """Started before the browser (Playwright's sync API keeps an event loop running)."""
    return paused_run("ask_then_record")


@pytest.fixture
def page(confirm_run: str, tmp_path: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from tests.ui_app.test_browser import _fontconfig

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            env={**__import__("os").environ, "FONTCONFIG_FILE": str(_fontconfig(tmp_path))},
        )
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(30_000)
        try:
            yield page
        finally:
            browser.close()


def test_resume_in_the_prefect_ui_dialog_with_a_comment(
    confirm_run: str, page: Any, prefect_server: str, tmp_path: Path
) -> None:
    from flows.lifecycle import runs
    from flows.lifecycle.control import wait_for_run

    ui = prefect_server.removesuffix("/api")
    page.goto(f"{ui}/runs/flow-run/{confirm_run}")
    resume = page.get_by_role("button", name="Resume")
    resume.first.wait_for()
    page.screenshot(path=str(tmp_path / "prefect-run.png"), full_page=True)
    resume.first.click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for()
    dialog.get_by_text("金額を確認してください").first.wait_for()  # the form's message
    page.screenshot(path=str(tmp_path / "prefect-dialog.png"), full_page=True)
    text = dialog.inner_text()
    assert t("form.prefect_description", heading="ask") in text, text
    # Only the amount is required; the comment is a plain text box with a "" default.
    amount = dialog.get_by_role("spinbutton").first
    amount.fill("1200")
    comment = dialog.get_by_role("textbox").first
    comment.fill("Prefect UI から確認しました")
    page.screenshot(path=str(tmp_path / "prefect-dialog-filled.png"), full_page=True)
    dialog.get_by_role("button", name="Submit").click()

    view = wait_for_run(confirm_run, since_pause_key="ask", timeout=90)
    assert view.state_type == "COMPLETED", view
    record = runs.outcome(confirm_run).model_dump(mode="json")
    ask = record["outputs"]["ask"]
    assert ask["collected_data"]["amount"] == 1200
    assert ask["response"] == "Prefect UI から確認しました"
    assert ask["metadata"]["source"] == "outside_keiri"  # not resumed through keiri
    assert record["outputs"]["after"]["value"] == 1200
