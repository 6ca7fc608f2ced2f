"""Pass `parse`: the loaded YAML becomes a `Plan` model; schema errors become issues with their
key path and line (a missing `while.max_iterations` is LOOP_LIMIT_MISSING)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from blocks.errors import Issue, IssueCode, IssuesFound, from_validation_error
from blocks.yaml_loader import LoadedYaml
from compiler.models import Plan
from compiler.scope import KeyPath
from keiri.errors import model_keys

__all__ = ["parse_plan"]

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


def parse_plan(loaded: LoadedYaml) -> Plan:
    data = loaded.data
    if not isinstance(data, dict):
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message="a plan must be a YAML mapping with apiVersion, id, graph, ...",
                    line=1,
                    file=loaded.lines.file,
                )
            ]
        )
    try:
        return Plan.model_validate(data)
    except ValidationError as exc:
        raise IssuesFound(
            from_validation_error(
                exc,
                loaded.lines,
                loaded.lines.file,
                hint="see schemas/plan.schema.json",
                union_tags=_NODE_TAGS,
                known_keys=model_keys(Plan),
                node_id_at=lambda path: _node_id_at(data, path),
                refine=_loop_limit,
            )
        ) from None


def _loop_limit(err: ErrorDetails, issue: Issue) -> Issue:
    """A `while` without `max_iterations` has its own code (seed 000 §5)."""
    if err["type"] == "missing" and issue.loc[-2:] == ("while", "max_iterations"):
        return issue.model_copy(
            update={
                "code": IssueCode.LOOP_LIMIT_MISSING,
                "message": "a while loop needs max_iterations",
                "hint": "add while.max_iterations (e.g. 3) so the loop cannot run forever",
            }
        )
    return issue
