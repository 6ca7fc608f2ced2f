"""`keiri run / resume / runs / retry` end to end on the local Prefect server (the CLI
contract): every `run/resume/retry --json` document is validated against the committed
`RunOutcome` schema."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from keiri.base.catalog import t
from keiri.cli import main
from tests.conftest import FIXTURES, ROOT, TEST_BLOCK_SPECS
from tests.support.catalog_text import shown

pytestmark = pytest.mark.prefect
RUN_KEYS = {
    "run_id", "state", "plan_id", "outputs", "log", "ui_url", "paused", "error",
    "reuse",  # issue 11: reused / re-run nodes of a retried or resumed run (additive)
}  # fmt: skip
OUTCOME = Draft202012Validator(
    json.loads((ROOT / "schemas" / "run_outcome.schema.json").read_text(encoding="utf-8"))
)
_OUTCOME_COMMANDS = {"run", "resume", "retry"}


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
            doc = json.loads(out)
        except json.JSONDecodeError:
            return code, None, out + err
        if args[0] in _OUTCOME_COMMANDS and doc.get("ok") is not False:
            # A run's outcome (the RunOutcome contract); a refusal before any run (bad
            # input, unknown run) is the CLI's one error document, checked by the callers.
            errors = sorted(OUTCOME.iter_errors(doc), key=str)
            assert not errors, (doc, [e.message for e in errors])
        return code, doc, err

    return invoke


def _detached_log() -> str:
    from keiri.base import settings

    logs = sorted((settings.keiri_home() / "detached").glob("*.log"))
    return logs[-1].read_text(encoding="utf-8")[-3000:] if logs else "no detached log"


def test_a_foreground_run_records_who_started_it(cli: Any) -> None:
    from flows.lifecycle import runs

    code, doc, _ = cli("run", str(FIXTURES / "plans" / "valid" / "linear_chain.yaml"), "--json")
    assert code == 0 and doc is not None, doc
    started = runs.started_by(doc["run_id"])
    assert started is not None and (started["by"], started["via"]) == ("yamada", "cli")


def test_run_completed_json(cli: Any) -> None:
    code, doc, _ = cli("run", str(FIXTURES / "plans" / "valid" / "linear_chain.yaml"), "--json")
    assert code == 0 and doc is not None
    assert set(doc) == RUN_KEYS
    assert doc["state"] == "completed" and doc["plan_id"] == "linear_chain"
    assert doc["outputs"]["total"]["totals"] == {"amount": 16500}
    assert doc["paused"] is None and doc["error"] is None
    assert doc["reuse"] == []  # a first run reuses nothing
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
    assert code == 2 and "ask.amount" in text and t("field.not_number") in text
    code, _, text = cli(
        "run",
        str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"),
        "--input",
        "ask.amout=1",
    )
    assert code == 2 and "amount" in text


def test_detach_pauses_then_resume_completes(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The form app runs on a non-default port, configured only in `.env` (issue 17 items 4, 5).
    for name in ("KEIRI_UI_PORT", "KEIRI_UI_URL"):
        monkeypatch.setenv(name, "unset")  # so monkeypatch restores what `.env` adds
        monkeypatch.delenv(name)
    (tmp_path / ".env").write_text("KEIRI_UI_PORT=8631\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, doc, _ = cli(
        "run", str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"), "--detach", "--json"
    )
    assert code == 3 and doc is not None, doc
    assert doc["state"] == "paused" and doc["paused"]["node_id"] == "ask"
    assert doc["paused"]["form_url"] == f"http://127.0.0.1:8631/?run={doc['run_id']}"
    run_id = doc["run_id"]
    from flows.lifecycle import runs

    started = runs.started_by(run_id)  # who started it, from the CLI
    assert started is not None and (started["by"], started["via"]) == ("yamada", "cli")
    code, bad, _ = cli("resume", run_id, "--input", "amount=-5", "--json")
    assert code == 1 and bad is not None and bad["error"]["code"] == "INPUT_VALIDATION_FAILED"
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
    assert code == 1 and shown("cli.error.resumed_by", text, by="yamada"), text


def test_detach_prints_the_run_id_before_it_waits(cli: Any) -> None:
    code, doc, err = cli(
        "run", str(FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"), "--detach", "--json"
    )
    assert code == 3 and doc is not None, doc
    assert t("cli.run.detached", run=doc["run_id"]) in err
    assert doc["log"] is not None and Path(doc["log"]).is_file()  # the log exists while paused
    from flows.lifecycle.control import find_run

    run = find_run(doc["run_id"])  # the inputs travel as parameters on the API, not on argv
    assert run.parameters["plan"].endswith("ask_then_record.yaml")
    from flows.lifecycle import runs

    (runner,) = [
        p for p in _runner_pids() if doc["run_id"] in _cmdline(p)
    ]  # the background runner, polling its pause
    cancelled = runs.cancel(doc["run_id"], "yamada")
    assert cancelled.state == "cancelled" and cancelled.exit_code == 1
    deadline = time.monotonic() + 30
    while runner in _runner_pids() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert runner not in _runner_pids()  # cancel stopped it
    assert runs.outcome(doc["run_id"]).state == "cancelled"


def _cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _runner_pids() -> list[int]:
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]
    return [p for p in pids if "flows.lifecycle.runner" in _cmdline(p)]


def test_retry_json_follows_the_schema(cli: Any, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    plan = FIXTURES / "plans" / "runtime" / "failing.yaml"
    code, doc, _ = cli("run", str(plan), "--var", f"marker={marker}", "--json")
    assert code == 1 and doc is not None and doc["state"] == "failed"
    assert doc["error"]["node_id"] == "flaky" and doc["outputs"]["first"] is not None
    marker.write_text("fixed", encoding="utf-8")
    code, doc, _ = cli("retry", doc["run_id"], "--json")
    assert code == 0 and doc is not None and doc["state"] == "completed", doc
    assert doc["error"] is None and doc["outputs"]["last"]["value"] is True
    code, _, text = cli("retry", doc["run_id"])
    assert code == 1 and shown("cli.error.not_retryable", text, run=doc["run_id"]), text


def test_compiles_once_per_process(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import compiler.compile

    calls: list[str] = []
    real = compiler.compile.compile_file

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(compiler.compile, "compile_file", counting)
    import flows.run_plan

    monkeypatch.setattr(flows.run_plan, "compile_file", counting)
    code, doc, _ = cli("run", str(FIXTURES / "plans" / "valid" / "linear_chain.yaml"), "--json")
    assert code == 0 and doc is not None
    assert len(calls) == 1, calls


def test_a_runner_that_dies_leaves_no_ghost_run(cli: Any) -> None:
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs

    plan = FIXTURES / "plans" / "runtime" / "ask_then_record.yaml"
    compiled, _warnings = compile_file(plan, BlockRegistry())
    started = runs.start_detached(compiled, plan, {}, {})
    started.process.kill()  # gone before it could run (or pause) the flow run
    outcome = started.wait(timeout=60)
    assert outcome.state == "crashed", outcome
    assert outcome.error is not None and shown("cli.state.runner_exited", outcome.error.message)
    assert OUTCOME.is_valid(outcome.to_json())
    assert runs.outcome(started.run_id).state == "crashed"  # on the server too


def test_a_run_sent_back_reads_as_sent_back_with_who_and_why(cli: Any) -> None:
    """差し戻し (on_reject: continue): the run completes, and its text says it was sent back."""
    code, _, text = cli(
        "run",
        str(FIXTURES / "plans" / "runtime" / "reject_then_branch.yaml"),
        "--input",
        "confirm.approved=false",
        "--input",
        "confirm.response=金額が違います",
    )
    assert code == 0, text
    assert t("state.REJECTED") in text and t("state.COMPLETED") not in text
    assert t("cli.run.rejected", by="yamada", reason="金額が違います") in text
