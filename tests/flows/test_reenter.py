"""Re-entering an input (issue 12, item 9) on the real local Prefect server, through `keiri`:
a run that failed because a check refused an amount is retried with `--reenter ask`; the
form asks again with the earlier answers prefilled, the unrelated form keeps its answer, the
confirm form that shows the amount asks again, and finished work that does not depend on the
amount is reused."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, TEST_BLOCK_SPECS
from tests.flows.conftest import read_journal

pytestmark = pytest.mark.prefect
PLAN = FIXTURES / "plans" / "runtime" / "reenter_amount.yaml"


def keiri(*args: str) -> tuple[int, dict[str, Any]]:
    """`keiri ARGS --json` in this process; (exit code, JSON document)."""
    from keiri.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*args, "--json"])
    return code, json.loads(out.getvalue())


def _defaults(run_id: str) -> tuple[str | None, dict[str, Any]]:
    from flows.lifecycle.control import read_paused_form

    form = read_paused_form(run_id)
    return form.run.pause_key, {r.id: r.default for r in form.requirements}


def _stop(run_id: str) -> None:
    from flows.lifecycle.runs import _stop_runners

    _stop_runners(run_id, timeout=5)


def test_the_failure_is_linked_to_the_inputs_upstream_of_the_failing_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    from blocks.sdk.errors import BlockError
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.backend import reenter

    compiled, _warnings = compile_file(PLAN, BlockRegistry())
    assert reenter.human_inputs(compiled) == ["who", "ask", "confirm"]
    assert reenter.upstream_inputs(compiled, "check") == ["ask", "confirm"]  # nearest first
    assert reenter.upstream_inputs(compiled, "unrelated") == ["who"]
    refused = BlockError("INPUT_VALIDATION_FAILED", "金額が上限を超えています", node_id="check")
    found = reenter.offer("r1", refused, compiled)
    assert found is not None and (found.node_id, found.inputs) == ("check", ["ask", "confirm"])
    # Not about the input: an API error, a rejection (its own 再実行 asks again).
    assert reenter.offer("r1", BlockError("API_ERROR", "503", node_id="check"), compiled) is None
    assert (
        reenter.offer("r1", BlockError("REJECTED", "差し戻し", node_id="confirm"), compiled) is None
    )
    # A block may say that its input caused the error, whatever the code.
    flagged = BlockError(
        "BLOCK_FAILED", "合計が合いません", details={"cause": "input"}, node_id="last"
    )
    assert reenter.offer("r1", flagged, compiled) is not None
    # Through a loop: the node after it depends on the form asked in each item.
    loop, _warnings = compile_file(PLAN.with_name("foreach_confirm.yaml"), BlockRegistry())
    assert reenter.upstream_inputs(loop, "after") == ["confirm_item"]
    # The nearest human input of a node that reads only the unrelated form.
    alone = BlockError("FILE_INVALID", "壊れています", node_id="unrelated")
    found = reenter.offer("r1", alone, compiled)
    assert found is not None and found.inputs == ["who"]


@pytest.mark.usefixtures("as_yamada")
def test_reenter_asks_that_form_again_and_reuses_what_does_not_depend_on_it(
    journal: Path, tmp_path: Path
) -> None:
    from flows.lifecycle.control import find_run

    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "98000").write_text("", encoding="utf-8")
    code, doc = keiri(
        "run",
        str(PLAN),
        "--input",
        "who.name=山田",
        "--input",
        "ask.amount=120,000",
        "--input",
        "ask.memo=4月分",
        "--input",
        "confirm.approved=true",
        "--var",
        f"allowed={allowed}",
        "--detach",
    )
    assert code == 1 and doc["error"]["code"] == "INPUT_VALIDATION_FAILED", doc
    assert doc["error"]["node_id"] == "check"
    run_id = doc["run_id"]
    try:
        # A node that is not a human-input node: a usage error, and nothing is retried.
        code, doc = keiri("retry", run_id, "--reenter", "aks", "--detach")
        assert code == 2 and doc["error"]["code"] == "USAGE_ERROR", doc
        assert "'ask'" in doc["error"]["hint"]
        assert find_run(run_id).state.type.value == "FAILED"

        code, doc = keiri("retry", run_id, "--reenter", "ask", "--detach")
        assert code == 3 and doc["state"] == "paused", doc
        assert doc["paused"]["node_id"] == "ask"
        key, defaults = _defaults(run_id)
        assert key == "ask-r1"
        assert defaults["amount"] == 120000 and defaults["memo"] == "4月分"  # prefilled

        code, doc = keiri("resume", run_id, "--input", "amount=98000", "--input", "memo=4月分")
        # The confirm form shows the amount: it asks again, its decision prefilled.
        assert code == 3 and doc["paused"]["node_id"] == "confirm", doc
        key, defaults = _defaults(run_id)
        assert key == "confirm-r1" and defaults["approved"] is True

        code, doc = keiri("resume", run_id, "--input", "approved=true")
        assert code == 0 and doc["state"] == "completed", doc
    finally:
        _stop(run_id)
    outputs = doc["outputs"]
    assert outputs["last"]["value"] == 98000
    assert outputs["who"]["collected_data"] == {"name": "山田"}  # kept, not asked again
    assert outputs["who"]["metadata"]["answered_by"] == "yamada"
    decisions = {(e["node_id"], e["decision"], e["reason"]) for e in doc["reuse"]}
    assert {
        ("who", "reused", "unchanged"),
        ("unrelated", "reused", "unchanged"),
        ("confirm", "rerun", "inputs_changed"),
        ("check", "rerun", "not_finished"),  # it failed: nothing was stored
    } <= decisions, doc["reuse"]
    assert not any(e["node_id"] == "ask" for e in doc["reuse"])  # asked: node_paused
    labels = [e.get("label") for e in read_journal(journal)]
    assert labels.count("unrelated") == 1, labels  # finished work was not redone
    assert labels.count("last") == 1, labels
    events = [
        json.loads(line)
        for line in Path(doc["log"]).read_text(encoding="utf-8").splitlines()
        if line
    ]
    paused = [e["key"] for e in events if e["event"] == "node_paused"]
    assert paused == ["ask-r1", "confirm-r1"], paused  # `who` was never asked


@pytest.mark.usefixtures("as_yamada")
def test_reenter_asks_a_form_whose_values_given_up_front_were_refused(
    journal: Path, tmp_path: Path
) -> None:
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.backend import reenter
    from flows.lifecycle.runs import outcome

    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "98000").write_text("", encoding="utf-8")
    code, doc = keiri(
        "run",
        str(PLAN),
        "--input",
        "who.name=山田",
        "--input",
        "ask.amount=-5",  # converts, but the form's minimum refuses it
        "--input",
        "confirm.approved=true",
        "--var",
        f"allowed={allowed}",
        "--detach",
    )
    assert code == 1 and doc["error"]["code"] == "INPUT_VALIDATION_FAILED", doc
    assert doc["error"]["node_id"] == "ask"
    run_id = doc["run_id"]
    compiled, _warnings = compile_file(PLAN, BlockRegistry())
    found = reenter.offer(run_id, outcome(run_id).block_error, compiled)
    assert found is not None and found.inputs == ["ask"]
    try:
        code, doc = keiri("retry", run_id, "--reenter", "ask", "--detach")
        assert code == 3 and doc["paused"]["node_id"] == "ask", doc
        key, defaults = _defaults(run_id)
        assert key == "ask-r1" and defaults["amount"] == -5  # what was given, to correct
        code, doc = keiri("resume", run_id, "--input", "amount=98000")
        # `confirm` was never reached: its value given up front is used, nothing asked.
        assert code == 0 and doc["state"] == "completed", doc
    finally:
        _stop(run_id)
    assert doc["outputs"]["last"]["value"] == 98000
    assert doc["outputs"]["confirm"]["approved"] is True
