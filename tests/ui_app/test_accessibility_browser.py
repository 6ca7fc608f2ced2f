"""Accessibility in Debian's headless Chromium at 1366×768 (issue 26): axe-core (shipped inside
the `axe-playwright-python` wheel, injected into the page; nothing is downloaded) on the inbox,
a confirm form, the runs page and the コパイロット page with no serious or critical violation
outside `ALLOWED`; a confirm form completed with the keyboard only (Tab, Space, Enter); the
copilot's 承認/却下 as wide as their labels.

`ALLOWED` is the narrow list of what Streamlit's own markup does and this app cannot change:
each entry a rule id and the CSS selector axe reports, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.chat_script import REPLY, REQUEST, ChatScript
from tests.support.timing import scaled_ms
from tests.ui_app.test_browser import CHROMIUM, CHROMIUM_ARGS, _fontconfig, form_app
from tests.ui_app.test_browser_copilot import copilot_app

__all__ = ["copilot_app", "form_app"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]

WIDTH, HEIGHT = 1366, 768
#: What axe counts as blocking.
BLOCKING = {"serious", "critical"}
#: (rule id, selector) -> why it is Streamlit's, not ours.
ALLOWED: dict[tuple[str, str], str] = {}


@pytest.fixture
def small_page(tmp_path: Path) -> Iterator[Any]:
    """Chromium at a laptop's 1366×768, Japanese locale, the app's Japanese font."""
    import os

    from playwright.sync_api import sync_playwright

    env: dict[str, str | float | bool] = {
        **os.environ,
        "FONTCONFIG_FILE": str(_fontconfig(tmp_path)),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, env=env
        )
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, locale="ja-JP")
        page.set_default_timeout(30_000)
        try:
            yield page
        finally:
            browser.close()


def _violations(page: Any) -> list[str]:
    """The serious and critical axe violations not in `ALLOWED`, one line per node."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        for node in violation["nodes"]:
            selector = " ".join(str(s) for s in node["target"])
            if (violation["id"], selector) in ALLOWED:
                continue
            found.append(
                f"{violation['id']} ({violation['impact']}) {selector}: "
                f"{node.get('html', '')[:300]} — {node.get('failureSummary', '')[:300]}"
            )
    return found


