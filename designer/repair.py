"""Self-repair material (seed 001 §6): error summaries, spec excerpts and node-level diffs.

A repair prompt carries (1) each error as node, key path, rule (issue code), what was found
and what is expected; (2) the spec excerpt (inputs/outputs with types and descriptions) of
every block involved, including the "did you mean" blocks of an unknown one; (3) the changes
since the previous attempt, node by node; (4) the contract of any template involved.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from blocks.sdk.errors import Issue
from blocks.sdk.fileref import FILEREF_SCHEMA_REF
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import BlockSpec, PortSpec
from designer.answer import SkeletonAnswer
from designer.compose import ComposeResult
from designer.prompt_words import DEFAULT, ISSUE_EXPECTED, ISSUE_MORE, ISSUE_NODE, REQUIRED
from designer.templates import TemplateSpec
from keiri.base.catalog import t

__all__ = [
    "NodeDiff",
    "blocks_involved",
    "describe_port",
    "node_diff",
    "skeleton_outline",
    "spec_excerpt",
    "summarize_issues",
    "unified_diff",
]

_QUOTED = re.compile(r"'([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)'")


def _type_of(schema: Mapping[str, Any]) -> str:
    if schema.get("$ref") == FILEREF_SCHEMA_REF:
        return "file"
    if "enum" in schema:
        return "enum[" + "|".join(str(v) for v in schema["enum"]) + "]"
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            return "|".join(dict.fromkeys(_type_of(s) for s in schema[key] if isinstance(s, dict)))
    kind = schema.get("type")
    if kind == "array" and isinstance(schema.get("items"), dict):
        inner = _type_of(schema["items"])
        return "files" if inner == "file" else f"array<{inner}>"
    if isinstance(kind, list):
        return "|".join(str(k) for k in kind)
    return str(kind) if kind else "any"


def describe_port(port: PortSpec) -> str:
    """`file` / `string` / `enum[a|b]` / `array<object>` / ... of a port."""
    return _type_of(port.schema_dict())


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def spec_excerpt(spec: BlockSpec, *, description_chars: int = 240, port_chars: int = 90) -> str:
    """The part of a block spec a model needs: description, inputs (type, required,
    default), outputs."""
    lines = [f"- {spec.id}: {_short(spec.description, description_chars)}"]
    for name, port in spec.inputs.items():
        flags = []
        if port.is_required and not port.has_default:
            flags.append(REQUIRED)
        if port.has_default:
            flags.append(DEFAULT.format(value=repr(port.default)))
        flag = f" [{', '.join(flags)}]" if flags else ""
        desc = f" — {_short(port.description, port_chars)}" if port.description else ""
        lines.append(f"    in  {name}: {describe_port(port)}{flag}{desc}")
    for name, port in spec.outputs.items():
        desc = f" — {_short(port.description, port_chars)}" if port.description else ""
        lines.append(f"    out {name}: {describe_port(port)}{desc}")
    return "\n".join(lines)


def summarize_issues(issues: Sequence[Issue], limit: int = 30) -> str:
    """One line per error: rule, node, key path, the problem, and what is expected."""
    lines = []
    for issue in list(issues)[:limit]:
        where = issue.path or "<plan>"
        node = ISSUE_NODE.format(node=issue.node_id) if issue.node_id else ""
        expected = ISSUE_EXPECTED.format(hint=issue.hint) if issue.hint else ""
        lines.append(f"- [{issue.code}]{node} @ {where}: {issue.message}{expected}")
    if len(issues) > limit:
        lines.append(ISSUE_MORE.format(count=len(issues) - limit))
    return "\n".join(lines)


def blocks_involved(
    issues: Iterable[Issue], plan_data: Mapping[str, Any], registry: BlockRegistry
) -> list[BlockSpec]:
    """Specs of the blocks of the failing nodes, and of the ids suggested in the issues."""
    by_node = {n.get("id"): n.get("block") for n in _all_nodes(plan_data.get("graph", []))}
    wanted: dict[str, None] = {}
    for issue in issues:
        block = by_node.get(issue.node_id) if issue.node_id else None
        if isinstance(block, str):
            wanted.setdefault(block.split("@", 1)[0], None)
        for match in _QUOTED.finditer(f"{issue.message} {issue.hint}"):
            wanted.setdefault(match.group(1), None)
    specs = []
    for block_id in wanted:
        resolution = registry.resolve(block_id)
        if resolution.entry is not None:
            specs.append(resolution.entry.spec)
    return specs


def _all_nodes(nodes: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for node in nodes if isinstance(nodes, list) else []:
        if not isinstance(node, dict):
            continue
        found.append(node)
        body = node.get("body", {})
        if isinstance(body, dict):
            found.extend(_all_nodes(body.get("plan", {}).get("graph", [])))
    return found


@dataclass
class NodeDiff:
    """What changed between two attempts, node by node."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: dict[str, list[str]] = field(default_factory=dict)
    other: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.other)

    def to_json(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "removed": self.removed,
            "changed": self.changed,
            "other": self.other,
        }

    def render(self) -> str:
        if self.empty:
            return t("design.diff.none")
        lines = [t("design.diff.added", node=n) for n in self.added]
        lines += [t("design.diff.removed", node=n) for n in self.removed]
        lines += [
            t("design.diff.changed", node=n, keys=", ".join(keys))
            for n, keys in self.changed.items()
        ]
        lines += [f"~ {key}" for key in self.other]
        return "\n".join(lines)


def node_diff(
    before: Mapping[str, Any], after: Mapping[str, Any], *, outline: bool = False
) -> NodeDiff:
    """Node by node: added, removed, changed keys. `outline=True` when `before` is an outline
    (the stage-1 steps: id and block only): only the keys it has are compared."""
    old = {n["id"]: n for n in _all_nodes(before.get("graph", [])) if "id" in n}
    new = {n["id"]: n for n in _all_nodes(after.get("graph", [])) if "id" in n}
    diff = NodeDiff(
        added=[n for n in new if n not in old], removed=[n for n in old if n not in new]
    )
    for node_id in (n for n in new if n in old):
        compared = set(old[node_id]) if outline else set(old[node_id]) | set(new[node_id])
        keys = sorted(
            k
            for k in compared
            if k not in ("body", "id") and old[node_id].get(k) != new[node_id].get(k)
        )
        if keys:
            diff.changed[node_id] = keys
    for key in ("vars", "policy", "ui", "exports", "id"):
        if outline and key not in before:
            continue
        if before.get(key) != after.get(key):
            diff.other.append(key)
    return diff


def skeleton_outline(skeleton: SkeletonAnswer) -> dict[str, Any]:
    """The stage-1 answer as outline plan data (steps as nodes with id and block)."""
    return {"graph": [{"id": s.id, "block": s.block} for s in skeleton.steps]}


def unified_diff(before: str, after: str, *, context: int = 2) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            "previous.yaml",
            "current.yaml",
            n=context,
        )
    )


def template_contracts(
    errors: Iterable[Issue], templates: Sequence[TemplateSpec], compose: ComposeResult | None
) -> str:
    """The imports/exports of the templates whose (composed) nodes have errors."""
    if compose is None:
        return ""
    involved = {compose.node_templates.get(i.node_id or "") for i in errors} - {None}
    return "".join(
        dump(
            {
                t.id: {
                    "imports": {k: v.type for k, v in t.imports.items()},
                    "exports": {k: v.from_ for k, v in t.exports.items()},
                }
            }
        )
        for t in templates
        if t.id in involved
    )


def dump(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)


__all__ += ["dump", "template_contracts"]
