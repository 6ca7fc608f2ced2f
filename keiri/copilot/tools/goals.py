"""PlanTool, TaskTool and the TaskLoop's entry (seed 004 §4.3–4.5) as tools:
`goal.propose`, `goal.approve`, `goal.update_step`, `goal.get`, `tasks.generate_list`,
`task_loop.run`.

`task_loop.run` binds to what it shows: when the question is asked, the step's task list (or
the given tasks) is resolved, checked and sealed (`keiri.copilot.binding`); approving runs
that snapshot, never the step's list as it may be by then."""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

from pydantic import Field

from keiri.base.catalog import t
from keiri.copilot import taskloop
from keiri.copilot.binding import seal
from keiri.copilot.errors import BadArgs, CopilotError, CopilotNotFound, LLMNotConfigured
from keiri.copilot.models import Action, Goal, Operation, Shown, Step, Task
from keiri.copilot.prompts import (
    WirePlan,
    WireTaskList,
    plan_prompt,
    plan_user_prompt,
    task_prompt,
    task_user_prompt,
)
from keiri.copilot.registry import Tool, ToolArgs, ToolContext, ToolResult
from keiri.copilot.state import goal_text, history_text

__all__ = ["TOOLS", "find_goal"]


class StepDraft(ToolArgs):
    name: str
    description: str = ""
    depends_on: list[int] = Field(default_factory=list)

    description_keys: ClassVar[dict[str, str]] = {"depends_on": "copilot.arg.depends_on"}


class ProposeArgs(ToolArgs):
    goal: str
    name: str | None = None
    steps: list[StepDraft] | None = None

    description_keys: ClassVar[dict[str, str]] = {
        "goal": "copilot.arg.goal",
        "name": "copilot.arg.goal_name",
        "steps": "copilot.arg.steps",
    }


class GoalRef(ToolArgs):
    goal_id: str | None = None

    description_keys: ClassVar[dict[str, str]] = {"goal_id": "copilot.arg.goal_id"}


class UpdateStepArgs(ToolArgs):
    goal_id: str | None = None
    step_id: str
    status: Literal["pending", "in_progress", "completed", "failed"]
    note: str | None = None

    description_keys: ClassVar[dict[str, str]] = {
        "goal_id": "copilot.arg.goal_id",
        "step_id": "copilot.arg.step_id",
        "note": "copilot.arg.note",
    }


class StepRef(ToolArgs):
    goal_id: str | None = None
    step_id: str

    description_keys: ClassVar[dict[str, str]] = {
        "goal_id": "copilot.arg.goal_id",
        "step_id": "copilot.arg.step_id",
    }


class TaskDraft(ToolArgs):
    operation: str
    args: dict[str, Any] = Field(default_factory=dict)


class TaskLoopArgs(ToolArgs):
    goal_id: str | None = None
    step_id: str | None = None
    tasks: list[TaskDraft] | None = None

    description_keys: ClassVar[dict[str, str]] = {
        "goal_id": "copilot.arg.goal_id",
        "step_id": "copilot.arg.loop_step_id",
        "tasks": "copilot.arg.tasks",
    }


def find_goal(ctx: ToolContext, goal_id: str | None) -> Goal:
    wanted = goal_id or ctx.store.active_goal(ctx.conversation_id)
    goal = ctx.store.goal(wanted) if wanted else None
    if goal is None:
        known = [g.goal_id for g in ctx.store.goals()]
        raise CopilotNotFound(
            t("copilot.error.no_goal", id=wanted or "-"),
            hint=t("copilot.hint.goals", known=t("copilot.separator").join(known[:5]) or "-"),
            details={"goal_id": wanted, "known": known},
        )
    return goal


def _step(goal: Goal, step_id: str) -> Step:
    step = goal.step(step_id)
    if step is None:
        raise CopilotNotFound(
            t("copilot.error.no_step", id=step_id, goal=goal.name),
            hint=t(
                "copilot.hint.steps",
                known=t("copilot.separator").join(s.step_id for s in goal.steps),
            ),
            details={"step_id": step_id, "goal_id": goal.goal_id},
        )
    return step


