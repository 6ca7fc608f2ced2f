"""The 分析 page in Debian's headless Chromium: `keiri ui` (the real command), a CSV upload,
a question from the agent, the answer, the rendered report — and its screenshot
(`analysis_report.png` in the test's folder, path printed)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.blocks.analysis.script import SALES_CSV, AnalysisScript
from tests.conftest import ROOT
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI
from tests.ui_app.test_analysis_page import script_monthly_report
from tests.ui_app.test_browser import _KEIRI_UI, CHROMIUM, _free_port, browser_page

__all__ = ["browser_page"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


@pytest.fixture
def script() -> AnalysisScript:
    return AnalysisScript()


@pytest.fixture
def analysis_app(
    prefect_server: str, script: AnalysisScript, tmp_path: Path
) -> Iterator[tuple[str, Any]]:
    with ScriptedOpenAI(handler=script.handler) as srv:
        env = {k: v for k, v in os.environ.items() if k not in LLM_ENV and k != "KEIRI_UI_SECRET"}
        env.update(srv.env(), KEIRI_HOME=str(tmp_path / "home"), KEIRI_LLM_MAX_RETRIES="0")
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
                pytest.fail("keiri ui did not start:\n" + log_path.read_text(errors="replace"))
            time.sleep(0.3)
        try:
            yield url, lambda: log_path.read_text(encoding="utf-8", errors="replace")[-4000:]
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _say(page: Any, text: str) -> None:
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(text)
    box.press("Enter")


def test_a_report_rendered_in_the_browser(
    analysis_app: tuple[str, Any], browser_page: Any, script: AnalysisScript, tmp_path: Path
) -> None:
    url, read_log = analysis_app
    page = browser_page
    data = tmp_path / "売上.csv"
    data.write_text(SALES_CSV, encoding="utf-8")
    page.goto(f"{url}/analysis")
    page.get_by_role("heading", name="分析").first.wait_for()
    page.locator('input[type="file"]').set_input_files(str(data))
    page.get_by_text("6 行 × 3 列").wait_for()

    script.reason("ask", question="売上は税込ですか、税抜ですか？")
    _say(page, "月別の売上推移を分析して")
    page.get_by_text("売上は税込ですか、税抜ですか？").wait_for(timeout=120_000)

    script_monthly_report(script)
    _say(page, "税抜です")
    try:
        page.get_by_role("heading", name="月次売上の分析").wait_for(timeout=240_000)
        page.get_by_text("部門別の推移を比較する").wait_for()
        page.locator('[data-testid="stImage"] img').first.wait_for()
    except Exception:
        page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
        raise AssertionError(read_log()) from None
    shot = tmp_path / "analysis_report.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")  # noqa: T201
    assert shot.stat().st_size > 20_000
    assert script.left == 0
    image = page.locator('[data-testid="stImage"] img').first
    assert image.evaluate("img => img.naturalWidth") > 100
