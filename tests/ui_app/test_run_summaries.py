"""The 実行履歴 page shows each ended run's summary for people (issue 14): the model's summary
(scripted, checked against the outputs), the template when the model quoted a number that is
not in the outputs (saying so), and a waiting run's live progress (its node 入力待ち)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.conftest import FIXTURES
from tests.support.openai_server import ScriptedOpenAI
from tests.ui_app.conftest import keiri, run_panel

pytestmark = pytest.mark.prefect
PLAN = FIXTURES / "plans" / "summary" / "payments_llm.yaml"
DESCRIPTION = "支払データを検証してから取引先別に合計する（実行のまとめの確認用）"
WRITTEN = {
    "headline": "支払データ 3 件を検証し、取引先別に合計しました。",
    "done": ["支払合計は 159,500 円です。"],
    "attention": ["金額がマイナスの支払が 1 件あります。"],
    "next": ["マイナスの支払の内容を確認してください。"],
}


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedOpenAI]:
    with ScriptedOpenAI() as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        yield srv


def _panel(at: AppTest, run_id: str) -> Any:
    return run_panel(at, run_id)


def _markdown(panel: Any) -> str:
    return "\n".join(str(m.value) for m in panel.markdown)


def _run_page(app: Callable[..., AppTest], run_id: str) -> str:
    return _markdown(_panel(app().switch_page("views/runs.py").run(), run_id))


def test_the_model_summary_is_shown_on_the_runs_page(
    app: Callable[..., AppTest], model: ScriptedOpenAI
) -> None:
    model.enqueue_chat(WRITTEN)
    code, doc = keiri("run", str(PLAN))
    assert code == 0, doc
    shown = _run_page(app, doc["run_id"])
    assert f"**{WRITTEN['headline']}**" in shown
    assert f"#### {t('summary.section.done')}\n- {WRITTEN['done'][0]}" in shown
    assert t("summary.source.llm") in shown


def test_a_summary_quoting_a_number_not_in_the_outputs_is_replaced_by_the_template(
    app: Callable[..., AppTest], model: ScriptedOpenAI
) -> None:
    model.enqueue_chat({**WRITTEN, "done": ["支払合計は 162,800 円です。"]})
    code, doc = keiri("run", str(PLAN))
    assert code == 0, doc
    shown = _run_page(app, doc["run_id"])
    assert "162,800" not in shown
    assert f"**{t('summary.headline.completed', plan=DESCRIPTION)}**" in shown
    total = t("summary.done.figure", label="支払合計", value="¥159,500")  # the plan's label
    assert f"- {total}" in shown and f"- {t('summary.attention.findings', count=1)}" in shown
    assert t("summary.note.rejected", numbers="162800") in shown


def test_a_waiting_run_shows_its_progress_with_the_node_waiting_for_input(
    app: Callable[..., AppTest], paused_run: Callable[[str], str]
) -> None:
    run_id = paused_run("reconcile_two_candidates")
    shown = _run_page(app, run_id)
    # each step by its name for people, not its node id
    sep = t("display.sep")
    paused, pending = t("summary.runs.status.paused"), t("summary.runs.status.pending")
    assert f":material/edit_note: {t('step.block.table.reconcile')}{sep}{paused}" in shown
    assert f":material/schedule: report{sep}{pending}" in shown  # a test block: its node id
