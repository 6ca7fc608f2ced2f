"""Plan templates (seed 001 §4): `designs/templates/<category>/<id>.yaml`.

A template is a reusable part of a plan: a `graph_snippet` (nodes exactly as in a plan's
`graph`) with a contract — `imports` (what it expects, referenced inside the snippet as
`${vars.<name>}`) and `exports` (what it provides: an alias and the `node.alias` it comes
from). `vars_defaults` give values to its other `${vars.*}` settings.

`load_templates()` reads and validates every file (YAML lines kept: a problem reads
`graph_snippet[1].in.x at designs/templates/x/y.yaml:12`); `check_template()` validates one
template as a plan of its own: contract checks, then the compiler and the dry-run, with each
import bound to its `example`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from blocks.sdk.errors import Issue, IssueCode, IssuesFound, from_validation_error
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.yaml_loader import LineMap, LoadedYaml, load_yaml_file
from compiler.compile import compile_loaded
from compiler.dryrun import dry_run_compiled
from compiler.models import LoopNode, Node, SubflowNode, TaskNode
from compiler.references import ReferenceSyntaxError, find_references
from keiri.base import settings
from keiri.base.catalog import t

__all__ = [
    "ContractType",
    "ExportSpec",
    "ImportSpec",
    "LoadedTemplate",
    "TemplateSpec",
    "UISuggestions",
    "check_template",
    "iter_nodes",
    "load_templates",
    "snippet_var_names",
    "templates_dir",
]

ContractType = Literal[
    "string", "number", "integer", "boolean", "object", "array", "file", "files", "any"
]
_REF_PATTERN = r"^[A-Za-z_][A-Za-z0-9_\-]*\.[^\s.][^\s]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ImportSpec(_Strict):
    """An input the template expects; the snippet reads it as `${vars.<name>}`."""

    type: ContractType
    description: str = ""
    example: Any = Field(
        default=None, description="A realistic value, used when the template is checked alone"
    )


class ExportSpec(_Strict):
    """An output the template provides."""

    type: ContractType
    description: str = ""
    from_: str = Field(
        alias="from",
        pattern=_REF_PATTERN,
        description="`node.alias` (or `node.alias.path`) of a top-level snippet node",
    )


class UISuggestions(_Strict):
    layout: list[str] | None = None


class TemplateSpec(_Strict):
    """A reusable part of a plan with an I/O contract (seed 001 §4 `TemplateSpec`)."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        json_schema_extra={"$id": "https://keiri.dev/schemas/template.schema.json"},
    )

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1)
    description: str | None = None
    tags: list[str] = Field(default_factory=list)
    imports: dict[str, ImportSpec] = Field(default_factory=dict)
    exports: dict[str, ExportSpec] = Field(default_factory=dict)
    vars_defaults: dict[str, Any] | None = None
    ui_suggestions: UISuggestions | None = None
    graph_snippet: list[Node] = Field(min_length=1)

    def blocks(self) -> list[str]:
        """Block ids used by the snippet (loop bodies included), in order, once each."""
        seen: dict[str, None] = {}
        for node in iter_nodes(self.graph_snippet):
            if isinstance(node, TaskNode):
                seen.setdefault(node.block_id, None)
        return list(seen)


@dataclass(frozen=True)
class LoadedTemplate:
    spec: TemplateSpec
    path: Path
    category: str
    lines: LineMap

    @property
    def id(self) -> str:
        return self.spec.id


def templates_dir() -> Path:
    """`KEIRI_TEMPLATES_DIR`, default `<designs>/templates`."""
    return settings.templates_dir()


def iter_nodes(nodes: list[Any]) -> Iterator[TaskNode | LoopNode | SubflowNode]:
    """Every node of a graph, loop bodies included (depth first)."""
    for node in nodes:
        yield node
        if isinstance(node, LoopNode):
            yield from iter_nodes(list(node.body.plan.graph))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def snippet_var_names(spec: TemplateSpec) -> set[str]:
    """Names read as `${vars.<name>}` anywhere in the snippet."""
    names: set[str] = set()
    data = [n.model_dump(by_alias=True, exclude_unset=True) for n in spec.graph_snippet]
    for text in _strings(data):
        try:
            refs = find_references(text)
        except ReferenceSyntaxError:
            continue  # reported by the compiler with its location
        names.update(str(r.path[0]) for r in refs if r.root == "vars" and r.path)
    return names


def _issue(
    loaded: LoadedTemplate, code: str, message: str, path: tuple[Any, ...], hint: str
) -> Issue:
    return Issue(
        code=code,
        message=message,
        loc=tuple(path),
        line=loaded.lines.line(path),
        hint=hint,
        file=str(loaded.path),
    )


def _contract_issues(loaded: LoadedTemplate) -> list[Issue]:
    spec = loaded.spec
    issues: list[Issue] = []
    used = snippet_var_names(spec)
    defaults = spec.vars_defaults or {}
    for name in sorted(used - set(spec.imports) - set(defaults)):
        issues.append(
            _issue(
                loaded,
                IssueCode.UNRESOLVED_REFERENCE,
                f"the snippet reads ${{vars.{name}}}, which is neither an import nor in vars_defaults",
                ("graph_snippet",),
                f"declare {name} under imports (an input) or vars_defaults (a setting)",
            )
        )
    for name in sorted(set(spec.imports) - used):
        issues.append(
            _issue(
                loaded,
                IssueCode.UNUSED_OUTPUT,
                f"import {name!r} is never read by the snippet (as ${{vars.{name}}})",
                ("imports", name),
                "remove the import or use it",
            ).model_copy(update={"severity": "warning"})
        )
    top = {n.id for n in spec.graph_snippet}
    for name, export in spec.exports.items():
        node_id = export.from_.split(".", 1)[0]
        if node_id not in top:
            issues.append(
                _issue(
                    loaded,
                    IssueCode.UNKNOWN_OUTPUT,
                    f"export {name!r} comes from {export.from_!r}, but {node_id!r} is not a "
                    "top-level node of the snippet",
                    ("exports", name, "from"),
                    f"top-level nodes: {', '.join(sorted(top))}",
                )
            )
    for index, node_id in enumerate(
        (spec.ui_suggestions.layout or []) if spec.ui_suggestions else []
    ):
        if node_id not in {n.id for n in iter_nodes(spec.graph_snippet)}:
            issues.append(
                _issue(
                    loaded,
                    IssueCode.UI_LAYOUT_MISMATCH,
                    f"ui_suggestions.layout names {node_id!r}, which is not a snippet node",
                    ("ui_suggestions", "layout", index),
                    "list snippet node ids",
                )
            )
    return issues


