"""Pass `types`: every edge (a reference or a literal flowing into a block input, a foreach
input) is checked against the target's JSON Schema: TYPE_MISMATCH. A literal structured-output
schema (an input the spec names in `output_schema_inputs`) is checked by the rules the block
applies at run time (`blocks.llm.schema`): TYPE_MISMATCH at the schema's key path."""

from __future__ import annotations

import re
from typing import Any

from blocks.llm.schema import output_schema_problems
from blocks.sdk.errors import IssueCode
from blocks.sdk.spec import port_json_schema
from blocks.sdk.validation import validate_value
from compiler.models import LoopNode
from compiler.passes.context import CompileContext
from compiler.references import find_references, whole_reference
from compiler.resolvers import resolve_reference
from compiler.scope import CompiledNode, CompiledPlan, CompiledTask, KeyPath, Scope
from compiler.typecheck import compatible, describe
from keiri.base.catalog import t
from keiri.base.errors.issues import did_you_mean

__all__ = ["pass_types"]


def _contains_reference(value: Any) -> bool:
    if isinstance(value, str):
        return "${" in value
    if isinstance(value, dict):
        return any(_contains_reference(v) for v in value.values())
    if isinstance(value, list):
        return any(_contains_reference(v) for v in value)
    return False


def pass_types(ctx: CompileContext) -> None:
    compiled = ctx.compiled
    if compiled is None:
        return
    for scope in compiled.scopes():
        for cnode in scope.nodes.values():
            node = cnode.node
            if isinstance(cnode, CompiledTask):
                for key, value in cnode.node.in_.items():
                    port = cnode.spec.inputs.get(key)
                    if port is not None:
                        _check_edge(
                            ctx,
                            compiled,
                            scope,
                            cnode,
                            (*cnode.path, "in", key),
                            value,
                            port_json_schema(port),
                        )
                        if key in cnode.spec.output_schema_inputs:
                            _check_output_schema(ctx, cnode, key, value, port_json_schema(port))
            if isinstance(node, LoopNode) and node.foreach is not None:
                _check_edge(
                    ctx,
                    compiled,
                    scope,
                    cnode,
                    (*cnode.path, "foreach", "input"),
                    node.foreach.input,
                    {"type": "array"},
                )


def _check_edge(
    ctx: CompileContext,
    compiled: CompiledPlan,
    scope: Scope,
    cnode: CompiledNode,
    path: KeyPath,
    value: Any,
    target: dict[str, Any],
) -> None:
    if isinstance(value, str):
        try:
            ref = whole_reference(value)
            refs = find_references(value)
        except ValueError:
            return  # reported by the references pass
        if ref is not None:
            resolved = resolve_reference(compiled, scope, ref)
            if resolved.error_code is None and not compatible(resolved.schema, target):
                ctx.issue(
                    IssueCode.TYPE_MISMATCH,
                    t(
                        "issue.type.ref",
                        ref=ref.text,
                        actual=describe(resolved.schema),
                        name=path[-1],
                        expected=describe(target),
                    ),
                    path,
                    cnode.id,
                    t("issue.type.ref_hint"),
                )
            return
        if refs:
            if not compatible({"type": "string"}, target):
                ctx.issue(
                    IssueCode.TYPE_MISMATCH,
                    t("issue.type.embedded", name=path[-1], expected=describe(target)),
                    path,
                    cnode.id,
                    t("issue.type.embedded_hint"),
                )
            return
    if _contains_reference(value):
        return
    for problem in validate_value(target, value):
        where = (*path, *problem.loc)
        choices = target.get("enum") if not problem.loc else None
        suggestion = (
            did_you_mean(value, [str(c) for c in choices])
            if isinstance(value, str) and isinstance(choices, list)
            else ""
        )
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            f"{'.'.join(map(str, where[-2:]))}: {problem.message}",
            where,
            cnode.id,
            suggestion or t("issue.type.literal_hint"),
        )


def _check_output_schema(
    ctx: CompileContext, cnode: CompiledTask, key: str, value: Any, target: dict[str, Any]
) -> None:
    """A literal structured-output schema, checked as the block checks it when it runs (once
    it fits the port: a value that is not a mapping at all is the edge check's problem)."""
    if _contains_reference(value) or validate_value(target, value):
        return
    for problem in output_schema_problems(value):
        ctx.issue(
            IssueCode.TYPE_MISMATCH,
            t(
                "issue.llm_schema.problem",
                field=".".join((key, *problem.parts)),
                message=problem.message,
            ),
            (*cnode.path, "in", key, *_key_path(problem.parts)),
            cnode.id,
            t("issue.llm_schema.hint"),
        )


def _key_path(parts: tuple[str, ...]) -> KeyPath:
    """A schema's key path with list positions as numbers (`enum[1]` -> `enum`, 1)."""
    out: list[str | int] = []
    for part in parts:
        match = re.fullmatch(r"(.+)\[(\d+)\]", part)
        out += [match[1], int(match[2])] if match else [part]
    return tuple(out)
