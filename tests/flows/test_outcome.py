"""The committed `RunOutcome` schema matches the model (regenerate: python -m flows.backend.outcome)."""

from __future__ import annotations

import json
import sys

from jsonschema import Draft202012Validator

from flows.backend.outcome import SCHEMA_FILE, RunOutcome, generated_schema
from tests.conftest import ROOT


def test_committed_run_outcome_schema_does_not_drift() -> None:
    from compiler.schema_gen import render

    committed = (ROOT / "schemas" / SCHEMA_FILE).read_text(encoding="utf-8")
    assert committed == render(generated_schema()), (
        f"schemas/{SCHEMA_FILE} drifted: run python -m flows.backend.outcome"
    )


def test_schema_is_exactly_the_cli_contract() -> None:
    schema = json.loads((ROOT / "schemas" / SCHEMA_FILE).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert set(schema["properties"]) == {
        "run_id", "state", "plan_id", "outputs", "log", "ui_url", "paused", "error", "reuse",
    }  # fmt: skip
    # `reuse` (issue 11) was added later: optional, so documents without it stay valid.
    assert set(schema["required"]) == set(schema["properties"]) - {"reuse"}
    assert schema["additionalProperties"] is False
    defs = schema["$defs"]
    # run_id/title: the run whose form waits (a loop item or subflow of this run) and the item
    assert set(defs["PausedAt"]["properties"]) == {"node_id", "form_url", "run_id", "title"}
    assert set(defs["OutcomeError"]["properties"]) == {
        "code", "message", "node_id", "hint", "recoverable",
    }  # fmt: skip
    assert set(defs["NodeReuse"]["properties"]) == {
        "node_id", "decision", "reason", "message", "count", "iterations",
    }  # fmt: skip


def test_outcome_module_does_not_import_prefect() -> None:
    import subprocess

    code = "import sys, flows.backend.outcome; sys.exit('prefect' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


def test_exit_codes() -> None:
    base = {
        "run_id": "r", "plan_id": "p", "outputs": {}, "log": None, "ui_url": "u",
        "paused": None, "error": None,
    }  # fmt: skip
    codes = {
        s: RunOutcome.model_validate(base | {"state": s}).exit_code
        for s in ("completed", "paused", "failed", "crashed")
    }
    assert codes == {"completed": 0, "paused": 3, "failed": 1, "crashed": 1}
