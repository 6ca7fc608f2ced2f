"""A rejection is a decision, and a retry at a pause asks again (after a rejection, an input
timeout, a failure after the pause, and a crash — the runner killed with SIGKILL — while
paused) — on the real local Prefect server, with runs started as `keiri run --detach` starts
them (a background runner)."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import state_label, t
from tests.ui_app.conftest import PLANS, run_panel

pytestmark = pytest.mark.prefect


@pytest.fixture
def start(runtime_env: None) -> Iterator[Callable[..., str]]:
    """Start `tests/fixtures/plans/runtime/<name>.yaml` detached until it pauses; its id."""
    from blocks.sdk.registry import BlockRegistry
    from compiler.compile import compile_file
    from flows.lifecycle import runs

    started: list[runs.Detached] = []

    def run(name: str, vars: dict[str, Any] | None = None) -> str:
        plan = PLANS / f"{name}.yaml"
        compiled, _warnings = compile_file(plan, BlockRegistry())
        started.append(runs.start_detached(compiled, plan, {}, vars or {}))
        outcome = started[-1].wait(timeout=90)
        assert outcome.state == "paused", (outcome, started[-1].log.read_text(errors="replace"))
        return outcome.run_id

    yield run
    _stop_runners()
    for runner in started:
        if runner.process.poll() is None:
            runner.process.terminate()
            try:
                runner.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                runner.process.kill()


_RETRY_RUNNERS: list[str] = []


def _stop_runners() -> None:
    """Stop the runners that retries started (still paused at the end of a failed test)."""
    from flows.lifecycle.runs import _stop_runners as stop

    while _RETRY_RUNNERS:
        stop(_RETRY_RUNNERS.pop(), timeout=5)


def _retry_until_paused(run_id: str, key: str) -> Any:
    from flows.lifecycle import runs

    _RETRY_RUNNERS.append(run_id)
    handed = runs.retry(run_id, "suzuki", detach=True)
    assert handed.state in ("scheduled", "pending", "running", "paused"), handed
    return _wait_paused(run_id, key)


def _wait_paused(run_id: str, key: str) -> Any:
    from flows.lifecycle import runs

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        outcome = runs.wait(run_id, timeout=90)
        if outcome.state == "paused":
            break
    from flows.lifecycle import control

    form = control.read_paused_form(run_id)
    assert outcome.state == "paused" and form.run.pause_key == key, (outcome, form.run)
    return form


def _defaults(form: Any) -> dict[str, Any]:
    return {r.id: r.default for r in form.requirements}


def test_rejection_completes_and_the_next_node_sees_the_comment(
    start: Callable[..., str],
) -> None:
    from flows.lifecycle import runs

    run_id = start("reject_then_branch")
    runs.resume(run_id, {"approved": False, "response": "3行目の金額が違います"}, "yamada")
    done = runs.wait(run_id, since_pause_key="confirm", timeout=90)
    assert done.state == "completed" and done.error is None, done
    assert done.outputs["confirm"]["approved"] is False
    assert done.outputs["on_rejected"]["value"] == "3行目の金額が違います"
    assert done.outputs["on_approved"] is None  # skipped by its when


def test_retry_after_on_reject_fail_asks_again_with_the_answers_prefilled(
    start: Callable[..., str], app: Callable[..., AppTest]
) -> None:
    from blocks.forms.form import run_input_model
    from flows.lifecycle import control, runs

    run_id = start("reject_fails")
    runs.resume(run_id, {"approved": False, "response": "やり直してください"}, "yamada")
    failed = runs.wait(run_id, since_pause_key="confirm", timeout=90)
    assert failed.state == "failed" and failed.error is not None, failed
    assert failed.error.code == "REJECTED" and failed.error.recoverable is False
    assert control.find_run(run_id).state.name == "Rejected"  # 差し戻し on the runs page
    at = app().switch_page("views/runs.py").run()
    panel = run_panel(at, run_id)
    assert state_label("Rejected") in str(panel.label), panel.label
    assert state_label("FAILED") not in str(panel.label), panel.label
    assert [b.label for b in panel.button] == [t("runs.reask")], panel.button

    _RETRY_RUNNERS.append(run_id)
    panel.button[0].click().run()  # the form app's 再実行: a background runner
    form = _wait_paused(run_id, "confirm-r1")
    assert _defaults(form)["approved"] is False
    assert _defaults(form)["response"] == "やり直してください"
    model = run_input_model(form.definition, "Form_confirm")  # Prefect UI's dialog: the same
    assert model.model_fields["response"].default == "やり直してください"
    runs.resume(run_id, {"approved": True, "response": "修正を確認しました"}, "yamada")
    done = runs.wait(run_id, since_pause_key="confirm-r1", timeout=90)
    assert done.state == "completed", done
    assert done.outputs["after"]["value"] == "修正を確認しました"


def test_retry_after_an_input_timeout_asks_again(start: Callable[..., str]) -> None:
    from flows.lifecycle import runs

    run_id = start("ask_timeout_then_record")
    timed_out = runs.wait(run_id, since_pause_key="ask", timeout=90)
    assert timed_out.state == "failed" and timed_out.error is not None, timed_out
    assert timed_out.error.code == "TIMEOUT_ERROR"
    form = _retry_until_paused(run_id, "ask-r1")
    assert form.node_id == "ask"
    runs.resume(run_id, {"approved": True}, "yamada")
    done = runs.wait(run_id, since_pause_key="ask-r1", timeout=90)
    assert done.state == "completed", done  # no ValidationError of a stale RunInput
    assert done.outputs["after"]["value"] is True


def test_retry_after_a_failure_after_the_pause_asks_again_and_uses_the_new_answer(
    start: Callable[..., str], tmp_path: Path
) -> None:
    from flows.lifecycle import runs

    marker = tmp_path / "fixed"
    run_id = start("fail_after_pause", {"marker": str(marker)})
    runs.resume(run_id, {"amount": 120000, "approved": True, "response": "確認済"}, "yamada")
    failed = runs.wait(run_id, since_pause_key="ask", timeout=90)
    assert failed.state == "failed" and failed.error is not None, failed
    assert failed.error.node_id == "flaky"
    marker.write_text("fixed", encoding="utf-8")
    form = _retry_until_paused(run_id, "ask-r1")
    assert _defaults(form)["amount"] == 120000 and _defaults(form)["approved"] is True
    runs.resume(run_id, {"amount": 98000, "approved": True}, "yamada")
    done = runs.wait(run_id, since_pause_key="ask-r1", timeout=90)
    assert done.state == "completed", done
    log = Path(done.log or "").read_text(encoding="utf-8") if done.log else ""
    assert done.outputs["last"]["value"] == 98000, (done.outputs, log)  # the new answer


def _runner_pid(run_id: str) -> int | None:
    """The background runner (`python -m flows.lifecycle.runner RUN_ID`) of the run, if one is alive."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"flows.lifecycle.runner" in argv and run_id.encode() in argv:
            return int(proc.name)
    return None


