"""A secret form answer leaves no value on the Prefect API (issue 23, item 4 a/b), on the real
local Prefect server through `keiri`: a run asks for a password (a `secret` field), is resumed
with it and completes; afterwards no flow run input, block document (read with its secrets),
state, log, artifact, task run or event holds the value. With a retry window the run's Secret
blocks stay until swept: a retry within it keeps the secret answer (re-entering another form),
a retry after the sweep asks for the password again."""

from __future__ import annotations

import contextlib
import io
import json
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES
from tests.flows.conftest import read_journal

pytestmark = [pytest.mark.prefect, pytest.mark.usefixtures("as_yamada")]
PLAN = FIXTURES / "plans" / "runtime" / "secret_answer.yaml"
PASSWORD = "pw-SECRET-4e7d19"
AGAIN = "pw-SECRET-81c0aa"


def _retention(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    from keiri.base import settings

    monkeypatch.setenv("KEIRI_SECRET_RETENTION", value)  # runners started later inherit it
    settings.reset()


def keiri(*args: str) -> tuple[int, dict[str, Any]]:
    """`keiri ARGS --json` in this process; (exit code, JSON document)."""
    from keiri.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*args, "--json"])
    return code, json.loads(out.getvalue())


def _stop(run_id: str) -> None:
    from flows.lifecycle.runs import _stop_runners

    _stop_runners(run_id, timeout=5)


def _inputs(run_id: str) -> dict[str, Any]:
    """Every flow run input of the run (all keys), decoded."""
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        records = client.filter_flow_run_input(
            flow_run_id=uuid.UUID(run_id), key_prefix="", limit=1000, exclude_keys=set()
        )
    return {r.key: r.decoded_value for r in records}


def _blocks() -> dict[str, str]:
    """Every block document with its secrets, as JSON text by name."""
    from prefect.client.orchestration import get_client

    with get_client(sync_client=True) as client:
        documents = client.read_block_documents(include_secrets=True)
    return {str(d.name): json.dumps(d.data, ensure_ascii=False, default=str) for d in documents}


def _events(client: Any, since: datetime, until: datetime) -> list[dict[str, Any]]:
    """Every event the server stored in the time range (`POST /api/events/filter`, paged)."""
    body = {
        "filter": {"occurred": {"since": since.isoformat(), "until": until.isoformat()}},
        "limit": 50,
    }
    page = client.request("POST", "/events/filter", json=body).json()
    events = list(page["events"])
    while page.get("next_page"):
        page = client._client.get(page["next_page"]).raise_for_status().json()
        events.extend(page["events"])
    return events


