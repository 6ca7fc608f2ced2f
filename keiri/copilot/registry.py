"""The tool registry: every action the copilot can take, by name.

A `Tool` has a name (`runs.start`), a Japanese description (shown to the model), a pydantic
arguments model (`extra="forbid"`), the permission it needs (`keiri.base.permissions`), whether the
user must confirm it in the chat first, and a handler `(ToolContext, args) -> ToolResult`.
Tools that may appear in a TaskList say so (`in_tasks`). The registry is built from the tool
modules' `TOOLS` lists (no if-chains on names); an unknown name gets a did-you-mean.
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
from keiri.copilot import errors
from keiri.copilot.errors import CopilotError
from keiri.copilot.models import Action, Link

if TYPE_CHECKING:
    from keiri.copilot.llm import CopilotLLM
    from keiri.copilot.store import CopilotStore

__all__ = ["Registry", "Tool", "ToolContext", "ToolResult", "default_registry"]


@dataclass
class ToolResult:
    """What a tool did: text for the chat (Japanese), data for the model's next turn."""

    text: str
    ok: bool = True
    data: Any = None
    links: list[Link] = field(default_factory=list)
    follow_up: Action | None = None  # an action to put to the user's confirmation next


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


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args: type[BaseModel]
    permission: Permission
    handler: Handler
    needs_confirmation: bool = False
    in_tasks: bool = False
    confirm_text: Callable[[Any], str] | None = None  # the question put to the user

    def question(self, args: BaseModel) -> str:
        if self.confirm_text is not None:
            return self.confirm_text(args)
        shown = json.dumps(args.model_dump(exclude_none=True), ensure_ascii=False)
        return t("copilot.confirm.generic", tool=self.name, args=shown)


class Registry:
    def __init__(self, tools: list[Tool]) -> None:
        self.tools: dict[str, Tool] = {}
        for tool in tools:
            if tool.name in self.tools:
                raise ValueError(f"tool {tool.name!r} is registered twice")
            self.tools[tool.name] = tool

    def names(self) -> list[str]:
        return sorted(self.tools)

    def get(self, name: str) -> Tool:
        tool = self.tools.get(name)
        if tool is None:
            close = difflib.get_close_matches(name, self.names(), n=3, cutoff=0.5)
            suggestion = t("copilot.did_you_mean", names="、".join(close)) if close else ""
            raise CopilotError(
                errors.UNKNOWN_TOOL,
                t("copilot.error.unknown_tool", name=name) + suggestion,
                hint=t("copilot.hint.unknown_tool"),
                details={"operation": name, "did_you_mean": close},
            )
        return tool

    def validate(self, action: Action) -> tuple[Tool, BaseModel]:
        """The tool and its validated arguments, or a clear error (`COPILOT_*`)."""
        tool = self.get(action.operation)
        try:
            args = tool.args.model_validate(action.args)
        except ValidationError as exc:
            problems = [
                f"{format_path(tuple(e['loc'])) or '(args)'}: {e['msg']}" for e in exc.errors()
            ]
            fields = ", ".join(tool.args.model_fields) or t("copilot.no_args")
            raise CopilotError(
                errors.BAD_ARGS,
                t("copilot.error.bad_args", name=tool.name, problems="; ".join(problems)),
                hint=t("copilot.hint.bad_args", fields=fields),
                details={"operation": tool.name, "problems": problems},
            ) from None
        return tool, args

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
            required = schema.get("required", [])
            mark = "（要確認）" if tool.needs_confirmation else ""
            lines.append(
                f"- {name}{mark}: {tool.description} 引数: "
                f"{json.dumps(props, ensure_ascii=False)} 必須: {required}"
            )
        return "\n".join(lines)


def default_registry() -> Registry:
    from keiri.copilot.tools import designs, goals, platform, runs

    return Registry([*goals.TOOLS, *runs.TOOLS, *designs.TOOLS, *platform.TOOLS])
