"""Placeholder vars in the compiler: warned by the validator, typed for the edges, sampled by
the dry-run, refused before a run (the CLI's check and the semantic core's guard).

The fixture lives in `tests/fixtures/plans/needs_vars/`: it is valid (one VAR_PLACEHOLDER
warning), but unlike `valid/` it cannot run as is — that is the point."""

from __future__ import annotations

import pytest

from blocks.sdk.errors import BlockError, IssuesFound
from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_file, compile_text
from compiler.dryrun import dry_run_compiled
from compiler.engine import run_compiled
from compiler.events import EventLog
from compiler.placeholders import dry_run_vars, plan_placeholders, require_vars
from tests.conftest import FIXTURES
from tests.support.catalog_text import shown

PLAN = FIXTURES / "plans" / "needs_vars" / "VAR_PLACEHOLDER__open_tolerance.yaml"


def test_placeholder_is_a_typed_warning_and_dry_runs(registry: BlockRegistry) -> None:
    compiled, warnings = compile_file(PLAN, registry)
    [warning] = warnings
    assert (warning.code, warning.node_id, warning.path, warning.line) == (
        "VAR_PLACEHOLDER",
        "match",
        "vars.tolerance",
        9,
    )
    assert "振込手数料の許容額（円）は？" in warning.message and "--var tolerance=" in warning.hint
    [(name, ph)] = plan_placeholders(compiled.plan).items()
    assert (name, ph.type) == ("tolerance", "integer")
    assert dry_run_vars(compiled.plan) == {"tolerance": 0}
    assert dry_run_compiled(compiled, warnings).ok


def test_placeholder_type_is_checked_on_the_edge(registry: BlockRegistry) -> None:
    text = PLAN.read_text(encoding="utf-8").replace("type: integer", "type: string")
    with pytest.raises(IssuesFound) as found:
        compile_text(text, registry)
    assert [i.code for i in found.value.issues if i.severity == "error"] == ["TYPE_MISMATCH"]


def test_run_is_refused_until_the_placeholder_is_given(registry: BlockRegistry) -> None:
    compiled, _ = compile_file(PLAN, registry)
    with pytest.raises(IssuesFound) as refused:
        require_vars(compiled, {})
    [issue] = refused.value.issues
    assert issue.code == "VAR_PLACEHOLDER" and issue.severity == "error"
    assert issue.path == "vars.tolerance" and issue.line == 9 and issue.node_id == "match"
    assert shown("issue.placeholder.how", issue.hint or "", name="tolerance"), issue.hint
    with pytest.raises(IssuesFound) as wrong:
        require_vars(compiled, {"tolerance": "八百八十"})
    assert [i.code for i in wrong.value.issues] == ["TYPE_MISMATCH"]
    require_vars(compiled, {"tolerance": 880})  # given: nothing to say
    # The semantic core refuses too (deployments, flows started elsewhere): no node runs.
    log = EventLog(None)
    with pytest.raises(BlockError) as guard:
        run_compiled(compiled, Backend(), run_id="r1", events=log)
    assert guard.value.code == "VAR_PLACEHOLDER" and guard.value.details["vars"] == ["tolerance"]
    assert log.of("node_start") == []
    result = run_compiled(compiled, Backend(), run_id="r2", events=log, vars={"tolerance": 880})
    assert result.state == "completed"
    [match] = result.outputs["match"]["matched"]
    assert match["amount_diff"] == -880  # the fee is tolerated only because 880 was given
