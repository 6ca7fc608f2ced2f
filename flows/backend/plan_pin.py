"""A run keeps the plan it started with (issue 24 item 1).

A run's plan is read from disk by name whenever the run (re)starts in a new process — a
worker's deployment run after a suspension for a form or a retry, a local run's retry or its
new runner after a pause. A redeploy or an edit in between would make the rest of the month's
run execute the new definition under the old version's tags. So the run's first start stores
the plan's text on the run (the flow run input `keiri-plan`: path, text, sha256, version and
the versions of the blocks it calls) and every later start compiles that text; when the file on
disk differs, or a block it calls is at another version now, the run says so in its log and
goes on with the definition it started with. A run started in the CLI's process pins the text
it compiled; a deployment's or a detached runner's first start pins the file as it is then.

`repin` is the explicit way to move a failed deployment run to the definition on disk (`keiri
retry --latest`): the pin is replaced and the run's `plan-version:` tag follows. A local run's
retry takes the file as it is then (`unpin`: an edited plan's changed nodes run again, the rest
is reused), and its later starts keep that.

Limits: a subflow's plan file is still read from disk when the parent is compiled, and a block
is run at the version registered now (a changed version is said, not undone).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

from blocks.sdk.errors import IssuesFound
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.yaml_loader import load_yaml
from compiler.compile import compile_text
from compiler.scope import CompiledPlan
from flows.backend.run_inputs import create_once, delete_value, read_value

__all__ = [
    "PIN_KEY",
    "Pinned",
    "block_versions",
    "differs",
    "pin_compiled",
    "pinned_plan",
    "repin",
    "unpin",
]

PIN_KEY = "keiri-plan"


@dataclass(frozen=True)
class Pinned:
    """The plan a run uses: compiled from its pinned text, whether the file has changed since,
    and the blocks whose registered version is not the one the run started with
    (`{block id: (pinned, now)}`)."""

    compiled: CompiledPlan
    path: str
    changed_on_disk: bool
    blocks_changed: dict[str, tuple[str, str]] = field(default_factory=dict)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _on_disk(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def block_versions(compiled: CompiledPlan) -> dict[str, str]:
    """The version of every block the plan calls (its subflows' included)."""
    found: dict[str, str] = {}
    for plan in (compiled, *compiled.subplans.values()):
        for node in plan.all_nodes.values():
            spec = getattr(node, "spec", None)
            if spec is not None:
                found[str(spec.id)] = str(spec.version)
    return dict(sorted(found.items()))


def _record(compiled: CompiledPlan, path: str, text: str) -> dict[str, Any]:
    return {
        "path": path,
        "text": text,
        "sha256": _digest(text),
        "version": compiled.plan.version,
        "blocks": block_versions(compiled),
    }


def pin_compiled(flow_run_id: UUID, compiled: CompiledPlan) -> None:
    """Pin the plan this process compiled for the run, if the run has no pin yet (a run
    started here: its later starts in other processes use this text, not the file then)."""
    if compiled.source is None:
        return
    text = _on_disk(compiled.source)
    if text is None:
        return
    create_once(flow_run_id, PIN_KEY, _record(compiled, str(compiled.source), text))


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
        blocks = stored.get("blocks")
        pinned_blocks: dict[str, Any] = blocks if isinstance(blocks, dict) else {}
        now = block_versions(compiled)
        moved = {
            block: (str(version), now[block])
            for block, version in pinned_blocks.items()
            if block in now and now[block] != str(version)
        }
        return Pinned(compiled, source, changed_on_disk=changed, blocks_changed=moved)
    path = resolve()
    text = path.read_text(encoding="utf-8")
    source = str(path)
    compiled, _warnings = compile_text(text, BlockRegistry(), file=source)
    # Two processes may start the same run (a race at a restart): the first pin wins.
    if not create_once(flow_run_id, PIN_KEY, _record(compiled, source, text)):
        return pinned_plan(flow_run_id, resolve)
    return Pinned(compiled, source, changed_on_disk=False)


def differs(flow_run_id: UUID) -> tuple[str, str] | None:
    """(the pinned version, the version the file says now) when the run's plan file is no
    longer the text it pinned; None when it is, or the run has no pin. A file that no longer
    parses or is gone says "?"."""
    stored: Any = read_value(flow_run_id, PIN_KEY)
    if not isinstance(stored, dict) or not isinstance(stored.get("text"), str):
        return None
    source = str(stored.get("path") or "")
    current = _on_disk(Path(source)) if source else None
    if current is not None and _digest(current) == _digest(str(stored["text"])):
        return None
    now = "?"
    if current is not None:
        try:
            data = load_yaml(current, file=source).data
        except IssuesFound:
            data = None
        if isinstance(data, dict) and data.get("version") is not None:
            now = str(data["version"])
    return str(stored.get("version") or "?"), now


def unpin(flow_run_id: UUID) -> None:
    """Drop the run's pin: its next start pins the plan file as it is then (a local run's
    retry)."""
    delete_value(flow_run_id, PIN_KEY)


def repin(flow_run_id: UUID, path: Path) -> CompiledPlan:
    """Move the run to the plan as `path` holds it now: compiled first (raises `IssuesFound`
    and changes nothing when it does not compile), then the pin replaced."""
    text = path.read_text(encoding="utf-8")
    compiled, _warnings = compile_text(text, BlockRegistry(), file=str(path))
    delete_value(flow_run_id, PIN_KEY)
    create_once(flow_run_id, PIN_KEY, _record(compiled, str(path), text))
    return compiled
