"""The Plan model (seed 000 §5, §8.3): pydantic v2, `extra="forbid"` everywhere.

The JSON Schema in `schemas/plan.schema.json` is generated from these models
(`python -m compiler.schema_gen`) and a test fails when it drifts.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator

from blocks.sdk.spec import Version
from keiri.base.catalog import t

__all__ = [
    "MAX_ITERATIONS",
    "MAX_PLAN_ID_CHARS",
    "NODE_ID_PATTERN",
    "PLAN_ID_PATTERN",
    "Body",
    "BodyPlan",
    "CacheSpec",
    "Call",
    "Concurrency",
    "Export",
    "Foreach",
    "LoopNode",
    "LoopOut",
    "Node",
    "Plan",
    "Policy",
    "SubflowNode",
    "SubflowOut",
    "SummaryItem",
    "TaskNode",
    "UIConfig",
    "VarPlaceholder",
    "When",
    "WhenCompare",
    "WhenExpr",
    "WhileSpec",
]

NODE_ID_PATTERN = r"^[A-Za-z_][A-Za-z0-9_\-]*$"
#: `call.plan_id`: a path under designs/ (`common/validation_flow`), no `..`, bounded.
PLAN_ID_PATTERN = r"^[A-Za-z_][A-Za-z0-9_\-]*(/[A-Za-z_][A-Za-z0-9_\-]*)*$"
MAX_PLAN_ID_CHARS = 200
#: The bound of `while.max_iterations` (a loop that may need more is a foreach over a list).
MAX_ITERATIONS = 10_000
OnError = Literal["halt", "continue", "retry"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class WhenExpr(_Strict):
    """`expr`: a string expression over `${...}` references."""

    expr: str = Field(min_length=1)


class WhenCompare(_Strict):
    """`{left, op, right}` comparison; `op` one of eq/ne/gt/gte/lt/lte."""

    left: Any
    op: Literal["eq", "ne", "gt", "gte", "lt", "lte"]
    right: Any


When = WhenExpr | WhenCompare


class Foreach(_Strict):
    input: str | list[Any] = Field(description="A reference to a list, or a literal list")
    itemVar: str = Field(default="item", pattern=NODE_ID_PATTERN)
    indexVar: str | None = Field(default=None, pattern=NODE_ID_PATTERN)
    max_concurrency: int | None = Field(default=None, ge=1)
    batch_size: int | None = Field(
        default=None, ge=1, description="Items per task run (a 1,000-item loop in 1000/size runs)"
    )


class WhileSpec(_Strict):
    condition: When
    max_iterations: int = Field(
        ge=1,
        le=MAX_ITERATIONS,
        description=f"Required: the loop stops after this many (at most {MAX_ITERATIONS:,})",
    )
    iterationVar: str | None = Field(
        default=None,
        pattern=NODE_ID_PATTERN,
        description="Binds the 0-based iteration number in the body",
    )
    on_limit: Literal["stop", "error"] = Field(
        default="stop",
        description="stop: keep the last iteration's outputs; error: fail with LOOP_LIMIT_REACHED",
    )


class Export(_Strict):
    from_: str = Field(alias="from", min_length=1)
    as_: str = Field(alias="as", pattern=NODE_ID_PATTERN)


class BodyPlan(_Strict):
    graph: list[Node] = Field(min_length=1)
    exports: list[Export] = Field(default_factory=list)


class Body(_Strict):
    plan: BodyPlan


class LoopOut(_Strict):
    collect: str | None = Field(default=None, pattern=NODE_ID_PATTERN)
    compact: bool = Field(
        default=False,
        description="Drop null values (e.g. items skipped by `when`) from the collected lists",
    )


class SubflowOut(_Strict):
    exports: list[Export] = Field(default_factory=list)


class Call(_Strict):
    plan_id: str = Field(
        min_length=1,
        max_length=MAX_PLAN_ID_CHARS,
        pattern=PLAN_ID_PATTERN,
        description="designs/<plan_id>.yaml",
    )
    inputs: dict[str, Any] = Field(default_factory=dict)


class CacheSpec(_Strict):
    """Opt a node into cross-run caching keyed by its block and resolved inputs."""

    mode: Literal["inputs"] = "inputs"
    expires: str = Field(default="1d", pattern=r"^\d+[smhd]$")


class _NodeBase(_Strict):
    id: str = Field(pattern=NODE_ID_PATTERN)
    title: str = Field(
        default="",
        description="The step's name for people (progress, summaries, the inbox, task runs), "
        "e.g. 請求書を読み取る; default: the description, else words for what its block does",
    )
    description: str = ""
    when: When | None = None
    on_error: OnError | None = None
    retries: int | None = Field(default=None, ge=0)
    timeout_ms: int | None = Field(default=None, ge=1)


class TaskNode(_NodeBase):
    type: Literal["task"] = "task"
    block: str = Field(pattern=r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+(@[0-9A-Za-z.+\-]+)?$")
    in_: dict[str, Any] = Field(default_factory=dict, alias="in")
    out: dict[str, str] = Field(default_factory=dict)
    cache: Literal["inputs"] | CacheSpec | None = None
    confirm_ambiguous: bool = Field(
        default=False,
        description="ask a person when the block finds an ambiguity (a choice form; the run "
        "pauses); off: the block records the ambiguity as a finding and goes on",
    )

    @field_validator("out")
    @classmethod
    def _aliases(cls, value: dict[str, str]) -> dict[str, str]:
        import re

        for key, alias in value.items():
            if not isinstance(alias, str) or not re.match(NODE_ID_PATTERN, alias):
                raise ValueError(t("issue.alias_not_identifier", name=repr(key), alias=repr(alias)))
        return value

    @property
    def block_id(self) -> str:
        return self.block.split("@", 1)[0]

    @property
    def block_pin(self) -> str | None:
        return self.block.split("@", 1)[1] if "@" in self.block else None


class LoopNode(_NodeBase):
    type: Literal["loop"]
    foreach: Foreach | None = None
    while_: WhileSpec | None = Field(default=None, alias="while")
    body: Body
    out: LoopOut = Field(default_factory=LoopOut)


class SubflowNode(_NodeBase):
    type: Literal["subflow"]
    call: Call
    out: SubflowOut = Field(default_factory=SubflowOut)


def _node_kind(value: Any) -> str:
    if isinstance(value, dict):
        kind = value.get("type", "task")
        return kind if kind in ("task", "loop", "subflow") else "task"
    return str(getattr(value, "type", "task"))


Node = Annotated[
    Annotated[TaskNode, Tag("task")]
    | Annotated[LoopNode, Tag("loop")]
    | Annotated[SubflowNode, Tag("subflow")],
    Discriminator(_node_kind),
]


class Concurrency(_Strict):
    default_max_workers: int = Field(default=4, ge=1)
    per_node: dict[str, int] = Field(default_factory=dict)


class Policy(_Strict):
    on_error: OnError = "halt"
    retries: int = Field(default=0, ge=0)
    timeout_ms: int | None = Field(default=None, ge=1)
    input_timeout_ms: int | None = Field(
        default=None, ge=1, description="How long a human-input node waits (default 24 h)"
    )
    concurrency: Concurrency = Field(default_factory=Concurrency)


VarType = Literal["string", "integer", "number", "boolean", "array", "object"]


class VarPlaceholder(_Strict):
    """A setting nobody has decided yet (e.g. left open by the designer): a var whose value
    is a mapping with `placeholder: true`. `keiri validate` warns (VAR_PLACEHOLDER) and no run
    starts until it is given (`keiri run --var`, the Design page, a deployment's vars)."""

    placeholder: Literal[True]
    type: VarType = Field(default="string", description="The JSON type the value must have")
    question: str = Field(
        min_length=1, description="What to ask, e.g. 振込手数料の許容額（円）は？"
    )
    options: list[str | int | float | bool] = Field(
        default_factory=list, description="The allowed values, when it is a choice"
    )
    example: Any = Field(default=None, description="An example value (used only by the dry-run)")
    secret: bool = Field(
        default=False,
        description="The value is a secret: masked wherever a value is shown (a var named "
        "like a secret, e.g. api_token, is one without saying so)",
    )

    def value_schema(self) -> dict[str, Any]:
        """The JSON Schema a given value must satisfy."""
        schema: dict[str, Any] = {"type": self.type}
        if self.options:
            schema["enum"] = list(self.options)
        return schema


def _vars_schema(schema: dict[str, Any]) -> None:
    """vars values: anything, or a `VarPlaceholder` (a mapping with a `placeholder` key)."""
    schema["additionalProperties"] = {
        "anyOf": [
            VarPlaceholder.model_json_schema(),
            {"not": {"type": "object", "required": ["placeholder"]}},
        ]
    }


class SummaryItem(_Strict):
    """One figure of a run's summary on the runs page: a label and an output path."""

    label: str = Field(description="What the figure is called (shown on the runs page).")
    value: str = Field(
        description="An output path `node.output[.key...]`, e.g. `reconcile.summary.matched_count`."
    )
    format: Literal["text", "number", "yen", "date", "datetime", "percent", "boolean"] = "text"


class UIConfig(_Strict):
    layout: list[str] = Field(default_factory=list)
    summary: list[SummaryItem] = Field(
        default_factory=list,
        description="Figures the runs page shows for each run of this plan (its summary).",
    )
    reports: list[str] = Field(
        default_factory=list,
        description="Output paths of the plan's reports (`node.output`): listed first on the runs page.",
    )


class Plan(_Strict):
    """A plan: a business procedure as a DAG of nodes."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        json_schema_extra={"$id": "https://keiri.dev/schemas/plan.schema.json"},
    )

    apiVersion: Literal["v1"] = "v1"
    id: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_\-]*$")
    version: Version = "0.1.0"
    description: str = ""
    vars: dict[str, Any] = Field(
        default_factory=dict,
        description="Settings of the plan; a value {placeholder: true, type, question} is one "
        "still to be given (see VarPlaceholder)",
        json_schema_extra=_vars_schema,
    )
    policy: Policy = Field(default_factory=Policy)
    ui: UIConfig = Field(default_factory=UIConfig)
    summary: Literal["template", "llm"] = Field(
        default="template",
        description="Who writes the summary for people at the end of a run: `template` (from "
        "`ui.summary` and the run's facts) or `llm` (the configured model, checked so that it "
        "quotes only numbers of the outputs; the template when no model is configured)",
    )
    graph: list[Node] = Field(min_length=1)
    exports: list[Export] = Field(
        default_factory=list, description="What a caller sees when this plan runs as a subflow"
    )


BodyPlan.model_rebuild()
