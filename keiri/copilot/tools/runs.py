"""Run tools over the one run lifecycle (`flows.lifecycle.runs`): `runs.start`, `runs.status`,
`runs.list`, `runs.resume`, `runs.retry`, `runs.cancel`. Starting and retrying go through the
TaskLoop (a background run, reported when it ends); resume, retry, cancel and start need the
user's confirmation and run with the user's identity (`who`)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from keiri.base.catalog import t
from keiri.copilot import taskloop
from keiri.copilot.models import Link, Task
from keiri.copilot.registry import Tool, ToolContext, ToolResult

__all__ = ["TOOLS", "run_links"]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartArgs(_Args):
    design: str = Field(description="設計の名前（designs.list の name）またはパス")
    inputs: dict[str, dict[str, Any]] | None = Field(
        default=None, description="人の入力の事前回答 {ノード: {項目: 値}}"
    )
    vars: dict[str, Any] | None = Field(default=None, description="vars の上書き")


class RunRef(_Args):
    run_id: str = Field(description="実行 id（UUID）")


class ListArgs(_Args):
    state: str | None = Field(default=None, description="状態で絞る（paused, failed, ...）")
    limit: int = Field(default=10, ge=1, le=50)


class ResumeArgs(_Args):
    run_id: str = Field(description="一時停止中の実行 id")
    answers: dict[str, Any] = Field(description="フォームの項目 id → 値")


def run_links(run_id: str, ui_url: str | None = None, form_url: str | None = None) -> list[Link]:
    links = []
    if ui_url:
        links.append(Link(label=t("copilot.link.run", name=run_id[:8]), url=ui_url, kind="run"))
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
        text=t("copilot.run.started", design=args.design, run_id=run_id),
        data={"run_id": run_id, "batch_id": batch.batch_id},
        links=run_links(run_id, prefect_ui_url(run_id)),
    )


def _status(ctx: ToolContext, args: RunRef) -> ToolResult:
    from flows.lifecycle.runs import outcome

    result = outcome(args.run_id)
    text = t(
        "copilot.run.status", run_id=result.run_id, plan=result.plan_id or "-", state=result.state
    )
    if result.error is not None:
        text += "\n" + t(
            "copilot.tool_failed", code=result.error.code, message=result.error.message
        )
        if result.error.hint:
            text += "\n" + t("copilot.hint_line", hint=result.error.hint)
    if result.paused is not None:
        text += "\n" + t("copilot.run.paused_at", node=result.paused.node_id or "-")
    return ToolResult(
        text=text,
        data=result.to_json(),
        links=run_links(
            result.run_id, result.ui_url, result.paused.form_url if result.paused else None
        ),
    )


def _list(ctx: ToolContext, args: ListArgs) -> ToolResult:
    from flows.lifecycle.control import list_runs

    views = list_runs(args.state, args.limit)
    lines = [f"- {v.run_id} {v.plan_id or '-'} {v.state} {v.start or ''}" for v in views]
    return ToolResult(
        text=t("copilot.run.list", count=len(views)) + ("\n" + "\n".join(lines) if lines else ""),
        data=[v.to_json() for v in views],
    )


def _resume(ctx: ToolContext, args: ResumeArgs) -> ToolResult:
    from flows.lifecycle import runs

    form = runs.resume(args.run_id, args.answers, ctx.user)
    return ToolResult(
        text=t("copilot.run.resumed", run_id=args.run_id, node=form.node_id, user=ctx.user),
        data={"run_id": args.run_id, "node_id": form.node_id},
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
        text=t("copilot.run.retried", run_id=args.run_id),
        data={"run_id": args.run_id, "batch_id": batch.batch_id},
    )


def _cancel(ctx: ToolContext, args: RunRef) -> ToolResult:
    from flows.lifecycle import runs

    result = runs.cancel(args.run_id, ctx.user)
    return ToolResult(
        text=t("copilot.run.cancelled", run_id=args.run_id, state=result.state),
        data={"run_id": args.run_id, "state": result.state},
    )


def _confirm_start(args: StartArgs) -> str:
    extra = {k: v for k, v in (("inputs", args.inputs), ("vars", args.vars)) if v}
    shown = f" {json.dumps(extra, ensure_ascii=False)}" if extra else ""
    return t("copilot.confirm.run_start", design=args.design) + shown


def _confirm_resume(args: ResumeArgs) -> str:
    return t(
        "copilot.confirm.run_resume",
        run_id=args.run_id,
        answers=json.dumps(args.answers, ensure_ascii=False),
    )


TOOLS = [
    Tool(
        "runs.start",
        "設計（design）の実行をバックグラウンドで開始する。終わるとチャットに報告される。",
        StartArgs,
        "run",
        _start,
        needs_confirmation=True,
        in_tasks=True,
        confirm_text=_confirm_start,
    ),
    Tool("runs.status", "実行の状態と結果・エラーを見る。", RunRef, "view", _status),
    Tool("runs.list", "最近の実行を一覧する（state で絞れる）。", ListArgs, "view", _list),
    Tool(
        "runs.resume",
        "一時停止中の実行に、フォームの値（answers）を渡して再開する。",
        ResumeArgs,
        "approve",
        _resume,
        needs_confirmation=True,
        confirm_text=_confirm_resume,
    ),
    Tool(
        "runs.retry",
        "失敗・クラッシュ・取消された実行を再実行する（終わったノードは再利用）。",
        RunRef,
        "run",
        _retry,
        needs_confirmation=True,
        in_tasks=True,
        confirm_text=lambda a: t("copilot.confirm.run_retry", run_id=a.run_id),
    ),
    Tool(
        "runs.cancel",
        "終わっていない実行を取り消す。",
        RunRef,
        "run",
        _cancel,
        needs_confirmation=True,
        confirm_text=lambda a: t("copilot.confirm.run_cancel", run_id=a.run_id),
    ),
]
