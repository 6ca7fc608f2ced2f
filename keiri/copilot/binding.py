"""Confirmations that bind to what was shown (issue 23 item 3).

When the copilot asks 「実行してよいですか？」 it resolves the exact operations the approval
will run — for `task_loop.run {step_id}` the step's task list *as it is now* — writes each one
and its arguments in words, and keeps them in the confirmation as a `Shown` snapshot sealed
with a SHA-256 digest. Approving runs that snapshot and nothing else (the step's list is not
read again). Any change to a step's task list (`tasks.generate_list` in a later turn, a
prompt-injected answer among them) invalidates that step's pending confirmations: the store
does it in the same transaction as the change and posts a notice to the conversation
(`stale_notice`), so the person is told and asked again.

- `seal(operations, ...)` → `Shown`; `intact(shown)`: its digest still matches.
- `task_list_digest(tasks)`: the digest of a list's operations (statuses and results left out:
  a task that ran is the same operation).
- `changed_steps(before, after)`: the steps of a goal whose task list differs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from keiri.base.catalog import t
from keiri.copilot.models import Confirmation, Goal, Message, Operation, Shown, Step, Task

__all__ = ["changed_steps", "intact", "seal", "stale_notice", "task_list_digest"]


def _digest(payload: Any) -> str:
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sealed_part(
    operations: Sequence[Operation], goal_id: str | None, step_id: str | None
) -> dict[str, Any]:
    return {
        "operations": [{"operation": o.operation, "args": o.args} for o in operations],
        "goal_id": goal_id,
        "step_id": step_id,
    }


def seal(
    operations: Sequence[Operation],
    *,
    goal_id: str | None = None,
    step_id: str | None = None,
    heading: str | None = None,
) -> Shown:
    """The snapshot of what a confirmation shows, with its digest."""
    copied = [
        Operation(operation=o.operation, args=json.loads(json.dumps(o.args))) for o in operations
    ]
    return Shown(
        operations=copied,
        goal_id=goal_id,
        step_id=step_id,
        heading=heading,
        digest=_digest(_sealed_part(copied, goal_id, step_id)),
    )


def intact(shown: Shown | None) -> bool:
    """True when `shown` exists and its operations still match its digest."""
    if shown is None:
        return False
    return _digest(_sealed_part(shown.operations, shown.goal_id, shown.step_id)) == shown.digest


def task_list_digest(tasks: Iterable[Task]) -> str:
    return _digest([{"operation": task.operation, "args": task.args} for task in tasks])


def changed_steps(before: Goal | None, after: Goal) -> list[Step]:
    """The steps of `after` whose task list (operations and arguments) differs from `before`."""
    if before is None:
        return []
    old = {step.step_id: task_list_digest(step.task_list) for step in before.steps}
    return [
        step
        for step in after.steps
        if step.step_id in old and old[step.step_id] != task_list_digest(step.task_list)
    ]


def stale_notice(confirmation: Confirmation, step: Step) -> Message:
    """The message that tells the person a confirmation no longer holds, and why."""
    return Message(
        role="system",
        text=t(
            "copilot.confirm.invalidated",
            step=step.name,
            question=confirmation.description,
        ),
    )
