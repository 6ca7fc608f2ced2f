"""The ambiguity protocol on the inline backend (issue 14 items 1, 2): answers given up front,
unattended answers (a finding, the run completes), cancel (cancelled, not failed), siblings
finish and nothing new starts while a node asks, and the choice form itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from blocks.forms.field_types import FIELD_TYPES, FieldValueError
from blocks.forms.form import FormSpec, Requirement
from blocks.sdk.confirmation import NeedsConfirmation, Option
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.registry import BlockRegistry
from compiler.backend import Backend
from compiler.compile import compile_file, compile_text
from compiler.confirmation import choice_form
from compiler.engine import RunResult, run_compiled
from compiler.events import EVENTS, EventLog
from keiri.base.catalog import t
from tests.conftest import FIXTURES, TEST_BLOCK_SPECS

RUNTIME = FIXTURES / "plans" / "runtime"
RECONCILE = RUNTIME / "reconcile_two_candidates.yaml"


@pytest.fixture
def test_registry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> BlockRegistry:
    monkeypatch.setenv("KEIRI_BLOCK_SPECS", str(TEST_BLOCK_SPECS))
    monkeypatch.setenv("KEIRI_TEST_JOURNAL", str(tmp_path / "journal.jsonl"))
    return BlockRegistry()


def run(
    path: Path | str, registry: BlockRegistry, inputs: dict[str, Any] | None = None
) -> tuple[RunResult, EventLog]:
    if isinstance(path, Path):
        compiled, _ = compile_file(path, registry)
    else:
        compiled, _ = compile_text(path, registry)
    log = EventLog(None)
    result = run_compiled(compiled, Backend(), run_id="r1", events=log, answers=inputs)
    return result, log


def test_unattended_records_a_finding_and_completes(test_registry: BlockRegistry) -> None:
    result, log = run(RECONCILE, test_registry)
    assert result.state == "completed" and result.error is None
    match = result.outputs["match"]
    assert [m["right_index"] for m in match["matched"]] == [0]  # as without asking
    [finding] = match["ambiguities"]
    assert finding["decided_by"] == "automatic" and finding["candidate_right_indices"] == [0, 1]
    assert finding["note"] == t("runtime.reconcile.auto_matched")
    [asked] = log.of("confirmation_requested")
    assert asked["node_id"] == "match" and asked["options"] == ["right-0", "right-1", "none"]
    [resolved] = log.of("confirmation_resolved")
    assert resolved["unattended"] is True and resolved["answered_by"] == "unattended"


def test_option_off_asks_nobody_and_records_the_finding(test_registry: BlockRegistry) -> None:
    text = RECONCILE.read_text(encoding="utf-8").replace("confirm_ambiguous: true", "")
    result, log = run(text, test_registry)
    assert result.state == "completed"
    assert [m["right_index"] for m in result.outputs["match"]["matched"]] == [0]
    assert result.outputs["match"]["ambiguities"][0]["decided_by"] == "automatic"
    assert not log.of("confirmation_requested")  # the block did not ask at all


@pytest.mark.parametrize(("given", "right"), [("right-1", 1), ("2", 1), ("none", None)])
def test_answer_given_up_front(test_registry: BlockRegistry, given: str, right: int | None) -> None:
    result, log = run(RECONCILE, test_registry, {"match": {"choice": given}})
    assert result.state == "completed"
    matched = result.outputs["match"]["matched"]
    assert [m["right_index"] for m in matched] == ([] if right is None else [right])
    assert result.outputs["report"]["value"] == matched  # the report shows the chosen pair
    if right is None:
        assert result.outputs["match"]["unmatched_left"][0]["請求書番号"] == "INV-2024-0401"
    [resolved] = log.of("confirmation_resolved")
    assert resolved["answered_by"] == "run-input" and resolved["unattended"] is False


def test_unknown_option_is_a_coded_error_with_did_you_mean(test_registry: BlockRegistry) -> None:
    result, _ = run(RECONCILE, test_registry, {"match": {"choice": "right-9"}})
    assert result.state == "failed" and result.error is not None
    assert result.error.code == ErrorCode.INPUT_VALIDATION_FAILED
    assert "right-" in (result.error.hint or "")


def test_cancel_ends_the_run_cancelled_not_failed(test_registry: BlockRegistry) -> None:
    result, log = run(RECONCILE, test_registry, {"match": {"cancel": True}})
    assert result.state == "cancelled" and result.error is None
    assert result.cancelled is not None and result.cancelled.node_id == "match"
    assert "report" not in result.outputs
    [end] = log.of("plan_complete")
    assert end["status"] == "cancelled" and end["error"] is None


def test_siblings_finish_and_nothing_new_starts_while_asking(
    test_registry: BlockRegistry, tmp_path: Path
) -> None:
    result, log = run(RUNTIME / "ask_beside_slow.yaml", test_registry, {"ask": {"choice": "b"}})
    assert result.state == "completed"
    assert result.outputs["use"]["value"] == "b"
    assert result.outputs["ask"] == {
        "option": "b",
        "other": None,
        "answered_by": "run-input",
        "unattended": False,
    }
    order = [(e["event"], e.get("node_id")) for e in log.events]
    asked = order.index(("confirmation_requested", "ask"))
    assert order.index(("node_complete", "slow")) < asked  # the running sibling finished
    assert asked < order.index(("node_start", "after_slow"))  # nothing new started before
    journal = [json.loads(line) for line in (tmp_path / "journal.jsonl").read_text().splitlines()]
    assert [j["label"] for j in journal if j.get("event") == "ask"] == ["ask", "ask"]  # re-run


def test_free_answer(test_registry: BlockRegistry) -> None:
    result, _ = run(RUNTIME / "ask_beside_slow.yaml", test_registry, {"ask": {"other": "C 社"}})
    assert result.outputs["ask"]["option"] == "__other__"
    assert result.outputs["ask"]["other"] == "C 社"


def test_events_are_declared() -> None:
    assert {"confirmation_requested", "confirmation_resolved"} <= set(EVENTS)


def test_choice_form_lists_options_with_details() -> None:
    need = NeedsConfirmation(
        "どちらの入金ですか？",
        [
            Option(id="p1", label="4/20 110,000円", details={"摘要": "ﾔﾏﾀﾞ"}),
            Option(id="p2", label="4/26 110,000円", details={"摘要": "ﾔﾏﾀﾞ 4ｶﾞﾂ"}),
        ],
        allow_other=True,
        default="p1",
        key="left[0]",
    )
    need.bind("match", 3, "table.reconcile", "1.1.0")
    form = choice_form(need)
    assert form["kind"] == "confirmation" and form["pause_key"] == "match[3]-confirm-1"
    assert [o["id"] for o in form["options"]] == ["p1", "p2", "__other__"]
    spec = FormSpec.build(form["mode"], form["requirements"])
    assert [f.id for f in spec.fields] == ["choice", "other", "cancel"]
    assert spec.problems({"choice": "p2"}) == []
    assert spec.problems({"choice": "p9"})[0].field == "choice"
    schema = spec.json_schema()
    assert schema["properties"]["choice"]["enum"] == ["p1", "p2", "__other__"]


def test_choice_field_parses_ids_and_numbers() -> None:
    req = Requirement(
        id="choice", type="choice", label="どれ", options=[{"id": "x", "label": "X"}, "y"]
    )
    choice = FIELD_TYPES["choice"]
    assert choice.parse(req, "x", None) == "x" and choice.parse(req, "2", None) == "y"
    with pytest.raises(FieldValueError):
        choice.parse(req, "z", None)
    assert choice.display(req, "x") == "X"


def test_needs_confirmation_checks_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEIRI_LANG", "en")  # the English wording is matched
    with pytest.raises(ValueError, match="unique"):
        NeedsConfirmation("q", [{"id": "a", "label": "A"}, {"id": "a", "label": "A2"}])
    with pytest.raises(ValueError, match="default"):
        NeedsConfirmation("q", [{"id": "a", "label": "A"}], default="b")


def test_a_block_error_is_still_an_error(test_registry: BlockRegistry) -> None:
    # NeedsConfirmation is not a BlockError: never retried, never a failure.
    assert not issubclass(NeedsConfirmation, BlockError)
