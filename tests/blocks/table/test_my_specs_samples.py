"""The declared examples, defaults and dry-run samples of the Excel, table and invoice block
specs satisfy their own port schemas (a dry-run feeds them to the next node)."""

from __future__ import annotations

import pytest

from blocks.sdk.registry import BlockRegistry
from blocks.sdk.spec import port_json_schema
from blocks.sdk.validation import validate_value

BLOCKS = [
    "excel.read_data",
    "excel.write",
    "table.reconcile",
    "invoice.extract_fields",
    "invoice.check",
]


@pytest.mark.parametrize("block_id", BLOCKS)
def test_samples_match_the_port_schemas(registry: BlockRegistry, block_id: str) -> None:
    spec = registry.get(block_id)
    assert registry.check(spec) == []
    checked = 0
    for direction, ports in (("inputs", spec.inputs), ("outputs", spec.outputs)):
        for name, port in ports.items():
            for sample in port.samples():
                problems = validate_value(port_json_schema(port), sample, f"{direction}.{name}")
                assert problems == [], problems
                checked += 1
    assert checked >= len(spec.outputs) + sum(p.is_required for p in spec.inputs.values())
