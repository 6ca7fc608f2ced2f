"""The run summary for people (`flows.backend.people_summary`): the template without any model, the
model's summary checked against the outputs (a number not in them: rejected, replaced by the
template, and the summary says so), and the summary published on a real run as a Prefect
artifact (read back through the API) and posted to the notification webhook."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from blocks.llm.client import LLMClient, LLMSettings
from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_file
from compiler.engine import run_compiled
from compiler.events import EventLog
from compiler.runstate import RunResult
from compiler.scope import CompiledPlan
from flows.backend import people_summary
from flows.backend.progress import RunProgress, read_progress
from keiri.base.catalog import t
from keiri.cli import main
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI

PLAN = FIXTURES / "plans" / "summary" / "payments_llm.yaml"
REENTER_PLAN = FIXTURES / "plans" / "runtime" / "reenter_amount.yaml"
WRITTEN = {
    "headline": "支払データ 3 件を検証し、取引先別に合計しました。",
    "done": ["支払合計は 159,500 円です。", "株式会社あおば企画は 106,700 円でした。"],
    "attention": ["金額がマイナスの支払が 1 件あります。"],
    "next": ["マイナスの支払の内容を確認してください。"],
}
INVENTED = {**WRITTEN, "done": ["支払合計は 162,800 円です。"]}  # the sum without the refund


@pytest.fixture
def no_llm(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)


def _inline(tmp_path: Path) -> tuple[CompiledPlan, RunResult, Path]:
    compiled, _warnings = compile_file(PLAN, BlockRegistry())
    log = tmp_path / "run.jsonl"
    result = run_compiled(compiled, Backend(), run_id="r1", events=EventLog(log))
    return compiled, result, log


def _client(srv: ScriptedOpenAI) -> LLMClient:
    return LLMClient(
        LLMSettings(api_key=TEST_API_KEY, max_retries=0), http_client=srv.http_client()
    )


def test_template_summary_without_any_model(tmp_path: Path, no_llm: None) -> None:
    compiled, result, log = _inline(tmp_path)
    summary = people_summary.summarize(compiled, result, log)
    assert summary.source == "template"
    assert summary.headline == t("summary.headline.completed", plan=compiled.plan.description)
    assert summary.done == [
        t("summary.done.nodes", nodes="2", completed="2", skipped="0"),
        "支払合計: ¥159,500",
        "件数: 3",
    ]
    assert summary.attention == [t("summary.attention.findings", count="1")]  # the negative amount
    assert summary.next == [t("summary.next.review")]
    # the plan asks for the model, none is configured: the summary says why it is the template
    assert summary.note == t("summary.note.no_llm")
    text = summary.markdown()
    attention = t("summary.section.attention")
    assert f"#### {attention}\n- {t('summary.attention.findings', count='1')}" in text
    assert text.endswith(f"_{t('summary.source.template')}_")


def test_model_summary_quoting_only_numbers_of_the_outputs_is_kept(tmp_path: Path) -> None:
    compiled, result, log = _inline(tmp_path)
    with ScriptedOpenAI() as srv:
        srv.enqueue_chat(WRITTEN)
        summary = people_summary.summarize(compiled, result, log, llm=_client(srv))
        sent = srv.requests[0].json["messages"][1]["content"]
    assert summary.source == "llm" and summary.note == ""
    assert summary.done == WRITTEN["done"] and summary.attention == WRITTEN["attention"]
    assert "支払合計: ¥159,500" in sent and '"findings": 1' in sent  # figures and facts given
    assert summary.markdown().endswith(f"_{t('summary.source.llm')}_")


def test_model_summary_quoting_a_number_not_in_the_outputs_is_replaced(tmp_path: Path) -> None:
    compiled, result, log = _inline(tmp_path)
    with ScriptedOpenAI() as srv:
        srv.enqueue_chat(INVENTED)
        summary = people_summary.summarize(compiled, result, log, llm=_client(srv))
    assert summary.source == "template"
    assert summary.rejected_numbers == ["162800"]
    assert summary.note == t("summary.note.rejected", numbers="162800")
    assert "162,800" not in summary.markdown() and "支払合計: ¥159,500" in summary.done
    assert f"> {summary.note}" in summary.markdown()


def test_a_failed_run_says_where_why_and_what_to_do(tmp_path: Path, no_llm: None) -> None:
    compiled, result, log = _inline(tmp_path)
    from blocks.sdk.errors import BlockError, ErrorCode

    result.state = "failed"
    result.error = BlockError(
        ErrorCode.FILE_INVALID,
        "broken.xlsx is not a workbook",
        hint="upload the file again",
        node_id="total",
    )
    summary = people_summary.template_summary(
        people_summary.facts_of(result, read_progress(log, compiled)), []
    )
    assert summary.headline == t("summary.headline.failed", plan="payments_summary")
    assert summary.attention[0] == (
        t(
            "summary.attention.error",
            node="total",
            code="FILE_INVALID",
            message="broken.xlsx is not a workbook",
        )
    )
    assert summary.next[:2] == [
        "対処: upload the file again",
        t("summary.next.retry", run_id="r1"),
    ]


def test_a_run_that_failed_because_of_an_input_suggests_reentering_it(
    monkeypatch: pytest.MonkeyPatch, no_llm: None
) -> None:
    """A check refused the amount a person entered: the summary names the form to re-enter
    (「入力し直して再実行」 and `keiri retry RUN --reenter NODE`) rather than a plain retry,
    as `flows.backend.reenter.offer` decides; a failure not linked to an input keeps the plain retry."""
    from blocks.sdk.errors import BlockError, ErrorCode

    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    compiled, _warnings = compile_file(REENTER_PLAN, BlockRegistry())
    refused = BlockError(
        ErrorCode.INPUT_VALIDATION_FAILED, "金額 900 は上限を超えています", node_id="check"
    )
    result = RunResult("r7", "reenter_amount", "failed", {}, error=refused)
    summary = people_summary.summarize(compiled, result, None)
    assert summary.next[-1] == t(
        "summary.next.reenter", node="ask", title=t("step.form.collect"), run_id="r7"
    )
    assert not any("keiri retry r7`" in line for line in summary.next)
    assert people_summary.facts_of(result, RunProgress([]), None, compiled).reenter == [
        "ask",
        "confirm",
    ]
    monkeypatch.setenv("KEIRI_LANG", "en")
    english = people_summary.summarize(compiled, result, None)
    assert english.next[-1].startswith("The failure may come from the input of “Collect the")
    assert "`keiri retry r7 --reenter ask`" in english.next[-1]
    monkeypatch.delenv("KEIRI_LANG")
    # Not about an input (a service error): the plain retry.
    result.error = BlockError(ErrorCode.API_ERROR, "503", node_id="check")
    plain = people_summary.summarize(compiled, result, None)
    assert plain.next[-1] == t("summary.next.retry", run_id="r7")


class _Hook(BaseHTTPRequestHandler):
    received: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        self.received.append(json.loads(self.rfile.read(length)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return


@pytest.fixture
def webhook(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Hook.received = []
    monkeypatch.setenv("KEIRI_NOTIFY_WEBHOOK_URL", f"http://127.0.0.1:{server.server_port}/hook")
    yield _Hook.received
    server.shutdown()
    server.server_close()


def _run(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main(["run", str(PLAN), "--json"])
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 0, doc
    return doc


@pytest.mark.prefect
def test_a_run_publishes_the_model_summary_as_an_artifact_and_a_notification(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    webhook: list[dict[str, Any]],
) -> None:
    with ScriptedOpenAI() as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        srv.enqueue_chat(WRITTEN)
        doc = _run(capsys)
        assert len(srv.requests) == 1
    published = people_summary.read_published(doc["run_id"])
    assert published is not None
    assert published.startswith(f"**{WRITTEN['headline']}**")
    assert "- 株式会社あおば企画は 106,700 円でした。" in published
    assert t("summary.source.llm") in published
    assert [hook["kind"] for hook in webhook] == ["summary"]
    assert webhook[0]["run_id"] == doc["run_id"] and webhook[0]["summary"] == published
    assert webhook[0]["text"].startswith(
        t("summary.notify.text", plan="payments_summary", headline=WRITTEN["headline"])
    )


@pytest.mark.prefect
def test_a_run_without_a_model_publishes_the_template(
    prefect_server: str, no_llm: None, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _run(capsys)
    published = people_summary.read_published(doc["run_id"])
    assert published is not None
    assert published.startswith("**支払データを検証してから取引先別に合計する")
    assert "- 支払合計: ¥159,500" in published
    assert t("summary.source.template") in published
