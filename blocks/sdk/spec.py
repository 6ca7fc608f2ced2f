"""The block spec: a block's YAML I/O contract (seed 000 §4).

A port is a JSON Schema plus keiri's own keywords: `required` (bool at port level; a list keeps
its JSON Schema meaning), `default`, `nullable`, `examples`, `dry_run.samples`. `$ref` may name
a pydantic model (`module:Model`) or a shared schema (`jsonschema://name`, from
`schemas/types/<name>.schema.json`).
"""

from __future__ import annotations

import copy
import importlib
import json
import re
from functools import lru_cache
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr

from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors.pydantic_text import shown_value

__all__ = [
    "SEMVER_RE",
    "BlockSpec",
    "DryRunSpec",
    "PortSpec",
    "Version",
    "port_json_schema",
    "resolve_refs",
]

#: MAJOR.MINOR.PATCH with an optional pre-release and build. Each number has at most 18 digits:
#: a longer one is a typo or an attack (Python refuses to convert 4,300 digits to an int), and
#: a version that does not match is a structured issue, never an exception.
SEMVER_RE = re.compile(
    r"^(0|[1-9]\d{0,17})\.(0|[1-9]\d{0,17})\.(0|[1-9]\d{0,17})"
    r"(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$"
)
_OUR_KEYWORDS = {"required", "nullable", "dry_run"}


def _semver(value: str) -> str:
    if not SEMVER_RE.match(value):
        raise ValueError(t("issue.not_semver", value=shown_value(value)))
    return value


#: A version field (a block spec's, a plan's): a string that matches `SEMVER_RE`, else the
#: model's validation error says so (`issue.not_semver`).
Version = Annotated[str, AfterValidator(_semver)]


class DryRunSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    samples: list[Any] = Field(default_factory=list)


class PortSpec(BaseModel):
    """One input or output: JSON Schema keywords plus keiri's port keywords."""

    model_config = ConfigDict(extra="allow")

    description: str = ""
    required: bool | list[str] = False
    default: Any = None
    nullable: bool = False
    examples: list[Any] = Field(default_factory=list)
    dry_run: DryRunSpec | None = None
    _resolved_schema: dict[str, Any] | None = PrivateAttr(default=None)

    @property
    def is_required(self) -> bool:
        return self.required is True

    @property
    def has_default(self) -> bool:
        return "default" in self.model_fields_set

    def schema_dict(self) -> dict[str, Any]:
        """The JSON Schema part of the port (keiri keywords removed, `nullable` applied)."""
        raw = self.model_dump(exclude_unset=True, by_alias=True)
        schema = {k: v for k, v in raw.items() if k not in _OUR_KEYWORDS}
        if isinstance(self.required, list):
            schema["required"] = list(self.required)
        if self.nullable:
            schema = {"anyOf": [schema, {"type": "null"}]}
        return schema

    def samples(self) -> list[Any]:
        """Declared values for dry-run: `dry_run.samples`, then `examples`, then `default`."""
        if self.dry_run and self.dry_run.samples:
            return list(self.dry_run.samples)
        if self.examples:
            return list(self.examples)
        if self.has_default:
            return [self.default]
        return []


