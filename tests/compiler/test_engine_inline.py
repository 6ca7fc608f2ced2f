"""Semantics of the core on the inline backend: every valid fixture shape, events, policies."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.errors import ErrorCode
from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_file, compile_text
from compiler.engine import RunResult, run_compiled
from compiler.events import EventLog
from tests.conftest import FIXTURES

VALID = FIXTURES / "plans" / "valid"


def run(path: Path, registry: BlockRegistry, **kwargs: Any) -> tuple[RunResult, EventLog]:
    compiled, _ = compile_file(path, registry)
    log = EventLog(None)
    return run_compiled(compiled, Backend(), run_id="r1", events=log, **kwargs), log


def test_linear_chain(registry: BlockRegistry) -> None:
    result, log = run(VALID / "linear_chain.yaml", registry)
    assert result.state == "completed"
    assert result.outputs["total"]["totals"] == {"amount": 16500}
    assert result.outputs["check_total"]["passed"] is True
    assert [e["node_id"] for e in log.of("node_complete")] == ["total", "check_total"]
    assert log.events[0]["event"] == "plan_start" and log.events[-1]["event"] == "plan_complete"


def test_fan_out_fan_in(registry: BlockRegistry) -> None:
    result, _ = run(VALID / "fan_out_fan_in.yaml", registry)
    assert result.outputs["by_vendor"]["groups"] == [
        {"key": "A社", "count": 1, "totals": {"amount": 11000}},
        {"key": "B社", "count": 1, "totals": {"amount": 5500}},
    ]
    assert result.outputs["both"]["passed"] is True


def test_when_skip_gives_null_outputs(registry: BlockRegistry) -> None:
    result, log = run(VALID / "when_skip.yaml", registry)
    assert result.outputs.get("strict_check") is None
    assert result.statuses["strict_check"].state == "skipped"
    skipped = log.of("node_skipped")
    assert (
        skipped[0]["node_id"] == "strict_check" and skipped[0]["reason"] == "when_condition_false"
    )
    assert "${vars.strict}" in skipped[0]["condition"]
    assert result.outputs["compare_check"]["passed"] is True


def test_foreach_one_node_collects_in_item_order(registry: BlockRegistry) -> None:
    result, log = run(VALID / "foreach_one_node.yaml", registry)
    assert result.outputs["per_month"]["totals"] == [
        {"amount": 300},
        {"amount": 300},
        {"amount": 0},
    ]
    assert result.outputs["per_month"]["count"] == [2, 1, 0]
    assert [e["iteration"] for e in log.of("loop_iteration")] == [0, 1, 2]
    assert result.outputs["summary"]["passed"] is True


def test_foreach_multi_node_body(registry: BlockRegistry) -> None:
    result, _ = run(VALID / "foreach_multi_node.yaml", registry)
    assert result.outputs["per_vendor"]["passed"] == [True, False]


def test_foreach_batch_size(registry: BlockRegistry) -> None:
    result, _ = run(VALID / "foreach_batch_size.yaml", registry)
    assert result.outputs["each"]["amount"] == [1, 2, 3, 4, 5]


def test_while_ends_by_condition(registry: BlockRegistry) -> None:
    result, log = run(VALID / "while_condition.yaml", registry)
    assert result.outputs["until_limit"]["passed"] == [True, True, False]
    assert log.of("loop_limit_reached") == []


def test_while_ends_by_max_iterations(registry: BlockRegistry) -> None:
    result, log = run(VALID / "while_max_iterations.yaml", registry)
    assert result.outputs["forever"]["passed"] == [True, True]
    assert log.of("loop_limit_reached")[0]["max_iterations"] == 2


def test_while_limit_as_error(registry: BlockRegistry) -> None:
    text = (
        (VALID / "while_max_iterations.yaml")
        .read_text(encoding="utf-8")
        .replace("max_iterations: 2", "max_iterations: 2\n      on_limit: error")
    )
    compiled, _ = compile_text(text, registry)
    result = run_compiled(compiled, Backend(), run_id="r", events=EventLog(None))
    assert result.state == "failed" and result.error is not None
    assert result.error.code == ErrorCode.LOOP_LIMIT_REACHED


def test_subflow_exports_and_run_id(registry: BlockRegistry) -> None:
    result, log = run(VALID / "subflow_nested.yaml", registry)
    assert result.outputs["validate"]["is_valid"] is False
    assert len(result.outputs["validate"]["errors"]) == 2
    assert any(e["run_id"] == "r1.sub#1" for e in log.events)


PLAN_FAILING = """
apiVersion: v1
id: failing
policy: {on_error: %s, retries: 2}
graph:
  - id: bad
    block: data.aggregate
    in: {records: [{amount: "abc"}], sum_fields: [amount]}
  - id: after
    block: data.check_rules
    in:
      data: {bad: "${bad.count}"}
      rules: [{field: bad, required: false}]
