"""The seed's prompts (004 §6), from the message catalog (`copilot.prompt.*`: Japanese by
default, English with `KEIRI_LANG=en`), and the wire models of their answers.

Strict structured output has no free-form values, so tool arguments travel as JSON text
(`args_json`), as the designer's plan values do (`designer.answer`); `wire_to_actions` turns
them into `Action`s and reports arguments that are not a JSON object.
"""

from __future__ import annotations

import json
from typing import ClassVar, Literal

from keiri.base.catalog import t
from keiri.copilot.described import Described
from keiri.copilot.models import Action, ActionList

__all__ = [
    "WireActionList",
    "WirePlan",
    "WireSummary",
    "WireTaskList",
    "main_prompt",
    "main_user_prompt",
    "plan_prompt",
    "plan_user_prompt",
    "summary_prompt",
    "summary_user_prompt",
    "task_prompt",
    "task_user_prompt",
    "wire_to_actions",
]


def main_prompt(tools: str) -> str:
    """§6.1 — the main call (ActionList), with the tool catalog."""
    return t("copilot.prompt.main", tools=tools)


def plan_prompt(user_goal: str) -> str:
    """§6.2 — PlanTool (`goal.propose`)."""
    return t("copilot.prompt.plan", user_goal=user_goal)


def task_prompt(step_name: str, operations: str, designs: str) -> str:
    """§6.3 — TaskTool (`tasks.generate_list`), rich context (案B)."""
    return t("copilot.prompt.task", step_name=step_name, operations=operations, designs=designs)


def summary_prompt() -> str:
    """§6.4 — the TaskLoop's report."""
    return t("copilot.prompt.summary")


class WireAction(Described):
    operation: str
    args_json: str
    reasoning: str

    description_keys: ClassVar[dict[str, str]] = {
        "operation": "copilot.field.operation",
        "args_json": "copilot.field.args_json",
        "reasoning": "copilot.field.reasoning",
    }


class WireActionList(Described):
    reply: str
    actions: list[WireAction]

    description_keys: ClassVar[dict[str, str]] = {"reply": "copilot.field.reply"}


class WireStep(Described):
    name: str
    description: str
    depends_on: list[int]

    description_keys: ClassVar[dict[str, str]] = {"depends_on": "copilot.field.depends_on"}


class WirePlan(Described):
    name: str
    steps: list[WireStep]

    description_keys: ClassVar[dict[str, str]] = {"name": "copilot.field.plan_name"}


class WireTask(Described):
    operation: str
    args_json: str


class WireTaskList(Described):
    tasks: list[WireTask]


class WireSummary(Described):
    status: Literal["completed", "failed", "partial"]
    succeeded: int
    failed: int
    causes: list[str]
    next_actions: list[str]
    text: str


def wire_to_actions(answer: WireActionList) -> tuple[ActionList, list[str]]:
    """The ActionList, and a problem per action whose `args_json` is not a JSON object (those
    actions keep `args` = `{"__invalid_json__": text}` so the dispatcher reports them)."""
    actions, problems = [], []
    for wire in answer.actions:
        try:
            args = json.loads(wire.args_json or "{}")
        except json.JSONDecodeError as exc:
            args = None
            problems.append(f"{wire.operation}: args_json is not JSON ({exc.msg})")
        if args is not None and not isinstance(args, dict):
            problems.append(f"{wire.operation}: args_json is not a JSON object")
            args = None
        actions.append(
            Action(
                operation=wire.operation,
                args=args if args is not None else {"__invalid_json__": wire.args_json},
                reasoning=wire.reasoning or None,
            )
        )
    return ActionList(reply=answer.reply, actions=actions), problems


def _or_none(text: str) -> str:
    return text or t("copilot.prompt.none")


def main_user_prompt(state_summary: str, history: str, request: str) -> str:
    """The main call's user message; it ends with the request (the last line is the user's)."""
    return t(
        "copilot.prompt.main_user", state=state_summary, history=_or_none(history), request=request
    )


def plan_user_prompt(user_goal: str, context: str) -> str:
    return t("copilot.prompt.plan_user", user_goal=user_goal, context=_or_none(context))


def task_user_prompt(goal: str, step_description: str, conversation_summary: str) -> str:
    return t(
        "copilot.prompt.task_user",
        goal=goal,
        step=step_description,
        conversation=_or_none(conversation_summary),
    )


def summary_user_prompt(execution_log: str, context: str = "") -> str:
    if context:
        return t("copilot.prompt.summary_user_goal", context=context, log=execution_log)
    return t("copilot.prompt.summary_user", log=execution_log)
