"""The TaskLoop's report: the model's only when its counts, status and numbers hold."""

from __future__ import annotations

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot.llm import CopilotLLM
from keiri.copilot.models import Task, TaskBatch
from keiri.copilot.summary import report
from tests.support.openai_server import ScriptedOpenAI


def _batch() -> TaskBatch:
    task = Task(
        task_id="task_7a7b7c7d",
        operation="runs.start",
        args={"design": "monthly_invoice_check"},
        status="completed",
        run_id="12345678-1234-1234-1234-123456789abc",
        result={"state": "completed", "outputs": {"total": {"totals": {"amount": 16500}}}},
    )
    return TaskBatch(conversation_id="conv_1", tasks=[task])


def _answer(text: str, succeeded: int = 1) -> dict[str, object]:
    return {
        "status": "completed",
        "succeeded": succeeded,
        "failed": 0,
        "causes": [],
        "next_actions": [],
        "text": text,
    }


def test_a_report_quoting_the_log_is_used(script: ScriptedOpenAI, client: LLMClient) -> None:
    script.enqueue_chat(_answer("請求書チェックが完了しました。合計は 16,500 円です。"))
    result = report(_batch(), CopilotLLM(client))
    assert result.source == "llm" and "16,500" in result.text


def test_numbers_only_found_in_ids_or_wrong_counts_fall_back_to_the_template(
    script: ScriptedOpenAI, client: LLMClient
) -> None:
    llm = CopilotLLM(client)
    script.enqueue_chat(_answer("合計は 7 件、12345678 円です。"))
    result = report(_batch(), llm)
    assert result.source == "template"
    assert "numbers not in the log: 12345678, 7" in result.rejected[0]
    script.enqueue_chat(_answer("完了しました。", succeeded=2))
    assert report(_batch(), llm).source == "template"
    assert report(_batch(), None).text.startswith(
        t("copilot.summary.completed", total=1, succeeded=1, failed=0)
    )
