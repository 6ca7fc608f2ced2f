"""A design that no longer validates when a worker runs it (issue 24 item 6): the run ends
Failed with PLAN_INVALID and the issue in its state message — never Crashed, which would read
as "retry me"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ops.conftest import PLANS, Ops, OwnServer, wait_state
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect


@pytest.mark.parametrize("change", ["invalid", "removed"])
def test_a_plan_that_no_longer_validates_fails_with_its_code(
    ops: Ops, ops_server: OwnServer, tmp_path: Path, change: str
) -> None:
    design = tmp_path / "record_chain.yaml"
    shutil.copyfile(PLANS / "record_chain.yaml", design)
    name = f"broken-{ops.pool}"
    ops.write(name, design=str(design), vars={"tag": "b"})
    code, doc = ops.deploy()
    assert code == 0, doc
    # After the deploy, someone edits the design into one that does not validate, or moves it.
    if change == "invalid":
        text = design.read_text(encoding="utf-8")
        design.write_text(text.replace("block: test.record", "block: test.recrod", 1), "utf-8")
    else:
        design.unlink()
    worker = ops.worker("w1")
    run_id = ops.trigger(name)
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=scaled(120))
    assert run.state is not None
    assert run.state.type.value == "FAILED", (run.state, worker.output())
    expected_code, detail = {
        "invalid": ("PLAN_INVALID", "test.recrod"),
        "removed": ("PLAN_NOT_FOUND", "record_chain.yaml"),
    }[change]
    assert expected_code in (run.state.message or "") and detail in (run.state.message or ""), (
        run.state
    )
    assert ops.labels() == []
