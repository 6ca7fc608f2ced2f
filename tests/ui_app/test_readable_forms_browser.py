"""Issue 12 in Debian's headless Chromium (Playwright with `executable_path`, never
`playwright install`): the confirm form's decision in the first viewport beside a table, a
reload that keeps what was typed and uploaded, a wrong type and a corrupt ZIP refused at
upload with their reasons, and 新規実行 starting the demo plan at its first form."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from keiri.base.catalog import t
from tests.support.catalog_text import message
from tests.ui_app import test_browser as _browser
from tests.ui_app.samples import evidence_zip

CHROMIUM, CHROMIUM_ARGS = _browser.CHROMIUM, _browser.CHROMIUM_ARGS
form_app = _browser.form_app  # the fixtures of the form-app browser tests
zip_run = _browser.zip_run

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]

VIEWPORT = {"width": 1280, "height": 800}


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    """A laptop-sized first viewport (1280×800)."""
    import os

    from playwright.sync_api import sync_playwright

    env: dict[str, str | float | bool] = {
        **os.environ,
        "FONTCONFIG_FILE": str(_browser._fontconfig(tmp_path)),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, env=env
        )
        page = browser.new_page(viewport=VIEWPORT, locale="ja-JP")
        page.set_default_timeout(30_000)
        try:
            yield page
        finally:
            browser.close()


@pytest.fixture
def display_run(paused_run: Callable[[str], str]) -> str:
    return paused_run("confirm_with_display")


def _in_first_viewport(page: Any, locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    scrolled = page.evaluate("() => window.scrollY")
    assert scrolled == 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT["height"], box
    return dict(box)


def test_confirm_form_decision_is_in_the_first_viewport_beside_the_table(
    display_run: str,
    form_app: tuple[str, Callable[[], str]],
    page: Any,
    tmp_path: Path,
) -> None:
    url, _read_log = form_app
    page.goto(f"{url}/form?run={display_run}")
    page.get_by_role("heading", name="4月分の請求書チェックの確認").wait_for()
    page.get_by_text(
        t("display.section", title="指摘事項", count=t("display.rows", count=2))
    ).wait_for()
    page.locator('[data-testid="stDataFrame"]').first.wait_for()
    page.screenshot(path=str(tmp_path / "confirm-first-viewport.png"))
    approve = page.get_by_text(t("form.approved"), exact=True)
    submit = page.get_by_role("button", name=t("form.submit"))
    approve_box = _in_first_viewport(page, approve)
    submit_box = _in_first_viewport(page, submit)
    table_box = page.locator('[data-testid="stDataFrame"]').first.bounding_box()
    assert table_box is not None and table_box["x"] + table_box["width"] <= approve_box["x"]
    assert submit_box["y"] > approve_box["y"]
    # The long table is collapsed; the raw data only behind 詳細.
    matched = t("display.section", title="照合済", count=t("display.rows", count=10))
    assert page.get_by_text(matched).is_visible()  # 照合済: the plan's section title
    assert page.get_by_text(t("form.details")).is_visible()
    assert (
        page.locator('[data-testid="stJson"]').count() == 0
        or not page.locator('[data-testid="stJson"]').first.is_visible()
    )
    assert not page.get_by_text("confirm_with_display" + t("display.sep")).is_visible()


def _wait_for_draft(run_id: str, ready: Callable[[dict[str, Any]], bool]) -> None:
    """Until the app has stored the draft (the reruns after typing run on the server)."""
    import time

    from ui_app import drafts

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        draft = drafts.load(run_id, "upload", "yamada")
        if draft is not None and ready(draft["values"]):
            return
        time.sleep(0.2)
    pytest.fail(f"no draft with the typed values: {drafts.load(run_id, 'upload', 'yamada')}")


def test_reload_keeps_typed_values_and_uploads(
    zip_run: str, form_app: tuple[str, Callable[[], str]], page: Any, tmp_path: Path
) -> None:
    url, _read_log = form_app
    archive = tmp_path / "証跡_2024年4月.zip"
    archive.write_bytes(evidence_zip())
    page.goto(f"{url}/form?run={zip_run}")
    page.get_by_role("heading", name="4月分の証跡の受け取りと承認").wait_for()
    page.locator('input[type="file"]').first.set_input_files(str(archive))
    page.get_by_text(message("form.accepted_files", count=1)).wait_for()
    field = page.get_by_label("対象月" + t("form.required_mark"))
    field.fill("2024-04")
    field.press("Enter")
    page.get_by_text(t("form.approved"), exact=True).click()
    _wait_for_draft(zip_run, lambda v: v.get("period") == "2024-04" and v.get("approved") is True)
    page.reload()
    page.get_by_role("heading", name="4月分の証跡の受け取りと承認").wait_for()
    page.get_by_text(message("form.draft_restored")).wait_for()
    # The restored values are drawn after the notice: wait for them, never read at first paint.
    expect(page.get_by_label("対象月" + t("form.required_mark"))).to_have_value(
        "2024-04", timeout=30_000
    )
    expect(page.get_by_text(message("form.accepted_files", count=1))).to_be_visible()
    expect(page.get_by_role("checkbox", name=t("form.approved"))).to_be_checked()
    page.screenshot(path=str(tmp_path / "after-reload.png"), full_page=True)


def test_wrong_type_and_corrupt_zip_are_refused_at_upload_with_their_reasons(
    zip_run: str, form_app: tuple[str, Callable[[], str]], page: Any, tmp_path: Path
) -> None:
    url, _read_log = form_app
    memo = tmp_path / "memo.txt"
    memo.write_text("not an archive", encoding="utf-8")
    broken = tmp_path / "壊れた.zip"
    broken.write_bytes(evidence_zip()[:150])
    page.goto(f"{url}/form?run={zip_run}")
    page.get_by_role("heading", name="4月分の証跡の受け取りと承認").wait_for()
    upload = page.locator('input[type="file"]').first
    upload.set_input_files(str(memo))
    wrong_type = t("upload.wrong_extension", name="memo.txt", extensions=".zip")
    page.get_by_text(wrong_type).wait_for()
    assert page.get_by_text(t("field.required")).count() == 0
    assert page.get_by_text(t("field.required_file")).count() == 0
    page.screenshot(path=str(tmp_path / "wrong-type.png"), full_page=True)
    upload.set_input_files(str(broken))
    page.get_by_text(t("upload.zip_corrupt", name=broken.name)).wait_for()
    assert page.get_by_text(wrong_type).count() == 0  # the old reason is gone
    page.screenshot(path=str(tmp_path / "corrupt-zip.png"), full_page=True)


def test_new_run_starts_the_demo_plan_at_its_first_form(
    runtime_env: None, form_app: tuple[str, Callable[[], str]], page: Any, tmp_path: Path
) -> None:
    from flows.lifecycle import runs
    from flows.lifecycle.control import list_runs

    url, read_log = form_app
    page.goto(f"{url}/new_run")
    page.get_by_role("heading", name=t("new_run.title")).wait_for()
    start = page.get_by_role("button", name=t("new_run.start"))
    start.first.wait_for()
    # The innermost block holding both the design's description and a start button: its card.
    card = (
        page.locator('[data-testid="stVerticalBlock"]')
        .filter(has=page.get_by_text("月次の請求書チェックと入金照合", exact=True))
        .filter(has=start)
        .last
    )
    page.screenshot(path=str(tmp_path / "new-run-page.png"), full_page=True)
    card.get_by_role("button", name=t("new_run.start")).click()
    page.get_by_role("heading", name=t("form.title")).wait_for(timeout=150_000)
    page.get_by_role("heading", name="月次の請求書チェックと入金照合").wait_for()
    page.get_by_text("当月の請求書ZIPと入出金明細をアップロードしてください").wait_for()
    page.screenshot(path=str(tmp_path / "new-run-first-form.png"), full_page=True)
    assert "run=" in page.url, read_log()
    run_id = page.url.split("run=", 1)[1].split("&", 1)[0]
    try:
        assert runs.started_by(run_id)["by"] == "yamada"  # type: ignore[index]
        assert any(v.run_id == run_id for v in list_runs("paused", 50))
    finally:
        runs.cancel(run_id, "test")
