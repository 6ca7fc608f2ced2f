"""The ambiguity protocol end to end on the local Prefect server (issue 14 items 1, 2): a
reconcile with two candidate payments for one invoice pauses with a choice form; `keiri resume`
chooses the second, or cancels (the run ends cancelled, not failed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from keiri.cli import main
from tests.conftest import FIXTURES, ROOT, TEST_BLOCK_SPECS
from tests.support.catalog_text import shown

pytestmark = pytest.mark.prefect
PLAN = FIXTURES / "plans" / "runtime" / "reconcile_two_candidates.yaml"
PER_ITEM = FIXTURES / "plans" / "runtime" / "reconcile_per_item.yaml"
OUTCOME = Draft202012Validator(
    json.loads((ROOT / "schemas" / "run_outcome.schema.json").read_text(encoding="utf-8"))
)


@pytest.fixture
def cli(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> Any:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    monkeypatch.setenv("KEIRI_USER", "yamada")

    def invoke(*args: str) -> tuple[int, dict[str, Any]]:
        code = main(list(args))
        out, _err = capsys.readouterr()
        doc = json.loads(out)
        assert not list(OUTCOME.iter_errors(doc)), doc
        return code, doc

    return invoke


def _events(doc: dict[str, Any], name: str) -> list[dict[str, Any]]:
    lines = Path(doc["log"]).read_text(encoding="utf-8").splitlines()
    return [e for e in map(json.loads, lines) if e["event"] == name]


def _paused_form(run_id: str) -> dict[str, Any]:
    from flows.lifecycle.control import read_paused_form

    return read_paused_form(run_id).definition


def test_choose_the_second_payment(cli: Any) -> None:
    code, doc = cli("run", str(PLAN), "--detach", "--json")
    assert code == 3 and doc["state"] == "paused" and doc["paused"]["node_id"] == "match", doc
    form = _paused_form(doc["run_id"])
    assert form["kind"] == "confirmation"
    assert shown("runtime.reconcile.question", form["question"], count=2)
    options = form["options"]
    assert [o["id"] for o in options] == ["right-0", "right-1", "none"]
    # Both payments with their amount, date and 摘要.
    assert options[0]["details"] == {
        "right_index": 0,
        "日付": "2024-04-20",
        "摘要": "ﾔﾏﾀﾞｼｮｳｼﾞ",
        "入金": 110000,
    }
    assert options[1]["details"]["摘要"] == "ﾔﾏﾀﾞｼｮｳｼﾞ 4ｶﾞﾂﾌﾞﾝ"
    assert options[1]["details"]["日付"] == "2024-04-26"
    [choice] = [r for r in form["requirements"] if r["id"] == "choice"]
    assert choice["type"] == "choice" and choice["default"] == "right-0"

    code, done = cli("resume", doc["run_id"], "--input", "choice=2", "--json")
    assert code == 0 and done["state"] == "completed", done
    [pair] = done["outputs"]["match"]["matched"]
    assert pair["right_index"] == 1 and pair["right"]["日付"] == "2024-04-26"
    assert done["outputs"]["report"]["value"][0]["right"] == pair["right"]  # the report
    [finding] = done["outputs"]["match"]["ambiguities"]
    assert finding["decided_by"] == "yamada" and finding["chosen_right_index"] == 1
    [asked] = _events(done, "confirmation_requested")
    assert asked["node_id"] == "match" and asked["options"] == ["right-0", "right-1", "none"]
    [resolved] = _events(done, "confirmation_resolved")
    assert resolved["answered_by"] == "yamada" and resolved["option"] == "right-1"
    assert resolved["cancelled"] is False


def test_cancel_ends_the_run_cancelled_not_failed(cli: Any) -> None:
    code, doc = cli("run", str(PLAN), "--detach", "--json")
    assert code == 3, doc
    code, done = cli("resume", doc["run_id"], "--input", "cancel=true", "--json")
    assert done["state"] == "cancelled" and done["error"] is None, done
    assert "report" not in done["outputs"]
    [resolved] = _events(done, "confirmation_resolved")
    assert resolved["cancelled"] is True and resolved["answered_by"] == "yamada"
    [end] = _events(done, "plan_complete")
    assert end["status"] == "cancelled" and end["error"] is None


def test_answer_given_up_front_does_not_pause(cli: Any) -> None:
    code, doc = cli("run", str(PLAN), "--input", "match.choice=right-1", "--json")
    assert code == 0 and doc["state"] == "completed", doc
    assert [m["right_index"] for m in doc["outputs"]["match"]["matched"]] == [1]
    # Who gave the answer, as docs/confirmation.md says (not `run-input`: a person did).
    [resolved] = _events(doc, "confirmation_resolved")
    assert resolved["answered_by"] == "yamada" and resolved["option"] == "right-1"


def test_in_a_loop_each_item_asks_its_own_question(cli: Any) -> None:
    code, doc = cli("run", str(PER_ITEM), "--detach", "--json")
    assert code == 3 and doc["paused"]["node_id"] == "match", doc
    first = _paused_form(doc["run_id"])
    assert first["pause_key"] == "match[0]-confirm-1"
    code, doc = cli("resume", doc["run_id"], "--input", "choice=right-1", "--json")
    assert code == 3 and doc["state"] == "paused", doc
    second = _paused_form(doc["run_id"])
    assert second["pause_key"] == "match[1]-confirm-1"
    assert [o["id"] for o in second["options"]] == ["right-2", "right-3", "none"]
    code, done = cli("resume", doc["run_id"], "--input", "choice=1", "--json")
    assert code == 0 and done["state"] == "completed", done
    matches = done["outputs"]["per_invoice"]["matches"]
    assert [[m["right_index"] for m in item] for item in matches] == [[1], [2]]
    resolved = _events(done, "confirmation_resolved")
    assert [(e["iteration"], e["option"]) for e in resolved] == [(0, "right-1"), (1, "right-2")]
