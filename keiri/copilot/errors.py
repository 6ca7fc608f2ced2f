"""The copilot's errors: one `KeiriError` branch; each class fixes its code (in `ErrorCode`)
and its exit code, so a surface renders them without asking which is which.

- `LLMNotConfigured` — `COPILOT_LLM_NOT_CONFIGURED`: no LLM settings (no API key), exit 2.
- `LLMFailed` — `COPILOT_LLM_FAILED`: the main call or a specialised prompt failed.
- `UnknownTool` — `COPILOT_UNKNOWN_TOOL`: an action names a tool that is not registered.
- `BadArgs` — `COPILOT_BAD_ARGS`: an action's arguments do not validate against the tool.
- `CopilotPermissionDenied` — `COPILOT_PERMISSION_DENIED`: the user's role does not allow it.
- `CopilotNotFound` — `COPILOT_NOT_FOUND`: an unknown conversation, goal, step or confirmation.
- `AlreadyDecided` — `COPILOT_ALREADY_DECIDED`: a confirmation answered twice.
- `ConfirmationStale` — `COPILOT_CONFIRMATION_STALE`: a confirmation that no longer holds (the
  task list it showed was changed, or its stored snapshot does not match its seal).
- `NoServer` — `SERVER_UNAVAILABLE`: a tool needs the Prefect server and this process is not
  connected to one (the copilot never lets Prefect start a temporary server of its own).

Messages and hints are in the reader's language (the catalog) when raised.
"""

from __future__ import annotations

from keiri.base.errors import EXIT_FAILED, EXIT_USAGE, ErrorCode, NamedError

__all__ = [
    "AlreadyDecided",
    "BadArgs",
    "ConfirmationStale",
    "CopilotError",
    "CopilotNotFound",
    "CopilotPermissionDenied",
    "LLMFailed",
    "LLMNotConfigured",
    "NoServer",
    "UnknownTool",
]


class CopilotError(NamedError):
    """A copilot failure: the class fixes the code; raise sites give the message (already in
    the reader's language), the hint and the details."""

    exit_code = EXIT_FAILED


class LLMNotConfigured(CopilotError):
    default_code = ErrorCode.COPILOT_LLM_NOT_CONFIGURED
    exit_code = EXIT_USAGE


class LLMFailed(CopilotError):
    default_code = ErrorCode.COPILOT_LLM_FAILED


class UnknownTool(CopilotError):
    default_code = ErrorCode.COPILOT_UNKNOWN_TOOL


class BadArgs(CopilotError):
    default_code = ErrorCode.COPILOT_BAD_ARGS


class CopilotPermissionDenied(CopilotError):
    default_code = ErrorCode.COPILOT_PERMISSION_DENIED


class CopilotNotFound(CopilotError):
    default_code = ErrorCode.COPILOT_NOT_FOUND


class AlreadyDecided(CopilotError):
    default_code = ErrorCode.COPILOT_ALREADY_DECIDED


class ConfirmationStale(CopilotError):
    default_code = ErrorCode.COPILOT_CONFIRMATION_STALE


class NoServer(CopilotError):
    default_code = ErrorCode.SERVER_UNAVAILABLE
