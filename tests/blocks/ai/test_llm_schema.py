"""The simplified output schema → a strict pydantic model (table-driven)."""

from __future__ import annotations

import json
import re
from typing import Any

import pydantic
import pytest
from openai.lib._parsing._completions import type_to_response_format_param

from blocks.llm.schema import compile_output_schema
from blocks.sdk.errors import BlockError, ErrorCode
from keiri.base.catalog import t
from tests.blocks.ai.samples import SEED_SCHEMA

# (name, schema, an answer that validates, an answer that must not)
VALID = [
    (
        "seed_example",
        SEED_SCHEMA,
        {"results": {"items": [{"file": "a.pdf", "count": 2}]}, "summary": {"total_files": 1}},
        {"results": {"items": [{"file": "a.pdf", "count": "2"}]}, "summary": {"total_files": 1}},
    ),
    (
        "type_names",
        {"a": "string", "b": "integer", "c": "number", "d": "boolean"},
        {"a": "x", "b": 1, "c": 1.5, "d": True},
        {"a": "x", "b": 1.5, "c": 1, "d": True},
    ),
    ("number_rejects_strings", {"amount": "number"}, {"amount": 1100.5}, {"amount": "1100.5"}),
    ("no_coercion_of_booleans", {"ok": "boolean"}, {"ok": False}, {"ok": "false"}),
    ("missing_key_is_invalid", {"a": "string", "b": "string"}, {"a": "x", "b": "y"}, {"a": "x"}),
    ("extra_key_is_invalid", {"a": "string"}, {"a": "x"}, {"a": "x", "b": "y"}),
    ("nullable_flag", {"due": {"type": "string", "nullable": True}}, {"due": None}, {}),
    ("null_in_type_list", {"due": {"type": ["string", "null"]}}, {"due": None}, {"due": 3}),
    (
        "not_in_required_may_be_null",
        {
            "inv": {
                "type": "object",
                "properties": {"no": "string", "memo": "string"},
                "required": ["no"],
            }
        },
        {"inv": {"no": "INV-1", "memo": None}},
        {"inv": {"no": None, "memo": None}},
    ),
    (
        "enum",
        {"status": {"enum": ["一致", "差異あり"]}},
        {"status": "差異あり"},
        {"status": "不明"},
    ),
    (
        "typed_enum_with_null",
        {"n": {"type": "integer", "enum": [1, 2, None]}},
        {"n": None},
        {"n": 3},
    ),
    (
        "array_of_scalars",
        {"tags": {"type": "array", "items": "string"}},
        {"tags": ["a"]},
        {"tags": [1]},
    ),
    (
        "array_item_constraints",
        {"codes": {"type": "array", "items": {"type": "string", "maxLength": 3}, "maxItems": 2}},
        {"codes": ["abc"]},
        {"codes": ["abcd"]},
    ),
    ("minimum", {"amount": {"type": "integer", "minimum": 0}}, {"amount": 0}, {"amount": -1}),
    ("pattern", {"no": {"type": "string", "pattern": "^INV-"}}, {"no": "INV-1"}, {"no": "X-1"}),
    (
        "japanese_and_reserved_keys",
        {"請求金額": "integer", "model_dump": "string", "schema": "string"},
        {"請求金額": 1, "model_dump": "a", "schema": "b"},
        {"請求金額": 1, "model_dump": "a"},
    ),
    (
        "full_json_schema_form",
        {"type": "object", "properties": {"summary": {"type": "string"}}},
        {"summary": "ok"},
        {"summary": 1},
    ),
    (
        "deep_nesting",
        {
            "a": {
                "type": "object",
                "properties": {
                    "b": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"c": {"type": "object", "properties": {"d": "integer"}}},
                        },
                    }
                },
            }
        },
        {"a": {"b": [{"c": {"d": 1}}]}},
        {"a": {"b": [{"c": {"d": 1, "e": 2}}]}},
    ),
]


@pytest.mark.parametrize(("name", "schema", "good", "bad"), VALID, ids=[v[0] for v in VALID])
def test_valid_schema_builds_a_strict_model(name: str, schema: Any, good: Any, bad: Any) -> None:
    compiled = compile_output_schema(schema)
    value = compiled.model.model_validate_json(json.dumps(good))
    assert compiled.dump(value) == good
    with pytest.raises(pydantic.ValidationError):
        compiled.model.model_validate_json(json.dumps(bad))


def test_number_accepting_an_integer_dumps_a_float() -> None:
    compiled = compile_output_schema({"amount": "number"})
    value = compiled.model.model_validate_json('{"amount": 110000}')
    assert compiled.dump(value) == {"amount": 110000.0}