def _as_plan(loaded: LoadedTemplate) -> LoadedYaml:
    spec = loaded.spec
    data: dict[str, Any] = {
        "apiVersion": "v1",
        "id": spec.id,
        "vars": {
            **(spec.vars_defaults or {}),
            **{k: imp.example for k, imp in spec.imports.items()},
        },
        "graph": [n.model_dump(by_alias=True, exclude_unset=True) for n in spec.graph_snippet],
        "exports": [{"from": e.from_, "as": name} for name, e in spec.exports.items()],
    }
    if spec.ui_suggestions and spec.ui_suggestions.layout:
        data["ui"] = {"layout": list(spec.ui_suggestions.layout)}
    # Keep the template file's lines: the snippet's `graph_snippet[...]` is the plan's `graph`.
    remap = {
        "graph_snippet": "graph",
        "ui_suggestions": "ui",
    }
    lines = LineMap(
        {
            ((remap.get(str(p[0]), p[0]), *p[1:]) if p else p): n
            for p, n in loaded.lines.lines.items()
        },
        loaded.lines.file,
    )
    return LoadedYaml(data, lines)


def _back(issue: Issue) -> Issue:
    """A compiler issue's path in template terms (`graph[0]` is `graph_snippet[0]`)."""
    loc = issue.loc
    for plan_key, template_key in (("graph", "graph_snippet"), ("ui", "ui_suggestions")):
        if loc[:1] == (plan_key,):
            loc = (template_key, *loc[1:])
    return issue.model_copy(update={"loc": loc})


def check_template(
    loaded: LoadedTemplate, registry: BlockRegistry, *, dry_run: bool = True
) -> list[Issue]:
    """Every problem of one template used alone (errors and warnings, sorted)."""
    issues = _contract_issues(loaded)
    missing = [k for k, imp in loaded.spec.imports.items() if imp.example is None]
    for name in missing:
        issues.append(
            _issue(
                loaded,
                IssueCode.MISSING_REQUIRED_INPUT,
                f"import {name!r} has no example",
                ("imports", name),
                "add imports.<name>.example (a realistic value) so the template can be checked",
            )
        )
    if not any(i.severity == "error" for i in issues):
        try:
            compiled, warnings = compile_loaded(_as_plan(loaded), registry, source=loaded.path)
        except IssuesFound as exc:
            issues.extend(_back(i) for i in exc.issues)
        else:
            issues.extend(_back(i) for i in warnings)
            if dry_run:
                report = dry_run_compiled(compiled)
                issues.extend(_back(i) for i in report.errors)
    return sorted(issues, key=Issue.sort_key)


def _load_one(path: Path, root: Path) -> LoadedTemplate:
    loaded = load_yaml_file(path)
    try:
        spec = TemplateSpec.model_validate(loaded.data)
    except ValidationError as exc:
        raise IssuesFound(
            from_validation_error(
                exc,
                loaded.lines,
                str(path),
                hint=t("issue.template.see_schema"),
                message_prefix=t("issue.template.prefix"),
                union_tags=("task", "loop", "subflow"),
            )
        ) from None
    category = path.parent.relative_to(root).as_posix()
    if spec.id != path.stem:
        raise IssuesFound(
            [
                Issue(
                    code=IssueCode.PLAN_SCHEMA_INVALID,
                    message=t(
                        "issue.template.id_mismatch", name=repr(spec.id), file=repr(path.name)
                    ),
                    loc=("id",),
                    line=loaded.lines.line(["id"]),
                    hint=t("issue.template.id_mismatch_hint"),
                    file=str(path),
                )
            ]
        )
    return LoadedTemplate(spec, path, category, loaded.lines)


def load_templates(root: Path | None = None) -> dict[str, LoadedTemplate]:
    """Every template under `root` (default `<designs>/templates`), by id.

    Raises `IssuesFound` with every problem of every file (YAML, schema, id/file name, a
    duplicate id with both files) — a broken template is reported, never skipped.
    """
    base = root or templates_dir()
    found: dict[str, LoadedTemplate] = {}
    issues: list[Issue] = []
    for path in sorted(base.rglob("*.yaml")) if base.is_dir() else []:
        try:
            loaded = _load_one(path, base)
        except IssuesFound as exc:
            issues.extend(exc.issues)
            continue
        if loaded.id in found:
            issues.append(
                Issue(
                    code=IssueCode.DUPLICATE_NODE_ID,
                    message=t(
                        "issue.template.twice",
                        name=repr(loaded.id),
                        first=found[loaded.id].path,
                        second=path,
                    ),
                    loc=("id",),
                    file=str(path),
                    hint=t("issue.template.twice_hint"),
                )
            )
            continue
        found[loaded.id] = loaded
    if issues:
        raise IssuesFound(issues)
    return found
