"""One resolver per reference root — `vars`, `env`, `config`, a loop variable, a node — used by
the compiler (what a reference points at, and its static schema) and by the engine (its value
while the plan runs), so both read a reference the same way.

A reference may name `vars`, `env` (allow-listed names only), `config`, a loop variable of an
enclosing loop, or a node of the same scope or an enclosing one. A node inside a loop body is
invisible from outside the loop (use the loop's `out.collect` or exports).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from blocks.sdk.errors import BlockError, ErrorCode, IssueCode
from blocks.sdk.registry import did_you_mean
from blocks.sdk.spec import port_json_schema
from compiler.placeholders import var_value_schema
from compiler.references import Reference, ReferencePathError, find_references, get_path
from compiler.scope import (
    CompiledLoop,
    CompiledNode,
    CompiledPlan,
    CompiledSubflow,
    Scope,
    Unresolved,
)
from compiler.scope import CompiledTask as _Task
from compiler.typecheck import schema_at_path, value_schema
from keiri.base import masking, settings
from keiri.base.catalog import t

__all__ = [
    "Resolved",
    "Values",
    "output_schema",
    "resolve_reference",
    "resolve_value",
]


@dataclass(frozen=True)
class Resolved:
    """What a reference points at at compile time: its schema (None = unknown) or an issue."""

    schema: dict[str, Any] | None
    target: CompiledNode | None = None
    error_code: str | None = None
    error: str = ""
    hint: str = ""


def _fail(code: str, message: str, hint: str = "", target: CompiledNode | None = None) -> Resolved:
    return Resolved(None, target, code, message, hint)


class Values(Protocol):
    """What the engine offers a resolver while a plan runs (a frame of the run)."""

    @property
    def vars(self) -> dict[str, Any]: ...

    @property
    def config(self) -> dict[str, Any]: ...

    def local(self, root: str) -> tuple[bool, Any]:
        """(found, value) of a loop variable or node output visible from this frame."""
        ...


# -- vars -------------------------------------------------------------------------------------


def _vars_schema(compiled: CompiledPlan, ref: Reference) -> Resolved:
    path = list(ref.path)
    if not path:
        return Resolved({"type": "object"})
    key = str(path[0])
    plan = compiled.plan
    if key not in plan.vars:
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            t("issue.ref.no_var", name=repr(key)),
            did_you_mean(key, sorted(plan.vars)) or t("issue.ref.no_var_hint"),
        )
    value = plan.vars[key]
    inner = find_references(value) if isinstance(value, str) else []
    if len(inner) == 1 and inner[0].text == value:
        base = resolve_reference(compiled, None, inner[0])
        if base.error_code:
            return base
        schema, err = schema_at_path(base.schema, path[1:])
    else:
        schema, err = schema_at_path(var_value_schema(value), path[1:])
    if err:
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            t("issue.ref.var_path", ref=ref.text, name=key, detail=err),
        )
    return Resolved(schema)


# -- env --------------------------------------------------------------------------------------


def _env_schema(ref: Reference) -> Resolved:
    if len(ref.path) != 1:
        return _fail(IssueCode.UNRESOLVED_REFERENCE, t("issue.ref.env_form"))
    name = str(ref.path[0])
    if not settings.env_allowed(name):
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            t("issue.ref.env_setting", name=repr(name))
            if name in settings.setting_names()
            else t("issue.ref.env_not_allowed", name=repr(name)),
            t("issue.ref.env_hint", patterns=", ".join(settings.env_allow_patterns())),
        )
    return Resolved({"type": ["string", "null"]})


def env_value(ref: Reference) -> str | None:
    name = str(ref.path[0]) if ref.path else ""
    if not settings.env_allowed(name):
        raise BlockError(
            ErrorCode.PERMISSION_DENIED,
            t("runtime.env.not_allowed", ref=f"${{env.{name}}}"),
            hint=t("runtime.env.not_allowed_hint"),
        )
    value = settings.plan_env(name)
    if value is not None and masking.is_secret_name(name):
        masking.register([value])  # `${env.KEIRI_VAR_BANK_TOKEN}`: masked wherever shown
    return value


# -- config -----------------------------------------------------------------------------------


def _config_schema(compiled: CompiledPlan, ref: Reference) -> Resolved:
    value = get_path(compiled.config, list(ref.path))
    if value is None:
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            t(
                "issue.ref.no_config",
                name=repr(".".join(map(str, ref.path))),
                file=settings.config_file(),
            ),
            t("issue.ref.no_config_hint"),
        )
    return Resolved(value_schema(value))


# -- loop variables ---------------------------------------------------------------------------


def _loop_var_schema(
    compiled: CompiledPlan, owner_scope: Scope, kind: str, ref: Reference
) -> Resolved:
    path = list(ref.path)
    if kind == "index":
        if path:
            return _fail(IssueCode.UNRESOLVED_REFERENCE, t("issue.ref.index_keys"))
        return Resolved({"type": "integer"})
    owner = (
        owner_scope.parent.nodes.get(owner_scope.owner)
        if owner_scope.parent and owner_scope.owner
        else None
    )
    items: dict[str, Any] | None = None
    if isinstance(owner, CompiledLoop) and owner.node.foreach is not None:
        source = owner.node.foreach.input
        if isinstance(source, str) and source.startswith("${"):
            refs = find_references(source)
            if len(refs) == 1:
                base = resolve_reference(compiled, owner.scope, refs[0])
                if base.schema and isinstance(base.schema.get("items"), dict):
                    items = base.schema["items"]
    schema, err = schema_at_path(items, path)
    return Resolved(schema) if not err else _fail(IssueCode.UNRESOLVED_REFERENCE, err)


# -- nodes ------------------------------------------------------------------------------------


def _node_schema(compiled: CompiledPlan, scope: Scope, ref: Reference) -> Resolved:
    target = scope.find(ref.root)
    if target is None:
        other = compiled.all_nodes.get(ref.root)
        if other is not None:
            loop_id = other.scope.owner
            return _fail(
                IssueCode.UNRESOLVED_REFERENCE,
                t(
                    "issue.ref.inside_loop",
                    ref=ref.text,
                    node=repr(ref.root),
                    loop=repr(loop_id),
                ),
                t("issue.ref.inside_loop_hint", ref=f"${{{loop_id}.<name>}}"),
            )
        known = sorted({*compiled.all_nodes, "vars", "env", "config"})
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            t("issue.ref.no_node", ref=ref.text, node=repr(ref.root)),
            did_you_mean(ref.root, known) or t("issue.ref.no_node_hint"),
        )
    exposed = target.exposed_names()
    if not ref.path:
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            t("issue.ref.name_output", ref=ref.text),
            t("issue.output.known", block=ref.root, names=", ".join(sorted(exposed)) or "-"),
            target,
        )
    name = str(ref.path[0])
    if isinstance(target, Unresolved) and name not in exposed:
        return Resolved(None, target)  # its block is unknown or it failed the schema: reported
    if name not in exposed:
        return _fail(
            IssueCode.UNKNOWN_OUTPUT,
            t("issue.ref.no_output", ref=ref.text, node=repr(ref.root), name=repr(name)),
            did_you_mean(name, sorted(exposed))
            or t("issue.output.known", block=ref.root, names=", ".join(sorted(exposed)) or "-"),
            target,
        )
    schema, err = schema_at_path(output_schema(target, name), list(ref.path[1:]))
    if err:
        return _fail(IssueCode.UNRESOLVED_REFERENCE, f"{ref.text}: {err}", target=target)
    return Resolved(schema, target)


def output_schema(cnode: CompiledNode, name: str) -> dict[str, Any] | None:
    """The static schema of `${node.name}`."""
    local = cnode.exposed_names().get(name)
    if isinstance(cnode, _Task):
        if local not in cnode.spec.outputs:
            return None
        return port_json_schema(cnode.spec.outputs[local])
    if isinstance(cnode, CompiledLoop):
        export_schema = _export_schema(cnode.body, name)
        # foreach: every export is the list of its per-item values (in item order);
        # while: exports are the last iteration's values, `collect` lists all iterations.
        if cnode.node.foreach is not None or cnode.node.out.collect == name:
            return {"type": "array", "items": export_schema or {}}
        return export_schema
    if isinstance(cnode, CompiledSubflow) and local is not None:
        return _export_schema(cnode.subplan.root, local)
    return None


def _export_schema(scope: Scope, name: str) -> dict[str, Any] | None:
    for export in scope.exports:
        if export.as_ == name:
            node_id, _, rest = export.from_.partition(".")
            target = scope.nodes.get(node_id)
            if target is None or not rest:
                return None
            parts: list[str | int] = list(rest.split("."))
            schema, _err = schema_at_path(output_schema(target, str(parts[0])), parts[1:])
            return schema
    return None


# -- dispatch ---------------------------------------------------------------------------------


def resolve_reference(compiled: CompiledPlan, scope: Scope | None, ref: Reference) -> Resolved:
    """Compile time: what a reference points at and its static schema (None = unknown).

    `scope` None means a plan var's value, which may reference only `config` and `env`.
    """
    if ref.root == "vars":
        return _vars_schema(compiled, ref)
    if ref.root == "env":
        return _env_schema(ref)
    if ref.root == "config":
        return _config_schema(compiled, ref)
    if scope is None:
        return _fail(
            IssueCode.UNRESOLVED_REFERENCE,
            f"{ref.text}: vars may only reference config and env",
            "vars are resolved before any node runs",
        )
    loop_var = scope.loop_var(ref.root)
    if loop_var is not None:
        return _loop_var_schema(compiled, loop_var[0], loop_var[1], ref)
    return _node_schema(compiled, scope, ref)


def resolve_value(values: Values | None, config: dict[str, Any], ref: Reference) -> Any:
    """Run time: the value of a reference (`values` None while plan vars are rendered).

    A path that cannot apply to the value it meets is INPUT_VALIDATION_FAILED.
    """
    try:
        if ref.root == "env":
            return env_value(ref)
        if ref.root == "config":
            return get_path(config, ref.path)
        if values is None:
            return None
        if ref.root == "vars":
            return get_path(values.vars, ref.path)
        found, value = values.local(ref.root)
        return get_path(value, ref.path) if found else None
    except ReferencePathError as exc:
        raise BlockError(
            ErrorCode.INPUT_VALIDATION_FAILED,
            t("runtime.ref.path", ref=ref.text, detail=exc.message),
            details={"reference": ref.text},
            hint=t("runtime.ref.path_hint"),
        ) from exc
