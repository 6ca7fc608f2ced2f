"""Placeholders: plan vars nobody has decided yet.

A var whose value is a mapping with `placeholder: true` (`compiler.models.VarPlaceholder`):

    vars:
      tolerance: {placeholder: true, type: integer, question: 振込手数料の許容額（円）は？}

is a setting still to be given — never a silent default. This module is the one place that
knows them:

- `compiler.passes.vars.pass_placeholders` (compile pass "vars"): a malformed placeholder is PLAN_SCHEMA_INVALID at
  its key path; each placeholder is a VAR_PLACEHOLDER warning at `vars.<name>`, naming the
  first node that reads it.
- `require_vars(compiled, given)`: what `keiri run` calls before it starts anything: raises
  `IssuesFound` naming every placeholder not given (and how to give it) and every given value
  that does not fit the placeholder's type.
- `refuse_unfilled(plan, given)`: the same rule as a `BlockError` for the semantic core, so no
  backend (deployment runs included) starts a run with a placeholder in it.
- `dry_run_vars(plan)`: one sample value per placeholder, so the dry-run can still walk.
- `var_value_schema(value)`: the static schema of a var value (a placeholder's declared type).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from blocks.sdk.errors import BlockError, Issue, IssueCode, IssuesFound, format_path
from blocks.sdk.validation import validate_value
from compiler.models import Plan, VarPlaceholder
from compiler.references import ReferenceSyntaxError, find_references
from compiler.typecheck import value_schema
from keiri.base.catalog import t

if TYPE_CHECKING:
    from compiler.scope import CompiledPlan

__all__ = [
    "describe",
    "dry_run_vars",
    "how_to_give",
    "is_placeholder",
    "placeholder_of",
    "plan_placeholders",
    "readers_of",
    "refuse_unfilled",
    "require_vars",
    "var_value_schema",
]

MARKER = "placeholder"
_EMPTY: dict[str, Any] = {
    "string": "",
    "integer": 0,
    "number": 0,
    "boolean": False,
    "array": [],
    "object": {},
}


def is_placeholder(value: Any) -> bool:
    """A mapping with a `placeholder` key (well-formed or not)."""
    return isinstance(value, Mapping) and MARKER in value


def placeholder_of(value: Any) -> VarPlaceholder | None:
    """The placeholder a var value declares; None for ordinary values and malformed ones
    (those are reported by `pass_placeholders`)."""
    if not is_placeholder(value):
        return None
    try:
        return VarPlaceholder.model_validate(value)
    except ValidationError:
        return None


def plan_placeholders(plan: Plan) -> dict[str, VarPlaceholder]:
    """Every well-formed placeholder of a plan, by var name, in declaration order."""
    found = {name: placeholder_of(value) for name, value in plan.vars.items()}
    return {name: ph for name, ph in found.items() if ph is not None}


def var_value_schema(value: Any) -> dict[str, Any] | None:
    """The static schema of a var value: a placeholder's declared type, None (unknown) for a
    malformed placeholder, else the shallow schema of the literal."""
    if is_placeholder(value):
        ph = placeholder_of(value)
        return ph.value_schema() if ph is not None else None
    return value_schema(value)


def how_to_give(name: str, ph: VarPlaceholder, plan_file: str = "PLAN") -> str:
    """The hint naming the three ways to give a placeholder."""
    example = f"<{ph.type}>" if not ph.options else str(ph.options[0])
    return t("issue.placeholder.how", plan=plan_file, name=name, example=example)


def describe(ph: VarPlaceholder) -> str:
    if ph.options:
        options = " / ".join(map(str, ph.options))
        return t(
            "issue.placeholder.describe_options",
            type=ph.type,
            options=options,
            question=ph.question,
        )
    return t("issue.placeholder.describe", type=ph.type, question=ph.question)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def readers_of(compiled: CompiledPlan) -> dict[str, str]:
    """var name -> the first node (in plan order) whose definition reads `${vars.name}`."""
    readers: dict[str, str] = {}
    for node_id, cnode in compiled.all_nodes.items():
        for text in _strings(cnode.node.model_dump(by_alias=True, exclude={"id"})):
            try:
                refs = find_references(text)
            except ReferenceSyntaxError:
                continue  # reported by the references pass
            for ref in refs:
                if ref.root == "vars" and ref.path:
                    readers.setdefault(str(ref.path[0]), node_id)
    return readers


def require_vars(compiled: CompiledPlan, given: Mapping[str, Any]) -> None:
    """Refuse to start a run while a placeholder is not given or a given value does not fit
    its type: raises `IssuesFound` with one error per var (path `vars.<name>`, line, hint)."""
    plan_file = str(compiled.source) if compiled.source is not None else "PLAN"
    readers = readers_of(compiled)
    issues: list[Issue] = []
    for name, ph in plan_placeholders(compiled.plan).items():
        path = ("vars", name)
        common: dict[str, Any] = {
            "node_id": readers.get(name),
            "path": format_path(path),
            "line": compiled.lines.line(path),
            "file": compiled.lines.file,
        }
        if name not in given:
            issues.append(
                Issue(
                    code=IssueCode.VAR_PLACEHOLDER,
                    message=t("issue.placeholder.unset", name=name, what=describe(ph)),
                    hint=how_to_give(name, ph, plan_file),
                    **common,
                )
            )
            continue
        problems = validate_value(ph.value_schema(), given[name])
        if problems:
            shown = json.dumps(given[name], ensure_ascii=False, default=str)
            issues.append(
                Issue(
                    code=IssueCode.TYPE_MISMATCH,
                    message=t(
                        "issue.placeholder.mismatch",
                        name=name,
                        shown=shown,
                        what=describe(ph),
                        detail=problems[0].message,
                    ),
                    hint=t("issue.placeholder.mismatch_hint", type=ph.type, name=name),
                    **common,
                )
            )
    if issues:
        raise IssuesFound(issues)


def refuse_unfilled(plan: Plan, given: Mapping[str, Any] | None) -> None:
    """The semantic core's guard: a placeholder without a given value stops the run before
    any node starts (`BlockError` VAR_PLACEHOLDER naming the var and how to give it)."""
    missing = {n: ph for n, ph in plan_placeholders(plan).items() if n not in (given or {})}
    if not missing:
        return
    name, ph = next(iter(missing.items()))
    raise BlockError(
        IssueCode.VAR_PLACEHOLDER,
        t("runtime.placeholder.unset", name=name, what=describe(ph))
        + (
            t(
                "runtime.placeholder.more",
                count=len(missing) - 1,
                names=", ".join(list(missing)[1:]),
            )
            if len(missing) > 1
            else ""
        ),
        details={"vars": sorted(missing), "plan_id": plan.id},
        hint=how_to_give(name, ph),
    )


def dry_run_vars(plan: Plan) -> dict[str, Any]:
    """A sample per placeholder: its example, else its first option, else an empty value of
    its type (the dry-run walks the plan; it never runs it)."""
    samples: dict[str, Any] = {}
    for name, ph in plan_placeholders(plan).items():
        if ph.example is not None:
            samples[name] = ph.example
        elif ph.options:
            samples[name] = ph.options[0]
        else:
            samples[name] = _EMPTY[ph.type]
    return samples
