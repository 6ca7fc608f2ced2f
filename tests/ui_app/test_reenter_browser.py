"""In Debian's headless Chromium: a run failed because the file given up front is broken; on
実行履歴 a person presses 「入力し直して再実行」, lands on the upload form (the other answer
kept), uploads a good file and submits; the run completes without redoing the unrelated node.
The fixtures (`keiri ui` on a free port, Chromium with the app's Japanese font) are those of
`test_browser.py`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.ui_app.test_browser import CHROMIUM, browser_page, form_app
from tests.ui_app.test_reenter_page import good_file, start_failed, stop_runners

__all__ = ["browser_page", "form_app"]  # fixtures used here

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


@pytest.fixture
def failed_run(runtime_env: None, tmp_path: Path) -> Iterator[str]:
    """Started (and failed) before the browser (Playwright keeps an event loop running)."""
    run_id = start_failed(tmp_path)
    yield run_id
    stop_runners(run_id)


def test_reenter_in_the_browser_reuploads_and_the_run_completes(
    failed_run: str,
    form_app: tuple[str, Callable[[], str]],
    browser_page: Any,
    tmp_path: Path,
) -> None:
    from flows.lifecycle.control import find_run, wait_for_run
    from flows.lifecycle.runs import outcome

    url, read_log = form_app
    page = browser_page
    run_id = failed_run
    page.goto(url)
    page.get_by_role("heading", name="受信箱").wait_for()
    page.get_by_role("link", name="実行履歴").first.click()
    page.get_by_role("heading", name="実行履歴").wait_for()
    # found by its key's class (the page shows no run id to people); collapsed, it draws
    # nothing until opened
    panel = page.locator(f".st-key-runs--open--{run_id}")
    panel.locator("summary").first.click()  # its own (the error's, the files') come inside
    button = panel.get_by_role("button", name="入力し直して再実行")
    button.wait_for()
    page.screenshot(path=str(tmp_path / "runs-failed.png"), full_page=True)
    button.click()

    # The run is retried and pauses at the upload form again: the form page opens.
    page.get_by_role("heading", name="入力フォーム").wait_for(timeout=120_000)
    page.get_by_text("請求書ファイル（テキストまたは PDF）をアップロード").first.wait_for()
    assert find_run(run_id).state.state_details.pause_key == "upload-r1"
    # Kept (the page may render the form before its prefilled values: wait for them).
    expect(page.get_by_label("対象月").first).to_have_value("2024-04", timeout=30_000)
    page.get_by_text("請求書_2024年04月.pdf").first.wait_for()  # what was given before
    page.screenshot(path=str(tmp_path / "form-reopened.png"), full_page=True)

    good = good_file(tmp_path)
    page.locator('input[type="file"]').first.set_input_files(str(good))
    # the new file accepted (the file given before is shown as accepted too, until replaced)
    page.get_by_text(re.compile(r"受け付けたファイル 1 件.*" + re.escape(good.name))).wait_for()
    page.get_by_role("button", name="送信して再開").click()
    page.get_by_text("送信しました").first.wait_for()
    page.screenshot(path=str(tmp_path / "form-submitted.png"), full_page=True)

    view = wait_for_run(run_id, since_pause_key="upload-r1", timeout=90)
    assert view.state_type == "COMPLETED", (view, read_log())
    done = outcome(run_id)
    assert done.outputs["upload"]["collected_data"]["period"] == "2024-04"
    assert done.outputs["upload"]["collected_data"]["document"]["name"].endswith(".txt")
    assert "ご請求金額 ¥35,698-" in done.outputs["last"]["value"][0]["text"]
    decisions = {(e.node_id, e.decision) for e in done.reuse}
    assert ("unrelated", "reused") in decisions, done.reuse
