"""Recovery: re-enter the input a run failed on, and run again without redoing finished work.

A run that failed *because of an input* — a file a later node finds corrupt, encrypted or of
the wrong kind, an answer a later check refuses — is retried in place with that input asked
again: `keiri retry RUN_ID --reenter NODE` and the form app's 「入力し直して再実行」
(`flows.lifecycle.runs.retry(..., reenter=[NODE])`). In that retry:

- NODE (a human-input node) pauses again, under a new pause key like any retried pause
  (`flows.backend.reask`), with every answer it took before prefilled (the values given up front
  too): the person replaces what was wrong and keeps the rest;
- every other human-input node that completed before keeps its answers and does not ask
  again, as long as its own resolved inputs are the same as when it was answered (their
  digest is recorded with the answers, `flows.backend.reask.record`; `node_reused`, reason
  `unchanged`) and its secret answers are still kept (`flows.backend.secret_sweep` deletes them
  once the run's retry window is over: then it asks again). One whose inputs changed — a confirm form showing what was extracted from
  the re-entered file — asks again, prefilled (`node_rerun`, reason `inputs_changed`);
- every other node is reused or re-run by its fingerprint (`flows.backend.result_reuse`): the nodes
  that depend on the new answer run again, finished work that does not is reused.

The retry is marked by the flow run input `keiri-reenter-g<generation>` on the run,
`{"nodes", "by", "at"}`, written just before the run is set AwaitingRetry; the flow reads the
mark of its own generation (`Reentry.of_run`), so a later plain retry asks again as usual.

**How a failure is linked to an input** (`offer`, what the form app offers):

1. the run ended Failed with a recorded block error that names its node (`node_id`);
2. the error is about what the node was given: its code is one of `INPUT_CODES` (a file
   found corrupt, encrypted, too large or unsafe; inputs that fail validation), or the block
   said so itself with `details["cause"] == "input"` (e.g. a check that refuses an amount);
3. the failing node has human-input nodes upstream in the compiled plan: its dependencies,
   followed transitively (a node in a loop body also depends on what its loop depends on; a
   loop it depends on brings its body), the node itself included when it is one. Those are
   the inputs that can be re-entered, nearest first.

A rejection (`REJECTED`, `on_reject: fail`) is left to the plain 再実行, which asks again
already. Crashes and cancellations are not linked to an input (plain 再実行).

Import only after the Prefect environment is set (`keiri.server.client_env`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from uuid import UUID

from blocks.sdk.errors import BlockError, ErrorCode
from compiler.jobs import NodeJob
from compiler.scope import CompiledLoop, CompiledNode, CompiledPlan, CompiledTask
from flows.backend.run_inputs import create_once, read_value
from keiri.base.catalog import t
from keiri.base.errors import RunNotRetryable, UsageError, did_you_mean

__all__ = [
    "INPUT_CODES",
    "KEY",
    "Decision",
    "Offer",
    "Reentry",
    "caused_by_input",
    "check_targets",
    "human_inputs",
    "mark",
    "offer",
    "upstream_inputs",
]

KEY = "keiri-reenter-g"

#: Error codes that say a node could not use what it was given.
INPUT_CODES: frozenset[str] = frozenset(
    {
        ErrorCode.FILE_INVALID,
        ErrorCode.FILE_ENCRYPTED,
        ErrorCode.FILE_TOO_LARGE,
        ErrorCode.UNSAFE_ARCHIVE,
        ErrorCode.INPUT_VALIDATION_FAILED,
    }
)

#: What a re-entry retry does at a human-input node asked before: `reenter` (the node named:
#: ask again, prefilled), `keep` (its answers stand), `inputs_changed` (ask again, prefilled:
#: what it shows changed), `ask` (no record of its inputs: ask again, prefilled).
Decision = Literal["reenter", "keep", "inputs_changed", "ask"]


def caused_by_input(error: BlockError) -> bool:
    """Whether a block error is about the node's input (see the module docstring, 2.)."""
    return str(error.code) in INPUT_CODES or error.details.get("cause") == "input"


def _human(cnode: CompiledNode | None) -> bool:
    return isinstance(cnode, CompiledTask) and bool(cnode.spec.human_input)


def human_inputs(compiled: CompiledPlan) -> list[str]:
    """The human-input nodes of the plan (loop bodies included), in plan order."""
    return [nid for nid, cnode in compiled.all_nodes.items() if _human(cnode)]


