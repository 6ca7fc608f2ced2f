"""Scale-out: the same deployments on a Prefect server backed by PostgreSQL, two process
workers on one pool. 20 runs all complete on both workers with none lost; a run suspended
for input on one worker resumes on the other (the first is stopped meanwhile)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests.ops.conftest import PLANS, Ops, eventually, own_server, read_journal, wait_state
from tests.ops.postgres import pg_bindir, postgres_cluster
from tests.support.prefect_server import free_port

pytestmark = [
    pytest.mark.prefect,
    pytest.mark.slow,
    pytest.mark.skipif(
        pg_bindir() is None,
        reason="PostgreSQL's initdb/pg_ctl are not installed (apt-get install postgresql)",
    ),
]
RUNS = 20


@pytest.fixture(scope="module")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with (
        postgres_cluster(free_port()) as database_url,
        own_server(tmp_path_factory.mktemp("scale") / "server", database_url) as server,
    ):
        yield server, database_url


def _executions(run_ids: list[str]) -> dict[str, set[str]]:
    """Run id -> the workers that executed it, from Prefect's own worker events."""
    from prefect.client.orchestration import get_client
    from prefect.events.filters import EventFilter, EventNameFilter

    wanted = set(run_ids)
    found: dict[str, set[str]] = {}
    with get_client(sync_client=True) as client:
        page: Any = client.read_events(
            EventFilter(event=EventNameFilter(name=["prefect.worker.executed-flow-run"])),
            limit=50,
        )
        events = list(page.events)
        while page.next_page:
            page = client.read_events_page(page.next_page)
            events += page.events
    for event in events:
        for related in event.related:
            if related.role == "flow-run":
                run_id = related.id.removeprefix("prefect.flow-run.")
                if run_id in wanted:
                    found.setdefault(run_id, set()).add(event.resource.name or "")
    return found


def _flow_runs_in_postgres(database_url: str) -> int:
    """Count the flow runs in the PostgreSQL database itself (not through the API)."""
    from urllib.parse import urlsplit

    bindir = pg_bindir()
    assert bindir is not None
    url = urlsplit(database_url)
    done = subprocess.run(
        [
            str(bindir / "psql"),
            "-h",
            str(url.hostname),
            "-p",
            str(url.port),
            "-U",
            "keiri",
            "-d",
            url.path.lstrip("/"),
            "-tAc",
            "select count(*) from flow_run",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.strip())


def test_twenty_runs_on_two_workers_and_a_resume_on_the_other(ops: Ops, pg_server: Any) -> None:
    from flows.lifecycle.control import resume_run

    _server, database_url = pg_server
    ops.write("bulk", design=str(PLANS / "record_chain.yaml"), concurrency=None)
    ops.write("ask", design=str(PLANS / "ask_then_record.yaml"), concurrency=None)
    code, doc = ops.deploy()
    assert code == 0, doc
    workers = {name: ops.worker(name, limit=4) for name in ("w1", "w2")}

    asked = ops.trigger("ask")
    assert wait_state(asked, {"PAUSED"}, timeout=150).state.name == "Suspended"
    suspended_on = eventually(lambda: _executions([asked]).get(asked, set()), bool, 30)
    assert len(suspended_on) == 1

    runs = [ops.trigger("bulk", vars={"tag": str(i)}) for i in range(RUNS)]
    finished = [wait_state(r, {"COMPLETED", "FAILED", "CRASHED"}, timeout=300) for r in runs]
    assert [r.state.type.value for r in finished] == ["COMPLETED"] * RUNS
    labels = [e["label"] for e in read_journal(ops.journal)]
    for i in range(RUNS):  # none lost, none run twice
        assert [labels.count(f"{step}-{i}") for step in ("first", "middle", "last")] == [1, 1, 1]
    by_run = eventually(lambda: _executions(runs), lambda f: len(f) == RUNS, 30)
    assert {w for names in by_run.values() for w in names} == {"w1", "w2"}

    (first,) = suspended_on
    workers[first].stop()
    (other,) = set(workers) - {first}
    resume_run(asked, {"amount": 4}, "kato")
    run = wait_state(asked, {"COMPLETED", "FAILED", "CRASHED"}, timeout=150)
    assert run.state.type.value == "COMPLETED", (run.state, workers[other].output())
    executed = eventually(lambda: _executions([asked])[asked], lambda w: other in w, 30)
    assert executed == {first, other}
    # The rerun on the other worker took `before` from the shared persisted results.
    assert [e["label"] for e in read_journal(ops.journal)].count("before-ask") == 1
    assert _flow_runs_in_postgres(database_url) >= RUNS + 1
