"""The 依頼 page in AppTest: a request becomes tasks, a validated plan and a background run on
the real local Prefect server; 更新 follows it until the answer (written by the scripted model
through the real `openai` client, its numbers checked against the outputs) is shown."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.designer.test_ask import REQUEST, _script_plan
from tests.support.catalog_text import shown
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI
from tests.support.timing import scaled
from tests.ui_app.conftest import APP

pytestmark = pytest.mark.prefect
ANSWER = "検証は問題ありません。株式会社あおば企画 143,000 円、株式会社かもめ電機 52,800 円です。"


@pytest.fixture
def server(
    prefect_server: str, loopback: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[ScriptedOpenAI]:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    monkeypatch.setenv("KEIRI_DESIGNS_DIR", str(tmp_path / "designs"))
    with ScriptedOpenAI() as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        yield srv


def _markdown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def test_a_request_is_planned_run_and_answered_on_the_page(server: ScriptedOpenAI) -> None:
    _script_plan(server)
    server.enqueue_chat({"answer": ANSWER})
    at = AppTest.from_file(str(APP), default_timeout=scaled(120))
    at.switch_page("views/ask.py")
    at.run()
    assert at.title[0].value == t("nav.ask")
    at.text_area[0].input(REQUEST)
    at.button[0].click()  # 依頼する (the form's submit button)
    at.run()
    assert not at.exception, at.exception
    tasks = at.dataframe[0].value
    assert list(tasks[t("ask.col.block")]) == ["data.check_rules", "data.aggregate"]
    assert list(tasks[t("ask.col.depends_on")]) == ["—", "check"]
    deadline = time.monotonic() + 120
    while ANSWER not in _markdown(at) and time.monotonic() < deadline:
        time.sleep(1)
        refresh = [b for b in at.button if b.label == t("runs.refresh")]
        assert refresh, _markdown(at)
        refresh[0].click()
        at.run()
        assert not at.exception, at.exception
    assert ANSWER in _markdown(at)
    done = [str(m.value) for m in at.expander[0].markdown]  # 実行した処理, from the run's log
    completed = t("summary.runs.status.completed")
    assert done == [
        f":material/check_circle: {completed} check",
        f":material/check_circle: {completed} total",
    ]
    assert any(t("ask.source.llm") in str(c.value) for c in at.caption)


def test_a_request_the_catalog_cannot_serve_is_answered_as_such_on_the_page(
    server: ScriptedOpenAI,
) -> None:
    server.enqueue_chat(
        {"servable": False, "reason": "メールを送るブロックがありません", "tasks": []}
    )
    at = AppTest.from_file(str(APP), default_timeout=scaled(60))
    at.switch_page("views/ask.py")
    at.run()
    at.text_area[0].input("督促メールを送って")
    at.button[0].click()
    at.run()
    assert not at.exception, at.exception
    # A refusal shown as a refusal: a warning, its status not 「依頼を受け付けました」.
    warnings = "\n".join(str(w.value) for w in at.warning)
    assert shown("ask.refused", warnings) and "メールを送るブロックがありません" in warnings
    labels = [s.label for s in at.status]
    assert t("ask.accepted") not in labels and t("ask.refused_label") in labels, labels
    assert len(server.requests) == 1


def test_without_llm_settings_the_page_says_so_and_disables_the_request(
    loopback: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    at = AppTest.from_file(str(APP), default_timeout=scaled(60))
    at.switch_page("views/ask.py")
    at.run()
    assert not at.exception, at.exception
    assert at.warning[0].value == t("llm_page.not_configured")
    assert at.text_area[0].disabled and at.button[0].disabled
    assert "OPENAI_API_KEY" in _markdown(at)  # in the administrator's expander
    assert "OPENAI_API_KEY" not in str(at.warning[0].value)