@pytest.mark.parametrize(
    ("name", "schema"), [(v[0], v[1]) for v in VALID], ids=[v[0] for v in VALID]
)
def test_models_are_accepted_as_openai_strict_response_formats(name: str, schema: Any) -> None:
    response_format: Any = type_to_response_format_param(compile_output_schema(schema).model)
    assert response_format["json_schema"]["strict"] is True
    root = response_format["json_schema"]["schema"]

    def objects(node: Any) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        if isinstance(node, dict):
            if node.get("type") == "object":
                found.append(node)
            for child in node.values():
                found.extend(objects(child))
        elif isinstance(node, list):
            for child in node:
                found.extend(objects(child))
        return found

    for obj in objects(root):
        assert obj["additionalProperties"] is False
        assert sorted(obj["required"]) == sorted(obj["properties"])


def test_top_level_keys_and_object_keys_are_reported() -> None:
    compiled = compile_output_schema({**SEED_SCHEMA, "note": "string"})
    assert compiled.keys == ("results", "summary", "note")
    assert compiled.object_keys == {"results", "summary"}


INVALID = [
    ("not_a_mapping", ["results"], "output_schema"),
    ("empty", {}, "output_schema"),
    ("unknown_type_name", {"a": "strng"}, "output_schema.a"),
    ("bare_object", {"a": "object"}, "output_schema.a"),
    ("object_without_properties", {"a": {"type": "object"}}, "output_schema.a.properties"),
    ("array_without_items", {"a": {"type": "array"}}, "output_schema.a.items"),
    (
        "bad_nested_type",
        SEED_SCHEMA
        | {
            "results": {
                "type": "object",
                "properties": {
                    "items": {
                        "type": "array",
                        "items": {"type": "object", "properties": {"file": "text"}},
                    }
                },
            }
        },
        "output_schema.results.properties.items.items.properties.file",
    ),
    ("unknown_keyword", {"a": {"type": "string", "maxlen": 3}}, "output_schema.a.maxlen"),
    (
        "constraint_on_wrong_type",
        {"a": {"type": "string", "minimum": 1}},
        "output_schema.a.minimum",
    ),
    (
        "required_names_unknown",
        {"a": {"type": "object", "properties": {"b": "string"}, "required": ["c"]}},
        "output_schema.a.required",
    ),
    ("enum_empty", {"a": {"enum": []}}, "output_schema.a.enum"),
    ("enum_float", {"a": {"enum": [1.5]}}, "output_schema.a.enum[0]"),
    ("enum_type_mismatch", {"a": {"type": "integer", "enum": ["x"]}}, "output_schema.a.enum[0]"),
    ("two_types", {"a": {"type": ["string", "integer"]}}, "output_schema.a.type"),
    ("bad_pattern", {"a": {"type": "string", "pattern": "("}}, "output_schema.a.pattern"),
    ("property_schema_is_a_number", {"a": 3}, "output_schema.a"),
    ("empty_key", {"": "string"}, "output_schema."),
    ("bad_format", {"a": {"type": "string", "format": "money"}}, "output_schema.a.format"),
    (
        "full_form_nested",
        {"type": "object", "properties": {"x": "strin"}},
        "output_schema.properties.x",
    ),
]


@pytest.mark.parametrize(("name", "schema", "field"), INVALID, ids=[v[0] for v in INVALID])
def test_invalid_schema_is_an_input_error_with_the_key_path(
    name: str, schema: Any, field: str
) -> None:
    with pytest.raises(BlockError) as caught:
        compile_output_schema(schema)
    err = caught.value
    assert err.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert field in [p["field"] for p in err.details["problems"]]
    assert err.hint


def test_every_problem_is_reported_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    schema = {"a": "strng", "b": {"type": "array"}, "c": "integer"}
    with pytest.raises(BlockError) as caught:
        compile_output_schema(schema)
    fields = [p["field"] for p in caught.value.details["problems"]]
    assert fields == ["output_schema.a", "output_schema.b.items"]

    def first_problem() -> str:
        """The problem of `a` in the language of KEIRI_LANG at the time."""
        types = "string, integer, number, boolean, object, array"
        unknown = t("issue.llm_schema.unknown_type", type="'strng'", types=types)
        return unknown + t("issue.hint_join", hint=t("issue.did_you_mean", names="'string'"))

    def message() -> str:
        problem = t("issue.llm_schema.problem", field="output_schema.a", message=first_problem())
        return problem + t("issue.llm_schema.more", count=1)

    assert caught.value.message == message()
    assert caught.value.details["problems"][1]["message"] == t("issue.llm_schema.array_items")
    assert caught.value.hint == t("issue.llm_schema.hint")
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(BlockError) as caught:
        compile_output_schema(schema)
    assert caught.value.details["problems"][0]["message"] == first_problem()
    assert caught.value.message == message()


@pytest.mark.parametrize(("name", "schema", "field"), INVALID, ids=[v[0] for v in INVALID])
def test_schema_problems_read_in_japanese_without_python_names(
    name: str, schema: Any, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(BlockError) as caught:
        compile_output_schema(schema)
    for problem in caught.value.details["problems"]:
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", problem["message"]), problem
        for python in ("NoneType", "dict", "list", "int", "float", "str"):
            assert not re.search(rf"\b{python}\b", problem["message"]), problem
