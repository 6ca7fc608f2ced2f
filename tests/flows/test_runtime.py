"""The Prefect backend on a real local server: the must-shows of the runtime issue."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest

from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_file
from compiler.engine import run_compiled
from compiler.events import EventLog
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS
from tests.flows.conftest import max_overlap, read_journal, subflow_runs, task_runs
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect
# Plans that wait for a person are run with answers in their own tests, not here.
VALID = [
    p
    for p in sorted((FIXTURES / "plans" / "valid").glob("*.yaml"))
    if "ui.interactive_input" not in p.read_text(encoding="utf-8")
]
RUNTIME = FIXTURES / "plans" / "runtime"


def eventually(fetch: Any, check: Any, timeout: float = 15.0) -> Any:
    """Task runs reach the server through events: poll until `check(value)` holds."""
    deadline = time.monotonic() + scaled(timeout)
    while True:
        value = fetch()
        if check(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.25)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_inline_and_prefect_give_identical_outputs(path: Path, runtime: Any) -> None:
    compiled, _ = compile_file(path, BlockRegistry())
    inline = run_compiled(compiled, Backend(), run_id="inline", events=EventLog(None))
    run = runtime(path)
    assert run.state.is_completed(), run.state.message
    assert run.outputs == inline.outputs


def test_linear_chain_task_runs_and_log(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "linear_chain.yaml")
    names = eventually(
        lambda: {t.name for t in task_runs(run.run_id)},
        lambda n: {"compile", "total", "check_total"} <= n,
    )
    assert {"compile", "total", "check_total"} <= names
    runs = {t.name: t for t in task_runs(run.run_id)}
    # Untagged: a tag would cost each node an API call (tag concurrency slots); the flow run
    # carries the plan's tags.
    assert runs["total"].tags == [] and runs["compile"].tags == []
    assert [e["event"] for e in run.events] == [
        "plan_start",
        "node_start",
        "node_complete",
        "node_start",
        "node_complete",
        "plan_complete",
    ]
    assert run.events[-1]["status"] == "success" and run.events[0]["run_id"] == run.run_id


def test_fan_out_runs_in_parallel(runtime: Any, journal: Path) -> None:
    run = runtime(RUNTIME / "parallel_branches.yaml")
    assert run.outputs["join"]["value"] == [1, 2]
    branches = [e for e in read_journal(journal) if e["label"] in ("left", "right")]
    assert max_overlap(branches) == 2


def test_when_false_is_a_skipped_task_run(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "when_skip.yaml")
    skipped = eventually(
        lambda: [t for t in task_runs(run.run_id) if t.name == "strict_check"], bool
    )
    assert skipped and skipped[0].state.name == "Skipped" and skipped[0].state.is_completed()
    assert "${vars.strict}" in (skipped[0].state.message or "")
    assert [e["node_id"] for e in run.events if e["event"] == "node_skipped"] == ["strict_check"]


def test_foreach_one_node_maps_task_runs(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "foreach_one_node.yaml")
    names = eventually(lambda: {t.name for t in task_runs(run.run_id)}, lambda n: len(n) >= 5)
    assert {"month_total[0]", "month_total[1]", "month_total[2]", "summary"} <= names
    assert [e["iteration"] for e in run.events if e["event"] == "loop_iteration"] == [0, 1, 2]


def test_foreach_multi_node_runs_subflows(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "foreach_multi_node.yaml")
    subs = eventually(
        lambda: sorted(r.name for r in subflow_runs(run.run_id)), lambda n: len(n) == 2
    )
    assert subs == ["per_vendor[0]", "per_vendor[1]"]


def test_batch_size_groups_items_into_task_runs(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "foreach_batch_size.yaml")
    names = eventually(
        lambda: sorted(t.name for t in task_runs(run.run_id) if t.name.startswith("row_total")),
        lambda n: len(n) >= 3,
    )
    assert names == ["row_total[0-1]", "row_total[2-3]", "row_total[4]"]
    assert run.outputs["each"]["amount"] == [1, 2, 3, 4, 5]


def test_concurrency_cap_is_observed(runtime: Any, journal: Path) -> None:
    run = runtime(RUNTIME / "capped_foreach.yaml")
    assert run.outputs["each"]["value"] == [1, 2, 3, 4, 5, 6]
    assert max_overlap(read_journal(journal)) == 2


def test_while_limit_event(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "while_max_iterations.yaml")
    assert [e["max_iterations"] for e in run.events if e["event"] == "loop_limit_reached"] == [2]


def test_nested_subflow_run(runtime: Any) -> None:
    run = runtime(FIXTURES / "plans" / "valid" / "subflow_nested.yaml")
    subs = eventually(lambda: [r.name for r in subflow_runs(run.run_id)], bool)
    assert subs == ["validate (sub#1)"]
    assert any(e.get("run_id") == f"{run.run_id}.sub#1" for e in run.events)


def _failing(tmp_path: Path, on_error: str, retries: int = 0) -> Path:
    text = (
        (RUNTIME / "failing.yaml")
        .read_text(encoding="utf-8")
        .replace(
            "policy: { on_error: halt, retries: 2 }",
            f"policy: {{ on_error: {on_error}, retries: {retries} }}",
        )
    )
    path = tmp_path / "failing.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_on_error_halt_fails_the_run(runtime: Any, tmp_path: Path, journal: Path) -> None:
    run = runtime(_failing(tmp_path, "halt"))
    assert run.state.is_failed()
    assert run.record["error"]["code"] == "API_ERROR" and run.record["error"]["node_id"] == "flaky"
    assert "last" not in {e["label"] for e in read_journal(journal)}
    assert any(e["event"] == "node_error" for e in run.events)


def test_on_error_continue_passes_null_downstream(runtime: Any, tmp_path: Path) -> None:
    run = runtime(_failing(tmp_path, "continue"))
    assert run.state.is_completed()
    assert run.outputs["last"]["value"] is None
    assert run.events[-1]["failed_nodes"] == ["flaky"]


def test_on_error_retry_retries_the_node(runtime: Any, tmp_path: Path, journal: Path) -> None:
    run = runtime(_failing(tmp_path, "retry", retries=2))
    assert run.state.is_failed()
    assert [e["label"] for e in read_journal(journal)].count("flaky") == 3
    assert [e["retry"] for e in run.events if e["event"] == "node_error"] == [0, 1, 2]


def test_timeout_is_timeout_error(runtime: Any) -> None:
    run = runtime(RUNTIME / "slow.yaml")
    assert run.state.is_failed()
    assert run.record["error"]["code"] == "TIMEOUT_ERROR"


def test_retry_of_failed_run_skips_finished_nodes(
    runtime: Any, tmp_path: Path, journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "marker"
    plan = _failing(tmp_path, "halt")
    plan.write_text(
        plan.read_text(encoding="utf-8").replace("/nonexistent/marker", str(marker)),
        encoding="utf-8",
    )
    run = runtime(plan)
    assert run.state.is_failed()
    marker.touch()
    from keiri.cli import main

    code = main(["retry", run.run_id, "--json"])
    import json

    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["state"] == "completed"
    labels = [e["label"] for e in read_journal(journal)]
    assert labels.count("first") == 1  # finished before the failure: not executed again
    assert labels.count("flaky") == 2 and labels.count("last") == 1
    assert doc["outputs"]["last"]["value"] is True


def test_block_error_reaches_failure_artifact(runtime: Any, tmp_path: Path) -> None:
    run = runtime(_failing(tmp_path, "halt"))
    import uuid

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

    with get_client(sync_client=True) as client:
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(
                flow_run_id=ArtifactFilterFlowRunId(any_=[uuid.UUID(run.run_id)])
            )
        )
    keys = {a.key for a in artifacts}
    assert "failure-failing" in keys and "run-summary-failing" in keys
    failure = next(a for a in artifacts if a.key == "failure-failing")
    assert "API_ERROR" in str(failure.data) and "create the marker file" in str(failure.data)


def test_spec_root_for_tests_is_registered() -> None:
    assert (TEST_BLOCK_SPECS / "test.record.yaml").is_file()


def test_cache_inputs_reuses_results_across_runs(runtime: Any, journal: Path) -> None:
    first = runtime(RUNTIME / "cached_node.yaml")
    second = runtime(RUNTIME / "cached_node.yaml")
    assert first.outputs == second.outputs
    labels = [e["label"] for e in read_journal(journal)]
    assert labels.count("expensive") == 1  # the opted-in node ran once for both runs
    assert labels.count("cheap") == 2  # run-scoped nodes run in every run


def test_cache_inputs_reuses_loop_items_across_runs(runtime: Any, journal: Path) -> None:
    """Loop items stored with an expiry (`run_batch`) are read by the next run, not rerun."""
    first = runtime(RUNTIME / "cached_foreach.yaml")
    second = runtime(RUNTIME / "cached_foreach.yaml")
    assert first.outputs == second.outputs and second.outputs["each"]["value"] == [1, 2, 3]
    labels = [e["label"] for e in read_journal(journal)]
    assert labels.count("expensive") == 3  # each item ran once for both runs


def test_unanswered_input_times_out_into_a_failed_run(runtime: Any, journal: Path) -> None:
    run = runtime(RUNTIME / "ask_with_timeout.yaml")
    assert run.state.is_failed()  # really Failed, never left looking Paused
    assert (
        run.record["error"]["code"] == "TIMEOUT_ERROR" and run.record["error"]["node_id"] == "ask"
    )
    assert [e["event"] for e in run.events if e["event"].startswith("node_")][:2] == [
        "node_start",
        "node_paused",
    ]
    assert read_journal(journal) == []


def test_skipped_loop_item_is_visible_and_compacted(runtime: Any) -> None:
    run = runtime(RUNTIME / "foreach_with_skip.yaml")
    assert run.outputs["each"]["value"] == [1, 2]
    runs = eventually(
        lambda: {t.name: t for t in task_runs(run.run_id)},
        # The names can be recorded before the ends (events come in batches): wait for both.
        lambda r: (
            {"work[0]", "work[1]", "work[2]"} <= set(r)
            and all(t.state is not None and t.state.is_final() for t in r.values())
        ),
    )
    assert runs["work[1]"].state.name == "Skipped"
    assert runs["work[0]"].state.name == "Completed"


def _read_states(task_run_id: Any) -> list[Any]:
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        return list(client.read_task_run_states(task_run_id))


def test_timeout_interrupts_attempts_that_are_prefect_retries(
    runtime: Any, journal: Path, tmp_path: Path
) -> None:
    """A block sleeping 700 ms with timeout_ms 100 and retries 2: each attempt is interrupted
    (the flow runs in the main thread: Prefect's alarm), one attempt at a time, nothing is
    written after the node is reported failed, and the attempts are retries of one task run."""
    plan = tmp_path / "timeout_retries.yaml"
    plan.write_text(
        """apiVersion: v1
id: timeout_retries
graph:
  - id: sleepy
    block: test.slow
    timeout_ms: 100
    retries: 2
    in: { sleep_ms: 700 }
""",
        encoding="utf-8",
    )
    run = runtime(plan)
    failed_at = time.time()
    assert run.state.is_failed()
    assert run.record["error"]["code"] == "TIMEOUT_ERROR"
    assert run.record["error"]["node_id"] == "sleepy"
    errors = [e for e in run.events if e["event"] == "node_error"]
    assert [(e["retry"], e["will_retry"]) for e in errors] == [(0, True), (1, True), (2, False)]
    assert {e["error"]["code"] for e in errors} == {"TIMEOUT_ERROR"}
    time.sleep(1.0)  # a zombie attempt would journal its end now
    entries = read_journal(journal)
    assert [(e["event"], e["attempt"]) for e in entries] == [
        ("start", 0),
        ("start", 1),
        ("start", 2),
    ]
    assert all(e["t"] < failed_at for e in entries)
    starts = [e["t"] for e in entries]
    assert all(b - a >= 0.1 for a, b in itertools.pairwise(starts))
    assert starts[-1] - starts[0] < 1.4  # interrupted at 100 ms, not after the 700 ms sleep
    runs = eventually(
        lambda: [t for t in task_runs(run.run_id) if t.name == "sleepy"],
        lambda r: bool(r) and r[0].state is not None and r[0].state.is_final(),
    )
    assert len(runs) == 1  # one task run; the attempts are its retries
    sleepy = runs[0]
    assert sleepy.run_count == 3 and sleepy.state.name == "TimedOut"
    names = [s.name for s in _read_states(sleepy.id)]
    assert names.count("AwaitingRetry") == 2 and names.count("Retrying") == 2
    assert names[-1] == "TimedOut"


def test_timeout_in_a_worker_thread_stops_the_attempt_before_the_next(
    runtime: Any, journal: Path, tmp_path: Path
) -> None:
    """Loop items run in worker threads: Prefect raises the timeout in the item's thread when
    the blocking call returns, so the attempt never reaches its end, and the next attempt
    starts only after it. The failed item is named with its index and value."""
    plan = tmp_path / "timeout_items.yaml"
    plan.write_text(
        """apiVersion: v1
id: timeout_items
graph:
  - id: each
    type: loop
    foreach: { input: [a.pdf, b.pdf], itemVar: f, max_concurrency: 2 }
    body:
      plan:
        graph:
          - id: slow
            block: test.slow
            timeout_ms: 100
            retries: 1
            in: { sleep_ms: 700, journal: "JOURNAL" }
        exports:
          - { from: slow.slept_ms, as: slept }
""".replace("JOURNAL", str(journal)),
        encoding="utf-8",
    )
    run = runtime(plan)
    failed_at = time.time()
    assert run.state.is_failed()
    error = run.record["error"]
    assert error["code"] == "TIMEOUT_ERROR" and error["node_id"] == "slow"
    assert error["message"].startswith("slow[0] (a.pdf): ")
    time.sleep(1.0)
    entries = read_journal(journal)
    assert {e["event"] for e in entries} == {"start"}
    for label in ("slow[0]", "slow[1]"):
        starts = [e["t"] for e in entries if e["label"] == label]
        assert len(starts) == 2 and starts[1] - starts[0] >= 0.69  # one attempt at a time
    assert all(e["t"] < failed_at for e in entries)
