"""A local run's pause that outlasts API outages, and an answer given while nobody waited.

`pause_flow_run` polls the API for the answer; when the server is down for longer than
Prefect's client retries (about a minute), it raises. `wait_out_pause` then keeps polling with
backoff until the server answers again, for as long as the pause may last: the run's process
stays, and the answer given after the outage resumes it.

`forget_answer`: the answer of a form with secret fields is deleted once read (the answer-reuse
record keeps it, secrets by reference: `flows.backend.answer_secrets`).

`stored_answer`: a run continued after its process was gone (`flows.lifecycle.runs.resume` re-launches
it from its persisted results) finds the answer already given under the pause's key, and
goes on without pausing again.
"""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.exceptions import FlowPauseTimeout

from flows.backend import api_retry
from flows.backend.run_inputs import delete_value, read_value
from keiri.base.catalog import state_label, t

__all__ = ["forget_answer", "response_key", "stored_answer", "wait_out_pause"]


def response_key(pause_key: str) -> str:
    """The flow run input Prefect stores a paused run's answer under (`Paused` state)."""
    return f"paused-{pause_key}-response"


def forget_answer(flow_run_id: UUID, pause_key: str) -> None:
    """Delete the answer Prefect stored for this pause (read already; a form with secret
    fields must leave no value in a flow run input). Gone already is fine."""

    api_retry.call(
        lambda: delete_value(flow_run_id, response_key(pause_key)),
        deadline_s=300,
        what=t("cli.api.reading_answer"),
    )


def stored_answer(flow_run_id: UUID, pause_key: str, model: Any) -> Any | None:
    """The answer already given for this pause (a `model` instance), or None."""
    value = api_retry.call(
        lambda: read_value(flow_run_id, response_key(pause_key)),
        deadline_s=300,
        what=t("cli.api.reading_answer"),
    )
    return model(**value) if isinstance(value, dict) else None


def wait_out_pause(
    flow_run_id: UUID, pause_key: str, model: Any, deadline: float, poll: float
) -> Any | None:
    """Poll the paused run until it is resumed (its answer; None: the run is Running without
    one, the pause was never taken) or `deadline` (monotonic) passes (`FlowPauseTimeout`),
    riding out transient API errors with backoff."""

    def state() -> str | None:
        with get_client(sync_client=True) as client:
            run = client.read_flow_run(flow_run_id)
        return run.state.type.value if run.state is not None else None

    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise FlowPauseTimeout("Flow run was paused and never resumed.")
        # The deadline of the answer is not the API's: a slow server near the end of the wait
        # is ridden out, then the loop sees the deadline passed (FlowPauseTimeout).
        current = api_retry.call(
            state, deadline_s=max(remaining, 60.0), what=t("cli.api.waiting_answer")
        )
        if current == "RUNNING":
            # Resumed with its answer, or the outage came before the pause was taken.
            return stored_answer(flow_run_id, pause_key, model)
        if current != "PAUSED":
            raise RuntimeError(t("runtime.pause.left", state=state_label(current or "-")))
        time.sleep(poll)