def _settled(page: Any) -> None:
    """Wait until Streamlit has drawn the page: no script running, no stale element, and every
    lazily loaded label drawn (an expander's label appears once its Markdown chunk loaded)."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-stale=\"true\"]')"
        " && [...document.querySelectorAll('summary')].every(s => s.innerText.trim())",
        timeout=scaled_ms(90_000),
    )


def _settled_violations(page: Any) -> list[str]:
    """The violations of the settled page, from two scans in a row that agree: a page that
    reruns while axe walks it (the runs page follows the shared server's live runs, and an
    expander's label is drawn again from a lazily loaded chunk) shows a transient state — empty
    labels — to one scan only, while a real violation is in every scan."""
    last: list[str] | None = None
    for _ in range(4):
        _settled(page)
        found = _violations(page)
        if found == last:
            return found
        last = found
    assert last is not None
    return last


def test_inbox_confirm_form_and_runs_page_have_no_serious_violations(
    paused_run: Callable[[str], str],
    form_app: tuple[str, Callable[[], str]],
    small_page: Any,
    tmp_path: Path,
) -> None:
    run_id = paused_run("confirm_with_display")
    url, _read_log = form_app
    page = small_page
    problems: dict[str, list[str]] = {}

    page.goto(url)
    page.get_by_role("heading", name="受信箱").wait_for()
    page.locator(f'a[href*="run={run_id}"]').first.wait_for()
    problems["inbox"] = _settled_violations(page)

    page.goto(f"{url}/form?run={run_id}")
    page.get_by_text("照合結果と指摘事項を確認し").first.wait_for()
    page.get_by_role("button", name="送信して再開").wait_for()
    _settled(page)
    page.screenshot(path=str(tmp_path / "a11y-form.png"), full_page=True)
    problems["form"] = _settled_violations(page)

    page.goto(f"{url}/runs")
    page.get_by_role("heading", name="実行履歴").wait_for()
    page.locator('[data-testid="stExpander"]').first.wait_for()
    problems["runs"] = _settled_violations(page)

    assert problems == {"inbox": [], "form": [], "runs": []}, "\n".join(
        line for lines in problems.values() for line in lines
    )


def test_copilot_page_has_no_serious_violations_and_unclipped_buttons(
    copilot_app: tuple[str, ChatScript, Any], small_page: Any, tmp_path: Path
) -> None:
    url, _script, _read_log = copilot_app
    page = small_page
    page.goto(f"{url}/copilot")
    page.get_by_role("heading", name="コパイロット").wait_for()
    box = page.get_by_placeholder("メッセージを入力（例: 今月の請求書チェックを実行して）")
    box.fill(REQUEST)
    box.press("Enter")
    page.get_by_text(REPLY).wait_for(timeout=scaled_ms(60_000))
    approve = page.get_by_role("button", name="承認")
    approve.nth(1).wait_for()  # in the chat and in the panel
    _settled(page)
    page.screenshot(path=str(tmp_path / "a11y-copilot.png"), full_page=True)

    # Every 承認/却下 shows its whole label on one line (no 「承」「却」).
    for name in ("承認", "却下"):
        buttons = page.get_by_role("button", name=name)
        assert buttons.count() == 2
        for i in range(buttons.count()):
            button = buttons.nth(i)
            assert button.inner_text().strip().endswith(name)
            fits = button.evaluate(
                "b => { const p = b.querySelector('p') || b;"
                " const r = document.createRange(); r.selectNodeContents(p);"
                " const lines = r.getClientRects().length;"
                " return p.scrollWidth <= p.clientWidth + 1 && lines <= 1; }"
            )
            assert fits, (name, i, button.bounding_box())
    found = _settled_violations(page)
    assert found == [], "\n".join(found)


def test_a_confirm_form_is_completed_with_the_keyboard_only(
    paused_run: Callable[[str], str],
    form_app: tuple[str, Callable[[], str]],
    small_page: Any,
) -> None:
    from flows.lifecycle.control import wait_for_run
    from flows.lifecycle.runs import outcome

    run_id = paused_run("confirm_with_display")
    url, read_log = form_app
    page = small_page
    page.goto(f"{url}/form?run={run_id}")
    page.get_by_role("button", name="送信して再開").wait_for()
    _settled(page)

    def focused() -> dict[str, str]:
        return dict(
            page.evaluate(
                "() => { const e = document.activeElement;"
                " const label = e.closest('label');"
                " return {tag: e.tagName, type: e.type || '', text: (e.innerText || '').trim(),"
                " label: label ? label.innerText.trim() : (e.getAttribute('aria-label') || '')}; }"
            )
        )

    def tab_to(matches: Callable[[dict[str, str]], bool], limit: int = 80) -> dict[str, str]:
        for _ in range(limit):
            page.keyboard.press("Tab")
            here = focused()
            if matches(here):
                return here
        raise AssertionError(f"never reached by Tab; last focus: {focused()}")

    tab_to(lambda f: f["type"] == "checkbox" and "承認する" in f["label"])
    page.keyboard.press("Space")
    page.locator('input[type="checkbox"]:checked').first.wait_for(state="attached")
    tab_to(lambda f: f["tag"] == "TEXTAREA" or "コメント" in f["label"])
    page.keyboard.type("キーボードだけで確認しました")
    tab_to(lambda f: f["tag"] == "BUTTON" and "送信して再開" in f["text"])
    page.keyboard.press("Enter")
    page.get_by_text("送信しました。yamada が").wait_for(timeout=scaled_ms(60_000))

    view = wait_for_run(run_id, since_pause_key="confirm", timeout=90)
    assert view.state_type == "COMPLETED", (view, read_log())
    answers = outcome(run_id).outputs["confirm"]
    assert answers["approved"] is True
    assert answers["response"] == "キーボードだけで確認しました"
