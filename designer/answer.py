"""What the model answers (seed 001 §5.2 `LLMDesignModel`), and the constrained wire schemas.

Two views of one answer:

- The pydantic models below validate leniently (a block or key outside the catalog still
  parses), so a non-conforming answer reaches the compiler, which reports it precisely
  (UNKNOWN_BLOCK with "did you mean", UNKNOWN_INPUT, CYCLE_DETECTED, ...) for the repair round.
- The JSON Schema sent as `response_format` (strict structured output) is built at run time
  by `skeleton_model()` / `design_model()`: `block` is an enum of the Top-K and template
  blocks, one node variant per block whose `in`/`out` keys are enums of that block's ports;
  loops and subflows are variants of their own. Values travel as strings with a `format`
  (`text`: the string itself, a `${...}` reference included; `json`: a JSON value), because
  strict mode has no free-form values.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from blocks.forms.field_types import FIELD_TYPES
from blocks.sdk.spec import BlockSpec

__all__ = [
    "BindingAnswer",
    "CallAnswer",
    "DesignAnswer",
    "ExportAnswer",
    "ForeachAnswer",
    "InputBinding",
    "NodeAnswer",
    "OutputBinding",
    "QuestionAnswer",
    "SkeletonAnswer",
    "SkeletonStep",
    "VarAnswer",
    "WhileAnswer",
    "design_model",
    "skeleton_model",
]

M = TypeVar("M", bound=BaseModel)
QUESTION_TYPES: tuple[str, ...] = (
    *FIELD_TYPES,
    "table",
    "enum",
)


class _Answer(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


class InputBinding(_Answer):
    key: str
    value: str
    format: str = "text"


class OutputBinding(_Answer):
    key: str
    alias: str


class VarAnswer(_Answer):
    name: str
    value: str = "null"
    format: str = "json"
    type: str = ""
    description: str = ""


class ExportAnswer(_Answer):
    from_: str = Field(alias="from")
    as_: str = Field(alias="as")


class ForeachAnswer(_Answer):
    input: str
    item_var: str = "item"
    index_var: str | None = None
    max_concurrency: int | None = None


class WhileAnswer(_Answer):
    condition: str
    max_iterations: int


class CallAnswer(_Answer):
    plan_id: str
    inputs: list[InputBinding] = Field(default_factory=list)


class NodeAnswer(_Answer):
    id: str
    type: str = "task"
    block: str | None = None
    description: str = ""
    when: str | None = None
    in_: list[InputBinding] = Field(default_factory=list, alias="in")
    out: list[OutputBinding] = Field(default_factory=list)
    foreach: ForeachAnswer | None = None
    while_: WhileAnswer | None = Field(default=None, alias="while")
    body: list[NodeAnswer] = Field(default_factory=list)
    exports: list[ExportAnswer] = Field(default_factory=list)
    collect: str | None = None
    call: CallAnswer | None = None


class QuestionAnswer(_Answer):
    id: str
    type: str = "text"
    label: str
    description: str = ""
    options: list[str] = Field(default_factory=list)


class BindingAnswer(_Answer):
    import_: str = Field(alias="import")
    source: str


class DesignAnswer(_Answer):
    """Stage 2 (wiring) and repair answers: the whole plan."""

    id: str
    version: str = "0.1.0"
    description: str = ""
    reasoning: str = ""
    vars: list[VarAnswer] = Field(default_factory=list)
    on_error: str = "halt"
    retries: int = 0
    ui_layout: list[str] = Field(default_factory=list)
    graph: list[NodeAnswer] = Field(default_factory=list)
    bindings: list[BindingAnswer] = Field(default_factory=list)
    questions: list[QuestionAnswer] = Field(default_factory=list)


class SkeletonStep(_Answer):
    id: str
    block: str
    purpose: str = ""
    inputs_from: list[str] = Field(default_factory=list)


class SkeletonAnswer(_Answer):
    """Stage 1: the outline (input → transform → output), needed UI, loops, questions."""

    summary: str = ""
    steps: list[SkeletonStep] = Field(default_factory=list)
    human_inputs: list[str] = Field(default_factory=list)
    uses_loop: bool = False
    uses_subflow: bool = False
    vars: list[VarAnswer] = Field(default_factory=list)
    questions: list[QuestionAnswer] = Field(default_factory=list)


# -- wire schemas ------------------------------------------------------------------------

_STR: dict[str, Any] = {"type": "string"}
_STR_OR_NULL: dict[str, Any] = {"type": ["string", "null"]}


def _obj(properties: dict[str, Any], description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    if description:
        schema["description"] = description
    return schema


def _arr(items: dict[str, Any], description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "array", "items": items}
    if description:
        schema["description"] = description
    return schema


def _enum(values: Sequence[str], description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "enum": list(values)}
    if description:
        schema["description"] = description
    return schema


_FORMAT = _enum(
    ["text", "json"],
    "text: value is the string itself (a ${...} reference too); json: value is JSON "
    "(number, true/false, null, array, object)",
)
_VAR = _obj(
    {
        "name": _STR,
        "value": _STR,
        "format": _FORMAT,
        "type": _enum(
            ["string", "integer", "number", "boolean", "array", "object"],
            "the JSON type of the value (also when it is not known yet)",
        ),
        "description": {
            "type": "string",
            "description": "what the var means; for a null value, the question to ask the user",
        },
    }
)
_QUESTION = _obj(
    {
        "id": {"type": "string", "description": "identifier: letters, digits, _"},
        "type": _enum(QUESTION_TYPES),
        "label": _STR,
        "description": _STR,
        "options": _arr(_STR, "choices for select/enum"),
    }
)
_EXPORT = _obj({"from": {"type": "string", "description": "node.alias"}, "as": _STR})


def _task_variant(spec: BlockSpec) -> dict[str, Any]:
    props: dict[str, Any] = {
        "id": _STR,
        "type": _enum(["task"]),
        "block": _enum([spec.id]),
        "description": _STR,
        "when": {"type": ["string", "null"], "description": "condition expression or null"},
    }
    if spec.inputs:
        props["in"] = _arr(
            _obj({"key": _enum(sorted(spec.inputs)), "value": _STR, "format": _FORMAT})
        )
    if spec.outputs:
        props["out"] = _arr(
            _obj(
                {
                    "key": _enum(sorted(spec.outputs)),
                    "alias": {"type": "string", "description": "name used in ${node.alias}"},
                }
            )
        )
    return _obj(props, spec.description.strip().splitlines()[0] if spec.description else "")


def _def_name(block_id: str) -> str:
    return "Task_" + block_id.replace(".", "_")


def _plan_defs(
    specs: Sequence[BlockSpec], allow_loops: bool, subflows: Sequence[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    defs: dict[str, Any] = {"Var": _VAR, "Question": _QUESTION, "Export": _EXPORT}
    variants: list[dict[str, Any]] = []
    for spec in specs:
        defs[_def_name(spec.id)] = _task_variant(spec)
        variants.append({"$ref": f"#/$defs/{_def_name(spec.id)}"})
    node_items = {"anyOf": list(variants)}
    if allow_loops:
        variants.append({"$ref": "#/$defs/Loop"})
        defs["Loop"] = _obj(
            {
                "id": _STR,
                "type": _enum(["loop"]),
                "description": _STR,
                "when": _STR_OR_NULL,
                "foreach": {
                    "anyOf": [
                        _obj(
                            {
                                "input": {"type": "string", "description": "${...} of a list"},
                                "item_var": _STR,
                                "index_var": _STR_OR_NULL,
                                "max_concurrency": {"type": ["integer", "null"]},
                            }
                        ),
                        {"type": "null"},
                    ]
                },
                "while": {
                    "anyOf": [
                        _obj({"condition": _STR, "max_iterations": {"type": "integer"}}),
                        {"type": "null"},
                    ]
                },
                "body": _arr(node_items, "the nodes run per item / iteration"),
                "exports": _arr({"$ref": "#/$defs/Export"}, "body outputs seen outside"),
                "collect": {
                    "type": ["string", "null"],
                    "description": "export name collected into a list as ${loop.<name>}",
                },
            }
        )
        node_items["anyOf"].append({"$ref": "#/$defs/Loop"})
    if subflows:
        variants.append({"$ref": "#/$defs/Subflow"})
        defs["Subflow"] = _obj(
            {
                "id": _STR,
                "type": _enum(["subflow"]),
                "description": _STR,
                "when": _STR_OR_NULL,
                "call": _obj(
                    {
                        "plan_id": _enum(list(subflows)),
                        "inputs": _arr(_obj({"key": _STR, "value": _STR, "format": _FORMAT})),
                    }
                ),
                "exports": _arr({"$ref": "#/$defs/Export"}),
            }
        )
    return defs, variants


def _constrained(base: type[M], schema: dict[str, Any]) -> type[M]:
    """A subclass of `base` whose JSON Schema (what `response_format` sends) is `schema`."""

    def model_json_schema(cls: type[BaseModel], *args: Any, **kwargs: Any) -> dict[str, Any]:
        return copy.deepcopy(schema)

    namespace = {"model_json_schema": classmethod(model_json_schema), "__module__": __name__}
    return type(base.__name__, (base,), namespace)


def design_model(
    specs: Sequence[BlockSpec],
    *,
    allow_loops: bool = True,
    subflows: Sequence[str] = (),
    imports: Sequence[str] = (),
) -> type[DesignAnswer]:
    """The stage-2/repair answer model; its schema allows only `specs` and their ports."""
    defs, variants = _plan_defs(specs, allow_loops, subflows)
    props: dict[str, Any] = {
        "id": {"type": "string", "description": "plan id: letters, digits, _"},
        "version": {"type": "string", "description": "SemVer, e.g. 0.1.0"},
        "description": _STR,
        "reasoning": {"type": "string", "description": "short notes on the design choices"},
        "vars": _arr({"$ref": "#/$defs/Var"}),
        "on_error": _enum(["halt", "continue", "retry"]),
        "retries": {"type": "integer"},
        "ui_layout": _arr(_STR, "ids of ui.* nodes in display order"),
        "graph": _arr({"anyOf": variants}),
    }
    if imports:
        props["bindings"] = _arr(
            _obj(
                {
                    "import": _enum(list(imports)),
                    "source": {"type": "string", "description": "${node.alias} that provides it"},
                }
            ),
            "bind unbound template imports to outputs of your nodes",
        )
    props["questions"] = _arr({"$ref": "#/$defs/Question"})
    return _constrained(DesignAnswer, {**_obj(props), "$defs": defs})


def skeleton_model(block_ids: Sequence[str]) -> type[SkeletonAnswer]:
    """The stage-1 answer model; steps may use only `block_ids`."""
    schema = _obj(
        {
            "summary": _STR,
            "steps": _arr(
                _obj(
                    {
                        "id": {"type": "string", "description": "node id: letters, digits, _"},
                        "block": _enum(list(block_ids)),
                        "purpose": _STR,
                        "inputs_from": _arr(_STR, "ids of earlier steps this step reads"),
                    }
                ),
                "input -> transform -> output, in order",
            ),
            "human_inputs": _arr(_STR, "what people must provide or confirm at run time"),
            "uses_loop": {"type": "boolean"},
            "uses_subflow": {"type": "boolean"},
            "vars": _arr({"$ref": "#/$defs/Var"}, "settings not decided by the instruction"),
            "questions": _arr({"$ref": "#/$defs/Question"}, "what to ask the user now"),
        }
    )
    schema["$defs"] = {"Var": _VAR, "Question": _QUESTION}
    return _constrained(SkeletonAnswer, schema)
