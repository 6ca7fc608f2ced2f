"""Issue 26 in Debian's headless Chromium at 1366×768 (no CJK font on the client: the app
serves its own), on a real Prefect server and `keiri ui`: two paused runs of different months
are told apart in the inbox by their titles; a submitted collect form opens the confirm form
of the same run; a rejection there shows 差し戻し in the runs list, the summary says who and
why and names the step not done, and the run comes back to its starter's inbox — and no node
id, run UUID or code is visible on the inbox, runs or form pages."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.ui_app import test_browser as _browser
from tests.ui_app.conftest import PLANS

CHROMIUM, CHROMIUM_ARGS = _browser.CHROMIUM, _browser.CHROMIUM_ARGS
form_app = _browser.form_app  # `keiri ui` on a free port (KEIRI_USER=yamada)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]

PLAN = PLANS / "month_collect_confirm.yaml"
NODE_IDS = ("collect_month", "confirm_month", "record_after", "month_collect_confirm")
#: What must not reach the person: run UUIDs, the plan's node ids, codes.
HIDDEN = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|\b(?:" + "|".join(NODE_IDS) + r")\b"
    r"|\b(?:REJECTED|INPUT_VALIDATION_FAILED|within_tolerance|registration_number_missing)\b"
)
REASON = "金額が請求書と違います"


@pytest.fixture
def month_runs(runtime_env: None) -> Iterator[Callable[[str], str]]:
    """Start the plan for a period, as yamada from the form app, until it pauses."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs

    started: list[runs.Detached] = []

    def start(period: str) -> str:
        compiled, _warnings = compile_file(PLAN, BlockRegistry())
        started.append(
            runs.start_detached(compiled, PLAN, {}, {"period": period}, who="yamada", via="form")
        )
        outcome = started[-1].wait(timeout=90)
        assert outcome.state == "paused", (outcome, started[-1].log.read_text(errors="replace"))
        return outcome.run_id

    yield start
    for runner in started:
        if runner.process.poll() is None:
            runner.process.terminate()
            try:
                runner.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                runner.process.kill()
                runner.process.wait()


@pytest.fixture
def page() -> Iterator[Any]:
    """A 1366×768 laptop screen, no Japanese font configured on the client."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="ja-JP")
        page.set_default_timeout(60_000)
        try:
            yield page
        finally:
            browser.close()


def _visible_text(page: Any) -> str:
    return str(page.locator("section.main, [data-testid='stMain']").first.inner_text())


def _nothing_internal(page: Any, where: str) -> None:
    text = _visible_text(page)
    found = HIDDEN.findall(text)
    assert not found, (where, found, text)


def test_the_month_in_the_browser(
    month_runs: Callable[[str], str],
    form_app: tuple[str, Callable[[], str]],
    page: Any,
    tmp_path: Path,
) -> None:
    try:
        _the_month(month_runs, form_app, page, tmp_path)
    except Exception:
        page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
        raise


def _the_month(
    month_runs: Callable[[str], str],
    form_app: tuple[str, Callable[[], str]],
    page: Any,
    tmp_path: Path,
) -> None:
    march = month_runs("2026-03")
    april = month_runs("2026-04")
    url, read_log = form_app
    shots = Path(tmp_path)

    # the inbox tells the two months apart by their titles, each with its starter
    page.goto(url)
    page.get_by_role("heading", name=t("inbox.title")).wait_for()
    sep = t("display.sep")
    march_title = sep.join(["月次の支払確認", t("runs.period.month", year="2026", month=3)])
    april_title = sep.join(["月次の支払確認", t("runs.period.month", year="2026", month=4)])
    page.get_by_role("heading", name=march_title).wait_for()
    page.get_by_role("heading", name=april_title).wait_for()
    page.screenshot(path=str(shots / "inbox.png"), full_page=True)
    _nothing_internal(page, "inbox")
    assert "yamada" in _visible_text(page)

    # the April collect form; 送信 opens the confirm form of the same run
    page.locator(f'a[href*="run={april}"]').first.click()
    page.get_by_role("heading", name=t("form.title")).wait_for()
    page.get_by_text("今月の支払先を入力してください").first.wait_for()
    _nothing_internal(page, "collect form")
    field = page.get_by_label(re.compile("取引先"))
    field.fill("株式会社ミドリ商会")
    field.press("Enter")
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text("支払先を確認して承認してください").first.wait_for(timeout=120_000)
    assert f"run={april}" in page.url
    page.get_by_text(t("form.approved"), exact=True).wait_for()
    page.screenshot(path=str(shots / "next_form.png"), full_page=True)
    _nothing_internal(page, "confirm form")
    assert "株式会社ミドリ商会" in _visible_text(page)  # the run's title names its counterparty

    # reject with a reason
    # Exact: a step's name may contain 承認する too (「入力して承認する」).
    approve = page.get_by_role("checkbox", name=t("form.approved"), exact=True)
    if approve.is_checked():
        page.get_by_text(t("form.approved"), exact=True).click()
    page.get_by_label(t("form.response")).fill(REASON)
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text(t("form.run_ended", state=t("state.REJECTED"))).wait_for(timeout=120_000)

    from flows.lifecycle.control import find_run

    run = find_run(april)
    assert run.state is not None and run.state.name == "Rejected", read_log()
    assert run.state.type.value == "COMPLETED"

    # the runs list: 差し戻し, not 完了; the summary says who and why, the step not done
    page.goto(f"{url}/runs")
    page.get_by_role("heading", name=t("runs.title")).wait_for()
    entry = page.get_by_text(re.compile(re.escape(april_title) + ".*" + t("state.REJECTED")))
    entry.first.wait_for()
    entry.first.click()
    headline = t("summary.headline.rejected", plan="月次の支払確認", by="yamada", reason=REASON)
    page.get_by_text(headline).first.wait_for()
    page.get_by_text(t("summary.done.not_done", steps="支払を記録する")).first.wait_for()
    page.screenshot(path=str(shots / "runs.png"), full_page=True)
    _nothing_internal(page, "runs")
    assert t("state.COMPLETED") + sep not in _visible_text(page).split(april_title)[1][:20]

    # back in the starter's inbox, with who and why; March still waits under its own title
    page.goto(url)
    page.get_by_role("heading", name=t("inbox.rejected.title")).wait_for()
    page.get_by_text(t("inbox.rejected.item", by="yamada", reason=REASON)).first.wait_for()
    page.get_by_role("heading", name=march_title).wait_for()
    page.screenshot(path=str(shots / "inbox_rejected.png"), full_page=True)
    _nothing_internal(page, "inbox with the rejected run")
    assert march != april
