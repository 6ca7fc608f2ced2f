"""`ui_app.serve`, the form app's process: Streamlit's scan for installed components is
skipped (keiri uses none), the modules imported ahead of the first drawing exist, and the runs
sent back are read ahead into the recent-runs cache."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from ui_app import serve

UI_APP = Path(serve.__file__).resolve().parent


def test_the_component_scan_is_skipped_in_the_streamlit_that_is_installed() -> None:
    code = (
        "from streamlit.components.v2.component_manager import BidiComponentManager as M\n"
        "from ui_app import serve\n"
        "scan = M.discover_and_register_components\n"
        "serve.skip_component_scan()\n"
        "assert M.discover_and_register_components is not scan\n"
        "M().discover_and_register_components(start_file_watching=False)\n"
        "print('skipped')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "skipped"


def test_the_app_uses_no_installed_components() -> None:
    """What the skipped scan would find is never used: no `components` API in the app."""
    used = set()
    for source in UI_APP.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "components":
                used.add(f"{source.name}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and "components" in (node.module or ""):
                used.add(f"{source.name}:{node.lineno}")
    assert {u for u in used if not u.startswith("serve.py")} == set()


def test_every_module_imported_ahead_exists() -> None:
    missing = [name for name in serve.WARM_MODULES if importlib.util.find_spec(name) is None]
    assert missing == []
    assert "prefect.client.orchestration" in serve.WARM_MODULES


@pytest.mark.prefect
def test_the_runs_sent_back_are_read_ahead_into_the_cache(
    runtime_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`prefetch` (run by the warm-up thread) leaves the inbox's list of sent-back runs in the
    recent-runs cache: the first drawing lists them without asking Prefect again."""
    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.states import Completed

    from flows.backend.rejection import STATE_NAME
    from flows.lifecycle import control
    from ui_app import backend
    from ui_app.views.inbox import REJECTED_LIMIT

    @flow(name="run_plan")
    def run_plan() -> None:  # never run: only its name is registered
        return None

    with get_client(sync_client=True) as client:
        sent_back = client.create_flow_run(
            run_plan,
            name="prefetch-check",
            tags=["plan:prefetch_check"],
            state=Completed(name=STATE_NAME),
        )
    serve.prefetch()

    def asked(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("Prefect was asked again")

    monkeypatch.setattr(control, "list_runs", asked)
    listed = backend.recent_runs("rejected", limit=REJECTED_LIMIT)
    assert str(sent_back.id) in {view.run_id for view in listed}