def _surfaces(run_id: str) -> dict[str, str]:
    """What the Prefect API holds of the run, each as text."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    rid = uuid.UUID(run_id)
    with get_client(sync_client=True) as client:
        run = client.read_flow_run(rid)
        states = client.read_flow_run_states(rid)
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[rid]))
        )
        logs = client.read_logs(log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=[rid])))
        task_runs = client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[rid]))
        )
        assert run.created is not None
        since = run.created - timedelta(minutes=1)
        # The server stores events a little after they happen: wait for the run's end.
        deadline = time.monotonic() + 60
        while True:
            events = _events(client, since, datetime.now(UTC) + timedelta(minutes=1))
            ended = [
                e
                for e in events
                if e["event"] == "prefect.flow-run.Completed"
                and e["resource"].get("prefect.resource.id") == f"prefect.flow-run.{run_id}"
            ]
            if ended or time.monotonic() > deadline:
                break
            time.sleep(0.5)
    assert ended, "the run's Completed event was never stored"
    assert logs and task_runs and states  # every surface was really read
    return {
        "flow run": run.model_dump_json(),
        "flow run inputs": json.dumps(_inputs(run_id), ensure_ascii=False),
        "block documents (with secrets)": json.dumps(_blocks(), ensure_ascii=False),
        "states": json.dumps([s.model_dump(mode="json") for s in states], ensure_ascii=False),
        "artifacts": json.dumps([a.model_dump(mode="json") for a in artifacts], ensure_ascii=False),
        "logs": "\n".join(log.message for log in logs),
        "task runs": json.dumps([t.model_dump(mode="json") for t in task_runs], ensure_ascii=False),
        "events": json.dumps(events, ensure_ascii=False),
    }


def _login_record(run_id: str) -> dict[str, Any]:
    """The answer-reuse record of the `login` form (the one whose answers hold `user`)."""
    records = [
        v
        for k, v in _inputs(run_id).items()
        if k.startswith("keiri-answers-") and "user" in (v.get("answers") or {})
    ]
    assert len(records) >= 1, _inputs(run_id)
    return dict(max(records, key=lambda v: int(v["generation"])))


def _labels(journal: Path) -> list[str]:
    return [str(e.get("label")) for e in read_journal(journal)]


def test_a_completed_run_leaves_no_secret_answer_on_the_api(
    journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _retention(monkeypatch, "0")
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "5000").write_text("", encoding="utf-8")
    code, doc = keiri("run", str(PLAN), "--var", f"allowed={allowed}", "--detach")
    assert code == 3 and doc["paused"]["node_id"] == "login", doc
    run_id = doc["run_id"]
    try:
        code, doc = keiri(
            "resume", run_id, "--input", "user=yamada", "--input", f"password={PASSWORD}"
        )
        assert code == 3 and doc["paused"]["node_id"] == "ask", doc
        # The login form completed: its answer is recorded by reference, Prefect's own copy of
        # the answer (the pause's response input) is gone; the block holds the value.
        inputs = _inputs(run_id)
        assert PASSWORD not in json.dumps(inputs, ensure_ascii=False), inputs
        assert not any(k.endswith("-response") and "login" in k for k in inputs), list(inputs)
        record = _login_record(run_id)
        assert record["answers"]["user"] == "yamada"
        ref = record["answers"]["password"]["secret_ref"]
        assert PASSWORD in _blocks()[ref["block"]]
        code, doc = keiri("resume", run_id, "--input", "amount=5000")
        assert code == 0 and doc["state"] == "completed", doc
    finally:
        _stop(run_id)
    assert f"signed 5000 with {PASSWORD}" in _labels(journal)  # the value reached the block
    assert doc["outputs"]["login"]["collected_data"]["password"] == "***"
    shown = _surfaces(run_id)
    leaks = [surface for surface, text in shown.items() if PASSWORD in text]
    assert not leaks, leaks
    assert ref["block"] not in _blocks()  # deleted at the run's end (window 0)
    assert "secret_ref" in shown["flow run inputs"] and "keiri-answers-" in shown["flow run inputs"]


def test_a_retry_keeps_the_secret_answer_until_the_sweep_then_asks_again(
    journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from flows.lifecycle.control import read_paused_form

    _retention(monkeypatch, "1h")
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    code, doc = keiri("run", str(PLAN), "--var", f"allowed={allowed}", "--detach")
    assert code == 3 and doc["paused"]["node_id"] == "login", doc
    run_id = doc["run_id"]
    others: list[str] = []
    try:
        keiri("resume", run_id, "--input", "user=yamada", "--input", f"password={PASSWORD}")
        code, doc = keiri("resume", run_id, "--input", "amount=120000")
        assert code == 1 and doc["error"]["node_id"] == "check", doc
        block = _login_record(run_id)["answers"]["password"]["secret_ref"]["block"]
        assert block in _blocks()  # failed, within the window: kept for a retry

        # A retry re-entering the amount keeps the login answers: the password comes back.
        (allowed / "98000").write_text("", encoding="utf-8")
        code, doc = keiri("retry", run_id, "--reenter", "ask", "--detach")
        assert code == 3 and doc["paused"]["node_id"] == "ask", doc  # login not asked
        code, doc = keiri("resume", run_id, "--input", "amount=99999")
        assert code == 1 and doc["error"]["node_id"] == "check", doc
        assert f"signed 99999 with {PASSWORD}" in _labels(journal)
        assert ("login", "reused", "unchanged") in {
            (e["node_id"], e["decision"], e["reason"]) for e in doc["reuse"]
        }, doc["reuse"]
        assert block in _blocks()

        # The window passes: the next run's start sweeps the blocks of this one.
        _retention(monkeypatch, "1s")
        ended = _ended(run_id)
        while datetime.now(UTC) - ended <= timedelta(seconds=1):
            time.sleep(0.1)  # the window of one second after the end must be over
        code, other = keiri("run", str(PLAN), "--var", f"allowed={allowed}", "--detach")
        assert code == 3, other
        others.append(other["run_id"])
        assert block not in _blocks()

        # A retry now asks for the password again: not prefilled (a password is typed again).
        code, doc = keiri("retry", run_id, "--reenter", "ask", "--detach")
        assert code == 3 and doc["paused"]["node_id"] == "login", doc
        form = read_paused_form(run_id)
        defaults = {r.id: r.default for r in form.requirements}
        assert defaults == {"user": "yamada", "password": None}, defaults
        code, doc = keiri(
            "resume", run_id, "--input", "user=yamada", "--input", f"password={AGAIN}"
        )
        assert code == 3 and doc["paused"]["node_id"] == "ask", doc
        code, doc = keiri("resume", run_id, "--input", "amount=98000")
        assert code == 0 and doc["state"] == "completed", doc
        assert f"signed 98000 with {AGAIN}" in _labels(journal)
    finally:
        _stop(run_id)
        for other_id in others:
            keiri("cancel", other_id)
            _stop(other_id)
    assert not [name for name, text in _blocks().items() if AGAIN in text or PASSWORD in text]


def _ended(run_id: str) -> datetime:
    from flows.lifecycle.control import find_run

    run = find_run(run_id)
    assert run.end_time is not None, run.state
    return run.end_time


def _runner_pid(run_id: str) -> int | None:
    """The background runner process of the run (from /proc: Linux, where these tests run)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "flows.lifecycle.runner" in line and run_id in line:
            return int(entry.name)
    return None


