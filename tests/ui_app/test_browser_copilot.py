"""The コパイロット page in Debian's headless Chromium: `keiri ui` (the real command) with the
scripted model on its local OpenAI-compatible server; one full exchange — a request typed in
the chat, the confirmation's 承認, the run started on the real Prefect server (its link in the
chat), and the TaskLoop's summary appearing in the open page without a click (the page looks
for background messages every few seconds). No run UUID, node id or English code is visible
on the page at any step (a DOM text scan). Screenshots in the test's folder."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, TEST_BLOCK_SPECS
from tests.support.chat_script import REPLY, REQUEST, SUMMARY, ChatScript, write_design
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI
from tests.ui_app.test_browser import _KEIRI_UI, CHROMIUM, _free_port, browser_page

__all__ = ["browser_page"]

#: What must not reach the person on the page: run UUIDs, the plan's node id (`check`), codes
#: and Prefect's English state names. (The plan id may appear: the scripted reply names it.)
HIDDEN = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|\bcheck\b|\b[A-Z]{2,}(?:_[A-Z]+)+\b|\b[a-z]+(?:_[a-z]+)*_(?:run|action|id)\b"
    r"|\b(?:COMPLETED|RUNNING|PAUSED|FAILED|SCHEDULED|PENDING|Completed|Running|Paused|Failed)\b"
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


@pytest.fixture
def copilot_app(prefect_server: str, tmp_path: Path) -> Iterator[tuple[str, ChatScript, Any]]:
    script = ChatScript()
    write_design(tmp_path / "designs")
    with ScriptedOpenAI(handler=script.handler) as srv:
        env = {k: v for k, v in os.environ.items() if k not in LLM_ENV and k != "KEIRI_UI_SECRET"}
        env.update(
            srv.env(),
            KEIRI_HOME=str(tmp_path / "home"),
            KEIRI_LLM_MAX_RETRIES="0",
            KEIRI_USER="yamada",
            KEIRI_LANG="ja",
            KEIRI_DESIGNS_DIR=str(tmp_path / "designs"),
            KEIRI_BLOCK_SPECS=str(TEST_BLOCK_SPECS),
            KEIRI_TEST_JOURNAL=str(tmp_path / "journal.jsonl"),
        )
        port = _free_port()
        log_path = tmp_path / "keiri-ui.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [sys.executable, "-c", _KEIRI_UI, "ui", "--port", str(port)],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
                env=env,
                start_new_session=True,
            )

        def read_log() -> str:
            return log_path.read_text(encoding="utf-8", errors="replace")[-4000:]

        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("keiri ui did not start:\n" + read_log())
            time.sleep(0.3)
        try:
            yield url, script, read_log
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_one_full_exchange_in_the_browser(
    copilot_app: tuple[str, ChatScript, Any], browser_page: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    url, script, read_log = copilot_app
    page = browser_page
    page.goto(f"{url}/copilot")
    page.get_by_role("heading", name="コパイロット").wait_for()
    page.get_by_text("まだメッセージはありません").wait_for()
    box = page.get_by_placeholder("メッセージを入力（例: 今月の請求書チェックを実行して）")
    box.fill(REQUEST)
    box.press("Enter")
    page.get_by_text(REPLY).wait_for(timeout=60_000)
    approve = page.get_by_role("button", name="承認")
    approve.nth(1).wait_for()  # in the chat and in the panel's 確認待ち
    assert approve.count() == 2
    page.screenshot(path=str(tmp_path / "copilot-confirmation.png"), full_page=True)
    _nothing_internal(page, "confirmation")
    assert REPLY in _visible_text(page) and "承認" in _visible_text(page)  # the scan reads the page

    approve.first.click()
    page.get_by_text("yamada が承認しました").wait_for(timeout=60_000)
    run_link = page.locator('a[href*="/runs/flow-run/"]').first
    run_link.wait_for()
    run_id = str(run_link.get_attribute("href")).rsplit("/", 1)[-1]
    expect(page.get_by_role("button", name="承認")).to_have_count(0)  # decided
    page.screenshot(path=str(tmp_path / "copilot-started.png"), full_page=True)
    _nothing_internal(page, "started")

    # No click: the open page shows the background report when the run has ended.
    page.get_by_text(SUMMARY).wait_for(timeout=120_000)
    page.screenshot(path=str(tmp_path / "copilot-summary.png"), full_page=True)
    print(f"screenshots: {tmp_path}")  # noqa: T201
    assert script.answered == {"WireActionList": 1, "WireSummary": 1}, read_log()
    in_chat = page.locator(f'[data-testid="stChatMessage"] a[href$="{run_id}"]')
    expect(in_chat).to_have_count(2)  # the start's link and the report's
    _nothing_internal(page, "summary")
    assert run_id not in _visible_text(page)


#: The page's text as a person reads it: the whole page (the chat, its panel, the menu) without
#: the Material icons, whose ligature names (``check``, ``close``) are drawn as glyphs.
_READ_TEXT = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('[data-testid="stIconMaterial"], .material-symbols-rounded')
      .forEach((icon) => icon.remove());
  document.documentElement.appendChild(body);  // innerText needs a rendered node
  const text = body.innerText;
  body.remove();
  return text;
}"""


def _visible_text(page: Any) -> str:
    return str(page.evaluate(_READ_TEXT))


def _nothing_internal(page: Any, where: str) -> None:
    text = _visible_text(page)
    found = HIDDEN.findall(text)
    assert not found, (where, found, text)