def upstream_inputs(compiled: CompiledPlan, node_id: str) -> list[str]:
    """The human-input nodes `node_id` depends on (itself included), nearest first."""
    start = compiled.all_nodes.get(node_id)
    if start is None:
        return []
    found: list[str] = []
    seen: set[tuple[str, bool]] = set()
    # (node, whole): `whole` brings a loop's body (its outputs come from there); a loop
    # reached as the owner of a body node brings only what the loop itself depends on.
    queue: deque[tuple[CompiledNode, bool]] = deque([(start, True)])
    while queue:
        cnode, whole = queue.popleft()
        if (cnode.id, whole) in seen:
            continue
        seen.add((cnode.id, whole))
        if _human(cnode) and cnode.id not in found:
            found.append(cnode.id)
        nexts: list[tuple[CompiledNode, bool]] = []
        for dep in sorted(cnode.deps):
            target = compiled.all_nodes.get(dep)
            if target is not None:
                nexts.append((target, True))
        if whole and isinstance(cnode, CompiledLoop):
            nexts.extend((cnode.body.nodes[n], True) for n in cnode.body.order)
        owner = compiled.all_nodes.get(cnode.scope.owner) if cnode.scope.owner else None
        if owner is not None:
            nexts.append((owner, False))
        queue.extend(nexts)
    return found


@dataclass(frozen=True)
class Offer:
    """A failed run whose error is linked to an input: the failing node, the error's code
    and the human-input nodes that can be re-entered (nearest first)."""

    run_id: str
    node_id: str
    code: str
    inputs: list[str]


def offer(run_id: str, error: BlockError | None, compiled: CompiledPlan) -> Offer | None:
    """What re-entering can fix in a failed run (None: nothing linked to an input)."""
    if error is None or error.code == ErrorCode.REJECTED or not caused_by_input(error):
        return None
    node_id = error.details.get("node_id")
    if not isinstance(node_id, str) or not node_id:
        return None
    inputs = upstream_inputs(compiled, node_id)
    if not inputs:
        return None
    return Offer(run_id=run_id, node_id=node_id, code=str(error.code), inputs=inputs)


def check_targets(compiled: CompiledPlan, nodes: Iterable[str]) -> list[str]:
    """The nodes to re-enter, each a human-input node of the plan (else a usage error with
    the closest names)."""
    known = human_inputs(compiled)
    targets = list(dict.fromkeys(nodes))
    for node in targets:
        if node not in known:
            hint = did_you_mean(node, known) or t(
                "reenter.known_inputs", nodes=", ".join(known) or "-"
            )
            raise UsageError(
                t("reenter.not_human_input", node=node),
                hint=hint,
                details={"node_id": node, "human_inputs": known},
                command="keiri retry",
            )
    return targets


def mark(run_id: UUID, nodes: Sequence[str], who: str, generation: int) -> None:
    """Record that the retry of `generation` re-enters `nodes` (before it is started)."""
    value = {
        "nodes": sorted(nodes),
        "by": who,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if create_once(run_id, f"{KEY}{generation}", value):
        return
    existing = read_value(run_id, f"{KEY}{generation}")
    if isinstance(existing, dict) and existing.get("nodes") == value["nodes"]:
        return  # the same re-entry, asked twice
    raise RunNotRetryable(
        t("reenter.busy", run_id=str(run_id)),
        details={"run_id": str(run_id), "generation": generation},
    )


@dataclass(frozen=True)
class Reentry:
    """The re-entry of one retry: the human-input nodes named (`nodes`)."""

    nodes: frozenset[str]
    by: str = ""

    @classmethod
    def of_run(cls, run_id: UUID, generation: int) -> Reentry | None:
        """The re-entry of this generation of the run, or None (a first run, a plain retry)."""
        if generation <= 0:
            return None
        value = read_value(run_id, f"{KEY}{generation}")
        if not isinstance(value, dict):
            return None
        return cls(frozenset(str(n) for n in value.get("nodes") or []), str(value.get("by") or ""))

    def decide(self, job: NodeJob, earlier: dict[str, Any]) -> Decision:
        """What the human-input node `job`, asked before (`earlier`: its latest record,
        `flows.backend.reask.latest`), does in this retry."""
        from flows.backend.result_reuse import inputs_digest

        if job.node_id in self.nodes:
            return "reenter"
        recorded = earlier.get("inputs")
        if not isinstance(recorded, str):
            return "ask"  # it failed with those answers, or an older keiri recorded them
        return "keep" if recorded == inputs_digest(job.inputs) else "inputs_changed"

    @staticmethod
    def kept_answers(earlier: dict[str, Any]) -> dict[str, Any] | None:
        """The run inputs that give a kept node its earlier answers (and who gave them);
        None when its secret answers are gone (`flows.backend.reask.recorded_answers`)."""
        from flows.backend.reask import recorded_answers

        return recorded_answers(earlier)
