"""`ui_app.serve`, the form app's process: Streamlit's scan for installed components is
skipped (keiri uses none), the modules imported after the first drawing exist, and what the
first inbox draws is read ahead in another process (`ui_app.read_ahead`)."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.timing import scaled
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


#: In a fresh interpreter, as `ui_app.serve` does: read ahead, then what the inbox draws.
_READ_AHEAD = """
import json, logging, sys, time
logging.basicConfig(stream=sys.stderr)
logging.getLogger("keiri.ui").setLevel(logging.DEBUG)  # why, if the app reads itself
from ui_app import read_ahead
read_ahead.start()
read_ahead.wait(timeout=float(sys.argv[1]))
from ui_app import backend, run_titles
items = backend.inbox_ahead()
again = backend.inbox_ahead()
rejected = backend.sent_back_ahead()
titles = {i.run_id: run_titles.of_run(i.run_id)[1].text() for i in items}
sent_back = {v.run_id: run_titles.of_view(v).text() for v in rejected}
deadline = time.monotonic() + float(sys.argv[1])
while (runs := backend.runs_ahead()) is None and time.monotonic() < deadline:
    time.sleep(0.05)  # the runs page's list comes in the second message
listed_runs = {v.run_id: run_titles.of_view(v).text() for v in runs or ()}
print(json.dumps({
    "prefect": sorted(m for m in sys.modules if m.split(".")[0] == "prefect"),
    "inbox": [[i.run_id, i.node_id, i.message] for i in items],
    "taken_once": again is None,
    "titles": titles,
    "sent_back": sent_back,
    "runs": listed_runs,
}, ensure_ascii=False))
"""


@pytest.mark.prefect
def test_the_first_inbox_is_read_ahead_in_another_process_and_drawn_without_prefect(
    paused_run: Callable[[str], str],
) -> None:
    """`ui_app.read_ahead` (forked by `ui_app.serve` before Streamlit starts) reads the paused
    forms, the runs sent back and their titles on the real server and hands them over: the app
    process draws what the inbox lists without importing Prefect at all."""
    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.states import Completed

    from flows.backend.rejection import STATE_NAME

    run_id = paused_run("ask_then_record")

    @flow(name="run_plan")
    def run_plan() -> None:  # never run: only its name is registered
        return None

    with get_client(sync_client=True) as client:
        sent_back = client.create_flow_run(
            run_plan, name="read-ahead-check", tags=["plan:read_ahead_check"],
            state=Completed(name=STATE_NAME),
        )  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", _READ_AHEAD, str(scaled(60))],
        capture_output=True, text=True, check=False, timeout=scaled(120),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["prefect"] == [], done.stderr[-4000:]
    assert seen["taken_once"]
    listed = {row[0]: row for row in seen["inbox"]}
    assert run_id in listed and listed[run_id][1] == "ask"
    assert seen["titles"][run_id]
    assert str(sent_back.id) in seen["sent_back"]
    assert run_id in seen["runs"] and seen["runs"][run_id] == seen["titles"][run_id]


def test_nothing_is_read_ahead_without_a_prefect_api(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui_app import read_ahead

    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    read_ahead.start()
    assert not read_ahead.started()
    read_ahead.wait(timeout=0)  # returns at once
    read_ahead.wait_drawn(timeout=0)
