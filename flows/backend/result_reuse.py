"""Whether a node's persisted result may be used again, and why not.

A node's result is persisted under its place in the run (`keiri-<scope>-<task name>`, so a
retried or resumed run finds it) together with the *fingerprint* it was computed from:

- `definition`: the digest of the node as the plan defines it — its block id and resolved
  version, `in` (before resolution), `out`, `when`, `cache`, its own policy (`on_error`,
  `retries`, `timeout_ms`), and the settings of every loop around it (`foreach`/`while`,
  their `when` and `out`); not its `description`;
- `inputs`: the digest of its resolved inputs (`${vars.*}`, `${config.*}`, `${env.*}` and
  upstream outputs rendered): canonical JSON, where a FileRef counts by its content (sha256),
  name and media type, never by where it is stored.

Before a stored result is used again its fingerprint is compared with the node's current one
(`compare`): equal, it is reused (Prefect's cache returns it: a Cached task run); different, the
node runs again and its new result replaces the old one (`refresh_cache`). So a retry after the
plan was edited re-runs the edited nodes, and the nodes whose inputs changed because of them,
and reuses the rest. `ReuseLog` says which, and why: `node_reused` / `node_rerun` events, and
the run record's `reuse` list (`RunOutcome.reuse`).

`cache: inputs` nodes keep their cross-run key (block, version and resolved inputs): a key
that already names everything their result depends on.
"""

from __future__ import annotations

import hashlib
import json
import threading
import weakref
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from blocks.sdk.fileref import FileRef
from compiler.jobs import NodeJob
from compiler.runstate import RunState
from compiler.scope import CompiledLoop, CompiledPlan, CompiledTask
from flows.backend.outcome import ReuseReason
from keiri.base.catalog import t

__all__ = [
    "MISSING",
    "Fingerprint",
    "Reason",
    "ReuseLog",
    "compare",
    "definition_digest",
    "fingerprint",
    "inputs_digest",
    "unwrap",
    "wrap",
]

Reason = ReuseReason
REUSED: frozenset[str] = frozenset({"unchanged", "same_inputs"})
#: Why a node was reused or run again -> the reason in words.
_REASON_WORDS: dict[str, str] = {
    "unchanged": "reuse.unchanged",
    "same_inputs": "reuse.same_inputs",
    "definition_changed": "reuse.definition_changed",
    "inputs_changed": "reuse.inputs_changed",
    "not_finished": "reuse.not_finished",
    "no_fingerprint": "reuse.no_fingerprint",
}

_MARK = "keiri_result"
_ITERATIONS_SHOWN = 50


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: No stored result (never ran, or did not finish).
MISSING: Any = _Missing()


@dataclass(frozen=True)
class Fingerprint:
    definition: str
    inputs: str


_DEFINITIONS: weakref.WeakKeyDictionary[CompiledTask, str] = weakref.WeakKeyDictionary()


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def definition_digest(compiled: CompiledPlan, cnode: CompiledTask) -> str:
    """The digest of the node's definition and of the loops around it (once per node)."""
    found = _DEFINITIONS.get(cnode)
    if found is not None:
        return found
    parts: list[Any] = [
        cnode.spec.id,
        cnode.spec.version,
        cnode.node.model_dump(mode="json", by_alias=True, exclude={"description"}),
    ]
    scope = cnode.scope
    while scope.owner is not None:
        loop = compiled.all_nodes.get(scope.owner)
        if isinstance(loop, CompiledLoop):
            parts.append(
                loop.node.model_dump(mode="json", by_alias=True, exclude={"description", "body"})
            )
        if scope.parent is None:
            break
        scope = scope.parent
    digest = _DEFINITIONS[cnode] = _digest(parts)
    return digest


def _canonical(value: Any) -> Any:
    """JSON values; a FileRef as its content hash, name and media type (not its location)."""
    if isinstance(value, FileRef):
        return {"$file": value.sha256, "name": value.name, "media_type": value.media_type}
    if isinstance(value, dict):
        if FileRef.is_fileref(value):
            return {
                "$file": value.get("sha256"),
                "name": value.get("name"),
                "media_type": value.get("media_type"),
            }
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, BaseModel):
        return _canonical(value.model_dump(mode="json"))
    return value


def inputs_digest(inputs: dict[str, Any]) -> str:
    return _digest(_canonical(inputs))


def fingerprint(compiled: CompiledPlan, job: NodeJob) -> Fingerprint:
    cnode = compiled.all_nodes.get(job.node_id)
    if not isinstance(cnode, CompiledTask):  # pragma: no cover - jobs come from task nodes
        raise TypeError(f"{job.node_id} is not a task node of {compiled.id}")
    return Fingerprint(definition_digest(compiled, cnode), inputs_digest(job.inputs))


def wrap(fp: Fingerprint, outputs: dict[str, Any]) -> dict[str, Any]:
    """The persisted value: the outputs with the fingerprint they were computed from."""
    return {_MARK: 1, "definition": fp.definition, "inputs": fp.inputs, "outputs": outputs}


def unwrap(value: Any) -> Any:
    if isinstance(value, dict) and value.get(_MARK) == 1:
        return value["outputs"]
    return value


def compare(previous: Any, fp: Fingerprint) -> Reason:
    """A stored value against the node's current fingerprint."""
    if previous is MISSING:
        return "not_finished"
    if not (isinstance(previous, dict) and previous.get(_MARK) == 1):
        return "no_fingerprint"  # stored by a keiri that did not record fingerprints
    if previous.get("definition") != fp.definition:
        return "definition_changed"
    if previous.get("inputs") != fp.inputs:
        return "inputs_changed"
    return "unchanged"


def _label(job: NodeJob) -> str:
    """The node as the run's outcome names it: `sub[0]/node` inside a subflow."""
    _root, _, path = job.scope.partition("/")
    return f"{path}/{job.node_id}" if path else job.node_id


class ReuseLog:
    """The reuse decisions of one run (and its subflows): events as they are taken, and the
    run record's `reuse` list. `retrying`: the flow run is a retry (Prefect's run count > 1),
    so a node with no stored result is reported as not finished the last time."""

    def __init__(self, retrying: bool = False) -> None:
        self.retrying = retrying
        self._lock = threading.Lock()
        self._entries: dict[tuple[str, str], dict[str, Any]] = {}

    def note(self, state: RunState, job: NodeJob, reason: Reason) -> None:
        if reason == "not_finished" and not self.retrying:
            return  # a first run: nothing was there to reuse
        reused = reason in REUSED
        message = t(_REASON_WORDS[reason])
        state.emit(
            "node_reused" if reused else "node_rerun",
            node_id=job.node_id,
            iteration=job.iteration,
            reason=reason,
            message=message,
        )
        with self._lock:
            entry = self._entries.setdefault(
                (_label(job), reason),
                {
                    "node_id": _label(job),
                    "decision": "reused" if reused else "rerun",
                    "reason": reason,
                    "message": message,
                    "count": 0,
                    "iterations": [],
                },
            )
            entry["count"] += 1
            if job.iteration is not None and len(entry["iterations"]) < _ITERATIONS_SHOWN:
                entry["iterations"].append(job.iteration)

    def report(self) -> list[dict[str, Any]]:
        """One entry per node and reason, re-run nodes first, each in the order decided."""
        with self._lock:
            entries = [dict(e, iterations=sorted(e["iterations"])) for e in self._entries.values()]
        return sorted(entries, key=lambda e: e["decision"] != "rerun")
