"""`ui.interactive_input` in runs: answers given up front, validation, confirm rejection."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks import BlockContext, BlockError, FileStore
from blocks.forms.form import Requirement, form_schema, validate_answers
from blocks.sdk.registry import BlockRegistry
from keiri.base.catalog import t

REQS = [
    {
        "id": "evidence_zip",
        "type": "file",
        "label": "証跡ZIP",
        "accept": ".zip",
        "validation": {"max_file_size": 1000},
    },
    {"id": "amount", "type": "number", "label": "金額", "validation": {"min": 0, "max": 100}},
    {"id": "period", "type": "select", "label": "対象月", "options": ["2024-04", "2024-05"]},
    {
        "id": "note",
        "type": "text",
        "label": "備考",
        "required": False,
        "validation": {"max_length": 5},
    },
    {"id": "proceed", "type": "boolean", "label": "実行してよい"},
]


def run(
    tmp_path: Path, registry: BlockRegistry, mode: str, answers: dict[str, object]
) -> dict[str, object]:
    block = registry.create(registry.get("ui.interactive_input"))
    ctx = BlockContext(
        run_id="r", plan_id="p", node_id="ask", file_store=FileStore(tmp_path), answers=answers
    )
    return block.execute(ctx, {"mode": mode, "requirements": REQS})


def test_collect_with_valid_answers(tmp_path: Path, registry: BlockRegistry) -> None:
    ref = (
        FileStore(tmp_path)
        .put_bytes(b"PK\x05\x06" + b"\0" * 18, "証跡.zip")
        .model_dump(mode="json")
    )
    out = run(
        tmp_path,
        registry,
        "collect",
        {"evidence_zip": ref, "amount": 12, "period": "2024-05", "_answered_by": "yamada"},
    )
    assert out["collected_data"] == {
        "evidence_zip": ref,
        "amount": 12,
        "period": "2024-05",
        "note": "",
        "proceed": False,
    }
    assert out["metadata"]["answered_by"] == "yamada" and out["metadata"]["mode"] == "collect"


def test_invalid_answers_name_every_field(tmp_path: Path, registry: BlockRegistry) -> None:
    big = FileStore(tmp_path).put_bytes(b"x" * 2000, "big.pdf").model_dump(mode="json")
    with pytest.raises(BlockError) as exc:
        run(
            tmp_path,
            registry,
            "collect",
            {"evidence_zip": big, "amount": 500, "period": "2024-13", "note": "長すぎる備考です"},
        )
    fields = {p["field"] for p in exc.value.details["problems"]}
    assert fields == {"evidence_zip", "amount", "period", "note"}
    assert exc.value.code == "INPUT_VALIDATION_FAILED" and exc.value.recoverable


def test_confirm_rejection_is_a_decision(tmp_path: Path, registry: BlockRegistry) -> None:
    block = registry.create(registry.get("ui.interactive_input"))
    ctx = BlockContext(
        run_id="r",
        plan_id="p",
        node_id="ok",
        file_store=FileStore(tmp_path),
        answers={"approved": False, "response": "金額が違う"},
    )
    out = block.execute(ctx, {"mode": "confirm", "message": "確認"})
    assert out["approved"] is False and out["response"] == "金額が違う"
    assert out["metadata"]["decision"] == "rejected"
    ctx.answers = {"approved": True}
    out = block.execute(ctx, {"mode": "confirm"})
    assert out["approved"] is True and out["metadata"]["decision"] == "approved"


@pytest.mark.parametrize("mode", ["confirm", "mixed"])
def test_on_reject_fail_is_a_rejected_error_not_recoverable(
    tmp_path: Path, registry: BlockRegistry, mode: str
) -> None:
    block = registry.create(registry.get("ui.interactive_input"))
    ctx = BlockContext(
        run_id="r",
        plan_id="p",
        node_id="ok",
        file_store=FileStore(tmp_path),
        answers={"approved": False, "response": "金額が違う"},
    )
    with pytest.raises(BlockError) as exc:
        block.execute(ctx, {"mode": mode, "message": "確認", "on_reject": "fail"})
    assert exc.value.code == "REJECTED"
    by = exc.value.details["answered_by"]
    assert exc.value.message == t("runtime.human.rejected", node="ok", by=by) + t(
        "runtime.human.rejected_comment", response="金額が違う"
    )
    assert exc.value.hint == t("runtime.human.rejected_hint")
    assert exc.value.recoverable is False
    assert exc.value.details["answers"] == {"approved": False, "response": "金額が違う"}
    ctx.answers = {"approved": True}
    assert block.execute(ctx, {"mode": mode, "on_reject": "fail"})["approved"] is True


def test_form_schema_types_and_boolean_defaults() -> None:
    reqs = [Requirement.model_validate(r) for r in REQS]
    schema = form_schema("mixed", reqs)
    props = schema["properties"]
    assert props["amount"]["minimum"] == 0 and props["amount"]["maximum"] == 100
    assert props["period"]["enum"] == ["2024-04", "2024-05"]
    assert props["proceed"]["default"] is False and props["approved"]["default"] is False
    assert "proceed" not in schema["required"] and "note" not in schema["required"]
    assert validate_answers("mixed", reqs, {"amount": 1})[0].field == "evidence_zip"
