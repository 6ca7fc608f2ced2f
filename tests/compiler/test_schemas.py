"""The committed JSON Schemas match the models (regenerate: python -m compiler.schema_gen)."""

from __future__ import annotations

import json

import yaml
from jsonschema import Draft202012Validator

from compiler.schema_gen import generated_schemas, render
from tests.conftest import ROOT


def test_committed_schemas_do_not_drift() -> None:
    for name, schema in generated_schemas().items():
        committed = (ROOT / "schemas" / name).read_text(encoding="utf-8")
        assert committed == render(schema), (
            f"schemas/{name} drifted: run python -m compiler.schema_gen"
        )


def test_shipped_designs_satisfy_the_plan_schema() -> None:
    validator = Draft202012Validator(
        json.loads((ROOT / "schemas" / "plan.schema.json").read_text())
    )
    for path in sorted((ROOT / "designs").rglob("*.yaml")):
        if "templates" in path.parts:
            continue
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, (path, errors[0].message)


def test_shipped_specs_satisfy_the_spec_schema() -> None:
    validator = Draft202012Validator(
        json.loads((ROOT / "schemas" / "block_spec.schema.json").read_text())
    )
    for path in sorted((ROOT / "block_specs").rglob("*.yaml")):
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, (path, errors[0].message)
