"""Fixtures of the designer tests.

The only fake is the LLM: scripted OpenAI wire responses through the real `openai` client
(`ScriptedOpenAI.transport()` in-process, or its HTTP server for the CLI and the form app).
Every LLM variable is cleared so a developer's real key is never used; generated plans are
saved under a temporary designs folder; templates come from the repository.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient, LLMSettings
from tests.conftest import ROOT
from tests.support.openai_server import LLM_ENV as OPENAI_ENV
from tests.support.openai_server import TEST_API_KEY, ScriptedOpenAI

TEMPLATES = ROOT / "designs" / "templates"
LLM_ENV = (*OPENAI_ENV, "KEIRI_AGENT_LLM_FALLBACK", "KEIRI_DESIGN_RETRIEVAL")


@pytest.fixture(autouse=True)
def _design_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    designs = tmp_path / "designs"
    designs.mkdir()
    monkeypatch.setenv("KEIRI_DESIGNS_DIR", str(designs))
    monkeypatch.setenv("KEIRI_TEMPLATES_DIR", str(TEMPLATES))
    return designs


@pytest.fixture
def designs_dir(_design_env: Path) -> Path:
    return _design_env


@pytest.fixture
def script() -> Iterator[ScriptedOpenAI]:
    """An unstarted script: requests go through `script.http_client()` (MockTransport)."""
    scripted = ScriptedOpenAI()
    yield scripted
    scripted.stop()


@pytest.fixture
def llm(script: ScriptedOpenAI) -> LLMClient:
    """The real LLMClient over the scripted transport (no retries: each answer is scripted)."""
    return LLMClient(
        LLMSettings(api_key=TEST_API_KEY, max_retries=0), http_client=script.http_client()
    )
