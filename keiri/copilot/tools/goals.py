"""PlanTool, TaskTool and the TaskLoop's entry (seed 004 §4.3–4.5) as tools:
`goal.propose`, `goal.approve`, `goal.update_step`, `goal.get`, `tasks.generate_list`,
`task_loop.run`."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from keiri.base.catalog import t
from keiri.base.permissions import access_for
from keiri.copilot import errors, taskloop
from keiri.copilot.errors import CopilotError
from keiri.copilot.models import Action, Goal, Step, Task
from keiri.copilot.prompts import (
    PLAN_PROMPT,
    TASK_PROMPT,
    WirePlan,
    WireTaskList,
    plan_user_prompt,
    task_user_prompt,
)
from keiri.copilot.registry import Tool, ToolContext, ToolResult
from keiri.copilot.state import goal_text, history_text

__all__ = ["TOOLS", "find_goal"]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StepDraft(_Args):
    name: str
    description: str = ""
    depends_on: list[int] = Field(default_factory=list, description="依存するステップの番号")


class ProposeArgs(_Args):
    goal: str = Field(description="目標（例: 11月の月次決算）")
    name: str | None = Field(default=None, description="計画の名前")
    steps: list[StepDraft] | None = Field(
        default=None, description="ステップ（省略すると計画用プロンプトで作ります）"
    )


class GoalRef(_Args):
    goal_id: str | None = Field(default=None, description="目標 id（省略: アクティブな目標）")


class UpdateStepArgs(_Args):
    goal_id: str | None = Field(default=None, description="目標 id（省略: アクティブな目標）")
    step_id: str = Field(description="ステップ id")
    status: Literal["pending", "in_progress", "completed", "failed"]
    note: str | None = Field(default=None, description="メモ（日本語）")


class StepRef(_Args):
    goal_id: str | None = Field(default=None, description="目標 id（省略: アクティブな目標）")
    step_id: str = Field(description="ステップ id")


class TaskDraft(_Args):
    operation: str
    args: dict[str, Any] = Field(default_factory=dict)


class TaskLoopArgs(_Args):
    goal_id: str | None = Field(default=None, description="目標 id（省略: アクティブな目標）")
    step_id: str | None = Field(default=None, description="このステップの TaskList を実行")
    tasks: list[TaskDraft] | None = Field(
        default=None, description="ステップなしで実行するタスク（operation, args）"
    )


def find_goal(ctx: ToolContext, goal_id: str | None) -> Goal:
    wanted = goal_id or ctx.store.active_goal(ctx.conversation_id)
    goal = ctx.store.goal(wanted) if wanted else None
    if goal is None:
        known = [g.goal_id for g in ctx.store.goals()]
        raise CopilotError(
            errors.NOT_FOUND,
            t("copilot.error.no_goal", id=wanted or "-"),
            hint=t("copilot.hint.goals", known="、".join(known[:5]) or "-"),
            details={"goal_id": wanted, "known": known},
        )
    return goal


def _step(goal: Goal, step_id: str) -> Step:
    step = goal.step(step_id)
    if step is None:
        raise CopilotError(
            errors.NOT_FOUND,
            t("copilot.error.no_step", id=step_id, goal=goal.name),
            hint=t("copilot.hint.steps", known="、".join(s.step_id for s in goal.steps)),
            details={"step_id": step_id, "goal_id": goal.goal_id},
        )
    return step


def _propose(ctx: ToolContext, args: ProposeArgs) -> ToolResult:
    drafts, name = args.steps, args.name
    if drafts is None:
        if ctx.llm is None:  # pragma: no cover - a session always has an LLM
            raise CopilotError(errors.LLM_NOT_CONFIGURED, t("copilot.error.llm_not_configured"))
        plan = ctx.llm.parse(
            PLAN_PROMPT.format(user_goal=args.goal),
            plan_user_prompt(args.goal, history_text(ctx.store, ctx.conversation_id, 6)),
            WirePlan,
        )
        drafts = [StepDraft(**s.model_dump()) for s in plan.steps]
        name = name or plan.name
    steps = [Step(name=d.name, description=d.description) for d in drafts]
    for step, draft in zip(steps, drafts, strict=True):
        step.depends_on = [
            steps[n - 1].step_id for n in draft.depends_on if 1 <= n <= len(steps) and n - 1 >= 0
        ]
    goal = Goal(name=name or args.goal, goal=args.goal, steps=steps, created_by=ctx.user)
    goal = ctx.store.save_goal(
        goal, ctx.user, "proposed", {"steps": len(steps)}, conversation_id=ctx.conversation_id
    )
    ctx.store.set_active_goal(ctx.conversation_id, goal.goal_id, ctx.user)
    return ToolResult(
        text=t("copilot.goal.proposed") + "\n" + goal_text(goal, True),
        data={"goal_id": goal.goal_id, "steps": [s.step_id for s in goal.steps]},
        follow_up=Action(operation="goal.approve", args={"goal_id": goal.goal_id}),
    )


def _approve(ctx: ToolContext, args: GoalRef) -> ToolResult:
    goal = find_goal(ctx, args.goal_id)
    goal.status = "approved"
    goal = ctx.store.save_goal(goal, ctx.user, "approved")
    ctx.store.set_active_goal(ctx.conversation_id, goal.goal_id, ctx.user)
    return ToolResult(
        text=t("copilot.goal.approved", name=goal.name), data={"goal_id": goal.goal_id}
    )


def _update_step(ctx: ToolContext, args: UpdateStepArgs) -> ToolResult:
    goal = find_goal(ctx, args.goal_id)
    step = _step(goal, args.step_id)
    before = step.status
    step.status = args.status
    if args.note:
        step.summary = args.note
    if goal.steps and all(s.status == "completed" for s in goal.steps):
        goal.status = "completed"
    elif goal.status in ("draft", "approved"):
        goal.status = "in_progress"
    goal = ctx.store.save_goal(
        goal, ctx.user, "step_updated", {"step_id": step.step_id, "from": before, "to": args.status}
    )
    done, total = goal.progress()
    return ToolResult(
        text=t(
            "copilot.goal.step_updated", step=step.name, status=args.status, done=done, total=total
        ),
        data={"goal_id": goal.goal_id, "step_id": step.step_id, "status": args.status},
    )


def _get(ctx: ToolContext, args: GoalRef) -> ToolResult:
    goal = find_goal(ctx, args.goal_id)
    active = ctx.store.active_goal(ctx.conversation_id) == goal.goal_id
    return ToolResult(text=goal_text(goal, active), data=goal.model_dump(mode="json"))


def _generate_list(ctx: ToolContext, args: StepRef) -> ToolResult:
    from keiri.copilot.tools.designs import design_names

    goal = find_goal(ctx, args.goal_id)
    step = _step(goal, args.step_id)
    operations = sorted(n for n, tool in ctx.registry.tools.items() if tool.in_tasks)
    if ctx.llm is None:  # pragma: no cover - a session always has an LLM
        raise CopilotError(errors.LLM_NOT_CONFIGURED, t("copilot.error.llm_not_configured"))
    answer = ctx.llm.parse(
        TASK_PROMPT.format(
            step_name=step.name,
            operations=", ".join(operations),
            designs="\n".join(f"- {n}" for n in design_names()) or "-",
        ),
        task_user_prompt(
            goal.goal, step.description, history_text(ctx.store, ctx.conversation_id, 6)
        ),
        WireTaskList,
    )
    tasks, problems = [], []
    for wire in answer.tasks:
        try:
            task_args = json.loads(wire.args_json or "{}")
        except json.JSONDecodeError as exc:
            problems.append(f"{wire.operation}: {exc.msg}")
            continue
        action = Action(
            operation=wire.operation, args=task_args if isinstance(task_args, dict) else {}
        )
        if wire.operation not in operations:
            problems.append(
                t("copilot.error.not_a_task", name=wire.operation, allowed=", ".join(operations))
            )
            continue
        try:
            ctx.registry.validate(action)
        except CopilotError as exc:
            problems.append(exc.message)
            continue
        tasks.append(Task(operation=action.operation, args=action.args))
    if problems:
        raise CopilotError(
            errors.BAD_ARGS,
            t("copilot.error.task_list", step=step.name, problems="; ".join(problems)),
            hint=t("copilot.hint.task_list"),
            details={"problems": problems},
        )
    step.task_list = tasks
    ctx.store.save_goal(
        goal, ctx.user, "tasks_generated", {"step_id": step.step_id, "tasks": len(tasks)}
    )
    shown = "\n".join(
        f"- {task.operation} {json.dumps(task.args, ensure_ascii=False)}" for task in tasks
    )
    return ToolResult(
        text=t("copilot.tasks.generated", step=step.name, count=len(tasks)) + "\n" + shown,
        data={"step_id": step.step_id, "tasks": [task.model_dump(mode="json") for task in tasks]},
    )


def _run_tasks(ctx: ToolContext, args: TaskLoopArgs) -> ToolResult:
    goal_id: str | None = None
    step_id: str | None = None
    if args.tasks is not None:
        tasks = [Task(operation=d.operation, args=d.args) for d in args.tasks]
    else:
        if args.step_id is None:
            raise CopilotError(
                errors.BAD_ARGS,
                t("copilot.error.task_loop_args"),
                hint=t("copilot.hint.task_loop_args"),
            )
        goal = find_goal(ctx, args.goal_id)
        step = _step(goal, args.step_id)
        if not step.task_list:
            raise CopilotError(
                errors.BAD_ARGS,
                t("copilot.error.no_tasks", step=step.name),
                hint=t("copilot.hint.no_tasks", step_id=step.step_id),
            )
        tasks, goal_id, step_id = step.task_list, goal.goal_id, step.step_id
    _check_tasks(ctx, tasks)
    batch = taskloop.start(ctx, tasks, goal_id, step_id)
    runs = [task.run_id for task in batch.tasks if task.run_id]
    return ToolResult(
        text=t("copilot.task_loop.started", count=len(tasks), batch=batch.batch_id),
        data={"batch_id": batch.batch_id, "runs": runs},
    )


def _check_tasks(ctx: ToolContext, tasks: list[Task]) -> None:
    """Every task is a task tool with valid arguments that this user may run."""
    access = access_for(ctx.user, ctx.home)
    allowed = sorted(n for n, tool in ctx.registry.tools.items() if tool.in_tasks)
    for task in tasks:
        tool, _args = ctx.registry.validate(Action(operation=task.operation, args=task.args))
        if not tool.in_tasks:
            raise CopilotError(
                errors.BAD_ARGS,
                t("copilot.error.not_a_task", name=tool.name, allowed=", ".join(allowed)),
                hint=t("copilot.hint.task_list"),
                details={"operation": tool.name},
            )
        if not access.allows(tool.permission):
            raise CopilotError(
                errors.PERMISSION_DENIED,
                t(
                    "copilot.permission_denied",
                    user=access.user,
                    role=access.role,
                    tool=tool.name,
                    permission=tool.permission,
                ),
                details={"operation": tool.name, "role": access.role},
            )


def _confirm_task_loop(args: TaskLoopArgs) -> str:
    if args.tasks is not None:
        ops = "、".join(f"{d.operation}" for d in args.tasks)
        return t("copilot.confirm.task_loop_tasks", ops=ops)
    return t("copilot.confirm.task_loop_step", step=args.step_id or "-")


TOOLS = [
    Tool(
        "goal.propose",
        "長期計画（目標とステップ）を作って提案する。複数の作業からなる依頼でまず使う。",
        ProposeArgs,
        "goal",
        _propose,
    ),
    Tool(
        "goal.approve",
        "提案した目標を承認済みにする。",
        GoalRef,
        "goal",
        _approve,
        needs_confirmation=True,
        confirm_text=lambda a: t("copilot.confirm.goal_approve", goal=a.goal_id or "-"),
    ),
    Tool("goal.update_step", "ステップの状態を更新する。", UpdateStepArgs, "goal", _update_step),
    Tool("goal.get", "目標とステップの進捗を見る。", GoalRef, "view", _get),
    Tool(
        "tasks.generate_list",
        "ステップを達成する keiri の操作のリスト（TaskList）を作り、ステップに保存する。",
        StepRef,
        "goal",
        _generate_list,
    ),
    Tool(
        "task_loop.run",
        "ステップの TaskList（または tasks）をバックグラウンドで実行し、終わったら報告する。",
        TaskLoopArgs,
        "run",
        _run_tasks,
        needs_confirmation=True,
        confirm_text=_confirm_task_loop,
    ),
]
