"""Fixtures for the analysis agent: a real LLMClient over a scripted model, a workspace."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from blocks.analysis import Sandbox, SandboxLimits
from blocks.analysis.sandbox_kernel import require
from blocks.llm.client import LLMClient, LLMSettings
from blocks.sdk.errors import BlockError
from tests.blocks.analysis.script import AnalysisScript
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI


@pytest.fixture(scope="session")
def keiri_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One keiri home for the session (its matplotlib font cache is built once)."""
    return tmp_path_factory.mktemp("keiri-home")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, keiri_home: Path) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KEIRI_HOME", str(keiri_home))


@pytest.fixture
def script() -> AnalysisScript:
    return AnalysisScript()


@pytest.fixture
def llm(script: AnalysisScript) -> Iterator[LLMClient]:
    server = ScriptedOpenAI(handler=script.handler)
    client = LLMClient(
        LLMSettings(api_key=TEST_API_KEY, max_retries=0), http_client=server.http_client()
    )
    yield client
    client.close()


@pytest.fixture(scope="session")
def kernel_layer() -> None:
    """Skip (saying why) only on a machine that truly lacks the sandbox's kernel layer: no
    bubblewrap, or a kernel that refuses its namespaces. CI installs it (scripts/system-deps.sh)."""
    try:
        require()
    except BlockError as exc:
        pytest.skip(f"the analysis sandbox cannot run here: {exc.details.get('detail')} ({exc})")


@pytest.fixture(scope="session")
def sandbox(kernel_layer: None) -> Sandbox:
    # The seed's limits, with a shorter wall clock so a runaway test ends sooner.
    return Sandbox(SandboxLimits(wall_seconds=60))