class BlockSpec(BaseModel):
    """The YAML I/O contract of one block (`block_specs/<category>/<id>.yaml`)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
    version: Version
    entrypoint: str = Field(pattern=r"^[\w./-]+\.py:[A-Za-z_]\w*$")
    description: str = ""
    category: str = ""
    tags: list[str] = Field(default_factory=list)
    inputs: dict[str, PortSpec] = Field(default_factory=dict)
    outputs: dict[str, PortSpec] = Field(default_factory=dict)
    requirements: list[Any] = Field(default_factory=list)
    deprecated: bool = False
    dry_run_derived: bool = Field(
        default=False,
        description="The implementation derives dry-run outputs from the inputs (Block.dry_run)",
    )
    human_input: bool = Field(
        default=False,
        description="The block asks a person (pauses the run for a form); its `requirements` "
        "input and `mode` define the form, answered with `--input NODE.FIELD=VALUE`",
    )
    one_of_inputs: list[list[str]] = Field(
        default_factory=list,
        description="Groups of inputs of which a node must bind at least one (e.g. "
        "[[prompt, instruction]]); checked by `keiri validate` (MISSING_REQUIRED_INPUT)",
    )
    output_schema_inputs: list[str] = Field(
        default_factory=list,
        description="Inputs holding a structured-output schema for an LLM "
        "(`blocks.llm.schema`, e.g. [output_schema]); a literal one is checked by "
        "`keiri validate` (TYPE_MISMATCH) with the same rules as at run time",
    )

    @property
    def major(self) -> int:
        return int(self.version.split(".", 1)[0])

    @property
    def module_name(self) -> str:
        path = self.entrypoint.split(":", 1)[0]
        return path.removesuffix(".py").replace("/", ".")

    @property
    def class_name(self) -> str:
        return self.entrypoint.split(":", 1)[1]


def _model_schema(target: str) -> dict[str, Any]:
    module_name, _, attr = target.partition(":")
    try:
        model = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise BlockError(
            ErrorCode.BLOCK_SPEC_INVALID,
            t("issue.spec.ref_not_found", ref=repr(target)),
            hint=t("issue.spec.ref_model_hint"),
        ) from exc
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise BlockError(
            ErrorCode.BLOCK_SPEC_INVALID,
            t("issue.spec.ref_not_model", ref=repr(target)),
            hint=t("issue.spec.ref_model_hint"),
        )
    return model.model_json_schema()


@lru_cache(maxsize=128)
def _named_schema(name: str) -> str:
    path = settings.project_root() / "schemas" / "types" / f"{name}.schema.json"
    if not path.is_file():
        raise BlockError(
            ErrorCode.BLOCK_SPEC_INVALID,
            t("issue.spec.ref_no_schema", ref=f"jsonschema://{name}", path=path),
            hint=t("issue.spec.ref_schema_hint"),
        )
    return path.read_text(encoding="utf-8")


def resolve_refs(schema: Any) -> Any:
    """Inline keiri `$ref`s (`module:Model`, `jsonschema://name`); leave `#/...` refs alone.

    A resolved model schema keeps its own `$defs` nested, so its internal refs stay valid:
    the result is wrapped as `{"$defs": ..., "allOf": [...]}` only when needed.
    """
    if isinstance(schema, list):
        return [resolve_refs(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and not ref.startswith("#"):
        if ref.startswith("jsonschema://"):
            target = json.loads(_named_schema(ref.removeprefix("jsonschema://")))
        elif ":" in ref:
            target = _model_schema(ref)
        else:
            raise BlockError(
                ErrorCode.BLOCK_SPEC_INVALID,
                t("issue.spec.ref_unsupported", ref=repr(ref)),
                hint=t("issue.spec.ref_hint"),
            )
        rest = {k: v for k, v in schema.items() if k != "$ref"}
        merged = copy.deepcopy(target)
        merged.update(resolve_refs(rest))
        return _scope_defs(merged)
    return {key: resolve_refs(value) for key, value in schema.items()}


def _scope_defs(schema: dict[str, Any]) -> dict[str, Any]:
    """Rewrite `#/$defs/X` inside an inlined schema so it still resolves once nested.

    Inlined models carry `$defs`; we give the inlined schema an `$id` so its `#/...` pointers
    are relative to itself, not to the outer document.
    """
    if "$defs" in schema and "$id" not in schema:
        schema["$id"] = (
            f"urn:keiri:inline:{abs(hash(json.dumps(schema, sort_keys=True, default=str)))}"
        )
    return schema


def port_json_schema(port: PortSpec) -> dict[str, Any]:
    """The full JSON Schema of a port, `$ref`s resolved (computed once per port; do not mutate)."""
    if port._resolved_schema is None:
        port._resolved_schema = resolve_refs(port.schema_dict())
    return port._resolved_schema
