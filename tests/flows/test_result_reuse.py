"""A retry after the plan was edited: the edited node and the nodes whose inputs changed
because of it run again, the rest come from their stored results, and the run says which
(real Prefect on the test process's local server; `flows.backend.result_reuse`)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.flows.conftest import read_journal
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect

# a -> b -> c -> gate, a -> side. `gate` fails until its marker file exists.
PLAN = """\
apiVersion: v1
id: edit_retry
graph:
  - id: a
    block: test.record
    in: {{ value: 1, label: a }}
  - id: b
    block: test.record
    in: {{ value: "${{a.value}}", label: {b_label} }}
  - id: c
    block: test.record
    in: {{ value: "${{b.label}}", label: c }}
  - id: side
    block: test.record
    in: {{ value: "${{a.value}}", label: side }}
  - id: gate
    block: test.fail
    in: {{ unless_exists: "{marker}", message: "${{c.value}}" }}
"""

LOOP = """\
apiVersion: v1
id: edit_retry_loop
graph:
  - id: work
    type: loop
    foreach: {{ input: "${{vars.items}}", itemVar: item, batch_size: {batch} }}
    body:
      plan:
        graph:
          - id: each
            block: test.record
            in: {{ value: "${{item}}", label: "each-${{item}}" }}
        exports:
          - {{ from: each.value, as: value }}
    out: {{ collect: value }}
  - id: gate
    block: test.fail
    in: {{ unless_exists: "{marker}", message: "items: ${{work.value.length}}" }}
vars:
  items: {items}
"""


def _by_node(doc: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {e["node_id"]: (e["decision"], e["reason"]) for e in doc["reuse"]}


def test_retry_after_editing_a_middle_node_reruns_it_and_its_dependents_only(
    runtime: Any, tmp_path: Path, journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "marker"
    plan = tmp_path / "edit_retry.yaml"
    plan.write_text(PLAN.format(b_label="b", marker=marker), encoding="utf-8")
    run = runtime(plan)
    assert run.state.is_failed() and run.record["error"]["node_id"] == "gate"
    assert run.record["reuse"] == []  # a first run reuses nothing and says nothing

    # Edit b (its label, so its output changes too), make gate pass, retry.
    plan.write_text(PLAN.format(b_label="b-edited", marker=marker), encoding="utf-8")
    marker.touch()
    from keiri.cli import main

    assert main(["retry", run.run_id, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["state"] == "completed", doc
    assert doc["outputs"]["c"]["value"] == "b-edited", doc[
        "reuse"
    ]  # the edit reached its dependents

    # What ran: every node once, then b and c again (gate's attempts journal as "gate").
    labels = [e["label"] for e in read_journal(journal)]
    assert sorted(labels) == sorted(["a", "b", "c", "side", "gate", "b-edited", "c", "gate"])
    assert _by_node(doc) == {
        "b": ("rerun", "definition_changed"),
        "c": ("rerun", "inputs_changed"),
        "gate": ("rerun", "not_finished"),
        "a": ("reused", "unchanged"),
        "side": ("reused", "unchanged"),
    }
    reasons = {e["node_id"]: e["message"] for e in doc["reuse"]}
    assert reasons["b"] == t("reuse.definition_changed") and reasons["c"] == t(
        "reuse.inputs_changed"
    )

    # The run's event log names them too.
    log = [json.loads(line) for line in Path(doc["log"]).read_text("utf-8").splitlines()]
    rerun = {(e["node_id"], e["reason"]) for e in log if e["event"] == "node_rerun"}
    reused = {(e["node_id"], e["reason"]) for e in log if e["event"] == "node_reused"}
    assert rerun == {("b", "definition_changed"), ("c", "inputs_changed"), ("gate", "not_finished")}
    assert reused == {("a", "unchanged"), ("side", "unchanged")}

    # A reused node is Prefect's own cache hit: a Cached task run.
    from tests.flows.conftest import task_runs

    # Task-run states reach the server as events, recorded a moment after the run returns.
    deadline = time.monotonic() + scaled(30)
    while True:
        names = {(r.name, r.state.name) for r in task_runs(run.run_id) if r.state is not None}
        if {("a", "Cached"), ("side", "Cached")} <= names or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert ("a", "Cached") in names and ("side", "Cached") in names


def test_retry_in_text_mode_says_which_nodes_ran_again(
    runtime: Any, tmp_path: Path, journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "marker"
    plan = tmp_path / "edit_retry.yaml"
    plan.write_text(PLAN.format(b_label="b", marker=marker), encoding="utf-8")
    run = runtime(plan)
    assert run.state.is_failed()
    plan.write_text(PLAN.format(b_label="b2", marker=marker), encoding="utf-8")
    marker.touch()
    from keiri.cli import main

    capsys.readouterr()
    assert main(["retry", run.run_id]) == 0
    out = capsys.readouterr().out
    assert t("reuse.rerun", node="b", reason=t("reuse.definition_changed")) in out
    assert t("reuse.rerun", node="c", reason=t("reuse.inputs_changed")) in out
    assert t("reuse.reused", node="a", reason=t("reuse.unchanged")) in out


def test_retry_without_edits_reuses_every_finished_node(
    runtime: Any, tmp_path: Path, journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "marker"
    plan = tmp_path / "edit_retry.yaml"
    plan.write_text(PLAN.format(b_label="b", marker=marker), encoding="utf-8")
    run = runtime(plan)
    marker.touch()
    from keiri.cli import main

    assert main(["retry", run.run_id, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert _by_node(doc) == {
        "gate": ("rerun", "not_finished"),
        **{n: ("reused", "unchanged") for n in ("a", "b", "c", "side")},
    }
    labels = [e["label"] for e in read_journal(journal)]
    assert sorted(labels) == sorted(["a", "b", "c", "side", "gate", "gate"])


@pytest.mark.parametrize("batch", [1, 3], ids=["item_task_runs", "batched"])
def test_retry_after_changing_one_loop_item_reruns_that_item_only(
    runtime: Any, tmp_path: Path, journal: Path, capsys: pytest.CaptureFixture[str], batch: int
) -> None:
    marker = tmp_path / "marker"
    plan = tmp_path / "loop.yaml"
    plan.write_text(LOOP.format(batch=batch, marker=marker, items="[1, 2, 3]"), "utf-8")
    run = runtime(plan)
    assert run.state.is_failed()
    plan.write_text(LOOP.format(batch=batch, marker=marker, items="[1, 20, 3]"), "utf-8")
    marker.touch()
    from keiri.cli import main

    assert main(["retry", run.run_id, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["outputs"]["work"]["value"] == [1, 20, 3]
    entries = {(e["node_id"], e["decision"], e["reason"]): e for e in doc["reuse"]}
    assert entries[("each", "rerun", "inputs_changed")]["iterations"] == [1]
    assert entries[("each", "reused", "unchanged")]["iterations"] == [0, 2]
    labels = [e["label"] for e in read_journal(journal)]
    assert sorted(labels) == sorted(["each-1", "each-2", "each-3", "each-20", "gate", "gate"])
