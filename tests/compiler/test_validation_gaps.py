"""What `keiri validate` used to let through: each gap closed in the pass that owns it."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from blocks.llm.schema import compile_output_schema
from blocks.sdk.errors import BlockError, IssueCode, IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_text
from compiler.validate import validate_file
from tests.blocks.ai.test_llm_schema import INVALID as LLM_SCHEMA_CASES
from tests.conftest import FIXTURES


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English wording of the issues (the catalog's `en`)."""
    monkeypatch.setenv("KEIRI_LANG", "en")


_CHECK = "block: data.check_rules\n    in: { data: { x: 1 }, rules: [] }"


def issues_of(text: str, registry: BlockRegistry) -> list[tuple[str, str, str, str]]:
    """(severity, code, path, message + hint) of every issue of a plan text."""
    try:
        _compiled, warnings = compile_text(text, registry, file="plan.yaml")
        found = warnings
    except IssuesFound as exc:
        found = exc.issues
    return [(i.severity, i.code, i.path, f"{i.message} | {i.hint}") for i in found]


def _loop(collect: str) -> str:
    return f"""apiVersion: v1
id: collect_plan
graph:
  - id: each
    type: loop
    foreach: {{ input: [1, 2] }}
    body:
      plan:
        graph:
          - id: step
            {_CHECK.replace(chr(10), chr(10) + "        ")}
        exports: [{{ from: step.passed, as: passed }}]
    out: {{ collect: {collect} }}
"""


def test_collect_must_name_an_export(registry: BlockRegistry) -> None:
    assert issues_of(_loop("passed"), registry) == []
    [(severity, code, path, text)] = issues_of(_loop("pased"), registry)
    assert (severity, code, path) == ("error", IssueCode.UNKNOWN_OUTPUT, "graph[0].out.collect")
    assert "did you mean 'passed'" in text


def _per_node(per_node: str, workers: int = 4) -> str:
    return _loop("passed").replace(
        "graph:\n  - id: each",
        f"policy:\n  concurrency: {{ default_max_workers: {workers}, per_node: {per_node} }}\n"
        "graph:\n  - id: each",
    )


def test_per_node_names_a_node_and_says_which_cap_wins(registry: BlockRegistry) -> None:
    assert issues_of(_per_node("{ each: 2 }"), registry) == []
    [(severity, code, path, text)] = issues_of(_per_node("{ eahc: 2 }"), registry)
    assert (severity, code, path) == (
        "error",
        IssueCode.UNRESOLVED_REFERENCE,
        "policy.concurrency.per_node.eahc",
    )
    assert "did you mean 'each'" in text
    [(severity, code, path, text)] = issues_of(_per_node("{ each: 8 }", workers=3), registry)
    assert (severity, code) == ("warning", IssueCode.TYPE_MISMATCH)
    assert "exceeds default_max_workers = 3; the lower one (3) wins" in text


_ENV_PLAN = f"""apiVersion: v1
id: env_plan
graph:
  - id: step
    {_CHECK}
  - id: extract
    block: ai.process_llm
    in:
      prompt: "PROMPT"
      output_schema: {{ total: integer }}
      EXTRA
"""


def _env(prompt: str, extra: str) -> str:
    return _ENV_PLAN.replace("PROMPT", prompt).replace("EXTRA", extra)


