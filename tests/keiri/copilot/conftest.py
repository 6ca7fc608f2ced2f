"""Fixtures of the copilot tests.

The only fake is the LLM: scripted OpenAI wire answers through keiri's `LLMClient` over the
real `openai` client (`ScriptedOpenAI.transport()`, an `httpx2.MockTransport`). Runs are real: detached runs on this
test process's local Prefect server, with the test blocks and a temporary designs folder.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from blocks.llm.client import LLMClient, LLMSettings
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI

PLANS = FIXTURES / "plans"


@pytest.fixture(autouse=True)
def _copilot_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    designs = tmp_path / "designs"
    designs.mkdir()
    monkeypatch.setenv("KEIRI_DESIGNS_DIR", str(designs))
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_LANG", "ja")
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    from keiri.base import settings

    settings.reset()
    return designs


@pytest.fixture
def designs(_copilot_env: Path) -> Path:
    return _copilot_env


def add_design(designs: Path, source: Path, name: str) -> Path:
    """Copy a fixture plan into the designs folder under `name` (its id becomes `name`)."""
    text = source.read_text(encoding="utf-8")
    first_id = next(line for line in text.splitlines() if line.startswith("id:"))
    target = designs / f"{name}.yaml"
    target.write_text(text.replace(first_id, f"id: {name}", 1), encoding="utf-8")
    return target


@pytest.fixture
def script() -> Iterator[ScriptedOpenAI]:
    scripted = ScriptedOpenAI()
    yield scripted
    scripted.stop()


@pytest.fixture
def client(script: ScriptedOpenAI) -> Iterator[LLMClient]:
    """keiri's LLM client (the real openai client inside) over the scripted transport, no
    retries."""
    settings = LLMSettings(
        api_key=TEST_API_KEY, base_url="http://scripted.invalid/v1", max_retries=0
    )
    with LLMClient(settings, http_client=script.http_client()) as built:
        yield built


def actions(reply: str, *calls: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """A main-call answer (the wire ActionList)."""
    return {
        "reply": reply,
        "actions": [
            {"operation": op, "args_json": json.dumps(args, ensure_ascii=False), "reasoning": ""}
            for op, args in calls
        ],
    }


def wait_for(
    check: Callable[[], Any], timeout: float = 120.0, poll: float = 0.5
) -> Any:  # a deadline for a background run, not a speed assertion
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met in {timeout}s")
        time.sleep(poll)


def copy_plan(name: str, target: Path) -> Path:
    shutil.copy(PLANS / name, target)
    return target
