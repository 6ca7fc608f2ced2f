"""No silent temporary server (issue 23 item 8): a copilot session in a process that is not
connected to a Prefect server (no `PREFECT_API_URL`, as when `keiri chat` could not connect)
never lets Prefect start a throwaway server of its own. Opening it, its state panel and the
TaskLoop's look at a running list touch no server; a run tool answers with `SERVER_UNAVAILABLE`
and what to do, in the person's language; an approved start starts nothing.

In a child process (the real `openai` client against the scripted local server), so this test
process's own Prefect settings cannot hide a temporary server.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from keiri.base.catalog import t
from keiri.copilot.dispatcher import error_text
from keiri.copilot.errors import NoServer
from tests.conftest import ROOT
from tests.keiri.copilot.conftest import actions
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI

_CHILD = """
import json, sys
from pathlib import Path
from keiri.copilot import CopilotSession, Task, TaskBatch
from keiri.copilot.store import CopilotStore

home = Path(sys.argv[1])
store = CopilotStore(home)
store.create_conversation("conv_0a0b0c0d", "tanaka", "earlier")
running = TaskBatch(
    conversation_id="conv_0a0b0c0d",
    tasks=[Task(operation="runs.start", args={"design": "d"}, status="in_progress",
                run_id="12345678-1234-1234-1234-123456789abc")],
    started_by="tanaka",
)
store.save_batch(running, "tanaka", "started")

session = CopilotSession.open(user="tanaka", conversation_id="conv_0a0b0c0d", home=home)
snapshot = session.snapshot()
listed = session.send("最近の実行は？")
asked = session.send("請求書チェックを実行して")
decided = session.decide(asked[-1].confirmation.id, approve=True)
print(json.dumps({
    "running": [b.batch_id for b in snapshot.running],
    "recent": len(snapshot.recent_runs),
    "listed": [[m.role, m.text] for m in listed],
    "decided": [[m.role, m.text] for m in decided],
    "batches": [b.batch_id for b in store.running_batches()],
    "temporary_server": "prefect.server.api.server" in sys.modules,
}, ensure_ascii=False))
"""


def test_a_session_without_a_server_starts_none_and_says_what_to_do(tmp_path: Path) -> None:
    with ScriptedOpenAI() as srv:
        srv.enqueue_chat(actions("一覧します。", ("runs.list", {})))
        srv.enqueue_chat(actions("実行します。", ("runs.start", {"design": "invoice_check"})))
        env = {
            k: v for k, v in os.environ.items() if k not in LLM_ENV and not k.startswith("PREFECT_")
        }
        env.update(
            srv.env(),
            KEIRI_LLM_MAX_RETRIES="0",
            KEIRI_LANG="ja",
            PREFECT_HOME=str(tmp_path / "prefect-home"),  # no profile can name a server
        )
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(tmp_path / "home")],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])

    said = error_text(NoServer(t("copilot.error.no_server"), hint=t("copilot.hint.no_server")))
    assert said.startswith(t("copilot.tool_failed", code="SERVER_UNAVAILABLE", message=""))
    assert result["listed"][-1] == ["tool", said]
    assert result["decided"][-1] == ["tool", said]
    assert result["running"] == result["batches"] and len(result["batches"]) == 1  # waits
    assert result["recent"] == 0
    assert result["temporary_server"] is False
    assert "temporary server" not in done.stderr.lower()