def test_an_allowed_but_unset_env_is_an_error_or_a_warning_with_a_default(
    registry: BlockRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEIRI_VAR_PROMPT", raising=False)
    monkeypatch.delenv("KEIRI_VAR_MODEL", raising=False)
    plan = _env("${env.KEIRI_VAR_PROMPT}", "")
    [(severity, code, path, text)] = issues_of(plan, registry)
    assert (severity, code, path) == ("error", IssueCode.UNRESOLVED_REFERENCE, "graph[1].in.prompt")
    assert "'KEIRI_VAR_PROMPT' is not set" in text
    monkeypatch.setenv("KEIRI_VAR_PROMPT", "請求書を抽出")
    assert issues_of(plan, registry) == []
    assert registry.get("invoice.check").inputs["rounding"].default == "down"
    plan = _ENV_PLAN.replace(
        "  - id: extract", '  - id: extract\n    when: { expr: "false" }', 1
    ).replace("EXTRA", "")  # keep the LLM node, add a node whose port has a default
    plan += (
        '  - id: totals\n    block: invoice.check\n    in: { rounding: "${env.KEIRI_VAR_MODEL}" }\n'
    )
    found = [i for i in issues_of(plan.replace("PROMPT", "x"), registry) if "KEIRI_VAR" in i[3]]
    [(severity, code, path, text)] = found
    assert (severity, code, path) == (
        "warning",
        IssueCode.UNRESOLVED_REFERENCE,
        "graph[2].in.rounding",
    )
    assert "the input takes its default ('down')" in text


def test_process_llm_needs_prompt_or_instruction(registry: BlockRegistry) -> None:
    plan = _env("", "")
    [(severity, code, path, text)] = issues_of(plan, registry)
    assert (severity, code, path) == ("error", IssueCode.MISSING_REQUIRED_INPUT, "graph[1].in")
    assert "needs one of 'prompt', 'instruction'" in text
    instruction = plan.replace('prompt: ""', 'instruction: "照合して"')
    assert issues_of(instruction, registry) == []


@pytest.mark.parametrize("legacy", ["ui.file_uploader.single", "ui.confirmation.basic"])
def test_a_legacy_block_points_at_keiri_migrate(legacy: str, registry: BlockRegistry) -> None:
    plan = f"apiVersion: v1\nid: old\ngraph:\n  - id: ask\n    block: {legacy}\n"
    [(severity, code, path, text)] = issues_of(plan, registry)
    assert (severity, code, path) == ("error", IssueCode.UNKNOWN_BLOCK, "graph[0].block")
    assert "legacy UI block" in text and "keiri migrate plan.yaml" in text


@pytest.fixture
def two_majors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[BlockRegistry]:
    source = (FIXTURES / "blocks" / "specs" / "test.record.yaml").read_text()
    for version in ("1.4.0", "2.0.0"):
        (tmp_path / f"test.record.{version}.yaml").write_text(
            source.replace("version: 1.0.0", f"version: {version}")
        )
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(tmp_path))
    yield BlockRegistry()


def test_an_unpinned_block_whose_major_changed_warns(two_majors: BlockRegistry) -> None:
    plan = (
        "apiVersion: v1\nid: p\ngraph:\n  - id: rec\n    block: {block}\n    in: {{ value: 1 }}\n"
    )
    [(severity, code, path, text)] = issues_of(plan.format(block="test.record"), two_majors)
    assert (severity, code, path) == (
        "warning",
        IssueCode.BLOCK_VERSION_INCOMPATIBLE,
        "graph[0].block",
    )
    assert "resolves to major 2 (2.0.0); major 1 (1.4.0) is installed too" in text
    assert "test.record@1.4.0" in text and "test.record@2.0.0" in text
    assert issues_of(plan.format(block="test.record@1.4.0"), two_majors) == []


def test_a_schema_error_does_not_hide_the_other_passes(
    registry: BlockRegistry, tmp_path: Path
) -> None:
    plan = tmp_path / "plan.yaml"
    plan.write_text(
        "apiVersion: v1\nid: p\ngraph:\n"
        "  - id: first\n    block: data.check_rules\n    in: { data: {}, rules: [] }\n"
        "    colour: red\n"
        "  - id: second\n    block: data.check_rulez\n"
        '    in: { data: { a: "${first.passed}", b: "${nowhere.z}" }, rules: [] }\n'
    )
    report = validate_file(plan, registry)
    assert [(e.code, e.path) for e in report.errors] == [
        (IssueCode.PLAN_SCHEMA_INVALID, "graph[0].colour"),
        (IssueCode.UNKNOWN_BLOCK, "graph[1].block"),
        (IssueCode.UNRESOLVED_REFERENCE, "graph[1].in.data.b"),  # not `first.passed`
    ]


