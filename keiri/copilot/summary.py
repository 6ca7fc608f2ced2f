"""The TaskLoop's report (seed 004 §6.4): status, succeeded/failed counts, causes and the
recommended next actions — written by the LLM and checked, or from a template.

The model's report is used only when its counts equal the real ones and every number in its
text appears in the execution log (`designer.ask.numbers_in`, as `keiri ask` checks its
answers); otherwise, and without an LLM, the template report is posted.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from designer.ask import numbers_in
from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.copilot.llm import CopilotLLM
from keiri.copilot.models import TaskBatch
from keiri.copilot.prompts import WireSummary, summary_prompt, summary_user_prompt
from keiri.copilot.run_names import run_name

__all__ = ["Report", "execution_log", "report"]

_log = logging.getLogger(__name__)
_OUTPUT_CHARS = 1500


@dataclass
class Report:
    status: Literal["completed", "failed", "partial"]
    succeeded: int
    failed: int
    text: str
    source: Literal["llm", "template"]
    causes: list[str] = field(default_factory=list)
    next_actions: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)  # why the model's report was not used


def execution_log(batch: TaskBatch) -> list[dict[str, Any]]:
    """One entry per task: what it did and what it came to (outputs shortened)."""
    log = []
    for task in batch.tasks:
        entry: dict[str, Any] = {
            "task_id": task.task_id,
            "operation": task.operation,
            "args": task.args,
            "status": task.status,
        }
        if task.run_id:
            entry["run_id"] = task.run_id
        if isinstance(task.result, dict):
            result = dict(task.result)
            outputs = result.pop("outputs", None)
            if outputs:
                text = json.dumps(outputs, ensure_ascii=False, default=str)
                result["outputs"] = (
                    outputs if len(text) <= _OUTPUT_CHARS else text[:_OUTPUT_CHARS] + "…"
                )
            entry.update(result)
        log.append(entry)
    return log


def report(batch: TaskBatch, llm: CopilotLLM | None, context: str = "") -> Report:
    """The checked report; `context` (the goal and its steps, numbered) is shown to the model
    and its numbers may be quoted too (「ステップ1」, 「11月」)."""
    log = execution_log(batch)
    succeeded = sum(task.status == "completed" for task in batch.tasks)
    failed = sum(task.status == "failed" for task in batch.tasks)
    status: Literal["completed", "failed", "partial"] = (
        "completed" if succeeded == len(batch.tasks) else "failed" if failed else "partial"
    )
    template = _template(batch, status, succeeded, failed)
    if llm is None:
        return template
    text = json.dumps(log, ensure_ascii=False, default=str)
    try:
        answer = llm.parse(summary_prompt(), summary_user_prompt(text, context), WireSummary)
    except KeiriError as exc:
        template.rejected.append(f"{exc.code}: {exc.message}")
        return template
    rejected = []
    if (answer.succeeded, answer.failed) != (succeeded, failed):
        rejected.append(
            f"counts {answer.succeeded}/{answer.failed} != {succeeded}/{failed} (succeeded/failed)"
        )
    allowed = (
        _numbers(text) | _numbers(context) | {str(succeeded), str(failed), str(len(batch.tasks))}
    )
    unsupported = sorted(numbers_in(answer.text) - allowed)
    if unsupported:
        rejected.append(f"numbers not in the log: {', '.join(unsupported)}")
    if answer.status != status:
        rejected.append(f"status {answer.status} != {status}")
    if rejected:
        _log.info("the model's report was not used: %s", "; ".join(rejected))
        template.rejected = rejected
        return template
    return Report(
        status=status,
        succeeded=succeeded,
        failed=failed,
        text=answer.text,
        source="llm",
        causes=answer.causes,
        next_actions=answer.next_actions,
    )


_IDS = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"  # run ids
    r"|\b[a-z]+_[0-9a-f]{8}\b"  # task_…, step_…, goal_…, batch_…
    r"|https?://\S+",
    re.IGNORECASE,
)
_POSITIONS = re.compile(r"^\s*(\d{1,2})\.\s", re.MULTILINE)  # "  2. 入金照合" of a goal


def _numbers(text: str) -> set[str]:
    """The numbers a report may quote from `text`: ids and addresses are not numbers (a digit
    of a random id must never vouch for a figure), a step's position is."""
    return numbers_in(_IDS.sub(" ", text)) | set(_POSITIONS.findall(text))


_HEADLINES = {
    "completed": "copilot.summary.completed",
    "failed": "copilot.summary.failed",
    "partial": "copilot.summary.partial",
}


def _template(
    batch: TaskBatch, status: Literal["completed", "failed", "partial"], ok: int, bad: int
) -> Report:
    lines = [
        t(_HEADLINES[status], total=len(batch.tasks), succeeded=ok, failed=bad),
    ]
    causes: list[str] = []
    next_actions: list[str] = []
    for task in batch.tasks:
        result = task.result if isinstance(task.result, dict) else {}
        error = result.get("error")
        state = result.get("state")
        label = task.args.get("design") or task.operation
        if task.status == "completed":
            lines.append(t("copilot.summary.task_ok", task=label, state=state or "completed"))
        elif task.status == "failed":
            code = error.get("code") if isinstance(error, dict) else None
            message = error.get("message") if isinstance(error, dict) else str(result.get("text"))
            cause = t("copilot.summary.cause", task=label, code=code or "-", message=message)
            causes.append(cause)
            lines.append(cause)
            hint = error.get("hint") if isinstance(error, dict) else None
            if hint:
                next_actions.append(hint)
            if task.run_id:
                next_actions.append(t("copilot.summary.next_retry", run=run_name(task.run_id)))
        else:
            lines.append(t("copilot.summary.task_skipped", task=label))
    if next_actions:
        lines.append(t("copilot.summary.next"))
        lines += [f"- {a}" for a in next_actions]
    return Report(
        status=status,
        succeeded=ok,
        failed=bad,
        text="\n".join(lines),
        source="template",
        causes=causes,
        next_actions=next_actions,
    )
