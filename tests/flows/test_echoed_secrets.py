"""An echoing LLM gateway cannot leak the API key (issue 23 item 4c): the gateway answers the
run's model call with an error body quoting the request's credentials percent-encoded (in any
part, lower-case hex), every byte encoded, and as HTTP basic authentication `base64("user:key")`.
The run fails with the provider's message; neither the key nor any of its encoded forms
reaches `keiri run --json`, the run's JSONL log, the Prefect API (the flow run, its states,
logs, task runs, artifacts and events) or the form app's 実行履歴 entry of the run, which shows
the provider's message to people (AppTest)."""

from __future__ import annotations

import base64
import json
import time
import urllib.parse
import uuid
from pathlib import Path
from typing import Any

import pytest

from keiri.cli import main
from tests.conftest import ROOT
from tests.support.openai_server import (
    TEST_API_KEY,
    RecordedRequest,
    ScriptedOpenAI,
    ScriptedResponse,
)
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect

PLAN = ROOT / "tests" / "fixtures" / "plans" / "runtime" / "echoing_gateway.yaml"


def _forms(key: str) -> dict[str, str]:
    """The forms of `key` the gateway echoes."""
    return {
        "plain": key,
        "percent": urllib.parse.quote(key, safe="").replace("-", "%2d"),
        "every byte": "".join(f"%{b:02X}" for b in key.encode()),
        "basic": base64.b64encode(f"accounting:{key}".encode()).decode(),
        "base64": base64.b64encode(f"x{key}".encode()).decode(),
    }


def _echo(request: RecordedRequest) -> ScriptedResponse:
    """Quote the credentials of the request in every form, as a careless gateway would."""
    key = request.headers.get("authorization", "").removeprefix("Bearer ")
    forms = _forms(key)
    message = (
        f"upstream rejected key={forms['percent']} raw={forms['every byte']} "
        f"auth=Basic {forms['basic']} blob={forms['base64']}"
    )
    return ScriptedResponse.error(400, message, code="invalid_api_key")


def _leaks(text: str) -> list[str]:
    return [name for name, form in _forms(TEST_API_KEY).items() if form in text]


def _api_texts(run_id: str) -> dict[str, str]:
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
        task_runs = client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[rid]))
        )
        start = run.expected_start_time or run.created
        query = {
            "filter": {
                "occurred": {"since": start.isoformat() if start else None},
                "any_resource": {"id": [f"prefect.flow-run.{rid}"]},
            },
            "limit": 50,
        }
        # Logs and events reach the API a little after the state (batched by Prefect's
        # workers): wait for the run's error log line and its last event.
        logs: list[Any] = []
        events: list[dict[str, Any]] = []
        until = time.monotonic() + scaled(60)
        while time.monotonic() < until:
            logs = client.read_logs(
                log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=[rid]))
            )
            events = client.request("POST", "/events/filter", json=query).json()["events"]
            if any("upstream rejected" in log.message for log in logs) and any(
                e["event"] == "prefect.flow-run.Failed" for e in events
            ):
                break
            time.sleep(0.2)
    dumped: dict[str, Any] = {
        "flow run": run.model_dump(mode="json"),
        "states": [s.model_dump(mode="json") for s in states],
        "artifacts": [a.model_dump(mode="json") for a in artifacts],
        "logs": [log.message for log in logs],
        "task runs": [t.model_dump(mode="json") for t in task_runs],
        "events": events,
    }
    assert logs and states and dumped["events"], {k: len(v) for k, v in dumped.items()}
    return {name: json.dumps(value, ensure_ascii=False) for name, value in dumped.items()}


def _runs_page(run_id: str) -> str:
    """Every element of the 実行履歴 page with the run's entry opened, as the form app draws it."""
    from streamlit import config as st_config
    from streamlit.testing.v1 import AppTest

    from tests.support.app_tree import tree_text
    from tests.ui_app.conftest import run_panel

    before = st_config.get_option("server.address")
    st_config.set_option("server.address", "127.0.0.1")
    try:
        at = AppTest.from_file(str(ROOT / "ui_app" / "app.py"), default_timeout=scaled(60)).run()
        at.switch_page("views/runs.py").run()
        assert not at.exception, at.exception
        run_panel(at, run_id)
        assert not at.exception, at.exception
        return tree_text(at)  # str(proto) escapes non-ASCII text; the provider's words are ASCII
    finally:
        st_config.set_option("server.address", before)


def test_an_echoing_gateway_leaks_no_form_of_the_key(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with ScriptedOpenAI(handler=_echo) as llm:
        for key, value in llm.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")
        code = main(["run", str(PLAN), "--json"])
        requests = llm.requests
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert code == 1, captured.out
    assert requests and requests[0].headers["authorization"] == f"Bearer {TEST_API_KEY}"
    # the provider's words reach the person, with the credentials masked
    assert doc["error"]["code"] == "API_ERROR", doc["error"]
    assert "upstream rejected key=***" in json.dumps(doc, ensure_ascii=False), doc["error"]
    shown = {
        "keiri run --json": captured.out,
        "keiri run (terminal)": captured.err,
        "JSONL": Path(doc["log"]).read_text(encoding="utf-8"),
    } | {f"API {name}": text for name, text in _api_texts(doc["run_id"]).items()}
    page = _runs_page(doc["run_id"])
    assert "upstream rejected key=***" in page  # the page shows the provider's message
    shown["form app 実行履歴"] = page
    leaks = {surface: _leaks(text) for surface, text in shown.items() if _leaks(text)}
    assert not leaks, leaks
