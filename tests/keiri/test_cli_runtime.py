"""`keiri run / resume / runs` end to end on the local Prefect server (the CLI contract)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from keiri.cli import main
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS

pytestmark = pytest.mark.prefect
RUN_KEYS = {"run_id", "state", "plan_id", "outputs", "log", "ui_url", "paused", "error"}


@pytest.fixture
def cli(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> Any:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_USER", "yamada")

    def invoke(*args: str) -> tuple[int, dict[str, Any] | None, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        try:
            return code, json.loads(out), err
        except json.JSONDecodeError:
            return code, None, out + err

    return invoke


def _detached_log() -> str:
    from keiri import settings

    logs = sorted((settings.keiri_home() / "detached").glob("*.log"))
    return logs[-1].read_text(encoding="utf-8")[-3000:] if logs else "no detached log"


def test_run_completed_json(cli: Any) -> None:
    code, doc, _ = cli("run", str(FIXTURES / "plans" / "valid" / "linear_chain.yaml"), "--json")
    assert code == 0 and doc is not None
    assert set(doc) == RUN_KEYS
    assert doc["state"] == "completed" and doc["plan_id"] == "linear_chain"
    assert doc["outputs"]["total"]["totals"] == {"amount": 16500}
    assert doc["paused"] is None and doc["error"] is None
    assert Path(doc["log"]).is_file() and doc["ui_url"].endswith(f"/runs/flow-run/{doc['run_id']}")


def test_run_failed_json_has_error(cli: Any, tmp_path: Path) -> None:
    code, doc, _ = cli("run", str(FIXTURES / "plans" / "runtime" / "slow.yaml"), "--json")
    assert code == 1 and doc is not None
    assert doc["state"] == "failed"
    assert doc["error"]["code"] == "TIMEOUT_ERROR" and doc["error"]["node_id"] == "sleepy"
    assert set(doc["error"]) == {"code", "message", "node_id", "hint", "recoverable"}


def test_run_with_inputs_up_front_does_not_pause(cli: Any) -> None:
    code, doc, _ = cli(
        "run",
        str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"),
        "--input",
        "ask.amount=1200",
        "--input",
        "ask.approved=true",
        "--json",
    )
    assert code == 0 and doc is not None, doc
    assert doc["outputs"]["after"]["value"] == 1200
    assert doc["outputs"]["ask"]["metadata"]["answered_by"] == "yamada"


def test_bad_input_value_is_usage_error(cli: Any) -> None:
    code, _, text = cli(
        "run",
        str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"),
        "--input",
        "ask.amount=abc",
    )
    assert code == 2 and "ask.amount" in text and "数値を入力してください" in text
    code, _, text = cli(
        "run",
        str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"),
        "--input",
        "ask.amout=1",
    )
    assert code == 2 and "amount" in text


def test_detach_pauses_then_resume_completes(cli: Any) -> None:
    code, doc, _ = cli(
        "run", str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"), "--detach", "--json"
    )
    assert code == 3 and doc is not None, doc
    assert doc["state"] == "paused" and doc["paused"]["node_id"] == "ask"
    assert doc["paused"]["form_url"].endswith(f"?run={doc['run_id']}")
    run_id = doc["run_id"]
    code, _bad, _ = cli("resume", run_id, "--input", "amount=-5", "--json")
    assert code == 1
    code, listed, _ = cli("runs", "--state", "paused", "--json")
    assert listed is not None and run_id in {r["run_id"] for r in listed["runs"]}
    code, doc, _ = cli(
        "resume", run_id, "--input", "amount=3000", "--input", "approved=true", "--json"
    )
    assert code == 0 and doc is not None, (doc, _detached_log())
    assert doc["state"] == "completed" and doc["outputs"]["after"]["value"] == 3000
    assert doc["outputs"]["ask"]["metadata"]["answered_by"] == "yamada"
    events = [
        json.loads(line) for line in Path(doc["log"]).read_text(encoding="utf-8").splitlines()
    ]
    resumed = [e for e in events if e["event"] == "node_resumed"]
    assert resumed and resumed[0]["resumed_by"] == "yamada"
    code, _, text = cli("resume", run_id, "--input", "amount=1")
    assert code == 1 and "already resumed by yamada" in text
