"""Every invalid fixture yields exactly its expected code at its node/path; valid ones pass."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blocks.sdk.registry import BlockRegistry
from compiler.dryrun import dry_run_file
from compiler.validate import validate_file
from keiri.base.errors import IssueCode
from tests.conftest import FIXTURES

INVALID = sorted((FIXTURES / "plans" / "invalid").glob("*.yaml"))
VALID = sorted((FIXTURES / "plans" / "valid").glob("*.yaml"))
DRY_RUN = sorted((FIXTURES / "plans" / "dry_run").glob("*.yaml"))
# Valid plans that cannot run without `--var` (placeholders): kept out of `valid/`, which the
# runtime tests run as they are.
NEEDS_VARS = sorted((FIXTURES / "plans" / "needs_vars").glob("*.yaml"))


def _expectation(path: Path, marker: str) -> dict[str, str]:
    first = path.read_bytes().splitlines()[0].decode("ascii")
    match = re.match(rf"# {marker}: (\w+)(.*)", first)
    if not match:
        return {}
    fields = dict(re.findall(r"(\w+)=(\S+)", match.group(2)))
    return {"code": match.group(1), **fields}


def test_every_issue_code_has_a_fixture() -> None:
    """Derived from the enum: a new IssueCode without a fixture fails here. Errors have an
    invalid fixture (validate) or a dry-run fixture; warnings a valid fixture's `# warn:`."""
    covered = {p.name.split("__")[0] for p in INVALID + DRY_RUN + NEEDS_VARS}
    covered |= {_expectation(p, "warn").get("code", "") for p in VALID}
    assert {str(code) for code in IssueCode} - covered == set()


@pytest.mark.parametrize("path", DRY_RUN, ids=lambda p: p.stem)
def test_dry_run_fixture_yields_exactly_its_code(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(FIXTURES / "blocks" / "dry_run_specs"))
    expect = _expectation(path, "expect")
    assert expect["code"] == path.name.split("__")[0]
    assert validate_file(path, BlockRegistry()).ok
    report = dry_run_file(path, BlockRegistry())
    assert [e.code for e in report.errors] == [expect["code"]], report.errors
    issue = report.errors[0]
    assert (issue.node_id, issue.path, issue.file) == (expect["node"], expect["path"], str(path))
    assert issue.line is not None and issue.hint


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_fixture_yields_exactly_its_code(path: Path, registry: BlockRegistry) -> None:
    expect = _expectation(path, "expect")
    assert expect["code"] == path.name.split("__")[0]
    report = validate_file(path, registry)
    assert not report.ok
    assert [e.code for e in report.errors] == [expect["code"]], report.errors
    issue = report.errors[0]
    if "node" in expect:
        assert issue.node_id == expect["node"]
    if "path" in expect:
        assert issue.path == expect["path"]
    if "line" in expect:
        assert issue.line == int(expect["line"])
    assert issue.line is not None and issue.line >= 1
    assert issue.file == str(path)
    assert issue.message


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_fixture_validates(path: Path, registry: BlockRegistry) -> None:
    report = validate_file(path, registry)
    assert report.ok, report.errors
    warn = _expectation(path, "warn")
    if warn:
        assert [w.code for w in report.warnings] == [warn["code"]]
        assert report.warnings[0].node_id == warn["node"]
        assert report.warnings[0].path == warn["path"]
    else:
        assert report.warnings == []


def test_did_you_mean_on_unknown_block(registry: BlockRegistry) -> None:
    report = validate_file(
        FIXTURES / "plans" / "invalid" / "UNKNOWN_BLOCK__typo_in_block.yaml", registry
    )
    assert "data.aggregate" in report.errors[0].hint


def test_did_you_mean_on_unknown_input(registry: BlockRegistry) -> None:
    report = validate_file(
        FIXTURES / "plans" / "invalid" / "UNKNOWN_INPUT__typo_in_input.yaml", registry
    )
    assert "sum_fields" in report.errors[0].hint


def test_cycle_lists_the_loop(registry: BlockRegistry) -> None:
    report = validate_file(
        FIXTURES / "plans" / "invalid" / "CYCLE_DETECTED__two_node_cycle.yaml", registry
    )
    assert "a -> b -> a" in report.errors[0].message or "b -> a -> b" in report.errors[0].message


def test_many_problems_reported_at_once(tmp_path: Path, registry: BlockRegistry) -> None:
    plan = tmp_path / "many.yaml"
    plan.write_text(
        "apiVersion: v1\nid: many\ngraph:\n"
        "  - id: a\n    block: data.agregate\n"
        "  - id: b\n    block: data.aggregate\n    in: { records: '${nope.x}', sum_fields: [amount], extra: 1 }\n",
        encoding="utf-8",
    )
    report = validate_file(plan, registry)
    assert sorted(e.code for e in report.errors) == [
        "UNKNOWN_BLOCK",
        "UNKNOWN_INPUT",
        "UNRESOLVED_REFERENCE",
    ]
    assert [e.line for e in report.errors] == sorted(e.line or 0 for e in report.errors)
