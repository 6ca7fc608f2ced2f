"""A deployment run keeps the plan it started with (issue 24 item 1): a run suspended at a form
under version 0.3.0, whose design is changed (new version, new step text) before it is resumed,
finishes with the definition it started with and says in its log that the design changed."""

from __future__ import annotations

import shutil
import time
import uuid
from pathlib import Path

import pytest

from keiri.base.catalog import t
from tests.ops.conftest import PLANS, Ops, OwnServer, wait_state
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect


def _log_lines(run_id: str) -> list[str]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import LogFilter, LogFilterFlowRunId

    with get_client(sync_client=True) as client:
        logs = client.read_logs(
            log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=[uuid.UUID(run_id)]))
        )
    return [log.message for log in logs]


def test_a_run_resumed_after_the_design_changed_keeps_its_version(
    ops: Ops, ops_server: OwnServer, tmp_path: Path
) -> None:
    from flows.backend.plan_pin import PIN_KEY
    from flows.backend.run_inputs import read_value
    from flows.lifecycle.control import resume_run

    design = tmp_path / "ask_then_record.yaml"
    shutil.copyfile(PLANS / "ask_then_record.yaml", design)
    name = f"pinned-{ops.pool}"
    ops.write(name, design=str(design), vars={"tag": "p"})
    code, doc = ops.deploy()
    assert code == 0, doc
    worker = ops.worker("w1")
    run_id = ops.trigger(name)
    paused = wait_state(run_id, {"PAUSED", "FAILED", "CRASHED"}, timeout=scaled(120))
    assert paused.state.name == "Suspended", (paused.state, worker.output())
    pin = read_value(uuid.UUID(run_id), PIN_KEY)
    assert pin["version"] == "0.3.0" and pin["path"] == str(design)

    text = design.read_text(encoding="utf-8")
    changed = text.replace("version: 0.3.0", "version: 0.4.0").replace(
        'label: "after-${vars.tag}"', 'label: "changed-${vars.tag}"'
    )
    assert changed != text
    design.write_text(changed, encoding="utf-8")

    resume_run(run_id, {"amount": 8}, "ito")
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=scaled(120))
    assert run.state.type.value == "COMPLETED", (run.state, worker.output())
    assert ops.labels() == ["before-p", "after-p"]  # the definition it started with
    assert "plan-version:0.3.0" in run.tags
    said = t("runtime.plan.pinned", path=str(design), version="0.3.0")
    lines: list[str] = []
    for _ in range(int(scaled(30) / 0.5)):  # logs reach the API batched, after the state
        lines = _log_lines(run_id)
        if said in lines:
            break
        time.sleep(0.5)
    assert said in lines, lines


def test_a_retry_keeps_the_pinned_definition_until_latest_moves_it(
    ops: Ops, ops_server: OwnServer, tmp_path: Path
) -> None:
    """A deployment run that failed is retried with the definition it started with, though
    its design was changed meanwhile (`keiri retry` says so); `--latest` moves it to the
    design as it is now: the new version runs and the run's tag follows."""
    from flows.lifecycle import runs

    design = tmp_path / "gate.yaml"
    shutil.copyfile(PLANS / "fail_until_marker.yaml", design)
    name = f"pinned-retry-{ops.pool}"
    ops.write(name, design=str(design))
    code, doc = ops.deploy()
    assert code == 0, doc
    worker = ops.worker("w1")
    run_id = ops.trigger(name)
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=scaled(120))
    assert run.state.type.value == "FAILED", (run.state, worker.output())

    marker = tmp_path / "marker"
    marker.touch()
    text = design.read_text(encoding="utf-8")
    changed = text.replace("version: 1.0.0", "version: 1.1.0").replace(
        "marker: /nonexistent", f"marker: {marker}"
    )
    assert changed != text
    design.write_text(changed, encoding="utf-8")
    assert runs.pinned_differs(run_id) == ("1.0.0", "1.1.0")

    kept = runs.retry(run_id, "ito", timeout=scaled(120))
    assert kept.state == "failed", (kept, worker.output())  # the gate of 1.0.0 again
    assert ops.labels() == ["gate", "gate"]  # its two attempts, nothing after it
    assert "plan-version:1.0.0" in wait_state(run_id, {"FAILED"}, timeout=scaled(30)).tags

    moved = runs.retry(run_id, "ito", latest=True, timeout=scaled(120))
    assert moved.state == "completed", (moved, worker.output())
    assert ops.labels() == ["gate", "gate", "gate", "after-gate"]
    tags = wait_state(run_id, {"COMPLETED"}, timeout=scaled(30)).tags
    assert "plan-version:1.1.0" in tags and "plan-version:1.0.0" not in tags
    assert runs.pinned_differs(run_id) is None
