"""`deployments.schedule` from the chat applies the schedule the way `keiri deploy` does: the
deployment file is written, prefect.yaml rendered and `prefect deploy` run against the real
local Prefect server; a failed apply leaves neither the new file nor a changed prefect.yaml."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from blocks.llm.client import LLMClient
from keiri.base.catalog import t
from keiri.copilot import CopilotSession
from tests.conftest import ROOT
from tests.keiri.copilot.conftest import PLANS, actions, add_design
from tests.support.openai_server import ScriptedOpenAI

pytestmark = pytest.mark.prefect

BEFORE = "# prefect.yaml before the chat\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder of its own: deployments/, a prefect.yaml, the block specs (and, per
    test, `prefect deploy`'s entrypoint `flows/run_plan.py`); designs: KEIRI_DESIGNS_DIR."""
    root = tmp_path / "project"
    (root / "deployments").mkdir(parents=True)
    shutil.copytree(ROOT / "block_specs", root / "block_specs")
    (root / "prefect.yaml").write_text(BEFORE, encoding="utf-8")
    monkeypatch.setenv("KEIRI_PROJECT_ROOT", str(root))
    monkeypatch.setenv("KEIRI_CRASH_AFTER", "off")
    from keiri.base import settings

    settings.reset()
    return root


@pytest.fixture
def name() -> Iterator[str]:
    """A deployment name unique on the shared test server, deleted afterwards."""
    found = f"copilot-{uuid.uuid4().hex[:8]}"
    yield found
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    with get_client(sync_client=True) as client, suppress(ObjectNotFound):
        client.delete_deployment(client.read_deployment_by_name(f"run_plan/{found}").id)


def _ask(session: CopilotSession, script: ScriptedOpenAI, name: str) -> tuple[str, list[object]]:
    script.enqueue_chat(
        actions(
            "毎月1日 9:00 の定期実行を登録します。",
            (
                "deployments.schedule",
                {"name": name, "design": "monthly_close", "cron": "0 9 1 * *"},
            ),
        )
    )
    new = session.send("月次決算を毎月1日の9時に定期実行して")
    confirmation = new[-1].confirmation
    assert confirmation is not None and confirmation.status == "pending"
    assert confirmation.description == t(
        "copilot.confirm.schedule",
        name=name,
        design="monthly_close",
        cron="0 9 1 * *",
        timezone="Asia/Tokyo",
    )
    return confirmation.id, list(new)


def test_schedule_from_chat_is_applied_to_prefect(
    prefect_server: str,
    designs: Path,
    project: Path,
    name: str,
    script: ScriptedOpenAI,
    client: LLMClient,
) -> None:
    from prefect.client.orchestration import get_client

    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_close")
    shutil.copytree(ROOT / "flows", project / "flows", ignore=shutil.ignore_patterns("__pycache__"))
    session = CopilotSession.open(user="tanaka", client=client)
    confirmation_id, _ = _ask(session, script, name)
    assert not (project / "deployments" / f"{name}.yaml").exists()  # nothing before approval

    done = session.decide(confirmation_id, approve=True)

    tool = done[-1]
    written = project / "deployments" / f"{name}.yaml"
    assert tool.role == "tool"
    assert tool.text == t(
        "copilot.deploy.scheduled", name=name, cron="0 9 1 * *", path=str(written)
    )
    assert written.is_file()
    assert not list((project / "deployments").glob(".*.tmp"))
    rendered = (project / "prefect.yaml").read_text(encoding="utf-8")
    assert f"name: {name}" in rendered and "0 9 1 * *" in rendered
    with get_client(sync_client=True) as prefect:
        deployment = prefect.read_deployment_by_name(f"run_plan/{name}")
    assert [s.schedule.cron for s in deployment.schedules] == ["0 9 1 * *"]  # type: ignore[union-attr]
    assert [s.schedule.timezone for s in deployment.schedules] == ["Asia/Tokyo"]  # type: ignore[union-attr]
    assert deployment.parameters["plan"] == "monthly_close"


def test_failed_apply_leaves_nothing_half_applied(
    prefect_server: str,
    designs: Path,
    project: Path,
    name: str,
    script: ScriptedOpenAI,
    client: LLMClient,
) -> None:
    """No flows/ in the project: `prefect deploy` cannot load the entrypoint and fails; the
    chat gets the coded error, the new file is gone and prefect.yaml is as it was."""
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    add_design(designs, PLANS / "valid" / "linear_chain.yaml", "monthly_close")
    session = CopilotSession.open(user="tanaka", client=client)
    confirmation_id, _ = _ask(session, script, name)

    done = session.decide(confirmation_id, approve=True)

    tool = done[-1]
    assert tool.role == "tool" and "API_ERROR" in tool.text, tool.text
    assert list((project / "deployments").iterdir()) == []
    assert (project / "prefect.yaml").read_text(encoding="utf-8") == BEFORE
    with get_client(sync_client=True) as prefect, pytest.raises(ObjectNotFound):
        prefect.read_deployment_by_name(f"run_plan/{name}")
