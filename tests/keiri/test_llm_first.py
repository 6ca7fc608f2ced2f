"""`keiri chat` / `keiri analyze` without LLM settings: the message comes before anything heavy
is imported (issue 26 item 4). The real console script, with Python's import-time log
(`PYTHONPROFILEIMPORTTIME`) listing every module the process imported before it ended; and
`blocks.llm.readiness` read from settings given as a mapping."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from blocks.llm.readiness import readiness, require
from blocks.sdk.errors import BlockError
from tests.conftest import ROOT
from tests.support.catalog_text import shown
from tests.support.openai_server import LLM_ENV

KEIRI = ROOT / ".venv" / "bin" / "keiri"
#: What the no-key message must not wait for.
HEAVY = ("openai", "langgraph", "langchain_core", "prefect", "pandas", "matplotlib", "httpx2")


def _keiri(home: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    env = {k: v for k, v in os.environ.items() if k not in LLM_ENV and not k.startswith("AZURE")}
    env.update(KEIRI_HOME=str(home), PYTHONPROFILEIMPORTTIME="1", KEIRI_LANG="ja")
    done = subprocess.run(
        [str(KEIRI), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=home.parent,  # no `.env` of the work tree
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return done, {name.split(".")[0] for name in imported}


@pytest.mark.parametrize("command", ["chat", "analyze"])
def test_no_llm_message_before_anything_heavy(command: str, tmp_path: Path) -> None:
    data = tmp_path / "s.csv"
    data.write_text("a,b\n1,2\n", encoding="utf-8")
    args = ["chat"] if command == "chat" else ["analyze", str(data), "-q", "合計は？"]

    done, imported = _keiri(tmp_path / "home", *args)

    if command == "chat":
        assert done.returncode == 2, done.stderr[-2000:]
        assert "COPILOT_LLM_NOT_CONFIGURED" in done.stderr
        assert shown("copilot.error.llm_not_configured", done.stderr)
    else:
        assert done.returncode == 1, done.stderr[-2000:]
        assert "API_ERROR" in done.stderr and "OPENAI_API_KEY" in done.stderr
    assert "click" in imported and "keiri" in imported  # the log is read
    assert sorted(imported & set(HEAVY)) == []
    assert not (tmp_path / "home" / "workspace").exists()  # nothing was started


def test_analyze_json_without_a_key_is_one_document(tmp_path: Path) -> None:
    data = tmp_path / "s.csv"
    data.write_text("a,b\n1,2\n", encoding="utf-8")
    done, imported = _keiri(tmp_path / "home", "analyze", str(data), "-q", "x", "--json")
    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["error"]["details"]["reason"] == "no_api_key"
    assert doc["loops"] == 0 and doc["report"] is None
    assert "pandas" not in imported


def test_readiness_follows_the_provider_choice() -> None:
    assert readiness({}).configured is False
    assert readiness({}).missing == ("OPENAI_API_KEY",)
    assert readiness({"OPENAI_API_KEY": "sk-test-123456"}).configured is True
    azure = readiness({"AZURE_OPENAI_ENDPOINT": "https://x", "AZURE_OPENAI_API_KEY": "k"})
    assert azure.configured and azure.provider == "azure"
    half = readiness({"KEIRI_LLM_PROVIDER": "azure", "AZURE_OPENAI_API_KEY": "k"})
    assert not half.configured and half.missing == ("AZURE_OPENAI_ENDPOINT",)
    with pytest.raises(BlockError) as raised:
        require({})
    assert raised.value.details["reason"] == "no_api_key" and "OPENAI_API_KEY" in raised.value.hint
