"""A local run pins the plan it started with, and its retry takes the plan file as it is now
(issue 24 item 1; the deployment side — a retry keeps the pinned definition until
`--latest` — is `tests/ops/test_plan_pin.py`), on the real local Prefect server through
`keiri`: a run fails at a gate; its pin holds the text, version and block versions; the plan
file is then changed (a new version whose gate passes and whose last step is named otherwise);
`keiri retry` executes the new definition, reusing the finished first step; the run's pin,
version tag and Prefect run summary follow. `--latest` with a plan that no longer validates
changes nothing."""

from __future__ import annotations

import contextlib
import io
import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.flows.conftest import read_journal

pytestmark = [pytest.mark.prefect, pytest.mark.usefixtures("as_yamada")]

PLAN = """\
apiVersion: v1
id: pinned_retry
version: 1.0.0
description: A gate that fails until the plan says where its marker is.
vars:
  marker: /nonexistent
graph:
  - id: before
    block: test.record
    in: { value: 0, label: before }
  - id: gate
    block: test.fail
    in: { unless_exists: "${vars.marker}", message: "the marker is not there" }
  - id: after
    block: test.record
    in: { value: "${gate.ok}", label: after-1 }
"""


def keiri(*args: str) -> tuple[int, dict[str, Any], str]:
    """`keiri ARGS --json` in this process; (exit code, JSON document, what it wrote to stderr)."""
    from keiri.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, "--json"])
    return code, json.loads(out.getvalue()), err.getvalue()


def _labels(journal: Path) -> list[str]:
    return [str(e["label"]) for e in read_journal(journal) if not e.get("attempt")]


def _tags(run_id: str) -> list[str]:
    from flows.lifecycle.control import find_run

    return list(find_run(run_id).tags)


def _failed_run(design: Path) -> str:
    """A run of `PLAN`, written to `design`, that failed at its gate: its id."""
    design.write_text(PLAN, encoding="utf-8")
    code, doc, _err = keiri("run", str(design))
    assert code == 1 and doc["state"] == "failed", doc
    return str(doc["run_id"])


def test_a_local_retry_takes_the_edited_plan_and_the_pin_follows(
    journal: Path, tmp_path: Path
) -> None:
    from flows.backend.plan_pin import PIN_KEY
    from flows.backend.run_inputs import read_value
    from flows.lifecycle import runs

    design = tmp_path / "pinned_retry.yaml"
    run_id = _failed_run(design)
    assert _labels(journal) == ["before"]
    pin = read_value(uuid.UUID(run_id), PIN_KEY)
    assert pin["version"] == "1.0.0" and pin["text"] == PLAN
    assert pin["blocks"]["test.fail"] and pin["blocks"]["test.record"]

    marker = tmp_path / "marker"
    marker.write_text("here", encoding="utf-8")
    changed = (
        PLAN.replace("version: 1.0.0", "version: 1.1.0")
        .replace("marker: /nonexistent", f"marker: {marker}")
        .replace("label: after-1", "label: after-2")
    )
    design.write_text(changed, encoding="utf-8")
    assert runs.pinned_differs(run_id) is None  # a local run: its retry takes the file

    code, doc, _err = keiri("retry", run_id)
    assert code == 0 and doc["state"] == "completed", doc
    assert _labels(journal) == ["before", "after-2"]  # `before` reused, the new step ran
    tags = _tags(run_id)
    assert "plan-version:1.1.0" in tags and "plan-version:1.0.0" not in tags
    pin = read_value(uuid.UUID(run_id), PIN_KEY)
    assert pin["version"] == "1.1.0" and pin["text"] == changed
    # The run summary in the Prefect UI names the version each start executed.
    headings = [str(a.data).splitlines()[0] for a in _summaries(run_id)]
    assert "# pinned_retry 1.0.0 — failed" in headings, headings
    assert "# pinned_retry 1.1.0 — completed" in headings, headings


def _summaries(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

    with get_client(sync_client=True) as client:
        found = client.read_artifacts(
            artifact_filter=ArtifactFilter(
                flow_run_id=ArtifactFilterFlowRunId(any_=[uuid.UUID(run_id)])
            )
        )
    return [a for a in found if str(a.key or "").startswith("run-summary")]


def test_latest_refuses_a_plan_that_no_longer_validates_and_changes_nothing(
    journal: Path, tmp_path: Path
) -> None:
    from flows.backend.plan_pin import PIN_KEY
    from flows.backend.run_inputs import read_value

    design = tmp_path / "pinned_retry.yaml"
    run_id = _failed_run(design)
    design.write_text(PLAN.replace("block: test.fail", "block: test.no_such_block"), "utf-8")

    code, doc, _err = keiri("retry", run_id, "--latest")

    assert code == 1 and doc["error"]["code"] == "PLAN_INVALID", doc
    assert read_value(uuid.UUID(run_id), PIN_KEY)["text"] == PLAN
    assert "plan-version:1.0.0" in _tags(run_id)
    from flows.lifecycle.control import find_run

    state = find_run(run_id).state
    assert state is not None and state.type.value == "FAILED"  # not handed to a runner
