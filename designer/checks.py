"""Checking a designed plan: the compiler's validation, the designer's rules, the dry-run.

`check_plan_text()` is what "検証/ドライラン" runs (the form app, the CLI and every generation
attempt): YAML → every compiler pass → the designer rules of seed 001 §5 (e.g. `ai.process_llm`
needs `prompt` or `instruction`) → the dry-run on declared samples. Success means no error at
all. `plan_to_yaml()` renders plan data with the yaml-language-server header; `save_plan()`
writes `designs/<plan_id>_<yyyymmddHHMM>.yaml` atomically.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from blocks.sdk.atomic_write import write_text_atomic
from blocks.sdk.errors import Issue, IssueCode, IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_text
from compiler.dryrun import DryRunReport, dry_run_compiled
from compiler.models import Plan, TaskNode
from designer.templates import iter_nodes
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors.report import IssueReport

__all__ = [
    "ONE_OF_INPUTS",
    "PlanCheck",
    "check_plan_text",
    "designer_rule_issues",
    "plan_to_yaml",
    "save_plan",
]

#: Inputs of which at least one must be given, per block (seed 001 §5: ai.process_llm).
ONE_OF_INPUTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "ai.process_llm": (("prompt", "instruction"),),
}


@dataclass(kw_only=True)
class PlanCheck(IssueReport):
    """The outcome of checking one plan text."""

    yaml: str
    plan: Plan | None = None
    dry_run: DryRunReport | None = None
    dry_run_ms: float | None = None

    def to_json(self) -> dict[str, Any]:
        return super().to_json() | {"dry_run_ms": self.dry_run_ms}


def designer_rule_issues(plan: Plan) -> list[Issue]:
    """Issues of the designer's own rules (not expressible in a block spec)."""
    issues: list[Issue] = []
    paths = _node_paths(plan)
    for node in iter_nodes(list(plan.graph)):
        if not isinstance(node, TaskNode):
            continue
        for group in ONE_OF_INPUTS.get(node.block_id, ()):
            if not any(node.in_.get(key) not in (None, "") for key in group):
                issues.append(
                    Issue(
                        code=IssueCode.MISSING_REQUIRED_INPUT,
                        message=t(
                            "issue.one_of.missing", block=node.block_id, names=", ".join(group)
                        ),
                        node_id=node.id,
                        loc=(*paths.get(node.id, ()), "in"),
                        hint=t("issue.design.add_instruction", name=group[0]),
                    )
                )
    return issues


def _node_paths(plan: Plan) -> dict[str, tuple[str | int, ...]]:
    paths: dict[str, tuple[str | int, ...]] = {}

    def walk(nodes: list[Any], base: tuple[str | int, ...]) -> None:
        for index, node in enumerate(nodes):
            paths.setdefault(node.id, (*base, index))
            body = getattr(node, "body", None)
            if body is not None:
                walk(list(body.plan.graph), (*base, index, "body", "plan", "graph"))

    walk(list(plan.graph), ("graph",))
    return paths


def check_plan_text(
    text: str, registry: BlockRegistry, *, dry_run: bool = True, file: str | None = None
) -> PlanCheck:
    """Validate (every pass), apply the designer rules, then dry-run when there is no error."""
    check = PlanCheck(yaml=text)
    try:
        compiled, warnings = compile_text(text, registry, file=file)
    except IssuesFound as exc:
        check.errors = [i for i in exc.issues if i.severity == "error"]
        check.warnings = [i for i in exc.issues if i.severity == "warning"]
        try:
            check.plan = Plan.model_validate(yaml.safe_load(text))
        except (yaml.YAMLError, ValueError):
            check.plan = None
        if check.plan is not None:
            check.errors += _new(designer_rule_issues(check.plan), check.errors)
        check.errors.sort(key=Issue.sort_key)
        return check
    check.plan = compiled.plan
    check.warnings = list(warnings)
    check.errors = designer_rule_issues(compiled.plan)
    if dry_run and not check.errors:
        started = time.perf_counter()
        check.dry_run = dry_run_compiled(compiled, warnings)
        check.dry_run_ms = round((time.perf_counter() - started) * 1000, 2)
        check.errors.extend(check.dry_run.errors)
    check.errors.sort(key=Issue.sort_key)
    return check


def _new(found: list[Issue], existing: list[Issue]) -> list[Issue]:
    seen = {(i.node_id, i.code, i.path) for i in existing}
    return [i for i in found if (i.node_id, i.code, i.path) not in seen]


# -- YAML output -------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Multi-line strings as `|` blocks; everything else as PyYAML's safe dumper does."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


_PLAN_ORDER = ("apiVersion", "id", "version", "description", "vars", "policy", "ui", "graph")
_NODE_ORDER = ("id", "type", "block", "description", "when", "foreach", "while", "in", "call")


def _ordered(data: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    first = {k: data[k] for k in order if k in data}
    return {**first, **{k: v for k, v in data.items() if k not in first}}


def _canonical_node(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    out = _ordered(node, _NODE_ORDER)
    body = out.get("body")
    if isinstance(body, dict) and isinstance(body.get("plan"), dict):
        plan = dict(body["plan"])
        plan["graph"] = [_canonical_node(n) for n in plan.get("graph", [])]
        out["body"] = {**body, "plan": plan}
    return out


def plan_to_yaml(data: dict[str, Any], *, schema_dir: Path | None = None) -> str:
    """YAML of plan data, with the yaml-language-server header for the folder it will live in.

    Keys are written in the usual reading order (plan: id, version, vars, ...; node: id,
    block, when, in, out, ...)."""
    schema = settings.project_root() / "schemas" / "plan.schema.json"
    rel = os.path.relpath(schema, schema_dir or settings.designs_dir()).replace(os.sep, "/")
    ordered = _ordered(data, _PLAN_ORDER)
    if isinstance(ordered.get("graph"), list):
        ordered["graph"] = [_canonical_node(n) for n in ordered["graph"]]
    body = yaml.dump(
        ordered,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
        default_flow_style=False,
    )
    return (
        f"# yaml-language-server: $schema={rel}\n# Generated by keiri generate (designer).\n{body}"
    )


def _with_header(text: str, folder: Path) -> str:
    schema = settings.project_root() / "schemas" / "plan.schema.json"
    rel = os.path.relpath(schema, folder).replace(os.sep, "/")
    header = f"# yaml-language-server: $schema={rel}"
    lines = text.splitlines()
    if lines and lines[0].startswith("# yaml-language-server:"):
        lines[0] = header
        return "\n".join(lines) + "\n"
    return header + "\n" + text


def save_plan(
    text: str, plan_id: str, out: Path | None = None, *, now: datetime | None = None
) -> Path:
    """Write a plan text to `out`, or to `<designs>/<plan_id>_<yyyymmddHHMM>.yaml` (never
    overwriting: a second save in the same minute gets `_2`). Atomic (temp file + rename)."""
    if out is None:
        stamp = (now or datetime.now()).strftime("%Y%m%d%H%M")
        folder = settings.designs_dir()
        target = folder / f"{plan_id}_{stamp}.yaml"
        n = 2
        while target.exists():
            target = folder / f"{plan_id}_{stamp}_{n}.yaml"
            n += 1
    else:
        target = out
    target.parent.mkdir(parents=True, exist_ok=True)
    content = _with_header(text, target.parent.resolve())
    write_text_atomic(target, content)
    return target
