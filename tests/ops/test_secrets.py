"""Secrets are masked on every surface (issue 11): a real plan on a real local Prefect server
receives secrets through `--var` (a var named like a secret, and one declared `secret: true`),
through `${env.KEIRI_VAR_…}`, through a `secret` field read from a file (`@PATH`) and through
a file's name; it uses them, pauses (a webhook message goes out), is resumed with a secret
answer and fails quoting them all. Then every surface is read back and grepped: the JSONL,
the run record, `keiri run/resume/runs --json`, the terminal, the Prefect artifacts, the
flow-run parameters, state messages and logs through the API, the stored forms, the webhook
message, the form app (AppTest) and every process's command line."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.ops.conftest import KEIRI, PLANS, Ops, OwnServer, Receiver
from tests.support.app_tree import tree_text
from tests.support.timing import scaled

pytestmark = pytest.mark.prefect

SECRETS = {
    "var": "var-SECRET-7f3a91",
    "declared": "pin-SECRET-2b8c44",
    "env": "env-SECRET-c0ffee",
    "file": "file-SECRET-d00d55",
    "file_name": "name-SECRET-9e1f07",
    "answer": "otp-SECRET-5a5a12",
}


def _leaks(text: str) -> list[str]:
    return [name for name, value in SECRETS.items() if value in text]


def _keiri(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(KEIRI), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _command_lines() -> str:
    """Every process's command line on this machine (what `ps` shows)."""
    found: list[str] = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode())
            except OSError:
                continue
    return "\n".join(found)


def _api_surfaces(run_id: str) -> dict[str, str]:
    """What the Prefect API shows of the run: parameters, states, artifacts, logs, forms."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import (
        ArtifactFilter,
        ArtifactFilterFlowRunId,
        FlowRunFilter,
        FlowRunFilterId,
        LogFilter,
        LogFilterFlowRunId,
    )

    from flows.backend.run_inputs import filter_values

    rid = uuid.UUID(run_id)
    with get_client(sync_client=True) as client:
        run = client.read_flow_run(rid)
        states = client.read_flow_run_states(rid)
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[rid]))
        )
        logs = client.read_logs(log_filter=LogFilter(flow_run_id=LogFilterFlowRunId(any_=[rid])))
        task_runs = client.read_task_runs(
            flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[rid]))
        )
        blocks = client.read_block_documents(include_secrets=False)  # as the UI shows them
    return {
        "parameters": json.dumps(run.parameters, ensure_ascii=False),
        "flow run": run.model_dump_json(),
        "states": json.dumps([s.model_dump(mode="json") for s in states], ensure_ascii=False),
        "artifacts": json.dumps([a.model_dump(mode="json") for a in artifacts], ensure_ascii=False),
        "logs": "\n".join(f"{log.message}" for log in logs),
        "task runs": json.dumps([t.model_dump(mode="json") for t in task_runs], ensure_ascii=False),
        "forms": json.dumps(filter_values(rid, "keiri-form-"), ensure_ascii=False),
        "block documents": json.dumps(
            [b.model_dump(mode="json") for b in blocks], ensure_ascii=False
        ),
    } | {"_counts": f"{len(artifacts)} artifacts, {len(logs)} logs, {len(task_runs)} tasks"}


def _form_app_text(run_id: str) -> str:
    """Everything the form app's inbox, form (`?run=`) and runs pages render for this run."""
    from streamlit import config as st_config
    from streamlit.testing.v1 import AppTest

    before = st_config.get_option("server.address")
    st_config.set_option("server.address", "127.0.0.1")
    out: list[str] = []
    try:
        app = ROOT / "ui_app" / "app.py"
        inbox = AppTest.from_file(str(app), default_timeout=scaled(60)).run()
        out.append(tree_text(inbox))
        form = AppTest.from_file(str(app), default_timeout=scaled(60))
        form.query_params["run"] = run_id
        form.run()
        assert not form.exception, form.exception
        out.append(tree_text(form))
        runs = AppTest.from_file(str(app), default_timeout=scaled(60)).run()
        runs.switch_page("views/runs.py").run()
        assert not runs.exception, runs.exception
        out.append(tree_text(runs))
    finally:
        st_config.set_option("server.address", before)
    return "\n".join(out)


