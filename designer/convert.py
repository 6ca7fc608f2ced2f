"""Turn a model answer into plan data (a dict in the shape of `compiler.models.Plan`).

The conversion invents nothing: a `json` value that does not parse, a key given twice or a
loop with neither `foreach` nor `while` becomes an `Issue` at the node's key path, for the
repair round, next to the compiler's own issues.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from blocks.sdk.errors import Issue, IssueCode
from designer.answer import (
    DesignAnswer,
    ExportAnswer,
    InputBinding,
    NodeAnswer,
    VarAnswer,
)
from keiri.base.catalog import t

__all__ = ["answer_to_plan", "decode_value", "merge_base"]

Path_ = tuple[str | int, ...]


def decode_value(
    value: str, fmt: str, path: Path_, node_id: str | None, issues: list[Issue]
) -> Any:
    """`text` → the string; `json` → the parsed JSON value (an issue when it does not parse)."""
    if fmt != "json":
        return value
    try:
        return json.loads(value)
    except json.JSONDecodeError as exc:
        issues.append(
            Issue(
                code=IssueCode.PLAN_SCHEMA_INVALID,
                message=t("issue.design.bad_json", value=repr(value[:80]), detail=exc.msg),
                node_id=node_id,
                loc=tuple(path),
                hint=t("issue.design.bad_json_hint"),
            )
        )
        return value


#: The message and hint keys of a name given twice: an input of a node, a var of the plan.
_INPUT_TWICE = ("issue.design.input_twice", "issue.design.input_twice_hint")
_VAR_TWICE = ("issue.design.var_twice", "issue.design.var_twice_hint")


def _decoded(
    named: Sequence[tuple[str, str, str]],
    path: Path_,
    node_id: str | None,
    twice: tuple[str, str],
    issues: list[Issue],
) -> dict[str, Any]:
    """Each `(name, value, format)` decoded under its name; a name given again is an issue
    (`twice`: its message and hint keys)."""
    out: dict[str, Any] = {}
    for name, value, fmt in named:
        if name in out:
            issues.append(
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message=t(twice[0], name=repr(name)),
                    node_id=node_id,
                    loc=(*path, name),
                    hint=t(twice[1]),
                )
            )
            continue
        out[name] = decode_value(value, fmt, (*path, name), node_id, issues)
    return out


def _bindings(
    items: Sequence[InputBinding], path: Path_, node_id: str, issues: list[Issue]
) -> dict[str, Any]:
    named = [(item.key, item.value, item.format) for item in items]
    return _decoded(named, path, node_id, _INPUT_TWICE, issues)


def _exports(items: Sequence[ExportAnswer]) -> list[dict[str, str]]:
    return [{"from": e.from_, "as": e.as_} for e in items]


def _node(node: NodeAnswer, path: Path_, issues: list[Issue]) -> dict[str, Any]:
    data: dict[str, Any] = {"id": node.id}
    kind = node.type or "task"
    if kind != "task":
        data["type"] = kind
    if node.description:
        data["description"] = node.description
    if node.when and node.when.strip():
        data["when"] = {"expr": node.when.strip()}
    if kind == "loop":
        if (node.foreach is None) == (node.while_ is None):
            issues.append(
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message=t("issue.loop.one_of"),
                    node_id=node.id,
                    loc=tuple(path),
                    hint=t("issue.loop.one_of_hint"),
                )
            )
        if node.foreach is not None:
            foreach: dict[str, Any] = {
                "input": node.foreach.input,
                "itemVar": node.foreach.item_var or "item",
            }
            if node.foreach.index_var:
                foreach["indexVar"] = node.foreach.index_var
            if node.foreach.max_concurrency:
                foreach["max_concurrency"] = node.foreach.max_concurrency
            data["foreach"] = foreach
        if node.while_ is not None:
            data["while"] = {
                "condition": {"expr": node.while_.condition},
                "max_iterations": node.while_.max_iterations,
            }
        body_path = (*path, "body", "plan", "graph")
        plan: dict[str, Any] = {
            "graph": [_node(n, (*body_path, i), issues) for i, n in enumerate(node.body)]
        }
        if node.exports:
            plan["exports"] = _exports(node.exports)
        data["body"] = {"plan": plan}
        if node.collect:
            data["out"] = {"collect": node.collect}
        return data
    if kind == "subflow":
        call = node.call
        data["call"] = {
            "plan_id": call.plan_id if call else "",
            "inputs": _bindings(call.inputs, (*path, "call", "inputs"), node.id, issues)
            if call
            else {},
        }
        if node.exports:
            data["out"] = {"exports": _exports(node.exports)}
        return data
    data["block"] = node.block or ""
    data["in"] = _bindings(node.in_, (*path, "in"), node.id, issues)
    if node.out:
        data["out"] = {o.key: o.alias for o in node.out}
    return data


def _vars(items: Sequence[VarAnswer], issues: list[Issue]) -> dict[str, Any]:
    named = [(var.name, var.value, var.format) for var in items]
    return _decoded(named, ("vars",), None, _VAR_TWICE, issues)


def answer_to_plan(answer: DesignAnswer, *, offset: int = 0) -> tuple[dict[str, Any], list[Issue]]:
    """Plan data of an answer; `offset` shifts graph indexes in issue paths (compose mode)."""
    issues: list[Issue] = []
    data: dict[str, Any] = {"apiVersion": "v1", "id": answer.id, "version": answer.version}
    if answer.description:
        data["description"] = answer.description
    data["vars"] = _vars(answer.vars, issues)
    data["policy"] = {"on_error": answer.on_error, "retries": answer.retries}
    if answer.ui_layout:
        data["ui"] = {"layout": list(answer.ui_layout)}
    data["graph"] = [_node(n, ("graph", offset + i), issues) for i, n in enumerate(answer.graph)]
    return data, issues


def merge_base(base: dict[str, Any], answer_data: dict[str, Any]) -> dict[str, Any]:
    """Compose mode: the fixed template nodes first, then the model's nodes and settings.

    The model's vars fill the base's (unbound imports are null there); ui layouts concatenate.
    """
    merged: dict[str, Any] = {
        "apiVersion": "v1",
        "id": answer_data.get("id") or base.get("id"),
        "version": answer_data.get("version") or base.get("version", "0.1.0"),
    }
    if answer_data.get("description") or base.get("description"):
        merged["description"] = answer_data.get("description") or base.get("description")
    plan_vars = dict(base.get("vars", {}))
    for key, value in answer_data.get("vars", {}).items():
        if value is not None or key not in plan_vars:
            plan_vars[key] = value
    merged["vars"] = plan_vars
    merged["policy"] = answer_data.get("policy", {})
    layout = list(base.get("ui", {}).get("layout", []))
    layout += [n for n in answer_data.get("ui", {}).get("layout", []) if n not in layout]
    if layout:
        merged["ui"] = {"layout": layout}
    merged["graph"] = list(base.get("graph", [])) + list(answer_data.get("graph", []))
    if base.get("exports"):
        merged["exports"] = list(base["exports"])
    return merged
