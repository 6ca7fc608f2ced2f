"""The コパイロット page in AppTest: a message in the chat → the copilot's confirmation with
承認/却下 → 承認 → the run starts in the background on the real local Prefect server, its
link in the chat and the panel → 更新 until the TaskLoop's summary is in the chat. The model is
keiri's `LLMClient` (the real `openai` client inside) over `httpx2.MockTransport` (the scripted
model, no socket), put in
the page's session state."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from blocks.llm.client import LLMClient, LLMSettings
from keiri.base.catalog import t
from tests.support.catalog_text import shown
from tests.support.chat_script import (
    DESIGN,
    GOAL,
    GOAL_REQUEST,
    REPLY,
    REQUEST,
    STEPS,
    SUMMARY,
    ChatScript,
    write_design,
)
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI
from tests.support.timing import scaled
from tests.ui_app.conftest import APP
from ui_app.views.copilot import CLIENT_KEY

pytestmark = pytest.mark.prefect
PAGE = "views/copilot.py"
RUN_URL = "/runs/flow-run/"


@pytest.fixture
def scripted(
    runtime_env: None, loopback: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[tuple[ChatScript, LLMClient]]:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KEIRI_DESIGNS_DIR", str(tmp_path / "designs"))
    monkeypatch.setenv("KEIRI_LANG", "ja")
    write_design(tmp_path / "designs")
    script = ChatScript()
    srv = ScriptedOpenAI(handler=script.handler)  # its transport only: no socket
    client = LLMClient(
        LLMSettings(api_key=TEST_API_KEY, base_url="http://scripted.invalid/v1", max_retries=0),
        http_client=srv.http_client(),
    )
    yield script, client
    client.close()


def _open(client: LLMClient) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=scaled(90))
    at.session_state[CLIENT_KEY] = client
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, at.exception
    return at


def _chat_texts(at: AppTest) -> list[str]:
    return ["\n".join(str(m.value) for m in message.markdown) for message in at.chat_message]


def _link_urls(at: AppTest) -> list[str]:
    return [str(e.proto.url) for e in at.get("link_button")]


def _chat_link_urls(at: AppTest) -> list[str]:
    """The links in the chat (the panel lists the server's recent runs, of any test)."""
    return [str(e.proto.url) for m in at.chat_message for e in m.get("link_button")]


def _buttons(at: AppTest, label: str) -> list[Any]:
    return [b for b in at.button if b.label == label]


def test_a_message_is_confirmed_and_its_run_started_and_summarised(
    scripted: tuple[ChatScript, LLMClient],
) -> None:
    script, client = scripted
    at = _open(client)
    assert at.title[0].value == t("chat.page.title")
    assert shown("chat.page.empty", at.info[0].value)

    at.chat_input[0].set_value(REQUEST).run()
    assert not at.exception, at.exception
    texts = _chat_texts(at)
    assert texts[0] == REQUEST
    assert REPLY in texts
    # The confirmation: 承認/却下 in the chat, and again in the panel's 確認待ち.
    assert (
        len(_buttons(at, t("chat.page.approve"))) == 2
        and len(_buttons(at, t("chat.page.decline"))) == 2
    )
    assert script.answered == {"WireActionList": 1}
    assert not any(RUN_URL in url for url in _chat_link_urls(at))  # nothing started yet

    _buttons(at, t("chat.page.approve"))[0].click().run()
    assert not at.exception, at.exception
    assert not _buttons(at, t("chat.page.approve"))  # decided: no buttons left
    assert any(t("chat.confirmation.approved", by="yamada") in str(c.value) for c in at.caption)
    run_links = [url for url in _chat_link_urls(at) if RUN_URL in url]
    assert run_links, _chat_link_urls(at)  # the run's link in the chat
    run_id = run_links[0].rsplit("/", 1)[-1]
    # The panel's recent runs: named by plan and start time, never by the run's id.
    # (the test design has no description: its id names it, with the start time once started)
    assert any(str(m.value).startswith(f"**{DESIGN}") for m in at.markdown), [
        m.value for m in at.markdown
    ]
    assert not any(str(m.value).startswith(f"`{run_id}`") for m in at.markdown)
    assert run_links[0] in _link_urls(at)[len(_chat_link_urls(at)) :]  # ... with its link

    deadline = time.monotonic() + 120
    while SUMMARY not in _chat_texts(at) and time.monotonic() < deadline:
        time.sleep(1)
        _buttons(at, t("chat.page.refresh"))[0].click().run()
        assert not at.exception, at.exception
    assert SUMMARY in _chat_texts(at), _chat_texts(at)
    assert script.answered == {"WireActionList": 1, "WireSummary": 1}

    from flows.lifecycle.runs import outcome, started_by

    assert outcome(run_id).state == "completed"
    assert (started_by(run_id) or {}).get("by") == "yamada"  # the user's identity


def test_a_declined_confirmation_starts_nothing(
    scripted: tuple[ChatScript, LLMClient],
) -> None:
    _script, client = scripted
    at = _open(client)
    at.chat_input[0].set_value(REQUEST).run()
    _buttons(at, t("chat.page.decline"))[-1].click().run()  # the panel's button
    assert not at.exception, at.exception
    assert any(t("chat.confirmation.declined", by="yamada") in str(c.value) for c in at.caption)
    assert not _buttons(at, t("chat.page.approve"))
    assert not any(RUN_URL in url for url in _chat_link_urls(at))
    assert any(t("chat.status.no_pending") in str(c.value) for c in at.caption)


def test_a_proposed_goal_is_in_the_progress_panel_with_its_steps(
    scripted: tuple[ChatScript, LLMClient],
) -> None:
    script, client = scripted
    at = _open(client)
    assert any(t("chat.status.no_goals") in str(c.value) for c in at.caption)
    at.chat_input[0].set_value(GOAL_REQUEST).run()
    assert not at.exception, at.exception
    assert script.answered == {"WireActionList": 1, "WirePlan": 1}
    [goal] = at.expander
    assert goal.label == t("display.paren", text=GOAL, note=t("chat.goal.draft"))
    steps = [str(m.value) for m in goal.markdown]
    pending = t("chat.step.pending")
    assert steps == [
        f":material/radio_button_unchecked: {t('display.paren', text=step, note=pending)}"
        for step in STEPS
    ]
    assert goal.get("progress")[0].proto.text == t("chat.status.progress", done="0", total="3")
    # The proposal waits for 承認 (the goal is approved, nothing runs yet).
    _buttons(at, t("chat.page.approve"))[0].click().run()
    assert not at.exception, at.exception
    assert at.expander[0].label == t("display.paren", text=GOAL, note=t("chat.goal.approved"))
    assert not _buttons(at, t("chat.page.approve"))


def test_without_llm_settings_the_page_says_so_and_disables_the_chat(
    runtime_env: None, loopback: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    at = AppTest.from_file(str(APP), default_timeout=scaled(60))
    at.switch_page("views/copilot.py")
    at.run()
    assert not at.exception, at.exception
    assert at.warning[0].value == t("llm_page.not_configured")
    assert at.chat_input[0].disabled
    assert not at.error  # no technical error in the person's face
    assert any("OPENAI_API_KEY" in str(m.value) for m in at.markdown)  # folded for the admin
