"""The TaskLoop (seed 004 §4.5): a task list runs in the background and reports back.

No chat process waits. `start` records a `TaskBatch` and begins its first task; a task that
starts a plan run (`runs.start`, `runs.retry`) becomes a detached Prefect run
(`flows.lifecycle.runs.start_detached`: a background runner process), other tasks (validate, dry-run)
run at once. `poll` — called by every `send`/`refresh`/`snapshot` of any session of the
conversation, or by `python -m keiri.copilot.watch` — looks at the runs: a run that paused is
announced once (with its form and fields, so the user can answer in the chat), a run that
ended lets the next task begin; when the list is done, the report (`keiri.copilot.summary`)
is posted to the conversation and to the goal's step. Tasks run in order; the first failure
ends the list (later tasks are reported as not run). A lease in the store lets one poller
advance a list at a time, and the end is claimed once, so a report is never posted twice.

`check(ctx, tasks)` is what a task list must be to run: task tools only, valid arguments,
allowed to the user. Runs go to the Prefect server this process is connected to
(`keiri.copilot.connection`); without one a list with runs is not started
(`SERVER_UNAVAILABLE`) and a running list waits — never a temporary server.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.permissions import access_for
from keiri.copilot.connection import require_server
from keiri.copilot.errors import BadArgs, CopilotPermissionDenied, NoServer
from keiri.copilot.models import Action, Goal, Link, Message, Task, TaskBatch
from keiri.copilot.registry import ToolContext
from keiri.copilot.run_names import for_people, run_name
from keiri.copilot.state import goal_text
from keiri.copilot.summary import report

__all__ = ["RUN_OPERATIONS", "check", "poll", "poll_batch", "start"]

_log = logging.getLogger(__name__)
_ENDED = {"completed", "failed", "crashed", "cancelled"}
_LEASE_S = 120.0
_HOLDER = f"{socket.gethostname()}-{os.getpid()}"


def check(ctx: ToolContext, tasks: list[Task]) -> None:
    """Every task is a task tool with valid arguments that this user may run."""
    access = access_for(ctx.user, ctx.home)
    allowed = ctx.registry.task_names()
    for task in tasks:
        tool, _args = ctx.registry.validate(Action(operation=task.operation, args=task.args))
        if not tool.in_tasks:
            raise BadArgs(
                t(
                    "copilot.error.not_a_task",
                    name=tool.name,
                    allowed=t("copilot.separator").join(allowed),
                ),
                hint=t("copilot.hint.task_list"),
                details={"operation": tool.name},
            )
        if not access.allows(tool.permission):
            raise CopilotPermissionDenied(
                t(
                    "copilot.permission_denied",
                    user=access.user,
                    role=access.role,
                    tool=tool.name,
                    permission=tool.permission,
                ),
                details={"operation": tool.name, "role": access.role},
            )


def _start_design(ctx: ToolContext, args: dict[str, Any]) -> str:
    require_server()
    from flows.lifecycle import runs
    from flows.run_plan import compile_for_run, resolve_plan_path

    design = str(args["design"])
    compiled = compile_for_run(design)
    started = runs.start_detached(
        compiled,
        resolve_plan_path(design),
        dict(args.get("inputs") or {}),
        dict(args.get("vars") or {}),
        who=ctx.user,
        via="copilot",
    )
    return started.run_id


def _start_retry(ctx: ToolContext, args: dict[str, Any]) -> str:
    require_server()
    from flows.lifecycle import runs

    run_id = str(args["run_id"])
    runs.retry(run_id, ctx.user, detach=True)
    return run_id


#: Operations whose task is a background Prefect run: how to start it (→ its run id).
RUN_OPERATIONS: dict[str, Callable[[ToolContext, dict[str, Any]], str]] = {
    "runs.start": _start_design,
    "runs.retry": _start_retry,
}


def start(
    ctx: ToolContext, tasks: list[Task], goal_id: str | None = None, step_id: str | None = None
) -> TaskBatch:
    """Record the list and begin it; a list with runs needs the Prefect server first."""
    if any(task.operation in RUN_OPERATIONS for task in tasks):
        require_server()
    batch = TaskBatch(
        conversation_id=ctx.conversation_id,
        goal_id=goal_id,
        step_id=step_id,
        tasks=[task.model_copy(update={"status": "pending", "result": None}) for task in tasks],
        started_by=ctx.user,
    )
    ctx.store.save_batch(batch, ctx.user, "started")
    if goal_id and step_id:
        _update_step(ctx, batch, "in_progress", None)
    _advance(ctx, batch.batch_id)
    return ctx.store.batch(batch.batch_id) or batch


def poll(ctx: ToolContext) -> None:
    """Advance every running task list of the conversation (never waits for a run)."""
    for batch in ctx.store.running_batches(ctx.conversation_id):
        _advance(ctx, batch.batch_id)


def poll_batch(ctx: ToolContext, batch_id: str) -> None:
    """Advance one task list (the watcher's call; `ctx` is of its conversation)."""
    _advance(ctx, batch_id)


def _advance(ctx: ToolContext, batch_id: str) -> None:
    key = f"batch:{batch_id}"
    if not ctx.store.lease(key, _HOLDER, _LEASE_S):
        return  # another process advances it now
    try:
        batch = ctx.store.batch(batch_id)
        if batch is None or batch.status != "running":
            return
        changed = False
        ctx = replace(ctx, user=batch.started_by or ctx.user)  # runs start as who approved
        for task in batch.tasks:
            if task.status == "completed":
                continue
            if task.status == "failed":
                break
            if task.status == "pending":
                _begin(ctx, task)
                changed = True
            if task.status == "in_progress":
                changed |= _check(ctx, batch, task)
            if not _done(task):
                break
        if all(t_.status == "completed" for t_ in batch.tasks) or any(
            t_.status == "failed" for t_ in batch.tasks
        ):
            _finish(ctx, batch)
        elif changed:
            ctx.store.save_batch(batch, ctx.user, "advanced")
    finally:
        ctx.store.release(key, _HOLDER)


def _done(task: Task) -> bool:
    return task.status == "completed"


def _begin(ctx: ToolContext, task: Task) -> None:
    starter = RUN_OPERATIONS.get(task.operation)
    try:
        if starter is not None:
            task.run_id = starter(ctx, task.args)
            task.status = "in_progress"
            return
        tool, args = ctx.registry.validate(Action(operation=task.operation, args=task.args))
        result = tool.handler(ctx, args)
    except KeiriError as exc:
        task.status = "failed"
        task.result = {"error": exc.to_json()}
        return
    except Exception as exc:  # the API or a tool broke: the task fails, the chat goes on
        task.status = "failed"
        task.result = {
            "error": {"code": "INTERNAL_ERROR", "message": f"{type(exc).__name__}: {exc}"}
        }
        return
    task.status = "completed" if result.ok else "failed"
    task.result = {"text": result.text, "data": result.data}
    if not result.ok and isinstance(result.data, dict) and "error" in result.data:
        task.result["error"] = result.data["error"]


def _outcome(run_id: str) -> Any:
    require_server()
    from flows.backend import liveness
    from flows.lifecycle import control, runs

    run = control.find_run(run_id)
    if liveness.may_be_gone(run):
        liveness.settle(run)  # a runner that died: the run is Crashed, not Running forever
    return runs.outcome(run_id)


def _check(ctx: ToolContext, batch: TaskBatch, task: Task) -> bool:
    """Look at the task's run: True when something changed (ended, or a pause announced)."""
    if task.run_id is None:  # pragma: no cover - an in-progress task always has a run
        return False
    try:
        outcome = _outcome(task.run_id)
    except NoServer:  # not connected: look again once a surface connects
        return False
    except Exception:  # the server is busy or down: look again at the next poll
        _log.warning("could not read run %s", task.run_id, exc_info=True)
        return False
    if outcome.state in _ENDED:
        task.status = "completed" if outcome.state == "completed" else "failed"
        task.result = {
            "state": outcome.state,
            "plan_id": outcome.plan_id,
            "outputs": outcome.outputs,
            "error": outcome.error.model_dump() if outcome.error else None,
            "ui_url": outcome.ui_url,
        }
        return True
    if outcome.state == "paused" and outcome.paused is not None:
        mark = f"{outcome.paused.run_id or task.run_id}:{outcome.paused.node_id}"
        if mark in batch.notified_pauses:
            return False
        batch.notified_pauses.append(mark)
        _announce_pause(ctx, batch, task, outcome)
        return True
    return False


def _announce_pause(ctx: ToolContext, batch: TaskBatch, task: Task, outcome: Any) -> None:
    from flows.lifecycle.control import read_paused_form

    paused = outcome.paused
    run_id = str(paused.run_id or task.run_id)
    fields = ""
    try:
        form = read_paused_form(run_id)
        fields = t("copilot.separator").join(
            t("copilot.run_paused_field", id=r.id, label=r.label or r.id, type=r.type)
            for r in form.requirements
        )
        message_text = str(form.definition.get("message") or "")
    except KeiriError:
        message_text = ""
    from flows.lifecycle.run_title import step_title

    text = t(
        "copilot.run_paused",
        run=run_name(run_id),
        step=paused.title or step_title({"plan": outcome.plan_id}, paused.node_id or "-"),
        message=message_text or "-",
        fields=fields or "-",
    )
    ctx.store.add_message(
        batch.conversation_id,
        Message(
            role="system",
            text=text,
            links=[
                Link(label=t("copilot.link.form"), url=paused.form_url, kind="form"),
                Link(label=t("copilot.link.prefect"), url=outcome.ui_url, kind="run"),
            ],
            runs=[run_id],
        ),
    )


def _finish(ctx: ToolContext, batch: TaskBatch) -> None:
    goal = ctx.store.goal(batch.goal_id) if batch.goal_id else None
    summary = report(batch, ctx.llm, goal_text(goal) if goal else "")
    batch.status = "completed" if summary.status == "completed" else "failed"
    if not ctx.store.finish_batch(batch, ctx.user):
        return  # reported by another process
    links = []
    for task in batch.tasks:
        if task.run_id and isinstance(task.result, dict) and task.result.get("ui_url"):
            name = run_name(task.run_id)
            links.append(
                Link(label=t("copilot.link.run", name=name), url=task.result["ui_url"], kind="run")
            )
    ran = [task.run_id for task in batch.tasks if task.run_id]
    ctx.store.add_message(
        batch.conversation_id,
        for_people(Message(role="assistant", text=summary.text, links=links, runs=ran)),
    )
    if batch.goal_id and batch.step_id:
        _update_step(ctx, batch, batch.status, summary.text)


def _update_step(ctx: ToolContext, batch: TaskBatch, status: Any, text: str | None) -> None:
    goal = ctx.store.goal(batch.goal_id or "")
    step = goal.step(batch.step_id or "") if goal else None
    if goal is None or step is None:
        return
    step.status = status
    step.task_list = [task.model_copy() for task in batch.tasks]
    if text is not None:
        step.summary = text
    goal.status = _goal_status(goal)
    ctx.store.save_goal(
        goal, ctx.user, "step_" + str(status), {"step_id": step.step_id, "batch": batch.batch_id}
    )


def _goal_status(goal: Goal) -> Any:
    if goal.steps and all(s.status == "completed" for s in goal.steps):
        return "completed"
    if any(s.status in ("in_progress", "completed", "failed") for s in goal.steps):
        return "in_progress"
    return goal.status
