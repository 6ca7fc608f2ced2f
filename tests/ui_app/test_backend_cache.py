"""`ui_app.backend`'s caches on the real local Prefect server: the recent-runs list is reused
for `RUNS_TTL_S` and dropped when the app itself starts or resumes a run; an ended run's
outcome is read once while the list shows it unchanged; the inbox warms the cache in the
background; a page drawing asks Prefect through one client."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from ui_app import backend, page_cache

pytestmark = pytest.mark.prefect


def test_the_runs_list_is_reused_then_read_again(
    runtime_env: None, paused_run: Callable[[str], str]
) -> None:
    run_id = paused_run("ask_then_record")
    first = backend.recent_runs(None, 30)
    assert any(v.run_id == run_id for v in first)
    again = backend.recent_runs(None, 30)
    assert again[0] is first[0]  # the same objects: Prefect was not asked (within RUNS_TTL_S)

    time.sleep(page_cache.RUNS_TTL_S)  # the list's age passes its TTL
    later = backend.recent_runs(None, 30)
    assert later[0] is not first[0] and later[0].run_id == first[0].run_id

    backend.resume(run_id, {"amount": 12, "approved": True}, "yamada")
    assert backend.recent_runs(None, 30)[0] is not later[0]  # the app's own action drops it


def test_a_list_read_ahead_is_drawn_once_and_the_page_drawn_again_reads_now(
    runtime_env: None, paused_run: Callable[[str], str]
) -> None:
    """The runs page drawn from the list another process read at the app's start draws itself
    again a moment later (`read_again_soon`): that drawing shows a run started since."""
    before = paused_run("ask_then_record")
    backend.forget_runs()
    read = backend.recent_runs(None, 30)  # the reader's list, and its caches
    carried = page_cache.snapshot()
    backend.forget_runs()  # the app process has read nothing itself
    since = paused_run("ask_then_record")  # started after the reading
    page_cache.install(carried, {"runs": (time.monotonic(), read)})

    drawn = backend.runs_ahead()
    assert drawn is not None
    assert before in {v.run_id for v in drawn} and since not in {v.run_id for v in drawn}
    again = backend.recent_runs(None, 30)  # what the page drawn again lists
    assert since in {v.run_id for v in again}


def test_an_ended_runs_outcome_is_read_once(
    runtime_env: None, paused_run: Callable[[str], str]
) -> None:
    from flows.lifecycle.control import wait_for_run

    run_id = paused_run("ask_then_record")
    backend.resume(run_id, {"amount": 12, "approved": True}, "yamada")
    assert wait_for_run(run_id, since_pause_key="ask", timeout=90).state_type == "COMPLETED"
    backend.forget_runs()
    assert any(v.run_id == run_id for v in backend.recent_runs(None, 30))

    first = backend.run_outcome(run_id)
    assert first.state == "completed"
    assert backend.run_outcome(run_id) is first  # kept: the list shows it unchanged
    assert backend.started_by(run_id) == backend.started_by(run_id)

    backend.forget_runs(run_id)  # a retry from the app: read again
    assert backend.run_outcome(run_id) is not first


def test_the_inbox_warms_the_runs_cache(
    runtime_env: None, paused_run: Callable[[str], str]
) -> None:
    from uuid import UUID

    from flows.backend.input_keys import STARTED_KEY
    from flows.backend.run_inputs import create_once

    run_id = paused_run("ask_then_record")
    create_once(UUID(run_id), STARTED_KEY, {"by": "yamada", "at": "2026-04-03T00:00:00+00:00"})
    backend.inbox()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and page_cache.Cache.warming.locked():
        time.sleep(0.1)  # the background thread is still reading
    assert not page_cache.Cache.warming.locked()
    # The list was read in the background (its entries kept past the list's own TTL), and who
    # started each run (the runs page's titles name them).
    assert run_id in page_cache.Cache.listed
    assert page_cache.Cache.started_by[run_id]["by"] == "yamada"


def test_a_page_drawing_asks_prefect_through_one_client(runtime_env: None) -> None:
    """The session's client is opened by the first call that asks Prefect (`join_session`,
    from every call of `backend`), then serves every call of the drawing."""
    from prefect.client.orchestration import get_client
    from prefect.context import SyncClientContext

    with backend.api_session():
        assert SyncClientContext.get() is None  # nothing asked yet: no client, no import needed
        backend.recent_runs("paused", limit=1)
        first = get_client(sync_client=True)
        with first as client:
            client.hello()
        assert get_client(sync_client=True) is first  # not closed, not built again
    assert get_client(sync_client=True) is not first


def test_a_fragment_asks_prefect_through_one_client(runtime_env: None) -> None:
    from prefect.client.orchestration import SyncPrefectClient, get_client

    @backend.in_api_session
    def two_calls() -> tuple[SyncPrefectClient, SyncPrefectClient]:
        backend.join_session()
        return get_client(sync_client=True), get_client(sync_client=True)

    first, second = two_calls()
    assert first is second


@pytest.mark.parametrize(
    ("name", "take"),
    [
        ("inbox", backend.inbox_ahead),
        ("rejected", backend.sent_back_ahead),
        ("runs", backend.runs_ahead),
    ],
)
def test_a_list_read_ahead_is_drawn_once_within_its_age_even_after_the_runs_ttl(
    name: str, take: Callable[[], list[object] | None]
) -> None:
    """What another process read at the app's start is for the first drawing only, and only
    while it is younger than `AHEAD_S`, however long past the runs cache's `RUNS_TTL_S` a
    loaded machine took to draw (a CI run drew the sent-back runs by asking Prefect)."""
    read_at = time.monotonic() - page_cache.RUNS_TTL_S - 1
    listed = [object()]
    page_cache.install({}, {name: (read_at, listed)})
    assert take() == listed
    assert take() is None  # taken once

    page_cache.install({}, {name: (time.monotonic() - page_cache.AHEAD_S, listed)})
    assert take() is None  # too old: the page reads now