"""


def test_on_error_halt_stops(registry: BlockRegistry) -> None:
    compiled, _ = compile_text(PLAN_FAILING % "halt", registry)
    log = EventLog(None)
    result = run_compiled(compiled, Backend(), run_id="r", events=log)
    assert result.state == "failed" and result.error is not None
    assert result.error.code == ErrorCode.INPUT_VALIDATION_FAILED and result.error.node_id == "bad"
    assert result.statuses["after"].state == "not_run"
    assert log.events[-1]["status"] == "failed"


def test_on_error_continue_gives_null_downstream(registry: BlockRegistry) -> None:
    compiled, _ = compile_text(PLAN_FAILING % "continue", registry)
    result = run_compiled(compiled, Backend(), run_id="r", events=EventLog(None))
    assert result.state == "completed"
    assert result.outputs["after"]["passed"] is True
    assert result.statuses["bad"].state == "failed"


def test_on_error_retry_does_not_retry_what_cannot_recover(registry: BlockRegistry) -> None:
    compiled, _ = compile_text(PLAN_FAILING % "retry", registry)
    log = EventLog(None)
    result = run_compiled(compiled, Backend(), run_id="r", events=log)
    errors = log.of("node_error")
    assert [(e["retry"], e["will_retry"]) for e in errors] == [(0, False)]  # bad input
    assert result.state == "failed"


def test_on_error_retry_retries_recoverable_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.conftest import TEST_BLOCK_SPECS

    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    text = """apiVersion: v1
id: flaky
policy: {on_error: retry, retries: 2}
graph:
  - id: flaky
    block: test.fail
    in: {unless_exists: /nonexistent/marker}
"""
    compiled, _ = compile_text(text, BlockRegistry())
    log = EventLog(None)
    result = run_compiled(compiled, Backend(), run_id="r", events=log)
    assert [(e["retry"], e["will_retry"]) for e in log.of("node_error")] == [
        (0, True),
        (1, True),
        (2, False),
    ]
    assert result.error is not None and result.error.code == ErrorCode.API_ERROR


SLOW = """apiVersion: v1
id: slow_inline
graph:
  - id: sleepy
    block: test.slow
    timeout_ms: 100
    retries: 2
    in: { sleep_ms: 700 }
"""


@pytest.mark.parametrize("in_thread", [False, True], ids=["main-thread", "worker-thread"])
def test_timeout_interrupts_each_attempt_before_the_next(
    in_thread: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Main thread: an alarm interrupts the sleep at 100 ms. Other threads: the attempt is
    stopped when the blocking call returns (CPython cannot interrupt it), before it writes
    its end. Either way attempts never overlap and nothing is written after the failure."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.conftest import TEST_BLOCK_SPECS

    journal = tmp_path / "journal.jsonl"
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(journal))
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    compiled, _ = compile_text(SLOW, BlockRegistry())
    log = EventLog(None)

    def go() -> RunResult:
        return run_compiled(compiled, Backend(), run_id="r", events=log)

    started = time.monotonic()
    if in_thread:
        with ThreadPoolExecutor(1) as pool:
            result = pool.submit(go).result()
    else:
        result = go()
    elapsed = time.monotonic() - started
    failed_at = time.time()
    assert result.error is not None and result.error.code == ErrorCode.TIMEOUT_ERROR
    assert [(e["retry"], e["will_retry"]) for e in log.of("node_error")] == [
        (0, True),
        (1, True),
        (2, False),
    ]
    time.sleep(1.0)  # a zombie attempt would write its end now
    entries = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    assert [e["event"] for e in entries] == ["start", "start", "start"]
    assert [e["attempt"] for e in entries] == [0, 1, 2]
    assert all(e["t"] < failed_at for e in entries)
    starts = [e["t"] for e in entries]
    gaps = [b - a for a, b in itertools.pairwise(starts)]
    if in_thread:  # each attempt ends with its 700 ms call: one at a time
        assert min(gaps) >= 0.69
    else:  # interrupted at 100 ms: three attempts well within one sleep
        assert min(gaps) >= 0.1 and elapsed < 1.5


def test_jsonl_log_written_incrementally(tmp_path: Path, registry: BlockRegistry) -> None:
    compiled, _ = compile_file(VALID / "linear_chain.yaml", registry)
    log = EventLog.for_run(compiled.id)
    run_compiled(compiled, Backend(), run_id="r", events=log)
    assert log.path is not None and log.path.parent.name == "linear_chain"
    import json

    lines = [json.loads(line) for line in log.path.read_text(encoding="utf-8").splitlines()]
    assert [e["event"] for e in lines] == [
        "plan_start",
        "node_start",
        "node_complete",
        "node_start",
        "node_complete",
        "plan_complete",
    ]
    assert lines[-1]["status"] == "success" and "total_duration_ms" in lines[-1]


@pytest.mark.parametrize("name", ["linear_chain", "fan_out_fan_in", "foreach_one_node"])
def test_runs_are_deterministic(name: str, registry: BlockRegistry) -> None:
    first, _ = run(VALID / f"{name}.yaml", registry)
    second, _ = run(VALID / f"{name}.yaml", registry)
    assert first.outputs == second.outputs
