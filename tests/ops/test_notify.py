"""Paused runs reach people, once: the run's process posts the form app's deep link to a
webhook (a real local receiver) when it pauses, the operations watcher posts the reminder and
what a process could not (a pause made just before a server restart) — each notice recorded on
the run (the outbox), so never twice; the link is also an artifact on the run."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.ops.conftest import PLANS, Ops, OwnServer, Receiver, eventually, wait_state, watching

pytestmark = pytest.mark.prefect
FORM_APP = "http://forms.keiri.test:8600"


@pytest.fixture
def notifying(
    ops: Ops, receiver: Receiver, ops_server: OwnServer, monkeypatch: pytest.MonkeyPatch
) -> Ops:
    """`ops_server` removes keiri's automations again after the test."""
    monkeypatch.setenv("KEIRI_NOTIFY_WEBHOOK_URL", receiver.url)
    monkeypatch.setenv("KEIRI_NOTIFY_REMIND_AFTER", "10s")
    monkeypatch.setenv("KEIRI_UI_URL", FORM_APP)
    return ops


def _artifacts(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

    with get_client(sync_client=True) as client:
        return list(
            client.read_artifacts(
                artifact_filter=ArtifactFilter(
                    flow_run_id=ArtifactFilterFlowRunId(any_=[uuid.UUID(run_id)])
                )
            )
        )


@pytest.mark.slow
def test_paused_deployment_run_posts_the_form_link(notifying: Ops, receiver: Receiver) -> None:
    name = f"ask-{notifying.pool}"
    notifying.write(name, design=str(PLANS / "ask_then_record.yaml"))
    code, doc = notifying.deploy()
    assert code == 0, doc
    # The pause notices are no longer automations (the event bus lagged and lost them).
    assert doc["automations"]["keiri: run waits for input"] in {"removed", "absent"}
    notifying.worker("w1")
    run_id = notifying.trigger(name)
    run = wait_state(run_id, {"PAUSED", "FAILED", "CRASHED"}, timeout=120)
    assert run.state.name == "Suspended", run.state

    link = f"{FORM_APP}/?run={run_id}"
    message = receiver.wait_for(lambda m: m["run_id"] == run_id and m["kind"] == "paused", 30)
    assert message["form_url"] == link and link in message["text"]
    assert message["plan_id"] == "ops_ask" and message["deployment"] == name
    assert message["content_type"] == "application/json"
    assert message["path"] == "/hooks/keiri"

    with watching(1.0):
        reminder = receiver.wait_for(
            lambda m: m["run_id"] == run_id and m["kind"] == "reminder", 60
        )
    assert reminder["form_url"] == link and t("cli.notify.reminder") in reminder["text"]
    kinds = [m["kind"] for m in receiver.messages if m["run_id"] == run_id]
    assert kinds == ["paused", "reminder"]  # the watcher did not announce the pause again

    from flows.lifecycle.control import resume_run

    resume_run(run_id, {"amount": 3}, "tanaka")
    done = wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, timeout=120)
    assert done.state.type.value == "COMPLETED", done.state
    assert notifying.labels() == ["before-ask", "after-ask"]


def test_paused_local_run_gets_a_link_artifact_and_a_message(
    notifying: Ops, receiver: Receiver, capsys: pytest.CaptureFixture[str]
) -> None:
    """`keiri run --detach` pauses without a deployment (Prefect's Paused state)."""
    import json

    from flows.backend.notify import NotifyConfig, apply_automations
    from keiri.cli import main

    apply_automations(NotifyConfig.from_env())
    capsys.readouterr()
    code = main(["run", str(PLANS / "ask_then_record.yaml"), "--detach", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 3 and doc["state"] == "paused", doc
    run_id = doc["run_id"]
    try:
        message = receiver.wait_for(lambda m: m["run_id"] == run_id and m["kind"] == "paused", 30)
        assert message["form_url"] == f"{FORM_APP}/?run={run_id}"
        assert message["deployment"] is None
        links = [a for a in _artifacts(run_id) if f"{FORM_APP}/?run={run_id}" in str(a.data)]
        assert len(links) == 1, [a.data for a in _artifacts(run_id)]
        assert (links[0].description or "") == t("cli.notify.link_description", node="ask")
    finally:
        from flows.lifecycle.control import resume_run, wait_for_run

        # approved: a mixed form left undecided is sent back (差し戻し: the state `Rejected`)
        resume_run(run_id, {"amount": 1, "approved": True}, "suzuki")
        assert wait_for_run(run_id, since_pause_key="ask", timeout=60).state == "Completed"


@pytest.mark.slow
def test_a_pause_just_before_a_server_restart_is_announced_once_after_it(
    notifying: Ops, receiver: Receiver, ops_server: OwnServer
) -> None:
    """The worker's runs cannot post (no webhook in their environment: the notice a restart
    loses); the watcher, reading run states after the restart, posts it — once, however often
    it looks and however often the server restarts."""
    from flows.deploy.watch import sweep

    name = f"restart-{notifying.pool}"
    notifying.write(name, design=str(PLANS / "ask_then_record.yaml"))
    assert notifying.deploy()[0] == 0
    notifying.worker("w1", env={"KEIRI_NOTIFY_WEBHOOK_URL": ""})
    run_id = notifying.trigger(name)
    assert wait_state(run_id, {"PAUSED"}, timeout=150).state.name == "Suspended"
    assert ops_server.stop()  # just after the pause
    ops_server.start()
    assert not [m for m in receiver.messages if m["run_id"] == run_id]

    def sent() -> list[str]:
        sweep()
        return [m["kind"] for m in receiver.messages if m["run_id"] == run_id]

    assert eventually(sent, lambda kinds: "paused" in kinds, 60).count("paused") == 1
    for _ in range(3):
        sweep()
    ops_server.stop()
    ops_server.start()
    sweep()
    paused = [m for m in receiver.messages if m["run_id"] == run_id and m["kind"] == "paused"]
    assert len(paused) == 1 and paused[0]["form_url"] == f"{FORM_APP}/?run={run_id}"

    from flows.lifecycle.control import resume_run

    resume_run(run_id, {"amount": 2}, "ito")
    assert wait_state(run_id, {"COMPLETED", "FAILED", "CRASHED"}, 150).state.type.value == (
        "COMPLETED"
    )
