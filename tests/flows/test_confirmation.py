"""The ambiguity protocol on the Prefect backend, unattended (issue 14 item 2): a node that
does not ask records the ambiguity as a finding and the run completes; a question answered up
front as a run input never pauses."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import FIXTURES

pytestmark = pytest.mark.prefect
RUNTIME = FIXTURES / "plans" / "runtime"


def test_unattended_records_a_finding_and_completes(runtime: Any) -> None:
    run = runtime(RUNTIME / "reconcile_unattended.yaml")
    assert run.state.is_completed(), run.record
    match = run.outputs["match"]
    assert [m["right_index"] for m in match["matched"]] == [0]
    [finding] = match["ambiguities"]
    assert finding["decided_by"] == "automatic" and finding["candidate_right_indices"] == [0, 1]
    assert not [e for e in run.events if e["event"].startswith("confirmation_")]


def test_answer_up_front_in_a_loop_item(runtime: Any) -> None:
    run = runtime(
        RUNTIME / "reconcile_per_item.yaml",
        answers={"match[0]": {"choice": "right-1"}, "match[1]": {"choice": "none"}},
    )
    assert run.state.is_completed(), run.record
    matches = run.outputs["per_invoice"]["matches"]
    assert [[m["right_index"] for m in item] for item in matches] == [[1], []]
    resolved = [e for e in run.events if e["event"] == "confirmation_resolved"]
    assert sorted((e["iteration"], e["option"]) for e in resolved) == [(0, "right-1"), (1, "none")]
