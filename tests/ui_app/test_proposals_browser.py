"""Issue 25 in Debian's headless Chromium, on the real demo plan behind the real `keiri ui`: a
month whose invoices have 要確認 totals pauses at the confirm form, which shows the proposed
pairs (the table and one 照合しない / 照合する choice each); a person accepts the first with one
click, leaves the second at 照合しない, approves and submits. The run completes: the accepted
pair is matched with who accepted it, the other invoice stays 要確認 with the reason; the report
downloaded from the runs page has its 重要度 and 照合区分 in Japanese (the codes in columns of
their own, for machines)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.conftest import ROOT
from tests.support.catalog_text import message, shown
from tests.support.proposal_evidence import MINATO, PROPOSAL_STATEMENT, TEST, proposal_zip
from tests.support.workbooks import records
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
    first_label = message(
        "reconcile.proposal.label", number=1, issuer="有限会社テスト",
        total="¥11,000", date="2024-04-10", paid="¥11,000",
    )  # fmt: skip
    second_label = message(
        "reconcile.proposal.label", number=2, issuer="株式会社みなと商会",
        total="¥44,000", date="2024-04-20", paid="¥44,000",
    )  # fmt: skip
    first = page.locator('[data-testid="stRadio"]').filter(has_text=first_label)
    second = page.locator('[data-testid="stRadio"]').filter(has_text=second_label)
    first.wait_for()
    assert first_label.search(first.inner_text()), first.inner_text()
    assert second_label.search(second.inner_text()), second.inner_text()
    # nothing is booked without a person's yes: both start at 照合しない
    reject = t("reconcile.proposal.reject")
    assert first.get_by_role("radio", name=reject).is_checked()
    assert second.get_by_role("radio", name=reject).is_checked()
    page.screenshot(path=str(tmp_path / "proposals-form.png"), full_page=True)

    first.get_by_text(t("reconcile.proposal.accept")).click()  # one click
    page.get_by_text(t("form.approved"), exact=True).click()
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text(message("form.submitted", by="yamada")).wait_for(timeout=60_000)

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
    assert rejected["reason"] == t("reconcile.settle.rejected", who="yamada")
    files = {row["file"]: row for row in outputs["account_files"]["rows"]}
    assert files[TEST]["outcome"] == "照合済"
    assert files[MINATO]["outcome"] == "要確認"
    assert shown(
        "reconcile.files.proposal_rejected",
        files[MINATO]["reason"],
        reason=t("reconcile.settle.rejected", who="yamada"),
    ), files[MINATO]["reason"]

    report = _download_report(page, url, demo_run, tmp_path)
    findings = records(report, "指摘事項")
    assert findings, "the 要確認 invoice has its findings"
    severities = {t(f"display.severity.{code}"): code for code in ("error", "warning", "info")}
    assert {(r["重要度"], r["重要度コード"]) for r in findings} <= set(severities.items())
    assert all(r["指摘"] and "_" not in r["指摘"] for r in findings)
    kinds = {(r["照合区分"], r["照合区分コード"]) for r in records(report, "照合済")}
    assert ("accepted" in {code for _word, code in kinds}) and all(
        word == t(f"report.match.{code}") for word, code in kinds
    ), kinds


def _download_report(page: Any, url: str, run_id: str, tmp_path: Path) -> Any:  # noqa: F811
    """The run's report, downloaded from its entry on the runs page."""
    import openpyxl

    page.goto(f"{url}/runs?open={run_id}")  # the inbox's link to one run: its entry open
    run = page.locator(f".st-key-runs--open--{run_id}")
    button = run.get_by_role("button", name="月次請求書チェック.xlsx")
    button.wait_for()
    with page.expect_download() as download:
        button.click()
    page.screenshot(path=str(tmp_path / "proposals-runs.png"), full_page=True)
    assert download.value.suggested_filename.endswith(".xlsx"), download.value.suggested_filename
    return openpyxl.load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