def test_run_json_on_an_invalid_plan_prints_the_document(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from keiri.cli.main import main

    plan = FIXTURES / "plans" / "invalid" / "UNKNOWN_BLOCK__typo_in_block.yaml"
    assert main(["run", str(plan), "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["ok"] is False and document["error"]["code"] == "PLAN_INVALID"
    assert [e["code"] for e in document["errors"]] == ["UNKNOWN_BLOCK"]


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_written_plans_respect_the_umask(umask_022: None, tmp_path: Path) -> None:
    """`keiri generate` and the Design page save through `save_plan`, `keiri migrate`
    through `migrate_file`: 0644 under umask 022 (was 0600, unreadable by a worker)."""
    from compiler.migrate import migrate_file
    from designer.checks import save_plan

    saved = save_plan("apiVersion: v1\nid: p\n", "p", tmp_path / "p.yaml")
    source = tmp_path / "old.yaml"
    source.write_text(
        "apiVersion: v1\nid: old\ngraph:\n  - id: ask\n    block: ui.confirmation.basic\n"
        "    in: { message: OK? }\n"
    )
    migrated = tmp_path / "new.yaml"
    migrate_file(source, migrated)
    for path in (saved, migrated):
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path


def _llm_plan(output_schema: object, *, in_loop: bool = False) -> str:
    node = {
        "id": "extract",
        "block": "ai.process_llm",
        "in": {
            "evidence_data": {"files": []},
            "prompt": "請求金額を抽出",
            "output_schema": output_schema,
        },
    }
    graph: list[object] = [node]
    if in_loop:
        graph = [
            {
                "id": "each",
                "type": "loop",
                "foreach": {"input": [1, 2]},
                "body": {"plan": {"graph": [node]}},
            }
        ]
    return yaml.safe_dump({"apiVersion": "v1", "id": "llm_plan", "graph": graph})


_SCHEMAS = [case for case in LLM_SCHEMA_CASES if isinstance(case[1], dict) and case[1]]


@pytest.mark.parametrize(("name", "schema", "field"), _SCHEMAS, ids=[c[0] for c in _SCHEMAS])
def test_validate_reports_the_output_schema_problems_the_block_raises_at_run_time(
    name: str, schema: dict[str, object], field: str, registry: BlockRegistry
) -> None:
    """One definition: `keiri validate` says exactly what `compile_output_schema` raises when
    the node runs, one TYPE_MISMATCH per problem at the schema's key path."""
    with pytest.raises(BlockError) as caught:
        compile_output_schema(schema)
    at_run_time = [(p["field"], p["message"]) for p in caught.value.details["problems"]]
    found = [i for i in issues_of(_llm_plan(schema), registry) if i[0] == "error"]
    assert [(code, path) for _, code, path, _ in found] == [
        (IssueCode.TYPE_MISMATCH, f"graph[0].in.{where}") for where, _ in at_run_time
    ]
    assert [text.split(" | ")[0] for *_, text in found] == [
        f"{where}: {message}" for where, message in at_run_time
    ]
    assert field in [where for where, _ in at_run_time]


def test_output_schema_is_checked_inside_a_loop_body_and_reads_in_japanese(
    registry: BlockRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    schema = {"results": {"type": "object", "properties": {"amount": "integr"}}}
    [(severity, code, path, text)] = [
        i for i in issues_of(_llm_plan(schema, in_loop=True), registry) if i[0] == "error"
    ]
    assert (severity, code) == ("error", IssueCode.TYPE_MISMATCH)
    assert path == "graph[0].body.plan.graph[0].in.output_schema.results.properties.amount"
    assert text.startswith(
        "output_schema.results.properties.amount: 型 'integr' は使えません（使える型: string, "
    )
    assert (
        "（もしかして: 'integer'" in text
        and "| output_schema には回答のキーごとに型を書きます" in text
    )


def test_a_valid_or_referenced_output_schema_passes_and_a_list_is_said_once(
    registry: BlockRegistry,
) -> None:
    good = {"results": {"type": "object", "properties": {"amount": "integer"}}}
    assert [i for i in issues_of(_llm_plan(good), registry) if i[0] == "error"] == []
    referenced = _llm_plan({"results": "${vars.kind}"}).replace(
        "apiVersion: v1", "apiVersion: v1\nvars: {kind: string}"
    )
    assert [i for i in issues_of(referenced, registry) if i[0] == "error"] == []
    found = [i for i in issues_of(_llm_plan(["amount"]), registry) if i[0] == "error"]
    assert [(code, path) for _, code, path, _ in found] == [
        (IssueCode.TYPE_MISMATCH, "graph[0].in.output_schema")
    ]
