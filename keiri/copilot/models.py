"""The copilot's data (seed 004 §5), as pydantic models.

- `Action` / `ActionList`: what the main LLM call answers — tool calls, in order, plus the
  reply shown to the user.
- `Task`, `Step`, `Goal`, `AgentState`: the hierarchical plan. The seed's `Plan` is named
  `Goal` here, so it never clashes with keiri's plans (the YAML pipelines).
- `Message`, `Confirmation`, `Link`: what a surface shows (the chat, pending confirmations,
  links to runs, forms and the Prefect UI). A confirmation keeps `Shown`: the exact operations
  it put to the user, sealed with a digest (`keiri.copilot.binding`); approving runs those.
- `StateSnapshot`, `ConversationInfo`: the panels of a surface.

Times are timezone-aware UTC; surfaces show them with `keiri.base.times.local_time`.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Action",
    "ActionList",
    "AgentState",
    "Confirmation",
    "ConversationInfo",
    "Goal",
    "GoalStatus",
    "Link",
    "Message",
    "Operation",
    "Role",
    "RunInfo",
    "Shown",
    "StateSnapshot",
    "Step",
    "StepStatus",
    "Task",
    "TaskBatch",
    "new_id",
    "now",
]

StepStatus = Literal["pending", "in_progress", "completed", "failed"]
GoalStatus = Literal["draft", "approved", "in_progress", "completed", "failed"]
Role = Literal["user", "assistant", "tool", "system"]


def new_id(prefix: str) -> str:
    """A short unique id such as `goal_1a2b3c4d` (the seed's id style)."""
    return f"{prefix}_{uuid.uuid4().hex[:8]}"


def now() -> datetime:
    return datetime.now(UTC)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Action(_Model):
    """One tool call the main LLM asked for, e.g. `runs.start` with `{"design": ...}`."""

    operation: str
    args: dict[str, Any] = Field(default_factory=dict)
    reasoning: str | None = None


class ActionList(_Model):
    """The main LLM call's answer: a reply to the user and the actions to dispatch, in order."""

    reply: str = ""
    actions: list[Action] = Field(default_factory=list)


class Task(_Model):
    """A concrete keiri operation of a step (a tool name and its arguments)."""

    task_id: str = Field(default_factory=lambda: new_id("task"))
    operation: str
    args: dict[str, Any] = Field(default_factory=dict)
    status: StepStatus = "pending"
    result: Any = None
    run_id: str | None = None


class Step(_Model):
    step_id: str = Field(default_factory=lambda: new_id("step"))
    name: str
    description: str = ""
    status: StepStatus = "pending"
    depends_on: list[str] = Field(default_factory=list)
    task_list: list[Task] = Field(default_factory=list)
    summary: str | None = None  # the TaskLoop's last report for this step


class Goal(_Model):
    """A long-term plan (the seed's `Plan`), e.g. 「11月の月次決算」 and its steps."""

    goal_id: str = Field(default_factory=lambda: new_id("goal"))
    name: str
    goal: str
    status: GoalStatus = "draft"
    steps: list[Step] = Field(default_factory=list)
    created_by: str = ""
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now)

    def step(self, step_id: str) -> Step | None:
        return next((s for s in self.steps if s.step_id == step_id), None)

    def progress(self) -> tuple[int, int]:
        """(completed steps, all steps)."""
        return sum(s.status == "completed" for s in self.steps), len(self.steps)


class AgentState(_Model):
    goals: list[Goal] = Field(default_factory=list)
    active_goal_id: str | None = None


class Link(_Model):
    label: str
    url: str
    kind: Literal["run", "form", "prefect", "file"]


class Operation(_Model):
    """One operation exactly as a confirmation showed it: a tool and its arguments."""

    operation: str
    args: dict[str, Any] = Field(default_factory=dict)


class Shown(_Model):
    """What a confirmation put to the user: the operations its approval runs (and nothing
    else), the step whose task list they are (if any), and the digest that seals them."""

    operations: list[Operation]
    goal_id: str | None = None
    step_id: str | None = None
    heading: str | None = None  # e.g. 「ステップ『…』の TaskList（2 件）を…」
    digest: str


class Confirmation(_Model):
    """An action waiting for the user's yes/no in the chat (human in the loop). `shown` is
    the snapshot approved; `invalidated` when the task list it showed changed meanwhile."""

    id: str = Field(default_factory=lambda: new_id("confirm"))
    action: Action
    description: str
    status: Literal["pending", "approved", "declined", "invalidated"] = "pending"
    shown: Shown | None = None  # None: stored before confirmations were sealed (never run)
    requested_by: str = ""
    decided_by: str | None = None
    decided_at: datetime | None = None
    then: list[Action] = Field(default_factory=list)  # actions held back until it is decided


class Message(_Model):
    id: str = Field(default_factory=lambda: new_id("msg"))
    role: Role
    text: str
    at: datetime = Field(default_factory=now)
    actions: list[Action] = Field(default_factory=list)
    confirmation: Confirmation | None = None
    links: list[Link] = Field(default_factory=list)
    author: str | None = None  # the user who wrote a user message
    #: The runs the text names by title (`keiri.copilot.run_names`): their ids, for the model.
    runs: list[str] = Field(default_factory=list)


class RunInfo(_Model):
    run_id: str
    plan_id: str | None = None
    state: str
    url: str | None = None
    form_url: str | None = None
    start: str | None = None


class TaskBatch(_Model):
    """A task list handed to the TaskLoop: its tasks run in order as background runs."""

    batch_id: str = Field(default_factory=lambda: new_id("batch"))
    conversation_id: str
    goal_id: str | None = None
    step_id: str | None = None
    tasks: list[Task]
    status: Literal["running", "completed", "failed"] = "running"
    started_by: str = ""
    started_at: datetime = Field(default_factory=now)
    notified_pauses: list[str] = Field(default_factory=list)  # "<run_id>:<pause key>" told


class StateSnapshot(_Model):
    conversation_id: str
    goals: list[Goal] = Field(default_factory=list)
    active_goal_id: str | None = None
    pending_confirmations: list[Confirmation] = Field(default_factory=list)
    running: list[TaskBatch] = Field(default_factory=list)
    recent_runs: list[RunInfo] = Field(default_factory=list)
    paused_runs: list[RunInfo] = Field(default_factory=list)


class ConversationInfo(_Model):
    conversation_id: str
    user: str
    title: str
    created_at: datetime
    updated_at: datetime
    messages: int = 0
