"""`flows.backend.reask`: the prefilled form of a node asked again, and a pause whose key already
fired (what a retry without a new key ran into) is an internal error, never recoverable."""

from __future__ import annotations

from typing import Any

import pytest

from blocks.forms.form import run_input_model
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError


def _form(mode: str) -> dict[str, Any]:
    return {
        "mode": mode,
        "message": "確認してください",
        "requirements": [
            {"id": "amount", "type": "number", "label": "金額"},
            {"id": "note", "type": "text", "label": "備考", "required": False, "multiline": True},
        ],
    }


def test_prefilled_puts_the_answers_as_defaults_everywhere() -> None:
    from flows.backend.reask import prefilled

    form = prefilled(_form("mixed"), {"amount": 120000, "approved": False, "response": "違う"})
    defaults = {r["id"]: r.get("default") for r in form["requirements"]}
    assert defaults == {"amount": 120000, "note": None, "approved": False, "response": "違う"}
    assert form["requirements"][1]["multiline"] is True  # extras kept
    assert form["schema"]["properties"]["amount"]["default"] == 120000
    model = run_input_model(form, "Form_ask")  # the Prefect pause's RunInput
    assert model.model_fields["response"].default == "違う"
    assert model().model_dump()["amount"] == 120000  # submitting unchanged keeps the answer
    assert form["prefilled"] == ["amount", "approved", "response"]


def test_pause_keys_and_places() -> None:
    from flows.backend.reask import pause_key, place

    assert [pause_key("ask", g) for g in (0, 1, 2)] == ["ask", "ask-r1", "ask-r2"]
    assert place("root", "ask") == place("root-other", "ask")  # the root id is not part of it
    assert place("root/sub[1]", "ask") != place("root/sub[2]", "ask")
    assert place("root", "ask[0]") != place("root", "ask[1]")


@pytest.mark.prefect
def test_a_pause_key_that_already_fired_is_an_internal_error(prefect_server: str) -> None:
    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.context import FlowRunContext
    from prefect.exceptions import FlowPauseTimeout
    from prefect.flow_runs import pause_flow_run
    from prefect.states import Running

    from flows.backend.human_input import PrefectHumanInput

    @flow(persist_result=False)
    def asks_twice() -> dict[str, Any]:
        run = FlowRunContext.get().flow_run  # type: ignore[union-attr]
        try:  # the first pause of "ask" times out without an answer (as before a retry)
            pause_flow_run(wait_for_input=run_input_model(_form("collect"), "F"), key="ask",
                           timeout=1, poll_interval=1)  # fmt: skip
        except FlowPauseTimeout:
            with get_client(sync_client=True) as client:
                client.set_flow_run_state(run.id, Running(), force=True)  # type: ignore[union-attr]
        ctx = BlockContext(run_id=str(run.id), plan_id="p", node_id="ask")  # type: ignore[union-attr]
        try:
            PrefectHumanInput(poll_interval=1).request(ctx, _form("collect"))
        except BlockError as exc:
            return exc.to_dict()
        return {}

    error = asks_twice()
    assert error["code"] == "INTERNAL_ERROR" and error["recoverable"] is False, error
