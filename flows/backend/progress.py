"""The progress of a run read from its JSONL event log (seed 003's TaskChainManager, as a
reader): which nodes ran, run, wait or failed, and how far each loop is.

The log is written and flushed event by event by the run's own process, so a page that reads
it while the run executes sees it advance, and a page opened later (or after a browser was
closed) sees the same: nothing lives in the browser. A loop's iteration counts as done when
every node of its body has ended (completed, skipped or failed) for that iteration; the body
of each loop comes from the compiled plan.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from compiler.models import LoopNode
from compiler.node_titles import node_title

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan

__all__ = ["LoopProgress", "NodeProgress", "RunProgress", "loop_bodies", "read_progress"]

NodeStatus = Literal["pending", "running", "completed", "skipped", "failed", "paused"]
_ENDED = {"node_complete": "completed", "node_skipped": "skipped", "node_error": "failed"}


@dataclass
class LoopProgress:
    total: int | None = None
    done: int = 0
    failed: int = 0


@dataclass
class NodeProgress:
    node_id: str
    status: NodeStatus = "pending"
    title: str = ""  # the step's name for people (`compiler.node_titles`)
    duration_ms: int | None = None
    loop: LoopProgress | None = None


@dataclass
class RunProgress:
    """Every top-level node of the plan in order, with its status and loop counts."""

    nodes: list[NodeProgress] = field(default_factory=list)
    finished: bool = False
    events: int = 0

    @property
    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for node in self.nodes:
            out[node.status] = out.get(node.status, 0) + 1
        return out


def loop_bodies(compiled: CompiledPlan) -> dict[str, set[str]]:
    """{loop node id: the ids of the nodes of its body} of a compiled plan."""
    bodies: dict[str, set[str]] = {}
    for node in compiled.plan.graph:
        if isinstance(node, LoopNode):
            bodies[node.id] = {child.id for child in node.body.plan.graph}
    return bodies


def _events(log: Path) -> list[dict[str, Any]]:
    try:
        text = log.read_text(encoding="utf-8")
    except OSError:
        return []
    events = []
    for line in text.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            continue  # a line being written: read again on the next refresh
    return events


def read_progress(log: Path, compiled: CompiledPlan) -> RunProgress:
    """The progress of the run whose log is `log` (a missing log: nothing started yet)."""
    bodies = loop_bodies(compiled)
    owner = {child: loop for loop, children in bodies.items() for child in children}
    nodes = {node.id: NodeProgress(node.id, title=node_title(node)) for node in compiled.plan.graph}
    for loop_id in bodies:
        nodes[loop_id].loop = LoopProgress()
    ended: dict[tuple[str, int], dict[str, str]] = {}
    events = _events(log)
    progress = RunProgress(list(nodes.values()), events=len(events))
    for event in events:
        name, node_id = event.get("event"), event.get("node_id")
        iteration = event.get("iteration")
        if name == "plan_complete":
            progress.finished = True
        if not isinstance(node_id, str):
            continue
        if name == "loop_iteration" and node_id in nodes and nodes[node_id].loop is not None:
            total = event.get("total")
            nodes[node_id].loop.total = total if isinstance(total, int) else None  # type: ignore[union-attr]
        elif node_id in owner and isinstance(iteration, int) and name in _ENDED:
            ended.setdefault((owner[node_id], iteration), {})[node_id] = _ENDED[str(name)]
        elif node_id in nodes and iteration is None:
            target = nodes[node_id]
            if name == "node_start":
                target.status = "running"
            elif name == "node_paused":
                target.status = "paused"
            elif name == "node_resumed":
                target.status = "running"
            elif name in _ENDED:
                target.status = _ENDED[str(name)]  # type: ignore[assignment]
                duration = event.get("duration_ms")
                target.duration_ms = duration if isinstance(duration, int) else None
    for (loop_id, _iteration), states in ended.items():
        loop = nodes[loop_id].loop
        if loop is not None and set(states) >= bodies[loop_id]:
            loop.done += 1
            loop.failed += "failed" in states.values()
    return progress
