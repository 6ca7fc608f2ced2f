"""Issue 25 in Debian's headless Chromium, on the real demo plan behind the real `keiri ui`: a
month whose invoices have 要確認 totals pauses at the confirm form, which shows the proposed
pairs (the table and one 照合しない / 照合する choice each); a person accepts the first with one
click, leaves the second at 照合しない, approves and submits. The run completes: the accepted
pair is matched with who accepted it, the other invoice stays 要確認 with the reason."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.support.proposal_evidence import MINATO, PROPOSAL_STATEMENT, TEST, proposal_zip
from tests.ui_app import test_browser as _browser
from tests.ui_app.test_readable_forms_browser import page  # noqa: F401  (the 1280×800 page)

CHROMIUM = _browser.CHROMIUM
form_app = _browser.form_app

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]

DEMO = ROOT / "designs" / "monthly_invoice_check.yaml"
TITLE = "月次の請求書チェックと入金照合"


@pytest.fixture
def paused_run(runtime_env: None, tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """The demo run started detached with its uploads given ahead, paused at the confirm form
    (before the browser: Playwright's sync API keeps an event loop running, under which
    Prefect's dual sync/async calls turn async). Also what `form_app` waits on."""
    from blocks.sdk.registry import BlockRegistry
    from blocks.sdk.store import FileStore
    from compiler.compile import compile_file
    from flows.lifecycle import runs

    started: list[runs.Detached] = []

    def start(_name: str) -> str:
        zip_path = tmp_path / "証跡_2024年4月.zip"
        zip_path.write_bytes(proposal_zip())
        csv_path = tmp_path / "入出金明細.csv"
        csv_path.write_bytes(PROPOSAL_STATEMENT.encode("cp932"))
        store = FileStore()
        uploads = {
            "evidence_zip": store.put_file(zip_path).model_dump(mode="json"),
            "bank_statement": store.put_file(csv_path).model_dump(mode="json"),
            "_answered_by": "yamada",
        }
        compiled, _warnings = compile_file(DEMO, BlockRegistry())
        started.append(runs.start_detached(compiled, DEMO, {"collect_inputs": uploads}, {}))
        outcome = started[-1].wait(timeout=600)
        assert outcome.state == "paused", (outcome, started[-1].log.read_text(errors="replace"))
        assert outcome.paused is not None and outcome.paused.node_id == "confirm_results"
        return outcome.run_id

    yield start
    for runner in started:
        if runner.process.poll() is None:
            runner.process.terminate()
            runner.process.wait(timeout=10)


@pytest.fixture
def demo_run(paused_run: Callable[[str], str]) -> str:
    return paused_run("monthly_invoice_check")


def test_the_confirm_form_shows_the_proposals_and_books_a_persons_yes_and_no(
    demo_run: str,
    form_app: tuple[str, Callable[[], str]],
    page: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    from flows.lifecycle import runs

    url, read_log = form_app
    page.goto(f"{url}/form?run={demo_run}")
    page.get_by_role("heading", name=TITLE).wait_for(timeout=60_000)
    page.get_by_text("照合の提案（要確認の請求書。", exact=False).first.wait_for()
    page.get_by_text("照合の提案", exact=True).wait_for()  # the count among the metrics
    first = page.locator('[data-testid="stRadio"]').filter(has_text="提案1: 有限会社テスト")
    second = page.locator('[data-testid="stRadio"]').filter(has_text="提案2: 株式会社みなと商会")
    first.wait_for()
    assert "合計 ¥11,000 ⇔ 2024-04-10 の出金 ¥11,000" in first.inner_text()
    assert "合計 ¥44,000 ⇔ 2024-04-20 の出金 ¥44,000" in second.inner_text()
    # nothing is booked without a person's yes: both start at 照合しない
    assert first.get_by_role("radio", name="照合しない").is_checked()
    assert second.get_by_role("radio", name="照合しない").is_checked()
    page.screenshot(path=str(tmp_path / "proposals-form.png"), full_page=True)

    first.get_by_text("照合する（この支払と照合済にする）").click()  # one click
    page.get_by_text("承認する", exact=True).click()
    page.get_by_role("button", name="送信して再開").click()
    page.get_by_text("送信しました。yamada が", exact=False).wait_for(timeout=60_000)

    outcome = runs.wait(demo_run, since_pause_key="confirm_results", timeout=600)
    assert outcome.state == "completed", (outcome, read_log())
    outputs = outcome.outputs
    assert outputs["confirm_results"]["collected_data"] == {
        "proposal_1": "accept",
        "proposal_2": "reject",
    }
    [accepted] = outputs["settle_proposals"]["accepted"]
    assert accepted["left"]["source"]["path"] == TEST and accepted["accepted_by"] == "yamada"
    [rejected] = outputs["settle_proposals"]["rejected"]
    assert rejected["file"] == MINATO
    assert rejected["reason"] == "yamada が提案を却下しました（照合しない）"
    files = {row["file"]: row for row in outputs["account_files"]["rows"]}
    assert files[TEST]["outcome"] == "照合済"
    assert files[MINATO]["outcome"] == "要確認"
    assert "yamada が提案を却下" in files[MINATO]["reason"]