def _propose(ctx: ToolContext, args: ProposeArgs) -> ToolResult:
    drafts, name = args.steps, args.name
    if drafts is None:
        if ctx.llm is None:  # pragma: no cover - a session always has an LLM
            raise LLMNotConfigured(t("copilot.error.llm_not_configured"))
        plan = ctx.llm.parse(
            plan_prompt(args.goal),
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
    operations = ctx.registry.task_names()
    if ctx.llm is None:  # pragma: no cover - a session always has an LLM
        raise LLMNotConfigured(t("copilot.error.llm_not_configured"))
    answer = ctx.llm.parse(
        task_prompt(
            step.name,
            ", ".join(operations),
            "\n".join(f"- {n}" for n in design_names()) or "-",
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
        raise BadArgs(
            t("copilot.error.task_list", step=step.name, problems="; ".join(problems)),
            hint=t("copilot.hint.task_list"),
            details={"problems": problems},
        )
    step.task_list = tasks
    ctx.store.save_goal(
        goal, ctx.user, "tasks_generated", {"step_id": step.step_id, "tasks": len(tasks)}
    )
    shown = "\n".join(
        f"- {ctx.registry.question(seal([Operation(operation=x.operation, args=x.args)]))}"
        for x in tasks
    )  # the same words a confirmation of this list will show
    return ToolResult(
        text=t("copilot.tasks.generated", step=step.name, count=len(tasks)) + "\n" + shown,
        data={"step_id": step.step_id, "tasks": [task.model_dump(mode="json") for task in tasks]},
    )


def _bind(ctx: ToolContext, args: TaskLoopArgs) -> Shown:
    """What approving `task_loop.run` will run: the given tasks, or the step's task list as it
    is now — checked (task tools, valid arguments, the user's rights) and sealed."""
    if args.tasks is not None:
        tasks = [Task(operation=d.operation, args=d.args) for d in args.tasks]
        taskloop.check(ctx, tasks)
        return seal(
            [Operation(operation=x.operation, args=x.args) for x in tasks],
            heading=t("copilot.confirm.task_loop_tasks", count=len(tasks)),
        )
    if args.step_id is None:
        raise BadArgs(t("copilot.error.task_loop_args"), hint=t("copilot.hint.task_loop_args"))
    goal = find_goal(ctx, args.goal_id)
    step = _step(goal, args.step_id)
    if not step.task_list:
        raise BadArgs(
            t("copilot.error.no_tasks", step=step.name),
            hint=t("copilot.hint.no_tasks", step_id=step.step_id),
        )
    taskloop.check(ctx, step.task_list)
    return seal(
        [Operation(operation=x.operation, args=x.args) for x in step.task_list],
        goal_id=goal.goal_id,
        step_id=step.step_id,
        heading=t("copilot.confirm.task_loop_step", step=step.name, count=len(step.task_list)),
    )


def _approve_tasks(ctx: ToolContext, shown: Shown) -> ToolResult:
    """Run exactly the sealed operations (checked again, with the approver's rights)."""
    tasks = [Task(operation=o.operation, args=o.args) for o in shown.operations]
    taskloop.check(ctx, tasks)
    batch = taskloop.start(ctx, tasks, shown.goal_id, shown.step_id)
    runs = [task.run_id for task in batch.tasks if task.run_id]
    return ToolResult(
        text=t("copilot.task_loop.started", count=len(tasks), batch=batch.batch_id),
        data={"batch_id": batch.batch_id, "runs": runs},
    )


def _run_tasks(ctx: ToolContext, args: TaskLoopArgs) -> ToolResult:
    return _approve_tasks(ctx, _bind(ctx, args))


TOOLS = [
    Tool(
        "goal.propose",
        lambda: t("copilot.tool.goal_propose"),
        ProposeArgs,
        "goal",
        _propose,
    ),
    Tool(
        "goal.approve",
        lambda: t("copilot.tool.goal_approve"),
        GoalRef,
        "goal",
        _approve,
        needs_confirmation=True,
        words=lambda a: t("copilot.confirm.goal_approve", goal=a.goal_id or "-"),
    ),
    Tool(
        "goal.update_step",
        lambda: t("copilot.tool.goal_update_step"),
        UpdateStepArgs,
        "goal",
        _update_step,
    ),
    Tool("goal.get", lambda: t("copilot.tool.goal_get"), GoalRef, "view", _get),
    Tool(
        "tasks.generate_list",
        lambda: t("copilot.tool.tasks_generate_list"),
        StepRef,
        "goal",
        _generate_list,
    ),
    Tool(
        "task_loop.run",
        lambda: t("copilot.tool.task_loop_run"),
        TaskLoopArgs,
        "run",
        _run_tasks,
        needs_confirmation=True,
        bind=_bind,
        approve=_approve_tasks,
    ),
]
