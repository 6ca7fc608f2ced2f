"""The form app's resume and retry go through the run lifecycle module `flows.lifecycle.runs`, in the
app's own process: no CLI subprocess. Spies wrap the real functions (they still run)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui_app.conftest import PLANS, keiri, run_panel, texts

pytestmark = pytest.mark.prefect


@pytest.fixture
def spies(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Record calls of `flows.lifecycle.runs.resume/retry` and every process started, then call the
    real thing."""
    from flows.lifecycle import runs

    calls: dict[str, list[Any]] = {"resume": [], "retry": [], "popen": []}
    real_resume, real_retry, real_popen = runs.resume, runs.retry, subprocess.Popen

    def resume(*args: Any, **kwargs: Any) -> Any:
        calls["resume"].append((args, kwargs))
        return real_resume(*args, **kwargs)

    def retry(*args: Any, **kwargs: Any) -> Any:
        calls["retry"].append((args, kwargs))
        return real_retry(*args, **kwargs)

    class Popen(real_popen):  # type: ignore[misc,valid-type]
        def __init__(self, args: Any, *rest: Any, **kwargs: Any) -> None:
            calls["popen"].append(list(args))
            super().__init__(args, *rest, **kwargs)

    monkeypatch.setattr(runs, "resume", resume)
    monkeypatch.setattr(runs, "retry", retry)
    monkeypatch.setattr(subprocess, "Popen", Popen)
    return calls


def test_form_submit_resumes_through_flows_runs(
    paused_run: Callable[[str], str], app: Callable[..., AppTest], spies: dict[str, list[Any]]
) -> None:
    from flows.lifecycle import runs

    run_id = paused_run("ask_then_record")
    spies["popen"].clear()  # the runner the fixture started
    at = app(run_id)
    next(w for w in at.text_input if str(w.label).startswith("金額")).input("4,200")
    next(w for w in at.checkbox if str(w.label).startswith("承認する")).check()
    at = next(b for b in at.run().button if b.label == "送信して再開").click().run()
    assert not texts(at, "error"), texts(at, "error")
    assert [c[0][0] for c in spies["resume"]] == [run_id]
    assert spies["resume"][0][0][2] == "yamada"
    assert spies["popen"] == []  # resumed in this process, nothing started
    done = runs.wait(run_id, since_pause_key="ask", timeout=90)
    assert done.state == "completed" and done.outputs["after"]["value"] == 4200, done


def test_retry_button_hands_the_run_to_a_runner_not_the_cli(
    app: Callable[..., AppTest], tmp_path: Path, spies: dict[str, list[Any]]
) -> None:
    from flows.lifecycle import runs

    marker = tmp_path / "marker"
    code, doc = keiri("run", str(PLANS / "failing.yaml"), "--var", f"marker={marker}")
    assert code == 1 and doc["state"] == "failed"
    run_id = doc["run_id"]
    at = app().switch_page("views/runs.py").run()
    panel = run_panel(at, run_id)
    marker.write_text("fixed", encoding="utf-8")
    at = next(b for b in panel.button if b.label == "再実行").click().run()
    assert [(c[0][0], c[1].get("detach")) for c in spies["retry"]] == [(run_id, True)]
    assert spies["popen"] == [[sys.executable, "-m", "flows.lifecycle.runner", run_id]]
    deadline = time.monotonic() + 60
    while runs.outcome(run_id).state == "failed" and time.monotonic() < deadline:
        time.sleep(0.3)
    done = runs.wait(run_id, timeout=120)
    assert done.state == "completed" and done.error is None, done
    assert done.outputs["last"]["value"] is True


def test_backend_has_no_subprocess() -> None:
    import ui_app.backend

    assert "subprocess" not in vars(ui_app.backend)
