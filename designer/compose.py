"""Safe composition of templates into one plan (seed 001 §4 "合成ルール").

- Node ids are made unique: every snippet node becomes `<template id>__<node id>`, and every
  reference to it (`${node...}` in inputs, `when`, loops, exports, `ui.layout`) follows.
- Each import is bound, in this order: an explicit binding (`"tpl.import": "${node.alias}"`
  or `"other_tpl.export"`); else the one export of another selected template with the same
  name and a compatible type. An import left unbound stays explicit: `${vars.<name>}` with
  `vars.<name>: null`, to be answered or wired later.
- Exports become the plan's `exports` (`as: <name>`).
- Every conflict (two exports with one name, one import matched by two exports, an import
  whose type does not match, two templates giving one var different defaults) is reported
  with the resolution taken, for the UI to show; nothing is resolved silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.references import ReferenceSyntaxError, find_references
from designer.templates import ContractType, TemplateSpec

__all__ = ["ComposeResult", "Conflict", "compose_templates", "types_compatible"]

NODE_SEPARATOR = "__"


@dataclass(frozen=True)
class Conflict:
    """A composition conflict and how it was resolved."""

    kind: str  # export_name | import_ambiguous | import_type | var_default | binding
    template: str
    name: str
    message: str
    resolution: str

    def to_json(self) -> dict[str, str]:
        return {
            "kind": self.kind,
            "template": self.template,
            "name": self.name,
            "message": self.message,
            "resolution": self.resolution,
        }


@dataclass
class ComposeResult:
    plan: dict[str, Any]
    bindings: dict[str, str] = field(default_factory=dict)
    unbound: dict[str, str] = field(default_factory=dict)
    exports: dict[str, str] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    node_templates: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "bindings": dict(self.bindings),
            "unbound": dict(self.unbound),
            "exports": dict(self.exports),
            "conflicts": [c.to_json() for c in self.conflicts],
        }


def types_compatible(produced: ContractType, expected: ContractType) -> bool:
    if "any" in (produced, expected) or produced == expected:
        return True
    return produced == "integer" and expected == "number"


# -- rewriting ---------------------------------------------------------------------------


@dataclass
class _Renames:
    nodes: dict[str, str]
    vars: dict[str, str]  # var name -> replacement reference body ("vars.x" or "node.alias")

    def ref_body(self, root: str, dotted: str) -> str | None:
        rest = dotted[len(root) :]
        if root in self.nodes:
            return self.nodes[root] + rest
        if root == "vars":
            name, _, tail = rest.lstrip(".").partition(".")
            name, bracket, index = name.partition("[")
            if name in self.vars:
                tail_text = (bracket + index) + (f".{tail}" if tail else "")
                return self.vars[name] + tail_text
        return None

    def text(self, value: str) -> str:
        if "${" not in value:
            return value
        try:
            refs = find_references(value)
        except ReferenceSyntaxError:
            return value  # the compiler reports it with its location
        for ref in reversed(refs):
            body = self.ref_body(ref.root, ref.dotted())
            if body is not None:
                value = value[: ref.start] + "${" + body + "}" + value[ref.end :]
        return value

    def dotted_ref(self, value: str) -> str:
        head, dot, rest = value.partition(".")
        return self.nodes.get(head, head) + dot + rest

    def value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict):
            return {k: self.value(v) for k, v in value.items()}
        return value

    def node(self, node: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "id":
                out[key] = self.nodes.get(value, value)
            elif key == "body":
                plan = value.get("plan", {})
                new_plan = dict(plan)
                new_plan["graph"] = [self.node(n) for n in plan.get("graph", [])]
                if "exports" in plan:
                    new_plan["exports"] = [
                        {**e, "from": self.dotted_ref(e["from"])} for e in plan["exports"]
                    ]
                out[key] = {**value, "plan": new_plan}
            else:
                out[key] = self.value(value)
        return out


def _all_ids(nodes: list[dict[str, Any]]) -> list[str]:
    ids: list[str] = []
    for node in nodes:
        ids.append(str(node["id"]))
        body = node.get("body", {}).get("plan", {}).get("graph", [])
        ids.extend(_all_ids(body))
    return ids


def _unique(name: str, taken: Mapping[str, Any] | set[str]) -> str:
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name}_{n}", n + 1
    return candidate


def _renamed_var(
    template: str, name: str, plan_vars: Mapping[str, Any], why: str, result: ComposeResult
) -> str:
    """A free var name for `template`'s var `name`, which another template took: the rename
    recorded as a conflict (`why`: what clashed)."""
    target = _unique(f"{template}_{name}", plan_vars)
    result.conflicts.append(
        Conflict("var_default", template, name, why, f"renamed to {target!r} for {template}")
    )
    return target


# -- composition -------------------------------------------------------------------------


def _export_refs(spec: TemplateSpec) -> dict[str, str]:
    """export name -> reference body with the prefixed node id."""
    return {name: f"{spec.id}{NODE_SEPARATOR}{e.from_}" for name, e in spec.exports.items()}


def _bind_imports(
    spec: TemplateSpec,
    templates: Sequence[TemplateSpec],
    bindings: Mapping[str, str],
    result: ComposeResult,
) -> dict[str, str]:
    """import name -> reference body for the imports that get bound."""
    bound: dict[str, str] = {}
    others = [t for t in templates if t.id != spec.id]
    for name, imp in spec.imports.items():
        key = f"{spec.id}.{name}"
        explicit = bindings.get(key)
        if explicit is not None:
            body = _explicit_source(explicit, templates, imp.type, spec.id, name, result)
            if body is not None:
                bound[name] = body
            continue
        providers = [t for t in others if name in t.exports]
        fitting = [t for t in providers if types_compatible(t.exports[name].type, imp.type)]
        if len(fitting) == 1:
            bound[name] = _export_refs(fitting[0])[name]
        elif len(fitting) > 1:
            result.conflicts.append(
                Conflict(
                    "import_ambiguous",
                    spec.id,
                    name,
                    f"import {key} matches the exports of {', '.join(t.id for t in fitting)}",
                    f"left unbound as ${{vars.{name}}}; bind it explicitly "
                    f"(e.g. {key} = {fitting[0].id}.{name})",
                )
            )
        elif providers:
            result.conflicts.append(
                Conflict(
                    "import_type",
                    spec.id,
                    name,
                    f"import {key} expects {imp.type}, but "
                    + ", ".join(f"{t.id} exports {t.exports[name].type}" for t in providers),
                    f"left unbound as ${{vars.{name}}}",
                )
            )
    return bound


def _explicit_source(
    source: str,
    templates: Sequence[TemplateSpec],
    expected: ContractType,
    template_id: str,
    name: str,
    result: ComposeResult,
) -> str | None:
    if source.startswith("${") and source.endswith("}"):
        return source[2:-1]
    owner, _, export = source.partition(".")
    provider = next((t for t in templates if t.id == owner), None)
    if provider is None or export not in provider.exports:
        result.conflicts.append(
            Conflict(
                "binding",
                template_id,
                name,
                f"binding {template_id}.{name} = {source!r} names no export of a selected template",
                f"left unbound as ${{vars.{name}}}; use '<template>.<export>' or '${{node.alias}}'",
            )
        )
        return None
    produced = provider.exports[export].type
    if not types_compatible(produced, expected):
        result.conflicts.append(
            Conflict(
                "import_type",
                template_id,
                name,
                f"{template_id}.{name} expects {expected}, bound to {source} ({produced})",
                "bound as asked; check the types",
            )
        )
    return _export_refs(provider)[export]


def compose_templates(
    templates: Sequence[TemplateSpec],
    *,
    plan_id: str = "composed_plan",
    bindings: Mapping[str, str] | None = None,
    description: str = "",
) -> ComposeResult:
    """Compose `templates` (in order) into the data of one plan; see the module docstring."""
    result = ComposeResult(plan={})
    ids = [t.id for t in templates]
    if len(set(ids)) != len(ids):
        raise ValueError(f"a template is selected twice: {ids}")
    graph: list[dict[str, Any]] = []
    plan_vars: dict[str, Any] = {}
    var_types: dict[str, str] = {}
    layout: list[str] = []
    exports: list[dict[str, str]] = []
    for spec in templates:
        raw = [n.model_dump(by_alias=True, exclude_unset=True) for n in spec.graph_snippet]
        node_names = {old: f"{spec.id}{NODE_SEPARATOR}{old}" for old in _all_ids(raw)}
        bound = _bind_imports(spec, templates, bindings or {}, result)
        var_names: dict[str, str] = {}
        for name, body in bound.items():
            var_names[name] = body
            result.bindings[f"{spec.id}.{name}"] = "${" + body + "}"
        for name, value in (spec.vars_defaults or {}).items():
            target = name
            if name in plan_vars and plan_vars[name] != value:
                why = f"var {name!r} already has {plan_vars[name]!r}; {spec.id} wants {value!r}"
                target = _renamed_var(spec.id, name, plan_vars, why, result)
            plan_vars[target] = value
            var_names[name] = f"vars.{target}"
        for name, imp in spec.imports.items():
            if name in bound:
                continue
            target = name
            if name in plan_vars and var_types.get(name) != imp.type:
                why = f"var {name!r} is already used by another template"
                target = _renamed_var(spec.id, name, plan_vars, why, result)
            plan_vars.setdefault(target, None)
            var_types[target] = imp.type
            var_names[name] = f"vars.{target}"
            result.unbound[f"{spec.id}.{name}"] = target
        renames = _Renames(node_names, var_names)
        graph.extend(renames.node(n) for n in raw)
        for new in node_names.values():
            result.node_templates[new] = spec.id
        if spec.ui_suggestions and spec.ui_suggestions.layout:
            layout.extend(node_names.get(n, n) for n in spec.ui_suggestions.layout)
        for name, body in _export_refs(spec).items():
            alias = name
            if any(e["as"] == name for e in exports):
                alias = _unique(f"{spec.id}_{name}", {e["as"] for e in exports})
                result.conflicts.append(
                    Conflict(
                        "export_name",
                        spec.id,
                        name,
                        f"export {name!r} is also provided by another template",
                        f"exported as {alias!r}",
                    )
                )
            exports.append({"from": body, "as": alias})
            result.exports[f"{spec.id}.{name}"] = "${" + body + "}"
    plan: dict[str, Any] = {
        "apiVersion": "v1",
        "id": plan_id,
        "version": "0.1.0",
    }
    if description:
        plan["description"] = description
    plan["vars"] = plan_vars
    if layout:
        plan["ui"] = {"layout": layout}
    plan["graph"] = graph
    if exports:
        plan["exports"] = exports
    result.plan = plan
    return result
