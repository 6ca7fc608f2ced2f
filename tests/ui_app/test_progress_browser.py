"""Live progress on the 実行履歴 page in Debian's headless Chromium (issue 14): a 20-item loop
run (`progress/twenty_items_slow.yaml`: the 20 items of `twenty_items.yaml`, each taking 1.5
seconds, two at a time, ~15 s in all: a page on a busy machine still refreshes several times)
is watched on the runs page: its entry shows the loop's count advancing, without any click,
and then 完了 with the run's summary.

`twenty_items.yaml` itself finishes its loop in about 0.2 s, faster than any page refresh; its
slow twin is the same loop with a 1.5 s `test.record` step in each item. (Each loop item runs
as a subflow that carries the plan's tag, so the page also lists the items' runs: the run is
found by its id.)"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.conftest import FIXTURES
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
PLAN = FIXTURES / "plans" / "progress" / "twenty_items_slow.yaml"
# the loop `each` by its name for people: what it does to each item (its body's data.check_rules)
_COUNT = re.compile(t("step.block.data.check_rules") + r" ・ (?:実行中|完了) ・ (\d+)/20 件")
# The entry once the run ended: its title, and its summary (written by the run as it ended).
_DONE = re.compile(
    r"twenty_items\.yaml の 20 件ループ[^\n]* ・ 完了 ・ [\s\S]*の実行が完了しました。"
)


def test_the_runs_page_follows_a_twenty_item_loop_live(
    form_app: tuple[str, Callable[[], str]],  # noqa: F811
    browser_page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    from prefect.client.schemas.objects import StateType

    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs
    from flows.lifecycle.control import find_run

    url, read_log = form_app
    page = browser_page
    compiled, _warnings = compile_file(PLAN, BlockRegistry())
    started = time.monotonic()
    detached = runs.start_detached(compiled, PLAN, {}, {}, who="yamada", via="form")
    # found by its Prefect UI link: the page shows no run id to people
    entry = page.get_by_test_id("stExpander").filter(
        has=page.locator(f'a[href*="{detached.run_id}"]')
    )
    seen: list[int] = []
    text = ""
    try:
        while find_run(detached.run_id).state_type != StateType.RUNNING:  # its runner starts
            assert time.monotonic() < started + 120, read_log()
            time.sleep(0.2)
        page.goto(f"{url}/runs")
        entry.first.wait_for(timeout=120_000)
        deadline = time.monotonic() + 300  # a shared, busy machine
        # No reload and no click from here on: the entry follows the run by itself.
        while not _DONE.search(text):
            assert time.monotonic() < deadline, (seen, text, read_log())
            text = entry.inner_text() if entry.count() else ""
            match = _COUNT.search(text)
            if match and (not seen or int(match.group(1)) != seen[-1]):
                seen.append(int(match.group(1)))
                if len(seen) == 3:
                    page.screenshot(path=str(tmp_path / "progress.png"), full_page=True)
            page.wait_for_timeout(150)
        page.screenshot(path=str(tmp_path / "completed.png"), full_page=True)
    finally:
        if detached.process.poll() is None:
            detached.process.wait(timeout=120)
    moving = [count for count in seen if 0 < count < 20]
    assert len(set(moving)) >= 2, (seen, text)  # two different counts seen before the end
    assert seen == sorted(seen), seen  # never backwards
    assert detached.wait(timeout=30).state == "completed"
