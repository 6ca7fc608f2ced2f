"""What a summary must not leave out: 差し戻し in its headline (who and why) with the step
not done said in words, and every point needing attention in the outputs — a payment without
an invoice, an invoice without a payment, 要確認 invoices, files left out — counted and named,
in the template and in the model's summary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_file
from compiler.runstate import RunResult
from flows.backend import attention_points, people_summary, rejection
from flows.backend.progress import NodeProgress, RunProgress
from keiri.base.catalog import t
from tests.conftest import ROOT

DESIGN = ROOT / "designs" / "monthly_invoice_check.yaml"

PAYMENT = {"日付": "2026-04-25", "摘要": "振込 カ）ミドリ商会", "出金": 33000}
REJECTED_CONFIRM = {
    "collected_data": {},
    "approved": False,
    "response": "3行目の金額が違います",
    "metadata": {"answered_by": "suzuki", "decision": "rejected", "mode": "confirm"},
}


def _progress(skipped: str | None = None) -> RunProgress:
    compiled, _ = compile_file(DESIGN, BlockRegistry())
    return RunProgress(
        [
            NodeProgress(n.id, "skipped" if n.id == skipped else "completed")
            for n in compiled.plan.graph
        ]
    )


def _summary(outputs: dict[str, Any], progress: RunProgress) -> people_summary.PeopleSummary:
    compiled, _ = compile_file(DESIGN, BlockRegistry())
    result = RunResult("r1", compiled.id, "completed", outputs)
    return people_summary.template_summary(
        people_summary.facts_of(result, progress, None, compiled), []
    )


def test_one_unmatched_payment_is_listed_under_what_needs_attention() -> None:
    outputs = {
        "reconcile": {"unmatched_right": [PAYMENT], "unmatched_left": []},
        "settle_proposals": {"unmatched_right": [PAYMENT]},
    }
    summary = _summary(outputs, _progress())
    point = attention_points.Point(
        "unmatched_right", 1, ("振込 カ）ミドリ商会 2026-04-25 ¥33,000",)
    )
    assert summary.attention == [point.text()]
    assert t("summary.attention.none") not in summary.markdown()
    section = summary.markdown().split(f"#### {t('summary.section.attention')}")[1]
    assert "振込 カ）ミドリ商会" in section.split("####")[0]
    assert t("summary.next.points") in summary.next


def test_invoices_to_check_and_skipped_files_are_counted_and_named() -> None:
    outputs = {
        "parse_evidence": {
            "evidence": {"files": [{"path": "A社/memo.txt", "skipped": "対象外"}, {"path": "x"}]}
        },
        "triage": {"review": [{"issuer_name": "株式会社A", "total": 1100}]},
        "reconcile": {"unmatched_left": [{"issuer_name": "株式会社B", "total": 2200}]},
    }
    points = attention_points.points_of(outputs)
    assert [(p.kind, p.count, p.names) for p in points] == [
        ("unmatched_left", 1, ("株式会社B ¥2,200",)),
        ("review", 1, ("株式会社A ¥1,100",)),
        ("skipped", 1, ("A社/memo.txt",)),
    ]
    assert _summary(outputs, _progress()).attention == [p.text() for p in points]


def test_a_rejected_run_says_who_and_why_and_the_step_not_done_in_words() -> None:
    outputs = {"confirm_results": REJECTED_CONFIRM, "write_report": None}
    assert rejection.of_outputs(outputs) == rejection.Rejection(
        "confirm_results", "suzuki", "3行目の金額が違います"
    )
    summary = _summary(outputs, _progress(skipped="write_report"))
    assert summary.headline == t(
        "summary.headline.rejected",
        plan="月次の請求書チェックと入金照合",
        by="suzuki",
        reason="3行目の金額が違います",
    )
    assert t("summary.done.not_done", steps=t("step.block.excel.write")) in summary.done
    assert not any(t("summary.runs.status.skipped") in line for line in summary.done)
    assert summary.attention[0] == t(
        "summary.attention.rejected",
        step=t("step.form.confirm"),
        by="suzuki",
        reason="3行目の金額が違います",
    )


def test_an_approved_run_is_not_rejected(tmp_path: Path) -> None:
    approved = {**REJECTED_CONFIRM, "approved": True, "metadata": {"decision": "approved"}}
    assert rejection.of_outputs({"confirm_results": approved}) is None
    summary = _summary({"confirm_results": approved}, _progress())
    assert summary.headline == t(
        "summary.headline.completed", plan="月次の請求書チェックと入金照合"
    )


def test_the_model_summary_keeps_the_points_it_left_out() -> None:
    """The model is told the points (facts' attention_points) and still writes none: the
    summary lists them anyway, never 「特に注意が必要な点はありません」."""
    from blocks.llm.client import LLMClient, LLMSettings
    from tests.support.openai_server import TEST_API_KEY, ScriptedOpenAI

    compiled, _ = compile_file(DESIGN, BlockRegistry())
    outputs = {"settle_proposals": {"unmatched_right": [PAYMENT]}}
    result = RunResult("r1", compiled.id, "completed", outputs)
    facts = people_summary.facts_of(result, _progress(), None, compiled)
    written = {"headline": "照合が終わりました。", "done": [], "attention": [], "next": []}
    with ScriptedOpenAI() as srv:
        srv.enqueue_chat(written)
        client = LLMClient(
            LLMSettings(api_key=TEST_API_KEY, max_retries=0), http_client=srv.http_client()
        )
        summary = people_summary.llm_summary(compiled, facts, [], outputs, client)
        sent = srv.requests[0].json["messages"][1]["content"]
    assert "振込 カ）ミドリ商会" in sent and "attention_points" in sent  # the model's input
    assert summary.source == "llm"
    assert summary.attention == [p.text() for p in facts.points]
    assert t("summary.attention.none") not in summary.markdown()
