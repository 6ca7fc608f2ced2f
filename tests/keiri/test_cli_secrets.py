"""A secret var leaves the flow-run parameters masked and still reaches the blocks: on the
first run, and on `keiri retry` (the values come back from the run's Prefect Secret block)."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from keiri.cli import main
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS

pytestmark = pytest.mark.prefect
TOKEN = "retry-SECRET-41c7e2"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_secret_var_is_masked_on_the_api_and_restored_on_retry(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from prefect.client.orchestration import get_client

    journal = tmp_path / "journal.jsonl"
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(journal))
    marker = tmp_path / "marker"
    code, doc = _run(
        capsys,
        "run",
        str(FIXTURES / "plans" / "runtime" / "secret_retry.yaml"),
        "--var",
        f"api_token={TOKEN}",
        "--var",
        f"marker={marker}",
    )
    assert code == 1 and doc["error"]["message"] == "refused ***", doc
    with get_client(sync_client=True) as client:
        run = client.read_flow_run(uuid.UUID(doc["run_id"]))
    assert run.parameters["vars"] == {"api_token": "***", "marker": str(marker)}
    assert any(t.startswith("keiri-secrets:") for t in run.tags), run.tags

    marker.write_text("fixed", encoding="utf-8")
    code, done = _run(capsys, "retry", doc["run_id"])
    assert code == 0 and done["state"] == "completed", done
    assert done["outputs"]["use"]["label"] == "used ***"
    labels = [json.loads(line).get("label") for line in journal.read_text().splitlines()]
    assert f"used {TOKEN}" in labels  # the block saw the real value on the retry
    assert TOKEN not in Path(done["log"]).read_text(encoding="utf-8")
