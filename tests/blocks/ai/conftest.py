"""Fixtures for the LLM client and `ai.process_llm` tests.

The only fake is the LLM: scripted OpenAI wire responses through the real `openai` client,
in-process (`ScriptedOpenAI.transport()`, an `httpx2.MockTransport`) or over HTTP (the local
server). Every LLM environment variable is cleared so a developer's real key is never used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from blocks.llm.client import LLMClient, LLMSettings
from blocks.llm.process_llm import ProcessLLMBlock
from blocks.sdk.context import BlockContext
from blocks.sdk.spec import BlockSpec
from blocks.sdk.store import FileStore
from tests.support.openai_server import LLM_ENV, TEST_API_KEY, ScriptedOpenAI

SPEC_PATH = (
    Path(__file__).resolve().parents[3] / "block_specs" / "processing" / "ai.process_llm.yaml"
)
API_KEY = TEST_API_KEY


@pytest.fixture(autouse=True)
def _clean_llm_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def spec() -> BlockSpec:
    return BlockSpec.model_validate(yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8")))


@pytest.fixture
def block(spec: BlockSpec) -> ProcessLLMBlock:
    return ProcessLLMBlock(spec)


@pytest.fixture
def script() -> Iterator[ScriptedOpenAI]:
    """An unstarted script: use `script.http_client()` for in-process mock transport calls."""
    scripted = ScriptedOpenAI()
    yield scripted
    scripted.stop()


@pytest.fixture
def make_llm(script: ScriptedOpenAI) -> Callable[..., LLMClient]:
    """`make_llm(max_retries=0, concurrency=2, ...)`: a real LLMClient over the script."""

    def make(**overrides: Any) -> LLMClient:
        values: dict[str, Any] = {"api_key": API_KEY, "max_retries": 2, **overrides}
        return LLMClient(LLMSettings(**values), http_client=script.http_client())

    return make


@pytest.fixture
def make_ctx(tmp_path: Path) -> Callable[..., BlockContext]:
    store = FileStore(tmp_path / "store")

    def make(llm: LLMClient | None = None) -> BlockContext:
        services: dict[str, Any] = {} if llm is None else {"llm_client": llm}
        return BlockContext(
            run_id="t", plan_id="t", node_id="process_llm", file_store=store, services=services
        )

    return make


@pytest.fixture
def make_evidence() -> Callable[[BlockContext, dict[str, str]], dict[str, Any]]:
    return _evidence


def _evidence(ctx: BlockContext, files: dict[str, str]) -> dict[str, Any]:
    """The evidence shape of file.parse_zip_2tier for text files `{"folder/name.txt": text}`.

    Each file is really stored in the context's file store and referenced by its FileRef.
    """
    entries: list[dict[str, Any]] = []
    for path, text in files.items():
        folder, _, name = path.rpartition("/")
        data = text.encode("utf-8")
        ref = ctx.store(data, name, "text/plain")
        entries.append(
            {
                "path": path,
                "folder": folder,
                "name": name,
                "size": len(data),
                "media_type": "text/plain",
                "file": ref.model_dump(mode="json"),
                "text": text,
                "text_truncated": False,
                "pages": None,
                "error": None,
            }
        )
    folders = sorted({e["folder"] for e in entries})
    return {"files": entries, "folders": folders, "total_files": len(entries)}
