"""A block's question in a deployment run (issue 14 item 1): the run is suspended (no process
waits), resumed with the second payment, restarts, and the node runs again with the answer."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import FIXTURES
from tests.ops.conftest import Ops, OwnServer, eventually, start_keiri, wait_state

pytestmark = [pytest.mark.prefect, pytest.mark.slow]


def test_deployment_run_suspends_and_resumes_with_the_choice(
    ops: Ops, ops_server: OwnServer
) -> None:
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    from flows.lifecycle.control import read_paused_form, resume_run
    from flows.lifecycle.runs import outcome

    name = f"confirm-{ops.pool}"
    ops.write(name, design=str(FIXTURES / "plans" / "runtime" / "reconcile_two_candidates.yaml"))

    def deployment() -> Any:
        with get_client(sync_client=True) as client:
            try:
                return client.read_deployment_by_name(f"run_plan/{name}")
            except ObjectNotFound:
                return None

    served = start_keiri(["serve", "--dir", str(ops.folder)], "serve", ops.tmp)
    ops.workers.append(served)
    assert eventually(deployment, lambda d: d is not None, 90) is not None, served.output()
    run_id = ops.trigger(name)
    paused = wait_state(run_id, {"PAUSED", "FAILED", "CRASHED"}, timeout=120)
    assert paused.state.name == "Suspended", (paused.state, served.output())
    form = read_paused_form(run_id)
    assert form.definition["kind"] == "confirmation" and form.node_id == "match"
    resume_run(run_id, {"choice": "right-1"}, "ito")
    run = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=120)
    assert run.state.type.value == "COMPLETED", (run.state, served.output())
    done = outcome(run_id).to_json()
    [pair] = done["outputs"]["match"]["matched"]
    assert pair["right_index"] == 1
    assert done["outputs"]["match"]["ambiguities"][0]["decided_by"] == "ito"
