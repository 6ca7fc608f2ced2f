"""A deployment run keeps the plan it started with (issue 24 item 1).

A worker loads a deployment's design from disk by name whenever the run (re)starts — after a
suspension for a form, after a retry. A redeploy in between would make the rest of the month's
run execute the new definition under the old version's tags. So the first start stores the
design's text on the run (the flow run input `keiri-plan`: path, text, sha256, version) and
every later start compiles that text; when the file on disk differs, the run says so in its log
and goes on with the version it started with. Local runs compile once, in their process: they
are not pinned.

Limit: a subflow's plan file is still read from disk when the parent is compiled.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_text
from compiler.scope import CompiledPlan
from flows.backend.run_inputs import create_once, read_value

__all__ = ["PIN_KEY", "Pinned", "pinned_plan"]

PIN_KEY = "keiri-plan"


class Pinned:
    """The plan a run uses: compiled from its pinned text, and whether the file has changed."""

    def __init__(self, compiled: CompiledPlan, path: str, changed_on_disk: bool) -> None:
        self.compiled = compiled
        self.path = path
        self.changed_on_disk = changed_on_disk


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _on_disk(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def pinned_plan(flow_run_id: UUID, resolve: Callable[[], Path]) -> Pinned:
    """The run's plan: the text pinned at its first start (pinned now if this is the first;
    `resolve()` finds the design file). Raises what `resolve` raises (the design is gone) or
    `OSError` at the first start, `IssuesFound` when the text does not compile."""
    stored: Any = read_value(flow_run_id, PIN_KEY)
    if isinstance(stored, dict) and isinstance(stored.get("text"), str):
        text = str(stored["text"])
        source = str(stored.get("path") or "")
        compiled, _warnings = compile_text(text, BlockRegistry(), file=source or None)
        current = _on_disk(Path(source)) if source else None
        changed = current is None or _digest(current) != _digest(text)
        return Pinned(compiled, source, changed_on_disk=changed)
    path = resolve()
    text = path.read_text(encoding="utf-8")
    source = str(path)
    compiled, _warnings = compile_text(text, BlockRegistry(), file=source)
    # Two processes may start the same run (a race at a restart): the first pin wins.
    if not create_once(
        flow_run_id,
        PIN_KEY,
        {"path": source, "text": text, "sha256": _digest(text), "version": compiled.plan.version},
    ):
        return pinned_plan(flow_run_id, resolve)
    return Pinned(compiled, source, changed_on_disk=False)
