"""What the model and the surfaces see of the state: the summary injected into the main prompt
(seed 004 §6.1: 「目標『…』の 3 ステップ中 1 ステップが完了」), the recent conversation, and
the `StateSnapshot` of a surface's panels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from keiri.base.catalog import t
from keiri.copilot.connection import reachable
from keiri.copilot.models import Goal, RunInfo, StateSnapshot

if TYPE_CHECKING:
    from keiri.copilot.registry import ToolContext
    from keiri.copilot.store import CopilotStore

__all__ = ["goal_text", "history_text", "recent_runs", "snapshot", "state_summary"]

_RECENT_RUNS = 5


def goal_text(goal: Goal, active: bool = False) -> str:
    done, total = goal.progress()
    lines = [
        t(
            "copilot.state.goal",
            id=goal.goal_id,
            name=goal.name,
            status=goal.status,
            done=done,
            total=total,
        )
        + (t("copilot.state.active") if active else "")
    ]
    for number, step in enumerate(goal.steps, start=1):
        tasks = f" tasks={len(step.task_list)}" if step.task_list else ""
        lines.append(f"  {number}. [{step.step_id}] {step.name} — {step.status}{tasks}")
        if step.summary:
            lines.append(f"     {t('copilot.state.last_report')}: {step.summary[:200]}")
    return "\n".join(lines)


def recent_runs() -> tuple[list[RunInfo], list[RunInfo]]:
    """(recent runs, paused runs) from Prefect; both empty when it cannot be reached."""
    if not reachable():  # never let Prefect start a temporary server from the chat
        return [], []
    try:
        from flows.backend.notify import form_link
        from flows.lifecycle.control import list_runs
        from flows.lifecycle.runs import prefect_ui_url

        recent = list_runs(None, _RECENT_RUNS, due_only=True)
        paused = list_runs("paused", _RECENT_RUNS)
    except Exception:  # the server is down: the chat still answers from the store
        return [], []

    def info(view: object, form: bool) -> RunInfo:
        run_id = str(getattr(view, "run_id", ""))
        return RunInfo(
            run_id=run_id,
            plan_id=getattr(view, "plan_id", None),
            state=str(getattr(view, "state", "")),
            url=prefect_ui_url(run_id),
            form_url=form_link(run_id) if form else None,
            start=getattr(view, "start", None),
        )

    return [info(v, False) for v in recent], [info(v, True) for v in paused]


def state_summary(ctx: ToolContext, user: str) -> str:
    active = ctx.store.active_goal(ctx.conversation_id)
    goals = [g for g in ctx.store.goals() if g.status not in ("completed", "failed")][:5]
    lines = [t("copilot.state.user", user=user), t("copilot.state.goals")]
    lines += [goal_text(g, g.goal_id == active) for g in goals] or [t("copilot.state.none")]
    batches = ctx.store.running_batches(ctx.conversation_id)
    lines.append(t("copilot.state.running"))
    for batch in batches:
        done = sum(task.status in ("completed", "failed") for task in batch.tasks)
        runs = ", ".join(task.run_id for task in batch.tasks if task.run_id) or "-"
        lines.append(f"- {batch.batch_id}: {done}/{len(batch.tasks)} runs={runs}")
    if not batches:
        lines.append(t("copilot.state.none"))
    recent, paused = recent_runs()
    lines.append(t("copilot.state.recent_runs"))
    lines += [f"- {r.run_id} {r.plan_id} {r.state}" for r in recent] or [t("copilot.state.none")]
    lines.append(t("copilot.state.paused_runs"))
    lines += [f"- {r.run_id} {r.plan_id} form={r.form_url}" for r in paused] or [
        t("copilot.state.none")
    ]
    lines.append(t("copilot.state.pending"))
    pending = ctx.store.pending_confirmations(ctx.conversation_id)
    lines += [
        f"- {c.id}: {c.action.operation} " + " / ".join(c.description.splitlines()) for c in pending
    ] or [t("copilot.state.none")]
    return "\n".join(lines)


def history_text(store: CopilotStore, conversation_id: str, limit: int) -> str:
    messages = [m for _, m in store.messages(conversation_id)][-limit:]
    lines = []
    for message in messages:
        text = message.text.strip().replace("\n", " ")[:400]
        ops = ", ".join(a.operation for a in message.actions)
        runs = f" runs={','.join(message.runs)}" if message.runs else ""  # named by title
        lines.append(f"{message.role}: {text}" + (f" [{ops}]" if ops else "") + runs)
    return "\n".join(lines)


def snapshot(ctx: ToolContext) -> StateSnapshot:
    recent, paused = recent_runs()
    return StateSnapshot(
        conversation_id=ctx.conversation_id,
        goals=ctx.store.goals(),
        active_goal_id=ctx.store.active_goal(ctx.conversation_id),
        pending_confirmations=ctx.store.pending_confirmations(ctx.conversation_id),
        running=ctx.store.running_batches(ctx.conversation_id),
        recent_runs=recent,
        paused_runs=paused,
    )
