"""`keiri migrate` keeps what the legacy blocks meant: a legacy confirmation's "no" was an
answer that downstream `when` skips on, never a failed run — and after migration it still is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_text
from compiler.engine import run_compiled
from compiler.events import EventLog
from compiler.migrate import migrate_data
from tests.conftest import TEST_BLOCK_SPECS

LEGACY = """
apiVersion: v1
id: legacy_skip
graph:
  - id: ok
    block: ui.confirmation.approve
    in: { message: 支払を実行しますか, context: { total: 120000 } }
    out: { approved: approved, response: comment }
  - id: pay
    block: test.record
    when: { expr: "${ok.approved} == true" }
    in: { value: "${ok.comment}" }
"""


@pytest.mark.parametrize(("approved", "pay_runs"), [(False, False), (True, True)])
def test_legacy_skip_when_not_approved_still_completes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, approved: bool, pay_runs: bool
) -> None:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    registry = BlockRegistry()
    migrated, changes = migrate_data(yaml.safe_load(LEGACY))
    node: dict[str, Any] = migrated["graph"][0]
    assert node["block"] == "ui.interactive_input"
    assert node["in"]["mode"] == "confirm" and node["in"]["on_reject"] == "continue"
    assert any("on_reject: continue" in c for c in changes)
    compiled, _warnings = compile_text(yaml.safe_dump(migrated, allow_unicode=True), registry)
    answers = {"ok": {"approved": approved, "response": "理由あり"}}
    result = run_compiled(compiled, Backend(), run_id="r", events=EventLog(None), answers=answers)
    assert result.state == "completed" and result.error is None, result.error
    assert result.outputs["ok"] == {"approved": approved, "comment": "理由あり"}
    pay = result.outputs.get("pay")
    assert (pay["value"] if pay else None) == ("理由あり" if pay_runs else None)
