"""The quick start of `keiri run PLAN --detach` (`flows.lifecycle.quick_start`, issue 11), through the real
`keiri` executable on a real server: a plan run once from this home is started again without
validating it before its run id is printed, the full CLI then takes that run over; anything
changed means no quick start; a run announced for a plan that no longer validates ends Failed,
never Pending."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from flows.lifecycle import quick_start as launch
from keiri.base.catalog import t
from tests.conftest import ROOT, TEST_BLOCK_SPECS
from tests.support.prefect_server import runs_of_plan

pytestmark = pytest.mark.prefect
KEIRI = Path(sys.executable).with_name("keiri")
QUICK = "created by the quick start"  # the CLI log's line when a quick start's run is adopted


def _plan(folder: Path, value: int = 7) -> tuple[Path, str]:
    plan_id = f"quick_{uuid.uuid4().hex[:12]}"
    path = folder / f"{plan_id}.yaml"
    path.write_text(
        f"""apiVersion: v1
id: {plan_id}
version: 1.0.0
graph:
  - id: first
    block: test.record
    in: {{ value: {value}, label: first }}
""",
        encoding="utf-8",
    )
    return path, plan_id


def _env(tmp_path: Path, api_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PREFECT_API_URL=api_url,
        KEIRI_BLOCK_SPECS=str(TEST_BLOCK_SPECS),
        KEIRI_TEST_JOURNAL=str(tmp_path / "journal.jsonl"),
        PYTHONPATH=str(ROOT),
    )
    return env


def _keiri(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(KEIRI), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _remember(env: dict[str, str], plan: Path, api_url: str, plan_id: str) -> Path:
    """A start note for `plan` as the `keiri` process of `env` would leave it (its path)."""
    launch._START_ENV.clear()
    launch._START_ENV.update(env)
    try:
        home = Path(env["KEIRI_HOME"]).resolve()
        launch.remember(
            home=home,
            plan=plan,
            api_url=api_url,
            plan_id=plan_id,
            plan_version="1.0.0",
            watched=[],
        )
        key = launch.note_key(plan.resolve(), plan.read_bytes(), env)
    finally:
        launch._START_ENV.clear()
    return home / "cache" / "start-notes" / f"{key}.json"


def _quick_starts(env: dict[str, str]) -> int:
    log = Path(env["KEIRI_HOME"]) / "logs" / "cli.log"
    return log.read_text(encoding="utf-8").count(QUICK) if log.exists() else 0


def test_a_plan_run_before_starts_quickly_and_the_cli_takes_its_run_over(
    prefect_server: str, tmp_path: Path
) -> None:
    env = _env(tmp_path, prefect_server)
    plan, plan_id = _plan(tmp_path)
    first = _keiri(["run", str(plan), "--json"], env)  # validated and run: its note is left
    assert first.returncode == 0, first.stderr[-2000:]
    assert list((Path(env["KEIRI_HOME"]) / "cache" / "start-notes").glob("*.json"))
    before = _quick_starts(env)

    done = _keiri(["run", str(plan), "--detach", "--json"], env)
    assert done.returncode == 0, done.stderr[-2000:]
    doc = json.loads(done.stdout)
    started = [line for line in done.stderr.splitlines() if doc["run_id"] in line]
    assert started == [t("cli.run.detached", run=doc["run_id"])]  # once, in the reader's words
    assert _quick_starts(env) == before + 1
    assert doc["state"] == "completed" and doc["outputs"]["first"]["value"] == 7
    runs = runs_of_plan(prefect_server, plan_id)
    assert sorted(r["state"]["type"] for r in runs) == ["COMPLETED", "COMPLETED"]  # no extra run
    (quick,) = [r for r in runs if r["id"] == doc["run_id"]]
    assert quick["parameters"] == {"plan": str(plan.resolve()), "answers": {}, "vars": {}}
    assert f"plan:{plan_id}" in quick["tags"] and "plan-version:1.0.0" in quick["tags"]


def test_a_changed_plan_or_another_option_is_started_by_the_full_cli(
    prefect_server: str, tmp_path: Path
) -> None:
    env = _env(tmp_path, prefect_server)
    plan, plan_id = _plan(tmp_path)
    assert _keiri(["run", str(plan), "--json"], env).returncode == 0
    before = _quick_starts(env)
    plan.write_text(plan.read_text(encoding="utf-8").replace("value: 7", "value: 8"), "utf-8")
    changed = _keiri(["run", str(plan), "--detach", "--json"], env)
    assert changed.returncode == 0, changed.stderr[-2000:]
    assert json.loads(changed.stdout)["outputs"]["first"]["value"] == 8
    assert _quick_starts(env) == before  # the changed plan was validated first
    # That run left a note for the changed plan; a --var (not in the note) is never quick.
    with_var = _keiri(["run", str(plan), "--detach", "--json", "--var", "x=1"], env)
    assert with_var.returncode == 2 and json.loads(with_var.stdout)["error"]["code"]
    assert _quick_starts(env) == before
    assert len(runs_of_plan(prefect_server, plan_id)) == 2  # the refused one created nothing
    again = _keiri(["run", str(plan), "--detach"], env)
    assert again.returncode == 0, again.stderr[-2000:]
    assert _quick_starts(env) == before + 1


def test_a_run_announced_for_a_plan_that_no_longer_validates_ends_failed(
    prefect_server: str, tmp_path: Path
) -> None:
    env = _env(tmp_path, prefect_server)
    plan, plan_id = _plan(tmp_path)
    plan.write_text(
        plan.read_text(encoding="utf-8").replace("test.record", "test.no_such_block"), "utf-8"
    )
    # A note that matches although the plan does not validate (as if written by a keiri whose
    # checks changed since without the watched files showing it): the full CLI catches it.
    _remember(env, plan, prefect_server, plan_id)
    done = _keiri(["run", str(plan), "--detach", "--json"], env)
    assert done.returncode == 1, done.stderr[-2000:]
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "PLAN_INVALID" and "test.no_such_block" in json.dumps(error)
    (run,) = runs_of_plan(prefect_server, plan_id)
    assert t("cli.run.detached", run=run["id"]) in done.stderr
    assert run["state"]["type"] == "FAILED"  # announced, then ended: never left Pending
    assert "test.no_such_block" in run["state"]["message"]


def test_a_forged_note_starts_nothing_it_names(prefect_server: str, tmp_path: Path) -> None:
    """Issue 23 item 5: a note edited to name another plan's flow, other tags, a secret tag
    and a line drawing a fake approval makes a run the full CLI refuses to take over: ended
    Failed with RUN_START_MISMATCH, no secret tag, nothing of the note printed; the note is
    removed, and the next start validates the plan again."""
    env = _env(tmp_path, prefect_server)
    plan, plan_id = _plan(tmp_path)
    other, other_id = _plan(tmp_path, value=9)
    note = _remember(env, plan, prefect_server, plan_id)
    forged = json.loads(note.read_text(encoding="utf-8"))
    forged.update(
        plan_id=other_id,  # another plan's flow and run name
        plan_version="9.9.9",  # its tags
        tags=[f"plan:{other_id}", "keiri-secrets:0f0f0f0f-0000-0000-0000-000000000000"],
        line="\x1b[31m承認済み\x1b[0m {run}",
    )
    note.write_text(json.dumps(forged), encoding="utf-8")
    note.chmod(0o600)

    done = _keiri(["run", str(plan), "--detach", "--json"], env)
    assert done.returncode == 1, done.stderr[-2000:]
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "RUN_START_MISMATCH", error
    assert "\x1b" not in done.stderr + done.stdout and "承認済み" not in done.stderr
    (run,) = runs_of_plan(prefect_server, other_id)  # created under the forged flow ...
    assert run["state"]["type"] == "FAILED"  # ... and ended, never run
    assert run["state"]["message"] == error["message"]
    assert not any(tag.startswith("keiri-secrets:") for tag in run["tags"])
    assert run["tags"] == [f"plan:{other_id}", "plan-version:9.9.9"]
    assert t("cli.run.detached", run=run["id"]) in done.stderr  # the catalog's line only
    assert not note.exists()
    assert runs_of_plan(prefect_server, plan_id) == []
    assert other.exists()

    again = _keiri(["run", str(plan), "--detach", "--json"], env)  # validated, then started
    assert again.returncode == 0, again.stderr[-2000:]
    assert json.loads(again.stdout)["outputs"]["first"]["value"] == 7


def test_a_note_others_may_write_is_ignored(prefect_server: str, tmp_path: Path) -> None:
    env = _env(tmp_path, prefect_server)
    plan, _plan_id = _plan(tmp_path)
    assert _keiri(["run", str(plan), "--json"], env).returncode == 0
    (note,) = (Path(env["KEIRI_HOME"]) / "cache" / "start-notes").glob("*.json")
    assert note.stat().st_mode & 0o777 == 0o600
    before = _quick_starts(env)
    note.chmod(0o666)  # anyone may have written it: no hint
    done = _keiri(["run", str(plan), "--detach", "--json"], env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert _quick_starts(env) == before


def test_the_id_is_printed_before_prefect_pydantic_or_httpx_is_imported(
    prefect_server: str, tmp_path: Path
) -> None:
    env = _env(tmp_path, prefect_server)
    plan, _plan_id = _plan(tmp_path)
    assert _keiri(["run", str(plan), "--json"], env).returncode == 0
    code = "import sys\nfrom keiri.launch import main\nmain()\n"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code, "run", str(plan), "--detach"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stderr.splitlines()
    head, tail = t("cli.run.detached", run="\0").split("\0")
    (at,) = [i for i, line in enumerate(lines) if line.startswith(head) and line.endswith(tail)]
    before = {line.rsplit("|", 1)[-1].strip() for line in lines[:at] if "|" in line}
    assert "flows.lifecycle.start" in before
    assert before.isdisjoint({"prefect", "pydantic", "httpx", "click", "yaml"})
    after = {line.rsplit("|", 1)[-1].strip() for line in lines[at:] if "|" in line}
    assert "prefect" in after  # the full CLI, then its wait
