"""Answers that cannot break a pause (issue 12 item 13): NaN is refused before the marker; a
failure after the marker is taken (a 503 from the server) releases it, so the next valid
answer resumes the run; the marker is taken atomically (two submits, one resume)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

import httpx
import pytest

from blocks.sdk.errors import BlockError
from keiri.base.errors import KeiriError
from tests.support.catalog_text import shown

pytestmark = pytest.mark.prefect


def _markers(run_id: str) -> list[Any]:
    from flows.backend.resume_marker import PREFIX
    from flows.backend.run_inputs import filter_values

    return filter_values(UUID(run_id), PREFIX)


def _completed_amount(run_id: str, pause_key: str | None) -> Any:
    from flows.lifecycle import runs
    from flows.lifecycle.control import wait_for_run

    view = wait_for_run(run_id, since_pause_key=pause_key, timeout=90)
    assert view.state_type == "COMPLETED", view
    return runs.outcome(run_id).outputs["after"]["value"]


def test_nan_is_refused_before_the_marker(paused_run: Callable[[str], str]) -> None:
    from flows.lifecycle.control import read_paused_form, resume_run

    run_id = paused_run("ask_then_record")
    with pytest.raises(BlockError) as exc:
        resume_run(run_id, {"amount": float("nan")}, "yamada")
    assert exc.value.code == "INPUT_VALIDATION_FAILED" and "NaN" in exc.value.message
    assert _markers(run_id) == []
    pause_key = read_paused_form(run_id).run.pause_key
    resume_run(run_id, {"amount": 120000.0, "approved": True}, "yamada")
    assert _completed_amount(run_id, pause_key) == 120000  # integral, not 120000.0


def test_a_failure_after_the_marker_releases_it(
    paused_run: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fault injection: the server answers 503 to the resume call itself."""
    from prefect.client.orchestration import SyncPrefectClient

    from flows.lifecycle.control import read_paused_form, resume_run

    run_id = paused_run("ask_then_record")
    real = SyncPrefectClient.resume_flow_run

    def unavailable(self: Any, *args: Any, **kwargs: Any) -> Any:
        assert len(_markers(run_id)) == 1  # the fault comes after the marker was taken
        request = httpx.Request("POST", "http://prefect/api/flow_runs/resume")
        raise httpx.HTTPStatusError(
            "503 Service Unavailable", request=request, response=httpx.Response(503)
        )

    monkeypatch.setattr(SyncPrefectClient, "resume_flow_run", unavailable)
    with pytest.raises(httpx.HTTPStatusError):
        resume_run(run_id, {"amount": 5000, "approved": True}, "yamada")
    assert _markers(run_id) == []  # released: the pause still takes an answer
    monkeypatch.setattr(SyncPrefectClient, "resume_flow_run", real)
    pause_key = read_paused_form(run_id).run.pause_key
    resume_run(run_id, {"amount": 5000, "approved": True}, "sato")
    assert [m["by"] for m in _markers(run_id)] == ["sato"]
    assert _completed_amount(run_id, pause_key) == 5000


def test_two_submits_resume_once(paused_run: Callable[[str], str]) -> None:
    from flows.lifecycle.control import resume_run

    run_id = paused_run("ask_then_record")

    def submit(who: str) -> str:
        try:
            resume_run(run_id, {"amount": 1, "approved": True}, who)
        except KeiriError as exc:  # AlreadyResumed, or RunNotPaused once the other resumed
            return exc.message
        return "ok"

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(submit, ["yamada", "sato"]))
    assert results.count("ok") == 1, results
    refused = next(r for r in results if r != "ok")
    assert shown("cli.error.resumed_by", refused) or shown("cli.error.not_paused", refused), refused
    assert len(_markers(run_id)) == 1
