"""Reference sites of a node: every template value and expression that may hold `${...}`,
with its key path (shared by the references, types and usage passes)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from compiler.expressions import parse_expression, references_in
from compiler.models import LoopNode, SubflowNode, TaskNode, WhenCompare, WhenExpr
from compiler.references import Reference, find_references
from compiler.scope import CompiledNode, KeyPath

__all__ = ["RefSite", "node_sites", "site_references", "walk_strings"]


@dataclass(frozen=True)
class RefSite:
    """A place holding references: a template value or an expression."""

    path: KeyPath
    value: Any
    kind: str  # "template" | "expr" | "compare"


def walk_strings(value: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if isinstance(value, str):
        if "${" in value:
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from walk_strings(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk_strings(item, (*path, index))


def _when_sites(when: WhenExpr | WhenCompare | None, path: KeyPath) -> list[RefSite]:
    if isinstance(when, WhenExpr):
        return [RefSite((*path, "expr"), when.expr, "expr")]
    if isinstance(when, WhenCompare):
        return [
            RefSite((*path, "left"), when.left, "template"),
            RefSite((*path, "right"), when.right, "template"),
        ]
    return []


def node_sites(cnode: CompiledNode) -> list[RefSite]:
    node, path = cnode.node, cnode.path
    sites = _when_sites(node.when, (*path, "when"))
    if isinstance(node, TaskNode):
        sites += [RefSite(p, v, "template") for p, v in walk_strings(node.in_, (*path, "in"))]
    elif isinstance(node, LoopNode):
        if node.foreach is not None:
            sites += [
                RefSite(p, v, "template")
                for p, v in walk_strings(node.foreach.input, (*path, "foreach", "input"))
            ]
        if node.while_ is not None:
            sites += _when_sites(node.while_.condition, (*path, "while", "condition"))
    elif isinstance(node, SubflowNode):
        sites += [
            RefSite(p, v, "template")
            for p, v in walk_strings(node.call.inputs, (*path, "call", "inputs"))
        ]
    return sites


@lru_cache(maxsize=8192)
def _expr_references(text: str) -> tuple[Reference, ...]:
    return tuple(references_in(parse_expression(text)))


@lru_cache(maxsize=8192)
def _template_references(text: str) -> tuple[Reference, ...]:
    return tuple(find_references(text))


def site_references(site: RefSite) -> list[Reference]:
    """References of a site; raises ReferenceSyntaxError / ExpressionSyntaxError."""
    if site.kind == "expr":
        return list(_expr_references(str(site.value)))
    if isinstance(site.value, str):
        return list(_template_references(site.value))
    return []
