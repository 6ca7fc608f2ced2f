"""The error widget (seed 000 §9.3) and the 実行履歴 page: a failed run's error with 再実行
(the same as `keiri retry`), output downloads, the Prefect UI link."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.ui_app.conftest import PLANS, keiri, run_panel, texts
from tests.ui_app.samples import evidence_zip


def _state(run_id: str) -> str:
    from flows.lifecycle.control import find_run

    run = find_run(run_id)
    return run.state.type.value if run.state else "UNKNOWN"


def _retry_log() -> str:
    from keiri.base import settings

    logs = sorted((settings.keiri_home() / "detached").glob("retry-*.log"))
    return logs[-1].read_text(encoding="utf-8")[-3000:] if logs else "no retry log"


def _panel(at: AppTest, run_id: str) -> Any:
    return run_panel(at, run_id)


def _widget(payload: dict[str, object]) -> None:
    import streamlit as st

    from ui_app.errors import render_error

    def retried() -> None:
        st.session_state["retried"] = True

    render_error(payload, key="t", on_retry=retried)


def test_error_widget_renders_message_details_hint_and_retry() -> None:
    payload = {
        "code": "API_ERROR",
        "message": "LLM の呼び出しに失敗しました",
        "details": {"node_id": "extract", "status": 503},
        "input_snapshot": {"prompt": "請求書を読んで"},
        "hint": "しばらく待ってから再実行してください",
        "recoverable": True,
    }
    at = AppTest.from_function(_widget, kwargs={"payload": payload}).run()
    assert texts(at, "error") == [":material/error: LLM の呼び出しに失敗しました"]
    assert texts(at, "info") == [":material/lightbulb: しばらく待ってから再実行してください"]
    assert [e.label for e in at.expander] == [t("error.details")]
    code = t("error.code", code="API_ERROR") + t("display.sep") + t("error.node", node="extract")
    assert code in texts(at, "caption")
    assert '"status": 503' in at.json[0].value
    at.button[0].click().run()
    assert at.session_state["retried"] is True


def test_error_widget_has_no_retry_when_not_recoverable() -> None:
    payload = {"code": "UNSAFE_ARCHIVE", "message": "危険な ZIP です", "recoverable": False}
    at = AppTest.from_function(_widget, kwargs={"payload": payload}).run()
    assert (
        texts(at, "error") == [":material/error: 危険な ZIP です"] and not at.button and not at.info
    )


@pytest.mark.prefect
def test_failed_run_shows_error_and_retry_completes_it(
    app: Callable[..., AppTest], tmp_path: Path
) -> None:
    from flows.lifecycle.control import wait_for_run

    marker = tmp_path / "marker"
    code, doc = keiri("run", str(PLANS / "failing.yaml"), "--var", f"marker={marker}")
    assert code == 1 and doc["error"]["node_id"] == "flaky"
    at = app().switch_page("views/runs.py").run()
    assert not at.exception
    panel = _panel(at, doc["run_id"])
    assert texts(panel, "error") == [":material/error: upstream 1"]
    assert [i for i in texts(panel, "info") if i.startswith(":material/lightbulb: ")]
    retry = [b for b in panel.button if b.label == "再実行"]
    assert len(retry) == 1
    assert t("reenter.button") not in [b.label for b in panel.button]  # not an input's fault
    marker.write_text("fixed", encoding="utf-8")  # the cause is fixed; retry now succeeds
    at = retry[0].click().run()
    info = texts(_panel(at, doc["run_id"]), "info")
    assert any(t("runs.retry_started", by="yamada") in i for i in info), info
    deadline = time.monotonic() + 60  # the retry process first moves the run out of FAILED
    while _state(doc["run_id"]) == "FAILED" and time.monotonic() < deadline:
        time.sleep(0.3)
    view = wait_for_run(doc["run_id"], timeout=120)
    assert view.state_type == "COMPLETED", (view, _retry_log())


@pytest.mark.prefect
def test_completed_run_offers_its_output_files_and_the_prefect_link(
    app: Callable[..., AppTest], tmp_path: Path
) -> None:
    archive = tmp_path / "証跡.zip"
    archive.write_bytes(evidence_zip())
    code, doc = keiri(
        "run",
        str(PLANS / "zip_upload_confirm.yaml"),
        "--input",
        f"upload.evidence=@{archive}",
        "--input",
        "upload.period=2024-04",
        "--input",
        "upload.approved=true",
    )
    assert code == 0, doc
    panel = _panel(app().switch_page("views/runs.py").run(), doc["run_id"])
    labels = {b.proto.label for b in panel.get("download_button")}
    assert labels == {"請求書_2024年04月_001.txt", "証跡.zip", "送付状.txt"}
    links = [b.proto.url for b in panel.get("link_button")]
    assert any(u.endswith(f"/runs/flow-run/{doc['run_id']}") for u in links), links
