"""Errors name where they happened (issue 10): the node of a failing `when`, the loop item of
a failed foreach item (`work[2]` and its file name), and the skipped or failed upstream of a
node whose required input it was supposed to give (DEPENDENCY_NOT_FOUND, seed 000 §9.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.sdk.errors import ErrorCode
from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_text
from compiler.engine import RunResult, run_compiled
from compiler.events import EventLog
from tests.conftest import TEST_BLOCK_SPECS


@pytest.fixture
def test_blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BlockRegistry:
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    return BlockRegistry()


def run(text: str, registry: BlockRegistry) -> tuple[RunResult, EventLog]:
    compiled, _ = compile_text(text, registry)
    log = EventLog(None)
    return run_compiled(compiled, Backend(), run_id="r", events=log), log


@pytest.mark.parametrize(
    "condition",
    ["${first.value} > 1", "${first.value.amount} > 1"],
    ids=["type-mismatch", "path-on-a-string"],
)
def test_when_error_names_its_node(condition: str, test_blocks: BlockRegistry) -> None:
    text = f"""apiVersion: v1
id: when_error
graph:
  - id: first
    block: test.record
    in: {{ value: "text" }}
  - id: guarded
    block: test.record
    when: {{ expr: "{condition}" }}
    in: {{ value: 1 }}
"""
    result, _ = run(text, test_blocks)
    assert result.error is not None
    assert result.error.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert result.error.node_id == "guarded"
    assert result.error.details["condition"] == condition
    assert result.statuses["guarded"].state == "failed"


def test_failed_foreach_item_is_named_with_its_index_and_file(test_blocks: BlockRegistry) -> None:
    text = """apiVersion: v1
id: item_error
vars:
  files:
    - { name: 請求書_A.pdf, marker: /dev/null }
    - { name: 請求書_B.pdf, marker: /nonexistent/marker }
    - { name: 請求書_C.pdf, marker: /dev/null }
graph:
  - id: each
    type: loop
    foreach: { input: "${vars.files}", itemVar: f, max_concurrency: 1 }
    body:
      plan:
        graph:
          - id: work
            block: test.fail
            in: { unless_exists: "${f.marker}" }
        exports:
          - { from: work.ok, as: ok }
"""
    result, log = run(text, test_blocks)
    error = result.error
    assert error is not None and error.code == ErrorCode.API_ERROR
    assert error.node_id == "work"
    assert error.message.startswith("work[1] (請求書_B.pdf): ")
    assert error.details["task_name"] == "work[1]" and error.details["item"] == "請求書_B.pdf"
    # every item went through the node path: events and a status each
    assert [result.statuses[f"work[{i}]"].state for i in range(3)] == [
        "completed",
        "failed",
        "completed",
    ]
    assert [e["iteration"] for e in log.of("node_start") if e["node_id"] == "work"] == [0, 1, 2]
    assert [e["iteration"] for e in log.of("node_complete") if e["node_id"] == "work"] == [0, 2]
    assert [e["iteration"] for e in log.of("node_error")] == [1]
    assert result.statuses["each"].state == "failed"


@pytest.mark.parametrize("upstream", ["skipped", "failed"])
def test_input_from_a_skipped_or_failed_upstream_is_dependency_not_found(
    upstream: str, test_blocks: BlockRegistry
) -> None:
    source = (
        """  - id: records
    block: data.aggregate
    when: { expr: "1 == 2" }
    in: { records: [{ amount: 1 }], sum_fields: [amount] }"""
        if upstream == "skipped"
        else """  - id: records
    block: data.aggregate
    on_error: continue
    in: { records: [{ amount: "abc" }], sum_fields: [amount] }"""
    )
    text = f"""apiVersion: v1
id: dependency
graph:
{source}
  - id: check
    block: data.check_rules
    in:
      data: "${{records.totals}}"
      rules: [{{ field: amount, required: false }}]
"""
    registry = test_blocks
    result, _ = run(text, registry)
    error = result.error
    assert error is not None and error.code == ErrorCode.DEPENDENCY_NOT_FOUND
    assert error.node_id == "check"
    assert error.details["upstream"] == "records"
    assert error.details["upstream_state"] == upstream
    assert error.details["field"] == "data"
    assert "records" in error.message
