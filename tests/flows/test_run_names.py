"""One log per run and names that stay (issue 24 items 3 and 11): the JSONL event log is named
by the run's whole id, so runs created together with time-ordered ids that share their first
characters never write into one file; a run keeps its name through every start, retry and
restart, whoever named it first (keiri, or Prefect's scheduler for a deployment's run)."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from compiler.events import EventLog
from flows.backend.run_names import kept_name, plan_tags, run_name
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS


def _flow_run(run_id: str, created: datetime) -> object:
    from prefect.client.schemas.objects import FlowRun

    return FlowRun.model_validate(
        {"id": run_id, "flow_id": str(uuid.uuid4()), "name": "x", "created": created}
    )


def test_runs_whose_ids_share_a_prefix_write_separate_logs() -> None:
    from flows.run_plan import event_log_path

    created = datetime(2026, 5, 1, 9, 0, 0, tzinfo=UTC)
    # Two ids as a scheduler makes them (time-ordered): the first 8 characters are the same.
    first = _flow_run("0196889a-1c00-7000-8000-000000000001", created)
    second = _flow_run("0196889a-1c00-7000-8000-000000000002", created)
    paths = [event_log_path("monthly", run) for run in (first, second)]  # type: ignore[arg-type]
    assert paths[0] != paths[1]
    for path, run_id in zip(paths, ("run-1", "run-2"), strict=True):
        EventLog(path).emit("plan_start", plan_id="monthly", run_id=run_id)
    for path, run_id in zip(paths, ("run-1", "run-2"), strict=True):
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert [line["run_id"] for line in lines] == [run_id]
    assert {p.stem.split("-", 1)[1] for p in paths} == {
        "0196889a-1c00-7000-8000-000000000001",
        "0196889a-1c00-7000-8000-000000000002",
    }


def test_a_name_is_kept_whoever_gave_it() -> None:
    created = datetime(2026, 5, 1, 0, 30, 15, 123456, tzinfo=UTC)
    derived = kept_name("crafty-otter", "monthly", created)  # named by Prefect's scheduler
    assert derived == run_name("monthly", created)
    assert derived.startswith("monthly-20260501-")  # the local time of its creation
    assert kept_name(derived, "monthly", datetime.now(UTC)) == derived  # a later start keeps it
    given = run_name("monthly")
    assert kept_name(given, "monthly", created) == given  # keiri named it when creating it
    assert kept_name("monthly_other-20260501-003015", "monthly", created) == derived


def _failing_plan(folder: Path, marker: Path) -> tuple[Path, str]:
    plan_id = f"names_{uuid.uuid4().hex[:10]}"
    path = folder / f"{plan_id}.yaml"
    path.write_text(
        f"""apiVersion: v1
id: {plan_id}
version: 1.0.0
graph:
  - id: check
    block: test.fail
    in: {{ unless_exists: "{marker}", code: FILE_INVALID }}
""",
        encoding="utf-8",
    )
    return path, plan_id


@pytest.mark.prefect
def test_a_scheduled_run_keeps_its_name_through_a_retry(
    prefect_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    from flows.lifecycle import control, runs, start

    marker = tmp_path / "marker"
    plan, plan_id = _failing_plan(tmp_path, marker)
    parameters = {"plan": str(plan), "answers": {}, "vars": {}}
    with start.configured_client() as api:  # as Prefect's scheduler names a deployment's run
        run_id = api.create_run(
            plan_id, "crafty-otter", parameters, plan_tags(plan_id, "1.0.0"), "k-" + plan_id
        )
    assert not runs.execute(run_id).is_completed()  # its first start: the check fails
    run = control.find_run(run_id)
    named = run.name
    assert named == run_name(plan_id, run.created)
    marker.touch()
    retried = runs.retry(run_id, "tester")  # a second start of the same run, in this process
    assert retried.state == "completed", retried.error
    assert control.find_run(run_id).name == named


@pytest.mark.prefect
def test_a_detached_run_keeps_the_name_it_was_created_with(
    prefect_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import control, runs

    marker = tmp_path / "marker"
    marker.touch()
    plan, plan_id = _failing_plan(tmp_path, marker)
    compiled, _ = compile_file(plan, BlockRegistry())
    detached = runs.start_detached(compiled, plan, {}, {})
    created = control.find_run(detached.run_id).name
    assert created.startswith(f"{plan_id}-")
    assert detached.wait(timeout=240).state == "completed"
    assert control.find_run(detached.run_id).name == created  # its runner kept it


@pytest.mark.prefect
@pytest.mark.parametrize("name", ["answers", "inputs"])
def test_answers_given_up_front_reach_the_block_under_either_name(
    name: str, prefect_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29 item 5: a person's answers travel as `answers` from the CLI to the block; a run
    created before (its parameter `inputs`, e.g. by a deployment not yet redeployed) still
    starts with them."""
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    from flows.lifecycle import runs, start

    plan = FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"
    parameters = {"plan": str(plan), name: {"ask": {"amount": 1200}}, "vars": {}}
    tags = plan_tags("ask_then_record", "1.0.0")
    with start.configured_client() as api:
        run_id = api.create_run(
            "ask_then_record", run_name("x"), parameters, tags, uuid.uuid4().hex
        )
    assert runs.execute(run_id).is_completed()
    outcome = runs.outcome(run_id)
    assert outcome.outputs["after"]["value"] == 1200
    assert outcome.outputs["ask"]["collected_data"] == {"amount": 1200}
