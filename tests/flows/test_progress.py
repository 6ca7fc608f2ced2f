"""Run progress read from the JSONL event log: a 20-item loop run on the real local Prefect
server, then its log read whole and cut at points in the middle (as a page reading it while
the run executes would see it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_file
from flows.backend.progress import read_progress
from keiri.cli import main
from tests.conftest import FIXTURES

pytestmark = pytest.mark.prefect
PLAN = FIXTURES / "plans" / "progress" / "twenty_items.yaml"


def test_a_twenty_item_loop_advances_and_ends(
    prefect_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(PLAN), "--json"]) == 0
    log = Path(json.loads(capsys.readouterr().out)["log"])
    compiled, _warnings = compile_file(PLAN, BlockRegistry())
    done = read_progress(log, compiled)
    assert done.finished and done.counts == {"completed": 2}
    each = next(n for n in done.nodes if n.node_id == "each")
    assert each.loop is not None and (each.loop.total, each.loop.done, each.loop.failed) == (
        20,
        20,
        0,
    )
    lines = log.read_text(encoding="utf-8").splitlines()
    seen: list[int] = []
    for cut in range(1, len(lines)):
        partial = tmp_path / "partial.jsonl"
        partial.write_text("\n".join(lines[:cut]) + '\n{"event": "node_', encoding="utf-8")
        progress = read_progress(partial, compiled)
        assert not progress.finished
        loop = next(n for n in progress.nodes if n.node_id == "each").loop
        assert loop is not None
        seen.append(loop.done)
    assert seen == sorted(seen) and seen[0] == 0
    assert any(0 < done < 20 for done in seen)  # seen advancing, one iteration at a time
    assert set(range(seen[-1] + 1)) <= set(seen)
    # before anything ran: every node pending
    nothing = read_progress(tmp_path / "missing.jsonl", compiled)
    assert nothing.counts == {"pending": 2} and nothing.events == 0
