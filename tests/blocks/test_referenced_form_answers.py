"""Answers given ahead (`keiri run --input NODE.FIELD=VALUE`) to a form whose fields come from a
reference arrive as text; `ui.interactive_input` converts them by each field's type when it
knows the form, and refuses a field the form does not have, naming the fields it has."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blocks import BlockContext, BlockError, FileStore
from blocks.forms.interactive_input import AS_TEXT
from blocks.sdk.registry import BlockRegistry

#: What `table.reconcile` gives as `proposal_fields`.
FIELDS = [
    {
        "id": "proposal_1",
        "type": "choice",
        "label": "提案1",
        "required": False,
        "default": "reject",
        "options": [{"id": "reject", "label": "照合しない"}, {"id": "accept", "label": "照合する"}],
    },
    {"id": "count", "type": "number", "label": "件数", "required": False},
]


def _run(tmp_path: Path, registry: BlockRegistry, answers: dict[str, Any]) -> dict[str, Any]:
    block = registry.create(registry.get("ui.interactive_input"))
    ctx = BlockContext(
        run_id="r",
        plan_id="p",
        node_id="confirm",
        file_store=FileStore(tmp_path),
        answers=answers,
    )
    return block.execute(ctx, {"mode": "confirm", "requirements": FIELDS})


def test_text_answers_are_converted_by_the_fields_type(
    tmp_path: Path, registry: BlockRegistry
) -> None:
    out = _run(
        tmp_path,
        registry,
        {
            "approved": True,
            "_answered_by": "suzuki",
            AS_TEXT: {"proposal_1": "accept", "count": "１，２００"},
        },
    )
    assert out["collected_data"] == {"proposal_1": "accept", "count": 1200}
    assert out["metadata"]["answered_by"] == "suzuki"
    out = _run(tmp_path, registry, {"approved": True, AS_TEXT: {"proposal_1": "1"}})
    assert out["collected_data"]["proposal_1"] == "reject"  # an option by its number
    out = _run(tmp_path, registry, {"approved": True})
    assert out["collected_data"]["proposal_1"] == "reject"  # unanswered: the default


def test_a_field_the_form_does_not_have_names_the_fields_it_has(
    tmp_path: Path, registry: BlockRegistry
) -> None:
    with pytest.raises(BlockError) as info:
        _run(tmp_path, registry, {"approved": True, AS_TEXT: {"proposal_9": "accept"}})
    error = info.value
    assert error.code == "INPUT_VALIDATION_FAILED"
    assert "'confirm.proposal_9'" in error.message
    assert "proposal_1" in (error.hint or "")


def test_a_value_that_is_not_an_option_is_refused(tmp_path: Path, registry: BlockRegistry) -> None:
    with pytest.raises(BlockError) as info:
        _run(tmp_path, registry, {"approved": True, AS_TEXT: {"proposal_1": "maybe"}})
    assert info.value.details["field"] == "proposal_1"
    assert "accept" in info.value.message
