"""Runtime tests run real flows on this test process's local Prefect server."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TEST_BLOCK_SPECS


@dataclass
class Run:
    state: Any
    run_id: str
    record: dict[str, Any]
    events: list[dict[str, Any]]

    @property
    def outputs(self) -> dict[str, Any]:
        return dict(self.record.get("outputs") or {})


@pytest.fixture
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "journal.jsonl"
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(path))
    return path


@pytest.fixture
def as_yamada(prefect_server: str, monkeypatch: pytest.MonkeyPatch, journal: Path) -> None:
    """The test blocks (their journal: `journal`) and the user `yamada`, on the local server."""
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_USER", "yamada")


@pytest.fixture
def runtime(prefect_server: str, monkeypatch: pytest.MonkeyPatch, journal: Path) -> Iterator[Any]:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    from flows.lifecycle.runs import outcome
    from flows.run_plan import run_plan

    def run(
        plan: Path | str, answers: dict[str, Any] | None = None, vars: dict[str, Any] | None = None
    ) -> Run:
        name = f"test-{uuid.uuid4().hex[:10]}"
        state = run_plan.with_options(flow_run_name=name)(
            plan=str(plan), answers=answers, vars=vars, return_state=True
        )
        run_id = str(state.state_details.flow_run_id)
        record = outcome(run_id).to_json()  # from the run's persisted result on the server
        log = Path(record["log"])
        events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        return Run(state, run_id, record, events)

    yield run


def read_journal(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def task_runs(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    with get_client(sync_client=True) as client:
        return list(
            client.read_task_runs(
                flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[uuid.UUID(run_id)]))
            )
        )


def subflow_runs(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterParentFlowRunId

    with get_client(sync_client=True) as client:
        return list(
            client.read_flow_runs(
                flow_run_filter=FlowRunFilter(
                    parent_flow_run_id=FlowRunFilterParentFlowRunId(any_=[uuid.UUID(run_id)])
                )
            )
        )


def max_overlap(entries: list[dict[str, Any]]) -> int:
    points = sorted(
        [(e["start"], 1) for e in entries] + [(e["end"], -1) for e in entries],
        key=lambda p: (p[0], p[1]),
    )
    best = current = 0
    for _, delta in points:
        current += delta
        best = max(best, current)
    return best
