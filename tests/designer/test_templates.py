"""The shipped templates: schema, loader, validator; each composes into a valid plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from blocks.sdk.errors import IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.validate import validate_file
from designer import check_template, compose_templates, load_templates, plan_to_yaml
from designer.schema_gen import SCHEMA_NAME, render, template_schema
from tests.conftest import ROOT
from tests.designer.conftest import TEMPLATES

FILES = sorted(TEMPLATES.rglob("*.yaml"))


def test_committed_template_schema_does_not_drift() -> None:
    committed = (ROOT / "schemas" / SCHEMA_NAME).read_text(encoding="utf-8")
    assert committed == render(template_schema()), "run python -m designer.schema_gen"


def test_at_least_five_templates_in_category_folders() -> None:
    catalog = load_templates()
    assert len(catalog) >= 5
    for loaded in catalog.values():
        assert loaded.path.parent.parent == TEMPLATES
        assert loaded.category == loaded.path.parent.name
        assert loaded.path.stem == loaded.id


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_template_file_header_and_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert (
        text.splitlines()[0]
        == "# yaml-language-server: $schema=../../../schemas/template.schema.json"
    )
    validator = Draft202012Validator(json.loads((ROOT / "schemas" / SCHEMA_NAME).read_text()))
    errors = list(validator.iter_errors(yaml.safe_load(text)))
    assert not errors, errors[0].message


@pytest.mark.parametrize("template_id", sorted(p.stem for p in FILES))
def test_template_checks_clean_and_composes_into_a_valid_plan(
    template_id: str, registry: BlockRegistry, tmp_path: Path
) -> None:
    loaded = load_templates()[template_id]
    issues = check_template(loaded, registry)
    assert not [i for i in issues if i.severity == "error"], issues
    assert loaded.spec.blocks() and all(registry.resolve(b).entry for b in loaded.spec.blocks())
    composed = compose_templates([loaded.spec], plan_id=f"{template_id}_alone")
    plan_file = tmp_path / f"{template_id}.yaml"
    plan_file.write_text(plan_to_yaml(composed.plan, schema_dir=tmp_path), encoding="utf-8")
    report = validate_file(plan_file, registry)
    assert report.ok, report.errors


def _write(root: Path, category: str, name: str, text: str) -> Path:
    folder = root / category
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """id: {id}
title: t
imports:
  rows: {{type: array, example: [{{amount: 1}}]}}
exports:
  totals: {{type: object, from: total.totals}}
graph_snippet:
  - id: total
    block: data.aggregate
    in:
      records: ${{vars.rows}}
      sum_fields: [amount]
"""


def test_loader_reports_every_broken_file_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is matched
    _write(tmp_path, "a", "good", GOOD.format(id="good"))
    bad = _write(
        tmp_path,
        "a",
        "bad",
        "id: bad\ntitle: t\ngraph_snippet:\n  - id: x\n    blok: data.aggregate\n",
    )
    _write(tmp_path, "b", "renamed", GOOD.format(id="other_name"))
    _write(tmp_path, "c", "good", GOOD.format(id="good"))
    with pytest.raises(IssuesFound) as caught:
        load_templates(tmp_path)
    messages = [(i.file, i.line, i.message) for i in caught.value.issues]
    assert any(f == str(bad) and line == 5 for f, line, _ in messages), messages
    assert any("differs from its file name" in m for _, _, m in messages)
    assert any("defined twice" in m for _, _, m in messages)


def test_validator_finds_contract_problems_with_lines(
    tmp_path: Path, registry: BlockRegistry
) -> None:
    text = GOOD.format(id="broken").replace("from: total.totals", "from: sum.totals")
    text = text.replace("sum_fields: [amount]", "sum_fields: ${vars.fields}")
    path = _write(tmp_path, "x", "broken", text)
    loaded = load_templates(tmp_path)["broken"]
    issues = check_template(loaded, registry)
    codes = {(i.code, i.path) for i in issues}
    assert ("UNRESOLVED_REFERENCE", "graph_snippet") in codes
    assert ("UNKNOWN_OUTPUT", "exports.totals.from") in codes
    assert all(i.file == str(path) for i in issues)
    assert next(i for i in issues if i.code == "UNKNOWN_OUTPUT").line == 6


def test_validator_reports_compiler_issues_in_template_terms(
    tmp_path: Path, registry: BlockRegistry
) -> None:
    text = GOOD.format(id="typo").replace("records: ${vars.rows}", "record: ${vars.rows}")
    _write(tmp_path, "x", "typo", text)
    issues = check_template(load_templates(tmp_path)["typo"], registry)
    unknown = next(i for i in issues if i.code == "UNKNOWN_INPUT")
    assert unknown.path == "graph_snippet[0].in.record" and unknown.line == 11
    assert "records" in unknown.hint
