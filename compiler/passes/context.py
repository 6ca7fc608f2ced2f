"""`CompileContext`: the state the passes of one plan share, and the issues they collect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blocks.sdk.errors import Issue
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.yaml_loader import LineMap
from compiler.models import Plan
from compiler.scope import CompiledPlan, KeyPath

__all__ = ["CompileContext", "SubflowLoader"]

#: Compiles a called plan file: (path, call stack) -> compiled plan; raises IssuesFound.
SubflowLoader = Callable[[Path, tuple[str, ...]], CompiledPlan]


@dataclass
class CompileContext:
    """State shared by the passes of one plan."""

    plan: Plan
    lines: LineMap
    registry: BlockRegistry
    source: Path | None
    config: dict[str, Any]
    load_subflow: SubflowLoader
    call_stack: tuple[str, ...] = ()
    issues: list[Issue] = field(default_factory=list)
    compiled: CompiledPlan | None = None
    #: Ids of top-level nodes that failed the schema: stubs, known by id and nothing else.
    broken: set[str] = field(default_factory=set)

    def issue(
        self,
        code: str,
        message: str,
        path: KeyPath = (),
        node_id: str | None = None,
        hint: str = "",
        severity: str = "error",
    ) -> None:
        self.issues.append(
            Issue(
                code=code,
                message=message,
                node_id=node_id,
                loc=tuple(path),
                line=self.lines.line(path),
                hint=hint,
                severity="warning" if severity == "warning" else "error",
                file=self.lines.file,
            )
        )

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "error"]
