"""Human input inside loops: `keiri run --detach` exits 3 as soon as a loop item pauses,
with that item's form; the inbox lists the item; resuming it continues the root run — on
the real local Prefect server, the CLI in this process, the inbox in Streamlit's AppTest."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import state_label, t
from tests.ui_app.conftest import PLANS, keiri, run_panel

pytestmark = pytest.mark.prefect


@pytest.fixture
def roots(runtime_env: None) -> Iterator[list[str]]:
    """Root runs started by a test; their runners are stopped at the end."""
    started: list[str] = []
    yield started
    from flows.lifecycle.runs import _stop_runners

    for run_id in started:
        _stop_runners(run_id, timeout=5)


def _paused_children(root: str, count: int, timeout: float = 90) -> list[Any]:
    """The inbox items of `root`'s children, once `count` of them wait."""
    from ui_app import backend

    deadline = time.monotonic() + timeout
    while True:
        items = [i for i in backend.inbox() if i.run_id != root and i.title]
        mine = [i for i in items if _root_of(i.run_id) == root]
        if len(mine) >= count or time.monotonic() > deadline:
            return sorted(mine, key=lambda i: i.title)
        time.sleep(0.3)


def _artifacts(run_id: str) -> list[Any]:
    """The Prefect artifacts of a run (what the Prefect UI shows on its page)."""
    from uuid import UUID

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

    with get_client(sync_client=True) as client:
        return list(
            client.read_artifacts(
                artifact_filter=ArtifactFilter(
                    flow_run_id=ArtifactFilterFlowRunId(any_=[UUID(run_id)])
                )
            )
        )


def _root_of(run_id: str) -> str | None:
    from flows.lifecycle.control import read_paused_form

    try:
        return read_paused_form(run_id).definition.get("root_run_id")
    except Exception:
        return None


def test_seed_while_loops_on_no_and_ends_on_yes(roots: list[str]) -> None:
    from flows.lifecycle import runs

    code, doc = keiri("run", str(PLANS / "while_until_approved.yaml"), "--detach")
    roots.append(doc["run_id"])
    assert code == 3 and doc["state"] == "paused", doc
    first = doc["paused"]
    assert first["run_id"] != doc["run_id"] and first["node_id"] == "approval_status"
    assert first["form_url"].endswith(f"?run={first['run_id']}")
    title = "retry_until_approved " + t("runtime.loop.iteration", number=1)  # the loop's id
    assert first["title"] == title
    assert runs.outcome(doc["run_id"]).state == "paused"  # the root waits for input too
    links = [str(a.data) for a in _artifacts(doc["run_id"]) if a.type == "link"]
    assert f"[{t('cli.child.link', where=title)}]({first['form_url']})" in links, links

    code, again = keiri(
        "resume", first["run_id"], "--input", "approved=false", "--input", "response=まだです"
    )
    assert code == 3 and again["run_id"] == doc["run_id"], again  # "no": the loop asks again
    second = again["paused"]
    assert second["run_id"] not in (first["run_id"], doc["run_id"])
    assert second["title"] == "retry_until_approved " + t("runtime.loop.iteration", number=2)

    code, done = keiri("resume", second["run_id"], "--input", "approved=true")
    assert code == 0 and done["state"] == "completed", done
    assert done["run_id"] == doc["run_id"]
    assert done["outputs"]["retry_until_approved"] == {}


def test_foreach_with_a_confirm_per_item(roots: list[str], app: Callable[..., AppTest]) -> None:
    from flows.lifecycle import runs

    code, doc = keiri("run", str(PLANS / "foreach_confirm.yaml"), "--detach")
    root = doc["run_id"]
    roots.append(root)
    assert code == 3 and doc["state"] == "paused", doc
    assert doc["paused"]["title"] in ("請求書 1/2: 株式会社A", "請求書 2/2: 株式会社B")

    items = _paused_children(root, 2)
    assert [i.title for i in items] == ["請求書 1/2: 株式会社A", "請求書 2/2: 株式会社B"]
    assert [i.message for i in items] == [
        "株式会社A の請求書を確認してください",
        "株式会社B の請求書を確認してください",
    ]
    at = app().run()  # the inbox page (the app's default)
    shown = [str(m.value) for m in at.markdown]
    assert any("請求書 1/2: 株式会社A" in s for s in shown), shown
    assert any("請求書 2/2: 株式会社B" in s for s in shown), shown

    runs.resume(items[0].run_id, {"approved": True}, "yamada")
    still = runs.wait(root, timeout=90)
    assert still.state == "paused" and still.paused is not None, still
    assert still.paused.run_id == items[1].run_id  # the other item still waits
    at = app().switch_page("views/runs.py").run()
    panel = run_panel(at, root)
    assert state_label("PAUSED") in str(panel.label), panel.label  # the root waits too
    assert any("請求書 2/2: 株式会社B" in str(i.value) for i in panel.info), panel.info

    runs.resume(items[1].run_id, {"approved": False, "response": "金額違い"}, "yamada")
    done = runs.wait(root, timeout=90)
    assert done.state == "completed", done
    assert done.outputs["after"]["value"] == [True, False]


SUB = """apiVersion: v1
id: approve_sub
graph:
  - id: approve
    block: ui.interactive_input
    in: { mode: confirm, message: サブフローの承認 }
exports:
  - { from: approve.approved, as: ok }
"""

PARENT = """apiVersion: v1
id: with_sub
graph:
  - id: check
    type: subflow
    call: { plan_id: common/approve_sub, inputs: {} }
    out:
      exports:
        - { from: ok, as: ok }
  - id: after
    block: test.record
    in: { value: "${check.ok}" }
"""


def test_a_subflow_pause_pauses_the_root_and_resuming_continues_it(
    roots: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    designs = tmp_path / "designs"
    (designs / "common").mkdir(parents=True)
    (designs / "common" / "approve_sub.yaml").write_text(SUB, encoding="utf-8")
    plan = designs / "with_sub.yaml"
    plan.write_text(PARENT, encoding="utf-8")
    monkeypatch.setenv("KEIRI_DESIGNS_DIR", str(designs))

    code, doc = keiri("run", str(plan), "--detach")
    roots.append(doc["run_id"])
    assert code == 3 and doc["paused"]["run_id"] != doc["run_id"], doc
    assert doc["paused"]["node_id"] == "approve" and doc["paused"]["title"].startswith("check")
    code, done = keiri("resume", doc["paused"]["run_id"], "--input", "approved=true")
    assert code == 0 and done["run_id"] == doc["run_id"], done
    assert done["outputs"]["after"]["value"] is True
