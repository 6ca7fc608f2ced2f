"""The operator copilot (seed 004): a chat that runs the platform for you.

Owns the ChatLoop (`session.CopilotSession`: the main LLM call answering an `ActionList`),
the dispatcher over the tool registry (`registry`, `tools/`), the persistent goals, steps,
tasks and conversations (`store`: SQLite in the keiri home), and the TaskLoop (`taskloop`:
task lists as background Prefect runs, reported back with a checked summary).

Layer: below the surfaces (`keiri.cli`, `ui_app`), above `flows` and `designer`; it never
imports `keiri.cli`, `keiri.server` or `ui_app` (checked by import-linter). Surfaces connect to
Prefect (`keiri.server.client_env.connect()`) before opening a session; without a connection
the run tools say so (`SERVER_UNAVAILABLE`), never a temporary Prefect server.

Inside, every import points down (import-linter, `pyproject.toml`): `session` → `watch` →
`dispatcher | tools` → `taskloop` → `state | summary` → `run_names` → `registry` → `store` →
`binding | llm | prompts | connection` → `described | models | errors`.

Public API:

    CopilotSession.open(*, user, conversation_id=None, home=None, client=None, background=False)
        (client: a `blocks.llm.client.LLMClient`; None: keiri's LLM settings)
        .send(text) / .decide(confirmation_id, approve) / .refresh() / .history()
        .snapshot() / .pending() / .conversation_id
    list_conversations(user, home=None) -> list[ConversationInfo]
    models: Action, ActionList, Task, Step, Goal, AgentState, Message, Confirmation, Shown,
            Operation, Link, StateSnapshot, ConversationInfo, RunInfo, TaskBatch
    CopilotError and its named errors (`keiri.copilot.errors`; codes in `ErrorCode`)
"""

from keiri.copilot.errors import CopilotError
from keiri.copilot.models import (
    Action,
    ActionList,
    AgentState,
    Confirmation,
    ConversationInfo,
    Goal,
    Link,
    Message,
    Operation,
    RunInfo,
    Shown,
    StateSnapshot,
    Step,
    Task,
    TaskBatch,
)
from keiri.copilot.session import CopilotSession, list_conversations

__all__ = [
    "Action",
    "ActionList",
    "AgentState",
    "Confirmation",
    "ConversationInfo",
    "CopilotError",
    "CopilotSession",
    "Goal",
    "Link",
    "Message",
    "Operation",
    "RunInfo",
    "Shown",
    "StateSnapshot",
    "Step",
    "Task",
    "TaskBatch",
    "list_conversations",
]