def test_a_continued_run_replays_a_secret_answer_from_its_record(
    journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runner dies while the run waits at the second form; `keiri resume` continues the
    run in a new process, which replays the login form from its record (Prefect's copy of that
    answer was deleted): the password comes back from the block, nothing is asked twice."""
    import os
    import signal

    from flows.lifecycle.control import find_run

    _retention(monkeypatch, "1h")
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "5000").write_text("", encoding="utf-8")
    code, doc = keiri("run", str(PLAN), "--var", f"allowed={allowed}", "--detach")
    assert code == 3 and doc["paused"]["node_id"] == "login", doc
    run_id = doc["run_id"]
    try:
        code, doc = keiri(
            "resume", run_id, "--input", "user=yamada", "--input", f"password={PASSWORD}"
        )
        assert code == 3 and doc["paused"]["node_id"] == "ask", doc
        runner = _runner_pid(run_id)
        assert runner is not None
        os.kill(runner, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while _runner_pid(run_id) is not None and time.monotonic() < deadline:
            time.sleep(0.2)
        state = find_run(run_id).state
        assert state is not None and state.type.value == "PAUSED"  # the server cannot tell
        code, doc = keiri("resume", run_id, "--input", "amount=5000")
        assert code == 0 and doc["state"] == "completed", doc
    finally:
        _stop(run_id)
    assert f"signed 5000 with {PASSWORD}" in _labels(journal)
    assert doc["outputs"]["login"]["metadata"]["answered_by"] == "yamada"
    assert doc["outputs"]["login"]["collected_data"]["password"] == "***"
    assert PASSWORD not in json.dumps(_inputs(run_id), ensure_ascii=False)
