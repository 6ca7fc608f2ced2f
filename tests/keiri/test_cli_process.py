"""The `keiri` process itself, not `main()` called in-process (issue 10's one-node run time):
commands that start no run never import Prefect, a one-node `keiri run` imports only what it
uses (issue 29), and a process that ends without the interpreter's teardown still ends with
its command's exit code and whole output, and a run whose task runs and logs all reached the
server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, ROOT, TEST_BLOCK_SPECS

VALID = FIXTURES / "plans" / "valid" / "linear_chain.yaml"
INVALID = sorted((FIXTURES / "plans" / "invalid").glob("*.yaml"))[0]
HEAVY = ("prefect", "pandas", "openai", "streamlit")
#: What a run of a plan that asks for no model, no form, no analysis never needs: the LLM
#: client, the form app, the agents' libraries, data frames, the copilot and the designer,
#: FastAPI (Prefect's parameter encoder: `flows.run_plan._PlanFlow`), the form model (only for
#: `--input` and paused forms) and the message catalogs of the copilot and the form app. The
#: table of field types (`blocks.forms.field_types`, plain data) is not in the list: the
#: compiler checks every plan's requirements against it (`compiler.passes.ui`).
NOT_FOR_A_RUN = (
    *("openai", "blocks.llm.client", "streamlit", "langgraph", "langchain_core", "pandas"),
    *("matplotlib", "fastapi", "keiri.copilot", "ui_app", "designer", "blocks.analysis"),
    *("blocks.forms.form",),
    *("keiri.base.catalog.copilot", "keiri.base.catalog.app"),
)


def _keiri(args: list[str], *, extra: str = "") -> subprocess.CompletedProcess[str]:
    """`keiri ARGS` as its own process, entered the way the console script enters it
    (`main()` without arguments); `extra` runs after the command, before the process ends."""
    code = (
        "import sys\n"
        "from keiri.cli import main\n"
        f"sys.argv = ['keiri', *{args!r}]\n"
        "code = main()\n"
        f"{extra}"
        "sys.exit(code)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "KEIRI_BLOCK_SPECS": str(TEST_BLOCK_SPECS)},
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["run", "--help"],
        ["validate", str(VALID)],
        ["validate", str(INVALID), "--json"],
        ["blocks", "--json"],
    ],
    ids=["help", "run-help", "validate", "validate-invalid", "blocks"],
)
def test_commands_that_start_no_run_never_import_prefect(args: list[str]) -> None:
    report = "sys.stderr.write('HEAVY=' + ','.join(m for m in HEAVY if m in sys.modules))\n"
    done = _keiri(args, extra=f"HEAVY = {HEAVY!r}\n{report}")
    assert done.stderr.splitlines()[-1] == "HEAVY=", done.stderr[-2000:]


@pytest.mark.prefect
def test_a_one_node_run_imports_only_what_it_uses(prefect_server: str, tmp_path: Path) -> None:
    plan = tmp_path / "one_node.yaml"
    journal = tmp_path / "journal.jsonl"
    plan.write_text(
        "apiVersion: v1\nid: one_node\ngraph:\n"
        f"  - {{id: only, block: test.record, in: {{value: 1, journal: '{journal}'}}}}\n",
        encoding="utf-8",
    )
    report = (
        "sys.stderr.write('LOADED=' + ','.join(m for m in NOT_FOR_A_RUN if m in sys.modules))\n"
    )
    done = _keiri(
        ["run", str(plan), "--json"], extra=f"NOT_FOR_A_RUN = {NOT_FOR_A_RUN!r}\n{report}"
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout)["state"] == "completed"
    assert done.stderr.splitlines()[-1] == "LOADED=", done.stderr[-2000:]


def test_the_process_ends_with_the_command_code_and_its_whole_output() -> None:
    valid = _keiri(["validate", str(VALID), "--json"])
    assert valid.returncode == 0, valid.stderr[-2000:]
    assert json.loads(valid.stdout)["ok"] is True
    invalid = _keiri(["validate", str(INVALID), "--json"])
    assert invalid.returncode == 1
    assert json.loads(invalid.stdout)["errors"]
    missing = _keiri(["validate", str(FIXTURES / "no-such-plan.yaml"), "--json"])
    assert missing.returncode == 2
    assert json.loads(missing.stdout)["error"]["code"] == "USAGE_ERROR"


def _eventually(fetch: Callable[[], Any], check: Callable[[Any], bool]) -> Any:
    deadline = time.monotonic() + 30
    while True:
        value = fetch()
        if check(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.25)


@pytest.mark.prefect
def test_a_run_process_leaves_its_task_runs_and_logs_on_the_server(
    prefect_server: str, tmp_path: Path
) -> None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    done = _keiri(["run", str(VALID), "--json"])
    assert done.returncode == 0, done.stderr[-3000:]
    doc = json.loads(done.stdout)
    assert doc["state"] == "completed" and Path(doc["log"]).is_file()
    run_id = uuid.UUID(doc["run_id"])

    def task_run_names() -> set[str]:
        with get_client(sync_client=True) as client:
            runs = client.read_task_runs(
                flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[run_id]))
            )
        return {run.name for run in runs if run.state is not None and run.state.is_completed()}

    def log_messages() -> list[str]:
        with get_client(sync_client=True) as client:
            logs = client.read_logs(LogFilter(flow_run_id=LogFilterFlowRunId(any_=[run_id])))
        return [log.message for log in logs]

    # Task runs reach the server as events, logs through the log worker: both were sent
    # before the process ended.
    names = _eventually(task_run_names, lambda n: {"compile", "total", "check_total"} <= n)
    assert {"compile", "total", "check_total"} <= names
    messages = _eventually(log_messages, lambda m: any("Finished in state" in x for x in m))
    assert any("Finished in state Completed" in m for m in messages), messages
