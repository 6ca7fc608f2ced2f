"""Hostile amounts: exponents, NaN, infinities and oversized numbers are invalid values reported
per cell, parsed in microseconds (a "9e999999" cell used to cost 28 s of CPU)."""

from __future__ import annotations

import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocks.sdk.errors import BlockError
from blocks.text.amounts import AmountError, parse_amount
from tests.support.timing import deadline, examples

Run = Callable[..., dict[str, Any]]
HOSTILE = ["9e999999", "1E+999999999", "NaN", "sNaN", "-Infinity", "Infinity", "1" * 40]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("１２，３４５円", Decimal(12345)),
        ("¥35,698-", Decimal(35698)),
        ("△500", Decimal(-500)),
        ("▲1,200", Decimal(-1200)),
        ("(1,200)", Decimal(-1200)),
        ("￥ 1,000 (税込)", Decimal(1000)),
        ("12.5", Decimal("12.5")),
        ("", None),
        (None, None),
        (110000, Decimal(110000)),
        (1234.5, Decimal("1234.5")),
    ],
)
def test_the_bounded_grammar_reads_yen_amounts(text: Any, expected: Decimal | None) -> None:
    assert parse_amount(text) == expected


@pytest.mark.parametrize(
    "value", [*HOSTILE, float("nan"), float("inf"), Decimal("NaN"), 10**30, "1,00", "12円34"]
)
def test_hostile_values_are_amount_errors(value: Any) -> None:
    started = time.process_time()
    with pytest.raises(AmountError) as info:
        parse_amount(value)
    assert info.value.reason
    assert time.process_time() - started < 0.05


def test_aggregate_lists_every_invalid_cell(run: Run) -> None:
    records = [{"金額": v} for v in HOSTILE] + [{"金額": "¥1,000"}]
    started = time.process_time()
    with pytest.raises(BlockError) as info:
        run("data.aggregate", records=records, sum_fields=["金額"])
    assert time.process_time() - started < 1.0
    assert info.value.code == "INPUT_VALIDATION_FAILED"
    cells = info.value.details["invalid_cells"]
    assert [c["field"] for c in cells] == [f"records[{i}].金額" for i in range(len(HOSTILE))]
    assert info.value.details["invalid_count"] == len(HOSTILE)


def test_aggregate_sums_japanese_amounts(run: Run) -> None:
    records = [{"金額": "¥1,000"}, {"金額": "△200"}, {"金額": "３００円"}, {"金額": None}]
    out = run("data.aggregate", records=records, sum_fields=["金額"])
    assert out["totals"] == {"金額": 1100}


def test_reconcile_with_a_hostile_cell_is_fast_and_reports_it(run: Run) -> None:
    right = [{"日付": "2024-04-05", "出金": v} for v in HOSTILE]
    right.append({"日付": "2024-04-05", "出金": 1000})
    started = time.process_time()
    out = run(
        "table.reconcile",
        left=[{"total": 1000, "date": "2024-04-01"}],
        right=right,
        left_amount="total",
        right_amount="出金",
        left_date="date",
        right_date="日付",
        date_window_days=10,
    )
    assert time.process_time() - started < 1.0
    assert out["summary"]["matched_count"] == 1
    skipped = out["summary"]["skipped_right"]
    assert [s["index"] for s in skipped] == list(range(len(HOSTILE)))
    assert all(s["invalid"][0]["field"] == "出金" for s in skipped)


@settings(max_examples=examples(150), deadline=deadline(1))
@given(st.text(max_size=200))
def test_any_text_is_an_amount_or_an_amount_error(text: str) -> None:
    try:
        value = parse_amount(text)
    except AmountError:
        return
    assert value is None or (value.is_finite() and abs(value) < Decimal(10) ** 15)


@settings(max_examples=examples(100), deadline=deadline(1))
@given(st.integers(min_value=-(10**14), max_value=10**14))
def test_formatted_yen_amounts_round_trip(number: int) -> None:
    text = f"¥{abs(number):,}" if number >= 0 else f"△{abs(number):,}円"
    assert parse_amount(text) == Decimal(number)
