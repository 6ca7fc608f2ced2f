"""「入力し直して再実行」 on the 実行履歴 page (issue 12, item 9), on the real local Prefect
server: a run given a broken file up front fails when a later node reads it; the page links
the failure to the upload form, the button retries the run asking that form again (the other
answers prefilled) and opens it; after a good file the run completes without redoing the
unrelated node."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.support.catalog_text import shown
from tests.ui_app.conftest import PLANS, keiri, run_panel, texts

pytestmark = pytest.mark.prefect
PLAN = PLANS / "upload_then_extract.yaml"
GOOD_TEXT = "請求書\n株式会社山田商店\nご請求金額 ¥35,698-\n"


def broken_file(folder: Path) -> Path:
    """A file named like a PDF that is not one: the extractor finds it wrong (FILE_INVALID)."""
    path = folder / "請求書_2024年04月.pdf"
    path.write_bytes(b"this is not a PDF at all\n")
    return path


def good_file(folder: Path) -> Path:
    path = folder / "請求書_2024年04月.txt"
    path.write_text(GOOD_TEXT, encoding="utf-8")
    return path


def start_failed(folder: Path) -> str:
    """`keiri run` with the broken file given up front; it fails at `extract`."""
    code, doc = keiri(
        "run",
        str(PLAN),
        "--input",
        f"upload.document=@{broken_file(folder)}",
        "--input",
        "upload.period=2024-04",
    )
    assert code == 1 and doc["error"]["code"] == "FILE_INVALID", doc
    assert doc["error"]["node_id"] == "extract"
    return str(doc["run_id"])


def stop_runners(run_id: str) -> None:
    from flows.lifecycle.runs import _stop_runners

    _stop_runners(run_id, timeout=5)


def _panel(at: AppTest, run_id: str) -> Any:
    return run_panel(at, run_id)


def test_reenter_button_reopens_the_form_prefilled_and_the_run_completes(
    app: Callable[..., AppTest], tmp_path: Path
) -> None:
    from blocks.sdk.store import FileStore
    from flows.lifecycle import control, runs

    run_id = start_failed(tmp_path)
    try:
        at = app().switch_page("views/runs.py").run()
        assert not at.exception
        panel = _panel(at, run_id)
        labels = [b.label for b in panel.button]
        assert labels == [t("reenter.button")], labels  # FILE_INVALID: no plain retry
        notice = [i for i in texts(panel, "info") if shown("reenter.caused", i)]
        assert notice and "請求書ファイル（テキストまたは PDF）" in notice[0], texts(panel, "info")

        at = panel.button[0].click().run()
        assert not at.exception
        # The run paused at the upload form again, and the form page is open.
        form = control.read_paused_form(run_id)
        assert form.node_id == "upload" and form.run.pause_key == "upload-r1"
        defaults = {r.id: r.default for r in form.requirements}
        assert defaults["period"] == "2024-04"  # the other answer, kept
        assert defaults["document"]["name"] == "請求書_2024年04月.pdf"  # what was given
        titles = [title.value for title in at.title]
        assert t("form.title") in titles, titles
        assert at.query_params.get("run") in (run_id, [run_id])

        good = FileStore().put_file(good_file(tmp_path)).model_dump(mode="json")
        runs.resume(run_id, {"document": good, "period": "2024-04"}, "yamada")
        done = runs.wait(run_id, since_pause_key="upload-r1", timeout=90)
    finally:
        stop_runners(run_id)
    assert done.state == "completed", done
    assert "ご請求金額 ¥35,698-" in done.outputs["last"]["value"][0]["text"]
    decisions = {(e.node_id, e.decision, e.reason) for e in done.reuse}
    assert ("unrelated", "reused", "unchanged") in decisions, done.reuse
    assert ("extract", "rerun", "not_finished") in decisions, done.reuse