def test_a_secret_appears_on_no_surface(
    ops: Ops,
    receiver: Receiver,
    ops_server: OwnServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from flows.backend.notify import NotifyConfig, apply_automations

    monkeypatch.setenv("KEIRI_NOTIFY_WEBHOOK_URL", receiver.url)
    monkeypatch.setenv("KEIRI_NOTIFY_REMIND_AFTER", "off")
    monkeypatch.setenv("KEIRI_USER", "yamada")
    apply_automations(NotifyConfig.from_env())
    passcode = tmp_path / "passcode.txt"
    passcode.write_text(SECRETS["file"], encoding="utf-8")
    certificate = tmp_path / f"{SECRETS['file_name']}.pem"
    certificate.write_text("-----BEGIN CERTIFICATE-----\n", encoding="utf-8")
    otp = tmp_path / "otp.txt"
    otp.write_text(SECRETS["answer"], encoding="utf-8")
    env = dict(os.environ) | {"PYTHONPATH": str(ROOT), "KEIRI_VAR_BANK_TOKEN": SECRETS["env"]}
    shown: dict[str, str] = {}

    started = _keiri(
        "run",
        str(PLANS / "secrets_everywhere.yaml"),
        "--detach",
        "--json",
        "--var",
        f"api_token={SECRETS['var']}",
        "--var",
        f"bank_pin={SECRETS['declared']}",
        "--input",
        f"ask.passcode=@{passcode}",
        "--input",
        f"ask.client_secret_file=@{certificate}",
        env=env,
    )
    assert started.returncode == 3, started.stdout + started.stderr
    paused = json.loads(started.stdout)
    run_id = paused["run_id"]
    assert paused["paused"]["node_id"] == "approve", paused
    shown["keiri run --json"] = started.stdout
    shown["keiri run (terminal)"] = started.stderr
    # The background runner got everything through the API, nothing on its command line.
    runner_lines = [line for line in _command_lines().splitlines() if run_id in line]
    assert any("flows.lifecycle.runner" in line for line in runner_lines), runner_lines
    shown["command lines"] = _command_lines()

    message = receiver.wait_for(lambda m: m["run_id"] == run_id and m["kind"] == "paused", 60)
    shown["webhook message"] = json.dumps(message, ensure_ascii=False)
    shown["form app (paused)"] = _form_app_text(run_id)

    resumed = _keiri("resume", run_id, "--input", f"otp_token=@{otp}", "--json", env=env)
    assert resumed.returncode == 1, resumed.stdout + resumed.stderr
    failed = json.loads(resumed.stdout)
    assert failed["state"] == "failed" and failed["error"]["node_id"] == "boom", failed
    shown["keiri resume --json"] = resumed.stdout
    shown["keiri resume (terminal)"] = resumed.stderr
    # The ops server is shared by the session's ops tests: list enough runs to hold this one.
    listed = _keiri("runs", "--json", "--limit", "500", env=env)
    assert run_id in listed.stdout, listed.stderr
    shown["keiri runs --json"] = listed.stdout
    status = _keiri("status", run_id, "--json", env=env)
    if "No such command" not in status.stderr:  # `keiri status` comes with the runtime core
        shown["keiri status --json"] = status.stdout + status.stderr

    from flows.lifecycle.runs import outcome

    record = outcome(run_id)  # the run's record, persisted by Prefect
    assert record.block_error is not None
    shown["run record"] = json.dumps(record.to_json(), ensure_ascii=False)
    shown["error and input snapshot"] = json.dumps(record.block_error.to_dict(), ensure_ascii=False)
    shown["JSONL"] = Path(failed["log"]).read_text(encoding="utf-8")
    shown["runner log"] = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (Path(os.environ["KEIRI_HOME"]) / "detached").glob("*.log")
    )
    api = _api_surfaces(run_id)
    counts = api.pop("_counts")
    shown |= {f"API {name}": text for name, text in api.items()}
    shown["form app (failed)"] = _form_app_text(run_id)

    leaks = {surface: _leaks(text) for surface, text in shown.items() if _leaks(text)}
    assert not leaks, leaks

    # The secrets did reach the blocks (the test block journals its label) ...
    journal = ops.journal.read_text(encoding="utf-8")
    assert _leaks(journal) == ["var", "declared", "env", "file", "file_name"], journal
    # ... and every surface was really read: masked values where the secrets were.
    assert json.loads(api["parameters"])["vars"] == {"api_token": "***", "bank_pin": "***"}
    assert json.loads(api["parameters"])["answers"]["ask"]["passcode"] == "***"
    assert json.loads(api["parameters"])["answers"]["ask"]["client_secret_file"] == "***"
    assert (
        "rejected *** with *** / *** / t=*** p=*** e=*** s=*** f=***" in failed["error"]["message"]
    )
    assert "***" in shown["JSONL"] and "***" in api["artifacts"], counts
    assert "送信内容を確認してください: t=*** p=*** e=*** s=*** f=***" in shown["form app (paused)"]
    assert "Traceback" not in shown["keiri resume (terminal)"]