def test_retry_after_a_crash_while_paused_asks_again_with_the_answers_prefilled(
    start: Callable[..., str], tmp_path: Path
) -> None:
    import os
    import signal

    from flows.lifecycle import control, runs

    marker = tmp_path / "fixed"
    run_id = start("fail_after_pause", {"marker": str(marker)})
    runs.resume(run_id, {"amount": 120000, "approved": True, "response": "確認済"}, "yamada")
    failed = runs.wait(run_id, since_pause_key="ask", timeout=90)
    assert failed.state == "failed" and failed.error is not None, failed
    _retry_until_paused(run_id, "ask-r1")  # asked again, the answers prefilled

    # The machine loses the run's process while the form waits for its answer.
    pid = _runner_pid(run_id)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while _runner_pid(run_id) is not None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _runner_pid(run_id) is None
    assert control.find_run(run_id).state.type.value == "PAUSED"  # the server cannot tell

    marker.write_text("fixed", encoding="utf-8")
    form = _retry_until_paused(run_id, "ask-r2")  # found gone, marked Crashed, retried
    states = [s.name for s in _states(run_id)]
    assert "Crashed" in states, states
    assert form.node_id == "ask"
    # What was answered before the crash is prefilled (no stale RunInput, no old answer).
    assert _defaults(form)["amount"] == 120000 and _defaults(form)["approved"] is True
    assert _defaults(form)["response"] == "確認済"
    runs.resume(run_id, {"amount": 98000, "approved": True}, "yamada")
    done = runs.wait(run_id, since_pause_key="ask-r2", timeout=90)
    assert done.state == "completed", done
    assert done.outputs["last"]["value"] == 98000  # the new answer
    assert done.outputs["ask"]["metadata"]["answered_by"] == "yamada"


def _states(run_id: str) -> list[Any]:
    from prefect.client.orchestration import get_client

    from flows.lifecycle.control import parse_run_id

    with get_client(sync_client=True) as client:
        return list(client.read_flow_run_states(parse_run_id(run_id)))
