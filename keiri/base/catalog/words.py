"""Codes in words: a code set that more than one surface shows (the copilot's roles, goals,
steps and confirmations in the chat and on its page) -> the literal catalog keys of its words.
A surface picks a key here (`t(CHAT_ROLES[message.role])`), never builds one.

Imports nothing (the keys are plain text; `t` reads them).
"""

from __future__ import annotations

__all__ = ["CHAT_CONFIRMATIONS", "CHAT_GOALS", "CHAT_ROLES", "CHAT_STEPS"]

#: Who speaks in a copilot conversation.
CHAT_ROLES = {
    "user": "chat.role.user",
    "assistant": "chat.role.assistant",
    "tool": "chat.role.tool",
    "system": "chat.role.system",
}
#: Where a confirmation the copilot asked for stands (`{by}`: who decided).
CHAT_CONFIRMATIONS = {
    "pending": "chat.confirmation.pending",
    "approved": "chat.confirmation.approved",
    "declined": "chat.confirmation.declined",
}
#: Where a goal stands.
CHAT_GOALS = {
    "draft": "chat.goal.draft",
    "approved": "chat.goal.approved",
    "in_progress": "chat.goal.in_progress",
    "completed": "chat.goal.completed",
    "failed": "chat.goal.failed",
}
#: Where a step of a goal stands.
CHAT_STEPS = {
    "pending": "chat.step.pending",
    "in_progress": "chat.step.in_progress",
    "completed": "chat.step.completed",
    "failed": "chat.step.failed",
}
