"""The demo, unattended, on a real worker: the evidence ZIP and the bank statement are dropped
in the deployment's folder; a run for 2026-10 (no upload) takes them and reaches the confirm
form; approved, it writes the report. Another run for 2026-10 takes the same two files again
(from the ledger), though a new file arrived meanwhile."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.ops.conftest import Ops, OwnServer, wait_state

pytestmark = [pytest.mark.prefect, pytest.mark.slow]
ENDED = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def test_the_demo_reaches_the_confirm_form_from_a_folder(ops: Ops, ops_server: OwnServer) -> None:
    from flows.lifecycle.control import read_paused_form, resume_run
    from flows.lifecycle.runs import outcome

    inbox = ops.tmp / "inbox"
    inbox.mkdir()
    name = f"invoice-check-{ops.pool}"
    ops.write(
        name,
        design="monthly_invoice_check_intake",
        schedules=[{"business_day": 3, "at": "09:00"}],
        period={"unit": "month", "offset": -1, "var": "period"},
        vars={"inbox": str(inbox)},
    )
    code, doc = ops.deploy()
    assert code == 0, doc
    ops.worker("w1")
    zip_file = ROOT / "samples" / "evidence" / "evidence.zip"
    statement = ROOT / "samples" / "bank" / "bank_statement.xlsx"
    for source in (zip_file, statement):
        shutil.copyfile(source, inbox / source.name)

    code, started = ops.deployments("run", name, "--period", "2026-10")
    assert code == 0, started
    run_id = started["run_id"]
    paused = wait_state(run_id, {"PAUSED"} | ENDED, 600)
    assert paused.state.name == "Suspended", (paused.state, ops.workers[0].output())
    form = read_paused_form(run_id)
    assert form.node_id == "confirm_results"
    assert sorted(p.name for p in (inbox / "processed" / "2026-10").iterdir()) == sorted(
        [zip_file.name, statement.name]
    )
    ledger = json.loads((inbox / ".keiri-intake" / "2026-10.json").read_text("utf-8"))
    assert [e["name"] for e in ledger["files"]] == sorted([statement.name, zip_file.name])

    resume_run(run_id, {"approved": True}, "tanaka")
    done = wait_state(run_id, ENDED, 600)
    assert done.state.type.value == "COMPLETED", done.state
    result = outcome(run_id)
    report = result.outputs["write_report"]["report"]
    assert report["name"] == "月次請求書チェック.xlsx" and report["size"] > 0
    taken = result.outputs["collect_inputs"]["collected"]  # the node's `out` alias
    assert taken["evidence_zip"]["sha256"] == ledger["files"][1]["sha256"]

    # Later, for the same month: the same set, from the ledger; the new file stays.
    (inbox / "late.zip").write_bytes(b"PK\x05\x06" + b"\x00" * 18)
    code, again = ops.deployments("run", name, "--period", "2026-10")
    assert code == 0, again
    second = wait_state(again["run_id"], {"PAUSED"} | ENDED, 600)
    assert second.state.name == "Suspended", second.state
    assert (inbox / "late.zip").exists()
    resume_run(again["run_id"], {"approved": False}, "tanaka")
    assert wait_state(again["run_id"], ENDED, 600).state.type.value == "COMPLETED"
    rerun = outcome(again["run_id"]).outputs["collect_inputs"]["collected"]
    assert rerun == taken  # the same two files, by content
    assert json.loads((inbox / ".keiri-intake" / "2026-10.json").read_text("utf-8")) == ledger
    assert sorted(p.name for p in Path(inbox / "processed" / "2026-10").iterdir()) == sorted(
        [zip_file.name, statement.name]
    )
