"""The copilot's errors: one `KeiriError` branch with its own stable codes.

Codes (strings, like every `KeiriError` code):
- `COPILOT_LLM_NOT_CONFIGURED` — no LLM settings (no API key): the chat cannot answer.
- `COPILOT_LLM_FAILED` — the main call (or a specialised prompt) failed or answered badly.
- `COPILOT_UNKNOWN_TOOL` — an action names a tool that is not in the registry.
- `COPILOT_BAD_ARGS` — an action's arguments do not validate against the tool's model.
- `COPILOT_PERMISSION_DENIED` — the user's role does not allow the action.
- `COPILOT_NOT_FOUND` — an unknown conversation, goal, step or confirmation.
- `COPILOT_ALREADY_DECIDED` — a confirmation answered twice.
"""

from __future__ import annotations

from typing import Any

from keiri.base.errors import EXIT_USAGE, KeiriError

__all__ = [
    "ALREADY_DECIDED",
    "BAD_ARGS",
    "LLM_FAILED",
    "LLM_NOT_CONFIGURED",
    "NOT_FOUND",
    "PERMISSION_DENIED",
    "UNKNOWN_TOOL",
    "CopilotError",
]

LLM_NOT_CONFIGURED = "COPILOT_LLM_NOT_CONFIGURED"
LLM_FAILED = "COPILOT_LLM_FAILED"
UNKNOWN_TOOL = "COPILOT_UNKNOWN_TOOL"
BAD_ARGS = "COPILOT_BAD_ARGS"
PERMISSION_DENIED = "COPILOT_PERMISSION_DENIED"
NOT_FOUND = "COPILOT_NOT_FOUND"
ALREADY_DECIDED = "COPILOT_ALREADY_DECIDED"


class CopilotError(KeiriError):
    """A copilot failure; `message` and `hint` are already in the user's language."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        hint: str | None = None,
        details: dict[str, Any] | None = None,
        recoverable: bool = False,
    ) -> None:
        exit_code = EXIT_USAGE if code == LLM_NOT_CONFIGURED else None
        super().__init__(
            code,
            message,
            hint=hint or "",
            details=details,
            recoverable=recoverable,
            exit_code=exit_code,
        )
