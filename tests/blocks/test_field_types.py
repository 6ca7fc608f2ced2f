"""Field types are named once (`FIELD_TYPES`): the requirement model, the block spec's JSON
Schema and the compiler's checks of a plan's requirements are derived from that table."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from blocks.forms.field_types import FIELD_TYPES
from blocks.forms.form import Requirement
from blocks.sdk.errors import IssuesFound
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import port_json_schema
from compiler.compile import compile_text


def test_the_spec_enum_is_the_table(registry: BlockRegistry) -> None:
    spec = registry.get("ui.interactive_input")
    schema = port_json_schema(spec.inputs["requirements"])
    item = schema["items"]
    assert item["properties"]["type"]["enum"] == list(FIELD_TYPES)
    assert item["required"] == ["id", "type", "label"]
    assert item["properties"]["id"]["pattern"] == "^[A-Za-z_][A-Za-z0-9_]*$"


def test_a_requirement_takes_the_types_of_the_table_and_no_other() -> None:
    for name in FIELD_TYPES:
        assert Requirement(id="x", type=name, label="X").type == name
    with pytest.raises(ValidationError) as info:
        Requirement(id="x", type="nmber", label="X")
    [error] = info.value.errors()
    assert error["type"] == "literal_error" and "'number'" in str(error["ctx"]["expected"])


def _plan(*requirements: dict[str, Any]) -> str:
    node = {
        "id": "ask",
        "block": "ui.interactive_input",
        "in": {"requirements": list(requirements)},
    }
    return yaml.safe_dump({"apiVersion": "v1", "id": "p", "graph": [node]}, allow_unicode=True)


def _issues(registry: BlockRegistry, *requirements: dict[str, Any]) -> list[tuple[str, str]]:
    try:
        compile_text(_plan(*requirements), registry, file="plan.yaml")
    except IssuesFound as exc:
        return [(i.path, i.code) for i in exc.issues if i.severity == "error"]
    return []


OPTIONS = [{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]


@pytest.mark.parametrize(
    ("requirement", "problem"),
    [
        ({"type": "choice", "options": OPTIONS, "default": "b"}, None),
        ({"type": "choice", "options": OPTIONS, "default": "c"}, "default"),
        ({"type": "choice"}, "options"),
        ({"type": "select", "options": ["振込", "現金"], "default": "振込"}, None),
        ({"type": "select", "options": ["振込"], "default": "手形"}, "default"),
        ({"type": "text", "options": ["A"]}, "options"),
        ({"type": "number", "default": True}, "default"),
        ({"type": "number", "default": 1200}, None),
        ({"type": "boolean", "default": "yes"}, "default"),
        ({"type": "files", "accept": ".pdf"}, None),
        ({"type": "text", "accept": ".pdf"}, "accept"),
    ],
)
def test_the_compiler_checks_what_the_type_declares(
    registry: BlockRegistry, requirement: dict[str, Any], problem: str | None
) -> None:
    found = _issues(registry, {"id": "x", "label": "X", **requirement})
    expected = (
        [] if problem is None else [(f"graph[0].in.requirements[0].{problem}", "TYPE_MISMATCH")]
    )
    assert found == expected
