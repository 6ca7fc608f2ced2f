"""A resume that arrives while a run is entering its pause waits for it (bounded) instead of
being refused with RUN_NOT_PAUSED: the form is stored, and shown, a moment before the run is
Paused, and Prefect saves the form's input schema a moment after (issue 29 item 11).

The run here is a bare flow run on the real test server, moved through the states a pausing
keiri run goes through: Running with its form stored → Paused (no schema yet) → schema saved.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.prefect

_FORM = {"mode": "confirm", "requirements": [], "key": "ask", "node_id": "ask", "message": ""}


@pytest.fixture
def running_run(prefect_server: str) -> Iterator[str]:
    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.states import Running

    @flow(name="keiri-resume-race")
    def race() -> None:  # never executed: only its runs are moved through states
        return None

    with get_client(sync_client=True) as client:
        run = client.create_flow_run(race, state=Running())
    yield str(run.id)


def _store_form(run_id: str) -> None:
    from uuid import UUID

    from flows.backend.input_keys import FORM_PREFIX
    from flows.backend.run_inputs import create_once

    create_once(UUID(run_id), f"{FORM_PREFIX}ask", _FORM)


def _enter_pause_later(run_id: str, entered: threading.Event) -> threading.Thread:
    """What Prefect's `pause_flow_run` does, a little late: Paused, then the input schema."""
    from uuid import UUID

    from prefect.client.orchestration import get_client
    from prefect.input.run_input import keyset_from_base_key
    from prefect.states import Paused
    from pydantic import BaseModel

    class Answer(BaseModel):
        approved: bool
        answered_by: str | None = None

    def enter() -> None:
        keyset = keyset_from_base_key("paused-ask")
        state: Any = Paused(pause_key="ask")
        state.state_details.run_input_keyset = keyset
        entered.wait(timeout=60)  # the resume has started and found the run Running
        with get_client(sync_client=True) as client:
            client.set_flow_run_state(UUID(run_id), state, force=True)
            client.create_flow_run_input(
                flow_run_id=UUID(run_id),
                key=keyset["schema"],
                value=json.dumps(Answer.model_json_schema()),
            )

    thread = threading.Thread(target=enter, daemon=True)
    thread.start()
    return thread


def test_a_resume_while_the_pause_is_entered_waits_for_it(
    running_run: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from uuid import UUID

    from flows.backend.run_inputs import read_value
    from flows.lifecycle import control

    _store_form(running_run)
    entered = threading.Event()
    seen: list[str] = []
    find = control.find_run

    def watching(run_id: str) -> Any:
        run = find(run_id)
        seen.append(run.state.type.value if run.state else "")
        entered.set()
        return run

    monkeypatch.setattr(control, "find_run", watching)
    thread = _enter_pause_later(running_run, entered)
    form = control.resume_run(running_run, {"approved": True}, "yamada")
    thread.join(timeout=60)
    assert form.node_id == "ask" and form.run.pause_key == "ask"
    assert seen[0] == "RUNNING"  # the resume came before the pause, and waited for it
    answer = read_value(UUID(running_run), "paused-ask-response")
    assert answer["approved"] is True and answer["answered_by"] == "yamada"


def test_a_running_run_with_no_form_is_refused_at_once(running_run: str) -> None:
    from flows.lifecycle import control
    from keiri.base.errors import RunNotPaused

    with pytest.raises(RunNotPaused):
        control.resume_run(running_run, {"approved": True}, "yamada")
