"""`KEIRI_LANG=en` in Debian's headless Chromium: the inbox with one paused run, its form, the
runs page and the copilot page show no Japanese but data (issue 29, "One catalog").

The run is started and `keiri ui` (the real command, on a real local Prefect server) is
launched with `KEIRI_LANG=en`; the plan (`english_review.yaml`) is written in English, so no
Japanese is expected anywhere: the page's visible text (`document.body.innerText`, which
includes the sidebar, the widget labels, captions and Streamlit's own widget texts) is scanned
for Japanese letters and full-width punctuation. A screenshot of each page is saved in the
test's folder (`inbox.png`, `form.png`, `runs.png`, `copilot.png`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from keiri.base.catalog import state_label, t
from tests.support.catalog_text import message
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI
from tests.support.timing import scaled, scaled_ms
from tests.ui_app.conftest import PLANS
from tests.ui_app.test_browser import CHROMIUM, browser_page, form_app

__all__ = ["browser_page", "form_app"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]

#: Japanese letters (kana, kanji) and the punctuation only Japanese text uses (「」、。・（）：).
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
PLAN_TITLE = "April payment run review"
USER = "sato"
#: keiri's messages that quote a person's words: 「{by} sent it back (reason: {reason})」.
DATA_MESSAGES = ("inbox.rejected.item",)
REASON = "金額が違います"  # a person's words: data, shown as typed on an English page


@pytest.fixture
def english(runtime_env: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """English for this process, the run's runner and `keiri ui` (they inherit it), and a
    copilot model endpoint that answers nothing (the page only opens a conversation). The
    person is one of this test's own: the inbox lists the runs *they* started that were sent
    back, so other tests' runs on the shared server (yamada's) are not among them."""
    monkeypatch.setenv("KEIRI_LANG", "en")
    monkeypatch.setenv("KEIRI_USER", USER)
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    with ScriptedOpenAI(handler=lambda request: None) as server:
        for name, value in server.env().items():
            monkeypatch.setenv(name, value)
        yield


def _data(line: str) -> bool:
    """Whether the line is keiri's English sentence around what a person wrote: their words
    are data, shown as typed (a reason for sending a run back may be Japanese)."""
    return any(message(key, "en").fullmatch(line.strip()) for key in DATA_MESSAGES)


def _others_words() -> tuple[str, ...]:
    """What the other tests' runs on the shared server are called in their own plans' words
    (a plan's description, a file name, a counterparty) and who started them: data, shown as
    written. Their titles' keiri parts (state, period, time) are still scanned."""
    from flows.lifecycle.control import list_runs
    from flows.lifecycle.run_title import title_of

    # As the pages list them (the runs page: top-level runs that are due; the inbox: paused
    # loop items too), well beyond what they show: under the whole suite the shared server
    # holds hundreds of runs, and the page's list and this one are read moments apart.
    views = {v.run_id: v for v in list_runs(limit=500)}
    views.update((v.run_id, v) for v in list_runs(limit=500, top_level=True, due_only=True))
    words: list[str] = []
    for view in views.values():
        if view.plan_id == "english_review":
            continue
        title = title_of(view)
        # who started it is a person's name: data too (「経理 太郎」 on an English page)
        words += [part for part in (title.plan, title.subject, title.started_by) if part]
    return tuple(sorted(set(words), key=len, reverse=True))


def _japanese(text: str, data: tuple[str, ...] = ()) -> list[str]:
    """The lines of the page's visible text with Japanese in keiri's own words (`data`:
    strings written by people, removed before the scan)."""
    found = []
    for shown in text.splitlines():
        line = shown
        for words in data:
            line = line.replace(words, "")
        if JAPANESE.search(line) and not _data(shown):  # keiri's sentence as shown
            found.append(shown)
    return found


def _settle(page: Any) -> None:
    """Streamlit has finished the script run (no running indicator, no stale elements)."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-stale=\"true\"]')"
    )


def _shot(page: Any, shots: Path, name: str) -> None:
    """A screenshot, then the scan; the inbox, the runs page and the copilot's panel list the
    other tests' runs on the shared server too, so their plans' words are data here."""
    _settle(page)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    # The text first, the other runs' words after: the runs page follows live runs, so a run
    # another test ends while the words are read may be drawn by then (a run listed after the
    # text was read is in the words all the same).
    text: str = page.evaluate("() => document.body.innerText")
    assert _japanese(text, _others_words()) == [], name


def _sent_back() -> None:
    """A run the person started, sent back by yamada in yamada's own (Japanese) words: the
    inbox lists it above the forms, keiri's sentence in English around the reason."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs
    from flows.lifecycle.control import resume_run, wait_for_run

    plan = PLANS / "english_review.yaml"
    compiled, _warnings = compile_file(plan, BlockRegistry())
    started = runs.start_detached(compiled, plan, {}, {}, who=USER)
    try:
        assert started.wait(timeout=90).state == "paused", started.log.read_text(errors="replace")
        answers = {"total": 1, "period": "2024-04", "approved": False, "response": REASON}
        resume_run(started.run_id, answers, "yamada")
        view = wait_for_run(started.run_id, since_pause_key="review", timeout=60)
        assert view.state == "Rejected", view
    finally:
        if started.process.poll() is None:
            started.process.terminate()
            started.process.wait(timeout=15)


def _wait_for_sent_back(page: Any, read_log: Callable[[], str]) -> None:
    """The sent-back run's line in the inbox. The inbox reads who started each of the recent
    sent-back runs of the shared server (one API call each, slow on a loaded machine), and a
    drawing that could not read one leaves it out (the app logs why): the inbox's own refresh
    button draws it again, as a person would. A line still missing after the scaled bound
    fails with the page's text and the app's log."""
    wanted = page.get_by_text(t("inbox.rejected.item", by="yamada", reason=REASON))
    deadline = time.monotonic() + scaled(120)
    while True:
        try:
            wanted.wait_for(timeout=scaled_ms(40_000))
            return
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                text = page.evaluate("() => document.body.innerText")
                pytest.fail(f"no sent-back line in the inbox:\n{text}\n--- keiri ui:\n{read_log()}")
        page.get_by_role("button", name=t("inbox.refresh")).click()


def test_inbox_form_runs_and_copilot_pages_read_english(
    english: None,
    paused_run: Callable[[str], str],
    form_app: tuple[str, Callable[[], str]],
    browser_page: Any,
    tmp_path: Path,
) -> None:
    run_id = paused_run("english_review")
    _sent_back()
    url, read_log = form_app
    page = browser_page

    page.goto(url)
    page.get_by_role("heading", name=t("inbox.title")).wait_for()
    _wait_for_sent_back(page, read_log)
    page.get_by_text("Check the total of the April payment run").first.wait_for()
    page.get_by_text(t("inbox.open_form")).first.wait_for()
    _shot(page, tmp_path, "inbox")

    page.locator(f'a[href*="run={run_id}"]').first.click()
    page.get_by_role("heading", name=t("form.title")).wait_for()
    page.get_by_role("heading", name=PLAN_TITLE).wait_for()
    page.get_by_label("Period" + t("form.required_mark")).fill("April")
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text(t("field.pattern_example", example="2024-04")).first.wait_for()
    page.get_by_text(t("field.required")).first.wait_for()  # the total is still empty
    _shot(page, tmp_path, "form")

    page.goto(f"{url}/runs")
    page.get_by_role("heading", name=t("runs.title")).wait_for()
    page.get_by_text(state_label("PAUSED")).first.wait_for()
    _shot(page, tmp_path, "runs")

    page.goto(f"{url}/copilot")
    page.get_by_role("heading", name=t("chat.page.title")).wait_for()
    page.get_by_text(t("chat.status.paused_runs")).first.wait_for()  # our run, in the panel
    _shot(page, tmp_path, "copilot")

    assert all((tmp_path / f"{name}.png").stat().st_size > 10_000 for name in ("inbox", "form"))
    assert "Traceback" not in read_log(), read_log()
