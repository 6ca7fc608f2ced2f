"""The types of the tool registry: `Tool`, `ToolContext`, `ToolResult`, `Registry`, `ToolArgs`.

A `Tool` has a name (`runs.start`), a description for the model (from the catalog, in the
reader's language), a pydantic arguments model (`ToolArgs`: `extra="forbid"`, field
descriptions from the catalog), the permission it needs (`keiri.base.permissions`), whether
the user must confirm it in the chat first, and a handler `(ToolContext, args) -> ToolResult`.
Tools that may appear in a TaskList say so (`in_tasks`). `words` writes one call in words with
its arguments (the confirmation's question, a task list's lines). A tool whose approval runs
more than its own call (`task_loop.run`: a step's task list) resolves it when the question is
asked (`bind` → a sealed `Shown`) and runs exactly that on approval (`approve`).

This module holds only types: the tools themselves are assembled in `keiri.copilot.tools`
(`default_registry()`), which imports this module, never the other way round. An unknown
name gets a did-you-mean.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from keiri.base.catalog import t
from keiri.base.errors import format_path
from keiri.base.permissions import Permission
from keiri.copilot.binding import seal
from keiri.copilot.described import Described
from keiri.copilot.errors import BadArgs, UnknownTool
from keiri.copilot.models import Action, Link, Operation, Shown

if TYPE_CHECKING:
    from keiri.copilot.llm import CopilotLLM
    from keiri.copilot.store import CopilotStore

__all__ = ["Registry", "Tool", "ToolArgs", "ToolContext", "ToolResult"]


class ToolArgs(Described):
    """The base of a tool's arguments: strict, described from the catalog."""


@dataclass
class ToolResult:
    """What a tool did: text for the chat, data for the model's next turn."""

    text: str
    ok: bool = True
    data: Any = None
    links: list[Link] = field(default_factory=list)
    follow_up: Action | None = None  # an action to put to the user's confirmation next
    runs: list[str] = field(default_factory=list)  # the ids of the runs `text` names by title


@dataclass
class ToolContext:
    """What a handler may use: the store, who acts, in which conversation, the LLM."""

    store: CopilotStore
    user: str
    conversation_id: str
    home: Path
    llm: CopilotLLM | None
    registry: Registry


Handler = Callable[[ToolContext, Any], ToolResult]


def dumped(args: BaseModel) -> dict[str, Any]:
    """A tool call's arguments as stored and shown (JSON values, unset options left out)."""
    return args.model_dump(mode="json", exclude_none=True)


@dataclass(frozen=True)
class Tool:
    name: str
    describe: Callable[[], str]  # what the tool does, for the model (`t("copilot.tool.…")`)
    args: type[BaseModel]
    permission: Permission
    handler: Handler
    needs_confirmation: bool = False
    in_tasks: bool = False
    words: Callable[[Any], str] | None = None  # this call in words, with its arguments
    bind: Callable[[ToolContext, Any], Shown] | None = None
    approve: Callable[[ToolContext, Shown], ToolResult] | None = None

    def in_words(self, args: BaseModel) -> str:
        if self.words is not None:
            return self.words(args)
        shown = json.dumps(dumped(args), ensure_ascii=False)
        return t("copilot.confirm.generic", tool=self.name, args=shown)

    def shown(self, ctx: ToolContext, args: BaseModel) -> Shown:
        """What approving this call will run, sealed: the call itself, or what `bind`
        resolves (a step's task list as it is now)."""
        if self.bind is not None:
            return self.bind(ctx, args)
        return seal([Operation(operation=self.name, args=dumped(args))])


class Registry:
    def __init__(self, tools: list[Tool]) -> None:
        self.tools: dict[str, Tool] = {}
        for tool in tools:
            if tool.name in self.tools:
                raise ValueError(f"tool {tool.name!r} is registered twice")
            self.tools[tool.name] = tool

    def names(self) -> list[str]:
        return sorted(self.tools)

    def task_names(self) -> list[str]:
        """The tools a task list may hold."""
        return sorted(name for name, tool in self.tools.items() if tool.in_tasks)

    def get(self, name: str) -> Tool:
        tool = self.tools.get(name)
        if tool is None:
            close = difflib.get_close_matches(name, self.names(), n=3, cutoff=0.5)
            suggestion = (
                t("copilot.did_you_mean", names=t("copilot.separator").join(close)) if close else ""
            )
            raise UnknownTool(
                t("copilot.error.unknown_tool", name=name) + suggestion,
                hint=t("copilot.hint.unknown_tool"),
                details={"operation": name, "did_you_mean": close},
            )
        return tool

    def validate(self, action: Action | Operation) -> tuple[Tool, BaseModel]:
        """The tool and its validated arguments, or a clear error (`COPILOT_*`)."""
        tool = self.get(action.operation)
        try:
            args = tool.args.model_validate(action.args)
        except ValidationError as exc:
            problems = [
                f"{format_path(tuple(e['loc'])) or '(args)'}: {e['msg']}" for e in exc.errors()
            ]
            fields = ", ".join(tool.args.model_fields) or t("copilot.no_args")
            raise BadArgs(
                t("copilot.error.bad_args", name=tool.name, problems="; ".join(problems)),
                hint=t("copilot.hint.bad_args", fields=fields),
                details={"operation": tool.name, "problems": problems},
            ) from None
        return tool, args

    def question(self, shown: Shown) -> str:
        """The confirmation's question: every operation of `shown` in words, with its
        arguments (numbered under the heading when there is one)."""
        lines = []
        for operation in shown.operations:
            tool, args = self.validate(operation)
            lines.append(tool.in_words(args))
        if shown.heading is None and len(lines) == 1:
            return lines[0]
        numbered = [f"{number}. {line}" for number, line in enumerate(lines, start=1)]
        return "\n".join([*([shown.heading] if shown.heading else []), *numbered])

    def catalog(self) -> str:
        """The tool list of the main prompt: name, description, arguments (JSON Schema)."""
        lines = []
        for name in self.names():
            tool = self.tools[name]
            schema = tool.args.model_json_schema()
            props = {
                key: {k: v for k, v in value.items() if k in ("type", "description", "enum")}
                for key, value in schema.get("properties", {}).items()
            }
            lines.append(
                t(
                    "copilot.catalog.tool",
                    name=name,
                    mark=t("copilot.catalog.needs_confirmation") if tool.needs_confirmation else "",
                    description=tool.describe(),
                    args=json.dumps(props, ensure_ascii=False),
                    required=json.dumps(schema.get("required", [])),
                )
            )
        return "\n".join(lines)
