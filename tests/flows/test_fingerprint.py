"""Node fingerprints (`flows.backend.result_reuse`): what counts as a change of a node's definition or
inputs, and how a stored result compares (no Prefect needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.sdk.fileref import FileRef
from blocks.sdk.registry import BlockRegistry
from compiler.compile import compile_text
from compiler.scope import CompiledPlan, CompiledTask
from flows.backend.result_reuse import (
    MISSING,
    Fingerprint,
    compare,
    definition_digest,
    inputs_digest,
    unwrap,
    wrap,
)

PLAN = """\
apiVersion: v1
id: fp
vars:
  months: [[{{ amount: 1 }}]]
graph:
  - id: total
    description: {description}
    block: data.aggregate
    in: {{ records: [{{ amount: 1 }}], sum_fields: [amount] }}
    {extra}
  - id: per_month
    type: loop
    foreach: {{ input: "${{vars.months}}", itemVar: month, max_concurrency: {cap} }}
    body:
      plan:
        graph:
          - id: month_total
            block: data.aggregate
            in: {{ records: "${{month}}", sum_fields: [amount] }}
        exports:
          - {{ from: month_total.totals, as: totals }}
"""


def _compiled(description: str = "a", extra: str = "", cap: int = 2) -> CompiledPlan:
    text = PLAN.format(description=description, extra=extra, cap=cap)
    compiled, _ = compile_text(text, BlockRegistry())
    return compiled


def _digests(compiled: CompiledPlan) -> tuple[str, str]:
    total, inner = compiled.all_nodes["total"], compiled.all_nodes["month_total"]
    assert isinstance(total, CompiledTask) and isinstance(inner, CompiledTask)
    return definition_digest(compiled, total), definition_digest(compiled, inner)


def test_the_same_plan_compiled_twice_has_the_same_digests() -> None:
    assert _digests(_compiled()) == _digests(_compiled())


def test_a_description_is_not_part_of_the_definition() -> None:
    assert _digests(_compiled(description="a")) == _digests(_compiled(description="b"))


@pytest.mark.parametrize(
    "extra",
    ['when: { expr: "1 == 1" }', "retries: 2", "out: { totals: sums }", "timeout_ms: 5000"],
)
def test_an_edited_node_changes_its_own_digest_only(extra: str) -> None:
    before, after = _digests(_compiled()), _digests(_compiled(extra=extra))
    assert before[0] != after[0] and before[1] == after[1]


def test_loop_settings_are_part_of_the_body_nodes_definition() -> None:
    before, after = _digests(_compiled(cap=2)), _digests(_compiled(cap=3))
    assert before[0] == after[0] and before[1] != after[1]


def _ref(uri_prefix: str = "keiri://store/") -> dict[str, object]:
    sha = "a" * 64
    return FileRef(uri=uri_prefix + sha, name="請求書.pdf", size=3, sha256=sha).model_dump()


def test_a_file_counts_by_its_content_not_where_it_is_stored() -> None:
    local = {"file": _ref(), "n": 1}
    shared = {"file": _ref("keiri://shared-store/"), "n": 1}
    assert inputs_digest(local) == inputs_digest(shared)
    assert inputs_digest({"file": FileRef.model_validate(_ref()), "n": 1}) == inputs_digest(local)
    other = dict(_ref(), sha256="b" * 64)
    assert inputs_digest({"file": other, "n": 1}) != inputs_digest(local)


def test_inputs_digest_ignores_key_order_but_not_values() -> None:
    assert inputs_digest({"a": 1, "b": [1, 2]}) == inputs_digest({"b": [1, 2], "a": 1})
    assert inputs_digest({"a": 1, "b": [1, 2]}) != inputs_digest({"a": 1, "b": [2, 1]})


def test_compare_names_what_changed() -> None:
    fp = Fingerprint("d1", "i1")
    stored = wrap(fp, {"x": 1})
    assert unwrap(stored) == {"x": 1}
    assert compare(stored, fp) == "unchanged"
    assert compare(stored, Fingerprint("d2", "i1")) == "definition_changed"
    assert compare(stored, Fingerprint("d1", "i2")) == "inputs_changed"
    assert compare(stored, Fingerprint("d2", "i2")) == "definition_changed"
    assert compare(MISSING, fp) == "not_finished"
    assert compare({"x": 1}, fp) == "no_fingerprint"  # stored before fingerprints existed


def test_schema_file_lists_the_reuse_reasons() -> None:
    import json
    import typing

    from flows.backend.outcome import ReuseReason

    root = Path(__file__).resolve().parents[2]
    schema = json.loads((root / "schemas" / "run_outcome.schema.json").read_text("utf-8"))
    reasons = schema["$defs"]["NodeReuse"]["properties"]["reason"]["enum"]
    assert set(reasons) == set(typing.get_args(ReuseReason))
