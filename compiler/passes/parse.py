"""Pass `parse`: the loaded YAML becomes a `Plan` model; schema errors become issues with their
key path and line (a missing `while.max_iterations` is LOOP_LIMIT_MISSING)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from blocks.sdk.errors import Issue, IssueCode, IssuesFound, from_validation_error
from blocks.sdk.yaml_loader import LoadedYaml
from compiler.models import NODE_ID_PATTERN, Plan, TaskNode
from compiler.scope import KeyPath
from keiri.base.catalog import t
from keiri.base.errors import model_keys

__all__ = ["Parsed", "parse_partial", "parse_plan"]

#: pydantic puts the union tag after a node index (`graph.0.task.id`); dropped from paths.
_NODE_TAGS = ("task", "loop", "subflow")


def _node_id_at(data: Any, path: KeyPath) -> str | None:
    node_id = None
    current = data
    for part in path:
        try:
            current = current[part]
        except (KeyError, IndexError, TypeError):
            break
        if (
            isinstance(current, dict)
            and isinstance(current.get("id"), str)
            and isinstance(part, int)
        ):
            node_id = current["id"]
    return node_id


@dataclass
class Parsed:
    """The plan that parsed, the schema issues, and the ids of the top-level nodes that did
    not parse (they stand in the plan as stubs, so references to them are not reported)."""

    plan: Plan | None
    issues: list[Issue] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)


def parse_plan(loaded: LoadedYaml) -> Plan:
    """The plan, or IssuesFound with every schema issue."""
    parsed = parse_partial(loaded)
    if parsed.issues or parsed.plan is None:
        raise IssuesFound(parsed.issues)
    return parsed.plan


def parse_partial(loaded: LoadedYaml) -> Parsed:
    """As `parse_plan`, and on schema errors what still parses: the plan without the broken
    top-level nodes (kept as stubs by id) and with the broken top-level keys at their
    defaults, so the other passes still report their issues."""
    data = loaded.data
    if not isinstance(data, dict):
        issue = Issue(
            code=IssueCode.PLAN_SCHEMA_INVALID,
            message=t("issue.plan.not_mapping"),
            line=1,
            file=loaded.lines.file,
        )
        return Parsed(None, [issue])
    try:
        return Parsed(Plan.model_validate(data))
    except ValidationError as exc:
        issues = from_validation_error(
            exc,
            loaded.lines,
            loaded.lines.file,
            hint=t("issue.see_plan_schema"),
            union_tags=_NODE_TAGS,
            known_keys=model_keys(Plan),
            node_id_at=lambda path: _node_id_at(data, path),
            refine=_loop_limit,
        )
        errors = exc.errors()
    return _what_parsed(data, errors, issues)


def _what_parsed(data: dict[str, Any], errors: list[ErrorDetails], issues: list[Issue]) -> Parsed:
    graph = data.get("graph")
    if not isinstance(graph, list) or any(
        tuple(e["loc"][:1]) == ("graph",) and len(e["loc"]) < 2 for e in errors
    ):
        return Parsed(None, issues)  # no list of nodes to check
    bad_nodes = {e["loc"][1] for e in errors if e["loc"][:1] == ("graph",) and len(e["loc"]) > 1}
    bad_keys = {e["loc"][0] for e in errors if e["loc"] and e["loc"][0] != "graph"}
    pruned = {k: v for k, v in data.items() if k not in bad_keys}
    if "id" in bad_keys:
        pruned["id"] = "plan"
    stubs: dict[int, TaskNode] = {}
    kept: list[Any] = []
    for index, node in enumerate(graph):
        if index not in bad_nodes:
            kept.append(node)
            continue
        node_id = node.get("id") if isinstance(node, dict) else None
        if isinstance(node_id, str) and re.match(NODE_ID_PATTERN, node_id):
            stubs[index] = TaskNode.model_construct(id=node_id, block="")
    if not kept:
        return Parsed(None, issues)
    pruned["graph"] = kept
    try:
        plan = Plan.model_validate(pruned)
    except ValidationError:
        return Parsed(None, issues)
    for index in sorted(stubs):
        plan.graph.insert(index, stubs[index])
    return Parsed(plan, issues, {stub.id for stub in stubs.values()})


def _loop_limit(err: ErrorDetails, issue: Issue) -> Issue:
    """A `while` without `max_iterations` has its own code (seed 000 §5)."""
    if err["type"] == "missing" and issue.loc[-2:] == ("while", "max_iterations"):
        return issue.model_copy(
            update={
                "code": IssueCode.LOOP_LIMIT_MISSING,
                "message": t("issue.loop.no_limit"),
                "hint": t("issue.loop.no_limit_hint"),
            }
        )
    return issue
