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
    assert quick["parameters"] == {"plan": str(plan.resolve()), "inputs": {}, "vars": {}}
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
    launch._START_ENV.clear()
    launch._START_ENV.update(env)
    try:
        launch.remember(
            home=Path(env["KEIRI_HOME"]).resolve(),
            plan=plan,
            api_url=prefect_server,
            plan_id=plan_id,
            tags=[f"plan:{plan_id}", "plan-version:1.0.0"],
            line=f"started {launch.RUN_MARK}",
            watched=[],
        )
    finally:
        launch._START_ENV.clear()
    done = _keiri(["run", str(plan), "--detach", "--json"], env)
    assert done.returncode == 1, done.stderr[-2000:]
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "PLAN_INVALID" and "test.no_such_block" in json.dumps(error)
    (run,) = runs_of_plan(prefect_server, plan_id)
    assert f"started {run['id']}" in done.stderr
    assert run["state"]["type"] == "FAILED"  # announced, then ended: never left Pending
    assert "test.no_such_block" in run["state"]["message"]
