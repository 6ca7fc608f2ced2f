"""The action dispatcher (seed 004 §4.2): each `Action` of an `ActionList`, in order, is
validated against the tool registry, checked against the user's permissions, put to the user's
confirmation when the tool needs it, and run.

- An unknown tool or bad arguments: a `tool` message with the error (and a did-you-mean) for
  the user, and the problem returned so the ChatLoop can send it back to the model.
- A refused action (permission): a `system` message with the reason; nothing runs.
- A tool that needs confirmation: what its approval will run is resolved and sealed now
  (`Tool.shown`: the call itself, or a step's task list as it is at this moment), written in
  words as the question, and kept in an `assistant` message carrying a pending
  `Confirmation`; the actions after it wait with it (`Confirmation.then`) until the user
  decides. `approve` runs exactly the sealed operations.
- A tool that fails: a `tool` message with the error's code, message and hint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from keiri.base.catalog import t
from keiri.base.errors import ErrorCode, KeiriError
from keiri.base.permissions import Access
from keiri.copilot.binding import intact
from keiri.copilot.errors import ConfirmationStale, CopilotError
from keiri.copilot.models import Action, Confirmation, Message, Shown
from keiri.copilot.registry import Tool, ToolContext, ToolResult

__all__ = ["Dispatch", "Dispatcher", "error_text", "sealed"]

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
            if self.refused(tool, action):
                continue
            if tool.needs_confirmation:
                asked = self.ask(tool, args, action, actions[index + 1 :])
                if asked is not None:
                    done.confirmation = asked
                    return done
                continue
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

    def ask(
        self, tool: Tool, args: BaseModel, action: Action, then: list[Action]
    ) -> Confirmation | None:
        """Seal what approving `action` will run and put it to the user; None (and a tool
        message) when it cannot be resolved (a step without a task list, a task the user
        may not run)."""
        try:
            shown = tool.shown(self.ctx, args)
            question = self.ctx.registry.question(shown)
        except KeiriError as exc:
            self.post(Message(role="tool", text=error_text(exc), actions=[action]))
            return None
        confirmation = Confirmation(
            action=Action(
                operation=tool.name,
                args=args.model_dump(mode="json", exclude_none=True),
                reasoning=action.reasoning,
            ),
            description=question,
            shown=shown,
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

    def approve(self, tool: Tool, shown: Shown, action: Action) -> ToolResult:
        """Run what a confirmation showed (`sealed(...)`) — those operations, nothing else."""
        approve = tool.approve
        if approve is not None:
            return self._guarded(lambda: approve(self.ctx, shown), action)
        named, args = self.ctx.registry.validate(shown.operations[0])
        return self.run(named, args, action)

    def run(self, tool: Tool, args: BaseModel, action: Action) -> ToolResult:
        """Run the handler; any failure becomes a tool message (the chat goes on)."""
        return self._guarded(lambda: tool.handler(self.ctx, args), action)

    def _guarded(self, call: Callable[[], ToolResult], action: Action) -> ToolResult:
        try:
            result = call()
        except KeiriError as exc:
            result = ToolResult(text=error_text(exc), ok=False, data={"error": exc.to_json()})
        except Exception as exc:  # a tool's bug must not end the conversation
            error = KeiriError(ErrorCode.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}")
            result = ToolResult(text=error_text(error), ok=False, data={"error": error.to_json()})
        self.post(
            Message(
                role="tool",
                text=result.text,
                actions=[action],
                links=list(result.links),
                runs=list(result.runs),
            )
        )
        if result.follow_up is not None:
            follow = result.follow_up
            tool_next, args_next = self.ctx.registry.validate(follow)
            self.ask(tool_next, args_next, follow, [])
        return result


def sealed(confirmation: Confirmation, tool: Tool) -> Shown:
    """The snapshot `confirmation` showed, when it is whole and fits `tool` (its own call, or
    what its `bind` resolved); `ConfirmationStale` otherwise: never sealed, or changed since."""
    shown = confirmation.shown
    whole = shown is not None and intact(shown)
    if shown is not None and tool.approve is None:
        whole = whole and [o.operation for o in shown.operations] == [tool.name]
    if shown is None or not whole:
        raise ConfirmationStale(
            t("copilot.error.confirmation_tampered", id=confirmation.id),
            hint=t("copilot.hint.confirmation_stale"),
            details={"confirmation_id": confirmation.id},
        )
    return shown


def error_text(exc: KeiriError) -> str:
    text = t("copilot.tool_failed", code=exc.code, message=exc.message)
    if exc.hint:
        text += "\n" + t("copilot.hint_line", hint=exc.hint)
    return text


def _error_message(exc: CopilotError) -> Message:
    return Message(role="tool", text=error_text(exc))
