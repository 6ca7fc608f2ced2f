"""The action dispatcher (seed 004 §4.2): each `Action` of an `ActionList`, in order, is
validated against the tool registry, checked against the user's permissions, put to the user's
confirmation when the tool needs it, and run.

- An unknown tool or bad arguments: a `tool` message with the error (and a did-you-mean) for
  the user, and the problem returned so the ChatLoop can send it back to the model.
- A refused action (permission): a `system` message with the reason; nothing runs.
- A tool that needs confirmation: an `assistant` message carrying a pending `Confirmation`;
  the actions after it wait with it (`Confirmation.then`) until the user decides.
- A tool that fails: a `tool` message with the error's code, message and hint.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from keiri.base.catalog import t
from keiri.base.errors import KeiriError
from keiri.base.permissions import Access
from keiri.copilot.errors import CopilotError
from keiri.copilot.models import Action, Confirmation, Message
from keiri.copilot.registry import Tool, ToolContext, ToolResult

__all__ = ["Dispatch", "Dispatcher"]

Post = Callable[[Message], None]


@dataclass
class Dispatch:
    """What one dispatch did: problems to send back to the model, results of the tools."""

    problems: list[str] = field(default_factory=list)
    results: list[tuple[Action, ToolResult]] = field(default_factory=list)
    confirmation: Confirmation | None = None


class Dispatcher:
    def __init__(self, ctx: ToolContext, access: Access, post: Post) -> None:
        self.ctx = ctx
        self.access = access
        self.post = post

    def dispatch(self, actions: list[Action]) -> Dispatch:
        done = Dispatch()
        for index, action in enumerate(actions):
            try:
                tool, args = self.ctx.registry.validate(action)
            except CopilotError as exc:
                done.problems.append(f"{action.operation}: {exc.message}")
                self.post(_error_message(exc))
                continue
            if not self.refused(tool, action):
                if tool.needs_confirmation:
                    done.confirmation = self.ask(tool, args, action, actions[index + 1 :])
                    return done
                done.results.append((action, self.run(tool, args, action)))
        return done

    def refused(self, tool: Tool, action: Action) -> bool:
        """Post the refusal and say so when the user may not use `tool`."""
        if self.access.allows(tool.permission):
            return False
        self.post(
            Message(
                role="system",
                text=t(
                    "copilot.permission_denied",
                    user=self.access.user,
                    role=self.access.role,
                    tool=tool.name,
                    permission=tool.permission,
                ),
                actions=[action],
            )
        )
        return True

    def ask(self, tool: Tool, args: BaseModel, action: Action, then: list[Action]) -> Confirmation:
        confirmation = Confirmation(
            action=Action(
                operation=tool.name,
                args=args.model_dump(mode="json", exclude_none=True),
                reasoning=action.reasoning,
            ),
            description=tool.question(args),
            requested_by=self.ctx.user,
            then=then,
        )
        self.ctx.store.save_confirmation(
            self.ctx.conversation_id, confirmation, self.ctx.user, "requested"
        )
        self.post(
            Message(
                role="assistant",
                text=t("copilot.confirm.ask", question=confirmation.description),
                confirmation=confirmation,
            )
        )
        return confirmation

    def run(self, tool: Tool, args: BaseModel, action: Action) -> ToolResult:
        """Run the handler; any failure becomes a tool message (the chat goes on)."""
        try:
            result = tool.handler(self.ctx, args)
        except KeiriError as exc:
            result = ToolResult(text=_error_text(exc), ok=False, data={"error": exc.to_json()})
        except Exception as exc:  # a tool's bug must not end the conversation
            error = CopilotError("INTERNAL_ERROR", f"{type(exc).__name__}: {exc}")
            result = ToolResult(text=_error_text(error), ok=False, data={"error": error.to_json()})
        self.post(
            Message(role="tool", text=result.text, actions=[action], links=list(result.links))
        )
        if result.follow_up is not None:
            follow = result.follow_up
            tool_next, args_next = self.ctx.registry.validate(follow)
            self.ask(tool_next, args_next, follow, [])
        return result


def _error_text(exc: KeiriError) -> str:
    text = t("copilot.tool_failed", code=exc.code, message=exc.message)
    if exc.hint:
        text += "\n" + t("copilot.hint_line", hint=exc.hint)
    return text


def _error_message(exc: CopilotError) -> Message:
    return Message(role="tool", text=_error_text(exc))


def data_text(data: Any, limit: int = 1500) -> str:
    text = json.dumps(data, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit] + "…"
