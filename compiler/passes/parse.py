"""Pass `parse`: the loaded YAML becomes a `Plan` model; schema errors become issues with their
key path and line (a missing `while.max_iterations` is LOOP_LIMIT_MISSING)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from blocks.errors import Issue, IssueCode, IssuesFound, format_path
from blocks.yaml_loader import LoadedYaml
from compiler.models import Plan
from compiler.scope import KeyPath

__all__ = ["parse_plan"]

_SCHEMA_HINTS = {
    "extra_forbidden": "remove the key or fix its spelling; see schemas/plan.schema.json",
    "missing": "add the missing key",
}


def _strip_tags(loc: tuple[Any, ...]) -> KeyPath:
    """pydantic puts the union tag ("task"/"loop"/"subflow") after a node index; drop it."""
    out: list[str | int] = []
    for index, part in enumerate(loc):
        if part in ("task", "loop", "subflow") and index > 0 and isinstance(loc[index - 1], int):
            continue
        out.append(part if isinstance(part, int) else str(part))
    return tuple(out)


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
        issues: list[Issue] = []
        for err in exc.errors():
            path = _strip_tags(err["loc"])
            code = IssueCode.PLAN_SCHEMA_INVALID
            hint = _SCHEMA_HINTS.get(err["type"], "see schemas/plan.schema.json")
            message = err["msg"]
            if err["type"] == "missing" and path[-2:] == ("while", "max_iterations"):
                code = IssueCode.LOOP_LIMIT_MISSING
                message = "a while loop needs max_iterations"
                hint = "add while.max_iterations (e.g. 3) so the loop cannot run forever"
            elif err["type"] == "extra_forbidden":
                message = f"unknown key {path[-1]!r}"
            issues.append(
                Issue(
                    code=code,
                    message=message,
                    node_id=_node_id_at(data, path),
                    path=format_path(path),
                    line=loaded.lines.line(path),
                    hint=hint,
                    file=loaded.lines.file,
                )
            )
        raise IssuesFound(issues) from None
