"""Form-app fixtures: paused runs on this test process's Prefect server, and AppTest apps."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

from tests.conftest import FIXTURES, ROOT, TEST_BLOCK_SPECS
from tests.support.timing import scaled

APP = ROOT / "ui_app" / "app.py"
WARN = ":material/warning:"  # the icon of a field's validation message
PLANS = FIXTURES / "plans" / "runtime"


@pytest.fixture(autouse=True)
def _fresh_runs_list() -> Iterator[None]:
    """Each test reads the runs as Prefect has them (the app keeps its recent-runs list for a
    few seconds: `ui_app.page_cache.RUNS_TTL_S`)."""
    from ui_app import backend

    backend.forget_runs()
    yield


@pytest.fixture
def loopback() -> Iterator[None]:
    """The app as `keiri ui` serves it by default: bound to 127.0.0.1."""
    before = st_config.get_option("server.address")
    st_config.set_option("server.address", "127.0.0.1")
    yield
    st_config.set_option("server.address", before)


@pytest.fixture
def runtime_env(prefect_server: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_USER", "yamada")
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)


def keiri(*args: str) -> tuple[int, dict[str, Any]]:
    """`keiri ARGS --json` in this process; (exit code, JSON document)."""
    from keiri.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*args, "--json"])
    from ui_app import backend

    backend.forget_runs()  # what the command did is on the next page drawn in this process
    return code, json.loads(out.getvalue())


@pytest.fixture
def paused_run(runtime_env: None, tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Start the plan `tests/fixtures/plans/runtime/<name>.yaml` detached, as `keiri run
    --detach` does (`flows.lifecycle.runs.start_detached`: a background `flows.lifecycle.runner`), until it
    pauses; returns the run id. Runners still waiting at the end of the test are stopped (a
    paused run polls for up to a day)."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs

    started: list[runs.Detached] = []

    def start(name: str) -> str:
        plan = PLANS / f"{name}.yaml"
        compiled, _warnings = compile_file(plan, BlockRegistry())
        started.append(runs.start_detached(compiled, plan, {}, {}))
        outcome = started[-1].wait(timeout=90)
        assert outcome.state == "paused", (outcome, started[-1].log.read_text(errors="replace"))
        return outcome.run_id

    yield start
    for runner in started:
        process = runner.process
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def app(loopback: None, runtime_env: None) -> Callable[..., AppTest]:
    """A fresh AppTest session of the whole app; `run_id` opens `/?run=<id>`."""

    def make(run_id: str | None = None) -> AppTest:
        at = AppTest.from_file(str(APP), default_timeout=scaled(30))
        if run_id:
            at.query_params["run"] = run_id
        return at.run()

    return make


def texts(at: AppTest, kind: str) -> list[str]:
    """What a person reads in every element of a kind ("error", "markdown", ...): the value,
    after its icon when it has one (Streamlit turns a leading emoji into the icon)."""
    return [
        f"{e.icon} {e.value}" if getattr(e, "icon", "") else str(e.value) for e in getattr(at, kind)
    ]


def run_entry(at: AppTest, run_id: str) -> Any:
    """The 実行履歴 expander of one run as drawn (other tests' runs share the server), found
    by its key: the page shows no run id to people."""
    from ui_app.views.runs import open_key

    found = [e for e in at.expander if str(e.proto.id).endswith("-" + open_key(run_id))]
    assert len(found) == 1, [e.label for e in at.expander]
    return found[0]


def run_panel(at: AppTest, run_id: str) -> Any:
    """The 実行履歴 expander of one run, opened as a person opens it (a collapsed entry draws
    nothing: the page reruns when one is opened)."""
    from ui_app.views.runs import open_key

    key = open_key(run_id)
    if key not in at.session_state or not at.session_state[key]:
        at.session_state[key] = True
        at.run()
    return run_entry(at, run_id)
