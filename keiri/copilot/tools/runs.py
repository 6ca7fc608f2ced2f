"""Run tools over the one run lifecycle (`flows.lifecycle.runs`): `runs.start`, `runs.status`,
`runs.list`, `runs.resume`, `runs.retry`, `runs.cancel`. Starting and retrying go through the
TaskLoop (a background run, reported when it ends); resume, retry, cancel and start need the
user's confirmation and run with the user's identity (`who`)."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from pydantic import Field

from keiri.base.catalog import state_label, t
from keiri.base.times import local_time
from keiri.copilot import taskloop
from keiri.copilot.connection import require_server
from keiri.copilot.models import Link, Task
from keiri.copilot.registry import Tool, ToolArgs, ToolContext, ToolResult
from keiri.copilot.run_names import design_name, run_name, view_name

__all__ = ["TOOLS", "run_links"]


class StartArgs(ToolArgs):
    design: str
    inputs: dict[str, dict[str, Any]] | None = None
    vars: dict[str, Any] | None = None

    description_keys: ClassVar[dict[str, str]] = {
        "design": "copilot.arg.design",
        "inputs": "copilot.arg.inputs",
        "vars": "copilot.arg.vars",
    }


class RunRef(ToolArgs):
    run_id: str

    description_keys: ClassVar[dict[str, str]] = {"run_id": "copilot.arg.run_id"}


class ListArgs(ToolArgs):
    state: str | None = None
    limit: int = Field(default=10, ge=1, le=50)

    description_keys: ClassVar[dict[str, str]] = {"state": "copilot.arg.state"}


class ResumeArgs(ToolArgs):
    run_id: str
    answers: dict[str, Any]

    description_keys: ClassVar[dict[str, str]] = {
        "run_id": "copilot.arg.paused_run_id",
        "answers": "copilot.arg.answers",
    }


def run_links(run_id: str, ui_url: str | None = None, form_url: str | None = None) -> list[Link]:
    links = []
    if ui_url:
        links.append(
            Link(label=t("copilot.link.run", name=run_name(run_id)), url=ui_url, kind="run")
        )
    if form_url:
        links.append(Link(label=t("copilot.link.form"), url=form_url, kind="form"))
    return links


def _start(ctx: ToolContext, args: StartArgs) -> ToolResult:
    task = Task(operation="runs.start", args=args.model_dump(exclude_none=True))
    batch = taskloop.start(ctx, [task])
    started = batch.tasks[0]
    if started.status == "failed":
        error = (started.result or {}).get("error") or {}
        text = t("copilot.tool_failed", code=error.get("code"), message=error.get("message"))
        if error.get("hint"):
            text += "\n" + t("copilot.hint_line", hint=error["hint"])
        return ToolResult(text=text, ok=False, data={"error": error})
    from flows.lifecycle.runs import prefect_ui_url

    run_id = started.run_id or ""
    return ToolResult(
        text=t("copilot.run.started", run=run_name(run_id)),
        data={"run_id": run_id, "batch_id": batch.batch_id},
        links=run_links(run_id, prefect_ui_url(run_id)),
        runs=[run_id],
    )


def _status(ctx: ToolContext, args: RunRef) -> ToolResult:
    require_server()
    from flows.lifecycle.run_title import step_title
    from flows.lifecycle.runs import outcome

    result = outcome(args.run_id)
    text = t(
        "copilot.run.status",
        run=run_name(result.run_id),
        state=state_label(result.state.upper()),
    )
    if result.error is not None:
        text += "\n" + t(
            "copilot.tool_failed", code=result.error.code, message=result.error.message
        )
        if result.error.hint:
            text += "\n" + t("copilot.hint_line", hint=result.error.hint)
    if result.paused is not None:
        paused = result.paused
        step = paused.title or step_title({"plan": result.plan_id}, paused.node_id or "-")
        text += "\n" + t("copilot.run.paused_at", step=step)
    return ToolResult(
        text=text,
        data=result.to_json(),
        links=run_links(
            result.run_id, result.ui_url, result.paused.form_url if result.paused else None
        ),
        runs=[result.run_id],
    )


def _list(ctx: ToolContext, args: ListArgs) -> ToolResult:
    require_server()
    from flows.lifecycle.control import list_runs

    views = list_runs(args.state, args.limit)
    lines = [
        t(
            "copilot.run.list_item",
            run=view_name(v),
            state=state_label(v.state),
            start=local_time(v.start),
        )
        for v in views
    ]
    return ToolResult(
        text=t("copilot.run.list", count=len(views)) + ("\n" + "\n".join(lines) if lines else ""),
        data=[v.to_json() for v in views],
        runs=[v.run_id for v in views],
    )


def _resume(ctx: ToolContext, args: ResumeArgs) -> ToolResult:
    require_server()
    from flows.lifecycle import runs
    from flows.lifecycle.run_title import step_title

    form = runs.resume(args.run_id, args.answers, ctx.user)
    step = step_title(form.run.parameters, form.node_id)
    return ToolResult(
        text=t("copilot.run.resumed", run=run_name(args.run_id), step=step, user=ctx.user),
        data={"run_id": args.run_id, "node_id": form.node_id},
        runs=[args.run_id],
    )


def _retry(ctx: ToolContext, args: RunRef) -> ToolResult:
    batch = taskloop.start(ctx, [Task(operation="runs.retry", args={"run_id": args.run_id})])
    task = batch.tasks[0]
    if task.status == "failed":
        error = (task.result or {}).get("error") or {}
        text = t("copilot.tool_failed", code=error.get("code"), message=error.get("message"))
        if error.get("hint"):
            text += "\n" + t("copilot.hint_line", hint=error["hint"])
        return ToolResult(text=text, ok=False, data={"error": error})
    return ToolResult(
        text=t("copilot.run.retried", run=run_name(args.run_id)),
        data={"run_id": args.run_id, "batch_id": batch.batch_id},
        runs=[args.run_id],
    )


def _cancel(ctx: ToolContext, args: RunRef) -> ToolResult:
    require_server()
    from flows.lifecycle import runs

    result = runs.cancel(args.run_id, ctx.user)
    return ToolResult(
        text=t(
            "copilot.run.cancelled",
            run=run_name(args.run_id),
            state=state_label(result.state.upper()),
        ),
        data={"run_id": args.run_id, "state": result.state},
        runs=[args.run_id],
    )


def _values(values: dict[str, Any]) -> str:
    """`{"month": 11, "who": "山田"}` in words: `month = 11、who = 山田`."""
    return t("copilot.separator").join(
        f"{key} = {value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)}"
        for key, value in values.items()
    )


def _start_words(args: StartArgs) -> str:
    text = t("copilot.confirm.run_start", design=design_name(args.design))
    if args.inputs:
        answers = {
            f"{node}.{name}": v
            for node, fields in args.inputs.items()
            for name, v in fields.items()
        }
        text += t("copilot.confirm.with_inputs", values=_values(answers))
    if args.vars:
        text += t("copilot.confirm.with_vars", values=_values(args.vars))
    return text


def _resume_words(args: ResumeArgs) -> str:
    return t("copilot.confirm.run_resume", run=run_name(args.run_id), answers=_values(args.answers))


def _retry_words(args: RunRef) -> str:
    return t("copilot.confirm.run_retry", run=run_name(args.run_id))


def _cancel_words(args: RunRef) -> str:
    return t("copilot.confirm.run_cancel", run=run_name(args.run_id))


TOOLS = [
    Tool(
        "runs.start",
        lambda: t("copilot.tool.runs_start"),
        StartArgs,
        "run",
        _start,
        needs_confirmation=True,
        in_tasks=True,
        words=_start_words,
    ),
    Tool("runs.status", lambda: t("copilot.tool.runs_status"), RunRef, "view", _status),
    Tool("runs.list", lambda: t("copilot.tool.runs_list"), ListArgs, "view", _list),
    Tool(
        "runs.resume",
        lambda: t("copilot.tool.runs_resume"),
        ResumeArgs,
        "approve",
        _resume,
        needs_confirmation=True,
        words=_resume_words,
    ),
    Tool(
        "runs.retry",
        lambda: t("copilot.tool.runs_retry"),
        RunRef,
        "run",
        _retry,
        needs_confirmation=True,
        in_tasks=True,
        words=_retry_words,
    ),
    Tool(
        "runs.cancel",
        lambda: t("copilot.tool.runs_cancel"),
        RunRef,
        "run",
        _cancel,
        needs_confirmation=True,
        words=_cancel_words,
    ),
]
